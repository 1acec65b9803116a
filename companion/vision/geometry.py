"""The table plane from the markers themselves: positions in millimetres without any set-up.

Every marker is a square of known printed size lying on the table. The homography from image to
table is the one under which every marker maps to a rigid square of its printed side: with each
marker's position and angle solved in closed form (Procrustes), Levenberg-Marquardt adjusts the
homography's 8 entries, starting from a plain scaling (the markers' median size). Perspective is
learnt from how marker sizes change across the view; a single 14 mm marker says little about it.
Markers that are not squares of their printed size on that plane (a card held in the air, a
misprint of another size) are outliers and stay out of the fit.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

import cv2
import numpy as np

from companion.vision.decoders import mean_sides

__all__ = ["MarkerPose", "TablePlane", "fit_table_plane", "place_on_plane", "square_corners"]


def square_corners(side: float) -> np.ndarray:
    """A square of `side` mm with its top-left at the origin, clockwise (the code's corner order)."""
    return np.array([[0, 0], [side, 0], [side, side], [0, side]], dtype=np.float64)


@dataclass(frozen=True)
class MarkerPose:
    """Where one marker lies on the table: its centre (mm), the angle of its top edge, the fit error."""

    centre: tuple[float, float]
    angle: float
    """Radians from the table's x axis to the code's top edge (left to right as printed)."""
    error_mm: float
    inlier: bool


@dataclass(frozen=True, eq=False)
class TablePlane:
    """The homography from image pixels to table millimetres, and every marker's pose on it."""

    homography: np.ndarray
    poses: tuple[MarkerPose, ...]
    rms_error_mm: float

    def to_table(self, points: np.ndarray) -> np.ndarray:
        """Image points (N, 2) in pixels -> table points in mm."""
        mapped = cv2.perspectiveTransform(np.asarray(points, np.float64).reshape(-1, 1, 2), self.homography)
        return mapped.reshape(-1, 2)

    def to_image(self, points: np.ndarray) -> np.ndarray:
        """Table points (N, 2) in mm -> image points in pixels."""
        inverse = np.linalg.inv(self.homography)
        return cv2.perspectiveTransform(np.asarray(points, np.float64).reshape(-1, 1, 2), inverse).reshape(-1, 2)


def _rigid_fit(canonical: np.ndarray, points: np.ndarray) -> tuple[float, np.ndarray, float]:
    """Rotation angle and translation placing `canonical` on `points` (no scale), and the RMS error."""
    c_mean, p_mean = canonical.mean(axis=0), points.mean(axis=0)
    q, p = canonical - c_mean, points - p_mean
    angle = float(np.arctan2((q[:, 0] * p[:, 1] - q[:, 1] * p[:, 0]).sum(), (q * p).sum()))
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    placed = q @ rotation.T + p_mean
    error = float(np.sqrt(((placed - points) ** 2).sum(axis=1).mean()))
    return angle, placed, error


def _map(homography: np.ndarray, points: np.ndarray) -> np.ndarray:
    return cv2.perspectiveTransform(points.reshape(-1, 1, 2).astype(np.float64), homography).reshape(-1, 2)


def _squares_residuals(homography: np.ndarray, quads: np.ndarray, canonical: np.ndarray) -> np.ndarray:
    """For all markers at once: mapped corners minus the best-placed rigid square of each, (N, 4, 2)."""
    flat = quads.reshape(-1, 2)
    h = homography
    w = flat @ h[2, :2] + h[2, 2]
    mapped = np.stack([(flat @ h[0, :2] + h[0, 2]) / w, (flat @ h[1, :2] + h[1, 2]) / w], axis=1).reshape(quads.shape)
    p_mean = mapped.mean(axis=1, keepdims=True)
    q = canonical - canonical.mean(axis=1, keepdims=True)
    p = mapped - p_mean
    cross = (q[..., 0] * p[..., 1] - q[..., 1] * p[..., 0]).sum(axis=1)
    dot = (q * p).sum(axis=(1, 2))
    norm = np.hypot(cross, dot)
    cos, sin = dot / norm, cross / norm
    fitted = np.stack([q[..., 0] * cos[:, None] - q[..., 1] * sin[:, None],
                       q[..., 0] * sin[:, None] + q[..., 1] * cos[:, None]], axis=-1) + p_mean
    return mapped - fitted


def _refine(homography: np.ndarray, quads: np.ndarray, canonical: np.ndarray, weights: np.ndarray,
            iterations: int = 15) -> np.ndarray:
    """Levenberg-Marquardt over the homography's 8 entries, each marker placed in closed form."""
    centre = quads.reshape(-1, 2).mean(axis=0)
    scale = float(np.sqrt(2) / np.linalg.norm(quads.reshape(-1, 2) - centre, axis=1).mean())
    normalise = np.array([[scale, 0, -scale * centre[0]], [0, scale, -scale * centre[1]], [0, 0, 1]])
    g = homography @ np.linalg.inv(normalise)
    g = g / g[2, 2]
    norm_quads = (quads.reshape(-1, 2) - centre) * scale
    norm_quads = norm_quads.reshape(quads.shape)
    root_w = np.sqrt(weights)[:, None, None]

    def residual(params: np.ndarray) -> np.ndarray:
        candidate = np.append(params, 1.0).reshape(3, 3)
        return (_squares_residuals(candidate, norm_quads, canonical) * root_w).ravel()

    params = g.ravel()[:8].copy()
    current = residual(params)
    cost = float(current @ current)
    damping = 1e-3
    for _ in range(iterations):
        jacobian = np.empty((current.size, 8))
        for k in range(8):
            step = 1e-6 * max(1.0, abs(params[k]))
            shifted = params.copy()
            shifted[k] += step
            jacobian[:, k] = (residual(shifted) - current) / step
        normal = jacobian.T @ jacobian
        gradient = jacobian.T @ current
        improved = False
        for _ in range(8):
            delta = np.linalg.solve(normal + damping * np.diag(np.diag(normal) + 1e-12), -gradient)
            trial = params + delta
            trial_residual = residual(trial)
            trial_cost = float(trial_residual @ trial_residual)
            if trial_cost < cost:
                params, current, cost = trial, trial_residual, trial_cost
                damping = max(damping / 3, 1e-9)
                improved = True
                break
            damping *= 4
        if not improved or np.abs(delta).max() < 1e-10:
            break
    return np.append(params, 1.0).reshape(3, 3) @ normalise


def fit_table_plane(corners: Sequence[np.ndarray], sides_mm: Sequence[float], *,
                    tolerance: float = 0.12) -> TablePlane | None:
    """Fit the table plane to markers given by their image corners and printed sides.

    A marker is an outlier when it does not fit a square of its side within `tolerance` times that
    side; outliers are then left out of the fit. The table frame's origin and axes are those of the
    best-resolved marker (x along its top edge); only distances and angles between markers are
    meaningful. Returns None without markers.
    """
    if not corners:
        return None
    quads = np.array([np.asarray(c, np.float64).reshape(4, 2) for c in corners])
    sides = np.array(sides_mm, dtype=np.float64)
    canonical = np.array([square_corners(side) for side in sides])
    side_px = mean_sides(quads)
    reference = int(np.argmax(side_px / sides))
    scale = float(np.median(sides / side_px))
    homography = np.diag([scale, scale, 1.0])
    weights = np.ones(len(quads))
    limits = tolerance * sides
    for _ in range(4):  # refit without the markers that are off the plane, until the set settles
        homography = _refine(homography, quads, canonical, weights, iterations=30)
        errors = np.sqrt((_squares_residuals(homography, quads, canonical) ** 2).sum(axis=2).mean(axis=1))
        new_weights = np.where(errors <= limits, 1.0, 1e-4)
        if np.array_equal(new_weights, weights):
            break
        weights = new_weights
    homography = _reanchor(homography, quads[reference], float(sides[reference]))
    return place_on_plane(homography, quads, sides, tolerance=tolerance)


def place_on_plane(homography: np.ndarray, corners: Sequence[np.ndarray], sides_mm: Sequence[float], *,
                   tolerance: float = 0.12) -> TablePlane:
    """Every marker's pose under a known homography (a fixed rig's, or a fitted one)."""
    poses = []
    for quad, side in zip(corners, sides_mm, strict=True):
        angle, fitted, error = _rigid_fit(square_corners(float(side)), _map(homography, np.asarray(quad, np.float64)))
        centre = fitted.mean(axis=0)
        poses.append(MarkerPose((float(centre[0]), float(centre[1])), angle, error, bool(error <= tolerance * side)))
    used = [p.error_mm for p in poses if p.inlier]
    rms = float(np.sqrt(np.mean(np.square(used)))) if used else float("nan")
    return TablePlane(np.asarray(homography, np.float64), tuple(poses), rms)


def _reanchor(homography: np.ndarray, quad: np.ndarray, side: float) -> np.ndarray:
    """Follow `homography` with the rigid motion that puts the reference marker's fitted square at
    the origin, its top edge along the x axis (so the frame does not drift between iterations)."""
    angle, placed, _ = _rigid_fit(square_corners(side), _map(homography, quad))
    rotation = np.array([[np.cos(-angle), -np.sin(-angle)], [np.sin(-angle), np.cos(-angle)]])
    motion = np.eye(3)
    motion[:2, :2] = rotation
    motion[:2, 2] = -(rotation @ placed[0])
    return motion @ homography
