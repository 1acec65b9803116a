"""What the compiled scorer asks of the expansions a table plays with (today Armada's rules).

Kept apart from `compiled_scoring` so that the base scorer names no expansion: every function here
adds nothing at a table without expansions.
"""

from __future__ import annotations

from collections.abc import Sequence

from companion.gamedata.facts import UnknownValueError
from companion.games.armada.rules.effects import PointsPerTradeLevel, ScienceMostCommon
from companion.games.armada.rules.port import fleet_reward, trade_level
from companion.games.sevenwonders.rules.score_plan import GUILD_WILD, CardPlan, EffectsPlan, ScorePlans
from companion.games.sevenwonders.rules.scoring import Choice, _Gaps, _island_points, _scientists_guild_excess
from companion.games.sevenwonders.rules.table import Player, Table

__all__ = [
    "Gaps",
    "expansion_card_points",
    "expansion_extra_effects",
    "expansion_rows",
    "expansion_science",
    "has_expansions",
    "most_common_symbols",
]

Gaps = _Gaps


def has_expansions(table: Table) -> bool:
    """True when the table plays with an expansion that changes scoring."""
    return table.armada is not None


def expansion_card_points(table: Table, seat: int, plan: CardPlan, points: int) -> int:
    """A building's points once the expansions' effect kinds are added and their limits applied.

    :raises UnknownValueError: when they depend on an unknown value (an Armada trade level).
    """
    if not (plan.effects.others or plan.is_guild):
        return points
    for effect in plan.effects.others:
        if isinstance(effect, PointsPerTradeLevel):
            points += effect.amount * trade_level(table, seat)
    if plan.is_guild and table.armada is not None:
        points = min(points, table.armada.rules.guild_cap)
    return points


def expansion_extra_effects(table: Table, player: Player, plans: ScorePlans) -> list[EffectsPlan]:
    """The plans of the parts expansions add to a city (Armada's islands)."""
    if player.port is None:
        return []
    return [plans.part(island, island.effects) for island in player.port.islands]


def most_common_symbols(table: Table, seat: int, plans: ScorePlans, tally: int) -> tuple[int, str | None]:
    """How many symbols the city (of this `tally`) adds to its most common science type, and the type
    stated for a tie."""
    if table.armada is None:
        return 0, None
    return plans.count(tally, f"effect:{ScienceMostCommon.type}"), table.players[seat].choices.most_common_symbol


def expansion_science(table: Table, seat: int, points: int, wilds: int, most_common: int, plans: ScorePlans,
                      tally: int) -> int:
    """Science points above an expansion's limit, taken off (Armada: a guild's wild symbol at most 10)."""
    if table.armada is None or not plans.count(tally, GUILD_WILD):
        return 0
    return _scientists_guild_excess(table, seat, points, wilds, most_common)


def expansion_rows(table: Table, seat: int, points: dict[str, int], gaps: Gaps, choices: list[Choice],
                   extra: Sequence[EffectsPlan]) -> None:
    """Fill the rows the expansions add to the score pad (`extra`: the plans of the city's islands)."""
    player = table.players[seat]
    port = player.port
    if table.armada is None or port is None:
        return
    points["naval"] = sum(port.naval_tokens)
    try:
        points["port"] = fleet_reward(table, seat, "blue", "vp")
    except UnknownValueError as error:
        gaps.add("port", error)
    for plan in extra:
        points["islands"] += plan.vp
        for effect in plan.others:
            try:
                points["islands"] += _island_points(table, seat, effect, len(port.islands), choices)
            except UnknownValueError as error:
                gaps.add("islands", error)
