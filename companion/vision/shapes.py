"""Convex shapes on the table plane (cards, stacks, boards): the gap between two of them.

A city is told apart from its neighbour by the gaps between its pieces (`layout.py`): a board and
the columns laid against it lie a few millimetres apart, two cities centimetres apart. Every shape
here is a convex polygon in table millimetres, corners in order. A frame holds a few hundred pairs
of four-cornered shapes: plain floats, not numpy arrays, keep each test to microseconds.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

__all__ = ["gap", "oriented_box", "reach"]

Point = tuple[float, float]


def oriented_box(points: np.ndarray, angle: float) -> np.ndarray:
    """The smallest rectangle turned by `angle` (radians) that holds `points` (N, 2): 4 corners."""
    c, s = np.cos(angle), np.sin(angle)
    axes = np.array([[c, s], [-s, c]])
    local = np.asarray(points, np.float64) @ axes.T
    low, high = local.min(axis=0), local.max(axis=0)
    corners = np.array([[low[0], low[1]], [high[0], low[1]], [high[0], high[1]], [low[0], high[1]]])
    return corners @ axes


def reach(shape: np.ndarray) -> tuple[Point, float]:
    """The middle of a shape and how far its farthest corner lies from it (for a cheap first test)."""
    middle = shape.mean(axis=0)
    return (float(middle[0]), float(middle[1])), float(np.sqrt(((shape - middle) ** 2).sum(axis=1)).max())


def _corners(shape: np.ndarray | Sequence[Sequence[float]]) -> list[Point]:
    return [(float(x), float(y)) for x, y in np.asarray(shape, np.float64)]


def _separated(a: list[Point], b: list[Point]) -> bool:
    """True when an edge direction of `a` or `b` separates them (the separating axis test)."""
    for polygon in (a, b):
        for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
            nx, ny = y0 - y1, x1 - x0
            pa = [nx * x + ny * y for x, y in a]
            pb = [nx * x + ny * y for x, y in b]
            if max(pa) < min(pb) or max(pb) < min(pa):
                return True
    return False


def _point_to_edges(points: list[Point], polygon: list[Point]) -> float:
    """The least distance from any of `points` to any edge of `polygon`."""
    best = math.inf
    for (x0, y0), (x1, y1) in zip(polygon, polygon[1:] + polygon[:1], strict=True):
        ex, ey = x1 - x0, y1 - y0
        length = max(ex * ex + ey * ey, 1e-12)
        for px, py in points:
            t = min(1.0, max(0.0, ((px - x0) * ex + (py - y0) * ey) / length))
            best = min(best, math.hypot(px - x0 - t * ex, py - y0 - t * ey))
    return best


def gap(a: np.ndarray | Sequence[Sequence[float]], b: np.ndarray | Sequence[Sequence[float]]) -> float:
    """The distance (mm) between two convex polygons; 0 when they overlap or touch."""
    first, second = _corners(a), _corners(b)
    if not _separated(first, second):
        return 0.0
    return min(_point_to_edges(first, second), _point_to_edges(second, first))
