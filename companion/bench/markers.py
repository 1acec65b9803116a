"""`companion bench markers`: which printed size each code family needs, measured.

One sticker per frame, drawn from the sheets' own code grids, seen tilted up to 35 degrees, turned
at random, blurred up to 1 px, with noise, uneven light and JPEG compression, at a chosen number
of pixels per module (in the worst direction). Each decoder's recall per pixels-per-module gives
the least pixels per module that reaches the target, and the sizing model turns that into the
printed size each camera set-up needs. The renderer is `companion.simulation.render`.

Then the full reader of each family alone by where the sticker lies (smooth art, busy card art with
icons, text and thin lines, or busy art with the next card of a column over the margin under the
code), and what lookalike patterns decode as (`companion.bench.lookalikes`).
"""

from __future__ import annotations

import json
import statistics
import time
from collections.abc import Callable, Iterable
from dataclasses import dataclass

import cv2
import numpy as np

from companion.bench.lookalikes import measure_lookalikes
from companion.markers import Component, MarkerRegistry, encode_payload, load_marker_registry, read_payload
from companion.markers.sizing import (
    SETUPS,
    TABLET_SETUPS,
    TALLEST_COLUMN,
    CitySize,
    city_shot,
    printed_size_mm,
    size_for_city,
)
from companion.simulation import render
from companion.vision.decoders import ArucoDecoder, RawCode, ZbarDecoder, ZxingDecoder
from companion.vision.reader import MarkerReader

__all__ = ["PIXELS_PER_MODULE", "SITUATIONS", "TARGETS", "marker_numbers", "measure_situations", "payload_markers",
           "run"]

PIXELS_PER_MODULE = (1.5, 2.0, 2.5, 3.0, 3.5, 4.0, 5.0, 6.0)
TARGETS = {"qr": 0.995, "aruco": 0.99, "microqr": 0.995}
CITY_PIXELS_PER_MODULE = 3.0
"""What the tablet sizes aim at for both families: recall 99.5 % and more from 3 pixels per module
on the independent acceptance sets (QR) and on busy card art (ArUco; markers/README.md)."""
"""Recall each family must reach (the vision issue's targets)."""


@dataclass(frozen=True)
class Row:
    """Recall of one decoder on one family at one pixels-per-module value."""

    family: str
    decoder: str
    pixels_per_module: float
    trials: int
    found: int
    false_components: int
    median_ms: float

    @property
    def recall(self) -> float:
        """The share of stickers read correctly."""
        return self.found / self.trials


def _micro_grid(payload: str) -> tuple[tuple[bool, ...], ...]:
    import segno

    code = segno.make_micro(payload, version="M3", boost_error=False)
    return tuple(tuple(bool(c) for c in row) for row in code.matrix)


def _decoders(registry: MarkerRegistry) -> list[tuple[str, str, Callable[[np.ndarray], list[RawCode]]]]:
    reader = MarkerReader(registry, qr="auto", aruco=False)
    zxing = ZxingDecoder()
    micro = ZxingDecoder(micro=True)
    zbar = ZbarDecoder(tile=0, upscale=1.0)
    zbar_tiled = ZbarDecoder()
    aruco = ArucoDecoder(registry.fiducial_dictionary)
    return [
        ("qr", "zxing", zxing.decode),
        ("qr", "zbar (bare)", zbar.decode),
        ("qr", "zbar (tiles, 2x upscale)", zbar_tiled.decode),
        ("qr", "full reader", lambda grey: [d.code for d in reader.read(grey).markers]),
        ("microqr", "zxing", micro.decode),
        ("aruco", "opencv aruco", aruco.decode),
    ]


SITUATIONS = ("plain", "busy art", "bottom quiet zone covered")
"""Where a sticker lies: on smooth art, on busy high-contrast art with icons and text around it, or
on busy art with the next card of a column covering it from the code's lower edge down."""
WITHOUT_COVERED_SEARCH = "covered, no covered search"
"""The covered frames read again by the reader without its search for covered stickers
(`companion.vision.covered`), for the figures before and after it in the same run."""
NEIGHBOUR_MARKER = 999
"""The test pattern: the sticker of the card that covers another one in the covered situation."""
MODULE_MM = {"aruco": 14.0 / 7, "qr": 18.0 / 21, "microqr": 14.0 / 15}
"""A module's printed side at the default sticker sizes (art sizes are drawn to that scale)."""


def _sample(family: str, component: Component, registry: MarkerRegistry, ppm: float,
            rng: np.random.Generator, situation: str = "plain") -> np.ndarray:
    if family == "microqr":
        grid = _micro_grid(encode_payload(component.marker, registry))
        image = render.sticker_image(grid, 2)
        corners = render.code_corners_in_sticker(grid, 2)
        modules = len(grid)
    else:
        image, corners, modules = render.marker_sticker(family, component.marker, registry)
    side = modules * ppm
    covered = situation == "bottom quiet zone covered"
    size = int(side * (5.0 if covered else 2.6) + 60)
    px_per_mm = ppm / MODULE_MM[family]
    frame = (render.textured_background(size, size, rng) if situation == "plain"
             else render.busy_art(size, size, px_per_mm, rng))
    target = render.quad((size / 2, size / 2), side, rng.uniform(0, 35), rng.uniform(0, 360), rng)
    homography = cv2.getPerspectiveTransform(corners, target)
    render.paste(frame, image, homography)
    if covered:
        # The next card of the column, with its own sticker (the test pattern) where the column's
        # strips put it: a table always shows other markers beside a covered one.
        flat_px_per_mm = render.SOURCE_PX / MODULE_MM[family]
        cover = render.busy_art(image.shape[0] * 3, image.shape[1] * 3, flat_px_per_mm, rng)
        cut = float(corners[2][1]) + rng.uniform(0, 0.3) * render.SOURCE_PX
        render.cover_below(frame, homography, (-float(image.shape[1]), cut), cover)
        neighbour, _, _ = render.marker_sticker(family, NEIGHBOUR_MARKER, registry)
        below = np.array([[1, 0, 0], [0, 1, cut + 2 * flat_px_per_mm], [0, 0, 1]], dtype=np.float64)
        render.paste(frame, neighbour, homography @ below)
    degradation = render.Degradation(blur=float(rng.uniform(0, 1.0)), noise=3.0, light=float(rng.uniform(0, 0.4)),
                                     jpeg_quality=85)
    return render.degrade(frame, degradation, rng)


def measure(trials: int, seed: int = 1) -> list[Row]:
    """Recall of every decoder at every pixels-per-module value, `trials` stickers each."""
    registry = load_marker_registry()
    components = [c for c in registry if c.kind != "test"]
    rng = np.random.default_rng(seed)
    rows = []
    for family, name, decode in _decoders(registry):
        for ppm in PIXELS_PER_MODULE:
            found = false = 0
            times = []
            for _ in range(trials):
                component = components[int(rng.integers(len(components)))]
                frame = _sample(family, component, registry, ppm, rng)
                start = time.perf_counter()
                codes = decode(frame)
                times.append((time.perf_counter() - start) * 1000)
                ids = marker_numbers(codes, registry)
                found += component.marker in ids
                false += len(ids - {component.marker})
            rows.append(Row(family, name, ppm, trials, found, false, statistics.median(times)))
    return rows


def measure_situations(trials: int, seed: int = 2) -> list[Row]:
    """Recall of the full reader of each family (the family alone, as a game that uses it reads)
    in every situation at every pixels-per-module value."""
    registry = load_marker_registry()
    components = [c for c in registry if c.kind != "test"]
    rng = np.random.default_rng(seed)
    rows = []
    for family in ("aruco", "qr"):
        reader = MarkerReader.for_family(family, registry, reuse=False)
        without = MarkerReader.for_family(family, registry, reuse=False, covered=False)
        for situation in SITUATIONS:
            for ppm in PIXELS_PER_MODULE:
                tallies = {situation: [0, 0, []], WITHOUT_COVERED_SEARCH: [0, 0, []]}
                readers = [(situation, reader)] + ([(WITHOUT_COVERED_SEARCH, without)]
                                                   if situation == SITUATIONS[-1] else [])
                for _ in range(trials):
                    component = components[int(rng.integers(len(components)))]
                    frame = _sample(family, component, registry, ppm, rng, situation)
                    for name, one in readers:
                        start = time.perf_counter()
                        ids = {d.component.marker for d in one.read(frame).markers}
                        tally = tallies[name]
                        tally[2].append((time.perf_counter() - start) * 1000)
                        tally[0] += component.marker in ids
                        tally[1] += len(ids - {component.marker, NEIGHBOUR_MARKER})
                rows += [Row(family, name, ppm, trials, found, false, statistics.median(times))
                         for name, (found, false, times) in tallies.items() if times]
    return rows


def marker_numbers(codes: list[RawCode], registry: MarkerRegistry) -> set[int]:
    """The marker numbers of the components among raw decoded codes (foreign codes left out)."""
    return ({code.fiducial_id for code in codes if code.fiducial_id is not None}
            | payload_markers([code.text for code in codes if code.fiducial_id is None and code.text is not None],
                              registry))


def payload_markers(texts: Iterable[str], registry: MarkerRegistry) -> set[int]:
    """The marker numbers of the components whose payloads are among `texts` (foreign ones left out)."""
    meanings = (read_payload(text, registry) for text in texts)
    return {meaning.marker for meaning in meanings if isinstance(meaning, Component)}


def needed_pixels_per_module(rows: list[Row], family: str, decoder: str) -> float | None:
    """The least pixels per module from which recall stays at or above the family's target."""
    ordered = sorted((r for r in rows if r.family == family and r.decoder == decoder),
                     key=lambda r: r.pixels_per_module)
    for index, row in enumerate(ordered):
        if all(r.recall >= TARGETS[family] for r in ordered[index:]):
            return row.pixels_per_module
    return None


def run(trials: int = 150, as_json: bool = False) -> list[Row]:
    """Measure and print the recall table, the printed sizes it implies, recall on busy art and
    with the quiet zone covered, and what lookalike patterns decode as."""
    rows = measure(trials)
    situations = measure_situations(trials)
    lookalikes = measure_lookalikes(trials * 4)
    decisive = {"qr": "full reader", "aruco": "opencv aruco", "microqr": "zxing"}
    modules = {"qr": 21, "aruco": 7, "microqr": 15}
    needed = {family: needed_pixels_per_module(rows, family, decoder) for family, decoder in decisive.items()}
    sizes = {setup.name: {family: (round(printed_size_mm(setup, modules[family], ppm), 1) if ppm else None)
                          for family, ppm in needed.items()} for setup in SETUPS}
    tablet = {setup.name: {family: size_for_city(setup, family, CITY_PIXELS_PER_MODULE) for family in ("qr", "aruco")}
              for setup in TABLET_SETUPS}
    if as_json:
        print(json.dumps({"rows": [{**r.__dict__, "recall": r.recall} for r in rows],
                          "needed_pixels_per_module": needed, "sizes_mm": sizes,
                          "tablet_over_one_city": {name: {f: c.__dict__ for f, c in by.items()}
                                                   for name, by in tablet.items()},
                          "situations": [{**r.__dict__, "recall": r.recall} for r in situations],
                          "lookalikes": lookalikes.to_json()}, indent=1))
        return rows
    print("companion bench markers: recall of one sticker per frame (tilt 0-35 deg, blur 0-1 px, noise, "
          "uneven light, JPEG 85)")
    header = "".join(f"{ppm:>7g}" for ppm in PIXELS_PER_MODULE)
    print(f"{'family':<8} {'decoder':<26}{header}   (pixels per module; false components; median ms)")
    for family, name, _ in _decoders(load_marker_registry()):
        line = [r for r in rows if r.family == family and r.decoder == name]
        cells = "".join(f"{r.recall:>7.3f}" for r in line)
        false = sum(r.false_components for r in line)
        median = statistics.median(r.median_ms for r in line)
        print(f"{family:<8} {name:<26}{cells}   {false} false, {median:.1f} ms")
    print()
    for family, ppm in needed.items():
        target = TARGETS[family]
        print(f"{family}: recall >= {target:.1%} from {ppm} pixels per module ({decisive[family]})")
    print()
    print(f"{'camera set-up':<78} {'QR v1':>7} {'ArUco':>7} {'MicroQR':>8}  (printed code side, mm)")
    for setup in SETUPS:
        s = sizes[setup.name]
        print(f"{setup.name:<78} {s['qr']!s:>7} {s['aruco']!s:>7} {s['microqr']!s:>8}")
    print()
    print(f"a tablet framing a whole city (columns of {TALLEST_COLUMN} cards), every sticker at "
          f"{CITY_PIXELS_PER_MODULE:g} pixels per module or more: least printed size, and the height to hold it at")
    for name, by in tablet.items():
        print(f"{name:<64} QR {_city_size(by['qr']):<40} ArUco {_city_size(by['aruco'])}")
    print("the printed sheets there (the tablet framing a whole city of them):")
    for setup in TABLET_SETUPS:
        shots = [(family, size, city_shot(setup, family, size)) for family, size in (("qr", 18.0), ("aruco", 14.0))]
        print(f"{setup.name:<64} " + "   ".join(
            f"{family} {size:g} mm: {shot.pixels_per_module:.2f} px/module at {shot.height_mm / 10:.0f} cm"
            for family, size, shot in shots))
    print()
    _print_situations(situations)
    print()
    lookalikes.print()
    return rows


def _city_size(size: CitySize) -> str:
    if size.size_mm is None:
        return f"none (the largest, at {size.height_mm / 10:.0f} cm: {size.best_pixels_per_module:.2f} px/module)"
    return f"{size.size_mm:g} mm at {size.height_mm / 10:.0f} cm{' (portrait)' if size.portrait else ''}"


def _print_situations(rows: list[Row]) -> None:
    header = "".join(f"{ppm:>7g}" for ppm in PIXELS_PER_MODULE)
    print("full reader of the family alone, by where the sticker lies (busy art: icons, text and thin lines "
          "around it; covered: the next card over the code's bottom quiet zone, read with and without the "
          "search for covered stickers)")
    print(f"{'family':<8} {'situation':<26}{header}   (pixels per module; false components; median ms)")
    for family in ("aruco", "qr"):
        for situation in (*SITUATIONS, WITHOUT_COVERED_SEARCH):
            line = [r for r in rows if r.family == family and r.decoder == situation]
            cells = "".join(f"{r.recall:>7.3f}" for r in line)
            median = statistics.median(r.median_ms for r in line)
            print(f"{family:<8} {situation:<26}{cells}   {sum(r.false_components for r in line)} false, "
                  f"{median:.1f} ms")
