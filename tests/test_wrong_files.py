"""A file given to the wrong command gets one line saying what it is and which command takes it; a
lone surrogate, a table with no players, a non-time in an import are refused in one line; `score`
of a camera-read table says first that coins and conflict tokens were not read."""

from __future__ import annotations

import json
import re
from pathlib import Path

import pytest

from companion.cli import main
from companion.fileformats import formats
from tests.conftest import table_document
from tests.test_full_tables import THREE

DEMO = Path(__file__).resolve().parents[1] / "companion" / "games" / "sevenwonders" / "data" / "demo"
RECORDING = DEMO / "three-player-game.json"
TABLE = DEMO / "five-player-table.json"
ARCHITECTS = {"format": "architects-table/1", "game": "architects", "players": [
    {"name": "Ann", "wonder": "giza", "stages_built": ["two_different"], "cards": {"wood": 1}},
    {"name": "Bob", "wonder": "babylon", "stages_built": [], "cards": {"stone": 1}}]}


def _one_error(capsys: pytest.CaptureFixture[str]) -> str:
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1, err
    assert len(re.sub(r"/[^\s:;,)]+", "F", err[0])) < 200       # the user's own paths not counted
    return err[0]


@pytest.fixture
def architects_file(tmp_path: Path) -> Path:
    path = tmp_path / "architects.json"
    path.write_text(json.dumps(ARCHITECTS), encoding="utf-8")
    return path


@pytest.mark.parametrize("command", [["check", "--player", "Ann", "--card", "palace"], ["conflicts", "--age", "1"]])
def test_an_architects_table_given_to_check_or_conflicts_is_one_line(architects_file: Path, command: list[str],
                                                                     capsys: pytest.CaptureFixture[str]) -> None:
    assert main([command[0], str(architects_file), *command[1:]]) == 2
    line = _one_error(capsys)
    assert "this is an Architects table file" in line and "`companion score`" in line


def test_a_table_file_given_to_games_import_says_use_games_add(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["games", "--store", str(tmp_path / "g.sqlite3"), "import", str(TABLE)]) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert err[0] == "error: this is a 7 Wonders table file, not an exported game: `companion score`, `check`, " \
                     "`conflicts` and `games add` read it"
    assert err[1].startswith("nothing imported") and len(err) == 2


@pytest.mark.parametrize("command", [["score"], ["games", "--store", "STORE", "add"]])
def test_the_bundled_recording_given_to_score_or_games_add_is_one_line(tmp_path: Path, command: list[str],
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    argv = [str(tmp_path / "g.sqlite3") if word == "STORE" else word for word in command]
    assert main([*argv, str(RECORDING)]) == 2
    assert "this is a recorded game, not a 7 Wonders table file: `companion watch recording:FILE`" \
           in _one_error(capsys)


def test_a_table_file_given_to_watch_or_record_is_one_line(tmp_path: Path,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["record", str(TABLE), "--out", str(tmp_path / "x.mp4")]) == 2
    assert "this is a 7 Wonders table file, not a recorded game" in _one_error(capsys)


def test_the_format_names_are_the_readers_own() -> None:
    from companion.gamedata.components import COMPONENTS_FORMAT
    from companion.games.architects.tablefile import ARCHITECTS_FORMAT
    from companion.games.sevenwonders.rules.loader import DATA_FORMAT
    from companion.games.sevenwonders.simulation.recording import RECORDING_FORMAT
    from companion.games.sevenwonders.tablefile import TABLE_FORMAT
    from companion.storage.exchange import GAME_FORMAT
    from companion.vision.lens import PROFILE_FORMAT
    from companion.vision.rig import RIG_FORMAT

    assert set(formats()) == {COMPONENTS_FORMAT, DATA_FORMAT, RECORDING_FORMAT, GAME_FORMAT, TABLE_FORMAT,
                            ARCHITECTS_FORMAT, PROFILE_FORMAT, RIG_FORMAT}


@pytest.mark.parametrize("game", ["7wonders", "architects"])
@pytest.mark.parametrize("command", ["score", "add"])
def test_a_lone_surrogate_in_a_name_is_refused_in_one_line(tmp_path: Path, game: str, command: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    document = json.loads(json.dumps(table_document(*THREE) if game == "7wonders" else ARCHITECTS))   # a copy
    document["players"][0]["name"] = "SURROGATE"
    path = tmp_path / "table.json"
    path.write_text(json.dumps(document).replace("SURROGATE", "\\ud800x"), encoding="utf-8")
    argv = ["score", str(path)] if command == "score" else ["games", "--store", str(tmp_path / "g.sqlite3"), "add",
                                                             str(path)]
    assert main(argv) == 2
    assert "lone surrogate (\\ud800)" in _one_error(capsys)


def test_an_import_with_a_surrogate_or_a_non_time_is_refused(tmp_path: Path,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "g.sqlite3"
    table = tmp_path / "table.json"
    table.write_text(json.dumps(table_document(*THREE)), encoding="utf-8")
    assert main(["games", "--store", str(store), "add", str(table)]) == 0
    exported = tmp_path / "game.json"
    assert main(["games", "--store", str(store), "export", "1", "--out", str(exported)]) == 0
    capsys.readouterr()
    game = json.loads(exported.read_text(encoding="utf-8"))
    other = tmp_path / "other.sqlite3"
    for field, value, expected in (("started_at", "yesterday evening", "started_at: not a time: 'yesterday evening'"),
                                   ("events", None, "events[2].at: not a time: 'soon'")):
        changed = json.loads(json.dumps(game))
        if field == "events":
            changed["events"][2]["at"] = "soon"
        else:
            changed[field] = value
        exported.write_text(json.dumps(changed), encoding="utf-8")
        assert main(["games", "--store", str(other), "import", str(exported)]) == 2
        assert expected in capsys.readouterr().err
    exported.write_text(json.dumps(game).replace('"Anna"', '"\\udc00Anna"'), encoding="utf-8")
    assert main(["games", "--store", str(other), "import", str(exported)]) == 2
    assert "lone surrogate (\\udc00)" in capsys.readouterr().err


def test_score_refuses_a_table_with_no_players(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "empty.json"
    path.write_text(json.dumps(table_document()), encoding="utf-8")
    assert main(["score", str(path)]) == 2
    assert _one_error(capsys).endswith("players: no players; a table seats 3 to 7")


def test_score_of_a_camera_table_says_first_what_was_not_read(tmp_path: Path,
                                                              capsys: pytest.CaptureFixture[str]) -> None:
    document = table_document(*[{**p, "coins": 0, "tokens": []} for p in THREE])
    document["x-observation"] = {"frames": 40, "not_read_by_camera": ["coins", "tokens"]}
    path = tmp_path / "camera.json"
    path.write_text(json.dumps(document), encoding="utf-8")
    assert main(["score", str(path)]) == 0
    first = capsys.readouterr().out.splitlines()[0]
    assert first.startswith("Not read by the camera: coins (treasury) and conflict tokens (military).")
    assert main(["score", str(path), "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["not_read_by_camera"] == ["coins", "tokens"]
