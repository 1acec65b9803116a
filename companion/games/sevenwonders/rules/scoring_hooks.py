"""What the compiled scorer asks of the expansions a table plays with (today Armada's rules).

Kept apart from `compiled_scoring` so that the base scorer names no expansion: every function here
adds nothing at a table without expansions.
"""

from __future__ import annotations

from companion.games.armada.rules.effects import PointsPerTradeLevel, ScienceMostCommon
from companion.games.armada.rules.port import trade_level
from companion.games.sevenwonders.rules.city import city_effects
from companion.games.sevenwonders.rules.score_plan import CardPlan, EffectsPlan, ScorePlans, compile_effects
from companion.games.sevenwonders.rules.scoring import Choice, _armada_points, _Gaps, _scientists_guild_excess
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
    for effect in plan.effects.others:
        if isinstance(effect, PointsPerTradeLevel):
            points += effect.amount * trade_level(table, seat)
    if plan.card.is_guild and table.armada is not None:
        points = min(points, table.armada.rules.guild_cap)
    return points


def expansion_extra_effects(table: Table, player: Player, plans: ScorePlans) -> list[EffectsPlan]:
    """The plans of the parts expansions add to a city (Armada's islands)."""
    if player.port is None:
        return []
    return [compile_effects(island.effects, plans.tally) for island in player.port.islands]


def most_common_symbols(table: Table, seat: int) -> tuple[int, str | None]:
    """How many symbols the city adds to its most common science type, and the type stated for a tie."""
    if table.armada is None:
        return 0, None
    player = table.players[seat]
    return sum(1 for e in city_effects(player) if isinstance(e, ScienceMostCommon)), \
        player.choices.most_common_symbol


def expansion_science(table: Table, seat: int, points: int, wilds: int, most_common: int) -> int:
    """Science points above an expansion's limit, taken off (Armada: a guild's wild symbol at most 10)."""
    if table.armada is None:
        return 0
    return _scientists_guild_excess(table, seat, points, wilds, most_common)


def expansion_rows(table: Table, seat: int, points: dict[str, int], gaps: Gaps, choices: list[Choice]) -> None:
    """Fill the rows the expansions add to the score pad."""
    if table.armada is not None:
        _armada_points(table, seat, points, gaps, choices)
