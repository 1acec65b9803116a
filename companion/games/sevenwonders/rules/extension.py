"""How an expansion plugs into the 7 Wonders rules: the hooks it may implement and the registries it fills.

A table holds one `SevenWondersExtension` per expansion it plays with (``Table.extensions``); the base
engine asks each for what it adds (cards, sellers, a step paid with a build, conflicts, score rows, caps)
and every hook's default adds nothing, so a table without expansions runs the base game's code alone.
An expansion registers its extension class in `EXTENSIONS` (by the id table files write in
``expansions``), the points of its own effect kinds in `POINTS`, and the city parts it adds to a
player (``Player.extras``) bring their own effects. The base game never imports an expansion.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, ClassVar, Protocol

from companion.gamedata.effects import Effect
from companion.gamedata.facts import Unknown, UnknownValueError, describe_unknowns
from companion.plugins import Registry

if TYPE_CHECKING:
    from companion.games.sevenwonders.rules.model import Card, Cost
    from companion.games.sevenwonders.rules.score_plan import ScorePlans
    from companion.games.sevenwonders.rules.scoring_hooks import CompiledScoring
    from companion.games.sevenwonders.rules.table import Table
    from companion.games.sevenwonders.rules.trade import Seller

__all__ = [
    "EXTENSIONS",
    "POINTS",
    "BuildStep",
    "CityPart",
    "Gaps",
    "PointsRule",
    "Refusal",
    "SevenWondersExtension",
    "discard_reward_owner",
    "expansion_score_rows",
    "register_points",
    "step_kinds",
    "unknown_refusal",
]


@dataclass(frozen=True)
class Refusal:
    """Why a build is refused: a sentence, a code for faces that word it themselves, the values for the
    wording, and the values nobody has entered when the answer needs them (code ``unknown_value``)."""

    reason: str
    code: str
    values: tuple[tuple[str, object], ...] = ()
    unknowns: tuple[Unknown, ...] = ()


def unknown_refusal(unknowns: Sequence[Unknown]) -> Refusal:
    """The refusal of a check that depends on values nobody has entered."""
    return Refusal(f"it depends on values not known yet: {describe_unknowns(unknowns)}", "unknown_value",
                   (("unknown", tuple(u.key for u in unknowns)),), tuple(unknowns))


class Gaps:
    """The unknown values met while scoring one line, per category."""

    __slots__ = ("by_category",)

    def __init__(self) -> None:
        self.by_category: dict[str, list[Unknown]] = {}

    def add(self, category: str, error: UnknownValueError) -> None:
        """Note the values `error` names as missing from `category`."""
        self.by_category.setdefault(category, []).extend(error.unknowns)

    def frozen(self) -> dict[str, tuple[Unknown, ...]]:
        """The gaps per category, as a score line keeps them."""
        return {c: tuple(gaps) for c, gaps in self.by_category.items()}


class BuildStep(Protocol):
    """Something an expansion lets a player pay for with a build, in the same purchase (Armada's naval
    construction): `kind` is its name in a check's JSON (``"naval"``)."""

    @property
    def kind(self) -> str:
        """The step's name: its key in a check's JSON, and what `check_card(step=...)` asks for."""

    def describe(self) -> str:
        """What it does, for the sentence ``... can build Baths and <this>: ...``."""

    def to_json(self) -> dict[str, object]:
        """The step as a JSON object."""


class CityPart(Protocol):
    """What an expansion adds to a city (``Player.extras[expansion id]``, Armada's port): it may bring
    effects of its own (Armada's islands), which count as the city's."""

    def effects(self) -> Iterable[Effect]:
        """The effects this part gives its city."""


StepOptions = tuple[list[tuple[BuildStep, "Cost"]], Refusal | None]
"""The ways to pay a build step, each with the cost it adds; or why there is none."""
Choices = list[Any]
"""Score choices (`scoring.Choice`) a hook adds."""


class SevenWondersExtension:
    """An expansion of the base game at one table: override what the expansion changes."""

    id: ClassVar[str] = ""
    """The expansion's id, as table files write it in ``expansions``."""
    name: ClassVar[str] = ""
    """Its name in messages (``Armada``)."""
    score_rows: ClassVar[tuple[str, ...]] = ()
    """The rows its score pad adds after the base game's, in order."""
    step_kinds: ClassVar[tuple[str, ...]] = ()
    """The build steps it adds (`BuildStep.kind`)."""
    capped_colors: ClassVar[tuple[str, ...]] = ()
    """The colours of the buildings whose points `card_points_cap` may lower (the scorer asks it of no other)."""

    def cards(self) -> Mapping[str, Card]:
        """The buildings the expansion adds to the box."""
        return {}

    def box_player_count(self, table: Table, count: int) -> int:
        """The player count whose cards are in the decks, given the base game's `count`."""
        return count

    def guilds_dealt(self, table: Table, count: int) -> int:
        """How many guilds are dealt, given the base game's `count`."""
        return count

    def sellers(self, table: Table, seat: int) -> Sequence[Seller]:
        """Sellers beyond the two neighbours that `seat` may buy resources from."""
        return ()

    def step_options(self, table: Table, seat: int, kind: str, color: str | None, *, for_stage: bool,
                     option: str | None, from_discard: bool) -> StepOptions:
        """The ways to pay the build step `kind` (one of `step_kinds`) with a card of `color` or the next
        wonder stage (`for_stage`; `option` chooses among what the step allows), or why there is none."""
        return [], Refusal(f"{kind} is not a step of {self.name}", "no_step")

    @classmethod
    def absent(cls, table: Table, seat: int, kind: str, *, from_discard: bool) -> Refusal:
        """Why the step `kind` is refused at a table that does not play with this expansion."""
        return Refusal(f"{table.players[seat].name}'s table does not play with {cls.name}", f"no_{cls.id}")

    # -- the turn (`rules.turns`) ------------------------------------------------------------------------
    discard_rewards: ClassVar[tuple[str, ...]] = ()
    """What a discard may give instead of the base game's coins (`Play.discard_reward`; Armada: ``yellow_step``)."""

    def cards_per_player(self, table: Table, count: int) -> int:
        """Cards dealt to each player at the start of an age, given the base game's `count` (an age has one
        turn less)."""
        return count

    def step_moves(self, table: Table, seat: int, step: BuildStep) -> tuple[Any, ...]:
        """What a build step paid with a build (`step`, one of `step_kinds`) moves when the turn closes
        (`TurnResult.ship_steps`; Armada: a ship's step)."""
        return ()

    def discard_refusal(self, table: Table, seat: int, reward: str) -> Refusal | None:
        """Why `seat` may not take `reward` (one of `discard_rewards`) for a discard now, or None."""
        return None

    @classmethod
    def discard_absent(cls, table: Table, seat: int, reward: str) -> Refusal:
        """Why the discard reward `reward` is refused at a table that does not play with this expansion."""
        return Refusal(f"a discard gives {table.data.rules.discard_coins} coins ({reward} is {cls.name}'s)",
                       f"no_{cls.id}")

    def discard_moves(self, table: Table, seat: int, reward: str) -> tuple[Any, ...]:
        """What a discard for `reward` (one of `discard_rewards`) moves when the turn closes."""
        return ()

    def discard_build_notes(self, table: Table, seat: int) -> tuple[str, ...]:
        """What the players are told of a build from the discard pile (text codes; Armada: ``moves_no_ship``)."""
        return ()

    # -- conflicts and scoring -------------------------------------------------------------------------
    def land_tokens_per_result(self, table: Table) -> int | None:
        """Tokens each player takes in a neighbours' land conflict, when the expansion changes it (teams)."""
        return None

    def more_land_pairs(self, table: Table, seen: set[frozenset[int]]) -> list[tuple[int, int, str, int]]:
        """Land conflicts beyond the neighbours' ones: (seat a, seat b, kind, tokens per result); a pair in
        `seen` (or one returned) never fights twice an age."""
        return []

    def card_points_cap(self, table: Table, card: Card, points: int) -> int:
        """The points of one building once the expansion's limits apply."""
        return points

    def most_common_symbols(self, table: Table, seat: int) -> tuple[int, str | None]:
        """How many science symbols the city adds to its most common type, and the type the player
        stated for a tie (Armada's Society of Navigators)."""
        return 0, None

    def science_excess(self, table: Table, seat: int, points: int, wilds: int, most_common: int) -> int:
        """Science points above a limit of the expansion, taken off (`points` placed at best)."""
        return 0

    def score(self, table: Table, seat: int, points: dict[str, int], gaps: Gaps, choices: Choices) -> None:
        """Fill this expansion's `score_rows` of the city's line (`points` has every row at 0)."""

    def compiled_scoring(self, table: Table, plans: ScorePlans) -> CompiledScoring | None:
        """This expansion's part of the compiled scorer at `table` (`plans`: the game's score plans): a
        `scoring_hooks.CompiledScoring` that gives the answers of the scoring hooks above from a city's tally
        and part, compiled once per data where it can (Armada's); None: the compiled scorer asks the hooks
        above on the table (`scoring_hooks.HookScoring`)."""
        return None


EXTENSIONS: Registry[type[SevenWondersExtension]] = Registry("7 Wonders expansion", "rules")
"""The expansions the rules know, by id: each registers its extension class."""

PointsRule = Callable[["Table", int, Any], int]
"""The points one effect of a building gives its city at `seat`."""
POINTS: dict[type[Effect], PointsRule] = {}
"""The points of effect kinds the base game does not know (an expansion's), by effect class."""
def register_points(kind: type[Effect]) -> Callable[[PointsRule], PointsRule]:
    """Decorator: `rule` scores a building's effect of `kind` (an expansion's effect kind)."""
    def register(rule: PointsRule) -> PointsRule:
        if kind in POINTS:
            raise ValueError(f"points of {kind.__name__} are registered twice")
        POINTS[kind] = rule
        return rule
    return register


def step_kinds() -> list[str]:
    """Every build step the installed expansions add, in their order (a check's JSON has a key for each)."""
    return [kind for extension in EXTENSIONS.values() for kind in extension.step_kinds]


def step_owner(kind: str) -> type[SevenWondersExtension] | None:
    """The expansion that adds the build step `kind`, if any is installed."""
    return next((extension for extension in EXTENSIONS.values() if kind in extension.step_kinds), None)


def discard_reward_owner(reward: str) -> type[SevenWondersExtension] | None:
    """The expansion whose discard gives `reward`, if any is installed."""
    return next((extension for extension in EXTENSIONS.values() if reward in extension.discard_rewards), None)


def expansion_score_rows(line: Mapping[str, object] | None = None) -> tuple[str, ...]:
    """The score rows the installed expansions add after the base game's, in their order; with a score
    `line` (a sheet's player as JSON), only the rows of the expansions that line was scored with."""
    return tuple(row for extension in EXTENSIONS.values()
                 if line is None or all(r in line for r in extension.score_rows) for row in extension.score_rows)
