"""Armada's rows of `companion bench rules` (registered in 7 Wonders' `EXPANSION_ROWS`).

The trade check row turns 7 Wonders' self-played cities into Armada tables (port boards, ships at random
spaces, both emporiums and Ancient Harbor at some seats) and checks every next-age card of a fleet
colour with its naval construction, whose cost joins the card's in one purchase. The real boards'
costs are unknown (printed only as icons), so the benchmark enters random sample costs of one to
three units: they measure speed, they are not the game's values. The scoring row scores the same final
tables as 7 Wonders' row, played with Armada, beside a plain standard-library Armada scorer.
"""

from __future__ import annotations

import random
from collections.abc import Callable, Sequence

from companion.bench.timing import Figures, time_cases, time_side_by_side
from companion.gamedata.facts import Unknown
from companion.games.armada.rules.data import ArmadaData, armada_with_values
from companion.games.armada.rules.scoring_reference import PlainArmadaScorer
from companion.games.sevenwonders.bench.rules import EXPANSION_ROWS, ExpansionRows, checked_reference, scoring_cases
from companion.games.sevenwonders.rules import Table, check_card
from companion.games.sevenwonders.rules.model import Card, GameData
from companion.games.sevenwonders.rules.selfplay import play_random_game
from companion.games.sevenwonders.tablefile import parse_table, table_to_json

__all__ = ["armada_builds", "armada_scoring_tables", "reference_armada_cases", "sample_armada", "sample_fleet_values"]


def sample_fleet_values() -> dict[str, object]:
    """Sample values for every fleet reward printed only as an icon (blue VP, yellow trade levels, ...): the
    level number (at most 3 for an island level explored). For speed only: not the real boards."""
    shipped = armada_with_values({})
    values: dict[str, object] = {}
    for key, fact in shipped.facts.items():
        if key.startswith("fleet.") and isinstance(fact.value, Unknown):
            level = int(key.split(".")[2])
            values[key] = min(level, 3) if key.endswith(".explore") else level
    return values


def sample_armada(seed: int = 11, *, rewards: bool = False) -> ArmadaData:
    """The Armada data with random sample costs on every board, and with `rewards` sample fleet rewards
    too (`sample_fleet_values`): for speed only, not the real boards."""
    rng = random.Random(seed)
    resources = ("wood", "stone", "clay", "ore", "glass", "papyrus", "textile")
    values: dict[str, object] = {}
    for board in range(1, 9):
        values[f"port_board.{board}.wonder_fleet"] = rng.choice(("red", "yellow", "blue", "green"))
        for fleet in ("red", "yellow", "blue", "green"):
            for level in range(1, 7):
                counts: dict[str, int] = {}
                for _ in range(rng.randint(1, 3)):
                    resource = rng.choice(resources)
                    counts[resource] = counts.get(resource, 0) + 1
                cost: dict[str, object] = {"resources": counts}
                if rng.random() < 0.15:
                    cost["coins"] = 1
                values[f"port_board.{board}.{fleet}.{level}.cost"] = cost
    if rewards:
        values.update(sample_fleet_values())
    return armada_with_values(values, "benchmark sample values" if rewards else "benchmark sample costs")



def armada_builds(data: GameData, games: int = 12) -> list[tuple[Table, int, Card]]:
    """(table, seat, card): the self-played cities after Age I and II as Armada tables, against every
    next-age card of a fleet colour that costs resources, each checked with its naval construction."""
    armada = sample_armada()
    rng = random.Random(5)
    builds = []
    for seed in range(games):
        players = 4 + seed % 4
        game = play_random_game(data, players, seed=1000 + seed)
        for age, table in enumerate(game.tables_after_age[:2], start=2):
            document = table_to_json(table)
            document["expansions"] = ["armada"]
            for seat, player in enumerate(document["players"]):
                player["port_board"] = seat + 1
                player["fleets"] = {f: rng.randint(0, 5) for f in ("red", "yellow", "blue", "green")}
            document["players"][0]["cards"].append("western_emporium")
            document["players"][1]["cards"].append("eastern_emporium")
            document["players"][2]["islands"] = ["ancient_harbor"]
            armada_table = parse_table(document, sources={"armada": armada})
            next_cards = sorted({copy.card_id for copy in data.deck(age, players)})
            for seat, player in enumerate(armada_table.players):
                for card_id in next_cards:
                    card = data.cards[card_id]
                    if not player.has(card_id) and card.cost.resources and card.color in armada.fleets:
                        builds.append((armada_table, seat, card))
    return builds


def _armada_check(table: Table, seat: int, card: Card) -> Callable[[], object]:
    return lambda: check_card(table, seat, card, step="naval")



ARMADA_ISLANDS = ("inhabited_island", "statues_harbor", "sovereign_archipelago", "luxurious_archipelago",
                  "golden_archipelago", "emerald_archipelago", "sheltered_archipelago", "rainbow_archipelago",
                  "pirate_harbor", "bronze_island", "windy_harbor", "wild_island", "amber_island", "foggy_island")
ARMADA_SCORING_CARDS = ("customs_office", "naval_ministry", "explorers_office", "pirate_brotherhood",
                        "society_of_navigators", "boathouse", "captains_circle")


def armada_scoring_tables(tables: Sequence[Table], armada: ArmadaData, seed: int = 26) -> list[Table]:
    """The same final tables played with Armada: port boards, ships at random spaces, two islands and a naval
    token of each age a city, and Armada cards that score (customs office, naval ministry, ...) at some seats."""
    rng = random.Random(seed)
    result = []
    for table in tables:
        document = table_to_json(table)
        document["expansions"] = ["armada"]
        islands = list(ARMADA_ISLANDS)
        rng.shuffle(islands)
        for seat, player in enumerate(document["players"]):
            player["port_board"] = seat + 1
            player["fleets"] = {fleet: rng.randint(0, 6) for fleet in ("red", "yellow", "blue", "green")}
            player["islands"] = [islands.pop(), islands.pop()]
            player["naval_tokens"] = [(1, 3, -1)[seat % 3], (5, 3, -2)[seat % 3], (5, 3, -3)[(seat + 1) % 3]]
            if seat < len(ARMADA_SCORING_CARDS):
                player["cards"].append(ARMADA_SCORING_CARDS[seat])
        result.append(parse_table(document, sources={"armada": armada}))
    return result



def reference_armada_cases(tables: Sequence[Table], values: dict[str, object]) -> list[Callable[[], object]]:
    """Scoring each Armada table's document with the plain scorer, once it is checked to give the engine's
    points and ranks on every table."""
    return checked_reference(PlainArmadaScorer(values), tables)


def _scoring(tables: Sequence[Table], rounds: int) -> tuple[Figures, Figures]:
    """The tables played with Armada (sample values for every reward), scored beside the plain Armada scorer."""
    armada_tables = armada_scoring_tables(tables, sample_armada(rewards=True))
    first, second = time_side_by_side((f"Armada: scoring a 7-player table ({len(tables)} tables)",
                                       "reference: plain standard-library Armada scorer, same tables"),
                                      (scoring_cases(armada_tables),
                                       reference_armada_cases(armada_tables, sample_fleet_values())), rounds)
    return first, second


def _check(data: GameData, rounds: int) -> Figures:
    """The trade checks with a naval construction."""
    armada = [_armada_check(*build) for build in armada_builds(data)]
    return time_cases(f"Armada: trade check with naval construction ({len(armada)} checks)", armada, rounds)


EXPANSION_ROWS.register("armada", ExpansionRows("Armada", _scoring, _check, "trade check with naval construction",
                                                2.0), game="armada")
