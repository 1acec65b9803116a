"""An Armada turn at the table: what the turn's builds set in motion, worked out by the engine
(`engine.armada_play.resolve_ship_turn`) and logged in one transaction when the players confirm it.

The turn is read from the game log since the last turn (or age) ended: the ships moved (a step
logged with ``why`` = ``free_move`` or ``discard`` is no naval construction; any other is), the
Armada cards and islands gained (piracy, free ship moves, incursions). Confirming applies the coins
of the spaces reached and Wondrous Harbor, the turn's highest tax, piracy, and gives the incursion
tokens: each seat's coins move once, so the coins stay right without an end-of-age correction.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace
from typing import TYPE_CHECKING, Any

from companion.gamedata.facts import Unknown, UnknownValueError
from companion.games.armada.rules.effects import DrawIsland, FreeShipMoves, Incursion, Piracy, UnknownEffect
from companion.games.armada.rules.play import ShipStep, free_move_choices, incursion_target, resolve_ship_turn
from companion.games.armada.rules.port import ARMADA, port_state, trade_level
from companion.games.sevenwonders.session_parts import SessionPart
from companion.jsonread import quoted
from companion.state.errors import SessionError
from companion.storage.events import replay

if TYPE_CHECKING:
    from companion.games.armada.rules.data import ArmadaData
    from companion.games.sevenwonders.rules.table import Table
    from companion.storage import Event

__all__ = ["FreeMove", "SeatTurn", "TurnActions", "TurnSummary"]

FREE_CAUSES = ("free_move", "discard")
"""Why a logged ship step is no naval construction (no Wondrous Harbor coin): the event's ``why``
is ``free_move:<fleet>`` or ``discard:yellow``."""
TURN_ENDS = ("turn_resolved",)
"""The events a turn ends with (an age's conflicts do not: a turn still open carries over)."""


@dataclass(frozen=True)
class FreeMove:
    """A free ship move a card or island built this turn gives and that is not used yet."""

    seat: int
    source: str
    """The card or island id."""
    fleets: tuple[str, ...]
    """The fleets it may move now."""


@dataclass
class SeatTurn:
    """One seat's part of the turn: ships moved, coins gained and lost, and why."""

    steps: list[tuple[str, int]] = field(default_factory=list)
    """(fleet, space reached) in order."""
    gained: int = 0
    lost: int = 0
    tax_due: int = 0
    """The tax this seat pays (the highest tax minus its trade level; 0 for a collector)."""
    piracy: list[tuple[int, int]] = field(default_factory=list)
    """(pirate seat, coins this seat loses to him) for each piracy effect."""
    explores: tuple[int, int] | None = None
    """(island level, cards drawn) of the first exploring space its green ship reached this turn."""
    explorations: tuple[tuple[int, int], ...] = ()
    """Every exploration of the turn, (island level, cards drawn), in the order reached (up to two)."""


@dataclass
class TurnSummary:
    """What confirming the turn does, or the values it needs."""

    seats: list[SeatTurn]
    tax: int = 0
    collectors: tuple[int, ...] = ()
    pirates: tuple[int, ...] = ()
    incursions: list[tuple[int, int, str]] = field(default_factory=list)
    """(giver, receiver, card) incursion tokens to give."""
    free_moves: list[FreeMove] = field(default_factory=list)
    island_draws: list[tuple[int, str, int]] = field(default_factory=list)
    """(seat, card, island level): a card built this turn puts the top island of that level into
    play for its owner (Steersmen's Academy, Map Room, Naval Archives)."""
    unknowns: tuple[Unknown, ...] = ()

    @property
    def empty(self) -> bool:
        """Nothing happens at the end of this turn."""
        return not (any(s.steps or s.gained or s.lost for s in self.seats) or self.incursions)


class TurnActions(SessionPart):
    """The turn actions of Armada's session part (`session.ArmadaPart` adds `port()`, `armada_data()`
    and the events helpers)."""

    _fleet_event: Callable[..., tuple[str, dict[str, Any], str]]
    armada_data: Callable[[], ArmadaData]
    port: Callable[[int], dict[str, Any]]

    # -- the log since the turn began ------------------------------------------------------------------
    def _turn_events(self) -> tuple[int, list[Event]]:
        """The sequence number the turn began after (0: the game's start) and the events since."""
        events = self.store.events(self.game_id)
        start = max((e.seq for e in events if e.kind in TURN_ENDS), default=0)
        return start, [e for e in events if e.seq > start]

    def turn_number(self) -> int:
        """1 + the turns confirmed so far."""
        return 1 + sum(1 for e in self.store.events(self.game_id) if e.kind == "turn_resolved")

    def _start_document(self, start: int) -> dict[str, Any]:
        """The cities' cards, islands and ships as the turn began (the table document's players then; at
        the game's start: none, every ship on its start space)."""
        if start == 0:
            return {"players": [{"cards": [], "islands": [], "fleets": dict.fromkeys(player.get("fleets", {}), 0)}
                                for player in self.document["players"]]}
        return replay(self.store.events(self.game_id), self.store.data, upto=start, table=False).document

    def _gained(self, start_document: dict[str, Any], seat: int) -> list[Any]:
        """The Armada cards and islands a seat gained this turn (their data objects)."""
        armada = self.armada_data()
        before = start_document["players"][seat]
        now = self.document["players"][seat]
        cards = [armada.cards[c] for c in now["cards"] if c in armada.cards and c not in before["cards"]]
        islands = [armada.islands[i] for i in now.get("islands", []) if i not in before.get("islands", [])]
        return [*cards, *islands]

    def _steps(self, start_document: dict[str, Any], events: list[Event]) -> dict[int, list[ShipStep]]:
        """Each seat's ship steps this turn, with their causes."""
        free: dict[tuple[int, str], list[str]] = {}
        for event in events:
            cause, _, fleet = str(event.payload.get("why", "")).partition(":")
            if event.kind == "armada_set" and cause in FREE_CAUSES:
                free.setdefault((event.payload["seat"], fleet), []).append(cause)
        steps: dict[int, list[ShipStep]] = {}
        for seat, player in enumerate(self.document["players"]):
            before = start_document["players"][seat].get("fleets", {})
            for fleet, level in player.get("fleets", {}).items():
                moved = int(level) - int(before.get(fleet, 0))
                causes = free.get((seat, fleet), [])
                for number in range(max(0, moved)):
                    cause = causes[number] if number < len(causes) else "construction"
                    steps.setdefault(seat, []).append(ShipStep(fleet, cause))
        return steps

    def _table_at(self, start_document: dict[str, Any]) -> Table:
        """The table now, with every ship where it stood when the turn began (and no value read off the
        board where it stands now): the ports of the cities whose entries place their ships changed."""
        table = self.table()
        players = list(table.players)
        for seat, (entry, before) in enumerate(zip(self.document["players"], start_document["players"], strict=True)):
            port = port_state(players[seat])
            if "fleets" in entry and port is not None:
                levels = before.get("fleets", {})
                fleets = {f: int(levels.get(f, 0)) if f in entry["fleets"] else 0 for f in port.fleets}
                players[seat] = replace(players[seat], extras={**players[seat].extras,
                                                               ARMADA: replace(port, fleets=fleets, printed={})})
        return replace(table, players=tuple(players))

    # -- what the turn does -------------------------------------------------------------------------------
    def turn_summary(self) -> TurnSummary:
        """What confirming the turn would do now (or the values it needs)."""
        start, events = self._turn_events()
        start_document = self._start_document(start)
        table = self.table()
        seats = [SeatTurn() for _ in self.document["players"]]
        summary = TurnSummary(seats)
        pirates: list[int] = []
        gaps: list[Unknown] = []
        for seat in range(len(seats)):
            for item in self._gained(start_document, seat):
                effects = item.effects
                pirates += [seat for e in effects if isinstance(e, Piracy)]
                summary.island_draws += [(seat, item.id, e.level) for e in effects if isinstance(e, DrawIsland)]
                if any(isinstance(e, Incursion) or (isinstance(e, UnknownEffect) and e.of_type == Incursion.type)
                       for e in effects):
                    try:
                        target = incursion_target(table, seat, item)
                    except UnknownValueError as error:
                        gaps += error.unknowns
                    else:
                        if self.document["players"][seat]["name"] not in self.port(target).get("incursion_tokens", []):
                            summary.incursions.append((seat, target, item.id))
        summary.free_moves = self._free_moves(start_document, events)
        steps = self._steps(start_document, events)
        summary.pirates = tuple(pirates)
        for seat, moves in steps.items():
            levels: dict[str, int] = {}
            for step in moves:
                before = start_document["players"][seat].get("fleets", {}).get(step.fleet, 0)
                levels[step.fleet] = levels.get(step.fleet, int(before)) + 1
                seats[seat].steps.append((step.fleet, levels[step.fleet]))
        try:
            outcome = resolve_ship_turn(self._table_at(start_document), steps, pirates=pirates)
        except UnknownValueError as error:
            summary.unknowns = tuple([*gaps, *error.unknowns])
            return summary
        if gaps:
            summary.unknowns = tuple(gaps)
            return summary
        summary.tax, summary.collectors = outcome.tax, outcome.tax_collectors
        for seat, part in enumerate(seats):
            part.gained, part.lost = outcome.coins_gained[seat], outcome.coin_losses[seat]
            part.explorations = tuple(outcome.explorations.get(seat, ()))
            part.explores = part.explorations[0] if part.explorations else None
            if part.lost:
                level = trade_level(table, seat)
                part.tax_due = max(0, outcome.tax - level) if outcome.tax and seat not in outcome.tax_collectors else 0
                part.piracy = [(p, level) for p in pirates if p != seat]
        return summary

    def _free_moves(self, start_document: dict[str, Any], events: list[Event]) -> list[FreeMove]:
        """The free ship moves granted this turn that are not used yet."""
        table = self.table()
        used: dict[int, int] = {}
        for event in events:
            if event.kind == "armada_set" and str(event.payload.get("why", "")).startswith("free_move:"):
                used[event.payload["seat"]] = used.get(event.payload["seat"], 0) + 1
        moves = []
        for seat in range(len(self.document["players"])):
            for item in self._gained(start_document, seat):
                for effect in (e for e in item.effects if isinstance(e, FreeShipMoves)):
                    for _ in range(effect.ships):
                        if used.get(seat, 0):
                            used[seat] -= 1
                            continue
                        choices = free_move_choices(table, seat, effect)
                        if choices:
                            moves.append(FreeMove(seat, item.id, choices))
        return moves

    # -- taps -----------------------------------------------------------------------------------------------
    def free_move(self, seat: int, fleet: str) -> None:
        """Use a free ship move of a card or island gained this turn (no naval construction)."""
        allowed = {f for m in self.turn_summary().free_moves if m.seat == seat for f in m.fleets}
        if fleet not in allowed:
            raise SessionError(f"no free move of the {fleet} ship for {self.document['players'][seat]['name']}",
                               key="no_free_move", fleet=fleet, player=self.document["players"][seat]["name"])
        self._transact(lambda: [self._step_event(seat, fleet, "free_move")])

    def discard(self, seat: int, choice: str) -> None:
        """A card discarded: 3 coins, or the yellow ship one space up (no naval construction)."""
        if choice == "coins":
            self._transact(lambda: self._coins_events({seat: self.armada_data().rules.discard_coins}, "discard"))
        elif choice == "yellow_step":
            self._transact(lambda: [self._step_event(seat, "yellow", "discard")])
        else:
            raise SessionError(f"a discard gives 'coins' or 'yellow_step', not {quoted(str(choice))}")

    def _step_event(self, seat: int, fleet: str, cause: str) -> tuple[str, dict[str, Any], str]:
        """A ship one space up that is no naval construction; the log says why (``free_move:red``)."""
        kind, payload, source = self._fleet_event(seat, fleet, 1)
        return kind, {**payload, "why": f"{cause}:{fleet}"}, source

    def confirm_turn(self) -> TurnSummary:
        """Log the end of the turn in one transaction: each seat's coins (spaces reached, Wondrous
        Harbor, tax, piracy), the incursion tokens, and the turn's record.

        :raises SessionError: when a value it needs is unknown (nothing is logged: nothing is guessed).
        """
        confirmed: list[TurnSummary] = []

        def turn_events() -> list[tuple[str, dict[str, Any], str]]:
            """Built inside the write transaction, from the log as it stands then."""
            summary = self.turn_summary()
            if summary.unknowns:
                missing = "; ".join(u.describe() for u in summary.unknowns)
                raise SessionError("the end of the turn needs values nobody has entered: " + missing,
                                   key="turn_unknown", values=missing)
            number = self.turn_number()
            deltas = {seat: part.gained - part.lost for seat, part in enumerate(summary.seats)
                      if part.gained - part.lost}
            events = self._coins_events(deltas, f"turn:{number}")
            names = [p["name"] for p in self.document["players"]]
            given: dict[int, dict[str, Any]] = {}
            for giver, receiver, _card in summary.incursions:
                port = given.setdefault(receiver, self.port(receiver))
                port["incursion_tokens"] = [*port.get("incursion_tokens", []), names[giver]]
            events += [("armada_set", {"seat": seat, "armada": port, "why": "incursion"}, "engine")
                       for seat, port in given.items()]
            record = {"steps": {names[s]: p.steps for s, p in enumerate(summary.seats) if p.steps},
                      "tax": summary.tax, "collectors": [names[s] for s in summary.collectors],
                      "pirates": [names[s] for s in summary.pirates],
                      "coins": {names[s]: d for s, d in deltas.items()}}
            events.append(("turn_resolved", {"turn": number, "summary": record}, "engine"))
            confirmed.append(summary)
            return events

        self._transact(turn_events)
        return confirmed[0]
