"""7 Wonders turns in the game log: each play entered is one event, closing a turn one transaction.

A play entered (or withdrawn) in the open turn is a ``turn_play`` event: it changes no city, so a
game killed mid-turn resumes with the plays entered so far. Closing the turn logs, in one transaction,
what the turn engine (`rules.turns.close_turn`) settled, as the ordinary events every reader knows
(``card_confirmed``, ``stage_built``, ``coins_changed``, ``conflicts_resolved``), then a
``turn_closed`` record of the plays and of the game's progress (age, turn, Olympia's power used, the
discard pile). The table is still the replay of the ordinary events, so logs without turns, and games
entered only as their end state, read as before; the progress is the last ``turn_closed`` record.

The last closed turn may be corrected (a play undone, replaced, a forgotten card): it is settled again
from the table at its start, and the difference is logged with a ``turn_closed`` that ``corrects`` it.
Or it is opened again (`reopen_logged_turn`, one transaction): the cities go back to the start of the
turn and a ``turn_reopened`` record makes its plays the open turn's, to be corrected and closed again.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.sevenwonders.events import STATE_KINDS
from companion.games.sevenwonders.rules.table import Table
from companion.games.sevenwonders.rules.turns import (
    AgeProgress,
    DiscardPile,
    Play,
    PlayVerdict,
    TurnError,
    TurnResult,
    check_play,
    close_turn,
)
from companion.games.sevenwonders.session_parts import turn_move_events
from companion.games.sevenwonders.tablefile import parse_table
from companion.storage.database import GameStore, LoggedEvent
from companion.storage.events import Event

__all__ = [
    "TurnLog",
    "close_logged_turn",
    "closing_events",
    "correct_logged_turn",
    "correction_events",
    "enter_play",
    "play_event",
    "play_from_json",
    "play_to_json",
    "progress_from_json",
    "progress_to_json",
    "read_turns",
    "reopen_logged_turn",
    "reopening_events",
    "table_at",
    "turn_log",
    "withdraw_event",
    "withdraw_play",
]


def play_to_json(play: Play) -> dict[str, Any]:
    """A play as the log holds it."""
    return {"seat": play.seat, "action": play.action, "card": play.card, "source": play.source,
            "free_build": play.free_build, "naval": play.naval, "fleet": play.fleet,
            "discard_reward": play.discard_reward, "plan": play.plan}


def play_from_json(data: Mapping[str, Any]) -> Play:
    """A play read back from the log."""
    return Play(int(data["seat"]), str(data["action"]), data.get("card"), str(data.get("source", "hand")),
                bool(data.get("free_build", False)), bool(data.get("naval", False)), data.get("fleet"),
                str(data.get("discard_reward", "coins")), int(data.get("plan", 0)))


def progress_to_json(progress: AgeProgress) -> dict[str, Any]:
    """The game's progress as the log holds it."""
    return {"age": progress.age, "turn": progress.turn, "free_builds_used": sorted(progress.free_builds_used),
            "discard": {"cards": list(progress.discard.cards), "unknown": progress.discard.unknown},
            "finished": progress.finished}


def progress_from_json(data: Mapping[str, Any]) -> AgeProgress:
    """The game's progress read back from the log."""
    pile = data.get("discard", {})
    return AgeProgress(int(data["age"]), int(data["turn"]), frozenset(int(s) for s in data.get("free_builds_used", ())),
                       DiscardPile(tuple(str(c) for c in pile.get("cards", ())), int(pile.get("unknown", 0))),
                       bool(data.get("finished", False)))


def play_event(play: Play, source: str = "hand") -> LoggedEvent:
    """The event of a play entered (it replaces the seat's earlier play of the same source)."""
    return "turn_play", {"seat": play.seat, "source": play.source, "play": play_to_json(play)}, source


def withdraw_event(seat: int, play_source: str = "hand", source: str = "hand") -> LoggedEvent:
    """The event of a play taken back before the turn closes (`play_source`: the hand, the last card
    or the discard pile; `source`: who took it back)."""
    return "turn_play", {"seat": seat, "source": play_source, "play": None}, source


@dataclass(frozen=True)
class TurnLog:
    """Where the turns stand in a log: the progress, the open turn's plays, the last close."""

    progress: AgeProgress
    plays: tuple[Play, ...]
    """The plays of the open turn, one per seat and source, in the order first entered."""
    last_close: Event | None
    """The last ``turn_closed`` event (None before the first turn closes)."""
    state_since_close: bool
    """True when a city changed after the last close other than by that close (then it is not corrected)."""


def read_turns(events: Iterable[Event]) -> TurnLog:
    """The turns of a game from its events. Until a turn closes, the game is at turn 1 of the age
    after the last one whose conflicts are logged (a game entered by hand so far: age I, or the age
    it has reached), with no power used and no card of the discard pile known."""
    progress = AgeProgress()
    plays: dict[tuple[int, str], Play] = {}
    last_close: Event | None = None
    state_since = False
    turns_closed = False
    for event in events:
        if event.kind == "conflicts_resolved" and not turns_closed:
            age = int(event.payload["age"])
            progress = AgeProgress(min(age + 1, 3), 1, finished=age >= 3)
        if event.kind == "turn_play":
            key = (int(event.payload["seat"]), str(event.payload["source"]))
            plays.pop(key, None)
            if event.payload.get("play") is not None:
                plays[key] = play_from_json(event.payload["play"])
        elif event.kind == "turn_closed":
            progress = progress_from_json(event.payload["progress"])
            plays = {}
            last_close = event
            state_since = False
            turns_closed = True
        elif event.kind == "turn_reopened":          # the last closed turn open again, with its plays
            progress = progress_from_json(event.payload["progress"])
            reopened = [play_from_json(p) for p in event.payload["plays"]]
            plays = {p.key: p for p in reopened}
            last_close = None
            state_since = False
        elif event.kind in STATE_KINDS:
            state_since = True
    return TurnLog(progress, tuple(plays.values()), last_close, state_since)


def _difference(before: Table, after: Table, why: str) -> list[LoggedEvent]:
    """The ordinary events that take the cities from `before` to `after`."""
    events: list[LoggedEvent] = []
    for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)):
        old_cards = [c.id for c in old.cards]
        new_cards = [c.id for c in new.cards]
        events += [("card_removed", {"seat": seat, "card": c}, "engine") for c in old_cards if c not in new_cards]
        events += [("card_confirmed", {"seat": seat, "card": c}, "engine") for c in new_cards if c not in old_cards]
        if new.stages_built != old.stages_built:
            events.append(("stage_built", {"seat": seat, "stages": new.stages_built}, "engine"))
        if new.coins != old.coins:
            events.append(("coins_changed", {"seat": seat, "coins": new.coins, "delta": new.coins - old.coins,
                                             "why": why}, "engine"))
    return events


def closing_events(table: Table, progress: AgeProgress, plays: Sequence[Play], start_seq: int,
                   leftovers: Mapping[int, str] | None = None, document: Mapping[str, Any] | None = None
                   ) -> tuple[TurnResult, list[LoggedEvent]]:
    """Close the open turn: its result and the events of the transaction (the cities' changes, what the
    plays move, logged by the expansions' session parts (`SessionPart.turn_move_events`; Armada: the
    ships, on `document`: the table document now, whose ports they change), the age's
    land tokens when it ends, the ``turn_closed`` record). `table` is the table now, which is the table
    at the start of the turn (plays change no city); `start_seq` the last event before.

    :raises TurnError: as `close_turn` (nothing to log then).
    """
    result = close_turn(table, progress, plays, leftovers)
    events = _difference(table, result.table, f"turn {progress.age}.{progress.turn}")
    if result.ship_steps:
        if document is None:
            raise ValueError("the ships a turn moves are logged on the table document")
        events += turn_move_events(document, result.ship_steps)    # the expansions' session parts
    if result.conflicts is not None:
        events.append(("conflicts_resolved", {"age": progress.age,
                                              "tokens": [list(t) for t in result.conflicts.tokens]}, "engine"))
    events.append(("turn_closed", _record(progress, plays, leftovers, result, start_seq), "hand"))
    return result, events


def _record(progress: AgeProgress, plays: Sequence[Play], leftovers: Mapping[int, str] | None,
            result: TurnResult, start_seq: int) -> dict[str, Any]:
    return {"age": progress.age, "turn": progress.turn,
            "plays": [play_to_json(p) for p in sorted(plays, key=lambda p: p.key)],
            "leftovers": {str(seat): card for seat, card in sorted((leftovers or {}).items())},
            "progress": progress_to_json(result.progress), "start_seq": start_seq}


def correction_events(events: Sequence[Event], table_at: Callable[[int], Table], table_now: Table,
                      plays: Sequence[Play], leftovers: Mapping[int, str] | None = None
                      ) -> tuple[TurnResult, list[LoggedEvent]]:
    """Settle the last closed turn again with corrected `plays`: the events taking the cities from
    now to the corrected result, and a ``turn_closed`` that corrects the last one. `table_at(seq)` is
    the table after event `seq` (the replay).

    :raises TurnError: ``no_turn`` when no turn is closed, ``changed_since`` when a city changed since
        (correct that change first), ``ships_moved`` when the turn moves Armada ships (the ships are
        corrected by hand), or as `close_turn`.
    """
    close = _last_close(events, "settled")
    moved = [p for p in (*close.payload["plays"], *map(play_to_json, plays))
             if p.get("naval") or p.get("discard_reward", "coins") != "coins"]
    if moved:
        raise TurnError("a turn whose plays move ships is corrected by hand (the ships too)", "ships_moved")
    start_seq = int(close.payload["start_seq"])
    before = [e for e in events if e.seq <= start_seq]
    progress = read_turns(before).progress
    start = table_at(start_seq)
    result = close_turn(start, progress, plays, leftovers)
    why = f"turn {progress.age}.{progress.turn} corrected"
    changes = _difference(table_now, result.table, why)
    changes += [("tokens_set", {"seat": seat, "tokens": list(new.tokens)}, "engine")
                for seat, (new, old) in enumerate(zip(result.table.players, table_now.players, strict=True))
                if new.tokens != old.tokens]
    record = {**_record(progress, plays, leftovers, result, start_seq), "corrects": close.seq}
    return result, [*changes, ("turn_closed", record, "hand")]


def _last_close(events: Sequence[Event], again: str) -> Event:
    """The last ``turn_closed`` event, when nothing was logged or played since (it can be `again`
    settled or opened).

    :raises TurnError: ``no_turn`` or ``changed_since``.
    """
    log = read_turns(events)
    if log.last_close is None:
        raise TurnError("no turn is closed yet", "no_turn")
    if log.state_since_close or log.plays:
        raise TurnError(f"the cities changed after the last turn closed: it can no longer be {again} again",
                        "changed_since")
    return log.last_close


def reopening_events(events: Sequence[Event], table_at: Callable[[int], Table], table_now: Table) -> list[LoggedEvent]:
    """Open the last closed turn again: the events taking the cities back to the start of the turn (its
    purchases, cards, stages and coins undone) and a ``turn_reopened`` record of its plays and of the
    progress at its start, so that they are the open turn's again (corrected, then closed again).

    :raises TurnError: ``no_turn`` when no turn is closed (or the last one is open again already),
        ``changed_since`` when a city changed or a play was entered since, ``age_closed`` when that turn
        ended its age (its conflicts are logged: the cities are corrected by hand), ``ships_moved`` when
        its plays moved Armada ships (corrected by hand).
    """
    close = _last_close(events, "opened")
    start_seq = int(close.payload["start_seq"])
    progress = read_turns([e for e in events if e.seq <= start_seq]).progress
    after = progress_from_json(close.payload["progress"])
    if after.age != progress.age or after.finished:
        raise TurnError(f"the turn that ended age {progress.age} is not opened again (its conflicts are resolved)",
                        "age_closed", {"age": progress.age})
    if any(p.get("naval") or p.get("discard_reward", "coins") != "coins" for p in close.payload["plays"]):
        raise TurnError("a turn whose plays move ships is corrected by hand (the ships too)", "ships_moved")
    changes = _difference(table_now, table_at(start_seq), f"turn {progress.age}.{progress.turn} reopened")
    record = {"reopens": close.seq, "plays": list(close.payload["plays"]), "progress": progress_to_json(progress)}
    return [*changes, ("turn_reopened", record, "hand")]


# -- on a game store -------------------------------------------------------------------------------------

def _table(store: GameStore, document: dict[str, Any]) -> Table:
    """The table of `document`: the log's value when the store handed it out, else read."""
    state = store.state_of(document)
    if state is not None and state.table is not None and state.sources == store.source_ids(document):
        return state.table  # type: ignore[no-any-return]
    return parse_table(document, store.data, sources=store.sources)


def enter_play(store: GameStore, game_id: int, play: Play, *, source: str = "hand") -> PlayVerdict:
    """Log a play of the open turn (one event: saved when this returns) and say whether it is legal
    against the start of the turn and the other plays entered; an illegal play is logged all the same
    (the card is on the table) and the turn does not close until it is corrected."""
    verdict: list[PlayVerdict] = []

    def build(document: dict[str, Any]) -> list[LoggedEvent]:
        log = read_turns(store.events(game_id))
        verdict.append(check_play(_table(store, document), log.progress, play, log.plays))
        return [play_event(play, source)]

    store.append_built(game_id, build)
    return verdict[0]


def withdraw_play(store: GameStore, game_id: int, seat: int, play_source: str = "hand") -> None:
    """Take back a play of the open turn (one event)."""
    store.append_all(game_id, [withdraw_event(seat, play_source)])


def close_logged_turn(store: GameStore, game_id: int, leftovers: Mapping[int, str] | None = None) -> TurnResult:
    """Close the open turn of a logged game in one transaction (see `closing_events`).

    :raises TurnError: when the turn cannot close (nothing is written).
    """
    results: list[TurnResult] = []

    def build(document: dict[str, Any]) -> list[LoggedEvent]:
        events = store.events(game_id)
        log = read_turns(events)
        result, logged = closing_events(_table(store, document), log.progress, log.plays,
                                        events[-1].seq if events else 0, leftovers, document)
        results.append(result)
        return logged

    store.append_built(game_id, build)
    return results[0]


def correct_logged_turn(store: GameStore, game_id: int, plays: Sequence[Play],
                        leftovers: Mapping[int, str] | None = None) -> TurnResult:
    """Settle the last closed turn of a logged game again with corrected `plays`, in one transaction.

    :raises TurnError: as `correction_events` (nothing is written).
    """
    results: list[TurnResult] = []

    def build(document: dict[str, Any]) -> list[LoggedEvent]:
        events = store.events(game_id)
        result, logged = correction_events(events, lambda seq: table_at(store, game_id, seq),
                                           _table(store, document), plays, leftovers)
        results.append(result)
        return logged

    store.append_built(game_id, build)
    return results[0]


def table_at(store: GameStore, game_id: int, seq: int) -> Table:
    """The table of a logged game after its event `seq` (the replay)."""
    state = store.state(game_id, upto=seq)
    return state.table if state.table is not None else _table(store, state.document)  # type: ignore[no-any-return]


def reopen_logged_turn(store: GameStore, game_id: int) -> tuple[Play, ...]:
    """Open the last closed turn of a logged game again, in one transaction; returns its plays (now the
    open turn's).

    :raises TurnError: as `reopening_events` (nothing is written).
    """
    def build(document: dict[str, Any]) -> list[LoggedEvent]:
        return reopening_events(store.events(game_id), lambda seq: table_at(store, game_id, seq),
                                _table(store, document))

    store.append_built(game_id, build)
    return read_turns(store.events(game_id)).plays


def turn_log(store: GameStore, game_id: int) -> TurnLog:
    """Where the turns of a logged game stand."""
    return read_turns(store.events(game_id))
