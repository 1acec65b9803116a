"""The compiled scorer (`score_table`, from score plans: `rules.compiled_scoring`) against hand
calculations and against the effect-walking scorer (`score_table_by_effects`) on many random tables,
and the plain reference scorers of `companion bench rules` against the engine.

The hand-calculated numbers come from the cards' and boards' printed values (the rulebook's card
list); none is taken from the engine's output.
"""

from __future__ import annotations

import random
from typing import Any

import pytest

from companion.bench.timing import time_side_by_side
from companion.games.armada.bench import (
    armada_scoring_tables,
    reference_armada_cases,
    sample_armada,
    sample_fleet_values,
)
from companion.games.armada.rules.data import armada_with_values
from companion.games.armada.rules.extension import ArmadaExtension
from companion.games.armada.rules.port import port_state
from companion.games.sevenwonders.bench.rules import reference_scoring_cases, scoring_tables
from companion.games.sevenwonders.rules import score_table
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.score_plan import FIELD_BITS, SCIENCE_TABLE_LIMITS, plans_for
from companion.games.sevenwonders.rules.scoring import score_table_by_effects
from companion.games.sevenwonders.rules.scoring_reference import PlainScorer
from companion.games.sevenwonders.rules.selfplay import play_random_game
from companion.games.sevenwonders.rules.table import Table
from companion.games.sevenwonders.tablefile import TableFileError, parse_table, table_to_json
from tests.conftest import city, make_table

SEVEN = [
    city("Anna", "gizah", "A", stages=2, coins=10, tokens=[1, 3, -1],
         cards=["lumber_yard", "glassworks", "workers_guild", "craftsmens_guild", "shipowners_guild",
                "chamber_of_commerce", "palace", "apothecary", "workshop", "scriptorium"]),
    city("Boris", "rhodes", "A", coins=4, tokens=[-1, -1],
         cards=["clay_pool", "ore_vein", "press", "loom", "stockade", "barracks", "strategists_guild"]),
    city("Chen", "ephesos", "A", stages=3, coins=2, tokens=[1], cards=["stone_pit", "baths", "altar"]),
    city("Dara", "halikarnassos", "A", stages=1, cards=["timber_yard", "haven"]),
    city("Emil", "alexandria", "A", coins=5, tokens=[-1], cards=["theater", "guard_tower", "traders_guild"]),
    city("Fay", "olympia", "B", stages=3, coins=6, tokens=[3], cards=["lodge", "marketplace"]),
    city("Gwen", "babylon", "A", stages=2, coins=3, tokens=[5, -1],
         cards=["quarry", "glassworks", "dispensary", "laboratory", "scientists_guild", "spies_guild"]),
]
"""Seated clockwise: a player's left neighbour is the next one, the right neighbour the previous
(Anna's left is Boris, her right Gwen; Gwen's left is Anna)."""


def test_a_seven_player_table_by_hand() -> None:
    sheet = score_table(make_table(*SEVEN))
    rows = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")
    got = {line.name: tuple(line.points[row] for row in rows) for line in sheet.lines}
    # Anna: tokens 1+3-1 = 3; 10 coins -> 3; Gizah A stages 3+5 = 8; Palace 8; one of each symbol
    # 1+1+1+7 = 10; Chamber of Commerce 2 x her grey (Glassworks) = 2; Workers Guild: brown cards of
    # Boris (Clay Pool, Ore Vein) and Gwen (Quarry) = 3, Craftsmens Guild 2 x grey of Boris (Press,
    # Loom) and Gwen (Glassworks) = 6, Shipowners Guild: her brown 1 + grey 1 + purple 3 = 5 -> 14.
    assert got["Anna"] == (3, 3, 8, 8, 10, 2, 14)
    # Boris: -2; 4 coins -> 1; Strategists Guild: defeat tokens of Chen (none) and Anna (one) = 1.
    assert got["Boris"] == (-2, 1, 0, 0, 0, 0, 1)
    # Chen: 1; 2 coins -> 0; Ephesos A 3 + 7 = 10 (stage 2 gives coins); Baths 3 + Altar 2 = 5.
    assert got["Chen"] == (1, 0, 10, 5, 0, 0, 0)
    # Dara: Halikarnassos A stage 1 = 3; Haven 1 x her brown card (Timber Yard) = 1.
    assert got["Dara"] == (0, 0, 3, 0, 0, 1, 0)
    # Emil: -1; 5 coins -> 1; Theater 2; Traders Guild: yellow cards of Fay (Marketplace) and Dara (Haven) = 2.
    assert got["Emil"] == (-1, 1, 0, 2, 0, 0, 2)
    # Fay (Olympia B, 3 stages: 5 VP and the copy): 3; 6 coins -> 2; Lodge is one compass (1). She may copy
    # Gwen's Scientists Guild (a wild symbol: a second compass, 2 x 2 = 4, +3), Gwen's Spies Guild (red
    # cards of Gwen 0 and Emil 1, +1) or Emil's Traders Guild (yellow cards of Gwen 0 and Emil 0, +0):
    # the Scientists Guild, science 4.
    assert got["Fay"] == (3, 2, 5, 0, 4, 0, 0)
    # Gwen: 5-1 = 4; 3 coins -> 1; Babylon A stage 1 = 3 (stage 2 is a wild symbol); compass and gear and
    # two wild symbols (Babylon, Scientists Guild): compass+tablet, gear+tablet or tablet+tablet give 13;
    # Spies Guild: red cards of Anna 0 and Fay 0.
    assert got["Gwen"] == (4, 1, 3, 0, 13, 0, 0)
    assert [(line.name, line.total, line.rank) for line in sheet.lines] == [
        ("Anna", 48, 1), ("Boris", 0, 7), ("Chen", 16, 3), ("Dara", 4, 6), ("Emil", 4, 5), ("Fay", 14, 4),
        ("Gwen", 21, 2)]                                          # Emil's 5 coins beat Dara's 0 at 4 points
    assert sheet.winners == ("Anna",)
    fay, gwen = sheet.line("Fay"), sheet.line("Gwen")
    assert [(c.kind, c.value) for c in fay.choices] == [("copied_guild", "scientists_guild"),
                                                        ("science_wilds", ("compass",))]
    assert fay.choices[0].text == "copied Scientists Guild from Gwen (+3 VP)"
    # combinations in the order compass, gear, tablet: compass+tablet is the first placement worth 13
    assert [(c.kind, c.value) for c in gwen.choices] == [("science_wilds", ("compass", "tablet"))]


def test_the_craftsmens_guild_option_and_the_reference_agree_by_hand() -> None:
    document = {"format": "sevenwonders-table/1", "game": "7wonders", "expansions": [], "variant": "standard",
                "players": SEVEN, "options": {"craftsmens_guild_vp": 1}}
    anna = score_table(parse_table(document)).line("Anna")
    assert anna.points["guilds"] == 3 + 3 + 5                   # the Craftsmens Guild at 1 VP per grey card
    assert anna.total == 45
    assert PlainScorer().score(document)[0] == ("Anna", anna.points, 1)


def _mutations(document: dict[str, Any], rng: random.Random) -> list[tuple[int, dict[str, Any]]]:
    """Random changes to the players of a table file: other wonders, stated choices, coins."""
    free = [w for w in ("olympia", "babylon", "gizah") if w not in {p["wonder"] for p in document["players"]}]
    guilds = [c for p in document["players"] for c in p["cards"] if c.endswith("_guild")]
    changes: list[tuple[int, dict[str, Any]]] = []
    for seat in range(len(document["players"])):
        if free and rng.random() < 0.4:
            wonder = free.pop()
            side, stages = rng.choice({"olympia": [("B", 3)], "babylon": [("A", 2), ("B", 3)],
                                       "gizah": [("B", 4)]}[wonder])
            changes.append((seat, {"wonder": wonder, "side": side, "stages": stages}))
        if rng.random() < 0.3:
            changes.append((seat, {"science_choices": rng.sample(["compass", "gear", "tablet"], rng.randint(1, 2))}))
        if guilds and rng.random() < 0.3:
            changes.append((seat, {"copied_guild": rng.choice(guilds)}))
        changes.append((seat, {"coins": rng.randint(0, 20)}))
    return changes


def _mutated(table: Table, rng: random.Random) -> Table:
    """A self-played table with random stated choices, options, wonders and coins: each change is kept
    when the table file still reads (a stated choice must be possible)."""
    document = table_to_json(table)
    if rng.random() < 0.3:
        document["options"] = {"craftsmens_guild_vp": 1}
    for seat, change in _mutations(document, rng):
        player = document["players"][seat]
        before = dict(player)
        player.update(change)
        try:
            table = parse_table(document)
        except TableFileError:
            player.clear()
            player.update(before)
    return parse_table(document)


@pytest.fixture(scope="module")
def random_tables() -> list[Table]:
    data = load_game_data()
    rng = random.Random(26)
    tables = []
    for seed in range(80):
        final = play_random_game(data, 3 + seed % 5, seed=5000 + seed).final
        tables += [final, _mutated(final, rng)]
    tied = [dict(player, coins=3, tokens=[-1]) if player["name"] == "Dara" else
            dict(player, coins=3) if player["name"] == "Emil" else player for player in SEVEN]
    return [*tables, make_table(*tied)]            # Dara and Emil: 4 points and 3 coins each, sharing 5th


def test_compiled_scorer_equals_the_effect_walking_scorer_on_random_tables(random_tables: list[Table]) -> None:
    plain = [table_to_json(table) for table in random_tables[:-1:2]]
    mutated = [table_to_json(table) for table in random_tables[1::2]]
    assert sum(1 for a, b in zip(plain, mutated, strict=True) if a != b) > 60  # the mutations reach the tables
    for table in random_tables:
        compiled, walked = score_table(table), score_table_by_effects(table)
        assert compiled == walked
        assert compiled.to_json() == walked.to_json()


def test_the_random_tables_reach_every_scoring_path(random_tables: list[Table]) -> None:
    sheets = [score_table(table) for table in random_tables]
    kinds = {(choice.kind, choice.stated) for sheet in sheets for line in sheet.lines for choice in line.choices}
    assert {("copied_guild", False), ("science_wilds", False), ("science_wilds", True)} <= kinds
    assert any(line.rank != 1 and line.rank == other.rank for sheet in sheets for line in sheet.lines
               for other in sheet.lines if other is not line)                       # shared ranks


def _armada_changes(document: dict[str, Any], player: dict[str, Any], islands: list[str], cards: list[str],
                    rng: random.Random) -> list[dict[str, Any]]:
    """Random Armada parts of one player: islands, naval tokens, an Armada card, stated choices, values read off
    the port board, Olympia B (her copy), stated science and copied guilds."""
    free = [w for w in ("olympia", "babylon") if w not in {p["wonder"] for p in document["players"]}]
    guilds = [c for p in document["players"] for c in p["cards"] if c.endswith("_guild")]
    fleets = player["fleets"]
    return [{"islands": [islands.pop() for _ in range(min(len(islands), rng.randint(0, 3)))]},
            {"naval_tokens": rng.sample([1, 3, 5, 7, -1, -2, -3], rng.randint(0, 3))},
            {"cards": [*player["cards"], cards.pop()]} if cards and rng.random() < 0.7 else {},
            {"most_common_symbol": rng.choice(["compass", "gear", "tablet"])} if rng.random() < 0.5 else {},
            {"rainbow_color": rng.choice(["blue", "green", "red", "yellow"])} if rng.random() < 0.5 else {},
            {"fleet_values": {"blue": {"vp": fleets["blue"]}, "yellow": {"trade_level": fleets["yellow"]}}}
            if rng.random() < 0.3 else {},   # the sample values: a fleet's reward at level n is n
            {"wonder": free[0], "side": "B", "stages": 3} if free and rng.random() < 0.4 else {},
            {"science_choices": rng.sample(["compass", "gear", "tablet"], rng.randint(1, 2))}
            if rng.random() < 0.2 else {},
            {"copied_guild": rng.choice(guilds)} if guilds and rng.random() < 0.2 else {}]


def _armada_document(table: Table, rng: random.Random) -> dict[str, Any]:
    """A self-played table as an Armada table file: port boards, ships, islands, naval tokens, some Armada cards,
    stated choices, values read off the boards, Olympia B, teams at 4 and 6 players (each change kept when the
    table file still reads)."""
    document = table_to_json(table)
    document["expansions"] = ["armada"]
    for seat, player in enumerate(document["players"]):
        player["port_board"] = seat + 1
        player["fleets"] = {f: rng.randint(0, 6) for f in ("red", "yellow", "blue", "green")}
    islands = ["inhabited_island", "statues_harbor", "sovereign_archipelago", "luxurious_archipelago",
               "golden_archipelago", "emerald_archipelago", "sheltered_archipelago", "rainbow_archipelago",
               "pirate_harbor", "bronze_island", "wild_island", "windy_harbor", "amber_island", "foggy_island"]
    armada = sample_armada(rewards=True)
    cards = sorted(armada.cards)            # shipyards, naval defences, pirates, emporiums, Customs Office, ...
    rng.shuffle(islands)
    rng.shuffle(cards)
    for player in document["players"]:
        for change in _armada_changes(document, player, islands, cards, rng):
            before = dict(player)
            player.update(change)
            try:
                parse_table(document, sources={"armada": armada})
            except TableFileError:
                player.clear()
                player.update(before)
    names = [player["name"] for player in document["players"]]
    if len(names) in (4, 6) and rng.random() < 0.5:
        document["teams"] = [names[i:i + 2] for i in range(0, len(names), 2)]
    return document


@pytest.fixture(scope="module")
def armada_tables() -> list[Table]:
    """Random Armada tables, each with every value entered (complete sheets) and with the shipped data (some
    values unknown: incomplete sheets)."""
    data = load_game_data()
    rng = random.Random(2026)
    entered = sample_armada(rewards=True)
    shipped = armada_with_values({})
    tables = []
    for seed in range(40):
        document = _armada_document(play_random_game(data, 3 + seed % 5, seed=7000 + seed).final, rng)
        tables += [parse_table(document, sources={"armada": armada}) for armada in (entered, shipped)]
    return tables


def test_compiled_scorer_equals_the_effect_walking_scorer_with_armada(armada_tables: list[Table]) -> None:
    for table in armada_tables:
        compiled, walked = score_table(table), score_table_by_effects(table)
        assert compiled == walked
        assert compiled.to_json() == walked.to_json()


def test_the_random_armada_tables_reach_every_armada_scoring_path(armada_tables: list[Table]) -> None:
    sheets = [score_table(table) for table in armada_tables]
    assert sum(sheet.complete for sheet in sheets) > 15 and sum(not sheet.complete for sheet in sheets) > 15
    kinds = {(choice.kind, choice.stated) for sheet in sheets for line in sheet.lines for choice in line.choices}
    assert {("copied_guild", False), ("science_wilds", False), ("science_wilds", True),
            ("most_common_symbol", False), ("most_common_symbol", True), ("rainbow_color", False),
            ("rainbow_color", True)} <= kinds
    gaps = {category for sheet in sheets for line in sheet.lines for category in line.unknown}
    assert {"port", "islands", "commercial"} <= gaps       # the blue fleet, Luxurious Archipelago, Customs Office
    ports = [port_state(player) for table in armada_tables for player in table.players]
    assert any(port is not None and port.printed for port in ports)                   # values read off a board
    assert any(sheet.teams for sheet in sheets)
    rows = {row for sheet in sheets if sheet.complete for line in sheet.lines for row in ("naval", "islands", "port")
            if line.points[row]}
    assert rows == {"naval", "islands", "port"}


def test_an_expansion_without_compiled_scoring_is_asked_through_its_hooks(
        armada_tables: list[Table], monkeypatch: pytest.MonkeyPatch) -> None:
    # Armada's hooks on the table, as for an expansion that compiles none (`scoring_hooks.HookScoring`).
    monkeypatch.setattr(ArmadaExtension, "compiled_scoring", lambda self, table, plans: None)
    for table in armada_tables[::3]:
        compiled, walked = score_table(table), score_table_by_effects(table)
        assert compiled.to_json() == walked.to_json()


def test_the_plain_reference_gives_the_engine_points_and_ranks() -> None:
    data = load_game_data()
    reference = PlainScorer()
    for seed in range(40):
        table = play_random_game(data, 3 + seed % 5, seed=9000 + seed).final
        sheet = score_table(table)
        assert reference.score(table_to_json(table)) == [(line.name, line.points, line.rank) for line in sheet.lines]


def test_the_plain_armada_reference_gives_the_engine_points_and_ranks() -> None:
    tables = armada_scoring_tables(scoring_tables(load_game_data(), games=6), sample_armada(rewards=True))
    sheets = [score_table(table) for table in tables]
    assert all(sheet.complete for sheet in sheets)
    assert {row for sheet in sheets for line in sheet.lines for row, points in line.points.items() if points} >= {
        "naval", "islands", "port", "commercial", "guilds", "science"}
    assert len(reference_armada_cases(tables, sample_fleet_values())) == 6   # raises when they disagree


def test_the_bench_checks_the_reference_before_timing_it(monkeypatch: pytest.MonkeyPatch) -> None:
    tables = scoring_tables(load_game_data(), games=3)
    assert len(reference_scoring_cases(tables)) == 3
    monkeypatch.setattr(PlainScorer, "science", lambda self, symbols, wilds: 0)
    with pytest.raises(RuntimeError, match="disagrees with the engine"):
        reference_scoring_cases(tables)


def test_side_by_side_timing_times_both_rows_on_every_case() -> None:
    calls: list[str] = []
    first, second = time_side_by_side(("a", "b"), ([lambda: calls.append("a1"), lambda: calls.append("a2")],
                                                   [lambda: calls.append("b1"), lambda: calls.append("b2")]), 2)
    assert calls == ["a1", "b1", "a2", "b2"] * 2
    assert (first.label, first.calls, second.label, second.calls) == ("a", 4, "b", 4)


def test_score_plans_are_compiled_once_per_game_data() -> None:
    data = load_game_data()
    assert plans_for(data) is plans_for(data)
    other = GameData(data.rules, data.cards, data.wonders)
    assert plans_for(other) is not plans_for(data)


def test_the_science_table_matches_the_search_and_its_limits_hold() -> None:
    data = load_game_data()
    plans = plans_for(data)
    most, wilds = SCIENCE_TABLE_LIMITS
    assert len(plans.science_for(0)) == (most + 1) ** 3 * (wilds + 1)
    # 3 compasses, 1 gear, no tablet, 2 wild symbols: 3,1,2 -> 9+1+4+7 = 21; 3,2,1 -> 21; 5,1,0 -> 26;
    # 4,1,1 -> 16+1+1+7 = 25; 3,3,0 -> 18; the best is both wilds as compasses: 26.
    key = 3 | 1 << FIELD_BITS | 2 << (3 * FIELD_BITS)
    assert plans.science_for(0)[key] == (26, ("compass", "compass"), None)
    # 2 compasses, 1 gear, 1 tablet, a wild symbol and a most-common symbol (Armada): the wild as a compass
    # gives 3,1,1, the most-common symbol on compass 4,1,1 -> 16+1+1+7 = 25; as a gear 2,2,1 -> 3,2,1 or
    # 2,3,1 -> 21; as a tablet 2,1,2 -> 3,1,2 -> 21. The best: 25.
    key = 2 | 1 << FIELD_BITS | 1 << (2 * FIELD_BITS) | 1 << (3 * FIELD_BITS)
    assert plans.science_for(1)[key] == (25, ("compass",), "compass")
