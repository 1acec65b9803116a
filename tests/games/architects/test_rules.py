"""7 Wonders Architects rules: the rulebook's example, every wonder, every token, ties, battles and
hand-computed tables (with Medals where the base rules meet it: the medal row, the battle-double medal,
the tokens its box adds; Medals' own rules are tested in tests/games/medals/). Expected numbers come
from the rulebook (END OF THE GAME, EFFECTS OF PROGRESS TOKENS, 2 PLAYER GAME), the Medals rulebook, or
a sum written in the test."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.games.architects.rules import (
    ArchitectsPlayer,
    ArchitectsTable,
    BuiltPiece,
    score_architects,
)
from companion.games.architects.rules.battle import apply_battle, resolve_battle, shields, two_player_gain
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.rules.play import (
    ArchitectsRuleError,
    build_piece,
    place_card,
    remove_card,
    rome_theft,
    take_token,
    tokens_in_box,
)
from companion.games.architects.rules.scoring import score_player
from companion.games.architects.rules.table import LITERAL_TWO_PLAYER
from companion.games.architects.rules.wonder import buildable_pieces, level_problem
from companion.games.architects.tablefile import parse_architects
from companion.games.medals.rules.data import load_medals_data
from companion.games.medals.rules.table import MedalLayout, medals_of, with_medals, with_medals_won
from companion.games.sevenwonders.tablefile import TableFileError

DATA = load_architects_data()
MEDALS = load_medals_data()
ALL = ["two_different", "two_identical", "three_different", "three_identical", "four_different"]


def player(name: str = "Ann", wonder: str = "giza", built: list[str] | None = None, **fields: Any) -> ArchitectsPlayer:
    w = DATA.wonders[wonder]
    pieces = tuple(BuiltPiece(p, w.piece(p).vp) for p in built or [])
    won = fields.pop("medals", ())
    return with_medals_won(ArchitectsPlayer(name, w, pieces, **fields), won)


def table(*players: ArchitectsPlayer, medals: bool = False, medal_variant: str | None = None,
          medal_layout: MedalLayout | None = None, **fields: Any) -> ArchitectsTable:
    plain = ArchitectsTable(DATA, players, **fields)
    return with_medals(plain, medal_variant, medal_layout) if medals else plain


def test_rulebook_end_of_game_example() -> None:
    # END OF THE GAME: Ephesus with its base (3) and two columns (3 and 4) built, the Cat pawn, blue
    # cards 3 + 2 + 2, 4 Military Victory tokens and the Strategy token: 10 + 2 + 7 + 12 + 4 = 35.
    ann = player(wonder="ephesus", built=["two_different", "two_identical", "three_different"],
                 blue_plain=1, blue_cat=2, cat_pawn=True, military_tokens=4, progress_tokens=("strategy",))
    line = score_player(ann, DATA)
    assert [line.points[c] for c in ("wonder", "cat", "blue", "military", "progress")] == [10, 2, 7, 12, 4]
    assert line.total == 35 and line.stages == 3


@pytest.mark.parametrize(("wonder", "total"), [("giza", 30), ("rhodes", 26), ("alexandria", 25),
                                               ("halicarnassus", 24), ("olympia", 22), ("ephesus", 22),
                                               ("babylon", 20)])
def test_every_wonder_complete(wonder: str, total: int) -> None:
    assert score_player(player(wonder=wonder, built=ALL), DATA).points["wonder"] == total


@pytest.mark.parametrize(("wonder", "built", "vp"), [
    ("babylon", ["two_different", "two_identical", "three_different", "three_identical"], 3 + 0 + 5 + 5),
    ("babylon", ["two_different", "two_identical", "three_different", "four_different"], 3 + 0 + 5 + 7),
    ("halicarnassus", ["two_different", "two_identical", "three_identical"], 3 + 3 + 5),
    ("halicarnassus", ["two_different", "two_identical", "three_different"], 3 + 3 + 6),
    ("ephesus", ["two_different", "two_identical"], 6),
    ("ephesus", ["two_different", "three_different"], 7),
    ("ephesus", ["two_different", "three_identical"], 8),
    ("olympia", ["two_different", "two_identical"], 5),
    ("olympia", ["two_different", "three_different"], 8),
    ("rhodes", ["two_different"], 4),
    ("rhodes", ["two_identical"], 4),
])
def test_partial_wonders_depend_on_the_pieces(wonder: str, built: list[str], vp: int) -> None:
    assert level_problem(DATA.wonders[wonder], built) is None
    assert score_player(player(wonder=wonder, built=built), DATA).points["wonder"] == vp


def test_levels() -> None:
    babylon = DATA.wonders["babylon"]
    assert {p.id for p in buildable_pieces(babylon, {"two_different", "two_identical", "three_different"})} == {
        "three_identical", "four_different"}
    assert level_problem(babylon, {"two_different", "three_different"}) is not None
    rhodes = DATA.wonders["rhodes"]
    assert {p.id for p in buildable_pieces(rhodes, set())} == {"two_different", "two_identical"}
    assert {p.id for p in buildable_pieces(rhodes, {"two_different"})} == {"two_identical"}
    ephesus = DATA.wonders["ephesus"]
    assert {p.id for p in buildable_pieces(ephesus, {"two_different"})} == {
        "two_identical", "three_different", "three_identical"}
    assert level_problem(ephesus, {"two_different", "two_identical", "three_different", "four_different"})


def test_rome_and_ur_have_no_invented_values() -> None:
    for wonder in ("rome", "ur"):
        assert DATA.wonders[wonder].pieces is None
    assert DATA.wonders["rome"].effect_pieces == 2 and DATA.wonders["ur"].effect_pieces is None
    rome = ArchitectsPlayer("Rita", DATA.wonders["rome"], (BuiltPiece(None, 4), BuiltPiece("top", 7)))
    assert score_player(rome, DATA).points["wonder"] == 11 and score_player(rome, DATA).stages == 2


def test_cat_blue_military_medals() -> None:
    line = score_player(player(cat_pawn=True, blue_plain=2, blue_cat=3, military_tokens=5,
                               medals=("three_blue", "two_tokens")), DATA)
    assert line.points == {"wonder": 0, "cat": 2, "blue": 2 * 3 + 3 * 2, "military": 15, "progress": 0, "medals": 8}


@pytest.mark.parametrize(("tokens", "fields", "built", "expected"), [
    (("decor",), {}, ALL[:4], {"decor": 4}),
    (("decor",), {}, ALL, {"decor": 6}),
    (("politics",), {"blue_cat": 3, "blue_plain": 4}, [], {"politics": 3}),
    (("strategy",), {"military_tokens": 6}, [], {"strategy": 6}),
    (("education",), {}, [], {"education": 2}),
    (("education", "culture", "culture", "tactics"), {}, [], {"education": 8, "culture": 12, "tactics": 0}),
    (("culture",), {}, [], {"culture": 4}),
    (("culture", "culture"), {}, [], {"culture": 12}),
    (("culture", "culture", "culture"), {}, [], {"culture": 16}),
    (("logistics",), {"grey_cards": 5}, [], {"logistics": 10}),
    (("urbanism", "crafts", "jewellery", "science", "propaganda", "architecture", "economy", "engineering",
      "fortification", "domestication"), {}, [], dict.fromkeys(
        ("urbanism", "crafts", "jewellery", "science", "propaganda", "architecture", "economy", "engineering",
         "fortification", "domestication"), 0)),
])
def test_every_progress_token(tokens: tuple[str, ...], fields: dict[str, int], built: list[str],
                              expected: dict[str, int]) -> None:
    line = score_player(player(built=built, progress_tokens=tokens, **fields), DATA)
    assert line.progress == expected
    assert line.points["progress"] == sum(expected.values())


def test_token_box_counts() -> None:
    assert len(DATA.tokens) == 17
    assert sum(tokens_in_box(table(), t) for t in DATA.tokens) == 15
    assert sum(tokens_in_box(table(medals=True), t) for t in DATA.tokens) == 19
    assert len(MEDALS.medals) == 12
    assert DATA.conflict_tokens_by_players == {2: 3, 3: 3, 4: 4, 5: 5, 6: 6, 7: 6}
    assert DATA.military_tokens_in_box == 28 and DATA.military_token_vp == 3
    assert DATA.token_id("jewelry") == "jewellery" and DATA.token_id("decoration") == "decor"


def test_tie_broken_by_stages_and_shared() -> None:
    ann = player("Ann", "giza", ALL[:4], blue_plain=4)  # 22 + 12 = 34, 4 stages
    bob = player("Bob", "rhodes", ALL, blue_cat=4)  # 26 + 8 = 34, 5 stages
    cid = player("Cid", "babylon", ALL[:3], military_tokens=2)  # 8 + 6 = 14
    sheet = score_architects(table(ann, bob, cid))
    assert [line.total for line in sheet.lines] == [34, 34, 14]
    assert sheet.winners == ("Bob",) and sheet.tie_break == "stages"
    assert [line.rank for line in sheet.lines] == [2, 1, 3]
    dan = player("Dan", "olympia", ALL[:4], blue_plain=7, military_tokens=1)  # 15 + 21 + 3 = 39, 4 stages
    eve = player("Eve", "alexandria", ALL[:4], blue_plain=5, blue_cat=3)  # 18 + 15 + 6 = 39, 4 stages
    shared = score_architects(table(dan, eve, cid))
    assert [line.total for line in shared.lines] == [39, 39, 14]
    assert shared.winners == ("Dan", "Eve") and shared.tie_break == "shared"
    assert [line.rank for line in shared.lines] == [1, 1, 3]
    alone = score_architects(table(dan, cid))
    assert alone.winners == ("Dan",) and alone.tie_break == "none"


def test_two_player_battles() -> None:
    # 2 PLAYER GAME: more shields 1 token, at least twice as many 2; BGA: 1 vs 0 -> 1, 2 vs 0 -> 2.
    assert [two_player_gain(a, b, "bga") for a, b in [(1, 0), (2, 0), (2, 1), (3, 2), (4, 2), (2, 2), (0, 1)]] == [
        1, 2, 2, 1, 2, 0, 0]
    assert two_player_gain(1, 0, LITERAL_TWO_PLAYER) == 2


def test_shields_rhodes_and_tactics() -> None:
    rhodes = player(wonder="rhodes", built=["two_different", "two_identical", "three_different", "three_identical"],
                    cards={"red_plain": 1, "red_horn_2": 1}, progress_tokens=("tactics",))
    # 2 red cards + Rhodes' two effect pieces (2= and 3=) + Tactics 2 = 6
    assert shields(rhodes, DATA) == 2 + 2 + 2


def test_battle_each_neighbour_and_discard() -> None:
    a = player("A", "giza", cards={"red_plain": 3, "red_horn_1": 1})  # 4 shields
    b = player("B", "rhodes", cards={"red_horn_2": 1}, progress_tokens=("fortification",))  # 1 shield
    c = player("C", "babylon", cards={"red_horn_1": 2})  # 2 shields
    d = player("D", "olympia", cards={})  # 0
    t = table(a, b, c, d, medals=True, medal_variant="standard",
              medal_layout=MedalLayout(("battle_double", "three_grey", "three_red", "two_tokens")))
    battle = resolve_battle(t)
    # A: neighbours B (1) and D (0): 2 tokens. B: A 4, C 2: 0. C: B 1, D 0: 2. D: 0.
    assert battle.shields == (4, 1, 2, 0) and battle.gains == (2, 0, 2, 0)
    # battle_double lies between A and B: A takes it; C cannot reach it.
    assert battle.awards["medals"] == ((0, "battle_double"),)
    after = apply_battle(replace(t, conflicts_flipped=4), battle)
    assert after.conflicts_flipped == 0
    assert after.players[0].cards == {"red_plain": 3} and medals_of(after.players[0]) == ("battle_double",)
    assert after.players[1].cards == {"red_horn_2": 1}  # Fortification keeps horned cards
    assert after.players[2].cards == {} and after.players[2].military_tokens == 2


def test_conflict_tokens_and_cat_from_cards() -> None:
    t = table(player("A", "giza", cards={}), player("B", "rhodes", cards={}), player("C", "babylon", cards={}))
    assert t.conflict_tokens == 3
    first = place_card(t, 0, "red_horn_2")
    assert first.table.conflicts_flipped == 2 and not first.battle_due
    second = place_card(first.table, 1, "red_horn_2")  # one token left: the extra horn is lost
    assert second.table.conflicts_flipped == 3 and second.battle_due
    cat = place_card(second.table, 2, "blue_cat").table
    assert cat.cat_holder() == 2 and cat.players[2].blue_cat == 1
    moved = place_card(cat, 0, "blue_cat").table
    assert moved.cat_holder() == 0


def test_build_take_and_theft() -> None:
    t = table(player("A", "babylon", cards={"wood": 2}), player("B", "rome", cards={"blue_cat": 1}, cat_pawn=True),
              medals=True)
    with pytest.raises(ArchitectsRuleError):
        build_piece(t, 0, "two_identical")
    t = build_piece(build_piece(t, 0, "two_different"), 0, "two_identical")
    assert t.players[0].stages == 2
    with pytest.raises(ArchitectsRuleError):
        build_piece(t, 1, None)  # Rome's pieces need the VP read on them
    t = build_piece(t, 1, None, vp=4)
    assert score_player(t.players[1], DATA).points["wonder"] == 4
    t = remove_card(t, 0, "wood", 2)
    assert t.players[0].grey_cards == 0
    with pytest.raises(ArchitectsRuleError):
        rome_theft(t, 1, 0, "blue_cat")  # Ann has no such card
    back = rome_theft(place_card(t, 0, "blue_cat").table, 1, 0, "blue_cat").table
    assert back.cat_holder() == 1 and back.players[1].blue_cat == 2 and back.players[0].blue_cat == 0
    t = take_token(take_token(t, 0, "culture"), 1, "culture")
    t = take_token(t, 0, "culture")  # the third copy comes with Medals
    with pytest.raises(ArchitectsRuleError):
        take_token(t, 1, "culture")


def doc(players: list[dict[str, Any]], **top: Any) -> dict[str, Any]:
    return {"format": "architects-table/1", **top, "players": players}


def test_four_player_table_by_hand() -> None:
    document = doc([
        # Rhodes 4 pieces 4+4+5+6 = 19; blue 2 plain 6; military 3 -> 9; Tactics 0 + Strategy 3 -> 37
        {"name": "Ann", "wonder": "rhodes", "stages_built": ALL[:4], "blue_cards": {"plain": 2, "cat": 0},
         "military_tokens": 3, "progress_tokens": ["tactics", "strategy"]},
        # Alexandria complete 25; blue cat 2 -> 4 + pawn 2; Politics 2; Decor 6 -> 39
        {"name": "Bob", "wonder": "alexandria", "stages_built": ALL, "blue_cards": {"plain": 0, "cat": 2},
         "cat_pawn": True, "progress_tokens": ["politics", "decor"]},
        # Halicarnassus 3 pieces 3+3+5 = 11; blue 4 plain 12; military 2 -> 6; Culture x2 12 -> 41
        {"name": "Cid", "wonder": "halicarnassus",
         "stages_built": ["two_different", "two_identical", "three_identical"],
         "blue_cards": {"plain": 4, "cat": 0}, "military_tokens": 2, "progress_tokens": ["culture", "culture"]},
        # Olympia 4 pieces 3+2+5+5 = 15; blue 5 plain 15; military 1 -> 3; an unknown token first
        {"name": "Dan", "wonder": "olympia", "stages_built": ALL[:4], "blue_cards": {"plain": 5, "cat": 0},
         "military_tokens": 1, "progress_tokens": ["education", "decor_"]},
    ])
    with pytest.raises(TableFileError, match="decor_"):
        parse_architects(document)
    # Decor is Bob's (one copy): Education with 2 tokens 4, Urbanism 0 -> 15 + 15 + 3 + 4 = 37
    document["players"][3]["progress_tokens"] = ["education", "urbanism"]
    sheet = score_architects(parse_architects(document).table)
    assert [line.total for line in sheet.lines] == [37, 39, 41, 37]
    # Cid 41 wins alone; Ann and Dan tie on 37 with 4 stages each: shared rank 3
    assert sheet.winners == ("Cid",) and [line.rank for line in sheet.lines] == [3, 2, 1, 3]


def test_a_bad_data_file_is_refused_with_every_problem(tmp_path: Any) -> None:
    import json
    from importlib import resources

    from companion.gamedata.reading import GameDataError

    document = json.loads(resources.files("companion.games.architects").joinpath("data", "architects.json").read_text())
    document["wonders"][0]["pieces"][0]["cost"] = "five_identical"
    document["progress_tokens"][0]["expansion"] = "armada"
    (tmp_path / "architects.json").write_text(json.dumps(document))
    with pytest.raises(GameDataError) as caught:
        load_architects_data(tmp_path)
    problems = caught.value.problems
    assert any("wonders[0].pieces[0].cost: unknown piece cost 'five_identical'" in p for p in problems), problems
    assert any("progress_tokens[0].expansion: unknown expansion 'armada'" in p for p in problems), problems


def test_what_the_rules_oblige() -> None:
    from companion.games.architects.rules.obligations import can_pay, pieces_to_construct, science_set_due

    giza = DATA.wonders["giza"]
    piece = giza.piece

    def holding(cards: dict[str, int], tokens: tuple[str, ...] = (),
                built: list[str] | None = None) -> ArchitectsPlayer:
        return player(wonder="giza", built=built, cards=cards, progress_tokens=tokens)

    # 2 different: wood + stone; or wood + a coin standing for the missing one
    assert can_pay(holding({"wood": 1, "stone": 1}), piece("two_different"), DATA)
    assert can_pay(holding({"wood": 1, "coin": 1}), piece("two_different"), DATA)
    assert not can_pay(holding({"wood": 2}), piece("two_different"), DATA)
    # 3 identical: 2 clay + 1 coin; Economy makes one coin worth 2: 1 clay + 1 coin
    assert can_pay(holding({"clay": 2, "coin": 1}), piece("three_identical"), DATA)
    assert not can_pay(holding({"clay": 1, "coin": 1}), piece("three_identical"), DATA)
    assert can_pay(holding({"clay": 1, "coin": 1}, ("economy",)), piece("three_identical"), DATA)
    # Engineering ignores identical/different: wood, wood, stone, stone pay 4 different
    assert not can_pay(holding({"wood": 2, "stone": 2}), piece("four_different"), DATA)
    assert can_pay(holding({"wood": 2, "stone": 2}, ("engineering",)), piece("four_different"), DATA)
    # Only available pieces oblige: with nothing built, 2 wood pay 2= but it stands on 2≠
    assert pieces_to_construct(holding({"wood": 2}), DATA) == ()
    assert [p.id for p in pieces_to_construct(holding({"wood": 2}, built=["two_different"]), DATA)] == [
        "two_identical"]
    # Science: 2 identical or 3 different symbols
    assert science_set_due(holding({"gear": 2}), DATA)
    assert science_set_due(holding({"gear": 1, "compass": 1, "tablet": 1}), DATA)
    assert not science_set_due(holding({"gear": 1, "compass": 1}), DATA)
