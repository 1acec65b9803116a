"""Observations over time -> what lies in front of each Architects player, and where the medals lie.

Unlike a 7 Wonders city, an Architects area shrinks as well as grows: cards leave it for
constructions, Progress tokens and battles. So every count is a confirmed value that changes, up or
down, only when a different value has been seen steadily (the 7 Wonders `ConfirmationRule`: in
`frames` frames spanning `seconds`), and only in frames where that player's tray is in view: a hand
over the table for a moment changes nothing. A medal seen in the space between two players stays
in the medal layout when it is taken (its reward side then lies in front of a player). A correction
by hand holds until the camera sees a different value steadily after it, as an undo does for
7 Wonders.
"""

from __future__ import annotations

from collections.abc import Hashable, Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.games.architects.rules.data import ArchitectsData
from companion.games.architects.tablefile import ARCHITECTS_FORMAT
from companion.games.architects.vision import ArchitectsObservation
from companion.games.medals.rules.data import MEDALS
from companion.state.confirmation import ConfirmationRule

__all__ = ["ArchitectsChange", "ArchitectsTracker"]

TRAY = "tray"
CENTRE = ("", "centre")


@dataclass(frozen=True)
class ArchitectsChange:
    """A confirmed value that changed: `wonder`'s `item` (``piece:two_different``, ``card:wood``,
    ``token:culture``, ``cat``, ``military``, ``medal:three_green``, ``tray``, or a medal space) is
    now `value`."""

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
            return f"medal between {self.wonder} and {self.item.removeprefix('between:')}: {self.value}"
        return f"{self.wonder}: {self.item} {self.before} -> {self.value} ({self.source})"


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
            changes += self._see(CENTRE, tuple(sorted(observation.centre_medals)), at)
        return changes

    def _see(self, key: tuple[str, str], value: Hashable, at: float) -> list[ArchitectsChange]:
        before = self.confirmed.get(key, self._default(key))
        candidate = self._candidates.get(key)
        if value is None and before is not None:
            value = before      # a medal taken from its space: the layout still says where it lay
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

    def _items(self, wonder: str, prefix: str) -> dict[str, int]:
        return {item.removeprefix(prefix): int(value) for (w, item), value in sorted(self.confirmed.items())
                if w == wonder and item.startswith(prefix) and isinstance(value, int) and value > 0}

    def player_entry(self, wonder: str, medals: bool) -> dict[str, Any]:
        """One player of the ``architects-table/1`` file, as confirmed."""
        known = self.data.wonders[wonder]
        built = [p.id for p in known.pieces or () if self.count(wonder, f"piece:{p.id}")]
        tokens = [t for t, n in self._items(wonder, "token:").items() for _ in range(n)]
        entry: dict[str, Any] = {"name": self.names.get(wonder) or known.name, "wonder": wonder,
                                 "stages_built": built, "cards": self._items(wonder, "card:"),
                                 "cat_pawn": self.count(wonder, "cat") > 0,
                                 "military_tokens": self.count(wonder, "military"), "progress_tokens": tokens}
        if medals:
            entry["medals"] = [m for m, n in self._items(wonder, "medal:").items() if n]
        return entry

    def table_document(self, *, expansions: Sequence[str] = (), medal_variant: str | None = None) -> dict[str, Any]:
        """The ``architects-table/1`` file of what is confirmed, with an ``x-observation`` account
        of where each value came from and what could not be read."""
        order = self.order()
        medals = MEDALS in expansions
        document: dict[str, Any] = {"format": ARCHITECTS_FORMAT, "game": "architects", "expansions": list(expansions)}
        if medals:
            document["medal_variant"] = medal_variant or "standard"
            between = [self.confirmed.get((w, f"between:{order[(i + 1) % len(order)]}")) for i, w in enumerate(order)]
            if len(order) >= 2 and any(between):
                document["medal_layout"] = {"between": between}
                centre = self.confirmed.get(CENTRE, ())
                if centre and isinstance(centre, tuple):
                    document["medal_layout"]["center"] = list(centre)
        document["players"] = [self.player_entry(w, medals) for w in order]
        unknown = [self.data.wonders[w].name for w in order if not self.data.wonders[w].pieces_known]
        notes = [f"{name}'s pieces carry no marker (their costs are not known): enter its built pieces by hand"
                 for name in unknown]
        by_hand = sorted(f"{w}: {item}" for (w, item), source in self.sources.items() if source == "hand")
        document["x-observation"] = {"problems": list(self.problems), "notes": notes, "by_hand": by_hand}
        if unknown:
            # The game log refuses the table until the players enter those pieces (as for 7 Wonders' coins).
            document["x-observation"]["not_read_by_camera"] = [f"the pieces {name} built" for name in unknown]
        return document
