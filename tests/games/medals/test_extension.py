"""Medals plugged into Architects through its hooks: the base game's rules see Medals only as an
`ArchitectsExtension` of a table that lists it, and a table without it runs the base rules alone.
Numbers from the Medals rulebook (4 VP a medal; Culture's third copy and three new Progress tokens: the
reference's "15 base (Culture x2) + 4 Medals") or written here by hand."""

from __future__ import annotations

import pytest

from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.rules.extension import EXTENSIONS, extension_score_rows
from companion.games.architects.rules.play import ArchitectsRuleError, place_card, tokens_in_box
from companion.games.architects.rules.scoring import CATEGORIES, all_categories, score_architects
from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable
from companion.games.architects.rules.turns import ArchitectsTurn, claim_on_turn
from companion.games.architects.tablefile import architects_table_to_json, parse_architects
from companion.games.medals.rules.extension import MedalsExtension
from companion.games.medals.rules.table import MedalLayout, medal_layout, medals_of, with_medals

DATA = load_architects_data()


def three(*, medals: bool) -> ArchitectsTable:
    players = tuple(ArchitectsPlayer(n, DATA.wonders[w], cards={}) for n, w in
                    (("Ann", "giza"), ("Bob", "rhodes"), ("Cid", "babylon")))
    table = ArchitectsTable(DATA, players)
    return with_medals(table, "standard", MedalLayout(("three_green", "three_grey", "three_red"))) if medals else table


def test_medals_is_registered_on_architects_and_only_a_table_listing_it_plays_it() -> None:
    assert EXTENSIONS.find("medals") is MedalsExtension
    assert EXTENSIONS.game_of("medals") == "medals"
    assert [ext.id for ext in three(medals=True).extensions] == ["medals"]
    assert three(medals=False).extensions == ()


def test_score_rows_come_after_the_base_game_and_are_zero_without_medals() -> None:
    assert CATEGORIES == ("wonder", "cat", "blue", "military", "progress")
    assert extension_score_rows() == ("medals",)
    assert all_categories() == (*CATEGORIES, "medals")        # the CSV's columns keep `medals`
    plain = score_architects(three(medals=False))
    assert plain.categories == CATEGORIES and [line.points["medals"] for line in plain.lines] == [0, 0, 0]
    assert score_architects(three(medals=True)).categories == (*CATEGORIES, "medals")


def test_the_box_grows_with_medals() -> None:
    # Culture: 2 in the base box + 1 with Medals; Logistics only with Medals.
    assert tokens_in_box(three(medals=False), "culture") == 2
    assert tokens_in_box(three(medals=True), "culture") == 3
    assert tokens_in_box(three(medals=False), "logistics") == 0
    assert tokens_in_box(three(medals=True), "logistics") == 1


def test_offers_and_claim_through_the_hooks() -> None:
    # Bob (seat 1) with 3 green cards: three_green lies between Ann and Bob, so he is offered it.
    table = three(medals=True)
    for kind in ("compass", "gear", "compass"):
        table = place_card(table, 1, kind).table
    (medals,) = table.extensions
    assert medals.offers(table, 1) == ("three_green",) and medals.offers(table, 0) == ()
    after = medals.claim(table, 1, "three_green")
    assert medals_of(after.players[1]) == ("three_green",) and medals.offers(after, 1) == ()
    assert medals.score(after.players[1]) == {"medals": 4}
    assert (medals.claim_kind, medals.claim_field) == ("architects_medal_taken", "medal")
    # the camera counts a won medal as "medal:<id>" in front of its owner
    assert medals.item_kind == "medal" and medals.held(after.players[1]) == ("three_green",)
    assert medals.held(after.players[0]) == ()


def test_the_table_file_round_trip_keeps_medals_in_extras() -> None:
    table = with_medals(three(medals=True), "expert", MedalLayout(("three_green", "three_grey", "three_red"),
                                                                  ("two_tokens", "seven_cards")))
    document = architects_table_to_json(table)
    assert document["medal_variant"] == "expert" and document["players"][0]["medals"] == []
    assert list(document)[:5] == ["format", "game", "expansions", "medal_variant", "medal_layout"]
    read = parse_architects(document).table
    assert medal_layout(read) == MedalLayout(("three_green", "three_grey", "three_red"), ("two_tokens", "seven_cards"))
    plain = architects_table_to_json(three(medals=False))
    assert "medal_variant" not in plain and "medals" not in plain["players"][0]


def test_the_turn_engine_claims_through_the_hook_on_ones_own_turn() -> None:
    table = three(medals=True)
    for kind in ("compass", "gear", "compass"):
        table = place_card(table, 1, kind).table
    with pytest.raises(ArchitectsRuleError, match="Bob claims a medal on their own turn"):
        claim_on_turn(table, ArchitectsTurn(0), 1, "medals", "three_green")
    with pytest.raises(ArchitectsRuleError, match="Ann does not meet the three_green medal's goal"):
        claim_on_turn(table, ArchitectsTurn(0), 0, "medals", "three_green")
    assert medals_of(claim_on_turn(table, ArchitectsTurn(1), 1, "medals", "three_green").players[1]) == ("three_green",)
    with pytest.raises(ArchitectsRuleError, match="does not play with medals"):
        claim_on_turn(three(medals=False), ArchitectsTurn(1), 1, "medals", "three_green")
