"""Medals in the game log: ``architects_medal_taken`` (a seat takes a medal whose goal it met), an
Architects action (`ArchitectsAction`) played through the Medals rules on the Architects table as it stands."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from companion.games.architects.events import ArchitectsAction, ArchitectsEventError, apply_architects
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.medals.rules.data import MEDAL_TAKEN
from companion.games.medals.rules.play import take_medal
from companion.jsonread import Reader
from companion.storage.events import EVENT_KINDS, EventError, EventKind, register_event

__all__ = ["MedalTaken"]


def _check(reader: Reader, seats: int | None) -> None:
    reader["seat"].as_int(minimum=0, maximum=(seats - 1) if seats else 6)
    reader["medal"].as_str(max_length=40)


def _apply(document: dict[str, Any], payload: dict[str, Any]) -> None:
    try:
        apply_architects(document, MEDAL_TAKEN, payload)
    except ArchitectsEventError as error:
        raise EventError(str(error)) from None


EVENT_KINDS.register(MEDAL_TAKEN, EventKind(("seat", "medal"), _check, _apply), game="medals")


@register_event("medals")
@dataclass(frozen=True, kw_only=True)
class MedalTaken(ArchitectsAction):
    """A seat takes a medal whose goal it met (refused when it cannot reach it, or it is taken)."""

    kind: ClassVar[str] = MEDAL_TAKEN
    seat: int
    medal: str

    def play(self, table: ArchitectsTable) -> ArchitectsTable:
        return take_medal(table, self.seat, self.medal)
