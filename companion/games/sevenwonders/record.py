"""Log a finished table (a table file) as a game: the set-up, then every card, stage, coin count,
token, choice and expansion's part (Armada's port) as events entered by hand, then the result, in one
transaction."""

from __future__ import annotations

from typing import Any

from companion.games.sevenwonders.rules import score_table
from companion.games.sevenwonders.rules.selfplay import SelfPlayGame
from companion.games.sevenwonders.tablefile import SECTIONS, TableFileError, parse_table, table_to_json
from companion.storage.camera_notes import camera_unread, refuse_camera_unread
from companion.storage.database import GameStore, LoggedEvent
from companion.storage.events import EventError

__all__ = ["camera_unread", "record_table", "refuse_camera_unread", "selfplay_events", "table_events"]


def record_table(store: GameStore, document: dict[str, Any], *, at: str | None = None,
                 finished_at: str | None = None, source: str = "hand", allow_twin: bool = False) -> int:
    """Store a valid table document as a finished game, all in one transaction; return its id.

    :raises EventError: when the document is not a valid table, has no players, was built by the
        camera and lacks what the camera cannot read (coins, tokens), or when its score needs Armada
        values nobody has entered. Nothing is logged then.
    :raises DuplicateGame: unless `allow_twin`, when the very same finished table is in the log.
    """
    refuse_camera_unread(document, lambda unread: f"count them, enter each player's {' and '.join(unread)}")
    try:
        table = parse_table(document, store.data, sources=store.sources)
    except TableFileError as error:
        raise EventError("; ".join(str(p) for p in error.problems)) from None
    if not table.players:
        raise EventError("the table has no players: there is no game to log")
    sheet = score_table(table)
    if not sheet.complete:
        raise EventError("the table cannot be logged until these values are entered: "
                         + "; ".join(f"{gap.label} ({name}): {gap.how_to_enter}" for name, gap in sheet.unknowns()))
    clean = table_to_json(table)
    players = [_seating(entry, player) for entry, player in zip(clean["players"], table.players, strict=True)]
    return store.new_game(players, variant=clean.get("variant", "standard"), expansions=clean.get("expansions", []),
                          options=clean.get("options"), source=source, at=at, teams=clean.get("teams"),
                          then=table_events(clean, source), finish=True, finished_at=finished_at or at,
                          allow_twin=allow_twin)


def _seating(entry: dict[str, Any], player: Any) -> dict[str, Any]:
    """A player's set-up entry: name, wonder, side, and what the expansions add (Armada's eighth wonder,
    a board of another expansion, described stage by stage, as the log holds it from the start)."""
    seat = {key: entry[key] for key in ("name", "wonder", "side")}
    for section in SECTIONS.values():
        seat.update(section.set_up_entry(player))
    return seat


def table_events(document: dict[str, Any], source: str = "hand") -> list[LoggedEvent]:
    """The events that build a valid table document's cities after its set-up: every city first,
    then the players' choices and the expansions' parts (Armada's ports), which may name another
    city's cards (Olympia B copying the guild of a later seat, an incursion naming its giver) or its
    built stages (a board of another expansion)."""
    events: list[LoggedEvent] = []
    players = document["players"]
    for seat, player in enumerate(players):
        events += [("card_confirmed", {"seat": seat, "card": card}, source) for card in player.get("cards", [])]
        if player.get("stages"):
            events.append(("stage_built", {"seat": seat, "stages": player["stages"]}, source))
        events.append(("coins_changed", {"seat": seat, "coins": player["coins"]}, source))
        if player.get("tokens"):
            events.append(("tokens_set", {"seat": seat, "tokens": player["tokens"]}, source))
    for seat, player in enumerate(players):
        choices = {k: player[k] for k in ("science_choices", "copied_guild") if k in player}
        if choices:
            events.append(("choices_set", {"seat": seat, **choices}, source))
    for section in SECTIONS.values():
        for seat, player in enumerate(players):
            events += section.player_events(seat, player, source)
    return events


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
