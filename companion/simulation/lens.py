"""A camera lens with radial distortion (OpenCV's k1, k2 model): ideal pinhole pixels through the lens, and
the map that draws a distorted frame from an ideal canvas. Game-neutral: every game's simulated camera."""

from __future__ import annotations

import cv2
import numpy as np

__all__ = ["UNDISTORT_CRITERIA", "distort_points", "undistort_map"]

UNDISTORT_CRITERIA = (cv2.TERM_CRITERIA_COUNT | cv2.TERM_CRITERIA_EPS, 40, 1e-9)
"""Iterations and precision of cv2.undistortPointsIter, well below a hundredth of a pixel."""


def distort_points(points: np.ndarray, focal: float, centre: tuple[float, float],
                   distortion: tuple[float, float]) -> np.ndarray:
    """Ideal (pinhole) pixels -> pixels through a lens with radial distortion k1, k2 (OpenCV's model)."""
    k1, k2 = distortion
    normal = (np.asarray(points, np.float64) - centre) / focal
    r2 = (normal ** 2).sum(axis=1, keepdims=True)
    return normal * (1 + k1 * r2 + k2 * r2 ** 2) * focal + centre


def undistort_map(width: int, height: int, focal: float, distortion: tuple[float, float],
                  ideal_centre: tuple[float, float]) -> tuple[np.ndarray, np.ndarray]:
    """For cv2.remap: for each pixel of the distorted frame, where it lies in an ideal image whose
    principal point is `ideal_centre` (a canvas larger than the frame). Solved on a coarse grid and
    interpolated: the map is smooth."""
    step = 8
    xs = np.arange(0, width + step, step, dtype=np.float64)
    ys = np.arange(0, height + step, step, dtype=np.float64)
    grid = np.stack(np.meshgrid(xs, ys), axis=-1).reshape(-1, 1, 2)
    matrix = np.array([[focal, 0, width / 2], [0, focal, height / 2], [0, 0, 1]])
    normal = cv2.undistortPointsIter(grid, matrix, np.array([*distortion, 0.0, 0.0]), np.eye(3), np.eye(3),
                                     UNDISTORT_CRITERIA)
    ideal = (normal.reshape(len(ys), len(xs), 2) * focal + np.array(ideal_centre)).astype(np.float32)
    # Bilinear interpolation between the grid's samples, which lie at multiples of `step`.
    u, v = np.meshgrid(np.arange(width, dtype=np.float32) / step, np.arange(height, dtype=np.float32) / step)
    full_x = cv2.remap(ideal[:, :, 0], u, v, cv2.INTER_LINEAR)
    full_y = cv2.remap(ideal[:, :, 1], u, v, cv2.INTER_LINEAR)
    return full_x, full_y
