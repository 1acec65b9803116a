"""Photographs of the printed ChArUco board through a camera with known lens distortion (test tooling)."""

from __future__ import annotations

import cv2
import numpy as np

from companion.vision.lens import CHARUCO, CharucoSpec

__all__ = ["board_views"]


def board_views(matrix: np.ndarray, distortion: np.ndarray, size: tuple[int, int], count: int, seed: int = 0,
                spec: CharucoSpec = CHARUCO) -> list[np.ndarray]:
    """`count` grey views of the board from random poses, rendered through the distorting lens."""
    rng = np.random.default_rng(seed)
    px_per_mm = 4
    board_w, board_h = spec.squares_x * spec.square_mm, spec.squares_y * spec.square_mm
    margin = 20
    board_px = (int((board_w + 2 * margin) * px_per_mm), int((board_h + 2 * margin) * px_per_mm))
    image = spec.board().generateImage(board_px, marginSize=margin * px_per_mm, borderBits=1)
    width, height = size
    us, vs = np.meshgrid(np.arange(width, dtype=np.float32), np.arange(height, dtype=np.float32))
    pixels = np.stack([us.ravel(), vs.ravel()], axis=1).reshape(-1, 1, 2)
    ideal = cv2.undistortPoints(pixels, matrix, distortion, P=matrix).reshape(height, width, 2)
    views = []
    for _ in range(count):
        angles = rng.uniform(-0.45, 0.45, 3) * np.array([1, 1, 0.6])
        rotation, _ = cv2.Rodrigues(angles)
        distance = rng.uniform(380, 560)
        shift = rng.uniform(-60, 60, 2)
        translation = np.array([shift[0] - board_w / 2, shift[1] - board_h / 2, distance])
        # Board mm (x, y, 0) -> ideal pixel: K [r1 r2 t].
        h = matrix @ np.column_stack([rotation[:, 0], rotation[:, 1], translation])
        to_board = np.linalg.inv(h)
        flat = ideal.reshape(-1, 2)
        homogeneous = np.column_stack([flat, np.ones(len(flat))]) @ to_board.T
        board_mm = homogeneous[:, :2] / homogeneous[:, 2:3]
        map_x = ((board_mm[:, 0] + margin) * px_per_mm).reshape(height, width).astype(np.float32)
        map_y = ((board_mm[:, 1] + margin) * px_per_mm).reshape(height, width).astype(np.float32)
        view = cv2.remap(image, map_x, map_y, cv2.INTER_LINEAR, borderValue=200)
        view = np.clip(view.astype(np.float32) + rng.normal(0, 2.0, view.shape), 0, 255).astype(np.uint8)
        views.append(view)
    return views
