"""The game log: SQLite through the standard library, every event committed as it happens.

The store runs in write-ahead-log mode with full synchronous commits and foreign keys on, so that
killing the app at any moment loses no event it was told is saved, and two processes (the app and
a command) can open it together. Its schema carries a version; `MIGRATIONS` upgrade older files in
place, each in the transaction that records it.
"""

from __future__ import annotations

import contextlib
import copy
import functools
import json
import os
import sqlite3
import uuid
from collections.abc import Callable, Iterator, Sequence
from dataclasses import dataclass, replace
from pathlib import Path
from typing import Any, TypeVar, cast

from companion.storage.events import (
    SOURCES,
    Event,
    EventError,
    Replay,
    advance,
    changes_table,
    check_payload,
    empty_document,
    logged_game,
    now_iso,
    replay,
    shipped_data,
)
from companion.storage.games import GAME_RESULTS, ResultRefused, game_of
from companion.storage.player_ids import RENAMED_SETTING, new_player_ids
from companion.userdirs import user_data_folder

__all__ = [
    "MIGRATIONS",
    "SCHEMA_VERSION",
    "DuplicateGame",
    "GameNotFound",
    "GameState",
    "GameStore",
    "GameSummary",
    "LoggedEvent",
    "StoreError",
    "StoreUnusable",
    "default_store_path",
]


class StoreError(Exception):
    """The store cannot do what was asked; the message says why."""


class GameNotFound(StoreError):
    """No game has that id."""


class DuplicateGame(StoreError):
    """The table is already in the log as a finished game (`game_id`)."""

    def __init__(self, game_id: int) -> None:
        super().__init__(f"the very same table is already logged as game {game_id}")
        self.game_id = game_id


class StoreUnusable(StoreError):
    """The file cannot serve as the game log now: not one, damaged, from a newer version,
    read-only, on a full disk, or held by another program for too long. Nothing was written."""


SQLITE_REASONS = {
    "database or disk is full": "the disk is full",
    "attempt to write a readonly database": "the file or its folder is read-only",
    "database disk image is malformed": "the file is damaged",
    "file is not a database": "not an SQLite file",
    "unable to open database file": "the file cannot be opened (a missing folder, or a file where a folder "
                                    "should be?)",
    "database is locked": "another program held the game log for too long",
    "disk I/O error": "the disk could not be read or written",
}
"""SQLite's messages about the file, in the words a player reads."""


def _reason(error: BaseException) -> str:
    """Why a file operation failed, in one short phrase."""
    if isinstance(error, OSError):
        return f"{error.strerror or error}"
    text = str(error)
    return next((plain for raw, plain in SQLITE_REASONS.items() if text.startswith(raw)), text)


Migration = Callable[[sqlite3.Connection], None]
LoggedEvent = tuple[str, dict[str, Any], str]
"""An event to log: its kind, payload and source."""


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


def _on_read_only_disk(path: Path) -> bool:
    """True when the file exists but it, or its folder, cannot be written (a read-only disk or share)."""
    return path.is_file() and not (os.access(path, os.W_OK) and os.access(path.parent, os.W_OK))


def _make_folder(folder: Path) -> None:
    """Make the store's folder if needed.

    :raises OSError: naming a file that stands where a folder should be.
    """
    for parent in (folder, *folder.parents):
        if parent.exists() and not parent.is_dir():
            raise NotADirectoryError(0, f"{parent} is a file, not a folder")
    folder.mkdir(parents=True, exist_ok=True)


Method = TypeVar("Method", bound=Callable[..., Any])


def _file_errors(method: Method) -> Method:
    """A reading method of `GameStore` whose SQLite failures (a damaged file) become `StoreUnusable`."""
    @functools.wraps(method)
    def guarded(self: GameStore, *args: Any, **kwargs: Any) -> Any:
        with self.guarded():
            return method(self, *args, **kwargs)
    return cast(Method, guarded)


@dataclass(frozen=True)
class GameState:
    """A game as the log holds it after event `seq`: its table document and its table value (its rules'
    table, None before the set-up or when the events make no valid table). Neither is ever changed: each
    event makes new ones, sharing what it leaves as it was (`storage.events.advance`)."""

    seq: int
    document: dict[str, Any]
    table: Any
    sources: tuple[int, ...] = ()
    """The expansions' components the value was read with (their identities, `GameStore.source_ids`: an
    owner's entered values read again give a new object, and the value is read again with them)."""
    finished: bool = False
    amended: bool = False


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

    def __init__(self, path: str | Path, *, data: Any = None, timeout: float = 10.0,
                 sources: dict[str, Any] | None = None, read_only: bool = False) -> None:
        self.path = str(path)
        self.data = data or shipped_data()
        """The data of the game a log names by default (`UNNAMED_GAME`), given or as shipped."""
        self.sources: dict[str, Any] = dict(sources or {})
        """Where each expansion's components come from (an owner's entered Armada values, or a function
        reading them when a game needs them); an expansion not named: its shipped data."""
        self.read_only = read_only
        """True when the file is only read (asked for, or on a read-only disk): every write is refused."""
        self._states: dict[int, GameState] = {}
        """The last state of each game this store has read or written (replayed only when another process
        appended since)."""
        if read_only:
            self.db = self._open_read_only()
            return
        try:
            self.db = self._open_for_writing(timeout)
        except (OSError, sqlite3.Error) as error:
            if not _on_read_only_disk(Path(self.path)):
                raise StoreUnusable(f"{self.path}: not a usable game log: {_reason(error)}") from None
            self.db = self._open_read_only()        # a log on a read-only disk can still be read
            self.read_only = True

    def _open_for_writing(self, timeout: float) -> sqlite3.Connection:
        """Open (or create) the file in write-ahead-log mode and bring its schema up to date.

        :raises StoreUnusable: for a file of a newer version (nothing written); OSError or
            sqlite3.Error when the file cannot be opened or written.
        """
        if self.path != ":memory:":
            _make_folder(Path(self.path).parent)
        self.db = sqlite3.connect(self.path, timeout=timeout, isolation_level=None, check_same_thread=False)
        try:
            self.db.execute(f"PRAGMA busy_timeout={int(timeout * 1000)}")
            self._refuse_newer()
            self.db.execute("PRAGMA journal_mode=WAL")
            self.db.execute("PRAGMA synchronous=FULL")
            self.db.execute("PRAGMA foreign_keys=ON")
            self._migrate()
        except BaseException:
            self.db.close()
            raise
        return self.db

    def _open_read_only(self) -> sqlite3.Connection:
        """Open an existing file to read it only (SQLite's immutable mode: no journal, no lock file).

        :raises StoreUnusable: when it is missing, not a game log, or of another schema version.
        """
        if not Path(self.path).is_file():
            raise StoreUnusable(f"{self.path}: no game log there to read")
        uri = Path(self.path).resolve().as_uri() + "?mode=ro&immutable=1"
        self.db = sqlite3.connect(uri, uri=True, isolation_level=None, check_same_thread=False)
        try:
            self._refuse_newer()
            if self.version < SCHEMA_VERSION:
                raise StoreUnusable(f"{self.path} was written by an older version and is read-only: it cannot be "
                                    f"upgraded (copy it to a folder that can be written)")
        except sqlite3.Error as error:
            self.db.close()
            raise StoreUnusable(f"{self.path}: not a usable game log: {_reason(error)}") from None
        except StoreError:
            self.db.close()
            raise
        return self.db

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

    def _refuse_newer(self) -> None:
        """Refuse a file from a newer version before anything is written to it (reading the
        version writes nothing; switching the journal mode would)."""
        version = self.version
        if version > SCHEMA_VERSION:
            raise StoreUnusable(f"{self.path} was written by a newer version (schema {version}; this one reads "
                                f"up to {SCHEMA_VERSION}); it is left as it is")

    def _migrate(self) -> None:
        with self.atomic():
            self._refuse_newer()
            for number in range(self.version, SCHEMA_VERSION):
                MIGRATIONS[number](self.db)
                self.db.execute(f"PRAGMA user_version={number + 1}")

    @contextlib.contextmanager
    def atomic(self) -> Iterator[sqlite3.Connection]:
        """A write transaction, taken at once (BEGIN IMMEDIATE) so two processes never interleave;
        rolled back on any exception. A failure of the file itself (full disk, read-only, damaged)
        becomes `StoreUnusable`.
        """
        with self.guarded():
            self.db.execute("BEGIN IMMEDIATE")
        try:
            yield self.db
            with self.guarded():
                self.db.execute("COMMIT")
        except BaseException as error:
            if self.db.in_transaction:
                with contextlib.suppress(sqlite3.Error):
                    self.db.execute("ROLLBACK")
            if isinstance(error, sqlite3.Error):
                raise self.unusable(error) from None
            raise

    @contextlib.contextmanager
    def guarded(self) -> Iterator[None]:
        """Turn SQLite's failures of the file (damaged pages, full disk...) into `StoreUnusable`."""
        try:
            yield
        except sqlite3.Error as error:
            raise self.unusable(error) from None

    def unusable(self, error: sqlite3.Error) -> StoreUnusable:
        """The error telling that this store's file failed, and why."""
        return StoreUnusable(f"{self.path}: the game log cannot be used: {_reason(error)}")

    # -- writing ------------------------------------------------------------------------------
    def new_game(self, players: list[dict[str, Any]], *, variant: str = "standard", expansions: list[str] | None = None,
                 options: dict[str, int] | None = None, source: str = "hand", at: str | None = None,
                 game_uuid: str | None = None, teams: list[list[str]] | None = None,
                 then: Sequence[LoggedEvent] = (), finish: bool = False, finished_at: str | None = None,
                 allow_twin: bool = True) -> int:
        """Start a game with its seating (clockwise) and the events `then` that belong to its set-up
        (an Armada game's port boards; a whole table logged at once), all in one transaction; with
        `finish`, score it and mark it finished in that transaction too. Return its id.

        :raises EventError: when the set-up or an event of `then` is not valid (nothing is written).
        :raises DuplicateGame: with `finish` and not `allow_twin`, when a finished game of the log
            has the very same final table (nothing is written).
        :raises StoreError: with `finish`, when the table cannot be scored.
        """
        if not players:
            raise EventError("a game needs its players: none given")
        players = self.with_player_ids(players)
        payload: dict[str, Any] = {"variant": variant, "expansions": list(expansions or []), "players": players}
        if options:
            payload["options"] = options
        if teams:
            payload["teams"] = teams
        document, table = self._checked(Event(1, "game_set_up", payload, source, at or now_iso()),
                                        empty_document(), None)
        with self.atomic() as db:
            cursor = db.execute("INSERT INTO games (uuid, started_at, status) VALUES (?, ?, 'playing')",
                                (game_uuid or str(uuid.uuid4()), at or now_iso()))
            game_id = int(cursor.lastrowid or 0)
            self._insert(db, game_id, 1, "game_set_up", payload, source, at)
            for seat, player in enumerate(players):
                db.execute("INSERT INTO players (game_id, seat, name, wonder, side) VALUES (?, ?, ?, ?, ?)",
                           (game_id, seat, player["name"], player["wonder"], player["side"]))
            state = self._write_checked(db, game_id, "playing", GameState(1, document, table), then, at)[0]
            if finish:
                twin = None if allow_twin else self._finished_twin(db, state.document)
                if twin is not None:
                    raise DuplicateGame(twin)
                self._finish(db, game_id, finished_at or at)
        if finish:
            self._states.pop(game_id, None)
        else:
            self._states[game_id] = replace(state, sources=self.source_ids(state.document))
        return game_id

    def with_player_ids(self, players: list[dict[str, Any]]) -> list[dict[str, Any]]:
        """A new game's players (name, wonder, side...), each with their stable id (`player_ids`)."""
        with self.guarded():
            ids = new_player_ids(self.db, [str(p["name"]) for p in players], self.setting(RENAMED_SETTING, {}))
        return [{**p, "id": p.get("id") or ids[seat]} for seat, p in enumerate(players)]

    def append(self, game_id: int, kind: str, payload: dict[str, Any], *, source: str = "hand",
               at: str | None = None) -> int:
        """Append one event and commit it; return its sequence number (saved when this returns).

        :raises EventError: when the event is malformed, does not fit the game, or changes a
            finished game without saying it amends it.
        :raises GameNotFound: for an unknown game.
        """
        return self.append_all(game_id, [(kind, payload, source)], at=at)[-1]

    def append_all(self, game_id: int, events: Sequence[LoggedEvent], *, at: str | None = None) -> list[int]:
        """Append several events (kind, payload, source) in one transaction: all are saved or none
        (one tap that logs several facts, such as an age's land and naval tokens, is never half
        saved by a crash). Each is checked against the game as the ones before it left it.

        :raises EventError: as `append`, for any of them (then nothing is written).
        :raises GameNotFound: for an unknown game.
        """
        return self.append_built(game_id, lambda _document: events, at=at)

    def append_built(self, game_id: int, build: Callable[[dict[str, Any]], Sequence[LoggedEvent]], *,
                     at: str | None = None) -> list[int]:
        """Append the events `build` makes from the game as the log holds it inside the write
        transaction, all or none; return their sequence numbers.

        Two sessions on one game (the app and a command, two windows) each build on the latest
        state: a coin count or a port board another process changed a moment ago is not overwritten
        by a stale copy. `build` gets the table document as the log holds it (`current`'s: read it, never
        change it; its state, with the table value, is `state_of(document)`) and may raise to write nothing.

        :raises EventError: as `append_all`.
        :raises GameNotFound: for an unknown game.
        """
        with self.atomic() as db:
            status = self._status(db, game_id)
            state = self._state(db, game_id)
            events = build(state.document)
            state, numbers = self._write_checked(db, game_id, status, state, events, at)
        if numbers:
            self._states[game_id] = state
        return numbers

    def document(self, game_id: int) -> dict[str, Any]:
        """A copy of the table document as the log holds it now (kept between calls, replayed only
        when another process appended)."""
        return copy.deepcopy(self.current(game_id).document)

    def current(self, game_id: int) -> GameState:
        """The game as the log holds it now: its document and table value, shared (never change them;
        `document` gives a copy to change), replayed only when another process appended since.

        :raises GameNotFound: for an unknown game.
        """
        with self.guarded():
            self._status(self.db, game_id)
            return self._state(self.db, game_id)

    def state_of(self, document: dict[str, Any]) -> GameState | None:
        """The state whose document this store handed out (`current`, `append_built`): that very object;
        None for any other document."""
        for state in self._states.values():
            if state.document is document:
                return state
        return None

    def _write_checked(self, db: sqlite3.Connection, game_id: int, status: str, state: GameState,
                       events: Sequence[LoggedEvent], at: str | None) -> tuple[GameState, list[int]]:
        """Check and insert `events` after `state` (inside the caller's transaction); return the state
        they leave and their numbers."""
        numbers: list[int] = []
        seq, document, table, amended = state.seq, state.document, state.table, state.amended
        for kind, payload, source in events:
            seq += 1
            amends = isinstance(payload, dict) and bool(payload.get("amend"))
            if status == "finished" and changes_table(kind) and not amends:
                raise EventError("the game is finished: a change must say what it amends ('amend': a note)")
            document, table = self._checked(Event(seq, kind, payload, source, at or now_iso()), document, table)
            self._insert(db, game_id, seq, kind, payload, source, at)
            if status == "finished" and changes_table(kind):
                db.execute("UPDATE games SET corrected = 1 WHERE id = ?", (game_id,))
                amended = True
            numbers.append(seq)
        return GameState(seq, document, table, state.sources, status == "finished", amended), numbers

    def _finished_twin(self, db: sqlite3.Connection, document: dict[str, Any]) -> int | None:
        """The finished game whose final table is exactly `document`, if any."""
        for game_id, table_json in db.execute("SELECT game_id, table_json FROM results ORDER BY game_id"):
            if json.loads(table_json) == document:
                return int(game_id)
        return None

    def finish(self, game_id: int, *, at: str | None = None) -> dict[str, Any]:
        """Score the game, store the final table and sheet, mark it finished; return the sheet.

        A finished game that was amended is scored again by calling this once more.

        :raises StoreError: when the events do not make a valid table.
        """
        with self.atomic() as db:
            sheet = self._finish(db, game_id, at)
        self._states.pop(game_id, None)
        return sheet

    def _finish(self, db: sqlite3.Connection, game_id: int, at: str | None) -> dict[str, Any]:
        """`finish` inside the caller's transaction."""
        status = self._status(db, game_id)
        events = self._events(db, game_id)
        when = at or now_iso()
        sheet = self.record_result(db, game_id, events, when)
        seq = len(events)
        self._insert(db, game_id, seq + 1, "score_computed", {"sheet": sheet}, "engine", when)
        if status != "finished":
            self._insert(db, game_id, seq + 2, "game_finished", {}, "hand", when)
        return sheet

    def record_result(self, db: sqlite3.Connection, game_id: int, events: list[Event], when: str) -> dict[str, Any]:
        """Score the replayed events, store the final table and sheet, mark the game finished
        (inside the caller's transaction); return the sheet.

        :raises StoreError: when the events do not make a valid table.
        """
        state = replay(events, self.data, sources=self.sources)
        game = game_of(state)
        try:
            sheet = GAME_RESULTS.find(game)(state)
        except ResultRefused as error:
            raise StoreError(str(error)) from None
        except LookupError:
            raise StoreError(f"the game cannot be scored: no game '{game}' is installed") from None
        db.execute("UPDATE games SET status = 'finished', finished_at = COALESCE(finished_at, ?), game = ? "
                   "WHERE id = ?", (when, game, game_id))
        db.execute("INSERT OR REPLACE INTO results (game_id, table_json, sheet_json, computed_at) VALUES (?, ?, ?, ?)",
                   (game_id, json.dumps(state.document), json.dumps(sheet), when))
        return sheet

    def _insert(self, db: sqlite3.Connection, game_id: int, seq: int, kind: str, payload: dict[str, Any],
                source: str, at: str | None) -> None:
        db.execute("INSERT INTO events (game_id, seq, kind, source, at, payload) VALUES (?, ?, ?, ?, ?, ?)",
                   (game_id, seq, kind, source, at or now_iso(), json.dumps(payload, ensure_ascii=False)))

    def _state(self, db: sqlite3.Connection, game_id: int) -> GameState:
        """The game after its last event, from this store's cache when no other process has appended
        since, else replayed; its table value read again when an expansion's components changed."""
        last = db.execute("SELECT COALESCE(MAX(seq), 0) FROM events WHERE game_id = ?", (game_id,)).fetchone()[0]
        cached = self._states.get(game_id)
        if cached is None or cached.seq != last:
            replayed = replay(self._events(db, game_id), self.data, sources=self.sources)
            cached = GameState(int(last), replayed.document, replayed.table, self.source_ids(replayed.document),
                               replayed.finished, replayed.amended)
        elif cached.sources != (sources := self.source_ids(cached.document)):
            table, _ = logged_game(cached.document).table(cached.document, self.data, self.sources)
            cached = replace(cached, table=table, sources=sources)
        self._states[game_id] = cached
        return cached

    def source_ids(self, document: dict[str, Any]) -> tuple[int, ...]:
        """The identities of the components of the expansions `document` plays with, as `sources` gives
        them now (a function is asked: an owner's entered values read again are a new object)."""
        played = document.get("expansions") or ()
        return tuple(id(source() if callable(source) else source)
                     for name, source in self.sources.items() if name in played)

    def _checked(self, event: Event, document: dict[str, Any], table: Any) -> tuple[dict[str, Any], Any]:
        """The document and table value after `event`, which must be well formed and leave a valid table.

        :raises EventError: naming what is wrong.
        """
        if event.source not in SOURCES:
            raise EventError(f"unknown source '{event.source}'; one of {', '.join(SOURCES)}")
        problems = check_payload(event.kind, event.payload, len(document["players"]) or None)
        if problems:
            raise EventError("; ".join(str(p) for p in problems))
        return advance(document, table, event, self.data, self.sources)

    # -- reading ------------------------------------------------------------------------------
    def _status(self, db: sqlite3.Connection, game_id: int) -> str:
        row = db.execute("SELECT status FROM games WHERE id = ?", (game_id,)).fetchone()
        if row is None:
            raise GameNotFound(f"no game {game_id} in {self.path}")
        return str(row[0])

    def _events(self, db: sqlite3.Connection, game_id: int, *, after: int = 0) -> list[Event]:
        return [Event(seq, kind, json.loads(payload), source, at) for seq, kind, source, at, payload in db.execute(
            "SELECT seq, kind, source, at, payload FROM events WHERE game_id = ? AND seq > ? ORDER BY seq",
            (game_id, after))]

    @_file_errors
    def events(self, game_id: int) -> list[Event]:
        """Every event of a game, in order.

        :raises GameNotFound: for an unknown game.
        """
        self._status(self.db, game_id)
        return self._events(self.db, game_id)

    @_file_errors
    def events_after(self, game_id: int, seq: int) -> list[Event]:
        """The events of a game logged after event `seq`, in order (a reader that keeps the earlier
        ones reads only what is new).

        :raises GameNotFound: for an unknown game.
        """
        self._status(self.db, game_id)
        return self._events(self.db, game_id, after=seq)

    def state(self, game_id: int, *, upto: int | None = None) -> Replay:
        """The table as it stood after event `upto` (default: now), rebuilt from the events."""
        return replay(self.events(game_id), self.data, upto=upto, sources=self.sources)

    @_file_errors
    def has_game(self, game_uuid: str) -> bool:
        """True when a game with that UUID is in the log."""
        return self.db.execute("SELECT 1 FROM games WHERE uuid = ?", (game_uuid,)).fetchone() is not None

    @_file_errors
    def delete_game(self, game_id: int) -> None:
        """Remove a game and everything logged about it (an abandoned game nobody will finish).

        :raises GameNotFound: for an unknown game.
        """
        with self.atomic() as db:
            self._status(db, game_id)
            db.execute("DELETE FROM games WHERE id = ?", (game_id,))
        self._states.pop(game_id, None)             # its id may be given to the next game

    @_file_errors
    def unfinished(self) -> int | None:
        """The most recently started game still being played, if any."""
        row = self.db.execute("SELECT id FROM games WHERE status = 'playing' ORDER BY started_at DESC, id DESC "
                              "LIMIT 1").fetchone()
        return None if row is None else int(row[0])

    @_file_errors
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
    @_file_errors
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

    @_file_errors
    def known_player_names(self) -> list[str]:
        """Names of earlier players, most frequent first (the app offers them at set-up)."""
        return [row[0] for row in self.db.execute(
            "SELECT name FROM players GROUP BY name ORDER BY COUNT(*) DESC, MAX(game_id) DESC, name")]

    def integrity_ok(self) -> bool:
        """True when SQLite's integrity check passes (False for a file too damaged to check)."""
        try:
            return bool(self.db.execute("PRAGMA integrity_check").fetchone()[0] == "ok")
        except sqlite3.DatabaseError:
            return False
