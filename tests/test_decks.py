"""The box: 148 age cards, decks of 7 cards per player, guilds, wonders, names in three languages."""

import pytest

from companion.games.sevenwonders.rules.model import GameData


def test_the_box_holds_148_age_cards_and_75_buildings(data: GameData) -> None:
    # 49 Age I + 49 Age II + 50 Age III cards (rulebook contents list); the 50 of Age III are 40 + 10 guilds.
    copies = list(data.all_copies())
    assert len(copies) == 148
    assert [sum(1 for c in copies if c.age == age) for age in (1, 2, 3)] == [49, 49, 50]
    assert len(data.cards) == 75
    assert len(data.guilds()) == 10


@pytest.mark.parametrize("players", [3, 4, 5, 6, 7])
def test_each_age_deals_seven_cards_per_player(data: GameData, players: int) -> None:
    guilds = players + 2  # "the number of guilds equals the number of players + 2"
    assert len(data.deck(1, players)) == 7 * players
    assert len(data.deck(2, players)) == 7 * players
    assert len(data.deck(3, players)) + guilds == 7 * players


def test_a_building_in_two_ages_is_one_card_with_copies_of_both_ages(data: GameData) -> None:
    loom = data.cards["loom"]
    assert sorted((c.age, c.players) for c in loom.copies) == [(1, 3), (1, 6), (2, 3), (2, 5)]
    assert loom.copies_in_box(3) == 2 and loom.copies_in_box(5) == 3 and loom.copies_in_box(7) == 4


def test_copy_keys_tell_every_physical_card_apart(data: GameData) -> None:
    keys = [c.key for c in data.all_copies()]
    assert len(set(keys)) == 148
    assert "lumber_yard/I/4+" in keys and "spies_guild/III/guild" in keys


def test_each_science_symbol_is_on_four_cards(data: GameData) -> None:
    symbols = [e.symbol for card in data.cards.values() for e in card.effects if e.type == "science"]
    assert {s: symbols.count(s) for s in set(symbols)} == {"compass": 4, "gear": 4, "tablet": 4}


def test_every_component_has_english_russian_and_ukrainian_names(data: GameData) -> None:
    for component in [*data.cards.values(), *data.wonders.values()]:
        assert set(component.names) == {"en", "ru", "uk"}
        assert all(name.strip() for name in component.names.values())
    assert data.cards["scriptorium"].names["uk"] == "Скрипторій"
    assert data.cards["town_hall"].names["ru"] == "Муниципалитет"


def test_the_ids_named_in_the_issue_exist(data: GameData) -> None:
    for card_id in ("east_trading_post", "craftsmens_guild", "bazar", "loom", "lumber_yard"):
        assert card_id in data.cards
    assert set(data.wonders) == {"rhodes", "alexandria", "ephesos", "babylon", "olympia", "halikarnassos",
                                 "gizah"}


def test_chains_point_back_to_earlier_ages(data: GameData) -> None:
    assert set(data.chains_to["scriptorium"]) == {"courthouse", "library"}
    assert set(data.chains_to["theater"]) == {"statue"}
    assert data.cards["senate"].chain_from == ("library",)  # not Courthouse (reference §c.8)
