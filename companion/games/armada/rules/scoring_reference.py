"""The plain standard-library scorer of Armada tables: the reference `companion bench rules` times the
engine against on Armada tables.

Like the base game's (`sevenwonders.rules.scoring_reference`, which it extends), kept simple on
purpose: armada.json as `json.load` gives it plus the values an owner entered (fact key -> value),
an `if` per effect type. It adds the Armada score pad's rows (naval tokens, islands, the blue
fleet's points), Armada's card and island points, the "most common symbol" effects and the cap of
10 points per guild. It maximises every choice and needs every value it reads entered.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any

from companion.games.sevenwonders.rules.scoring_reference import PlainScorer, data_file

__all__ = ["PlainArmadaScorer"]

ROWS = ("naval", "islands", "port")
"""The rows the Armada score pad adds."""


class PlainArmadaScorer(PlainScorer):
    """Scores Armada table-file documents with the shipped data and the values an owner entered."""

    def __init__(self, values: Mapping[str, object]) -> None:
        super().__init__()
        armada = data_file("companion.games.armada", "armada.json")
        self.cards.update({card["id"]: card for card in armada["cards"]})
        self.islands = {island["id"]: island for island in armada["islands"]}
        self.guild_cap: int = armada["guild_cap"]["points"]
        self.order = [*self.order, *ROWS]
        self.rewards: dict[tuple[str, int, str], Any] = {}
        for fleet in armada["fleets"]:
            for level, space in enumerate(fleet["spaces"]):
                for field, fact in space.items():
                    key = f"fleet.{fleet['id']}.{level}.{field}"
                    if key in values:
                        self.rewards[(fleet["id"], level, field)] = values[key]
                    elif "value" in fact:
                        self.rewards[(fleet["id"], level, field)] = fact["value"]

    def reward(self, player: dict[str, Any], fleet: str, field: str) -> int:
        """The value at the space of the player's `fleet` ship (as read off the board, when the file says)."""
        printed = player.get("fleet_values", {}).get(fleet, {})
        if field in printed:
            return int(printed[field])
        return int(self.rewards[(fleet, player.get("fleets", {}).get(fleet, 0), field)])

    def island_effects(self, player: dict[str, Any]) -> list[dict[str, Any]]:
        """The effects of the player's islands."""
        return [effect for island in player.get("islands", []) for effect in self.islands[island]["effects"]]

    def card_points(self, card: dict[str, Any], players: list[dict[str, Any]], seat: int, cards: list[str],
                    options: dict[str, int]) -> int:
        total = super().card_points(card, players, seat, cards, options)
        for effect in card["effects"]:
            if effect["type"] == "vp_per_trade_level":
                total += effect["amount"] * self.reward(players[seat], "yellow", "trade_level")
        return min(total, self.guild_cap) if card["color"] == "purple" else total

    def city_effects(self, player: dict[str, Any], cards: list[str]) -> list[dict[str, Any]]:
        return super().city_effects(player, cards) + self.island_effects(player)

    def science_points(self, player: dict[str, Any], cards: list[str], symbols: dict[str, int], wilds: int) -> int:
        most_common = sum(1 for e in self.city_effects(player, cards) if e["type"] == "science_most_common")
        points = self.science(symbols, wilds, most_common)
        guild_wilds = sum(1 for card in cards if self.cards[card]["color"] == "purple"
                          for effect in self.cards[card]["effects"] if effect["type"] == "science_wild")
        if not guild_wilds:
            return points
        without = self.science(symbols, wilds - guild_wilds, most_common)
        return points - max(0, points - without - self.guild_cap * guild_wilds)

    def add_rows(self, points: dict[str, int], players: list[dict[str, Any]], seat: int, cards: list[str]) -> None:
        player = players[seat]
        points["naval"] = sum(player.get("naval_tokens", []))
        points["port"] = self.reward(player, "blue", "vp")
        islands = player.get("islands", [])
        for effect in self.island_effects(player):
            if effect["type"] == "vp":
                points["islands"] += effect["amount"]
            elif effect["type"] == "vp_per_island":
                points["islands"] += effect["amount"] * len(islands)
            elif effect["type"] == "vp_per_trade_level":
                points["islands"] += effect["amount"] * self.reward(player, "yellow", "trade_level")
            elif effect["type"] == "vp_per_card_of_chosen_color":
                colors = [self.cards[card]["color"] for card in cards]
                points["islands"] += effect["amount"] * max(colors.count(color) for color in set(colors) or {""})
