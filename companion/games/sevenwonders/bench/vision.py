"""`companion bench vision`: recall, false components and time per frame on rendered tables.

Frames are rendered by the scene renderer (companion/games/sevenwonders/simulation/scenes.py) from self-played games:
1920x1080 views holding 40-60 stickers, at each difficulty level, for each code family. Every
decoder runs on the same frames: bare pyzbar and bare zxing-cpp (QR) or OpenCV's ArUco detector
with default parameters (compact family) as the references, then the full reader of that family
(as a game that uses it reads; every frame decoded anew). Recall is also
given per pixels-per-module bin: below about 2-3 pixels per module no decoder reads a code.
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.bench.markers import marker_numbers, payload_markers
from companion.bench.timing import machine_line, percentile
from companion.bench.vision_outside import measure_outside, print_outside
from companion.games.sevenwonders.bench.vision_speed import measure_speed, print_speed
from companion.games.sevenwonders.simulation import scenes
from companion.markers import load_marker_registry
from companion.vision.decoders import ZbarDecoder, as_grey
from companion.vision.reader import MarkerReader

__all__ = ["BINS", "run"]

BINS = (1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0)
TARGETS = {"qr": (3.0, 0.995), "aruco": (2.0, 0.99)}
"""(least pixels per module, recall) each family must reach on frames up to the hard level."""
LEVELS = ("easy", "medium", "hard", "extreme")
FAMILY_SIZES = {"aruco": 14.0, "qr": 18.0}


@dataclass
class Tally:
    """Counts for one decoder on one family and level."""

    visible: int = 0
    found: int = 0
    false_components: int = 0
    times_ms: list[float] = field(default_factory=list)
    by_bin: dict[float, list[int]] = field(default_factory=dict)

    def add(self, truth: list, found_markers: set[int], all_markers: set[int], seconds: float) -> None:
        self.times_ms.append(seconds * 1000)
        self.false_components += len(found_markers - all_markers)
        for marker in truth:
            hit = marker.component.marker in found_markers
            self.visible += 1
            self.found += hit
            key = max([b for b in BINS if b <= marker.pixels_per_module], default=0.0)
            counts = self.by_bin.setdefault(key, [0, 0])
            counts[0] += hit
            counts[1] += 1

    def recall_from(self, least: float) -> float | None:
        hits = sum(c[0] for b, c in self.by_bin.items() if b >= least)
        total = sum(c[1] for b, c in self.by_bin.items() if b >= least)
        return hits / total if total else None

    def to_json(self) -> dict[str, object]:
        return {"visible": self.visible, "found": self.found, "recall": self.found / max(1, self.visible),
                "false_components": self.false_components,
                "median_ms": statistics.median(self.times_ms) if self.times_ms else None,
                "p90_ms": percentile(self.times_ms, 0.9) if self.times_ms else None,
                "by_pixels_per_module": {str(b): c for b, c in sorted(self.by_bin.items())}}


def _decoders(family: str, registry) -> list[tuple[str, Callable[[np.ndarray], set[int]]]]:  # type: ignore[no-untyped-def]
    full = MarkerReader.for_family(family, registry, reuse=False)
    if family == "qr":
        import zxingcpp

        zbar = ZbarDecoder(tile=0, upscale=1.0)

        def bare_zxing(grey: np.ndarray) -> set[int]:
            """zxing-cpp with its defaults (the reader's `ZxingDecoder` chooses its own options)."""
            return payload_markers((barcode.text for barcode in zxingcpp.read_barcodes(
                grey, formats=zxingcpp.BarcodeFormat.QRCode)), registry)

        return [("bare pyzbar", lambda g: marker_numbers(zbar.decode(g), registry)),
                ("bare zxing-cpp", bare_zxing),
                ("full reader", lambda g: {d.component.marker for d in full.read(g).markers})]
    vocabulary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, registry.fiducial_dictionary))
    plain = cv2.aruco.ArucoDetector(vocabulary, cv2.aruco.DetectorParameters())

    def bare(grey: np.ndarray) -> set[int]:
        _, ids, _ = plain.detectMarkers(grey)
        return set() if ids is None else {int(i) for i in ids.ravel()}

    return [("bare OpenCV ArUco", bare), ("full reader", lambda g: {d.component.marker for d in full.read(g).markers})]


STICKERS_PER_FRAME = {"aruco": (40, 60), "qr": (12, 60)}
"""Visible stickers a frame must hold. A 1080p frame close enough to read 18 mm QR codes at 3 or
more pixels per module sees one city, 12-30 stickers: no real table packs 40-60 of them there."""


def _frames(family: str, level: str, count: int, seed: int) -> list:  # type: ignore[type-arg]
    """Rendered 1080p frames of `family` at `level`: the compact family seen over several cities,
    QR codes from a tablet over one city."""
    rng = np.random.default_rng(seed)
    frames = []
    attempts = 0
    max_tilt = scenes.LEVELS[level].max_tilt
    low, high = STICKERS_PER_FRAME[family]
    while len(frames) < count and attempts < count * 10:
        attempts += 1
        players = int(rng.integers(3, 8))
        tilt = float(rng.uniform(0, max_tilt))
        if family == "qr":
            camera = scenes.Camera(1920, 1080, 66, float(rng.uniform(300, 560)), tilt)
            aim = int(rng.integers(players))
        else:
            target = (float(rng.uniform(-200, 200)), float(rng.uniform(-150, 150)))
            camera = scenes.Camera(1920, 1080, 66, float(rng.uniform(700, 1150)), tilt, float(rng.uniform(-180, 180)),
                                   target)
            aim = None
        scene = scenes.table_scene(players, seed=int(rng.integers(1 << 30)), family=family,
                                   size_mm=FAMILY_SIZES[family], camera=camera, level=level, aim_at_seat=aim)
        if low <= len(scene.visible()) <= high:
            frames.append(scene)
    return frames


def run(frames_per_level: int = 6, as_json: bool = False, seed: int = 7, *, cities: str | None = "quick",
        markers: bool = True, recall: bool = True, outside: Sequence[str] = (), outside_limit: int = 8
        ) -> dict[str, object]:
    """Render, read with every decoder, print the figures (without `recall`, only the speed table);
    the speed table also on the frames of every folder under `outside` (companion.bench.vision_outside);
    then the games' acceptance sets of whole cities (`cities`: ``quick``, ``full`` or None; see
    companion.bench.registry.CITY_BENCHES); return them."""
    document: dict[str, object] = {}
    if markers:
        document = _markers(frames_per_level, as_json, seed, recall=recall, outside=outside,
                            outside_limit=outside_limit)
    if cities is not None:
        from companion.bench.registry import CITY_BENCHES

        for key, run_cities in CITY_BENCHES.items():
            document[key] = run_cities(cities, not as_json)
    if as_json:
        print(json.dumps(document, indent=1))
    return document


def _markers(frames_per_level: int, as_json: bool, seed: int, *, recall: bool = True, outside: Sequence[str] = (),
             outside_limit: int = 8) -> dict[str, object]:
    """Marker recall (with `recall`) and time per frame of every decoder, on rendered frames and on
    the `outside` ones (printed unless `as_json`)."""
    registry = load_marker_registry()
    results: dict[str, dict[str, dict[str, Tally]]] = {}
    for family in ("aruco", "qr") if recall else ():
        decoders = _decoders(family, registry)
        results[family] = {}
        for level_index, level in enumerate(LEVELS):
            offset = 100 * level_index + (0 if family == "aruco" else 7)
            rendered = _frames(family, level, frames_per_level, seed + offset)
            tallies = {name: Tally() for name, _ in decoders}
            for scene in rendered:
                grey = as_grey(scene.frame)
                truth = scene.visible()
                everything = {t.component.marker for t in scene.truth}
                for name, decode in decoders:
                    start = time.perf_counter()
                    found = decode(grey)
                    tallies[name].add(truth, found, everything, time.perf_counter() - start)
            results[family][level] = tallies
    summary = _summary(results) if recall else {}
    speed = measure_speed(frames=max(1, frames_per_level // 3))
    outside_rows = measure_outside(outside, limit=outside_limit) if outside else []
    document = {"machine": machine_line(), "frames_per_level": frames_per_level,
                "speed": [row.to_json() for row in speed],
                "outside": [row.to_json() for row in outside_rows],
                "results": {f: {lv: {n: t.to_json() for n, t in ts.items()} for lv, ts in lvls.items()}
                            for f, lvls in results.items()},
                "summary": summary}
    if not as_json:
        if recall:
            _print(results, summary, frames_per_level)
        else:
            print(f"companion bench vision: {machine_line()}")
        print_speed(speed)
        if outside:
            print_outside(outside_rows)
    return document


def _summary(results: dict[str, dict[str, dict[str, Tally]]]) -> dict[str, object]:
    summary: dict[str, object] = {}
    for family, (least, target) in TARGETS.items():
        merged = Tally()
        for level in ("easy", "medium", "hard"):
            tally = results[family][level]["full reader"]
            merged.visible += tally.visible
            merged.found += tally.found
            merged.false_components += tally.false_components
            merged.times_ms += tally.times_ms
            for b, counts in tally.by_bin.items():
                into = merged.by_bin.setdefault(b, [0, 0])
                into[0] += counts[0]
                into[1] += counts[1]
        summary[family] = {"recall_from_target_pixels_per_module": merged.recall_from(least),
                           "target": target, "least_pixels_per_module": least,
                           "false_components": merged.false_components,
                           "median_ms": statistics.median(merged.times_ms) if merged.times_ms else None}
    return summary


def _print(results: dict[str, dict[str, dict[str, Tally]]], summary: dict[str, object], frames: int) -> None:
    print(f"companion bench vision: {machine_line()}; {frames} frames per level and family, 1920x1080; "
          f"ArUco frames hold 40-60 stickers, QR frames (a tablet over one city) 12-60")
    bins = "".join(f"{b:>7g}" for b in BINS)
    for family, levels in results.items():
        print(f"\n{family} ({FAMILY_SIZES[family]:g} mm stickers)")
        print(f"{'level':<8} {'decoder':<20} {'recall':>7} {'false':>6} {'median ms':>10} {'p90 ms':>8}   "
              f"recall by pixels per module:{bins}")
        for level, tallies in levels.items():
            for name, tally in tallies.items():
                cells = "".join(
                    f"{(c[0] / c[1]) if (c := tally.by_bin.get(b)) else float('nan'):>7.3f}" for b in BINS)
                print(f"{level:<8} {name:<20} {tally.found / max(1, tally.visible):>7.3f} {tally.false_components:>6} "
                      f"{statistics.median(tally.times_ms):>10.1f} {percentile(tally.times_ms, 0.9):>8.1f}   "
                      f"{'':28}{cells}")
    print()
    for family, figures in summary.items():
        assert isinstance(figures, dict)
        recall = figures["recall_from_target_pixels_per_module"]
        shown = "n/a" if recall is None else f"{recall:.4f}"
        least = figures["least_pixels_per_module"]
        print(f"{family}, full reader, easy to hard: recall {shown} at >= {least} px/module "
              f"(target {figures['target']}), {figures['false_components']} false components (target 0), "
              f"median {figures['median_ms']:.1f} ms per frame (target < 60)")
