"""`companion bench rules`: how fast the engine checks builds and scores tables.

Realistic cities come from self-played games (the cities after Age I and Age II, checked against
every card of the next age). The hardest cities stack every "one of" producer of the game on the
player and both neighbours and ask for the Palace (all seven resources) and other long costs.
The plain exhaustive search of `trade_reference` runs on the same realistic cities in the same
run, as the reference the figures are compared with.

An expansion adds its own rows (`EXPANSION_ROWS`: Armada's, in `companion.games.armada.bench`): the
same final tables played with it beside its plain scorer, and its own trade check.

Scoring is timed on the final tables of self-played 7-player games, beside a plain standard-library
scorer (`rules.scoring_reference`: the table file's document and the data files as `json.load` gives
them) on the same tables, in alternation; the reference is first checked to give the engine's points
and ranks on every table.
"""

from __future__ import annotations

import random
import statistics
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.bench.timing import Figures, print_figures, time_cases, time_side_by_side
from companion.games.sevenwonders.rules import Table, check_card, check_stage, score_table
from companion.games.sevenwonders.rules.build import _vector
from companion.games.sevenwonders.rules.city import production, sellers_for
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import Card, GameData
from companion.games.sevenwonders.rules.scoring_reference import PlainScorer
from companion.games.sevenwonders.rules.selfplay import play_random_game
from companion.games.sevenwonders.rules.trade_reference import brute_force_purchases
from companion.games.sevenwonders.tablefile import TABLE_FORMAT, TableFileError, parse_table, table_to_json
from companion.plugins import Registry

__all__ = ["EXPANSION_ROWS", "SCORING_OVER_REFERENCE", "TARGETS_MS", "ExpansionRows", "checked_reference",
           "hardest_checks", "realistic_builds", "reference_scoring_cases", "run", "scoring_cases", "scoring_rows",
           "scoring_tables"]

TARGETS_MS = {"realistic": 0.1, "hardest": 1.0, "scoring": 1.0}
"""Targets on a 2-core machine: median trade check, worst hardest check, median 7-player scoring (an
expansion's own trade check: its `ExpansionRows.target_ms`)."""
SCORING_OVER_REFERENCE = 0.5
"""Target: 7-player scoring takes at most this share of the plain standard-library scorer's time (issue 26)."""


def _seat(name: str, wonder: str, side: str, stages: int, cards: list[str], coins: int = 30) -> dict[str, Any]:
    return {"name": name, "wonder": wonder, "side": side, "stages": stages, "cards": cards, "coins": coins,
            "tokens": []}


def _seven(player: dict[str, Any], left: dict[str, Any], right: dict[str, Any]) -> Table:
    """A 7-player table with `player` at seat 0, `left` at seat 1 and `right` at seat 6."""
    fillers = [_seat(f"P{i}", w, "A", 0, []) for i, w in enumerate(
        [w for w in ("gizah", "ephesos", "halikarnassos", "olympia", "rhodes", "babylon", "alexandria")
         if w not in {player["wonder"], left["wonder"], right["wonder"]}])]
    seats = [player, left, *fillers, right]
    return parse_table({"format": TABLE_FORMAT, "game": "7wonders", "expansions": [], "variant": "standard",
                        "players": seats})


def hardest_checks(data: GameData) -> list[tuple[str, Callable[[], object]]]:
    """Checks on the hardest cities we can build, each with a label."""
    del data
    # Every "one of" producer in the game: Alexandria B's two stages, Caravansery, Forum, and the
    # six either/or brown cards shared between the player and both neighbours.
    player = _seat("Hard", "alexandria", "B", 2, ["caravansery", "forum", "tree_farm", "excavation"])
    left = _seat("Left", "rhodes", "A", 0, ["clay_pit", "timber_yard", "press"])
    right = _seat("Right", "babylon", "A", 0, ["forest_cave", "mine", "loom"])
    hard = _seven(player, left, right)
    posts = _seven(_seat("Hard", "alexandria", "B", 2, ["caravansery", "forum", "tree_farm", "excavation",
                                                        "east_trading_post", "marketplace"]), left, right)
    gizah = _seven(_seat("Hard", "gizah", "B", 3, ["caravansery", "tree_farm", "excavation"]),
                   _seat("Left", "rhodes", "A", 0, ["clay_pit", "timber_yard", "quarry", "press"]),
                   _seat("Right", "babylon", "A", 0, ["forest_cave", "mine", "stone_pit"]))
    bare = _seven(_seat("Hard", "olympia", "B", 1, ["caravansery", "tree_farm"]),
                  _seat("Left", "rhodes", "A", 0, ["clay_pit", "timber_yard", "excavation"]),
                  _seat("Right", "babylon", "A", 0, ["forest_cave", "mine", "glassworks"]))
    return [
        ("Palace, every 'one of' producer on all three cities", lambda: check_card(hard, 0, "palace")),
        ("Pantheon, same cities", lambda: check_card(hard, 0, "pantheon")),
        ("Palace with East Trading Post and Marketplace", lambda: check_card(posts, 0, "palace")),
        ("Gizah B stage 4 (4 stone + papyrus)", lambda: check_stage(gizah, 0)),
        ("Palace, impossible (no papyrus anywhere)", lambda: check_card(bare, 0, "palace")),
        ("Arsenal with Olympia B discounts", lambda: check_card(bare, 0, "arsenal")),
    ]


EITHER_OR = ("tree_farm", "excavation", "clay_pit", "timber_yard", "forest_cave", "mine")
TRADE_CARDS = ("caravansery", "forum", "east_trading_post", "west_trading_post", "marketplace")
FIXED_CARDS = ("loom", "press", "glassworks", "lumber_yard", "stone_pit", "clay_pool", "ore_vein", "sawmill",
               "quarry", "brickyard", "foundry")


def adversarial_builds(count: int, seed: int = 7) -> list[tuple[Table, int, str]]:
    """Random 7-player cities packed with "one of" producers, trading discounts and long costs.

    The six either/or brown cards are spread between the player (Alexandria B, whose stages make
    any raw material and any manufactured good) and both neighbours, with random trading cards
    and random fixed producers; each city is asked for the Palace, Pantheon, Town Hall and Arsenal.
    """
    rng = random.Random(seed)
    builds: list[tuple[Table, int, str]] = []
    while len(builds) < count:
        cards = list(EITHER_OR)
        rng.shuffle(cards)
        first = rng.randint(0, 6)
        second = rng.randint(first, 6)
        own = cards[:first] + [c for c in TRADE_CARDS if rng.random() < 0.5]
        left = cards[first:second] + [c for c in FIXED_CARDS if rng.random() < 0.3]
        right = cards[second:] + [c for c in FIXED_CARDS if rng.random() < 0.3]
        try:
            table = _seven(_seat("Hard", "alexandria", "B", rng.randint(0, 2), own, coins=rng.randint(0, 30)),
                           _seat("Left", "rhodes", "A", 0, left), _seat("Right", "babylon", "A", 0, right))
        except TableFileError:
            continue  # more copies of a card than a 7-player game has
        builds += [(table, 0, card) for card in ("palace", "pantheon", "town_hall", "arsenal")
                   if not table.players[0].has(card)]
    return builds[:count]


def realistic_builds(data: GameData, games: int = 12) -> list[tuple[Table, int, Card]]:
    """(table, seat, card) for the cities of self-played games after Age I and Age II, against
    every card of the next age that costs resources and is not already built."""
    builds = []
    for seed in range(games):
        players = 3 + seed % 5
        game = play_random_game(data, players, seed=1000 + seed)
        for age, table in enumerate(game.tables_after_age[:2], start=2):
            next_cards = sorted({copy.card_id for copy in data.deck(age, players)})
            for seat, player in enumerate(table.players):
                for card_id in next_cards:
                    card = data.cards[card_id]
                    if not player.has(card_id) and card.cost.resources:
                        builds.append((table, seat, card))
    return builds


def _engine_check(table: Table, seat: int, card: Card) -> Callable[[], object]:
    return lambda: check_card(table, seat, card)


def _reference_check(table: Table, seat: int, card: Card) -> Callable[[], object]:
    rules = table.data.rules
    return lambda: brute_force_purchases(_vector(card.cost, rules), production(table.players[seat], rules),
                                         sellers_for(table, seat))


def scoring_tables(data: GameData, games: int = 20) -> list[Table]:
    """The final tables of self-played 7-player games."""
    return [play_random_game(data, 7, seed=2000 + seed).final for seed in range(games)]


def scoring_cases(tables: Sequence[Table]) -> list[Callable[[], object]]:
    """Scoring each table with the engine (`score_table`: the compiled score plans)."""
    return [lambda t=t: score_table(t) for t in tables]


def reference_scoring_cases(tables: Sequence[Table]) -> list[Callable[[], object]]:
    """Scoring each table's file document with the plain standard-library scorer, once it is checked to
    give the engine's points and ranks on every table."""
    return checked_reference(PlainScorer(), tables)


def checked_reference(reference: PlainScorer, tables: Sequence[Table]) -> list[Callable[[], object]]:
    """Scoring each table's document with the plain `reference` scorer, once it is checked to give the
    engine's points and ranks on every table."""
    documents = [table_to_json(table) for table in tables]
    for index, (table, document) in enumerate(zip(tables, documents, strict=True)):
        engine = [(line.name, line.points, line.rank) for line in score_table(table).lines]
        if engine != reference.score(document):
            raise RuntimeError(f"the plain reference scorer disagrees with the engine on scoring table {index}")
    return [lambda d=d: reference.score(d) for d in documents]


def scoring_rows(tables: Sequence[Table], rounds: int) -> tuple[Figures, Figures]:
    """Scoring the tables beside the plain reference scorer."""
    first, second = time_side_by_side((f"scoring a 7-player table ({len(tables)} tables)",
                                       "reference: plain standard-library scorer, same tables"),
                                      (scoring_cases(tables), reference_scoring_cases(tables)), rounds)
    return first, second


@dataclass(frozen=True)
class ExpansionRows:
    """An expansion's rows of `companion bench rules` (Armada's): its name; the final tables played with
    it, scored beside its plain reference scorer (`scoring(tables, rounds)`); its own trade check
    (`check(data, rounds)`, its line's words `check_words` and its target `target_ms`)."""

    name: str
    scoring: Callable[[Sequence[Table], int], tuple[Figures, Figures]]
    check: Callable[[GameData, int], Figures]
    check_words: str
    target_ms: float


EXPANSION_ROWS: Registry[ExpansionRows] = Registry("rules bench rows", "bench")
"""The expansions' rows of `companion bench rules`, by expansion id (the key of their figures)."""


def run(repeat: int = 2000, as_json: bool = False) -> list[Figures]:
    """Measure and print every figure; `repeat` scales the number of rounds."""
    data = load_game_data()
    builds = realistic_builds(data)
    realistic = [_engine_check(*build) for build in builds]
    reference = [_reference_check(*build) for build in builds]
    hardest = hardest_checks(data)
    tables = scoring_tables(data)
    rounds_realistic = max(3, repeat // 200)
    figures = [
        time_cases(f"trade check, realistic cities ({len(realistic)} checks)", realistic, rounds_realistic),
        time_cases("reference: exhaustive search, same cities", reference, max(1, rounds_realistic // 3)),
    ]
    for label, case in hardest:
        figures.append(time_cases(f"hardest: {label}", [case], max(20, repeat // 10)))
    adversarial = [_engine_check(t, seat, t.data.cards[c]) for t, seat, c in adversarial_builds(800)]
    figures.append(time_cases(f"hardest: random search, {len(adversarial)} packed cities (slowest = worst case)",
                              adversarial, max(5, repeat // 200)))
    expansions = EXPANSION_ROWS.items()
    scored = {"": scoring_rows(tables, max(10, repeat // 20))}      # the base game's, then each expansion's
    scored.update({f"{key}_": rows.scoring(tables, max(10, repeat // 20)) for key, rows in expansions})
    figures += [row for pair in scored.values() for row in pair]
    checks = {key: rows.check(data, rounds_realistic) for key, rows in expansions}
    figures += checks.values()
    hardest_worst = max(f.worst_case_ms for f in figures if f.label.startswith("hardest"))
    summary: dict[str, Any] = {
        "realistic_median_ms": figures[0].median_ms,
        "reference_median_ms": figures[1].median_ms,
        "reference_over_engine": figures[1].median_ms / figures[0].median_ms,
        "hardest_worst_ms": hardest_worst,
    }
    for prefix, (engine, plain) in scored.items():
        summary.update({f"{prefix}scoring_median_ms": engine.median_ms,
                        f"{prefix}scoring_reference_median_ms": plain.median_ms,
                        f"{prefix}scoring_over_reference": engine.median_ms / plain.median_ms})
    summary["scoring_over_reference_target"] = SCORING_OVER_REFERENCE
    for key, check in checks.items():
        summary.update({f"{key}_median_ms": check.median_ms, f"{key}_worst_case_ms": check.worst_case_ms})
    summary["targets_ms"] = {**TARGETS_MS, **{key: rows.target_ms for key, rows in expansions}}
    print_figures("rules", figures, summary, as_json=as_json, digits=4, worst_case=True)
    if as_json:
        return figures
    print(f"realistic trade check median {summary['realistic_median_ms']:.4f} ms "
          f"(target < {TARGETS_MS['realistic']} ms); the exhaustive reference takes "
          f"{summary['reference_over_engine']:.1f}x as long on the same cities")
    print(f"hardest trade check, slowest case {hardest_worst:.4f} ms (target < {TARGETS_MS['hardest']} ms)")
    for what, key in (("7-player scoring", "scoring"),
                      *((f"7-player {rows.name} scoring", f"{key}_scoring") for key, rows in expansions)):
        print(f"{what} median {summary[f'{key}_median_ms']:.4f} ms (target < {TARGETS_MS['scoring']} ms); the "
              f"plain standard-library scorer takes {summary[f'{key}_reference_median_ms']:.4f} ms on the same "
              f"tables: the engine takes {summary[f'{key}_over_reference']:.2f}x its time "
              f"(target <= {SCORING_OVER_REFERENCE})")
    for key, rows in expansions:
        print(f"{rows.name} {rows.check_words} median {summary[f'{key}_median_ms']:.4f} ms "
              f"(target < {rows.target_ms} ms; slowest case {summary[f'{key}_worst_case_ms']:.4f} ms; "
              f"base-game realistic median {summary['realistic_median_ms']:.4f} ms in this run)")
    print(f"(medians over {statistics.median([f.calls for f in figures]):.0f} calls a row; "
          "'worst case' is the median time of the slowest case)")
    return figures
