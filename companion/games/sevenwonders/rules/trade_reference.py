"""A plain exhaustive search for the cheapest purchases, kept simple on purpose.

It tries every use of every supply (how many fixed units from each source, which option each
"one of" unit takes) and keeps the cheapest. It is exponential, so it serves only to prove the
real search (`trade.cheapest_purchases`) right in the tests and as the benchmark's reference.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import product

from companion.games.sevenwonders.rules.trade import Seller, Supply

__all__ = ["brute_force_purchases"]

Bought = tuple[tuple[int, ...], ...]


def _splits(count: int, limits: Sequence[int]) -> list[tuple[int, ...]]:
    """Every way to take exactly `count` units from sources holding `limits` units each."""
    return [split for split in product(*(range(min(limit, count) + 1) for limit in limits))
            if sum(split) == count]


def brute_force_purchases(need: Sequence[int], own: Supply,
                          sellers: Sequence[Seller]) -> tuple[int | None, set[Bought]]:
    """The minimal cost and the set of every cheapest purchase (units per seller per resource).

    Every option of every "one of" unit (own and sold) is tried; for each, the fixed units of
    each resource are split among the city and the sellers in every way. Fixed units of one
    resource never affect another, so without purchase limits only the cheapest splits of each
    resource are combined; with limits every combination is tried.
    """
    size = len(need)
    units = [(-1, unit) for unit in own.choices]
    units += [(s, unit) for s, seller in enumerate(sellers) for unit in seller.supply.choices]
    options = [[None, *[(source, r) for r in unit if need[r]]] for source, unit in units]
    limited = any(seller.max_units is not None for seller in sellers)

    best: int | None = None
    plans: set[Bought] = set()
    for use in product(*options):
        residual = list(need)
        bought = [[0] * size for _ in sellers]
        for choice in use:
            if choice is not None:
                source, r = choice
                residual[r] -= 1
                if source >= 0:
                    bought[source][r] += 1
        per_resource = []
        for r in range(size):
            count = max(0, residual[r])
            limits = [own.fixed[r], *(seller.supply.fixed[r] for seller in sellers)]
            splits = [(sum(n * s.prices[r] for n, s in zip(split[1:], sellers, strict=True)), split)
                      for split in _splits(count, limits)]
            if not splits:
                break
            if not limited:
                cheapest = min(cost for cost, _ in splits)
                splits = [item for item in splits if item[0] == cheapest]
            per_resource.append(splits)
        else:
            for combination in product(*per_resource):
                total_bought = [row[:] for row in bought]
                for r, (_, split) in enumerate(combination):
                    for s, n in enumerate(split[1:]):
                        total_bought[s][r] += n
                if any(seller.max_units is not None and sum(row) > seller.max_units
                       for seller, row in zip(sellers, total_bought, strict=True)):
                    continue
                cost = sum(n * p for seller, row in zip(sellers, total_bought, strict=True)
                           for n, p in zip(row, seller.prices, strict=True))
                key = tuple(tuple(row) for row in total_bought)
                if best is None or cost < best:
                    best, plans = cost, {key}
                elif cost == best:
                    plans.add(key)
    return best, plans
