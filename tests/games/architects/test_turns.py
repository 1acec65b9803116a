"""7 Wonders Architects refereed turn by turn (issue 23): where a card is taken from, the Progress
tokens' extra cards, "must construct" and "must take a token" with the cards the construction spends,
the wonders' effects, the battle at the end of the turn, the end of the game, medals on one's own
turn. Rules from `../shared/reference/architects.md` (section 4), quoted in each test.

Seats: 0 Ann, 1 Bob, 2 Cid clockwise; the deck `deck:k` lies between seat k and its left neighbour
k+1, so Ann's left deck is deck:0 (her own), her right one deck:2 (Cid's)."""

from __future__ import annotations

from typing import Any

import pytest

from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable, BuiltPiece
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.rules.play import ArchitectsRuleError
from companion.games.architects.rules.turns import (
    ArchitectsTurn,
    card_sources,
    construct,
    deck_emptied,
    due,
    end_turn,
    may_peek,
    start_turn,
    take_card,
    take_progress,
    use_rome,
)
from companion.games.medals.rules.play import claim_medal
from companion.games.medals.rules.table import MedalLayout, medals_of, with_medals

DATA = load_architects_data()


def player(name: str, wonder: str = "giza", built: tuple[str, ...] = (), cards: dict[str, int] | None = None,
           **fields: Any) -> ArchitectsPlayer:
    w = DATA.wonders[wonder]
    pieces = tuple(BuiltPiece(p, w.piece(p).vp if w.pieces_known else 3) for p in built)
    return ArchitectsPlayer(name, w, pieces, cards=dict(cards or {}), **fields)


def three(ann: ArchitectsPlayer | None = None, **fields: Any) -> ArchitectsTable:
    return ArchitectsTable(DATA, (ann or player("Ann"), player("Bob", "rhodes"), player("Cid", "ephesus")), **fields)


def test_the_three_available_cards_and_nothing_more() -> None:
    # "Take 1 of the 3 available cards (top of the left deck, top of the right deck, top of the
    # face-down central deck)". Once taken, no second card (no token, no effect due).
    table = three()
    turn = start_turn(table)
    assert card_sources(table, turn) == ("deck:0", "deck:2", "central")
    with pytest.raises(ArchitectsRuleError):
        take_card(table, turn, "deck:1", "wood")              # Bob's right deck, not Ann's
    table, turn = take_card(table, turn, "deck:2", "blue_plain")
    assert turn.taken and card_sources(table, turn) == ()
    with pytest.raises(ArchitectsRuleError):
        take_card(table, turn, "central", "wood")
    # "An empty deck stays empty": a deck found empty is no longer offered.
    empty = deck_emptied(ArchitectsTurn(0), "deck:0")
    assert card_sources(table, empty) == ("deck:2", "central")
    # With every deck empty no card is due: the player is skipped (ruling A10).
    for deck in ("deck:2", "central"):
        empty = deck_emptied(empty, deck)
    assert due(table, empty) == () and end_turn(table, empty).next_turn.empty == empty.empty


def test_the_turn_passes_to_the_left_and_the_cat_holder_may_peek() -> None:
    # "Cat pawn: at the start of your turn you may secretly look at the top card of the central deck";
    # Domestication the same. Play passes clockwise (to the left: seat + 1).
    table = three(player("Ann", cat_pawn=True))
    turn = start_turn(table)
    assert may_peek(table, turn)
    table, turn = take_card(table, turn, "central", "blue_plain")
    assert not may_peek(table, turn)
    end = end_turn(table, turn)
    assert end.next_turn is not None and end.next_turn.seat == 1 and end.next_turn.number == 2
    assert not may_peek(end.table, end.next_turn)
    tamed = three().with_player(1, player("Bob", "rhodes", progress_tokens=("domestication",)))
    assert may_peek(tamed, ArchitectsTurn(1))


def test_must_construct_with_the_cards_the_construction_spends() -> None:
    # "if you have the resources for an available piece you must build it ... used cards are
    # discarded". Ann (Giza) holds a wood and takes a stone: 2 different resources pay Giza's first
    # piece (2 different, 4 VP).
    table = three(player("Ann", cards={"wood": 1}))
    table, turn = take_card(table, start_turn(table), "deck:0", "stone")
    assert due(table, turn) == ("construct",)
    with pytest.raises(ArchitectsRuleError, match="not over: construct"):
        end_turn(table, turn)
    with pytest.raises(ArchitectsRuleError, match="cannot be constructed now"):
        construct(table, turn, "two_identical", {"wood": 1, "stone": 1})     # level 2 before level 1
    with pytest.raises(ArchitectsRuleError, match="has 0 clay"):
        construct(table, turn, "two_different", {"wood": 1, "clay": 1})
    built, turn = construct(table, turn, "two_different", {"wood": 1, "stone": 1})
    ann = built.players[0]
    assert ann.built_ids == {"two_different"} and ann.cards == {} and due(built, turn) == ()
    assert end_turn(built, turn).next_turn is not None


def test_what_pays_a_piece() -> None:
    # "yellow coins must replace any missing resource"; identical / different as printed; Economy: 1
    # yellow card is worth 2 coins; Engineering: any resources.
    def paying(cards: dict[str, int], piece: str, spent: dict[str, int], tokens: tuple[str, ...] = (),
               built: tuple[str, ...] = ()) -> None:
        table = three(player("Ann", built=built, cards=cards, progress_tokens=tokens))
        construct(table, ArchitectsTurn(0, taken=True), piece, spent)

    paying({"wood": 1, "coin": 1}, "two_different", {"wood": 1, "coin": 1})
    with pytest.raises(ArchitectsRuleError, match="must be identical"):
        paying({"wood": 1, "stone": 1}, "two_identical", {"wood": 1, "stone": 1}, built=("two_different",))
    with pytest.raises(ArchitectsRuleError, match="must be different"):
        paying({"wood": 2}, "two_different", {"wood": 2})
    with pytest.raises(ArchitectsRuleError, match="needs 2 cards, not 3"):
        paying({"wood": 1, "stone": 1, "coin": 1}, "two_different", {"wood": 1, "stone": 1, "coin": 1})
    with pytest.raises(ArchitectsRuleError, match="these pay 1"):
        paying({"coin": 1}, "two_different", {"coin": 1})
    paying({"coin": 1}, "two_different", {"coin": 1}, tokens=("economy",))         # 1 yellow card = 2 coins
    paying({"wood": 1, "stone": 1}, "two_identical", {"wood": 1, "stone": 1}, tokens=("engineering",),
           built=("two_different",))
    with pytest.raises(ArchitectsRuleError, match="grey and yellow"):
        paying({"compass": 2}, "two_different", {"compass": 2})


def test_must_take_a_progress_token_spending_the_science_set() -> None:
    # "2 identical or 3 different science symbols -> you must take a Progress token: discard the green
    # cards used". Ann holds a compass and takes another: 2 identical.
    table = three(player("Ann", cards={"compass": 1, "gear": 1}))
    table, turn = take_card(table, start_turn(table), "central", "compass")
    assert due(table, turn) == ("science",)
    with pytest.raises(ArchitectsRuleError, match="2 identical or 3 different"):
        take_progress(table, turn, "tactics", {"compass": 1, "gear": 1})
    after, turn = take_progress(table, turn, "tactics", {"compass": 2})
    assert after.players[0].progress_tokens == ("tactics",) and after.players[0].cards == {"gear": 1}
    assert due(after, turn) == ()


def test_progress_tokens_give_an_extra_card_once_per_turn() -> None:
    # Urbanism: "when you take a wood or clay grey card, choose 1 extra card from the 3 available";
    # "each once per turn". Ann takes a wood (1 extra), then a clay as the extra card: no second one.
    table = three(player("Ann", progress_tokens=("urbanism",)))
    table, turn = take_card(table, start_turn(table), "deck:0", "wood")
    assert turn.extra_cards == 1 and due(table, turn) == ("extra_card",)
    assert card_sources(table, turn) == ("deck:0", "deck:2", "central")
    table, turn = take_card(table, turn, "central", "clay")
    assert turn.extra_cards == 0 and due(table, turn) == ("construct",)      # wood + clay: 2 different
    # Jewellery: a stone or a yellow card; Propaganda: a red card with horns, not a plain one.
    jewel = three(player("Ann", progress_tokens=("jewellery",)))
    assert take_card(jewel, start_turn(jewel), "central", "coin")[1].extra_cards == 1
    red = three(player("Ann", progress_tokens=("propaganda",)))
    assert take_card(red, start_turn(red), "central", "red_plain")[1].extra_cards == 0
    assert take_card(red, start_turn(red), "central", "red_horn_1")[1].extra_cards == 1
    # Architecture: "when you construct a stage, 1 extra card".
    arch = three(player("Ann", cards={"wood": 1, "stone": 1}, progress_tokens=("architecture",)))
    _table, built = construct(arch, ArchitectsTurn(0, taken=True), "two_different", {"wood": 1, "stone": 1})
    assert built.extra_cards == 1


@pytest.mark.parametrize("wonder, piece, effects, sources", [
    # Ephesus: "take the top card of the central deck".
    ("ephesus", "two_identical", ("central",), ("central",)),
    # Olympia: "take the top card of the deck to your left and of the deck to your right".
    ("olympia", "two_identical", ("left", "right"), ("deck:0", "deck:2")),
    # Halicarnassus: "take the top 5 cards of the deck to your left or right, keep 1".
    ("halicarnassus", "two_identical", ("left_or_right",), ("deck:0", "deck:2")),
    # Alexandria: "take the top card of any deck anywhere on the table".
    ("alexandria", "two_identical", ("any_deck",), ("deck:0", "deck:1", "deck:2", "central")),
])
def test_wonder_effects_owe_cards_from_their_decks(wonder: str, piece: str, effects: tuple[str, ...],
                                                  sources: tuple[str, ...]) -> None:
    table = three(player("Ann", wonder, built=("two_different",), cards={"wood": 2}))
    table, turn = construct(table, ArchitectsTurn(0, taken=True), piece, {"wood": 2})
    assert turn.effects == effects and card_sources(table, turn) == sources
    for _ in effects:
        table, turn = take_card(table, turn, card_sources(table, turn)[-1 if wonder == "alexandria" else 0],
                                "blue_plain")
    assert turn.effects == () and due(table, turn) == ()


def test_babylon_takes_a_token_and_rome_gives_a_card_for_the_next_turn() -> None:
    # Babylon: "choose 1 Progress token from the 4 available"; no green cards spent.
    babylon = three(player("Ann", "babylon", built=("two_different",), cards={"glass": 2}))
    table, turn = construct(babylon, ArchitectsTurn(0, taken=True), "two_identical", {"glass": 2})
    assert due(table, turn) == ("token",)
    table, turn = take_progress(table, turn, "decor")
    assert table.players[0].progress_tokens == ("decor",) and due(table, turn) == ()
    # Rome (pieces unknown: the player reads the VP and says the piece carries the effect): "take 1
    # card lying in front of any opponent ... give that opponent the top card of the central deck face
    # down - on their next turn they reveal it and place it in front of them, in addition to their
    # normal turn".
    rome = ArchitectsTable(DATA, (player("Ann", "rome", cards={"wood": 2}), player("Bob", "rhodes",
                                                                                   cards={"blue_cat": 1})))
    table, turn = construct(rome, ArchitectsTurn(0, taken=True), None, {"wood": 2}, vp=3, effect=True)
    assert turn.effects == ("theft",)
    table, turn = use_rome(table, turn, 1, "blue_cat")
    assert table.players[0].cat_pawn and table.players[1].cards == {}
    bob = end_turn(table, turn).next_turn
    assert bob is not None and bob.gift_due and due(table, bob) == ("gift", "card")
    with pytest.raises(ArchitectsRuleError, match="placed first"):
        take_card(table, bob, "central", "wood")
    table, bob = take_card(table, bob, "gift", "wood")
    table, bob = take_card(table, bob, "central", "stone")
    assert table.players[1].cards == {"wood": 1, "stone": 1}


def test_the_battle_is_fought_at_the_end_of_the_turn_that_turned_the_last_token() -> None:
    # 3 players: 3 Conflict tokens. Two are turned; Ann takes a red card with 2 horns: the last one
    # turns ("extra horns beyond the last Peace token are ignored") and the battle comes at the end of
    # her turn: 1 shield against Bob's 0 and Cid's 0: 2 Military Victory tokens; her horned card is
    # discarded and the tokens go back to Peace.
    table = three(conflicts_flipped=2)
    table, turn = take_card(table, start_turn(table), "central", "red_horn_2")
    assert turn.battle_due and table.conflicts_flipped == 3
    end = end_turn(table, turn)
    assert end.battle_gains == (2, 0, 0)
    assert end.table.players[0].military_tokens == 2 and end.table.players[0].cards == {}
    assert end.table.conflicts_flipped == 0


def test_the_game_ends_at_the_end_of_the_turn_a_wonder_is_completed() -> None:
    # "once a player has finished their wonder, the game ends at the end of that player's turn".
    pieces = ("two_different", "two_identical", "three_different", "three_identical")
    table = three(player("Ann", built=pieces, cards={"wood": 1, "stone": 1, "clay": 1, "papyrus": 1}))
    table, turn = construct(table, ArchitectsTurn(0, taken=True), "four_different",
                            {"wood": 1, "stone": 1, "clay": 1, "papyrus": 1})
    assert turn.wonder_completed
    end = end_turn(table, turn)
    assert end.game_over and end.next_turn is None and end.table.players[0].stages == 5


def test_a_medal_is_claimed_on_ones_own_turn() -> None:
    # Medals: "вы можете выполнить цель в любой момент своего хода". Bob (seat 1) has 3 blue cards;
    # the three_blue medal lies between Ann and Bob. On Ann's turn he cannot take it; on his, he can.
    layout = MedalLayout(("three_blue", "three_grey", "two_tokens"))
    table = with_medals(ArchitectsTable(DATA, (player("Ann"), player("Bob", "rhodes", cards={"blue_plain": 3}),
                                               player("Cid", "ephesus"))), None, layout)
    with pytest.raises(ArchitectsRuleError, match="own turn"):
        claim_medal(table, ArchitectsTurn(0), 1, "three_blue")
    assert medals_of(claim_medal(table, ArchitectsTurn(1), 1, "three_blue").players[1]) == ("three_blue",)
    with pytest.raises(ArchitectsRuleError, match="does not meet"):
        claim_medal(table, ArchitectsTurn(0), 0, "three_blue")


def test_ur_takes_the_cat_pawn_and_uses_it_at_once() -> None:
    # Ur: "take the Cat pawn from wherever it is and place it in front of you; immediately use it to
    # choose 1 of the 3 available cards" (its pieces are unknown: the player says the piece carries it).
    table = ArchitectsTable(DATA, (player("Ann", "ur", cards={"wood": 2}), player("Bob", "rhodes", cat_pawn=True)))
    table, turn = construct(table, ArchitectsTurn(0, taken=True), None, {"wood": 2}, vp=3, effect=True)
    assert table.players[0].cat_pawn and not table.players[1].cat_pawn
    assert turn.effects == ("cat_card",) and card_sources(table, turn) == ("deck:0", "deck:1", "central")
    table, turn = take_card(table, turn, "deck:1", "gear")
    assert due(table, turn) == ()


def test_a_battle_due_on_the_last_turn_is_fought_before_the_end() -> None:
    # A21: "resolve the battle, then score". Ann completes Giza on the turn her red card (2 horns)
    # turned the last Conflict token: she wins 2 tokens (1 shield against 0 and 0) and the game ends.
    pieces = ("two_different", "two_identical", "three_different", "three_identical")
    table = three(player("Ann", built=pieces, cards={"wood": 1, "stone": 1, "clay": 1, "papyrus": 1}),
                  conflicts_flipped=2)
    table, turn = take_card(table, start_turn(table), "central", "red_horn_2")
    table, turn = construct(table, turn, "four_different", {"wood": 1, "stone": 1, "clay": 1, "papyrus": 1})
    end = end_turn(table, turn)
    assert end.game_over and end.battle_gains == (2, 0, 0) and end.table.players[0].military_tokens == 2
