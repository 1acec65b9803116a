"""Log a finished table (a table file) as a game: the set-up, then every card, stage, coin count,
token, choice and Armada port state as events entered by hand, then the result."""

from __future__ import annotations

from typing import Any

from companion.engine import score_table
from companion.engine.selfplay import SelfPlayGame
from companion.storage.database import GameStore
from companion.storage.events import EventError
from companion.tablefile import TableFileError, parse_table
from companion.tablefile_armada import ARMADA_PLAYER_FIELDS, other_wonder_to_json

__all__ = ["record_table", "selfplay_events"]


def record_table(store: GameStore, document: dict[str, Any], *, at: str | None = None,
                 finished_at: str | None = None, source: str = "hand") -> int:
    """Store a valid table document as a finished game; return its id.

    :raises EventError: when the document is not a valid table (each event is checked), or when
        its score needs Armada values nobody has entered (nothing is logged then).
    """
    try:
        table = parse_table(document, store.data, armada=store.armada)
        sheet = score_table(table)
    except TableFileError as error:
        raise EventError("; ".join(str(p) for p in error.problems)) from None
    if not sheet.complete:
        raise EventError("the table cannot be logged until these values are entered: "
                         + "; ".join(f"{gap.label} ({name}): {gap.how_to_enter}" for name, gap in sheet.unknowns()))
    players = [{"name": p["name"], "wonder": p["wonder"], "side": p["side"]} for p in document["players"]]
    for entry, player in zip(players, table.players, strict=True):
        if player.wonder.outside is not None:      # Armada's eighth wonder, each stage's points (the log starts at 0)
            entry["other_wonder"] = other_wonder_to_json(player.wonder)
    game_id = store.new_game(players, variant=document.get("variant", "standard"),
                             expansions=document.get("expansions", []), options=document.get("options"),
                             source=source, at=at, teams=document.get("teams"))
    for seat, player in enumerate(document["players"]):
        for card in player.get("cards", []):
            store.append(game_id, "card_confirmed", {"seat": seat, "card": card}, source=source, at=at)
        if player.get("stages"):
            store.append(game_id, "stage_built", {"seat": seat, "stages": player["stages"]}, source=source, at=at)
        store.append(game_id, "coins_changed", {"seat": seat, "coins": player["coins"]}, source=source, at=at)
        if player.get("tokens"):
            store.append(game_id, "tokens_set", {"seat": seat, "tokens": player["tokens"]}, source=source, at=at)
        choices = {k: player[k] for k in ("science_choices", "copied_guild") if k in player}
        if choices:
            store.append(game_id, "choices_set", {"seat": seat, **choices}, source=source, at=at)

    for seat, player in enumerate(document["players"]):     # after every city is built: incursions name givers
        port = {k: player[k] for k in ARMADA_PLAYER_FIELDS if k in player and k != "other_wonder"}
        if port:
            store.append(game_id, "armada_set", {"seat": seat, "armada": port}, source=source, at=at)
    store.finish(game_id, at=finished_at or at)
    return game_id


def selfplay_events(game: SelfPlayGame) -> list[tuple[str, dict[str, Any], str]]:
    """The events a camera-watched table would log for a self-played game, turn by turn:
    (kind, payload, source) from the set-up to the last conflicts."""
    first = game.tables_after_age[0]
    players = [{"name": p.name, "wonder": p.wonder.id, "side": p.side} for p in first.players]
    events: list[tuple[str, dict[str, Any], str]] = [("game_set_up", {"variant": "standard", "players": players},
                                                      "hand")]
    coins = [first.data.rules.starting_coins] * len(players)
    stages = [0] * len(players)
    for age in (1, 2, 3):
        for action in (a for a in game.actions if a.age == age):
            seat = action.seat
            if action.kind in ("build", "free_build", "discard_build"):
                events.append(("card_confirmed", {"seat": seat, "card": action.copy.card_id,
                                                  "copy": action.copy.key}, "camera"))
            elif action.kind == "stage":
                stages[seat] += 1
                events.append(("stage_built", {"seat": seat, "stages": stages[seat]}, "camera"))
            delta = action.coins_gained - action.paid
            for who, amount in ((seat, delta), ((seat + 1) % len(players), action.to_left),
                                ((seat - 1) % len(players), action.to_right)):
                if amount:
                    coins[who] += amount
                    events.append(("coins_changed", {"seat": who, "coins": coins[who], "delta": amount}, "hand"))
        conflict = game.conflicts[age - 1]
        events.append(("conflicts_resolved", {"age": age, "tokens": [list(t) for t in conflict.tokens]}, "engine"))
    return events
