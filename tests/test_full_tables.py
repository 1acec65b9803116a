"""Two finished tables scored by hand: every expected number is worked out in the comments."""

from __future__ import annotations

from companion.games.sevenwonders.rules import score_table
from tests.conftest import city, make_table

THREE = [
    city("Anna", "babylon", "A", stages=3, coins=8, tokens=[-1, 1, 3, -1, 5],
         cards=["clay_pool", "lumber_yard", "loom", "baths", "aqueduct", "apothecary", "workshop",
                "library", "laboratory", "lodge", "marketplace", "haven", "stockade", "scientists_guild",
                "spies_guild"]),
    city("Boris", "gizah", "B", stages=2, coins=2, tokens=[1, 1, 3, 3, 5, 5],
         cards=["stone_pit", "ore_vein", "timber_yard", "quarry", "press", "glassworks", "altar", "temple",
                "pantheon", "barracks", "walls", "fortifications", "east_trading_post", "caravansery",
                "lighthouse", "workers_guild", "builders_guild"]),
    city("Vera", "olympia", "B", stages=3, coins=10, tokens=[-1, -1, 3, -1, 5],
         cards=["clay_pit", "brickyard", "foundry", "loom", "theater", "statue", "gardens", "guard_tower",
                "stables", "scriptorium", "school", "west_trading_post", "vineyard", "arena",
                "magistrates_guild"]),
]
"""Scored by hand in test_three_player_final_table."""


def test_three_player_final_table() -> None:
    # Seated clockwise Anna -> Boris -> Vera: Anna's left is Boris and right is Vera; Boris's left is
    # Vera and right is Anna; Vera's left is Anna and right is Boris. Every card is a 3+ copy.
    table = make_table(*THREE)
    sheet = score_table(table)
    anna, boris, vera = (sheet.line(n).points for n in ("Anna", "Boris", "Vera"))

    # Anna: tokens -1+1+3-1+5 = 7; 8 coins -> 2; Babylon A stages 3 + 7 = 10; Baths 3 + Aqueduct 5 = 8.
    # Science: compass 2 (Apothecary, Lodge), gear 2 (Workshop, Laboratory), tablet 1 (Library) and two
    # wild symbols (Babylon A stage 2, Scientists Guild): best 3/2/2 or 2/2/3 = 9+4+4 + 2*7 = 31
    # (2/2/3 = 4+4+9 + 14 = 31 too; 4/2/1 = 28; 3/3/1 = 26).
    # Haven: 2 brown cards -> 2. Spies Guild: red cards of Boris (3) and Vera (2) -> 5.
    assert anna == {"military": 7, "treasury": 2, "wonder": 10, "civilian": 8, "science": 31,
                    "commercial": 2, "guilds": 5}
    # Boris: 1+1+3+3+5+5 = 18; 2 coins -> 0; Gizah B stages 3 + 5 = 8; Altar 2 + Temple 3 + Pantheon 7
    # = 12; Lighthouse: 3 yellow cards (East Trading Post, Caravansery, Lighthouse itself) -> 3.
    # Workers Guild: brown of Vera (3) and Anna (2) -> 5; Builders Guild: stages 2 + 3 + 3 -> 8.
    assert boris == {"military": 18, "treasury": 0, "wonder": 8, "civilian": 12, "science": 0,
                     "commercial": 3, "guilds": 13}
    # Vera: -1-1+3-1+5 = 5; 10 coins -> 3; Olympia B stage 2 -> 5; Theater 2 + Statue 4 + Gardens 5 = 11;
    # two tablets -> 4; Arena: 3 stages -> 3; Magistrates Guild: blue of Anna (2) and Boris (3) -> 5.
    # Copy candidates: Scientists (+5: tablets 2 -> 3 is 9 instead of 4), Spies (+4: red 1 + 3),
    # Workers (+6: brown 2 + 4), Builders (+8: stages 3 + 3 + 2): Builders, guilds 5 + 8 = 13.
    assert vera == {"military": 5, "treasury": 3, "wonder": 5, "civilian": 11, "science": 4,
                    "commercial": 3, "guilds": 13}
    assert [line.total for line in sheet.lines] == [65, 54, 44]
    assert [line.rank for line in sheet.lines] == [1, 2, 3]
    assert sheet.winners == ("Anna",)
    copied = [c for c in sheet.line("Vera").choices if c.kind == "copied_guild"]
    assert copied[0].value == "builders_guild" and "Boris" in copied[0].text and "+8" in copied[0].text


SEVEN = [
    city("Anna", "rhodes", "B", stages=2, coins=13, tokens=[1, 1, 3, 3, -1, 5],
         cards=["lumber_yard", "loom", "pawnshop", "tavern", "guard_tower", "arsenal", "craftsmens_guild",
                "shipowners_guild"]),
    city("Boris", "alexandria", "A", stages=3, coins=4, tokens=[-1, -1, -1],
         cards=["ore_vein", "glassworks", "press", "baths", "workshop", "laboratory", "observatory",
                "apothecary", "scriptorium", "philosophers_guild"]),
    city("Chen", "ephesos", "B", stages=3, coins=21, tokens=[1, -1, 3],
         cards=["stone_pit", "clay_pool", "loom", "marketplace", "vineyard", "chamber_of_commerce",
                "lighthouse", "haven", "traders_guild", "dispensary", "school"]),
    city("Dara", "babylon", "B", stages=3, coins=0, tokens=[-1, 3, 5, -1],
         cards=["tree_farm", "brickyard", "altar", "temple", "lodge", "academy", "university", "library",
                "caravansery", "stockade", "strategists_guild"]),
    city("Emil", "olympia", "A", stages=2, coins=7, tokens=[-1, -1, -1, -1],
         cards=["sawmill", "foundry", "loom", "statue", "gardens", "courthouse", "town_hall", "walls", "circus",
                "spies_guild"]),
    city("Fatima", "halikarnassos", "B", stages=3, coins=2, tokens=[1, 3, 5, 5],
         cards=["clay_pit", "excavation", "forest_cave", "timber_yard", "glassworks", "press", "palace",
                "senate", "aqueduct", "barracks", "siege_workshop", "magistrates_guild", "workers_guild"]),
    city("Gleb", "gizah", "A", stages=3, coins=9, tokens=[1, 3, -1, 5],
         cards=["ore_vein", "stone_pit", "quarry", "theater", "pantheon", "fortifications", "training_ground",
                "west_trading_post", "east_trading_post", "forum", "arena", "builders_guild"]),
]


def test_seven_player_final_table() -> None:
    # Seat i's left neighbour is seat i+1 and its right neighbour seat i-1 (wrapping):
    # Anna L Boris R Gleb; Boris L Chen R Anna; Chen L Dara R Boris; Dara L Emil R Chen;
    # Emil L Fatima R Dara; Fatima L Gleb R Emil; Gleb L Anna R Fatima.
    sheet = score_table(make_table(*SEVEN))
    points = {line.name: line.points for line in sheet.lines}
    # Anna: 1+1+3+3-1+5 = 12; 13 coins -> 4; Rhodes B 3 + 4 = 7; Pawnshop 3. Craftsmens Guild: 2 x grey
    # of Boris (2) and Gleb (0) = 4; Shipowners Guild: own brown 1 + grey 1 + purple 2 (itself) = 4.
    assert points["Anna"] == {"military": 12, "treasury": 4, "wonder": 7, "civilian": 3, "science": 0,
                              "commercial": 0, "guilds": 8}
    # Boris: -3; 4 coins -> 1; Alexandria A 3 + 7 = 10; Baths 3; gears 3, compass 1, tablet 1 ->
    # 9 + 1 + 1 + 7 = 18; Philosophers Guild: green of Chen (2) and Anna (0) = 2.
    assert points["Boris"] == {"military": -3, "treasury": 1, "wonder": 10, "civilian": 3, "science": 18,
                               "commercial": 0, "guilds": 2}
    # Chen: 1-1+3 = 3; 21 coins -> 7; Ephesos B 2 + 3 + 5 = 10; compass 1 + tablet 1 -> 2;
    # Haven 2 brown -> 2, Lighthouse 5 yellow -> 5, Chamber of Commerce 1 grey x 2 -> 2: 9;
    # Traders Guild: yellow of Dara (1) and Boris (0) = 1.
    assert points["Chen"] == {"military": 3, "treasury": 7, "wonder": 10, "civilian": 0, "science": 2,
                              "commercial": 9, "guilds": 1}
    # Dara: -1+3+5-1 = 6; 0 coins; Babylon B stage 1 -> 3; Altar 2 + Temple 3 = 5; compass 2, tablet 2
    # and a wild symbol: as gear 4+1+4 + 7 = 16 (as compass or tablet 9+4 = 13); Strategists Guild:
    # defeat tokens of Emil (4) and Chen (1) = 5.
    assert points["Dara"] == {"military": 6, "treasury": 0, "wonder": 3, "civilian": 5, "science": 16,
                              "commercial": 0, "guilds": 5}
    # Emil: -4; 7 coins -> 2; Olympia A stage 1 -> 3; Statue 4 + Gardens 5 + Courthouse 4 + Town Hall 6
    # = 19; Spies Guild: red of Fatima (2) and Dara (1) = 3.
    assert points["Emil"] == {"military": -4, "treasury": 2, "wonder": 3, "civilian": 19, "science": 0,
                              "commercial": 0, "guilds": 3}
    # Fatima: 1+3+5+5 = 14; 2 coins -> 0; Halikarnassos B 2 + 1 + 0 = 3; Palace 8 + Senate 6 +
    # Aqueduct 5 = 19; Magistrates: blue of Gleb (2) and Emil (4) = 6; Workers: brown of Gleb (3) and
    # Emil (2) = 5.
    assert points["Fatima"] == {"military": 14, "treasury": 0, "wonder": 3, "civilian": 19, "science": 0,
                                "commercial": 0, "guilds": 11}
    # Gleb: 1+3-1+5 = 8; 9 coins -> 3; Gizah A 3 + 5 + 7 = 15; Theater 2 + Pantheon 7 = 9; Arena:
    # 3 stages -> 3; Builders Guild: stages own 3 + Anna 2 + Fatima 3 = 8.
    assert points["Gleb"] == {"military": 8, "treasury": 3, "wonder": 15, "civilian": 9, "science": 0,
                              "commercial": 3, "guilds": 8}
    totals = {line.name: line.total for line in sheet.lines}
    assert totals == {"Anna": 34, "Boris": 31, "Chen": 32, "Dara": 35, "Emil": 23, "Fatima": 47, "Gleb": 46}
    assert {line.name: line.rank for line in sheet.lines} == {
        "Fatima": 1, "Gleb": 2, "Dara": 3, "Anna": 4, "Chen": 5, "Boris": 6, "Emil": 7}
    assert sheet.winners == ("Fatima",)


def test_craftsmens_guild_option_uses_the_russian_rulebook_amount() -> None:
    # With 1 VP per grey card (the printed Russian rulebook) Anna's Craftsmens Guild gives 1 x 2 = 2
    # instead of 4: guilds 2 + 4 = 6, total 34 - 2 = 32.
    sheet = score_table(make_table(*SEVEN, options={"craftsmens_guild_vp": 1}))
    assert sheet.line("Anna").points["guilds"] == 6
    assert sheet.line("Anna").total == 32
