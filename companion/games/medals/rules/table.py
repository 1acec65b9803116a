"""What Medals keeps at an Architects table: the variant and where the medals lie
(``ArchitectsTable.extras["medals"]``), and the medals each player won (``ArchitectsPlayer.extras["medals"]``)."""

from __future__ import annotations

from dataclasses import dataclass, replace

from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable
from companion.games.medals.rules.data import MEDALS

__all__ = ["EXPERT", "STANDARD", "VARIANTS", "MedalLayout", "MedalsState", "has_medals", "is_expert", "medal_layout",
           "medal_variant", "medals_of", "with_medals", "with_medals_won"]

STANDARD, EXPERT = "standard", "expert"
VARIANTS = (STANDARD, EXPERT)
"""The ways to play Medals: a medal between each two neighbours; plus 2 in the centre, open to everybody."""


@dataclass(frozen=True)
class MedalLayout:
    """Where the medals lie: `between[k]` between seat k and seat k+1 (None: not known), and the
    medals in the centre (expert variant)."""

    between: tuple[str | None, ...]
    center: tuple[str, ...] = ()


@dataclass(frozen=True)
class MedalsState:
    """Medals at one table: the variant (None: not said, read as standard) and the layout (None: not known)."""

    variant: str | None = None
    layout: MedalLayout | None = None


NO_STATE = MedalsState()


def has_medals(table: ArchitectsTable) -> bool:
    """True when the table plays with Medals."""
    return MEDALS in table.expansions


def _state(table: ArchitectsTable) -> MedalsState:
    state = table.extras.get(MEDALS, NO_STATE)
    assert isinstance(state, MedalsState)
    return state


def medal_variant(table: ArchitectsTable) -> str | None:
    """The variant the table plays (None: not said)."""
    return _state(table).variant


def medal_layout(table: ArchitectsTable) -> MedalLayout | None:
    """Where the medals lie at the table (None: not known)."""
    return _state(table).layout


def is_expert(table: ArchitectsTable) -> bool:
    """True in the expert variant (2 more medals in the centre, open to everybody)."""
    return _state(table).variant == EXPERT


def medals_of(player: ArchitectsPlayer) -> tuple[str, ...]:
    """The medals the player won, in the order taken."""
    won = player.extras.get(MEDALS, ())
    assert isinstance(won, tuple)
    return won


def with_medals_won(player: ArchitectsPlayer, medals: tuple[str, ...]) -> ArchitectsPlayer:
    """The player holding these medals (none: no Medals part at all, as a table file without them reads)."""
    extras = {k: v for k, v in player.extras.items() if k != MEDALS}
    return replace(player, extras={**extras, MEDALS: tuple(medals)} if medals else extras)


def with_medals(table: ArchitectsTable, variant: str | None = STANDARD, layout: MedalLayout | None = None,
                won: dict[int, tuple[str, ...]] | None = None) -> ArchitectsTable:
    """The table playing with Medals in `variant`, the medals lying as `layout` says, and the seats in
    `won` holding those medals."""
    expansions = table.expansions if MEDALS in table.expansions else (*table.expansions, MEDALS)
    players = tuple(with_medals_won(p, (won or {})[seat]) if seat in (won or {}) else p
                    for seat, p in enumerate(table.players))
    return replace(table, expansions=expansions, players=players,
                   extras={**table.extras, MEDALS: MedalsState(variant, layout)})
