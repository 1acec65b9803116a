"""A game of 7 Wonders Architects being played: each tap becomes the next table through the
Architects engine and is logged at once, as one transaction, for every player it changed (a blue cat
card moves the pawn from another player; a battle changes everyone).

The session keeps the taps of this sitting so that the last one can be undone; an undo is logged
like any tap (the log only grows). Resuming rebuilds the table from the log.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from typing import Any

from companion.architects.battle import Battle, apply_battle, resolve_battle
from companion.architects.medals import medal_offers
from companion.architects.play import (
    ArchitectsRuleError,
    build_piece,
    give_cat,
    place_card,
    remove_card,
    take_medal,
    take_token,
)
from companion.architects.scoring import ArchitectsSheet, score_architects
from companion.architects.table import ArchitectsTable
from companion.state.errors import SessionError
from companion.storage.architects_events import area_of
from companion.storage.architects_log import new_architects_game
from companion.storage.database import GameStore
from companion.storage.events import EventError

__all__ = ["ArchitectsSession"]


class ArchitectsSession:
    """One Architects game at the table, over the game log."""

    def __init__(self, store: GameStore, game_id: int) -> None:
        self.store = store
        self.game_id = game_id
        state = store.state(game_id)
        if state.architects is None:
            raise SessionError(f"game {game_id} is not a 7 Wonders Architects game in play: "
                               + "; ".join(state.problems or ["no players"]))
        self.table: ArchitectsTable = state.architects
        self.finished = state.finished
        self.battle_due = False
        """True when the last Conflict token has turned: the battle is fought at the end of the turn."""
        self.last_battle: Battle | None = None
        self._history: list[tuple[ArchitectsTable, bool]] = []
        self.source = "hand"
        """Who the next logged change comes from: ``hand`` (a tap) or ``camera``."""

    @classmethod
    def start(cls, store: GameStore, table: ArchitectsTable) -> ArchitectsSession:
        """Log a new game with this seating and set-up, and play it."""
        try:
            game_id = new_architects_game(store, table)
        except EventError as error:
            raise SessionError(str(error)) from None
        return cls(store, game_id)

    # -- the taps ---------------------------------------------------------------------------------
    def _commit(self, after: ArchitectsTable, why: str, battle_due: bool | None = None) -> ArchitectsTable:
        """Log every player the tap changed (and the Conflict tokens), all in one transaction."""
        events: list[tuple[str, dict[str, Any], str]] = []
        changed = [seat for seat, (before, now) in enumerate(zip(self.table.players, after.players, strict=True))
                   if before != now]
        # Whoever gives up the Cat pawn is logged first: each event must leave a valid table.
        changed.sort(key=lambda seat: not (self.table.players[seat].cat_pawn and not after.players[seat].cat_pawn))
        for seat in changed:
            events.append(("architects_area_set", {**area_of(after, seat), "why": why}, self.source))
        if after.conflicts_flipped != self.table.conflicts_flipped:
            events.append(("architects_conflicts_set", {"flipped": after.conflicts_flipped, "why": why}, self.source))
        if events:
            try:
                self.store.append_all(self.game_id, events)
            except EventError as error:
                raise SessionError(str(error)) from None
            self._history.append((self.table, self.battle_due))
        self.table = after
        if battle_due is not None:
            self.battle_due = battle_due
        return after

    def _rule(self, action: Callable[[], ArchitectsTable]) -> ArchitectsTable:
        try:
            return action()
        except ArchitectsRuleError as error:
            raise SessionError(str(error)) from None

    def place_card(self, seat: int, kind: str) -> bool:
        """A card of `kind` is placed in front of `seat`; True when a battle is now due."""
        try:
            placed = place_card(self.table, seat, kind)
        except ArchitectsRuleError as error:
            raise SessionError(str(error)) from None
        self._commit(placed.table, f"card {kind}", self.battle_due or placed.battle_due)
        return self.battle_due

    def remove_card(self, seat: int, kind: str, count: int = 1) -> None:
        """Cards leave `seat`'s area (spent on a piece or a token, or entered by mistake)."""
        self._commit(self._rule(lambda: remove_card(self.table, seat, kind, count)), f"discard {kind}")

    def build_piece(self, seat: int, piece: str | None, vp: int | None = None) -> None:
        """`seat` constructs a piece (Rome and Ur: with the VP printed on it)."""
        self._commit(self._rule(lambda: build_piece(self.table, seat, piece, vp)), f"piece {piece or vp}")

    def take_token(self, seat: int, token: str) -> None:
        """`seat` takes a Progress token."""
        self._commit(self._rule(lambda: take_token(self.table, seat, token)), f"token {token}")

    def take_cat(self, seat: int) -> None:
        """The Cat pawn moves to `seat` (Ur's effect, or a correction)."""
        self._commit(give_cat(self.table, seat), "cat pawn")

    def take_medal(self, seat: int, medal: str) -> None:
        """`seat` takes a medal whose goal they met."""
        self._commit(self._rule(lambda: take_medal(self.table, seat, medal)), f"medal {medal}")

    def set_military(self, seat: int, tokens: int) -> None:
        """A player's Military Victory tokens corrected by hand."""
        if not 0 <= tokens <= 200:
            raise SessionError(f"{tokens} Military Victory tokens is not a count")
        player = self.table.players[seat]
        self._commit(self.table.with_player(seat, replace(player, military_tokens=tokens)), "military corrected")

    def fight_battle(self) -> Battle:
        """Resolve the battle for all players and log its outcome in one transaction."""
        battle = resolve_battle(self.table)
        self._commit(apply_battle(self.table, battle), "battle", False)
        self.last_battle = battle
        return battle

    def undo(self) -> bool:
        """Put the table back as it was before the last tap of this sitting (logged like a tap);
        False when there is nothing to undo."""
        if not self._history:
            return False
        before, battle_due = self._history.pop()
        self._commit(before, "undo", battle_due)
        self._history.pop()
        return True

    # -- reading ----------------------------------------------------------------------------------
    def offers(self) -> dict[int, tuple[str, ...]]:
        """The medals each seat may take now (the app offers them the moment a goal is met)."""
        found = {seat: medal_offers(self.table, seat) for seat in range(len(self.table.players))}
        return {seat: medals for seat, medals in found.items() if medals}

    def sheet(self) -> ArchitectsSheet:
        """The running score (the score sheet of the table as it stands)."""
        return score_architects(self.table)

    def finish(self) -> dict[str, Any]:
        """Score the game and mark it finished in the log; return the stored sheet."""
        sheet = self.store.finish(self.game_id)
        self.finished = True
        return sheet
