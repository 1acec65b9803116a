"""An export never eats the game log: `--out` onto the log, its journal files or a link to them is
refused with one line and the log still holds every game; a symbolic link is refused; every export
goes through a temporary file renamed into place, so a failure leaves the old file as it was."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from companion.cli import main
from companion.safewrite import OutputRefused, write_atomic
from companion.storage import GameStore
from tests.conftest import table_document
from tests.test_full_tables import THREE


@pytest.fixture
def logged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    store = tmp_path / "games.sqlite3"
    table = tmp_path / "table.json"
    table.write_text(json.dumps(table_document(*THREE)), encoding="utf-8")
    assert main(["games", "--store", str(store), "add", str(table)]) == 0
    capsys.readouterr()
    return store


def _export_to(store: Path, out: Path, fmt: str = "csv") -> int:
    return main(["games", "--store", str(store), "export", "--all", "--format", fmt, "--out", str(out)])


def _games_in(store: Path) -> int:
    with GameStore(store) as opened:
        return len(opened.games())


@pytest.mark.parametrize("fmt", ["csv", "json", "bgstats"])
@pytest.mark.parametrize("target", ["log", "wal", "shm", "symlink", "hardlink", "other_log"])
def test_an_export_onto_the_log_or_a_link_to_it_is_refused(logged: Path, tmp_path: Path, fmt: str, target: str,
                                                           capsys: pytest.CaptureFixture[str]) -> None:
    before = logged.read_bytes()
    out = {"log": logged, "wal": Path(f"{logged}-wal"), "shm": Path(f"{logged}-shm"),
           "symlink": tmp_path / "link.csv", "hardlink": tmp_path / "hard.csv",
           "other_log": tmp_path / "old-games.sqlite3"}[target]
    if target == "symlink":
        out.symlink_to(logged)
    elif target == "hardlink":
        os.link(logged, out)
    elif target == "other_log":
        out.write_bytes(before)                     # a game log that is not the open one
    assert _export_to(logged, out, fmt) == 2
    err = capsys.readouterr().err.strip().splitlines()
    assert len(err) == 1 and err[0].startswith("error: ") and len(err[0].replace(str(tmp_path), "T")) < 200
    assert "game log" in err[0] or "symbolic link" in err[0] or "SQLite" in err[0]
    assert logged.read_bytes()[:16] == b"SQLite format 3\x00"
    assert _games_in(logged) == 1


def test_a_symlinked_out_to_any_file_is_refused_and_its_target_kept(logged: Path, tmp_path: Path,
                                                                    capsys: pytest.CaptureFixture[str]) -> None:
    precious = tmp_path / "notes.txt"
    precious.write_text("keep me", encoding="utf-8")
    link = tmp_path / "export.csv"
    link.symlink_to(precious)
    assert _export_to(logged, link) == 2
    assert "symbolic link" in capsys.readouterr().err
    assert precious.read_text(encoding="utf-8") == "keep me" and link.is_symlink()


def test_an_ordinary_export_replaces_the_old_file_whole_and_leaves_no_temporary(logged: Path, tmp_path: Path,
                                                                                capsys: pytest.CaptureFixture[str]
                                                                                ) -> None:
    out = tmp_path / "games.csv"
    out.write_text("old", encoding="utf-8")
    assert _export_to(logged, out) == 0
    assert capsys.readouterr().out.strip() == f"wrote {out}"
    assert out.read_text(encoding="utf-8-sig").startswith("game,uuid,")
    assert not [p.name for p in tmp_path.iterdir() if p.name.startswith(".")]


def test_a_failed_write_keeps_the_old_file_and_removes_the_temporary(tmp_path: Path,
                                                                     monkeypatch: pytest.MonkeyPatch) -> None:
    out = tmp_path / "games.json"
    out.write_text("the old export", encoding="utf-8")

    def full_disk(self: Path, data: bytes) -> int:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(Path, "write_bytes", full_disk)
    with pytest.raises(OSError):
        write_atomic(out, b"new")
    monkeypatch.undo()
    assert out.read_text(encoding="utf-8") == "the old export"
    assert [p.name for p in tmp_path.iterdir()] == ["games.json"]


def test_write_atomic_refuses_a_protected_file_by_identity(tmp_path: Path) -> None:
    log = tmp_path / "log.sqlite3"
    log.write_bytes(b"not sqlite, but protected")
    other = tmp_path / "sub" / ".." / "log.sqlite3"
    (tmp_path / "sub").mkdir()
    with pytest.raises(OutputRefused):
        write_atomic(other, b"x", protected=[log])
    assert log.read_bytes() == b"not sqlite, but protected"


FORMULAS = ["=HYPERLINK(\"http://evil.example\",\"x\")", "+cmd|' /C calc'!A0", "-2+3", "@SUM(1+1)", "\tTab",
            "\rCR"]


def test_csv_cells_a_spreadsheet_would_run_are_neutralised_and_numbers_stay_numbers(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    import csv
    import io

    store = tmp_path / "games.sqlite3"
    for number, names in enumerate((FORMULAS[:3], FORMULAS[3:])):
        players = [{**player, "name": name} for player, name in zip(THREE, names, strict=True)]
        table = tmp_path / f"table{number}.json"
        table.write_text(json.dumps(table_document(*players)), encoding="utf-8")
        assert main(["games", "--store", str(store), "add", str(table)]) == 0
    out = tmp_path / "games.csv"
    assert _export_to(store, out) == 0
    rows = list(csv.DictReader(io.StringIO(out.read_bytes().decode("utf-8-sig"), newline="")))
    assert sorted(row["player"] for row in rows) == sorted("'" + name for name in FORMULAS)
    for row in rows:
        for column, cell in row.items():
            assert not cell.startswith(("=", "+", "@", "\t", "\r")), (column, cell)
            if cell.startswith("-"):
                float(cell)                         # only a real number starts with a minus
    totals = {row["player"]: row["total"] for row in rows}
    assert totals["'" + FORMULAS[0]] == "65"        # the hand-scored Anna of the three-player table


@pytest.mark.parametrize(("value", "written"), [
    (-2, -2), ("-2", "-2"), ("-2.5", "-2.5"), ("+3", "+3"), ("1e5", "1e5"), ("-2+3", "'-2+3"),
    ("=1+1", "'=1+1"), ("@A1", "'@A1"), ("\t=1", "'\t=1"), ("Anna", "Anna"), ("", ""), (None, None)])
def test_spreadsheet_cell_by_hand(value: object, written: object) -> None:
    from companion.storage.exchange import spreadsheet_cell

    assert spreadsheet_cell(value) == written
