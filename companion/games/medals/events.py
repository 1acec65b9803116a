"""Medals in the game log: ``architects_medal_taken`` (a seat takes a medal whose goal it met), replayed
through the Medals rules on the Architects table as it stands."""

from __future__ import annotations

from typing import Any

from companion.games.architects.events import EXPANSION_ACTIONS, ArchitectsEventError, apply_architects
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.medals.rules.data import MEDAL_TAKEN
from companion.games.medals.rules.play import take_medal
from companion.jsonread import Reader
from companion.storage.events import EVENT_KINDS, EventError, EventKind

__all__: list[str] = []


def _check(reader: Reader, seats: int | None) -> None:
    reader["seat"].as_int(minimum=0, maximum=(seats - 1) if seats else 6)
    reader["medal"].as_str(max_length=40)


def _play(table: ArchitectsTable, payload: dict[str, Any]) -> ArchitectsTable:
    return take_medal(table, payload.get("seat", 0), payload["medal"])


def _apply(document: dict[str, Any], payload: dict[str, Any]) -> None:
    try:
        apply_architects(document, MEDAL_TAKEN, payload)
    except ArchitectsEventError as error:
        raise EventError(str(error)) from None


EXPANSION_ACTIONS.register(MEDAL_TAKEN, _play, game="medals")
EVENT_KINDS.register(MEDAL_TAKEN, EventKind(("seat", "medal"), _check, _apply), game="medals")
