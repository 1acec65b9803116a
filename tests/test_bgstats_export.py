"""The BG Stats play: dated as BG Stats' createPlay import reads ``playDate`` (when the play ended, UTC,
``yyyy-MM-dd HH:mm:ss``; the phone shows it in its own zone) whatever offset the log holds the time
in, and each player named by a stable id that survives a rename and a log written before ids."""

from __future__ import annotations

import copy
import json
from pathlib import Path
from typing import Any

import pytest

from companion.games.architects.log import record_architects_table
from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
from companion.games.architects.rules.data import load_architects_data
from companion.games.medals.rules.table import MedalLayout, with_medals
from companion.games.sevenwonders.record import record_table
from companion.storage.database import GameStore
from companion.storage.events import EventError
from companion.storage.exchange import bgstats_play_date, export_bgstats, export_json, import_game
from companion.storage.player_ids import rename_player

ROOT = Path(__file__).resolve().parents[1]
FIVE = json.loads((ROOT / "companion/games/sevenwonders/data/demo/five-player-table.json").read_text(encoding="utf-8"))


def _table(*names: str) -> dict[str, Any]:
    """The bundled 5-player table with its players renamed (seat by seat)."""
    document = copy.deepcopy(FIVE)
    for player, name in zip(document["players"], names, strict=False):
        player["name"] = name
    return document


def _ids(store: GameStore, game_id: int) -> dict[str, str]:
    return {p["name"]: p["sourcePlayerId"] for p in export_bgstats(store, game_id)["players"]}


@pytest.mark.parametrize("started, finished, expected", [
    # A game logged here: UTC, as now_iso() writes it.
    ("2026-11-23T17:05:00+00:00", "2026-11-23T17:50:30+00:00", "2026-11-23 17:50:30"),
    # Imported from a device in UTC+3, finished at 21:40 there: 18:40 UTC (the slice took 21:40 as UTC).
    ("2026-11-23T20:55:00+03:00", "2026-11-23T21:40:00+03:00", "2026-11-23 18:40:00"),
    # Finished after midnight in UTC+3 (00:20 on the 24th): still the 23rd in UTC; the phone shows the 24th.
    ("2026-11-23T23:30:00+03:00", "2026-11-24T00:20:00+03:00", "2026-11-23 21:20:00"),
    # A time without an offset is UTC (docs/game-log.md); an unfinished game gives its start.
    ("2026-11-23T18:00:00", "2026-11-23T18:40:00", "2026-11-23 18:40:00"),
    ("2026-11-23T18:00:00-05:00", None, "2026-11-23 23:00:00"),
    # An imported time no ISO 8601 reader takes is sent as it is written (to the second), never a crash.
    ("2026-11-23T18:00:00 UTC+3", None, "2026-11-23 18:00:00"),
])
def test_the_play_date_is_the_end_in_utc_whatever_offset_the_log_holds(started: str, finished: str | None,
                                                                       expected: str) -> None:
    assert bgstats_play_date(started, finished) == expected


def test_a_logged_game_is_dated_by_its_end_in_utc(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        game = record_table(store, _table(), at="2026-11-23T23:30:00+03:00", finished_at="2026-11-24T00:20:00+03:00")
        play = export_bgstats(store, game)
    assert play["playDate"] == "2026-11-23 21:20:00" and play["durationMin"] == 50


def test_players_get_ids_that_follow_them_from_game_to_game(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        first = _ids(store, record_table(store, _table("Anna", "Boris", "Vera", "Gleb", "Dina")))
        second = _ids(store, record_table(store, _table("Boris", "Anna", "Zoya", "Gleb", "Dina"), allow_twin=True))
    assert len(set(first.values())) == 5 and all(first[name] != name for name in first)    # not their names
    assert all(len(i) == 6 and i.isalnum() and i == i.lower() for i in first.values())      # short: QR codes
    for name in ("Anna", "Boris", "Gleb", "Dina"):
        assert second[name] == first[name]                 # another seat, the same player
    assert second["Zoya"] not in first.values()


def _strip_ids(store: GameStore, game: int) -> None:
    """The game's set-up as the version before ids wrote it: players without an id."""
    event = store.events(game)[0]
    players = [{k: v for k, v in p.items() if k != "id"} for p in event.payload["players"]]
    payload = {**event.payload, "players": players}
    store.db.execute("UPDATE events SET payload = ? WHERE game_id = ? AND seq = 1", (json.dumps(payload), game))


def test_a_new_players_id_is_the_same_in_every_log_and_never_anothers(tmp_path: Path) -> None:
    with GameStore(tmp_path / "one.sqlite3") as one, GameStore(tmp_path / "two.sqlite3") as two:
        here = _ids(one, record_table(one, _table("Anna", "Boris", "Vera", "Gleb", "Zoya")))
        there = _ids(two, record_table(two, _table("Zoya", "Anna", "Egor", "Gleb", "Dina")))
        assert {n: here[n] for n in ("Anna", "Gleb", "Zoya")} == {n: there[n] for n in ("Anna", "Gleb", "Zoya")}
        # A log whose (pre-id) player is named like Zoya's id: Zoya gets another one.
        with GameStore(tmp_path / "three.sqlite3") as three:
            _strip_ids(three, record_table(three, _table(here["Zoya"], "Boris", "Vera", "Gleb", "Dina")))
            third = _ids(three, record_table(three, _table("Zoya", "Boris", "Vera", "Gleb", "Dina"),
                                             allow_twin=True))
    assert third["Zoya"] != here["Zoya"] and third["Boris"] == "Boris"     # Boris: a player from before ids


def test_a_renamed_player_stays_one_player(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        before = _ids(store, record_table(store, _table("Anna", "Boris", "Vera", "Gleb", "Dina")))
        assert rename_player(store, "Anna", "Anya") == before["Anna"]
        after = _ids(store, record_table(store, _table("Anya", "Boris", "Vera", "Gleb", "Dina"), allow_twin=True))
        # Both names at one table later: two people, two ids.
        both = _ids(store, record_table(store, _table("Anya", "Anna", "Vera", "Gleb", "Dina"), allow_twin=True))
        with pytest.raises(ValueError, match="no player named 'Nobody'"):
            rename_player(store, "Nobody", "Somebody")
    assert after["Anya"] == before["Anna"] and "Anna" not in after
    assert both["Anya"] != both["Anna"] and before["Anna"] in (both["Anya"], both["Anna"])


def test_a_log_from_before_ids_keeps_the_names_bg_stats_matched(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        old = record_table(store, _table("Anna", "Boris", "Vera", "Gleb", "Dina"))
        _strip_ids(store, old)
    with GameStore(path) as store:
        legacy = _ids(store, old)
        newer = _ids(store, record_table(store, _table("Anna", "Boris", "Zoya", "Gleb", "Dina"), allow_twin=True))
    assert legacy == {name: name for name in ("Anna", "Boris", "Vera", "Gleb", "Dina")}   # as exported before
    assert newer["Anna"] == "Anna" and newer["Boris"] == "Boris" and newer["Zoya"] != "Zoya"


def test_ids_travel_with_an_exported_game_and_are_checked(tmp_path: Path) -> None:
    with GameStore(tmp_path / "games.sqlite3") as store:
        game = record_table(store, _table())
        ids, exported = _ids(store, game), export_json(store, game)
        with pytest.raises(EventError, match="id"):
            store.new_game([{"name": "Anna", "wonder": "gizah", "side": "A", "id": "x" * 65}])
    with GameStore(tmp_path / "other.sqlite3") as other:
        assert _ids(other, import_game(other, exported)) == ids


def test_architects_players_have_ids_too(tmp_path: Path) -> None:
    data = load_architects_data()
    players = tuple(ArchitectsPlayer(name, data.wonders[w]) for name, w in
                    (("Ann", "giza"), ("Bob", "rhodes"), ("Cid", "ur")))
    table = with_medals(ArchitectsTable(data, players), "standard",
                            MedalLayout(("three_grey", "two_tokens", "three_blue")))
    with GameStore(tmp_path / "games.sqlite3") as store:
        seven = _ids(store, record_table(store, _table("Ann", "Boris", "Vera", "Gleb", "Dina")))
        architects = _ids(store, record_architects_table(store, table, at="2026-11-23T20:00:00+03:00"))
    assert architects["Ann"] == seven["Ann"] and architects["Bob"] not in seven.values()
