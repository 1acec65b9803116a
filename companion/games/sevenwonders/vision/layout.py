"""Who owns what on the table: players from wonder boards, cards by the layout the guide asks for, stages, discards.

Each wonder-board marker is a player; the seating comes from the game's set-up when it is known,
else from the boards around the table seen from above (clockwise: a player's left neighbour is the
next board clockwise). Cards lie as `markers/README.md` asks: brown and grey cards in a column
tucked under the board's top-left corner, a column for each other colour beside it, the columns
side by side at most 1 cm apart, every card turned like its board, and at least 3 cm between one
player's cards and the next player's. So cards are first chained into stacks (a card continues the
column of the card just below it: same colour group, same angle, in line); then a city is its
board and every stack joined to it by small gaps (board to column, column to column side by side).
A stack is given to a city only when no other city could own it: a stack joined to two cities, or
to no board in view (its board out of the picture, or its sticker not read), is left to the players
as a question (`OwnerQuestion`), never guessed. A card back in a board's stage zone (below its
bottom edge, at any angle: a card back has no up or down) is a built stage; card backs near the
middle are the discard pile. A board not seen in this frame is placed where it was remembered
(`known_boards`), or, with the set-up known, named from a group of stacks holding a brown or grey
column when the seating leaves one answer (the seats between two boards in view, in order). A card
seen in two places, a second copy of a building in one city, a card not in the box for the player
count: each is reported, none kept silently. An expansion's cards are read like the base game's when
the game data holds them (the game plays with the expansion, or the table is read with every card
the box may hold); else each is reported as a card of a game played without it.
"""

from __future__ import annotations

import itertools
import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from itertools import pairwise
from typing import Any

import numpy as np

from companion.games.sevenwonders.rules.model import GameData
from companion.markers import Component
from companion.markers.symbols import QUIET_MODULES
from companion.plugins import find_game
from companion.problem import Problem
from companion.vision.placed import PlacedMarker
from companion.vision.shapes import gap, oriented_box, reach, room_for

__all__ = ["LayoutRules", "OwnerQuestion", "PlacedMarker", "SeatObservation", "TableObservation", "layout_rules",
           "read_layout"]

BOARD_SEEN, BOARD_REMEMBERED, BOARD_INFERRED = "seen", "remembered", "inferred"
"""How a seat's board is known in a frame: its sticker read, its place remembered from earlier
frames (or a fixed rig), or only its cards seen where the set-up says the player sits."""


_Band = tuple[tuple[float, float], float, float]
"""A band on a board's top-left corner (see `room_for`): its normal, least and most level."""


@dataclass(frozen=True)
class FreeSpaceRules:
    """Where an owner's board could lie (companion/data/table_layout.json, `free_space`; mm, radians)."""

    smallest_card: tuple[float, float]
    smallest_board: tuple[float, float]
    cities_apart: float
    """The least gap between two cities (the guide's 3 cm, less what laying by eye loses)."""
    column_gap: float
    column_onto_board: float
    columns: int
    hidden_cards: int
    board_turn: float
    tolerance: float
    front: float
    """How far in front of a board (towards its player) no other board can lie."""
    row_line: float
    row_turn: float
    sticker_turn: float


@dataclass(frozen=True)
class LayoutRules:
    """Sizes and tolerances from companion/data/table_layout.json (millimetres, radians)."""

    board_width: float
    board_height: float
    board_marker_offset: tuple[float, float]
    card_width: float
    card_height: float
    card_marker_offset: tuple[float, float]
    stage_zone: tuple[float, float, float, float]
    """left, right, top, bottom margins around the strip below the board's bottom edge."""
    same_city_angle: float
    """Cards lie turned like their board: the largest angle between a card and its board."""
    stack_lateral: float
    stack_above: tuple[float, float]
    """How far above a card (along its own up direction) the next card of its stack may lie."""
    stack_angle: float
    city_gap: float
    """The widest gap between two pieces of one city (its board and columns, one column and the next)."""
    city_reach: float
    """How far from a city a stack no city takes may lie for that city to be named as its likely owner."""
    discard_radius: float
    free: FreeSpaceRules


@cache
def layout_rules() -> LayoutRules:
    """The layout rules shipped with the package."""
    raw = json.loads(resources.files("companion.data").joinpath("table_layout.json").read_text(encoding="utf-8"))
    zone = raw["stage_zone_mm"]
    offsets = raw["sticker_offsets_mm"]
    stack = raw["stack"]
    free = raw["free_space"]
    return LayoutRules(
        float(raw["wonder_board"]["width_mm"]), float(raw["wonder_board"]["height_mm"]),
        (float(offsets["wonder_board_from_top_right"][0]), float(offsets["wonder_board_from_top_right"][1])),
        float(raw["card"]["width_mm"]), float(raw["card"]["height_mm"]),
        (float(offsets["card_face_from_top_right"][0]), float(offsets["card_face_from_top_right"][1])),
        (zone["left"], zone["right"], zone["top"], zone["bottom"]), math.radians(raw["same_city_angle_deg"]),
        float(stack["lateral_mm"]), (float(stack["nearest_above_mm"]), float(stack["farthest_above_mm"])),
        math.radians(stack["angle_deg"]), float(raw["city_gap_mm"]), float(raw["city_reach_mm"]),
        float(raw["discard_near_centre_mm"]),
        FreeSpaceRules((float(free["smallest_card_mm"][0]), float(free["smallest_card_mm"][1])),
                       (float(free["smallest_board_mm"][0]), float(free["smallest_board_mm"][1])),
                       float(free["cities_apart_mm"]), float(free["column_gap_mm"]),
                       float(free["column_onto_board_mm"]), int(free["columns"]), int(free["hidden_cards"]),
                       math.radians(free["board_turn_deg"]), float(free["tolerance_mm"]),
                       float(free["front_of_board_mm"]), float(free["row_line_mm"]),
                       math.radians(free["row_turn_deg"]), math.radians(free["sticker_turn_deg"])))


@dataclass
class SeatObservation:
    """One city as seen: its board, the cards assigned to it, the card backs in its stage zone."""

    board: Component
    centre: tuple[float, float]
    angle: float
    cards: list[Component] = field(default_factory=list)
    stage_backs: int = 0
    places: dict[int, tuple[float, float]] = field(default_factory=dict)
    """Where each card lies in the board's own frame (mm): steady from frame to frame while the
    board is in view, whatever the camera does."""
    board_source: str = BOARD_SEEN
    """``seen``, ``remembered`` or ``inferred`` (see BOARD_SEEN...)."""

    @property
    def wonder(self) -> str:
        """The wonder id of the board."""
        assert self.board.wonder is not None
        return self.board.wonder


@dataclass(frozen=True)
class OwnerQuestion:
    """Cards no city could take for sure (a column joined to two cities, or to no board in view):
    the players are asked whose they are, one tap. `candidates` are the wonders that could own
    them, likeliest first (empty when nothing in view or in the set-up points at anyone)."""

    cards: tuple[Component, ...]
    candidates: tuple[str, ...]
    reason: str
    centre: tuple[float, float]
    board_out_of_view: bool = False
    """Their board may lie beyond the picture's edge (a neighbour's columns at the edge of a photo of
    one city): they are listed, not asked about, since the picture of their own city will place them."""

    def to_json(self) -> dict[str, Any]:
        """The question as `companion scan` and `table` list it."""
        return {"cards": [c.key for c in self.cards], "candidates": list(self.candidates), "reason": self.reason,
                "board_out_of_view": self.board_out_of_view}


@dataclass
class TableObservation:
    """Everything one frame (or photo) says about the table."""

    seats: list[SeatObservation] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    unassigned: list[tuple[Component, str]] = field(default_factory=list)
    discard_backs: int = 0
    missing: list[str] = field(default_factory=list)
    """Wonders of the set-up whose city is not in this frame at all (no board, no cards)."""
    questions: list[OwnerQuestion] = field(default_factory=list)
    """Groups of cards whose owner is asked rather than guessed (their cards are in `unassigned` too)."""

    def to_json(self) -> dict[str, Any]:
        """A summary for `companion scan` and for logs."""
        return {
            "seats": [{"wonder": s.wonder, "side": s.board.side if s.board_source != BOARD_INFERRED else None,
                       "centre_mm": [round(v, 1) for v in s.centre],
                       "board": s.board_source, "cards": [c.key for c in s.cards], "stage_backs": s.stage_backs}
                      for s in self.seats],
            "discard_backs": self.discard_backs,
            "unassigned": [{"component": c.key, "reason": reason} for c, reason in self.unassigned],
            "questions": [q.to_json() for q in self.questions],
            "missing": list(self.missing),
            "problems": list(self.problems),
        }


@dataclass(frozen=True)
class _Frame:
    """A component's own frame on the table: its top-left corner and the angle of its top edge."""

    origin: np.ndarray
    angle: float

    def to_local(self, point: Sequence[float] | np.ndarray) -> np.ndarray:
        return _rotate(np.asarray(point, np.float64) - self.origin, -self.angle)

    def to_table(self, point: Sequence[float] | np.ndarray) -> np.ndarray:
        return self.origin + _rotate(np.asarray(point, np.float64), self.angle)


@dataclass
class _Card:
    marker: PlacedMarker
    frame: _Frame
    group: str
    """The stack a card can join: ``resources`` (brown and grey share the column) or its colour."""
    below: _Card | None = None
    above: _Card | None = None


def _rotate(vector: np.ndarray, angle: float) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    return np.array([c * vector[0] - s * vector[1], s * vector[0] + c * vector[1]])


def _modules(family: str) -> int:
    return {"qr": 21, "aruco": 7, "microqr": 15}[family]


def _code_frame(marker: PlacedMarker, width: float, offset: tuple[float, float], angle: float | None = None) -> _Frame:
    """The frame of a component whose sticker sits `offset` from its top-right corner, quiet zone
    included, turned like its sticker or by `angle` (a component laid turned like another, its
    sticker stuck a little askew)."""
    quiet = QUIET_MODULES[marker.family] * marker.side_mm / _modules(marker.family)
    half = marker.side_mm / 2
    centre_in_component = np.array([width - offset[0] - quiet - half, offset[1] + quiet + half])
    turn = marker.angle if angle is None else angle
    return _Frame(np.array(marker.centre) - _rotate(centre_in_component, turn), turn)


def _angle_between(a: float, b: float) -> float:
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def read_layout(markers: Sequence[PlacedMarker], data: GameData, *, player_count: int | None = None,
                seating: Sequence[str] = (), rules: LayoutRules | None = None,
                view: Sequence[tuple[float, float]] | None = None) -> TableObservation:
    """Assign every marker of one frame to a city, a stage, the discard pile, a question, or a problem.

    `player_count` and `seating` (the wonders clockwise) come from the game's set-up when it is
    known: only then are cards of a larger box refused (the boards in view may not be all of
    them), the seats follow the seating, and a board of the seating not in view may be inferred
    from its cards. Boards given with `remembered` stand where they were seen before. `view` is the
    picture's outline on the table (mm): cards whose board may lie beyond it are not asked about.
    """
    rules = rules or layout_rules()
    observation = TableObservation()
    unique = _without_duplicates(markers, observation)
    boards = _boards(unique, observation)
    frames = [_code_frame(b, rules.board_width, rules.board_marker_offset) for b in boards]
    seats = [SeatObservation(b.component, _board_centre(f, rules), f.angle,
                             board_source=BOARD_REMEMBERED if b.remembered else BOARD_SEEN)
             for b, f in zip(boards, frames, strict=True)]
    table_centre = np.mean([s.centre for s in seats], axis=0) if seats else None
    box = player_count or (len(seating) or None)   # the boards in view are only a lower bound

    cards: list[_Card] = []
    backs: list[PlacedMarker] = []
    for marker in unique:
        component = marker.component
        if component.kind == "card_back":
            backs.append(marker)
        elif component.kind == "card":
            card = _card(marker, data, box, rules, observation)
            if card is not None:
                cards.append(card)
        elif component.kind in ("island", "port_board"):
            observation.unassigned.append((component, _not_read(component)))
        elif component.kind == "test":
            observation.unassigned.append((component, "the test pattern of the test sheet"))
    stacks = _stacks(cards, rules)
    orphans = _assign_stacks(stacks, seats, frames, rules, data, observation)
    seen_wonders = {s.wonder for s in seats}
    missing = [w for w in seating if w not in seen_wonders]
    middle = table_centre if len(seats) >= 3 else None
    in_view = len(seats)
    inferred = _infer_seats(orphans, missing, seating, seats, middle, rules, data, observation)
    unseen = box is None or len(seats) < box               # a board not in view may own cards
    left = _give_by_free_space([g for g in orphans if not any(g is given for given in inferred.values())],
                               seats, frames, stacks, cards, backs, unseen, middle, rules, data, observation)
    for group in orphans:
        if any(group is given for given in left):
            _near_cities(group, seats, data)
            beyond = not group.near and not _board_in_view(group, view, rules)
            reason = "beside no board: its board may be out of the picture" if beyond and seats else \
                _orphan_reason(group, seats[:in_view], middle, rules)
            _ask(group.stacks, reason, _likely_owners(group, seats, [w for w in missing if w not in inferred]),
                 observation, board_out_of_view=beyond)
    left_backs = [b for b in backs if not _place_back(b, seats, frames, table_centre, rules, observation)]
    for seat in seats[in_view:]:
        left_backs = _stages_of_inferred(seat, inferred[seat.wonder], left_backs, rules)
    observation.unassigned += [(b.component, "card back outside every stage zone and the discard pile")
                               for b in left_backs]
    observation.seats = _seated(seats, seating)
    observation.missing = [w for w in missing if w not in {s.wonder for s in observation.seats}]
    for seat in observation.seats:
        sides = data.wonders[seat.wonder].sides
        known = [seat.board.side or "A"] if seat.board_source != BOARD_INFERRED else list(sides)
        total = max(len(sides[side].stages) for side in known)   # an inferred board's side is not seen
        if seat.stage_backs > total:
            observation.problems.append(Problem(
                "stage_backs", f"{seat.stage_backs} card backs in the stage zone of {seat.wonder} side "
                f"{seat.board.side}, which has {total} stages", count=seat.stage_backs, wonder=seat.wonder,
                side=seat.board.side or "A", total=total))
    return observation


def _board_centre(frame: _Frame, rules: LayoutRules) -> tuple[float, float]:
    centre = frame.to_table([rules.board_width / 2, rules.board_height / 2])
    return float(centre[0]), float(centre[1])


def _boards(unique: list[PlacedMarker], observation: TableObservation) -> list[PlacedMarker]:
    """The boards in view, one per wonder: both sides of one board seen is a problem, that seat left
    out; a board read in this frame wins over its remembered place."""
    read = [m for m in unique if m.component.kind == "wonder_side" and not m.remembered]
    wonders = Counter(b.component.wonder for b in read)
    for wonder, seen in wonders.items():
        if seen > 1:
            observation.problems.append(Problem("both_sides", f"both sides (or two copies) of the {wonder} board "
                                                "are seen; that seat is left out", wonder=wonder))
    boards = [b for b in read if wonders[b.component.wonder] == 1]
    remembered = [m for m in unique if m.component.kind == "wonder_side" and m.remembered
                  and m.component.wonder not in wonders]
    return boards + remembered


def _seated(seats: list[SeatObservation], seating: Sequence[str]) -> list[SeatObservation]:
    """Seats in the set-up's order when known, else clockwise around the table seen from above."""
    if seating:
        rank = {w: i for i, w in enumerate(seating)}
        return sorted(seats, key=lambda s: (rank.get(s.wonder, len(rank)), s.wonder))
    if not seats:
        return []
    centre = np.mean([s.centre for s in seats], axis=0)
    return sorted(seats, key=lambda s: _seat_angle(np.array(s.centre), centre))


def _without_duplicates(markers: Sequence[PlacedMarker], observation: TableObservation) -> list[PlacedMarker]:
    """One entry per marker number (card backs excepted: many cards share each back). A number seen
    at two places far apart is a duplicate sticker: reported, and kept nowhere."""
    places: dict[int, list[PlacedMarker]] = {}
    for marker in markers:
        places.setdefault(marker.component.marker, []).append(marker)
    unique = []
    for number, found in places.items():
        if found[0].component.kind == "card_back":
            unique.extend(found)
            continue
        read = [m for m in found if not m.remembered] or found
        spread = max(math.dist(a.centre, b.centre) for a in read for b in read)
        if spread > 3 * read[0].side_mm:
            observation.problems.append(Problem(
                "duplicate_sticker", f"{read[0].component.key} (marker {number}) is seen {len(read)} times, "
                f"{spread:.0f} mm apart: a duplicate sticker; it is kept nowhere", component=read[0].component.key,
                count=len(read), distance=round(spread)))
            continue
        unique.append(read[0])
    return unique


def _seat_angle(centre: np.ndarray, table_centre: np.ndarray | None) -> float:
    """Clockwise seen from above, starting at the bottom of the view (the table's y axis points down)."""
    if table_centre is None:
        return 0.0
    angle = math.atan2(centre[1] - table_centre[1], centre[0] - table_centre[0])
    return (angle - math.pi / 2) % (2 * math.pi)


def _set_name(component: Component) -> str:
    """The name of the game or expansion whose marker set holds `component` (``Armada``)."""
    try:
        return find_game(component.set).name
    except LookupError:
        return component.set


def _not_read(component: Component) -> str:
    """``Armada components are not read yet``: an expansion's components (islands, port boards) the
    camera layout does not read, named by the game of their marker set."""
    return f"{_set_name(component)} components are not read yet"


def _not_played(component: Component) -> str:
    """``this game is played without Armada: its cards are not counted``: a card of an expansion the
    game data the layout reads with leaves out (a game set up without it)."""
    return f"this game is played without {_set_name(component)}: its cards are not counted"


def _card(marker: PlacedMarker, data: GameData, box: int | None, rules: LayoutRules,
          observation: TableObservation) -> _Card | None:
    """A face-up card ready for the stacks, or None when it is reported instead."""
    component = marker.component
    if component.card not in data.cards:
        observation.unassigned.append((component, _not_played(component)))
        return None
    building = data.cards[component.card or ""]
    if box is not None and ((component.players or 0) > box or building.copies_in_box(box) == 0):
        observation.problems.append(Problem("not_in_box", f"{component.key} is not in the box for {box} players",
                                            card=component.card, players=box))
        return None
    color = building.color
    return _Card(marker, _code_frame(marker, rules.card_width, rules.card_marker_offset),
                 "resources" if color in ("brown", "grey") else color)


def _stacks(cards: list[_Card], rules: LayoutRules) -> list[list[_Card]]:
    """Chain cards into stacks, bottom card first: a card continues the stack of the card just below
    it when both belong to one colour group, lie turned alike and in line, the upper one a strip
    or more above."""
    links = []
    farthest = rules.stack_above[1] + rules.stack_lateral
    for lower in cards:
        for upper in cards:
            if upper is lower or upper.group != lower.group or \
                    math.dist(upper.marker.centre, lower.marker.centre) > farthest or \
                    _angle_between(upper.frame.angle, lower.frame.angle) > rules.stack_angle:
                continue
            dx, dy = lower.frame.to_local(upper.frame.origin)
            if abs(dx) <= rules.stack_lateral and rules.stack_above[0] <= -dy <= rules.stack_above[1]:
                links.append((-dy + 2 * abs(dx), id(lower), lower, upper))
    for _, _, lower, upper in sorted(links, key=lambda link: link[:2]):
        if lower.above is None and upper.below is None:
            lower.above, upper.below = upper, lower
    stacks = []
    for card in cards:
        if card.below is None:
            stack = [card]
            while stack[-1].above is not None:
                stack.append(stack[-1].above)
            stacks.append(stack)
    return stacks


def _corners(frame: _Frame, width: float, height: float) -> np.ndarray:
    """The four corners (table mm) of a component of that size in its own frame."""
    c, s = math.cos(frame.angle), math.sin(frame.angle)
    local = np.array([[0.0, 0.0], [width, 0.0], [width, height], [0.0, height]])
    return frame.origin + local @ np.array([[c, s], [-s, c]])


def _stack_box(stack: list[_Card], rules: LayoutRules, angle: float | None = None) -> np.ndarray:
    """The rectangle a stack covers, its cards turned by `angle` (default: the stack's mean angle):
    the stickers' places are exact, their angles a few degrees off the cards' (stuck askew)."""
    turn = _mean_angle([card.frame.angle for card in stack]) if angle is None else angle
    corners = np.vstack([_corners(_code_frame(card.marker, rules.card_width, rules.card_marker_offset, turn),
                                  rules.card_width, rules.card_height) for card in stack])
    return oriented_box(corners, turn)


JOINED, END_TO_END = "joined", "end to end"


def _beside(first: list[_Card], second: list[_Card], rules: LayoutRules) -> str | None:
    """How two stacks lie within the city gap of each other (None when farther apart), both laid
    turned by the mean of their cards' angles (a city's columns lie turned alike; each sticker is a
    few degrees off). JOINED: side by side, reaching alike along the columns by a fifth of a card at
    least (a city's columns all start at its board), or in the lanes of two neighbouring columns
    (the next column's top part, its first cards unread), or one column's two parts (one colour
    group, in line) with cards between them unread. END_TO_END otherwise: a card lying beyond the
    top of a column, in its lane, is not one of its city's (the discard pile reaches the columns'
    tops in the middle of the table). A card's extent is taken from its sticker, up to 11 mm longer
    than a small card."""
    turn = _mean_angle([card.frame.angle for card in first + second])
    a, b = _stack_box(first, rules, turn), _stack_box(second, rules, turn)
    if gap(a, b) > rules.city_gap:
        return None
    down = np.array([-math.sin(turn), math.cos(turn)])        # the cards' own y axis (down the card)
    along_a, along_b = a @ down, b @ down
    if min(along_a.max(), along_b.max()) - max(along_a.min(), along_b.min()) >= rules.card_height / 5:
        return JOINED
    across = np.array([math.cos(turn), math.sin(turn)])
    side_a, side_b = a @ across, b @ across
    if min(side_a.max(), side_b.max()) - max(side_a.min(), side_b.min()) < rules.card_width / 4:
        return JOINED                        # the next column's top part (its first cards unread)
    if first[0].group == second[0].group and abs(float(side_a.mean() - side_b.mean())) <= rules.stack_lateral:
        return JOINED
    return END_TO_END


def _apart(a: tuple[tuple[float, float], float], b: tuple[tuple[float, float], float]) -> float:
    """How far apart two shapes lie at least, from their middles and reaches (a cheap first test)."""
    return math.dist(a[0], b[0]) - a[1] - b[1]


def _strip(stack: list[_Card], rules: LayoutRules) -> float:
    """How much of each card of the stack shows above the next (mm): measured when it has two cards
    or more, else what a sticker with its margins and the label takes."""
    if len(stack) > 1:
        steps = [-lower.frame.to_local(upper.frame.origin)[1] for lower, upper in pairwise(stack)]
        return float(np.median(steps))
    marker = stack[0].marker
    quiet = QUIET_MODULES[marker.family] * marker.side_mm / _modules(marker.family)
    return rules.card_marker_offset[1] + marker.side_mm + 2 * quiet + 6.0


def _above(stack: list[_Card], shape: np.ndarray, board: _Frame, rules: LayoutRules) -> bool:
    """True when the stack is a column standing on the board's top edge: its middle above the board,
    its bottom within the city gap of the edge, or one card's strip more (its first card unread).
    Under the guide no other city's column can stand there."""
    local = np.array([board.to_local(p) for p in shape])
    middle = float(local[:, 0].mean())
    bottom = float(local[:, 1].max())
    return 0.0 <= middle <= rules.board_width and -(rules.city_gap + _strip(stack, rules)) <= bottom <= \
        rules.board_height / 2


@dataclass
class _Group:
    """Stacks joined by gaps no wider than the city gap, and the boards (by index) they are joined to."""

    stacks: list[list[_Card]] = field(default_factory=list)
    boards: list[int] = field(default_factory=list)
    near: list[tuple[float, int]] = field(default_factory=list)
    """(gap, board) for the boards turned like it within the reach of a likely owner, nearest first."""

    @property
    def cards(self) -> list[_Card]:
        return [card for stack in self.stacks for card in stack]

    def centre(self) -> np.ndarray:
        return np.mean([card.marker.centre for card in self.cards], axis=0)

    def angle(self) -> float:
        return _mean_angle([card.frame.angle for card in self.cards])


def _assign_stacks(stacks: list[list[_Card]], seats: list[SeatObservation], frames: list[_Frame],
                   rules: LayoutRules, data: GameData, observation: TableObservation) -> list[_Group]:
    """Join each stack to the boards and stacks it lies beside, turned alike, within the city gap; a
    group joined to one board is that board's city. In a group joined to two boards (cities laid
    closer than the guide asks, or a card in the gap between them), a stack goes to the board fewest
    joins away when every stack beside it goes there too; the stacks where the cities meet are asked
    about. Returns the groups joined to no board (their board is not in view)."""
    shapes = [_stack_box(stack, rules) for stack in stacks]
    spans = [reach(shape) for shape in shapes]
    angles = [_mean_angle([card.frame.angle for card in stack]) for stack in stacks]
    boards = [_corners(frame, rules.board_width, rules.board_height) for frame in frames]
    board_spans = [reach(board) for board in boards]
    count = len(stacks)
    links: list[set[int]] = [set() for _ in range(count + len(frames))]
    """Stacks 0..count-1, then boards: which lie beside which (within the city gap, turned alike)."""
    ends: list[set[int]] = [set() for _ in range(count)]
    """Stacks lying end to end within the city gap: never joined, but a city's stack so near another
    city's is not surely its."""
    touching: dict[int, list[tuple[float, int]]] = {}
    """Per stack: (gap, board) for every board turned like it within a likely owner's reach."""
    for i in range(count):
        for b, frame in enumerate(frames):
            if _apart(spans[i], board_spans[b]) > rules.city_reach + rules.card_width / 2 or \
                    max(_angle_between(card.frame.angle, frame.angle) for card in stacks[i]) > rules.same_city_angle:
                continue                                           # (turned like the board, the box moves a little)
            laid = _stack_box(stacks[i], rules, frame.angle)      # as it lies if it is this board's
            found = gap(laid, boards[b])
            if found <= rules.city_reach:
                touching.setdefault(i, []).append((found, b))
                if found <= rules.city_gap or _above(stacks[i], laid, frame, rules):
                    links[i].add(count + b)
                    links[count + b].add(i)
        for j in range(i + 1, count):
            if _apart(spans[i], spans[j]) <= rules.city_gap and \
                    _angle_between(angles[i], angles[j]) <= rules.same_city_angle:
                how = _beside(stacks[i], stacks[j], rules)
                if how is not None:
                    (links if how == JOINED else ends)[i].add(j)
                    (links if how == JOINED else ends)[j].add(i)
    orphans = []
    group_of: dict[int, int] = {}
    found_groups: list[tuple[set[int], _Group]] = []
    for first in range(count):
        if first in group_of:
            continue
        members = _reached(first, links)
        group = _Group([stacks[i] for i in sorted(members) if i < count],
                       sorted(i - count for i in members if i >= count))
        for i in members:
            group_of[i] = len(found_groups)
        found_groups.append((members, group))
    for members, group in found_groups:
        nearest: dict[int, float] = {}
        for i in members:
            for found, b in touching.get(i, []):
                nearest[b] = min(found, nearest.get(b, math.inf))
        group.near = sorted((found, b) for b, found in nearest.items())
        if len(group.boards) == 1:
            board = group.boards[0]
            for i in sorted(m for m in members if m < count):
                rivals = [b for j in ends[i] if group_of[j] != group_of[i] for b in found_groups[group_of[j]][1].boards]
                if rivals and not any(j >= count for j in links[i]):     # end to end with another city's stack
                    _ask([stacks[i]], f"lies where the {seats[board].wonder} and {seats[rivals[0]].wonder} cities "
                                      f"meet: it could be either's", [seats[board].wonder, seats[rivals[0]].wonder],
                         observation)
                    continue
                for card in stacks[i]:
                    _add_card(seats[board], card, frames[board], data, observation)
        elif group.boards:
            _share(sorted(i for i in members if i < count), group.boards, links, count, stacks, seats, frames, data,
                   observation)
        else:
            orphans.append(group)
    return orphans


def _reached(first: int, links: list[set[int]]) -> set[int]:
    """Every node joined to `first`, itself included."""
    reached, todo = {first}, [first]
    while todo:
        for other in links[todo.pop()] - reached:
            reached.add(other)
            todo.append(other)
    return reached


def _share(members: list[int], boards: list[int], links: list[set[int]], count: int, stacks: list[list[_Card]],
           seats: list[SeatObservation], frames: list[_Frame], data: GameData, observation: TableObservation) -> None:
    """Share a group joined to several boards (cities laid closer than the guide asks, or a card in the
    gap between them). A stack lying against exactly one board is that board's; from those, each city
    grows one join at a time over the other stacks, all at once: a stack reached by two cities in the
    same step, or lying beside a stack of another city, is where they meet, and asked about (naming
    the boards fewest joins away first); the others are the city's that reached them."""
    owner: dict[int, int | None] = {}
    for i in members:
        against = [j - count for j in links[i] if j >= count]
        if against:
            owner[i] = against[0] if len(against) == 1 else None
    front = [i for i in owner if owner[i] is not None]
    while front:
        reached: dict[int, set[int]] = {}
        for i in front:
            for j in links[i]:
                if j < count and j not in owner:
                    reached.setdefault(j, set()).add(owner[i])      # type: ignore[arg-type]
        for j, cities in reached.items():
            owner[j] = next(iter(cities)) if len(cities) == 1 else None
        front = [j for j in reached if owner[j] is not None]
    hops = {b: _hops(count + b, links, count) for b in boards}
    names = " and ".join(seats[b].wonder for b in boards)
    for i in members:
        city = owner.get(i)
        if city is not None and all(owner.get(j) == city for j in links[i] if j < count):
            for card in stacks[i]:
                _add_card(seats[city], card, frames[city], data, observation)
            continue
        ranked = sorted(boards, key=lambda b: hops[b].get(i, len(links)))
        _ask([stacks[i]], f"lies where the {names} cities meet: it could be either's",
             [seats[b].wonder for b in ranked], observation)


def _hops(start: int, links: list[set[int]], count: int) -> dict[int, int]:
    """How many joins away from the board `start` each node is (no path goes through another board:
    nodes from `count` on are boards)."""
    hops, todo = {start: 0}, [start]
    for node in todo:
        for other in links[node]:
            if other not in hops:
                hops[other] = hops[node] + 1
                if other < count:
                    todo.append(other)
    return hops


def _ask(stacks: list[list[_Card]], reason: str, candidates: Sequence[str], observation: TableObservation, *,
         board_out_of_view: bool = False) -> None:
    """Leave cards to the players: one question for them all, each card unassigned with the reason."""
    cards = [card for stack in stacks for card in stack]
    centre = np.mean([card.marker.centre for card in cards], axis=0)
    observation.questions.append(OwnerQuestion(tuple(card.marker.component for card in cards),
                                               tuple(dict.fromkeys(candidates)), reason,
                                               (float(centre[0]), float(centre[1])), board_out_of_view))
    observation.unassigned += [(card.marker.component, reason) for card in cards]


def _in_the_middle(group: _Group, middle: np.ndarray | None, rules: LayoutRules) -> bool:
    """True when the group lies where the discard pile is (the middle of three boards or more)."""
    return middle is not None and float(np.hypot(*(group.centre() - middle))) <= rules.discard_radius


def _board_in_view(group: _Group, view: Sequence[tuple[float, float]] | None, rules: LayoutRules) -> bool:
    """Whether the board of a group no board is joined to should be in the picture: its brown or grey
    column lies tucked under the board's top-left corner, so the board's sticker lies about a
    board's width to the right of that column's left edge, on the board's top strip; True when that
    place is well inside `view` (unknown `view`: True), False without such a column (its board could
    be anywhere)."""
    if view is None:
        return True
    column = next((stack for stack in group.stacks if stack[0].group == "resources"), None)
    if column is None:
        return False
    first = column[0]                                      # the column's first card, tucked deepest
    top = first.frame.to_local(first.frame.origin)[1] + _strip(column, rules)
    sticker = first.frame.to_table([rules.board_width - rules.board_marker_offset[0] - 20.0,
                                    top + rules.board_marker_offset[1] + 20.0])
    outline = [np.array(p, np.float64) for p in view]
    inside = _inside(sticker, outline)
    return inside and min(_to_segment(sticker, a, b) for a, b in zip(outline, outline[1:] + outline[:1],
                                                                           strict=True)) >= rules.card_width / 2


def _inside(point: np.ndarray, outline: list[np.ndarray]) -> bool:
    """Whether a point lies inside a polygon (even-odd rule)."""
    inside = False
    for a, b in zip(outline, outline[1:] + outline[:1], strict=True):
        if (a[1] > point[1]) != (b[1] > point[1]):
            x = a[0] + (point[1] - a[1]) * (b[0] - a[0]) / (b[1] - a[1])
            inside ^= point[0] < x
    return inside


def _to_segment(point: np.ndarray, a: np.ndarray, b: np.ndarray) -> float:
    edge = b - a
    t = float(np.clip(np.dot(point - a, edge) / max(float(np.dot(edge, edge)), 1e-9), 0.0, 1.0))
    return float(np.hypot(*(point - a - t * edge)))


def _orphan_reason(group: _Group, seats: list[SeatObservation], middle: np.ndarray | None,
                   rules: LayoutRules) -> str:
    if not seats:
        return "no wonder board in view"
    if _in_the_middle(group, middle, rules):
        return "in the middle of the table, beside no board (the discard pile?)"
    if group.near:
        return "too far from the nearest city to be surely its (a column between hidden, or its board not in view?)"
    return "beside no board in view (its board is out of view, or its sticker was not read)"


def _give_by_free_space(groups: list[_Group], seats: list[SeatObservation], frames: list[_Frame],
                        stacks: list[list[_Card]], cards: list[_Card], backs: list[PlacedMarker], unseen: bool,
                        middle: np.ndarray | None, rules: LayoutRules, data: GameData,
                        observation: TableObservation) -> list[_Group]:
    """Give each group no board is joined to the one city that alone can own it (`_only_owner`), one
    after the other (a group given is one more piece of its city for the next); returns the others."""
    left = list(groups)
    given = True
    while given:
        given = False
        for group in left:
            owner = _only_owner(group, seats, frames, stacks, cards, backs, unseen, middle, rules)
            if owner is not None:
                for card in group.cards:
                    _add_card(seats[owner], card, frames[owner], data, observation)
                left.remove(group)
                given = True
                break
    return left


def _only_owner(group: _Group, seats: list[SeatObservation], frames: list[_Frame], stacks: list[list[_Card]],
                cards: list[_Card], backs: list[PlacedMarker], unseen: bool, middle: np.ndarray | None,
                rules: LayoutRules) -> int | None:
    """The seat (index) of the one board in view whose city can hold the group, when nothing else can:
    no other board in view, not the discard pile, and (`unseen`: the set-up leaves boards out of view,
    or is not known) no board out of view or under a hand, anywhere its board could lie. None
    otherwise: the group stays a question."""
    owned = [{c.marker for c in seat.cards} for seat in seats]
    fits = [i for i, frame in enumerate(frames)
            if _fits_columns(group, frame, [s for s in stacks if s[0].marker.component.marker in owned[i]], rules)]
    if len(fits) != 1:
        return None
    owner = fits[0]
    by_city = _city_pieces(frames, cards, owned, rules)
    pieces = [piece for city in by_city for piece in city]
    others = [piece for i, city in enumerate(by_city) if i != owner for piece in city]
    boxes = [_least_box(_top_right(card, rules), card.frame.angle, rules.free.smallest_card) for card in group.cards]
    if others and _nearest(boxes, others) < rules.free.cities_apart:
        return None                                   # the guide keeps another city's cards farther away
    if _maybe_discard(group, frames[owner], [c for c in cards if c.marker.component.marker in owned[owner]], pieces,
                      middle, rules):
        return None
    if unseen and _room_for_another_board(group, seats, frames, cards, backs, owned, pieces, rules):
        return None
    return owner


def _top_right(card: _Card, rules: LayoutRules) -> np.ndarray:
    """A card's top-right corner on the table: exact, whatever the card's size (its sticker is placed from it)."""
    return card.frame.to_table([rules.card_width, 0.0])


def _least_box(corner: np.ndarray, angle: float, size: tuple[float, float]) -> np.ndarray:
    """The corners of a component at its smallest (`size`), from its top-right corner, turned by `angle`."""
    c, s = math.cos(angle), math.sin(angle)
    local = np.array([[-size[0], 0.0], [0.0, 0.0], [0.0, size[1]], [-size[0], size[1]]])
    return corner + local @ np.array([[c, s], [-s, c]])


def _sticker_depth(card: _Card, rules: LayoutRules) -> float:
    """How far below a card's top edge its sticker ends (quiet zone included): what a tucked card shows at least."""
    marker = card.marker
    quiet = QUIET_MODULES[marker.family] / _modules(marker.family)
    return rules.card_marker_offset[1] + marker.side_mm * (1 + 2 * quiet)


def _columns_reach(rules: LayoutRules) -> float:
    """How far right of its board's left edge a city's last column may end (the brown and grey column
    up to a gap from the edge, then the other columns, each up to a gap from the one before)."""
    return rules.free.columns * (rules.card_width + rules.free.column_gap)


def _lane(stack: list[_Card], frame: _Frame, rules: LayoutRules) -> tuple[float, float]:
    """Where a stack lies in a board's frame: its cards' right edge, and the top edge of its lowest card."""
    corners = np.array([frame.to_local(_top_right(card, rules)) for card in stack])
    return float(corners[:, 0].mean()), float(corners[:, 1].max())


def _fits_columns(group: _Group, frame: _Frame, own: list[list[_Card]], rules: LayoutRules) -> bool:
    """Whether every stack of a group lies where the guide puts a column of this board's city (the board
    read from its sticker: its top-right corner exact, its left edge up to 10 mm in from the nominal one):
    turned like the board; brown and grey tucked under its top-left corner, their top strips above its
    top edge; any other colour right of that place, within the city's width, its lowest card seen
    standing on the board's top edge or higher (its first cards hidden); never in the lane of another
    colour's column of the city (`own`: its stacks), nor a second column of a colour it has."""
    free = rules.free
    smallest, tolerance = free.smallest_card[0], free.tolerance
    if any(_angle_between(card.frame.angle, frame.angle) > rules.same_city_angle for card in group.cards):
        return False
    slack = rules.board_width - free.smallest_board[0]
    lanes = [(stack[0].group, _lane(stack, frame, rules)[0]) for stack in own]
    for stack in group.stacks:
        right, lowest = _lane(stack, frame, rules)
        if stack[0].group == "resources":
            placed = smallest - tolerance <= right <= slack + free.column_gap + rules.card_width + tolerance and \
                lowest + _sticker_depth(stack[0], rules) <= tolerance
        else:
            placed = 2 * smallest - tolerance <= right <= slack + _columns_reach(rules) + tolerance and \
                lowest + free.smallest_card[1] <= free.column_onto_board + tolerance
        if not placed or any(abs(other - right) > rules.stack_lateral if colour == stack[0].group else
                             abs(other - right) < smallest - tolerance for colour, other in lanes):
            return False
    return True


def _city_pieces(frames: list[_Frame], cards: list[_Card], owned: list[set[int]],
                 rules: LayoutRules) -> list[list[np.ndarray]]:
    """Per city (the seats in view first, then those inferred without their board): its board in
    view and every card it holds, at their smallest."""
    free = rules.free
    boards = [[_least_box(frame.to_table([rules.board_width, 0.0]), frame.angle, free.smallest_board)]
              for frame in frames]
    return [(boards[i] if i < len(boards) else []) +
            [_least_box(_top_right(card, rules), card.frame.angle, free.smallest_card) for card in cards
             if card.marker.component.marker in held] for i, held in enumerate(owned)]


def _nearest(shapes: list[np.ndarray], others: list[np.ndarray]) -> float:
    """The least gap between any of `shapes` and any of `others` (mm)."""
    spans = [reach(other) for other in others]
    best = math.inf
    for shape in shapes:
        span = reach(shape)
        for other, other_span in zip(others, spans, strict=True):
            if _apart(span, other_span) < best:
                best = min(best, gap(shape, other))
    return best


def _maybe_discard(group: _Group, frame: _Frame, own: list[_Card], pieces: list[np.ndarray],
                   middle: np.ndarray | None, rules: LayoutRules) -> bool:
    """Whether a group could be face-up cards of the discard pile, which the guide puts in the middle of
    the table, beyond the tops of the columns and the city gap or more from every city: near the middle
    of the boards in view, or beyond the tops of the columns of the city it would join, apart from
    every city."""
    if _in_the_middle(group, middle, rules):
        return True
    tops = [float(frame.to_local(_top_right(card, rules))[1]) for card in own] + [0.0]
    lowest = max(float(frame.to_local(_top_right(card, rules))[1]) for card in group.cards)
    bottom = lowest + rules.free.smallest_card[1]
    if bottom > min(tops):
        return False                                  # it reaches down beside the city's columns
    boxes = [_least_box(_top_right(card, rules), card.frame.angle, rules.free.smallest_card) for card in group.cards]
    return _nearest(boxes, pieces) >= rules.free.cities_apart


def _room_for_another_board(group: _Group, seats: list[SeatObservation], frames: list[_Frame], cards: list[_Card],
                            backs: list[PlacedMarker], owned: list[set[int]], pieces: list[np.ndarray],
                            rules: LayoutRules) -> bool:
    """Whether the board of a city not in view (beyond the picture's edge, or its sticker under a hand or
    unread) could own the group: turned up to `board_turn` from its cards, lying where the guide's layout
    puts the board of such columns (`_board_corner_place`), at its smallest, clear of everything seen:
    the city gap from every city (its board and cards), nothing in front of a board (its player's
    place), no sticker covered. The group must also lie the city gap from every city."""
    free = rules.free
    boxes = [_least_box(_top_right(card, rules), card.frame.angle, free.smallest_card) for card in group.cards]
    if _nearest(boxes, pieces) < free.cities_apart:
        return False
    held = set().union(*owned) if owned else set()
    mine = {card.marker.component.marker for card in group.cards}
    front = [_Frame(frame.to_table([rules.board_width - free.smallest_board[0], free.smallest_board[1]]), frame.angle)
             for frame in frames]
    obstacles = [(piece, free.cities_apart, 0.0) for piece in pieces] + \
        [(piece, 0.0, free.front) for piece in pieces] + \
        [(_corners(place, free.smallest_board[0], free.front), 0.0, 0.0) for place in front] + \
        [(_sticker_square(card.marker), 0.0, 0.0) for card in cards
         if card.marker.component.marker not in held | mine] + [(_sticker_square(back), 0.0, 0.0) for back in backs]
    base = group.angle()
    steps = max(1, math.ceil(math.degrees(free.board_turn) / 2.5))
    for step in range(-steps, steps + 1):
        turn = base + free.board_turn * step / steps
        corner_x, corner_y, lanes = _board_corner_place(group, turn, rules)
        back = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])  # table -> board axes
        local = [(np.asarray(polygon) @ back, clear, below) for polygon, clear, below in obstacles]
        if room_for(*free.smallest_board, corner_x, corner_y, local, bands=lanes + _in_line(frames, turn, rules)):
            return True
    return False


def _in_line(frames: list[_Frame], turn: float, rules: LayoutRules) -> list[_Band]:
    """The guide lays the boards of one side of the table along its edge, in line: a board turned by
    `turn` has its top-left corner within `row_line` of the top edge's line of every board in view
    turned like it (within `row_turn`). Bands on that corner, in the board's own axes."""
    bands = []
    for frame in frames:
        if _angle_between(frame.angle, turn) > rules.free.row_turn:
            continue
        down = np.array([-math.sin(frame.angle), math.cos(frame.angle)])        # the board's y axis
        normal = _rotate(down, -turn)
        level = float(down @ frame.origin)
        bands.append(((float(normal[0]), float(normal[1])), level - rules.free.row_line, level + rules.free.row_line))
    return bands


def _sticker_square(marker: PlacedMarker) -> np.ndarray:
    """The square a sticker covers (its code and quiet zone), which nothing lies over when it is read."""
    half = marker.side_mm * (0.5 + QUIET_MODULES[marker.family] / _modules(marker.family))
    c, s = math.cos(marker.angle), math.sin(marker.angle)
    local = np.array([[-half, -half], [half, -half], [half, half], [-half, half]])
    return np.array(marker.centre) + local @ np.array([[c, s], [-s, c]])


def _board_corner_place(group: _Group, turn: float, rules: LayoutRules
                        ) -> tuple[tuple[float, float], tuple[float, float], list[_Band]]:
    """Where the top-left corner of a board turned by `turn` can lie for the group to be columns of its
    city, in the board's axes (x along its top edge, y down): a range for each coordinate and bands
    (see `room_for`). As the guide lays a city: where each column meets the board's top edge (its
    lane followed down from its lowest card seen, the cards at their smallest and turned as their
    stickers say, give or take how askew a sticker may be), brown and grey lie under the corner, any
    other colour right of their place, all within the city's width; each column's first card at most
    a gap above the top edge and not more than `column_onto_board` onto the board, up to
    `hidden_cards` of its first cards hidden."""
    free = rules.free
    tolerance, (smallest, shortest) = free.tolerance, free.smallest_card
    back = np.array([[math.cos(turn), -math.sin(turn)], [math.sin(turn), math.cos(turn)]])     # table -> board axes
    hidden = free.hidden_cards * max(_strip(stack, rules) for stack in group.stacks)
    tops = np.array([_top_right(card, rules) @ back for card in group.cards])
    corner_x = (float(tops[:, 0].min()) - _columns_reach(rules) - hidden, float(tops[:, 0].max()) + hidden)
    low_y, high_y = -math.inf, math.inf
    bands: list[_Band] = []
    for stack in group.stacks:
        turned = (_mean_angle([card.frame.angle for card in stack]) - turn + math.pi) % (2 * math.pi) - math.pi
        across = np.array([math.cos(turned), math.sin(turned)])
        down = np.array([-math.sin(turned), math.cos(turned)])
        lowest = max((_top_right(card, rules) @ back for card in stack), key=lambda p: float(p[1]))
        # Down a lane, its edges drift sideways by -tan(angle) per mm: least and most, the stickers askew.
        least, most = -math.tan(turned + free.sticker_turn), -math.tan(turned - free.sticker_turn)
        bottom_right = lowest + shortest * down

        def edge(point: np.ndarray, slope: float) -> float:
            """The level of the lane edge through `point` (x - slope * y, along the band normal (1, -slope))."""
            return float(point[0] - slope * point[1])

        right_level = edge(bottom_right, least)
        bands.append(((1.0, -least), right_level - _columns_reach(rules) - tolerance, math.inf))
        if stack[0].group == "resources":
            far_left = edge(bottom_right - smallest * across, most)
            near_left = edge(bottom_right - rules.card_width * across, least)
            bands.append(((1.0, -most), -math.inf, far_left + tolerance))
            bands.append(((1.0, -least), near_left - free.column_gap - tolerance, math.inf))
            low_y = max(low_y, float(lowest[1]) + _sticker_depth(stack[0], rules) - tolerance)
            high_y = min(high_y, float(lowest[1]) + rules.card_height + hidden + tolerance)
        else:
            far_left = edge(bottom_right - smallest * across, most)
            bands.append(((1.0, -most), -math.inf, far_left - smallest + tolerance))
            low_y = max(low_y, float(bottom_right[1]) - free.column_onto_board - tolerance)
            high_y = min(high_y, float(lowest[1]) + rules.card_height + free.column_gap + hidden + tolerance)
    return corner_x, (low_y, high_y), bands


def _near_cities(group: _Group, seats: list[SeatObservation], data: GameData) -> None:
    """Keep as likely owners of a group only the nearby cities it could belong to: a group holding
    a brown or grey column is a whole city of its own (its board unread), not part of a city that
    has its brown and grey column already."""
    if any(card.group == "resources" for card in group.cards):
        group.near = [(found, b) for found, b in group.near
                      if not any(data.cards[c.card or ""].color in ("brown", "grey") for c in seats[b].cards)]


def _likely_owners(group: _Group, seats: list[SeatObservation], missing: Sequence[str]) -> list[str]:
    """Who could own a group no board is joined to: the cities turned like it nearest first, then
    the seats of the set-up whose board is not in view."""
    return [seats[b].wonder for _, b in group.near] + list(missing)


def _add_card(seat: SeatObservation, card: _Card, board: _Frame | None, data: GameData,
              observation: TableObservation) -> None:
    component = card.marker.component
    building = data.cards[component.card or ""]
    if any(c.card == building.id for c in seat.cards):
        observation.problems.append(Problem("card_twice", f"the {seat.wonder} city shows two {building.name} cards; "
                                            f"the second ({component.key}) is left out", wonder=seat.wonder,
                                            card=building.id))
        return
    seat.cards.append(component)
    if board is not None:
        point = board.to_local(card.marker.centre)
        seat.places[component.marker] = (float(point[0]), float(point[1]))


def _infer_seats(orphans: list[_Group], missing: list[str], seating: Sequence[str], seats: list[SeatObservation],
                 middle: np.ndarray | None, rules: LayoutRules, data: GameData,
                 observation: TableObservation) -> dict[str, _Group]:
    """Seats of the set-up whose board is not in view, from the groups no board is joined to. A
    group is a whole city when it holds a brown or grey column (tucked under its board's corner).
    Going clockwise around the table from one board in view to the next, the seating puts some
    seats between them; when as many whole cities as missing seats lie there, they are those seats,
    in the seating's order (with no board in view: one missing seat, one whole city). Returns the
    groups given, by wonder."""
    cities = [g for g in orphans if any(card.group == "resources" for card in g.cards)
              and not _in_the_middle(g, middle, rules)]
    if not cities or not missing:
        return {}
    given: dict[str, _Group] = {}
    if not seats:
        if len(missing) == 1 and len(cities) == 1:
            given[missing[0]] = cities[0]
    else:
        centre = np.mean([np.array(s.centre) for s in seats] + [g.centre() for g in cities], axis=0)
        ring: list[tuple[float, str | _Group]] = sorted(
            [(_seat_angle(np.array(s.centre), centre), s.wonder) for s in seats] +
            [(_seat_angle(g.centre(), centre), g) for g in cities], key=lambda entry: entry[0])
        rank = {w: i for i, w in enumerate(seating)}
        start = next(i for i, (_, item) in enumerate(ring) if isinstance(item, str))
        ring = ring[start:] + ring[:start]           # from a board in view, clockwise
        boards = [(i, item) for i, (_, item) in enumerate(ring) if isinstance(item, str)]
        for k, (index, wonder) in enumerate(boards):
            end, after = boards[(k + 1) % len(boards)]
            groups = [item for _, item in ring[index + 1:end if end > index else len(ring)]]
            if not groups or wonder not in rank or after not in rank:
                continue
            span = (rank[str(after)] - rank[str(wonder)]) % len(seating) or len(seating)
            between = [w for w in (seating[(rank[str(wonder)] + j) % len(seating)] for j in range(1, span))
                       if w in missing]
            if len(between) == len(groups):
                given.update(zip(between, groups, strict=True))     # type: ignore[arg-type]
    for wonder, group in given.items():
        seat = SeatObservation(_board_of(wonder), tuple(float(v) for v in group.centre()),  # type: ignore[arg-type]
                               group.angle(), board_source=BOARD_INFERRED)
        for card in group.cards:
            _add_card(seat, card, None, data, observation)
        seats.append(seat)
    return given


def _mean_angle(angles: Sequence[float]) -> float:
    return math.atan2(sum(math.sin(a) for a in angles), sum(math.cos(a) for a in angles))


@cache
def _board_of(wonder: str) -> Component:
    """A board component to carry a seat known only from the set-up (its side is not seen)."""
    from companion.markers import load_marker_registry

    return next(c for c in load_marker_registry() if c.kind == "wonder_side" and c.wonder == wonder)


def _place_back(marker: PlacedMarker, seats: list[SeatObservation], frames: list[_Frame],
                table_centre: np.ndarray | None, rules: LayoutRules, observation: TableObservation) -> bool:
    """Count a card back, turned any way, as a stage of the board whose stage zone holds it, or as
    the discard pile; False when it is neither, or in the stage zones of two boards."""
    left, right, top, bottom = rules.stage_zone
    holders = []
    for seat, frame in zip(seats, frames, strict=False):
        x, y = frame.to_local(marker.centre)
        if left <= x <= rules.board_width + right and rules.board_height + top <= y <= rules.board_height + bottom:
            holders.append(seat)
    if len(holders) == 1:
        holders[0].stage_backs += 1
        return True
    if holders:
        names = " and ".join(s.wonder for s in holders)
        observation.unassigned.append((marker.component, f"card back in the stage zones of both the {names} boards"))
        return True
    if table_centre is not None and math.dist(marker.centre, table_centre) <= rules.discard_radius:
        observation.discard_backs += 1
        return True
    return False


def _stages_of_inferred(seat: SeatObservation, group: _Group, backs: list[PlacedMarker],
                        rules: LayoutRules) -> list[PlacedMarker]:
    """Count the stage cards of a seat whose board is not in view: card backs (turned any way) that
    lie under the board its cards imply (the board below the columns, its left edge at the resource
    column's). Returns the backs left over."""
    turn = _Frame(np.zeros(2), seat.angle)
    corners = np.array([turn.to_local(card.frame.to_table(p)) for card in group.cards
                        for p in ((0, 0), (rules.card_width, rules.card_height))])
    left, bottom = float(corners[:, 0].min()), float(corners[:, 1].max())
    kept = []
    for back in backs:
        x, y = turn.to_local(back.centre)
        if left - rules.card_width <= x <= left + rules.board_width + rules.card_width / 2 and \
                bottom + 10 <= y <= bottom + rules.board_height + rules.card_height:
            seat.stage_backs += 1
        else:
            kept.append(back)
    return kept


STRIP_GAP = 1.6
"""Two cards of one column whose stickers lie this many strips apart or more have a card between
them whose sticker was not read (glare, a reflection): its place is read again."""
END_CLEAR = 0.6
"""A place where a card may lie this near a sticker read (in strips) holds that sticker: not read again."""
COLUMN_GAP = 1.6
"""Two columns of a row this many pitches apart or more have a column between them, maybe unread."""
WIDEST_ROW_GAP = 3.5
"""Columns farther apart than this many pitches are not taken for one row with columns between."""
LONGEST_GAP = 4.5
"""Two columns of one colour group in line, the upper one's first card at most this many strips
above the lower one's last, are one column with cards between them unread."""


def _frame_columns(markers: Sequence[PlacedMarker], data: GameData, rules: LayoutRules
                   ) -> tuple[list[list[_Card]], float]:
    """The columns (stacks) of a frame's cards and its strip: the median step between neighbours of
    every column (0 when fewer than three steps are seen)."""
    scratch = TableObservation()
    cards = [card for marker in markers if marker.component.kind == "card"
             for card in [_card(marker, data, None, rules, scratch)] if card is not None]
    stacks = _stacks(cards, rules)
    lengths = [math.dist(lower.marker.centre, upper.marker.centre)
               for stack in stacks for lower, upper in itertools.pairwise(stack)]
    return stacks, float(np.median(lengths)) if len(lengths) >= 3 else 0.0


def unread_places(markers: Sequence[PlacedMarker], data: GameData, rules: LayoutRules | None = None
                  ) -> list[tuple[tuple[float, float], float, float]]:
    """Where a card sticker should lie but none was read: between two cards of one column that lie
    `STRIP_GAP` strips apart or more (one column, or two in line up to `LONGEST_GAP` strips apart),
    the strip being the median step between neighbours of every column of the frame (at least three
    steps seen). Each place as (centre mm, angle, side mm)."""
    rules = rules or layout_rules()
    stacks, strip = _frame_columns(markers, data, rules)
    return _gaps(stacks, strip, rules) if strip else []


def places_to_read(markers: Sequence[PlacedMarker], data: GameData, rules: LayoutRules | None = None
                   ) -> tuple[list[tuple[tuple[float, float], float, float]],
                              list[tuple[tuple[float, float], float, float]]]:
    """Where a sticker lies unread (`unread_places`) and where one may, from one reading of the
    frame's columns: beyond a column's ends (`column_end_places`) and in a column missing from a row
    (`missing_column_places`). A column may just end there, or a row leave a gap, so the second
    places are only worth reading where the picture shows a code's texture (`TableReader._look_again`);
    those within `END_CLEAR` strips of any sticker read are left out."""
    rules = rules or layout_rules()
    stacks, strip = _frame_columns(markers, data, rules)
    if not strip:
        return [], []
    possible = _clear_of(_column_ends(stacks, strip) + _missing_columns(stacks, strip, rules), markers, strip)
    return _gaps(stacks, strip, rules), possible


def _gaps(stacks: list[list[_Card]], strip: float, rules: LayoutRules
          ) -> list[tuple[tuple[float, float], float, float]]:
    """The places of `unread_places` in the frame's columns."""
    steps = [(lower, upper) for stack in stacks for lower, upper in itertools.pairwise(stack)]
    steps += _columns_in_line(stacks, strip, rules)
    places = []
    for lower, upper in steps:
        length = math.dist(lower.marker.centre, upper.marker.centre)
        missing = round(length / strip) - 1
        if length < STRIP_GAP * strip or missing < 1:
            continue
        start, end = np.array(lower.marker.centre), np.array(upper.marker.centre)
        for k in range(1, missing + 1):
            centre = start + (end - start) * k / (missing + 1)
            places.append(((float(centre[0]), float(centre[1])), lower.marker.angle, lower.marker.side_mm))
    return places


def column_end_places(markers: Sequence[PlacedMarker], data: GameData, rules: LayoutRules | None = None
                      ) -> list[tuple[tuple[float, float], float, float]]:
    """Where a card may lie beyond either end of a column with its sticker unread: one step past the
    column's first and last card read (its own step, or a strip along its card's axis). The card a
    column ends with lies whole, its sticker the one most often under glare."""
    rules = rules or layout_rules()
    stacks, strip = _frame_columns(markers, data, rules)
    return _clear_of(_column_ends(stacks, strip), markers, strip) if strip else []


def missing_column_places(markers: Sequence[PlacedMarker], data: GameData, rules: LayoutRules | None = None
                          ) -> list[tuple[tuple[float, float], float, float]]:
    """Where a whole column may lie unread: between two columns of a row (turned alike, their first
    cards level within a strip) lying `COLUMN_GAP` pitches apart or more and at most `WIDEST_ROW_GAP`,
    the pitch being the shortest distance between neighbouring columns of a row in the frame (two
    pairs of neighbours seen at least: a column lies at least a pitch from the next). Each missing
    column's places run from the row's level up, at the strip, one card more than the taller of the
    two columns holds."""
    rules = rules or layout_rules()
    stacks, strip = _frame_columns(markers, data, rules)
    return _clear_of(_missing_columns(stacks, strip, rules), markers, strip) if strip else []


def _column_ends(stacks: list[list[_Card]], strip: float) -> list[tuple[np.ndarray, PlacedMarker]]:
    """One step past each column's first and last card: (place, the card's marker)."""
    ends = []
    for stack in stacks:
        for card, way in ((stack[0], -1.0), (stack[-1], 1.0)):
            step = _rotate(np.array([0.0, -way * strip]), card.frame.angle)
            if len(stack) >= 2:
                own = np.array(card.marker.centre) - np.array((stack[1] if way < 0 else stack[-2]).marker.centre)
                if np.linalg.norm(own) < STRIP_GAP * strip:
                    step = own
            ends.append((np.array(card.marker.centre) + step, card.marker))
    return ends


def _missing_columns(stacks: list[list[_Card]], strip: float, rules: LayoutRules
                     ) -> list[tuple[np.ndarray, PlacedMarker]]:
    """The places of the columns missing from rows (`missing_column_places`): (place, the marker of
    the first card of the column left of it)."""
    pairs = []
    for left in stacks:
        beside = []
        for right in stacks:
            if right is left or _angle_between(right[0].frame.angle, left[0].frame.angle) > rules.stack_angle:
                continue
            dx, dy = left[0].frame.to_local(right[0].frame.origin)
            if dx > rules.card_width / 2 and abs(dy) <= strip:
                beside.append((dx, id(right), right))
        if beside:
            dx, _, right = min(beside, key=lambda item: item[:2])
            pairs.append((dx, left, right))
    if len(pairs) < 2:
        return []
    pitch = min(dx for dx, _, _ in pairs)
    places = []
    for dx, left, right in pairs:
        missing = round(dx / pitch) - 1
        if dx < COLUMN_GAP * pitch or dx > WIDEST_ROW_GAP * pitch or missing < 1:
            continue
        start, end = np.array(left[0].marker.centre), np.array(right[0].marker.centre)
        up = _rotate(np.array([0.0, -strip]), left[0].frame.angle)
        for k in range(1, missing + 1):
            bottom = start + (end - start) * k / (missing + 1)
            places += [(bottom + level * up, left[0].marker) for level in range(max(len(left), len(right)) + 1)]
    return places


def _clear_of(places: list[tuple[np.ndarray, PlacedMarker]], markers: Sequence[PlacedMarker], strip: float
              ) -> list[tuple[tuple[float, float], float, float]]:
    """The places (centre mm, angle, side mm: turned and sized like their marker) lying `END_CLEAR`
    strips or more from every sticker read."""
    if not places:
        return []
    centres = np.array([centre for centre, _ in places])
    read = np.array([marker.centre for marker in markers], dtype=np.float64)
    nearest = np.sqrt(((centres[:, None, :] - read[None, :, :]) ** 2).sum(axis=2)).min(axis=1)
    return [((float(centre[0]), float(centre[1])), marker.angle, marker.side_mm)
            for (centre, marker), distance in zip(places, nearest, strict=True) if distance >= END_CLEAR * strip]


def _columns_in_line(stacks: list[list[_Card]], strip: float, rules: LayoutRules) -> list[tuple[_Card, _Card]]:
    """(last card of one column, first card of the next one up) for columns of one colour group in
    line, turned alike, the gap between them longer than a stack's link and at most `LONGEST_GAP`
    strips: nearest first, each column end used once."""
    pairs = []
    for low in stacks:
        top = low[-1]
        for high in stacks:
            first = high[0]
            if high is low or first.group != top.group or \
                    _angle_between(first.frame.angle, top.frame.angle) > rules.stack_angle:
                continue
            dx, dy = top.frame.to_local(first.frame.origin)
            if abs(dx) <= rules.stack_lateral and rules.stack_above[1] < -dy <= LONGEST_GAP * strip:
                pairs.append((-dy, id(top), top, first))
    used: set[int] = set()
    joined = []
    for _, _, top, first in sorted(pairs, key=lambda pair: pair[:2]):
        if id(top) not in used and id(first) not in used:
            used |= {id(top), id(first)}
            joined.append((top, first))
    return joined
