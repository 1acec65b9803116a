"""The 7 Wonders game session played in turns: the open turn's plays, entered by hand, checked against
the start of the turn and settled when the turn closes (one tap, one transaction).

A game is played in turns once a play has been entered through them (a ``turn_play`` or ``turn_closed``
event is in its log): from then on a build entered from the build check is a play of the open turn
(the seller is paid when the turn closes, never when the build is entered). A game whose players enter
only its end state (a table file, the camera, the cities edited by hand) never meets a turn: its cards
and coins are logged as before. The hand edits stay open in a game played in turns too: they are the
corrections of a table the referee got wrong. Faces call `GameSession`, which mixes this in.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.sevenwonders import turn_log
from companion.games.sevenwonders.rules.build import BuildCheck
from companion.games.sevenwonders.rules.table import Table
from companion.games.sevenwonders.rules.turns import (
    AgeProgress,
    Play,
    PlayVerdict,
    TurnError,
    TurnReport,
    TurnResult,
    check_play,
    discard_build_notes,
    discard_choices,
    free_city_controller,
    judge_turn,
    offers,
    turns_in_age,
)
from companion.problem import Problem
from companion.state.errors import SessionError, not_saved
from companion.storage import Event, EventError, GameStore, StoreError
from companion.storage.database import LoggedEvent

__all__ = ["OpenTurn", "TurnPlays", "play_of_check"]


@dataclass(frozen=True)
class OpenTurn:
    """The open turn as the table screen shows it."""

    progress: AgeProgress
    turns: int
    """Turns in this age (6; 7 with Armada)."""
    plays: tuple[Play, ...]
    report: TurnReport
    """A verdict for each play entered, and the seats that have not played."""
    offers: Mapping[int, tuple[str, ...]]
    """The powers each seat may use now (`rules.turns.offers`)."""

    def verdict(self, seat: int, source: str = "hand") -> PlayVerdict | None:
        """The verdict on a seat's play of `source` (None: not entered)."""
        return next((v for v in self.report.verdicts if v.play.key == (seat, source)), None)


CAMERA_PROBLEMS = ("camera_play_refused", "camera_stage_refused", "camera_play_taken")
"""The problems `TurnPlays.camera_play` notes: forgotten once the seat's play is settled."""


def play_of_check(seat: int, check: BuildCheck, *, source: str = "hand", plan: int = 0) -> Play:
    """The play a build check stands for: its card (or the next stage), Olympia's free build, Armada's
    naval construction."""
    if check.target == "stage":
        return Play(seat, "stage", None, source, naval=check.step is not None, plan=plan)
    return Play(seat, "build", check.target, source, free_build=check.how == "free_build",
                naval=check.step is not None, plan=plan)


def _refusal(error: TurnError) -> SessionError:
    values = {k: v for k, v in error.values.items() if isinstance(v, str | int)}
    return SessionError(str(error), key=f"turn_{error.code}", **values)


class TurnPlays:
    """Turn actions of `GameSession`, which provides the store, the game id, the document, `events()`,
    `table()`, `_reload()`, `_transact(build)` and the expansions' parts (`parts`: their end of an age)."""

    store: GameStore
    game_id: int
    document: dict[str, Any]
    parts: dict[str, Any]
    events: Callable[[], list[Event]]
    table: Callable[[], Table]
    _reload: Callable[[], None]
    _transact: Callable[[Callable[[], list[LoggedEvent]]], None]
    _fold: Callable[[Sequence[LoggedEvent]], tuple[dict[str, Any], Table | None]]
    _value: Table | None
    problems: list[str]

    @property
    def in_turns(self) -> bool:
        """True once a play has been entered through the turns (its log holds a turn event)."""
        return any(e.kind in ("turn_play", "turn_closed") for e in self.events())

    def open_turn(self) -> OpenTurn:
        """Where the turns stand: the age and turn, the plays entered and their verdicts, who has not played."""
        log = turn_log.read_turns(self.events())
        table = self.table()
        return OpenTurn(log.progress, turns_in_age(table), log.plays, judge_turn(table, log.progress, log.plays),
                        offers(table, log.progress, log.plays))

    def free_city_seats(self) -> tuple[int, int] | None:
        """The two-player variant: the free city's seat and the seat that plays for it in the open turn
        (None in other games)."""
        table = self.table()
        free = next((seat for seat, player in enumerate(table.players) if player.is_free_city), None)
        controller = free_city_controller(table, turn_log.read_turns(self.events()).progress)
        return None if free is None or controller is None else (free, controller)

    def check_play(self, play: Play) -> PlayVerdict:
        """Would this play be legal in the open turn (against its start, with the other plays entered)?"""
        self._reload()
        log = turn_log.read_turns(self.events())
        return check_play(self.table(), log.progress, play, log.plays)

    def discard_pile_choices(self, seat: int) -> tuple[str, ...]:
        """The cards of the discard pile `seat` may build free at the end of the open turn (Halikarnassos)."""
        log = turn_log.read_turns(self.events())
        return discard_choices(self.table(), log.progress, log.plays, seat)

    def discard_build_notes(self, seat: int) -> tuple[str, ...]:
        """What the players are told of `seat`'s build from the discard pile (the expansions' text codes:
        with Armada ``moves_no_ship``)."""
        return discard_build_notes(self.table(), seat)

    def _turn_call(self, action: Callable[[], Any]) -> Any:
        """Run a turn_log action on the store; a refusal or a log that cannot be written is a SessionError."""
        try:
            return action()
        except TurnError as error:
            raise _refusal(error) from None
        except EventError as error:
            raise SessionError(str(error)) from None
        except StoreError as error:
            raise not_saved(error) from None
        finally:
            self._reload()

    def enter_play(self, play: Play) -> PlayVerdict:
        """Enter a play in the open turn (one event, saved when this returns; it replaces the seat's play
        of the same source). An illegal play is refused and not logged."""
        verdict = self.check_play(play)
        if not verdict.legal:
            raise SessionError(verdict.reason or "that play is not possible", key=f"turn_{verdict.reason_code}",
                               **{k: v for k, v in verdict.reason_values if isinstance(v, str | int)})
        entered: PlayVerdict = self._turn_call(lambda: turn_log.enter_play(self.store, self.game_id, play))
        self._forget_camera_problems(play.seat)
        return entered

    def _forget_camera_problems(self, seat: int | None = None) -> None:
        """The camera's problems with a seat's play (all seats': None) are settled: its play was entered
        again by hand, or the turn closed."""
        wonders = {p["wonder"] for s, p in enumerate(self.document["players"]) if seat is None or s == seat}
        self.problems[:] = [p for p in self.problems if not (isinstance(p, Problem) and p.key in CAMERA_PROBLEMS
                                                              and p.values.get("wonder") in wonders)]

    def camera_play(self, seat: int, play: Play) -> Problem | None:
        """A card (or the next stage) the camera confirms for `seat` in a game played in turns: the seat's
        play of the open turn, logged with the camera as its author (one event) and checked like a play
        entered by hand, against the start of the turn. The camera cannot see a power, so its card is
        the seat's play from the hand, else Babylon B's last card or Halikarnassos' build from the
        discard pile when the seat may use them now. Returns the problem the players are told (None:
        entered and legal, or entered already): a play the rules refuse is logged all the same (the card
        is on the table) and the turn does not close until it is corrected; a card beside the seat's
        other play of the turn is not entered (the players correct the turn by hand).

        :raises SessionError: when the log cannot be written.
        """
        log = turn_log.read_turns(self.events())
        entered = [p for p in log.plays if p.seat == seat]
        wonder = self.document["players"][seat]["wonder"]
        if any(p.action == play.action and (play.action == "stage" or p.card == play.card) for p in entered):
            return None                                     # entered already (by hand, or seen before)
        taken = {p.source for p in entered}
        powers = offers(self.table(), log.progress, log.plays).get(seat, ())
        slots = (("hand", ""), ("last_card", "last_card"), ("discard_pile", "discard_build"))
        free = [source for source, power in slots
                if source not in taken and (not power or power in powers)
                and (source != "discard_pile" or play.action == "build")]
        if not free:
            return Problem("camera_play_taken", f"{play.card or 'a stage'} seen in the {wonder} city is not entered: "
                           "that seat has played this turn already", card=play.card or "", wonder=wonder)
        play = Play(seat, play.action, play.card, free[0])
        verdict: PlayVerdict = self._turn_call(
            lambda: turn_log.enter_play(self.store, self.game_id, play, source="camera"))
        if verdict.legal:
            return None
        return Problem("camera_play_refused" if play.action == "build" else "camera_stage_refused",
                       f"{play.card or 'a stage'} seen in the {wonder} city is refused in this turn: {verdict.reason}",
                       card=play.card or "", wonder=wonder)

    def turn_pieces(self) -> dict[int, tuple[frozenset[str], int]]:
        """Each seat's cards and stages played in the open turn (not in its city before the turn
        closes), for the camera's tracker to hold: empty in a game not played in turns (or while its log
        cannot be read: the tap that failed says why)."""
        try:
            plays = turn_log.read_turns(self.events()).plays
        except SessionError:
            return {}
        return {seat: (frozenset(p.card for p in plays if p.seat == seat and p.action == "build" and p.card),
                       sum(1 for p in plays if p.seat == seat and p.action == "stage"))
                for seat in {p.seat for p in plays}}

    def withdraw_play(self, seat: int, source: str = "hand") -> None:
        """Take a play back before the turn closes (one event)."""
        self._turn_call(lambda: turn_log.withdraw_play(self.store, self.game_id, seat, source))
        self._forget_camera_problems(seat)

    def close_open_turn(self, leftovers: Mapping[int, str] | None = None) -> TurnResult:
        """Close the open turn (one tap, one transaction): the purchases paid, the cards' and stages'
        coins, the discards; after an age's last turn its land conflicts and, with Armada, its naval
        conflict and the incursion tokens given back, as the end-of-age screen logs them.

        :raises SessionError: ``turn_not_played`` while a seat has not played, or the first refusal;
            ``naval_unknown`` when the naval conflict needs a value nobody has entered (nothing is
            logged then).
        """
        results: list[TurnResult] = []

        def build() -> list[LoggedEvent]:
            events = self.events()
            log = turn_log.read_turns(events)
            try:
                result, logged = turn_log.closing_events(self.table(), log.progress, log.plays,
                                                         events[-1].seq if events else 0, leftovers, self.document)
            except TurnError as error:
                raise _refusal(error) from None
            results.append(result)
            if result.age_over and self.parts:
                logged = [*logged[:-1], *self._age_end_at_sea(logged[:-1]), logged[-1]]
            return logged

        self._transact(build)
        self._forget_camera_problems()
        return results[0]

    def _age_end_at_sea(self, logged: list[LoggedEvent]) -> list[LoggedEvent]:
        """What the expansions add at the end of the age the turn ends (Armada: the naval conflict and
        the incursion tokens given back), worked out on the cities as the turn leaves them (`logged`
        applied to the document)."""
        self.document, self._value = self._fold(logged)
        return [event for part in self.parts.values() for event in part.end_of_age_events()]

    def correct_last_turn(self, plays: Sequence[Play], leftovers: Mapping[int, str] | None = None) -> TurnResult:
        """Settle the last closed turn again with corrected plays (a play undone, replaced, a forgotten card)."""
        return self._turn_call(  # type: ignore[no-any-return]
            lambda: turn_log.correct_logged_turn(self.store, self.game_id, plays, leftovers))

    def reopen_last_turn(self) -> tuple[Play, ...]:
        """Open the last closed turn again (one tap, one transaction): the cities back as they were at
        its start, its plays the open turn's again, to be corrected and closed again (which settles it
        again). Returns those plays.

        :raises SessionError: ``turn_no_turn``, ``turn_changed_since`` (a city changed or a play was
            entered since), ``turn_age_closed`` (that turn ended its age), ``turn_ships_moved`` (Armada).
        """
        return self._turn_call(lambda: turn_log.reopen_logged_turn(self.store, self.game_id))  # type: ignore[no-any-return]

    def reopen_refusal(self) -> SessionError | None:
        """Why the last closed turn cannot be opened again now (None: it can); nothing is logged."""
        try:
            turn_log.reopening_events(self.events(), lambda seq: turn_log.table_at(self.store, self.game_id, seq),
                                      self.table())
        except TurnError as error:
            return _refusal(error)
        return None

    def last_closed_turn(self) -> tuple[int, int, tuple[Play, ...]] | None:
        """The age, the number and the plays of the last closed turn (None before the first close, or
        while it is open again)."""
        close = turn_log.read_turns(self.events()).last_close
        if close is None:
            return None
        return (int(close.payload["age"]), int(close.payload["turn"]),
                tuple(turn_log.play_from_json(p) for p in close.payload["plays"]))

    def last_turn_plays(self) -> tuple[Play, ...]:
        """The plays of the last closed turn (to correct it)."""
        close = turn_log.read_turns(self.events()).last_close
        return tuple(turn_log.play_from_json(p) for p in close.payload["plays"]) if close is not None else ()
