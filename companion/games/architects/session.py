"""A game of 7 Wonders Architects being played: each tap logs the change it makes (a card placed,
a piece built, the battle fought...) as one transaction, built inside the write transaction on the
table as the log holds it then, so two windows on one game (or the app and a command) each keep
their change; the engine plays the change on that table, which may turn the Conflict tokens or
move the Cat pawn.

The session keeps the taps of this sitting so that the last one can be undone; an undo is logged
like any tap (the log only grows), and is refused when another window has changed the same areas
since. Resuming rebuilds the table from the log, whether a battle is due included (it is when every
Conflict token shows its Battle side).
"""

from __future__ import annotations

import contextlib
from collections.abc import Callable
from typing import Any

from companion.games.architects.events import TURN_RECORD, architects_table, area_of, battle_due, play_action
from companion.games.architects.log import new_architects_game
from companion.games.architects.rules.battle import Battle, resolve_battle
from companion.games.architects.rules.scoring import ArchitectsSheet, score_architects
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.tablefile import GAME
from companion.games.architects.turn_log import read_turn
from companion.games.architects.turn_session import ArchitectsTurns, TurnChange
from companion.plugins import Registry
from companion.state.errors import SessionError, not_saved, save_tap
from companion.storage.database import GameStore, LoggedEvent, StoreError
from companion.storage.events import EventError

__all__ = ["SESSION_PARTS", "ArchitectsSession"]

SESSION_PARTS: Registry[Callable[[ArchitectsSession], Any]] = Registry("session part of an Architects expansion",
                                                                       "session")
"""What an expansion adds to an Architects session (its actions, `ArchitectsSession.part`), by expansion id."""


class ArchitectsSession(ArchitectsTurns):
    """One Architects game at the table, over the game log (refereed in turns once the players start
    them: `turn_session.py`)."""

    def __init__(self, store: GameStore, game_id: int) -> None:
        self.store = store
        self.game_id = game_id
        try:
            state = store.state(game_id)
        except StoreError as error:
            raise SessionError(str(error)) from None
        if state.game != GAME or state.table is None:
            raise SessionError(f"game {game_id} is not a 7 Wonders Architects game in play: "
                               + "; ".join(state.problems or ["no players"]))
        self.table: ArchitectsTable = state.table
        self.finished = state.finished
        self.last_battle: Battle | None = None
        self._parts: dict[str, Any] = {}
        self._history: list[tuple[ArchitectsTable, ArchitectsTable, TurnChange | None]] = []
        """This sitting's taps: the table before and after each, and how it moved the turns (for undo)."""
        self.source = "hand"
        """Who the next logged change comes from: ``hand`` (a tap) or ``camera``."""

    @classmethod
    def start(cls, store: GameStore, table: ArchitectsTable) -> ArchitectsSession:
        """Log a new game with this seating and set-up, and play it."""
        try:
            game_id = new_architects_game(store, table)
        except EventError as error:
            raise SessionError(str(error)) from None
        except StoreError as error:
            raise not_saved(error) from None
        return cls(store, game_id)

    @property
    def battle_due(self) -> bool:
        """True when the last Conflict token has turned: the battle is fought at the end of the turn."""
        return battle_due(self.table)

    # -- the taps ---------------------------------------------------------------------------------
    def _transact(self, build: Callable[[ArchitectsTable], list[tuple[str, dict[str, Any]]]]) -> ArchitectsTable:
        """Log the events `build` makes from the table as the log holds it inside the write
        transaction (a change another window made a moment ago is built on, never undone), all or
        none; the session then holds the table the log holds. Return the table before the tap.

        :raises SessionError: when the rules refuse the change, or the log cannot save it (a full
            disk, a read-only or damaged file: ``not saved``).
        """
        before: list[ArchitectsTable] = []

        def on_latest(document: dict[str, Any]) -> list[LoggedEvent]:
            state = self.store.state_of(document)           # the log's table value, else read
            table, problems = (state.table, []) if state is not None and state.table is not None \
                else architects_table(document)
            if table is None:
                raise SessionError("the game in the log is not a valid table: " + "; ".join(problems))
            before.append(table)
            return [(kind, payload, self.source) for kind, payload in build(table)]

        try:
            save_tap(self.store, self.game_id, on_latest)
        finally:
            self.reload()
        return before[0]

    def _act(self, action: str, **payload: Any) -> None:
        """One action, played by the engine on the latest table (refused there if the rules forbid it)."""
        def change(table: ArchitectsTable) -> list[tuple[str, dict[str, Any]]]:
            try:
                play_action(table, action, payload)
            except ValueError as error:                 # the rules' refusal, said before anything is written
                raise SessionError(str(error)) from None
            return [(action, payload)]

        before = self._transact(change)
        self._history.append((before, self.table, None))

    def reload(self) -> None:
        """Take the table as the log holds it (after a tap, saved or not; another window's changes)."""
        with contextlib.suppress(StoreError):       # the file failed: keep the last table; the tap says why
            state = self.store.current(self.game_id)       # kept, replayed only when another process appended
            table = state.table if state.table is not None else architects_table(state.document)[0]
            if table is not None:
                self.table = table

    def place_card(self, seat: int, kind: str) -> bool:
        """A card of `kind` is placed in front of `seat`; True when a battle is now due."""
        self._act("architects_card_placed", seat=seat, kind=kind)
        return self.battle_due

    def remove_card(self, seat: int, kind: str, count: int = 1) -> None:
        """Cards leave `seat`'s area (spent on a piece or a token, or entered by mistake)."""
        self._act("architects_cards_removed", seat=seat, kind=kind, count=count)

    def build_piece(self, seat: int, piece: str | None, vp: int | None = None) -> None:
        """`seat` constructs a piece (Rome and Ur: with the VP printed on it)."""
        self._act("architects_piece_built", seat=seat, piece=piece, vp=vp)

    def take_token(self, seat: int, token: str) -> None:
        """`seat` takes a Progress token."""
        self._act("architects_token_taken", seat=seat, token=token)

    def take_cat(self, seat: int) -> None:
        """The Cat pawn moves to `seat` (Ur's effect, or a correction)."""
        self._act("architects_cat_taken", seat=seat)

    def set_military(self, seat: int, tokens: int) -> None:
        """A player's Military Victory tokens corrected by hand."""
        if not 0 <= tokens <= 200:
            raise SessionError(f"{tokens} Military Victory tokens is not a count")
        self._act("architects_military_set", seat=seat, tokens=tokens)

    def fight_battle(self) -> Battle:
        """Resolve the battle for all players on the table as the log holds it, and log it in one
        transaction (refused when no battle is due there: another window fought it already)."""
        battles: list[Battle] = []

        def fight(table: ArchitectsTable) -> list[tuple[str, dict[str, Any]]]:
            battles.append(resolve_battle(table))
            try:
                play_action(table, "architects_battle_fought", {})
            except ValueError as error:
                raise SessionError(str(error)) from None
            return [("architects_battle_fought", {})]

        before = self._transact(fight)
        self._history.append((before, self.table, None))
        self.last_battle = battles[-1]
        return battles[-1]

    def undo(self) -> bool:
        """Put back the areas (and Conflict tokens) the last tap of this sitting changed, logged like a
        tap; False when there is nothing to undo.

        :raises SessionError: when another window has changed those areas since (undo by hand there),
            or the log cannot save it.
        """
        if not self._history:
            return False
        before, after, turns = self._history[-1]
        seats = [seat for seat, (old, new) in enumerate(zip(before.players, after.players, strict=True)) if old != new]

        def put_back(table: ArchitectsTable) -> list[tuple[str, dict[str, Any]]]:
            if any(table.players[seat] != after.players[seat] for seat in seats) \
                    or table.conflicts_flipped != after.conflicts_flipped:
                raise SessionError("another window has changed this since: undo it there, or correct it by hand",
                                   key="undo_changed_since")
            # Whoever gives the Cat pawn back is logged first: each event must leave a valid table.
            order = sorted(seats, key=lambda seat: not (table.players[seat].cat_pawn
                                                        and not before.players[seat].cat_pawn))
            events = [("architects_area_set", {**area_of(before, seat), "why": "undo"}) for seat in order]
            if before.conflicts_flipped != table.conflicts_flipped:
                events.append(("architects_conflicts_set", {"flipped": before.conflicts_flipped, "why": "undo"}))
            if turns is not None:                   # the turn goes back too, unless another window moved it
                if read_turn(self.store.events(self.game_id)).payload() != turns.after:
                    raise SessionError("another window has changed this since: undo it there, or correct it by hand",
                                       key="undo_changed_since")
                events.append((TURN_RECORD, {"step": "undo", **turns.before}))
            return events

        self._transact(put_back)
        self._history.pop()
        return True

    def claim(self, expansion: str, seat: int, item: str) -> None:
        """`seat` takes `item`, one of what an expansion this game plays with offers (its ``claim_kind``
        event, logged like any tap).

        :raises SessionError: when the game does not play with it, the rules refuse it, or the log cannot
            save it.
        """
        found = [ext for ext in self.table.extensions if ext.id == expansion and ext.claim_kind]
        if not found:
            raise SessionError(f"this game does not play with {expansion}")
        self._act(found[0].claim_kind, seat=seat, **{found[0].claim_field: item})

    def part(self, expansion: str) -> Any:
        """The actions of an expansion this game plays with (``session.part(id).action(...)``), each
        logged like any tap.

        :raises SessionError: when the game does not play with it.
        """
        if expansion not in self.table.expansions or expansion not in SESSION_PARTS:
            raise SessionError(f"this game does not play with {expansion}")
        if expansion not in self._parts:
            self._parts[expansion] = SESSION_PARTS.find(expansion)(self)
        return self._parts[expansion]

    # -- reading ----------------------------------------------------------------------------------
    def sheet(self) -> ArchitectsSheet:
        """The running score (the score sheet of the table as it stands)."""
        return score_architects(self.table)

    def finish(self) -> dict[str, Any]:
        """Score the game and mark it finished in the log; return the stored sheet."""
        sheet = self.store.finish(self.game_id)
        self.finished = True
        return sheet
