"""One decoding pass per frame: every marker of ours with its component, corners and quality, and
every code that was read but refused (foreign, malformed, bad check character, unknown component).

The QR decoder is zxing-cpp where it is installed, else pyzbar on tiles; the compact family is
read by OpenCV's ArUco detector in the same pass. A code found twice (two decoders, two tiles) is
kept once.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field, replace

import numpy as np

from companion.markers import Component, MarkerRegistry, Rejection, load_marker_registry, read_payload
from companion.vision.covered import CoveredArucoFinder, CoveredQrFinder
from companion.vision.decoders import (
    ArucoDecoder,
    Decoder,
    RawCode,
    ZbarDecoder,
    ZxingDecoder,
    as_grey,
    available_qr_decoders,
    inside_any,
    same_place,
)
from companion.vision.reuse import ChangeMap, Region

__all__ = ["FAMILIES", "FrameReading", "MarkerDetection", "MarkerReader", "RejectedCode", "drop_odd_sizes"]


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


def _identity(code: RawCode) -> tuple[str, object]:
    return (code.family if code.family != "microqr" else "qr",
            code.text if code.text is not None else code.fiducial_id)


def drop_unreliable(codes: Sequence[RawCode], min_pixels_per_module: float) -> list[RawCode]:
    """Drop fiducials too small to trust and fiducials seen inside a QR code (its modules can look
    like a tiny ArUco marker); a decoded QR code proves itself by its error correction."""
    qr_areas = [code.corners for code in codes if code.family in ("qr", "microqr")]
    fiducials = [code for code in codes if code.family == "aruco"]
    in_qr = inside_any(np.array([code.center for code in fiducials]), qr_areas) if qr_areas and fiducials \
        else np.zeros(len(fiducials), dtype=bool)
    dropped = {id(code) for code, inside in zip(fiducials, in_qr, strict=True)
               if inside or code.pixels_per_module < min_pixels_per_module}
    return [code for code in codes if id(code) not in dropped]


def merge_duplicates(codes: Sequence[RawCode]) -> list[RawCode]:
    """Keep one of each code found more than once at the same place (the largest read)."""
    kept: list[RawCode] = []
    kept_by_identity: dict[tuple[str, object], list[RawCode]] = {}
    for code in sorted(codes, key=lambda c: -c.side_px):
        same = kept_by_identity.setdefault(_identity(code), [])
        if not any(same_place(code, other, 0.35) for other in same):
            same.append(code)
            kept.append(code)
    return kept


FAMILIES = ("qr", "aruco", "both")
"""The families a reader can be told to read: a game uses one family of stickers; both when unknown."""


def drop_odd_sizes(codes: Sequence[RawCode], neighbours: int = 4, low: float = 0.5, high: float = 2.0) -> list[RawCode]:
    """Drop ArUco hits whose size disagrees with the stickers around them: all stickers of a family
    are printed at one size, so a hit less than half or more than twice the median side of its
    `neighbours` nearest fiducials is a lookalike (an icon, a finder pattern). Needs 3 neighbours."""
    fiducials = [code for code in codes if code.family == "aruco"]
    if len(fiducials) < 4:
        return list(codes)
    centres = np.array([code.center for code in fiducials])
    sides = np.array([code.side_px for code in fiducials])
    distances = np.linalg.norm(centres[:, None] - centres[None], axis=2)
    np.fill_diagonal(distances, np.inf)
    nearest = np.argsort(distances, axis=1)[:, :neighbours]
    typical = np.median(sides[nearest], axis=1)
    odd = {id(code) for code, side, usual in zip(fiducials, sides, typical, strict=True)
           if not low * usual <= side <= high * usual}
    return [code for code in codes if id(code) not in odd]


def _shifted(code: RawCode, x0: int, y0: int) -> RawCode:
    return replace(code, corners=code.corners + np.array([x0, y0], dtype=np.float32))


def _centred_in(code: RawCode, region: Region) -> bool:
    x0, y0, x1, y1 = region
    x, y = code.center
    return x0 <= x < x1 and y0 <= y < y1


class MarkerReader:
    """Reads every marker in frames, with the decoders chosen once.

    `qr` is ``"zxing"``, ``"zbar"``, ``"both"`` or ``"auto"`` (zxing where installed, else zbar),
    or ``None`` to skip QR codes; `aruco` switches the compact family (`for_family` chooses both
    from a game's family). Every ArUco hit is checked (`FiducialCheck`, lookalike ids, size among
    its neighbours), so a table of ArUco stickers needs no QR pass to keep QR modules from being
    taken for fiducials; a QR pass also reports foreign codes.

    With `reuse` (the default), a frame of a video or camera (`read`'s `sequence`) is compared with
    what was decoded in that sequence before: only the parts that changed are decoded again, the
    markers elsewhere are kept (`ChangeMap`). A photo (no sequence) is always read whole, as if by a
    fresh reader: unrelated images of one size must not borrow each other's markers. With
    `covered` (the default), stickers whose bottom quiet zone the next card covers are looked for
    above the codes read (`companion.vision.covered`).
    """

    def __init__(self, registry: MarkerRegistry | None = None, *, qr: str | None = "auto", aruco: bool = True,
                 micro_qr: bool = False, min_pixels_per_module: float = 1.5, reuse: bool = True,
                 covered: bool = True) -> None:
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
            self.decoders.append(ZxingDecoder(micro=micro_qr, upscale=True) if name == "zxing" else ZbarDecoder())
        self.aruco = ArucoDecoder(self.registry.fiducial_dictionary) if aruco else None
        # Stickers whose bottom quiet zone the next card covers, looked for above the codes read
        # (`covered`; its cost with nothing covered, 3 ms of a 4K QR table's 18: markers/README.md).
        self.covered = [CoveredArucoFinder(self.registry.fiducial_dictionary, self.aruco.check)] \
            if self.aruco and covered else []
        self.covered += [CoveredQrFinder()] if "zxing" in names and covered else []
        self.changes = ChangeMap() if reuse else None
        self._kept: list[RawCode] = []
        self._sequence: str | None = None

    @classmethod
    def for_family(cls, family: str | None, registry: MarkerRegistry | None = None, **options: object
                   ) -> MarkerReader:
        """A reader of the stickers a game uses: ``qr``, ``aruco``, or ``both`` (also for None: unknown).

        :raises ValueError: for another family.
        """
        family = family or "both"
        if family not in FAMILIES:
            raise ValueError(f"unknown marker family {family!r}; one of {', '.join(FAMILIES)}")
        return cls(registry, qr=None if family == "aruco" else "auto", aruco=family != "qr",
                   **options)  # type: ignore[arg-type]

    def read(self, frame: np.ndarray, *, sequence: str | None = None) -> FrameReading:
        """Decode one frame (grey, BGR or BGRA uint8 array). `sequence` names the video or camera it
        comes from (`companion.vision.sources.Frame.sequence`): only a frame of the same sequence as
        the frame read before may reuse its reading; None (a photo) is read on its own."""
        start = time.perf_counter()
        grey = as_grey(frame)
        if sequence is None or sequence != self._sequence:
            self._forget()
        self._sequence = sequence
        reuse = self.changes is not None and sequence is not None
        codes = self._decode_changes(grey) if reuse else self._decode(grey)
        codes = merge_duplicates(drop_odd_sizes(drop_unreliable(codes, self.min_pixels_per_module)))
        if reuse:
            self._kept = codes
        reading = FrameReading()
        for code in codes:
            meaning = self._meaning(code)
            if isinstance(meaning, Rejection):
                reading.rejected.append(RejectedCode(code, meaning))
            else:
                reading.markers.append(MarkerDetection(meaning, code))
        reading.seconds = time.perf_counter() - start
        return reading

    def read_places(self, frame: np.ndarray, boxes: Sequence[tuple[int, int, int, int]],
                    module_px: Sequence[float] | None = None) -> list[MarkerDetection]:
        """QR stickers of ours read in `boxes` (x0, y0, x1, y1 pixels) of `frame`, where the table's
        layout says a sticker lies but none was read (a card of a column under glare): each box
        upscaled twice and read, then binarised if that fails, then (knowing the box's `module_px`)
        with its contrast stretched (`ZxingDecoder.read_window`); foreign codes left out (they are
        the first read's to report); nothing without zxing-cpp."""
        zxing = next((d for d in self.decoders if isinstance(d, ZxingDecoder)), None)
        if zxing is None or not boxes:
            return []
        grey = as_grey(frame)
        found = []
        modules = list(module_px) if module_px is not None else [None] * len(boxes)
        for (x0, y0, x1, y1), module in zip(boxes, modules, strict=True):
            for code in zxing.read_window(grey, (x0, y0, x1, y1), module_px=module):
                meaning = self._meaning(code)
                if not isinstance(meaning, Rejection):
                    found.append(MarkerDetection(meaning, code))
        return found

    def _forget(self) -> None:
        """Drop everything learnt from earlier frames: the next frame is read as by a fresh reader."""
        self._kept = []
        if self.changes is not None:
            self.changes.forget()
        if self.aruco is not None:
            self.aruco.forget()

    def _meaning(self, code: RawCode) -> Component | Rejection:
        if code.text is not None:
            return read_payload(code.text, self.registry)
        assert code.fiducial_id is not None
        if code.fiducial_id in self.registry.lookalike_ids:
            return Rejection("lookalike", f"fiducial id {code.fiducial_id} is one that printed patterns "
                                          f"(QR finder patterns, icons) decode as; never a component")
        component = self.registry.get(code.fiducial_id)
        return component if component is not None else Rejection(
            "unknown_component", f"fiducial id {code.fiducial_id} is no known component")

    def _decode(self, grey: np.ndarray, aruco_scale: float | None = None) -> list[RawCode]:
        codes = [code for decoder in self.decoders for code in decoder.decode(grey)]
        if self.aruco is not None:
            codes += self.aruco.decode(grey, exclude=[c.corners for c in codes], scale=aruco_scale)
        for finder in self.covered:
            codes += finder.find(grey, codes)
        return codes

    def _decode_changes(self, grey: np.ndarray) -> list[RawCode]:
        """Decode the parts of `grey` that changed since the last frame; keep the codes elsewhere."""
        assert self.changes is not None
        margin = 1.5 * max((code.side_px for code in self._kept), default=0.0) + 8
        regions = self.changes.changed_regions(grey, margin)
        if regions is None:
            return self._decode(grey)
        scale = self.aruco.scale_for(grey) if self.aruco is not None else None
        height, width = grey.shape
        reach = int(margin)
        codes = [code for code in self._kept if not any(_centred_in(code, region) for region in regions)]
        for region in regions:
            # Decoded a margin wider than the region, so that a marker centred near its edge is whole.
            x0, y0 = max(0, region[0] - reach), max(0, region[1] - reach)
            x1, y1 = min(width, region[2] + reach), min(height, region[3] + reach)
            found = [_shifted(code, x0, y0) for code in self._decode(grey[y0:y1, x0:x1], scale)]
            codes += [code for code in found if _centred_in(code, region)]
        return codes
