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
from itertools import combinations_with_replacement
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

    def line(self, players: list[dict[str, Any]], seat: int, cards: list[str], options: dict[str, int]
             ) -> dict[str, int]:
        player = players[seat]
        points = dict.fromkeys(self.order, 0)
        points["military"] = sum(player["tokens"])
        points["treasury"] = player["coins"] // self.coins_per_point
        points["naval"] = sum(player.get("naval_tokens", []))
        points["port"] = self.reward(player, "blue", "vp")
        trade_level = self.reward(player, "yellow", "trade_level")
        science = {"symbols": {}, "wilds": 0, "most_common": 0, "guild_wilds": 0}
        for effect in self.stage_effects(player):
            if effect["type"] == "vp":
                points["wonder"] += effect["amount"]
            elif effect["type"] == "vp_per":
                points["wonder"] += effect["amount"] * self.count(effect, players, seat, cards)
            self.add_science(effect, science, guild=False)
        for card_id in cards:
            card = self.cards[card_id]
            total = 0
            for effect in card["effects"]:
                if effect["type"] == "vp":
                    total += effect["amount"]
                elif effect["type"] == "vp_per":
                    per = options[effect["option"]] if "option" in effect else effect["amount"]
                    total += per * self.count(effect, players, seat, cards)
                elif effect["type"] == "vp_per_trade_level":
                    total += effect["amount"] * trade_level
                self.add_science(effect, science, guild=card["color"] == "purple")
            if total:
                points[self.categories[card["color"]]] += min(total, self.guild_cap) \
                    if card["color"] == "purple" else total
        for effect in self.island_effects(player):
            points["islands"] += self.island_points(effect, player, cards, trade_level)
            self.add_science(effect, science, guild=False)
        points["science"] = self.capped_science(science)
        return points

    @staticmethod
    def add_science(effect: dict[str, Any], science: dict[str, Any], guild: bool) -> None:
        """Count a science effect: a symbol, a wild symbol (a guild's apart) or a most-common symbol."""
        if effect["type"] == "science":
            science["symbols"][effect["symbol"]] = science["symbols"].get(effect["symbol"], 0) + 1
        elif effect["type"] == "science_wild":
            science["wilds"] += 1
            science["guild_wilds"] += guild
        elif effect["type"] == "science_most_common":
            science["most_common"] += 1

    def capped_science(self, science: dict[str, Any]) -> int:
        """The best science score, less what the guilds' wild symbols add above the cap of a guild."""
        points = self.most_common_science(science["symbols"], science["wilds"], science["most_common"])
        if not science["guild_wilds"]:
            return points
        without = self.most_common_science(science["symbols"], science["wilds"] - science["guild_wilds"],
                                           science["most_common"])
        excess: int = max(0, points - without - self.guild_cap * science["guild_wilds"])
        return points - excess

    def most_common_science(self, symbols: dict[str, int], wilds: int, most_common: int) -> int:
        """The best science score with the wild symbols tried as every symbol and the most-common symbols
        added to each type the city then has most of."""
        best = 0
        for extra in combinations_with_replacement(self.symbol_types, wilds):
            counts = dict(symbols)
            for symbol in extra:
                counts[symbol] = counts.get(symbol, 0) + 1
            values = [counts.get(symbol, 0) for symbol in self.symbol_types]
            for index, value in enumerate(values):
                if value == max(values):
                    final = [v + most_common if i == index else v for i, v in enumerate(values)]
                    best = max(best, sum(v * v for v in final) + self.set_points * min(final))
        return best

    def island_points(self, effect: dict[str, Any], player: dict[str, Any], cards: list[str], trade_level: int
                      ) -> int:
        """The points of one island effect."""
        if effect["type"] == "vp":
            return int(effect["amount"])
        if effect["type"] == "vp_per_island":
            return int(effect["amount"]) * len(player.get("islands", []))
        if effect["type"] == "vp_per_trade_level":
            return int(effect["amount"]) * trade_level
        if effect["type"] == "vp_per_card_of_chosen_color":
            colors = [self.cards[card]["color"] for card in cards]
            return int(effect["amount"]) * max([colors.count(color) for color in colors] or [0])
        return 0

    def island_effects(self, player: dict[str, Any]) -> list[dict[str, Any]]:
        """The effects of the player's islands."""
        return [effect for island in player.get("islands", []) for effect in self.islands[island]["effects"]]
