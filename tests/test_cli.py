"""The command line: score, check, conflicts and demo, their JSON, exit statuses and error lines."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from companion.cli import main
from tests.conftest import city, table_document
from tests.test_full_tables import SEVEN


def _write(tmp_path: Path, document: object, name: str = "table.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


@pytest.fixture
def seven(tmp_path: Path) -> str:
    return _write(tmp_path, table_document(*SEVEN))


def test_score_json(seven: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", seven, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    keys = {"name", "military", "treasury", "wonder", "civilian", "science", "commercial", "guilds", "total",
            "rank", "choices"}
    assert all(keys <= set(player) for player in result["players"])
    # Totals worked out by hand in tests/test_full_tables.py.
    assert {p["name"]: p["total"] for p in result["players"]} == {
        "Anna": 34, "Boris": 31, "Chen": 32, "Dara": 35, "Emil": 23, "Fatima": 47, "Gleb": 46}
    assert result["winners"] == ["Fatima"]
    dara = next(p for p in result["players"] if p["name"] == "Dara")
    assert dara["choices"] == [{"kind": "science_wilds", "value": ["gear"], "by": "optimiser",
                                "text": "wild science symbol counted as gear"}]


def test_score_text_is_the_score_pad(seven: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", seven]) == 0
    out = capsys.readouterr().out
    lines = out.splitlines()
    assert lines[0].split() == ["Anna", "Boris", "Chen", "Dara", "Emil", "Fatima", "Gleb"]
    total = next(line for line in lines if line.startswith("Total"))
    assert total.split()[1:] == ["34", "31", "32", "35", "23", "47", "46"]
    assert "Winner: Fatima" in out
    assert "Dara: wild science symbol counted as gear (best choice)" in out


def test_craftsmens_guild_option_on_the_command_line(seven: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["score", seven, "--json", "--craftsmens-guild-vp", "1"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert next(p for p in result["players"] if p["name"] == "Anna")["total"] == 32


def test_check_legal_plan_json(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # Example A of the rulebook: 2 coins to each neighbour for the University.
    path = _write(tmp_path, table_document(city("Viktor", "alexandria", cards=["lumber_yard"], coins=5),
                                           city("Left", "rhodes", cards=["timber_yard"]), city("Right", "ephesos")))
    assert main(["check", path, "--player", "Viktor", "--card", "university", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["legal"] is True and result["coins"] == 4 and result["reason"] is None
    assert result["plan"]["buy"] == [
        {"from": "Left", "side": "left", "resource": "wood", "count": 1, "coins": 2},
        {"from": "Right", "side": "right", "resource": "papyrus", "count": 1, "coins": 2}]


def test_check_text_names_the_neighbours(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, table_document(city("Viktor", "alexandria", cards=["lumber_yard"], coins=5),
                                           city("Anna", "rhodes", cards=["timber_yard"]), city("Boris", "ephesos")))
    assert main(["check", path, "--player", "Viktor", "--card", "university"]) == 0
    assert capsys.readouterr().out.strip() == (
        "Viktor can build University: buy 1 wood from Anna (left) for 2 coins; "
        "buy 1 papyrus from Boris (right) for 2 coins (total 4 coins of 5).")


def test_check_illegal_exits_1_with_a_reason(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = _write(tmp_path, table_document(city("Dmytro", "babylon", coins=1), city("L", "gizah", cards=["clay_pool"]),
                                           city("R", "rhodes")))
    assert main(["check", path, "--player", "Dmytro", "--card", "forum", "--json"]) == 1
    result = json.loads(capsys.readouterr().out)
    assert result["legal"] is False and result["plan"] is None
    assert result["reason"] == "the cheapest way costs 2 coins and Dmytro has 1 at the start of the turn"


def test_check_stage_and_chain(seven: str, capsys: pytest.CaptureFixture[str]) -> None:
    # Emil (Olympia A, 2 stages) needs 2 ore for stage 3: his Foundry makes 2 ore.
    assert main(["check", seven, "--player", "Emil", "--stage", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["coins"] == 0
    # Boris has the Scriptorium: the Library is free by chain.
    assert main(["check", seven, "--player", "Boris", "--card", "library", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert result["how"] == "chain" and result["chain_from"] == "Scriptorium"


def test_check_unknown_player_and_card_exit_2(seven: str, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", seven, "--player", "Anya", "--card", "palace"]) == 2
    err = capsys.readouterr().err
    assert err.startswith("error: no player called 'Anya' at this table; did you mean 'Anna'?")
    assert main(["check", seven, "--player", "Anna", "--card", "palase"]) == 2
    assert capsys.readouterr().err.strip() == "error: unknown card 'palase'; did you mean 'palace'?"


def test_conflicts(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    # The Age II example: Alexandria 3 shields, Rhodes 5 on its left, Ephesos 2 on its right.
    path = _write(tmp_path, table_document(city("Alexandria", "alexandria", cards=["walls", "guard_tower"]),
                                           city("Rhodes", "rhodes", "A", stages=2, cards=["stables", "barracks"]),
                                           city("Ephesos", "ephesos", cards=["archery_range"])))
    assert main(["conflicts", path, "--age", "2", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    tokens = {p["name"]: sorted(p["tokens"]) for p in result["players"]}
    assert tokens == {"Alexandria": [-1, 3], "Rhodes": [3, 3], "Ephesos": [-1, -1]}
    assert main(["conflicts", path, "--age", "2"]) == 0
    out = capsys.readouterr().out
    assert "Alexandria (3) vs Rhodes (5): Rhodes takes +3, Alexandria takes -1" in out


def test_bad_table_file_exits_2_with_one_line_per_problem(tmp_path: Path) -> None:
    document = table_document(city("Anna", "gizah", cards=["lumberyard"], coins=-1), city("B", "rhodes"),
                              city("C", "ephesos"))
    path = _write(tmp_path, document)
    done = subprocess.run([sys.executable, "-m", "companion", "score", path], capture_output=True, text=True)
    assert done.returncode == 2
    assert done.stdout == ""
    assert done.stderr.splitlines() == [
        f"error: {path}: players[0].cards[0]: unknown card 'lumberyard'; did you mean 'lumber_yard'?",
        f"error: {path}: players[0].coins: must be at least 0, got -1",
    ]
    assert "Traceback" not in done.stderr


def test_malformed_json_exits_2(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "t.json"
    path.write_text("{not json")
    assert main(["score", str(path)]) == 2
    assert capsys.readouterr().err.strip() == (
        f"error: {path}: not valid JSON: Expecting property name enclosed in double quotes at line 1 column 2")


def test_demo_scores_the_bundled_five_player_table(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["demo", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert len(result["players"]) == 5
    for player in result["players"]:
        categories = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")
        assert player["total"] == sum(player[c] for c in categories)
    assert result["winners"] == [p["name"] for p in result["players"] if p["rank"] == 1]


def test_every_command_has_help(capsys: pytest.CaptureFixture[str]) -> None:
    for command in ("score", "check", "conflicts", "demo", "bench"):
        with pytest.raises(SystemExit) as done:
            main([command, "--help"])
        assert done.value.code == 0
        assert "usage: companion " + command in capsys.readouterr().out
