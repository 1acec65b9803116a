"""A game as an append-only list of events, and the replay that rebuilds the table from them.

Every change a player enters or the camera confirms is one event (the set-up, then what the game's
log knows: a card confirmed, coins changed, an Architects card placed, an expansion's own kinds...),
with its time and source (camera, hand, engine, import). Replaying the events through the game's
log (`LoggedGame`, registered by each game's ``events`` module in `LOGGED_GAMES`) gives the table at
any moment; nothing else is stored as truth. After the game is finished, a change must say it
amends the game (``amend``: a note), so history shows corrections. This module names no game.
"""

from __future__ import annotations

import copy
import datetime
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, fields
from functools import cached_property
from types import MappingProxyType
from typing import Any, ClassVar, Self, TypeVar

from companion.jsonread import Problem, Reader
from companion.plugins import Registry

__all__ = [
    "ABSENT",
    "EVENT_KINDS",
    "EVENT_VALUES",
    "LOGGED_GAMES",
    "LOG_KINDS",
    "SOURCES",
    "UNNAMED_GAME",
    "Event",
    "EventError",
    "EventKind",
    "GameEvent",
    "LoggedGame",
    "Replay",
    "advance",
    "applied",
    "apply",
    "changes_table",
    "check_payload",
    "check_seat",
    "empty_document",
    "event_kinds",
    "frozen_json",
    "logged_game",
    "now_iso",
    "player_at",
    "register_event",
    "replay",
    "shipped_data",
    "table_problems",
    "thawed_json",
]

SOURCES = ("camera", "hand", "engine", "import")
LOG_KINDS = ("game_set_up", "score_computed", "game_finished")
"""The kinds every game's log holds: its set-up (which says the game), its score sheet, its end."""
UNNAMED_GAME = "7wonders"
"""The game of a log or document that names none: every log written before games were named."""


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


@dataclass(frozen=True)
class LoggedGame:
    """A game's own events in the log: its kinds, how their payloads are checked and change its table
    document, and the table value a document makes. ``data`` and ``sources`` are the store's (the
    game's data and expansions' data files, None for what is shipped), passed through untouched."""

    kinds: tuple[str, ...]
    """Every kind its logs hold, in the order the log lists them (`LOG_KINDS` among them)."""
    state_kinds: frozenset[str]
    """Those that change the table (after the game is finished, such an event amends it)."""
    claims: Callable[[dict[str, Any]], bool]
    """True for a table document or a set-up payload of this game."""
    empty_document: Callable[[], dict[str, Any]]
    """The table document before the set-up event."""
    check: Callable[[str, Reader, int | None], None]
    """Record the problems of a payload of one of its kinds (``amend`` checked already)."""
    apply: Callable[[dict[str, Any], str, dict[str, Any], Any], None]
    """Change a document by one checked event (document, kind, payload, data). :raises EventError:"""
    table: Callable[[dict[str, Any], Any, Any], tuple[Any, list[str]]]
    """The table value of a set-up document (document, data, sources), or None and why not."""
    problems: Callable[[dict[str, Any], Any, Any], list[str]]
    """Why a document is not a valid table (empty when it is)."""
    data: Callable[[], Any]
    """The game's data as shipped (what ``data`` is when the store is given none)."""
    advance: Callable[[Any, Event], Any] | None = None
    """The game's table value after one event (value, event), checked as `problems` checks the document it
    leaves: None when the value cannot decide (the event is then applied to the document and the table read
    from it). Absent: the game's events apply to the document only.
    :raises EventError: with the very messages the document's check gives."""
    document_of: Callable[[Any], dict[str, Any]] | None = None
    """The table document of a value `advance` changed, for a game whose events replace the document by
    the value written (Architects' actions); absent: the event is applied to the document as well."""

    def own(self, kind: str) -> bool:
        """True for a kind of this game's own (not one every game's log holds)."""
        return kind in self.kinds and kind not in LOG_KINDS


LOGGED_GAMES: Registry[LoggedGame] = Registry("logged game", "events")
"""Each game's events in the log, by the game id its documents write in ``game``."""


class _Games:
    """The logged games as registered now, looked up once for a whole replay."""

    def __init__(self) -> None:
        items = LOGGED_GAMES.items()
        self.unnamed = LOGGED_GAMES.find(UNNAMED_GAME)
        self.others = [game for game_id, game in items if game_id != UNNAMED_GAME]
        self.ids = {id(game): game_id for game_id, game in items}
        self.kinds = tuple(dict.fromkeys(kind for _, game in items for kind in game.kinds))

    def of(self, document: dict[str, Any], kind: str = "", payload: dict[str, Any] | None = None) -> LoggedGame:
        for game in self.others:
            if game.own(kind) or game.claims(document) or (
                    kind == "game_set_up" and payload is not None and game.claims(payload)):
                return game
        return self.unnamed


def logged_game(document: dict[str, Any], kind: str = "", payload: dict[str, Any] | None = None) -> LoggedGame:
    """The game an event of `kind` (with `payload`) on `document` belongs to: the game whose own kind
    it is, whose document it is, or whose set-up it is; else the unnamed game's."""
    return _Games().of(document, kind, payload)


def _known_kinds() -> tuple[str, ...]:
    return _Games().kinds


def event_kinds() -> tuple[str, ...]:
    """Every event kind a log may hold: the games' own (each game's in its order), then those the
    games and expansions add."""
    return (*_known_kinds(), *EVENT_KINDS.keys())


def changes_table(kind: str) -> bool:
    """True when an event of `kind` changes the table (after the game is finished it amends it)."""
    games = LOGGED_GAMES.values()
    if any(kind in game.kinds for game in games):
        return any(kind in game.state_kinds for game in games)
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

    @cached_property
    def value(self) -> GameEvent | None:
        """The payload as a typed value (`GameEvent`), None for a kind no game has typed yet.

        :raises EventError: for a payload of the wrong shape.
        """
        return event_value(self.kind, self.payload)


class _Absent:
    """The value of a payload key that is left out (unlike ``null``, which some kinds give a meaning)."""

    _instance: ClassVar[_Absent | None] = None

    def __new__(cls) -> _Absent:
        if cls._instance is None:
            cls._instance = super().__new__(cls)
        return cls._instance

    def __repr__(self) -> str:
        return "ABSENT"

    def __bool__(self) -> bool:
        return False


ABSENT: Any = _Absent()
"""A payload key left out (`GameEvent` fields default to it)."""


def frozen_json(value: Any) -> Any:
    """A JSON value made immutable: lists as tuples, objects as read-only mappings."""
    if isinstance(value, list):
        return tuple(frozen_json(item) for item in value)
    if isinstance(value, dict):
        return MappingProxyType({key: frozen_json(item) for key, item in value.items()})
    return value


def thawed_json(value: Any) -> Any:
    """The JSON value again (the inverse of `_frozen`)."""
    if isinstance(value, tuple):
        return [thawed_json(item) for item in value]
    if isinstance(value, Mapping):
        return {key: thawed_json(item) for key, item in value.items()}
    return value


@dataclass(frozen=True, kw_only=True)
class GameEvent:
    """An event's payload as an immutable value (typed state, docs/plugin design 2.7): one field per
    payload key (named as the key, or as `keys` says), `ABSENT` for a key the payload leaves out, lists
    as tuples and objects as read-only mappings. `read` checks the payload's shape as the log does;
    `payload` gives exactly the JSON back."""

    kind: ClassVar[str] = ""
    """The kind, as logs write it."""
    game: ClassVar[str] = ""
    """For ``game_set_up``: the game it sets up (its payload's ``game``, none: `UNNAMED_GAME`)."""
    keys: ClassVar[Mapping[str, str]] = MappingProxyType({})
    """The fields whose payload key has another name (field -> key): a key that cannot name a field, such
    as ``kind`` or ``game`` (Architects' ``card_kind`` is written ``kind``)."""
    amend: str = ABSENT
    """After the game is finished: the note that says why it is amended."""

    @classmethod
    def read(cls, payload: Any, seats: int | None = None) -> Self:
        """The value of a payload of this kind.

        :raises EventError: naming each field of the wrong shape.
        """
        problems = check_payload(cls.kind, payload, seats)
        if problems:
            raise EventError("; ".join(str(problem) for problem in problems))
        names = cls._names()
        return cls(**{names[key]: frozen_json(item) for key, item in payload.items() if key in names})

    @classmethod
    def _names(cls) -> dict[str, str]:
        """The field of each payload key (payload key -> field name), in the order of the fields."""
        return {cls.keys.get(field.name, field.name): field.name for field in fields(cls)}

    def apply(self, state: Any) -> Any:
        """The game's table value after this event (pure: `state` is not changed); `state` itself for an
        event that only records something, None when the value cannot decide (the log then applies the
        event to the table document and reads the table from it: what a kind that changes the table and
        does not say how gets).

        :raises EventError: when the event does not fit the game so far.
        """
        return None if changes_table(self.kind) else state

    def payload(self) -> dict[str, Any]:
        """The payload as logs write it (its keys in the order of the fields, ``amend`` last)."""
        names = [(key, name) for key, name in self._names().items() if name != "amend"] + [("amend", "amend")]
        return {key: thawed_json(getattr(self, name)) for key, name in names if getattr(self, name) is not ABSENT}


EVENT_VALUES: Registry[type[GameEvent]] = Registry("typed event kind", "events")
"""The typed kinds, by `value_key` (the kind; ``game_set_up@<game id>`` for a game's set-up)."""

Typed = TypeVar("Typed", bound=type[GameEvent])


def _value_key(kind: str, game: str = "") -> str:
    return f"{kind}@{game or UNNAMED_GAME}" if kind == "game_set_up" else kind


def register_event(game: str) -> Callable[[Typed], Typed]:
    """Register a `GameEvent` class of `game` (its id) by its kind: ``@register_event("7wonders")``."""
    def register(cls: Typed) -> Typed:
        EVENT_VALUES.register(_value_key(cls.kind, cls.game), cls, game=game)
        return cls
    return register


def event_value(kind: str, payload: Any, seats: int | None = None) -> GameEvent | None:
    """The typed value of a payload of `kind`, None for a kind no game has typed yet.

    :raises EventError: for a payload of the wrong shape.
    """
    game = payload.get("game", "") if kind == "game_set_up" and isinstance(payload, dict) else ""
    found = EVENT_VALUES.get(_value_key(kind, str(game)))
    return None if found is None else found.read(payload, seats)


@register_event("log")
@dataclass(frozen=True, kw_only=True)
class ScoreComputed(GameEvent):
    """The score sheet of the game as it was when scored (JSON, as the game's scorer wrote it)."""

    kind: ClassVar[str] = "score_computed"
    sheet: Mapping[str, Any]


@register_event("log")
@dataclass(frozen=True, kw_only=True)
class GameFinished(GameEvent):
    """The game is over: its result is the last score sheet."""

    kind: ClassVar[str] = "game_finished"


def check_seat(reader: Reader, seats: int | None) -> int | None:
    """The payload's ``seat``, checked against the table's seat count when known."""
    return reader["seat"].as_int(minimum=0, maximum=(seats - 1) if seats else 9)


def check_payload(kind: str, payload: Any, seats: int | None) -> list[Problem]:
    """Every problem with an event's payload (types and ranges; the replay checks the rules)."""
    problems: list[Problem] = []
    reader = Reader(payload, problems, "payload")
    known = kind in _known_kinds()
    registered = None if known else EVENT_KINDS.get(kind)
    if not known and registered is None:
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
    if kind == "score_computed":
        reader.as_object(allowed=("sheet", *common))
        reader["sheet"].as_object()
    elif kind == "game_finished":
        reader.as_object(allowed=common)
    else:
        logged_game({}, kind, payload).check(kind, reader, seats)
    return problems


@dataclass
class Replay:
    """The result of replaying events: the table document, the game's table value (when valid), the
    status."""

    document: dict[str, Any]
    table: Any
    """The table value of the game (its rules' table), None when the events make no valid table."""
    finished: bool
    amended: bool
    problems: list[str]
    sheet: dict[str, Any] | None = None
    game: str = UNNAMED_GAME
    """The id of the game (`LOGGED_GAMES`)."""


def shipped_data() -> Any:
    """The shipped data of the game a log names by default (`UNNAMED_GAME`)."""
    return LOGGED_GAMES.find(UNNAMED_GAME).data()


def empty_document() -> dict[str, Any]:
    """The table document before the set-up event (the set-up event says the game)."""
    return LOGGED_GAMES.find(UNNAMED_GAME).empty_document()


def table_problems(document: dict[str, Any], data: Any = None, sources: Any = None) -> list[str]:
    """Why a table document is not a valid table (empty when it is)."""
    return logged_game(document).problems(document, data, sources)


def player_at(document: dict[str, Any], payload: dict[str, Any]) -> dict[str, Any]:
    """The player entry of the payload's ``seat``.

    :raises EventError: for a seat the table does not have.
    """
    players = document["players"]
    seat = payload["seat"]
    if not 0 <= seat < len(players):
        raise EventError(f"seat {seat} does not exist (the table has {len(players)})")
    return players[seat]  # type: ignore[no-any-return]


def apply(document: dict[str, Any], event: Event, data: Any = None) -> None:
    """Change `document` by one event, through its game's log.

    :raises EventError: when the event does not fit the game so far (a seat that does not exist,
        a card the city does not hold).
    """
    logged_game(document, event.kind, event.payload).apply(document, event.kind, event.payload, data)


def _entry_copy(entry: dict[str, Any]) -> dict[str, Any]:
    return {key: item.copy() if isinstance(item, list | dict) else item for key, item in entry.items()}


def applied(document: dict[str, Any], event: Event, data: Any = None) -> dict[str, Any]:
    """A new document: `document` changed by one event (through its game's log), which is left as it is.
    Only the containers an event's ``apply`` changes are new (the top, the player entries and their lists
    and objects); the rest is shared, so a document handed out is never changed afterwards.

    :raises EventError: as `apply`.
    """
    after = {**document, "players": [_entry_copy(entry) for entry in document["players"]]}
    apply(after, event, data)
    return after


def advance(document: dict[str, Any], table: Any, event: Event, data: Any = None, sources: Any = None
            ) -> tuple[dict[str, Any], Any]:
    """The table document and the game's table value after `event`, which must leave a valid table when
    it changes it. On the value when the game's log can (`LoggedGame.advance`): no document is read
    again; else the document is changed and read (the set-up, a table that is not valid, a kind the value
    cannot decide; a game with no `LoggedGame.advance` gets no value). Neither `document` nor `table` is
    changed.

    :raises EventError: naming what is wrong (the messages the table file's reader gives).
    """
    game = logged_game(document, event.kind, event.payload)
    if table is not None and game.advance is not None:
        value = game.advance(table, event)
        if value is not None and value is not table and game.document_of is not None:
            return game.document_of(value), value
        if value is not None:
            return applied(document, event, data), value
    after = copy.deepcopy(document)
    game.apply(after, event.kind, event.payload, data)
    value = game.table(after, data, sources)[0] if game.advance is not None else None  # none: the document only
    if value is None and changes_table(event.kind):     # a table read whole has no problems
        problems = game.problems(after, data, sources)
        if problems:
            raise EventError("; ".join(problems))
    return after, value


def replay(events: Iterable[Event], data: Any = None, *, upto: int | None = None, sources: Any = None,
           table: bool = True) -> Replay:
    """Rebuild the table from events (up to and including sequence number `upto`); `data` and
    `sources` are passed to the game's log (its data, and its expansions' data files). Without `table`,
    the document alone (no table value is read: `Replay.table` is None)."""
    games = _Games()
    document = games.unnamed.empty_document()
    finished = amended = False
    sheet = None
    for event in events:
        if upto is not None and event.seq > upto:
            break
        if finished and changes_table(event.kind):
            amended = True
        games.of(document, event.kind, event.payload).apply(document, event.kind, event.payload, data)
        if event.kind == "game_finished":
            finished = True
        elif event.kind == "score_computed":
            sheet = event.payload["sheet"]
    game = games.of(document)
    value, problems = game.table(document, data, sources) if table else (None, [])
    return Replay(document, value, finished, amended, problems, sheet, games.ids[id(game)])
