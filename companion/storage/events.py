"""A game as an append-only list of events, and the replay that rebuilds the table from them.

Every change a player enters or the camera confirms is one event (set-up, card confirmed, card
removed by undo, stage built, coins changed, conflicts resolved, choices, score computed, game
finished; with Armada, a city's port state; the players' answer to whose cards the camera could
not place), with its time and source (camera, hand, engine, import). Replaying the events through
the engine gives the table at any moment; nothing else is stored as truth. After the game is
finished, a change must say it amends the game (``amend``: a note), so history shows corrections.
"""

from __future__ import annotations

import copy
import datetime
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from companion.games.architects.events import (
    ARCHITECTS_KINDS,
    ArchitectsEventError,
    apply_architects,
    architects_problems,
    architects_table,
    check_architects_payload,
    is_architects,
)
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.table import Table
from companion.games.sevenwonders.tablefile import TABLE_FORMAT, Sources, TableFileError, parse_table
from companion.jsonread import Problem, Reader
from companion.plugins import Registry

__all__ = [
    "EVENT_KINDS",
    "KINDS",
    "SOURCES",
    "STATE_KINDS",
    "Event",
    "EventError",
    "EventKind",
    "Replay",
    "apply",
    "changes_table",
    "check_payload",
    "check_seat",
    "empty_document",
    "event_kinds",
    "now_iso",
    "player_at",
    "replay",
    "table_problems",
]

SOURCES = ("camera", "hand", "engine", "import")
TURN_KINDS = ("turn_play", "turn_closed", "turn_reopened")
"""7 Wonders played in turns: a play entered (or withdrawn) in the open turn, a turn closed, the last
closed turn opened again with its plays (to correct them). None changes the table by itself: a closed
(or reopened) turn's cards, stages, coins and tokens are logged beside it, in the same transaction, as
the events above (`companion.games.sevenwonders.turn_log`)."""
KINDS = ("game_set_up", "card_confirmed", "card_removed", "stage_built", "coins_changed", "conflicts_resolved",
         "tokens_set", "choices_set", "score_computed", "game_finished", "owner_answered", *TURN_KINDS,
         *ARCHITECTS_KINDS)
"""The kinds the log itself knows; a game adds its own in `EVENT_KINDS` (see `event_kinds`)."""
STATE_KINDS = frozenset(KINDS) - {"score_computed", "game_finished", "owner_answered", *TURN_KINDS}
"""Kinds that change the table (after the game is finished, such an event amends it). An answer to
"whose are these cards?" changes nothing by itself: the cards it places are logged with it."""
PLAY_FIELDS = ("seat", "action", "card", "source", "free_build", "naval", "fleet", "discard_reward", "plan")


@dataclass(frozen=True)
class EventKind:
    """An event kind a game or an expansion adds to the log (Armada's ``armada_set``): the payload keys
    it allows (``amend`` always), how its payload is checked, how it changes the table document."""

    fields: tuple[str, ...]
    check: Callable[[Reader, int | None], None]
    """Record the problems of a payload (at its `Reader`), given the table's seat count when known."""
    apply: Callable[[dict[str, Any], dict[str, Any]], None]
    """Change the table document by a checked payload. :raises EventError: when it does not fit the game."""
    changes_table: bool = True
    """False for a kind that only records something (an amendment is not needed after the game)."""


EVENT_KINDS: Registry[EventKind] = Registry("event kind", "events")
"""The kinds games and expansions add to the log, by kind (as logs write it: it never changes)."""


def event_kinds() -> tuple[str, ...]:
    """Every event kind a log may hold: the log's own, then the installed games'."""
    return (*KINDS, *EVENT_KINDS.keys())


def changes_table(kind: str) -> bool:
    """True when an event of `kind` changes the table (after the game is finished it amends it)."""
    if kind in KINDS:
        return kind in STATE_KINDS
    registered = EVENT_KINDS.get(kind)
    return registered is not None and registered.changes_table


class EventError(ValueError):
    """An event that cannot be part of a game; the message names the field."""


def now_iso() -> str:
    """The current time, UTC, to the second, as ISO 8601."""
    return datetime.datetime.now(datetime.UTC).replace(microsecond=0).isoformat()


@dataclass(frozen=True)
class Event:
    """One thing that happened at the table."""

    seq: int
    kind: str
    payload: dict[str, Any]
    source: str
    at: str

    def to_json(self) -> dict[str, Any]:
        """The event as a JSON object."""
        return {"seq": self.seq, "kind": self.kind, "source": self.source, "at": self.at, "payload": self.payload}


def check_seat(reader: Reader, seats: int | None) -> int | None:
    """The payload's ``seat``, checked against the table's seat count when known."""
    return reader["seat"].as_int(minimum=0, maximum=(seats - 1) if seats else 9)


def check_payload(kind: str, payload: Any, seats: int | None) -> list[Problem]:
    """Every problem with an event's payload (types and ranges; the replay checks the rules)."""
    problems: list[Problem] = []
    reader = Reader(payload, problems, "payload")
    registered = None if kind in KINDS else EVENT_KINDS.get(kind)
    if kind not in KINDS and registered is None:
        return [Problem("kind", f"unknown event kind '{kind}'")]
    common = ("amend",)
    if reader.as_object() is None:
        return problems
    if reader["amend"].present:
        reader["amend"].as_str(max_length=500)
    if registered is not None:
        reader.as_object(allowed=(*registered.fields, *common))
        registered.check(reader, seats)
        return problems
    if kind in ARCHITECTS_KINDS or (kind == "game_set_up" and is_architects(payload)):
        check_architects_payload(kind, reader, seats)
        return problems
    if kind == "game_set_up":
        reader.as_object(allowed=("variant", "expansions", "options", "players", "teams", *common))
        if reader["teams"].present:
            for team in reader["teams"].as_list(max_length=4):
                for name in team.as_list(max_length=2):
                    name.as_str(max_length=40)
        items = reader["players"].as_list(max_length=8)
        for item in items:
            item.as_object(allowed=("name", "wonder", "side", "other_wonder", "id"))
            if item["other_wonder"].present:
                item["other_wonder"].as_object()            # Armada's 8th board: checked with the table
            if item["id"].present:
                item["id"].as_str(max_length=64)            # the player's stable id (storage.player_ids)
            item["name"].as_str(max_length=40)
            item["wonder"].as_str(max_length=40)
            item["side"].as_str(choices=("A", "B"), what="side")
        if reader["variant"].present:
            reader["variant"].as_str(max_length=20)
    elif kind in ("card_confirmed", "card_removed"):
        reader.as_object(allowed=("seat", "card", "copy", *common))
        check_seat(reader, seats)
        reader["card"].as_str(max_length=60)
        if reader["copy"].present and reader["copy"].value is not None:
            reader["copy"].as_str(max_length=80)
    elif kind == "stage_built":
        reader.as_object(allowed=("seat", "stages", *common))
        check_seat(reader, seats)
        reader["stages"].as_int(minimum=0, maximum=10)     # a wonder of another expansion may have more
    elif kind == "coins_changed":
        reader.as_object(allowed=("seat", "coins", "delta", "why", *common))
        check_seat(reader, seats)
        reader["coins"].as_int(minimum=0, maximum=100_000)
        if reader["delta"].present:
            reader["delta"].as_int(minimum=-100_000, maximum=100_000)
        if reader["why"].present:
            reader["why"].as_str(max_length=200)
    elif kind == "conflicts_resolved":
        reader.as_object(allowed=("age", "tokens", *common))
        reader["age"].as_int(minimum=1, maximum=3)
        for row in reader["tokens"].as_list(max_length=8):
            for token in row.as_list(max_length=4):
                token.as_int(minimum=-1, maximum=5)
    elif kind == "tokens_set":
        reader.as_object(allowed=("seat", "tokens", *common))
        check_seat(reader, seats)
        for token in reader["tokens"].as_list(max_length=12):
            token.as_int(minimum=-1, maximum=5)
    elif kind == "choices_set":
        reader.as_object(allowed=("seat", "science_choices", "copied_guild", *common))
        check_seat(reader, seats)
        if reader["science_choices"].present:
            for symbol in reader["science_choices"].as_list(max_length=4):
                symbol.as_str(max_length=20)
        if reader["copied_guild"].present and reader["copied_guild"].value is not None:
            reader["copied_guild"].as_str(max_length=60)
    elif kind == "owner_answered":                    # whose cards the camera could not place
        reader.as_object(allowed=("markers", "seat", *common))
        for marker in reader["markers"].as_list(max_length=100):
            marker.as_int(minimum=1, maximum=999)
        if reader["seat"].value is not None:
            check_seat(reader, seats)
    elif kind == "turn_play":                         # a play of the open turn; "play": null withdraws it
        reader.as_object(allowed=("seat", "source", "play", *common))
        check_seat(reader, seats)
        reader["source"].as_str(max_length=20)
        if reader["play"].value is not None:
            _play(reader["play"], seats)
    elif kind == "turn_closed":
        reader.as_object(allowed=("age", "turn", "plays", "leftovers", "progress", "start_seq", "corrects", *common))
        reader["age"].as_int(minimum=1, maximum=3)
        reader["turn"].as_int(minimum=1, maximum=10)
        for item in reader["plays"].as_list(max_length=40):
            _play(item, seats)
        reader["leftovers"].as_object()
        reader["progress"].as_object()
        reader["start_seq"].as_int(minimum=0, maximum=10**9)
        if reader["corrects"].present:
            reader["corrects"].as_int(minimum=1, maximum=10**9)
    elif kind == "turn_reopened":                     # the last closed turn open again, with its plays
        reader.as_object(allowed=("reopens", "plays", "progress", *common))
        reader["reopens"].as_int(minimum=1, maximum=10**9)
        for item in reader["plays"].as_list(max_length=40):
            _play(item, seats)
        reader["progress"].as_object()
    elif kind == "score_computed":
        reader.as_object(allowed=("sheet", *common))
        reader["sheet"].as_object()
    elif kind == "game_finished":
        reader.as_object(allowed=common)
    return problems


def _play(reader: Reader, seats: int | None) -> None:
    """The types of one play of a turn (the turn engine checks the rules)."""
    reader.as_object(allowed=PLAY_FIELDS)
    check_seat(reader, seats)
    for name in ("action", "source", "discard_reward"):
        reader[name].as_str(max_length=20)
    for name in ("card", "fleet"):
        if reader[name].present and reader[name].value is not None:
            reader[name].as_str(max_length=60)
    for name in ("free_build", "naval"):
        if reader[name].present:
            reader[name].as_bool()
    if reader["plan"].present:
        reader["plan"].as_int(minimum=0, maximum=100)


@dataclass
class Replay:
    """The result of replaying events: the table document, the table (when valid), the status."""

    document: dict[str, Any]
    table: Table | None
    finished: bool
    amended: bool
    problems: list[str]
    sheet: dict[str, Any] | None = None
    architects: ArchitectsTable | None = None
    """The table of a 7 Wonders Architects game (then `table` is None)."""


def empty_document() -> dict[str, Any]:
    """The table document before the set-up event."""
    return {"format": TABLE_FORMAT, "game": "7wonders", "expansions": [], "variant": "standard", "players": []}


def table_problems(document: dict[str, Any], data: GameData, sources: Sources | None = None) -> list[str]:
    """Why a table document is not a valid table (empty when it is)."""
    if is_architects(document):
        return architects_problems(document)
    try:
        parse_table(copy.deepcopy(document), data, sources=sources)
    except TableFileError as error:
        return [str(p) for p in error.problems]
    return []


def player_at(document: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
    """The player entry of the payload's ``seat``.

    :raises EventError: for a seat the table does not have.
    """
    players = document["players"]
    seat = payload["seat"]
    if not 0 <= seat < len(players):
        raise EventError(f"seat {seat} does not exist (the table has {len(players)})")
    return players[seat]  # type: ignore[no-any-return]


def apply(document: dict[str, Any], event: Event, data: GameData) -> None:
    """Change `document` by one event.

    :raises EventError: when the event does not fit the game so far (a seat that does not exist,
        a card the city does not hold).
    """
    payload = event.payload
    players = document["players"]
    if event.kind in ARCHITECTS_KINDS or is_architects(document) or (
            event.kind == "game_set_up" and is_architects(payload)):
        try:
            apply_architects(document, event.kind, payload)
        except ArchitectsEventError as error:
            raise EventError(str(error)) from None
        return
    if event.kind == "game_set_up":
        if players:
            raise EventError("the game is already set up")
        document["variant"] = payload.get("variant", "standard")
        document["expansions"] = list(payload.get("expansions", []))
        if payload.get("options"):
            document["options"] = dict(payload["options"])
        if payload.get("teams"):
            document["teams"] = [list(team) for team in payload["teams"]]
        for entry in payload["players"]:
            players.append({"name": entry["name"], "wonder": entry["wonder"], "side": entry["side"], "stages": 0,
                            "cards": [], "coins": data.rules.starting_coins, "tokens": []})
            if "other_wonder" in entry:                 # Armada at 8: the board of another expansion
                players[-1]["other_wonder"] = copy.deepcopy(entry["other_wonder"])
        return
    if not players:
        raise EventError(f"{event.kind} before the game is set up")
    if event.kind == "conflicts_resolved":
        rows = payload["tokens"]
        if len(rows) != len(players):
            raise EventError(f"conflicts_resolved gives tokens for {len(rows)} seats; the table has {len(players)}")
        for player, row in zip(players, rows, strict=True):
            player["tokens"].extend(row)
        return
    if event.kind in ("score_computed", "game_finished", "owner_answered", *TURN_KINDS):
        return
    if event.kind not in KINDS:
        registered = EVENT_KINDS.get(event.kind)
        if registered is None:
            raise EventError(f"unknown event kind '{event.kind}'")
        registered.apply(document, payload)
        return
    player = player_at(document, payload)
    if event.kind == "card_confirmed":
        player["cards"].append(payload["card"])
    elif event.kind == "card_removed":
        if payload["card"] not in player["cards"]:
            raise EventError(f"{player['name']}'s city holds no {payload['card']} to remove")
        player["cards"].remove(payload["card"])
    elif event.kind == "stage_built":
        player["stages"] = payload["stages"]
    elif event.kind == "coins_changed":
        player["coins"] = payload["coins"]
    elif event.kind == "tokens_set":
        player["tokens"] = list(payload["tokens"])
    elif event.kind == "choices_set":
        for key in ("science_choices", "copied_guild"):
            if key in payload:
                if payload[key] in (None, []):
                    player.pop(key, None)
                else:
                    player[key] = payload[key]


def replay(events: Iterable[Event], data: GameData | None = None, *, upto: int | None = None,
           sources: Sources | None = None) -> Replay:
    """Rebuild the table from events (up to and including sequence number `upto`); `sources` as for
    `parse_table`."""
    data = data or load_game_data()
    document = empty_document()
    finished = amended = False
    problems: list[str] = []
    sheet = None
    for event in events:
        if upto is not None and event.seq > upto:
            break
        if finished and changes_table(event.kind):
            amended = True
        apply(document, event, data)
        if event.kind == "game_finished":
            finished = True
        elif event.kind == "score_computed":
            sheet = event.payload["sheet"]
    table = None
    if is_architects(document):
        built, problems = architects_table(document)
        return Replay(document, None, finished, amended, problems, sheet, built)
    if document["players"]:
        try:
            table = parse_table(copy.deepcopy(document), data, sources=sources)
        except TableFileError as error:
            problems = [str(p) for p in error.problems]
    return Replay(document, table, finished, amended, problems, sheet)

