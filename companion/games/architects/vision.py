"""Who owns what on an Architects table, from one frame's markers: each wonder tray is a player;
cards, tokens, the Cat pawn and what an expansion gives a player (its ``owned`` marker kinds) go to
the tray they lie nearest to; an expansion's ``between`` kinds lie in the space between two
neighbours (or in the centre of the table).

A card about as near to two trays lies between two players (the top card of a deck) and a card near
the middle of the table is the central deck or the discard pile: neither belongs to anyone. Built
pieces belong to their own wonder, wherever they are seen.
"""

from __future__ import annotations

import json
import math
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, field
from functools import cache
from importlib import resources

from companion.games.architects.markers import MarkerKind, marker_kinds
from companion.markers import Component
from companion.vision.placed import PlacedMarker

__all__ = ["ArchitectsLayoutRules", "ArchitectsObservation", "AreaObservation", "architects_layout_rules",
           "read_architects_layout"]

OWNED_KINDS = ("architects_card", "architects_token", "architects_cat", "architects_military")
"""The base game's components that lie in front of a player (an expansion's: its ``owned`` `MarkerKind`)."""


@dataclass(frozen=True)
class ArchitectsLayoutRules:
    """Distances from companion/games/architects/data/layout.json (mm)."""

    area_centre: tuple[float, float]
    """The middle of an area in its tray's frame, from the tray's sticker."""
    reach_mm: float
    own_ratio: float
    """A component is a player's when it is nearer to their tray than `own_ratio` x the next tray."""
    centre_mm: float


@cache
def architects_layout_rules() -> ArchitectsLayoutRules:
    """The rules shipped with the package."""
    shipped = resources.files("companion.games.architects").joinpath("data", "layout.json")
    raw = json.loads(shipped.read_text(encoding="utf-8"))
    x, y = raw["area_centre_from_tray_sticker_mm"]
    return ArchitectsLayoutRules((float(x), float(y)), float(raw["reach_mm"]), float(raw["own_ratio"]),
                                 float(raw["centre_mm"]))


@dataclass
class AreaObservation:
    """One player's area as seen in one frame: what lies in front of them, counted."""

    wonder: str
    centre: tuple[float, float]
    pieces: set[str] = field(default_factory=set)
    items: Counter[str] = field(default_factory=Counter)
    """``card:wood``, ``token:culture``, ``cat``, ``military``, an expansion's ``<item>:<id>``: how many."""


@dataclass
class ArchitectsObservation:
    """What one frame shows: the areas seen clockwise, what lies between neighbours, the problems."""

    areas: list[AreaObservation] = field(default_factory=list)
    between: dict[tuple[str, str], str] = field(default_factory=dict)
    """The id of an expansion's ``between`` component lying between two neighbours, by (wonder, its
    left neighbour's wonder)."""
    centre: list[str] = field(default_factory=list)
    """The ids of the ``between`` components lying in the centre of the table."""
    unassigned: list[tuple[Component, str]] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)

    def area(self, wonder: str) -> AreaObservation | None:
        """The area of that wonder, if its tray is in view."""
        return next((a for a in self.areas if a.wonder == wonder), None)


Neighbours = tuple[AreaObservation, AreaObservation]


def _item(component: Component, added: MarkerKind | None = None) -> str:
    if added is not None:
        return f"{added.item}:{getattr(component, added.field)}"
    detail = {"architects_card": component.card, "architects_token": component.token}.get(component.kind)
    name = component.kind.removeprefix("architects_")
    return f"{name}:{detail}" if detail else name


def _clockwise(centres: Sequence[tuple[float, float]]) -> list[int]:
    """Indices in clockwise order seen from above, from the bottom of the view (y points down)."""
    cx = sum(c[0] for c in centres) / len(centres)
    cy = sum(c[1] for c in centres) / len(centres)
    return sorted(range(len(centres)),
                  key=lambda i: (math.atan2(centres[i][1] - cy, centres[i][0] - cx) - math.pi / 2) % (2 * math.pi))


def _trays(markers: Sequence[PlacedMarker], observation: ArchitectsObservation) -> list[PlacedMarker]:
    trays: dict[str, list[PlacedMarker]] = {}
    for marker in markers:
        if marker.component.kind == "architects_tray" and marker.component.wonder:
            trays.setdefault(marker.component.wonder, []).append(marker)
    kept = []
    for wonder, found in trays.items():
        spread = max(math.dist(a.centre, b.centre) for a in found for b in found)
        if spread > 3 * found[0].side_mm:
            observation.problems.append(f"the {wonder} tray is seen {len(found)} times, {spread:.0f} mm apart: a "
                                        f"duplicate sticker; that area is left out of this frame")
        else:
            kept.append(found[0])
    return kept


def _area_centre(tray: PlacedMarker, rules: ArchitectsLayoutRules) -> tuple[float, float]:
    """The middle of the tray's area on the table: the sticker's offset turned like the sticker."""
    c, s = math.cos(tray.angle), math.sin(tray.angle)
    x, y = rules.area_centre
    return tray.centre[0] + c * x - s * y, tray.centre[1] + s * x + c * y


def _owner(point: tuple[float, float], areas: list[AreaObservation], table_centre: tuple[float, float] | None,
           rules: ArchitectsLayoutRules) -> tuple[AreaObservation | None, str]:
    """The area a component lies in, or None and why."""
    if not areas:
        return None, "no wonder tray in view"
    if table_centre is not None and len(areas) >= 2 and math.dist(point, table_centre) < rules.centre_mm:
        return None, "in the middle of the table (the central deck or the discard pile)"
    ranked = sorted(areas, key=lambda a: math.dist(point, a.centre))
    nearest = math.dist(point, ranked[0].centre)
    if nearest > rules.reach_mm:
        return None, f"{nearest:.0f} mm from the nearest tray, out of every player's reach"
    if len(ranked) > 1 and nearest > rules.own_ratio * math.dist(point, ranked[1].centre):
        return None, f"between {ranked[0].wonder} and {ranked[1].wonder} (a deck, or a card being moved)"
    return ranked[0], ""


def _neighbours(areas: list[AreaObservation], seat_order: Sequence[str]) -> list[Neighbours]:
    """Each pair of neighbours in view (a player and the one to their left)."""
    if not seat_order:
        return list(zip(areas, areas[1:] + areas[:1], strict=True)) if len(areas) >= 2 else []
    by_wonder = {a.wonder: a for a in areas}
    pairs = zip(seat_order, [*seat_order[1:], *seat_order[:1]], strict=True)
    return [(by_wonder[a], by_wonder[b]) for a, b in pairs if a in by_wonder and b in by_wonder and a != b]


def _place_between(marker: PlacedMarker, kind: MarkerKind, pairs: list[Neighbours],
                   table_centre: tuple[float, float] | None, observation: ArchitectsObservation) -> None:
    """An expansion's ``between`` component: in the space between the two neighbours it lies nearest
    to, or in the centre when the table's centre is nearer."""
    item = getattr(marker.component, kind.field) or ""
    if not pairs or table_centre is None:
        observation.unassigned.append((marker.component, "no two neighbours' trays in view"))
        return
    spaces = [((a.centre[0] + b.centre[0]) / 2, (a.centre[1] + b.centre[1]) / 2) for a, b in pairs]
    distances = [math.dist(marker.centre, s) for s in spaces]
    seat = min(range(len(spaces)), key=distances.__getitem__)
    if math.dist(marker.centre, table_centre) < distances[seat]:
        observation.centre.append(item)
        return
    pair = (pairs[seat][0].wonder, pairs[seat][1].wonder)
    if pair in observation.between:
        observation.problems.append(f"two {kind.noun}s lie between {pair[0]} and {pair[1]}: "
                                    f"{observation.between[pair]} and {item}")
        return
    observation.between[pair] = item


def read_architects_layout(markers: Sequence[PlacedMarker], *, seat_order: Sequence[str] = (),
                           rules: ArchitectsLayoutRules | None = None) -> ArchitectsObservation:
    """Assign every Architects marker of one frame to an area, a space between players, or nobody.

    `seat_order` (wonders clockwise, from the game's set-up) orders the areas; without it they are
    ordered clockwise as seen. Markers of other games are ignored.
    """
    rules = rules or architects_layout_rules()
    observation = ArchitectsObservation()
    trays = _trays(markers, observation)
    if seat_order:
        known = [t for t in trays if t.component.wonder in seat_order]
        for tray in trays:
            if tray not in known:
                observation.unassigned.append((tray.component, "this wonder is not in the game"))
        trays = sorted(known, key=lambda t: list(seat_order).index(t.component.wonder or ""))
    elif len(trays) >= 2:
        trays = [trays[i] for i in _clockwise([t.centre for t in trays])]
    observation.areas = [AreaObservation(t.component.wonder or "", _area_centre(t, rules)) for t in trays]
    table_centre = None
    if len(trays) >= 2:
        table_centre = (sum(a.centre[0] for a in observation.areas) / len(trays),
                        sum(a.centre[1] for a in observation.areas) / len(trays))
    added = marker_kinds()
    for marker in markers:
        component = marker.component
        kind = added.get(component.kind)
        if component.kind == "architects_piece":
            area = observation.area(component.wonder or "")
            if area is None:
                observation.unassigned.append((component, f"the {component.wonder} tray is not in view"))
            else:
                area.pieces.add(component.piece or "")
        elif kind is not None and kind.role == "between":
            _place_between(marker, kind, _neighbours(observation.areas, seat_order), table_centre, observation)
        elif component.kind in OWNED_KINDS or kind is not None:
            owner, why = _owner(marker.centre, observation.areas, table_centre, rules)
            if owner is None:
                observation.unassigned.append((component, why))
            else:
                owner.items[_item(component, kind)] += 1
    return observation
