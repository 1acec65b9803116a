"""Boards remembered from frame to frame: a board seen once stays where it was.

Each frame's table frame is new (the plane is fitted again, the camera may have moved), so places
are remembered relative to each board: where every other marker of the frame lay in that board's
own frame. When a board's sticker is not read (a hand over it, glare, a missed decode), the
markers around it that were seen with it before say where it is: each gives the board's pose, and
the median of those that agree is taken.
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass, field

import numpy as np

from companion.markers import Component
from companion.vision.placed import PlacedMarker

__all__ = ["BoardMemory"]

AGREE_MM = 20.0
"""Estimates of a board's place farther than this from their median are a moved card: left out."""


def _rotate(vector: np.ndarray, angle: float) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    return np.array([c * vector[0] - s * vector[1], s * vector[0] + c * vector[1]])


@dataclass
class _Remembered:
    board: PlacedMarker
    neighbours: dict[int, tuple[np.ndarray, float]] = field(default_factory=dict)
    """Marker number -> (its centre in the board sticker's frame, its angle relative to the board)."""


@dataclass
class BoardMemory:
    """The boards seen so far and, for each, the places of the markers seen with it."""

    boards: dict[int, _Remembered] = field(default_factory=dict)

    def recall(self, placed: Sequence[PlacedMarker]) -> list[PlacedMarker]:
        """Boards not in `placed` (this frame's markers) but seen before, placed from the markers of
        this frame that were seen with them; each is marked `remembered`."""
        seen = {m.component.marker for m in placed}
        unique = {m.component.marker: m for m in placed if m.component.kind != "card_back"}
        recalled = []
        for number, memory in self.boards.items():
            if number in seen:
                continue
            estimates = []
            for marker, (offset, turn) in memory.neighbours.items():
                if marker in unique:
                    other = unique[marker]
                    angle = other.angle - turn
                    centre = np.array(other.centre) - _rotate(offset, angle)
                    estimates.append((centre, angle))
            pose = _agreed(estimates)
            if pose is not None:
                board = memory.board
                recalled.append(PlacedMarker(board.component, (float(pose[0][0]), float(pose[0][1])), pose[1],
                                             board.side_mm, board.family, remembered=True))
        return recalled

    def learn(self, placed: Sequence[PlacedMarker]) -> None:
        """Remember where every marker of this frame lies relative to each board read in it."""
        unique = [m for m in placed if m.component.kind != "card_back" and not m.remembered]
        for board in unique:
            if board.component.kind != "wonder_side":
                continue
            memory = self.boards.setdefault(board.component.marker, _Remembered(board))
            memory.board = board
            for other in unique:
                if other is not board:
                    offset = _rotate(np.array(other.centre) - np.array(board.centre), -board.angle)
                    memory.neighbours[other.component.marker] = (offset, other.angle - board.angle)

    def wonders(self) -> list[Component]:
        """The boards remembered."""
        return [m.board.component for m in self.boards.values()]


def _agreed(estimates: list[tuple[np.ndarray, float]]) -> tuple[np.ndarray, float] | None:
    """The median pose of the estimates that lie near it, or None without any."""
    if not estimates:
        return None
    centres = np.array([e[0] for e in estimates])
    median = np.median(centres, axis=0)
    close = [e for e in estimates if np.linalg.norm(e[0] - median) <= AGREE_MM]
    if not close:
        return None
    centre = np.mean([e[0] for e in close], axis=0)
    angle = math.atan2(sum(math.sin(e[1]) for e in close), sum(math.cos(e[1]) for e in close))
    return centre, angle
