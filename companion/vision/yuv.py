"""Camera pixel formats to the BGR images the reader takes: Android's NV21 preview bytes and the
Raspberry Pi camera's planar YUV420 (I420) low-resolution stream.

Pure numpy (``np.frombuffer``, never the ``np.fromstring`` numpy 2.3 removed), with OpenCV's
ITU-R BT.601 video-range coefficients so that both paths give the same colours; OpenCV's own
conversion is used where it is installed, as it is several times faster.
"""

from __future__ import annotations

from typing import Any

import numpy as np

__all__ = ["YuvFormatError", "i420_to_bgr", "nv21_to_bgr", "yuv_planes_to_bgr"]

# OpenCV's integer BT.601 coefficients (modules/imgproc/src/color_yuv.simd.hpp), as fractions of 2**20.
_CY, _CRV, _CGV, _CGU, _CBU = 1220542, 1673527, -852492, -409993, 2116026
_SHIFT = 20


class YuvFormatError(ValueError):
    """A frame buffer whose length does not match the frame size it was announced with."""


def _as_bytes_array(data: Any) -> np.ndarray:
    """A flat uint8 view of `data` (bytes, bytearray, memoryview or an array) without a copy."""
    if isinstance(data, np.ndarray):
        return data.reshape(-1).view(np.uint8) if data.dtype == np.uint8 else data.astype(np.uint8).reshape(-1)
    return np.frombuffer(data, dtype=np.uint8)


def yuv_planes_to_bgr(y: np.ndarray, u: np.ndarray, v: np.ndarray) -> np.ndarray:
    """BGR from a full-size luma plane and quarter-size chroma planes (each chroma sample covers 2x2
    pixels), with OpenCV's rounding."""
    height, width = y.shape
    luma = (np.maximum(y.astype(np.int32) - 16, 0) * _CY)
    cu = np.repeat(np.repeat(u.astype(np.int32) - 128, 2, axis=0), 2, axis=1)[:height, :width]
    cv = np.repeat(np.repeat(v.astype(np.int32) - 128, 2, axis=0), 2, axis=1)[:height, :width]
    half = 1 << (_SHIFT - 1)
    bgr = np.empty((height, width, 3), dtype=np.uint8)
    bgr[:, :, 0] = np.clip((luma + _CBU * cu + half) >> _SHIFT, 0, 255)
    bgr[:, :, 1] = np.clip((luma + _CGV * cv + _CGU * cu + half) >> _SHIFT, 0, 255)
    bgr[:, :, 2] = np.clip((luma + _CRV * cv + half) >> _SHIFT, 0, 255)
    return bgr


def _opencv() -> Any:
    try:
        import cv2
    except ImportError:
        return None
    return cv2


def nv21_to_bgr(data: Any, width: int, height: int, *, use_opencv: bool = True) -> np.ndarray:
    """A BGR image from one NV21 frame (Android's camera preview format: the Y plane, then V and U
    interleaved at quarter resolution), as bytes or any buffer of exactly width*height*3/2 bytes.

    :raises YuvFormatError: when the buffer's length is not that of a `width` x `height` frame.
    """
    if width <= 0 or height <= 0 or width % 2 or height % 2:
        raise YuvFormatError(f"an NV21 frame has an even, positive size, not {width}x{height}")
    flat = _as_bytes_array(data)
    expected = width * height * 3 // 2
    if flat.size != expected:
        raise YuvFormatError(f"an NV21 frame of {width}x{height} has {expected} bytes, this one {flat.size}")
    frame = flat.reshape(height * 3 // 2, width)
    cv2 = _opencv() if use_opencv else None
    if cv2 is not None:
        return np.asarray(cv2.cvtColor(frame, cv2.COLOR_YUV2BGR_NV21))
    y = frame[:height]
    chroma = frame[height:].reshape(height // 2, width // 2, 2)
    return yuv_planes_to_bgr(y, chroma[:, :, 1], chroma[:, :, 0])


def i420_to_bgr(planar: np.ndarray, width: int, height: int, *, use_opencv: bool = True) -> np.ndarray:
    """A BGR image from a planar YUV420 frame as picamera2 hands out its ``YUV420`` streams: an array
    of (height*3/2) rows of `stride` bytes (Y rows, then the U and the V plane at half stride), the
    padding right of `width` cut off.

    :raises YuvFormatError: when the array's shape does not fit a `width` x `height` frame.
    """
    if planar.ndim != 2 or planar.shape[0] != height * 3 // 2 or planar.shape[1] < width or height % 2:
        raise YuvFormatError(f"a YUV420 frame of {width}x{height} has {height * 3 // 2} rows of at least "
                             f"{width} bytes, this one is {planar.shape}")
    stride = planar.shape[1]
    cv2 = _opencv() if use_opencv else None
    if cv2 is not None:
        return np.ascontiguousarray(cv2.cvtColor(planar, cv2.COLOR_YUV2BGR_I420)[:, :width])
    flat = np.ascontiguousarray(planar).reshape(-1)
    y = flat[: height * stride].reshape(height, stride)
    quarter = (height // 2) * (stride // 2)
    u = flat[height * stride: height * stride + quarter].reshape(height // 2, stride // 2)
    v = flat[height * stride + quarter: height * stride + 2 * quarter].reshape(height // 2, stride // 2)
    return yuv_planes_to_bgr(y, u, v)[:, :width]
