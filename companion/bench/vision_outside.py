"""`companion bench vision --outside DIR`: the speed table on frames from outside the project (an
independent renderer's tables, real photos), read by the bare decoders and by the full reader in
the same run, and what the full reader's extra time buys there: the markers of ours it reads
that the bare decoders do not.

Every folder under DIR holding images is one row. The family a row is read with is the one its
frames show (QR codes, ours or foreign, and ArUco stickers of ours, found by a first, untimed
read of both families): the full reader of that family against the bare decoders of that family
(zxing-cpp with its defaults, OpenCV's ArUco detector with its default parameters), by turns on
each frame, the median of `rounds` reads. Outside frames carry no truth here: a marker counts as
read beyond the bare decoders when it is one of ours the full reader reports and no bare decoder
reads at its place (card backs share one code, so places tell them apart).
"""

from __future__ import annotations

import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.markers import Component, MarkerRegistry, load_marker_registry, read_payload
from companion.vision.decoders import as_grey
from companion.vision.reader import MarkerReader
from companion.vision.sources import IMAGE_SUFFIXES

__all__ = ["OutsideRow", "image_folders", "measure_outside", "print_outside"]

Found = tuple[object, tuple[float, float], float]
"""A marker of ours read: its identity (payload or fiducial id), centre and side in pixels."""



def bare_decoders(family: str, registry: MarkerRegistry) -> Callable[[np.ndarray], object]:
    """The bare decoders of `family`: zxing-cpp alone, OpenCV's ArUco with default parameters, or both."""
    import zxingcpp

    vocabulary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, registry.fiducial_dictionary))
    aruco = cv2.aruco.ArucoDetector(vocabulary, cv2.aruco.DetectorParameters())

    def qr(grey: np.ndarray) -> object:
        return zxingcpp.read_barcodes(grey, formats=zxingcpp.BarcodeFormat.QRCode)  # type: ignore[arg-type]

    if family == "qr":
        return qr
    if family == "aruco":
        return aruco.detectMarkers
    return lambda grey: (qr(grey), aruco.detectMarkers(grey))


def timed_pair(bare: Callable[[np.ndarray], object], full: Callable[[np.ndarray], object], grey: np.ndarray,
                rounds: int) -> tuple[float, float, object]:
    """The median times (ms) of `bare` and `full` on `grey`, run by turns (a slow spell of the
    machine falls on both), and the last result of `full`."""
    bare_times, full_times = [], []
    result: object = None
    for _ in range(rounds):
        start = time.perf_counter()
        bare(grey)
        bare_times.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        result = full(grey)
        full_times.append((time.perf_counter() - start) * 1000)
    return statistics.median(bare_times), statistics.median(full_times), result

@dataclass(frozen=True)
class OutsideRow:
    """Median times per frame of one folder of outside frames, and what each reader found."""

    label: str
    family: str
    frames: int
    width: int
    bare_ms: float
    full_ms: float
    bare_ours: int
    """Markers of ours the bare decoders read (every frame together)."""
    full_ours: int
    """Markers of ours the full reader reads."""
    beyond_bare: int
    """Markers of ours the full reader reads where no bare decoder read that marker."""
    bare_only: int
    """Markers of ours a bare decoder reads that the full reader does not."""
    refused: int
    """Codes the full reader read and refused (foreign, misprinted), reported with their reason."""
    bare_foreign: int
    """Codes the bare decoders read that are not ours (zxing-cpp's foreign QR codes)."""

    @property
    def ratio(self) -> float:
        """The full reader's time over the bare decoders' time."""
        return self.full_ms / self.bare_ms if self.bare_ms else float("nan")

    def to_json(self) -> dict[str, object]:
        """The row as a JSON object."""
        return {**self.__dict__, "ratio": self.ratio}


def image_folders(root: Path) -> list[tuple[str, list[Path]]]:
    """Every folder under `root` (itself included) holding images: its path from `root`'s parent
    and its images sorted by name."""
    folders = []
    for folder in sorted([root, *(p for p in root.rglob("*") if p.is_dir())]):
        images = sorted(p for p in folder.iterdir() if p.is_file() and p.suffix.lower() in IMAGE_SUFFIXES)
        if images:
            folders.append((str(folder.relative_to(root.parent)), images))
    return folders


def _spread(items: Sequence[Path], limit: int) -> list[Path]:
    """At most `limit` of `items`, evenly spread over them."""
    if len(items) <= limit:
        return list(items)
    return [items[round(i * (len(items) - 1) / (limit - 1))] for i in range(limit)] if limit > 1 else [items[0]]


def _family_shown(frames: Sequence[np.ndarray], registry: MarkerRegistry) -> str:
    """The family the frames show: ``qr`` when they hold QR codes (ours or foreign), ``aruco`` when
    ArUco stickers of ours, ``both`` for both; ``qr`` when nothing is found."""
    reader = MarkerReader.for_family("both", registry, reuse=False)
    qr = aruco = False
    for grey in frames:
        reading = reader.read(grey)
        qr = qr or any(d.code.family == "qr" for d in reading.markers) or any(
            r.code.text is not None for r in reading.rejected)
        aruco = aruco or any(d.code.family == "aruco" for d in reading.markers)
    return "both" if qr and aruco else ("aruco" if aruco else "qr")


def _bare_ours(result: object, family: str, registry: MarkerRegistry) -> tuple[list[Found], int]:
    """The markers of ours among what the bare decoders of `family` returned, and how many QR codes
    they read that are not ours."""
    qr, aruco = (result, None) if family == "qr" else ((None, result) if family == "aruco" else result)  # type: ignore[misc]
    found: list[Found] = []
    foreign = 0
    for barcode in qr or ():
        if not isinstance(read_payload(barcode.text, registry), Component):
            foreign += 1
        else:
            p = barcode.position
            corners = np.array([[p.top_left.x, p.top_left.y], [p.top_right.x, p.top_right.y],
                                [p.bottom_right.x, p.bottom_right.y], [p.bottom_left.x, p.bottom_left.y]], float)
            found.append(_found(barcode.text, corners))
    if aruco is not None:
        corners_list, ids, _ = aruco
        for corners, marker_id in zip(corners_list, [] if ids is None else ids.ravel(), strict=True):
            number = int(marker_id)
            if registry.get(number) is not None and number not in registry.lookalike_ids:
                found.append(_found(number, np.asarray(corners, float).reshape(4, 2)))
    return found, foreign


def _found(identity: object, corners: np.ndarray) -> Found:
    centre = corners.mean(axis=0)
    side = float(np.linalg.norm(np.roll(corners, -1, axis=0) - corners, axis=1).mean())
    return identity, (float(centre[0]), float(centre[1])), side


def _matched(one: Found, others: Sequence[Found]) -> bool:
    """Whether `one` is read among `others` too (same identity, centres within half a side)."""
    identity, (x, y), side = one
    return any(other[0] == identity and np.hypot(x - other[1][0], y - other[1][1]) < 0.5 * max(side, other[2])
               for other in others)


def measure_outside(roots: Sequence[str | Path], limit: int = 8, rounds: int = 3) -> list[OutsideRow]:
    """Time the bare decoders and the full reader, by turns, on at most `limit` frames of every
    folder of images under each of `roots`."""
    registry = load_marker_registry()
    rows = []
    for root in roots:
        for label, images in image_folders(Path(root)):
            greys = []
            for path in _spread(images, limit):
                image = cv2.imread(str(path), cv2.IMREAD_COLOR)
                if image is not None:
                    greys.append(as_grey(image))
            if not greys:
                continue
            family = _family_shown(greys, registry)
            reader = MarkerReader.for_family(family, registry, reuse=False)
            bare = bare_decoders(family, registry)
            bare_ms, full_ms = [], []
            bare_ours = full_ours = beyond = bare_only = refused = bare_foreign = 0
            for grey in greys:
                bare_elapsed, elapsed, reading = timed_pair(bare, reader.read, grey, rounds)
                bare_ms.append(bare_elapsed)
                full_ms.append(elapsed)
                by_bare, foreign = _bare_ours(bare(grey), family, registry)
                bare_foreign += foreign
                by_full = [_found(d.code.text if d.code.text is not None else d.code.fiducial_id,
                                  np.asarray(d.corners, float))
                           for d in reading.markers]  # type: ignore[attr-defined]
                bare_ours += len(by_bare)
                full_ours += len(by_full)
                beyond += sum(not _matched(found, by_bare) for found in by_full)
                bare_only += sum(not _matched(found, by_full) for found in by_bare)
                refused += len(reading.rejected)  # type: ignore[attr-defined]
            rows.append(OutsideRow(label, family, len(greys), int(statistics.median(g.shape[1] for g in greys)),
                                   statistics.median(bare_ms), statistics.median(full_ms), bare_ours, full_ours,
                                   beyond, bare_only, refused, bare_foreign))
    return rows


def print_outside(rows: Sequence[OutsideRow]) -> None:
    """The outside frames' speed table: times, ratio, and the markers the extra time reads."""
    print("\nspeed on outside frames: the full reader of the family the frames show against the bare decoders of "
          "that family, same frames, by turns")
    print(f"{'folder':<44} {'reads':<6} {'frames':>6} {'width':>6} {'bare ms':>8} {'full ms':>8} {'ratio':>6}   "
          f"{'ours: bare':>10} {'full':>5} {'beyond bare':>11} {'bare only':>9}   {'foreign: bare':>13} "
          f"{'full (refused)':>14}")
    for row in rows:
        print(f"{row.label[-44:]:<44} {row.family:<6} {row.frames:>6} {row.width:>6} {row.bare_ms:>8.1f} "
              f"{row.full_ms:>8.1f} {row.ratio:>6.2f}   {row.bare_ours:>10} {row.full_ours:>5} {row.beyond_bare:>11} "
              f"{row.bare_only:>9}   {row.bare_foreign:>13} {row.refused:>14}")
    if rows:
        slowest = max(rows, key=lambda row: row.full_ms)
        print(f"worst ratio {max(row.ratio for row in rows):.2f}; slowest frame median {slowest.full_ms:.0f} ms "
              f"({slowest.label}, {slowest.width} px wide); the full reader reads "
              f"{sum(r.beyond_bare for r in rows)} markers of ours beyond the bare decoders and misses "
              f"{sum(r.bare_only for r in rows)} they read")
