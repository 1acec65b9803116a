"""Every numeric example of the base rulebooks (seed000 Russian, seed001 Ukrainian), as printed.

Each test quotes the example it checks; the expected numbers are the rulebook's own.
"""

from __future__ import annotations

from companion.games.sevenwonders.rules import check_card, check_stage, resolve_conflicts, score_table
from companion.games.sevenwonders.rules.city import production
from companion.games.sevenwonders.rules.science import science_points
from tests.conftest import city, make_table

SYMBOLS = ("compass", "gear", "tablet")


def test_gizah_production_example() -> None:
    # "Гиза производит 2 камня, 1 глину, 1 руду, 1 папирус и 1 ткань: ... может построить бараки
    # (1 Руда) или хранилище манускриптов (1 Папирус) ... не может построить Акведук (3 камня)."
    table = make_table(
        city("Dmytro", "gizah", cards=["stone_pit", "clay_pool", "ore_vein", "press", "loom"], coins=0),
        city("Left", "olympia", cards=["lumber_yard"]),
        city("Right", "alexandria"),
    )
    gizah = table.players[0]
    supply = production(gizah, table.data.rules)
    counts = dict(zip(table.data.rules.resources, supply.fixed, strict=True))
    assert counts == {"wood": 0, "stone": 2, "clay": 1, "ore": 1, "glass": 0, "papyrus": 1, "textile": 1}
    assert supply.choices == ()
    for card in ("barracks", "scriptorium"):
        check = check_card(table, 0, card)
        assert check.legal and check.how == "own" and check.coins == 0
    aqueduct = check_card(table, 0, "aqueduct")
    assert not aqueduct.legal
    assert "needs 3 stone" in aqueduct.reason and "at most 2" in aqueduct.reason
    # The same reason as a code and values, for faces that word it in their own language.
    assert aqueduct.reason_code == "resources_short"
    assert dict(aqueduct.reason_values) == {"missing": (("stone", 3, 2),)}


def test_trade_example_a_university() -> None:
    # Example A: University (2 wood + 1 glass + 1 papyrus); her city makes 1 wood and 1 glass; one
    # neighbour makes wood, the other papyrus; she pays 2 coins to each neighbour.
    table = make_table(
        city("Viktor", "alexandria", cards=["lumber_yard"], coins=5),   # glass from the board
        city("Left", "rhodes", cards=["timber_yard"]),                    # ore board, stone/wood card
        city("Right", "ephesos"),                                         # papyrus board
    )
    check = check_card(table, 0, "university")
    assert check.legal and check.how == "trade"
    assert check.coins == 4
    buys = {(b.direction, b.resource): (b.count, b.coins) for b in check.plan.buys}
    assert buys == {("left", "wood"): (1, 2), ("right", "papyrus"): (1, 2)}
    assert check.alternatives == ()


def test_trade_example_b_selling_does_not_use_up_own_resources() -> None:
    # Example B: both neighbours buy 2 stone from her (8 coins in all); the same turn she builds
    # the Library (2 stone + 1 textile) from her own resources.
    table = make_table(
        city("Dmytro", "gizah", cards=["stone_pit", "loom"], coins=0),   # stone board + Stone Pit
        city("Left", "ephesos", coins=4),       # stage 1 costs 2 stone; papyrus board
        city("Right", "alexandria", coins=4),   # stage 1 costs 2 stone; glass board
    )
    for seat in (1, 2):
        stage = check_stage(table, seat)
        assert stage.legal
        assert [(b.seller, b.resource, b.count, b.coins) for b in stage.plan.buys] == [
            ("Dmytro", "stone", 2, 4)]
    library = check_card(table, 0, "library")
    assert library.legal and library.how == "own" and library.coins == 0


def test_trade_example_c_coins_earned_this_turn_cannot_be_spent() -> None:
    # Example C: the Forum (2 clay); she makes 1 clay and a neighbour makes clay; without enough
    # coins at the start of the turn she cannot build it, even if a neighbour pays her this turn.
    broke = make_table(
        city("Dmytro", "babylon", coins=1),           # clay board
        city("Left", "gizah", cards=["clay_pool"]),
        city("Right", "rhodes"),
    )
    check = check_card(broke, 0, "forum")
    assert not check.legal
    assert "costs 2 coins" in check.reason and "has 1" in check.reason
    assert check.reason_code == "trade_too_dear" and dict(check.reason_values) == {"cost": 2, "coins": 1}
    rich = make_table(city("Dmytro", "babylon", coins=2), city("Left", "gizah", cards=["clay_pool"]),
                      city("Right", "rhodes"))
    assert check_card(rich, 0, "forum").legal


def test_military_points_example() -> None:
    # "Александрия закончила игру со следующими жетонами: +1, +3, +5, -1, -1, -1 что дает в сумме 6 очков."
    table = make_table(city("Alexandria", "alexandria", tokens=[1, 3, 5, -1, -1, -1]),
                       city("B", "rhodes"), city("C", "ephesos"))
    assert score_table(table).line("Alexandria").points["military"] == 6


def test_treasury_example() -> None:
    # "Александрия закончила игру с 14 монетами ... 4 победных очка"
    table = make_table(city("Alexandria", "alexandria", coins=14), city("B", "rhodes"), city("C", "ephesos"))
    assert score_table(table).line("Alexandria").points["treasury"] == 4


def test_wonder_points_example() -> None:
    # "Александрия построила все три стадии своего Чуда Света (сторона А); ... 10 победных очков"
    table = make_table(city("Alexandria", "alexandria", "A", stages=3), city("B", "rhodes"),
                       city("C", "ephesos"))
    assert score_table(table).line("Alexandria").points["wonder"] == 10


def test_civilian_points_example() -> None:
    # "Алтарь (2 очка), Акведук (5 очков) и Муниципалитет (6 очков), что в сумме дает 13"
    table = make_table(city("Alexandria", "alexandria", cards=["altar", "aqueduct", "town_hall"]),
                       city("B", "rhodes"), city("C", "ephesos"))
    assert score_table(table).line("Alexandria").points["civilian"] == 13


def test_science_example_21_and_31() -> None:
    # "3, 2, 1 ... 9 + 4 + 1 = 14 ... одна группа из 3 разных символов ... 7 очков" -> 21
    # (the Russian text prints 27, a misprint: reference §c.2); one more of the single symbol:
    # "(9+4+4)+(7+7)=31".
    assert science_points({"compass": 3, "gear": 2, "tablet": 1}, SYMBOLS, 7) == 21
    assert science_points({"compass": 3, "gear": 2, "tablet": 2}, SYMBOLS, 7) == 31
    table = make_table(
        city("Alexandria", "alexandria",
             cards=["apothecary", "dispensary", "lodge", "workshop", "laboratory", "scriptorium"]),
        city("B", "rhodes"), city("C", "ephesos"))
    assert score_table(table).line("Alexandria").points["science"] == 21


def test_commercial_example_chamber_of_commerce() -> None:
    # "Торговую Палату ... по 2 победных очка за каждую карту серого цвета ... две серых карты: 4 победных очка."
    table = make_table(city("Alexandria", "alexandria", cards=["chamber_of_commerce", "loom", "press"]),
                       city("B", "rhodes"), city("C", "ephesos"), city("D", "gizah"))
    assert score_table(table).line("Alexandria").points["commercial"] == 4


def test_end_of_age_two_conflict_example() -> None:
    # "Александрия (3 щита) слева граничит с Родосом (5 щитов), справа граничит с Эфесом (2 щита).
    # Александрия получает жетон поражения (-1) ... а также жетон победы (+3)."
    # Seated clockwise: Alexandria's left neighbour is the next entry (Rhodes), the right one the
    # previous entry (Ephesos, wrapping round).
    table = make_table(
        city("Alexandria", "alexandria", cards=["walls", "guard_tower"]),          # 2 + 1 shields
        city("Rhodes", "rhodes", "A", stages=2, cards=["stables", "barracks"]),     # 2 + 2 + 1
        city("Ephesos", "ephesos", cards=["archery_range"]),                        # 2
    )
    result = resolve_conflicts(table, 2)
    assert result.shields == (3, 5, 2)
    assert sorted(result.tokens[0]) == [-1, 3]
    # By hand: Rhodes beats both (5 > 3, 5 > 2): +3 +3; Ephesos loses both: -1 -1.
    assert sorted(result.tokens[1]) == [3, 3]
    assert sorted(result.tokens[2]) == [-1, -1]


def test_stage_check_pays_the_board_cost_not_the_card_cost() -> None:
    # "необходимо заплатить цену, указанную на поле Чуда Света, а не ту, которая указана на карте"
    # Alexandria A stage 2 costs 2 ore: a city making 2 ore builds it for nothing.
    table = make_table(city("Anton", "alexandria", "A", stages=1, cards=["ore_vein", "foundry"]),
                       city("B", "rhodes"), city("C", "ephesos"))
    check = check_stage(table, 0)
    assert check.legal and check.coins == 0
