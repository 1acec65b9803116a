"""`companion bench vision --outside DIR`: every folder of outside frames is a row of the speed
table, read with the family its frames show, with the markers of ours each reader read and the
codes refused."""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np
import pytest
import segno

from companion.bench.vision_outside import image_folders, measure_outside
from companion.cli import main
from tests.test_vision_decoding import paste_code


def _frame() -> np.ndarray:
    return np.full((400, 900), 190, np.uint8)


@pytest.fixture
def outside(tmp_path: Path) -> Path:
    root = tmp_path / "independent"
    (root / "fiducials").mkdir(parents=True)
    (root / "photos" / "foreign").mkdir(parents=True)
    aruco = _frame()
    for index, number in enumerate((1, 2, 3)):
        paste_code(aruco, "aruco", number, 60 + 260 * index, 120, 8)
    cv2.imwrite(str(root / "fiducials" / "a.png"), aruco)
    qr = _frame()
    paste_code(qr, "qr", 12, 60, 60, 6)
    modules = np.array(segno.make("https://example.org", error="m").matrix, dtype=bool)
    url = np.kron(np.where(modules, 0, 255).astype(np.uint8), np.ones((6, 6), np.uint8))
    qr[36:84 + url.shape[0], 376:424 + url.shape[1]] = 255           # its quiet zone
    qr[60:60 + url.shape[0], 400:400 + url.shape[1]] = url
    cv2.imwrite(str(root / "photos" / "foreign" / "b.png"), qr)
    (root / "photos" / "notes.txt").write_text("not an image")
    return root


def test_every_folder_of_images_is_a_row(outside: Path) -> None:
    assert [(label, [p.name for p in images]) for label, images in image_folders(outside)] == [
        ("independent/fiducials", ["a.png"]), ("independent/photos/foreign", ["b.png"])]


def test_each_row_is_read_with_the_family_its_frames_show(outside: Path) -> None:
    rows = {row.label: row for row in measure_outside([outside], rounds=1)}
    fiducials, foreign = rows["independent/fiducials"], rows["independent/photos/foreign"]
    assert fiducials.family == "aruco" and fiducials.bare_ours == fiducials.full_ours == 3
    assert foreign.family == "qr" and foreign.full_ours == 1 and foreign.refused == 1   # the URL, refused
    assert foreign.bare_foreign == 1 and fiducials.bare_foreign == 0
    assert all(row.beyond_bare == row.bare_only == 0 and row.bare_ms > 0 and row.full_ms > 0
               for row in rows.values())


def test_a_missing_outside_folder_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["bench", "vision", "--speed-only", "--outside", str(tmp_path / "nowhere")]) != 0
    assert "no such folder" in capsys.readouterr().err
