"""The oracle of typed Architects events: how an event changed a table before its kinds were values (main at
6b4eddb, `companion/games/architects/events.py`: `play_action` and `apply_architects`, an if-chain on the
kind, Medals' kind through its ``EXPANSION_ACTIONS`` entry), kept here word for word to compare the values with."""

from __future__ import annotations

import copy
from dataclasses import replace
from typing import Any

from companion.games.architects.events import architects_table, area_fields, battle_due, is_architects
from companion.games.architects.rules.battle import apply_battle, resolve_battle
from companion.games.architects.rules.play import (
    ArchitectsRuleError,
    build_piece,
    give_cat,
    place_card,
    remove_card,
    take_token,
)
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.tablefile import ARCHITECTS_FORMAT, GAME, architects_table_to_json
from companion.games.medals.rules.play import take_medal

ACTION_KINDS = ("architects_card_placed", "architects_cards_removed", "architects_piece_built",
                "architects_token_taken", "architects_cat_taken",
                "architects_military_set", "architects_battle_fought")
EXPANSION_ACTIONS = {"architects_medal_taken": lambda table, payload: take_medal(table, payload.get("seat", 0),
                                                                                 payload["medal"])}


class OldEventError(ValueError):
    """`ArchitectsEventError` as it was."""


def _fight(table: ArchitectsTable) -> ArchitectsTable:
    if not battle_due(table):
        raise ArchitectsRuleError(f"no battle is due: {table.conflicts_flipped} of {table.conflict_tokens} Conflict "
                                  f"tokens show their Battle side")
    return apply_battle(table, resolve_battle(table))


def _set_military(table: ArchitectsTable, seat: int, tokens: int) -> ArchitectsTable:
    return table.with_player(seat, replace(table.players[seat], military_tokens=tokens))


def old_play_action(table: ArchitectsTable, kind: str, payload: dict[str, Any]) -> ArchitectsTable:
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


def old_apply_architects(document: dict[str, Any], kind: str, payload: dict[str, Any]) -> None:
    if kind == "game_set_up":
        if document.get("players"):
            raise OldEventError("the game is already set up")
        document.clear()
        document.update({"format": ARCHITECTS_FORMAT, "game": GAME,
                         **{k: copy.deepcopy(v) for k, v in payload.items() if k not in ("game", "players", "amend")}})
        document["players"] = [{"name": p["name"], "wonder": p["wonder"], "stages_built": [], "cards": {}}
                               for p in payload["players"]]
        return
    if not is_architects(document):
        raise OldEventError(f"{kind} in a game that is not 7 Wonders Architects")
    if kind == "architects_conflicts_set":
        if payload["flipped"]:
            document["conflicts_flipped"] = payload["flipped"]
        else:
            document.pop("conflicts_flipped", None)
    elif kind == "architects_area_set":
        players = document["players"]
        seat = payload["seat"]
        if not 0 <= seat < len(players):
            raise OldEventError(f"seat {seat} does not exist (the table has {len(players)})")
        player = players[seat]
        for key in area_fields():
            player.pop(key, None)
        player.update(copy.deepcopy(payload["area"]))
        player.setdefault("stages_built", [])
    elif kind in ACTION_KINDS or kind in EXPANSION_ACTIONS:
        table, problems = architects_table(document)
        if table is None:
            raise OldEventError("; ".join(problems))
        try:
            after = old_play_action(table, kind, payload)
        except ArchitectsRuleError as error:
            raise OldEventError(str(error)) from None
        document.clear()
        document.update(architects_table_to_json(after))
    elif kind not in ("score_computed", "game_finished", "architects_turn"):
        raise OldEventError(f"{kind} is not an event of a 7 Wonders Architects game")
