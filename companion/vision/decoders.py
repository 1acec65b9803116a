"""Code decoders behind one interface: each turns a grey frame into raw codes with their corners.

- `ZxingDecoder`: zxing-cpp, reads many small QR (and Micro QR) codes per frame, fast.
- `ZbarDecoder`: pyzbar (the one with an Android recipe); it reads a few codes well but collapses
  when a frame holds many, so it runs on overlapping tiles, upscaled when codes are small.
- `ArucoDecoder`: OpenCV's ArUco detector for the compact fiducial family.

A decoder never decides what a code means: the reader checks payloads and ids against the marker
registry. No code found is an empty list, not an error.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Protocol

import cv2
import numpy as np

__all__ = [
    "ArucoDecoder",
    "Decoder",
    "RawCode",
    "ZbarDecoder",
    "ZxingDecoder",
    "as_grey",
    "available_qr_decoders",
]

Corners = np.ndarray
"""A float32 array of shape (4, 2): the code's corners in pixels, clockwise from its top-left."""


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

    @property
    def center(self) -> tuple[float, float]:
        """The centre of the code in pixels."""
        x, y = self.corners.mean(axis=0)
        return float(x), float(y)

    @property
    def side_px(self) -> float:
        """The mean side length in pixels."""
        edges = np.roll(self.corners, -1, axis=0) - self.corners
        return float(np.linalg.norm(edges, axis=1).mean())

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
    it misread textures as other symbologies."""

    name = "zxing"

    def __init__(self, micro: bool = False) -> None:
        import zxingcpp

        self._zxing = zxingcpp
        formats = [zxingcpp.BarcodeFormat.QRCode]
        if micro:
            formats.append(zxingcpp.BarcodeFormat.MicroQRCode)
        self._formats = tuple(formats)

    def decode(self, grey: np.ndarray) -> list[RawCode]:
        zx = self._zxing
        codes = []
        for barcode in zx.read_barcodes(grey, formats=self._formats, try_rotate=True, try_downscale=True,
                                        try_invert=False):
            p = barcode.position
            corners = np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                                [p.bottom_right.x, p.bottom_right.y], [p.bottom_left.x, p.bottom_left.y]],
                               dtype=np.float32)
            micro = barcode.format == zx.BarcodeFormat.MicroQRCode
            modules = _modules(str(barcode.extra.get("Version", "1")) if isinstance(barcode.extra, dict) else "1")
            codes.append(RawCode("microqr" if micro else "qr", barcode.text, None, corners, self.name, modules))
        return codes


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


class ArucoDecoder:
    """OpenCV's ArUco detector for one predefined dictionary (by its cv2.aruco name)."""

    name = "aruco"

    def __init__(self, dictionary: str = "DICT_5X5_1000", *, min_perimeter_rate: float = 0.01,
                 error_correction_rate: float = 0.6) -> None:
        vocabulary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, dictionary))
        params = cv2.aruco.DetectorParameters()
        params.cornerRefinementMethod = cv2.aruco.CORNER_REFINE_SUBPIX
        params.minMarkerPerimeterRate = min_perimeter_rate
        params.errorCorrectionRate = error_correction_rate
        self._detector = cv2.aruco.ArucoDetector(vocabulary, params)
        self._modules = vocabulary.markerSize + 2

    def decode(self, grey: np.ndarray) -> list[RawCode]:
        corners, ids, _ = self._detector.detectMarkers(grey)
        if ids is None:
            return []
        return [RawCode("aruco", None, int(marker_id), np.asarray(c, dtype=np.float32).reshape(4, 2), self.name,
                        self._modules)
                for c, marker_id in zip(corners, ids.ravel(), strict=True)]


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
