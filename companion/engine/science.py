"""Science points: identical symbols score their count squared, each set of all three scores a bonus.

Wild symbols (Babylon, the Scientists Guild) become whichever symbols give the most points,
unless the player has stated what they become.
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


def science_points(counts: Mapping[str, int], symbols: Sequence[str], set_points: int) -> int:
    """Points for symbol counts: the sum of each count squared plus `set_points` per complete set."""
    values = [counts.get(symbol, 0) for symbol in symbols]
    return sum(v * v for v in values) + set_points * min(values)


def best_science(counts: Mapping[str, int], wild_count: int, symbols: Sequence[str], set_points: int,
                 stated: Sequence[str] = ()) -> ScienceResult:
    """The best score with `wild_count` wild symbols, of which the first ones are `stated`.

    Stated symbols beyond `wild_count` are ignored; the remaining wilds are tried in every way.
    """
    fixed = list(stated[:wild_count])
    free = wild_count - len(fixed)
    best: ScienceResult | None = None
    for extra in combinations_with_replacement(symbols, free):
        assignment = (*fixed, *extra)
        total = dict(counts)
        for symbol in assignment:
            total[symbol] = total.get(symbol, 0) + 1
        points = science_points(total, symbols, set_points)
        if best is None or points > best.points:
            best = ScienceResult(points, tuple(assignment), total)
    assert best is not None
    return best
