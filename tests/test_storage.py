"""The game log: events and replay, corrections, migrations, crash safety, two processes, import."""

from __future__ import annotations

import json
import os
import random
import signal
import sqlite3
import subprocess
import sys
import threading
import time
from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.sevenwonders.record import record_table
from companion.games.sevenwonders.rules import score_table
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.selfplay import play_random_game
from companion.games.sevenwonders.tablefile import parse_table, table_to_json
from companion.storage import EventError, GameStore, StoreError
from companion.storage.database import MIGRATIONS, SCHEMA_VERSION
from companion.storage.exchange import ImportRefused, export_json, import_game

ROOT = Path(__file__).resolve().parent.parent
PLAYERS = [{"name": "Anna", "wonder": "gizah", "side": "A"}, {"name": "Boris", "wonder": "rhodes", "side": "B"},
           {"name": "Vera", "wonder": "ephesos", "side": "A"}]


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    with GameStore(tmp_path / "games.sqlite3") as opened:
        yield opened


def test_the_table_at_any_moment_is_replayed_from_the_events(store: GameStore) -> None:
    game = store.new_game(PLAYERS)
    store.append(game, "card_confirmed", {"seat": 0, "card": "lumber_yard", "copy": "lumber_yard/I/3+"},
                 source="camera")
    store.append(game, "coins_changed", {"seat": 0, "coins": 2, "delta": -1})
    wrong = store.append(game, "card_confirmed", {"seat": 1, "card": "loom"}, source="camera")
    store.append(game, "card_removed", {"seat": 1, "card": "loom"})                      # undo
    store.append(game, "stage_built", {"seat": 2, "stages": 1})
    store.append(game, "conflicts_resolved", {"age": 1, "tokens": [[1, 1], [-1], [-1]]}, source="engine")
    at_wrong = store.state(game, upto=wrong).document
    assert at_wrong["players"][1]["cards"] == ["loom"]
    now = store.state(game)
    players = now.document["players"]
    assert players[0]["cards"] == ["lumber_yard"] and players[0]["coins"] == 2
    assert players[1]["cards"] == [] and players[1]["coins"] == 3   # 3 starting coins, never changed
    assert players[2]["stages"] == 1
    assert [p["tokens"] for p in players] == [[1, 1], [-1], [-1]]
    assert [e.source for e in store.events(game)][:3] == ["hand", "camera", "hand"]


def test_events_logged_together_are_saved_whole_or_not_at_all(store: GameStore, tmp_path: Path) -> None:
    game = store.new_game(PLAYERS)
    land = ("conflicts_resolved", {"age": 1, "tokens": [[1, 1], [-1], [-1]]}, "engine")
    bad = ("coins_changed", {"seat": 7, "coins": 2, "delta": -1}, "hand")        # no seat 7 at 3 players
    with pytest.raises(EventError):
        store.append_all(game, [land, bad])
    assert len(store.events(game)) == 1                                           # the set-up alone
    assert [p["tokens"] for p in store.state(game).document["players"]] == [[], [], []]
    coins = ("coins_changed", {"seat": 0, "coins": 5, "delta": 2}, "hand")
    assert store.append_all(game, [land, coins]) == [2, 3]
    with GameStore(tmp_path / "games.sqlite3") as again:                            # as read after a restart
        players = again.state(game).document["players"]
    assert [p["tokens"] for p in players] == [[1, 1], [-1], [-1]] and players[0]["coins"] == 5


def test_events_that_do_not_fit_the_game_are_refused(store: GameStore) -> None:
    game = store.new_game(PLAYERS)
    store.append(game, "card_confirmed", {"seat": 0, "card": "loom"})
    count = len(store.events(game))
    with pytest.raises(EventError, match="duplicate building 'loom'"):
        store.append(game, "card_confirmed", {"seat": 0, "card": "loom"})
    with pytest.raises(EventError, match="unknown card 'lumberyard'"):
        store.append(game, "card_confirmed", {"seat": 0, "card": "lumberyard"})
    with pytest.raises(EventError, match=r"payload\.seat: must be at most 2"):
        store.append(game, "coins_changed", {"seat": 3, "coins": 1})
    with pytest.raises(EventError, match="holds no palace to remove"):
        store.append(game, "card_removed", {"seat": 0, "card": "palace"})
    with pytest.raises(EventError, match="unknown event kind"):
        store.append(game, "card_stolen", {"seat": 0})
    assert len(store.events(game)) == count


def test_finishing_scores_and_a_correction_shows_in_the_history(store: GameStore, data: GameData) -> None:
    final = play_random_game(data, 4, seed=3).final
    game = record_table(store, table_to_json(final))
    summary = store.game(game)
    assert summary.status == "finished" and not summary.corrected
    assert summary.sheet == score_table(final).to_json()
    with pytest.raises(EventError, match="a change must say what it amends"):
        store.append(game, "coins_changed", {"seat": 0, "coins": 99})
    store.append(game, "coins_changed", {"seat": 0, "coins": 99, "amend": "coins were miscounted"})
    store.finish(game)
    corrected = store.game(game)
    assert corrected.corrected
    # 99 coins give 33 treasury points.
    assert next(p for p in corrected.sheet["players"] if p["name"] == final.players[0].name)["treasury"] == 33
    amended = [e for e in store.events(game) if e.payload.get("amend")]
    assert amended[0].payload["amend"] == "coins were miscounted"


def test_an_unfinished_game_resumes_in_a_new_process_view(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as first:
        game = first.new_game(PLAYERS)
        first.append(game, "card_confirmed", {"seat": 2, "card": "press"})
    with GameStore(path) as second:
        assert second.unfinished() == game
        assert second.state(game).document["players"][2]["cards"] == ["press"]
        second.append(game, "card_confirmed", {"seat": 2, "card": "altar"})
        assert second.state(game).document["players"][2]["cards"] == ["press", "altar"]


def test_an_older_file_is_upgraded_in_place(tmp_path: Path) -> None:
    path = tmp_path / "old.sqlite3"
    old = sqlite3.connect(path, isolation_level=None)
    old.execute("BEGIN")
    MIGRATIONS[0](old)
    old.execute("PRAGMA user_version=1")
    old.execute("INSERT INTO games (uuid, started_at, status) VALUES ('6a6f3a32-3a1e-4b2f-9d9b-1b7d2a0c1e11', "
                "'2025-01-02T20:00:00+00:00', 'playing')")
    old.execute("INSERT INTO events (game_id, seq, kind, source, at, payload) VALUES (1, 1, 'game_set_up', 'hand', "
                "'2025-01-02T20:00:00+00:00', ?)", (json.dumps({"variant": "standard", "players": PLAYERS}),))
    old.execute("COMMIT")
    old.close()
    with GameStore(path) as store:
        assert store.version == SCHEMA_VERSION == 3
        assert store.game(1).players == [{"seat": i, **p} for i, p in enumerate(PLAYERS)]
        assert store.known_player_names() == ["Anna", "Boris", "Vera"]
        store.append(1, "card_confirmed", {"seat": 0, "card": "loom"})
        assert store.setting("language", "en") == "en"       # version 3: settings, empty at first
        store.set_setting("language", "uk")
    with GameStore(path) as again:
        assert again.setting("language") == "uk"
        again.set_setting("language", None)
        assert again.setting("language", "en") == "en"


def test_a_file_from_a_newer_version_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "new.sqlite3"
    db = sqlite3.connect(path)
    db.execute(f"PRAGMA user_version={SCHEMA_VERSION + 1}")
    db.close()
    with pytest.raises(StoreError, match="written by a newer version"):
        GameStore(path)


def test_a_file_that_is_not_a_database_is_refused(tmp_path: Path) -> None:
    path = tmp_path / "junk.sqlite3"
    path.write_bytes(b"this is not sqlite" * 100)
    with pytest.raises(StoreError, match="not a usable game log"):
        GameStore(path)


@pytest.mark.slow
def test_killing_the_writer_at_random_moments_loses_nothing_reported_saved(tmp_path: Path) -> None:
    path = tmp_path / "crash.sqlite3"
    rng = random.Random(11)
    reported: list[int] = []
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    for _ in range(6):
        writer = subprocess.Popen([sys.executable, "-m", "tests.tools.log_writer", str(path), "100000"],
                                  stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
        assert writer.stdout is not None
        lines: list[str] = []
        reader = threading.Thread(target=lambda out=writer.stdout, into=lines: into.extend(iter(out.readline, "")))
        reader.start()
        # Killed after a random number of saves (however fast the machine is), at a random moment.
        target, deadline = rng.randint(200, 400), time.monotonic() + 120
        while sum(line.startswith("saved") for line in list(lines)) < target and time.monotonic() < deadline:
            time.sleep(0.01)
        time.sleep(rng.uniform(0.0, 0.02))
        writer.send_signal(signal.SIGKILL)
        writer.wait()
        reader.join()
        # A writer killed in the middle of a print leaves a partial last line: only whole lines count.
        round_saved = [int(line.split()[1]) for line in lines if line.startswith("saved") and line.endswith("\n")]
        assert round_saved, "the writer saved nothing before it was killed"
        reported += round_saved
        with GameStore(path) as store:
            assert store.integrity_ok()
            game = store.unfinished()
            assert game is not None
            stored = {e.seq for e in store.events(game)}
            assert set(reported) <= stored
            assert store.state(game).problems == []
    assert len(reported) > 1000   # a long game: thousands of events over the rounds
    with GameStore(path) as store:
        game = store.unfinished()
        assert game is not None
        store.finish(game)
        assert store.game(game).status == "finished"


def test_two_processes_share_the_store(tmp_path: Path) -> None:
    path = tmp_path / "shared.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_STORE": str(path)}
    writer = subprocess.Popen([sys.executable, "-m", "tests.tools.log_writer", str(path), "600"],
                              stdout=subprocess.PIPE, text=True, env=env, cwd=ROOT)
    listings = 0
    while writer.poll() is None:
        done = subprocess.run([sys.executable, "-m", "companion", "games", "list", "--json"], capture_output=True,
                              text=True, env=env, cwd=ROOT)
        assert done.returncode == 0, done.stderr
        listings += 1
        with GameStore(path) as reader:
            game = reader.unfinished()
            if game is not None:
                assert reader.state(game).problems == []
    assert writer.returncode == 0 and listings >= 1
    with GameStore(path) as store:
        assert store.integrity_ok()
        assert len(store.events(store.unfinished() or 0)) == 601


def _exported(store: GameStore, data: GameData, seed: int, names: list[str] | None = None) -> dict:
    table = table_to_json(play_random_game(data, 3 + seed % 5, seed=seed).final)
    if names:
        for player, name in zip(table["players"], names, strict=False):
            player["name"] = name
    return export_json(store, record_table(store, table))


HOSTILE = [
    ("not an object", [], "expected an object, got a list"),
    ("wrong format", {"format": "other"}, "format: expected 'sevenwonders-game/1'"),
]


@pytest.mark.parametrize(("label", "document", "message"), HOSTILE)
def test_hostile_top_level_documents_are_refused(store: GameStore, label: str, document: object, message: str) -> None:
    with pytest.raises(ImportRefused) as error:
        import_game(store, document)
    assert any(message in p for p in error.value.problems), label
    assert store.games() == []


def test_damaged_games_are_refused_and_change_nothing(store: GameStore, tmp_path: Path, data: GameData) -> None:
    good = _exported(store, data, 1)
    target = GameStore(tmp_path / "target.sqlite3")

    def damaged(change) -> dict:  # type: ignore[no-untyped-def]
        document = json.loads(json.dumps(good))
        change(document)
        return document

    cases = [
        (lambda d: d["events"][1]["payload"].update(card="lumberyard"), "unknown card 'lumberyard'"),
        (lambda d: d["events"][1]["payload"].update(seat="0"), "payload.seat: expected a whole number, got a string"),
        (lambda d: d["events"][1]["payload"].update(seat=10**30), "payload.seat: must be at most"),
        (lambda d: d["events"][0].update(kind="coins_changed", payload={"seat": 0, "coins": 1}),
         "a game starts with its game_set_up event"),
        (lambda d: d["events"][3].update(seq=99), "events must be numbered 1, 2, 3"),
        (lambda d: d.update(events=[*d["events"][:len(d["events"]) // 2], {"seq": 1}]), "events["),
        (lambda d: d["events"][2].update(kind="card_stolen"), "unknown event kind 'card_stolen'"),
        (lambda d: d.update(uuid="'; DROP TABLE games; --"), "uuid: not a UUID"),
    ]
    for change, message in cases:
        with pytest.raises(ImportRefused) as error:
            import_game(target, damaged(change))
        assert any(message in p for p in error.value.problems), (message, error.value.problems)
    assert target.games() == []
    assert target.integrity_ok()


def test_sql_like_names_are_stored_as_text(store: GameStore, tmp_path: Path, data: GameData) -> None:
    names = ["Robert'); DROP TABLE games;--", "Ann\u00e9e \u0410\u043d\u044f", "x\" OR 1=1"]
    document = _exported(store, data, 2, names)
    target = GameStore(tmp_path / "target.sqlite3")
    game = import_game(target, document)
    assert [p["name"] for p in target.game(game).players][:3] == names
    assert target.integrity_ok() and len(target.games()) == 1


def test_truncated_and_deep_files_are_refused(tmp_path: Path) -> None:
    from companion.storage.exchange import read_import_file

    truncated = tmp_path / "cut.json"
    truncated.write_text('{"format": "sevenwonders-game/1", "events": [{"seq": 1, ')
    with pytest.raises(ImportRefused, match="not valid JSON"):
        read_import_file(truncated)
    deep = tmp_path / "deep.json"
    deep.write_text("[" * 100_000 + "]" * 100_000)
    with pytest.raises(ImportRefused, match="nested too deeply"):
        read_import_file(deep)


@settings(max_examples=25, deadline=None)
@given(st.integers(0, 10_000), st.lists(st.text(min_size=1, max_size=40).filter(str.strip), min_size=7, max_size=7,
                                        unique=True))
def test_export_then_import_gives_back_the_same_game(data: GameData, seed: int, names: list[str]) -> None:
    with GameStore(":memory:", data=data) as source, GameStore(":memory:", data=data) as target:
        document = _exported(source, data, seed, names)
        game = import_game(target, document)
        again = export_json(target, game)
        assert again["events"] == document["events"]
        assert again["sheet"] == document["sheet"]
        assert again["uuid"] == document["uuid"]
        assert parse_table(again["table"], data) is not None


def test_the_csv_header_stays_the_published_one() -> None:
    # The CSV export is a published format: the header as it was before each game registered its own
    # columns (issue 26): the common columns, 7 Wonders' rows, Architects' own, Armada's last.
    from companion.storage.exchange import csv_columns

    assert ",".join(csv_columns()) == (
        "game,uuid,started_at,finished_at,seat,player,board,side,military,treasury,wonder,civilian,science,"
        "commercial,guilds,total,coins,rank,winner,corrected,title,cat,blue,progress,medals,stages,naval,islands,port")
