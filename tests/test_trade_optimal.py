"""The trade search is optimal: it matches a plain exhaustive search on thousands of random cities."""

from __future__ import annotations

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.sevenwonders.rules.trade import Seller, Supply, cheapest_purchases
from companion.games.sevenwonders.rules.trade_reference import brute_force_purchases

SIZE = 7


@st.composite
def supplies(draw: st.DrawFn, max_fixed: int, max_choices: int, max_options: int) -> Supply:
    fixed = tuple(draw(st.lists(st.integers(0, max_fixed), min_size=SIZE, max_size=SIZE)))
    units = draw(st.lists(
        st.lists(st.integers(0, SIZE - 1), min_size=2, max_size=max_options, unique=True).map(tuple),
        max_size=max_choices))
    return Supply(fixed, tuple(units))


@st.composite
def sellers(draw: st.DrawFn, limited: bool) -> Seller:
    supply = draw(supplies(max_fixed=2, max_choices=2, max_options=2))
    prices = tuple(draw(st.lists(st.integers(1, 2), min_size=SIZE, max_size=SIZE)))
    limit = draw(st.one_of(st.none(), st.integers(0, 3))) if limited else None
    return Seller("x", supply, prices, limit)


needs = st.lists(st.integers(0, 3), min_size=SIZE, max_size=SIZE).filter(lambda v: 0 < sum(v) <= 7)


def _bought(plan) -> tuple[tuple[int, ...], ...]:
    return tuple(tuple(units) for units in plan.bought)


def _assert_same(need, own, market) -> None:
    expected_cost, expected_plans = brute_force_purchases(need, own, market)
    solution = cheapest_purchases(need, own, market, max_plans=10_000)
    assert solution.min_cost == expected_cost
    assert {_bought(p) for p in solution.plans} == expected_plans
    for plan in solution.plans:
        assert plan.total == expected_cost
        assert plan.paid == tuple(sum(n * p for n, p in zip(b, s.prices, strict=True))
                                  for b, s in zip(plan.bought, market, strict=True))


@pytest.mark.slow
@settings(max_examples=3000, deadline=None)
@given(needs, supplies(max_fixed=2, max_choices=3, max_options=4), sellers(False), sellers(False))
def test_cheapest_purchases_match_exhaustive_search(need, own, left, right) -> None:
    _assert_same(need, own, [left, right])


@settings(max_examples=500, deadline=None)
@given(needs, supplies(max_fixed=1, max_choices=2, max_options=3), sellers(True), sellers(True), sellers(True))
def test_limited_sellers_match_exhaustive_search(need, own, a, b, c) -> None:
    # Armada's emporiums sell a limited number of units: the search must respect every limit.
    _assert_same(need, own, [a, b, c])


def test_nothing_to_buy_gives_one_empty_plan() -> None:
    own = Supply((1, 0, 0, 0, 0, 0, 0))
    solution = cheapest_purchases((1, 0, 0, 0, 0, 0, 0), own, [])
    assert solution.min_cost == 0 and len(solution.plans) == 1 and solution.plans[0].is_empty


def test_impossible_when_nobody_produces_it() -> None:
    nobody = Supply((0,) * SIZE)
    market = [Seller("left", nobody, (2,) * SIZE), Seller("right", nobody, (2,) * SIZE)]
    solution = cheapest_purchases((0, 0, 0, 0, 1, 0, 0), nobody, market)
    assert not solution.possible and solution.plans == ()


def test_equal_prices_list_every_split() -> None:
    # 2 wood needed, each neighbour sells 2 wood at 2: buy 2 left, 1+1, or 2 right, all for 4.
    wood = Supply((2, 0, 0, 0, 0, 0, 0))
    market = [Seller("left", wood, (2,) * SIZE), Seller("right", wood, (2,) * SIZE)]
    solution = cheapest_purchases((2, 0, 0, 0, 0, 0, 0), Supply((0,) * SIZE), market)
    assert solution.min_cost == 4
    assert sorted(p.paid for p in solution.plans) == [(0, 4), (2, 2), (4, 0)]
