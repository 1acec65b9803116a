"""The command line with Armada: score, check, conflicts, components, and the game log.

Expected totals are the hand-scored 5-player table of tests/games/armada/test_tables.py (Anna 84, Boris
73, Chen 31, Dara 44, Emil 35).
"""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.gamedata.components import read_components
from tests.conftest import armada_document, city
from tests.games.armada.test_tables import FIVE

TOTALS = {"Anna": 84, "Boris": 73, "Chen": 31, "Dara": 44, "Emil": 35}


def _write(tmp_path: Path, document: object, name: str = "table.json") -> str:
    path = tmp_path / name
    path.write_text(json.dumps(document), encoding="utf-8")
    return str(path)


def _without_dara_value() -> list[dict]:
    players = [dict(p) for p in FIVE]
    players[3] = {k: v for k, v in players[3].items() if k != "fleet_values"}
    return players


def test_score_an_armada_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = _write(tmp_path, armada_document(*FIVE))
    assert main(["score", table, "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["total"] for p in result["players"]} == TOTALS
    assert result["winners"] == ["Anna"]
    anna = result["players"][0]
    assert (anna["naval"], anna["islands"], anna["port"]) == (15, 4, 10)
    assert main(["score", table]) == 0
    text = capsys.readouterr().out
    assert "Naval conflicts" in text and "Port (blue fleet)" in text and "Winner: Anna" in text


def test_score_names_the_value_to_enter_and_exits_3(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = _write(tmp_path, armada_document(*_without_dara_value()))
    assert main(["score", table]) == 3
    text = capsys.readouterr().out
    assert "INCOMPLETE" in text and "Winner" not in text
    assert ("blue fleet level 4 VP unknown on port board 4 (Dara): enter it with "
            "`companion components edit port-board 4`") in text
    total = next(line for line in text.splitlines() if line.startswith("Total"))
    assert total.split()[1:] == ["84", "73", "31", "?", "35"]
    assert main(["score", table, "--json"]) == 3
    result = json.loads(capsys.readouterr().out)
    assert result["complete"] is False and result["winners"] == []
    assert [u["key"] for u in result["unknown"]] == ["fleet.blue.4.vp"]
    # Entering the value (the one Dara read off her board) completes the sheet.
    components = tmp_path / "components.json"
    assert main(["components", "edit", "port-board", "4", "--set", "blue.4.vp=5",
                 "--components", str(components)]) == 0
    capsys.readouterr()
    assert main(["score", table, "--json", "--components", str(components)]) == 0
    assert {p["name"]: p["total"] for p in json.loads(capsys.readouterr().out)["players"]} == TOTALS


def _naval_table(tmp_path: Path) -> str:
    players = [city("Georgy", "rhodes", coins=5, port_board=1), city("Left", "gizah", port_board=2),
               city("Far", "ephesos", port_board=3, fleets={"red": 3}), city("Right", "babylon", port_board=4)]
    return _write(tmp_path, armada_document(*players))


def test_check_with_a_naval_construction(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = _naval_table(tmp_path)
    assert main(["check", table, "--player", "Georgy", "--card", "baths", "--naval"]) == 3
    assert "blue fleet level 1 build cost on port board 1 unknown" in capsys.readouterr().out
    components = tmp_path / "components.json"
    assert main(["components", "edit", "port-board", "1", "--set", "blue.1.cost=1 clay",
                 "--components", str(components)]) == 0
    capsys.readouterr()
    assert main(["check", table, "--player", "Georgy", "--card", "baths", "--naval", "--json",
                 "--components", str(components)]) == 0
    result = json.loads(capsys.readouterr().out)
    # Baths 1 stone (from Left, 2) + blue step 1 clay (from Right, 2).
    assert result["legal"] and result["coins"] == 4
    assert result["naval"] == {"fleet": "blue", "from": 0, "to": 1, "cost": {"resources": {"clay": 1}, "coins": 0},
                               "printed_cost": {"resources": {"clay": 1}, "coins": 0}, "discount": None}
    assert main(["check", table, "--player", "Georgy", "--card", "baths", "--naval",
                 "--components", str(components)]) == 0
    assert "and move the blue ship to level 1 for 1 clay" in capsys.readouterr().out


def test_conflicts_naval(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = _naval_table(tmp_path)
    # Far (red level 3): 3 naval shields; everyone else 0: Far +3 and the three others -1 each.
    assert main(["conflicts", table, "--age", "1", "--naval", "--json"]) == 0
    result = json.loads(capsys.readouterr().out)
    assert [(p["name"], p["token"]) for p in result["players"]] == [
        ("Georgy", -1), ("Left", -1), ("Far", 3), ("Right", -1)]
    assert main(["conflicts", table, "--age", "1", "--naval"]) == 0
    assert "Far: naval strength 3, +3" in capsys.readouterr().out
    base = _write(tmp_path, {**armada_document(city("A", "gizah"), city("B", "rhodes"), city("C", "ephesos")),
                             "expansions": []}, "base.json")
    assert main(["conflicts", base, "--age", "1", "--naval"]) == 2
    assert "--naval needs a table that plays with Armada" in capsys.readouterr().err


def test_conflicts_naval_with_an_unknown_strength(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    table = _write(tmp_path, armada_document(*FIVE))
    assert main(["conflicts", table, "--age", "3", "--naval"]) == 3
    assert "red fleet level 1 naval shields unknown on port board 4" in capsys.readouterr().out


def test_components_status_and_edit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    components = tmp_path / "components.json"
    assert main(["components", "status", "--json", "--components", str(components)]) == 0
    status = json.loads(capsys.readouterr().out)
    before = len(status["unknown"])
    keys = {u["key"] for u in status["unknown"]}
    assert {"port_board.3.blue.4.cost", "fleet.blue.4.vp", "card.dock.cost", "island.wild_island.produces"} <= keys
    assert main(["components", "edit", "port-board", "3", "--components", str(components),
                 "--set", "blue.4.cost=1 clay + 1 coin", "--set", "wonder_fleet=red", "--set", "blue.4.vp=5"]) == 0
    assert read_components(components) == {"port_board.3.blue.4.cost": {"resources": {"clay": 1}, "coins": 1},
                                           "port_board.3.wonder_fleet": "red", "fleet.blue.4.vp": 5}
    capsys.readouterr()
    assert main(["components", "status", "--json", "--components", str(components)]) == 0
    assert len(json.loads(capsys.readouterr().out)["unknown"]) == before - 3
    # A bad value is refused with its key; nothing is written.
    assert main(["components", "edit", "port-board", "3", "--components", str(components),
                 "--set", "red.1.cost=2 stonez"]) == 2
    assert "port_board.3.red.1.cost: unknown resource 'stonez'; did you mean 'stone'?" in capsys.readouterr().err
    assert "port_board.3.red.1.cost" not in read_components(components)
    # 'unknown' removes an entered value.
    assert main(["components", "edit", "port-board", "3", "--components", str(components),
                 "--set", "blue.4.vp=unknown"]) == 0
    assert "fleet.blue.4.vp" not in read_components(components)
    assert main(["components", "edit", "port-board", "9", "--components", str(components)]) == 2


def test_components_edit_asks_space_by_space(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    components = tmp_path / "components.json"
    # Board 2: the wonder fleet, then red level 1's cost and naval shields, then level 2's cost
    # (a typo asked again), then stop (end of input).
    answers = "blue\n1 wood\n1\n1 wod\n2 ore\n"
    monkeypatch.setattr("sys.stdin", io.StringIO(answers))
    assert main(["components", "edit", "port-board", "2", "--components", str(components)]) == 0
    out = capsys.readouterr().out
    assert "the fleet with the wonder symbol on port board 2" in out
    assert "unknown resource 'wod'; did you mean 'wood'?" in out
    assert read_components(components) == {
        "port_board.2.wonder_fleet": "blue", "port_board.2.red.1.cost": {"resources": {"wood": 1}},
        "fleet.red.1.naval_shields": 1, "port_board.2.red.2.cost": {"resources": {"ore": 2}}}


def test_the_environment_variable_names_the_components_file(tmp_path: Path, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    components = tmp_path / "elsewhere.json"
    monkeypatch.setenv("COMPANION_COMPONENTS", str(components))
    assert main(["components", "edit", "card", "dock", "--set", "cost=1 ore"]) == 0
    assert read_components(components) == {"card.dock.cost": {"resources": {"ore": 1}}}


def test_games_log_keeps_the_armada_state(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    store = tmp_path / "games.sqlite3"
    table = _write(tmp_path, armada_document(*FIVE))
    assert main(["games", "--store", str(store), "add", table]) == 0
    assert "logged game 1; won by Anna" in capsys.readouterr().out
    assert main(["games", "--store", str(store), "show", "1", "--json"]) == 0
    shown = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["total"] for p in shown["sheet"]["players"]} == TOTALS
    assert shown["table"]["players"][0]["islands"] == ["luxurious_archipelago", "windy_harbor"]
    assert main(["games", "--store", str(store), "export", "1", "--format", "csv"]) == 0
    rows = {row["player"]: row for row in csv.DictReader(io.StringIO(capsys.readouterr().out.lstrip("\ufeff")))}
    assert (rows["Anna"]["naval"], rows["Anna"]["islands"], rows["Anna"]["port"]) == ("15", "4", "10")
    assert {name: int(row["total"]) for name, row in rows.items()} == TOTALS
    incomplete = _write(tmp_path, armada_document(*_without_dara_value()), "incomplete.json")
    assert main(["games", "--store", str(store), "add", incomplete]) == 2
    assert "blue fleet level 4 VP unknown on port board 4 (Dara)" in capsys.readouterr().err
    assert main(["games", "--store", str(store), "list", "--json"]) == 0
    assert len(json.loads(capsys.readouterr().out)) == 1             # nothing was logged


def test_team_game_is_logged_with_its_teams(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    from tests.games.armada.test_tables import TEAM, TEAMS

    store = tmp_path / "games.sqlite3"
    table = _write(tmp_path, armada_document(*TEAM, teams=TEAMS))
    assert main(["games", "--store", str(store), "add", table]) == 0
    # The winning team and its total: Anna 59 + Boris 43 = 102 (tests/games/armada/test_tables.py).
    assert "logged game 1; won by team Anna + Boris (102)" in capsys.readouterr().out
    assert main(["games", "--store", str(store), "list"]) == 0
    assert "won by team Anna + Boris (102): Anna (olympia A), Boris" in capsys.readouterr().out


def test_status_and_edit_count_a_port_boards_values_alike(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A port board has 25 values of its own (the wonder-symbol fleet and 24 costs); `edit port-board N`
    also asks the 25 unknown fleet rewards, printed alike on every board. Both commands say so."""
    components = tmp_path / "components.json"
    assert main(["components", "status", "--components", str(components)]) == 0
    status = capsys.readouterr().out
    assert "port-board 1 (25 of its own + 25 fleet rewards shared by every board)" in status
    assert "fleets (25)" in status
    assert main(["components", "edit", "port-board", "1", "--set", "red.1.cost=1 wood",
                 "--set", "red.1.naval_shields=1", "--components", str(components)]) == 0
    edit = capsys.readouterr().out
    assert "still unknown for port-board 1: 24 of its own + 24 fleet rewards shared by every board" in edit
    assert main(["components", "status", "--components", str(components)]) == 0
    assert "port-board 1 (24 of its own + 24 fleet rewards shared by every board)" in capsys.readouterr().out
