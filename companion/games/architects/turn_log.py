"""Architects turns in the game log: each tap of a refereed turn is one transaction holding the
ordinary action events it makes (a card placed, cards spent and a piece built, a token or what an
expansion offers taken, the battle fought: every reader knows them) and an ``architects_turn`` record of the turn as
the tap leaves it (whose turn, whether the card is taken, the extra cards and wonder effects still
owed, the tokens used, the decks found empty). Its kind is registered in the log's `EVENT_KINDS` by
`events.py` (the game's events module).

The table is still the replay of the action events, so logs without turns, and games entered as
their end state (a table file, the camera, taps on the areas), read as before; the turn is the last
record's. A game killed mid-turn resumes at the turn of its last whole tap. A record whose ``turn``
is null and not ``over`` (the start of the turns undone) means the game is not refereed in turns.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any

from companion.games.architects.events import TURN_RECORD, play_action
from companion.games.architects.rules.play import ArchitectsRuleError
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.rules.turns import ArchitectsTurn
from companion.storage.database import LoggedEvent
from companion.storage.events import Event

__all__ = ["TURN_KIND", "TurnState", "check_events", "read_turn", "turn_from_json", "turn_record",
           "turn_to_json"]

TURN_KIND = TURN_RECORD
def turn_to_json(turn: ArchitectsTurn) -> dict[str, Any]:
    """A turn as the log holds it."""
    return {"seat": turn.seat, "number": turn.number, "taken": turn.taken, "extra_cards": turn.extra_cards,
            "effects": list(turn.effects), "tokens_used": sorted(turn.tokens_used), "battle_due": turn.battle_due,
            "wonder_completed": turn.wonder_completed, "gifts": list(turn.gifts), "gift_due": turn.gift_due,
            "empty": sorted(turn.empty)}


def turn_from_json(data: Mapping[str, Any]) -> ArchitectsTurn:
    """A turn read back from the log."""
    return ArchitectsTurn(int(data["seat"]), int(data.get("number", 1)), bool(data.get("taken", False)),
                          int(data.get("extra_cards", 0)), tuple(str(e) for e in data.get("effects", ())),
                          frozenset(str(t) for t in data.get("tokens_used", ())), bool(data.get("battle_due", False)),
                          bool(data.get("wonder_completed", False)), tuple(int(s) for s in data.get("gifts", ())),
                          bool(data.get("gift_due", False)), frozenset(str(d) for d in data.get("empty", ())))


@dataclass(frozen=True)
class TurnState:
    """Where the refereed turns of a game stand (the last record's)."""

    turn: ArchitectsTurn | None
    """The turn being played (None: not in turns, or the game is over)."""
    over: bool = False
    """True once the turn in which a wonder was completed has ended."""
    completed_by: int | None = None
    """The seat whose completed wonder ended the game."""
    record: Mapping[str, Any] | None = None
    """The last record's payload (None: the game never met a turn)."""

    @property
    def in_turns(self) -> bool:
        """True while the game is refereed in turns (or ended in one)."""
        return self.turn is not None or self.over

    def payload(self) -> dict[str, Any]:
        """What a record must hold to put the turns back where they stand now (an undo)."""
        return {"turn": None if self.turn is None else turn_to_json(self.turn), "over": self.over,
                "completed_by": self.completed_by}


def read_turn(events: Iterable[Event]) -> TurnState:
    """The turns of a game from its events: the last ``architects_turn`` record's, or none."""
    last = None
    for event in events:
        if event.kind == TURN_KIND:
            last = event.payload
    if last is None:
        return TurnState(None)
    turn = last.get("turn")
    return TurnState(None if turn is None else turn_from_json(turn), bool(last.get("over", False)),
                     last.get("completed_by"), last)


def turn_record(step: str, turn: ArchitectsTurn | None, *, over: bool = False, completed_by: int | None = None,
                source: str = "hand") -> LoggedEvent:
    """The record of the turn as a tap leaves it."""
    payload: dict[str, Any] = {"step": step, "turn": None if turn is None else turn_to_json(turn), "over": over}
    if completed_by is not None:
        payload["completed_by"] = completed_by
    return TURN_KIND, payload, source


def check_events(table: ArchitectsTable, events: list[tuple[str, dict[str, Any]]], expected: ArchitectsTable) -> None:
    """Make sure the action events replay to the table the turn engine made (the log and the referee
    never part ways).

    :raises ArchitectsRuleError: when they do not (a fault of this module, never of the players).
    """
    for kind, payload in events:
        table = play_action(table, kind, payload)
    if table != expected:
        raise ArchitectsRuleError("the turn's events do not rebuild the table the rules made")
