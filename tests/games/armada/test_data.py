"""The Armada data: the box as the rulebook prints it, the values it states, and honest gaps.

Expected values are the rulebook's (seed003) words, quoted; every value it does not state must be
an explicit unknown that names itself and the command that enters it.
"""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path

import pytest

from companion.gamedata import GameDataError
from companion.gamedata.components import (
    InputError,
    default_components_path,
    parse_input,
    read_components,
    write_components,
)
from companion.gamedata.effects import Shields, VictoryPoints
from companion.gamedata.facts import Unknown
from companion.games.armada.rules.data import ArmadaCard, armada_with_values, load_armada_data
from companion.games.armada.rules.effects import (
    DistantTrade,
    FreeShipMoves,
    NavalShields,
    Piracy,
    PointsPerTradeLevel,
    UnknownEffect,
)
from companion.games.sevenwonders.rules.model import Cost

ARMADA = load_armada_data()
MARKERS = json.loads(resources.files("companion.data").joinpath("markers.json").read_text(encoding="utf-8"))


def test_the_box_holds_what_the_rulebook_lists() -> None:
    # "24 карты Армады (8 карт Эпохи I, 8 ... II, 8 ... III)", "по 8 карт Армады каждой Эпохи
    # (2 Красные, 2 Жёлтые, 2 Синие и 2 Зелёные)", "27 карт Островов: 9 ... 1 уровня, 9 ... 2, 9 ... 3",
    # "8 полей Портов".
    assert len(ARMADA.cards) == 24
    for color in ("red", "yellow", "blue", "green"):
        assert sum(1 for c in ARMADA.cards.values() if c.color == color) == 6
    for age in (1, 2, 3):
        in_age = [c for c in ARMADA.cards.values() if c.age == age]
        # Two yellow cards of unknown age (the emporiums and the Customs Office are three) leave
        # ages with 7 or 8 known cards; none may hold more than 2 of a colour.
        assert len(in_age) <= 8
        assert all(sum(1 for c in in_age if c.color == color) <= 2 for color in ("red", "yellow", "blue", "green"))
    assert [sum(1 for i in ARMADA.islands.values() if i.level == level) for level in (1, 2, 3)] == [9, 9, 9]
    assert sorted(ARMADA.boards) == list(range(1, 9))
    assert list(ARMADA.fleets) == ["red", "yellow", "blue", "green"]
    assert all(len(track.spaces) == 7 for track in ARMADA.fleets.values())   # start + 6 upgrade spaces


def test_the_token_pool() -> None:
    # "48 жетонов Морских Конфликтов: 31 жетон Победы (11 x 1, 12 x 3, 7 x 5, 1 x 7), 17 жетонов
    # Поражения (7 x -1, 5 x -2, 5 x -3)"; "6 жетонов Наземных Конфликтов: 1, 3, 5 and 3 x -1";
    # "2 жетона Вторжения".
    pool = ARMADA.rules.naval_token_pool
    assert pool == {1: 11, 3: 12, 5: 7, 7: 1, -1: 7, -2: 5, -3: 5}
    assert sum(n for v, n in pool.items() if v > 0) == 31 and sum(n for v, n in pool.items() if v < 0) == 17
    assert ARMADA.rules.land_extra_tokens == {1: 1, 3: 1, 5: 1, -1: 3}
    assert ARMADA.rules.incursion_tokens == 2


def test_naval_conflict_values_per_age() -> None:
    # Lowest: -1/-2/-3; highest 3/5/7; second 1/3/5; third (Age III only) 3.
    ages = ARMADA.rules.naval_ages
    assert [(ages[a].defeat, ages[a].places) for a in (1, 2, 3)] == [(-1, (3, 1)), (-2, (5, 3)), (-3, (7, 5, 3))]


def test_setup_numbers() -> None:
    rules = ARMADA.rules
    assert rules.cards_per_player_per_age == 8                      # "по 8 карт (а не по 7)"
    assert set(rules.removed_at_three_players) == {"western_emporium", "eastern_emporium", "dock", "quay", "jetty"}
    assert (rules.eight_player_cards_as_for, rules.eight_player_guilds, rules.eight_player_armada_cards_per_age,
            rules.eight_player_cards_per_player_per_age) == (7, 9, 7, 7)
    assert (rules.discard_coins, rules.discard_yellow_steps) == (3, 1)
    assert rules.guild_cap == 10
    assert rules.team_player_counts == (4, 6, 8)
    assert (rules.team_land_tokens_per_result, rules.incursion_tokens_per_result) == (2, 1)
    assert [step for step, _ in rules.turn_order] == ["pay", "move_ships", "effects", "exploration",
                                                      "discard_builds", "coin_losses"]


def test_fleet_rewards_the_rulebook_states() -> None:
    red, yellow, blue, green = (ARMADA.fleets[f] for f in ("red", "yellow", "blue", "green"))
    assert red.reward(3, "naval_shields") == 3                 # Georgy: third upgrade space, 3 naval shields
    assert yellow.reward(0, "trade_level") == 0                # Roman: start space, trade level 0
    assert yellow.reward(1, "trade_level") == 1                # Artyom: first space, tax 1 - level 1
    assert (yellow.reward(2, "coins"), yellow.reward(2, "tax")) == (2, 1)   # Pavel: 2 coins, tax 1
    assert yellow.reward(3, "trade_level") == 2                # pirates: third space, loses 2
    assert [yellow.reward(4, f) for f in ("coins", "tax", "trade_level")] == [4, 2, 2]
    assert (yellow.reward(6, "tax"), yellow.reward(6, "naval_shields")) == (4, 2)
    assert (blue.reward(6, "vp"), blue.reward(6, "naval_shields")) == (10, 1)
    assert green.reward(2, "explore") == 1                     # Artyom explores a level-1 island
    # A fleet gives only what its section names: a red ship gives no VP.
    assert red.reward(3, "vp") == 0


def test_values_not_in_any_text_are_explicitly_unknown() -> None:
    for level in (1, 2, 4, 5, 6):
        assert isinstance(ARMADA.fleets["red"].reward(level, "naval_shields"), Unknown)
    for level in range(1, 6):
        assert isinstance(ARMADA.fleets["blue"].reward(level, "vp"), Unknown)
    assert isinstance(ARMADA.fleets["yellow"].reward(5, "trade_level"), Unknown)
    assert isinstance(ARMADA.fleets["yellow"].reward(2, "trade_level"), Unknown)   # never stated
    for board in ARMADA.boards.values():
        assert isinstance(board.wonder_fleet, Unknown)
        assert all(isinstance(board.cost(f, level), Unknown) for f in ARMADA.fleets for level in range(1, 7))
    for card in ARMADA.cards.values():
        assert card.cost_unknown is not None and card.chain_unknown is not None
    for card_id in ("eastern_emporium", "western_emporium", "customs_office"):
        assert isinstance(ARMADA.cards[card_id].age, Unknown)
    for card_id in ("dock", "quay", "jetty"):
        assert any(isinstance(e, UnknownEffect) and e.of_type == "incursion" for e in ARMADA.cards[card_id].effects)
    for island in ("wild_island", "virgin_island", "abandoned_harbor", "topaz_island", "amber_island"):
        assert isinstance(ARMADA.islands[island].effects[0], UnknownEffect)


def test_an_unknown_names_itself_and_the_command_that_enters_it() -> None:
    gap = ARMADA.boards[3].cost("blue", 4)
    assert isinstance(gap, Unknown)
    assert gap.key == "port_board.3.blue.4.cost"
    assert gap.label == "blue fleet level 4 build cost on port board 3 unknown"
    assert gap.edit == "companion components edit port-board 3"
    assert "icon" in gap.why
    fact = ARMADA.facts["fleet.blue.4.vp"]
    assert not fact.known and fact.subject == "fleets"
    known = ARMADA.facts["fleet.red.3.naval_shields"]
    assert known.known and known.value == 3 and "третьей ячейке" in known.source


def test_card_and_island_effects_as_printed() -> None:
    cards, islands = ARMADA.cards, ARMADA.islands
    assert [e for e in cards["dock"].effects if isinstance(e, Shields)] == [Shields(1)]
    assert [cards[c].effects[0] for c in ("coastal_defenses", "fortified_port", "coastal_fortifications")] == [
        NavalShields(1), NavalShields(2), NavalShields(3)]
    # "0/0/2/3/4/5 Очков соответственно" in the order Верфь, Стройплощадка, Сухой док, Эллинг,
    # Адмиралтейство, Морское министерство.
    blue_vp = [sum(e.amount for e in cards[c].effects if isinstance(e, VictoryPoints)) for c in
               ("shipyard", "construction_yard", "dry_dock", "boathouse", "captaincy", "naval_ministry")]
    assert blue_vp == [0, 0, 2, 3, 4, 5]
    assert all(FreeShipMoves(1) in cards[c].effects for c in ("shipyard", "naval_ministry"))
    assert Piracy(1) in cards["pirate_cache"].effects and VictoryPoints(4) in cards["pirate_brotherhood"].effects
    assert cards["eastern_emporium"].effects == (DistantTrade("right", 1, 1),)
    assert cards["western_emporium"].effects == (DistantTrade("left", 2, 1),)
    assert cards["customs_office"].effects == (PointsPerTradeLevel(2),)
    assert [islands[i].effects for i in ("bronze_island", "iron_harbor", "scarlet_archipelago")] == [
        (Shields(1),), (Shields(2),), (Shields(3),)]
    assert [islands[i].effects[0] for i in ("inhabited_island", "statues_harbor", "sovereign_archipelago")] == [
        VictoryPoints(3), VictoryPoints(5), VictoryPoints(7)]
    assert VictoryPoints(3) in islands["pirate_harbor"].effects and Piracy(1) in islands["pirate_harbor"].effects
    assert islands["stormy_archipelago"].effects == (FreeShipMoves(3),)


def test_ids_agree_with_the_frozen_marker_numbers() -> None:
    marked_cards = {c["card"]: c for c in MARKERS["components"] if c["kind"] == "card" and c.get("set") == "armada"}
    assert set(marked_cards) == set(ARMADA.cards)
    for card_id, marker in marked_cards.items():
        card = ARMADA.cards[card_id]
        assert marker["color"] == card.color
        assert marker["names"]["en"] == card.name and marker["names"]["ru"] == card.names["ru"]
        assert marker.get("age") == (card.age if isinstance(card.age, int) else None)
        assert 230 <= marker["marker"] <= 253
    marked_islands = {c["island"]: c for c in MARKERS["components"] if c["kind"] == "island"}
    assert {k: v["level"] for k, v in marked_islands.items()} == {i.id: i.level for i in ARMADA.islands.values()}
    assert all(270 <= c["marker"] <= 296 for c in marked_islands.values())
    boards = sorted(c["board"] for c in MARKERS["components"] if c["kind"] == "port_board")
    assert boards == sorted(ARMADA.boards)


def test_armada_cards_are_buildings_of_their_colour_with_one_copy() -> None:
    dock = ARMADA.cards["dock"]
    assert isinstance(dock, ArmadaCard) and dock.color == "red" and not dock.is_guild
    assert dock.copies_in_box(3) == 0 and dock.copies_in_box(4) == 1
    assert ARMADA.cards["coastal_defenses"].copies_in_box(3) == 1
    assert dock.ages == (1,) and ARMADA.cards["customs_office"].ages == ()


def _write(path: Path, values: dict) -> Path:
    write_components(path, values)
    return path


def test_entered_values_override_the_shipped_data(tmp_path: Path) -> None:
    path = _write(tmp_path / "components.json", {
        "port_board.3.blue.4.cost": {"resources": {"clay": 1}}, "port_board.3.wonder_fleet": "red",
        "fleet.blue.4.vp": 5, "card.dock.cost": {"resources": {"ore": 1}}, "card.dock.incursion": "right",
        "island.wild_island.produces": ["wood", "ore"], "island.topaz_island.fleet": "blue"})
    armada = load_armada_data(path)
    assert armada.boards[3].cost("blue", 4) == Cost(0, (("clay", 1),))
    assert armada.boards[3].wonder_fleet == "red"
    assert armada.fleets["blue"].reward(4, "vp") == 5
    dock = armada.cards["dock"]
    assert dock.cost == Cost(0, (("ore", 1),)) and dock.cost_unknown is None and dock.chain_unknown is not None
    assert dock.effects[1].direction == "right"
    assert armada.islands["wild_island"].effects[0].options == ("wood", "ore")
    assert armada.islands["topaz_island"].effects[0] == FreeShipMoves(1, ("blue",))
    fact = armada.facts["fleet.blue.4.vp"]
    assert fact.overridden and fact.known and "component owner" in fact.source
    assert len(armada.unknowns()) == len(ARMADA.unknowns()) - 7     # seven entered; the chain of Dock is not
    # The shipped data is untouched.
    assert isinstance(load_armada_data().fleets["blue"].reward(4, "vp"), Unknown)


def test_entered_values_are_validated_like_shipped_data(tmp_path: Path) -> None:
    with pytest.raises(GameDataError) as error:
        armada_with_values({"port_board.3.blue.4.cost": {"resources": {"clai": 1}}, "fleet.blue.4.vp": -2,
                            "port_board.3.wonder_fleet": "purple", "port_board.9.red.1.cost": {}},
                           "components.json")
    assert error.value.problems[:3] == [
        "components.json: values.fleet.blue.4.vp: must be at least 0, got -2",
        "components.json: values.port_board.3.wonder_fleet: unknown fleet 'purple'",
        "components.json: values.port_board.3.blue.4.cost.resources.clai: unknown resource 'clai'; "
        "did you mean 'clay'?",
    ]
    assert error.value.problems[3].startswith(
        "components.json: values.port_board.9.red.1.cost: no component value has this key; did you mean")
    assert len(error.value.problems) == 4


def test_a_bad_components_file_is_refused_with_its_name(tmp_path: Path) -> None:
    path = tmp_path / "components.json"
    path.write_text('{"format": "something", "values": []}', encoding="utf-8")
    with pytest.raises(GameDataError) as error:
        read_components(path)
    assert error.value.problems == [f"{path}: format: expected 'sevenwonders-components/1', got 'something'",
                                    f"{path}: values: expected an object"]
    assert read_components(tmp_path / "missing.json") == {}


def test_a_bad_armada_file_lists_every_problem(tmp_path: Path) -> None:
    shipped = resources.files("companion.games.armada").joinpath("data", "armada.json")
    document = json.loads(shipped.read_text(encoding="utf-8"))
    document["islands"] = document["islands"][1:]
    document["fleets"][0]["spaces"] = document["fleets"][0]["spaces"][:6]
    document["cards"][0]["removed_at_three_players"] = False
    bad = tmp_path / "armada.json"
    bad.write_text(json.dumps(document), encoding="utf-8")
    with pytest.raises(GameDataError) as error:
        load_armada_data(armada_file=bad)
    assert error.value.problems == [
        "armada.json: fleets[0].spaces: a fleet has a start space and 6 upgrade spaces, not 6",
        "armada.json: cards[0].removed_at_three_players: disagrees with setup.removed_at_three_players, which lists it",
        "armada.json: islands: 8 islands of level 1; the box has 9",
    ]


@pytest.mark.parametrize(("kind", "text", "value"), [
    ("cost", "1 clay", {"resources": {"clay": 1}}),
    ("cost", "2 wood + 1 ore + 1 coin", {"resources": {"wood": 2, "ore": 1}, "coins": 1}),
    ("cost", "glass, papyrus", {"resources": {"glass": 1, "papyrus": 1}}),
    ("cost", "free", {}),
    ("cost", "3 coins", {"coins": 3}),
    ("count", "5", 5),
    ("island_level", "none", 0),
    ("age", "II", 2),
    ("fleet", "Blue", "blue"),
    ("direction", "left", "left"),
    ("resources", "wood/ore", ["wood", "ore"]),
    ("cards", "none", []),
    ("cards", "lumber_yard, dock", ["lumber_yard", "dock"]),
])
def test_what_a_player_types(kind: str, text: str, value: object) -> None:
    assert parse_input(kind, text, resources=("wood", "stone", "clay", "ore", "glass", "papyrus", "textile"),
                       fleets=("red", "yellow", "blue", "green"), cards=("lumber_yard", "dock")) == value


@pytest.mark.parametrize(("kind", "text", "message"), [
    ("cost", "1 wod", "unknown resource 'wod'; did you mean 'wood'?"),
    ("count", "many", "expected a whole number (0 when nothing is printed), got 'many'"),
    ("island_level", "4", "expected the island level explored, 1 to 3, or 0 when the space explores nothing, got 4"),
    ("fleet", "purple", "expected red, yellow, blue or green, got 'purple'"),
])
def test_what_a_player_types_wrong(kind: str, text: str, message: str) -> None:
    with pytest.raises(InputError) as error:
        parse_input(kind, text, resources=("wood", "clay"), fleets=("red", "yellow", "blue", "green"), cards=())
    assert str(error.value) == message


def test_where_the_components_file_lives(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert default_components_path({"COMPANION_COMPONENTS": "/x/c.json"}) == Path("/x/c.json")
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path / "data"))
    assert default_components_path({}) == tmp_path / "data" / "sevenwonders-companion" / "components.json"
