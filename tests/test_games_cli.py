"""`companion games ...`: logging tables, history, export in three formats, import all-or-none, statistics.

Expected totals are the hand-scored tables of tests/test_full_tables.py: three players (Anna 65,
Boris 54, Vera 44) and seven players (Anna 34, Boris 31, Chen 32, Dara 35, Emil 23, Fatima 47, Gleb 46).
"""

from __future__ import annotations

import csv
import io
import json
import urllib.parse
from pathlib import Path

import pytest

from companion.cli import main
from tests.conftest import table_document
from tests.test_full_tables import SEVEN, THREE

THREE_TOTALS = {"Anna": 65, "Boris": 54, "Vera": 44}
SEVEN_TOTALS = {"Anna": 34, "Boris": 31, "Chen": 32, "Dara": 35, "Emil": 23, "Fatima": 47, "Gleb": 46}


def _games(store: Path, *args: str) -> int:
    return main(["games", "--store", str(store), *args])


@pytest.fixture
def logged(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> Path:
    """A store holding the three-player game (id 1) and the seven-player game (id 2)."""
    store = tmp_path / "games.sqlite3"
    for number, players in enumerate((THREE, SEVEN)):
        table = tmp_path / f"table{number}.json"
        table.write_text(json.dumps(table_document(*players)), encoding="utf-8")
        assert _games(store, "add", str(table)) == 0
    out = capsys.readouterr().out
    assert "logged game 1; won by Anna" in out and "logged game 2; won by Fatima" in out
    return store


def test_list_and_show_give_the_hand_scored_results(logged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _games(logged, "list", "--json") == 0
    games = json.loads(capsys.readouterr().out)
    assert {g["id"]: g["winners"] for g in games} == {1: ["Anna"], 2: ["Fatima"]}
    assert all(g["status"] == "finished" and not g["corrected"] for g in games)
    assert _games(logged, "show", "2", "--json") == 0
    shown = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["total"] for p in shown["sheet"]["players"]} == SEVEN_TOTALS
    assert shown["table"]["players"][5]["cards"] == SEVEN[5]["cards"]
    assert _games(logged, "show", "1") == 0
    text = capsys.readouterr().out
    assert "Anna" in text and "65" in text and "babylon" in text.lower()


def test_unknown_or_malformed_game_ids_are_clear_errors(logged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _games(logged, "show", "9") != 0
    assert "no game 9" in capsys.readouterr().err
    assert _games(logged, "show", "two") != 0
    assert "a game id is a number" in capsys.readouterr().err


def test_csv_has_one_row_per_player_with_the_categories(logged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _games(logged, "export", "--all", "--format", "csv") == 0
    out = capsys.readouterr().out
    # RFC 4180 line ends, after the UTF-8 byte-order mark that makes Excel read Cyrillic names.
    assert out.startswith("\ufeffgame,uuid,") and out.count("\r\n") == 1 + 3 + 7 == out.count("\n")
    rows = list(csv.DictReader(io.StringIO(out.removeprefix("\ufeff"), newline="")))
    assert len(rows) == 3 + 7
    three = {r["player"]: r for r in rows if r["game"] == "1"}
    assert {name: int(r["total"]) for name, r in three.items()} == THREE_TOTALS
    # Anna's categories, worked out in test_three_player_final_table.
    anna = three["Anna"]
    assert [int(anna[c]) for c in ("military", "treasury", "wonder", "civilian", "science", "commercial",
                                   "guilds")] == [7, 2, 10, 8, 31, 2, 5]
    assert (anna["board"], anna["side"], anna["winner"], anna["rank"]) == ("babylon", "A", "1", "1")


def test_bgstats_play_carries_players_scores_and_winner(logged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _games(logged, "export", "2", "--format", "bgstats") == 0
    captured = capsys.readouterr()
    entry = json.loads(captured.out)
    play = entry["play"]
    assert play["game"]["bggId"] == 68448 and play["game"]["highestWins"] is True
    assert {p["name"]: p["score"] for p in play["players"]} == SEVEN_TOTALS
    assert [p["name"] for p in play["players"] if p["winner"]] == ["Fatima"]
    assert next(p for p in play["players"] if p["name"] == "Gleb")["rank"] == 2
    assert len(play["playDate"]) == len("2026-11-22 20:15:00")
    # The link a phone opens holds exactly the same play.
    url = urllib.parse.urlsplit(entry["url"])
    assert url.netloc == "app.bgstatsapp.com"
    assert json.loads(urllib.parse.parse_qs(url.query)["data"][0]) == play
    assert "BG Stats cannot hold" in captured.err and "score categories" in captured.err


def test_json_export_imports_into_another_log(logged: Path, tmp_path: Path,
                                              capsys: pytest.CaptureFixture[str]) -> None:
    exported = tmp_path / "all.json"
    assert _games(logged, "export", "--all", "--out", str(exported)) == 0
    other = tmp_path / "other.sqlite3"
    assert _games(other, "import", str(exported)) == 0
    assert "imported 2 games" in capsys.readouterr().out
    assert _games(other, "show", "2", "--json") == 0
    first = json.loads(capsys.readouterr().out)
    assert {p["name"]: p["total"] for p in first["sheet"]["players"]} in (THREE_TOTALS, SEVEN_TOTALS)
    # The same games again: refused as duplicates, and nothing is added.
    assert _games(other, "import", str(exported)) == 2
    assert "already in the log" in capsys.readouterr().err
    assert _games(other, "list", "--json") == 0
    assert len(json.loads(capsys.readouterr().out)) == 2


def test_a_file_with_one_bad_game_imports_nothing(logged: Path, tmp_path: Path,
                                                  capsys: pytest.CaptureFixture[str]) -> None:
    exported = tmp_path / "all.json"
    assert _games(logged, "export", "--all", "--out", str(exported)) == 0
    games = json.loads(exported.read_text(encoding="utf-8"))
    games[1]["events"][1]["payload"]["card"] = "sawmil"
    exported.write_text(json.dumps(games), encoding="utf-8")
    other = tmp_path / "other.sqlite3"
    assert _games(other, "import", str(exported)) == 2
    err = capsys.readouterr().err
    assert "game 2 of the file: events[1] (card_confirmed)" in err and "sawmil" in err and "nothing imported" in err
    assert _games(other, "list", "--json") == 0
    assert json.loads(capsys.readouterr().out) == []


def test_stats_per_player_wonder_and_category(logged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _games(logged, "stats", "--json") == 0
    stats = json.loads(capsys.readouterr().out)
    assert stats["games"] == 2
    # Anna won the three-player game (65) and not the seven-player one (34): (65 + 34) / 2 = 49.5.
    assert stats["players"]["Anna"] == {"games": 2, "wins": 1, "win_rate": 0.5, "average": 49.5, "best": 65}
    assert stats["players"]["Boris"] == {"games": 2, "wins": 0, "win_rate": 0.0, "average": 42.5, "best": 54}
    assert stats["players"]["Fatima"]["wins"] == 1
    # Gizah: Boris's side B (54) in the first game, Gleb's side A (46) in the second.
    assert stats["wonders"]["gizah B"]["average"] == 54 and stats["wonders"]["gizah A"]["average"] == 46
    # Military over ten lines: 7 + 18 + 5 and 12 - 3 + 3 + 6 - 4 + 14 + 8 = 66 -> 6.6.
    assert stats["category_averages"]["military"] == 6.6
    # Totals 65 54 44 | 34 31 32 35 23 47 46 in bins of ten.
    assert stats["score_distribution"] == {"20-29": 1, "30-39": 4, "40-49": 3, "50-59": 1, "60-69": 1}


def test_the_store_can_be_chosen_by_environment(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                                capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "from-env.sqlite3"
    monkeypatch.setenv("COMPANION_STORE", str(path))
    table = tmp_path / "three.json"
    table.write_text(json.dumps(table_document(*THREE)), encoding="utf-8")
    assert main(["games", "add", str(table)]) == 0
    assert path.exists()
    assert main(["games", "list"]) == 0
    assert "won by Anna" in capsys.readouterr().out


def _bgstats_ids(store: Path, game: str, capsys: pytest.CaptureFixture[str]) -> dict[str, str]:
    assert _games(store, "export", game, "--format", "bgstats") == 0
    return {p["name"]: p["sourcePlayerId"] for p in json.loads(capsys.readouterr().out)["play"]["players"]}


def test_a_renamed_player_is_the_same_player_in_the_next_games_export(logged: Path, tmp_path: Path,
                                                                       capsys: pytest.CaptureFixture[str]) -> None:
    before = _bgstats_ids(logged, "1", capsys)                 # the three-player game: Anna, Boris, Vera
    assert _games(logged, "rename-player", "Anna", "Anya") == 0
    said = capsys.readouterr().out
    assert said.startswith("Anya is now the player who played as Anna") and before["Anna"] in said
    # The three-player table played again with Anna set up as Anya: logged as game 3.
    table = tmp_path / "again.json"
    table.write_text(json.dumps(table_document({**THREE[0], "name": "Anya"}, *THREE[1:])), encoding="utf-8")
    assert _games(logged, "add", str(table)) == 0
    capsys.readouterr()
    after = _bgstats_ids(logged, "3", capsys)
    # BG Stats is sent Anna's id for Anya; Boris and Vera keep theirs; the games before still say Anna.
    assert after == {"Anya": before["Anna"], "Boris": before["Boris"], "Vera": before["Vera"]}
    assert _bgstats_ids(logged, "2", capsys)["Anna"] == before["Anna"]
    assert _bgstats_ids(logged, "1", capsys) == before


@pytest.mark.parametrize(("old", "new", "said"), [
    ("Nobody", "Somebody", "no player named 'Nobody' in the game log"),
    ("Anna", "Boris", "'Boris' is already a player's name in the game log: choose another"),
    ("Anna", " Anna ", "'Anna' is already the player's name: give a new one"),
    ("Anna", "", "a player's name has 1 to 40 characters")])
def test_a_refused_rename_is_one_line_and_changes_nothing(logged: Path, tmp_path: Path, old: str, new: str,
                                                          said: str, capsys: pytest.CaptureFixture[str]) -> None:
    before = _bgstats_ids(logged, "1", capsys)
    assert _games(logged, "rename-player", old, new) == 2
    captured = capsys.readouterr()
    assert captured.err == f"error: {said}\n" and captured.out == ""
    # Nothing was renamed: Boris set up again is still Boris (not Anna), Anna still Anna.
    table = tmp_path / "again.json"
    table.write_text(json.dumps(table_document(*THREE)), encoding="utf-8")
    assert _games(logged, "add", str(table), "--again") == 0
    capsys.readouterr()
    assert _bgstats_ids(logged, "3", capsys) == {name: before[name] for name in ("Anna", "Boris", "Vera")}


def test_a_name_given_by_an_earlier_rename_is_taken(logged: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _games(logged, "rename-player", "Anna", "Anya") == 0
    assert _games(logged, "rename-player", "Boris", "Anya") == 2
    assert "'Anya' is already a player's name in the game log" in capsys.readouterr().err
