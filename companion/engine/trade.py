"""The cheapest way to buy missing resources from neighbours: an exact search over small vectors.

A cost is a vector of resource counts. A city covers it first with its own production (free),
then buys the rest from sellers, each offering fixed units and "one of" units at a price per
resource. The search is exact: every assignment of "one of" units is explored, with states packed
into integers and merged when equal, and fixed units are bought cheapest first per resource. Every
plan of the minimal total is returned, so a player can pick among equally cheap ones.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from itertools import product

__all__ = ["Supply", "Seller", "Purchase", "TradeSolution", "cheapest_purchases"]

_BITS = 5
_MASK = (1 << _BITS) - 1
MAX_UNITS_PER_RESOURCE = _MASK
"""A cost may ask for at most this many units of one resource."""


@dataclass(frozen=True)
class Supply:
    """What a city produces in one turn: fixed units per resource and "one of" units.

    `fixed[r]` counts the units of resource index r; each entry of `choices` is one unit that
    may become any one of the listed resource indices.
    """

    fixed: tuple[int, ...]
    choices: tuple[tuple[int, ...], ...] = ()


@dataclass(frozen=True)
class Seller:
    """A neighbour selling from `supply` at `prices[r]` coins per unit of resource r."""

    seat: str
    supply: Supply
    prices: tuple[int, ...]
    max_units: int | None = None
    """At most this many units may be bought from this seller in one turn (None: no limit)."""


@dataclass(frozen=True)
class Purchase:
    """One way to pay: units bought from each seller (per resource index) and the coins each gets."""

    bought: tuple[tuple[int, ...], ...]
    paid: tuple[int, ...]

    @property
    def total(self) -> int:
        """All the coins paid to sellers."""
        return sum(self.paid)

    @property
    def is_empty(self) -> bool:
        """True when nothing is bought."""
        return not any(self.paid) and not any(any(b) for b in self.bought)


@dataclass(frozen=True)
class TradeSolution:
    """The result of a search: the minimal total and every plan reaching it, or None if impossible."""

    min_cost: int | None
    plans: tuple[Purchase, ...]

    @property
    def possible(self) -> bool:
        """True when the resources can be gathered at all (whatever the coins)."""
        return self.min_cost is not None


def _field(state: int, r: int) -> int:
    return (state >> (_BITS * r)) & _MASK


def _pack(vector: Sequence[int]) -> int:
    packed = 0
    for r, n in enumerate(vector):
        packed |= n << (_BITS * r)
    return packed


def _cover_with_own_choices(start: int, choices: Sequence[Sequence[int]], needed: frozenset[int]) -> set[int]:
    """Every remaining need after free "one of" units; using a free unit never costs more."""
    states = {start}
    for unit in choices:
        options = [r for r in unit if r in needed]
        if not options:
            continue
        following: set[int] = set()
        for state in states:
            used = False
            for r in options:
                if (state >> (_BITS * r)) & _MASK:
                    following.add(state - (1 << (_BITS * r)))
                    used = True
            if not used:
                following.add(state)
        states = following
        if 0 in states:
            return {0}
    return states


def _buy_choice_units(states: set[int], sellers: Sequence[Seller], size: int,
                      needed: frozenset[int]) -> dict[tuple[int, int], int]:
    """Every (remaining need, purchase) after deciding each seller's "one of" units, with its cost."""
    frontier = {(state, 0): 0 for state in states}
    for s, seller in enumerate(sellers):
        for unit in seller.supply.choices:
            options = [(r, 1 << (_BITS * r), 1 << (_BITS * (s * size + r)), seller.prices[r])
                       for r in unit if r in needed]
            if not options:
                continue
            following = dict(frontier)
            for (state, bought), cost in frontier.items():
                for r, one, mark, price in options:
                    if (state >> (_BITS * r)) & _MASK:
                        following[(state - one, bought + mark)] = cost + price
            frontier = following
    return frontier


def _fixed_splits(count: int, r: int, sellers: Sequence[Seller], cheapest_only: bool) -> list[tuple[int, ...]]:
    """The ways to buy `count` fixed units of resource r across the sellers (units per seller)."""
    limits = [seller.supply.fixed[r] for seller in sellers]
    if sum(limits) < count:
        return []
    ranges = [range(min(limit, count) + 1) for limit in limits]
    splits = [split for split in product(*ranges) if sum(split) == count]
    if cheapest_only:
        costs = [sum(n * seller.prices[r] for n, seller in zip(split, sellers, strict=True)) for split in splits]
        best = min(costs)
        splits = [split for split, cost in zip(splits, costs, strict=True) if cost == best]
    return splits


def _cheapest_fixed_cost(state: int, sellers: Sequence[Seller], needed: Sequence[int]) -> int | None:
    """The least that buying the remaining need from sellers' fixed units costs, or None."""
    total = 0
    for r in needed:
        count = (state >> (_BITS * r)) & _MASK
        if not count:
            continue
        offers = sorted((seller.prices[r], seller.supply.fixed[r]) for seller in sellers)
        for price, available in offers:
            take = min(available, count)
            total += take * price
            count -= take
            if not count:
                break
        if count:
            return None
    return total


def cheapest_purchases(need: Sequence[int], own: Supply, sellers: Sequence[Seller], *,
                       max_plans: int = 24) -> TradeSolution:
    """Find every cheapest way to cover `need` with `own` production plus purchases from `sellers`.

    Coins are not limited here: the caller compares `min_cost` with what the player can spend.
    Plans are listed in a fixed order (by coins paid to the first seller, then the second).
    """
    size = len(need)
    if any(n > MAX_UNITS_PER_RESOURCE for n in need):
        raise ValueError(f"a cost may ask for at most {MAX_UNITS_PER_RESOURCE} units of a resource")
    empty = Purchase(tuple((0,) * size for _ in sellers), (0,) * len(sellers))
    remaining = [max(0, n - f) for n, f in zip(need, own.fixed, strict=True)]
    if not any(remaining):
        return TradeSolution(0, (empty,))
    needed = frozenset(r for r in range(size) if remaining[r])
    states = _cover_with_own_choices(_pack(remaining), own.choices, needed)
    if 0 in states:
        return TradeSolution(0, (empty,))
    frontier = _buy_choice_units(states, sellers, size, needed)
    limited = any(seller.max_units is not None for seller in sellers)
    order = sorted(needed)

    completions: list[tuple[int, int, int]] = []  # (cost so far + cheapest rest, state, bought)
    for (state, bought), cost in frontier.items():
        rest = _cheapest_fixed_cost(state, sellers, order)
        if rest is not None:
            completions.append((cost + rest, state, bought))
    if not completions:
        return TradeSolution(None, ())
    best = min(c[0] for c in completions)
    candidates = completions if limited else [c for c in completions if c[0] == best]

    plans: dict[int, int] = {}
    for _, state, bought in candidates:
        per_resource = []
        for r in order:
            count = _field(state, r)
            splits = _fixed_splits(count, r, sellers, cheapest_only=not limited) if count else [None]
            per_resource.append([(r, split) for split in splits])
        for combination in product(*per_resource):
            total_bought = bought
            for r, split in combination:
                if split is None:
                    continue
                for s, n in enumerate(split):
                    total_bought += n << (_BITS * (s * size + r))
            plans.setdefault(total_bought, 0)
    purchases = [_unpack_purchase(packed, sellers, size) for packed in plans]
    if limited:
        purchases = [p for p in purchases if _within_limits(p, sellers)]
        if not purchases:
            return TradeSolution(None, ())
        best = min(p.total for p in purchases)
        purchases = [p for p in purchases if p.total == best]
    purchases.sort(key=lambda p: (p.paid, p.bought))
    return TradeSolution(best, tuple(purchases[:max_plans]))


def _unpack_purchase(packed: int, sellers: Sequence[Seller], size: int) -> Purchase:
    bought = []
    paid = []
    for s, seller in enumerate(sellers):
        units = tuple(_field(packed, s * size + r) for r in range(size))
        bought.append(units)
        paid.append(sum(n * p for n, p in zip(units, seller.prices, strict=True)))
    return Purchase(tuple(bought), tuple(paid))


def _within_limits(purchase: Purchase, sellers: Sequence[Seller]) -> bool:
    return all(seller.max_units is None or sum(units) <= seller.max_units
               for units, seller in zip(purchase.bought, sellers, strict=True))
