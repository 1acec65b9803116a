"""Stickers whose bottom quiet zone is covered by the next card of a column.

When the next card's edge lies on a code's lower edge, the code's black border merges with the
card's edge (or its dark art) and OpenCV's ArUco detector, which needs a closed four-sided outline,
never sees it. Such a sticker lies just above another one: the covering card's own sticker sits in
its top strip, 2 mm under its edge, and the cards of a column lie parallel. So the search runs only
on that evidence: above each marker read, where no marker was read already, the region is warped
flat through the marker's own homography, where the covered code is a square of the same size.
The places where a dark border with a light ring on three sides could lie are read cell by cell;
the bits must be exactly one id of the dictionary, and the hit must pass the same `FiducialCheck`
as any other (its bits again, a dark border, a light ring on three sides). A column of covered
cards is followed upwards, each sticker found being the evidence for the one above it.
"""

from __future__ import annotations

from collections.abc import Sequence

import cv2
import numpy as np

from companion.vision.decoders import FiducialCheck, RawCode

__all__ = ["CoveredArucoFinder"]

_UNIT_SQUARE = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float64)


def _packed(bits: np.ndarray) -> int:
    """A 5x5 bit grid as one number (a dictionary key)."""
    return int.from_bytes(np.packbits(bits.ravel()).tobytes(), "big")


def _refined(grey: np.ndarray, corners: np.ndarray, modules: int) -> np.ndarray:
    """`corners` (the covered side last, from corner 2 to 3) with the two uncovered corners moved
    to the frame's subpixel corners and each covered one moved as the uncovered one above it."""
    side = float(np.linalg.norm(corners[1] - corners[0]))
    window = max(2, min(5, int(side / modules / 2)))
    top = np.ascontiguousarray(corners[:2].reshape(-1, 1, 2))
    cv2.cornerSubPix(grey, top, (window, window), (-1, -1),
                     (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05))
    moved = top.reshape(2, 2) - corners[:2]
    if np.abs(moved).max() > side / modules:
        return corners
    return np.array([top[0, 0], top[1, 0], corners[2] + moved[1], corners[3] + moved[0]], dtype=np.float32)


class CoveredArucoFinder:
    """Finds the ArUco stickers whose bottom quiet zone (and the code's lower border with it) is
    merged with the edge of the card covering it, above the markers already read."""

    CELL_PX = 6
    """Pixels a module in the flat view of the region above a marker."""
    ACROSS = (-3.0, 10.0)
    """Where the covered code may lie across, in modules from the marker's left edge: its left
    edge from the first, its right edge up to the second (a column is stacked by hand)."""
    GAP = (0.5, 6.0)
    """The gap between the marker's top and the covered code's bottom, in modules (2 mm of the
    covering card's margin and the sticker's quiet zone make 2 at the default sizes)."""
    PLACES = 6
    """The likeliest places read, at most, per marker."""

    def __init__(self, dictionary: str = "DICT_5X5_1000", check: FiducialCheck | None = None,
                 name: str = "aruco") -> None:
        vocabulary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
        self._check = check or FiducialCheck(vocabulary)
        self._name = name
        self._modules = vocabulary.markerSize + 2
        self._shifts = sorted(((dy, dx) for dx in range(-2, 3) for dy in range(-2, 3)),
                              key=lambda shift: shift[0] ** 2 + shift[1] ** 2)
        # Every id in each turn by its bits: a square showing these bits is that id, and turning
        # its corners back `turn` quarter turns puts corner 0 at the code's top-left.
        self._by_bits: dict[int, tuple[int, int]] = {}
        for marker_id in range(vocabulary.bytesList.shape[0]):
            bits = cv2.aruco.generateImageMarker(vocabulary, marker_id, self._modules)[1:-1, 1:-1] > 127
            for turn in range(4):
                self._by_bits[_packed(np.rot90(bits, -turn))] = (marker_id, turn)
        left, right = self.ACROSS
        near, far = self.GAP
        self._extent = (left, right, -(far + self._modules), -near)
        """The region searched above a marker, in its modules: left, right, top, bottom."""

    def find(self, grey: np.ndarray, found: Sequence[RawCode]) -> list[RawCode]:
        """The covered markers above the ArUco markers in `found` (none of those again)."""
        known = [code for code in found if code.family == "aruco"]
        evidence = list(known)
        new: list[RawCode] = []
        while evidence:
            below = evidence.pop()
            to_modules = self._to_modules(below)
            if self._region_holds_one(to_modules, known):
                continue
            hit = self._search(grey, to_modules)
            if hit is not None:
                known.append(hit)
                new.append(hit)
                evidence.append(hit)
        return new

    def _to_modules(self, code: RawCode) -> np.ndarray:
        """The homography from the frame to `code`'s modules (its top-left corner at 0, 0)."""
        return cv2.getPerspectiveTransform(code.corners.astype(np.float32),
                                           (_UNIT_SQUARE * self._modules).astype(np.float32))

    def _region_holds_one(self, to_modules: np.ndarray, codes: Sequence[RawCode]) -> bool:
        """Whether the centre of one of `codes` lies in the region searched above the marker of
        `to_modules` (a marker read there already: nothing is covered)."""
        centres = np.array([code.center for code in codes], dtype=np.float32).reshape(-1, 1, 2)
        x, y = cv2.perspectiveTransform(centres, to_modules).reshape(-1, 2).T
        left, right, top, bottom = self._extent
        return bool(((left <= x) & (x <= right) & (top <= y) & (y <= bottom)).any())

    def _search(self, grey: np.ndarray, to_modules: np.ndarray) -> RawCode | None:
        """The covered marker in the region above the marker of `to_modules`, read on that region
        warped flat (`CELL_PX` pixels a module)."""
        cell = self.CELL_PX
        left, right, top, bottom = self._extent
        to_flat = np.array([[cell, 0, -left * cell], [0, cell, -top * cell], [0, 0, 1]]) @ to_modules
        size = (int((right - left) * cell), int((bottom - top) * cell))
        flat = cv2.warpPerspective(grey, to_flat, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        means = cv2.blur(flat, (cell // 2, cell // 2)).astype(np.float32)
        to_frame = np.linalg.inv(to_flat)
        height, width = means.shape
        span = (self._modules + 1) * cell
        for x0, y0 in self._likely(means):
            # The likeliest places are found a third of a cell apart: their neighbours are read too.
            for dy, dx in self._shifts:
                x, y = x0 + dx, y0 + dy
                if not (cell <= x < width - span and cell <= y < height - span):
                    continue
                identified = self._identify(self._cells(means, np.array([x]), np.array([y]))[0, 0])
                if identified is None:
                    continue
                marker_id, turn = identified
                square = (np.array([x, y]) + _UNIT_SQUARE * self._modules * cell).reshape(-1, 1, 2)
                placed = cv2.perspectiveTransform(square, to_frame).reshape(4, 2).astype(np.float32)
                for corners in (_refined(grey, placed, self._modules), placed):
                    turned = np.roll(corners, -turn, axis=0)
                    if self._check.passes(grey, turned, marker_id):
                        return RawCode("aruco", None, marker_id, turned, self._name, self._modules)
        return None

    def _cells(self, means: np.ndarray, xs: np.ndarray, ys: np.ndarray) -> np.ndarray:
        """The mean grey of the middle of the cells of a code and its ring (9 x 9 for 5x5 ArUco)
        with its top-left corner at each of `ys` x `xs` flat pixels."""
        cell = self.CELL_PX
        centres = (np.arange(self._modules + 2) - 1) * cell + cell // 2
        return means[ys[:, None, None, None] + centres[None, None, :, None],
                     xs[None, :, None, None] + centres[None, None, None, :]]

    def _likely(self, means: np.ndarray) -> list[tuple[int, int]]:
        """The places (flat pixels, a third of a cell apart) where a dark-bordered square with a
        light ring on three sides (the fourth may be covered) could lie, the likeliest first, each
        the best of its neighbourhood."""
        cell = self.CELL_PX
        height, width = means.shape
        span = (self._modules + 1) * cell
        xs = np.arange(cell, width - span, cell // 3)
        ys = np.arange(cell, height - span, cell // 3)
        grids = self._cells(means, xs, ys)
        border = np.concatenate([grids[..., 1, 1:-1], grids[..., -2, 1:-1], grids[..., 2:-2, 1], grids[..., 2:-2, -2]],
                                axis=-1)
        ring = np.concatenate([grids[..., 0, 1:-1], grids[..., 2:-2, 0], grids[..., 2:-2, -1]], axis=-1)
        # The lightest but a quarter of the ring against the darkest but a sixth of the border.
        light = np.partition(ring, ring.shape[-1] // 4, axis=-1)[..., ring.shape[-1] // 4]
        dark = np.partition(border, -(border.shape[-1] // 6), axis=-1)[..., -(border.shape[-1] // 6)]
        score = light - dark
        chosen: list[tuple[int, int]] = []
        for index in np.argsort(-score, axis=None)[:self.PLACES * 8]:
            row, column = np.unravel_index(index, score.shape)
            if score[row, column] < FiducialCheck.MIN_CONTRAST or len(chosen) == self.PLACES:
                break
            place = (int(xs[column]), int(ys[row]))
            if all(max(abs(place[0] - x), abs(place[1] - y)) > cell // 2 for x, y in chosen):
                chosen.append(place)
        return chosen

    def _identify(self, cells: np.ndarray) -> tuple[int, int] | None:
        """The id whose bits the cells (a code and its ring) show exactly, and the quarter turns
        that bring the square's corner 0 to the code's top-left; None when none matches."""
        code = cells[1:-1, 1:-1]
        inner = code[1:-1, 1:-1]
        dark = float(np.median(code[0]))
        light = float(np.percentile(inner, 90))
        if light - dark < FiducialCheck.MIN_CONTRAST:
            return None
        return self._by_bits.get(_packed(inner > (dark + light) / 2))
