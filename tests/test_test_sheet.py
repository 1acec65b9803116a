"""The test-sheet workflow of markers/README.md: print `0-test-sheet.pdf`, photograph it, `companion scan`
the photo and learn which printed sizes the camera reads (issue 12: every sticker was "test" with no
size, and the flat page was said not to lie flat)."""

from __future__ import annotations

import json
import subprocess
from pathlib import Path

import pytest

from companion.cli import main
from companion.markers.testsheet import TEST_SIZES, match_printed_sizes


def _render(tmp_path: Path, dpi: int) -> Path:
    prefix = tmp_path / f"sheet-{dpi}"
    subprocess.run(["pdftoppm", "-r", str(dpi), "-png", "-singlefile", str(tmp_path / "sheets" / "0-test-sheet.pdf"),
                    str(prefix)], check=True)
    return prefix.with_suffix(".png")


def _scan(image: Path, capsys: pytest.CaptureFixture[str]) -> dict:
    assert main(["scan", str(image), "--json"]) == 0
    return json.loads(capsys.readouterr().out)[0]


def _centre(marker: dict) -> tuple[float, float]:
    xs, ys = zip(*marker["corners"], strict=True)
    return sum(xs) / 4, sum(ys) / 4


@pytest.fixture(scope="module")
def sheets(tmp_path_factory: pytest.TempPathFactory) -> Path:
    folder = tmp_path_factory.mktemp("testsheet")
    assert main(["markers", "sheets", "--family", "aruco", "--size", "14mm", "--out", str(folder / "sheets")]) == 0
    return folder


def test_a_sharp_photo_of_the_test_sheet_names_every_printed_size(sheets: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    scanned = _scan(_render(sheets, 100), capsys)
    # The sheet lays the sizes out smallest first, left to right, row after row.
    by_position = sorted(scanned["markers"], key=lambda m: (round(_centre(m)[1] / 100), _centre(m)[0]))
    assert [m["printed_mm"] for m in by_position] == list(TEST_SIZES["aruco"])
    sheet = scanned["test_sheet"]
    assert sheet["read_mm"] == list(TEST_SIZES["aruco"]) and sheet["not_read_mm"] == []
    assert scanned["notes"] == []  # stickers of different sizes are no table plane to fit


def test_a_distant_photo_says_which_sizes_it_could_not_read(sheets: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    # Where each size lies, from the sharp rendering; the 40 dpi one is the same page 0.4 times as large.
    sharp = _scan(_render(sheets, 100), capsys)
    truth = [(_centre(m), m["printed_mm"]) for m in sharp["markers"]]
    far = _scan(_render(sheets, 40), capsys)
    for marker in far["markers"]:
        x, y = _centre(marker)
        nearest = min(truth, key=lambda t: (t[0][0] * 0.4 - x) ** 2 + (t[0][1] * 0.4 - y) ** 2)
        assert marker["printed_mm"] == nearest[1]
    sheet = far["test_sheet"]
    assert sheet["not_read_mm"], "at 40 dpi (1.6 px/mm) the smallest stickers are beyond reading"
    assert sheet["not_read_mm"] == list(TEST_SIZES["aruco"][: len(sheet["not_read_mm"])])  # the smallest
    assert main(["scan", str(_render(sheets, 40))]) == 0
    text = capsys.readouterr().out
    assert "test sheet (aruco): read " in text and "; not read 5, 6" in text


def test_sizes_are_matched_by_their_common_scale() -> None:
    # 2 px/mm and 7 modules: a 10 mm sticker shows 10 * 2 / 7 = 2.86 px/module, a 14 mm one 4.0.
    ppm = [14 * 2 / 7, 10 * 2 / 7, 20 * 2 / 7]
    match = match_printed_sizes(ppm, "aruco")
    assert match is not None and match.sizes_mm == (14, 10, 20)
    assert match.unread_mm == (5, 6, 7, 8, 12, 16) and match.spread < 1e-9
    assert match_printed_sizes([1.0] * 10, "aruco") is None  # more stickers than one sheet has
