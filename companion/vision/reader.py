"""One decoding pass per frame: every marker of ours with its component, corners and quality, and
every code that was read but refused (foreign, malformed, bad check character, unknown component).

The QR decoder is zxing-cpp where it is installed, else pyzbar on tiles; the compact family is
read by OpenCV's ArUco detector in the same pass. A code found twice (two decoders, two tiles) is
kept once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.markers import Component, MarkerRegistry, Rejection, load_marker_registry, read_payload
from companion.vision.decoders import (
    ArucoDecoder,
    Decoder,
    RawCode,
    ZbarDecoder,
    ZxingDecoder,
    as_grey,
    available_qr_decoders,
)

__all__ = ["FrameReading", "MarkerDetection", "MarkerReader", "RejectedCode"]


@dataclass(frozen=True, eq=False)
class MarkerDetection:
    """A marker of ours found in a frame."""

    component: Component
    code: RawCode

    @property
    def corners(self) -> np.ndarray:
        """The four corners in pixels, clockwise from the code's top-left."""
        return self.code.corners

    @property
    def quality(self) -> float:
        """Pixels per module: above 3 a read is reliable, below 2 it is luck."""
        return self.code.pixels_per_module

    def to_json(self) -> dict[str, object]:
        """The detection as a JSON object (component, payload or fiducial id, corners, quality)."""
        result: dict[str, object] = {"marker": self.component.marker, "component": self.component.key,
                                     "family": self.code.family, "decoder": self.code.decoder}
        if self.code.text is not None:
            result["payload"] = self.code.text
        if self.code.fiducial_id is not None:
            result["fiducial_id"] = self.code.fiducial_id
        result["corners"] = [[round(float(x), 1), round(float(y), 1)] for x, y in self.code.corners]
        result["pixels_per_module"] = round(self.quality, 2)
        return result


@dataclass(frozen=True, eq=False)
class RejectedCode:
    """A code that was read but is not one of our markers, with the reason."""

    code: RawCode
    rejection: Rejection

    def to_json(self) -> dict[str, object]:
        """The refusal as ``{"text", "reason", "message", "corners"}``."""
        text = self.code.text if self.code.text is not None else f"fiducial id {self.code.fiducial_id}"
        return {"text": text, "reason": self.rejection.reason, "message": self.rejection.message,
                "corners": [[round(float(x), 1), round(float(y), 1)] for x, y in self.code.corners]}


@dataclass
class FrameReading:
    """Everything one pass over a frame found."""

    markers: list[MarkerDetection] = field(default_factory=list)
    rejected: list[RejectedCode] = field(default_factory=list)
    seconds: float = 0.0


def _same_place(a: RawCode, b: RawCode) -> bool:
    ax, ay = a.center
    bx, by = b.center
    return (ax - bx) ** 2 + (ay - by) ** 2 < (0.35 * max(a.side_px, b.side_px)) ** 2


def _identity(code: RawCode) -> tuple[str, object]:
    return (code.family if code.family != "microqr" else "qr",
            code.text if code.text is not None else code.fiducial_id)


def _inside(point: tuple[float, float], polygon: np.ndarray) -> bool:
    return cv2.pointPolygonTest(polygon.reshape(-1, 1, 2).astype(np.float32), point, False) >= 0


def drop_unreliable(codes: Sequence[RawCode], min_pixels_per_module: float) -> list[RawCode]:
    """Drop fiducials too small to trust and fiducials seen inside a QR code (its modules can look
    like a tiny ArUco marker); a decoded QR code proves itself by its error correction."""
    qr_areas = [code.corners for code in codes if code.family in ("qr", "microqr")]
    return [code for code in codes if code.family != "aruco" or (
        code.pixels_per_module >= min_pixels_per_module and not any(_inside(code.center, a) for a in qr_areas))]


def merge_duplicates(codes: Sequence[RawCode]) -> list[RawCode]:
    """Keep one of each code found more than once at the same place (the largest read)."""
    kept: list[RawCode] = []
    for code in sorted(codes, key=lambda c: -c.side_px):
        if not any(_identity(code) == _identity(other) and _same_place(code, other) for other in kept):
            kept.append(code)
    return kept


class MarkerReader:
    """Reads every marker in frames, with the decoders chosen once.

    `qr` is ``"zxing"``, ``"zbar"``, ``"both"`` or ``"auto"`` (zxing where installed, else zbar),
    or ``None`` to skip QR codes; `aruco` switches the compact family. Keep QR reading on even for
    a table of ArUco stickers: it reports foreign codes and keeps their modules from being taken
    for fiducials.
    """

    def __init__(self, registry: MarkerRegistry | None = None, *, qr: str | None = "auto", aruco: bool = True,
                 micro_qr: bool = False, min_pixels_per_module: float = 1.5) -> None:
        self.registry = registry or load_marker_registry()
        self.min_pixels_per_module = min_pixels_per_module
        available = available_qr_decoders()
        names: list[str] = []
        if qr == "auto":
            names = available[:1]
        elif qr == "both":
            names = available
        elif qr is not None:
            if qr not in available:
                installed = ", ".join(available) or "none"
                raise ValueError(f"QR decoder {qr!r} is not installed here (installed: {installed})")
            names = [qr]
        self.decoders: list[Decoder] = []
        for name in names:
            self.decoders.append(ZxingDecoder(micro=micro_qr, upscale_below=2000) if name == "zxing" else ZbarDecoder())
        self.aruco = ArucoDecoder(self.registry.fiducial_dictionary) if aruco else None

    def read(self, frame: np.ndarray) -> FrameReading:
        """Decode one frame (grey, BGR or BGRA uint8 array)."""
        start = time.perf_counter()
        grey = as_grey(frame)
        codes = [code for decoder in self.decoders for code in decoder.decode(grey)]
        if self.aruco is not None:
            codes += self.aruco.decode(grey, exclude=[c.corners for c in codes])
        codes = merge_duplicates(drop_unreliable(codes, self.min_pixels_per_module))
        reading = FrameReading()
        for code in codes:
            if code.text is not None:
                meaning = read_payload(code.text, self.registry)
            else:
                assert code.fiducial_id is not None
                component = self.registry.get(code.fiducial_id)
                meaning = component if component is not None else Rejection(
                    "unknown_component", f"fiducial id {code.fiducial_id} is no known component")
            if isinstance(meaning, Rejection):
                reading.rejected.append(RejectedCode(code, meaning))
            else:
                reading.markers.append(MarkerDetection(meaning, code))
        reading.seconds = time.perf_counter() - start
        return reading
