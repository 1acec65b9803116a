"""Statistics of both games over the log (companion.storage.stats), from games whose scores are
worked out by hand here: wins, every total in the order played, averages per player and per wonder,
per category, and the 7 Wonders and Architects games kept apart."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.session import ArchitectsSession
from companion.games.medals.rules.table import MedalLayout, with_medals
from companion.games.sevenwonders.session import GameSession, SeatSetup
from companion.markers import load_marker_registry
from companion.storage import GameStore
from companion.storage.stats import game_statistics, statistics

SEVEN_WONDERS, ARCHITECTS = "7wonders", "architects"    # the games' ids, as their score sheets write them

ARCHITECTS_DATA = load_architects_data()


def _seven_wonders(store: GameStore, seats: list[tuple[str, str, str]], coins: list[int],
                   altars: tuple[int, ...] = ()) -> None:
    """A finished 3-player game where nobody has a shield (every land battle a tie: no tokens): each
    player scores coins // 3 (Treasury), and 2 more (Civilian) with an Altar."""
    session = GameSession.start(store, [SeatSetup(*seat) for seat in seats], registry=load_marker_registry())
    for seat, count in enumerate(coins):
        session.set_coins(seat, count)
    for seat in altars:
        session.add_card(seat, "altar")
    for _age in range(3):
        session.confirm_conflicts()
    session.finish()


def _architects(store: GameStore) -> None:
    """Ann (Giza) builds her first piece, 4 VP, and takes the "3 grey cards" medal, 4 VP: 8; Bob
    (Rhodes) takes the Cat pawn with a blue cat card: 2 for the pawn + 2 for the card, 4; Cid (Ur)
    builds a piece printed 6 VP: 6. Ann wins."""
    players = tuple(ArchitectsPlayer(name, ARCHITECTS_DATA.wonders[w]) for name, w in
                    (("Ann", "giza"), ("Bob", "rhodes"), ("Cid", "ur")))
    table = with_medals(ArchitectsTable(ARCHITECTS_DATA, players), "standard",
                            MedalLayout(("three_grey", "two_tokens", "three_blue")))
    session = ArchitectsSession.start(store, table)
    for kind in ("wood", "stone", "clay"):
        session.place_card(0, kind)
    session.part("medals").take_medal(0, "three_grey")
    session.remove_card(0, "wood")
    session.remove_card(0, "stone")
    session.build_piece(0, "two_different")
    session.place_card(1, "blue_cat")
    session.build_piece(2, None, 6)
    session.finish()


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    games = GameStore(tmp_path / "games.sqlite3")
    # Game 1: Anna 9 coins + Altar = 3 + 2 = 5; Boris 3 coins = 1; Vera 6 coins = 2. Anna wins.
    _seven_wonders(games, [("Anna", "gizah", "A"), ("Boris", "rhodes", "B"), ("Vera", "babylon", "A")], [9, 3, 6],
                   altars=(0,))
    # Game 2: Anna 0 coins = 0; Boris 12 coins = 4; Gleb 3 coins + Altar = 1 + 2 = 3. Boris wins.
    _seven_wonders(games, [("Anna", "rhodes", "B"), ("Boris", "gizah", "A"), ("Gleb", "olympia", "A")], [0, 12, 3],
                   altars=(2,))
    _architects(games)
    return games


def test_each_player_and_wonder_with_every_total_in_the_order_played(store: GameStore) -> None:
    seven = game_statistics(store)[SEVEN_WONDERS]
    assert seven.games == 2
    anna, boris = seven.players["Anna"], seven.players["Boris"]
    assert (anna.games, anna.wins, anna.totals, anna.average, anna.best) == (2, 1, [5, 0], 2.5, 5)
    assert (boris.games, boris.wins, boris.totals, boris.average, boris.win_rate) == (2, 1, [1, 4], 2.5, 0.5)
    assert seven.players["Vera"].totals == [2] and seven.players["Gleb"].totals == [3]
    # Gizah A: Anna's 5 then Boris's 4 (4.5); Rhodes B: Boris's 1 then Anna's 0 (0.5); the sides kept apart.
    assert seven.wonders["gizah A"].totals == [5, 4] and seven.wonders["gizah A"].average == 4.5
    assert seven.wonders["rhodes B"].totals == [1, 0] and seven.wonders["rhodes B"].wins == 0
    # Most wins first, then the best average (Anna and Boris: 1 win, 2.5 each: by name); wonders by average.
    assert [name for name, _ in seven.standings("players")] == ["Anna", "Boris", "Gleb", "Vera"]
    assert [name for name, _ in seven.standings("wonders")][:2] == ["gizah A", "olympia A"]


def test_category_averages_over_every_players_line(store: GameStore) -> None:
    seven = game_statistics(store)[SEVEN_WONDERS]
    # Six lines. Treasury 3 + 1 + 2 + 0 + 4 + 1 = 11 -> 11/6; Civilian two Altars, 4 -> 4/6; no shields.
    assert seven.categories["treasury"] == pytest.approx(11 / 6)
    assert seven.categories["civilian"] == pytest.approx(4 / 6)
    assert seven.categories["military"] == 0
    assert "naval" not in seven.categories                  # no game played with Armada
    assert statistics(store).distribution == {0: 6}         # every total under 10


def test_architects_games_are_counted_on_their_own(store: GameStore) -> None:
    both = game_statistics(store)
    architects = both[ARCHITECTS]
    assert architects.games == 1 and both[SEVEN_WONDERS].games == 2
    assert {name: tally.totals for name, tally in architects.players.items()} == {"Ann": [8], "Bob": [4], "Cid": [6]}
    assert architects.players["Ann"].wins == 1 and architects.wonders["ur"].average == 6
    # Wonder: Ann's first piece 4; Cat: Bob 2; Blue: Bob's cat card 2; Medals: Ann 4; over three lines.
    assert architects.categories["wonder"] == pytest.approx((4 + 0 + 6) / 3)
    assert architects.categories["medals"] == pytest.approx(4 / 3)
    assert architects.to_json(best=False)["players"]["Bob"] == {"games": 1, "wins": 0, "win_rate": 0.0,
                                                                 "average": 4.0}


def test_an_empty_log_has_no_games_and_no_averages(tmp_path: Path) -> None:
    both = game_statistics(GameStore(tmp_path / "empty.sqlite3"))
    assert both[SEVEN_WONDERS].games == both[ARCHITECTS].games == 0
    assert both[SEVEN_WONDERS].categories == {} and both[SEVEN_WONDERS].standings("players") == []
