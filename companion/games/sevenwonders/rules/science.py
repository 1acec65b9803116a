"""Science points: identical symbols score their count squared, each set of all three scores a bonus.

Wild symbols (Babylon, the Scientists Guild, Armada's Golden Archipelago) become whichever symbols
give the most points, unless the player has stated what they become. Armada's "most common symbol"
cards and Emerald Archipelago add symbols of a type the city has most of, counting the wild
symbols as placed; all of them go to one such type (after the first, that type is the only most
common one), chosen for the most points unless the player named it.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import combinations_with_replacement

__all__ = ["ScienceResult", "best_science", "science_points"]


@dataclass(frozen=True)
class ScienceResult:
    """The science score and what each wild symbol became (stated ones first)."""

    points: int
    wilds: tuple[str, ...]
    counts: Mapping[str, int]
    most_common: str | None = None
    """The type the "most common symbol" effects added to (None when there are none)."""


def science_points(counts: Mapping[str, int], symbols: Sequence[str], set_points: int) -> int:
    """Points for symbol counts: the sum of each count squared plus `set_points` per complete set."""
    values = [counts.get(symbol, 0) for symbol in symbols]
    return sum(v * v for v in values) + set_points * min(values)


def best_science(counts: Mapping[str, int], wild_count: int, symbols: Sequence[str], set_points: int,
                 stated: Sequence[str] = (), *, most_common: int = 0, stated_most_common: str | None = None
                 ) -> ScienceResult:
    """The best score with `wild_count` wild symbols, of which the first ones are `stated`, and
    `most_common` symbols added to a most common type (`stated_most_common` when it can be one).

    Stated symbols beyond `wild_count` are ignored; the remaining wilds are tried in every way.
    """
    fixed = list(stated[:wild_count])
    free = wild_count - len(fixed)
    best: ScienceResult | None = None
    for honour_statement in ((True, False) if stated_most_common else (False,)):
        for extra in combinations_with_replacement(symbols, free):
            assignment = (*fixed, *extra)
            total = dict(counts)
            for symbol in assignment:
                total[symbol] = total.get(symbol, 0) + 1
            targets: Sequence[str | None] = [None]
            if most_common:
                highest = max(total.get(symbol, 0) for symbol in symbols)
                targets = [symbol for symbol in symbols if total.get(symbol, 0) == highest]
                if honour_statement:
                    targets = [t for t in targets if t == stated_most_common]
            for target in targets:
                final = dict(total)
                if target is not None:
                    final[target] = final.get(target, 0) + most_common
                points = science_points(final, symbols, set_points)
                if best is None or points > best.points:
                    best = ScienceResult(points, tuple(assignment), final, target)
        if best is not None:
            break
    assert best is not None
    return best
