"""Architects games in the game log: the set-up and the two event kinds that change an Architects
table, checked and applied to the table document (an ``architects-table/1`` document).

An Architects game starts with the ordinary ``game_set_up`` event carrying ``"game":
"architects"``. Each tap then logs the change it makes, one action event (``ACTION_KINDS``: a card
placed, cards removed, a piece built, a token or the Cat pawn taken, Military Victory tokens
corrected, the battle fought; an expansion adds its own kind to the log's ``EVENT_KINDS`` and its
value, an `ArchitectsAction`, to ``EVENT_VALUES``), which the replay plays through the Architects engine
on the table as it stands: two windows on one game each add their card, and horns turned in both make the battle due.
A battle is due exactly when every Conflict token shows its Battle side (the battle
turns them all back), so the log says so without a flag of its own.

``architects_area_set`` (a player's whole area) and ``architects_conflicts_set`` are what logs of
earlier versions hold for every tap; they are still read, and still written for a finished table
logged at once and for an undo (which puts back the areas its tap changed). The events are checked
here for shape; the table they leave is checked by the Architects table-file reader, as every
7 Wonders event is by its own. Each kind is a value (`GameEvent`, registered with ``register_event``): it
changes the table document (`ArchitectsEvent.change`) and, an action, the table value
(`ArchitectsAction.apply`, the rules), with no list of kinds to dispatch on.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any, ClassVar, Self

from companion.games.architects.rules.battle import apply_battle, resolve_battle
from companion.games.architects.rules.play import (
    ArchitectsRuleError,
    build_piece,
    give_cat,
    place_card,
    remove_card,
    take_token,
)
from companion.games.architects.rules.scoring import score_architects
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.rules.validation import check_architects
from companion.games.architects.tablefile import (
    ARCHITECTS_FORMAT,
    BASE_PLAYER_FIELDS,
    GAME,
    SECTIONS,
    architects_table_to_json,
    parse_architects,
)
from companion.jsonread import Reader
from companion.storage.events import (
    ABSENT,
    EVENT_KINDS,
    LOGGED_GAMES,
    Event,
    EventError,
    EventKind,
    GameEvent,
    LoggedGame,
    changes_table,
    event_value,
    frozen_json,
    register_event,
    thawed_json,
)
from companion.tablefiles import TableFileError

__all__ = [
    "ACTION_KINDS",
    "ARCHITECTS_KINDS",
    "TURN_FIELDS",
    "TURN_RECORD",
    "TURN_STEPS",
    "ActionRefused",
    "ArchitectsAction",
    "ArchitectsEvent",
    "ArchitectsEventError",
    "ArchitectsSetUp",
    "AreaSet",
    "BattleFought",
    "CardPlaced",
    "CardsRemoved",
    "CatTaken",
    "ConflictsSet",
    "MilitarySet",
    "PieceBuilt",
    "TokenTaken",
    "TurnRecorded",
    "advance_architects",
    "apply_architects",
    "architects_problems",
    "architects_sheet",
    "architects_table",
    "area_fields",
    "area_of",
    "battle_due",
    "check_architects_payload",
    "is_architects",
    "play_action",
    "set_up_fields",
    "set_up_payload",
    "value_problems",
]

ACTION_KINDS = ("architects_card_placed", "architects_cards_removed", "architects_piece_built",
                "architects_token_taken", "architects_cat_taken",
                "architects_military_set", "architects_battle_fought")
"""The changes one tap makes, replayed through the engine on the table as it stands."""
TURN_RECORD = "architects_turn"
"""The refereed turn as a tap leaves it (`turn_log.py` writes it): it changes no area, and is registered
in the log's `EVENT_KINDS` below."""
TURN_STEPS = ("start", "card", "empty", "construct", "progress", "rome", "claim", "end", "undo")
"""What the tap that logged a record did: turns started, a card taken, a deck found empty, a piece
constructed, a Progress token taken, Rome's effect, what an expansion offers claimed, the turn ended, a tap undone
(the record then puts back the turn before it; a null turn not ``over``: the turns not started)."""
TURN_FIELDS = ("seat", "number", "taken", "extra_cards", "effects", "tokens_used", "battle_due", "wonder_completed",
               "gifts", "gift_due", "empty")


ARCHITECTS_KINDS = ("architects_area_set", "architects_conflicts_set", *ACTION_KINDS)


def area_fields() -> tuple[str, ...]:
    """What an area event carries: everything in front of a player except who they are (the base game's
    keys, then those of each installed expansion)."""
    return (*(f for f in BASE_PLAYER_FIELDS if f not in ("name", "wonder")),
            *(f for section in SECTIONS.values() for f in section.player_fields))


def set_up_fields() -> tuple[str, ...]:
    """What a set-up event carries (each installed expansion's top-level keys after ``expansions``)."""
    return ("game", "expansions", *(f for section in SECTIONS.values() for f in section.top_fields), "options",
            "players", "amend")


class ArchitectsEventError(ValueError):
    """An Architects event that does not fit the game so far."""


def is_architects(document_or_payload: dict[str, Any]) -> bool:
    """True for an Architects table document or set-up payload."""
    return document_or_payload.get("format") == ARCHITECTS_FORMAT or document_or_payload.get("game") == GAME


def set_up_payload(table: ArchitectsTable) -> dict[str, Any]:
    """The ``game_set_up`` payload of a new Architects game (players with empty areas)."""
    document = architects_table_to_json(table)
    allowed = set_up_fields()
    payload: dict[str, Any] = {k: v for k, v in document.items() if k in allowed}
    payload["players"] = [{"name": p.name, "wonder": p.wonder.id, "side": ""} for p in table.players]
    return payload


def area_of(table: ArchitectsTable, seat: int) -> dict[str, Any]:
    """The ``architects_area_set`` payload for one player as the table has them now."""
    entry = architects_table_to_json(table)["players"][seat]
    allowed = area_fields()
    return {"seat": seat, "area": {k: v for k, v in entry.items() if k in allowed}}


def check_architects_payload(kind: str, reader: Reader, seats: int | None) -> None:
    """Record a problem for each field of the wrong shape (the replay checks the rules)."""
    if kind == "game_set_up":
        reader.as_object(allowed=set_up_fields())
        for item in reader["players"].as_list(max_length=7):
            item.as_object(allowed=("name", "wonder", "side", "id"))
            if item["id"].present:
                item["id"].as_str(max_length=64)            # the player's stable id (storage.player_ids)
            item["name"].as_str(max_length=40)
            item["wonder"].as_str(max_length=40)
    elif kind == "architects_area_set":
        reader.as_object(allowed=("seat", "area", "why", "amend"))
        reader["seat"].as_int(minimum=0, maximum=(seats - 1) if seats else 6)
        reader["area"].as_object(allowed=area_fields())
        if reader["why"].present:
            reader["why"].as_str(max_length=200)
    elif kind == "architects_conflicts_set":
        reader.as_object(allowed=("flipped", "why", "amend"))
        reader["flipped"].as_int(minimum=0, maximum=10)
        if reader["why"].present:
            reader["why"].as_str(max_length=200)
    elif kind in ACTION_KINDS:
        fields = ACTION_FIELDS[kind]
        reader.as_object(allowed=(*fields, "amend"))
        if "seat" in fields:
            reader["seat"].as_int(minimum=0, maximum=(seats - 1) if seats else 6)
        for name in ("kind", "token"):
            if name in fields:
                reader[name].as_str(max_length=40)
        if reader["piece"].present and reader["piece"].value is not None:
            reader["piece"].as_str(max_length=40)
        if reader["vp"].present and reader["vp"].value is not None:
            reader["vp"].as_int(minimum=0, maximum=50)
        if "count" in fields:
            reader["count"].as_int(minimum=1, maximum=100)
        if "tokens" in fields:
            reader["tokens"].as_int(minimum=0, maximum=200)


ACTION_FIELDS: dict[str, tuple[str, ...]] = {
    "architects_card_placed": ("seat", "kind"),
    "architects_cards_removed": ("seat", "kind", "count"),
    "architects_piece_built": ("seat", "piece", "vp"),
    "architects_token_taken": ("seat", "token"),
    "architects_cat_taken": ("seat",),
    "architects_military_set": ("seat", "tokens"),
    "architects_battle_fought": (),
}
"""The payload of each action event (a missing ``piece`` or ``vp`` is null)."""


def battle_due(table: ArchitectsTable) -> bool:
    """True when every Conflict token shows its Battle side: the battle is fought at the end of the
    turn, and turns them back."""
    return table.conflicts_flipped >= table.conflict_tokens


def play_action(table: ArchitectsTable, kind: str, payload: dict[str, Any]) -> ArchitectsTable:
    """The table after one action event (an `ArchitectsAction`: the base game's or an expansion's), through
    the rules.

    :raises ArchitectsRuleError: when the rules do not allow it at this table (a card not there to
        remove, a token none is left of, a battle when none is due), or it is no action.
    :raises EventError: for a payload of the wrong shape.
    """
    action = event_value(kind, payload)
    if not isinstance(action, ArchitectsAction):
        raise ArchitectsRuleError(f"{kind} is not an action of a 7 Wonders Architects game")
    return action.apply(table)


def apply_architects(document: dict[str, Any], kind: str, payload: dict[str, Any]) -> None:
    """Change an Architects table document by one event (its value's `ArchitectsEvent.change`).

    :raises ArchitectsEventError: for an event that does not fit (a seat that does not exist, an
        Architects event in a 7 Wonders game).
    """
    if kind != "game_set_up" and not is_architects(document):
        raise ArchitectsEventError(f"{kind} in a game that is not 7 Wonders Architects")
    try:
        value = event_value(kind, payload)
    except EventError as error:
        raise ArchitectsEventError(str(error)) from None
    if isinstance(value, ArchitectsEvent):
        value.change(document)
    elif kind not in ("score_computed", "game_finished"):
        raise ArchitectsEventError(f"{kind} is not an event of a 7 Wonders Architects game")


def architects_problems(document: dict[str, Any]) -> list[str]:
    """Why an Architects table document is not a valid table (empty when it is). A game in play is
    not yet a final table, so only errors count, not warnings."""
    try:
        parse_architects(copy.deepcopy(document))
    except TableFileError as error:
        return [str(p) for p in error.problems]
    return []


def architects_table(document: dict[str, Any]) -> tuple[ArchitectsTable | None, list[str]]:
    """The table a document holds, or None and the problems."""
    try:
        return parse_architects(copy.deepcopy(document)).table, []
    except TableFileError as error:
        return None, [str(p) for p in error.problems]


def value_problems(table: ArchitectsTable) -> list[str]:
    """The errors the table file's reader finds once it has built `table` (those that need the whole
    table: `check_architects`, the Conflict tokens turned), for a table an action event left."""
    problems = []
    if table.conflicts_flipped > table.conflict_tokens:
        problems.append(f"conflicts_flipped: {table.conflicts_flipped}; a game of {len(table.players)} uses "
                        f"{table.conflict_tokens} Conflict tokens")
    return problems + [str(problem) for problem in check_architects(table).errors]


def advance_architects(table: ArchitectsTable, event: Event) -> ArchitectsTable | None:
    """The table after one event, on the value: its `GameEvent.apply` (an action played through the rules,
    as `apply_architects` plays it on the document's table), then checked as the reader checks a whole
    table; an event that only records something leaves it as it is. None for the set-up and the area
    and Conflict token events of earlier logs (they are applied to the document and read from it).

    :raises EventError: when the rules do not allow the action, or the table it leaves is not valid.
    """
    value = event.value
    if not isinstance(value, ArchitectsEvent):          # what only records something, or no kind of this game
        return None if changes_table(event.kind) else table
    after: ArchitectsTable | None = value.apply(table)
    if after is not None and after is not table:
        problems = value_problems(after)
        if problems:
            raise EventError("; ".join(problems))
    return after


def architects_sheet(table: ArchitectsTable) -> dict[str, Any]:
    """The score sheet as the log stores it: the `score --json` document marked with its game."""
    return {"game": GAME, **score_architects(table).to_json()}


def _apply_logged(document: dict[str, Any], kind: str, payload: dict[str, Any], data: Any = None) -> None:
    try:
        apply_architects(document, kind, payload)
    except ArchitectsEventError as error:
        raise EventError(str(error)) from None


LOGGED_GAMES.register(GAME, LoggedGame(
    ("game_set_up", *ARCHITECTS_KINDS, "score_computed", "game_finished"),
    frozenset(("game_set_up", *ARCHITECTS_KINDS)),
    is_architects, lambda: {"format": ARCHITECTS_FORMAT, "game": GAME, "players": []}, check_architects_payload,
    _apply_logged, lambda document, data, sources: architects_table(document),
    lambda document, data, sources: architects_problems(document), lambda: None, advance_architects,
    architects_table_to_json), game=GAME)


def _check_record(reader: Reader, seats: int | None) -> None:
    """Record a problem for each field of a turn record of the wrong shape."""
    reader["step"].as_str(choices=TURN_STEPS, what="step")
    reader["over"].as_bool()
    if reader["completed_by"].present and reader["completed_by"].value is not None:
        reader["completed_by"].as_int(minimum=0, maximum=(seats - 1) if seats else 6)
    turn = reader["turn"]
    if turn.value is None:
        return
    turn.as_object(allowed=TURN_FIELDS)
    turn["seat"].as_int(minimum=0, maximum=(seats - 1) if seats else 6)
    turn["number"].as_int(minimum=1, maximum=100_000)
    turn["extra_cards"].as_int(minimum=0, maximum=20)
    for name in ("taken", "battle_due", "wonder_completed", "gift_due"):
        turn[name].as_bool()
    for name in ("effects", "tokens_used", "empty"):
        for item in turn[name].as_list(max_length=20):
            item.as_str(max_length=40)
    for item in turn["gifts"].as_list(max_length=7):
        item.as_int(minimum=0, maximum=6)


def _apply_record(_document: dict[str, Any], _payload: dict[str, Any]) -> None:
    """A record changes no area: the actions logged beside it do."""


EVENT_KINDS.register(TURN_RECORD, EventKind(("step", "turn", "over", "completed_by"), _check_record, _apply_record,
                                            changes_table=False), game=GAME)


# -- the kinds as values: read and written back exactly, applied to the rules' `ArchitectsTable` -----------
class ActionRefused(ArchitectsRuleError, EventError):
    """An action the rules do not allow at this table: the rules' refusal (what a session says) and an
    event the log refuses, in the same words."""


@dataclass(frozen=True, kw_only=True)
class ArchitectsEvent(GameEvent):
    """An event of an Architects game as a value: it changes the table document (`change`) and, when the
    value can decide, the table (`apply`)."""

    def change(self, document: dict[str, Any]) -> None:
        """Change the table document by this event (nothing, for an event that only records something).

        :raises ArchitectsEventError: when it does not fit the game so far.
        """


@dataclass(frozen=True, kw_only=True)
class ArchitectsAction(ArchitectsEvent):
    """A change one tap makes, played through the rules on the table as it stands (`ACTION_KINDS`; an
    expansion registers its own, with its kind in the log's ``EVENT_KINDS``)."""

    def play(self, table: ArchitectsTable) -> ArchitectsTable:
        """The table after this action, by the rules.

        :raises ArchitectsRuleError: when the rules do not allow it at this table.
        """
        raise NotImplementedError

    def apply(self, state: ArchitectsTable) -> ArchitectsTable:
        """The table after this action, for the seat the table has (the rules' `play`).

        :raises ActionRefused: when the seat does not exist or the rules do not allow it.
        """
        seat = getattr(self, "seat", 0)
        try:
            if not 0 <= seat < len(state.players):
                raise ArchitectsRuleError(f"seat {seat} does not exist (the table has {len(state.players)})")
            return self.play(state)
        except ActionRefused:
            raise
        except ArchitectsRuleError as error:
            raise ActionRefused(str(error)) from None

    def change(self, document: dict[str, Any]) -> None:
        """The document becomes the table this action leaves, written whole."""
        table, problems = architects_table(document)
        if table is None:
            raise ArchitectsEventError("; ".join(problems))
        try:
            after = self.apply(table)
        except EventError as error:
            raise ArchitectsEventError(str(error)) from None
        document.clear()
        document.update(architects_table_to_json(after))


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class ArchitectsSetUp(ArchitectsEvent):
    """The players clockwise (name, wonder), the expansions, each installed expansion's own top-level keys
    (`SECTIONS`' ``top_fields``, kept in `sections`), the options."""

    kind: ClassVar[str] = "game_set_up"
    game: ClassVar[str] = GAME
    keys: ClassVar[Mapping[str, str]] = MappingProxyType({"game_id": "game"})
    game_id: str
    expansions: tuple[str, ...] = ABSENT
    options: Mapping[str, Any] = ABSENT
    players: tuple[Mapping[str, Any], ...]
    sections: Mapping[str, Any] = field(default_factory=lambda: MappingProxyType({}))
    """The top-level keys each installed expansion adds (written back in `set_up_fields` order)."""

    @classmethod
    def read(cls, payload: Any, seats: int | None = None) -> Self:
        """The set-up's value; the keys of the installed expansions go to `sections`.

        :raises EventError: naming each field of the wrong shape.
        """
        value = super().read(payload, seats)
        own = cls._names()
        return replace(value, sections=frozen_json({k: v for k, v in payload.items() if k not in own}))

    def payload(self) -> dict[str, Any]:
        """The payload as logs write it (its keys in `set_up_fields` order)."""
        written = {**super().payload(), **thawed_json(self.sections)}
        return {key: written[key] for key in set_up_fields() if key in written}

    def apply(self, state: Any) -> None:
        """None: the set-up makes the first table document, which the table file's reader reads."""
        return None

    def change(self, document: dict[str, Any]) -> None:
        if document.get("players"):
            raise ArchitectsEventError("the game is already set up")
        payload = self.payload()
        document.clear()
        document.update({"format": ARCHITECTS_FORMAT, "game": GAME,
                         **{k: v for k, v in payload.items() if k not in ("game", "players", "amend")}})
        document["players"] = [{"name": p["name"], "wonder": p["wonder"], "stages_built": [], "cards": {}}
                               for p in payload["players"]]


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class AreaSet(ArchitectsEvent):
    """A player's whole area (`area_fields`), as logs of earlier versions write every tap, and an undo."""

    kind: ClassVar[str] = "architects_area_set"
    seat: int
    area: Mapping[str, Any]
    why: str = ABSENT

    def change(self, document: dict[str, Any]) -> None:
        players = document["players"]
        if not 0 <= self.seat < len(players):
            raise ArchitectsEventError(f"seat {self.seat} does not exist (the table has {len(players)})")
        player = players[self.seat]
        for key in area_fields():
            player.pop(key, None)
        player.update(thawed_json(self.area))
        player.setdefault("stages_built", [])


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class ConflictsSet(ArchitectsEvent):
    """How many Conflict tokens show their Battle side (logs of earlier versions, and an undo)."""

    kind: ClassVar[str] = "architects_conflicts_set"
    flipped: int
    why: str = ABSENT

    def change(self, document: dict[str, Any]) -> None:
        if self.flipped:
            document["conflicts_flipped"] = self.flipped
        else:
            document.pop("conflicts_flipped", None)


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class CardPlaced(ArchitectsAction):
    """A card taken and placed in a seat's area (its effect played: a Progress token, the Cat, a horn)."""

    kind: ClassVar[str] = "architects_card_placed"
    keys: ClassVar[Mapping[str, str]] = MappingProxyType({"card_kind": "kind"})
    seat: int
    card_kind: str

    def play(self, table: ArchitectsTable) -> ArchitectsTable:
        return place_card(table, self.seat, self.card_kind).table


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class CardsRemoved(ArchitectsAction):
    """Cards of one kind taken back out of a seat's area (spent on a piece, or a correction)."""

    kind: ClassVar[str] = "architects_cards_removed"
    keys: ClassVar[Mapping[str, str]] = MappingProxyType({"card_kind": "kind"})
    seat: int
    card_kind: str
    count: int

    def play(self, table: ArchitectsTable) -> ArchitectsTable:
        return remove_card(table, self.seat, self.card_kind, self.count)


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class PieceBuilt(ArchitectsAction):
    """A piece of a seat's wonder built (which piece, or its points for a wonder whose pieces are not known;
    a key left out is null)."""

    kind: ClassVar[str] = "architects_piece_built"
    seat: int
    piece: str | None = ABSENT
    vp: int | None = ABSENT

    def play(self, table: ArchitectsTable) -> ArchitectsTable:
        return build_piece(table, self.seat, None if self.piece is ABSENT else self.piece,
                           None if self.vp is ABSENT else self.vp)


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class TokenTaken(ArchitectsAction):
    """A Progress token taken by a seat."""

    kind: ClassVar[str] = "architects_token_taken"
    seat: int
    token: str

    def play(self, table: ArchitectsTable) -> ArchitectsTable:
        return take_token(table, self.seat, self.token)


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class CatTaken(ArchitectsAction):
    """The Cat pawn moves to a seat (Ur's effect, a cat card, or a correction)."""

    kind: ClassVar[str] = "architects_cat_taken"
    seat: int

    def play(self, table: ArchitectsTable) -> ArchitectsTable:
        return give_cat(table, self.seat)


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class MilitarySet(ArchitectsAction):
    """A seat's Military Victory tokens, corrected by hand."""

    kind: ClassVar[str] = "architects_military_set"
    seat: int
    tokens: int

    def play(self, table: ArchitectsTable) -> ArchitectsTable:
        return table.with_player(self.seat, replace(table.players[self.seat], military_tokens=self.tokens))


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class BattleFought(ArchitectsAction):
    """The battle, fought when every Conflict token shows its Battle side (it turns them back)."""

    kind: ClassVar[str] = "architects_battle_fought"

    def play(self, table: ArchitectsTable) -> ArchitectsTable:
        if not battle_due(table):
            raise ArchitectsRuleError(f"no battle is due: {table.conflicts_flipped} of {table.conflict_tokens} "
                                      f"Conflict tokens show their Battle side")
        return apply_battle(table, resolve_battle(table))


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class TurnRecorded(ArchitectsEvent):
    """The refereed turn as a tap leaves it (`TURN_RECORD`: what the tap did, the turn, whether turns are
    over, who completed their wonder); it changes neither the area nor the table."""

    kind: ClassVar[str] = TURN_RECORD
    step: str
    turn: Mapping[str, Any] | None
    over: bool
    completed_by: int | None = ABSENT
