"""Architects games in the game log: each tap logged at once (one transaction per tap), resumed from
the log after a restart, finished and scored, in the history, statistics and exports (BG Stats with
BoardGameGeek id 346703); a bad event changes nothing."""

from __future__ import annotations

import csv
import io
import json
from pathlib import Path

import pytest

from companion.cli import main
from companion.games.architects.log import architects_game_ids, architects_statistics
from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.session import ArchitectsSession
from companion.games.architects.tablefile import parse_architects
from companion.games.medals.rules.table import MedalLayout, medals_of, with_medals
from companion.state.errors import SessionError
from companion.storage.database import GameStore, StoreError
from companion.storage.exchange import export_bgstats, export_csv, export_json, import_game
from companion.storage.stats import statistics

DATA = load_architects_data()


def three_players() -> ArchitectsTable:
    players = tuple(ArchitectsPlayer(name, DATA.wonders[w]) for name, w in
                    (("Ann", "giza"), ("Bob", "rhodes"), ("Cid", "ur")))
    return with_medals(ArchitectsTable(DATA, players), "standard",
                           MedalLayout(("three_grey", "two_tokens", "three_blue")))


def play_a_game(session: ArchitectsSession) -> None:
    """Ann builds Giza with grey cards and takes the three_grey medal; Bob's blue cat card takes the pawn."""
    for kind in ("wood", "stone", "clay"):
        session.place_card(0, kind)
    assert session.part("medals").offers() == {0: ("three_grey",)}
    session.part("medals").take_medal(0, "three_grey")
    session.remove_card(0, "wood")
    session.remove_card(0, "stone")
    session.build_piece(0, "two_different")
    session.place_card(1, "blue_cat")
    session.build_piece(2, None, 6)  # Ur: the VP printed on the piece


def test_taps_are_logged_and_resumed(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        session = ArchitectsSession.start(store, three_players())
        play_a_game(session)
        game_id = session.game_id
        # 9 taps, one change each: 3 cards, the medal, 2 cards spent, a piece, Bob's blue cat card and
        # Ur's piece (with the VP printed on it)
        events = store.events(game_id)
        assert [e.kind for e in events] == ["game_set_up", *["architects_card_placed"] * 3, "architects_medal_taken",
                                            *["architects_cards_removed"] * 2, "architects_piece_built",
                                            "architects_card_placed", "architects_piece_built"]
        assert events[-1].payload == {"seat": 2, "piece": None, "vp": 6}
        assert events[5].payload == {"seat": 0, "kind": "wood", "count": 1}
    with GameStore(path) as again:
        resumed = ArchitectsSession(again, game_id)
        assert resumed.table == session.table
        assert medals_of(resumed.table.players[0]) == ("three_grey",) and resumed.table.cat_holder() == 1
        assert resumed.table.players[0].cards == {"clay": 1}
        # the pawn moves from Bob to Ann: one tap, one event; its undo puts back both areas at once
        before = len(again.events(game_id))
        resumed.place_card(0, "blue_cat")
        assert len(again.events(game_id)) == before + 1 and resumed.table.cat_holder() == 0
        assert resumed.undo() and resumed.table.cat_holder() == 1
        assert [e.kind for e in again.events(game_id)[before + 1:]] == ["architects_area_set"] * 2
        assert ArchitectsSession(again, game_id).table.cat_holder() == 1


def test_refused_taps_change_nothing(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        session = ArchitectsSession.start(store, three_players())
        count = len(store.events(session.game_id))
        with pytest.raises(SessionError, match="cannot be constructed now"):
            session.build_piece(0, "three_identical")
        with pytest.raises(SessionError, match="cannot reach"):
            session.part("medals").take_medal(0, "two_tokens")  # between Bob and Cid
        with pytest.raises(SessionError):
            session.remove_card(1, "wood")
        assert len(store.events(session.game_id)) == count


def test_battle_is_logged_for_everybody(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        session = ArchitectsSession.start(store, three_players())
        assert not session.place_card(0, "red_horn_2")
        assert session.place_card(1, "red_horn_1")  # 3 players: 3 Conflict tokens, all turned
        session.place_card(1, "red_plain")
        battle = session.fight_battle()
        # shields Ann 1, Bob 2, Cid 0: Ann beats Cid (1 token), Bob beats Ann and Cid (2 tokens)
        assert battle.gains == (1, 2, 0) and not session.battle_due
        table = ArchitectsSession(store, session.game_id).table
        assert [p.military_tokens for p in table.players] == [1, 2, 0]
        assert table.conflicts_flipped == 0 and table.players[1].cards == {"red_plain": 1}


def test_finish_history_stats_and_exports(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        session = ArchitectsSession.start(store, three_players())
        play_a_game(session)
        sheet = session.finish()
        # Ann: Giza 4 + medal 4 = 8; Bob: blue cat 2 + pawn 2 = 4; Cid: Ur typed 6
        assert [p["total"] for p in sheet["players"]] == [8, 4, 6] and sheet["winners"] == ["Ann"]
        game_id = session.game_id
        assert store.game(game_id).status == "finished"
        assert statistics(store).games == 0  # 7 Wonders statistics leave Architects games out
        stats = architects_statistics(store)
        assert stats["games"] == 1 and stats["players"]["Ann"]["wins"] == 1
        assert stats["wonders"]["ur"]["average"] == 6
        play = export_bgstats(store, game_id)
        assert play["game"]["bggId"] == 346703 and play["game"]["name"] == "7 Wonders Architects"
        assert [(p["name"], p["score"], p["winner"], p["role"]) for p in play["players"]] == [
            ("Ann", 8, True, "Giza"), ("Bob", 4, False, "Rhodes"), ("Cid", 6, False, "Ur")]
        exported = export_json(store, game_id)
    with GameStore(tmp_path / "other.sqlite3") as other:
        new_id = import_game(other, exported)
        assert other.game(new_id).sheet == store_sheet(path, game_id)
        assert architects_game_ids(other) == {new_id}
    assert main(["games", "--store", str(path), "show", str(game_id)]) == 0
    assert "Medals" in capsys.readouterr().out
    assert main(["games", "--store", str(path), "stats", "--json"]) == 0
    assert json.loads(capsys.readouterr().out)["architects"]["games"] == 1


def store_sheet(path: Path, game_id: int) -> object:
    with GameStore(path) as store:
        return store.game(game_id).sheet


def test_csv_export_of_a_logged_game(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        session = ArchitectsSession.start(store, three_players())
        play_a_game(session)
        session.set_military(1, 2)
        session.take_token(2, "culture")
        session.finish()
        text = export_csv(store, [session.game_id])
    assert text.startswith("\ufeffgame,uuid,") and text.count("\r\n") == 1 + 3 == text.count("\n")
    rows = list(csv.DictReader(io.StringIO(text.removeprefix("\ufeff"), newline="")))
    cells = ("player", "board", "title", "wonder", "cat", "blue", "military", "progress", "medals", "total", "stages",
             "rank", "winner")
    # Ann: Giza's first piece 4 + the three_grey medal 4 = 8; Bob: blue cat card 2 + the pawn 2 + two
    # Military Victory tokens 2 x 3 = 10; Cid: Ur's piece typed as 6 + one Culture token 4 = 10. Bob and
    # Cid tie on 10; Cid built one stage, Bob none: Cid wins, Bob second, Ann third.
    assert [[row[c] for c in cells] for row in rows] == [
        ["Ann", "giza", "architects", "4", "0", "0", "0", "0", "4", "8", "1", "3", "0"],
        ["Bob", "rhodes", "architects", "0", "2", "2", "6", "0", "0", "10", "0", "2", "0"],
        ["Cid", "ur", "architects", "6", "0", "0", "0", "4", "0", "10", "1", "1", "1"]]
    # 7 Wonders' own cells stay empty: an Architects wonder has no side, a player no coins
    assert {row[c] for row in rows for c in ("side", "coins", "treasury", "civilian", "science")} == {""}


FINISHED = {
    "format": "architects-table/1", "game": "architects", "expansions": ["medals"], "medal_variant": "standard",
    "medal_layout": {"between": ["three_stages", "two_tokens", "three_red"]}, "conflicts_flipped": 1,
    "players": [
        {"name": "Ann", "wonder": "giza", "blue_cards": {"plain": 0, "cat": 1}, "cat_pawn": True,
         "stages_built": ["two_different", "two_identical", "three_different", "three_identical", "four_different"],
         "progress_tokens": ["decor"], "medals": ["three_stages"]},
        {"name": "Bob", "wonder": "ur", "stages_built": [{"vp": 4}, {"vp": 5}], "grey_cards": 3,
         "military_tokens": 2, "progress_tokens": ["logistics", "culture"], "medals": ["two_tokens"]},
        {"name": "Cid", "wonder": "babylon", "stages_built": ["two_different", "two_identical"],
         "cards": {"red_plain": 3, "wood": 1, "blue_plain": 2}, "military_tokens": 1},
    ],
}
"""A finished Medals table. Ann: Giza complete 30 + Decor 6 + pawn 2 + blue cat card 2 + medal 4 = 44;
Bob: Ur's pieces 4 + 5 = 9, military 2 x 3 = 6, Logistics 2 x 3 grey + Culture 4 = 10, medal 4 -> 29;
Cid: Babylon 3 + 0, blue 2 x 3 = 6, military 3 -> 12."""


def _add(tmp_path: Path, document: object, *extra: str) -> int:
    table = tmp_path / "architects.json"
    table.write_text(json.dumps(document), encoding="utf-8")
    return main(["games", "--store", str(tmp_path / "games.sqlite3"), "add", str(table), *extra])


def test_games_add_logs_an_architects_table(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert _add(tmp_path, FINISHED) == 0
    assert capsys.readouterr().out == "logged game 1; won by Ann\n"
    with GameStore(tmp_path / "games.sqlite3") as store:
        summary = store.game(1)
        assert summary.status == "finished" and architects_game_ids(store) == {1}
        assert [p["total"] for p in summary.sheet["players"]] == [44, 29, 12]
        # the log rebuilds the very table of the file: set-up, an area per player, the turned token
        assert parse_architects(store.state(1).document).table == parse_architects(FINISHED).table
        assert [e.kind for e in store.events(1)] == ["game_set_up", *["architects_area_set"] * 3,
                                                     "architects_conflicts_set", "score_computed", "game_finished"]
    assert _add(tmp_path, FINISHED) == 2
    assert "already logged as game 1" in capsys.readouterr().err
    assert _add(tmp_path, FINISHED, "--again", "--json") == 0
    assert json.loads(capsys.readouterr().out) == {"game": 2, "winners": ["Ann"]}


def test_games_add_refuses_a_bad_architects_table_and_logs_nothing(tmp_path: Path,
                                                                  capsys: pytest.CaptureFixture[str]) -> None:
    bad = json.loads(json.dumps(FINISHED))
    bad["players"][2]["cat_pawn"] = True
    bad["players"][1]["medals"] = ["three_red"]           # lies between Cid and Ann
    assert _add(tmp_path, bad) == 2
    err = capsys.readouterr().err
    assert "the Cat pawn is held by Ann, Cid; there is one pawn" in err
    assert "players[1].medals: the three_red medal lies neither next to Bob" in err
    with GameStore(tmp_path / "games.sqlite3") as store:
        assert store.games() == []


def test_games_add_is_all_or_nothing(tmp_path: Path, monkeypatch: pytest.MonkeyPatch,
                                     capsys: pytest.CaptureFixture[str]) -> None:
    def refuse(*_args: object) -> None:
        raise StoreError("the disk is full")

    monkeypatch.setattr(GameStore, "_finish", refuse)  # fails after the set-up and the areas are written
    assert _add(tmp_path, FINISHED) == 2
    assert "the disk is full" in capsys.readouterr().err
    with GameStore(tmp_path / "games.sqlite3") as store:
        assert store.games() == []
