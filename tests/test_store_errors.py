"""A game log that cannot be used (newer, damaged, not a database, a file where a folder should be,
a full disk, read-only) is refused with one line and exit status 4, and nothing is written to it."""

from __future__ import annotations

import json
import sqlite3
from pathlib import Path

import pytest

from companion.cli import main
from companion.cli.errors import EXIT_STORE
from companion.storage import GameStore, StoreUnusable
from companion.storage.database import SCHEMA_VERSION
from tests.conftest import table_document
from tests.test_full_tables import THREE


def _one_error_line(capsys: pytest.CaptureFixture[str], *words: str) -> None:
    captured = capsys.readouterr()
    lines = captured.err.splitlines()
    assert len(lines) == 1 and lines[0].startswith("error: "), captured.err
    assert "Traceback" not in captured.err + captured.out
    for word in words:
        assert word in lines[0], (word, lines[0])


def _logged(tmp_path: Path) -> tuple[Path, str]:
    store = tmp_path / "games.sqlite3"
    table = tmp_path / "three.json"
    table.write_text(json.dumps(table_document(*THREE)), encoding="utf-8")
    assert main(["games", "--store", str(store), "add", str(table)]) == 0
    return store, str(table)


def test_a_newer_file_is_refused_before_anything_is_written(tmp_path: Path,
                                                            capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "newer.sqlite3"
    db = sqlite3.connect(path)
    db.execute("CREATE TABLE future (x)")
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.commit()
    db.close()
    before = path.read_bytes()
    assert main(["games", "--store", str(path), "list"]) == EXIT_STORE
    _one_error_line(capsys, "newer version")
    # Not a byte changed: the journal mode (bytes 18-19 of the header) is still the rollback journal.
    assert path.read_bytes() == before and before[18:20] == b"\x01\x01"
    assert sorted(p.name for p in tmp_path.iterdir()) == ["newer.sqlite3"]        # no -wal or -shm either


def test_a_file_that_is_no_game_log_is_refused(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    junk = tmp_path / "notes.txt"
    junk.write_bytes(b"shopping list\n" * 200)
    assert main(["games", "--store", str(junk), "list"]) == EXIT_STORE
    _one_error_line(capsys, "not an SQLite file")
    assert main(["games", "--store", str(junk / "x"), "list"]) == EXIT_STORE
    _one_error_line(capsys, "is a file, not a folder")
    assert junk.read_bytes() == b"shopping list\n" * 200


def test_the_app_refuses_a_file_that_is_no_game_log_before_its_window(tmp_path: Path,
                                                                      capsys: pytest.CaptureFixture[str],
                                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    import companion.app.launch as launch

    opened: list[object] = []
    monkeypatch.setattr(launch, "kivy_installed", lambda: True)
    monkeypatch.setattr(launch, "display_available", lambda: True)
    monkeypatch.setattr(launch, "run_app", lambda *args, **kwargs: opened.append(args))
    junk = tmp_path / "notes.txt"
    junk.write_bytes(b"not a database" * 100)
    assert main(["app", "--store", str(junk)]) == EXIT_STORE
    _one_error_line(capsys, "not an SQLite file")
    assert opened == []


def test_a_damaged_file_is_one_line_for_every_command(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store, table = _logged(tmp_path)
    size = store.stat().st_size
    with store.open("r+b") as file:                      # every page after the first overwritten
        file.seek(4096)
        file.write(bytes((i * 37 + 11) % 256 for i in range(size - 4096)))
    capsys.readouterr()
    for command in (["show", "1"], ["export", "--all"], ["add", "--again", table], ["list"], ["stats"]):
        assert main(["games", "--store", str(store), *command]) == EXIT_STORE, command
        _one_error_line(capsys, "damaged")


def test_a_full_disk_refuses_the_write_and_keeps_the_log(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        game = store.new_game([{"name": "Anna", "wonder": "gizah", "side": "A"},
                               {"name": "Boris", "wonder": "rhodes", "side": "A"},
                               {"name": "Vera", "wonder": "ephesos", "side": "A"}])
        pages = store.db.execute("PRAGMA page_count").fetchone()[0]
        store.db.execute(f"PRAGMA max_page_count={pages}")          # as full as the disk: no page more
        with pytest.raises(StoreUnusable, match="the disk is full"):
            store.append_all(game, [("coins_changed", {"seat": n % 3, "coins": n, "why": "counted"}, "hand")
                                    for n in range(200)])
        assert len(store.events(game)) == 1
    with GameStore(path) as again:
        assert again.integrity_ok() and len(again.events(game)) == 1


def test_a_read_only_file_refuses_the_write(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        store.db.execute("PRAGMA query_only=ON")
        with pytest.raises(StoreUnusable, match="read-only"):
            store.set_setting("language", "uk")


def test_a_log_opened_read_only_is_read_and_refuses_every_write(tmp_path: Path) -> None:
    store_path, _ = _logged(tmp_path)
    before = store_path.read_bytes()
    with GameStore(store_path, read_only=True) as store:
        assert store.read_only and [g.id for g in store.games()] == [1]
        assert store.game(1).sheet is not None and store.state(1).table is not None
        with pytest.raises(StoreUnusable, match="read-only"):
            store.append(1, "coins_changed", {"seat": 0, "coins": 1, "amend": "recount"})
    assert store_path.read_bytes() == before
    with pytest.raises(StoreUnusable, match="no game log there"):
        GameStore(tmp_path / "missing.sqlite3", read_only=True)
