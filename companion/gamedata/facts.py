"""Component values that may be known or not: printed facts with their source, and honest gaps.

Many *Armada* values are printed only as icons and could not be found in any text source. Such a
value is an `Unknown`: it names itself (a key and a sentence a player understands), says why it
is unknown and how to enter it. The engine never replaces an unknown value by a guess: whatever
depends on one raises `UnknownValueError`, and the score sheet or build check says what to enter.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any

__all__ = ["FACT_KINDS", "Fact", "Unknown", "UnknownValueError", "describe_unknowns", "is_known"]

FACT_KINDS = ("cost", "cards", "count", "island_level", "fleet", "direction", "age", "resources")
"""What kind of value a fact holds: a build cost, a list of card ids (chains), a whole number, an
island level (0: no exploration), a fleet colour, a direction (left/right), an age, resources."""


@dataclass(frozen=True)
class Unknown:
    """A component value nobody has entered yet."""

    key: str
    """The fact's key in the data and in the user's components file: ``port_board.3.blue.4.cost``."""
    label: str
    """What it is, in words: ``blue fleet level 4 build cost on port board 3``."""
    why: str
    """Why it is not known (the provenance of the gap)."""
    edit: str
    """How to enter it: a command (``companion components edit port-board 3``) or, when no command
    can, what to do instead."""

    @property
    def how_to_enter(self) -> str:
        """``enter it with `companion components edit port-board 3``` or the advice given instead."""
        return f"enter it with `{self.edit}`" if self.edit.startswith("companion ") else self.edit

    def describe(self) -> str:
        """``blue fleet level 4 VP unknown on port board 3 (enter it with `companion components edit ...`)``."""
        return f"{self.label} ({self.how_to_enter})"

    def with_label(self, label: str) -> Unknown:
        """The same gap worded for one place (e.g. naming the port board a player uses)."""
        return Unknown(self.key, label, self.why, self.edit)

    def to_json(self) -> dict[str, str]:
        """The gap as a JSON object."""
        return {"key": self.key, "label": self.label, "why": self.why, "edit": self.edit}


def is_known(value: object) -> bool:
    """True when `value` is a value and not an `Unknown`."""
    return not isinstance(value, Unknown)


class UnknownValueError(LookupError):
    """A result depends on component values that are not known; `unknowns` names each of them."""

    def __init__(self, unknowns: Iterable[Unknown]) -> None:
        self.unknowns = _unique(unknowns)
        super().__init__(describe_unknowns(self.unknowns))


def _unique(unknowns: Iterable[Unknown]) -> tuple[Unknown, ...]:
    seen: dict[tuple[str, str], Unknown] = {}
    for unknown in unknowns:
        seen.setdefault((unknown.key, unknown.label), unknown)
    return tuple(seen.values())


def describe_unknowns(unknowns: Iterable[Unknown]) -> str:
    """One sentence listing the values to enter."""
    return "; ".join(u.describe() for u in _unique(unknowns))


@dataclass(frozen=True)
class Fact:
    """One editable component value: its key, kind, value (or `Unknown`), words and source."""

    key: str
    kind: str
    value: Any
    label: str
    source: str
    subject: str
    """Which component it belongs to, as `companion components edit` names it: ``port-board 3``,
    ``card dock``, ``island wild_island``, ``fleets``."""
    overridden: bool = False
    """True when the value comes from the user's components file rather than the shipped data."""

    @property
    def known(self) -> bool:
        """True when the value is known (shipped or entered)."""
        return is_known(self.value)
