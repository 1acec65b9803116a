"""What a table file built by the camera (`companion table`) says it did not read (``x-observation``'s
``not_read_by_camera``: coins, tokens), and the refusal to log such a table until a player enters it.
Every game's camera-built tables carry the same note."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.storage.events import EventError

__all__ = ["camera_unread", "refuse_camera_unread"]


def refuse_camera_unread(document: dict[str, Any], how_to_enter: Callable[[list[str]], str]) -> None:
    """Refuse a table the camera built that says what it did not read (`camera_unread`): the
    message says how to enter it (`how_to_enter` of what is unread) and to delete the mark.

    :raises EventError: when the table says the camera did not read something.
    """
    unread = camera_unread(document)
    if unread:
        raise EventError(f"this table was read by the camera, which does not read {' or '.join(unread)}: "
                         f"{how_to_enter(unread)}, then delete \"not_read_by_camera\" from \"x-observation\" "
                         f"(or the whole \"x-observation\")")


def camera_unread(document: Any) -> list[str]:
    """What a table built by the camera (`companion table`) says it did not read: coins, tokens."""
    observation = document.get("x-observation") if isinstance(document, dict) else None
    unread = observation.get("not_read_by_camera") if isinstance(observation, dict) else None
    return [str(item) for item in unread] if isinstance(unread, list) else []
