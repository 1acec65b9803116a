"""Convex shapes on the table plane (cards, stacks, boards): the gap between two of them, and whether
a board could lie somewhere among them.

A city is told apart from its neighbour by the gaps between its pieces (`layout.py`): a board and
the columns laid against it lie a few millimetres apart, two cities centimetres apart. Every shape
here is a convex polygon in table millimetres, corners in order. A frame holds a few hundred pairs
of four-cornered shapes: plain floats, not numpy arrays, keep each test to microseconds. `room_for`
asks whether a board no sticker shows could lie in a region, clear of everything seen: its many
positions are tried at once with numpy.
"""

from __future__ import annotations

import math
from collections.abc import Sequence

import numpy as np

__all__ = ["gap", "oriented_box", "reach", "room_for"]

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


def _outline_points(polygon: np.ndarray, spacing: float) -> np.ndarray:
    """Points along a polygon's edges, its corners included, at most `spacing` mm apart."""
    points = []
    for start, end in zip(polygon, np.roll(polygon, -1, axis=0), strict=True):
        steps = max(1, math.ceil(float(np.hypot(*(end - start))) / spacing))
        points.append(start + (end - start) * (np.arange(steps)[:, None] / steps))
    return np.vstack(points)


def room_for(width: float, height: float, corner_x: tuple[float, float], corner_y: tuple[float, float],
             obstacles: Sequence[tuple[np.ndarray, float, float]], *,
             bands: Sequence[tuple[tuple[float, float], float, float]] = (), row_step: float = 2.0,
             spacing: float = 4.0) -> bool:
    """Whether an upright `width` x `height` rectangle can lie with its top-left corner somewhere in
    `corner_x` x `corner_y` (closed ranges, mm), clear of every obstacle, in its own axes (x right,
    y down). An obstacle is (convex polygon, gap, below): the rectangle, reaching `below` mm further
    down, must stay `gap` mm or more from it (gap 0: not overlap it). A band (normal, low, high)
    keeps the corner where low <= normal . corner <= high. Rows of corners are tried every
    `row_step` mm from the top of the range; along a row the answer is exact up to the obstacles'
    outlines, taken as points `spacing` mm apart (a blocked stretch is never widened, so the answer
    errs towards "there is room")."""
    (x0, x1), (y0, y1) = corner_x, corner_y
    if x0 > x1 or y0 > y1:
        return False
    rows = np.append(np.arange(y0, y1, row_step), y1)
    left, right = np.full(len(rows), float(x0)), np.full(len(rows), float(x1))
    for (nx, ny), low, high in bands:
        if abs(nx) < 1e-9:
            inside = (low <= ny * rows) & (ny * rows <= high)
            left, right = np.where(inside, left, np.inf), np.where(inside, right, -np.inf)
            continue
        ends = np.sort(np.vstack([(low - ny * rows) / nx, (high - ny * rows) / nx]), axis=0)
        left, right = np.maximum(left, ends[0]), np.minimum(right, ends[1])
    open_rows = left <= right
    if not open_rows.any():
        return False
    rows, left, right = rows[open_rows], left[open_rows], right[open_rows]
    # Only outline points level with some row can block it (most of a long obstacle is not); all of those
    # are kept, as an obstacle's blocked stretch of a row runs from its leftmost such point to its rightmost.
    parts, clears, belows = [], [], []
    for polygon, clear, below in obstacles:
        points = _outline_points(np.asarray(polygon, np.float64), spacing)
        keep = (points[:, 1] >= rows[0] - clear) & (points[:, 1] <= rows[-1] + height + below + clear)
        if keep.any():
            parts.append(points[keep])
            clears.append(clear)
            belows.append(below)
    if not parts:
        return True
    owner = np.repeat(np.arange(len(parts)), [len(p) for p in parts])
    points = np.vstack(parts)
    clearance = np.array(clears)[owner][:, None]
    reach_down = height + np.array(belows)[owner][:, None]
    px, py = points[:, :1], points[:, 1:]
    outside = np.maximum(0.0, np.maximum(rows[None, :] - py, py - rows[None, :] - reach_down))   # (points, rows)
    near = np.where(clearance > 0, outside < clearance, outside <= 0.0)
    sideways = np.sqrt(np.maximum(clearance ** 2 - outside ** 2, 0.0))
    low = np.where(near, px - width - sideways, np.inf)     # corners from low to high (open) are blocked
    high = np.where(near, px + sideways, -np.inf)
    starts = np.flatnonzero(np.r_[True, owner[1:] != owner[:-1]])
    low, high = np.minimum.reduceat(low, starts, axis=0), np.maximum.reduceat(high, starts, axis=0)
    # A free stretch of a row starts at the row's left end or where a blocked stretch ends.
    tried = np.vstack([left[None, :], high])                                          # (candidates, rows)
    blocked = ((low[None, :, :] < tried[:, None, :]) & (tried[:, None, :] < high[None, :, :])).any(axis=1)
    return bool(((tried >= left) & (tried <= right) & ~blocked).any())
