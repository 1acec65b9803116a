"""`games add` and `games import`: all or nothing, the same tables `score` accepts, twins asked for,
camera tables without coins refused, imports numbered in the order the games were played."""

from __future__ import annotations

import copy
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.sevenwonders.record import record_table
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.selfplay import play_random_game
from companion.games.sevenwonders.tablefile import table_to_json
from companion.storage import GameStore
from companion.storage.exchange import ImportRefused, check_game, export_json, import_games, write_games
from tests.conftest import armada_document, city, table_document
from tests.games.armada.test_tables import FIVE, TEAM, TEAMS
from tests.test_full_tables import SEVEN, THREE

# Olympia B's third stage copies a guild of a neighbour; here Anna (seat 0) copies the Workers Guild
# of Boris, who sits after her: the copy names a card of a city logged after hers.
OLYMPIA_COPIES_A_LATER_SEAT = table_document(
    city("Anna", "olympia", "B", stages=3, cards=["lumber_yard"], coins=4, tokens=[1, 3, 5],
         copied_guild="workers_guild"),
    city("Boris", "gizah", "A", stages=1, cards=["workers_guild", "stone_pit"], coins=2, tokens=[-1, -1, -1]),
    city("Vera", "rhodes", "A", cards=["clay_pool"], coins=6, tokens=[1, 3, 5]),
)


EIGHT_WITH_ANOTHER_WONDER = armada_document(
    *(city(f"P{i}", wonder, port_board=i + 1) for i, wonder in enumerate(
        ["gizah", "rhodes", "ephesos", "babylon", "olympia", "halikarnassos", "alexandria"])),
    city("Hana", "other", stages=2, port_board=8,
         other_wonder={"name": "Petra", "resource": "stone", "stages": 3, "points": 7}))
"""Armada's eighth seat with a board of another expansion, whose built stages score 7."""
TABLES = {"three": table_document(*THREE), "seven": table_document(*SEVEN), "olympia": OLYMPIA_COPIES_A_LATER_SEAT,
          "armada five": armada_document(*FIVE), "armada teams": armada_document(*TEAM, teams=TEAMS),
          "armada eight": EIGHT_WITH_ANOTHER_WONDER}


def _write(folder: Path, name: str, document: object) -> str:
    path = folder / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def _games(store: Path, *args: str) -> int:
    return main(["games", "--store", str(store), *args])


def test_a_table_that_score_accepts_is_logged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = _write(tmp_path, "olympia.json", OLYMPIA_COPIES_A_LATER_SEAT)
    assert main(["score", table]) == 0
    capsys.readouterr()
    store = tmp_path / "games.sqlite3"
    assert _games(store, "add", table) == 0, capsys.readouterr().err
    with GameStore(store) as opened:
        [game] = opened.games()
        assert game.status == "finished"
        assert opened.state(game.id).document["players"][0]["copied_guild"] == "workers_guild"


@pytest.mark.parametrize("name", TABLES)
def test_every_table_score_accepts_is_logged_and_imported_again(name: str, tmp_path: Path,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    table = _write(tmp_path, "table.json", TABLES[name])
    assert main(["score", table, "--json"]) == 0
    scored = json.loads(capsys.readouterr().out)
    store = tmp_path / "games.sqlite3"
    assert _games(store, "add", table) == 0, capsys.readouterr().err
    assert _games(store, "export", "1", "--out", str(tmp_path / "game.json")) == 0
    assert _games(tmp_path / "other.sqlite3", "import", str(tmp_path / "game.json")) == 0, capsys.readouterr().err
    for path in (store, tmp_path / "other.sqlite3"):
        with GameStore(path) as opened:
            assert opened.game(1).sheet["winners"] == scored["winners"]


def test_a_refused_table_writes_nothing(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "games.sqlite3"
    empty = _write(tmp_path, "empty.json", table_document())
    assert _games(store, "add", empty) == 2
    # refused by the reader, as `score` refuses it: one line
    assert capsys.readouterr().err == f"error: {empty}: players: no players; a table seats 3 to 7\n"
    with GameStore(store) as opened:
        assert opened.games() == [] and opened.unfinished() is None


def test_an_add_cut_short_leaves_no_game_being_played(tmp_path: Path, data: GameData,
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    # The table is written in one transaction: a failure at its last statement (a full disk, a kill)
    # leaves no half-written game for the app to offer to resume.
    store = GameStore(tmp_path / "games.sqlite3")
    real = store._finish

    def full_disk(*args: object, **kwargs: object) -> object:
        real(*args, **kwargs)                                     # type: ignore[arg-type]
        raise OSError("no space left on the device")

    monkeypatch.setattr(store, "_finish", full_disk)
    with pytest.raises(OSError):
        record_table(store, table_to_json(play_random_game(data, 4, seed=5).final))
    assert store.games() == [] and store.unfinished() is None


def test_the_same_finished_table_twice_needs_again(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "games.sqlite3"
    table = _write(tmp_path, "three.json", table_document(*THREE))
    assert _games(store, "add", table) == 0
    capsys.readouterr()
    assert _games(store, "add", table) == 2
    error = capsys.readouterr().err
    assert "already logged as game 1" in error and "--again" in error
    assert _games(store, "add", "--again", table) == 0
    assert "logged game 2" in capsys.readouterr().out
    with GameStore(store) as opened:
        assert len(opened.games()) == 2


def test_a_camera_table_without_coins_and_tokens_is_not_logged(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    # `companion table` writes coins 0 and no tokens, and says so in x-observation.
    document = copy.deepcopy(table_document(*THREE))
    for player in document["players"]:
        player["coins"], player["tokens"] = 0, []
    document["x-observation"] = {"frames": 12, "not_read_by_camera": ["coins", "tokens"]}
    store = tmp_path / "games.sqlite3"
    table = _write(tmp_path, "camera.json", document)
    assert _games(store, "add", table) == 2
    error = capsys.readouterr().err
    assert "read by the camera" in error and "coins" in error and "tokens" in error
    with GameStore(store) as opened:
        assert opened.games() == []
    del document["x-observation"]["not_read_by_camera"]               # counted and entered by the players
    for player, counted in zip(document["players"], THREE, strict=True):
        player["coins"], player["tokens"] = counted["coins"], counted["tokens"]
    assert _games(store, "add", _write(tmp_path, "counted.json", document)) == 0


def test_importing_an_export_of_everything_keeps_the_numbers(tmp_path: Path, data: GameData) -> None:
    with GameStore(tmp_path / "source.sqlite3", data=data) as source:
        for seed, when in ((1, "2026-01-01T20:00:00+00:00"), (2, "2026-01-02T20:00:00+00:00"),
                           (3, "2026-01-02T20:00:00+00:00")):        # the last two started in the same second
            record_table(source, table_to_json(play_random_game(data, 3 + seed, seed=seed).final), at=when)
        exported = [export_json(source, g.id) for g in source.games()]     # newest first, as `export --all`
        assert [g["uuid"] for g in exported] == [source.game(i).uuid for i in (3, 2, 1)]
    with GameStore(tmp_path / "target.sqlite3", data=data) as target:
        assert import_games(target, exported) == [1, 2, 3]
        assert [target.game(i).uuid for i in (1, 2, 3)] == [g["uuid"] for g in reversed(exported)]


def test_two_imports_of_one_file_at_once_import_it_once(tmp_path: Path, data: GameData) -> None:
    # Both checked the file before either wrote: the second write finds the game there and refuses it.
    with GameStore(tmp_path / "source.sqlite3", data=data) as source:
        document = export_json(source, record_table(source, table_to_json(play_random_game(data, 3, seed=4).final)))
    path = tmp_path / "target.sqlite3"
    with GameStore(path, data=data) as first, GameStore(path, data=data) as second:
        checked_first, checked_second = check_game(first, document), check_game(second, document)
        assert write_games(first, [checked_first]) == [1]
        with pytest.raises(ImportRefused, match="already in the log"):
            write_games(second, [checked_second])
        assert len(second.games()) == 1
