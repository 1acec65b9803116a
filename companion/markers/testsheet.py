"""The test sheet: one test-pattern sticker of each printed size. Every sticker carries the same code,
so which size a detection is comes from the sizes seen together: on one flat sheet, pixels per module
divided by the printed size is the same for all of them (the camera's scale there)."""

from __future__ import annotations

import itertools
import math
from collections.abc import Sequence
from dataclasses import dataclass

__all__ = ["RELIABLE_PIXELS_PER_MODULE", "TEST_SIZES", "SizeMatch", "match_printed_sizes"]

TEST_SIZES: dict[str, tuple[float, ...]] = {
    "qr": (10, 12, 14, 16, 18, 20, 24, 28, 32, 38),
    "aruco": (5, 6, 7, 8, 10, 12, 14, 16, 20),
}
"""The printed sides (mm) of the test pattern on the test sheet of each family, smallest first."""
RELIABLE_PIXELS_PER_MODULE = 3.0
"""Above this a code is read reliably; below 2 it is luck (see companion.vision.reader)."""
SCALE_TOLERANCE = 0.05
"""Choices whose scales agree within 5% of the best are equally good fits (perspective and blur vary
a sticker's pixels per module by a few per cent); among them, the one that misses only the smallest
sizes wins: 5, 7 and 10 mm look exactly like 10, 14 and 20 mm, but small stickers are the ones missed."""


@dataclass(frozen=True)
class SizeMatch:
    """The printed size of each detection (in the order given) and the sizes of the sheet not read."""

    sizes_mm: tuple[float, ...]
    unread_mm: tuple[float, ...]
    spread: float
    """How far the detections' scales disagree (largest over smallest, minus one): near 0 on one sheet."""


def match_printed_sizes(pixels_per_module: Sequence[float], family: str) -> SizeMatch | None:
    """Which printed size each test-pattern detection is, given how many pixels per module each has.

    Larger stickers show more pixels per module, in proportion: the detections, smallest first, take
    the increasing choice of the sheet's sizes whose scales agree best (see SCALE_TOLERANCE for ties).
    None when there are more detections than sizes on one sheet (two sheets in view) or the family
    has no test sheet.
    """
    sizes = TEST_SIZES.get(family)
    count = len(pixels_per_module)
    if sizes is None or not 0 < count <= len(sizes) or min(pixels_per_module) <= 0:
        return None
    order = sorted(range(count), key=lambda i: pixels_per_module[i])
    fits = []
    for chosen in itertools.combinations(sizes, count):
        scales = [math.log(pixels_per_module[i] / size) for i, size in zip(order, chosen, strict=True)]
        gaps = sum(1 for size in sizes if chosen[0] < size and size not in chosen)
        fits.append((max(scales) - min(scales), gaps, chosen))
    closest = min(spread for spread, _, _ in fits)
    spread, _, chosen = min((f for f in fits if f[0] <= closest + math.log1p(SCALE_TOLERANCE)),
                            key=lambda f: (f[1], -f[2][0], f[0]))
    by_detection = [0.0] * count
    for index, size in zip(order, chosen, strict=True):
        by_detection[index] = size
    unread = tuple(size for size in sizes if size not in chosen)
    return SizeMatch(tuple(by_detection), unread, math.exp(spread) - 1)
