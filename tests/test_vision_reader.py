"""The marker reader: misuse is loud, codes are checked, the table file comes out of the command line."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.games.sevenwonders.simulation.scenes import LEVELS, Camera, table_scene
from companion.markers import load_marker_registry
from companion.markers.codec import encode_payload
from companion.simulation.render import marker_sticker, paste
from companion.vision.decoders import as_grey
from companion.vision.reader import MarkerReader
from tests.test_vision_tables import CLEAR

REGISTRY = load_marker_registry()


def test_frames_must_be_images() -> None:
    with pytest.raises(TypeError, match="expected a numpy image array, got list"):
        as_grey([[0, 1]])  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="expected an 8-bit image, got dtype float64"):
        as_grey(np.zeros((10, 10)))
    with pytest.raises(ValueError, match="expected a grey, BGR or BGRA image, got shape"):
        as_grey(np.zeros((10, 10, 2), np.uint8))
    assert as_grey(np.zeros((4, 5, 4), np.uint8)).shape == (4, 5)


def _frame_with(stickers: list[tuple[str, str | int]]) -> np.ndarray:
    """A plain frame with stickers in a row: ("qr", text) for any QR text, ("aruco", id)."""
    import segno

    frame = np.full((360, 180 * len(stickers) + 40), 200, np.uint8)
    for index, (family, value) in enumerate(stickers):
        if family == "qr":
            code = segno.make_qr(str(value), error="m")
            cells = np.array([[bool(c) for c in row] for row in code.matrix])
            image = np.full(((len(cells) + 4) * 6,) * 2, 240, np.uint8)
            image[12:12 + len(cells) * 6, 12:12 + len(cells) * 6][np.kron(cells, np.ones((6, 6), bool))] = 20
            corners = np.float32([[0, 0], [image.shape[1], 0], [image.shape[1], image.shape[0]], [0, image.shape[0]]])
        else:
            image, corners, _ = marker_sticker("aruco", int(value), REGISTRY)
            corners = np.float32([[0, 0], [image.shape[1], 0], [image.shape[1], image.shape[0]], [0, image.shape[0]]])
        x = 30 + index * 180
        target = np.float32([[x, 100], [x + 140, 100], [x + 140, 240], [x, 240]])
        paste(frame, image, cv2.getPerspectiveTransform(corners, target))
    return frame


def test_foreign_and_malformed_codes_are_reported_never_components() -> None:
    good = encode_payload(7, REGISTRY)
    frame = _frame_with([("qr", good), ("qr", "https://example.org/7wonders"), ("qr", good[:-1] + "0"),
                         ("qr", "W72001N"), ("aruco", 7), ("aruco", 500)])
    reading = MarkerReader(REGISTRY).read(frame)
    assert sorted((d.component.marker, d.code.family) for d in reading.markers) == [(7, "aruco"), (7, "qr")]
    reasons = sorted(r.rejection.reason for r in reading.rejected)
    assert reasons == ["bad_check", "foreign", "unknown_component", "unknown_version"]
    unknown = next(r for r in reading.rejected if r.rejection.reason == "unknown_component")
    assert unknown.to_json()["text"] == "fiducial id 500"


def test_table_command_writes_the_table_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setitem(LEVELS, "clear", CLEAR)
    scene = table_scene(3, seed=54, family="aruco", size_mm=14.0, level="clear",
                        camera=Camera(3840, 2160, 66, 1300, tilt_deg=4))
    assert all(t.visible for t in scene.truth if t.role in ("card", "board", "stage"))
    image = tmp_path / "table.png"
    cv2.imwrite(str(image), scene.frame)
    names = ",".join(f"{p['wonder']}={p['name']}" for p in scene.table["players"])
    assert main(["table", str(image), "--json", "--names", names]) == 0
    document = json.loads(capsys.readouterr().out)
    assert {p["name"] for p in document["players"]} == {p["name"] for p in scene.table["players"]}
    observation = document["x-observation"]
    assert observation["not_read_by_camera"] == ["coins", "tokens"]
    assert all(card["source"] == "camera" for p in observation["players"] for card in p["cards"])
    by_wonder = {p["wonder"]: sorted(p["cards"]) for p in document["players"]}
    assert by_wonder == {p["wonder"]: sorted(p["cards"]) for p in scene.table["players"]}


def test_table_command_exits_1_when_the_photo_shows_no_whole_table(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "one.png"
    cv2.imwrite(str(image), _frame_with([("aruco", 200)]))   # one wonder board, nothing else
    assert main(["table", str(image), "--json"]) == 1
    document = json.loads(capsys.readouterr().out)
    assert any("players" in p for p in document["x-observation"]["table_problems"])


def test_missing_source_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", "/nonexistent/table.png"]) == 2
    assert capsys.readouterr().err.strip() == "error: /nonexistent/table.png: no such file or folder"
