"""Scoring rules one at a time: each guild, the optimiser's choices, ties and ranks, the free city."""

from __future__ import annotations

import pytest

from companion.games.sevenwonders.rules import score_table
from tests.conftest import city, make_table

# The guild owner sits at seat 0 of a 4-player table; its left neighbour (seat 1) and right
# neighbour (seat 3) hold what the guilds count; seat 2, across the table, holds the same kinds and
# must never count.
LEFT = ["lumber_yard", "ore_vein", "loom", "press", "baths", "altar", "east_trading_post", "tavern",
        "stockade", "barracks", "apothecary", "workshop", "scriptorium"]
RIGHT = ["stone_pit", "glassworks", "theater", "marketplace", "guard_tower", "dispensary"]
ACROSS = ["clay_pool", "clay_pit", "pawnshop", "west_trading_post", "archery_range", "laboratory"]
# Counts: left brown 2, grey 2, blue 2, yellow 2, red 2, green 3; right brown 1, grey 1, blue 1,
# yellow 1, red 1, green 1.


def _guild_table(guild: str, own: list[str] | None = None, **owner: object) -> int:
    table = make_table(
        city("Owner", "rhodes", cards=[guild, *(own or [])], **owner),
        city("Left", "gizah", "A", stages=2, cards=LEFT, tokens=[-1, -1, 3]),
        city("Across", "ephesos", "A", stages=3, cards=ACROSS, tokens=[-1, -1, -1]),
        city("Right", "babylon", "A", stages=1, cards=RIGHT, tokens=[-1, 5]),
    )
    return score_table(table).line("Owner").points["guilds"]


@pytest.mark.parametrize(("guild", "points"), [
    ("workers_guild", 2 + 1),        # 1 VP per brown card of both neighbours
    ("craftsmens_guild", 2 * (2 + 1)),  # 2 VP per grey card of both neighbours
    ("traders_guild", 2 + 1),        # yellow
    ("philosophers_guild", 3 + 1),   # green
    ("spies_guild", 2 + 1),          # red
    ("magistrates_guild", 2 + 1),    # blue
    ("strategists_guild", 2 + 1),    # defeat tokens: left -1 -1, right -1
    ("builders_guild", 0 + 2 + 1),   # wonder stages of own city and both neighbours
    ("shipowners_guild", 1),         # brown, grey and purple of own city: only itself
    ("scientists_guild", 0),         # a science symbol, scored under science
])
def test_each_guild(guild: str, points: int) -> None:
    assert _guild_table(guild) == points


def test_shipowners_guild_counts_own_brown_grey_and_purple_cards() -> None:
    # Own city: 2 brown + 1 grey + 2 purple (Shipowners itself and the Spies Guild) = 5; Spies adds
    # red of neighbours 2 + 1 = 3.
    assert _guild_table("shipowners_guild", ["timber_yard", "excavation", "glassworks", "spies_guild"]) == 5 + 3


def test_builders_guild_counts_own_stages() -> None:
    assert _guild_table("builders_guild", stages=2) == 2 + 2 + 1


def test_scientists_guild_points_count_under_science() -> None:
    table = make_table(city("Owner", "rhodes", cards=["scientists_guild", "apothecary", "workshop"]),
                       city("L", "gizah"), city("R", "ephesos"))
    line = score_table(table).line("Owner")
    assert line.points["guilds"] == 0
    assert line.points["science"] == 1 + 1 + 1 + 7   # the wild symbol completes a set


def test_stated_science_choice_overrides_the_optimiser() -> None:
    # One compass and one gear: the best wild is a tablet (10); the table says gear: 1 + 4 = 5.
    best = make_table(city("B", "babylon", "A", stages=2, cards=["apothecary", "workshop"]), city("L", "gizah"),
                      city("R", "rhodes"))
    stated = make_table(city("B", "babylon", "A", stages=2, cards=["apothecary", "workshop"],
                             science_choices=["gear"]), city("L", "gizah"), city("R", "rhodes"))
    assert score_table(best).line("B").points["science"] == 10
    line = score_table(stated).line("B")
    assert line.points["science"] == 5
    assert line.choices[0].stated and line.choices[0].value == ("gear",)


def _olympia(left_cards: list[str], right_cards: list[str], own: list[str] | None = None, **extra: object):
    return make_table(city("Zeus", "olympia", "B", stages=3, cards=own or [], **extra),
                      city("Left", "gizah", cards=left_cards), city("Right", "babylon", cards=right_cards))


def test_olympia_b_copies_the_best_neighbour_guild() -> None:
    # Left has the Spies Guild (Zeus would count red of Left and Right: 0) and the Magistrates Guild
    # (blue: Left 1 + Right 2 = 3); Right has the Workers Guild (brown: Left 1 + Right 0 = 1).
    table = _olympia(["magistrates_guild", "spies_guild", "baths"], ["workers_guild", "altar", "theater"],
                     own=[])
    line = score_table(table).line("Zeus")
    assert line.points["guilds"] == 3 - 0  # the copy scores 3; Left's Baths 1 + Right's 2 blue
    assert line.choices[0].kind == "copied_guild" and line.choices[0].value == "magistrates_guild"


def test_olympia_copy_does_not_affect_the_owner_of_the_guild() -> None:
    # Left (seat 1) owns the Magistrates Guild; its neighbours are Right (seat 2, its left) with the
    # Altar and Zeus (seat 0, its right) with no blue card: 1 VP, copy or not. Zeus copies it and
    # counts the blue cards of her own neighbours: Left's Baths and Right's Altar, 2 VP.
    sheet = score_table(_olympia(["magistrates_guild", "baths"], ["altar"]))
    assert sheet.line("Left").points["guilds"] == 1
    assert sheet.line("Zeus").points["guilds"] == 2


def test_olympia_copying_the_scientists_guild_scores_under_science() -> None:
    table = _olympia(["scientists_guild"], [], own=["apothecary", "workshop"])
    line = score_table(table).line("Zeus")
    assert line.points["science"] == 10 and line.points["guilds"] == 0
    assert line.choices[0].value == "scientists_guild"


def test_olympia_copied_guild_counts_as_a_purple_card_of_her_city() -> None:
    # Copying the Shipowners Guild "as if she had built it": it counts itself, 1 VP (no brown/grey).
    table = _olympia(["shipowners_guild"], [])
    assert score_table(table).line("Zeus").points["guilds"] == 1


def test_stated_copied_guild_overrides_the_optimiser() -> None:
    table = _olympia(["magistrates_guild", "spies_guild", "baths", "stockade"], ["workers_guild"],
                     copied_guild="spies_guild")
    line = score_table(table).line("Zeus")
    assert line.choices[0].value == "spies_guild" and line.choices[0].stated
    assert line.points["guilds"] == 1   # red: Left's Stockade


def test_ties_are_broken_by_coins_then_shared() -> None:
    # A, B and C tie on 4 points; the most coins ranks first among them (B 8, A 7, C 3); D has 5.
    table = make_table(
        city("A", "rhodes", cards=["altar"], coins=7),        # 2 + 2 = 4 points, 7 coins
        city("B", "gizah", cards=["theater"], coins=8),       # 2 + 2 = 4 points, 8 coins
        city("C", "ephesos", cards=["baths"], coins=3),       # 3 + 1 = 4 points, 3 coins
        city("D", "babylon", cards=["pawnshop"], coins=8),    # 3 + 2 = 5 points, 8 coins
    )
    sheet = score_table(table)
    assert [line.total for line in sheet.lines] == [4, 4, 4, 5]
    assert [line.rank for line in sheet.lines] == [3, 2, 4, 1]
    assert sheet.winners == ("D",)
    shared = make_table(city("A", "rhodes", cards=["altar"], coins=8), city("B", "gizah", cards=["theater"], coins=8),
                        city("C", "ephesos", coins=3))
    sheet = score_table(shared)
    assert [line.rank for line in sheet.lines] == [1, 1, 3]
    assert sheet.winners == ("A", "B")


def test_free_city_is_scored_but_never_ranked_or_a_winner() -> None:
    table = make_table(city("Ira", "rhodes", coins=3), city("Free City", "gizah", "A", stages=3, coins=30),
                       city("Larysa", "ephesos", coins=6), variant="two-player")
    sheet = score_table(table)
    free = sheet.line("Free City")
    assert free.total == 15 + 10 and free.rank is None
    assert sheet.winners == ("Larysa",)
    assert sheet.line("Larysa").rank == 1 and sheet.line("Ira").rank == 2
    assert sheet.to_json()["players"][1]["rank"] is None
