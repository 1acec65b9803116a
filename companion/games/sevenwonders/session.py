"""A game being played: its set-up, what the camera confirms and what players enter, saved as it happens.

The session joins the table tracker (camera observations -> confirmed cities), the game log (every
change is one event, on disk before the call returns) and the engine (build checks, conflicts,
scores). Faces call it and never write the log themselves, so the command line, the app and the
tests share one account of a game. Coins are not read by the camera: the session keeps an estimate
(what each build costs and earns from the bank, and the trades a player confirms) that the players
check at the end of each age.
"""

from __future__ import annotations

import contextlib
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, replace
from typing import Any

from companion.games.sevenwonders.rules import Table, check_card, check_stage, score_table
from companion.games.sevenwonders.rules.build import BuildCheck
from companion.games.sevenwonders.rules.conflicts import ConflictResult, resolve_conflicts
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.play import coins_for_card, coins_for_stage
from companion.games.sevenwonders.rules.scoring import ScoreSheet
from companion.games.sevenwonders.rules.turns import Play
from companion.games.sevenwonders.session_parts import SESSION_PARTS, SessionPart, parts_for
from companion.games.sevenwonders.tablefile import TableFileError, parse_table
from companion.games.sevenwonders.tracker import Change, ConfirmationRule, OpenQuestion, PendingCard, TableTracker
from companion.games.sevenwonders.turn_session import TurnPlays, play_of_check
from companion.games.sevenwonders.vision.layout import TableObservation
from companion.markers import Component, MarkerRegistry, load_marker_registry
from companion.problem import Problem
from companion.state.errors import SessionError, not_saved, save_tap
from companion.storage import Event, EventError, GameStore, StoreError, StoreUnusable
from companion.storage.database import GameState, LoggedEvent
from companion.storage.events import advance

__all__ = ["GameSession", "SeatSetup", "SessionError"]


@dataclass(frozen=True)
class SeatSetup:
    """One player at set-up, in clockwise order."""

    name: str
    wonder: str
    side: str
    other_wonder: dict[str, Any] | None = None
    """Armada at 8 players, with `wonder` "other": the board of another expansion as the table file
    describes it (name, resource, stages, each stage's points and shields)."""

    def to_json(self) -> dict[str, Any]:
        """The seat as the set-up event holds it."""
        entry: dict[str, Any] = {"name": self.name, "wonder": self.wonder, "side": self.side}
        if self.other_wonder is not None:
            entry["other_wonder"] = dict(self.other_wonder)
        return entry


class GameSession(TurnPlays):
    """One game: open it with `start` or `resume`; its turns (`TurnPlays`). What an expansion adds is its
    part (`companion.games.sevenwonders.session_parts`), reached as ``session.part(id)``."""

    def __init__(self, store: GameStore, game_id: int, *, registry: MarkerRegistry | None = None,
                 rule: ConfirmationRule | None = None, complete_ports: bool = True) -> None:
        self.store = store
        self.game_id = game_id
        self.data: GameData = store.data
        self.registry = registry or load_marker_registry()
        self._by_key = {c.key: c for c in self.registry}
        state = store.current(game_id)
        self.seq = state.seq
        """The last event of the log the session's table is at (more events folded on it during a tap)."""
        self.document: dict[str, Any] = state.document
        """The table document (a view of `table()` for exports and the panels; shared with the store, never
        changed: each event makes a new one)."""
        self._value: Table | None = state.table
        """The table as the engine sees it, kept in step with `document` event by event."""
        self._sources: tuple[tuple[int, ...], Any] = (state.sources, None)
        """The expansions' components `_value` was read with (`GameStore.source_ids`), and those components
        when the session read them itself (kept alive, so that their ids stay theirs)."""
        self.finished = state.finished
        self.parts: dict[str, SessionPart] = parts_for(self, self.document.get("expansions", []))
        """The parts of the expansions this game plays with, by expansion id."""
        self.tracker = TableTracker(self.card_data(), rule, names={p["wonder"]: p["name"] for p in self.players},
                                    seat_order=[p["wonder"] for p in self.players])
        self.problems: list[str] = []
        self.shown: Component | None = None
        self.shown_at = 0.0
        self._events: list[Event] = []
        """The game's events read so far (the log only grows: the newer ones are read when asked for)."""
        self._ages_resolved = self._count_ages_resolved()
        self._restore_tracker()
        if complete_ports and not self.finished:
            for part in self.parts.values():
                part.opened()

    # -- expansions -----------------------------------------------------------------------------
    def plays(self, expansion: str) -> bool:
        """True when this game plays with `expansion` (its id)."""
        return expansion in self.document.get("expansions", [])

    def part(self, expansion: str) -> Any:
        """The part of `expansion` (its id) in this game: its own actions.

        :raises SessionError: when the game is played without it.
        """
        if expansion not in self.parts:
            raise SessionError(f"this game is played without {expansion.capitalize()}")
        return self.parts[expansion]

    @property
    def card_sets(self) -> tuple[str, ...]:
        """The marker sets whose cards this game uses: the base game's, and its expansions'."""
        return ("base", *(name for part in self.parts.values() for name in part.marker_sets))

    def card_data(self) -> GameData:
        """The game data with the cards of this game's box: the base game's and its expansions' (with
        the values entered so far). What the picker, the camera and the city show."""
        if not self.document.get("expansions"):
            return self.data
        return replace(self.data, cards=dict(self.table().cards))

    # -- opening -------------------------------------------------------------------------------
    @classmethod
    def start(cls, store: GameStore, players: Sequence[SeatSetup], *, variant: str = "standard",
              options: dict[str, int] | None = None, registry: MarkerRegistry | None = None,
              rule: ConfirmationRule | None = None, expansions: Sequence[str] = (),
              part_options: dict[str, Any] | None = None,
              teams: Sequence[Sequence[str]] | None = None) -> GameSession:
        """Log a new game's set-up and open it, with the `expansions` played (their ids) and what each
        sets up (`part_options`, read by each expansion's `SessionPart`: Armada's ``port_boards``, each
        seat's port board, default seat order), and the `teams` of a team variant.

        :raises SessionError: when the set-up is not a valid table (two players with one wonder...).
        """
        played = list(expansions)
        setup = dict(part_options or {})
        parts = [part for part in map(SESSION_PARTS.get, played) if part is not None]
        then = [event for part in parts for event in part.set_up_events(len(players), setup)]
        try:
            game_id = store.new_game([p.to_json() for p in players],
                                     variant=variant, options=options, expansions=played or None,
                                     teams=[list(team) for team in teams] if teams else None, then=then)
        except EventError as error:
            raise SessionError(str(error)) from None
        except StoreError as error:
            raise not_saved(error) from None
        return cls(store, game_id, registry=registry, rule=rule, complete_ports=False)

    @classmethod
    def resume(cls, store: GameStore, game_id: int, *, registry: MarkerRegistry | None = None,
               rule: ConfirmationRule | None = None) -> GameSession:
        """Open a logged game where it stands.

        :raises SessionError: when the game is not in the log, or the log cannot be read (damaged).
        """
        try:
            return cls(store, game_id, registry=registry, rule=rule)
        except StoreError as error:
            raise SessionError(str(error)) from None

    def _restore_tracker(self) -> None:
        """Open every city and put back the cards the log holds, so the camera does not add them twice."""
        for player in self.players:
            board = self._by_key.get(f"wonder:{player['wonder']}/{player['side']}")
            for part in self.parts.values():
                board = board or part.hand_only_board(player)   # Armada's eighth wonder: entered by hand
            if board is not None:
                self.tracker.expect_board(board)
        self._sync_tracker()
        self._restore_answers()

    def _restore_answers(self) -> None:
        """Put back the players' answers to whose cards the camera could not place (an answered card
        removed from that city afterwards is nobody's: it is not asked about again)."""
        wonders = [p["wonder"] for p in self.players]
        answered: dict[int, int | None] = {}
        for event in self.events():
            payload = event.payload
            if event.kind == "owner_answered":
                for marker in payload["markers"]:
                    answered[marker] = payload["seat"]
            elif event.kind == "card_removed":
                for marker, seat in answered.items():
                    component = self.registry.get(marker)
                    if seat == payload["seat"] and component is not None and component.card == payload["card"]:
                        answered[marker] = None
        for marker, seat in answered.items():
            self.tracker.answer([marker], None if seat is None else wonders[seat])

    def _sync_tracker(self) -> None:
        """Make the tracker hold the cards and stages the log holds: at opening, and after every tap
        (another session on the game may have added or undone a card meanwhile), so that the camera
        neither adds a card twice nor keeps one the log refused. The cards and stages played in the open
        turn stay in the tracker: they are on the table, and join the city when the turn closes."""
        played = self.turn_pieces()
        for seat, player in enumerate(self.document["players"]):
            wonder = player["wonder"]
            city = self.tracker.cities.get(wonder)
            if city is None:
                continue
            cards, stages = played.get(seat, (frozenset(), 0))
            city.stages = player["stages"] + stages
            for entry in [c for c in city.cards if c.component.card not in player["cards"]
                          and c.component.card not in cards]:
                self.tracker.remove_card(wonder, entry.component.marker, time.monotonic())
            missing = [card for card in player["cards"] if not city.has_building(card)]
            copies = self._copies_logged(seat) if missing else {}
            for card in missing:
                component = copies.get(card) or self._free_copy(card)
                if component is not None:
                    with contextlib.suppress(ValueError):       # that copy is in another city: left to the camera
                        self.tracker.add_card(wonder, component, 0.0, "log")

    def _copies_logged(self, seat: int) -> dict[str, Component]:
        """The physical copy last logged for each card of a seat (events carry it when known)."""
        copies: dict[str, Component] = {}
        for event in self.events():
            payload = event.payload
            if event.kind == "card_confirmed" and payload.get("seat") == seat and payload.get("copy"):
                component = self._by_key.get(f"card:{payload['copy']}")
                if component is not None:
                    copies[payload["card"]] = component
        return copies

    # -- what the game is now ---------------------------------------------------------------------
    @property
    def players(self) -> list[dict[str, Any]]:
        """The seats clockwise: name, wonder, side, stages, cards, coins, tokens."""
        return list(self.document["players"])

    def events(self) -> list[Event]:
        """Every event of the game, in order, as the log holds it now: kept in memory, and only the
        events logged since the last call (by this session or another) are read.

        :raises SessionError: when the log cannot be read.
        """
        try:
            self._events += self.store.events_after(self.game_id, self._events[-1].seq if self._events else 0)
        except StoreError as error:
            raise SessionError(str(error)) from None
        return list(self._events)

    @property
    def age(self) -> int:
        """The age being played: 1 + the ages whose conflicts are resolved (4 once all three are)."""
        return 1 + self._ages_resolved

    def table(self) -> Table:
        """The table as the engine sees it now: the value kept in step with the log, read again from the
        document only when an expansion's components changed (an owner's entered Armada values)."""
        ids = self.store.source_ids(self.document)
        if self._value is None or self._sources[0] != ids:
            played = self.document.get("expansions", [])
            sources = {name: source() if callable(source) and name in played else source      # the values now
                       for name, source in self.store.sources.items()}
            self._value = parse_table(self.document, self.data, sources=sources)
            self._sources = (self.store.source_ids(self.document), sources)
        return self._value

    def _take(self, state: GameState) -> None:
        """Stand where `state` (the log's) is."""
        self.seq, self.document, self._value = state.seq, state.document, state.table
        self._sources = (state.sources, None)

    def _fold(self, events: Sequence[LoggedEvent]) -> tuple[dict[str, Any], Table | None]:
        """The document and table after `events` (not logged yet: what a tap works out before it logs
        them), each checked as the log will check it.

        :raises SessionError: when one does not fit the game or leaves a table that is not valid.
        """
        document, value = self.document, self._value
        if value is not None and self._sources[0] != self.store.source_ids(document):
            value = self.table()                # an owner's entered values changed: read with them first
        try:
            for kind, payload, source in events:
                document, value = advance(document, value, Event(0, kind, payload, source, ""), self.data,
                                          self.store.sources)
        except EventError as error:
            raise SessionError(str(error)) from None
        return document, value

    def seat_of(self, wonder: str) -> int:
        """The seat of the player with `wonder`."""
        for seat, player in enumerate(self.document["players"]):
            if player["wonder"] == wonder:
                return seat
        raise SessionError(f"no {wonder} board in this game")

    def _transact(self, build: Callable[[], list[LoggedEvent]]) -> None:
        """Log the events `build` makes in one transaction: a tap's facts are saved whole or not at all.

        `build` runs inside the write transaction with `document` just read from the log, so a change
        another session (a second window, a command) made a moment ago is built on, never undone.
        """
        def on_latest(document: dict[str, Any]) -> list[LoggedEvent]:
            state = self.store.state_of(document)
            if state is not None:
                self._take(state)
            else:
                self.document, self._value = document, None
            return build()

        try:
            save_tap(self.store, self.game_id, on_latest)
        finally:
            self._reload()

    def _reload(self) -> None:
        """Take the document as the log holds it (after a tap, whether it was saved or not)."""
        with contextlib.suppress(StoreError, SessionError):   # the file failed: keep the last state; the
            state = self.store.current(self.game_id)             # tap's error says why
            if state.seq != self.seq or state.document is not self.document:
                self._take(state)
                self._ages_resolved = self._count_ages_resolved()     # another session may have closed an age
        self._sync_tracker()

    # -- the camera ----------------------------------------------------------------------------
    def observe(self, observation: TableObservation, at: float | None = None) -> list[Change]:
        """Take one frame's observation; log every card and stage that became confirmed."""
        at = time.monotonic() if at is None else at
        changes = self.tracker.observe(observation, at)
        wonders = {p["wonder"] for p in self.players}
        for change in changes:
            if change.wonder is not None and change.wonder not in wonders:
                continue                                # a board not in this game: said once, below
            if change.kind == "card" and change.wonder is not None and change.component is not None:
                if self.in_turns:                   # a play of the open turn, checked against its start
                    self._camera_play(Play(self.seat_of(change.wonder), "build", change.component.card))
                    continue
                try:
                    self._log_card(self.seat_of(change.wonder), change.component, "camera")
                except SessionError as error:              # the tracker follows the log: the card is gone
                    self._note(Problem("card_not_added", f"{change.component.key} seen in the {change.wonder} city is "
                                       f"not added: {error}", card=change.component.card, wonder=change.wonder))
            elif change.kind == "stage" and change.wonder is not None:
                seat = self.seat_of(change.wonder)
                stages = self.tracker.cities[change.wonder].stages
                if self.in_turns and stages > self.document["players"][seat]["stages"]:
                    self._camera_play(Play(seat, "stage", None))
                elif stages > self.document["players"][seat]["stages"]:
                    try:
                        self._log_stages(seat, stages, "camera")
                    except SessionError as error:
                        self._note(Problem("stage_not_logged", f"stage {stages} seen in the {change.wonder} city is "
                                           f"not logged: {error}", stage=stages, wonder=change.wonder))
            elif change.kind == "problem" and change.detail not in self.problems:
                self.problems.append(change.detail)
        for seat in observation.seats:
            if seat.wonder not in wonders:
                name = self.data.wonders[seat.wonder].name
                self._note(Problem("board_not_in_game", f"the camera sees the board of {name}, which is not in "
                                   "this game", wonder=seat.wonder))
        grouped = {c.marker for q in observation.questions if len(q.cards) > 1 for c in q.cards}
        held = [c for c, _ in observation.unassigned if c.kind == "card" and c.set in self.card_sets
                and c.marker not in grouped]       # a card shown alone, not a column of a city
        if held:
            self.shown, self.shown_at = held[-1], at
        return changes

    def _camera_play(self, play: Play) -> None:
        """A card or stage the camera confirmed, entered as a play of the open turn; what the players must
        know (a play refused, a seat that has played already, a log that cannot be written) is noted."""
        try:
            problem = self.camera_play(play.seat, play)
        except SessionError as error:
            problem = Problem("card_not_added", f"{play.card or 'a stage'} seen in the "
                              f"{self.players[play.seat]['wonder']} city is not entered: {error}",
                              card=play.card or "", wonder=self.players[play.seat]["wonder"])
        if problem is not None:
            self._note(problem)

    def questions(self) -> list[OpenQuestion]:
        """Cards the camera keeps seeing in no city for sure, oldest first: the players are asked
        whose they are (`answer_owner`)."""
        return self.tracker.open_questions()

    def answer_owner(self, markers: Sequence[int], seat: int | None) -> list[Component]:
        """One tap answers "whose are these cards?": `seat`'s (they join that city now, with the coins
        they cost and earn, and so do the cards seen with them from now on), or nobody's (None: the
        discard pile; the camera then leaves them alone). The answer and the cards are logged in one
        transaction; returns the cards added.

        :raises SessionError: for an unknown seat or marker, or a log that cannot be written.
        """
        if seat is not None and not 0 <= seat < len(self.players):
            raise SessionError(f"seat {seat} does not exist (the table has {len(self.players)})")
        unknown = [m for m in markers if self.registry.get(m) is None]
        if unknown or not markers:
            raise SessionError(f"no such cards to place: {unknown or 'none given'}")
        self._reload()
        added: list[Component] = []

        def answer() -> list[LoggedEvent]:
            added.clear()
            events: list[LoggedEvent] = [("owner_answered", {"markers": list(markers), "seat": seat}, "hand")]
            if seat is None:
                return events
            held = {c.component.marker for city in self.tracker.cities.values() for c in city.cards}
            for marker in markers:
                component = self.registry.get(marker)
                if component is None or component.kind != "card" or component.marker in held or \
                        component.card in self.players[seat]["cards"]:
                    continue                        # already in a city: the answer only keeps it there
                try:
                    card_events = self._card_events(seat, component, "hand")
                except SessionError as error:       # not in this game's box: the others still join
                    self._note(Problem("answer_not_added", f"{component.key} is not added to "
                                       f"{self.players[seat]['name']}'s city: {error}", card=component.card,
                                       wonder=self.players[seat]["wonder"]))
                    continue
                self.document, self._value = self._fold(card_events)
                events += card_events
                added.append(component)
            return events

        self._transact(answer)
        self.tracker.answer(markers, None if seat is None else self.players[seat]["wonder"])
        return list(added)

    def _note(self, text: str) -> None:
        if text not in self.problems:
            self.problems.append(text)

    def pending(self) -> list[tuple[int, PendingCard]]:
        """Cards the camera sees in a city but has not confirmed yet, with their seats (none in the
        city of a board that is not in this game)."""
        seats = {player["wonder"]: seat for seat, player in enumerate(self.document["players"])}
        return [(seats[p.wonder], p) for p in self.tracker.pending() if p.wonder in seats]

    def confirm_pending(self, seat: int, marker: int) -> None:
        """A tap confirms a pending card."""
        self._reload()
        for pending_seat, pending in self.pending():
            if pending_seat == seat and pending.component.marker == marker:
                self._hand_card(seat, pending.component)
                return
        raise SessionError(f"marker {marker} is not pending in {self.players[seat]['name']}'s city")

    # -- by hand ---------------------------------------------------------------------------------
    def add_card(self, seat: int, card_id: str) -> Component:
        """Add a card the camera cannot see (from the picker); return the copy it stands for.

        :raises SessionError: for an unknown card, one the city holds, or one with no copy left.
        """
        self._reload()                              # the cities as the log holds them (another window...)
        cards = self.card_data().cards
        if card_id not in cards:
            raise SessionError(f"unknown card '{card_id}'")
        player = self.players[seat]
        if card_id in player["cards"]:
            raise SessionError(f"{player['name']}'s city already holds {cards[card_id].name}",
                               key="city_holds", card=card_id, player=player["name"])
        component = self._free_copy(card_id)
        if component is None:
            raise SessionError(f"every copy of {cards[card_id].name} for {len(self.players)} players is "
                               f"already in a city", key="no_copy_left", card=card_id, players=len(self.players))
        self._hand_card(seat, component)
        return component

    def _hand_card(self, seat: int, component: Component, log: Callable[[], None] | None = None) -> None:
        """A card a player enters: into the tracker (so the camera does not add it again), then logged
        (default: the card and its coins); a card the log refuses leaves the tracker again (`_reload`)."""
        wonder = self.players[seat]["wonder"]
        try:
            self.tracker.add_card(wonder, component, time.monotonic(), "hand")
        except ValueError as error:
            raise SessionError(str(error)) from None
        (log or (lambda: self._log_card(seat, component, "hand")))()     # refused: the tracker follows the log

    def remove_card(self, seat: int, card_id: str) -> None:
        """Undo a card in a city (one tap); the coins it moved go back."""
        self._reload()
        player = self.players[seat]
        if card_id not in player["cards"]:
            raise SessionError(f"{player['name']}'s city holds no {card_id}")
        refund = self._coins_moved_by(seat, f"card:{card_id}")
        self._transact(lambda: [("card_removed", {"seat": seat, "card": card_id}, "hand"),
                                *self._coins_events({seat: -refund}, f"undo:{card_id}")])   # the tracker follows

    def set_stages(self, seat: int, stages: int) -> None:
        """Set the built stages by hand."""
        self._reload()
        player = self.players[seat]
        wonder = player["wonder"]
        most = len(self.table().players[seat].wonder.sides[player["side"]].stages)
        if not 0 <= stages <= most:
            raise SessionError(f"{player['name']}'s wonder has {most} stages, not {stages}", key="stages_range",
                               player=player["name"], stages=most)
        try:
            if any(part.hand_only_board(player) for part in self.parts.values()):   # no sticker: by hand
                self.tracker.cities[wonder].stages = stages
            else:
                self.tracker.set_stages(wonder, stages, time.monotonic())
        except ValueError as error:
            raise SessionError(str(error)) from None
        self._log_stages(seat, stages, "hand")

    def set_coins(self, seat: int, coins: int, *, why: str = "counted") -> None:
        """Set a player's coins (checked at the end of an age, or corrected any time)."""
        if coins < 0:
            raise SessionError("coins cannot be negative", key="coins_negative")

        def counted() -> list[LoggedEvent]:
            current = self.players[seat]["coins"]
            if coins == current:
                return []
            return [("coins_changed", {"seat": seat, "coins": coins, "delta": coins - current, "why": why}, "hand")]

        self._transact(counted)

    def pay(self, seat: int, check: BuildCheck) -> None:
        """Move the coins of a build's cheapest plan: to the neighbours and to the bank; a naval
        construction paid with it moves its ship."""
        if not check.legal or check.plan is None:
            raise SessionError(check.reason or "that build is not possible")
        self._transact(lambda: self._payment_events(seat, check))

    def build(self, seat: int, check: BuildCheck) -> None:
        """The player builds what `check` checked (one tap, one transaction): the coins of its cheapest
        plan go to the neighbours, with Armada its ship moves, and the card joins the city with the coins
        it costs and earns from the bank (or the next wonder stage is built, with what it earns). In a
        game played in turns the build is a play of the open turn instead (`TurnPlays.enter_play`).

        :raises SessionError: when the build is not legal, or no copy of the card is left.
        """
        if not check.legal or check.plan is None:
            raise SessionError(check.reason or "that build is not possible")
        self._reload()
        if self.in_turns:                           # a play of the open turn: settled when the turn closes
            self.enter_play(play_of_check(seat, check))
            return
        component = self._copy_to_build(check)
        if component is None:
            self._transact(lambda: self._build_events(seat, check, None))
            with contextlib.suppress(ValueError):           # the log holds the stage; the tracker follows it
                self.tracker.set_stages(self.players[seat]["wonder"], self.players[seat]["stages"],
                                        time.monotonic())
            return
        self._hand_card(seat, component, lambda: self._transact(lambda: self._build_events(seat, check, component)))

    def score_change(self, seat: int, check: BuildCheck) -> dict[str, int]:
        """What a build is worth now: the change in the player's final score, by category, if the game
        ended right after it (the coins it costs and earns included); nothing is logged.

        :raises SessionError: as `build` would.
        """
        if not check.legal or check.plan is None:
            raise SessionError(check.reason or "that build is not possible")
        component = self._copy_to_build(check)
        before = score_table(self.table()).lines[seat].points
        unchanged = self.document, self._value
        try:
            events = self._build_events(seat, check, component)
        finally:
            self.document, self._value = unchanged          # the payment was folded in to work out the rest
        after = score_table(self._table_after(events)).lines[seat].points
        return {category: after.get(category, 0) - before.get(category, 0) for category in after
                if after.get(category, 0) != before.get(category, 0)}

    def _copy_to_build(self, check: BuildCheck) -> Component | None:
        """The physical copy a card build takes (None for a wonder stage).

        :raises SessionError: when every copy in the box is already in a city.
        """
        if check.target == "stage":
            return None
        component = self._free_copy(check.target)
        if component is None:
            raise SessionError(f"every copy of {check.target_name} for {len(self.players)} players is already in a "
                               f"city", key="no_copy_left", card=check.target, players=len(self.players))
        return component

    def _build_events(self, seat: int, check: BuildCheck, component: Component | None) -> list[LoggedEvent]:
        """The events of a build paid its cheapest way: the card `component` (None: the next stage)."""
        if component is None:
            return self._paid_then(seat, check, lambda: self._stage_events(
                seat, self.players[seat]["stages"] + 1, "hand"))
        free = check.how == "free_build"
        return self._paid_then(seat, check, lambda: self._card_events(seat, component, "hand", free=free))

    def _paid_then(self, seat: int, check: BuildCheck, then: Callable[[], list[LoggedEvent]]) -> list[LoggedEvent]:
        """The events of a build's payment, then those `then` makes from the table as the payment leaves it."""
        payment = self._payment_events(seat, check)
        self.document, self._value = self._fold(payment)
        return [*payment, *then()]

    def _payment_events(self, seat: int, check: BuildCheck) -> list[LoggedEvent]:
        """The coins of a build's cheapest plan to the neighbours, and the ship a naval construction moves."""
        assert check.plan is not None
        names = [p["name"] for p in self.players]
        earned: dict[int, int] = {}
        for buy in check.plan.buys:
            neighbour = names.index(buy.seller)
            earned[neighbour] = earned.get(neighbour, 0) + buy.coins
        events = self._coins_events(earned, f"trade:{names[seat]}")
        events += self._coins_events({seat: -sum(b.coins for b in check.plan.buys)}, f"trade:{check.target}")
        if check.step is not None:
            for part in self.parts.values():            # Armada's naval step: the ship moves
                events += part.step_events(seat, check.step)
        return events

    def _coins_events(self, deltas: dict[int, int], why: str) -> list[LoggedEvent]:
        """The events moving each seat's coins by its delta (never below 0; none where nothing moves)."""
        events = []
        for seat, delta in deltas.items():
            current = self.players[seat]["coins"]
            coins = max(0, current + delta)
            if coins != current:
                events.append(("coins_changed", {"seat": seat, "coins": coins, "delta": delta, "why": why}, "engine"))
        return events

    def _table_after(self, events: list[LoggedEvent]) -> Table:
        """The table as it will be once `events` are logged (to work out what they earn first, and
        log it with them in one transaction).

        :raises SessionError: when the events would not leave a valid table (a sixth guild at three
            players, a card not in the box for this player count...).
        """
        document, table = self._fold(events)
        if table is None:                           # the table before the events is not valid: read what they leave
            try:
                return parse_table(document, self.data, sources=self.store.sources)
            except TableFileError as error:
                raise SessionError("; ".join(str(p) for p in error.problems)) from None
        return table

    def _coins_moved_by(self, seat: int, why: str) -> int:
        """The coins the last build of `why` moved at `seat` (0 if none)."""
        for event in reversed(self.events()):
            payload = event.payload
            if event.kind == "coins_changed" and payload.get("seat") == seat and payload.get("why") == why:
                return int(payload.get("delta", 0))
            if event.kind == "card_confirmed" and payload.get("seat") == seat and f"card:{payload['card']}" == why:
                return 0
        return 0

    def _free_copy(self, card_id: str) -> Component | None:
        """A physical copy of `card_id` in the box for this table that no city holds."""
        box = len(self.players) if len(self.players) >= self.data.rules.min_players else self.data.rules.min_players
        used = {c.component.marker for city in self.tracker.cities.values() for c in city.cards}
        card = self.card_data().cards.get(card_id)
        for component in self.registry:
            if component.kind == "card" and component.set in self.card_sets and component.card == card_id \
                    and (component.players is None or component.players <= box) and component.marker not in used \
                    and card is not None and card.copies_in_box(box):
                return component
        return None

    # -- logging builds ----------------------------------------------------------------------------
    def _log_card(self, seat: int, component: Component, source: str) -> None:
        self._transact(lambda: self._card_events(seat, component, source))

    def _card_events(self, seat: int, component: Component, source: str, *, free: bool = False) -> list[LoggedEvent]:
        """A card joining a city and the coins it costs (unless chained or `free`) and earns from the bank."""
        card = self.card_data().cards[component.card or ""]
        confirmed = ("card_confirmed", {"seat": seat, "card": card.id, "copy": component.key.removeprefix("card:")},
                     source)
        before = self.table().players[seat]
        paid = 0 if free or any(before.has(c) for c in card.chain_from) else card.cost.coins
        delta = coins_for_card(self._table_after([confirmed]), seat, card) - paid
        return [confirmed, *self._coins_events({seat: delta}, f"card:{card.id}")]

    def _log_stages(self, seat: int, stages: int, source: str) -> None:
        self._transact(lambda: self._stage_events(seat, stages, source))

    def _stage_events(self, seat: int, stages: int, source: str) -> list[LoggedEvent]:
        """The built stages set, and the coins the new ones earn from the bank."""
        built = ("stage_built", {"seat": seat, "stages": stages}, source)
        before = self.players[seat]["stages"]
        gained = 0
        if stages > before:
            table = self._table_after([built])
            new_stages = table.players[seat].built_stages[before:stages]
            gained = sum(coins_for_stage(table, seat, stage) for stage in new_stages)
        return [built, *self._coins_events({seat: gained}, f"stage:{stages}")]

    # -- the engine ---------------------------------------------------------------------------------
    def check_card(self, seat: int, card_id: str, *, free_build: bool = False, step: str | None = None) -> BuildCheck:
        """Can this player build that card now, and the cheapest way to pay; with `step` an expansion's
        step is paid in the same purchase (``"naval"``, Armada: the ship of the card's colour moves),
        when the game plays with that expansion."""
        self._reload()                              # on the table as the log holds it now
        table = self.table()
        return check_card(table, seat, card_id, free_build=free_build, step=self._played_step(table, step))

    def check_stage(self, seat: int, *, step: str | None = None) -> BuildCheck:
        """Can this player build the next wonder stage now (with `step` ``"naval"``: and move the
        wonder-symbol ship)."""
        self._reload()
        table = self.table()
        return check_stage(table, seat, step=self._played_step(table, step))

    @staticmethod
    def _played_step(table: Table, step: str | None) -> str | None:
        """`step` when an expansion the table plays with adds it, else None (the build alone)."""
        return step if any(step in extension.step_kinds for extension in table.extensions) else None

    def conflicts(self) -> ConflictResult:
        """The land conflicts of the age being played, for the table as it stands."""
        if self.age > self.data.rules.ages:
            raise SessionError("the conflicts of every age are resolved")
        return resolve_conflicts(self.table(), self.age)

    def confirm_conflicts(self) -> ConflictResult:
        """Log the conflicts of the age being played (one tap): the land ones and, with Armada, the
        naval one; the next age begins.

        :raises SessionError: when the naval conflict needs a value nobody has entered (nothing is
            logged then: no token is invented).
        """
        resolved: list[ConflictResult] = []

        def tokens() -> list[LoggedEvent]:
            self._ages_resolved = self._count_ages_resolved()       # another session may have resolved it
            result = self.conflicts()
            more = [event for part in self.parts.values() for event in part.end_of_age_events()]
            resolved.append(result)
            land = ("conflicts_resolved", {"age": result.age, "tokens": [list(t) for t in result.tokens]}, "engine")
            return [land, *more]

        self._transact(tokens)                      # the age count follows the log (`_reload`)
        return resolved[0]

    def _count_ages_resolved(self) -> int:
        return sum(1 for e in self.events() if e.kind == "conflicts_resolved")

    def scores(self) -> ScoreSheet:
        """The score sheet of the table as it stands (the final one once the game is over)."""
        return score_table(self.table())

    def finish(self) -> dict[str, Any]:
        """Score the game, store the result and mark it finished; return the sheet."""
        try:
            sheet = self.store.finish(self.game_id)
        except StoreUnusable as error:
            raise not_saved(error) from None
        except StoreError as error:
            raise SessionError(str(error)) from None
        self._reload()
        self.finished = True
        return sheet
