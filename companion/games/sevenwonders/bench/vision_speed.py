"""`companion bench vision`, speed section: the full reader against the bare decoders, same frames,
same run.

Cases are rendered whole tables and tablet views (4K, 1080p, a 12 MP photo), each read by the full
reader of the family the game uses (`MarkerReader.for_family`, every frame decoded anew) and by
the bare decoders of that family (zxing-cpp alone for QR, OpenCV's ArUco detector with its default
parameters for ArUco; both for ``both``). A video case reads the same table frame after frame with
camera noise and a hand moving over it, with the reader's reuse of unchanged parts on. Targets
(the vision issue): the full reader within 1.3x the bare decoders, a 4K whole-table frame under
150 ms, and recall at or above the decoding limit unchanged, with zero false components.
"""

from __future__ import annotations

import statistics
import time
from dataclasses import dataclass

import cv2
import numpy as np

from companion.bench.vision_outside import bare_decoders, timed_pair
from companion.games.sevenwonders.simulation import scenes
from companion.markers import MarkerRegistry, load_marker_registry
from companion.vision.decoders import as_grey
from companion.vision.reader import MarkerReader

__all__ = ["CASES", "SpeedRow", "bare_decoders", "measure_speed", "print_speed", "timed_pair"]

LIMIT_PPM = {"qr": 3.0, "aruco": 2.0}
"""The decoding limit: recall is counted over stickers seen at or above it."""
RATIO_TARGET = 1.3
FOUR_K_TARGET_MS = 150.0


@dataclass(frozen=True)
class Case:
    """A rendered view: family and sticker size, camera, players, and how many frames."""

    label: str
    family: str
    size_mm: float
    camera: scenes.Camera
    players: int = 5
    aim_at_seat: int | None = None


CASES = (
    Case("4K whole table, ArUco 14 mm, straight down", "aruco", 14.0, scenes.Camera(3840, 2160, 66, 1300, 5)),
    Case("4K whole table, ArUco 14 mm, tilted 30 deg", "aruco", 14.0, scenes.Camera(3840, 2160, 66, 1100, 30)),
    Case("4K whole table, QR 34 mm, straight down", "qr", 34.0, scenes.Camera(3840, 2160, 66, 1200, 5)),
    Case("4K whole table, QR 34 mm, tilted 30 deg", "qr", 34.0, scenes.Camera(3840, 2160, 66, 1050, 30)),
    Case("4K whole table, both families read, ArUco 14 mm", "both", 14.0, scenes.Camera(3840, 2160, 66, 1300, 5)),
    Case("1080p whole table, ArUco 14 mm", "aruco", 14.0, scenes.Camera(1920, 1080, 66, 950, 5)),
    Case("1080p tablet over one city, QR 18 mm", "qr", 18.0, scenes.Camera(1920, 1080, 66, 420, 10), 4, 0),
    Case("12 MP photo, QR 34 mm, no ArUco in view, both read", "both-qr", 34.0,
         scenes.Camera(4000, 3000, 66, 1300, 5)),
)


@dataclass(frozen=True)
class SpeedRow:
    """Median times per frame of one case, and the full reader's recall above the limit."""

    label: str
    family: str
    frames: int
    bare_ms: float
    full_ms: float
    visible_above_limit: int
    found_above_limit: int
    false_components: int
    width: int

    @property
    def ratio(self) -> float:
        """The full reader's time over the bare decoders' time."""
        return self.full_ms / self.bare_ms if self.bare_ms else float("nan")

    def to_json(self) -> dict[str, object]:
        """The row as a JSON object."""
        return {**self.__dict__, "ratio": self.ratio}


def _frames(case: Case, count: int, seed: int) -> list[scenes.Scene]:
    family = "qr" if case.family == "both-qr" else ("aruco" if case.family == "both" else case.family)
    return [scenes.table_scene(case.players, seed=seed + index, family=family, size_mm=case.size_mm,
                               camera=case.camera, level="medium", aim_at_seat=case.aim_at_seat)
            for index in range(count)]


def measure_speed(frames: int = 2, rounds: int = 5, seed: int = 11) -> list[SpeedRow]:
    """Time every case's frames with the full reader and the bare decoders, by turns."""
    registry = load_marker_registry()
    rows = []
    for case in CASES:
        reads = "both" if case.family.startswith("both") else case.family
        reader = MarkerReader.for_family(reads, registry, reuse=False)
        bare = bare_decoders(reads, registry)
        bare_ms, full_ms = [], []
        visible = found = false = 0
        for scene in _frames(case, frames, seed):
            grey = as_grey(scene.frame)
            bare_elapsed, elapsed, reading = timed_pair(bare, reader.read, grey, rounds)
            bare_ms.append(bare_elapsed)
            full_ms.append(elapsed)
            markers = {d.component.marker for d in reading.markers}  # type: ignore[attr-defined]
            limit = LIMIT_PPM[scene.family]
            above = {t.component.marker for t in scene.visible() if t.pixels_per_module >= limit}
            visible += len(above)
            found += len(above & markers)
            false += len(markers - {t.component.marker for t in scene.truth})
        rows.append(SpeedRow(case.label, reads, frames, statistics.median(bare_ms), statistics.median(full_ms),
                             visible, found, false, case.camera.width))
    rows.append(_video_row(registry, frames * 6, seed))
    return rows


def _video_row(registry: MarkerRegistry, count: int, seed: int) -> SpeedRow:
    """A still 4K ArUco table filmed: camera noise on every frame, a hand moving over one edge."""
    scene = scenes.table_scene(5, seed=seed, family="aruco", size_mm=14.0,
                               camera=scenes.Camera(3840, 2160, 66, 1300, 5), level="medium")
    base = as_grey(scene.frame)
    rng = np.random.default_rng(seed)
    reader = MarkerReader.for_family("aruco", registry)
    bare = bare_decoders("aruco", registry)
    bare_ms, full_ms = [], []
    visible = found = false = 0
    covered_by_hand: set[int] = set()
    for index in range(count):
        frame = np.clip(base + rng.normal(0, 2.0, base.shape), 0, 255).astype(np.uint8)
        centre = (200 + index * 60, 1900)
        cv2.ellipse(frame, centre, (220, 140), 20, 0, 360, 120, -1)
        start = time.perf_counter()
        bare(frame)
        bare_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        markers = {d.component.marker for d in reader.read(frame, sequence="filmed").markers}
        full_ms.append((time.perf_counter() - start) * 1000)
        hand = np.array(centre, dtype=np.float32)
        covered_by_hand = {t.component.marker for t in scene.visible()
                           if np.linalg.norm(t.corners_px.mean(axis=0) - hand) < 260}
        above = {t.component.marker for t in scene.visible() if t.pixels_per_module >= LIMIT_PPM["aruco"]}
        above -= covered_by_hand
        visible += len(above)
        found += len(above & markers)
        false += len(markers - {t.component.marker for t in scene.truth})
    return SpeedRow("4K whole table filmed, ArUco 14 mm, unchanged parts reused", "aruco", count,
                    statistics.median(bare_ms), statistics.median(full_ms), visible, found, false, 3840)


def print_speed(rows: list[SpeedRow]) -> None:
    """The speed table and the targets."""
    print("\nspeed: the full reader of the game's family against the bare decoders of that family, same frames")
    print(f"{'case':<62} {'reads':<6} {'bare ms':>8} {'full ms':>8} {'ratio':>6} {'recall >= limit':>16} {'false':>6}")
    for row in rows:
        recall = row.found_above_limit / row.visible_above_limit if row.visible_above_limit else float("nan")
        print(f"{row.label:<62} {row.family:<6} {row.bare_ms:>8.1f} {row.full_ms:>8.1f} {row.ratio:>6.2f} "
              f"{recall:>8.4f} ({row.visible_above_limit:>4}) {row.false_components:>6}")
    worst_ratio = max(row.ratio for row in rows)
    worst_4k = max((row.full_ms for row in rows if row.width == 3840 and "filmed" not in row.label), default=0.0)
    print(f"worst ratio {worst_ratio:.2f} (target <= {RATIO_TARGET}); slowest 4K whole-table frame {worst_4k:.0f} ms "
          f"(target < {FOUR_K_TARGET_MS:.0f}); false components {sum(r.false_components for r in rows)} (target 0)")
