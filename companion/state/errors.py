"""The error a game session raises for what the game cannot take (shared by the session's parts)."""

from __future__ import annotations

from typing import Any

__all__ = ["SessionError", "not_saved"]


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
