"""Games in and out of the log: our JSON (every event), CSV (one row per player), BG Stats plays.

Importing checks a file as strictly as the app checks what a player enters: every event is
validated and replayed through the engine before anything is written, and a bad file changes
nothing. Scores are never taken from a file: a finished game is scored again here.
"""

from __future__ import annotations

import csv
import datetime
import io
import json
import re
import urllib.parse
import uuid as uuidlib
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.fileformats import other_format
from companion.jsonread import JsonInputError, Problem, Problems, Reader, load_json_file, problem_lines, quoted
from companion.plugins import Registry
from companion.storage.database import GameStore, StoreError
from companion.storage.events import (
    SOURCES,
    UNNAMED_GAME,
    Event,
    EventError,
    changes_table,
    empty_document,
    event_kinds,
    replay,
)
from companion.storage.player_ids import player_id

__all__ = [
    "BGSTATS_CANNOT_CARRY",
    "COMMON_COLUMNS",
    "CSV_BOM",
    "EXPORTERS",
    "FORMULA_STARTS",
    "GAME_FORMAT",
    "MAX_IMPORT_BYTES",
    "CheckedGame",
    "Exporter",
    "ImportRefused",
    "bgstats_play_date",
    "bgstats_url",
    "check_game",
    "csv_columns",
    "export_bgstats",
    "export_csv",
    "export_json",
    "import_game",
    "import_games",
    "spreadsheet_cell",
    "write_games",
]

GAME_FORMAT = "sevenwonders-game/1"
MAX_IMPORT_BYTES = 10_000_000
MAX_EVENTS = 20_000
MAX_GAMES = 10_000
"""The most games one import file holds (a real game exports to a few kilobytes of the 10 MB allowed)."""
BGSTATS_CANNOT_CARRY = (
    "the score categories (military, treasury, wonder, civilian, science, commercial, guilds): BG Stats keeps one "
    "score per player",
    "the cities (cards and stages) and every event of the game",
    "the coin tie-break, except through each player's rank",
    "the two-player variant's free city, which is no player",
    "corrections made after the game was finished (only the corrected result is sent)",
)


class ImportRefused(StoreError):
    """A file that cannot be imported; `problems` lists every reason, one line each."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("\n".join(problems))


def export_json(store: GameStore, game_id: int) -> dict[str, Any]:
    """A whole game: its identity, every event, the final table and sheet."""
    summary = store.game(game_id)
    state = store.state(game_id)
    return {"format": GAME_FORMAT, "uuid": summary.uuid, "started_at": summary.started_at,
            "finished_at": summary.finished_at, "status": summary.status, "corrected": summary.corrected,
            "events": [e.to_json() for e in store.events(game_id)], "table": state.document, "sheet": summary.sheet}


FORMULA_STARTS = ("=", "+", "-", "@", "\t", "\r")
"""A spreadsheet takes a cell starting with one of these for a formula (OWASP's CSV injection list)."""
_PLAIN_NUMBER = re.compile(r"[+-]?(\d+(\.\d*)?|\.\d+)([eE][+-]?\d+)?")


def spreadsheet_cell(value: Any) -> Any:
    """A CSV cell a spreadsheet shows as it is and never runs: text starting with = + - @ tab or
    carriage return gets a leading apostrophe (OWASP's rule); numbers, and text that is a plain
    number such as ``-2``, stay numbers."""
    if not isinstance(value, str) or not value.startswith(FORMULA_STARTS) or _PLAIN_NUMBER.fullmatch(value):
        return value
    return "'" + value


CSV_BOM = "\ufeff"
"""The UTF-8 byte-order mark that makes Excel read the file as UTF-8 (Cyrillic names)."""


COMMON_COLUMNS = (("game", 0), ("uuid", 10), ("started_at", 20), ("finished_at", 30), ("seat", 40), ("player", 50),
                  ("board", 60), ("total", 200), ("rank", 220), ("winner", 230), ("corrected", 240), ("title", 250))
"""The CSV columns of every game, each with its rank (the header's order: a game's columns fall between)."""


@dataclass(frozen=True)
class Exporter:
    """What a game adds to the exports: its CSV columns and rows, its BG Stats play."""

    columns: Callable[[], tuple[tuple[str, int], ...]]
    """Its CSV columns beyond `COMMON_COLUMNS`, each with its rank in the header (a column another
    game has already keeps that game's place)."""
    rows: Callable[[Any], list[dict[str, Any]]]
    """The CSV cells of each player of a finished game (its summary), beyond the game's identity."""
    bgstats: Callable[[GameStore, int, Any, int | None, str, dict[str, str]], dict[str, Any]]
    """The BG Stats play of a finished game: (store, game id, summary, minutes played, its ``playDate``,
    the players' stable ids by name)."""


EXPORTERS: Registry[Exporter] = Registry("exporter", "exports")
"""Each game's exports, by the game id its score sheets write in ``game`` (none: `UNNAMED_GAME`)."""


def _exporter(sheet: dict[str, Any]) -> Exporter:
    """The exporter of a stored score sheet's game."""
    return EXPORTERS.get(str(sheet.get("game") or UNNAMED_GAME)) or EXPORTERS.find(UNNAMED_GAME)


def csv_columns() -> tuple[str, ...]:
    """The CSV header: the common columns and every game's, by rank (a name once, at its first rank)."""
    ranked: dict[str, int] = dict(COMMON_COLUMNS)
    for exporter in EXPORTERS.values():
        for name, rank in exporter.columns():
            ranked.setdefault(name, rank)
    return tuple(sorted(ranked, key=lambda name: ranked[name]))


def export_csv(store: GameStore, game_ids: list[int]) -> str:
    """One row per player of each finished game of any game: its identity, the board, points per
    category (a cell that does not apply to a row's game is left empty: Armada's naval, islands and
    port for a game without Armada), total, rank, winner, and the game's `title` (its id); each
    game's own cells (`EXPORTERS`). RFC 4180 (CR LF line ends), after a byte-order mark so that a
    spreadsheet reads it as UTF-8; a text cell that a spreadsheet would run as a formula (a player
    called ``=HYPERLINK(...)``) starts with an apostrophe."""
    out = io.StringIO(newline="")
    out.write(CSV_BOM)
    writer = csv.DictWriter(out, csv_columns(), restval="", lineterminator="\r\n")
    writer.writeheader()
    for game_id in game_ids:
        summary = store.game(game_id)
        if summary.sheet is None:
            continue
        for seat, row in enumerate(_exporter(summary.sheet).rows(summary)):
            cells = {"game": summary.id, "uuid": summary.uuid, "started_at": summary.started_at,
                     "finished_at": summary.finished_at, "seat": seat, "corrected": int(summary.corrected), **row}
            writer.writerow({column: spreadsheet_cell(value) for column, value in cells.items()})
    return out.getvalue()


def _duration_minutes(started: str, finished: str | None) -> int | None:
    if not finished:
        return None
    try:
        seconds = (datetime.datetime.fromisoformat(finished) - datetime.datetime.fromisoformat(started)).total_seconds()
    except ValueError:
        return None
    return max(1, round(seconds / 60)) if seconds > 0 else None


def bgstats_play_date(started_at: str, finished_at: str | None) -> str:
    """BG Stats' ``playDate``: when the play ended, in UTC, as ``yyyy-MM-dd HH:mm:ss`` (its createPlay
    import's format; BG Stats shows it in the phone's own time zone). The log's times are ISO 8601 with
    their offset (a time without one is UTC, docs/game-log.md); an unfinished game gives its start."""
    import datetime

    try:
        when = datetime.datetime.fromisoformat(finished_at or started_at)
    except ValueError:                                  # a time no ISO 8601 reader takes: as it is written
        return (finished_at or started_at).replace("T", " ")[:19]
    if when.tzinfo is None:
        when = when.replace(tzinfo=datetime.UTC)
    return when.astimezone(datetime.UTC).strftime("%Y-%m-%d %H:%M:%S")


def export_bgstats(store: GameStore, game_id: int) -> dict[str, Any]:
    """The game as a BG Stats play (its "createPlay" import: the play, the game by BoardGameGeek id,
    each player's total score, winner and rank by their stable id; the wonder and side as the
    player's role).

    :raises StoreError: when the game is not finished (a play needs its result).
    """
    summary = store.game(game_id)
    if summary.sheet is None:
        raise StoreError(f"game {game_id} is not finished: BG Stats needs its result")
    ids = {p["name"]: player_id(p) for p in store.events(game_id)[0].payload["players"]}
    play_date = bgstats_play_date(summary.started_at, summary.finished_at)
    return _exporter(summary.sheet).bgstats(store, game_id, summary,
                                            _duration_minutes(summary.started_at, summary.finished_at), play_date, ids)


def bgstats_url(play: dict[str, Any]) -> str:
    """The link (or QR code content) that opens BG Stats with the play ready to save."""
    return "https://app.bgstatsapp.com/createPlay.html?data=" + urllib.parse.quote(
        json.dumps(play, ensure_ascii=False, separators=(",", ":")), safe="")


def _time(reader: Reader) -> str | None:
    """The value as a time written in ISO 8601 (as exports write them), else None and a problem."""
    text = reader.as_str(max_length=40)
    if text is None:
        return None
    try:
        datetime.datetime.fromisoformat(text)
    except ValueError:
        reader.problem(f"not a time: {quoted(text)} (ISO 8601, e.g. 2024-05-01T20:15:00+00:00)")
        return None
    return text


def _read_events(reader: Reader) -> list[Event]:
    events = []
    items = reader.as_list(max_length=MAX_EVENTS)
    for index, item in enumerate(items):
        item.as_object(allowed=("seq", "kind", "source", "at", "payload"))
        seq = item["seq"].as_int(minimum=1, maximum=MAX_EVENTS)
        kind = item["kind"].as_str(choices=event_kinds(), what="event kind")
        source = item["source"].as_str(choices=SOURCES, what="source")
        at = _time(item["at"])
        payload = item["payload"].as_object()
        if seq is not None and seq != index + 1:
            item["seq"].problem(f"events must be numbered 1, 2, 3... in order; expected {index + 1}")
        if None not in (seq, kind, source, at, payload):
            assert kind is not None and source is not None and at is not None and payload is not None
            events.append(Event(index + 1, kind, payload, source, at))
    return events


@dataclass(frozen=True)
class CheckedGame:
    """A game that passed every import check, ready to write."""

    uuid: str
    started_at: str
    events: list[Event]
    finished: bool


def import_game(store: GameStore, document: Any) -> int:
    """Store a game exported by `export_json`; return its new id.

    :raises ImportRefused: with every problem; nothing is written then.
    """
    return write_games(store, [check_game(store, document)])[0]


def import_games(store: GameStore, document: Any) -> list[int]:
    """Store one exported game or a list of them (`export --all`), all or none; return the new ids.

    :raises ImportRefused: with every problem of every game; nothing is written then.
    """
    other = other_format(document, GAME_FORMAT)
    if other is not None:
        raise ImportRefused([other])
    if not isinstance(document, list):
        return [import_game(store, document)]
    if len(document) > MAX_GAMES:
        raise ImportRefused([f"too many games ({len(document):,}; at most {MAX_GAMES:,} in one file)"])
    checked: list[CheckedGame] = []
    problems: Problems[str] = Problems()
    for index, game in enumerate(document):
        try:
            checked.append(check_game(store, game))
        except ImportRefused as error:
            problems += [f"game {index + 1} of the file: {p}" for p in error.problems]
    seen: set[str] = set()
    for index, game in enumerate(checked):
        if game.uuid in seen:
            problems.append(f"game {index + 1} of the file: uuid: this game ({game.uuid}) is in the file twice")
        seen.add(game.uuid)
    if problems:
        raise ImportRefused(problem_lines(problems))
    return write_games(store, in_play_order(checked))


def in_play_order(games: list[CheckedGame]) -> list[CheckedGame]:
    """The games oldest first, so that they are numbered in the order they were played (`export --all`
    lists the newest first); games started at the same time keep the reverse of the file's order."""
    order = sorted(range(len(games)), key=lambda index: (games[index].started_at, -index))
    return [games[index] for index in order]


def check_game(store: GameStore, document: Any) -> CheckedGame:
    """Validate one exported game and replay its events through the engine.

    :raises ImportRefused: with every problem found.
    """
    other = other_format(document, GAME_FORMAT)
    if other is not None:
        raise ImportRefused([other])
    problems: Problems[Problem] = Problems()
    reader = Reader(document, problems)
    if reader.as_object(allowed=("format", "uuid", "started_at", "finished_at", "status", "corrected", "events",
                                 "table", "sheet")) is None:
        raise ImportRefused(problem_lines(problems))
    if reader["format"].present and reader["format"].as_str() not in (None, GAME_FORMAT):
        reader["format"].problem(f"expected '{GAME_FORMAT}'")
    game_uuid = reader["uuid"].as_str(max_length=60)
    if game_uuid is not None:
        try:
            uuidlib.UUID(game_uuid)
        except ValueError:
            reader["uuid"].problem("not a UUID")
    started = _time(reader["started_at"])
    if reader["finished_at"].present and reader["finished_at"].value is not None:
        _time(reader["finished_at"])
    events = _read_events(reader["events"])
    if problems or started is None or game_uuid is None:
        raise ImportRefused(problem_lines(problems))
    if not events or events[0].kind != "game_set_up":
        raise ImportRefused(["events[0]: a game starts with its game_set_up event"])
    if store.has_game(game_uuid):
        raise ImportRefused([_already_logged(store, game_uuid)])
    document_state, table = empty_document(), None
    finished = False
    for event in events:
        try:
            if finished and changes_table(event.kind) and not event.payload.get("amend"):
                raise EventError("a change after the game was finished must say what it amends")
            document_state, table = store._checked(event, document_state, table)
        except (EventError, KeyError, TypeError) as error:
            raise ImportRefused([f"events[{event.seq - 1}] ({event.kind}): {error}"]) from None
        finished = finished or event.kind == "game_finished"
    state = replay(events, store.data, sources=store.sources)
    if finished and state.table is None:
        raise ImportRefused(["events: the game is marked finished but its table cannot be scored"])
    return CheckedGame(game_uuid, started, events, finished)


def _already_logged(store: GameStore, game_uuid: str) -> str:
    """The problem of a game the log holds already, naming its number there."""
    row = store.db.execute("SELECT id FROM games WHERE uuid = ?", (game_uuid,)).fetchone()
    where = f" as game {row[0]}" if row else ""
    return f"uuid: this game ({game_uuid}) is already in the log{where}"


def write_games(store: GameStore, games: list[CheckedGame]) -> list[int]:
    """Insert games that passed `check_game` in one transaction, scoring the finished ones; return their ids."""
    ids = []
    with store.atomic() as db:
        for game in games:
            if store.has_game(game.uuid):                 # imported meanwhile by another process
                raise ImportRefused([_already_logged(store, game.uuid)])
            cursor = db.execute("INSERT INTO games (uuid, started_at, status) VALUES (?, ?, 'playing')",
                                (game.uuid, game.started_at))
            game_id = int(cursor.lastrowid or 0)
            db.executemany("INSERT INTO events (game_id, seq, kind, source, at, payload) VALUES (?, ?, ?, ?, ?, ?)",
                           [(game_id, e.seq, e.kind, e.source, e.at, json.dumps(e.payload, ensure_ascii=False))
                            for e in game.events])
            db.executemany("INSERT INTO players (game_id, seat, name, wonder, side) VALUES (?, ?, ?, ?, ?)",
                           [(game_id, seat, p["name"], p["wonder"], p["side"])
                            for seat, p in enumerate(game.events[0].payload["players"])])
            corrected = any(e.payload.get("amend") for e in game.events)
            db.execute("UPDATE games SET corrected = ? WHERE id = ?", (int(corrected), game_id))
            if game.finished:
                finish_at = next(e.at for e in game.events if e.kind == "game_finished")
                store.record_result(db, game_id, game.events, finish_at)
            ids.append(game_id)
    return ids


def read_import_file(path: str | Path) -> Any:
    """Read a file to import.

    :raises ImportRefused: when it is too large, not UTF-8 or not JSON.
    """
    try:
        return load_json_file(path, MAX_IMPORT_BYTES)
    except OSError as error:
        raise ImportRefused([f"{path}: cannot read: {error.strerror or error}"]) from None
    except JsonInputError as error:
        raise ImportRefused([f"{path}: {error}"]) from None
