"""The error a game session raises for what the game cannot take (shared by the session's parts)."""

from __future__ import annotations

__all__ = ["SessionError"]


class SessionError(ValueError):
    """Something a player asked that the game cannot take; the message says why."""
