"""Observations over time -> what lies in front of each Architects player, and what lies between them.

Unlike a 7 Wonders city, an Architects area shrinks as well as grows: cards leave it for
constructions, Progress tokens and battles. So every count is a confirmed value that changes, up or
down, only when a different value has been seen steadily (the 7 Wonders `ConfirmationRule`: in
`frames` frames spanning `seconds`), and only in frames where that player's tray is in view: a hand
over the table for a moment changes nothing. An expansion's component seen in the space between two
players stays in its layout when it is taken (its other side then lies in front of a player). What
an expansion adds to the table file comes from its `TRACKED_PARTS` entry. A correction
by hand holds until the camera sees a different value steadily after it, as an undo does for
7 Wonders.
"""

from __future__ import annotations

from collections.abc import Callable, Hashable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.architects.markers import marker_kinds
from companion.games.architects.rules.data import ArchitectsData
from companion.games.architects.tablefile import ARCHITECTS_FORMAT
from companion.games.architects.vision import ArchitectsObservation
from companion.plugins import Registry
from companion.state.confirmation import ConfirmationRule

__all__ = ["TRACKED_PARTS", "ArchitectsChange", "ArchitectsTracker", "TrackedPart"]

TRAY = "tray"
CENTRE = ("", "centre")


@dataclass(frozen=True)
class ArchitectsChange:
    """A confirmed value that changed: `wonder`'s `item` (``piece:two_different``, ``card:wood``,
    ``token:culture``, ``cat``, ``military``, an expansion's ``<item>:<id>``, ``tray``, or a space
    between neighbours, ``between:<wonder>``) is now `value`."""

    wonder: str
    item: str
    value: Hashable
    before: Hashable
    at: float
    source: str = "camera"

    def describe(self) -> str:
        """A line for a log or the command line."""
        if self.item == TRAY:
            return f"{self.wonder} joins the table"
        if self.item.startswith("between:"):
            noun = next((k.noun for k in marker_kinds().values() if k.role == "between"), "")
            return f"{noun} between {self.wonder} and {self.item.removeprefix('between:')}: {self.value}"
        return f"{self.wonder}: {self.item} {self.before} -> {self.value} ({self.source})"


@dataclass(frozen=True)
class TrackedPart:
    """What an expansion adds to the table file the camera writes: its top-level fields, from the
    tracker, the wonders clockwise and the options given (`table_fields`), and each player's
    (`player_fields`)."""

    table_fields: Callable[[ArchitectsTracker, list[str], Mapping[str, Any]], dict[str, Any]]
    player_fields: Callable[[ArchitectsTracker, str], dict[str, Any]]


TRACKED_PARTS: Registry[TrackedPart] = Registry("Architects tracked part", "tracker")
"""The expansions' parts of the camera's table file, by expansion id."""


def _parts(expansions: Sequence[str]) -> list[TrackedPart]:
    return [part for expansion in expansions if (part := TRACKED_PARTS.get(expansion)) is not None]


@dataclass
class _Candidate:
    value: Hashable
    first: float
    last: float
    frames: int = 1

    def steady(self, rule: ConfirmationRule) -> bool:
        return self.frames >= rule.frames and self.last - self.first >= rule.seconds


@dataclass
class ArchitectsTracker:
    """Folds Architects frame observations into confirmed areas; also takes corrections by hand."""

    data: ArchitectsData
    rule: ConfirmationRule = field(default_factory=ConfirmationRule)
    seat_order: Sequence[str] = ()
    """Wonders clockwise from the game's set-up; empty: learned from the trays seen together."""
    names: dict[str, str] = field(default_factory=dict)
    confirmed: dict[tuple[str, str], Hashable] = field(default_factory=dict)
    sources: dict[tuple[str, str], str] = field(default_factory=dict)
    problems: list[str] = field(default_factory=list)
    seen_order: list[str] = field(default_factory=list)
    _candidates: dict[tuple[str, str], _Candidate] = field(default_factory=dict)

    def observe(self, observation: ArchitectsObservation, at: float) -> list[ArchitectsChange]:
        """Take one frame's observation made at `at` (seconds); return what became confirmed."""
        changes: list[ArchitectsChange] = []
        for problem in observation.problems:
            if problem not in self.problems:
                self.problems.append(problem)
        if len(observation.areas) >= 2 and len(observation.areas) >= len(self.seen_order):
            self.seen_order = [a.wonder for a in observation.areas]
        for area in observation.areas:
            values: dict[str, Hashable] = {TRAY: True}
            values.update({f"piece:{p}": 1 for p in area.pieces})
            values.update(area.items)
            known = {item for (wonder, item) in self.confirmed if wonder == area.wonder and item != TRAY
                     and not item.startswith("between:")}
            for item in known | set(values):
                default: Hashable = 0 if item != TRAY else False
                changes += self._see((area.wonder, item), values.get(item, default), at)
        order = self.order()
        in_view = {a.wonder for a in observation.areas}
        for left, right in zip(order, order[1:] + order[:1], strict=True):
            if len(order) >= 2 and left in in_view and right in in_view:
                changes += self._see((left, f"between:{right}"), observation.between.get((left, right)), at)
        if len(in_view) >= 2:
            changes += self._see(CENTRE, tuple(sorted(observation.centre)), at)
        return changes

    def _see(self, key: tuple[str, str], value: Hashable, at: float) -> list[ArchitectsChange]:
        before = self.confirmed.get(key, self._default(key))
        candidate = self._candidates.get(key)
        if value is None and before is not None:
            value = before      # taken from its space: the layout still says where it lay
        if value == before:
            self._candidates.pop(key, None)
            return []
        if candidate is None or candidate.value != value or at - candidate.last > self.rule.forget_after:
            candidate = self._candidates[key] = _Candidate(value, at, at)
        elif at != candidate.last:
            candidate.last = at
            candidate.frames += 1
        if not candidate.steady(self.rule):
            return []
        del self._candidates[key]
        self.confirmed[key] = value
        self.sources[key] = "camera"
        return [ArchitectsChange(key[0], key[1], value, before, at)]

    @staticmethod
    def _default(key: tuple[str, str]) -> Hashable:
        if key == CENTRE:
            return ()
        if key[1].startswith("between:"):
            return None
        return False if key[1] == TRAY else 0

    def correct(self, wonder: str, item: str, value: Hashable, at: float) -> ArchitectsChange:
        """Set a value by hand (a card the camera cannot see, a wrong reading undone). It holds until
        the camera sees a different value steadily after now."""
        key = (wonder, item)
        before = self.confirmed.get(key, self._default(key))
        self.confirmed[key] = value
        self.sources[key] = "hand"
        self._candidates.pop(key, None)
        return ArchitectsChange(wonder, item, value, before, at, "hand")

    def order(self) -> list[str]:
        """The wonders at the table clockwise: the set-up's order, else the order seen, then the rest."""
        joined = [w for (w, item), v in self.confirmed.items() if item == TRAY and v]
        base = [w for w in self.seat_order] or [w for w in self.seen_order if w in joined]
        return base + sorted(w for w in joined if w not in base)

    def count(self, wonder: str, item: str) -> int:
        """The confirmed count of `item` in front of `wonder` (0 when never seen)."""
        value = self.confirmed.get((wonder, item), 0)
        return value if isinstance(value, int) else 0

    def items(self, wonder: str, prefix: str) -> dict[str, int]:
        """The confirmed counts in front of `wonder` of the items named ``<prefix><id>``, by id (those above 0)."""
        return {item.removeprefix(prefix): int(value) for (w, item), value in sorted(self.confirmed.items())
                if w == wonder and item.startswith(prefix) and isinstance(value, int) and value > 0}

    def between_neighbours(self, order: Sequence[str]) -> list[Hashable]:
        """What lies between each wonder of `order` and the next (clockwise): an id, or None."""
        return [self.confirmed.get((w, f"between:{order[(i + 1) % len(order)]}")) for i, w in enumerate(order)]

    def in_centre(self) -> tuple[str, ...]:
        """The ids of what lies in the centre of the table, as confirmed."""
        centre = self.confirmed.get(CENTRE, ())
        return centre if isinstance(centre, tuple) else ()

    def player_entry(self, wonder: str, expansions: Sequence[str] = ()) -> dict[str, Any]:
        """One player of the ``architects-table/1`` file, as confirmed (with what `expansions` add)."""
        known = self.data.wonders[wonder]
        built = [p.id for p in known.pieces or () if self.count(wonder, f"piece:{p.id}")]
        tokens = [t for t, n in self.items(wonder, "token:").items() for _ in range(n)]
        entry: dict[str, Any] = {"name": self.names.get(wonder) or known.name, "wonder": wonder,
                                 "stages_built": built, "cards": self.items(wonder, "card:"),
                                 "cat_pawn": self.count(wonder, "cat") > 0,
                                 "military_tokens": self.count(wonder, "military"), "progress_tokens": tokens}
        for part in _parts(expansions):
            entry.update(part.player_fields(self, wonder))
        return entry

    def table_document(self, *, expansions: Sequence[str] = (), **options: Any) -> dict[str, Any]:
        """The ``architects-table/1`` file of what is confirmed, with an ``x-observation`` account
        of where each value came from and what could not be read; `options` are the expansions' own
        (their variant, as `companion table` was told)."""
        order = self.order()
        document: dict[str, Any] = {"format": ARCHITECTS_FORMAT, "game": "architects", "expansions": list(expansions)}
        for part in _parts(expansions):
            document.update(part.table_fields(self, order, options))
        document["players"] = [self.player_entry(w, expansions) for w in order]
        unknown = [self.data.wonders[w].name for w in order if not self.data.wonders[w].pieces_known]
        notes = [f"{name}'s pieces carry no marker (their costs are not known): enter its built pieces by hand"
                 for name in unknown]
        by_hand = sorted(f"{w}: {item}" for (w, item), source in self.sources.items() if source == "hand")
        document["x-observation"] = {"problems": list(self.problems), "notes": notes, "by_hand": by_hand}
        if unknown:
            # The game log refuses the table until the players enter those pieces (as for 7 Wonders' coins).
            document["x-observation"]["not_read_by_camera"] = [f"the pieces {name} built" for name in unknown]
        return document
