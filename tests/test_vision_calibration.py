"""Lens calibration on the printed board, lens profiles that are bad, and the fixed rig."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.simulation.scenes import LEVELS, Camera, table_scene
from companion.vision.lens import CHARUCO, LensProfile, LensProfileError, calibrate_lens
from companion.vision.pipeline import TableReader
from companion.vision.rig import RigProfile
from tests.test_vision_tables import CLEAR
from tests.tools.calibration_views import board_views

MATRIX = np.array([[900.0, 0, 640], [0, 900.0, 360], [0, 0, 1]])
DISTORTION = np.array([-0.22, 0.08, 0.0, 0.0, 0.0])


def test_calibration_recovers_a_known_lens() -> None:
    views = board_views(MATRIX, DISTORTION, (1280, 720), 10, seed=1)
    profile, verdicts = calibrate_lens((f"view{i}", v) for i, v in enumerate(views))
    assert profile is not None
    assert sum(v.used for v in verdicts) >= 6
    fx, fy = profile.camera_matrix[0][0], profile.camera_matrix[1][1]
    assert fx == pytest.approx(900, rel=0.02) and fy == pytest.approx(900, rel=0.02)
    assert profile.distortion[0] == pytest.approx(-0.22, abs=0.03)
    assert profile.rms_error_px < 0.5
    assert (profile.width, profile.height) == (1280, 720)


def test_unusable_frames_are_refused_with_the_reason() -> None:
    good = board_views(MATRIX, DISTORTION, (1280, 720), 1, seed=2)[0]
    blank = np.full((720, 1280), 128, np.uint8)
    corner = good.copy()
    corner[:, 540:] = 128   # only part of the board: a few corners
    small = cv2.resize(good, (640, 360))
    _, verdicts = calibrate_lens([("good", good), ("blank", blank), ("corner", corner), ("small", small)])
    reasons = {v.name: v.reason for v in verdicts}
    assert reasons["good"] == "used"
    assert reasons["blank"] == "calibration board not found"
    assert reasons["corner"].startswith("only ") and "board corners seen" in reasons["corner"]
    assert reasons["small"] == "resolution 640x360 differs from the first frame's 1280x720"


def test_the_printed_board_is_read_back_from_its_pdf(tmp_path: Path) -> None:
    import subprocess

    pdf = Path(__file__).resolve().parent.parent / "calibration" / "charuco-9x6-28mm-a4.pdf"
    subprocess.run(["pdftoppm", "-r", "150", "-gray", "-png", str(pdf), str(tmp_path / "board")], check=True)
    image = cv2.imread(str(next(tmp_path.glob("board*.png"))), cv2.IMREAD_GRAYSCALE)
    corners, ids, _, _ = cv2.aruco.CharucoDetector(CHARUCO.board()).detectBoard(image)
    assert ids is not None and len(ids) == CHARUCO.corner_count
    points = dict(zip(ids.ravel(), corners.reshape(-1, 2), strict=True))
    square_mm = np.linalg.norm(points[0] - points[1]) * 25.4 / 150
    assert square_mm == pytest.approx(CHARUCO.square_mm, abs=0.2)


@pytest.mark.parametrize(("content", "message"), [
    ("{", "the lens profile is unusable: not valid JSON"),
    ('{"format": "something-else"}', "not a lens profile"),
    ('{"format": "sevenwonders-lens/1", "width": 1280, "height": 720, "camera_matrix": [[1, 0], [0, 1]],'
     ' "distortion": [0, 0, 0, 0, 0], "rms_error_px": 0.3}', "camera_matrix must be 3 rows of 3 numbers"),
    ('{"format": "sevenwonders-lens/1", "width": 1280, "height": 720, "camera_matrix": '
     '[[900, 0, 5000], [0, 900, 360], [0, 0, 1]], "distortion": [0, 0, 0, 0, 0], "rms_error_px": 0.3}',
     "the principal point lies outside the image"),
])
def test_bad_lens_profiles_are_refused_in_one_line(tmp_path: Path, content: str, message: str) -> None:
    path = tmp_path / "lens.json"
    path.write_text(content)
    with pytest.raises(LensProfileError) as error:
        LensProfile.load(path)
    assert message in str(error.value) and "\n" not in str(error.value)


def test_reading_goes_on_without_a_bad_or_mismatched_profile(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "clear", CLEAR)
    scene = table_scene(3, seed=41, family="aruco", size_mm=14.0, level="clear",
                        camera=Camera(1920, 1080, 66, 900, tilt_deg=5))
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), scene.frame)
    bad = tmp_path / "bad.json"
    bad.write_text("not json")
    # A profile given explicitly but unusable is an error (issue 12), not a reading without it.
    assert main(["scan", str(image), "--lens", str(bad), "--json"]) == 2
    captured = capsys.readouterr()
    assert captured.err.startswith(f"error: {bad}: the lens profile is unusable: not valid JSON")
    assert captured.out == ""
    other = tmp_path / "other.json"
    LensProfile(640, 480, tuple(map(tuple, MATRIX)), tuple(DISTORTION), 0.2).save(other)
    assert main(["scan", str(image), "--lens", str(other), "--json"]) == 0
    result = json.loads(capsys.readouterr().out)[0]
    assert result["notes"] == ["lens profile is for 640x480, the frames are 1920x1080: reading without it"]
    assert len(result["markers"]) > 20


def test_a_fixed_rig_keeps_a_covered_board_in_its_seat(data: GameData, tmp_path: Path,
                                                        monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "clear", CLEAR)
    camera = Camera(3840, 2160, 66, 1150, tilt_deg=5)
    scene = table_scene(3, seed=42, family="aruco", size_mm=14.0, level="clear", camera=camera)
    reader = TableReader(data=data)
    first = reader.read(scene.frame)
    rig = RigProfile.from_frame(first, 3840, 2160)
    rig.save(tmp_path / "rig.json")
    loaded = RigProfile.load(tmp_path / "rig.json")
    board = next(t for t in scene.truth if t.role == "board")
    covered = scene.frame.copy()
    centre = board.corners_px.mean(axis=0)
    cv2.circle(covered, (int(centre[0]), int(centre[1])), 60, (120, 150, 205), -1)
    without = TableReader(data=data).read(covered)
    with_rig = TableReader(data=data, rig=loaded).read(covered)
    wonder = board.component.wonder
    assert wonder not in [s.wonder for s in without.observation.seats]
    assert [s.wonder for s in with_rig.observation.seats] == [s.wonder for s in first.observation.seats]
    assert wonder in [s.wonder for s in with_rig.observation.seats]
