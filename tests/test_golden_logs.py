"""Old game logs replay unchanged: the logs of tests/games/<game>/golden/ were written by the product before issue 26's
refactor (tests/tools/golden_logs.py, on main at 0556bb0) and are never rewritten.

Each is imported as a player imports an exported game: every event is checked and replayed, a finished
game is scored again; the replayed table equals the table the log was exported with (and the table file
a finished table was logged from), the sheet's totals are the ones worked out by hand in the rules tests
(or here, for the games played tap by tap), and exporting the game again gives the very same events.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from companion.storage import GameStore
from companion.storage.exchange import export_json, import_game

GAMES = Path(__file__).parent / "games"
ARMADA_VALUES = {"fleet.red.1.naval_shields": 1, "port_board.1.blue.1.cost": {"resources": {"ore": 1}}}
"""The values the owner had entered when the Armada game played tap by tap was logged
(tests/tools/session_taps.py)."""

TOTALS: dict[str, tuple[list[int], list[str]]] = {
    # tests/test_full_tables.py, test_three_player_final_table
    "sevenwonders/three-table": ([65, 54, 44], ["Anna"]),
    # tests/test_full_tables.py, test_seven_player_final_table (seats Anna ... Gleb)
    "sevenwonders/seven-table": ([34, 31, 32, 35, 23, 47, 46], ["Fatima"]),
    # tests/games/armada/test_tables.py, test_five_player_armada_final_table
    "armada/five-table": ([84, 73, 31, 44, 35], ["Anna"]),
    # tests/games/armada/test_tables.py, test_six_player_team_game: the team Anna + Boris wins (102)
    "armada/six-teams-table": ([59, 43, 26, 23, 1, 60], ["Anna", "Boris"]),
    # tests/games/architects/test_log.py, FINISHED: Ann 44, Bob 29, Cid 12
    "medals/areas-table": ([44, 29, 12], ["Ann"]),
    # tests/games/architects/test_log.py, test_finish_history_stats_and_exports: Ann Giza 4 + medal 4 = 8; Bob blue
    # cat card 2 + pawn 2 = 4; Cid Ur's piece typed 6
    "medals/actions": ([8, 4, 6], ["Ann"]),
    # tests/games/architects/taps.py: the battle (shields Ann 1, Bob 1, Cid 0) gives Ann and Bob one Military
    # Victory token each (3 VP); Cid's tokens are then set to 3 by hand (9 VP); the cat card was undone
    "architects/actions": ([3, 3, 9], ["Cid"]),
    # tests/tools/session_taps.py, then the coins amended: Anna (Gizah A, nothing built) 9 coins -> 3, a defeat
    # token -1: 2. Boris (Rhodes A) Altar 2 + Theater 2 (Timber Yard undone), 7 coins -> 2, defeat -1: 5. Vera
    # (Ephesos B) stage 1 2 VP, Baths 3, 8 coins -> 2, victory tokens over both neighbours (Stockade) 1 + 1: 9
    "sevenwonders/taps-amended": ([2, 5, 9], ["Vera"]),
}
NAMES = sorted(f"{p.parent.parent.name}/{p.name.removesuffix('.json')}" for p in GAMES.glob("*/golden/*.json")
               if not p.name.endswith(".table.json"))


def _path(name: str, suffix: str = ".json") -> Path:
    game, _, log = name.partition("/")
    return GAMES / game / "golden" / f"{log}{suffix}"


def _log(name: str) -> dict[str, Any]:
    return json.loads(_path(name).read_text(encoding="utf-8"))


def _store(name: str) -> GameStore:
    if name == "armada/taps-in-play":
        from companion.games.armada.rules.data import armada_with_values

        return GameStore(":memory:", sources={"armada": armada_with_values(ARMADA_VALUES)})
    return GameStore(":memory:")


def test_every_golden_log_is_checked() -> None:
    assert set(NAMES) == {*TOTALS, "armada/taps-in-play"}


@pytest.mark.parametrize("name", NAMES)
def test_a_golden_log_replays_unchanged(name: str) -> None:
    log = _log(name)
    with _store(name) as store:
        game_id = import_game(store, log)
        state = store.state(game_id)
        assert state.document == log["table"]
        assert not state.problems
        again = export_json(store, game_id)
        assert again["events"] == log["events"]
        assert again["table"] == log["table"]
        summary = store.game(game_id)
        assert summary.sheet == log["sheet"]
        assert summary.status == log["status"] and summary.corrected == log["corrected"]
        if name in TOTALS:
            totals, winners = TOTALS[name]
            assert summary.sheet is not None
            assert [line["total"] for line in summary.sheet["players"]] == totals
            assert summary.sheet["winners"] == winners


@pytest.mark.parametrize("name", [n for n in NAMES if _path(n, ".table.json").exists()])
def test_a_logged_table_replays_to_the_table_file_it_came_from(name: str) -> None:
    """The table file a finished table was logged from and the table its log replays to read as the same
    table (the reader fills what a file may leave out: ships on their start space, empty areas)."""
    from companion.games.architects.tablefile import parse_architects
    from companion.games.sevenwonders.tablefile import parse_table, table_to_json

    table_file = json.loads(_path(name, ".table.json").read_text(encoding="utf-8"))
    replayed = _log(name)["table"]
    if name.startswith(("architects/", "medals/")):
        assert parse_architects(replayed).table == parse_architects(table_file).table
    else:
        assert table_to_json(parse_table(replayed)) == table_to_json(parse_table(table_file))
        assert replayed == table_to_json(parse_table(table_file))


def test_the_armada_game_in_play_resumes_where_it_stood() -> None:
    """The Armada game left in play (a turn confirmed after the naval conflict) opens in a session at
    the same table: every seat's ships, islands and tokens as the log's table says."""
    from companion.games.sevenwonders.session import GameSession

    log = _log("armada/taps-in-play")
    with _store("armada/taps-in-play") as store:
        game_id = import_game(store, log)
        session = GameSession.resume(store, game_id)
        assert session.document == log["table"]
        assert session.age == 2 and session.part("armada").turn_number() == 2
        assert [session.part("armada").fleet_level(seat, "blue") for seat in range(3)] == [
            p["fleets"]["blue"] for p in log["table"]["players"]]
