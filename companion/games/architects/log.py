"""Architects games in the game log: starting one, scoring it when it is finished, and what history,
statistics and the exports need of its sheets (BG Stats with BoardGameGeek id 346703)."""

from __future__ import annotations

import uuid
from collections.abc import Sequence
from dataclasses import replace
from typing import TYPE_CHECKING, Any

from companion.games.architects.events import architects_sheet, area_of, set_up_payload
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.tablefile import GAME
from companion.storage.events import Event, Replay, empty_document, now_iso
from companion.storage.games import GAME_RESULTS, ResultRefused

if TYPE_CHECKING:
    from companion.storage.database import GameStore

__all__ = [
    "architects_bgstats",
    "architects_game_ids",
    "architects_result",
    "architects_statistics",
    "is_architects_sheet",
    "new_architects_game",
    "record_architects_table",
    "table_events",
]

BGG_ID = 346703
"""7 Wonders Architects on BoardGameGeek."""


def architects_game_ids(store: GameStore) -> set[int]:
    """The ids of the Architects games in the log (their set-up says so; also for imported games)."""
    rows = store.db.execute("SELECT game_id FROM events WHERE seq = 1 AND kind = 'game_set_up' "
                            "AND json_extract(payload, '$.game') = ?", (GAME,))
    return {int(row[0]) for row in rows}


def is_architects_sheet(sheet: dict[str, Any] | None) -> bool:
    """True for the stored score sheet of an Architects game."""
    return sheet is not None and sheet.get("game") == GAME


def new_architects_game(store: GameStore, table: ArchitectsTable, *, source: str = "hand",
                        at: str | None = None) -> int:
    """Start an Architects game with its seating (clockwise) and its expansions' set-up, in one
    transaction; return its id.

    :raises EventError: when the set-up is not a valid table.
    """
    return _log_game(store, table, source=source, at=at)


def record_architects_table(store: GameStore, table: ArchitectsTable, *, source: str = "hand",
                            at: str | None = None, allow_twin: bool = False) -> int:
    """Log a finished Architects table (a table file) as a finished game: the set-up, every
    player's area and the turned Conflict tokens as events, then the result, all in one
    transaction; return its id.

    :raises EventError: when an event does not make a valid table (nothing is logged then).
    :raises DuplicateGame: unless `allow_twin`, when the very same finished table is in the log.
    """
    return _log_game(store, table, source=source, at=at, then=table_events(table, source), finish=True,
                     allow_twin=allow_twin)


def table_events(table: ArchitectsTable, source: str = "hand") -> list[tuple[str, dict[str, Any], str]]:
    """The events that rebuild a table after its set-up: one area per player, then the Conflict
    tokens turned since the last battle."""
    events: list[tuple[str, dict[str, Any], str]] = [
        ("architects_area_set", area_of(table, seat), source) for seat in range(len(table.players))]
    if table.conflicts_flipped:
        events.append(("architects_conflicts_set", {"flipped": table.conflicts_flipped}, source))
    return events


def _log_game(store: GameStore, table: ArchitectsTable, *, source: str, at: str | None,
              then: Sequence[tuple[str, dict[str, Any], str]] = (), finish: bool = False,
              allow_twin: bool = True) -> int:
    """Insert a game, its set-up and the events `then` in one transaction; with `finish`, score it
    and mark it finished in that transaction too (refused when a finished twin exists and not
    `allow_twin`)."""
    from companion.storage.database import DuplicateGame, GameState

    when = at or now_iso()
    payload = set_up_payload(table)
    payload["players"] = store.with_player_ids(payload["players"])
    document, value = store._checked(Event(1, "game_set_up", payload, source, when), empty_document(), None)
    with store.atomic() as db:
        cursor = db.execute("INSERT INTO games (uuid, game, started_at, status) VALUES (?, ?, ?, 'playing')",
                            (str(uuid.uuid4()), GAME, when))
        game_id = int(cursor.lastrowid or 0)
        store._insert(db, game_id, 1, "game_set_up", payload, source, when)
        db.executemany("INSERT INTO players (game_id, seat, name, wonder, side) VALUES (?, ?, ?, ?, '')",
                       [(game_id, seat, p.name, p.wonder.id) for seat, p in enumerate(table.players)])
        state = store._write_checked(db, game_id, "playing", GameState(1, document, value), then, when)[0]
        if finish:
            twin = None if allow_twin else store._finished_twin(db, state.document)
            if twin is not None:
                raise DuplicateGame(twin)
            store._finish(db, game_id, when)
    if not finish:
        store._states[game_id] = replace(state, sources=store.source_ids(state.document))
    return game_id


def architects_result(state: Replay) -> dict[str, Any]:
    """The sheet of a finished Architects game.

    :raises ResultRefused: when the events do not make a valid table.
    """
    if state.table is None or state.problems:
        raise ResultRefused("the game cannot be scored: " + "; ".join(state.problems or ["no players"]))
    return architects_sheet(state.table)


GAME_RESULTS.register(GAME, architects_result, game="architects")


def architects_statistics(store: GameStore) -> dict[str, Any]:
    """Wins and averages per player and per wonder over the finished Architects games, and the
    average of each category (`companion.storage.stats`, as `companion games stats --json` prints them)."""
    from companion.storage.stats import game_statistics

    return game_statistics(store)[GAME].to_json(best=False)


def architects_bgstats(summary: Any, duration: int | None, play_date: str, ids: dict[str, str]) -> dict[str, Any]:
    """A finished Architects game as a BG Stats play (the wonder as each player's role), dated
    `play_date`, the players by their stable `ids` (name -> id)."""
    sheet = summary.sheet
    wonders = load_architects_data().wonders
    players = [{"name": line["name"], "sourcePlayerId": ids[line["name"]], "score": line["total"],
                "winner": line["name"] in sheet["winners"], "startPlayer": False, "rank": line["rank"],
                "role": wonders[line["wonder"]].name} for line in sheet["players"]]
    play: dict[str, Any] = {
        "sourceName": "Table Companion for 7 Wonders", "sourcePlayId": summary.uuid,
        "playDate": play_date,
        "game": {"name": "7 Wonders Architects", "sourceGameId": GAME, "bggId": BGG_ID, "highestWins": True,
                 "noPoints": False},
        "players": players,
    }
    if duration is not None:
        play["durationMin"] = duration
    return play
