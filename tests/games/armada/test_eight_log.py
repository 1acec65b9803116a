"""Armada at 8 players in the game log: the set-up holds the eighth wonder's description (each
stage's points and shields, as the app asks them), the session opens its city for entry by hand,
a table file with it is logged, and logs written before all this still replay."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.sevenwonders.record import record_table
from companion.games.sevenwonders.rules import score_table
from companion.games.sevenwonders.session import GameSession, SeatSetup, SessionError
from companion.games.sevenwonders.tablefile import TableFileError, parse_table
from companion.storage import Event, GameStore
from companion.storage.events import replay
from tests.conftest import armada_document, city

BASE = ("gizah", "rhodes", "ephesos", "babylon", "olympia", "halikarnassos", "alexandria")
PETRA = {"name": "Petra", "resource": "stone", "stages": 3, "stage_points": [3, 0, 7], "stage_shields": [0, 2, 0]}


def _eight(tmp_path: Path) -> GameSession:
    seats = [SeatSetup(f"P{i}", wonder, "A") for i, wonder in enumerate(BASE)]
    seats.append(SeatSetup("Hana", "other", "A", PETRA))
    teams = [["P0", "P1"], ["P2", "P3"], ["P4", "P5"], ["P6", "Hana"]]
    return GameSession.start(GameStore(tmp_path / "games.sqlite3"), seats, expansions=["armada"], teams=teams)


def test_the_set_up_holds_the_eighth_wonder_and_its_city_is_entered_by_hand(tmp_path: Path) -> None:
    session = _eight(tmp_path)
    assert session.store.events(session.game_id)[0].payload["players"][7]["other_wonder"] == PETRA
    with pytest.raises(SessionError):
        session.set_stages(7, 4)                                # Petra has 3 stages
    session.set_stages(7, 2)
    session.add_card(7, "stockade")
    with pytest.raises(SessionError):
        session.add_card(7, "stockade")                         # the city holds it already
    session.add_card(0, "stockade")                            # the 7+ box has a second Stockade
    # Stages 1 and 2: 3 + 0 points and 0 + 2 shields; Stockade 1 shield: 3 shields against P0's 1.
    reopened = GameSession.resume(session.store, session.game_id)
    table = reopened.table()
    assert reopened.players[7]["stages"] == 2 and reopened.players[7]["cards"] == ["stockade"]
    assert score_table(table).line("Hana").points["wonder"] == 3
    # Teams: Hana fights only P0 (P6 is her partner): two victory tokens of Age I.
    result = reopened.confirm_conflicts()
    assert result.tokens[7] == (1, 1) and result.tokens[0] == (-1, -1) and result.tokens[6] == ()
    assert reopened.players[7]["other_wonder"] == PETRA        # the port events leave it alone


def test_each_stage_of_the_eighth_wonder_counts_once_built() -> None:
    players = [city(f"P{i}", wonder, port_board=i + 1) for i, wonder in enumerate(BASE)]
    for built, points in ((0, 0), (1, 3), (2, 3), (3, 10)):
        hana = city("Hana", "other", stages=built, port_board=8, other_wonder=PETRA)
        assert score_table(parse_table(armada_document(*players, hana))).line("Hana").points["wonder"] == points


@pytest.mark.parametrize(("described", "problem"), [
    ({**PETRA, "stage_points": [3, 0]}, "players[7].other_wonder.stage_points: 2 numbers for 3 stages"),
    ({**PETRA, "points": 7}, "players[7].other_wonder: either the built stages' points and shields or each "
                             "stage's, not both"),
    ({**PETRA, "stage_shields": [0, -1, 0]}, "players[7].other_wonder.stage_shields[1]"),
])
def test_a_wrong_description_is_refused(described: dict, problem: str) -> None:
    players = [city(f"P{i}", wonder, port_board=i + 1) for i, wonder in enumerate(BASE)]
    with pytest.raises(TableFileError) as error:
        parse_table(armada_document(*players, city("Hana", "other", stages=1, port_board=8, other_wonder=described)))
    assert any(str(p).startswith(problem) for p in error.value.problems), error.value.problems


def test_a_table_file_with_the_eighth_wonder_is_logged_and_replays(tmp_path: Path) -> None:
    players = [city(f"P{i}", wonder, port_board=i + 1) for i, wonder in enumerate(BASE)]
    described = {"name": "Petra", "resource": "stone", "stages": 3, "points": 7, "shields": 2}
    document = armada_document(*players, city("Hana", "other", stages=2, port_board=8, other_wonder=described))
    store = GameStore(tmp_path / "games.sqlite3")
    game = record_table(store, document)
    assert store.game(game).sheet["players"][7]["wonder"] == 7
    # The log starts before any stage is built: the built stages' 7 points and 2 shields are logged
    # as the first stage's, which gives the same score with the two stages built.
    assert store.events(game)[0].payload["players"][7]["other_wonder"] == {
        "name": "Petra", "resource": "stone", "stages": 3, "stage_points": [7, 0, 0], "stage_shields": [2, 0, 0]}


def test_a_log_written_before_the_eighth_wonder_still_replays() -> None:
    """Events exactly as the previous version wrote them (set-up seats of name, wonder and side;
    each port as one armada_set; four-stage limits), for a 7-player Armada game."""
    at = "2026-11-20T19:00:00+00:00"
    events = [Event(1, "game_set_up", {"variant": "standard", "expansions": ["armada"],
                                       "players": [{"name": f"P{i}", "wonder": w, "side": "A"}
                                                   for i, w in enumerate(BASE)]}, "hand", at)]
    events += [Event(2 + seat, "armada_set", {"seat": seat, "armada": {
        "port_board": seat + 1, "fleets": {"red": 0, "yellow": 0, "blue": 0, "green": 0}, "islands": [],
        "naval_tokens": []}}, "hand", at) for seat in range(7)]
    events += [Event(9, "card_confirmed", {"seat": 0, "card": "stockade", "copy": "stockade/I/3+"}, "hand", at),
               Event(10, "stage_built", {"seat": 1, "stages": 1}, "hand", at),
               Event(11, "conflicts_resolved", {"age": 1, "tokens": [[1, 1], [-1], [], [], [], [], [-1]]}, "engine",
                     at)]
    result = replay(events)
    assert result.problems == [] and result.table is not None
    # P0's Stockade (1 shield) beat both neighbours: +1 +1; Gizah A's first stage: 3 points.
    sheet = score_table(result.table)
    assert sheet.line("P0").points["military"] == 2 and sheet.line("P1").points["wonder"] == 3
    assert all("other_wonder" not in p for p in result.document["players"])


def test_a_fleet_value_for_this_game_is_logged_checked_and_dropped_when_the_ship_moves(tmp_path: Path) -> None:
    session = _eight(tmp_path)
    for _ in range(3):
        session.part("armada").move_fleet(0, "red", 1)
    with pytest.raises(SessionError):                          # the rulebook: red space 3 gives 3 naval shields
        session.part("armada").set_fleet_value(0, "red", "naval_shields", 4)
    session.part("armada").move_fleet(0, "red", -1)
    session.part("armada").set_fleet_value(0, "red", "naval_shields", 2)      # space 2: read off this table's board
    assert session.part("armada").space_unknown_keys(0, "red") == []          # not asked again in this game
    reopened = GameSession.resume(session.store, session.game_id)
    assert reopened.part("armada").naval_strength(0) == 2
    reopened.part("armada").move_fleet(0, "red", 1)                           # space 3 now: the value of space 2 goes
    assert "fleet_values" not in reopened.part("armada").port(0) and reopened.part("armada").naval_strength(0) == 3
