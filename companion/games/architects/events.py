"""Architects games in the game log: the set-up and the two event kinds that change an Architects
table, checked and applied to the table document (an ``architects-table/1`` document).

An Architects game starts with the ordinary ``game_set_up`` event carrying ``"game":
"architects"``. Each tap then logs the change it makes, one action event (``ACTION_KINDS``: a card
placed, cards removed, a piece built, a token or the Cat pawn taken, Military Victory tokens
corrected, the battle fought; an expansion adds its own to the log's ``EVENT_KINDS`` and to
`EXPANSION_ACTIONS`), which the replay plays through the Architects engine on the table as it
stands: two windows on one game each add their card, and horns turned in both make the battle due.
A battle is due exactly when every Conflict token shows its Battle side (the battle
turns them all back), so the log says so without a flag of its own.

``architects_area_set`` (a player's whole area) and ``architects_conflicts_set`` are what logs of
earlier versions hold for every tap; they are still read, and still written for a finished table
logged at once and for an undo (which puts back the areas its tap changed). The events are checked
here for shape; the table they leave is checked by the Architects table-file reader, as every
7 Wonders event is by its own.
"""

from __future__ import annotations

import copy
from collections.abc import Callable
from dataclasses import replace
from typing import Any

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
from companion.plugins import Registry
from companion.storage.events import EVENT_KINDS, LOGGED_GAMES, Event, EventError, EventKind, LoggedGame, changes_table
from companion.tablefiles import TableFileError

__all__ = [
    "ACTION_KINDS",
    "ARCHITECTS_KINDS",
    "EXPANSION_ACTIONS",
    "TURN_FIELDS",
    "TURN_RECORD",
    "TURN_STEPS",
    "ArchitectsEventError",
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
EXPANSION_ACTIONS: Registry[Callable[[ArchitectsTable, dict[str, Any]], ArchitectsTable]] = Registry(
    "action of an Architects expansion", "events")
"""The action events an expansion adds (the kind also registered in the log's ``EVENT_KINDS``, for its
payload): the table after one, through the expansion's rules."""


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


def _fight(table: ArchitectsTable) -> ArchitectsTable:
    if not battle_due(table):
        raise ArchitectsRuleError(f"no battle is due: {table.conflicts_flipped} of {table.conflict_tokens} Conflict "
                                  f"tokens show their Battle side")
    return apply_battle(table, resolve_battle(table))


def _set_military(table: ArchitectsTable, seat: int, tokens: int) -> ArchitectsTable:
    return table.with_player(seat, replace(table.players[seat], military_tokens=tokens))


def play_action(table: ArchitectsTable, kind: str, payload: dict[str, Any]) -> ArchitectsTable:
    """The table after one action event, through the Architects engine.

    :raises ArchitectsRuleError: when the rules do not allow it at this table (a card not there to
        remove, a token none is left of, a battle when none is due).
    """
    seat = payload.get("seat", 0)
    if not 0 <= seat < len(table.players):
        raise ArchitectsRuleError(f"seat {seat} does not exist (the table has {len(table.players)})")
    if kind == "architects_card_placed":
        return place_card(table, seat, payload["kind"]).table
    if kind == "architects_cards_removed":
        return remove_card(table, seat, payload["kind"], payload.get("count", 1))
    if kind == "architects_piece_built":
        return build_piece(table, seat, payload.get("piece"), payload.get("vp"))
    if kind == "architects_token_taken":
        return take_token(table, seat, payload["token"])
    if kind == "architects_cat_taken":
        return give_cat(table, seat)
    if kind == "architects_military_set":
        return _set_military(table, seat, payload["tokens"])
    if kind == "architects_battle_fought":
        return _fight(table)
    action = EXPANSION_ACTIONS.get(kind)
    if action is not None:
        return action(table, payload)
    raise ArchitectsRuleError(f"{kind} is not an action of a 7 Wonders Architects game")


def apply_architects(document: dict[str, Any], kind: str, payload: dict[str, Any]) -> None:
    """Change an Architects table document by one event.

    :raises ArchitectsEventError: for an event that does not fit (a seat that does not exist, an
        Architects event in a 7 Wonders game).
    """
    if kind == "game_set_up":
        if document.get("players"):
            raise ArchitectsEventError("the game is already set up")
        document.clear()
        document.update({"format": ARCHITECTS_FORMAT, "game": GAME,
                         **{k: copy.deepcopy(v) for k, v in payload.items() if k not in ("game", "players", "amend")}})
        document["players"] = [{"name": p["name"], "wonder": p["wonder"], "stages_built": [], "cards": {}}
                               for p in payload["players"]]
        return
    if not is_architects(document):
        raise ArchitectsEventError(f"{kind} in a game that is not 7 Wonders Architects")
    if kind == "architects_conflicts_set":
        if payload["flipped"]:
            document["conflicts_flipped"] = payload["flipped"]
        else:
            document.pop("conflicts_flipped", None)
    elif kind == "architects_area_set":
        players = document["players"]
        seat = payload["seat"]
        if not 0 <= seat < len(players):
            raise ArchitectsEventError(f"seat {seat} does not exist (the table has {len(players)})")
        player = players[seat]
        for key in area_fields():
            player.pop(key, None)
        player.update(copy.deepcopy(payload["area"]))
        player.setdefault("stages_built", [])
    elif kind in ACTION_KINDS or kind in EXPANSION_ACTIONS:
        table, problems = architects_table(document)
        if table is None:
            raise ArchitectsEventError("; ".join(problems))
        try:
            after = play_action(table, kind, payload)
        except ArchitectsRuleError as error:
            raise ArchitectsEventError(str(error)) from None
        document.clear()
        document.update(architects_table_to_json(after))
    elif kind not in ("score_computed", "game_finished", TURN_RECORD):
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
    """The table after one event, on the value: an action event played through the engine (as
    `apply_architects` plays it on the document's table), then checked as the reader checks a whole
    table; an event that only records something leaves it as it is. None for the set-up and the area
    and Conflict token events of earlier logs (they are applied to the document and read from it).

    :raises EventError: when the rules do not allow the action, or the table it leaves is not valid.
    """
    if event.kind in ACTION_KINDS or event.kind in EXPANSION_ACTIONS:
        try:
            after = play_action(table, event.kind, event.payload)
        except ArchitectsRuleError as error:
            raise EventError(str(error)) from None
        problems = value_problems(after)
        if problems:
            raise EventError("; ".join(problems))
        return after
    return None if changes_table(event.kind) else table


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
