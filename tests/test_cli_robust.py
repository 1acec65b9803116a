"""The command line at the hands of a careless user (issue 12): Ctrl-C, missing extras, output paths,
arguments out of range, unreadable images, `--json` everywhere a tool reads the output, quiet errors."""

from __future__ import annotations

import json
import logging
import subprocess
import sys
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.cli import INTERRUPTED, main
from tests.conftest import city, table_document
from tests.test_cli import _write
from tests.tools.interrupting import interrupted_once_started


@pytest.fixture
def photo(tmp_path: Path) -> str:
    path = tmp_path / "photos" / "1-table.png"
    path.parent.mkdir()
    cv2.imwrite(str(path), np.full((120, 160, 3), 200, np.uint8))
    return str(path)


def _interrupt(*_args: Any, **_kwargs: Any) -> Any:
    raise KeyboardInterrupt


def test_ctrl_c_is_one_line_and_exit_130(photo: str, monkeypatch: pytest.MonkeyPatch,
                                         capsys: pytest.CaptureFixture[str]) -> None:
    from companion.vision.pipeline import TableReader

    monkeypatch.setattr(TableReader, "read", _interrupt)
    for command in (["table", photo], ["scan", photo], ["calibrate", "table", photo, "--out",
                                                            str(Path(photo).with_suffix(".json"))]):
        assert main(command) == INTERRUPTED == 130
        assert capsys.readouterr().err == "interrupted\n"
    monkeypatch.setattr("companion.games.sevenwonders.bench.rules.run", _interrupt)
    assert main(["bench", "rules"]) == 130
    assert capsys.readouterr().err == "measuring trade checks and scoring (2000 runs per case)...\ninterrupted\n"


def test_an_interrupted_record_leaves_no_partial_video(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                       capsys: pytest.CaptureFixture[str]) -> None:
    from companion.games.sevenwonders.simulation.playback import Playback

    original = Playback.frames

    def two_frames_then_ctrl_c(self: Playback, start: float = 0.0) -> Iterator[tuple[float, np.ndarray]]:
        frames = original(self, start)
        yield next(frames)
        yield next(frames)
        raise KeyboardInterrupt

    monkeypatch.setattr(Playback, "frames", two_frames_then_ctrl_c)
    video = tmp_path / "demo.mp4"
    assert main(["record", "demo", "--out", str(video), "--size", "320x240"]) == 130
    assert not video.exists()


def test_record_json(tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.games.sevenwonders.simulation.playback import Playback

    original = Playback.frames

    def three_frames(self: Playback, start: float = 0.0) -> Iterator[tuple[float, np.ndarray]]:
        frames = original(self, start)
        for _ in range(3):
            yield next(frames)

    monkeypatch.setattr(Playback, "frames", three_frames)
    video = tmp_path / "demo.avi"
    assert main(["record", "demo", "--out", str(video), "--size", "320x240", "--json"]) == 0
    summary = json.loads(capsys.readouterr().out)
    assert summary["video"] == str(video) and summary["frames"] == 3 and summary["players"] == 3
    assert video.stat().st_size > 0


def test_a_missing_extra_names_the_pip_install(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    # As after `pip install sevenwonders-companion` without extras: segno and fpdf cannot be imported.
    for module in ("segno", "fpdf"):
        monkeypatch.setitem(sys.modules, module, None)
    monkeypatch.delitem(sys.modules, "companion.markers.sheets", raising=False)
    assert main(["markers", "sheets", "--family", "qr", "--size", "18mm", "--out", str(tmp_path / "s")]) == 2
    assert "pip install 'sevenwonders-companion[sheets]'" in capsys.readouterr().err
    # Without OpenCV (in a fresh interpreter, where nothing has imported it yet).
    script = "import sys; sys.modules['cv2'] = None; from companion.cli import main; sys.exit(main(['scan', 'x.jpg']))"
    done = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, timeout=120, check=False)
    assert done.returncode == 2
    assert done.stderr == ("error: this command needs cv2, which is not installed: "
                           "pip install 'sevenwonders-companion[vision]'\n")


@pytest.mark.parametrize("arguments", [
    ["table", "x.jpg", "--every", "0"],
    ["table", "x.jpg", "--every", "-1"],
    ["watch", "0", "--every", "0"],
    ["calibrate", "lens", "x.mp4", "--out", "l.json", "--every", "-1"],
    ["table", "x.jpg", "--players", "9"],
    ["table", "x.jpg", "--players", "1"],
    ["table", "x.jpg", "--names", "foo=Bob"],
    ["watch", "0", "--names", "gizah=Anna,rodos=Boris"],
    ["record", "demo", "--out", "v.mp4", "--fps", "0"],
    ["record", "demo", "--out", "v.mp4", "--seconds-per-turn", "nan"],
    ["bench", "markers", "--trials", "0"],
    ["bench", "vision", "--frames", "0"],
    ["bench", "storage", "--games", "-5"],
    ["bench", "rules", "--repeat", "0"],
    ["bench", "app", "--seconds", "0"],
])
def test_arguments_out_of_range_are_refused(arguments: list[str], capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exited:
        main(arguments)
    assert exited.value.code == 2
    assert "error: argument" in capsys.readouterr().err


def test_names_by_wonder_are_taken(photo: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["table", photo, "--names", "gizah=Anna,rhodes=Boris", "--players", "3", "--json"]) in (0, 1)
    assert json.loads(capsys.readouterr().out)["format"] == "sevenwonders-table/1"


def test_an_explicit_missing_lens_or_rig_is_an_error(photo: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["scan", photo, "--lens", "missing-lens.json"]) == 2
    assert capsys.readouterr().err.startswith("error: missing-lens.json: cannot read the lens profile")
    assert main(["table", photo, "--rig", "missing-rig.json"]) == 2
    assert "missing-rig.json" in capsys.readouterr().err


def test_output_paths_are_checked_before_the_work(tmp_path: Path, photo: str, monkeypatch: pytest.MonkeyPatch,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    def never(*_args: Any, **_kwargs: Any) -> Any:
        raise AssertionError("the calibration ran before the output path was checked")

    monkeypatch.setattr("companion.vision.lens.calibrate_lens", never)
    monkeypatch.setattr("companion.vision.pipeline.TableReader.read", never)
    cases = [
        (["calibrate", "lens", photo, "--out", str(tmp_path)], "is a folder"),
        (["calibrate", "lens", photo, "--out", str(tmp_path / "no" / "lens.json")], "does not exist"),
        (["calibrate", "table", photo, "--out", str(tmp_path)], "is a folder"),
        (["calibrate", "table", photo, "--out", str(tmp_path / "no" / "rig.json")], "does not exist"),
        (["record", "demo", "--out", str(tmp_path / "no" / "v.mp4")], "does not exist"),
        (["markers", "sheets", "--family", "qr", "--size", "18mm", "--out", photo], "is a file"),
        (["games", "--store", str(tmp_path / "g.sqlite3"), "export", "--all", "--out", str(tmp_path)], "is a folder"),
    ]
    for arguments, message in cases:
        assert main(arguments) == 2, arguments
        err = capsys.readouterr().err
        assert err.startswith("error: ") and message in err and err.count("\n") == 1, err


def test_one_unreadable_image_in_a_folder_is_reported_and_the_rest_read(
        photo: str, capsys: pytest.CaptureFixture[str]) -> None:
    folder = Path(photo).parent
    (folder / "2-broken.jpg").write_bytes(b"not a jpeg")
    assert main(["scan", str(folder), "--json"]) == 0
    captured = capsys.readouterr()
    entries = json.loads(captured.out)
    assert [e["image"] for e in entries] == ["1-table.png", "2-broken.jpg"]
    assert "markers" in entries[0] and "not an image OpenCV can read" in entries[1]["error"]
    assert "skipped:" in captured.err and "2-broken.jpg" in captured.err
    assert main(["table", str(folder)]) in (0, 1)
    assert "2-broken.jpg" in capsys.readouterr().err
    # Alone, the broken image is the error it is.
    assert main(["scan", str(folder / "2-broken.jpg")]) == 2


def test_watch_json_is_one_object_a_line(photo: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["watch", photo, "--json"]) == 0
    lines = capsys.readouterr().out.splitlines()
    objects = [json.loads(line) for line in lines]
    assert objects[-1] == {"kind": "end", "frames": 1, "cities": 0, "interrupted": False}


def test_markers_sheets_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "sheets"
    assert main(["markers", "sheets", "--family", "aruco", "--size", "14mm", "--out", str(out), "--json"]) == 0
    written = json.loads(capsys.readouterr().out)
    assert written["size_mm"] == 14.0 and all(Path(f).is_file() for f in written["files"])
    assert str(out / "0-test-sheet.pdf") in written["files"]


def test_games_add_and_import_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from importlib import resources

    table = str(resources.files("companion.games.sevenwonders").joinpath("data", "demo/five-player-table.json"))
    store = str(tmp_path / "g.sqlite3")
    assert main(["games", "--store", store, "add", table, "--json"]) == 0
    added = json.loads(capsys.readouterr().out)
    assert added["game"] == 1 and added["winners"]
    assert main(["games", "--store", store, "export", "1", "--out", str(tmp_path / "one.json")]) == 0
    capsys.readouterr()
    other = str(tmp_path / "other.sqlite3")
    assert main(["games", "--store", other, "import", str(tmp_path / "one.json"), "--json"]) == 0
    assert json.loads(capsys.readouterr().out) == {"imported": [1]}


def test_components_edit_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    components = str(tmp_path / "components.json")
    assert main(["components", "edit", "port-board", "3", "--components", components,
                 "--set", "blue.1.cost=1 clay", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["saved"] == {"port_board.3.blue.1.cost": {"resources": {"clay": 1}}}
    assert "port_board.3.blue.1.cost" not in result["still_unknown"]
    for board in ("٣", "²"):  # Unicode digits: int("²") raised before
        assert main(["components", "edit", "port-board", board, "--components", components,
                     "--set", "blue.1.cost=1 clay"]) == 2
        assert "port board must be one of" in capsys.readouterr().err


def _halikarnassos(side: str, stages: int) -> dict[str, Any]:
    return table_document(city("Anna", "halikarnassos", side=side, stages=stages, coins=0),
                          city("Boris", "gizah"), city("Chen", "rhodes"))


@pytest.mark.parametrize(("side", "stages", "legal"), [
    # Halikarnassos A: stage 2 builds a discarded card free; B: every stage does (the rulebook's wonders).
    ("A", 2, True), ("A", 1, False), ("A", 3, False), ("A", 0, False), ("B", 1, True), ("B", 3, True),
])
def test_check_from_discard_only_after_a_stage_that_allows_it(
        tmp_path: Path, side: str, stages: int, legal: bool, capsys: pytest.CaptureFixture[str]) -> None:
    table = _write(tmp_path, _halikarnassos(side, stages))
    assert main(["check", table, "--player", "Anna", "--card", "palace", "--from-discard", "--json"]) == (
        0 if legal else 1)
    check = json.loads(capsys.readouterr().out)
    assert check["legal"] is legal
    if not legal:
        assert check["reason_code"] == "no_discard_build"
    other = _write(tmp_path, table_document(city("Anna", "gizah", stages=2), city("Boris", "rhodes"),
                                            city("Chen", "babylon")), "other.json")
    assert main(["check", other, "--player", "Anna", "--card", "palace", "--from-discard"]) == 1


def test_library_noise_stays_out_of_errors(tmp_path: Path) -> None:
    broken = tmp_path / "broken.mp4"
    broken.write_bytes(b"not a video")
    for arguments in (["scan", str(broken)], ["watch", "97"]):
        done = subprocess.run([sys.executable, "-m", "companion", *arguments], capture_output=True, text=True,
                              timeout=120, check=False)
        assert done.returncode == 2
        assert done.stderr.count("\n") == 1 and done.stderr.startswith("error: "), done.stderr


def test_kivy_first_start_warnings_are_dropped(caplog: pytest.LogCaptureFixture) -> None:
    from companion.cli.app_commands import quiet_kivy_first_start

    quiet_kivy_first_start()
    kivy = logging.getLogger("kivy")
    with caplog.at_level(logging.WARNING, logger="kivy"):
        kivy.warning("Config: Older configuration version detected (0 instead of 27)")
        kivy.warning("Config: Upgrading configuration in progress.")
        kivy.warning("Window: the real warning")
    assert [r.getMessage() for r in caplog.records] == ["Window: the real warning"]


def test_a_folders_photos_keep_their_order_in_time(photo: str, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.cli.vision_commands import _frames

    folder = Path(photo).parent
    cv2.imwrite(str(folder / "3-later.png"), np.full((120, 160, 3), 90, np.uint8))
    (folder / "2-broken.jpg").write_bytes(b"not a jpeg")
    frames = list(_frames([str(folder)], 1))
    assert [(f.name, f.seconds) for f in frames] == [("1-table.png", 0.0), ("3-later.png", 2.0)]
    assert "2-broken.jpg" in capsys.readouterr().err


def test_a_real_ctrl_c_is_one_line_and_exit_130() -> None:
    done = interrupted_once_started(["-m", "companion", "bench", "rules", "--repeat", "100000"],
                                    lambda line: line.startswith("measuring "), on_stderr=True)
    _started, *after = done.err.splitlines(keepends=True)
    assert (done.status, after) == (130, ["interrupted\n"]), done.err
