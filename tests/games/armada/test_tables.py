"""Armada tables scored by hand: a 5-player final table, a 6-player team game, an 8-player table.

Every expected number is worked out in the comments from the cards' printed values; none is taken
from the engine's output.
"""

from __future__ import annotations

import pytest

from companion.gamedata.facts import UnknownValueError
from companion.games.armada.rules.naval import resolve_naval
from companion.games.armada.rules.play import cards_per_player
from companion.games.sevenwonders.rules import check_card, check_stage, resolve_conflicts, score_table
from companion.games.sevenwonders.tablefile import TableFileError, parse_table, table_to_json
from tests.conftest import armada_document, armada_table, city

FIVE = [
    city("Anna", "gizah", "A", stages=3, coins=7, tokens=[1, 3, 5], port_board=1,
         cards=["lumber_yard", "stone_pit", "loom", "baths", "altar", "temple", "pantheon", "coastal_defenses",
                "dry_dock", "customs_office", "philosophers_guild"],
         fleets={"red": 3, "yellow": 3, "blue": 6, "green": 2}, islands=["luxurious_archipelago", "windy_harbor"],
         naval_tokens=[3, 5, 7]),
    city("Boris", "babylon", "A", stages=2, coins=4, tokens=[1, -1, -1], port_board=2,
         cards=["clay_pool", "press", "glassworks", "apothecary", "workshop", "scriptorium", "dispensary",
                "laboratory", "library", "explorers_office", "scientists_guild"],
         fleets={"yellow": 1, "green": 2}, islands=["golden_archipelago", "sheltered_archipelago", "inhabited_island"],
         naval_tokens=[1, -2, 5]),
    city("Chen", "rhodes", "A", stages=2, coins=13, tokens=[1, 1, 3, 3, 5], port_board=3,
         cards=["timber_yard", "quarry", "barracks", "stables", "dock", "quay", "pirate_cache", "pirate_lair",
                "marketplace", "caravansery", "spies_guild"],
         fleets={"red": 3, "yellow": 4}, islands=["pirate_harbor", "bronze_island"], naval_tokens=[-1, 3, 3]),
    city("Dara", "ephesos", "A", stages=3, coins=0, tokens=[-1, -1, -1], port_board=4,
         cards=["ore_vein", "clay_pit", "loom", "guard_tower", "fortified_port", "coastal_fortifications", "lodge",
                "observatory", "study", "captains_circle", "shipyard", "naval_ministry", "theater", "statue",
                "gardens", "magistrates_guild"],
         fleets={"red": 1, "blue": 4}, fleet_values={"blue": {"vp": 5}},
         islands=["emerald_archipelago", "rainbow_archipelago"], naval_tokens=[-1, -2, -3]),
    city("Emil", "halikarnassos", "A", stages=2, coins=20, tokens=[-1, -1, -1], port_board=5,
         cards=["sawmill", "brickyard", "press", "tavern", "vineyard", "haven", "lighthouse", "chamber_of_commerce",
                "pirate_brotherhood", "western_emporium", "eastern_emporium", "steersmens_academy", "workers_guild",
                "builders_guild"],
         fleets={"yellow": 4}, islands=["forgotten_harbor", "foggy_island", "statues_harbor"], naval_tokens=[-1, -3]),
]
"""Scored by hand in test_five_player_armada_final_table. Dara's blue ship stands on level 4, whose
points no text source gives: she read 5 off her board and wrote it in the table file."""


def test_five_player_armada_final_table() -> None:
    # Seated clockwise Anna -> Boris -> Chen -> Dara -> Emil: Anna's left is Boris, right Emil; Boris's
    # left Chen, right Anna; Chen's left Dara, right Boris; Dara's left Emil, right Chen; Emil's left
    # Anna, right Dara. Rows: military, treasury, wonder, civilian, science, commercial, guilds,
    # naval, islands, port.
    sheet = score_table(armada_table(*FIVE))
    assert sheet.complete
    anna, boris, chen, dara, emil = (sheet.line(n).points for n in ("Anna", "Boris", "Chen", "Dara", "Emil"))
    # Anna: 1+3+5 = 9; 7 coins -> 2; Gizah A 3+5+7 = 15; Baths 3 + Altar 2 + Temple 3 + Pantheon 7 +
    # Dry Dock 2 = 17; Customs Office 2 x trade level 2 (yellow ship on level 3) = 4; Philosophers
    # Guild: green cards of Boris (Apothecary, Workshop, Scriptorium, Dispensary, Laboratory, Library,
    # Explorer's Office = 7) and Emil (Steersmen's Academy = 1) = 8; naval 3+5+7 = 15; Luxurious
    # Archipelago 2 x 2 = 4 (Windy Harbor gives naval shields only); blue ship on the last space: 10.
    assert anna == {"military": 9, "treasury": 2, "wonder": 15, "civilian": 17, "science": 0, "commercial": 4,
                    "guilds": 8, "naval": 15, "islands": 4, "port": 10}
    # Boris: 1-1-1 = -1; 4 coins -> 1; Babylon A stage 1 = 3. Science: compass 2, gear 2, tablet 2,
    # three wild symbols (Babylon's stage 2, Scientists Guild, Golden Archipelago) and one most-common
    # symbol (Explorer's Office). All three wilds on one type: 5/2/2, the most common one on it: 6/2/2
    # = 36+4+4 + 2x7 = 58 (one each: 3/3/3 -> 4/3/3 = 34+21 = 55; two and one: 5/3/2 = 38+14 = 52).
    # Without the guild's wild: 4/2/2 -> 5/2/2 = 33+14 = 47, so the guild adds 11: capped at 10 with
    # Armada, science 57. Islands: Sheltered 2 x 3 islands = 6, Inhabited 3: 9. Naval 1-2+5 = 4.
    assert boris == {"military": -1, "treasury": 1, "wonder": 3, "civilian": 0, "science": 57, "commercial": 0,
                     "guilds": 0, "naval": 4, "islands": 9, "port": 0}
    # Chen: 1+1+3+3+5 = 13; 13 coins -> 4; Rhodes A stage 1 = 3; pirate cards give coins, not points;
    # Spies Guild: red cards of Dara (Guard Tower, Fortified Port, Coastal Fortifications = 3) and
    # Boris (0) = 3; naval -1+3+3 = 5; Pirate Harbor 3.
    assert chen == {"military": 13, "treasury": 4, "wonder": 3, "civilian": 0, "science": 0, "commercial": 0,
                    "guilds": 3, "naval": 5, "islands": 3, "port": 0}
    # Dara: -3; 0 coins; Ephesos A 3 + 7 = 10; Theater 2 + Statue 4 + Gardens 5 + Naval Ministry 5
    # (+ Shipyard 0) = 16. Science: compass 1 (Lodge), gear 2 (Observatory, Study), two most-common
    # symbols (Captain's Circle, Emerald Archipelago) on gear: 1/4/0 = 1+16 = 17. Magistrates Guild:
    # blue cards of Emil (0) and Chen (0) = 0. Naval -1-2-3 = -6. Rainbow Archipelago: blue is her
    # largest colour (Shipyard, Naval Ministry, Theater, Statue, Gardens = 5; green 4, red 3): 5.
    # Port: the 5 she read off level 4.
    assert dara == {"military": -3, "treasury": 0, "wonder": 10, "civilian": 16, "science": 17, "commercial": 0,
                    "guilds": 0, "naval": -6, "islands": 5, "port": 5}
    # Emil: -3; 20 coins -> 6; Halikarnassos A stage 1 = 3. Commercial: Haven 2 brown (Sawmill,
    # Brickyard) = 2, Lighthouse 8 yellow (Tavern, Vineyard, Haven, Lighthouse, Chamber of Commerce,
    # Pirate Brotherhood, both Emporiums) = 8, Chamber of Commerce 2 x 1 grey (Press) = 2, Pirate
    # Brotherhood 4: 16. Workers Guild: brown of Anna (2) and Dara (2) = 4; Builders Guild: stages
    # 2 + 3 + 3 = 8: 12. Naval -1-3 = -4. Statues Harbor 5.
    assert emil == {"military": -3, "treasury": 6, "wonder": 3, "civilian": 0, "science": 0, "commercial": 16,
                    "guilds": 12, "naval": -4, "islands": 5, "port": 0}
    assert [line.total for line in sheet.lines] == [84, 73, 31, 44, 35]
    assert [line.rank for line in sheet.lines] == [1, 2, 5, 3, 4]
    assert sheet.winners == ("Anna",)
    boris_choices = {c.kind: c for c in sheet.line("Boris").choices}
    wilds = boris_choices["science_wilds"].value
    assert len(set(wilds)) == 1 and boris_choices["most_common_symbol"].value == wilds[0]
    dara_choices = {c.kind: c.value for c in sheet.line("Dara").choices}
    assert dara_choices == {"most_common_symbol": "gear", "rainbow_color": "blue"}


def test_the_five_player_table_round_trips_and_needs_values_for_naval_conflicts() -> None:
    table = armada_table(*FIVE)
    document = table_to_json(table)
    assert table_to_json(parse_table(document)) == document
    # Dara's red ship stands on level 1, whose naval shields no text gives: the conflict says so.
    with pytest.raises(UnknownValueError) as error:
        resolve_naval(table, 3)
    assert [u.label for u in error.value.unknowns] == ["red fleet level 1 naval shields unknown on port board 4"]


def test_an_unknown_value_leaves_the_sheet_incomplete_never_wrong() -> None:
    players = [dict(p) for p in FIVE]
    players[3] = {k: v for k, v in players[3].items() if k != "fleet_values"}
    sheet = score_table(armada_table(*players))
    assert not sheet.complete and sheet.winners == ()
    assert all(line.rank is None for line in sheet.lines)
    dara = sheet.line("Dara")
    assert list(dara.unknown) == ["port"]
    assert [u.label for u in dara.unknown["port"]] == ["blue fleet level 4 VP unknown on port board 4"]
    document = sheet.to_json()
    row = next(p for p in document["players"] if p["name"] == "Dara")
    assert row["port"] is None and row["total"] is None and row["civilian"] == 16
    assert document["complete"] is False
    assert document["unknown"][0]["edit"] == "companion components edit port-board 4"


TEAM = [
    city("Anna", "olympia", "A", stages=2, coins=9, tokens=[1, 1, 3, 3, 5, 5], port_board=1,
         cards=["lumber_yard", "baths", "altar", "stockade", "walls", "coastal_defenses", "naval_ministry"],
         fleets={"red": 3, "blue": 6}, naval_tokens=[3, 5, 7]),
    city("Boris", "ephesos", "B", stages=3, coins=12, tokens=[-1, -1, 3, 3], port_board=2,
         cards=["press", "glassworks", "apothecary", "workshop", "scriptorium", "school", "society_of_navigators"],
         fleets={"green": 2}, islands=["inhabited_island"], naval_tokens=[1, -2, 5], incursion_tokens=["Dara"]),
    city("Chen", "gizah", "A", stages=3, coins=3, tokens=[-1, -1, -1, -1], port_board=3,
         cards=["stone_pit", "clay_pool", "ore_vein", "altar", "temple", "tavern", "pirate_lair", "customs_office"],
         fleets={"yellow": 4}, naval_tokens=[-1, 3, 3]),
    city("Dara", "rhodes", "B", stages=2, coins=5, tokens=[1, 1, -1, 3, 5, 5], port_board=4,
         cards=["ore_vein", "timber_yard", "barracks", "guard_tower", "quay", "fortified_port", "traders_guild"],
         islands=["iron_harbor"], naval_tokens=[-1, -2, -3]),
    city("Emil", "babylon", "A", stages=1, coins=2, tokens=[-1, -1, -1, -1, -1, -1], port_board=5,
         cards=["brickyard", "loom", "marketplace", "caravansery", "forum", "lighthouse"]),
    city("Fatima", "alexandria", "A", stages=3, coins=11, tokens=[-1, 3, 5], port_board=6,
         cards=["sawmill", "quarry", "theater", "statue", "town_hall", "magistrates_guild"],
         fleets={"blue": 6}, islands=["sovereign_archipelago", "rainbow_archipelago"], naval_tokens=[-1, 3, 3]),
]
TEAMS = [["Anna", "Boris"], ["Chen", "Dara"], ["Emil", "Fatima"]]


def test_six_player_team_game() -> None:
    # "Каждый игрок подсчитывает свои Победные Очки, а затем члены одной команды складывают свои
    # результаты. Побеждает команда с наибольшей суммой."
    sheet = score_table(armada_table(*TEAM, teams=TEAMS))
    lines = {line.name: line for line in sheet.lines}
    # Anna: 1+1+3+3+5+5 = 18; 9 coins -> 3; Olympia A stage 1 = 3; Baths 3 + Altar 2 + Naval
    # Ministry 5 = 10; naval 3+5+7 = 15; blue ship on the last space 10: 59.
    assert lines["Anna"].points == {"military": 18, "treasury": 3, "wonder": 3, "civilian": 10, "science": 0,
                                    "commercial": 0, "guilds": 0, "naval": 15, "islands": 0, "port": 10}
    # Boris: -1-1+3+3 = 4; 12 coins -> 4; Ephesos B 2+3+5 = 10; compass 1, gear 1, tablet 2 (Scriptorium,
    # School) and Society of Navigators' most-common symbol on tablet: 1/1/3 = 1+1+9 + 7 = 18; naval
    # 1-2+5 = 4; Inhabited Island 3: 43.
    assert lines["Boris"].total == 4 + 4 + 10 + 18 + 4 + 3 == 43
    # Chen: -4; 3 coins -> 1; Gizah A 15; Altar 2 + Temple 3 = 5; Customs Office 2 x 2 (yellow level 4)
    # = 4; naval -1+3+3 = 5: 26.
    assert lines["Chen"].total == -4 + 1 + 15 + 5 + 4 + 5 == 26
    # Dara: 1+1-1+3+5+5 = 14; 5 coins -> 1; Rhodes B 3 + 4 = 7; Traders Guild: yellow of Emil
    # (Marketplace, Caravansery, Forum, Lighthouse = 4) and Chen (Tavern, Pirate Lair, Customs Office
    # = 3) = 7; naval -6: 23.
    assert lines["Dara"].total == 14 + 1 + 7 + 7 - 6 == 23
    # Emil: -6; 2 coins -> 0; Babylon A stage 1 = 3; Lighthouse: 4 yellow = 4: 1.
    assert lines["Emil"].total == -6 + 0 + 3 + 4 == 1
    # Fatima: -1+3+5 = 7; 11 coins -> 3; Alexandria A 3 + 7 = 10; Theater 2 + Statue 4 + Town Hall 6
    # = 12; Magistrates Guild: blue of Anna (Baths, Altar, Naval Ministry = 3) and Emil (0) = 3; naval
    # -1+3+3 = 5; Sovereign Archipelago 7 + Rainbow (blue: 3 cards) 3 = 10; blue last space 10: 60.
    assert lines["Fatima"].total == 7 + 3 + 10 + 12 + 3 + 5 + 10 + 10 == 60
    # Teams: Anna + Boris 59 + 43 = 102; Chen + Dara 26 + 23 = 49; Emil + Fatima 1 + 60 = 61.
    assert [(team.names, team.total, team.rank) for team in sheet.teams] == [
        (("Anna", "Boris"), 102, 1), (("Chen", "Dara"), 49, 3), (("Emil", "Fatima"), 61, 2)]
    assert sheet.winners == ("Anna", "Boris")
    assert sheet.to_json()["teams"][0] == {"players": ["Anna", "Boris"], "total": 102, "coins": 21, "rank": 1}


def test_six_player_team_game_land_conflicts() -> None:
    # Age III. Shields: Anna 3 (Stockade 1, Walls 2); Dara 8 (Barracks 1, Guard Tower 1, Quay 2,
    # Rhodes B stages 1 + 1, Iron Harbor 2); everyone else 0. Partners do not fight: the pairs are
    # Boris-Chen (0-0, nothing), Dara-Emil (Dara 2 x +5, Emil 2 x -1), Fatima-Anna (Anna 2 x +5,
    # Fatima 2 x -1). Dara's Quay gave Boris (right of her right neighbour) an incursion token:
    # Dara +5, Boris -1, one token each.
    result = resolve_conflicts(armada_table(*TEAM, teams=TEAMS), 3)
    assert result.shields == (3, 0, 0, 8, 0, 0)
    assert [sorted(t) for t in result.tokens] == [[5, 5], [-1], [], [5, 5, 5], [-1, -1], [-1, -1]]


@pytest.mark.parametrize(("teams", "problem"), [
    ([["Anna", "Chen"], ["Boris", "Dara"], ["Emil", "Fatima"]], "teams[0]: partners sit side by side; Anna and Chen "
                                                                 "do not"),
    ([["Anna", "Boris"], ["Chen", "Dara"]], "teams: every player is in a team; not Emil, Fatima"),
    ([["Anna", "Boris", "Chen"], ["Dara", "Emil", "Fatima"]], "teams[0]: too many entries (3; at most 2)"),
])
def test_teams_are_partners_side_by_side(teams: list, problem: str) -> None:
    with pytest.raises(TableFileError) as error:
        armada_table(*TEAM, teams=teams)
    assert problem in [str(p) for p in error.value.problems]


def test_eight_players_need_a_wonder_of_another_expansion() -> None:
    # "для игры с 8 игроками вам необходимы ... хотя бы одно Чудо Света из любого другого дополнения";
    # the 7-player decks and 9 guilds, 7 cards dealt.
    wonders = ["gizah", "rhodes", "ephesos", "babylon", "olympia", "halikarnassos", "alexandria"]
    players = [city(f"P{i}", w, port_board=i + 1) for i, w in enumerate(wonders)]
    players.append(city("Hana", "other", stages=2, port_board=8,
                        other_wonder={"name": "Petra", "resource": "stone", "stages": 3, "points": 7}))
    players[0]["cards"] = ["pawnshop"]                     # a 7+ copy is in the 8-player box
    table = armada_table(*players, teams=[["P0", "P1"], ["P2", "P3"], ["P4", "P5"], ["P6", "Hana"]])
    assert table.box_player_count == 7 and cards_per_player(table) == 7
    assert score_table(table).line("Hana").points["wonder"] == 7
    stage = check_stage(table, 7)
    assert stage.reason_code == "unknown_value" and "Petra" in stage.reason
    # Her stages' production is not modelled: a build she cannot pay from her own city is not decided.
    assert check_card(table, 7, "baths").legal              # 1 stone: Petra's board makes it, decided
    assert check_card(table, 7, "guard_tower").reason_code == "unknown_value"   # 1 clay: her stages may
    assert table_to_json(parse_table(table_to_json(table))) == table_to_json(table)
    with pytest.raises(TableFileError) as error:
        parse_table(armada_document(*players[:7], city("Hana", "other", port_board=8)))
    assert "players[7].other_wonder: a wonder of another expansion needs its name, resource and stages" in str(
        error.value)
