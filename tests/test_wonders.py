"""Each side of each wonder, as the rulebooks describe it (seed000 pp. 12-14, seed001)."""

from __future__ import annotations

import pytest

from companion.games.sevenwonders.rules import check_card, check_stage, resolve_conflicts, score_table
from companion.games.sevenwonders.rules.city import production, sellable_production
from companion.games.sevenwonders.rules.play import (
    buildable_from_discard,
    coins_for_stage,
    has_free_build,
    may_play_seventh_card,
    stage_builds_from_discard,
)
from tests.conftest import city, make_table

# (wonder, side, stages built) -> wonder VP, from the rulebook: side A gives 3 for stage 1 and 7 for
# stage 3 (Gizah A 5 for stage 2); side B: Rhodes 3 + 4, Alexandria 7 (stage 3), Ephesos 2 + 3 + 5,
# Babylon 3 (stage 1), Olympia 5 (stage 2), Halikarnassos 2 + 1, Gizah 3 + 5 + 5 + 7 = 20.
WONDER_POINTS = [
    ("rhodes", "A", 3, 10), ("alexandria", "A", 3, 10), ("ephesos", "A", 3, 10), ("babylon", "A", 3, 10),
    ("olympia", "A", 3, 10), ("halikarnassos", "A", 3, 10), ("gizah", "A", 3, 15), ("gizah", "A", 2, 8),
    ("rhodes", "B", 2, 7), ("rhodes", "B", 1, 3), ("alexandria", "B", 3, 7), ("alexandria", "B", 2, 0),
    ("ephesos", "B", 3, 10), ("ephesos", "B", 2, 5), ("babylon", "B", 3, 3), ("olympia", "B", 3, 5),
    ("olympia", "B", 1, 0), ("halikarnassos", "B", 3, 3), ("halikarnassos", "B", 2, 3),
    ("gizah", "B", 4, 20), ("gizah", "B", 3, 13),
]


def _others(wonder: str) -> list[dict]:
    spare = [w for w in ("gizah", "rhodes", "ephesos", "alexandria") if w != wonder]
    return [city("L", spare[0]), city("R", spare[1])]


@pytest.mark.parametrize(("wonder", "side", "stages", "points"), WONDER_POINTS)
def test_wonder_stage_points(wonder: str, side: str, stages: int, points: int) -> None:
    table = make_table(city("P", wonder, side, stages=stages), *_others(wonder))
    assert score_table(table).line("P").points["wonder"] == points


def test_wonder_stage_counts() -> None:
    table = make_table(city("P", "gizah", "B"), city("L", "rhodes", "B"), city("R", "alexandria"))
    boards = [p.board for p in table.players]
    assert [len(b.stages) for b in boards] == [4, 2, 3]


def test_rhodes_shields() -> None:
    # Rhodes A stage 2: 2 shields; Rhodes B: 1 shield per stage.
    a = make_table(city("Rhodes", "rhodes", "A", stages=2), city("L", "gizah"), city("R", "ephesos"))
    b = make_table(city("Rhodes", "rhodes", "B", stages=2), city("L", "gizah"), city("R", "ephesos"))
    assert resolve_conflicts(a, 1).shields[0] == 2
    assert resolve_conflicts(b, 1).shields[0] == 2
    b1 = make_table(city("Rhodes", "rhodes", "B", stages=1), city("L", "gizah"), city("R", "ephesos"))
    assert resolve_conflicts(b1, 1).shields[0] == 1


@pytest.mark.parametrize(("wonder", "side", "coins"), [
    ("ephesos", "A", [0, 9, 0]),   # "Игрок берет 9 монет из банка" once, for stage 2
    ("ephesos", "B", [4, 4, 4]),   # 4 coins with each stage
    ("rhodes", "B", [3, 4]),       # 3 coins, then 4 coins
    ("gizah", "A", [0, 0, 0]),
])
def test_stage_coins(wonder: str, side: str, coins: list[int]) -> None:
    table = make_table(city("P", wonder, side), *_others(wonder))
    stages = table.players[0].board.stages
    assert [coins_for_stage(table, 0, stage) for stage in stages] == coins


def test_alexandria_stage_resources_are_not_for_sale() -> None:
    # Side A stage 2 makes one of wood/stone/clay/ore each turn; neighbours cannot buy it.
    table = make_table(city("Alex", "alexandria", "A", stages=2), city("L", "gizah", coins=9),
                       city("R", "ephesos", coins=9))
    rules = table.data.rules
    own = production(table.players[0], rules)
    assert own.fixed[rules.resource_index["glass"]] == 1
    assert sorted(own.choices) == [(0, 1, 2, 3)]
    sold = sellable_production(table.players[0], rules)
    assert sold.choices == () and sum(sold.fixed) == 1   # only the board's glass
    # Alexandria builds the Baths (1 stone) with its stage; Gizah (stone board, 9 coins) cannot buy
    # Alexandria's stage stone for the Aqueduct (3 stone): only its own 1 stone exists for it.
    assert check_card(table, 0, "baths").how == "own"
    assert not check_card(table, 1, "aqueduct").legal


def test_alexandria_b_makes_any_raw_and_any_manufactured() -> None:
    table = make_table(city("Alex", "alexandria", "B", stages=2, coins=2), city("L", "gizah"),
                       city("R", "ephesos"))
    # The Library costs 2 stone + 1 textile: stage 1 gives one stone, stage 2 the textile, and the
    # second stone is bought from Gizah's board for 2 coins.
    check = check_card(table, 0, "library")
    assert check.legal and check.coins == 2


def test_olympia_b_buys_raw_materials_for_one_coin_from_both_sides() -> None:
    table = make_table(city("Zeus", "olympia", "B", stages=1, coins=5), city("L", "gizah"),
                       city("R", "babylon"))
    check = check_card(table, 0, "walls")   # 3 stone: Gizah board sells 1 stone... only 1 available
    assert not check.legal
    check = check_card(table, 0, "gardens")  # 2 clay + 1 wood: wood from own board, clay from Babylon
    assert not check.legal                   # Babylon's board sells only 1 clay
    table = make_table(city("Zeus", "olympia", "B", stages=1, coins=5), city("L", "gizah", cards=["clay_pool"]),
                       city("R", "babylon"))
    check = check_card(table, 0, "gardens")
    assert check.legal and check.coins == 2  # 1 clay left + 1 clay right, 1 coin each
    # Manufactured goods are not discounted: glass from Alexandria costs 2.
    table = make_table(city("Zeus", "olympia", "B", stages=1, coins=5), city("L", "alexandria"),
                       city("R", "babylon"))
    assert check_card(table, 0, "workshop").coins == 2


def test_olympia_b_does_not_stack_with_trading_posts() -> None:
    # "их эффект не суммируются": a raw material still costs 1, not 0.
    table = make_table(city("Zeus", "olympia", "B", stages=1, coins=5,
                            cards=["east_trading_post", "west_trading_post"]),
                       city("L", "gizah"), city("R", "babylon"))
    assert check_card(table, 0, "baths").coins == 1


def test_olympia_a_free_build_once_per_age() -> None:
    table = make_table(city("Zeus", "olympia", "A", stages=2, coins=0), city("L", "gizah"),
                       city("R", "babylon"))
    assert has_free_build(table.players[0])
    palace = check_card(table, 0, "palace", free_build=True)
    assert palace.legal and palace.how == "free_build" and palace.coins == 0
    assert not check_card(table, 0, "palace").legal
    no_power = make_table(city("Zeus", "olympia", "A", stages=1), city("L", "gizah"), city("R", "babylon"))
    assert not has_free_build(no_power.players[0])
    assert not check_card(no_power, 0, "palace", free_build=True).legal


def test_babylon_b_plays_the_seventh_card() -> None:
    one = make_table(city("B", "babylon", "B", stages=1), city("L", "gizah"), city("R", "rhodes"))
    two = make_table(city("B", "babylon", "B", stages=2), city("L", "gizah"), city("R", "rhodes"))
    assert not may_play_seventh_card(one.players[0])
    assert may_play_seventh_card(two.players[0])


def test_halikarnassos_builds_from_the_discard_pile() -> None:
    table = make_table(city("H", "halikarnassos", "A", stages=2, cards=["altar"]), city("L", "gizah"),
                       city("R", "rhodes"))
    stages = table.players[0].board.stages
    assert [stage_builds_from_discard(s) for s in stages] == [False, True, False]
    b = make_table(city("H", "halikarnassos", "B"), city("L", "gizah"), city("R", "rhodes"))
    assert [stage_builds_from_discard(s) for s in b.players[0].board.stages] == [True, True, True]
    cards = table.data.cards
    pile = [cards["altar"], cards["palace"], cards["palace"], cards["lodge"]]
    assert [c.id for c in buildable_from_discard(table, 0, pile)] == ["palace", "lodge"]


def test_babylon_wild_symbols_side_a_stage_two_and_side_b_stage_three() -> None:
    # With one compass, one gear, a wild symbol becomes a tablet: 1+1+1 + 7 = 10.
    a = make_table(city("B", "babylon", "A", stages=2, cards=["apothecary", "workshop"]), city("L", "gizah"),
                   city("R", "rhodes"))
    assert score_table(a).line("B").points["science"] == 10
    b2 = make_table(city("B", "babylon", "B", stages=2, cards=["apothecary", "workshop"]), city("L", "gizah"),
                    city("R", "rhodes"))
    assert score_table(b2).line("B").points["science"] == 2
    b3 = make_table(city("B", "babylon", "B", stages=3, cards=["apothecary", "workshop"]), city("L", "gizah"),
                    city("R", "rhodes"))
    assert score_table(b3).line("B").points["science"] == 10


def test_next_stage_cost_and_complete_wonder() -> None:
    # Gizah B stage 4 costs 4 stone + 1 papyrus.
    table = make_table(city("G", "gizah", "B", stages=3, cards=["quarry", "stone_pit", "press"], coins=0),
                       city("L", "rhodes"), city("R", "ephesos"))
    assert check_stage(table, 0).legal and check_stage(table, 0).coins == 0
    done = make_table(city("G", "gizah", "B", stages=4), city("L", "rhodes"), city("R", "ephesos"))
    check = check_stage(done, 0)
    assert not check.legal and "all 4 stages" in check.reason
