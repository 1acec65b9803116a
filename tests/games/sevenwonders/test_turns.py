"""7 Wonders played in turns (issue 23): simultaneous plays entered in any order, checked against the
start of the turn, settled when the turn closes; the once-per-age and discard-pile powers; the end of
an age; the two-player variant; corrections. Every number is worked out by hand in the comments.

Seating (tests/conftest.py): a player's left neighbour is the next entry, the right one the previous.
"""

from __future__ import annotations

from itertools import permutations

import pytest

from companion.games.sevenwonders.rules.turns import (
    AgeProgress,
    DiscardPile,
    Play,
    TurnError,
    check_play,
    close_turn,
    discard_choices,
    free_city_controller,
    judge_turn,
    offers,
    turns_in_age,
    waiting_for,
)
from tests.conftest import armada_table, city, make_table

TURN_2_AGE_II = AgeProgress(age=2, turn=2)


def _coins(result) -> list[int]:
    return [p.coins for p in result.table.players]


# --- coins held at the start of the turn ----------------------------------------------------------------

def _example_c():
    # The rulebook's trade example C: "игрок хотел бы построить Форум (стоимость: 2 Глины); она
    # производит 1 Глину, и соседний город также производит несколько. В начале хода у нее нет
    # достаточно монет ... Даже если соседний город покупает один из ее ресурсов в этот ход, она не
    # может потратить полученные монеты". Anna (Babylon: 1 clay) holds 1 coin; Boris, her left
    # neighbour (Ephesos: papyrus, and a Clay Pool), builds the Laboratory (2 clay + 1 papyrus): he
    # makes 1 clay and buys Anna's for 2 coins (Chen, Gizah, makes no clay).
    return make_table(city("Anna", "babylon", coins=1), city("Boris", "ephesos", cards=["clay_pool"], coins=5),
                      city("Chen", "gizah"))


def test_example_c_coins_earned_by_trade_in_a_turn_cannot_be_spent_in_it_whatever_the_order() -> None:
    table = _example_c()
    laboratory = Play(1, "build", "laboratory")
    forum = Play(0, "build", "forum")
    boris = check_play(table, TURN_2_AGE_II, laboratory)
    assert boris.legal and boris.check.coins == 2 and boris.check.plan.buys[0].seller == "Anna"
    # Anna needs a second clay: 2 coins to Boris, and she holds 1 at the start of the turn. Entered
    # before or after Boris's Laboratory, the Forum is refused.
    for plays in ([forum, laboratory], [laboratory, forum]):
        verdict = {v.play.seat: v for v in judge_turn(table, TURN_2_AGE_II, plays).verdicts}[0]
        assert not verdict.legal and verdict.reason_code == "trade_too_dear"
    with pytest.raises(TurnError) as refused:
        close_turn(table, TURN_2_AGE_II, [laboratory, forum, Play(2, "discard")])
    assert refused.value.code == "trade_too_dear" and refused.value.values["seat"] == 0


def test_example_c_settled_at_the_close_anna_discards_instead() -> None:
    # Anna discards: 1 + 2 (Boris's purchase) + 3 (discard) = 6; Boris 5 - 2 = 3; Chen discards: 0 + 3.
    table = _example_c()
    plays = [Play(0, "discard", "forum"), Play(1, "build", "laboratory"), Play(2, "discard")]
    for order in permutations(plays):
        result = close_turn(table, TURN_2_AGE_II, list(order))
        assert _coins(result) == [6, 3, 3]
        assert result.ledgers[0].received_trade == 2 and result.ledgers[1].paid_neighbours == 2
        assert result.table.players[1].has("laboratory")
        assert result.progress == AgeProgress(2, 3, frozenset(), DiscardPile(("forum",), 1))
    # Next turn Anna holds 6 coins: the Forum (1 clay bought for 2) is legal now.
    nxt = close_turn(table, TURN_2_AGE_II, plays)
    assert check_play(nxt.table, nxt.progress, Play(0, "build", "forum")).check.coins == 2


def test_the_player_chooses_which_neighbour_to_pay_among_equally_cheap_ways() -> None:
    # "если оба соседних города производят необходимый ресурс, то игрок может купить их у любого
    # соседа." Chen (Ephesos) builds the Baths (1 stone); Boris (left, Stone Pit) and Anna (right,
    # Gizah) both sell stone at 2. The first way pays one of them, the other way the other one.
    table = make_table(city("Anna", "gizah"), city("Boris", "rhodes", cards=["stone_pit"]),
                       city("Chen", "ephesos", coins=3))
    check = check_play(table, AgeProgress(), Play(2, "build", "baths")).check
    first = {b.seller for b in check.plan.buys}
    other = {b.seller for b in check.alternatives[0].buys}
    assert first | other == {"Anna", "Boris"} and len(check.alternatives) == 1
    rest = [Play(0, "discard"), Play(1, "discard")]
    paid = {}
    for plan in (0, 1):
        result = close_turn(table, AgeProgress(), [*rest, Play(2, "build", "baths", plan=plan)])
        paid[plan] = next(s for s, g in enumerate(result.ledgers) if g.received_trade == 2)
        assert _coins(result)[2] == 1                        # Chen 3 - 2
    assert {table.players[paid[0]].name, table.players[paid[1]].name} == {"Anna", "Boris"}
    assert check_play(table, AgeProgress(), Play(2, "build", "baths", plan=2)).reason_code == "no_such_plan"


# --- coins of the cards built, settled at the close ------------------------------------------------------

@pytest.mark.parametrize("yellow, brown_or_grey, expected", [
    # Vineyard: 1 coin per brown card of Anna (Ore Vein), Boris (Clay Pool + the Sawmill he builds
    # this turn) and Dara (Stone Pit): 1 + 2 + 1 = 4 coins (Chen, not a neighbour, is not counted).
    ("vineyard", "sawmill", 4),
    # Bazar: 2 coins per grey card of Anna (Loom), Boris (the Glassworks he builds this turn) and
    # Dara (none): 2 * (1 + 1) = 4 coins (Chen's Press is not a neighbour's).
    ("bazar", "glassworks", 4),
])
def test_vineyard_and_bazar_count_a_neighbours_card_built_in_the_same_turn_in_any_order(
        yellow: str, brown_or_grey: str, expected: int) -> None:
    # "карты, построенные в тот же ход, что и виноградник, тоже считаются" (docs/rulings.md). Four
    # players (the Bazar is a 4+ card): Anna's neighbours are Boris (left) and Dara (right).
    table = make_table(city("Anna", "gizah", cards=["ore_vein", "loom"], coins=2),
                       city("Boris", "rhodes", cards=["clay_pool"], coins=3),
                       city("Chen", "alexandria", cards=["press"]),
                       city("Dara", "ephesos", cards=["stone_pit"]))
    plays = [Play(0, "build", yellow), Play(1, "build", brown_or_grey), Play(2, "discard"), Play(3, "discard")]
    for order in permutations(plays):
        result = close_turn(table, TURN_2_AGE_II, list(order))
        assert result.ledgers[0].from_cards == expected
        # Anna 2 + 4; Boris 3 - 1 (the Sawmill's coin; the Glassworks is free); Chen and Dara 0 + 3.
        assert _coins(result) == [2 + expected, 3 - (brown_or_grey == "sawmill"), 3, 3]


def test_a_tavern_coins_arrive_after_the_build() -> None:
    # "coins from the bank for the card being built (Tavern...) arrive after the build" (rulings):
    # Four players (the Tavern is a 4+ card). Anna holds 0 coins and plays the Tavern (free, +5) on
    # turn 1 of age I; Boris an Excavation (1 coin), holding 1. After the turn: Anna 5, Boris 0, Chen
    # and Dara discard: 0 + 3.
    table = make_table(city("Anna", "gizah"), city("Boris", "rhodes", coins=1), city("Chen", "ephesos"),
                       city("Dara", "babylon"))
    result = close_turn(table, AgeProgress(), [Play(0, "build", "tavern"), Play(1, "build", "excavation"),
                                               Play(2, "discard", "altar"), Play(3, "discard")])
    assert _coins(result) == [5, 0, 3, 3]


def test_a_card_of_another_age_and_a_card_already_built_are_refused() -> None:
    table = make_table(city("Anna", "gizah", cards=["loom"]), city("Boris", "rhodes"), city("Chen", "ephesos"))
    assert check_play(table, AgeProgress(), Play(0, "build", "sawmill")).reason_code == "wrong_age"
    # The Loom is in the decks of ages I and II; a city never holds two.
    assert check_play(table, TURN_2_AGE_II, Play(0, "build", "loom")).reason_code == "already_built"


# --- Olympia A: once per age -----------------------------------------------------------------------------

def _olympia():
    # Olympia A with its second stage built ("один раз за каждую эпоху, может построить здание на
    # свой выбор бесплатно"); Anna holds no coins and makes only wood.
    return make_table(city("Anna", "olympia", stages=2), city("Boris", "rhodes"), city("Chen", "ephesos"))


def test_olympia_a_free_build_is_offered_then_spent_for_the_rest_of_the_age() -> None:
    table = _olympia()
    start = AgeProgress()
    assert offers(table, start) == {0: ("free_build",)}
    baths = Play(0, "build", "baths", free_build=True)            # 1 stone, which Anna cannot pay
    assert check_play(table, start, baths).check.how == "free_build"
    result = close_turn(table, start, [baths, Play(1, "discard"), Play(2, "discard")])
    assert result.progress.free_builds_used == frozenset({0}) and result.table.players[0].coins == 0
    assert offers(result.table, result.progress) == {}
    # Turn 2: a second free build in age I is refused; turn 3 too (the use is remembered).
    second = check_play(result.table, result.progress, Play(0, "build", "stockade", free_build=True))
    assert not second.legal and second.reason_code == "free_build_spent"
    third = close_turn(result.table, result.progress, [Play(0, "discard"), Play(1, "discard"), Play(2, "discard")])
    assert third.progress.turn == 3 and third.progress.free_builds_used == frozenset({0})
    assert check_play(third.table, third.progress, Play(0, "build", "barracks", free_build=True)).reason_code \
        == "free_build_spent"


def test_olympia_a_free_build_comes_back_in_the_next_age() -> None:
    table = _olympia()
    last_turn = AgeProgress(age=1, turn=6, free_builds_used=frozenset({0}))
    result = close_turn(table, last_turn, [Play(0, "discard"), Play(1, "discard"), Play(2, "discard")])
    assert result.age_over and result.progress.age == 2 and result.progress.turn == 1
    assert offers(result.table, result.progress) == {0: ("free_build",)}
    assert check_play(result.table, result.progress, Play(0, "build", "aqueduct", free_build=True)).legal


def test_a_city_without_the_power_has_no_free_build() -> None:
    table = make_table(city("Anna", "olympia", stages=1), city("Boris", "rhodes"), city("Chen", "ephesos"))
    assert check_play(table, AgeProgress(), Play(0, "build", "baths", free_build=True)).reason_code == "no_free_build"


# --- Halikarnassos: a free build from the discard pile ---------------------------------------------------

def _halikarnassos(coins: int = 3):
    # Four players. Halikarnassos A, stage 1 built; stage 2 costs 3 ore: Anna makes 3 (Ore Vein +
    # Foundry's 2).
    return make_table(city("Anna", "halikarnassos", stages=1, cards=["ore_vein", "foundry"], coins=coins),
                      city("Boris", "rhodes"), city("Chen", "ephesos"), city("Dara", "gizah"))


def test_halikarnassos_builds_a_discarded_card_free_at_the_end_of_the_turn() -> None:
    # "просмотреть все карты, которые сбрасывались ... выбрать одну из них, и построить ее бесплатно
    # ... в конце хода, в котором этот этап строительства был завершен. Если игроки сбрасывали карты в
    # этот ход ... может также выбрать и из их числа." The pile holds an Excavation (printed cost 1
    # coin) and a Tavern; Boris discards a Lumber Yard this turn, Chen a Press, Dara a card not entered.
    table = _halikarnassos()
    progress = AgeProgress(age=2, turn=3, discard=DiscardPile(("excavation", "tavern")))
    hand = [Play(0, "stage"), Play(1, "discard", "lumber_yard"), Play(2, "discard", "press"), Play(3, "discard")]
    assert offers(table, progress, hand) == {0: ("discard_build",)}
    # Free: Anna keeps her 3 coins (the bug made the Excavation's 1 coin a cost: 3 became 2).
    result = close_turn(table, progress, [*hand, Play(0, "build", "excavation", source="discard_pile")])
    assert result.table.players[0].has("excavation") and result.table.players[0].stages_built == 2
    assert _coins(result) == [3, 3, 3, 3]
    assert result.progress.discard == DiscardPile(("tavern", "lumber_yard", "press"), 1)
    # This turn's discard is in the pile too; the Tavern from the pile brings its 5 coins: 3 + 5.
    this_turn = close_turn(table, progress, [*hand, Play(0, "build", "lumber_yard", source="discard_pile")])
    assert this_turn.table.players[0].has("lumber_yard")
    tavern = close_turn(table, progress, [*hand, Play(0, "build", "tavern", source="discard_pile")])
    assert _coins(tavern)[0] == 8
    # The picker's choices: the pile's known cards (Dara's face-down card is not one), none Anna holds.
    assert discard_choices(table, progress, hand, 0) == ("excavation", "tavern", "lumber_yard", "press")
    assert discard_choices(table, progress, hand, 1) == ()
    holding = [Play(0, "stage"), Play(1, "discard", "ore_vein"), *hand[2:]]
    assert "ore_vein" not in discard_choices(table, progress, holding, 0)


def test_halikarnassos_discard_build_refusals() -> None:
    table = _halikarnassos()
    progress = AgeProgress(age=2, turn=3, discard=DiscardPile(("excavation",)))
    hand = [Play(0, "stage"), Play(1, "discard", "altar"), Play(2, "discard", "press"), Play(3, "discard", "loom")]
    # A card that is not in the pile (every card of it known): refused.
    absent = check_play(table, progress, Play(0, "build", "theater", source="discard_pile"), hand)
    assert absent.reason_code == "not_in_discard"
    # A card Anna already has.
    owned = check_play(table, AgeProgress(2, 3, discard=DiscardPile(("ore_vein",))),
                       Play(0, "build", "ore_vein", source="discard_pile"), hand)
    assert owned.reason_code == "already_built"
    # Without a stage built this turn there is no discard build.
    no_stage = [Play(0, "discard"), *hand[1:]]
    assert check_play(table, progress, Play(0, "build", "excavation", source="discard_pile"),
                      no_stage).reason_code == "no_discard_build"
    # A face-down card nobody entered may be the one chosen: of 2 unknown cards 1 is left.
    unknown = AgeProgress(2, 3, discard=DiscardPile((), 2))
    result = close_turn(table, unknown, [*hand, Play(0, "build", "theater", source="discard_pile")])
    assert result.progress.discard == DiscardPile(("altar", "press", "loom"), 1)


def test_armada_a_build_from_the_discard_pile_moves_no_ship() -> None:
    # Armada: "never for cards built from the discard pile (Halikarnassos, Solomon)"; a naval construction
    # asked with it is refused, and the build moves no ship.
    players = [city("Anna", "halikarnassos", stages=1, cards=["ore_vein", "foundry"], coins=3, port_board=1),
               city("Boris", "rhodes", port_board=2), city("Chen", "ephesos", port_board=3),
               city("Dara", "gizah", port_board=4)]
    table = armada_table(*players)
    progress = AgeProgress(age=2, turn=3, discard=DiscardPile(("stone_pit",)))
    hand = [Play(0, "stage"), Play(1, "discard"), Play(2, "discard"), Play(3, "discard", discard_reward="yellow_step")]
    naval = check_play(table, progress, Play(0, "build", "stone_pit", source="discard_pile", naval=True), hand)
    assert naval.reason_code == "naval_from_discard"
    result = close_turn(table, progress, [*hand, Play(0, "build", "stone_pit", source="discard_pile")])
    assert result.table.players[0].has("stone_pit")
    assert {v.play.key: v.notes for v in result.verdicts}[(0, "discard_pile")] == ("moves_no_ship",)
    # Only Dara's discard moves a ship (her yellow step, no coins); Anna's discard build moves none.
    assert {seat: [(s.fleet, s.cause) for s in steps] for seat, steps in result.ship_steps.items()} == \
        {3: [("yellow", "discard")]}
    assert _coins(result)[1:] == [3, 3, 0]


def test_armada_a_naval_construction_is_paid_with_the_build_at_the_close() -> None:
    # The Armada rulebook's example: "Георгий строит Синюю карту ... нужен 1 Камень, а для постройки
    # Кораблей – 1 Глина" (a blue upgrade costing 1 clay, on board 1 here). Georgy (Rhodes: ore) buys
    # the stone from Left (Gizah) and the clay from Right (Babylon), 2 coins each: 5 - 4 = 1; Left
    # and Right receive 2 each when the turn closes. The blue ship moves one space (a construction).
    values = {"port_board.1.blue.1.cost": {"resources": {"clay": 1}}}
    players = [city("Georgy", "rhodes", coins=5, port_board=1), city("Left", "gizah", port_board=2),
               city("Far", "ephesos", port_board=3), city("Right", "babylon", port_board=4)]
    table = armada_table(*players, values=values)
    plays = [Play(0, "build", "baths", naval=True), Play(1, "discard"), Play(2, "discard"), Play(3, "discard")]
    result = close_turn(table, AgeProgress(), plays)
    assert _coins(result) == [1, 0 + 2 + 3, 3, 0 + 2 + 3]
    assert {seat: [(s.fleet, s.cause) for s in steps] for seat, steps in result.ship_steps.items()} == \
        {0: [("blue", "construction")]}


# --- Babylon B: the last card of the age -----------------------------------------------------------------

def _babylon(stages: int = 1):
    # Babylon B; stage 2 (2 wood + 1 glass) "дает игроку право разыграть седьмую карту эпохи". Anna makes
    # wood twice (Lumber Yard, Timber Yard as wood) and glass (Glassworks); she holds 0 coins.
    return make_table(city("Anna", "babylon", side="B", stages=stages,
                           cards=["lumber_yard", "timber_yard", "glassworks"]),
                      city("Boris", "rhodes", coins=4), city("Chen", "ephesos"))


def test_babylon_b_builds_stage_2_on_the_last_turn_then_plays_the_last_card() -> None:
    # "Если второй этап строительства Чуда Света не завершен, игрок может завершить его на шестом
    # ходу и затем разыграть седьмую карту вместо того, что бы сбросить ее." Played after the turn is
    # settled (an extra turn, the Armada FAQ): the 2 coins Boris paid Anna for her clay this turn
    # (his Guard Tower, 1 clay) pay for the Clay Pit's 1 coin. Anna: 0 + 2 - 1 = 1; Boris 4 - 2 = 2.
    table = _babylon()
    last = AgeProgress(age=1, turn=6)
    hand = [Play(0, "stage"), Play(1, "build", "guard_tower"), Play(2, "discard", "altar")]
    assert offers(table, last, hand) == {0: ("last_card",)}
    result = close_turn(table, last, [*hand, Play(0, "build", "clay_pit", source="last_card")],
                        leftovers={1: "theater", 2: "baths"})
    assert result.table.players[0].has("clay_pit") and result.table.players[0].stages_built == 2
    assert _coins(result) == [1, 2, 3]
    # The others' last cards go to the pile without coins (Anna played hers): altar, theater, baths.
    assert result.progress.discard == DiscardPile(("altar", "theater", "baths"))
    assert result.age_over and result.progress.age == 2


def test_the_last_card_is_refused_without_babylon_b_stage_2_or_before_the_last_turn() -> None:
    table = _babylon()
    hand = [Play(0, "discard"), Play(1, "discard"), Play(2, "discard")]
    last_card = Play(0, "build", "altar", source="last_card")
    assert check_play(table, AgeProgress(1, 6), last_card, hand).reason_code == "no_last_card"
    built = _babylon(stages=2)
    assert check_play(built, AgeProgress(1, 5), last_card, hand).reason_code == "not_last_turn"
    # Without playing it the last card is discarded without coins: 3 unknown cards, coins 0 + 3 each.
    result = close_turn(built, AgeProgress(1, 6), hand)
    assert result.progress.discard == DiscardPile((), 6) and _coins(result) == [3, 7, 3]


# --- turns and ages --------------------------------------------------------------------------------------

def test_an_age_has_six_turns_seven_with_armada() -> None:
    # "Каждая эпоха состоит из 6 игровых ходов" (7 cards dealt); Armada deals 8 cards, 7 played.
    assert turns_in_age(make_table(city("A", "gizah"), city("B", "rhodes"), city("C", "ephesos"))) == 6
    players = [city(n, w, port_board=i + 1) for i, (n, w) in enumerate([("A", "gizah"), ("B", "rhodes"),
                                                                        ("C", "ephesos"), ("D", "babylon")])]
    assert turns_in_age(armada_table(*players)) == 7


def test_the_age_ends_after_its_sixth_turn_with_the_land_conflicts() -> None:
    # Age I: Anna's Stockade (1 shield) against Boris and Chen (0): she takes +1 twice, each of them
    # -1; Boris and Chen tie: nothing. Anna builds the Barracks on turn 6 (1 ore: her Ore Vein): 2 shields.
    table = make_table(city("Anna", "gizah", cards=["stockade", "ore_vein"]), city("Boris", "rhodes"),
                       city("Chen", "ephesos"))
    fifth = close_turn(table, AgeProgress(1, 5), [Play(0, "discard"), Play(1, "discard"), Play(2, "discard")])
    assert not fifth.age_over and fifth.progress == AgeProgress(1, 6, discard=DiscardPile((), 3))
    sixth = close_turn(fifth.table, fifth.progress, [Play(0, "build", "barracks"), Play(1, "discard"),
                                                     Play(2, "discard")])
    assert sixth.age_over and sixth.conflicts is not None and sixth.conflicts.shields == (2, 0, 0)
    assert [p.tokens for p in sixth.table.players] == [(1, 1), (-1,), (-1,)]
    assert sixth.progress.age == 2 and sixth.progress.turn == 1
    # 3 discards on turn 5, 2 on turn 6, then the 3 last cards: 8 cards in the pile.
    assert sixth.progress.discard.unknown == 8


def test_the_game_ends_after_the_sixth_turn_of_age_iii() -> None:
    table = make_table(city("Anna", "gizah"), city("Boris", "rhodes"), city("Chen", "ephesos"))
    everyone = [Play(0, "discard"), Play(1, "discard"), Play(2, "discard")]
    result = close_turn(table, AgeProgress(3, 6), everyone)
    assert result.age_over and result.progress.finished
    with pytest.raises(TurnError) as over:
        close_turn(result.table, result.progress, everyone)
    assert over.value.code == "game_over"


# --- the two-player variant ------------------------------------------------------------------------------

def _two_players():
    return make_table(city("Ira", "gizah", coins=3), city("Free City", "rhodes", coins=3),
                      city("Lara", "ephesos", coins=3), variant="two-player")


def test_two_player_variant_who_plays_the_free_city() -> None:
    # "Эпоха I, карта находиться у игрока слева от свободного города. Эпоха II ... справа ... Эпоха III,
    # ... слева"; it passes to the other player every turn. Seats: Ira 0, Free City 1, Lara 2: the free
    # city's left neighbour is Lara (2), its right one Ira (0).
    table = _two_players()
    assert [free_city_controller(table, AgeProgress(1, t)) for t in range(1, 7)] == [2, 0, 2, 0, 2, 0]
    assert [free_city_controller(table, AgeProgress(2, t)) for t in (1, 2)] == [0, 2]
    assert free_city_controller(table, AgeProgress(3, 1)) == 2
    assert free_city_controller(make_table(city("A", "gizah"), city("B", "rhodes"), city("C", "ephesos")),
                                AgeProgress()) is None


def test_two_player_variant_the_free_city_plays_every_turn_and_discards_only_when_stuck() -> None:
    # "Свободный город не может скинуть карточку за 3 монеты, кроме случая, когда он не может сыграть
    # карту." It can build the Altar (free): its discard is refused. The Baths (1 stone) it cannot
    # pay itself... it buys the stone from Ira (Gizah) for 2 of its 3 coins, so that discard is refused
    # too; the Palace (7 resources) it can neither build nor (Rhodes A stage 1: 2 wood, which nobody
    # makes) use for a stage: that discard is allowed.
    table = _two_players()
    progress = AgeProgress()
    assert waiting_for(table, [Play(0, "discard")]) == (1, 2)
    assert check_play(table, progress, Play(1, "discard", "altar")).reason_code == "free_city_must_build"
    assert check_play(table, progress, Play(1, "discard", "baths")).reason_code == "free_city_must_build"
    assert check_play(table, progress, Play(1, "discard", "palace")).legal
    assert check_play(table, progress, Play(1, "discard")).reason_code == "card_needed"
    # The free city buys with the coins it holds; Ira is paid at the close: 3 + 2; the free city 3 - 2.
    result = close_turn(table, progress, [Play(0, "discard", "altar"), Play(1, "build", "baths"),
                                          Play(2, "build", "theater")])
    assert _coins(result) == [3 + 3 + 2, 1, 3]


def test_two_player_variant_the_free_city_builds_a_chained_card_free() -> None:
    # "Если выбранная для свободного города карта может быть построена бесплатно, из-за присутствия в
    # этом городе нужной постройки, то игрок обязан сыграть эту карту без уплаты стоимости за нее."
    # The free city holds the Baths; the Aqueduct (3 stone) chains from them: neither a stage nor a
    # discard with that card; built, it costs nothing (its 3 coins stay 3).
    table = make_table(city("Ira", "gizah", coins=3), city("Free City", "rhodes", cards=["baths"], coins=3),
                       city("Lara", "ephesos", coins=3), variant="two-player")
    progress = AgeProgress(age=2, turn=1)
    assert check_play(table, progress, Play(1, "stage", "aqueduct")).reason_code == "free_city_must_chain"
    assert check_play(table, progress, Play(1, "discard", "aqueduct")).reason_code == "free_city_must_chain"
    built = check_play(table, progress, Play(1, "build", "aqueduct"))
    assert built.legal and built.check.how == "chain" and built.check.coins == 0
    # A player's own city may use such a card for a stage (Gizah A stage 1, 2 stone: board + Stone Pit):
    # the rule is the free city's.
    assert check_play(make_table(city("Ira", "gizah", cards=["baths", "stone_pit"]), city("Free City", "rhodes"),
                                 city("Lara", "ephesos"), variant="two-player"),
                      progress, Play(0, "stage", "aqueduct")).legal


# --- corrections -----------------------------------------------------------------------------------------

def test_a_forgotten_card_is_asked_for_and_a_corrected_play_re_settles_the_turn() -> None:
    table = make_table(city("Anna", "gizah", cards=["ore_vein"], coins=2),
                       city("Boris", "rhodes", cards=["clay_pool"], coins=3),
                       city("Chen", "ephesos", cards=["stone_pit"]))
    vineyard, sawmill = Play(0, "build", "vineyard"), Play(1, "build", "sawmill")
    # Chen's card was forgotten: the turn does not close and says who has not played.
    with pytest.raises(TurnError) as forgotten:
        close_turn(table, TURN_2_AGE_II, [vineyard, sawmill])
    assert forgotten.value.code == "not_played" and forgotten.value.values["seats"] == (2,)
    assert judge_turn(table, TURN_2_AGE_II, [vineyard, sawmill]).waiting == (2,)
    chen = Play(2, "discard")
    # Boris's Sawmill counts for Anna's Vineyard: 4 coins (see above); corrected to a discard (the
    # card was read wrong), the same turn re-settled gives her 3 (Ore Vein, Clay Pool, Stone Pit).
    assert close_turn(table, TURN_2_AGE_II, [vineyard, sawmill, chen]).ledgers[0].from_cards == 4
    corrected = close_turn(table, TURN_2_AGE_II, [vineyard, Play(1, "discard"), chen])
    assert corrected.ledgers[0].from_cards == 3 and _coins(corrected) == [5, 6, 3]
    # Two plays of one seat from the hand are a mistake, not a correction.
    with pytest.raises(TurnError) as twice:
        judge_turn(table, TURN_2_AGE_II, [vineyard, Play(0, "discard"), sawmill, chen])
    assert twice.value.code == "two_plays"


def test_a_play_is_checked_against_the_start_of_the_turn_not_the_other_plays() -> None:
    # Boris builds a Brickyard (2 clay, 1 coin) this turn: Anna (Babylon, 1 clay, 2 coins) cannot buy
    # its clay in the same turn (the plays are simultaneous), so the Forum (2 clay) needs a clay nobody
    # sells yet: refused "resources_short", entered before or after the Brickyard.
    table = make_table(city("Anna", "babylon", coins=2), city("Boris", "rhodes", coins=1), city("Chen", "gizah"))
    for plays in ([Play(1, "build", "brickyard"), Play(0, "build", "forum")],
                  [Play(0, "build", "forum"), Play(1, "build", "brickyard")]):
        verdicts = {v.play.seat: v for v in judge_turn(table, TURN_2_AGE_II, plays).verdicts}
        assert verdicts[1].legal and verdicts[0].reason_code == "resources_short"


def test_the_only_copy_of_a_card_played_by_two_seats_in_one_turn_is_refused_to_both() -> None:
    # The Ore Vein is printed "3+" and "4+": a game of 3 players has one copy. Each play is legal alone
    # (free brown card), but both seats cannot build it in the same turn: both are refused (none was
    # first: the plays are simultaneous), and the close waits for the correction.
    table = make_table(city("A", "gizah"), city("B", "rhodes"), city("C", "ephesos"))
    progress = AgeProgress()
    alone = check_play(table, progress, Play(1, "build", "ore_vein"))
    assert alone.legal
    plays = [Play(0, "discard"), Play(1, "build", "ore_vein"), Play(2, "build", "ore_vein")]
    for order in permutations(plays):
        verdicts = {v.play.seat: v for v in judge_turn(table, progress, list(order)).verdicts}
        assert verdicts[0].legal
        assert [verdicts[1].reason_code, verdicts[2].reason_code] == ["copies_short", "copies_short"]
    with pytest.raises(TurnError):
        close_turn(table, progress, plays)
    # The Stone Pit ("3+", "5+") at 5 players has two copies: two seats build it in one turn.
    five = make_table(city("A", "gizah"), city("B", "rhodes"), city("C", "ephesos"), city("D", "babylon"),
                      city("E", "olympia"))
    both = judge_turn(five, progress, [Play(0, "build", "stone_pit"), Play(1, "build", "stone_pit")])
    assert all(v.legal for v in both.verdicts)
