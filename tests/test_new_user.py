"""Tried as a new user would: the README's Armada `check` example on the documented Armada table is
answered (not refused), `games list --store FILE` works, Ctrl-C on `watch` is `interrupted` and 130,
one finished game is "1 finished game", equally cheap plans come one a line, and `demo` without Kivy
names the extra that installs it."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.cli import main
from tests.tools.interrupting import interrupted_once_started

ROOT = Path(__file__).resolve().parent.parent


def _doc_json(path: Path, start: str) -> str:
    text = path.read_text(encoding="utf-8")
    begin = text.index(start)
    return text[begin:text.index("```", begin)]


def test_the_readme_armada_check_example_is_answered(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    readme = (ROOT / "README.md").read_text(encoding="utf-8")
    line = next(line.split("#")[0].split() for line in readme.splitlines() if "--naval" in line and " check " in line)
    table = tmp_path / "table.json"
    start = '{"format": "sevenwonders-table/1", "game": "7wonders", "expansions": ["armada"]'
    table.write_text(_doc_json(ROOT / "docs" / "table-file.md", start), encoding="utf-8")
    args = [str(table) if word == "TABLE.json" else word for word in line[1:]]
    status = main(args)
    out = capsys.readouterr().out
    # Boris's blue ship is on space 4 of port board 2, whose space 5 costs a value printed only as an icon
    assert status == 3 and "blue fleet level 5 build cost on port board 2 unknown" in out
    assert "already has" not in out


def test_games_takes_store_before_or_after_the_subcommand(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "games.sqlite3"
    table = ROOT / "companion" / "games" / "sevenwonders" / "data" / "demo" / "five-player-table.json"
    assert main(["games", "add", str(table), "--store", str(store)]) == 0
    assert main(["games", "list", "--store", str(store)]) == 0
    assert "won by Anna" in capsys.readouterr().out
    assert main(["games", "stats", "--store", str(store)]) == 0
    assert capsys.readouterr().out.startswith("1 finished game\n")


def test_equally_cheap_plans_come_one_a_line(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from companion.games.sevenwonders.rules.build import BuildCheck, PaymentPlan

    plan = PaymentPlan(bank=1)
    check = BuildCheck("Anna", "palace", "Palace", True, "trade", plan, (plan, plan), None, 3)
    lines = check.describe().splitlines()
    assert lines[1:] == ["Equally cheap:", "  pay 1 coin to the bank", "  pay 1 coin to the bank"]


def test_ctrl_c_on_watch_is_interrupted_and_130() -> None:
    done = interrupted_once_started(["-m", "companion", "watch", "demo", "--realtime"], lambda line: "board:" in line)
    assert done.status == 130
    assert done.err.strip().splitlines()[-1] == "interrupted"
    assert "frames read" in done.out


def test_demo_without_kivy_names_the_app_extra(monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    import companion.app.launch as launch

    monkeypatch.setattr(launch, "kivy_installed", lambda: False)
    monkeypatch.setattr(launch, "display_available", lambda: True)
    assert main(["demo"]) == 0
    assert "pip install 'sevenwonders-companion[app]'" in capsys.readouterr().err
