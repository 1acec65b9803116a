"""Tune the tracker's confirmation rule: wrong confirmations against delay, on rendered videos.

The mistake a confirmation rule must stop is a card seen for a moment where it does not belong: a
card carried over a neighbour's city on its way to its own, in the player's hand, turned towards
the table. Each video (10 frames per second) shows a rendered table with noise, blur and glare
drawn anew for every frame, and one card carried at hand speed (about 0.5 m/s) from the far side
of a neighbour's city into its owner's. For each candidate rule the script counts cards confirmed
in a wrong city and the median time a card takes to be confirmed.

Run: .venv/bin/python benchmarks/confirmation_rule.py
"""

from __future__ import annotations

import statistics

import cv2
import numpy as np

from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.simulation.scenes import (
    LEVELS,
    Camera,
    Level,
    degrade_colour,
    paste_clipped,
    table_scene,
)
from companion.games.sevenwonders.tracker import ConfirmationRule, TableTracker
from companion.markers import load_marker_registry
from companion.simulation.render import Degradation, marker_sticker
from companion.vision.pipeline import TableReader

RULES = [ConfirmationRule(1, 0.0), ConfirmationRule(2, 0.1), ConfirmationRule(3, 0.2), ConfirmationRule(4, 0.4),
         ConfirmationRule(6, 0.6), ConfirmationRule(4, 0.4, still_mm=float("inf"))]
CLEAN = Level("clean", 0, Degradation(blur=0.0, noise=0.0, light=0.0, jpeg_quality=100), 0, False)
FPS = 10.0
SPEED_MM_S = 500.0


def _sticker(marker: int, size_mm: float) -> tuple[np.ndarray, float]:
    image, corners, modules = marker_sticker("aruco", marker, load_marker_registry())
    del modules
    # Side of the sticker image in mm: the code is `size_mm` across.
    return cv2.cvtColor(image, cv2.COLOR_GRAY2BGR), size_mm * image.shape[1] / float(corners[1, 0] - corners[0, 0])


def video(seed: int, frames: int = 20, turned_like_neighbour: bool = False
          ) -> tuple[list[np.ndarray], dict[str, set[str]], str, str]:
    """Frames of one video, the true cities, the carried card and the city it is carried to.

    With `turned_like_neighbour` the card is held turned like the neighbour's cards (the worst
    case: the layout's angle rule cannot tell it from the neighbour's own cards)."""
    LEVELS["clean"] = CLEAN
    rng = np.random.default_rng(seed)
    camera = Camera(1920, 1080, 66, 950, float(rng.uniform(5, 20)), float(rng.uniform(-15, 15)))
    scene = table_scene(4, seed=900 + seed, family="aruco", size_mm=14.0, camera=camera, level="clean")
    truth = {p["wonder"]: set(p["cards"]) for p in scene.table["players"]}
    registry = load_marker_registry()
    on_table = {t.component.marker for t in scene.truth}
    carried = next(c for c in registry if c.kind == "card" and c.set == "base" and c.marker not in on_table
                   and c.players is not None and c.players <= 4
                   and all(c.card not in cards for cards in truth.values()))
    boards = [t for t in scene.truth if t.role == "board"]
    owner, neighbour = boards[0], boards[1]
    start = neighbour.corners_mm.mean(axis=0)
    end = owner.corners_mm.mean(axis=0) + (owner.corners_mm[0] - owner.corners_mm[3]) / 14.0 * 150
    distance = float(np.linalg.norm(end - start))
    edge = (neighbour if turned_like_neighbour else owner).corners_mm
    edge = edge[1] - edge[0]
    angle = float(np.arctan2(edge[1], edge[0]))
    image, side = _sticker(carried.marker, 14.0)
    homography = camera.homography()
    result = []
    for index in range(frames):
        travelled = min(1.0, index / FPS * SPEED_MM_S / distance)
        centre = start + (end - start) * travelled
        rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
        square = np.array([[-side / 2, -side / 2], [side / 2, -side / 2], [side / 2, side / 2], [-side / 2, side / 2]])
        corners_mm = square @ rotation.T + centre
        corners_px = cv2.perspectiveTransform(corners_mm.reshape(-1, 1, 2), homography).reshape(4, 2)
        source = np.float32([[0, 0], [image.shape[1], 0], [image.shape[1], image.shape[0]], [0, image.shape[0]]])
        frame = scene.frame.copy()
        paste_clipped(frame, image, cv2.getPerspectiveTransform(source, corners_px.astype(np.float32)))
        faults = Degradation(blur=float(rng.uniform(0, 0.8)), noise=3.0, light=float(rng.uniform(0, 0.3)),
                             glare_spots=int(rng.integers(0, 2)), jpeg_quality=88)
        result.append(degrade_colour(frame, faults, rng))
    truth[owner.component.wonder or ""].add(carried.card or "")
    return result, truth, carried.card or "", owner.component.wonder or ""


def main(videos: int = 6) -> None:
    for turned in (False, True):
        measure(videos, turned)


def measure(videos: int, turned_like_neighbour: bool) -> None:
    """Print wrong confirmations and delays for every rule."""
    data = load_game_data()
    reader = TableReader(data=data)
    wrong = dict.fromkeys(RULES, 0)
    delays: dict[ConfirmationRule, list[float]] = {rule: [] for rule in RULES}
    for seed in range(videos):
        frames, truth, carried, owner = video(seed, turned_like_neighbour=turned_like_neighbour)
        observations = [reader.read(frame, sequence=f"video{seed}").observation for frame in frames]
        for rule in RULES:
            tracker = TableTracker(data, rule)
            for index, observation in enumerate(observations):
                for change in tracker.observe(observation, index / FPS):
                    if change.kind != "card" or change.component is None:
                        continue
                    if change.component.card not in truth.get(change.wonder or "", set()):
                        wrong[rule] += 1
                    delays[rule].append(index / FPS)
        del carried, owner
    held = "turned like the neighbour's cards" if turned_like_neighbour else "turned towards its owner"
    print(f"\n{videos} videos of 20 frames at {FPS:g} fps, a card carried at {SPEED_MM_S:g} mm/s over a "
          f"neighbour's city, {held}")
    print(f"{'rule':<50} {'wrong':>8} {'median time to confirm (s)':>28}")
    for rule in RULES:
        median = statistics.median(delays[rule]) if delays[rule] else float("nan")
        still = "anywhere" if rule.still_mm == float("inf") else f"still within {rule.still_mm:g} mm"
        print(f"{rule.frames} frames over {rule.seconds:.1f} s, {still:<22} {wrong[rule]:>8} {median:>28.2f}")


if __name__ == "__main__":
    main()
