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

__all__ = ["Purchase", "Seller", "Supply", "TradeSolution", "cheapest_purchases"]

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


def _exact_splits(count: int, limits: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to take exactly `count` units from sources holding `limits` units each."""
    if not limits:
        return [()] if count == 0 else []
    head, rest = limits[0], limits[1:]
    room = sum(rest)
    return [(n, *tail) for n in range(max(0, count - room), min(head, count) + 1)
            for tail in _exact_splits(count - n, rest)]


def _fixed_splits(count: int, r: int, sellers: Sequence[Seller], cheapest_only: bool) -> list[tuple[int, ...]]:
    """The ways to buy `count` fixed units of resource r across the sellers (units per seller)."""
    splits = _exact_splits(count, [seller.supply.fixed[r] for seller in sellers])
    if cheapest_only and len(splits) > 1:
        costs = [sum(n * seller.prices[r] for n, seller in zip(split, sellers, strict=True)) for split in splits]
        best = min(costs)
        splits = [split for split, cost in zip(splits, costs, strict=True) if cost == best]
    return splits


def _fixed_cost_tables(remaining: Sequence[int], sellers: Sequence[Seller]) -> list[list[int | None]]:
    """For each resource r, the least cost of buying k fixed units, for k up to the need (None: impossible)."""
    tables: list[list[int | None]] = []
    for r, need in enumerate(remaining):
        if not need:
            tables.append([0])
            continue
        offers = sorted((seller.prices[r], seller.supply.fixed[r]) for seller in sellers)
        row: list[int | None] = [0]
        cost = 0
        for price, available in offers:
            for _ in range(available):
                if len(row) > need:
                    break
                cost += price
                row.append(cost)
        row += [None] * (need + 1 - len(row))
        tables.append(row)
    return tables


def _split_fixed(state: int, sellers: Sequence[Seller], order: Sequence[int], size: int,
                 cheapest_only: bool, cache: dict[tuple[int, int], list[tuple[int, ...]]]) -> list[int]:
    """Every purchase (packed) of fixed units covering the remaining `state`."""
    per_resource = []
    for r in order:
        count = _field(state, r)
        if count:
            if (r, count) not in cache:
                cache[(r, count)] = _fixed_splits(count, r, sellers, cheapest_only)
            splits = cache[(r, count)]
            if not splits:
                return []
            per_resource.append([(r, split) for split in splits])
    results = []
    for combination in product(*per_resource):
        total = 0
        for r, split in combination:
            for s, n in enumerate(split):
                total += n << (_BITS * (s * size + r))
        results.append(total)
    return results


class _OptimalSearch:
    """The least completion cost of every reachable state, layer by layer over the sellers' "one of"
    units (then fixed units); every optimal purchase is enumerated by following only the branches
    that keep the least cost."""

    def __init__(self, starts: set[int], sellers: Sequence[Seller], size: int, needed: frozenset[int],
                 fixed_costs: list[list[int | None]]) -> None:
        self.sellers = sellers
        self.size = size
        self.order = sorted(needed)
        units = [
            [(r, 1 << (_BITS * r), 1 << (_BITS * (s * size + r)), seller.prices[r], seller.supply.fixed[r])
             for r in unit if r in needed]
            for s, seller in enumerate(sellers) for unit in seller.supply.choices
        ]
        self.units = [options for options in units if options]
        self.fixed_purchases: dict[int, list[int]] = {}
        self.splits: dict[tuple[int, int], list[tuple[int, ...]]] = {}
        self.visited: set[tuple[int, int, int]] = set()
        layers = [set(starts)]
        for options in self.units:
            reached = set(layers[-1])
            for state in layers[-1]:
                for r, one, _, _, _ in options:
                    if (state >> (_BITS * r)) & _MASK:
                        reached.add(state - one)
            layers.append(reached)
        order = self.order
        last: dict[int, int | None] = {}
        for state in layers[-1]:
            total: int | None = 0
            for r in order:
                cost = fixed_costs[r][(state >> (_BITS * r)) & _MASK]
                if cost is None:
                    total = None
                    break
                total += cost  # type: ignore[operator]
            last[state] = total
        self.least: list[dict[int, int | None]] = [last]
        for index in range(len(self.units) - 1, -1, -1):
            following = self.least[0]
            options = self.units[index]
            table: dict[int, int | None] = {}
            for state in layers[index]:
                best = following[state]
                for r, one, _, price, _ in options:
                    if (state >> (_BITS * r)) & _MASK:
                        rest = following[state - one]
                        if rest is not None and (best is None or price + rest < best):
                            best = price + rest
                table[state] = best
            self.least.insert(0, table)

    def plans(self, index: int, state: int, bought: int, budget: int, found: dict[int, None],
              limit: int) -> None:
        """Collect into `found` every purchase from here whose cost is exactly `budget`.

        A seller's "one of" unit is given resource r only when the seller's fixed units of r will all
        be bought too: every purchase has such a form, and skipping the others avoids reaching the
        same purchase by many paths.
        """
        if len(found) >= limit or (index, state, bought) in self.visited:
            return
        self.visited.add((index, state, bought))
        if index == len(self.units):
            if state not in self.fixed_purchases:
                self.fixed_purchases[state] = _split_fixed(state, self.sellers, self.order, self.size, True,
                                                           self.splits)
            for packed in self.fixed_purchases[state]:
                found.setdefault(bought + packed, None)
            return
        following = self.least[index + 1]
        if following[state] == budget:
            self.plans(index + 1, state, bought, budget, found, limit)
        for r, one, mark, price, fixed in self.units[index]:
            if ((state >> (_BITS * r)) & _MASK) > fixed and following[state - one] == budget - price:
                self.plans(index + 1, state - one, bought + mark, budget - price, found, limit)


def cheapest_purchases(need: Sequence[int], own: Supply, sellers: Sequence[Seller], *,
                       max_plans: int = 8) -> TradeSolution:
    """Find every cheapest way to cover `need` with `own` production plus purchases from `sellers`.

    Coins are not limited here: the caller compares `min_cost` with what the player can spend.
    At most `max_plans` plans are listed, in a fixed order (by coins paid to each seller in turn).
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
    if any(seller.max_units is not None for seller in sellers):
        return _limited_purchases(need, own, sellers, max_plans)
    search = _OptimalSearch(states, sellers, size, needed, _fixed_cost_tables(remaining, sellers))
    costs = {state: search.least[0][state] for state in sorted(states)}
    reachable = [c for c in costs.values() if c is not None]
    if not reachable:
        return TradeSolution(None, ())
    best = min(reachable)
    found: dict[int, None] = {}
    for state, cost in costs.items():
        if cost == best:
            search.plans(0, state, 0, best, found, max_plans)
    purchases = sorted((_unpack_purchase(p, sellers, size) for p in found), key=lambda p: (p.paid, p.bought))
    return TradeSolution(best, tuple(purchases[:max_plans]))


def _feasible(bundle: Sequence[int], supply: Supply) -> bool:
    """True when `supply` can make every unit of `bundle` at once (its fixed units, then its "one of" units)."""
    short = [max(0, n - f) for n, f in zip(bundle, supply.fixed, strict=True)]
    if not any(short):
        return True
    if sum(short) > len(supply.choices):
        return False

    def assign(unit: int, left: list[int]) -> bool:
        if not any(left):
            return True
        if unit == len(supply.choices):
            return False
        for r in supply.choices[unit]:
            if left[r]:
                left[r] -= 1
                if assign(unit + 1, left):
                    return True
                left[r] += 1
        return assign(unit + 1, left)

    return assign(0, short)


def _bundles(need: Sequence[int], seller: Seller, own: Supply) -> list[tuple[int, ...]]:
    """Every purchase from a limited seller that a cheapest plan may hold: at most `max_units` units
    it can make, and of each resource no more than the city's own fixed units leave to cover (a
    bought unit costs at least a coin, so one that the city's free units could replace is never
    cheapest)."""
    limit = seller.max_units if seller.max_units is not None else sum(need)
    supply = seller.supply
    caps = [min(max(0, n - mine), f + sum(1 for unit in supply.choices if r in unit))
            for r, (n, f, mine) in enumerate(zip(need, supply.fixed, own.fixed, strict=True))]
    found: list[tuple[int, ...]] = []

    def extend(r: int, room: int, current: list[int]) -> None:
        if r == len(caps):
            if _feasible(current, supply):
                found.append(tuple(current))
            return
        for n in range(min(caps[r], room) + 1):
            current[r] = n
            extend(r + 1, room - n, current)
        current[r] = 0

    extend(0, limit, [0] * len(need))
    return found


def _limited_purchases(need: Sequence[int], own: Supply, sellers: Sequence[Seller], max_plans: int) -> TradeSolution:
    """The exact search when some sellers sell a limited number of units (Armada's emporiums).

    Every purchase splits into what the limited sellers supply (a few units each, enumerated) and
    what the others supply, which the optimal search finds for the rest of the need. Bought units
    never exceed the need: every unit costs at least a coin, so an extra one is never cheapest.
    """
    limited = [s for s, seller in enumerate(sellers) if seller.max_units is not None]
    unlimited = [s for s, seller in enumerate(sellers) if seller.max_units is None]
    open_market = [sellers[s] for s in unlimited]
    size = len(need)
    cache: dict[tuple[int, ...], TradeSolution] = {}
    combined: list[tuple[int, tuple[tuple[int, ...], ...], TradeSolution]] = []

    def choose(index: int, rest: tuple[int, ...], chosen: list[tuple[int, ...]]) -> None:
        if index == len(limited):
            if rest not in cache:
                cache[rest] = cheapest_purchases(rest, own, open_market, max_plans=max_plans)
            solution = cache[rest]
            if solution.min_cost is not None:
                cost = sum(n * p for bundle, s in zip(chosen, limited, strict=True)
                           for n, p in zip(bundle, sellers[s].prices, strict=True))
                combined.append((cost + solution.min_cost, tuple(chosen), solution))
            return
        for bundle in _bundles(rest, sellers[limited[index]], own):
            choose(index + 1, tuple(n - b for n, b in zip(rest, bundle, strict=True)), [*chosen, bundle])

    choose(0, tuple(need), [])
    if not combined:
        return TradeSolution(None, ())
    best = min(total for total, _, _ in combined)
    purchases: dict[tuple[tuple[int, ...], ...], Purchase] = {}
    for total, bundles, solution in combined:
        if total != best:
            continue
        for plan in solution.plans:
            bought: list[tuple[int, ...]] = [(0,) * size] * len(sellers)
            for s, bundle in zip(limited, bundles, strict=True):
                bought[s] = bundle
            for s, units in zip(unlimited, plan.bought, strict=True):
                bought[s] = units
            key = tuple(bought)
            if key not in purchases:
                paid = tuple(sum(n * p for n, p in zip(units, seller.prices, strict=True))
                             for units, seller in zip(bought, sellers, strict=True))
                purchases[key] = Purchase(key, paid)
    ordered = sorted(purchases.values(), key=lambda p: (p.paid, p.bought))
    return TradeSolution(best, tuple(ordered[:max_plans]))


def _unpack_purchase(packed: int, sellers: Sequence[Seller], size: int) -> Purchase:
    bought = []
    paid = []
    for s, seller in enumerate(sellers):
        units = tuple(_field(packed, s * size + r) for r in range(size))
        bought.append(units)
        paid.append(sum(n * p for n, p in zip(units, seller.prices, strict=True)))
    return Purchase(tuple(bought), tuple(paid))
