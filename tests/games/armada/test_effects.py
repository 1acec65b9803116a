"""The islands' and cards' effects that the rulebook describes without a worked example.

Each test states the rulebook's words and works the expected values out by hand.
"""

from __future__ import annotations

from companion.games.armada.rules.effects import FreeShipMoves
from companion.games.armada.rules.play import ShipStep, coin_losses, free_move_choices, resolve_ship_turn
from companion.games.armada.rules.port import armada_of
from companion.games.sevenwonders.rules import check_card, check_stage, resolve_conflicts, score_table
from companion.games.sevenwonders.rules.city import sellable_production
from tests.conftest import armada_table, city

COSTS = {"port_board.1.blue.1.cost": {"resources": {"wood": 1, "clay": 1}},
         "port_board.1.red.1.cost": {"resources": {"ore": 1}, "coins": 1},
         "port_board.1.wonder_fleet": "red"}
"""Costs entered for these tests (board 1): blue step 1 wood + 1 clay, red step 1 ore + 1 coin."""


def _four(*anna_cards: str, islands: tuple[str, ...] = (), coins: int = 6, **anna: object) -> list[dict]:
    # Anna (Olympia: wood) between Boris (Gizah: stone) and Dara (Babylon: clay); Chen across.
    return [city("Anna", "olympia", cards=anna_cards, islands=list(islands), coins=coins, port_board=1, **anna),
            city("Boris", "gizah", port_board=2), city("Chen", "rhodes", port_board=3),
            city("Dara", "babylon", port_board=4)]


def test_ancient_harbor_saves_the_dearest_resource_not_coins() -> None:
    # "игрок платит на 1 ресурс меньше за каждое Строительство Кораблей. ... скидка применяется
    # ТОЛЬКО к ресурсам. Стоимость в Монетах не уменьшается."
    # Altar (free) + blue step 1 wood + 1 clay: Anna makes wood, buys clay from Dara for 2.
    plain = check_card(armada_table(*_four(), values=COSTS), 0, "altar", step="naval")
    assert plain.coins == 2 and {b.resource for b in plain.plan.buys} == {"clay"}
    # With Ancient Harbor she saves the clay (the unit she would buy): nothing to pay.
    harbor = check_card(armada_table(*_four(islands=("ancient_harbor",)), values=COSTS), 0, "altar", step="naval")
    assert harbor.legal and harbor.coins == 0 and harbor.step.discount == "clay"
    assert harbor.step.cost.describe() == "1 wood" and harbor.step.printed_cost.describe() == "1 wood + 1 clay"
    # Stockade (1 wood) + red step 1 ore + 1 coin: the ore is saved, the coin is still paid.
    red = check_card(armada_table(*_four(islands=("ancient_harbor",)), values=COSTS), 0, "stockade", step="naval")
    assert red.coins == 1 and red.plan.bank == 1 and red.plan.buys == ()


def test_lost_island_makes_a_stage_naval_construction_free_and_of_any_colour() -> None:
    # "каждое Строительство Кораблей, совершаемое игроком при строительстве яруса Чуда Света,
    # является бесплатным, И игрок может Строить Корабли любого цвета". Olympia A stage 1: 2 wood
    # (her board 1 + Lumber Yard 1).
    table = armada_table(*_four("lumber_yard", islands=("lost_island",)), values=COSTS)
    blue = check_stage(table, 0, step="naval", step_option="blue")
    assert blue.legal and blue.coins == 0 and blue.step.fleet == "blue" and blue.step.cost.is_free
    # No Lost Island: the red (wonder-symbol) step costs 1 ore + 1 coin; her Ore Vein gives the ore,
    # the coin goes to the bank; the blue ship may not move with a stage.
    table = armada_table(*_four("lumber_yard", "ore_vein"), values=COSTS)
    plain = check_stage(table, 0, step="naval")
    assert plain.step.fleet == "red" and plain.coins == 1 and plain.plan.bank == 1
    assert check_stage(table, 0, step="naval", step_option="blue").reason_code == "wrong_fleet"


def test_wondrous_harbor_pays_a_coin_per_naval_construction() -> None:
    # "получает 1 Монету за каждое Строительство Кораблей, которое он совершает (неважно, было оно
    # бесплатным или нет)". Moves of a Shipyard are not constructions: no coin for them. The green
    # ship reaching level 2 explores (no coins); level 1 of blue and green give nothing known, so
    # the test enters them as nothing.
    values = {"fleet.blue.1.vp": 0, "fleet.green.1.explore": 0}
    table = armada_table(*_four(islands=("wondrous_harbor",)), values=values)
    turn = resolve_ship_turn(table, {0: [ShipStep("green"), ShipStep("blue", "free_move")]})
    assert turn.coins_gained == (1, 0, 0, 0)
    assert turn.fleets[0]["green"] == 1 and turn.fleets[0]["blue"] == 1


def test_pirate_harbor_piracy_and_points() -> None:
    # "Все остальные игроки теряют по 1 Монете за каждый Торговый Уровень ... Кроме того, в конце
    # игры этот Остров приносит 3 Победных Очка." Boris's yellow ship on level 4: trade level 2.
    players = _four(islands=("pirate_harbor",))
    players[1]["fleets"] = {"yellow": 4}
    players[1]["coins"] = 5
    table = armada_table(*players)
    assert coin_losses(table, {}, pirates=[0]) == (0, 2, 0, 0)
    assert score_table(table).line("Anna").points["islands"] == 3


def test_land_shield_islands_fight() -> None:
    # Bronze Island, Iron Harbor, Scarlet Archipelago: 1/2/3 land shields. Anna (Bronze 1) beats
    # both neighbours (0) in Age I: +1 +1.
    result = resolve_conflicts(armada_table(*_four(islands=("bronze_island",))), 1)
    assert result.shields[0] == 1 and sorted(result.tokens[0]) == [1, 1]


def test_an_island_of_unknown_resources_decides_only_what_it_cannot_change() -> None:
    # Wild Island "производит 1 из изображённых ресурсов" — which ones is printed only as icons.
    table = armada_table(*_four(islands=("wild_island",)))
    # The Stockade (1 wood) is paid by Olympia's own wood: decided whatever the island makes.
    assert check_card(table, 0, "stockade").legal
    # The Guard Tower (1 clay) would be bought from Dara for 2, but the island may make clay: not
    # decided, and the gap is named.
    tower = check_card(table, 0, "guard_tower")
    assert tower.reason_code == "unknown_value" and [u.key for u in tower.unknowns] == ["island.wild_island.produces"]
    # Once entered (wood/clay here), it is used; neighbours still cannot buy it ("не могут быть
    # куплены соседями").
    entered = armada_table(*_four(islands=("wild_island",)), values={"island.wild_island.produces": ["wood", "clay"]})
    assert check_card(entered, 0, "guard_tower").coins == 0
    rules = entered.data.rules
    assert sellable_production(entered.players[0], rules).choices == ()


def test_free_ship_moves() -> None:
    # Stormy Archipelago: 3 different ships one space up; a ship on its last space cannot move.
    table = armada_table(*_four(islands=("stormy_archipelago",), fleets={"red": 6}))
    assert free_move_choices(table, 0, FreeShipMoves(3)) == ("yellow", "blue", "green")
    # Topaz Island's colour is not known: its effect says so instead of guessing.
    topaz = armada_of(table).islands["topaz_island"].effects[0]
    assert topaz.unknown.key == "island.topaz_island.fleet"


def test_rainbow_choice_can_be_stated() -> None:
    # "игрок выбирает цвет и получает по 1 Победному Очку за каждую карту этого цвета". Anna holds 2
    # brown and 1 blue card: the optimiser takes brown (2); stating blue gives 1.
    players = _four("lumber_yard", "stone_pit", "altar", islands=("rainbow_archipelago",))
    assert score_table(armada_table(*players)).line("Anna").points["islands"] == 2
    players[0]["rainbow_color"] = "blue"
    line = score_table(armada_table(*players)).line("Anna")
    assert line.points["islands"] == 1
    assert [c.stated for c in line.choices if c.kind == "rainbow_color"] == [True]


def test_most_common_symbol_on_a_tie_is_the_players_choice() -> None:
    # "В случае равенства игрок сам выбирает один из типов символов науки." Compass 1, gear 1: the
    # Explorer's Office adds to either (2/1/0 = 4+1 = 5 both ways); stated gear is kept.
    players = _four("apothecary", "workshop", "explorers_office", most_common_symbol="gear")
    line = score_table(armada_table(*players)).line("Anna")
    assert line.points["science"] == 5
    assert [(c.value, c.stated) for c in line.choices if c.kind == "most_common_symbol"] == [("gear", True)]


def test_guild_cap_does_not_apply_without_armada_and_each_guild_alone() -> None:
    # Spies Guild on 11 red neighbour cards: 11 -> 10 with Armada; Strategists Guild beside it (6
    # defeat tokens of the neighbours) keeps its 6. Boris: Stockade, Barracks, Guard Tower, Walls,
    # Stables, Archery Range, Dock, Quay; Dara: Training Ground, Fortifications, Coastal Defenses.
    boris = ["stockade", "barracks", "guard_tower", "walls", "stables", "archery_range", "dock", "quay"]
    players = _four("spies_guild", "strategists_guild")
    players[1].update(cards=boris, tokens=[-1, -1, -1])
    players[3].update(cards=["training_ground", "fortifications", "coastal_defenses"], tokens=[-1, -1, -1])
    assert score_table(armada_table(*players)).line("Anna").points["guilds"] == 10 + 6


def test_island_decks_and_pirate_coins_when_built() -> None:
    # "Эти карты позволяют игроку взять верхнюю карту Острова из колоды соответствующего уровня
    # (1/2/3 соответственно)"; Pirate Cache and Lair bring 3 and 6 coins when built.
    from companion.games.armada.rules.play import drawn_island_level
    from companion.games.sevenwonders.rules.play import coins_for_card

    table = armada_table(*_four("pirate_cache"))
    cards = armada_of(table).cards
    assert [drawn_island_level(cards[c]) for c in ("steersmens_academy", "map_room", "naval_archives")] == [1, 2, 3]
    assert drawn_island_level(cards["explorers_office"]) is None
    assert coins_for_card(table, 0, cards["pirate_cache"]) == 3
    assert coins_for_card(table, 0, cards["pirate_lair"]) == 6
