"""A known picture, as a camera would hand it out: BGR, and encoded in NV21 and planar YUV420 with
the BT.601 video-range formulas (the inverse of what cameras and OpenCV decode)."""

from __future__ import annotations

import numpy as np

RED_BGR = (0, 0, 255)
BLUE_BGR = (255, 0, 0)
# BT.601 video range: red is Y=81, U=90, V=240 and blue Y=41, U=240, V=110 (the standard's table).
RED_YUV = (81, 90, 240)
BLUE_YUV = (41, 240, 110)


def halves(width: int, height: int) -> np.ndarray:
    """Left half red, right half blue (BGR)."""
    image = np.zeros((height, width, 3), dtype=np.uint8)
    image[:, : width // 2] = RED_BGR
    image[:, width // 2:] = BLUE_BGR
    return image


def _planes(width: int, height: int) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    y = np.empty((height, width), dtype=np.uint8)
    u = np.empty((height // 2, width // 2), dtype=np.uint8)
    v = np.empty((height // 2, width // 2), dtype=np.uint8)
    for plane, index in ((y, 0), (u, 1), (v, 2)):
        cut = plane.shape[1] // 2
        plane[:, :cut] = RED_YUV[index]
        plane[:, cut:] = BLUE_YUV[index]
    return y, u, v


def halves_nv21(width: int, height: int) -> bytes:
    """The red/blue picture as one NV21 frame: the Y plane, then V and U interleaved."""
    y, u, v = _planes(width, height)
    vu = np.stack([v, u], axis=2).reshape(height // 2, width)
    return np.concatenate([y.reshape(-1), vu.reshape(-1)]).tobytes()


def halves_i420(width: int, height: int, stride: int) -> np.ndarray:
    """The red/blue picture as picamera2 returns a YUV420 stream: (height*3/2, stride) with padding."""
    y, u, v = _planes(width, height)
    flat = np.zeros(height * stride * 3 // 2, dtype=np.uint8)
    padded_y = np.zeros((height, stride), dtype=np.uint8)
    padded_y[:, :width] = y
    padded_u = np.zeros((height // 2, stride // 2), dtype=np.uint8)
    padded_u[:, : width // 2] = u
    padded_v = np.zeros((height // 2, stride // 2), dtype=np.uint8)
    padded_v[:, : width // 2] = v
    flat[: height * stride] = padded_y.reshape(-1)
    quarter = padded_u.size
    flat[height * stride: height * stride + quarter] = padded_u.reshape(-1)
    flat[height * stride + quarter:] = padded_v.reshape(-1)
    return flat.reshape(height * 3 // 2, stride)
