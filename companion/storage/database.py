"""The game log: SQLite through the standard library, every event committed as it happens.

The store runs in write-ahead-log mode with full synchronous commits and foreign keys on, so that
killing the app at any moment loses no event it was told is saved, and two processes (the app and
a command) can open it together. Its schema carries a version; `MIGRATIONS` upgrade older files in
place, each in the transaction that records it.
"""

from __future__ import annotations

import copy
import json
import os
import sqlite3
import uuid
from collections.abc import Callable, Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.engine import score_table
from companion.gamedata import GameData, load_game_data
from companion.storage.events import (
    SOURCES,
    STATE_KINDS,
    Event,
    EventError,
    Replay,
    apply,
    check_payload,
    empty_document,
    now_iso,
    replay,
    table_problems,
)
from companion.tablefile import ArmadaSource
from companion.userdirs import user_data_folder

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "GameNotFound",
    "GameStore",
    "GameSummary",
    "StoreError",
    "default_store_path",
]


class StoreError(Exception):
    """The store cannot do what was asked; the message says why."""


class GameNotFound(StoreError):
    """No game has that id."""


Migration = Callable[[sqlite3.Connection], None]


def _run(db: sqlite3.Connection, script: str) -> None:
    """Run SQL statements one by one (executescript would commit the migration's transaction)."""
    for statement in script.split(";"):
        if statement.strip():
            db.execute(statement)


def _v1(db: sqlite3.Connection) -> None:
    _run(db, """
        CREATE TABLE games (
            id INTEGER PRIMARY KEY,
            uuid TEXT NOT NULL UNIQUE,
            game TEXT NOT NULL DEFAULT '7wonders',
            started_at TEXT NOT NULL,
            finished_at TEXT,
            status TEXT NOT NULL CHECK (status IN ('playing', 'finished'))
        );
        CREATE TABLE events (
            id INTEGER PRIMARY KEY,
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seq INTEGER NOT NULL,
            kind TEXT NOT NULL,
            source TEXT NOT NULL CHECK (source IN ('camera', 'hand', 'engine', 'import')),
            at TEXT NOT NULL,
            payload TEXT NOT NULL,
            UNIQUE (game_id, seq)
        );
        CREATE TABLE results (
            game_id INTEGER PRIMARY KEY REFERENCES games(id) ON DELETE CASCADE,
            table_json TEXT NOT NULL,
            sheet_json TEXT NOT NULL,
            computed_at TEXT NOT NULL
        );
    """)


def _v2(db: sqlite3.Connection) -> None:
    """Players as rows (for history and statistics without replaying), and a corrected flag."""
    _run(db, """
        CREATE TABLE players (
            game_id INTEGER NOT NULL REFERENCES games(id) ON DELETE CASCADE,
            seat INTEGER NOT NULL,
            name TEXT NOT NULL,
            wonder TEXT NOT NULL,
            side TEXT NOT NULL,
            PRIMARY KEY (game_id, seat)
        );
        ALTER TABLE games ADD COLUMN corrected INTEGER NOT NULL DEFAULT 0;
        CREATE INDEX players_by_name ON players(name);
    """)
    for game_id, payload in db.execute(
            "SELECT game_id, payload FROM events WHERE kind = 'game_set_up'").fetchall():
        for seat, player in enumerate(json.loads(payload).get("players", [])):
            db.execute("INSERT INTO players (game_id, seat, name, wonder, side) VALUES (?, ?, ?, ?, ?)",
                       (game_id, seat, player["name"], player["wonder"], player["side"]))


def _v3(db: sqlite3.Connection) -> None:
    """Settings and the app's place (language, camera, the screen it was on), saved like events."""
    _run(db, """
        CREATE TABLE settings (
            key TEXT PRIMARY KEY,
            value TEXT NOT NULL
        )
    """)


MIGRATIONS: list[Migration] = [_v1, _v2, _v3]
"""Migration n brings the schema from version n to n+1; never edit one that has shipped."""
SCHEMA_VERSION = len(MIGRATIONS)


def default_store_path() -> Path:
    """``$COMPANION_STORE``, else ``games.sqlite3`` in the user data folder (`companion.userdirs`)."""
    override = os.environ.get("COMPANION_STORE")
    if override:
        return Path(override)
    return user_data_folder() / "games.sqlite3"


@dataclass(frozen=True)
class GameSummary:
    """One line of the history."""

    id: int
    uuid: str
    started_at: str
    finished_at: str | None
    status: str
    corrected: bool
    players: list[dict[str, Any]]
    sheet: dict[str, Any] | None


class GameStore:
    """A game log in one SQLite file (or in memory for tests)."""

    def __init__(self, path: str | Path, *, data: GameData | None = None, timeout: float = 10.0,
                 armada: ArmadaSource = None) -> None:
        self.path = str(path)
        self.data = data or load_game_data()
        self.armada = armada
        """The Armada data (or a loader) for games played with it; default the shipped data."""
        self._documents: dict[int, tuple[int, dict[str, Any]]] = {}
        if self.path != ":memory:":
            Path(self.path).parent.mkdir(parents=True, exist_ok=True)
        try:
            self.db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None, check_same_thread=False)
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self.db.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")
            self._migrate()
        except sqlite3.DatabaseError as error:
            raise StoreError(f"{self.path}: not a usable game log ({error})") from None

    def close(self) -> None:
        """Close the file."""
        self.db.close()

    def __enter__(self) -> GameStore:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- schema -------------------------------------------------------------------------------
    @property
    def version(self) -> int:
        """The schema version of the open file."""
        return int(self.db.execute("PRAGMA user_version").fetchone()[0])

    def _migrate(self) -> None:
        with self.atomic():
            version = self.version
            if version > SCHEMA_VERSION:
                raise StoreError(f"{self.path} was written by a newer version (schema {version}; this one reads "
                                 f"up to {SCHEMA_VERSION})")
            for number in range(version, SCHEMA_VERSION):
                MIGRATIONS[number](self.db)
                self.db.execute(f"PRAGMA user_version={number + 1}")

    @contextmanager
    def atomic(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, taken at once (BEGIN IMMEDIATE) so two processes never interleave;
        rolled back on any exception."""
        self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
        except BaseException:
            self.db.execute("ROLLBACK")
            raise
        self.db.execute("COMMIT")

    # -- writing ------------------------------------------------------------------------------
    def new_game(self, players: list[dict[str, Any]], *, variant: str = "standard", expansions: list[str] | None = None,
                 options: dict[str, int] | None = None, source: str = "hand", at: str | None = None,
                 game_uuid: str | None = None, teams: list[list[str]] | None = None) -> int:
        """Start a game with its seating (clockwise); return its id.

        :raises EventError: when the set-up is not a valid table (unknown wonder, bad count...).
        """
        payload: dict[str, Any] = {"variant": variant, "expansions": list(expansions or []), "players": players}
        if options:
            payload["options"] = options
        if teams:
            payload["teams"] = teams
        document = self._checked(Event(1, "game_set_up", payload, source, at or now_iso()), empty_document())
        with self.atomic() as db:
            cursor = db.execute("INSERT INTO games (uuid, started_at, status) VALUES (?, ?, 'playing')",
                                (game_uuid or str(uuid.uuid4()), at or now_iso()))
            game_id = int(cursor.lastrowid or 0)
            self._insert(db, game_id, 1, "game_set_up", payload, source, at)
            for seat, player in enumerate(players):
                db.execute("INSERT INTO players (game_id, seat, name, wonder, side) VALUES (?, ?, ?, ?, ?)",
                           (game_id, seat, player["name"], player["wonder"], player["side"]))
        self._documents[game_id] = (1, document)
        return game_id

    def append(self, game_id: int, kind: str, payload: dict[str, Any], *, source: str = "hand",
               at: str | None = None) -> int:
        """Append one event and commit it; return its sequence number (saved when this returns).

        :raises EventError: when the event is malformed, does not fit the game, or changes a
            finished game without saying it amends it.
        :raises GameNotFound: for an unknown game.
        """
        return self.append_all(game_id, [(kind, payload, source)], at=at)[-1]

    def append_all(self, game_id: int, events: Sequence[tuple[str, dict[str, Any], str]], *,
                   at: str | None = None) -> list[int]:
        """Append several events (kind, payload, source) in one transaction: all are saved or none
        (one tap that logs several facts, such as an age's land and naval tokens, is never half
        saved by a crash). Each is checked against the game as the ones before it left it.

        :raises EventError: as `append`, for any of them (then nothing is written).
        :raises GameNotFound: for an unknown game.
        """
        numbers: list[int] = []
        with self.atomic() as db:
            status = self._status(db, game_id)
            seq, document = self._document(db, game_id)
            for kind, payload, source in events:
                seq += 1
                amends = isinstance(payload, dict) and bool(payload.get("amend"))
                if status == "finished" and kind in STATE_KINDS and not amends:
                    raise EventError("the game is finished: a change must say what it amends ('amend': a note)")
                document = self._checked(Event(seq, kind, payload, source, at or now_iso()), document)
                self._insert(db, game_id, seq, kind, payload, source, at)
                if status == "finished" and kind in STATE_KINDS:
                    db.execute("UPDATE games SET corrected = 1 WHERE id = ?", (game_id,))
                numbers.append(seq)
        if numbers:
            self._documents[game_id] = (seq, document)
        return numbers

    def finish(self, game_id: int, *, at: str | None = None) -> dict[str, Any]:
        """Score the game, store the final table and sheet, mark it finished; return the sheet.

        A finished game that was amended is scored again by calling this once more.

        :raises StoreError: when the events do not make a valid table.
        """
        with self.atomic() as db:
            status = self._status(db, game_id)
            events = self._events(db, game_id)
            when = at or now_iso()
            sheet = self.record_result(db, game_id, events, when)
            seq = len(events)
            self._insert(db, game_id, seq + 1, "score_computed", {"sheet": sheet}, "engine", when)
            if status != "finished":
                self._insert(db, game_id, seq + 2, "game_finished", {}, "hand", when)
        self._documents.pop(game_id, None)
        return sheet

    def record_result(self, db: sqlite3.Connection, game_id: int, events: list[Event], when: str) -> dict[str, Any]:
        """Score the replayed events, store the final table and sheet, mark the game finished
        (inside the caller's transaction); return the sheet.

        :raises StoreError: when the events do not make a valid table.
        """
        state = replay(events, self.data, armada=self.armada)
        if state.table is None:
            raise StoreError("the game cannot be scored: " + "; ".join(state.problems or ["no players"]))
        scored = score_table(state.table)
        if not scored.complete:
            raise StoreError("the game cannot be scored until these values are entered: "
                             + "; ".join(f"{gap.label} ({name})" for name, gap in scored.unknowns()))
        sheet = scored.to_json()
        db.execute("UPDATE games SET status = 'finished', finished_at = COALESCE(finished_at, ?) WHERE id = ?",
                   (when, game_id))
        db.execute("INSERT OR REPLACE INTO results (game_id, table_json, sheet_json, computed_at) VALUES (?, ?, ?, ?)",
                   (game_id, json.dumps(state.document), json.dumps(sheet), when))
        return sheet

    def _insert(self, db: sqlite3.Connection, game_id: int, seq: int, kind: str, payload: dict[str, Any],
                source: str, at: str | None) -> None:
        db.execute("INSERT INTO events (game_id, seq, kind, source, at, payload) VALUES (?, ?, ?, ?, ?, ?)",
                   (game_id, seq, kind, source, at or now_iso(), json.dumps(payload, ensure_ascii=False)))

    def _document(self, db: sqlite3.Connection, game_id: int) -> tuple[int, dict[str, Any]]:
        """The table document after the last event, from this store's cache when no other process
        has appended since, else replayed."""
        last = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]
        cached = self._documents.get(game_id)
        if cached is None or cached[0] != last:
            cached = (int(last), replay(self._events(db, game_id), self.data, armada=self.armada).document)
            self._documents[game_id] = cached
        return cached

    def _checked(self, event: Event, document: dict[str, Any]) -> dict[str, Any]:
        """The document after `event`, which must be well formed and leave a valid table.

        :raises EventError: naming what is wrong.
        """
        if event.source not in SOURCES:
            raise EventError(f"unknown source '{event.source}'; one of {', '.join(SOURCES)}")
        problems = check_payload(event.kind, event.payload, len(document["players"]) or None)
        if problems:
            raise EventError("; ".join(str(p) for p in problems))
        after = copy.deepcopy(document)
        apply(after, event, self.data)
        if event.kind in STATE_KINDS:
            problems_after = table_problems(after, self.data, self.armada)
            if problems_after:
                raise EventError("; ".join(problems_after))
        return after

    # -- reading ------------------------------------------------------------------------------
    def _status(self, db: sqlite3.Connection, game_id: int) -> str:
        row = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound(f"no game {game_id} in {self.path}")
        return str(row[0])

    def _events(self, db: sqlite3.Connection, game_id: int) -> list[Event]:
        return [Event(seq, kind, json.loads(payload), source, at) for seq, kind, source, at, payload in db.execute(
            "SELECT seq, kind, source, at, payload FROM events WHERE game_id = ? ORDER BY seq", (game_id,))]

    def events(self, game_id: int) -> list[Event]:
        """Every event of a game, in order.

        :raises GameNotFound: for an unknown game.
        """
        self._status(self.db, game_id)
        return self._events(self.db, game_id)

    def state(self, game_id: int, *, upto: int | None = None) -> Replay:
        """The table as it stood after event `upto` (default: now), rebuilt from the events."""
        return replay(self.events(game_id), self.data, upto=upto, armada=self.armada)

    def unfinished(self) -> int | None:
        """The most recently started game still being played, if any."""
        row = self.db.execute("SELECT id FROM games WHERE status = 'playing' ORDER BY started_at DESC, id DESC "
                              "LIMIT 1").fetchone()
        return None if row is None else int(row[0])

    def games(self, *, game_id: int | None = None) -> list[GameSummary]:
        """Every game (or only `game_id`), newest first, with its players and final sheet."""
        where, params = ("WHERE g.id = ?", (game_id,)) if game_id is not None else ("", ())
        rows = self.db.execute(
            "SELECT g.id, g.uuid, g.started_at, g.finished_at, g.status, g.corrected, r.sheet_json "
            f"FROM games g LEFT JOIN results r ON r.game_id = g.id {where} ORDER BY g.started_at DESC, g.id DESC",
            params).fetchall()
        players: dict[int, list[dict[str, Any]]] = {}
        for owner, seat, name, wonder, side in self.db.execute(
                "SELECT game_id, seat, name, wonder, side FROM players "
                f"{'WHERE game_id = ?' if game_id is not None else ''} ORDER BY game_id, seat", params):
            players.setdefault(owner, []).append({"seat": seat, "name": name, "wonder": wonder, "side": side})
        return [GameSummary(r[0], r[1], r[2], r[3], r[4], bool(r[5]), players.get(r[0], []),
                            json.loads(r[6]) if r[6] else None) for r in rows]

    def game(self, game_id: int) -> GameSummary:
        """One game's summary.

        :raises GameNotFound: for an unknown game.
        """
        found = self.games(game_id=game_id)
        if not found:
            raise GameNotFound(f"no game {game_id} in {self.path}")
        return found[0]

    # -- settings -------------------------------------------------------------------------------
    def setting(self, key: str, default: Any = None) -> Any:
        """A stored setting (any JSON value), or `default`."""
        row = self.db.execute("SELECT value FROM settings WHERE key = ?", (key,)).fetchone()
        return default if row is None else json.loads(row[0])

    def set_setting(self, key: str, value: Any) -> None:
        """Store a setting at once (None deletes it)."""
        with self.atomic() as db:
            if value is None:
                db.execute("DELETE FROM settings WHERE key = ?", (key,))
            else:
                db.execute("INSERT OR REPLACE INTO settings (key, value) VALUES (?, ?)",
                           (key, json.dumps(value, ensure_ascii=False)))

    def known_player_names(self) -> list[str]:
        """Names of earlier players, most frequent first (the app offers them at set-up)."""
        return [row[0] for row in self.db.execute(
            "SELECT name FROM players GROUP BY name ORDER BY COUNT(*) DESC, MAX(game_id) DESC, name")]

    def integrity_ok(self) -> bool:
        """True when SQLite's integrity check passes."""
        return self.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok"
