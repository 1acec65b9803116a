"""A plain standard-library scorer: the reference `companion bench rules` times the engine against.

Written the way a competent person would score a table in one file, kept simple on purpose (like
`trade_reference`): the data files as `json.load` gives them, the table file's document, dict
lookups, an `if` per effect type, wild symbols tried by `combinations_with_replacement`, Olympia's
copy tried guild by guild, ranks with the coin tie-break. It maximises every choice (it ignores
choices a table file states) and knows the base game only; the bench asserts that it gives the
engine's totals on its tables before timing either.
"""

from __future__ import annotations

import json
from importlib import resources
from itertools import combinations_with_replacement
from typing import Any

__all__ = ["PlainScorer", "ReferenceLine", "data_file"]

ReferenceLine = tuple[str, dict[str, int], int]
"""A player's name, points per category and rank."""


def data_file(package: str, name: str) -> Any:
    """A shipped data file of a game's package, as `json` reads it."""
    return json.loads(resources.files(package).joinpath("data", name).read_text("utf-8"))


def _data_file(name: str) -> Any:
    return data_file("companion.games.sevenwonders", name)


class PlainScorer:
    """Scores table-file documents with the shipped cards, wonders and rules files."""

    def __init__(self) -> None:
        self.cards = {card["id"]: card for card in _data_file("cards.json")["cards"]}
        self.wonders = {wonder["id"]: wonder for wonder in _data_file("wonders.json")["wonders"]}
        rules = _data_file("rules.json")
        self.categories: dict[str, str] = rules["scoring"]["card_points_category"]
        self.order: list[str] = rules["scoring"]["order"]
        self.symbol_types: list[str] = [symbol["id"] for symbol in rules["science_symbols"]]
        self.set_points: int = rules["science"]["set_points"]
        self.coins_per_point: int = rules["treasury"]["coins_per_point"]
        self.options = {name: option["default"] for name, option in rules["options"].items()}

    def score(self, document: dict[str, Any]) -> list[ReferenceLine]:
        """Every player's points and rank, in seating order."""
        players = document["players"]
        options = {**self.options, **document.get("options", {})}
        lines = []
        for seat, player in enumerate(players):
            points = self.line(players, seat, player["cards"], options)
            if any(e["type"] == "copy_neighbor_guild" for e in self.stage_effects(player)):
                for neighbour in (players[(seat + 1) % len(players)], players[(seat - 1) % len(players)]):
                    for guild in neighbour["cards"]:
                        if self.cards[guild]["color"] == "purple" and guild not in player["cards"]:
                            trial = self.line(players, seat, [*player["cards"], guild], options)
                            if sum(trial.values()) > sum(points.values()):
                                points = trial
            lines.append((player["name"], points, player["coins"]))
        keys = [(sum(points.values()), coins) for _, points, coins in lines]
        return [(name, points, 1 + sum(1 for key in keys if key > keys[i]))
                for i, (name, points, _) in enumerate(lines)]

    def stage_effects(self, player: dict[str, Any]) -> list[dict[str, Any]]:
        """The effects of the player's built wonder stages."""
        stages = self.wonders[player["wonder"]]["sides"][player["side"]]["stages"][: player["stages"]]
        return [effect for stage in stages for effect in stage["effects"]]

    def count(self, effect: dict[str, Any], players: list[dict[str, Any]], seat: int, cards: list[str]) -> int:
        """What a per-item effect counts over its scope."""
        total = 0
        for where in effect["scope"]:
            other = seat if where == "self" else (seat + 1 if where == "left" else seat - 1) % len(players)
            if effect["count"] == "cards":
                counted = cards if where == "self" else players[other]["cards"]
                total += sum(1 for card in counted if self.cards[card]["color"] in effect["colors"])
            elif effect["count"] == "wonder_stages_built":
                total += players[other]["stages"]
            else:
                total += sum(1 for token in players[other]["tokens"] if token < 0)
        return total

    def line(self, players: list[dict[str, Any]], seat: int, cards: list[str], options: dict[str, int]
             ) -> dict[str, int]:
        """The points per category of the player at `seat` with these buildings."""
        player = players[seat]
        points = dict.fromkeys(self.order, 0)
        points["military"] = sum(player["tokens"])
        points["treasury"] = player["coins"] // self.coins_per_point
        symbols: dict[str, int] = {}
        wilds = 0
        for effect in self.stage_effects(player):
            if effect["type"] == "vp":
                points["wonder"] += effect["amount"]
            elif effect["type"] == "vp_per":
                points["wonder"] += effect["amount"] * self.count(effect, players, seat, cards)
            elif effect["type"] == "science":
                symbols[effect["symbol"]] = symbols.get(effect["symbol"], 0) + 1
            elif effect["type"] == "science_wild":
                wilds += 1
        for card_id in cards:
            card = self.cards[card_id]
            for effect in card["effects"]:
                if effect["type"] == "vp":
                    points[self.categories[card["color"]]] += effect["amount"]
                elif effect["type"] == "vp_per":
                    per = options[effect["option"]] if "option" in effect else effect["amount"]
                    points[self.categories[card["color"]]] += per * self.count(effect, players, seat, cards)
                elif effect["type"] == "science":
                    symbols[effect["symbol"]] = symbols.get(effect["symbol"], 0) + 1
                elif effect["type"] == "science_wild":
                    wilds += 1
        points["science"] = self.science(symbols, wilds)
        return points

    def science(self, symbols: dict[str, int], wilds: int) -> int:
        """The best science score, each wild symbol tried as every symbol."""
        best = 0
        for extra in combinations_with_replacement(self.symbol_types, wilds):
            counts = dict(symbols)
            for symbol in extra:
                counts[symbol] = counts.get(symbol, 0) + 1
            values = [counts.get(symbol, 0) for symbol in self.symbol_types]
            best = max(best, sum(v * v for v in values) + self.set_points * min(values))
        return best
