"""What the compiled scorer asks of the expansions a table plays with (`rules.extension`): the same questions
the effect-walking scorer asks, in the same order, put to a `CompiledScoring`.

A `CompiledScoring` answers for a city given as its seat, its player (Olympia's with her trial guild while she
tries it, when `trial_player`), its tally (`score_plan.Tally`) and its part (what the expansion adds to it,
``Player.extras[id]``, read once per city). An expansion may compile its own, once per game data, that answers
from the tally and its own data (`SevenWondersExtension.compiled_scoring`: Armada's); otherwise `HookScoring`
asks the expansion's hooks on the table. Several expansions at one table are asked as one
(`ExpansionsScoring`). Nothing here names an expansion.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import Any

from companion.gamedata.effects import Effect
from companion.games.sevenwonders.rules.extension import POINTS, Gaps, PointsRule, SevenWondersExtension
from companion.games.sevenwonders.rules.score_plan import CardPlan, ScorePlans
from companion.games.sevenwonders.rules.scoring import Choice
from companion.games.sevenwonders.rules.table import Player, Table

__all__ = ["CompiledScoring", "EffectPoints", "ExpansionsScoring", "Gaps", "HookScoring", "effect_points",
           "expansions_scoring"]

EffectPoints = Callable[[int, Player, Any], int]
"""The points one effect of a building gives the city of `player` at a seat (`extension.PointsRule`, compiled).

:raises UnknownValueError: when they depend on a value nobody has entered.
"""


class CompiledScoring:
    """An expansion's part of the compiled scorer: what it adds to a city's tally, to a building's points, to
    science and to the score rows. Every answer here adds nothing; a subclass answers for its expansion."""

    id: str = ""
    """The expansion's id: the key of its part of a city (``Player.extras``)."""
    score_rows: tuple[str, ...] = ()
    """The rows the expansion adds to the score pad (`SevenWondersExtension.score_rows`)."""
    reusable: bool = False
    """True when one object scores every table of its data (compiled once per game data, as Armada's): the
    scorer then keeps what it derives from it for the next table, in `kept`."""
    kept: Any = None
    """What the compiled scorer derived from a reusable object (`compiled_scoring._Setup`), kept on it."""
    capped_colors: frozenset[str] = frozenset()
    """The colours of the buildings whose points `card_cap` may lower (only these and the buildings whose points
    need more than a tally are scored one by one)."""
    color_caps: Mapping[str, int] | None = None
    """The most points one building of each capped colour scores, when the cap is that simple (the scorer then
    applies it without asking `card_cap`); None: `card_cap` is asked building by building."""
    effect_points: Mapping[type[Effect], EffectPoints] = {}
    """The points of the expansion's effect kinds, compiled (else `extension.POINTS`' rule on the table)."""
    trial_player: bool = True
    """Whether Olympia's trial guild must be among her `player`'s buildings when she tries it (her tally counts
    it always): False when the answers read the tally and the part only (a new `Player` per trial saved)."""

    def part(self, player: Player) -> Any:
        """What the expansion adds to the city of `player` (``Player.extras[id]``), None for nothing: the other
        questions are asked with it."""
        return player.extras.get(self.id)

    def city_tally(self, part: Any) -> int:
        """The tally of what the expansion adds to a city (`extension.CityPart`: Armada's islands)."""
        return 0

    def card_cap(self, seat: int, player: Player, plan: CardPlan, points: int) -> int:
        """One building's points once the expansion's limits apply."""
        return points

    def most_common(self, seat: int, player: Player, part: Any, tally: int) -> tuple[int, str | None]:
        """The symbols the city adds to its most common science type, and the type stated for a tie."""
        return 0, None

    def science_excess(self, seat: int, player: Player, part: Any, tally: int, points: int, wilds: int,
                       most_common: int) -> int:
        """Science points above the expansion's limits (`points` placed at best with `wilds` wild symbols)."""
        return 0

    def score(self, seat: int, player: Player, part: Any, tally: int, points: dict[str, int], gaps: Gaps,
              choices: list[Choice]) -> None:
        """Fill the expansion's rows of the city's line (its gaps and choices added to `gaps` and `choices`)."""


def _table_with(table: Table, seat: int, player: Player) -> Table:
    """The table with `player` at `seat`: the table itself, or Olympia's trial table while she tries a guild."""
    return table if table.players[seat] is player else table.with_player(seat, player)


class HookScoring(CompiledScoring):
    """An expansion's part of the compiled scorer at one table, asking its scoring hooks (`SevenWondersExtension`)
    on the table (on Olympia's trial table while she tries a guild): for an expansion that compiles none."""

    def __init__(self, extension: SevenWondersExtension, table: Table, plans: ScorePlans) -> None:
        self.extension = extension
        self.id = extension.id
        self.score_rows = extension.score_rows
        self.table = table
        self.plans = plans
        self.capped_colors = frozenset(extension.capped_colors)
        self._trial: tuple[Player, Table] | None = None

    def table_of(self, seat: int, player: Player) -> Table:
        """The table with `player` at `seat` (Olympia's trial table kept while she tries her guild)."""
        if self._trial is None or self._trial[0] is not player:
            self._trial = (player, _table_with(self.table, seat, player))
        return self._trial[1]

    def city_tally(self, part: Any) -> int:
        if part is None:
            return 0
        return sum(map(self.plans.effect_tally, part.effects()))

    def card_cap(self, seat: int, player: Player, plan: CardPlan, points: int) -> int:
        return self.extension.card_points_cap(self.table_of(seat, player), plan.card, points)

    def most_common(self, seat: int, player: Player, part: Any, tally: int) -> tuple[int, str | None]:
        return self.extension.most_common_symbols(self.table_of(seat, player), seat)

    def science_excess(self, seat: int, player: Player, part: Any, tally: int, points: int, wilds: int,
                       most_common: int) -> int:
        return self.extension.science_excess(self.table_of(seat, player), seat, points, wilds, most_common)

    def score(self, seat: int, player: Player, part: Any, tally: int, points: dict[str, int], gaps: Gaps,
              choices: list[Choice]) -> None:
        self.extension.score(self.table_of(seat, player), seat, points, gaps, choices)


class ExpansionsScoring(CompiledScoring):
    """The compiled scoring of several expansions at one table (or of none), as one: each asked in the table's
    order; a city's part is the tuple of theirs."""

    def __init__(self, each: Sequence[CompiledScoring]) -> None:
        self.each = tuple(each)
        self.score_rows = tuple(row for scoring in each for row in scoring.score_rows)
        self.capped_colors = frozenset(color for scoring in each for color in scoring.capped_colors)
        caps: dict[str, int] | None = {}
        for scoring in each:
            if scoring.color_caps is None or caps is None:
                caps = None
                continue
            for color, cap in scoring.color_caps.items():
                caps[color] = min(cap, caps.get(color, cap))
        self.color_caps = caps
        self.effect_points = {kind: rule for scoring in each for kind, rule in scoring.effect_points.items()}
        self.trial_player = any(scoring.trial_player for scoring in each)

    def part(self, player: Player) -> tuple[Any, ...]:
        return tuple([scoring.part(player) for scoring in self.each])

    def city_tally(self, part: Any) -> int:
        return sum(scoring.city_tally(own) for scoring, own in zip(self.each, part, strict=True))

    def card_cap(self, seat: int, player: Player, plan: CardPlan, points: int) -> int:
        for scoring in self.each:
            points = scoring.card_cap(seat, player, plan, points)
        return points

    def most_common(self, seat: int, player: Player, part: Any, tally: int) -> tuple[int, str | None]:
        most_common, stated = 0, None
        for scoring, own in zip(self.each, part, strict=True):
            more, symbol = scoring.most_common(seat, player, own, tally)
            most_common, stated = most_common + more, stated or symbol
        return most_common, stated

    def science_excess(self, seat: int, player: Player, part: Any, tally: int, points: int, wilds: int,
                       most_common: int) -> int:
        return sum(scoring.science_excess(seat, player, own, tally, points, wilds, most_common)
                   for scoring, own in zip(self.each, part, strict=True))

    def score(self, seat: int, player: Player, part: Any, tally: int, points: dict[str, int], gaps: Gaps,
              choices: list[Choice]) -> None:
        for scoring, own in zip(self.each, part, strict=True):
            scoring.score(seat, player, own, tally, points, gaps, choices)


def expansions_scoring(table: Table, plans: ScorePlans) -> CompiledScoring:
    """The compiled scoring of the expansions the table plays with, as one (`ExpansionsScoring` unless it plays
    with exactly one): each expansion's own (`SevenWondersExtension.compiled_scoring`), else `HookScoring`."""
    found: list[CompiledScoring] = []
    for extension in table.extensions:
        compiled = extension.compiled_scoring(table, plans)
        found.append(compiled if compiled is not None else HookScoring(extension, table, plans))
    return found[0] if len(found) == 1 else ExpansionsScoring(found)


def _on_table(table: Table, rule: PointsRule) -> EffectPoints:
    def points(seat: int, player: Player, effect: Any) -> int:
        return rule(_table_with(table, seat, player), seat, effect)
    return points


def effect_points(expansion: CompiledScoring, table: Table) -> Mapping[type[Effect], EffectPoints]:
    """The points of every effect kind an expansion scores (`extension.POINTS`), as the table's expansions
    compiled them, else asked of the rule on the table."""
    compiled = expansion.effect_points
    if POINTS.keys() <= compiled.keys():
        return compiled
    rules = {kind: _on_table(table, rule) for kind, rule in POINTS.items()}
    rules.update(compiled)
    return rules
