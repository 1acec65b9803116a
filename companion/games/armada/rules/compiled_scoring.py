"""Armada's part of the compiled scorer (`sevenwonders.rules.compiled_scoring`): the answers of Armada's
scoring hooks (`extension.ArmadaExtension`) read from a city's tally and port instead of walking the city.

`ArmadaScoring` is compiled once per Armada data and game's score plans (`armada_scoring`): where the tally
counts what Armada reads (the "most common symbol" effects, the guilds' wild symbols, the colours), each
fleet's rewards by space, and each island's tally, which counts the island itself, its fixed points and its
points per island besides its symbols and effects, so that a city's islands score from its tally. Per city it
adds the islands' tally, caps a guild at 10, scores the trade level, the most-common symbols and the science
a guild adds above its cap, and fills the naval, islands and port rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import lru_cache
from typing import Any
from weakref import WeakKeyDictionary

from companion.gamedata.effects import Effect, VictoryPoints
from companion.gamedata.facts import Unknown, UnknownValueError
from companion.games.armada.rules.data import ArmadaData, Island
from companion.games.armada.rules.effects import (
    PointsPerChosenColor,
    PointsPerIsland,
    PointsPerTradeLevel,
    ScienceMostCommon,
)
from companion.games.armada.rules.port import ARMADA, PortState, port_reward
from companion.games.sevenwonders.rules.extension import Gaps
from companion.games.sevenwonders.rules.score_plan import FIELD_BITS, GUILD_WILD, CardPlan, ScorePlans, best_placement
from companion.games.sevenwonders.rules.scoring import Choice
from companion.games.sevenwonders.rules.scoring_hooks import CompiledScoring
from companion.games.sevenwonders.rules.table import Player

__all__ = ["ARMADA_CATEGORIES", "GUILD_COLORS", "ArmadaScoring", "IslandPlan", "armada_scoring", "chosen_color_points",
           "science_points"]

_MASK = (1 << FIELD_BITS) - 1
GUILD_COLORS = ("purple",)
"""The colour of the guilds, whose points Armada caps at 10 a guild."""
ARMADA_CATEGORIES = ("naval", "islands", "port")
"""The rows the Armada score pad adds: naval conflict tokens, islands, the port board's blue fleet."""


@lru_cache(maxsize=4096)
def science_points(counts: tuple[int, ...], wilds: int, symbols: tuple[str, ...], set_points: int,
                   most_common: int) -> int:
    """The best science points of these symbol counts, wild and most-common symbols (`best_science`'s points,
    kept: a city's science is asked for again with each trial guild and each table)."""
    return best_placement(counts, wilds, symbols, set_points, most_common)[0]


def chosen_color_points(effect: PointsPerChosenColor, colors: Sequence[str], stated: str | None,
                        counts: Sequence[int], choices: list[Any]) -> int:
    """Rainbow Archipelago: points per card of the colour stated, else of the colour the city has most cards
    of (`counts`, in the order of `colors`; the first on a tie); the colour is noted among the `choices`."""
    index = colors.index(stated) if stated is not None and stated in colors else counts.index(max(counts))
    choices.append(_color_choice(colors[index], stated == colors[index], counts[index]))
    return effect.amount * counts[index]


@lru_cache(maxsize=1024)
def _color_choice(color: str, stated: bool, cards: int) -> Choice:
    """The choice of Rainbow Archipelago's colour (made once: it is the same on every line)."""
    return Choice("rainbow_color", color, stated, f"Rainbow Archipelago counts {color} cards ({cards})")


@dataclass(frozen=True, slots=True)
class IslandPlan:
    """An island's scoring facts: its tally (`ArmadaScoring.island`) and the effects whose points are read at
    the table (trade level, chosen colour), in the island's order."""

    tally: int
    at_table: tuple[Effect, ...]


ISLANDS = "armada:islands"
"""The tally field that counts a city's islands."""
ISLAND_POINTS = "armada:island_points"
"""The tally field of the islands' fixed points."""
PER_ISLAND = "armada:per_island"
"""The tally field of the islands' points per island of the city."""
AT_TABLE = "armada:at_table"
"""The tally field of the islands whose points are read at the table (trade level, chosen colour)."""


class ArmadaScoring(CompiledScoring):
    """Armada's scoring hooks answered from a city's tally and port (its part, a `PortState`), compiled once per
    Armada data and game's score plans (`armada_scoring`): where the tally counts what Armada reads, each
    island's tally, each fleet's rewards by space, the guild cap."""

    id = ARMADA
    score_rows = ARMADA_CATEGORIES
    reusable = True
    capped_colors = frozenset(GUILD_COLORS)
    trial_player = False

    def __init__(self, armada: ArmadaData, plans: ScorePlans) -> None:
        self.fleets = armada.fleets
        """The fleets' tracks (not the Armada data itself: `armada_scoring` keeps this object as long as the data
        lives, by a weak reference to the data)."""
        self.plans = plans
        self.rules = plans.rules
        self.guild_cap = armada.rules.guild_cap
        self.color_caps = dict.fromkeys(GUILD_COLORS, self.guild_cap)
        """A guild scores at most 10."""
        self.effect_points = {PointsPerTradeLevel: self._trade_level_points}
        tally = plans.tally
        self.most_common_shift = tally.shift(f"effect:{ScienceMostCommon.type}")
        self.guild_wild_shift = tally.shift(GUILD_WILD)
        self.color_shifts = tuple(tally.shift(f"color:{color}") for color in plans.rules.colors)
        """Where the tally counts the buildings of each colour, in the rules' order."""
        self.islands_shift = tally.shift(ISLANDS)
        self.island_points_shift = tally.shift(ISLAND_POINTS)
        self.per_island_shift = tally.shift(PER_ISLAND)
        self.at_table_shift = tally.shift(AT_TABLE)
        self.blue_vp = self._track("blue", "vp")
        self.trade_levels = self._track("yellow", "trade_level")
        self.islands: dict[Island, IslandPlan] = {}
        for island in armada.islands.values():
            self.island(island)

    def _track(self, fleet: str, field: str) -> tuple[int | Unknown, ...]:
        """The `field` value at each space of the `fleet` track."""
        track = self.fleets[fleet]
        return tuple(track.reward(level, field) for level in range(len(track.spaces)))

    def island(self, island: Island) -> IslandPlan:
        """The plan of an island (compiled when first met): its tally counts its symbols, wild symbols and effects
        of Armada's kinds, itself, its fixed points, its points per island and whether it has points read at the
        table."""
        plan = self.islands.get(island)
        if plan is None:
            fixed = per_island = 0
            at_table: list[Effect] = []
            for effect in island.effects:
                if isinstance(effect, VictoryPoints):
                    fixed += effect.amount
                elif isinstance(effect, PointsPerIsland):
                    per_island += effect.amount
                elif isinstance(effect, PointsPerTradeLevel | PointsPerChosenColor):
                    at_table.append(effect)
            tally = sum(map(self.plans.effect_tally, island.effects)) + self.plans.tally.of(
                [(ISLANDS, 1), (ISLAND_POINTS, fixed), (PER_ISLAND, per_island), (AT_TABLE, int(bool(at_table)))])
            plan = self.islands[island] = IslandPlan(tally, tuple(at_table))
        return plan

    def _reward(self, player: Player, port: PortState, fleet: str, field: str, track: tuple[int | Unknown, ...]
                ) -> int:
        """The `field` value at the `fleet` ship's space: as the table file read it off the board, else the data's.

        :raises UnknownValueError: naming it on the player's port board when nobody has entered it.
        """
        level = port.fleets.get(fleet, 0)
        value = track[level]
        if port.printed or isinstance(value, Unknown):
            return port_reward(self.fleets[fleet], port, player, field, level)
        return value

    def _trade_level(self, player: Player, port: Any) -> int:
        if not isinstance(port, PortState):
            raise ValueError(f"{player.name}'s table does not play with Armada")
        return self._reward(player, port, "yellow", "trade_level", self.trade_levels)

    def _trade_level_points(self, seat: int, player: Player, effect: PointsPerTradeLevel) -> int:
        """Customs Office and the like: points per level of the city's trade (its yellow ship)."""
        return effect.amount * self._trade_level(player, player.extras.get(ARMADA))

    def city_tally(self, part: Any) -> int:
        """The tally of the city's islands."""
        if not isinstance(part, PortState) or not part.islands:
            return 0
        islands = self.islands
        return sum([(islands.get(island) or self.island(island)).tally for island in part.islands])

    def card_cap(self, seat: int, player: Player, plan: CardPlan, points: int) -> int:
        """A guild scores at most 10 (`color_caps`)."""
        return min(points, self.guild_cap) if plan.is_guild else points

    def most_common(self, seat: int, player: Player, part: Any, tally: int) -> tuple[int, str | None]:
        """The city's "most common science symbol" effects, and the type stated for a tie."""
        return (tally >> self.most_common_shift) & _MASK, \
            part.most_common_symbol if isinstance(part, PortState) else None

    def science_excess(self, seat: int, player: Player, part: Any, tally: int, points: int, wilds: int,
                       most_common: int) -> int:
        """A guild scores at most 10: the points a guild's wild symbol adds to science above the cap."""
        guild_wilds = (tally >> self.guild_wild_shift) & _MASK
        if not guild_wilds:
            return 0
        rules = self.rules
        counts = tuple([(tally >> shift) & _MASK for shift in self.plans.symbol_shifts])
        without = science_points(counts, wilds - guild_wilds, rules.science_symbols, rules.science_set_points,
                                 most_common)
        return max(0, points - without - self.guild_cap * guild_wilds)

    def score(self, seat: int, player: Player, part: Any, tally: int, points: dict[str, int], gaps: Gaps,
              choices: list[Choice]) -> None:
        """The Armada rows: naval tokens, the blue fleet, the islands (fixed points, points per island, then
        those read at the table in each island's order)."""
        if not isinstance(part, PortState):
            return
        points["naval"] = sum(part.naval_tokens)
        try:
            points["port"] = self._reward(player, part, "blue", "vp", self.blue_vp)
        except UnknownValueError as error:
            gaps.add("port", error)
        islands = (tally >> self.islands_shift) & _MASK
        if not islands:
            return
        points["islands"] += ((tally >> self.island_points_shift) & _MASK) \
            + ((tally >> self.per_island_shift) & _MASK) * islands
        if (tally >> self.at_table_shift) & _MASK:
            for island in part.islands:
                for effect in self.island(island).at_table:
                    try:
                        points["islands"] += self._at_table(player, part, tally, effect, choices)
                    except UnknownValueError as error:
                        gaps.add("islands", error)

    def _at_table(self, player: Player, port: PortState, tally: int, effect: Effect, choices: list[Choice]) -> int:
        if isinstance(effect, PointsPerTradeLevel):
            return effect.amount * self._trade_level(player, port)
        assert isinstance(effect, PointsPerChosenColor)
        return chosen_color_points(effect, self.rules.colors, port.rainbow_color,
                                   [(tally >> shift) & _MASK for shift in self.color_shifts], choices)


_SCORINGS: WeakKeyDictionary[ArmadaData, ArmadaScoring] = WeakKeyDictionary()


def armada_scoring(armada: ArmadaData, plans: ScorePlans) -> ArmadaScoring:
    """Armada's compiled scoring of `armada` with the game's `plans`, kept as long as the Armada data is."""
    scoring = _SCORINGS.get(armada)
    if scoring is None or scoring.plans is not plans:
        scoring = _SCORINGS[armada] = ArmadaScoring(armada, plans)
    return scoring
