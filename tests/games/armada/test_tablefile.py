"""The table file with Armada: each bad Armada value gives one line naming the field; the schema agrees."""

from __future__ import annotations

import json
from importlib import resources

import jsonschema
import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.armada.rules.port import port_state
from companion.games.sevenwonders.tablefile import TableFileError, parse_table, table_to_json
from tests.conftest import armada_document, city, table_document
from tests.games.armada.test_tables import FIVE, TEAM, TEAMS
from tests.test_tablefile import json_values

SCHEMA = json.loads(resources.files("companion.games.sevenwonders").joinpath("data", "table.schema.json").read_text())


def _four(**anna: object) -> dict:
    players = [city("Anna", "gizah", **{"port_board": 1, **anna}), city("Boris", "rhodes", port_board=2),
               city("Chen", "ephesos", port_board=3), city("Dara", "babylon", port_board=4)]
    return armada_document(*players)


def _problems(document: object) -> list[str]:
    with pytest.raises(TableFileError) as error:
        parse_table(document)
    return [str(p) for p in error.value.problems]


@pytest.mark.parametrize(("change", "expected"), [
    ({"fleets": {"blue": 7}}, "players[0].fleets.blue: must be at most 6, got 7"),
    ({"fleets": {"purple": 1}}, "players[0].fleets.purple: unknown fleet 'purple'"),
    ({"port_board": 9}, "players[0].port_board: must be at most 8, got 9"),
    ({"islands": ["windy_harbour"]},
     "players[0].islands[0]: unknown island 'windy_harbour'; did you mean 'windy_harbor'?"),
    ({"islands": ["windy_harbor", "windy_harbor"]},
     "players[0].islands[1]: island 'windy_harbor' is listed twice (also at islands[0])"),
    ({"naval_tokens": [4]}, "players[0].naval_tokens[0]: a naval token is worth one of -3, -2, -1, 1, 3, 5, 7, not 4"),
    ({"naval_tokens": [3, 5, 7, -1]}, "players[0].naval_tokens: 4 naval tokens; a city takes at most 3 (one per age)"),
    # Age I gives -1, 1, 3; Age II -2, 3, 5; Age III -3, 3, 5, 7 (the rulebook's "Морские Конфликты"),
    # and a city takes at most one naval token an age.
    ({"naval_tokens": [1, 1]}, "players[0].naval_tokens: naval tokens [1, 1] cannot come one per age "
                               "(+1: Age I)"),
    ({"naval_tokens": [-3, -3]}, "players[0].naval_tokens: naval tokens [-3, -3] cannot come one per age "
                                 "(-3: Age III)"),
    ({"naval_tokens": [7, -3]}, "players[0].naval_tokens: naval tokens [7, -3] cannot come one per age "
                                "(+7: Age III; -3: Age III)"),
    ({"naval_tokens": [5, 5, 5]}, "players[0].naval_tokens: naval tokens [5, 5, 5] cannot come one per age "
                                  "(+5: Age II or III)"),
    ({"naval_tokens": [1, -1]}, "players[0].naval_tokens: naval tokens [1, -1] cannot come one per age "
                                "(+1: Age I; -1: Age I)"),
    ({"fleets": {"blue": 6}, "fleet_values": {"blue": {"vp": 9}}},
     "players[0].fleet_values.blue.vp: the blue fleet's level 6 shows 10 for vp, not 9"),
    ({"fleet_values": {"red": {"vp": 1}}}, "players[0].fleet_values.red.vp: unknown red fleet reward 'vp'"),
    ({"incursion_tokens": ["Boris"]},
     "players[0].incursion_tokens[0]: Boris sits next to or far from Anna; an incursion reaches the player two "
     "seats away"),
    ({"incursion_tokens": ["Chen"]},
     "players[0].incursion_tokens[0]: Chen's city has no Dock, Quay or Jetty to give an incursion token"),
    ({"rainbow_color": "blue"}, "players[0].rainbow_color: Anna's city has no Rainbow Archipelago"),
    ({"naval_conflicts": "skip"}, "players[0].naval_conflicts: Anna's city has no Forgotten Harbor"),
    ({"most_common_symbol": "gear"},
     "players[0].most_common_symbol: Anna's city has no card or island adding a most common science symbol"),
    ({"cards": ["docks"]}, "players[0].cards[0]: unknown card 'docks'; did you mean 'dock'?"),
    ({"tokens": [1] * 13}, "players[0].tokens: 13 land tokens; with Armada a city takes at most 12"),
])
def test_bad_armada_values_give_one_line_each(change: dict, expected: str) -> None:
    assert _problems(_four(**change)) == [expected]


def test_whole_table_armada_problems() -> None:
    document = _four(islands=["windy_harbor"], naval_tokens=[7])
    document["players"][1].update(port_board=1, islands=["windy_harbor"], naval_tokens=[7])
    assert _problems(document) == [
        "players[1].port_board: port board 1 is also Anna's",
        "players[1].islands: Windy Harbor is also Anna's (there is one of each)",
    ]


@pytest.mark.parametrize("tokens", [[3, 5, 7], [7, 5, 3], [-1, -2, -3], [1, 3], [3, 3, 3], [5, 5], [-3, 1, 5], []])
def test_naval_tokens_that_can_come_one_per_age_are_accepted(tokens: list[int]) -> None:
    assert port_state(parse_table(_four(naval_tokens=tokens)).players[0]).naval_tokens == tuple(tokens)


def test_naval_tokens_never_run_out() -> None:
    """docs/rulings.md: naval tokens are unlimited, like coins. The box holds seven -1 and five -2."""
    wonders = ("gizah", "rhodes", "ephesos", "babylon", "olympia", "halikarnassos", "alexandria", "other")
    eight = [city(f"P{board}", wonder, port_board=board, naval_tokens=[-1, -2])
             for board, wonder in enumerate(wonders, start=1)]
    eight[-1]["other_wonder"] = {"name": "Petra", "resource": "stone", "stages": 3}
    table = parse_table(armada_document(*eight))
    assert sum(port_state(p).naval_tokens.count(-2) for p in table.players) == 8


def test_armada_needs_the_expansion_and_its_player_counts() -> None:
    base = table_document(city("A", "gizah", port_board=1), city("B", "rhodes"), city("C", "ephesos"))
    assert _problems(base) == ["players[0].port_board: an Armada key; add \"armada\" to \"expansions\" to use it"]
    teams = table_document(city("A", "gizah"), city("B", "rhodes"), city("C", "ephesos"), city("D", "babylon"),
                           teams=[["A", "B"], ["C", "D"]])
    assert _problems(teams) == ["teams: the team variant is part of Armada; add \"armada\" to \"expansions\""]
    three = armada_document(city("A", "gizah", cards=["dock"]), city("B", "rhodes"), city("C", "ephesos"))
    assert _problems(three) == ["players[0].cards[0]: Dock (removed at 3 players) is not in the box for 3 players"]
    two = armada_document(city("A", "gizah"), city("Free City", "rhodes"), city("C", "ephesos"), variant="two-player")
    assert _problems(two) == ["variant: Armada is not played in the two-player variant"]
    five_teams = armada_document(*FIVE, teams=[["Anna", "Boris"], ["Chen", "Dara"]])
    assert _problems(five_teams) == ["teams: the team variant is played by 4, 6, 8 players, not 5"]


def test_armada_files_round_trip() -> None:
    for document in (armada_document(*FIVE), armada_document(*TEAM, teams=TEAMS)):
        table = parse_table(document)
        assert table_to_json(parse_table(table_to_json(table))) == table_to_json(table)
    written = table_to_json(parse_table(armada_document(*FIVE)))
    assert written["players"][3]["fleet_values"] == {"blue": {"vp": 5}}
    assert written["players"][1]["islands"] == ["golden_archipelago", "sheltered_archipelago", "inhabited_island"]
    assert written["players"][1]["fleets"] == {"red": 0, "yellow": 1, "blue": 0, "green": 2}
    assert table_to_json(parse_table(armada_document(*TEAM, teams=TEAMS)))["teams"] == TEAMS


def test_the_schema_accepts_the_armada_tables_and_refuses_armada_keys_without_it() -> None:
    jsonschema.validate(armada_document(*FIVE), SCHEMA)
    jsonschema.validate(armada_document(*TEAM, teams=TEAMS), SCHEMA)
    jsonschema.validate(table_to_json(parse_table(armada_document(*FIVE))), SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(table_document(city("A", "gizah", port_board=1), city("B", "rhodes"),
                                           city("C", "ephesos")), SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(_four(fleets={"blue": 7}), SCHEMA)
    with pytest.raises(jsonschema.ValidationError):
        jsonschema.validate(_four(naval_tokens=[4]), SCHEMA)


@settings(max_examples=400, deadline=None)
@given(st.sampled_from(["port_board", "fleets", "fleet_values", "islands", "naval_tokens", "incursion_tokens",
                        "most_common_symbol", "rainbow_color", "naval_conflicts", "other_wonder", "wonder"]),
       json_values)
def test_a_damaged_armada_field_never_crashes(key: str, value: object) -> None:
    document = _four()
    document["players"][0][key] = value
    try:
        parse_table(document)
    except TableFileError as error:
        assert error.problems and all(str(p) for p in error.problems)


@settings(max_examples=200, deadline=None)
@given(json_values)
def test_damaged_teams_never_crash(value: object) -> None:
    document = _four()
    document["teams"] = value
    try:
        parse_table(document)
    except TableFileError as error:
        assert error.problems and all(str(p) for p in error.problems)


def test_the_documented_armada_example_is_valid() -> None:
    from pathlib import Path

    text = (Path(__file__).resolve().parents[3] / "docs" / "table-file.md").read_text(encoding="utf-8")
    block = text.split("## Armada", 1)[1].split("```json", 1)[1].split("```", 1)[0]
    document = json.loads(block)
    jsonschema.validate(document, SCHEMA)
    table = parse_table(document)
    assert [port_state(p).board for p in table.players] == [1, 2, 5]
