"""Stickers whose bottom quiet zone is covered by the next card of a column.

When the next card's edge lies on a code's lower edge, the code's black border merges with the
card's edge (or its dark art) and OpenCV's ArUco detector, which needs a closed four-sided outline,
never sees it. Such a sticker lies just above another one: the covering card's own sticker sits in
its top strip, 2 mm under its edge, and the cards of a column lie parallel. So the search runs only
on that evidence: above each marker read, where no marker was read already, the region is warped
flat through the marker's own homography, where the covered code is a square of the same size.
The places where a dark border with a light ring on three sides could lie are read cell by cell;
the bits must be exactly one id of the dictionary, and the hit must pass the same `FiducialCheck`
as any other (its bits again, a dark border, a light ring on three sides) and be read again by
OpenCV's detector on the code with a clean quiet zone painted around it. For QR codes, zxing-cpp
cannot confirm the bottom-left finder pattern: where three finder patterns lie above a code, a
light band is painted over the card's edge under them and zxing-cpp reads the flat view. A column
of covered cards is followed upwards, each sticker found being the evidence for the one above it.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Sequence

import cv2
import numpy as np

from companion.vision.decoders import FiducialCheck, RawCode, same_place, square_to_quads

__all__ = ["CoveredArucoFinder", "CoveredQrFinder"]

_UNIT_SQUARE = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float64)


_WEIGHTS = 1 << np.arange(24, -1, -1, dtype=np.int64)


def _packed(bits: np.ndarray) -> int:
    """A 5x5 bit grid as one number (a dictionary key)."""
    return int(bits.ravel().astype(np.int64) @ _WEIGHTS)


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


class _SearchAbove:
    """The search above the markers read of one family, shared by the families: which markers
    call for it, their region, its flat view. `_search` reads one region."""

    FAMILY = ""
    ACROSS = (0.0, 0.0)
    """Where the covered code may lie across, in modules from the marker's left edge: its left
    edge from the first, its right edge up to the second (a column is stacked by hand)."""
    GAP = (0.0, 0.0)
    """The gap between the marker's top and the covered code's bottom, in modules."""

    def __init__(self, modules: int) -> None:
        self._modules = modules
        left, right = self.ACROSS
        near, far = self.GAP
        self._extent = (left, right, -(far + modules), -near)
        """The region searched above a marker, in its modules: left, right, top, bottom."""

    def find(self, grey: np.ndarray, found: Sequence[RawCode]) -> list[RawCode]:
        """The covered markers above the markers of the family in `found` (none of those again)."""
        known = [code for code in found if code.family == self.FAMILY and code.modules == self._modules]
        evidence = self._promising(grey, self._without_marker_above(known))
        new: list[RawCode] = []
        while evidence:
            hit = self._search(grey, evidence.pop())
            if hit is not None and not any(same_place(hit, other, 0.5) for other in known):
                known.append(hit)
                new.append(hit)
                evidence += self._promising(grey, self._without_marker_above([hit], known))
        return new

    def _promising(self, grey: np.ndarray, codes: list[RawCode]) -> list[RawCode]:
        """The `codes` whose region is worth a search (all of them, unless a family looks first)."""
        return codes

    def _to_modules(self, code: RawCode) -> np.ndarray:
        """The homography from the frame to `code`'s modules (its top-left corner at 0, 0)."""
        return cv2.getPerspectiveTransform(code.corners.astype(np.float32),
                                           (_UNIT_SQUARE * self._modules).astype(np.float32))

    def _without_marker_above(self, codes: Sequence[RawCode], others: Sequence[RawCode] | None = None
                              ) -> list[RawCode]:
        """The `codes` whose searched region holds the centre of none of `others` (default: of
        `codes`): a marker read there already means nothing is covered. The region is placed by
        each code's top-left corner and sides (near enough to its homography so close by)."""
        others = codes if others is None else others
        if not codes:
            return []
        corners = np.array([code.corners for code in codes], dtype=np.float64)
        centres = np.array([code.center for code in others], dtype=np.float64)
        across = (corners[:, 1] - corners[:, 0]) / self._modules
        down = (corners[:, 3] - corners[:, 0]) / self._modules
        offsets = centres[None, :, :] - corners[:, None, 0, :]
        determinant = across[:, 0] * down[:, 1] - across[:, 1] * down[:, 0]
        x = (offsets[..., 0] * down[:, None, 1] - offsets[..., 1] * down[:, None, 0]) / determinant[:, None]
        y = (across[:, None, 0] * offsets[..., 1] - across[:, None, 1] * offsets[..., 0]) / determinant[:, None]
        left, right, top, bottom = self._extent
        holds = ((left <= x) & (x <= right) & (top <= y) & (y <= bottom)).any(axis=1)
        return [code for code, taken in zip(codes, holds, strict=True) if not taken]

    def _flat_to_frame(self, codes: Sequence[RawCode], cell: int) -> np.ndarray:
        """For each of `codes`, the homography (float32) from the flat view of the region above it
        at `cell` pixels a module (as `_flat` draws it) to the frame: for `_flat_views`."""
        left, _, top, _ = self._extent
        corners = np.array([code.corners for code in codes], dtype=np.float64)
        flat_to_unit = np.array([[1 / (cell * self._modules), 0, left / self._modules],
                                 [0, 1 / (cell * self._modules), top / self._modules], [0, 0, 1]])
        return (square_to_quads(corners) @ flat_to_unit).astype(np.float32)

    def _flat(self, grey: np.ndarray, to_modules: np.ndarray, cell: int, smooth: bool = False,
              with_marker: bool = True) -> tuple[np.ndarray, np.ndarray]:
        """The region above the marker of `to_modules` (and the marker itself, `with_marker`)
        warped flat at `cell` pixels a module (with `smooth`, each pixel the mean of a half cell
        around it); and the frame-to-flat homography."""
        left, right, top, bottom = self._extent
        to_flat = np.array([[cell, 0, -left * cell], [0, cell, -top * cell], [0, 0, 1]]) @ to_modules
        size = (int((right - left) * cell), int(((self._modules + 1 if with_marker else bottom) - top) * cell))
        flat = cv2.warpPerspective(grey, to_flat, size, flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        if smooth:
            flat = cv2.blur(flat, (cell // 2, cell // 2))
        return flat, to_flat

    def _search(self, grey: np.ndarray, below: RawCode) -> RawCode | None:
        """The covered marker in the region above the marker `below`, if any."""
        raise NotImplementedError


class CoveredArucoFinder(_SearchAbove):
    """Finds the ArUco stickers whose bottom quiet zone (and the code's lower border with it) is
    merged with the edge of the card covering it, above the markers already read."""

    CELL_PX = 6
    """Pixels a module in the flat view of the region above a marker where codes are read."""
    COARSE_CELL_PX = 3
    """Pixels a module in the coarse flat view where codes are looked for first."""
    FAMILY = "aruco"
    ACROSS = (-3.0, 10.0)
    GAP = (0.5, 6.0)
    """2 mm of the covering card's margin and the sticker's quiet zone make 2 modules at the
    default sizes."""
    PLACES = 6
    """The likeliest places read, at most, per marker."""
    LEAST_CONTRAST = 0.5
    """A place is read only where its border and ring contrast at least this share of the marker's below."""
    COARSE_LEAST_CONTRAST = 0.35
    """The same on the coarse view, sampled two thirds of a module apart (a looser filter)."""

    def __init__(self, dictionary: str = "DICT_5X5_1000", check: FiducialCheck | None = None,
                 name: str = "aruco") -> None:
        vocabulary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
        self._check = check or FiducialCheck(vocabulary)
        parameters = cv2.aruco.DetectorParameters()
        parameters.minMarkerPerimeterRate = 0.3
        self._detector = cv2.aruco.ArucoDetector(vocabulary, parameters)
        self._name = name
        super().__init__(vocabulary.markerSize + 2)
        self._shifts = sorted(((dy, dx) for dx in range(-2, 3) for dy in range(-2, 3)),
                              key=lambda shift: shift[0] ** 2 + shift[1] ** 2)
        # Every id in each turn by its bits: a square showing these bits is that id, and turning
        # its corners back `turn` quarter turns puts corner 0 at the code's top-left.
        self._by_bits: dict[int, tuple[int, int]] = {}
        for marker_id in range(vocabulary.bytesList.shape[0]):
            bits = cv2.aruco.generateImageMarker(vocabulary, marker_id, self._modules)[1:-1, 1:-1] > 127
            for turn in range(4):
                self._by_bits[_packed(np.rot90(bits, -turn))] = (marker_id, turn)

    def _promising(self, grey: np.ndarray, codes: list[RawCode]) -> list[RawCode]:
        """The `codes` whose region shows, on a coarse flat view, a dark-bordered square with a
        light ring on three sides contrasting `COARSE_LEAST_CONTRAST` as much as the marker (most
        regions show none): every region warped in one remap and scored at once."""
        if not codes:
            return []
        cell = self.COARSE_CELL_PX
        left, right, top, _ = self._extent
        width, height = int((right - left) * cell), int((self._modules + 1 - top) * cell)
        flats = _flat_views(grey, self._flat_to_frame(codes, cell), width, height)
        scores, least = self._place_scores(flats, cell, 2, self.COARSE_LEAST_CONTRAST)
        shown = (scores >= least[:, None, None]).any(axis=(1, 2))
        return [code for code, good in zip(codes, shown, strict=True) if good]

    def _search(self, grey: np.ndarray, below: RawCode) -> RawCode | None:
        """The covered marker in the region above the marker `below` (a region `_promising`
        kept), read on a fine flat view."""
        flat, to_flat = self._flat(grey, self._to_modules(below), self.CELL_PX, smooth=True)
        means = flat.astype(np.float32)
        to_frame = np.linalg.inv(to_flat)
        for x0, y0 in self._likely(means, self.CELL_PX, self.CELL_PX // 3, self.LEAST_CONTRAST):
            found = self._read_near(grey, means, x0, y0, to_frame)
            if found is not None:
                return found
        return None

    def _read_near(self, grey: np.ndarray, means: np.ndarray, x0: int, y0: int, to_frame: np.ndarray
                   ) -> RawCode | None:
        """The marker at the flat place (x0, y0) or a pixel or two from it (places are found a
        third of a cell apart), if one id's bits show there exactly and it passes the check."""
        cell = self.CELL_PX
        span = (self._modules + 1) * cell
        height, width = means.shape
        shifts = [(x0 + dx, y0 + dy) for dy, dx in self._shifts
                  if cell <= x0 + dx < width - span and cell <= y0 + dy < height - span]
        xs, ys = (np.array(axis)[:, None, None] for axis in zip(*shifts, strict=True))
        centres = (np.arange(self._modules + 2) - 1) * cell + cell // 2
        cells = means[ys + centres[None, :, None], xs + centres[None, None, :]]
        code = cells[:, 1:-1, 1:-1]
        inner = code[:, 1:-1, 1:-1].reshape(len(shifts), -1)
        dark = np.median(code[:, 0, :], axis=1)
        light = np.percentile(inner, 90, axis=1)
        keys = (inner > ((dark + light) / 2)[:, None]).astype(np.int64) @ _WEIGHTS
        for (x, y), key, contrast in zip(shifts, keys, light - dark, strict=True):
            identified = self._by_bits.get(int(key))
            if identified is None or contrast < FiducialCheck.MIN_CONTRAST:
                continue
            marker_id, turn = identified
            square = (np.array([x, y]) + _UNIT_SQUARE * self._modules * cell).reshape(-1, 1, 2)
            placed = cv2.perspectiveTransform(square, to_frame).reshape(4, 2).astype(np.float32)
            if not _in_frame(placed, grey.shape, self._modules):
                continue
            for corners in (_refined(grey, placed, self._modules), placed):
                turned = np.roll(corners, -turn, axis=0)
                if self._check.passes(grey, turned, marker_id) and self._detector_agrees(grey, turned, marker_id):
                    return RawCode("aruco", None, marker_id, turned, self._name, self._modules)
        return None

    def _detector_agrees(self, grey: np.ndarray, corners: np.ndarray, marker_id: int) -> bool:
        """Whether OpenCV's detector reads `marker_id` on the code at `corners` warped square with
        a clean quiet zone painted around it (a second reading with its own thresholds)."""
        cell = self.CELL_PX * 2
        margin = 2 * cell
        side = self._modules * cell
        target = (margin + _UNIT_SQUARE * side).astype(np.float32)
        canvas = side + 2 * margin
        warped = cv2.warpPerspective(grey, cv2.getPerspectiveTransform(corners, target), (canvas, canvas),
                                     flags=cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        paper = int(np.percentile(warped[margin:margin + side, margin:margin + side], 95))
        clean = np.full_like(warped, paper)
        clean[margin:margin + side, margin:margin + side] = warped[margin:margin + side, margin:margin + side]
        _, ids, _ = self._detector.detectMarkers(clean)
        return ids is not None and marker_id in ids.ravel()

    def _likely(self, means: np.ndarray, cell: int, step: int, share: float) -> list[tuple[int, int]]:
        """The places (flat pixels, `step` apart, above the marker by `GAP`) where a dark-bordered
        square with a light ring on three sides (the fourth may be covered) contrasts at least
        `share` as much as the marker below, the likeliest first, each the best of its
        neighbourhood."""
        scores, least = self._place_scores(means[None], cell, step, share)
        return _best_places(scores[0], float(least[0]), lambda row, column: (cell + column * step, cell + row * step),
                            cell // 2, self.PLACES)

    def _place_scores(self, means: np.ndarray, cell: int, step: int, share: float) -> tuple[np.ndarray, np.ndarray]:
        """For flat views `means` (N x H x W, float32, at `cell` pixels a module), the score of
        `_likely` at every place (N x rows x columns, `step` pixels apart) and the least score a
        place needs in each view (N): `share` of the marker's own (a covered sticker is printed and
        lit like the marker below it), at least `FiducialCheck.MIN_CONTRAST`."""
        left, _, top, bottom = self._extent
        border, ring = self._outline_cells(cell)
        x_below, y_below = round(-left * cell), round(-top * cell)
        below = _score(means[:, y_below + border[0], x_below + border[1]],
                       means[:, y_below + ring[0], x_below + ring[1]])
        least = np.maximum(FiducialCheck.MIN_CONTRAST, share * below)
        span = (self._modules + 1) * cell
        xs = np.arange(cell, means.shape[2] - span, step)[None, :, None]
        ys = np.arange(cell, round((bottom - top - self._modules) * cell) + 1, step)[:, None, None]
        scores = _score(means[:, ys + border[0], xs + border[1]], means[:, ys + ring[0], xs + ring[1]])
        return scores, least

    @functools.cache  # noqa: B019 (one finder per reader, two cell sizes)
    def _outline_cells(self, cell: int) -> tuple[tuple[np.ndarray, np.ndarray], tuple[np.ndarray, np.ndarray]]:
        """The (rows, columns) of the middles of the border's cells and of the ring's cells on the
        top, left and right (the bottom may be covered), from a code's top-left corner."""
        n = self._modules
        border = [(0, c) for c in range(n)] + [(n - 1, c) for c in range(n)] + \
                 [(r, c) for r in range(1, n - 1) for c in (0, n - 1)]
        ring = [(-1, c) for c in range(n)] + [(r, c) for r in range(1, n - 1) for c in (-1, n)]

        def middles(cells: list[tuple[int, int]]) -> tuple[np.ndarray, np.ndarray]:
            rows, columns = np.array(cells).T * cell + cell // 2
            return rows, columns

        return middles(border), middles(ring)


@functools.lru_cache(maxsize=4)
def _flat_grid(width: int, height: int) -> tuple[np.ndarray, np.ndarray]:
    """The column and the row of every pixel of a `width` x `height` flat view, row by row (float32)."""
    columns, rows = np.meshgrid(np.arange(width, dtype=np.float32), np.arange(height, dtype=np.float32))
    return columns.ravel(), rows.ravel()


def _flat_views(grey: np.ndarray, to_frame: np.ndarray, width: int, height: int) -> np.ndarray:
    """The flat views (N x `height` x `width`, float32) whose pixels the homographies `to_frame`
    (N x 3 x 3, flat to frame) take into `grey`: all in one remap."""
    along, down = _flat_grid(width, height)
    homography = to_frame[:, :, :, None]
    mapped = homography[:, :, 0] * along + homography[:, :, 1] * down + homography[:, :, 2]  # N x 3 x HW
    map_x = (mapped[:, 0] / mapped[:, 2]).reshape(-1, width)
    map_y = (mapped[:, 1] / mapped[:, 2]).reshape(-1, width)
    flats = cv2.remap(grey, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
    return flats.astype(np.float32).reshape(len(to_frame), height, width)


def _in_frame(corners: np.ndarray, shape: tuple[int, ...], modules: int) -> bool:
    """Whether a code at `corners` and a module around it lie inside a frame of `shape` (the flat
    views replicate the frame's border: nothing found beyond it is real)."""
    margin = float(np.linalg.norm(corners[1] - corners[0])) / modules + 6
    height, width = shape[:2]
    return bool((corners.min(axis=0) >= margin).all() and corners[:, 0].max() < width - margin
                and corners[:, 1].max() < height - margin)


def _best_places(score: np.ndarray, least: float, place: Callable[[int, int], tuple[int, int]], apart: int,
                 count: int) -> list[tuple[int, int]]:
    """The places (flat pixels, `place` of a cell of `score`) scoring at least `least`, the best
    first, each more than `apart` pixels (across or down) from every better one, at most `count`."""
    chosen: list[tuple[int, int]] = []
    candidates = np.flatnonzero(score >= least)
    for index in candidates[np.argsort(-score.ravel()[candidates])]:
        row, column = np.unravel_index(index, score.shape)
        here = place(int(row), int(column))
        if all(max(abs(here[0] - x), abs(here[1] - y)) > apart for x, y in chosen):
            chosen.append(here)
            if len(chosen) == count:
                break
    return chosen


def _score(border: np.ndarray, ring: np.ndarray) -> np.ndarray:
    """How much lighter a code's ring on three sides is than its border, for the greys of their
    cells (last axis): the lightest but a quarter of the ring against the darkest but a sixth of the
    border."""
    light = np.partition(ring, ring.shape[-1] // 4, axis=-1)[..., ring.shape[-1] // 4]
    dark = np.partition(border, -(border.shape[-1] // 6), axis=-1)[..., -(border.shape[-1] // 6)]
    return light - dark


class CoveredQrFinder(_SearchAbove):
    """Finds the QR stickers whose bottom quiet zone is covered, above the QR codes already read:
    zxing-cpp cannot confirm the bottom-left finder pattern when the card's edge runs along it.

    Where the region above a code shows three finder patterns placed as a code's, with light
    rings (quiet zone and separator; the bottom-left one's may be the card's edge) contrasting at
    least `LEAST_CONTRAST` as much as the code's own, that code ends 21 modules under its top: a
    light band is painted there over the card's edge, at a few places a third of a module apart,
    and zxing-cpp reads the flat view. A code read so proves itself by its error correction, like
    any other."""

    FAMILY = "qr"
    ACROSS = (-4.0, 25.0)
    GAP = (1.0, 8.0)
    """2 mm of the covering card's margin and the sticker's 2-module quiet zone make about 4.3
    modules at the default sizes."""
    CELL_PX = 4
    COARSE_CELL_PX = 3
    LEAST_CONTRAST = 0.25
    PLACES = 2
    _OWN_CELLS = ((3.5, 3.5), (0.5, 3.5), (3.5, 0.5), (1.5, 3.5), (3.5, 1.5), (-1.0, 3.5), (3.5, -1.0))
    """Where the marker's own contrast is sampled, in modules: the finder's centre and dark ring,
    then its light ring and the quiet zone."""
    SLACK_PX = 2
    """How far (flat pixels) the other finder patterns may lie from where the top-left one puts them."""
    BAND_SHIFTS = (0.0, 1 / 3, -1 / 3, 2 / 3, -2 / 3, 1.0)
    """Where the painted band starts, in modules below the code's bottom inferred from its finder."""

    def __init__(self, name: str = "zxing") -> None:
        import zxingcpp

        self._zxing = zxingcpp
        self._name = name
        super().__init__(21)

    def _search(self, grey: np.ndarray, below: RawCode) -> RawCode | None:
        """The covered code above `below` (a region `_promising` kept): its finder patterns placed
        on a fine flat view and the code read there."""
        own = float(self._own_contrasts(grey, below.corners[None].astype(np.float64))[0])
        flat, to_flat = self._flat(grey, self._to_modules(below), self.CELL_PX, with_marker=False)
        places = self._finders(flat.astype(np.float32), self.CELL_PX, own)
        to_frame = np.linalg.inv(to_flat)
        paper = int(np.percentile(flat, 95))
        for _, y in places:
            bottom = y + self._modules * self.CELL_PX
            for shift in self.BAND_SHIFTS:
                start = max(0, round(bottom + shift * self.CELL_PX))
                painted = flat.copy()
                painted[start:start + 3 * self.CELL_PX] = paper
                code = self._read(painted, to_frame, grey.shape)
                if code is not None:
                    return code
        return None

    def _promising(self, grey: np.ndarray, codes: list[RawCode]) -> list[RawCode]:
        """The `codes` whose region shows three finder patterns as contrasted as `_finders` asks on
        a coarse flat view (most regions show none): every region warped in one remap and scored at
        once, since a frame holds dozens of them and one warp each cost more than the decoding. The
        rows the two top finder patterns can use are looked at first; only the regions showing both
        are warped whole for the third."""
        if not codes:
            return []
        cell = self.COARSE_CELL_PX
        left, right, top, bottom = self._extent
        width, height = int((right - left) * cell), int((bottom - top) * cell)
        corners = np.array([code.corners for code in codes], dtype=np.float64)
        to_frame = self._flat_to_frame(codes, cell)
        least = np.maximum(FiducialCheck.MIN_CONTRAST, self.LEAST_CONTRAST * self._own_contrasts(grey, corners))
        geometry = self._finder_geometry(cell, width, height)
        if geometry is None:
            return []
        lowest = geometry[0]
        top_rows = lowest + self.SLACK_PX + 7 * cell + cell // 2 + 1
        both_top = self._finder_evidence(_flat_views(grey, to_frame, width, top_rows), cell, geometry)
        alive = np.flatnonzero(both_top >= least)
        if not alive.size:
            return []
        shown = self._finder_evidence(_flat_views(grey, to_frame[alive], width, height), cell, geometry,
                                      bottom_left=True)
        return [codes[index] for index, best in zip(alive, shown, strict=True) if best >= least[index]]

    def _finder_geometry(self, cell: int, width: int, height: int) -> tuple[int, int, int] | None:
        """Where a code's top-left finder can lie in a flat view of `width` x `height` at `cell`
        pixels a module (rows up to the first, columns up to the second) and how far its other
        finders lie from it (the third); None when a code cannot fit."""
        apart = (self._modules - 7) * cell
        slack = self.SLACK_PX
        _, _, top, bottom = self._extent
        lowest = min(round((bottom - top - self._modules) * cell), height - apart - slack - 1)
        across = width - apart - slack
        return None if lowest < slack or across <= slack else (lowest, across, apart)

    def _finder_evidence(self, flats: np.ndarray, cell: int, geometry: tuple[int, int, int],
                         bottom_left: bool = False) -> np.ndarray:
        """For each flat view of `flats` (N x H x W), the best contrast of `_finder_contrast`."""
        return self._finder_contrast(flats, cell, geometry, bottom_left).reshape(len(flats), -1).max(axis=1)

    def _finder_contrast(self, flats: np.ndarray, cell: int, geometry: tuple[int, int, int],
                         bottom_left: bool = False) -> np.ndarray:
        """For each flat view of `flats` (N x H x W) and each place of a code's top-left corner
        (`_finder_geometry`'s rows and columns, from `SLACK_PX`), how contrasted its two top finder
        patterns (with `bottom_left`, all three) are at least. The top-right finder lies 14 modules
        across, the bottom-left one 14 down (its ring's bottom side may be the card's edge), each off
        by up to `SLACK_PX` (cards a little askew, the marker's corners from zxing-cpp a little off).
        The stack is dilated as one image: the scores' zero margin of a cell is wider than
        `SLACK_PX`, so no region borrows from the next."""
        width = flats.shape[-1]
        lowest, across, apart = geometry
        slack = self.SLACK_PX
        near = np.ones((2 * slack + 1, 2 * slack + 1), np.uint8)
        scores = self._finder_scores(flats, cell)
        best = cv2.dilate(scores.reshape(-1, width), near).reshape(scores.shape)
        rows, columns = slice(slack, lowest + 1), slice(slack, across)
        parts = [scores[:, rows, columns], best[:, rows, slack + apart:across + apart]]
        if bottom_left:
            open_below = self._finder_scores(flats, cell, open_below=True)
            best_open = cv2.dilate(open_below.reshape(-1, width), near).reshape(scores.shape)
            parts.append(best_open[:, slack + apart:lowest + 1 + apart, columns])
        return np.minimum.reduce(parts)

    def _own_contrasts(self, grey: np.ndarray, corners: np.ndarray) -> np.ndarray:
        """For each code of `corners` (N x 4 x 2), how much lighter its quiet zone and its top-left
        finder's light ring are than the finder's dark ring and centre (the middles of a few of
        their cells, placed between the code's corners)."""
        u, v = (np.array(axis) / self._modules for axis in zip(*self._OWN_CELLS, strict=True))
        top_left, top_right, bottom_right, bottom_left = (corners[:, i, None, :] for i in range(4))
        u, v = u[None, :, None], v[None, :, None]
        points = ((1 - u) * (1 - v) * top_left + u * (1 - v) * top_right + u * v * bottom_right
                  + (1 - u) * v * bottom_left)
        x = np.clip(np.round(points[..., 0]).astype(int), 0, grey.shape[1] - 1)
        y = np.clip(np.round(points[..., 1]).astype(int), 0, grey.shape[0] - 1)
        greys = grey[y, x].astype(np.float32)
        return greys[:, 3:].min(axis=1) - greys[:, :3].max(axis=1)

    def _read(self, flat: np.ndarray, to_frame: np.ndarray, shape: tuple[int, ...]) -> RawCode | None:
        """The code zxing-cpp reads in the region above the marker on `flat` (not the marker),
        inside the frame of `shape`."""
        zx = self._zxing
        _, _, top, bottom = self._extent
        for barcode in zx.read_barcodes(flat, formats=zx.BarcodeFormat.QRCode, try_rotate=False,
                                        try_downscale=False, try_invert=False):
            p = barcode.position
            if (p.top_left.y + p.bottom_right.y) / 2 > (bottom - top) * self.CELL_PX:
                continue
            corners = np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                                [p.bottom_right.x, p.bottom_right.y], [p.bottom_left.x, p.bottom_left.y]],
                               dtype=np.float64).reshape(-1, 1, 2)
            on_frame = cv2.perspectiveTransform(corners, to_frame).reshape(4, 2).astype(np.float32)
            if not _in_frame(on_frame, shape, self._modules):
                continue
            return RawCode("qr", barcode.text, None, on_frame, self._name, self._modules)
        return None

    def _finders(self, flat: np.ndarray, cell: int, own: float) -> list[tuple[int, int]]:
        """The places (flat pixels) where a code's top-left corner can lie above the marker, with
        its three finder patterns and their light rings (the bottom-left one's may be the card's
        edge) as contrasted as the marker's own top-left one (`own`) at least by `LEAST_CONTRAST`,
        the likeliest first."""
        least = max(FiducialCheck.MIN_CONTRAST, self.LEAST_CONTRAST * own)
        geometry = self._finder_geometry(cell, flat.shape[1], flat.shape[0])
        if geometry is None:
            return []
        both = self._finder_contrast(flat[None], cell, geometry, bottom_left=True)[0]
        slack = self.SLACK_PX
        return _best_places(both, least, lambda row, column: (column + slack, row + slack), 2 * cell, self.PLACES)

    @staticmethod
    def _finder_scores(flat: np.ndarray, cell: int, open_below: bool = False) -> np.ndarray:
        """For a flat view (or a stack of them, N x H x W) and a finder pattern's top-left corner at
        every flat pixel (zero where the pattern and its ring would not fit), how much lighter its
        light ring and the ring around it are than its dark ring and centre, sampled in the middle
        of each side: the lightest of 8 samples (7 with `open_below`: the ring under it may be
        covered) against the darkest of 5."""
        height, width = flat.shape[-2:]
        first = cell
        rows = height - 1 - (7 * cell + cell // 2) - first + 1
        columns = width - 1 - (7 * cell + cell // 2) - first + 1
        scores = np.zeros(flat.shape, np.float32)
        if rows <= 0 or columns <= 0:
            return scores

        def sample(row: int, column: int) -> np.ndarray:
            """The module (row, column) of the pattern placed at every corner."""
            y, x = first + row * cell + cell // 2, first + column * cell + cell // 2
            return flat[..., y:y + rows, x:x + columns]

        dark = np.maximum.reduce([sample(3 + dy, 3 + dx) for dy, dx in ((0, 0), (-3, 0), (3, 0), (0, -3), (0, 3))])
        ring = ((-2, 0), (2, 0), (0, -2), (0, 2), (-4, 0), (0, -4), (0, 4)) + (() if open_below else ((4, 0),))
        light = np.minimum.reduce([sample(3 + dy, 3 + dx) for dy, dx in ring])
        scores[..., first:first + rows, first:first + columns] = light.astype(np.float32) - dark
        return scores

