"""Medals on Architects: every medal goal, where a medal can be won and when it is offered, the
battle-double medal of the expert variant, the parts of a goal a final table still proves, hand-computed
tables with medals, and Medals' data file. Expected numbers come from the Medals rulebook (4 VP a medal,
its goals) or a sum written in the test."""

from __future__ import annotations

from dataclasses import replace
from typing import Any

import pytest

from companion.games.architects.rules import BuiltPiece, score_architects
from companion.games.architects.rules.battle import resolve_battle
from companion.games.architects.rules.play import ArchitectsRuleError, place_card
from companion.games.architects.tablefile import parse_architects
from companion.games.medals.rules.data import load_medals_data
from companion.games.medals.rules.goals import accessible_medals, goal_met, medal_offers, monotone_goal_met
from companion.games.medals.rules.play import take_medal
from companion.games.medals.rules.table import MedalLayout, with_medals
from tests.games.architects.test_rules import ALL, DATA, MEDALS, doc, player, table


def test_expert_central_battle_double_goes_to_each() -> None:
    ps = [player(n, w, cards={"red_plain": s}) for n, w, s in
          [("A", "giza", 3), ("B", "rhodes", 0), ("C", "babylon", 3), ("D", "olympia", 0)]]
    t = table(*ps, medals=True, medal_variant="expert",
              medal_layout=MedalLayout(("three_grey", "three_red", "two_tokens", "seven_cards"),
                                       ("battle_double", "three_blue")))
    assert resolve_battle(t).awards["medals"] == ((0, "battle_double"), (2, "battle_double"))


def test_every_medal_goal() -> None:
    cards = {"compass": 1, "gear": 1, "tablet": 1, "wood": 2, "stone": 1, "red_plain": 2, "red_horn_1": 1,
             "blue_plain": 2, "blue_cat": 1, "coin": 1}
    rich = player(wonder="giza", built=ALL[:3], cards=cards, blue_plain=2, blue_cat=1, grey_cards=3, cat_pawn=True,
                  military_tokens=1, progress_tokens=("tactics", "decor"))
    for medal in MEDALS.medals.values():
        assert goal_met(medal, rich, DATA) == (medal.id != "battle_double"), medal.id
    assert goal_met(MEDALS.medals["battle_double"], rich, DATA, battle_gain=2)
    poor = player(wonder="giza", built=ALL[:1], cards={"compass": 2, "wood": 2, "red_plain": 2},
                  progress_tokens=("tactics",))  # 6 cards, 2 of a colour at most, 1 stage, 1 token
    for medal in MEDALS.medals.values():
        assert not goal_met(medal, poor, DATA), medal.id
    # one short of each threshold: 2 stages with the pawn meets two_stages_cat but not three_stages
    two = replace(poor, built=tuple(BuiltPiece(p, 0) for p in ALL[:2]), cat_pawn=True)
    assert goal_met(MEDALS.medals["two_stages_cat"], two, DATA)
    assert not goal_met(MEDALS.medals["three_stages"], two, DATA)
    assert not goal_met(MEDALS.medals["token_victory_cat"], two, DATA)  # no Military Victory token


def test_medal_access_and_offers() -> None:
    ps = [player(n, w, cards={}) for n, w in [("A", "giza"), ("B", "rhodes"), ("C", "babylon")]]
    layout = MedalLayout(("three_green", "three_grey", "three_red"), ("seven_cards", "two_tokens"))
    standard = table(*ps, medals=True, medal_variant="standard", medal_layout=layout)
    assert accessible_medals(standard, 0) == ("three_green", "three_red")
    assert accessible_medals(standard, 1) == ("three_grey", "three_green")
    expert = with_medals(standard, "expert", layout)
    assert accessible_medals(expert, 0) == ("three_green", "three_red", "seven_cards", "two_tokens")
    t = standard
    for _ in range(3):
        t = place_card(t, 1, "compass").table
    assert medal_offers(t, 1) == ("three_green",) and medal_offers(t, 0) == ()
    t = take_medal(t, 1, "three_green")
    assert medal_offers(t, 1) == ()
    with pytest.raises(ArchitectsRuleError):
        take_medal(t, 0, "three_green")  # the neighbour can no longer get it
    with pytest.raises(ArchitectsRuleError):
        take_medal(t, 0, "three_grey")  # lies between B and C
    two = table(ps[0], ps[1], medals=True, medal_variant="standard",
                medal_layout=MedalLayout(("three_red", "two_tokens")))
    assert set(accessible_medals(two, 0)) == set(accessible_medals(two, 1)) == {"three_red", "two_tokens"}


def test_monotone_parts_of_goals() -> None:
    end = player(built=ALL[:2], military_tokens=1, progress_tokens=("decor",))
    assert not monotone_goal_met(MEDALS.medals["three_stages"], end, DATA)
    assert monotone_goal_met(MEDALS.medals["two_stages_cat"], end, DATA)  # the pawn may have moved since
    assert monotone_goal_met(MEDALS.medals["three_green"], end, DATA)  # cards leave the table
    assert not monotone_goal_met(MEDALS.medals["battle_double"], end, DATA)
    assert not monotone_goal_met(MEDALS.medals["two_tokens"], end, DATA)


def test_two_player_table_with_medals_by_hand() -> None:
    document = doc([
        # Giza complete 30; blue 3 + 2 = 5; pawn 2; 2 tokens 6; Decor 6 + Culture x2 12 = 18; medal 4 -> 65
        {"name": "Ann", "wonder": "giza", "stages_built": ALL, "blue_cards": {"plain": 1, "cat": 1},
         "cat_pawn": True, "military_tokens": 2, "progress_tokens": ["decor", "culture", "culture"],
         "medals": ["three_stages"]},
        # Ur, typed 4 + 5 + 6 = 15; blue 3 x 3 = 9; 3 tokens 9; Education 2 x 2 = 4 + Logistics 2 x 4 = 8;
        # medal 4 -> 15 + 9 + 9 + 12 + 4 = 49
        {"name": "Bob", "wonder": "ur", "stages_built": [{"vp": 4}, {"vp": 5, "piece": "middle"}, {"vp": 6}],
         "blue_cards": {"plain": 3, "cat": 0}, "grey_cards": 4, "military_tokens": 3,
         "progress_tokens": ["education", "logistics"], "medals": ["two_tokens"]},
    ], expansions=["medals"], medal_variant="standard", medal_layout={"between": ["three_stages", "two_tokens"]})
    read = parse_architects(document)
    sheet = score_architects(read.table)
    assert [line.total for line in sheet.lines] == [65, 49]
    assert sheet.lines[1].progress == {"education": 4, "logistics": 8}
    assert sheet.winners == ("Ann",) and sheet.tie_break == "none"
    assert read.warnings == ()


def test_seven_player_expert_medals_table_by_hand() -> None:
    layout = {"between": ["three_green", "three_grey", "three_red", "three_blue", "four_colors", "seven_cards",
                          "battle_double"], "center": ["two_tokens", "three_stages"]}
    players = [
        # 0 Ann, Giza complete 30 + Decor 6 + 2 medals (three_green left, two_tokens centre) 8 + tokens... 2 tokens
        # decor, tactics: progress 6 -> 30 + 6 + 8 = 44
        {"name": "Ann", "wonder": "giza", "stages_built": ALL, "progress_tokens": ["decor", "tactics"],
         "medals": ["three_green", "two_tokens"]},
        # 1 Bob, Babylon 3 pieces 3+0+5 = 8; medals three_grey (right of him: between[1]) + three_stages (centre)
        # + battle_double? no; military 4 -> 12 -> 8 + 12 + 8 = 28
        {"name": "Bob", "wonder": "babylon", "stages_built": ALL[:3], "military_tokens": 4,
         "medals": ["three_grey", "three_stages"]},
        # 2 Cid, Ephesus 2 pieces 3 + 5 = 8; blue 3 plain 9; medal three_red (between him and Dan) -> 21
        {"name": "Cid", "wonder": "ephesus", "stages_built": ["two_different", "three_identical"],
         "blue_cards": {"plain": 3, "cat": 0}, "medals": ["three_red"]},
        # 3 Dan, Olympia 1 piece 3; pawn 2; blue cat 1 -> 2; medal three_blue 4 -> 11
        {"name": "Dan", "wonder": "olympia", "stages_built": ["two_different"], "blue_cards": {"plain": 0, "cat": 1},
         "cat_pawn": True, "medals": ["three_blue"]},
        # 4 Eve, Rome typed 5 + 5 = 10; medal four_colors -> 14
        {"name": "Eve", "wonder": "rome", "stages_built": [{"vp": 5}, {"vp": 5}], "medals": ["four_colors"]},
        # 5 Fay, Rhodes 2 pieces 8; military 2 -> 6; medal seven_cards 4 -> 18
        {"name": "Fay", "wonder": "rhodes", "stages_built": ["two_different", "two_identical"], "military_tokens": 2,
         "medals": ["seven_cards"]},
        # 6 Gus, Alexandria 3 pieces 4+3+6 = 13; military 2 -> 6; battle_double (between[6], beside Gus) 4;
        # Culture x3 16 -> 13 + 6 + 4 + 16 = 39
        {"name": "Gus", "wonder": "alexandria", "stages_built": ALL[:3], "military_tokens": 2,
         "progress_tokens": ["culture", "culture", "culture"], "medals": ["battle_double"]},
    ]
    read = parse_architects(doc(players, expansions=["medals"], medal_variant="expert", medal_layout=layout))
    sheet = score_architects(read.table)
    assert [line.total for line in sheet.lines] == [44, 28, 21, 11, 14, 18, 39]
    assert sheet.winners == ("Ann",) and [line.rank for line in sheet.lines] == [1, 3, 4, 7, 6, 5, 2]
    assert sheet.to_json()["players"][6]["categories"] == {"wonder": 13, "cat": 0, "blue": 0, "military": 6,
                                                           "progress": 16, "medals": 4}
    assert read.warnings == ()


def test_a_bad_medals_data_file_is_refused(tmp_path: Any) -> None:
    import json
    from importlib import resources

    from companion.gamedata.reading import GameDataError

    document = json.loads(resources.files("companion.games.medals").joinpath("data", "medals.json").read_text())
    document["medals"][0]["goal"][0]["count"] = "coins"
    document["medals"][1]["goal"][0]["colors"] = ["purple"]
    (tmp_path / "medals.json").write_text(json.dumps(document))
    with pytest.raises(GameDataError) as caught:
        load_medals_data(tmp_path)
    problems = caught.value.problems
    assert any("medals[0].goal[0].count: unknown goal count 'coins'" in p for p in problems), problems
    assert any("medals[1].goal[0].colors[0]: unknown colour 'purple'" in p for p in problems), problems
