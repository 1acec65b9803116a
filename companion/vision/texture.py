"""How much a patch of a frame looks like a printed code: the fine texture of its modules, used to
decide whether a place where a sticker *may* lie unread is worth reading again."""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

__all__ = ["CENTRE_SHARE", "code_texture", "median_code_texture"]

CENTRE_SHARE = 0.6
"""The middle part of a code's bounding box measured (its edges may be a card's or the table's)."""


def code_texture(grey: np.ndarray, quad: np.ndarray) -> float:
    """The mean absolute Laplacian (3x3) over the middle `CENTRE_SHARE` of `quad`'s bounding box
    (image pixels); NaN when that lies outside `grey`. A code's modules give it a high value under
    soft glare too; bare table and card art far lower."""
    (x0, y0), (x1, y1) = quad.min(axis=0), quad.max(axis=0)
    cx, cy = (x0 + x1) / 2, (y0 + y1) / 2
    reach = max(2.0, CENTRE_SHARE * max(x1 - x0, y1 - y0) / 2)
    left, top = int(cx - reach), int(cy - reach)
    right, bottom = int(np.ceil(cx + reach)), int(np.ceil(cy + reach))
    height, width = grey.shape[:2]
    if left < 0 or top < 0 or right > width or bottom > height:
        return float("nan")
    # One pixel more around, so that the Laplacian of the patch's own border is the frame's.
    patch = grey[max(top - 1, 0):bottom + 1, max(left - 1, 0):right + 1].astype(np.float32)
    return float(np.abs(cv2.Laplacian(patch, cv2.CV_32F, ksize=3))[1:-1, 1:-1].mean())


def median_code_texture(grey: np.ndarray, quads: Sequence[np.ndarray], most: int = 24) -> float:
    """The median `code_texture` of up to `most` codes read in the frame (evenly picked); NaN with none."""
    if not quads:
        return float("nan")
    picked = quads[::max(1, len(quads) // most)][:most]
    values = [value for quad in picked if not np.isnan(value := code_texture(grey, quad))]
    return float(np.median(values)) if values else float("nan")
