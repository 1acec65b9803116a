"""The Architects session refereed turn by turn: whose turn it is, where each card is taken from, the
constructions and science sets that spend their cards themselves, the wonders' effects, what an
expansion offers claimed on one's own turn, the battle and the end of the game at
the end of a turn (`rules/turns.py`).

A game is refereed once the players start the turns (an ``architects_turn`` record is in its log);
each tap is one transaction of the action events it makes and the turn's new record
(`turn_log.py`). A game entered as its end state (a table file, the camera, taps on the areas) never
meets a turn. `ArchitectsSession` mixes this in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, replace
from typing import Any

from companion.games.architects.events import battle_due
from companion.games.architects.rules.battle import Battle, resolve_battle
from companion.games.architects.rules.play import ArchitectsRuleError
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.rules.turns import (
    ArchitectsTurn,
    card_sources,
    claim_on_turn,
    construct,
    deck_emptied,
    due,
    end_turn,
    may_peek,
    payments,
    science_sets,
    start_turn,
    take_card,
    take_progress,
    use_rome,
)
from companion.games.architects.turn_log import TurnState, check_events, read_turn, turn_record
from companion.state.errors import SessionError
from companion.storage.database import GameStore

__all__ = ["ArchitectsTurns", "OpenTurn", "TurnChange"]

Actions = list[tuple[str, dict[str, Any]]]


@dataclass(frozen=True)
class OpenTurn:
    """The turn as the table screen shows it."""

    turn: ArchitectsTurn | None
    over: bool
    completed_by: int | None
    due: tuple[str, ...]
    """What must still happen before the turn may end (`rules.turns.due`)."""
    sources: tuple[str, ...]
    """The decks the next card may come from (``deck:<k>``, ``central``, ``gift``)."""
    peek: bool
    """The active player may look at the central deck's top card (the Cat pawn, Domestication)."""


@dataclass(frozen=True)
class TurnChange:
    """A tap's change of the turns, kept to undo it: the records' payloads before and after."""

    before: dict[str, Any]
    after: dict[str, Any]


def _refused(error: ArchitectsRuleError) -> SessionError:
    return SessionError(str(error))


class ArchitectsTurns:
    """Turn actions of `ArchitectsSession`, which provides the store, the game id, the table, `reload()`,
    `_transact(build)` and `_history`."""

    store: GameStore
    game_id: int
    table: ArchitectsTable
    finished: bool
    last_battle: Battle | None
    _history: list[tuple[ArchitectsTable, ArchitectsTable, TurnChange | None]]
    _transact: Callable[[Callable[[ArchitectsTable], Actions]], ArchitectsTable]

    # -- reading ----------------------------------------------------------------------------------
    def turn_state(self) -> TurnState:
        """Where the refereed turns stand in the log."""
        return read_turn(self.store.events(self.game_id))

    @property
    def in_turns(self) -> bool:
        """True once the players started the turns (and they were not stopped)."""
        return self.turn_state().in_turns

    def open_turn(self) -> OpenTurn:
        """The turn being played, what it still needs and where its next card may come from."""
        state = self.turn_state()
        turn = state.turn
        if turn is None:
            return OpenTurn(None, state.over, state.completed_by, (), (), False)
        return OpenTurn(turn, state.over, state.completed_by, due(self.table, turn), card_sources(self.table, turn),
                        may_peek(self.table, turn))

    def payments(self, piece: str | None, cost: str | None = None) -> tuple[dict[str, int], ...]:
        """The ways the active player's cards pay `piece` of their wonder (Rome and Ur: the `cost` printed)."""
        turn = self.turn_state().turn
        return payments(self.table, turn.seat, piece, cost) if turn is not None else ()

    def science_sets(self) -> tuple[dict[str, int], ...]:
        """The science sets the active player's green cards make."""
        turn = self.turn_state().turn
        return science_sets(self.table, turn.seat) if turn is not None else ()

    def turn_offers(self, expansion: str) -> tuple[str, ...]:
        """What an expansion offers the active player now (the goals they meet);
        such a goal is claimed on one's own turn only."""
        turn = self.turn_state().turn
        found = [ext for ext in self.table.extensions if ext.id == expansion]
        return found[0].offers(self.table, turn.seat) if turn is not None and found else ()

    # -- taps -------------------------------------------------------------------------------------
    def _turn_tap(self, step: str, play: Callable[[ArchitectsTable, TurnState], tuple[ArchitectsTable, TurnState,
                                                                                       Actions]]) -> TurnState:
        """One tap of the turns: `play` makes, from the table and the turns as the log holds them inside
        the write transaction, the table and turns after it and the action events that make that
        table; they are logged with the turn's new record, all or none. Return the turns after it."""
        changes: list[TurnChange] = []
        results: list[TurnState] = []

        def build(table: ArchitectsTable) -> Actions:
            state = self.turn_state()
            try:
                after_table, after, actions = play(table, state)
                check_events(table, actions, after_table)
            except ArchitectsRuleError as error:
                raise _refused(error) from None
            kind, payload, _source = turn_record(step, after.turn, over=after.over, completed_by=after.completed_by)
            changes.append(TurnChange(state.payload(), after.payload()))
            results.append(after)
            return [*actions, (kind, payload)]

        before = self._transact(build)
        self._history.append((before, self.table, changes[0]))
        return results[0]

    def _active(self, state: TurnState) -> ArchitectsTurn:
        if state.turn is None:
            raise ArchitectsRuleError("the game is over" if state.over else "no turn is being played: start the turns")
        return state.turn

    def start_turns(self, seat: int = 0) -> None:
        """Referee the game in turns from now, `seat` playing first (the rulebook: the youngest)."""
        def play(table: ArchitectsTable, state: TurnState) -> tuple[ArchitectsTable, TurnState, Actions]:
            if state.in_turns:
                raise ArchitectsRuleError("the game is already played in turns")
            if self.finished:
                raise ArchitectsRuleError("the game is finished")
            if not 0 <= seat < len(table.players):
                raise ArchitectsRuleError(f"seat {seat} does not exist")
            return table, TurnState(start_turn(table, seat)), []

        self._turn_tap("start", play)

    def take_card(self, deck: str, kind: str) -> None:
        """The active player takes a card of `kind` from `deck` (``deck:<k>``, ``central``, ``gift``)."""
        def play(table: ArchitectsTable, state: TurnState) -> tuple[ArchitectsTable, TurnState, Actions]:
            turn = self._active(state)
            after_table, after = take_card(table, turn, deck, kind)
            return after_table, replace(state, turn=after), [("architects_card_placed", {"seat": turn.seat,
                                                                                         "kind": kind})]

        self._turn_tap("card", play)

    def deck_empty(self, deck: str) -> None:
        """`deck` was found empty: it stays empty, and is no longer offered."""
        def play(table: ArchitectsTable, state: TurnState) -> tuple[ArchitectsTable, TurnState, Actions]:
            turn = self._active(state)
            if deck not in card_sources(table, turn) or deck == "gift":
                raise ArchitectsRuleError(f"no card is taken from {deck} now")
            return table, replace(state, turn=deck_emptied(turn, deck)), []

        self._turn_tap("empty", play)

    def construct(self, piece: str | None, spent: Mapping[str, int], *, vp: int | None = None,
                  effect: bool = False) -> None:
        """The active player constructs `piece`, spending the cards `spent` (which must pay it)."""
        def play(table: ArchitectsTable, state: TurnState) -> tuple[ArchitectsTable, TurnState, Actions]:
            turn = self._active(state)
            after_table, after = construct(table, turn, piece, spent, vp=vp, effect=effect)
            seat = turn.seat
            actions: Actions = [("architects_cards_removed", {"seat": seat, "kind": kind, "count": count})
                                for kind, count in spent.items() if count]
            actions.append(("architects_piece_built", {"seat": seat, "piece": piece,
                                                       "vp": None if table.players[seat].wonder.pieces_known else vp}))
            if after_table.players[seat].cat_pawn and not table.players[seat].cat_pawn:
                actions.append(("architects_cat_taken", {"seat": seat}))           # Ur's effect
            return after_table, replace(state, turn=after), actions

        self._turn_tap("construct", play)

    def take_progress(self, token: str, spent: Mapping[str, int] | None = None) -> None:
        """The active player takes a Progress token: spending a science set, or (None) Babylon's effect."""
        def play(table: ArchitectsTable, state: TurnState) -> tuple[ArchitectsTable, TurnState, Actions]:
            turn = self._active(state)
            after_table, after = take_progress(table, turn, token, spent)
            actions: Actions = [("architects_token_taken", {"seat": turn.seat, "token": token})]
            actions += [("architects_cards_removed", {"seat": turn.seat, "kind": kind, "count": count})
                        for kind, count in (spent or {}).items() if count]
            return after_table, replace(state, turn=after), actions

        self._turn_tap("progress", play)

    def use_rome(self, victim: int, kind: str) -> None:
        """Rome's effect: the active player takes a card of `kind` from `victim`."""
        def play(table: ArchitectsTable, state: TurnState) -> tuple[ArchitectsTable, TurnState, Actions]:
            turn = self._active(state)
            after_table, after = use_rome(table, turn, victim, kind)
            actions: Actions = [("architects_cards_removed", {"seat": victim, "kind": kind, "count": 1}),
                                ("architects_card_placed", {"seat": turn.seat, "kind": kind})]
            return after_table, replace(state, turn=after), actions

        self._turn_tap("rome", play)

    def claim_on_turn(self, expansion: str, item: str, seat: int | None = None) -> None:
        """The active player (or `seat`, refused unless it is theirs) takes `item`, which an expansion
        offers them (a goal they meet), logged as that expansion's claim event."""
        def play(table: ArchitectsTable, state: TurnState) -> tuple[ArchitectsTable, TurnState, Actions]:
            turn = self._active(state)
            claimant = turn.seat if seat is None else seat
            after_table = claim_on_turn(table, turn, claimant, expansion, item)
            ext = next(e for e in table.extensions if e.id == expansion)
            return after_table, state, [(ext.claim_kind, {"seat": claimant, ext.claim_field: item})]

        self._turn_tap("claim", play)

    def end_turn(self) -> Battle | None:
        """End the active player's turn (refused while something is due): a battle due is fought, then
        the game ends if a wonder was completed, else the left neighbour plays. Return the battle fought."""
        battles: list[Battle] = []

        def play(table: ArchitectsTable, state: TurnState) -> tuple[ArchitectsTable, TurnState, Actions]:
            turn = self._active(state)
            if battle_due(table) and not turn.battle_due:          # the last token turned by a correction
                turn = replace(turn, battle_due=True)
            if turn.battle_due:
                battles.append(resolve_battle(table))
            ended = end_turn(table, turn)
            actions: Actions = [("architects_battle_fought", {})] if turn.battle_due else []
            if ended.game_over:
                return ended.table, TurnState(None, True, turn.seat), actions
            return ended.table, TurnState(ended.next_turn), actions

        self._turn_tap("end", play)
        self.last_battle = battles[0] if battles else None
        return self.last_battle
