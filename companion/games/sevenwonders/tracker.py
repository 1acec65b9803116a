"""Observations over time -> each player's city, with an account of what was seen and what was typed.

Cities only grow in 7 Wonders, so a card confirmed in a city stays there when a hand covers it.
A card (or board, or number of built stages) is confirmed once it has been seen in at least
`frames` frames spanning at least `seconds`; one glimpse is never enough in a video, while each
photo of a series counts as a deliberate view (`ConfirmationRule.photos()`). A wrong card is
removed with an explicit undo and comes back only if it is seen steadily again afterwards.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.tablefile import SECTIONS, TABLE_FORMAT
from companion.games.sevenwonders.vision.layout import (
    BOARD_INFERRED,
    BOARD_REMEMBERED,
    BOARD_SEEN,
    OwnerQuestion,
    TableObservation,
)
from companion.markers import Component
from companion.problem import Problem
from companion.state.confirmation import ConfirmationRule

__all__ = ["Change", "CityCard", "ConfirmationRule", "OpenQuestion", "PendingCard", "TableTracker"]


@dataclass(frozen=True)
class Change:
    """Something that became true (or was undone) at the table."""

    kind: str
    """``board``, ``card``, ``stage``, ``removed`` or ``problem``."""
    wonder: str | None
    detail: str
    at: float
    source: str = "camera"
    component: Component | None = None


@dataclass(frozen=True)
class PendingCard:
    """A card seen in a city but not confirmed yet: shown as pending, confirmed by time or by a tap."""

    wonder: str
    component: Component
    frames: int
    seconds: float


@dataclass(frozen=True)
class OpenQuestion:
    """Cards the camera keeps seeing in no city for sure (a column between two cities, or beside no
    board in view): the players say whose they are with one tap, or that they are nobody's."""

    cards: tuple[Component, ...]
    candidates: tuple[str, ...]
    """The wonders that could own them, likeliest first (as the layout saw it; may be empty)."""
    reason: str
    since: float
    board_out_of_view: bool = False


@dataclass
class CityCard:
    """A building in a city and how it got there."""

    component: Component
    source: str
    at: float


@dataclass
class _Sightings:
    first: float
    last: float
    frames: int = 1
    place: tuple[float, float] | None = None

    def see(self, at: float) -> None:
        self.last = at
        self.frames += 1

    def steady(self, rule: ConfirmationRule) -> bool:
        return self.frames >= rule.frames and self.last - self.first >= rule.seconds


@dataclass
class _View:
    """How one city was seen, frame by frame: for `companion table` to say what it could not see."""

    boards: dict[str, int] = field(default_factory=dict)
    """Frames by how the board was known: ``seen``, ``remembered``, ``inferred``."""
    out_of_view: int = 0
    last_cards: set[int] = field(default_factory=set)


@dataclass
class _City:
    board: Component
    cards: list[CityCard] = field(default_factory=list)
    stages: int = 0
    stage_source: str = "camera"

    def has_building(self, card_id: str) -> bool:
        return any(c.component.card == card_id for c in self.cards)


class TableTracker:
    """Folds frame observations into confirmed cities; also takes corrections by hand."""

    def __init__(self, data: GameData, rule: ConfirmationRule | None = None, *,
                 names: dict[str, str] | None = None, seat_order: Sequence[str] = ()) -> None:
        self.data = data
        self.rule = rule or ConfirmationRule()
        self.names = dict(names or {})
        self.fixed_order = list(seat_order)
        self.cities: dict[str, _City] = {}
        self.seen_order: list[str] = []
        self.problems: list[str] = []
        self._boards: dict[tuple[str, str], _Sightings] = {}
        self._cards: dict[tuple[str, int], _Sightings] = {}
        self._stages: dict[tuple[str, int], _Sightings] = {}
        self._undone: dict[tuple[str, int], float] = {}
        self._components: dict[int, Component] = {}
        self._views: dict[str, _View] = {}
        self.last_unassigned: list[tuple[Component, str]] = []
        self.frames = 0
        self.owners: dict[int, str | None] = {}
        """The players' answers: marker -> the wonder whose city holds it, or None (nobody's: the
        discard pile). Cards the layout leaves to the players go where an answer says."""
        self._asked: dict[int, _Sightings] = {}
        self._questions: dict[frozenset[int], tuple[OwnerQuestion, float]] = {}

    # -- observations ------------------------------------------------------------------------
    def observe(self, observation: TableObservation, at: float) -> list[Change]:
        """Take one frame's observation made at time `at` (seconds); return what became confirmed."""
        self.frames += 1
        changes: list[Change] = []
        for problem in observation.problems:
            if problem not in self.problems:
                self.problems.append(problem)
                changes.append(Change("problem", None, problem, at))
        read = [s for s in observation.seats if s.board_source != BOARD_INFERRED]
        if len(read) >= 2:
            self._learn_order([s.wonder for s in read])
        self._note_views(observation)
        for seat in observation.seats:
            board_key = (seat.wonder, seat.board.side or "")
            if seat.board_source != BOARD_INFERRED:
                self._sight(self._boards, board_key, at)
            if seat.wonder not in self.cities and board_key in self._boards and \
                    self._boards[board_key].steady(self.rule):
                self.cities[seat.wonder] = _City(seat.board)
                changes.append(Change("board", seat.wonder, f"{seat.wonder} side {seat.board.side} joins the table",
                                      at, component=seat.board))
                changes += self._confirm_seen_before(seat.wonder, at)
            for component in seat.cards:
                changes += self._see_card(seat.wonder, component, at, seat.places.get(component.marker))
            for count in range(1, seat.stage_backs + 1):
                key = (seat.wonder, count)
                self._sight(self._stages, key, at)
                city = self.cities.get(seat.wonder)
                if city is not None and count > city.stages and self._stages[key].steady(self.rule):
                    total = len(self.data.wonders[seat.wonder].sides[city.board.side or "A"].stages)
                    if count <= total:
                        city.stages = count
                        changes.append(Change("stage", seat.wonder, f"stage {count} of {seat.wonder} built", at))
        for question in observation.questions:
            changes += self._take_question(question, at)
        self._forget(at)
        return changes

    def _note_views(self, observation: TableObservation) -> None:
        """Count how each city's board was known in this frame, and which of its cards were seen."""
        self.last_unassigned = list(observation.unassigned)
        in_view = set()
        for seat in observation.seats:
            view = self._views.setdefault(seat.wonder, _View())
            view.boards[seat.board_source] = view.boards.get(seat.board_source, 0) + 1
            view.last_cards = {c.marker for c in seat.cards}
            in_view.add(seat.wonder)
        for wonder in set(self.cities) | set(self._views):
            if wonder not in in_view:
                self._views.setdefault(wonder, _View()).out_of_view += 1

    def _sight(self, table: dict[Any, _Sightings], key: Any, at: float,
               place: tuple[float, float] | None = None) -> None:
        """Count a sighting; one far from where counting started (a moving card) starts it again."""
        entry = table.get(key)
        moved = (entry is not None and place is not None and entry.place is not None
                 and (place[0] - entry.place[0]) ** 2 + (place[1] - entry.place[1]) ** 2 > self.rule.still_mm ** 2)
        if entry is None or moved or at - entry.last > self.rule.forget_after:
            table[key] = _Sightings(at, at, place=place)
        elif at != entry.last:
            entry.see(at)

    def _see_card(self, wonder: str, component: Component, at: float,
                  place: tuple[float, float] | None = None, *, count: bool = True) -> list[Change]:
        key = (wonder, component.marker)
        if key in self._undone and at <= self._undone[key]:
            return []
        self._components[component.marker] = component
        if count:
            self._sight(self._cards, key, at, place)
        city = self.cities.get(wonder)
        if city is None or not self._cards[key].steady(self.rule):
            return []
        if any(c.component.marker == component.marker for c in city.cards):
            return []
        elsewhere = [w for w, c in self.cities.items() if w != wonder
                     and any(x.component.marker == component.marker for x in c.cards)]
        if elsewhere:
            return self._problem(Problem("card_elsewhere", f"{component.key} is confirmed in the {elsewhere[0]} city "
                                         f"and now seen in the {wonder} city; it stays where it was confirmed",
                                         card=component.card, other=elsewhere[0], wonder=wonder), at)
        card = self.data.cards[component.card or ""]
        if city.has_building(card.id):
            return self._problem(Problem("already_built", f"the {wonder} city already holds a {card.name}; "
                                         f"{component.key} is not added", wonder=wonder, card=card.id), at)
        city.cards.append(CityCard(component, "camera", at))
        return [Change("card", wonder, f"{card.name} ({component.key}) built in the {wonder} city", at,
                       component=component)]

    def _take_question(self, question: OwnerQuestion, at: float) -> list[Change]:
        """Cards the layout leaves to the players: where an answer covers some of them (the same
        column or group, seen again, perhaps with a card more), all of them go where it says;
        the others are counted towards asking."""
        markers = [c.marker for c in question.cards]
        for component in question.cards:
            self._components[component.marker] = component
        answered = {self.owners[m] for m in markers if m in self.owners}
        changes = []
        if len(answered) == 1:                    # one answer covers the group: its new cards too
            owner = answered.pop()
            for component in question.cards:
                self.owners.setdefault(component.marker, owner)
                if owner is not None and owner in self.cities:
                    changes += self._see_card(owner, component, at)
            return changes
        for component in question.cards:
            if component.marker not in self.owners:
                self._sight(self._asked, component.marker, at)
                continue
            owner = self.owners[component.marker]
            if owner is not None and owner in self.cities:
                changes += self._see_card(owner, component, at)
        key = frozenset(markers)
        first = self._questions.get(key, (question, at))[1]
        self._questions[key] = (question, first)
        return changes

    def open_questions(self, *, out_of_view: bool = False) -> list[OpenQuestion]:
        """The cards to ask the players about, oldest question first: seen steadily in no city for
        sure, not answered, not in a city since. A card in several groupings over time is asked
        about once, in its newest. Cards whose board may lie beyond the picture's edge are left out
        (a photo of their own city will place them) unless `out_of_view`."""
        newest: dict[int, frozenset[int]] = {}
        for key, _ in sorted(self._questions.items(), key=lambda item: item[1][1]):
            for marker in key:
                newest[marker] = key
        held = {c.component.marker for city in self.cities.values() for c in city.cards}
        result = []
        for key, (question, first) in sorted(self._questions.items(), key=lambda item: item[1][1]):
            if question.board_out_of_view and not out_of_view:
                continue
            cards = tuple(c for c in question.cards if newest.get(c.marker) == key and c.marker not in self.owners
                          and c.marker not in held and c.marker in self._asked
                          and self._asked[c.marker].steady(self.rule))
            if cards:
                result.append(OpenQuestion(cards, question.candidates, question.reason, first,
                                           question.board_out_of_view))
        return result

    def answer(self, markers: Sequence[int], wonder: str | None) -> None:
        """The players said whose these cards are (`wonder`), or that they are nobody's (None). The
        cards join that city as they are seen from now on (the game session logs them at once)."""
        for marker in markers:
            self.owners[marker] = wonder
            self._asked.pop(marker, None)

    def _confirm_seen_before(self, wonder: str, at: float) -> list[Change]:
        """A city just opened: its cards seen steadily while its board was not yet confirmed (a
        hand over the board in an earlier photo) are confirmed now, not only when seen again."""
        changes = []
        for (city, marker), sightings in list(self._cards.items()):
            component = self._components.get(marker)
            if city == wonder and component is not None and sightings.steady(self.rule):
                changes += self._see_card(wonder, component, at, sightings.place, count=False)
        return changes

    def _problem(self, text: str, at: float) -> list[Change]:
        if text in self.problems:
            return []
        self.problems.append(text)
        return [Change("problem", None, text, at)]

    def _learn_order(self, clockwise: list[str]) -> None:
        """Keep the clockwise order of the largest group of boards seen together."""
        if len(clockwise) >= len(self.seen_order):
            self.seen_order = clockwise + [w for w in self.seen_order if w not in clockwise]

    def _forget(self, at: float) -> None:
        tables: tuple[dict[Any, _Sightings], ...] = (self._boards, self._cards, self._stages, self._asked)
        for table in tables:
            for key in [k for k, s in table.items() if at - s.last > self.rule.forget_after]:
                del table[key]
        for key in [k for k in self._questions if not any(m in self._asked for m in k)]:
            del self._questions[key]

    def pending(self) -> list[PendingCard]:
        """Cards being seen in a known city that are not confirmed (nor undone), oldest first."""
        result = []
        for (wonder, marker), sightings in self._cards.items():
            city = self.cities.get(wonder)
            if city is None or any(c.component.marker == marker for c in city.cards):
                continue
            if any(any(c.component.marker == marker for c in other.cards) for other in self.cities.values()):
                continue
            if (wonder, marker) in self._undone and sightings.first <= self._undone[(wonder, marker)]:
                continue
            component = self._components.get(marker)
            if component is not None and not city.has_building(component.card or ""):
                result.append(PendingCard(wonder, component, sightings.frames, sightings.last - sightings.first))
        return sorted(result, key=lambda p: -p.seconds)

    # -- corrections by hand -------------------------------------------------------------------
    def expect_board(self, board: Component) -> None:
        """Open a city for a board known from the game's set-up, before (or without) the camera seeing it."""
        if board.wonder is not None and board.wonder not in self.cities:
            self.cities[board.wonder] = _City(board)

    def add_card(self, wonder: str, component: Component, at: float, source: str = "hand") -> Change:
        """Add a card the camera cannot see (from the picker), or one confirmed by a tap.

        :raises ValueError: when the city is unknown, already holds that building, or another city
            holds that very copy.
        """
        city = self._city(wonder)
        card = self.data.cards[component.card or ""]
        if city.has_building(card.id):
            raise ValueError(f"the {wonder} city already holds a {card.name}")
        holder = next((w for w, c in self.cities.items()
                       if any(x.component.marker == component.marker for x in c.cards)), None)
        if holder is not None:
            raise ValueError(f"{component.key} is already in the {holder} city")
        city.cards.append(CityCard(component, source, at))
        self._cards.pop((wonder, component.marker), None)
        return Change("card", wonder, f"{card.name} added by hand to the {wonder} city", at, source, component)

    def remove_card(self, wonder: str, marker: int, at: float) -> Change:
        """Undo a wrong card: it leaves the city and must be seen steadily again to come back.

        :raises ValueError: when the city does not hold that card.
        """
        city = self._city(wonder)
        for entry in city.cards:
            if entry.component.marker == marker:
                city.cards.remove(entry)
                self._undone[(wonder, marker)] = at
                if self.owners.get(marker) == wonder:
                    self.owners[marker] = None      # an answer undone: not theirs, so not asked again
                self._cards.pop((wonder, marker), None)
                return Change("removed", wonder, f"{entry.component.key} removed from the {wonder} city", at, "hand",
                              entry.component)
        raise ValueError(f"the {wonder} city holds no card with marker {marker}")

    def set_stages(self, wonder: str, stages: int, at: float) -> Change:
        """Set the built stages by hand.

        :raises ValueError: for a number the board does not have.
        """
        city = self._city(wonder)
        total = len(self.data.wonders[wonder].sides[city.board.side or "A"].stages)
        if not 0 <= stages <= total:
            raise ValueError(f"{wonder} side {city.board.side} has {total} stages, not {stages}")
        city.stages = stages
        city.stage_source = "hand"
        return Change("stage", wonder, f"{wonder} stages set to {stages} by hand", at, "hand")

    def _city(self, wonder: str) -> _City:
        if wonder not in self.cities:
            raise ValueError(f"no {wonder} board at the table")
        return self.cities[wonder]

    # -- results -------------------------------------------------------------------------------
    def not_seen(self, wonder: str) -> list[str]:
        """What the camera could not see of one city, one sentence each (nothing when all was seen)."""
        view = self._views.get(wonder)
        if view is None:
            return [f"never in view in {self.frames} frames: everything here was entered, not seen"]
        notes = []
        board_frames = sum(view.boards.values())
        missed = board_frames - view.boards.get(BOARD_SEEN, 0)
        if missed:
            ways = [f"{view.boards[k]} placed {how}" for k, how in ((BOARD_REMEMBERED, "where it was seen before"),
                                                                      (BOARD_INFERRED, "from its cards"))
                    if view.boards.get(k)]
            notes.append(f"board sticker not read in {missed} of {board_frames} frames showing the city "
                         f"({', '.join(ways)})")
        if view.out_of_view:
            notes.append(f"city not in view in {view.out_of_view} of {self.frames} frames")
        city = self.cities.get(wonder)
        if city is not None:
            unseen = [c.component.key for c in city.cards if c.source == "camera"
                      and c.component.marker not in view.last_cards]
            if unseen and board_frames:
                notes.append(f"{len(unseen)} confirmed cards not seen in the last frame showing the city "
                             f"(covered?): {', '.join(unseen)}")
            waiting = [p.component.key for p in self.pending() if p.wonder == wonder]
            if waiting:
                notes.append(f"seen but not confirmed yet: {', '.join(waiting)}")
        return notes


    def seat_order(self) -> list[str]:
        """The confirmed cities clockwise: the given order, else the order seen, then the rest."""
        base = [w for w in self.fixed_order if w in self.cities] or [w for w in self.seen_order if w in self.cities]
        return base + sorted(w for w in self.cities if w not in base)

    def table_document(self, *, coins: dict[str, int] | None = None,
                       tokens: dict[str, list[int]] | None = None) -> dict[str, Any]:
        """The table file of what is confirmed, with an `x-observation` account of its sources."""
        players = []
        account = []
        order = self.seat_order()
        for wonder in order:
            city = self.cities[wonder]
            name = self.name_of(wonder)
            players.append({"name": name, "wonder": wonder, "side": city.board.side, "stages": city.stages,
                            "cards": [c.component.card for c in city.cards], "coins": (coins or {}).get(wonder, 0),
                            "tokens": list((tokens or {}).get(wonder, []))})
            account.append({"name": name, "cards": [{"card": c.component.card, "copy": c.component.key,
                                                     "source": c.source} for c in city.cards],
                            "stages_source": city.stage_source, "not_seen": self.not_seen(wonder)})
        ordered = bool(self.fixed_order) or len(self.seen_order) >= len(order)
        expansions = self.expansions_seen()
        return {
            "format": TABLE_FORMAT, "game": "7wonders", "expansions": expansions, "variant": "standard",
            "players": players,
            "x-observation": {
                "frames": self.frames,
                "not_read_by_camera": ["coins", "tokens", *(key for expansion in expansions
                                                           for key in SECTIONS.find(expansion).player_fields)],
                "seating": "seen" if ordered else "partly unknown: boards never seen together",
                "players": account,
                "problems": list(self.problems),
                "unassigned_last_frame": [{"component": c.key, "reason": reason}
                                          for c, reason in self.last_unassigned],
                "questions": [{"cards": [c.key for c in q.cards],
                               "candidates": [{"wonder": w, "name": self.name_of(w)} for w in q.candidates],
                               "reason": q.reason, "board_out_of_view": q.board_out_of_view}
                              for q in self.open_questions(out_of_view=True)],
            },
        }

    def expansions_seen(self) -> list[str]:
        """The expansions whose cards are in the cities (ids of the table file's sections, in their
        order): a table read with no set-up plays with those it shows."""
        sets = {c.component.set for city in self.cities.values() for c in city.cards}
        return [expansion for expansion, _ in SECTIONS.items() if expansion in sets]

    def name_of(self, wonder: str) -> str:
        """The player's name for a wonder (the city's name when no name is given)."""
        return self.names.get(wonder) or self.data.wonders[wonder].city_names["en"]
