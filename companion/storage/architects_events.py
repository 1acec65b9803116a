"""Architects games in the game log: the set-up and the two event kinds that change an Architects
table, checked and applied to the table document (an ``architects-table/1`` document).

An Architects game starts with the ordinary ``game_set_up`` event carrying ``"game":
"architects"``; then each tap logs, in one transaction, an ``architects_area_set`` for every player
whose area it changed (the whole area after the tap: replaying is copying) and, when the Conflict
tokens turn, an ``architects_conflicts_set``. The events are checked here for shape; the table they
leave is checked by the Architects table-file reader, as every 7 Wonders event is by its own.
"""

from __future__ import annotations

import copy
from typing import Any

from companion.architects.scoring import score_architects
from companion.architects.table import ArchitectsTable
from companion.jsonread import Reader
from companion.tablefile import TableFileError
from companion.tablefile_architects import (
    ARCHITECTS_FORMAT,
    GAME,
    PLAYER_FIELDS,
    architects_table_to_json,
    parse_architects,
)

__all__ = [
    "ARCHITECTS_KINDS",
    "AREA_FIELDS",
    "ArchitectsEventError",
    "apply_architects",
    "architects_problems",
    "architects_sheet",
    "architects_table",
    "area_of",
    "check_architects_payload",
    "is_architects",
    "set_up_payload",
]

ARCHITECTS_KINDS = ("architects_area_set", "architects_conflicts_set")
AREA_FIELDS = tuple(f for f in PLAYER_FIELDS if f not in ("name", "wonder"))
"""What an area event carries: everything in front of a player except who they are."""
SET_UP_FIELDS = ("game", "expansions", "medal_variant", "medal_layout", "options", "players", "amend")


class ArchitectsEventError(ValueError):
    """An Architects event that does not fit the game so far."""


def is_architects(document_or_payload: dict[str, Any]) -> bool:
    """True for an Architects table document or set-up payload."""
    return document_or_payload.get("format") == ARCHITECTS_FORMAT or document_or_payload.get("game") == GAME


def set_up_payload(table: ArchitectsTable) -> dict[str, Any]:
    """The ``game_set_up`` payload of a new Architects game (players with empty areas)."""
    document = architects_table_to_json(table)
    payload: dict[str, Any] = {k: v for k, v in document.items() if k in SET_UP_FIELDS}
    payload["players"] = [{"name": p.name, "wonder": p.wonder.id, "side": ""} for p in table.players]
    return payload


def area_of(table: ArchitectsTable, seat: int) -> dict[str, Any]:
    """The ``architects_area_set`` payload for one player as the table has them now."""
    entry = architects_table_to_json(table)["players"][seat]
    return {"seat": seat, "area": {k: v for k, v in entry.items() if k in AREA_FIELDS}}


def check_architects_payload(kind: str, reader: Reader, seats: int | None) -> None:
    """Record a problem for each field of the wrong shape (the replay checks the rules)."""
    if kind == "game_set_up":
        reader.as_object(allowed=SET_UP_FIELDS)
        for item in reader["players"].as_list(max_length=7):
            item.as_object(allowed=("name", "wonder", "side", "id"))
            if item["id"].present:
                item["id"].as_str(max_length=64)            # the player's stable id (storage.player_ids)
            item["name"].as_str(max_length=40)
            item["wonder"].as_str(max_length=40)
    elif kind == "architects_area_set":
        reader.as_object(allowed=("seat", "area", "why", "amend"))
        reader["seat"].as_int(minimum=0, maximum=(seats - 1) if seats else 6)
        reader["area"].as_object(allowed=AREA_FIELDS)
        if reader["why"].present:
            reader["why"].as_str(max_length=200)
    elif kind == "architects_conflicts_set":
        reader.as_object(allowed=("flipped", "why", "amend"))
        reader["flipped"].as_int(minimum=0, maximum=10)
        if reader["why"].present:
            reader["why"].as_str(max_length=200)


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
        for key in AREA_FIELDS:
            player.pop(key, None)
        player.update(copy.deepcopy(payload["area"]))
        player.setdefault("stages_built", [])
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


def architects_sheet(table: ArchitectsTable) -> dict[str, Any]:
    """The score sheet as the log stores it: the `score --json` document marked with its game."""
    return {"game": GAME, **score_architects(table).to_json()}
