"""Coins paid by the bank when a card is built (seed000/seed001 symbol pages)."""

from __future__ import annotations

import pytest

from companion.games.sevenwonders.rules.play import coins_for_card
from tests.conftest import city, make_table


def _coins(card: str, own: list[str], left: list[str] = (), right: list[str] = (), stages: int = 0) -> int:
    # The table as it stands after the build: the card is in the city.
    table = make_table(city("P", "gizah", "A", stages=stages, cards=[*own, card]), city("L", "rhodes", cards=left),
                       city("Across", "babylon"), city("R", "ephesos", cards=right))
    return coins_for_card(table, 0, table.data.cards[card])


def test_tavern_gives_five_coins() -> None:
    assert _coins("tavern", []) == 5


def test_vineyard_counts_brown_cards_of_the_city_and_both_neighbours() -> None:
    # 1 coin per brown card: own 2, left 1, right 2 (including one built this turn) = 5.
    assert _coins("vineyard", ["lumber_yard", "ore_vein"], ["clay_pool"], ["stone_pit", "sawmill"]) == 5


def test_bazar_counts_grey_cards_of_the_city_and_both_neighbours() -> None:
    # 2 coins per grey card: own 1, left 1, right 0 -> 4.
    assert _coins("bazar", ["loom"], ["press"], ["lumber_yard"]) == 4


@pytest.mark.parametrize(("card", "own", "coins"), [
    ("haven", ["lumber_yard", "ore_vein", "sawmill"], 3),          # 1 per own brown card
    ("lighthouse", ["tavern", "marketplace"], 3),                   # 1 per own yellow card, itself included
    ("chamber_of_commerce", ["loom", "press", "glassworks"], 6),   # 2 per own grey card
])
def test_age_three_yellow_cards_pay_for_own_cards(card: str, own: list[str], coins: int) -> None:
    assert _coins(card, own, ["lumber_yard", "loom"], ["east_trading_post"]) == coins


def test_arena_pays_three_coins_per_built_stage() -> None:
    # "по 3 монеты за каждый завершенный этап (3, 6, 9 или 12 монет)"
    assert [_coins("arena", [], stages=n) for n in (0, 1, 2, 3)] == [0, 3, 6, 9]


def test_cards_without_coins_pay_nothing() -> None:
    assert _coins("palace", []) == 0
