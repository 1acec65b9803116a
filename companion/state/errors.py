"""The error a game session raises for what the game cannot take, and a tap's one write to the log that
turns the log's refusals into it (shared by the sessions of every game)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.storage import EventError, StoreError
from companion.storage.database import GameStore, LoggedEvent

__all__ = ["SessionError", "not_saved", "save_tap"]


class SessionError(ValueError):
    """Something a player asked that the game cannot take; the message says why (in English).

    A refusal a player can reach with ordinary taps also carries `key` and `values`: a face shows
    the text ``session.<key>`` of its catalogue in the player's language instead (values name
    cards, fleets and islands by id, and players by name).
    """

    def __init__(self, message: str, *, key: str | None = None, **values: Any) -> None:
        super().__init__(message)
        self.key = key
        self.values = values


def not_saved(error: Exception) -> SessionError:
    """The refusal of a tap the game log could not save (a full disk, a read-only or damaged file)."""
    return SessionError(f"not saved: {error}", key="not_saved")


def save_tap(store: GameStore, game_id: int, build: Callable[[dict[str, Any]], list[LoggedEvent]]) -> None:
    """Log what `build` makes of the game as the log holds it, in one write transaction; an event the
    log refuses, or a log that cannot be written, becomes a SessionError (the latter "not saved")."""
    try:
        store.append_built(game_id, build)
    except EventError as error:
        raise SessionError(str(error)) from None
    except StoreError as error:
        raise not_saved(error) from None
