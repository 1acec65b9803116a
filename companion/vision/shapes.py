"""Convex shapes on the table plane (cards, stacks, boards): the gap between two of them.

A city is told apart from its neighbour by the gaps between its pieces (`layout.py`): a board and
the columns laid against it lie a few millimetres apart, two cities centimetres apart. Every shape
here is a convex polygon in table millimetres, corners in order.
"""

from __future__ import annotations

import numpy as np

__all__ = ["gap", "oriented_box"]


def oriented_box(points: np.ndarray, angle: float) -> np.ndarray:
    """The smallest rectangle turned by `angle` (radians) that holds `points` (N, 2): 4 corners."""
    c, s = np.cos(angle), np.sin(angle)
    axes = np.array([[c, s], [-s, c]])
    local = np.asarray(points, np.float64) @ axes.T
    low, high = local.min(axis=0), local.max(axis=0)
    corners = np.array([[low[0], low[1]], [high[0], low[1]], [high[0], high[1]], [low[0], high[1]]])
    return corners @ axes


def _separated(a: np.ndarray, b: np.ndarray) -> bool:
    """True when an edge direction of `a` or `b` separates them (the separating axis test)."""
    for polygon in (a, b):
        edges = np.roll(polygon, -1, axis=0) - polygon
        normals = np.column_stack([-edges[:, 1], edges[:, 0]])
        pa, pb = a @ normals.T, b @ normals.T
        if np.any((pa.max(axis=0) < pb.min(axis=0)) | (pb.max(axis=0) < pa.min(axis=0))):
            return True
    return False


def _point_to_edges(points: np.ndarray, polygon: np.ndarray) -> float:
    """The least distance from any of `points` to any edge of `polygon`."""
    start = polygon
    edge = np.roll(polygon, -1, axis=0) - polygon
    length = np.maximum((edge ** 2).sum(axis=1), 1e-12)
    offset = points[:, None, :] - start[None, :, :]
    t = np.clip((offset * edge[None]).sum(axis=2) / length[None], 0.0, 1.0)
    nearest = start[None] + t[..., None] * edge[None]
    return float(np.sqrt(((points[:, None, :] - nearest) ** 2).sum(axis=2)).min())


def gap(a: np.ndarray, b: np.ndarray) -> float:
    """The distance (mm) between two convex polygons; 0 when they overlap or touch."""
    a, b = np.asarray(a, np.float64), np.asarray(b, np.float64)
    if not _separated(a, b):
        return 0.0
    return min(_point_to_edges(a, b), _point_to_edges(b, a))
