"""Simulated cameras: stickers and whole tables rendered with exact ground truth, and recorded games.

`render` draws stickers; each game draws its own tables and plays its own recorded games
(`RECORDED_GAMES`: 7 Wonders' ``sevenwonders-recording/1`` scripts, played as timed frames or a
video). Layer 2, beside the vision: it may use the game data, the engine, the markers, numpy, OpenCV
and segno, never the vision, the table state or the faces; the vision's frame sources play recorded
games through it.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.plugins import Registry

__all__ = ["RECORDED_GAMES", "RecordedGame", "RecordingRefused", "recorded_game"]


class RecordingRefused(ValueError):
    """A recorded game that cannot be played: the message as a command says it, and how many problems
    it holds (one is said alone, several under the file's name)."""

    def __init__(self, message: str, problems: int = 1) -> None:
        super().__init__(message)
        self.problems = problems


@dataclass(frozen=True)
class RecordedGame:
    """How a game plays its recorded games as camera frames."""

    read: Callable[[Path | None], tuple[Any, str]]
    """The recording in a file, or the game's demo for None, with the name its frames are labelled by.
    :raises RecordingRefused: for a file that is not a valid recording."""
    frames: Callable[[Any], Iterator[tuple[float, Any]]]
    """Its frames: (seconds from the start, BGR image)."""


RECORDED_GAMES: Registry[RecordedGame] = Registry("recorded game", "simulation")
"""The games that play recorded games, by game id."""


def recorded_game() -> RecordedGame:
    """The recorded games of the first game listed that has them (7 Wonders: the only one today).

    :raises LookupError: when no game installed plays recorded games.
    """
    found = RECORDED_GAMES.values()
    if not found:
        raise LookupError("no game installed plays recorded games")
    return found[0]
