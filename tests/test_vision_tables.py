"""Rendered tables rebuilt into their table files; duplicates, foreign codes, hands over a video."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.simulation.scenes import LEVELS, Camera, Level, table_scene
from companion.games.sevenwonders.tablefile import parse_table
from companion.games.sevenwonders.tracker import ConfirmationRule, TableTracker
from companion.simulation.render import Degradation
from companion.vision.pipeline import TableReader

CLEAR = Level("clear", 10, Degradation(blur=0.3, noise=2.5, light=0.15, glare_spots=1, jpeg_quality=90), 0, True)


def _rebuilt(scene, data: GameData, rule: ConfirmationRule | None = None) -> dict:
    reader = TableReader(data=data, sizes_mm={scene.family: scene.size_mm})
    names = {p["wonder"]: p["name"] for p in scene.table["players"]}
    tracker = TableTracker(data, rule or ConfirmationRule.photos(), names=names)
    tracker.observe(reader.read(scene.frame).observation, 0.0)
    return tracker.table_document()


def _normal(players: list[dict]) -> list[dict]:
    """Players with their cards sorted: a city is a set of buildings, the list order means nothing."""
    return [{**p, "cards": sorted(p["cards"])} for p in players]


def _same_seating(document: dict, expected: dict) -> list[dict]:
    """The rebuilt players turned to start with the expected first player (seating is a circle)."""
    players = document["players"]
    wonders = [p["wonder"] for p in players]
    start = wonders.index(expected["players"][0]["wonder"])
    return _normal(players[start:] + players[:start])


@pytest.mark.parametrize(("players", "seed", "camera"), [
    (4, 11, Camera(3840, 2160, 66, 1300, tilt_deg=8, yaw_deg=4)),
    (7, 13, Camera(3840, 2160, 66, 1800, tilt_deg=8, yaw_deg=-5)),
])
def test_rendered_table_is_rebuilt_exactly(data: GameData, players: int, seed: int, camera: Camera,
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "clear", CLEAR)
    scene = table_scene(players, seed=seed, family="aruco", size_mm=14.0, camera=camera, level="clear")
    assert all(t.visible for t in scene.truth if t.role in ("card", "board", "stage")), "a sticker is out of view"
    document = _rebuilt(scene, data)
    assert _same_seating(document, scene.table) == _normal(scene.table["players"])
    assert document["x-observation"]["problems"] == []
    parse_table({k: v for k, v in document.items() if not k.startswith("x-")}, data)


@pytest.mark.slow
def test_walking_round_the_table_with_a_tablet_merges_the_photos(data: GameData,
                                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """QR stickers, one 4K photo over each city: the photos merge into the whole table, seated in
    the order the game was set up in (no photo shows every board)."""
    monkeypatch.setitem(LEVELS, "clear", CLEAR)
    overview = table_scene(4, seed=12, family="qr", size_mm=18.0, level="clear")
    order = [p["wonder"] for p in overview.table["players"]]
    names = {p["wonder"]: p["name"] for p in overview.table["players"]}
    reader = TableReader(data=data, sizes_mm={"qr": 18.0})
    tracker = TableTracker(data, ConfirmationRule.photos(), names=names, seat_order=order)
    boards = [t for t in overview.truth if t.role == "board"]
    for index, board in enumerate(boards):
        # Aim at the middle of the city (board, cards above it, stages below), turned like the board.
        city = [t.corners_mm.mean(axis=0) for t in overview.truth if t.seat == board.seat]
        edge = board.corners_mm[1] - board.corners_mm[0]
        camera = Camera(3840, 2160, 66, 600, tilt_deg=5, yaw_deg=float(np.degrees(np.arctan2(edge[1], edge[0]))),
                        target=tuple(np.mean(city, axis=0)))
        scene = table_scene(4, seed=12, family="qr", size_mm=18.0, camera=camera, level="clear")
        seat_truth = [t for t in scene.truth if t.seat == board.seat and t.role in ("card", "board", "stage")]
        assert all(t.visible for t in seat_truth), f"photo {index} misses part of its city"
        tracker.observe(reader.read(scene.frame).observation, float(index))
    assert _normal(tracker.table_document()["players"]) == _normal(overview.table["players"])


def test_duplicate_sticker_and_foreign_codes_are_reported_not_kept(data: GameData,
                                                                    monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "clear", CLEAR)
    scene = table_scene(4, seed=21, family="aruco", size_mm=14.0, level="clear",
                        camera=Camera(1920, 1080, 66, 760, tilt_deg=5))
    victim = next(t for t in scene.truth if t.role == "card" and t.visible)
    reader = TableReader(data=data, sizes_mm={"aruco": 14.0})
    result = reader.read(scene.frame)
    refused = {r.rejection.reason for r in result.reading.rejected}
    assert {"foreign", "bad_check"} <= refused
    true_markers = {t.component.marker for t in scene.truth}
    assert {d.component.marker for d in result.reading.markers} <= true_markers   # zero false components
    # Now the duplicate: the same marker at two places 300 mm apart.
    placed = list(result.placed)
    twin = next(p for p in placed if p.component.marker == victim.component.marker)
    from dataclasses import replace

    from companion.games.sevenwonders.vision.layout import read_layout

    moved = replace(twin, centre=(twin.centre[0] + 300.0, twin.centre[1]))
    observation = read_layout([*placed, moved], data)
    assert any(victim.component.key in p and "duplicate sticker" in p for p in observation.problems)
    assert all(victim.component.marker not in {c.marker for c in s.cards} for s in observation.seats)


def test_a_video_with_hands_over_the_cards_ends_with_the_whole_table(data: GameData,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Three hands sweep over the table in every frame of a 10 fps video, and one card is laid down
    only after 0.8 s: every card ends confirmed in its city, nothing is invented, and a hand
    covering a confirmed card does not take it away."""
    monkeypatch.setitem(LEVELS, "clear", CLEAR)
    scene = table_scene(4, seed=33, family="aruco", size_mm=14.0, level="clear",
                        camera=Camera(3840, 2160, 66, 1300, tilt_deg=6, yaw_deg=2))
    assert all(t.visible for t in scene.truth if t.role in ("card", "board", "stage"))
    late = next(t for t in scene.truth if t.role == "card" and t.visible)
    reader = TableReader(data=data, sizes_mm={"aruco": 14.0})
    tracker = TableTracker(data, ConfirmationRule(), names={p["wonder"]: p["name"] for p in scene.table["players"]})
    invented: set[int] = set()
    late_confirmed_at = None
    for index in range(20):
        frame = _with_hands(scene.frame, index)
        if index < 8:
            _cover(frame, late.corners_px)   # the card is not on the table yet
        result = reader.read(frame, sequence="video")
        seen = {c.marker for s in result.observation.seats for c in s.cards}
        invented |= seen - {t.component.marker for t in scene.truth}
        for change in tracker.observe(result.observation, index * 0.1):
            if change.component is not None and change.component.marker == late.component.marker:
                late_confirmed_at = index * 0.1
    assert invented == set()
    assert late_confirmed_at is not None and late_confirmed_at >= 0.8 + ConfirmationRule().seconds
    assert _same_seating(tracker.table_document(), scene.table) == _normal(scene.table["players"])


def _cover(frame: np.ndarray, corners: np.ndarray) -> None:
    import cv2

    centre = corners.mean(axis=0)
    grown = (corners - centre) * 1.6 + centre
    cv2.fillConvexPoly(frame, np.round(grown).astype(np.int32), (90, 120, 160))


def _with_hands(frame: np.ndarray, index: int) -> np.ndarray:
    """Paint three hand-coloured ellipses over a different part of the frame each time."""
    import cv2

    frame = frame.copy()
    rng = np.random.default_rng(100 + index)
    height, width = frame.shape[:2]
    for _ in range(3):
        centre = (int(rng.uniform(0.1, 0.9) * width), int(rng.uniform(0.1, 0.9) * height))
        axes = (int(width * 0.06), int(width * 0.04))
        cv2.ellipse(frame, centre, axes, float(rng.uniform(0, 180)), 0, 360, (120, 150, 205), -1, cv2.LINE_AA)
    return frame
