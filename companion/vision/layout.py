"""Who owns what on the table: players from wonder boards, cards to the nearest city, stages, discards.

Each wonder-board marker is a player, seated in the order of the boards around the table seen from
above (clockwise: a player's left neighbour is the next board clockwise). Each face-up card goes to
the nearest city within reach; a card back inside a board's stage zone (below its bottom edge) is
a built stage; card backs near the middle are the discard pile and belong to no one. A card seen in
two places, a second copy of a building in one city, a card not in the box for the player count:
each is reported and none is kept silently.
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


@dataclass(frozen=True)
class LayoutRules:
    """Sizes and zones from companion/data/table_layout.json (millimetres)."""

    board_width: float
    board_height: float
    board_marker_offset: tuple[float, float]
    stage_zone: tuple[float, float, float, float]
    """left, right, top, bottom margins around the strip below the board's bottom edge."""
    city_zone: tuple[float, float, float, float]
    """Where a city's cards lie around its board: left of it, right of it, above it, below its top."""
    same_city_angle: float
    """Cards face their player like the board: the largest angle (radians) between a card and its board."""
    discard_radius: float


@cache
def layout_rules() -> LayoutRules:
    """The layout rules shipped with the package."""
    raw = json.loads(resources.files("companion.data").joinpath("table_layout.json").read_text(encoding="utf-8"))
    zone = raw["stage_zone_mm"]
    city = raw["city_zone_mm"]
    offset = raw["sticker_offsets_mm"]["wonder_board_from_top_right"]
    return LayoutRules(float(raw["wonder_board"]["width_mm"]), float(raw["wonder_board"]["height_mm"]),
                       (float(offset[0]), float(offset[1])), (zone["left"], zone["right"], zone["top"], zone["bottom"]),
                       (city["left"], city["right"], city["top"], city["bottom"]),
                       math.radians(raw["same_city_angle_deg"]), float(raw["discard_near_centre_mm"]))


@dataclass(frozen=True)
class PlacedMarker:
    """A detected marker with its position on the table (mm) and the angle of its top edge."""

    component: Component
    centre: tuple[float, float]
    angle: float
    side_mm: float
    family: str


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

    def to_json(self) -> dict[str, Any]:
        """A summary for `companion scan` and for logs."""
        return {
            "seats": [{"wonder": s.wonder, "side": s.board.side, "centre_mm": [round(v, 1) for v in s.centre],
                       "cards": [c.key for c in s.cards], "stage_backs": s.stage_backs} for s in self.seats],
            "discard_backs": self.discard_backs,
            "unassigned": [{"component": c.key, "reason": reason} for c, reason in self.unassigned],
            "problems": list(self.problems),
        }


def _rotate(vector: np.ndarray, angle: float) -> np.ndarray:
    c, s = math.cos(angle), math.sin(angle)
    return np.array([c * vector[0] - s * vector[1], s * vector[0] + c * vector[1]])


def _board_frame(marker: PlacedMarker, rules: LayoutRules) -> tuple[np.ndarray, float]:
    """(board origin = its top-left corner on the table, angle) from the board's marker."""
    quiet = QUIET_MODULES[marker.family] * marker.side_mm / _modules(marker.family)
    offset_x, offset_y = rules.board_marker_offset
    code_centre_in_board = np.array([rules.board_width - offset_x - quiet - marker.side_mm / 2,
                                     offset_y + quiet + marker.side_mm / 2])
    origin = np.array(marker.centre) - _rotate(code_centre_in_board, marker.angle)
    return origin, marker.angle


def _modules(family: str) -> int:
    return {"qr": 21, "aruco": 7, "microqr": 15}[family]


def _in_board(point: tuple[float, float], origin: np.ndarray, angle: float) -> np.ndarray:
    return _rotate(np.array(point) - origin, -angle)


def read_layout(markers: Sequence[PlacedMarker], data: GameData, *, player_count: int | None = None,
                rules: LayoutRules | None = None) -> TableObservation:
    """Assign every marker of one frame to a city, a stage, the discard pile, or a problem."""
    rules = rules or layout_rules()
    observation = TableObservation()
    unique = _without_duplicates(markers, observation)

    boards = [m for m in unique if m.component.kind == "wonder_side"]
    wonders = Counter(b.component.wonder for b in boards)
    for wonder, seen in wonders.items():
        if seen > 1:
            observation.problems.append(f"both sides (or two copies) of the {wonder} board are seen; "
                                        f"that seat is left out")
    boards = [b for b in boards if wonders[b.component.wonder] == 1]
    frames = [_board_frame(b, rules) for b in boards]
    centres = [origin + _rotate(np.array([rules.board_width / 2, rules.board_height / 2]), angle)
               for origin, angle in frames]
    table_centre = np.mean(centres, axis=0) if centres else None
    order = sorted(range(len(boards)), key=lambda i: _seat_angle(centres[i], table_centre))
    seats = [SeatObservation(boards[i].component, (float(centres[i][0]), float(centres[i][1])), frames[i][1])
             for i in order]
    frames = [frames[i] for i in order]
    centres = [centres[i] for i in order]
    observation.seats = seats
    box = player_count or (len(seats) if len(seats) >= data.rules.min_players else None)

    for marker in unique:
        component = marker.component
        if component.kind == "card_back":
            _place_back(marker, seats, frames, table_centre, rules, observation)
        elif component.kind == "card":
            _place_card(marker, seats, frames, rules, data, box, observation)
        elif component.kind in ("island", "port_board"):
            observation.unassigned.append((component, "Armada components are not read yet"))
        elif component.kind == "test":
            observation.unassigned.append((component, "the test pattern of the test sheet"))
    for seat in seats:
        total = len(data.wonders[seat.wonder].sides[seat.board.side or "A"].stages)
        if seat.stage_backs > total:
            observation.problems.append(f"{seat.stage_backs} card backs in the stage zone of {seat.wonder} side "
                                        f"{seat.board.side}, which has {total} stages")
    return observation


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
        spread = max(math.dist(a.centre, b.centre) for a in found for b in found)
        if spread > 3 * found[0].side_mm:
            observation.problems.append(f"{found[0].component.key} (marker {number}) is seen {len(found)} times, "
                                        f"{spread:.0f} mm apart: a duplicate sticker; it is kept nowhere")
            continue
        unique.append(found[0])
    return unique


def _seat_angle(centre: np.ndarray, table_centre: np.ndarray | None) -> float:
    """Clockwise seen from above, starting at the bottom of the view (the table's y axis points down)."""
    if table_centre is None:
        return 0.0
    angle = math.atan2(centre[1] - table_centre[1], centre[0] - table_centre[0])
    return (angle - math.pi / 2) % (2 * math.pi)


def _place_back(marker: PlacedMarker, seats: list[SeatObservation], frames: list[tuple[np.ndarray, float]],
                table_centre: np.ndarray | None, rules: LayoutRules, observation: TableObservation) -> None:
    left, right, top, bottom = rules.stage_zone
    for seat, (origin, angle) in zip(seats, frames, strict=True):
        x, y = _in_board(marker.centre, origin, angle)
        if left <= x <= rules.board_width + right and rules.board_height + top <= y <= rules.board_height + bottom:
            seat.stage_backs += 1
            return
    if table_centre is not None and math.dist(marker.centre, table_centre) <= rules.discard_radius:
        observation.discard_backs += 1
        return
    observation.unassigned.append((marker.component, "card back outside every stage zone and the discard pile"))


def _angle_between(a: float, b: float) -> float:
    return abs((a - b + math.pi) % (2 * math.pi) - math.pi)


def _zone_distance(point: np.ndarray, zone: tuple[float, float, float, float], rules: LayoutRules) -> float:
    """How far a point (board frame) lies outside the city zone, 0 inside."""
    left, right, top, bottom = zone
    dx = max(left - point[0], 0.0, point[0] - (rules.board_width + right))
    dy = max(top - point[1], 0.0, point[1] - bottom)
    return math.hypot(dx, dy)


def _place_card(marker: PlacedMarker, seats: list[SeatObservation], frames: list[tuple[np.ndarray, float]],
                rules: LayoutRules, data: GameData, box: int | None, observation: TableObservation) -> None:
    """A card belongs to the city whose zone holds it and whose board it faces (cards lie turned
    like their board, towards their player); a card no city claims, or two claim, is reported."""
    component = marker.component
    if component.set != "base":
        observation.unassigned.append((component, "Armada cards are not read yet"))
        return
    card = data.cards[component.card or ""]
    if box is not None and component.players is not None and component.players > box:
        observation.problems.append(f"{component.key} is not in the box for {box} players")
        return
    if not seats:
        observation.unassigned.append((component, "no wonder board in view"))
        return
    claims = []
    points = {}
    for index, (origin, angle) in enumerate(frames):
        point = _in_board(marker.centre, origin, angle)
        points[index] = point
        if _zone_distance(point, rules.city_zone, rules) == 0 and \
                _angle_between(marker.angle, angle) <= rules.same_city_angle:
            claims.append(index)
    if not claims:
        observation.unassigned.append((component, "in no city's area, or turned unlike every board near it"))
        return
    if len(claims) > 1:
        names = " and ".join(seats[i].wonder for i in claims)
        observation.problems.append(f"{component.key} could belong to the {names} cities; it is kept nowhere")
        return
    seat = seats[claims[0]]
    if any(c.card == card.id for c in seat.cards):
        observation.problems.append(f"the {seat.wonder} city shows two {card.name} cards; the second "
                                    f"({component.key}) is left out")
        return
    seat.cards.append(component)
    point = points[claims[0]]
    seat.places[component.marker] = (float(point[0]), float(point[1]))
