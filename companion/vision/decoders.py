"""Code decoders behind one interface: each turns a grey frame into raw codes with their corners.

- `ZxingDecoder`: zxing-cpp, reads many small QR (and Micro QR) codes per frame, fast.
- `ZbarDecoder`: pyzbar (the one with an Android recipe); it reads a few codes well but collapses
  when a frame holds many, so it runs on overlapping tiles, upscaled when codes are small.
- `ArucoDecoder`: OpenCV's ArUco detector for the compact fiducial family.

A decoder never decides what a code means: the reader checks payloads and ids against the marker
registry. No code found is an empty list, not an error.
"""

from __future__ import annotations

import functools
import math
from collections.abc import Sequence
from concurrent.futures import ThreadPoolExecutor
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Protocol

import cv2
import numpy as np

__all__ = [
    "ArucoDecoder",
    "Decoder",
    "FiducialCheck",
    "RawCode",
    "ZbarDecoder",
    "ZxingDecoder",
    "as_grey",
    "available_qr_decoders",
    "inside_any",
    "largest_pixels_per_module",
    "mean_sides",
    "same_place",
    "square_to_quads",
]

Corners = np.ndarray
"""A float32 array of shape (4, 2): the code's corners in pixels, clockwise from its top-left."""

STRETCH_MODULES = 3.0
"""How far around a pixel `_stretched` looks for the darkest and lightest grey, in modules: wide
enough that nearly every window holds a dark and a light module. On the product's own renderer
(`benchmarks/glare_stretch.py`: 600 single QR stickers on card art under a glare spot) 2.5-3 read
the most of those the other reads miss, at both scales; 1.5 a third as many or fewer."""


@dataclass(frozen=True, eq=False)
class RawCode:
    """One code read in a frame, before its meaning is checked."""

    family: str
    """``qr``, ``microqr`` or ``aruco``."""
    text: str | None
    fiducial_id: int | None
    corners: Corners = field(repr=False)
    decoder: str
    modules: int
    """Modules across the code (21 for a version-1 QR, 7 for a 5x5 ArUco with its border)."""

    @cached_property
    def center(self) -> tuple[float, float]:
        """The centre of the code in pixels."""
        corners = self.corners.tolist()
        return (sum(x for x, _ in corners) / len(corners), sum(y for _, y in corners) / len(corners))

    @cached_property
    def side_px(self) -> float:
        """The mean side length in pixels."""
        corners = self.corners.tolist()
        return sum(math.dist(a, b) for a, b in zip(corners, corners[1:] + corners[:1], strict=True)) / len(corners)

    @property
    def pixels_per_module(self) -> float:
        """How many pixels one module spans: below about 2-3 no decoder reads a code."""
        return self.side_px / self.modules


class Decoder(Protocol):
    """Anything that finds codes in a grey frame."""

    name: str

    def decode(self, grey: np.ndarray) -> list[RawCode]:
        """Every code found in `grey` (a 2-D uint8 array)."""
        ...


def as_grey(frame: np.ndarray) -> np.ndarray:
    """A 2-D uint8 view of a frame given as grey, BGR or BGRA.

    :raises TypeError: when `frame` is not a numpy array.
    :raises ValueError: when its shape or type is not that of an image.
    """
    if not isinstance(frame, np.ndarray):
        raise TypeError(f"expected a numpy image array, got {type(frame).__name__}")
    if frame.dtype != np.uint8:
        raise ValueError(f"expected an 8-bit image, got dtype {frame.dtype}")
    if frame.ndim == 2:
        return frame
    if frame.ndim == 3 and frame.shape[2] == 3:
        return cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
    if frame.ndim == 3 and frame.shape[2] == 4:
        return cv2.cvtColor(frame, cv2.COLOR_BGRA2GRAY)
    raise ValueError(f"expected a grey, BGR or BGRA image, got shape {frame.shape}")


class ZxingDecoder:
    """zxing-cpp restricted to the formats we print (QR and Micro QR): asking for every format lets
    it misread textures as other symbologies.

    Frames larger than `TILE_SIDE` are read in overlapping tiles: zxing-cpp stops at 255 symbols a
    read, those it could not decode included, and a crowded 4K table reaches that.

    zxing-cpp's own pyramid (the frame read again at a third of its size, and a ninth) is used only
    where a code may be large (`LARGE_PIXELS_PER_MODULE`, from `largest_pixels_per_module`): it
    finds large blurred codes whose modules outgrow its binarizer's window, and nothing among
    stickers at 2-6 pixels per module, where it costs a quarter of the read.

    With `upscale` on, every symbol zxing located but could not decode (its finder patterns seen,
    its modules misread: a code at 2-2.5 pixels per module) is read a second time from the full
    frame, a window around it upscaled twice (cubic) and sharpened. A frame whose symbols were all
    decoded is read once: the first pass's own evidence decides, so a frame of many small but
    readable codes (a tablet over one city) costs no more than zxing alone.
    """

    name = "zxing"
    MARGIN_SIDES = 1.0
    """How far around an undecoded symbol the upscaled window reaches, in the symbol's sides."""
    PYRAMID_FACTOR = 3
    PYRAMID_FROM_PX = 500
    """zxing-cpp's defaults: each layer a third of the one before, while it is wider than this."""
    TILE_SIDE = 2200
    TILE_OVERLAP = 256
    SPLIT_FROM_SYMBOLS = 150
    """zxing-cpp returns at most 255 symbols a read, those it could not decode included, and a
    crowded 4K table holds as many of those as codes (finder patterns of neighbouring codes): it
    then stopped before up to 1 code in 10. Frames are read in tiles of at most `TILE_SIDE`
    pixels overlapping by `TILE_OVERLAP` (more than a code), and a tile whose read returns
    `SPLIT_FROM_SYMBOLS` symbols or more is read again in halves; a frame of codes that may be
    larger than the overlap (a close-up) is read whole too."""
    LARGE_PIXELS_PER_MODULE = 6.0
    """From how many pixels per module a code may be read only by the pyramid. Measured on busy card
    art blurred up to half a module (40 codes a size): recall without the pyramid equals recall
    with it up to 8 pixels per module, falls at 10 (0.83 against 0.90) and collapses at 20 and 30
    (0.08 against 0.93)."""

    def __init__(self, micro: bool = False, upscale: bool = False) -> None:
        import zxingcpp

        self._zxing = zxingcpp
        formats = [zxingcpp.BarcodeFormat.QRCode]
        if micro:
            formats.append(zxingcpp.BarcodeFormat.MicroQRCode)
        self._formats = tuple(formats)
        self.upscale = upscale

    def decode(self, grey: np.ndarray) -> list[RawCode]:
        codes, undecoded, tiles = self._read_tiles(grey, (0, 0, grey.shape[1], grey.shape[0]))
        if tiles > 1 and largest_pixels_per_module(codes, undecoded, grey.shape) * 21 > self.TILE_OVERLAP:
            # Codes larger than the tiles' overlap may be cut by a tile: read the frame whole too.
            whole, undecoded = self._read(grey, 1.0, (0, 0), downscale=False)
            codes += [code for code in whole if not _read_already(code, codes)]
        if (max(grey.shape) > self.PYRAMID_FROM_PX
                and largest_pixels_per_module(codes, undecoded, grey.shape) >= self.LARGE_PIXELS_PER_MODULE):
            factor = self.PYRAMID_FACTOR
            height, width = (side - side % factor for side in grey.shape)
            smaller = cv2.resize(grey[:height, :width], (width // factor, height // factor),
                                 interpolation=cv2.INTER_AREA)
            more, more_undecoded = self._read(smaller, 1 / factor, (0, 0), downscale=True)
            # A code read at full size keeps its finer corners (zxing-cpp's own pyramid keeps them so).
            codes += [code for code in more if not _read_already(code, codes)]
            undecoded += more_undecoded
        if not self.upscale:
            return codes
        for box in _windows(undecoded, codes, self.MARGIN_SIDES, grey.shape):
            codes += self.read_window(grey, box, sharpen=True)
        return codes

    def read_window(self, grey: np.ndarray, box: tuple[int, int, int, int], *, sharpen: bool = False,
                    module_px: float | None = None) -> list[RawCode]:
        """The codes of `box` (x0, y0, x1, y1) of `grey`, read upscaled twice (cubic; `sharpen`ed
        for symbols zxing located but could not decode), then binarised against its neighbourhood
        when that read finds nothing; given the codes' `module_px` (pixels a module), then with its
        contrast stretched between the local darkest and lightest (`_stretched`: a code under glare),
        upscaled and as it is."""
        x0, y0, x1, y1 = box
        up = cv2.resize(grey[y0:y1, x0:x1], None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
        first = cv2.addWeighted(up, 1.6, cv2.GaussianBlur(up, (0, 0), 1.6), -0.6, 0) if sharpen else up
        found = self._read(first, 2.0, (x0, y0), downscale=False)[0]
        found = found or self._read(_thresholded(up), 2.0, (x0, y0), downscale=False)[0]
        if found or module_px is None:
            return found
        for scale, window in ((2.0, up), (1.0, grey[y0:y1, x0:x1])):
            found = self._read(_stretched(window, STRETCH_MODULES * module_px * scale), scale, (x0, y0),
                               downscale=False)[0]
            if found:
                return found
        return []

    def _read_tiles(self, grey: np.ndarray, box: tuple[int, int, int, int]
                    ) -> tuple[list[RawCode], list[np.ndarray], int]:
        """The codes decoded in `box` of `grey`, the symbols located there but not decoded, and the
        number of tiles read: tiles no longer than `TILE_SIDE` overlapping by `TILE_OVERLAP`, a
        tile whose read comes near zxing-cpp's limit of symbols split again."""
        x0, y0, x1, y1 = box
        width, height = x1 - x0, y1 - y0
        if max(width, height) > self.TILE_SIDE:
            return self._read_halves(grey, box)
        codes, undecoded = self._read(grey[y0:y1, x0:x1], 1.0, (x0, y0), downscale=False)
        if len(codes) + len(undecoded) >= self.SPLIT_FROM_SYMBOLS and max(width, height) > 2 * self.TILE_OVERLAP:
            return self._read_halves(grey, box)
        # A symbol reaching a tile's cut edge is cut: a smaller one lies whole in the next tile.
        height_px, width_px = grey.shape[:2]
        cut = np.array([x0 > 0, y0 > 0, x1 < width_px, y1 < height_px])
        if cut.any():
            undecoded = [quad for quad in undecoded if not (cut & np.array([
                quad[:, 0].min() <= x0 + 2, quad[:, 1].min() <= y0 + 2,
                quad[:, 0].max() >= x1 - 3, quad[:, 1].max() >= y1 - 3])).any()]
        return codes, undecoded, 1

    def _read_halves(self, grey: np.ndarray, box: tuple[int, int, int, int]
                     ) -> tuple[list[RawCode], list[np.ndarray], int]:
        """`_read_tiles` on the two halves of `box` (cut across its longer side, overlapping)."""
        x0, y0, x1, y1 = box
        codes: list[RawCode] = []
        undecoded: list[np.ndarray] = []
        tiles = 0
        if x1 - x0 >= y1 - y0:
            middle = (x0 + x1) // 2
            halves = [(x0, y0, min(x1, middle + self.TILE_OVERLAP // 2), y1),
                      (max(x0, middle - self.TILE_OVERLAP // 2), y0, x1, y1)]
        else:
            middle = (y0 + y1) // 2
            halves = [(x0, y0, x1, min(y1, middle + self.TILE_OVERLAP // 2)),
                      (x0, max(y0, middle - self.TILE_OVERLAP // 2), x1, y1)]
        for half in halves:
            found, located, count = self._read_tiles(grey, half)
            codes += [code for code in found if not _read_already(code, codes)]
            undecoded += located
            tiles += count
        return codes, undecoded, tiles

    def _read(self, grey: np.ndarray, scale: float, origin: tuple[int, int], downscale: bool
              ) -> tuple[list[RawCode], list[np.ndarray]]:
        """The codes decoded in `grey`, and the corners of the symbols located but not decoded
        (both in the full frame's pixels, `grey` being a crop at `origin` resized by `scale`)."""
        zx = self._zxing
        codes, undecoded = [], []
        for barcode in zx.read_barcodes(grey, formats=self._formats, try_rotate=True, try_downscale=downscale,
                                        try_invert=False, return_errors=True):
            p = barcode.position
            corners = np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                                [p.bottom_right.x, p.bottom_right.y], [p.bottom_left.x, p.bottom_left.y]],
                               dtype=np.float32) / scale + np.array(origin, dtype=np.float32)
            if not barcode.valid:
                undecoded.append(corners)
                continue
            micro = barcode.format == zx.BarcodeFormat.MicroQRCode
            modules = _modules(str(barcode.extra.get("Version", "1")) if isinstance(barcode.extra, dict) else "1")
            codes.append(RawCode("microqr" if micro else "qr", barcode.text, None, corners, self.name, modules))
        return codes, undecoded


def _thresholded(window: np.ndarray) -> np.ndarray:
    """A window binarised against its Gaussian-weighted neighbourhood (23 pixels, 5 grey levels under
    it): modules of 2-2.5 pixels that zxing-cpp's own binarizer (a mean over 8x8 blocks) merges, it
    still separates; tried only where a symbol was located and nothing was decoded."""
    return cv2.adaptiveThreshold(window, 255, cv2.ADAPTIVE_THRESH_GAUSSIAN_C, cv2.THRESH_BINARY, 23, 5)


def _stretched(window: np.ndarray, reach_px: float) -> np.ndarray:
    """`window` with each pixel's grey stretched between the darkest and the lightest within
    `reach_px` around it (smoothed; at least 8 grey levels apart): a glare spot lifts a code's dark
    modules towards white, unevenly, and leaves too little contrast for a binarizer's one threshold
    per block; stretched, the modules are dark and light again wherever some contrast is left."""
    side = max(3, round(reach_px)) | 1
    square = cv2.getStructuringElement(cv2.MORPH_RECT, (side, side))
    grey = window.astype(np.float32)
    light = cv2.GaussianBlur(cv2.dilate(grey, square), (side, side), 0)
    dark = cv2.GaussianBlur(cv2.erode(grey, square), (side, side), 0)
    return np.clip((grey - dark) / np.maximum(light - dark, 8.0) * 255.0, 0, 255).astype(np.uint8)


def _read_already(code: RawCode, codes: Sequence[RawCode]) -> bool:
    """Whether `code` is one of `codes` read again (its text, at its place)."""
    return any(other.text == code.text and math.dist(other.center, code.center) < 0.35 * other.side_px
               for other in codes)


def largest_pixels_per_module(codes: Sequence[RawCode], located: Sequence[np.ndarray], shape: tuple[int, ...]) -> float:
    """The most pixels per module a code can show anywhere in a frame of `shape`, estimated from the
    `codes` read and the symbols `located` but not decoded (taken as 21 modules across, the fewest
    a QR code has). Stickers are printed at one size and lie on one table, a plane, over which a
    code's size in the image varies almost linearly: a plane fitted to the codes' pixels per module
    is taken at the frame's corners. Infinite when fewer than three codes, not in a line, place it."""
    centres = [code.center for code in codes] + [tuple(quad.mean(axis=0)) for quad in located]
    sizes = [code.pixels_per_module for code in codes] + [float(side) / 21 for side in mean_sides(located)]
    if len(sizes) < 3:
        return math.inf
    across = np.column_stack([np.array(centres, dtype=np.float64), np.ones(len(centres))])
    plane, _, rank, _ = np.linalg.lstsq(across, np.array(sizes), rcond=None)
    if rank < 3:
        return math.inf
    height, width = shape[:2]
    corners = np.array([[0, 0, 1], [width, 0, 1], [0, height, 1], [width, height, 1]], dtype=np.float64)
    return float(max(max(sizes), (corners @ plane).max()))


def _windows(undecoded: Sequence[np.ndarray], decoded: Sequence[RawCode], margin_sides: float,
             shape: tuple[int, ...]) -> list[tuple[int, int, int, int]]:
    """The boxes (x0, y0, x1, y1) to read again: each undecoded symbol widened by `margin_sides` of
    its side (and 8 pixels), overlapping boxes joined; a symbol centred in a decoded code is skipped
    (zxing's downscaled pass can fail on a code its full-size pass read)."""
    boxes: list[list[int]] = []
    if not undecoded:
        return []
    centres = np.array([quad.mean(axis=0) for quad in undecoded], dtype=np.float64)
    read = inside_any(centres, [code.corners for code in decoded]) if decoded else np.zeros(len(undecoded), bool)
    for quad, side, taken in zip(undecoded, mean_sides(undecoded), read, strict=True):
        if taken:
            continue
        margin = margin_sides * float(side) + 8
        x0, y0 = np.maximum(quad.min(axis=0) - margin, 0).astype(int)
        x1, y1 = np.ceil(quad.max(axis=0) + margin).astype(int)
        boxes.append([int(x0), int(y0), int(min(x1, shape[1])), int(min(y1, shape[0]))])
    joined: list[list[int]] = []
    for box in sorted(boxes):
        overlapping = [other for other in joined if box[0] < other[2] and other[0] < box[2]
                       and box[1] < other[3] and other[1] < box[3]]
        for other in overlapping:
            joined.remove(other)
            box = [min(box[0], other[0]), min(box[1], other[1]), max(box[2], other[2]), max(box[3], other[3])]
        joined.append(box)
    return [(x0, y0, x1, y1) for x0, y0, x1, y1 in joined if x1 > x0 and y1 > y0]


def _modules(version: str) -> int:
    """Modules across a QR code of `version` ("1".."40") or a Micro QR code ("M1".."M4")."""
    if version.startswith("M") and version[1:].isdigit():
        return 9 + 2 * int(version[1:])
    return 17 + 4 * int(version) if version.isdigit() else 21


class ZbarDecoder:
    """pyzbar on overlapping tiles, each upscaled when the codes are expected to be small.

    `tile` is the tile side in pixels of the frame (0: whole frame only), `upscale` the factor.
    """

    name = "zbar"

    def __init__(self, tile: int = 640, overlap: int = 160, upscale: float = 2.0) -> None:
        from pyzbar import pyzbar

        self._pyzbar = pyzbar
        self.tile = tile
        self.overlap = overlap
        self.upscale = upscale

    def _decode_region(self, region: np.ndarray, x0: int, y0: int, scale: float) -> list[RawCode]:
        pz = self._pyzbar
        image = region if scale == 1 else cv2.resize(region, None, fx=scale, fy=scale,
                                                      interpolation=cv2.INTER_CUBIC)
        codes = []
        for found in pz.decode(image, symbols=[pz.ZBarSymbol.QRCODE]):
            points = np.array([(p.x, p.y) for p in found.polygon], dtype=np.float32)
            if len(points) != 4:
                hull = cv2.convexHull(points)
                points = cv2.boxPoints(cv2.minAreaRect(hull)).astype(np.float32)
            corners = _clockwise(points / scale + np.array([x0, y0], dtype=np.float32))
            try:
                text = found.data.decode("utf-8")
            except UnicodeDecodeError:
                text = found.data.decode("latin-1")
            codes.append(RawCode("qr", text, None, corners, self.name, 21))
        return codes

    def decode(self, grey: np.ndarray) -> list[RawCode]:
        codes = self._decode_region(grey, 0, 0, 1.0)
        if self.tile <= 0:
            return codes
        height, width = grey.shape
        step = max(1, self.tile - self.overlap)
        for y0 in range(0, max(1, height - self.overlap), step):
            for x0 in range(0, max(1, width - self.overlap), step):
                region = grey[y0:y0 + self.tile, x0:x0 + self.tile]
                codes.extend(self._decode_region(region, x0, y0, self.upscale))
        return codes


def _clockwise(points: np.ndarray) -> np.ndarray:
    """Order four points clockwise starting from the one nearest the image's top-left."""
    center = points.mean(axis=0)
    angles = np.arctan2(points[:, 1] - center[1], points[:, 0] - center[0])
    ordered = points[np.argsort(angles)]
    start = int(np.argmin(ordered.sum(axis=1)))
    return np.roll(ordered, -start, axis=0).astype(np.float32)


class FiducialCheck:
    """A second reading of an ArUco hit on the full frame, so that lookalikes (a QR finder pattern
    too small to decode, a printed icon) never become components.

    The code and a one-cell ring around it are sampled on the refined corners, cell by cell, and
    each cell's grey is set on a scale from the border's dark (0) to the id's light cells (1). A
    hit passes when that span has contrast, at most one inner cell clearly contradicts the id's
    bits (below 0.25 where the id has a light cell, above 0.75 where a dark one) and at most three
    lie on the wrong side of 0.5 (blur at 2 pixels per module greys a few cells; a QR finder
    pattern read as id 591 has four cells wrong), the border is dark, and the ring is light on at
    least three sides: the fourth may be covered by the next card of a column.
    """

    CELL_PX = 6
    MIN_CONTRAST = 24.0
    MAX_CONTRADICTIONS = 1
    MAX_WRONG_SIDE = 3
    MAX_LIGHT_BORDER_CELLS = 2
    MIN_LIGHT_SIDES = 3

    def __init__(self, vocabulary: cv2.aruco.Dictionary) -> None:
        modules = vocabulary.markerSize + 2
        # Every id's light cells, as a hit's corners give them: from the code's top-left corner, as
        # OpenCV's detector and the covered search order them (a turned reading is refused; checking
        # all four turns gave the same verdicts on 2,073 hits at four times the cost).
        self._codes = np.array([[self._id_bits(vocabulary, i, modules)] for i in range(vocabulary.bytesList.shape[0])],
                               dtype=bool)
        self._border = np.ones((modules, modules), dtype=bool)
        self._border[1:-1, 1:-1] = False
        cell = self.CELL_PX
        side = (modules + 4) * cell
        self._canvas = side
        self._cells = side // cell - 2
        """Cells sampled across: the code, its ring and one more cell around."""
        near, far = 2 * cell, side - 2 * cell
        self._to_unit = np.array([[1 / (far - near), 0, -near / (far - near)],
                                  [0, 1 / (far - near), -near / (far - near)], [0, 0, 1]])
        """From the code's square as sampled (its corners `near` and `far` pixels in) to the unit square."""

    @staticmethod
    def _id_bits(vocabulary: cv2.aruco.Dictionary, marker_id: int, modules: int) -> np.ndarray:
        image = cv2.aruco.generateImageMarker(vocabulary, marker_id, modules)
        return image[1:-1, 1:-1] > 127

    def passes(self, grey: np.ndarray, corners: np.ndarray, marker_id: int) -> bool:
        """Whether the hit of `marker_id` at `corners` is a real printed marker (`passes_all` on one)."""
        return bool(self.passes_all(grey, [corners], [marker_id])[0])

    def passes_all(self, grey: np.ndarray, corners: Sequence[np.ndarray], marker_ids: Sequence[int]) -> np.ndarray:
        """Whether each hit (`marker_ids[i]` at `corners[i]`) is a real printed marker, as a bool array.

        Every hit's cells are sampled in one `cv2.remap` call and judged together. The grid is also
        tried a third of a cell off each way: at 2 pixels per module the corners can be that far
        off (the middle of each cell is sampled, so a moved grid still samples inside the cells)."""
        ids = np.asarray(marker_ids, dtype=np.int64).reshape(-1)
        result = np.zeros(len(ids), dtype=bool)
        known = (ids >= 0) & (ids < len(self._codes))
        if not known.any():
            return result
        chosen = np.flatnonzero(known)
        cells = self._sample(grey, [corners[i] for i in chosen])
        result[chosen] = self._cells_pass(cells, self._codes[ids[chosen]])
        return result

    def outlined(self, grey: np.ndarray, quads: np.ndarray, inner_share: float) -> np.ndarray:
        """Whether each outline of `quads` (N x 4 x 2), or the square `inner_share` of it around its
        centre (a code inside a sticker's outline), shows a border of cells darker than most cells
        inside and around it by `MIN_CONTRAST`, the contrast a hit needs to pass: a bool array. A
        cheap first look at the outlines OpenCV rejected, before they are read again."""
        centres = quads.mean(axis=1, keepdims=True)
        both = np.concatenate([quads, centres + (quads - centres) * inner_share]).astype(np.float32)
        cells = self._sample(grey, list(both))                                      # (2N, shifts, n, n)
        code = cells[:, :, 1:-1, 1:-1]
        border = code[:, :, self._border]
        around = np.concatenate([code[:, :, 1:-1, 1:-1].reshape(*code.shape[:2], -1), cells[:, :, 0, 1:-1],
                                 cells[:, :, -1, 1:-1], cells[:, :, 1:-1, 0], cells[:, :, 1:-1, -1]], axis=-1)
        contrast = np.percentile(around, 80, axis=-1) - np.percentile(border, 75, axis=-1)
        shown = contrast.max(axis=1) >= self.MIN_CONTRAST
        return shown[:len(quads)] | shown[len(quads):]

    def _sample(self, grey: np.ndarray, corners: Sequence[np.ndarray]) -> np.ndarray:
        """The mean grey of the middle of every cell of each hit's code and ring, for each of the
        nine grid shifts: shape (hits, 9 shifts, n, n), shift 0 being the grid as found."""
        cell, n, step = self.CELL_PX, self._cells, self.CELL_PX // 3
        # Sample positions on the code's square (as if warped CELL_PX pixels a cell): for each shift
        # (0, -step, +step), each cell, the two pixels of the cell's middle.
        shifts = np.array([0, -step, step])
        axis = (cell + shifts[:, None, None] + cell * np.arange(n)[None, :, None]
                + np.arange(cell // 2 - 1, cell // 2 + 1)[None, None, :]).reshape(-1).astype(np.float64)
        u, v = np.meshgrid(axis, axis)   # v (rows) runs over dy shifts, u over dx
        square = np.stack([u.ravel(), v.ravel(), np.ones(u.size)])
        mapped = square_to_quads(np.asarray(corners, dtype=np.float64).reshape(-1, 4, 2)) @ self._to_unit @ square
        map_x = (mapped[:, 0] / mapped[:, 2]).astype(np.float32)
        map_y = (mapped[:, 1] / mapped[:, 2]).astype(np.float32)
        samples = cv2.remap(grey, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        pairs = samples.reshape(len(corners), 3, n, 2, 3 * n, 2).astype(np.float32)
        rows = pairs[:, :, :, 0] + pairs[:, :, :, 1]
        samples = ((rows[..., 0] + rows[..., 1]) / 4).reshape(len(corners), 3, n, 3, n)
        # (hits, dy, row, dx, column) -> (hits, shift, row, column), shifts in the order dx fastest.
        return samples.transpose(0, 1, 3, 2, 4).reshape(len(corners), 9, n, n)

    def _cells_pass(self, cells: np.ndarray, light_cells: np.ndarray) -> np.ndarray:
        """The check on every hit and shift at once. `cells` is (hits, shifts, n, n), `light_cells`
        (hits, 1, bits, bits): the id's light cells; the ring is judged on the grid as found (a
        moved grid would sample the ring next to the code's edge)."""
        code = cells[:, :, 1:-1, 1:-1]
        inner = code[:, :, 1:-1, 1:-1]
        dark = np.median(code[:, :, self._border], axis=-1)[:, :, None]                # (hits, shifts, 1)
        light_mask = light_cells[:, None]                                               # (hits, 1, 1, b, b)
        light_values = np.where(light_mask, inner[:, :, None], np.nan)
        light = _masked_median(light_values.reshape(*light_values.shape[:3], -1))   # (hits, shifts, 1)
        light = np.where(light_cells.any(axis=(2, 3))[:, None], light, cells.max(axis=(2, 3))[:, :, None])
        span = light - dark
        with np.errstate(divide="ignore", invalid="ignore"):
            level = (cells[:, :, None] - dark[..., None, None]) / span[..., None, None]  # (hits, shifts, 1, n, n)
            ring_level = (cells[:, :1, None] - dark[..., None, None]) / span[..., None, None]
        bits = level[..., 2:-2, 2:-2]
        lit = light_cells[:, None]
        contradictions = ((bits < 0.25) & lit).sum(axis=(-2, -1)) + ((bits > 0.75) & ~lit).sum(axis=(-2, -1))
        wrong_side = ((bits < 0.5) & lit).sum(axis=(-2, -1)) + ((bits > 0.5) & ~lit).sum(axis=(-2, -1))
        light_border = (level[..., 1:-1, 1:-1][..., self._border] > 0.5).sum(axis=-1)
        ring = ring_level > 0.5
        sides = np.stack([ring[..., 0, 1:-1], ring[..., -1, 1:-1], ring[..., 1:-1, 0], ring[..., 1:-1, -1]], axis=-2)
        light_sides = (sides.sum(axis=-1) >= sides.shape[-1] - 2).sum(axis=-1)
        good = ((span >= self.MIN_CONTRAST) & (contradictions <= self.MAX_CONTRADICTIONS)
                & (wrong_side <= self.MAX_WRONG_SIDE) & (light_border <= self.MAX_LIGHT_BORDER_CELLS)
                & (light_sides >= self.MIN_LIGHT_SIDES))
        return good.any(axis=(1, 2))


def square_to_quads(corners: np.ndarray) -> np.ndarray:
    """The homographies (N x 3 x 3) taking the unit square's corners (0,0), (1,0), (1,1), (0,1) to
    each quad of `corners` (N x 4 x 2), in closed form (Heckbert's square-to-quad), all at once:
    what `cv2.getPerspectiveTransform` solves one quad at a time."""
    (x0, y0), (x1, y1), (x2, y2), (x3, y3) = (corners[:, i].T for i in range(4))
    sx, sy = x0 - x1 + x2 - x3, y0 - y1 + y2 - y3
    dx1, dx2, dy1, dy2 = x1 - x2, x3 - x2, y1 - y2, y3 - y2
    denominator = dx1 * dy2 - dx2 * dy1
    g = (sx * dy2 - dx2 * sy) / denominator
    h = (dx1 * sy - sx * dy1) / denominator
    rows = [x1 - x0 + g * x1, x3 - x0 + h * x3, x0, y1 - y0 + g * y1, y3 - y0 + h * y3, y0, g, h, np.ones_like(g)]
    return np.stack(rows, axis=-1).reshape(-1, 3, 3)


def _masked_median(values: np.ndarray) -> np.ndarray:
    """The median along the last axis of the values that are not NaN (NaN where none is)."""
    count = (~np.isnan(values)).sum(axis=-1)
    ordered = np.sort(values, axis=-1)   # NaN sorts last
    low = np.take_along_axis(ordered, np.maximum(count - 1, 0)[..., None] // 2, axis=-1)[..., 0]
    high = np.take_along_axis(ordered, (count // 2)[..., None], axis=-1)[..., 0]
    return np.where(count > 0, (low + high) / 2, np.nan)


def same_place(a: RawCode, b: RawCode, within: float) -> bool:
    """Whether the centres of two codes lie within `within` of the larger one's side of each other
    (one code read twice)."""
    ax, ay = a.center
    bx, by = b.center
    return (ax - bx) ** 2 + (ay - by) ** 2 < (within * max(a.side_px, b.side_px)) ** 2


def mean_sides(quads: Sequence[np.ndarray] | np.ndarray) -> np.ndarray:
    """The mean side length of each quadrilateral of `quads` (N x 4 x 2), in pixels."""
    corners = np.asarray(quads, dtype=np.float64).reshape(-1, 4, 2)
    return np.asarray(np.linalg.norm(np.roll(corners, -1, axis=1) - corners, axis=2).mean(axis=1))


def inside_any(points: np.ndarray, areas: Sequence[np.ndarray]) -> np.ndarray:
    """Whether each point (k, 2) lies inside any of the convex quadrilaterals `areas` (4, 2 each),
    edges included."""
    quads = np.asarray(areas, dtype=np.float64).reshape(-1, 4, 2)
    edges = np.roll(quads, -1, axis=1) - quads                                  # (areas, 4, 2)
    offsets = points[:, None, None, :] - quads[None]                            # (k, areas, 4, 2)
    cross = edges[None, ..., 0] * offsets[..., 1] - edges[None, ..., 1] * offsets[..., 0]
    inside = (cross >= 0).all(axis=2) | (cross <= 0).all(axis=2)
    return inside.any(axis=1)


def _box_around(codes: Sequence[RawCode], reach_sides: float, shape: tuple[int, ...]) -> tuple[int, int, int, int]:
    """The box (x0, y0, x1, y1) around every code, widened by `reach_sides` of the largest one."""
    points = np.concatenate([code.corners for code in codes])
    reach = reach_sides * max(code.side_px for code in codes)
    x0, y0 = (int(v) for v in np.maximum(points.min(axis=0) - reach, 0))
    return (x0, y0, int(min(shape[1], points[:, 0].max() + reach + 1)),
            int(min(shape[0], points[:, 1].max() + reach + 1)))


def _blanked(image: np.ndarray, areas: Sequence[np.ndarray], scale: float) -> np.ndarray:
    """A copy of `image` (a frame resized by `scale`) with every area (corners in the full frame's
    pixels: decoded QR codes) painted white: their modules, which look like tiny markers, would
    otherwise give the ArUco search thousands of outlines to test. Each area is widened by a
    module (it stays in the code's quiet zone)."""
    blank = image.copy()
    polygons = []
    for area in areas:
        quad = np.asarray(area, dtype=np.float32).reshape(-1, 2)
        centre = quad.mean(axis=0)
        widened = centre + (quad - centre) * (1 + 2 / 21)
        polygons.append(np.round((widened + 0.5) * scale - 0.5).astype(np.int32))
    cv2.fillPoly(blank, polygons, 255)
    return blank


def _to_full(points: np.ndarray, scale: float) -> np.ndarray:
    """Points found on a copy resized by `scale`, in the full frame's pixels (pixel centres map to
    pixel centres)."""
    return ((points + 0.5) / scale - 0.5).astype(np.float32) if scale != 1.0 else points


@dataclass(frozen=True)
class _Search:
    """One ArUco detector pass: the hits that passed the check, the outlines it rejected, and the
    places of hits on a reduced copy that failed (corners in the full frame's pixels)."""

    codes: list[RawCode]
    rejected: list[np.ndarray]
    retry: list[tuple[float, np.ndarray]]


class ArucoDecoder:
    """OpenCV's ArUco detector for one predefined dictionary (by its cv2.aruco name): outlines found
    on a reduced copy of large frames, every hit refined and checked on the full frame, and a second
    look at small candidates.

    Frames wider than `reduce_above` pixels (4K, 12 MP photos) are searched at 2/3 size, and again
    at full size only around markers too small for it; the corners are then refined on the full
    frame. At 2-3 pixels per module OpenCV finds the marker's outline but often misreads its bits
    from rough corners: candidates it rejected that have the size of the markers around (or of
    small markers) are cropped from the full frame, upscaled `roi_scale` times, sharpened and read
    again, all in one mosaic; at most `roi_limit` of them per frame, the most contrasted first.
    Every hit must then pass `FiducialCheck` (its bits read again on the refined corners, its
    border, its quiet zone), all hits of a frame at once.
    """

    name = "aruco"
    REDUCED = 2 / 3
    """The scale large frames are searched at."""
    LEAST_REDUCED_PPM = 2.4
    """Markers found on the reduced copy at fewer pixels per module than this: smaller ones may be
    there unseen, so the area around them is searched again at full size."""
    SMALL_REACH_SIDES = 6.0
    """How far around the small markers the full-size search reaches, in their sides."""
    FULL_SIZE_SHARE = 0.3
    """A full-size search box over this share of the frame: the whole frame is searched at full size."""
    STICKER_CODE_SHARE = 0.69
    """The side of a code over the side of its sticker's outline, which OpenCV also rejects as an
    outline (the rejected outlines the second look reads are 1.4-1.5 markers wide as often as 1)."""

    def __init__(self, dictionary: str = "DICT_5X5_1000", *, min_perimeter_px: float = 38.0,
                 roi_scale: float = 2.0, roi_limit: int = 60, reduce_above: int = 2400) -> None:
        vocabulary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
        # OpenCV's defaults but for small outlines (OpenCV gives the least perimeter as a share of
        # the image's longer side; it is set per frame size so that 4K frames keep small markers)
        # and two threshold windows (3 and 13 px); the second look below handles the hard ones.
        self._params = cv2.aruco.DetectorParameters()
        self._params.adaptiveThreshWinSizeMax = 13
        self._min_perimeter_px = min_perimeter_px
        self._frame_side = (0, 1.0)
        self._detector = cv2.aruco.ArucoDetector(vocabulary, self._params)
        roi_params = cv2.aruco.DetectorParameters()
        roi_params.adaptiveThreshWinSizeMin = 13
        roi_params.minMarkerPerimeterRate = 0.05
        roi_params.perspectiveRemovePixelPerCell = 8
        roi_params.perspectiveRemoveIgnoredMarginPerCell = 0.3
        roi_params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        self._roi_detector = cv2.aruco.ArucoDetector(vocabulary, roi_params)
        self._modules = vocabulary.markerSize + 2
        self.check = FiducialCheck(vocabulary)
        self.roi_scale = roi_scale
        self.roi_limit = roi_limit
        self.reduce_above = reduce_above
        self._full_size_next = False

    def forget(self) -> None:
        """Forget the last frame's small markers: the next frame is not one of the same video."""
        self._full_size_next = False

    def scale_for(self, grey: np.ndarray) -> float:
        """The scale outlines are searched at: reduced for frames wider than `reduce_above` unless
        the last frame's small markers spread over most of it."""
        return self.REDUCED if max(grey.shape) > self.reduce_above and not self._full_size_next else 1.0

    def decode(self, grey: np.ndarray, exclude: Sequence[np.ndarray] = (), scale: float | None = None
               ) -> list[RawCode]:
        """Every marker in `grey`; rejected outlines inside the `exclude` polygons (decoded QR codes,
        whose modules look like tiny markers) get no second look. `scale` overrides `scale_for`
        (a crop of a large frame is searched at the frame's scale).

        Where markers found on the reduced copy are small (others nearby may be too small for it:
        the far side of a tilted view), the box around them, widened by `SMALL_REACH_SIDES` of
        their side, is searched again at full size. When that box is over `FULL_SIZE_SHARE` of the
        frame, the whole frame is searched at full size instead, and so are the next frames while
        their small markers spread that wide."""
        chosen = scale
        scale = self.scale_for(grey) if scale is None else scale
        reduced = self._search(grey, exclude, scale)
        codes = reduced.codes
        small = [code for code in codes if code.pixels_per_module * self.REDUCED < self.LEAST_REDUCED_PPM]
        if not small or (scale == 1.0 and max(grey.shape) <= self.reduce_above):
            if chosen is None:
                self._full_size_next = False
            return codes + self._second(grey, codes, reduced.rejected, reduced.retry, exclude)
        box = _box_around(small, self.SMALL_REACH_SIDES, grey.shape)
        x0, y0, x1, y1 = box
        wide = (x1 - x0) * (y1 - y0) > self.FULL_SIZE_SHARE * grey.size
        if chosen is None:
            self._full_size_next = wide
        if scale == 1.0:
            return codes + self._second(grey, codes, reduced.rejected, reduced.retry, exclude)
        if wide:
            return self._decode_at(grey, exclude, 1.0)
        # Only the box is searched again at full size, and one second look serves both searches.
        origin = np.array([x0, y0], dtype=np.float32)
        found = self._search(grey[y0:y1, x0:x1], [np.asarray(area) - origin for area in exclude], 1.0)
        again = [replace(code, corners=code.corners + origin) for code in found.codes]
        # The full-size reads replace the reduced ones of the same marker (finer corners).
        codes = again + [code for code in codes if not any(
            code.fiducial_id == other.fiducial_id and np.linalg.norm(np.subtract(code.center, other.center))
            < 0.35 * code.side_px for other in again)]
        outside = [not (x0 <= q[:, 0].mean() < x1 and y0 <= q[:, 1].mean() < y1) for q in reduced.rejected]
        rejected = [q for q, out in zip(reduced.rejected, outside, strict=True) if out]
        rejected += [q + origin for q in found.rejected]
        retry = [(side, centre) for side, centre in reduced.retry
                 if not (x0 <= centre[0] < x1 and y0 <= centre[1] < y1)]
        return codes + self._second(grey, codes, rejected, retry, exclude)

    def _decode_at(self, grey: np.ndarray, exclude: Sequence[np.ndarray], scale: float) -> list[RawCode]:
        """The markers found with outlines searched at `scale`, refined and checked on `grey`, and
        those the second look adds."""
        found = self._search(grey, exclude, scale)
        return found.codes + self._second(grey, found.codes, found.rejected, found.retry, exclude)

    def _search(self, grey: np.ndarray, exclude: Sequence[np.ndarray], scale: float) -> _Search:
        """One detector pass with outlines searched at `scale`, its hits refined and checked on `grey`."""
        small = grey if scale == 1.0 else cv2.resize(grey, None, fx=scale, fy=scale, interpolation=cv2.INTER_LINEAR)
        side = max(small.shape)
        if (side, scale) != self._frame_side:
            self._frame_side = (side, scale)
            self._params.minMarkerPerimeterRate = min(0.5, self._min_perimeter_px * scale / side)
            # Corners found on a reduced copy are refined there on the outline's contour first.
            self._params.cornerRefinementMethod = (cv2.aruco.CORNER_REFINE_NONE if scale == 1.0
                                                   else cv2.aruco.CORNER_REFINE_CONTOUR)
            self._detector.setDetectorParameters(self._params)
        if exclude:
            small = _blanked(small, exclude, scale)
        corners, ids, rejected = self._detector.detectMarkers(small)
        codes, failed = [], []
        if ids is not None:
            outlines = [_to_full(c.reshape(4, 2), scale) for c in corners]
            hits = [RawCode("aruco", None, int(marker_id), quad, self.name, self._modules)
                    for quad, marker_id in zip(self._refine(grey, outlines, scale), ids.ravel(), strict=True)]
            # Refining can pull a corner of a small marker onto a module's corner: then the
            # detector's own corners are checked.
            refined_pass = self._passing(grey, hits)
            doubtful = np.flatnonzero(~refined_pass)
            found_pass = self.check.passes_all(grey, [outlines[i] for i in doubtful],
                                               [hits[i].fiducial_id or 0 for i in doubtful])
            codes = [hit for hit, good in zip(hits, refined_pass, strict=True) if good]
            codes += [replace(hits[i], corners=outlines[i]) for i, good in zip(doubtful, found_pass, strict=True)
                      if good]
            failed = [hits[i] for i, good in zip(doubtful, found_pass, strict=True) if not good]
        # A hit found on a reduced copy that fails the check may only have rough corners: it is read
        # again on the full frame with the second look, before any rejected outline.
        retry = [(code.side_px, np.array(code.center)) for code in failed] if scale != 1.0 else []
        return _Search(codes, [_to_full(r.reshape(4, 2), scale) for r in rejected], retry)

    def _second(self, grey: np.ndarray, codes: list[RawCode], rejected: list[np.ndarray],
                retry: list[tuple[float, np.ndarray]], exclude: Sequence[np.ndarray]) -> list[RawCode]:
        """The markers the second look finds that pass the check; rejected outlines centred in an
        `exclude` area get none. No marker at all in the frame: it shows no compact stickers, the
        costly second look is skipped."""
        if self.roi_limit <= 0 or not (rejected or retry) or not (codes or retry):
            return []
        if exclude and rejected:
            centres = np.array([q.mean(axis=0) for q in rejected])
            rejected = [q for q, inside in zip(rejected, inside_any(centres, exclude), strict=True) if not inside]
        second = self._second_look(grey, codes, rejected, retry)
        return [code for code, good in zip(second, self._passing(grey, second), strict=True) if good]

    def _passing(self, grey: np.ndarray, codes: Sequence[RawCode]) -> np.ndarray:
        """Whether each of `codes` passes the fiducial check on the full frame (a bool array)."""
        if not codes:
            return np.zeros(0, dtype=bool)
        return self.check.passes_all(grey, [code.corners for code in codes],
                                     [-1 if code.fiducial_id is None else code.fiducial_id for code in codes])

    def _refine(self, grey: np.ndarray, outlines: list[np.ndarray], scale: float = 1.0) -> list[np.ndarray]:
        """Corners moved to the full frame's subpixel corners (a wider search for corners found on
        a reduced copy, which lie up to a pixel or two off); one OpenCV call per search window."""
        windows = [max(1 if scale == 1.0 else 2, min(5, int(float(np.linalg.norm(q[1] - q[0])) / self._modules / 2)))
                   for q in outlines]
        refined = [np.array(q, dtype=np.float32) for q in outlines]
        groups = []
        for window in set(windows):
            chosen = [index for index, w in enumerate(windows) if w == window]
            groups.append((chosen, np.ascontiguousarray(np.concatenate([refined[i] for i in chosen]).reshape(-1, 1, 2)),
                           window))
        _corner_subpix(grey, [(points, window) for _, points, window in groups])
        for chosen, points, _ in groups:
            for order, index in enumerate(chosen):
                refined[index] = points[4 * order:4 * order + 4].reshape(4, 2)
        return refined

    def _second_look(self, grey: np.ndarray, found: list[RawCode], rejected: list[np.ndarray],
                     first: list[tuple[float, np.ndarray]]) -> list[RawCode]:
        """Read again, on the full frame, the places in `first` and the rejected outlines of the size
        of the markers found (the most contrasted first), at most `roi_limit` of them."""
        sides = [code.side_px for code in found]
        low = min(sides) * 0.6 if sides else 10.0
        high = max(sides) * 1.5 if sides else 80.0
        quads = np.array(rejected, dtype=np.float64).reshape(-1, 4, 2)
        quad_sides = mean_sides(quads)
        quad_centres = quads.mean(axis=1)
        keep = (quad_sides >= low) & (quad_sides <= high)
        if found and len(quads):
            centres = np.array([code.center for code in found])
            gaps = np.linalg.norm(quad_centres[:, None] - centres[None], axis=2).min(axis=1)
            keep &= gaps >= quad_sides * 0.6
        if keep.any():
            # Only outlines that show a marker's dark border (on the outline, or on the code inside a
            # sticker's outline) are worth the costly read: card edges and art mostly do not.
            keep[keep] = self.check.outlined(grey, quads[keep], self.STICKER_CODE_SHARE)
        candidates = []
        for quad, side, centre in zip(quads[keep], quad_sides[keep], quad_centres[keep], strict=True):
            x0, y0 = np.floor(quad.min(axis=0)).astype(int)
            x1, y1 = np.ceil(quad.max(axis=0)).astype(int)
            patch = grey[max(0, y0):y1 + 1, max(0, x0):x1 + 1]
            if patch.size == 0:
                continue
            candidates.append((float(patch.std()), float(side), centre))
        candidates.sort(key=lambda item: -item[0])
        chosen: list[tuple[float, np.ndarray]] = list(first[:self.roi_limit])
        for _, side, centre in candidates:
            if len(chosen) >= self.roi_limit:
                break
            if not any(np.linalg.norm(centre - c) < side * 0.6 for _, c in chosen):
                chosen.append((side, centre))
        return self._read_mosaic(grey, chosen) if chosen else []

    def _read_mosaic(self, grey: np.ndarray, chosen: list[tuple[float, np.ndarray]]) -> list[RawCode]:
        """Upscale every chosen crop into one mosaic and read it in a single detector call."""
        scale = self.roi_scale
        height, width = grey.shape
        tiles = []
        for side, centre in chosen:
            margin = int(side * 1.3) + 4
            x0, y0 = max(0, int(centre[0]) - margin), max(0, int(centre[1]) - margin)
            crop = grey[y0:min(height, int(centre[1]) + margin), x0:min(width, int(centre[0]) + margin)]
            up = cv2.resize(crop, None, fx=scale, fy=scale, interpolation=cv2.INTER_CUBIC)
            up = cv2.addWeighted(up, 1.8, cv2.GaussianBlur(up, (0, 0), scale * 0.8), -0.8, 0)
            tiles.append((up, x0, y0, side, centre))
        cell = max(max(t[0].shape) for t in tiles) + 8
        columns = max(1, int(np.ceil(np.sqrt(len(tiles)))))
        rows = int(np.ceil(len(tiles) / columns))
        mosaic = np.full((rows * cell, columns * cell), 255, np.uint8)
        for index, (up, *_rest) in enumerate(tiles):
            row, column = divmod(index, columns)
            mosaic[row * cell:row * cell + up.shape[0], column * cell:column * cell + up.shape[1]] = up
        corners, ids, _ = self._roi_detector.detectMarkers(mosaic)
        codes: list[RawCode] = []
        if ids is None:
            return codes
        for c, marker_id in zip(corners, ids.ravel(), strict=True):
            quad = c.reshape(4, 2)
            column, row = (quad.mean(axis=0) // cell).astype(int)
            index = row * columns + column
            if not 0 <= index < len(tiles):
                continue
            _, x0, y0, side, centre = tiles[index]
            origin = np.array([column * cell, row * cell], dtype=np.float32)
            quad = (quad - origin) / scale + np.array([x0, y0], dtype=np.float32)
            if np.linalg.norm(quad.mean(axis=0) - centre) < side * 0.6:
                codes.append(RawCode("aruco", None, int(marker_id), quad.astype(np.float32), self.name, self._modules))
        return codes


_SUBPIX_CRITERIA = (cv2.TERM_CRITERIA_EPS + cv2.TERM_CRITERIA_MAX_ITER, 20, 0.05)
_SUBPIX_SHARE = 64
"""Corners a thread refines at least: OpenCV's cornerSubPix works corner by corner on one core
(about 18 microseconds each), so a table's hundreds of corners are shared among OpenCV's threads."""


@functools.cache
def _subpix_pool() -> ThreadPoolExecutor:
    return ThreadPoolExecutor(max_workers=max(1, cv2.getNumThreads()), thread_name_prefix="subpix")


def _corner_subpix(grey: np.ndarray, batches: Sequence[tuple[np.ndarray, int]]) -> None:
    """`cv2.cornerSubPix` on each batch of points (N x 1 x 2, float32, refined in place) with its
    (2 window + 1)-pixel window; when there are many points, all batches are cut into about as many
    equal pieces as OpenCV has threads and refined at once (OpenCV lets go of the GIL)."""
    total = sum(len(points) for points, _ in batches)
    size = max(_SUBPIX_SHARE, -(-total // max(1, cv2.getNumThreads())))
    cuts = [max(1, -(-len(points) // size)) for points, _ in batches]
    pieces = [(np.ascontiguousarray(piece), window) for (points, window), count in zip(batches, cuts, strict=True)
              for piece in np.array_split(points, count)]

    def refine(piece: tuple[np.ndarray, int]) -> None:
        points, window = piece
        cv2.cornerSubPix(grey, points, (window, window), (-1, -1), _SUBPIX_CRITERIA)

    if len(pieces) > 1:
        list(_subpix_pool().map(refine, pieces))
    else:
        for piece in pieces:
            refine(piece)
    first = 0
    for (points, _), count in zip(batches, cuts, strict=True):
        points[:] = np.concatenate([piece for piece, _ in pieces[first:first + count]])
        first += count


def available_qr_decoders() -> list[str]:
    """The QR decoders installed here, best first."""
    names = []
    try:
        import zxingcpp  # noqa: F401

        names.append("zxing")
    except ImportError:
        pass
    try:
        from pyzbar import pyzbar  # noqa: F401

        names.append("zbar")
    except (ImportError, OSError):
        pass
    return names
