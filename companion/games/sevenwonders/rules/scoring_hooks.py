"""What the compiled scorer asks of the expansions a table plays with, through their hooks
(`rules.extension`): the same questions the effect-walking scorer asks, in the same order.

Every function here adds nothing at a table without expansions; none names an expansion.
"""

from __future__ import annotations

from companion.games.sevenwonders.rules.extension import POINTS, Counted, Gaps
from companion.games.sevenwonders.rules.score_plan import CardPlan, ScorePlans
from companion.games.sevenwonders.rules.scoring import Choice
from companion.games.sevenwonders.rules.table import Player, Table

__all__ = [
    "Gaps",
    "capped_colors",
    "expansion_card_points",
    "expansion_rows",
    "expansion_science",
    "expansion_tally",
    "has_expansions",
    "most_common_symbols",
]


def has_expansions(table: Table) -> bool:
    """True when the table plays with an expansion."""
    return bool(table.extensions)


def capped_colors(table: Table) -> frozenset[str]:
    """The colours of the buildings whose points the table's expansions may cap (Armada: the guilds')."""
    return frozenset(color for extension in table.extensions for color in extension.capped_colors)


def expansion_card_points(table: Table, seat: int, plan: CardPlan, points: int) -> int:
    """A building's points once the points of expansions' effect kinds are added (`POINTS`) and the
    expansions' limits applied (`card_points_cap`).

    :raises UnknownValueError: when they depend on an unknown value (an Armada trade level).
    """
    for effect in plan.effects.others:
        rule = POINTS.get(type(effect))
        if rule is not None:
            points += rule(table, seat, effect)
    for extension in table.extensions:
        points = extension.card_points_cap(table, plan.card, points)
    return points


def expansion_tally(plans: ScorePlans, player: Player) -> int:
    """The tally of what expansions add to a city (Armada's islands): their symbols, wild symbols and
    effects of other kinds."""
    tally = 0
    for part in player.extras.values():
        for effect in part.effects():
            tally += plans.effect_tally(effect)
    return tally


def most_common_symbols(table: Table, seat: int, count: Counted) -> tuple[int, str | None]:
    """How many symbols the city adds to its most common science type, and the type stated for a tie
    (`count` reads the city's tally)."""
    most_common, stated = 0, None
    for extension in table.extensions:
        more, symbol = extension.most_common_counted(table, seat, count)
        most_common, stated = most_common + more, stated or symbol
    return most_common, stated


def expansion_science(table: Table, seat: int, points: int, wilds: int, most_common: int, count: Counted) -> int:
    """Science points above the expansions' limits, taken off (Armada: a guild's wild symbol at most 10)."""
    return sum(extension.science_excess_counted(table, seat, points, wilds, most_common, count)
               for extension in table.extensions)


def expansion_rows(table: Table, seat: int, points: dict[str, int], gaps: Gaps, choices: list[Choice],
                   count: Counted) -> None:
    """Fill the rows the expansions add to the score pad."""
    for extension in table.extensions:
        extension.score_counted(table, seat, points, gaps, choices, count)
