"""Armada's event kinds in the game log: ``armada_set`` (a seat's whole port state: board, ships,
islands, tokens, choices) and ``turn_resolved`` (the end of a turn: what it set in motion, recorded)."""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from companion.games.armada.rules.extension import ArmadaExtension
from companion.games.armada.rules.port import ARMADA
from companion.games.armada.tablefile import ARMADA_PLAYER_FIELDS, read_choices, read_port
from companion.games.sevenwonders.events import city
from companion.games.sevenwonders.rules.table import Table
from companion.jsonread import Problem, Problems, Reader
from companion.storage.events import (
    ABSENT,
    EVENT_KINDS,
    EventError,
    EventKind,
    GameEvent,
    check_seat,
    player_at,
    register_event,
)

__all__ = ["ARMADA_SET", "TURN_RESOLVED", "ArmadaSet", "TurnResolved"]


def _check_armada_set(reader: Reader, seats: int | None) -> None:
    check_seat(reader, seats)
    reader["armada"].as_object(allowed=ARMADA_PLAYER_FIELDS)
    if reader["why"].present:
        reader["why"].as_str(max_length=40)


def _apply_armada_set(document: dict[str, Any], payload: dict[str, Any]) -> None:
    """The seat's Armada fields replaced as a whole (the set-up's eighth wonder stays unless given)."""
    player = player_at(document, payload)
    for key in ARMADA_PLAYER_FIELDS:
        if key != "other_wonder" or key in payload["armada"]:
            player.pop(key, None)
    player.update(copy.deepcopy(payload["armada"]))


def _check_turn_resolved(reader: Reader, seats: int | None) -> None:
    reader["turn"].as_int(minimum=1, maximum=1000)
    reader["summary"].as_object()


def _record_only(document: dict[str, Any], payload: dict[str, Any]) -> None:
    """A turn's end changes nothing by itself: the coins and ships it moves are logged with it."""


ARMADA_SET = EVENT_KINDS.register("armada_set", EventKind(("seat", "armada", "why"), _check_armada_set,
                                                          _apply_armada_set), game="armada")
TURN_RESOLVED = EVENT_KINDS.register("turn_resolved", EventKind(("turn", "summary"), _check_turn_resolved,
                                                                _record_only, changes_table=False), game="armada")


@register_event("armada")
@dataclass(frozen=True, kw_only=True)
class ArmadaSet(GameEvent):
    """A seat's whole Armada state (port board, ships, islands, tokens, choices; the eighth wonder)."""

    kind: ClassVar[str] = "armada_set"
    seat: int
    armada: Mapping[str, Any]
    why: str = ABSENT

    def apply(self, state: Table) -> Table | None:
        """The seat's port read from the payload as the table file reads a player entry's Armada keys (None
        when it gives the eighth wonder: that board is read with the whole entry, from the document).

        :raises EventError: with the reader's problems of the port.
        """
        armada = self.payload()["armada"]
        extension = state.extension(ARMADA)
        if "other_wonder" in armada or not isinstance(extension, ArmadaExtension):
            return None
        player = city(state, self.seat)
        problems: Problems[Problem] = Problems()
        reader = Reader(armada, problems, Reader(None, problems)["players"].child_path(self.seat))
        port = read_port(reader, extension.data)
        if port is not None:
            port = read_choices(reader, state.data, port)
        if problems or port is None:
            raise EventError("; ".join(str(problem) for problem in problems))
        return state.with_player(self.seat, replace(player, extras={**player.extras, ARMADA: port}))


@register_event("armada")
@dataclass(frozen=True, kw_only=True)
class TurnResolved(GameEvent):
    """The end of a turn at sea, recorded (the coins and ships it moves are logged with it)."""

    kind: ClassVar[str] = "turn_resolved"
    turn: int
    summary: Mapping[str, Any]
