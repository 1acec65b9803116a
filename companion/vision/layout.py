"""Who owns what on the table: players from wonder boards, cards by the rulebook's layout, stages, discards.

Each wonder-board marker is a player; the seating comes from the game's set-up when it is known,
else from the boards around the table seen from above (clockwise: a player's left neighbour is the
next board clockwise). Cards follow the layout the rulebook prescribes: brown and grey cards in a
column tucked under the board's top-left corner, the other colours stacked by colour beside the
board, each card of a stack showing its top strip above the card before it, and every card turned
like its board. So cards are first chained into stacks (a card continues the column of the card
just below it: same colour group, same angle, in line), and each stack goes to the board its
bottom card lies beside or under, turned like it. A card back in a board's stage zone (below its
bottom edge) is a built stage; card backs near the middle are the discard pile. A board not seen
in this frame is placed where it was remembered (`known_boards`), or, when the set-up names it and
its cards are left over, inferred from them. A card seen in two places, a second copy of a
building in one city, a card not in the box for the player count: each is reported, none kept
silently.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources
from typing import Any

import numpy as np

from companion.gamedata import GameData
from companion.markers import Component
from companion.markers.symbols import QUIET_MODULES

__all__ = ["LayoutRules", "PlacedMarker", "SeatObservation", "TableObservation", "layout_rules", "read_layout"]

BOARD_SEEN, BOARD_REMEMBERED, BOARD_INFERRED = "seen", "remembered", "inferred"
"""How a seat's board is known in a frame: its sticker read, its place remembered from earlier
frames (or a fixed rig), or only its cards seen where the set-up says the player sits."""


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
    city_reach: float
    """How far from its board the bottom card of a stack may lie (a covered card or two between)."""
    ambiguous_within: float
    discard_radius: float


@cache
def layout_rules() -> LayoutRules:
    """The layout rules shipped with the package."""
    raw = json.loads(resources.files("companion.data").joinpath("table_layout.json").read_text(encoding="utf-8"))
    zone = raw["stage_zone_mm"]
    offsets = raw["sticker_offsets_mm"]
    stack = raw["stack"]
    return LayoutRules(
        float(raw["wonder_board"]["width_mm"]), float(raw["wonder_board"]["height_mm"]),
        (float(offsets["wonder_board_from_top_right"][0]), float(offsets["wonder_board_from_top_right"][1])),
        float(raw["card"]["width_mm"]), float(raw["card"]["height_mm"]),
        (float(offsets["card_face_from_top_right"][0]), float(offsets["card_face_from_top_right"][1])),
        (zone["left"], zone["right"], zone["top"], zone["bottom"]), math.radians(raw["same_city_angle_deg"]),
        float(stack["lateral_mm"]), (float(stack["nearest_above_mm"]), float(stack["farthest_above_mm"])),
        math.radians(stack["angle_deg"]), float(raw["city_reach_mm"]), float(raw["ambiguous_within_mm"]),
        float(raw["discard_near_centre_mm"]))


@dataclass(frozen=True)
class PlacedMarker:
    """A detected marker with its position on the table (mm) and the angle of its top edge."""

    component: Component
    centre: tuple[float, float]
    angle: float
    side_mm: float
    family: str
    remembered: bool = False
    """Not read in this frame: a board placed where it was seen before (or where a rig keeps it)."""


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


@dataclass
class TableObservation:
    """Everything one frame (or photo) says about the table."""

    seats: list[SeatObservation] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)
    unassigned: list[tuple[Component, str]] = field(default_factory=list)
    discard_backs: int = 0
    missing: list[str] = field(default_factory=list)
    """Wonders of the set-up whose city is not in this frame at all (no board, no cards)."""

    def to_json(self) -> dict[str, Any]:
        """A summary for `companion scan` and for logs."""
        return {
            "seats": [{"wonder": s.wonder, "side": s.board.side if s.board_source != BOARD_INFERRED else None,
                       "centre_mm": [round(v, 1) for v in s.centre],
                       "board": s.board_source, "cards": [c.key for c in s.cards], "stage_backs": s.stage_backs}
                      for s in self.seats],
            "discard_backs": self.discard_backs,
            "unassigned": [{"component": c.key, "reason": reason} for c, reason in self.unassigned],
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


def _code_frame(marker: PlacedMarker, width: float, offset: tuple[float, float]) -> _Frame:
    """The frame of a component whose sticker sits `offset` from its top-right corner, quiet zone included."""
    quiet = QUIET_MODULES[marker.family] * marker.side_mm / _modules(marker.family)
    half = marker.side_mm / 2
    centre_in_component = np.array([width - offset[0] - quiet - half, offset[1] + quiet + half])
    return _Frame(np.array(marker.centre) - _rotate(centre_in_component, marker.angle), marker.angle)


def _angle_between(a: float, b: float) -> float:
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def read_layout(markers: Sequence[PlacedMarker], data: GameData, *, player_count: int | None = None,
                seating: Sequence[str] = (), rules: LayoutRules | None = None) -> TableObservation:
    """Assign every marker of one frame to a city, a stage, the discard pile, or a problem.

    `player_count` and `seating` (the wonders clockwise) come from the game's set-up when it is
    known: only then are cards of a larger box refused (the boards in view may not be all of
    them), the seats follow the seating, and a board of the seating not in view is inferred from
    its cards where they are left over. Boards given with `remembered` stand where they were seen
    before.
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
            observation.unassigned.append((component, "Armada components are not read yet"))
        elif component.kind == "test":
            observation.unassigned.append((component, "the test pattern of the test sheet"))
    stacks = _stacks(cards, rules)
    left_over = _assign_stacks(stacks, seats, frames, rules, data, observation)
    seen_wonders = {s.wonder for s in seats}
    missing = [w for w in seating if w not in seen_wonders]
    inferred = _infer_seats(left_over, missing, seating, seats, rules, data, observation)
    for stack in left_over:
        if not any(stack is s for group in inferred.values() for s in group):
            reason = "no wonder board in view" if not seats else \
                "beside no board turned like it (its board is not in view?)"
            observation.unassigned += [(c.marker.component, reason) for c in stack]
    left_backs = [b for b in backs if not _place_back(b, seats, frames, table_centre, rules, observation)]
    for seat in seats[len(frames):]:
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
            observation.problems.append(f"{seat.stage_backs} card backs in the stage zone of {seat.wonder} side "
                                        f"{seat.board.side}, which has {total} stages")
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
            observation.problems.append(f"both sides (or two copies) of the {wonder} board are seen; "
                                        f"that seat is left out")
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
            observation.problems.append(f"{read[0].component.key} (marker {number}) is seen {len(read)} times, "
                                        f"{spread:.0f} mm apart: a duplicate sticker; it is kept nowhere")
            continue
        unique.append(read[0])
    return unique


def _seat_angle(centre: np.ndarray, table_centre: np.ndarray | None) -> float:
    """Clockwise seen from above, starting at the bottom of the view (the table's y axis points down)."""
    if table_centre is None:
        return 0.0
    angle = math.atan2(centre[1] - table_centre[1], centre[0] - table_centre[0])
    return (angle - math.pi / 2) % (2 * math.pi)


def _card(marker: PlacedMarker, data: GameData, box: int | None, rules: LayoutRules,
          observation: TableObservation) -> _Card | None:
    """A face-up card ready for the stacks, or None when it is reported instead."""
    component = marker.component
    if component.set != "base":
        observation.unassigned.append((component, "Armada cards are not read yet"))
        return None
    if box is not None and component.players is not None and component.players > box:
        observation.problems.append(f"{component.key} is not in the box for {box} players")
        return None
    color = data.cards[component.card or ""].color
    return _Card(marker, _code_frame(marker, rules.card_width, rules.card_marker_offset),
                 "resources" if color in ("brown", "grey") else color)


def _stacks(cards: list[_Card], rules: LayoutRules) -> list[list[_Card]]:
    """Chain cards into stacks, bottom card first: a card continues the stack of the card just below
    it when both belong to one colour group, lie turned alike and in line, the upper one a strip
    or more above."""
    links = []
    for lower in cards:
        for upper in cards:
            if upper is lower or upper.group != lower.group or \
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


def _card_box(card: _Card, board: _Frame, rules: LayoutRules) -> tuple[float, float, float, float]:
    """The card's extent (x0, y0, x1, y1) in the board's frame."""
    corners = np.array([board.to_local(card.frame.to_table(p)) for p in
                        ((0, 0), (rules.card_width, 0), (rules.card_width, rules.card_height), (0, rules.card_height))])
    return (float(corners[:, 0].min()), float(corners[:, 1].min()), float(corners[:, 0].max()),
            float(corners[:, 1].max()))


def _box_gap(a: tuple[float, float, float, float], b: tuple[float, float, float, float]) -> float:
    """The distance between two boxes (x0, y0, x1, y1), 0 when they overlap or touch."""
    dx = max(0.0, a[0] - b[2], b[0] - a[2])
    dy = max(0.0, a[1] - b[3], b[1] - a[3])
    return math.hypot(dx, dy)


def _assign_stacks(stacks: list[list[_Card]], seats: list[SeatObservation], frames: list[_Frame],
                   rules: LayoutRules, data: GameData, observation: TableObservation) -> list[list[_Card]]:
    """Give stacks to boards, nearest first: a city's area is its board and the stacks it already
    holds, so stacks laid side by side beside a board join it one after the other. A stack fits a
    board turned like it (each card within the same-city angle) within reach of that area; its cost
    is the gap (mm) plus 1 mm per degree of turn. Returns the stacks no board claims."""
    board_box = (0.0, 0.0, rules.board_width, rules.board_height)
    boxes: dict[tuple[int, int], list[tuple[float, float, float, float]]] = {}
    fixed: dict[tuple[int, int], float] = {}
    """Per (stack, board): the cost besides the gap: its turn in degrees, and the board's height
    when the stack lies below the board, where only stage cards go."""
    gaps: dict[tuple[int, int], float] = {}
    for s, stack in enumerate(stacks):
        for b, frame in enumerate(frames):
            turn = max(_angle_between(card.frame.angle, frame.angle) for card in stack)
            if turn <= rules.same_city_angle:
                boxes[s, b] = [_card_box(card, frame, rules) for card in stack]
                below = rules.board_height if min(box[1] for box in boxes[s, b]) > rules.board_height / 2 else 0.0
                fixed[s, b] = math.degrees(turn) + below
                gaps[s, b] = min(_box_gap(box, board_box) for box in boxes[s, b])
    open_stacks = set(range(len(stacks)))
    while open_stacks:
        ranked = sorted((gaps[s, b] + fixed[s, b], s, b) for (s, b) in gaps
                        if s in open_stacks and gaps[s, b] <= rules.city_reach)
        if not ranked:
            break
        best, s, b = ranked[0]
        open_stacks.discard(s)
        rival = next((entry for entry in ranked[1:] if entry[1] == s), None)
        if rival is not None and rival[0] - best < rules.ambiguous_within:
            names = f"{seats[b].wonder} and {seats[rival[2]].wonder}"
            for card in stacks[s]:
                observation.problems.append(f"{card.marker.component.key} could belong to the {names} cities; "
                                            f"it is kept nowhere")
            continue
        for card in stacks[s]:
            _add_card(seats[b], card, frames[b], data, observation)
        for other in open_stacks:   # the city's area grew by this stack
            if (other, b) in gaps:
                gaps[other, b] = min(gaps[other, b], *(_box_gap(mine, added) for mine in boxes[other, b]
                                                       for added in boxes[s, b]))
    return [stacks[s] for s in sorted(open_stacks)]


def _add_card(seat: SeatObservation, card: _Card, board: _Frame | None, data: GameData,
              observation: TableObservation) -> None:
    component = card.marker.component
    building = data.cards[component.card or ""]
    if any(c.card == building.id for c in seat.cards):
        observation.problems.append(f"the {seat.wonder} city shows two {building.name} cards; the second "
                                    f"({component.key}) is left out")
        return
    seat.cards.append(component)
    if board is not None:
        point = board.to_local(card.marker.centre)
        seat.places[component.marker] = (float(point[0]), float(point[1]))


def _infer_seats(left_over: list[list[_Card]], missing: list[str], seating: Sequence[str],
                 seats: list[SeatObservation], rules: LayoutRules, data: GameData,
                 observation: TableObservation) -> dict[str, list[list[_Card]]]:
    """Seats of the set-up whose board is not in view, from the stacks no board claims: the stacks
    turned alike form one city, given to the missing seat whose place in the seating (between the
    boards in view) predicts that turn, when exactly one does. Returns the stacks given, by wonder."""
    if not left_over or not missing:
        return {}
    groups: list[list[list[_Card]]] = []
    for stack in left_over:
        angle = stack[0].frame.angle
        group = next((g for g in groups if _angle_between(g[0][0].frame.angle, angle) <= rules.same_city_angle), None)
        if group is None:
            groups.append([stack])
        else:
            group.append(stack)
    predicted = _predicted_angles(missing, seating, seats)
    used: dict[str, list[list[_Card]]] = {}
    for group in groups:
        angle = _mean_angle([s[0].frame.angle for s in group])
        open_seats = [w for w in missing if w not in {s.wonder for s in seats}]
        if predicted:
            fits = sorted((_angle_between(predicted[w], angle), w) for w in open_seats if w in predicted)
            fits = [f for f in fits if f[0] <= 1.5 * rules.same_city_angle]
            if not fits or (len(fits) > 1 and fits[1][0] - fits[0][0] < rules.same_city_angle):
                continue
            wonder = fits[0][1]
        elif len(open_seats) == 1 and len(groups) == 1:
            wonder = open_seats[0]
        else:
            continue
        cards = [card for stack in group for card in stack]
        centre = np.mean([c.marker.centre for c in cards], axis=0)
        seat = SeatObservation(_board_of(wonder), (float(centre[0]), float(centre[1])), angle,
                               board_source=BOARD_INFERRED)
        for card in cards:
            _add_card(seat, card, None, data, observation)
        seats.append(seat)
        used[wonder] = group
    return used


def _mean_angle(angles: Sequence[float]) -> float:
    return math.atan2(sum(math.sin(a) for a in angles), sum(math.cos(a) for a in angles))


def _predicted_angles(missing: list[str], seating: Sequence[str], seats: list[SeatObservation]) -> dict[str, float]:
    """The turn each missing seat's board should have: spread evenly between the nearest seats in
    view on either side of it in the seating (boards face their players around the table)."""
    seen = {s.wonder: s.angle for s in seats}
    count = len(seating)
    predicted = {}
    for wonder in missing:
        index = list(seating).index(wonder)
        before = next(((k, seen[seating[(index - k) % count]]) for k in range(1, count) if seating[(index - k) % count]
                       in seen), None)
        after = next(((k, seen[seating[(index + k) % count]]) for k in range(1, count) if seating[(index + k) % count]
                      in seen), None)
        if before is not None and after is not None and (before[0] + after[0]) > 0:
            span = (after[1] - before[1]) % (2 * math.pi) or 2 * math.pi
            predicted[wonder] = before[1] + span * before[0] / (before[0] + after[0])
        elif before is not None:
            predicted[wonder] = before[1] + 2 * math.pi * before[0] / count
        elif after is not None:
            predicted[wonder] = after[1] - 2 * math.pi * after[0] / count
    return predicted


@cache
def _board_of(wonder: str) -> Component:
    """A board component to carry a seat known only from the set-up (its side is not seen)."""
    from companion.markers import load_marker_registry

    return next(c for c in load_marker_registry() if c.kind == "wonder_side" and c.wonder == wonder)


def _place_back(marker: PlacedMarker, seats: list[SeatObservation], frames: list[_Frame],
                table_centre: np.ndarray | None, rules: LayoutRules, observation: TableObservation) -> bool:
    """Count a card back as a stage of the board whose stage zone holds it, or as the discard pile;
    False when it is neither."""
    left, right, top, bottom = rules.stage_zone
    for seat, frame in zip(seats, frames, strict=False):
        x, y = frame.to_local(marker.centre)
        if left <= x <= rules.board_width + right and rules.board_height + top <= y <= rules.board_height + bottom \
                and _angle_between(marker.angle, frame.angle) <= rules.same_city_angle:
            seat.stage_backs += 1
            return True
    if table_centre is not None and math.dist(marker.centre, table_centre) <= rules.discard_radius:
        observation.discard_backs += 1
        return True
    return False


def _stages_of_inferred(seat: SeatObservation, stacks: list[list[_Card]], backs: list[PlacedMarker],
                        rules: LayoutRules) -> list[PlacedMarker]:
    """Count the stage cards of a seat whose board is not in view: card backs turned like its cards
    that lie under the board the cards imply (the board below the stacks, its left edge at the
    resource column's). Returns the backs left over."""
    turn = _Frame(np.zeros(2), seat.angle)
    corners = np.array([turn.to_local(card.frame.to_table(p)) for stack in stacks for card in stack
                        for p in ((0, 0), (rules.card_width, rules.card_height))])
    left, bottom = float(corners[:, 0].min()), float(corners[:, 1].max())
    kept = []
    for back in backs:
        x, y = turn.to_local(back.centre)
        if _angle_between(back.angle, seat.angle) <= rules.same_city_angle and \
                left - rules.card_width <= x <= left + rules.board_width + rules.card_width / 2 and \
                bottom + 10 <= y <= bottom + rules.board_height + rules.card_height:
            seat.stage_backs += 1
        else:
            kept.append(back)
    return kept
