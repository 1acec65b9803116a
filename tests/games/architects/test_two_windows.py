"""Architects taps on the log as it stands: two windows (two sessions, two store connections) on one
game each keep their change; horns turned in both make the battle due, and it is fought once; an
undo never takes back another window's change; logs of earlier versions (whole areas) replay as
before; and killing the session at random moments brings back exactly the table and whether a
battle is due."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from companion.games.architects.events import area_of, battle_due
from companion.games.architects.session import ArchitectsSession
from companion.state.errors import SessionError
from companion.storage import GameStore
from tests.games.architects.taps import TAPS, play, seating
from tests.tools.killing import killed_during

ROOT = Path(__file__).resolve().parents[3]


@pytest.fixture
def windows(tmp_path: Path) -> tuple[ArchitectsSession, ArchitectsSession]:
    """The same new game open in two windows, each with its own connection to the file."""
    path = tmp_path / "games.sqlite3"
    first = ArchitectsSession.start(GameStore(path), seating())
    second = ArchitectsSession(GameStore(path), first.game_id)
    return first, second


def test_a_wood_in_one_window_and_a_stone_in_the_other_are_both_kept(
        windows: tuple[ArchitectsSession, ArchitectsSession], tmp_path: Path) -> None:
    one, two = windows
    one.place_card(0, "wood")
    two.place_card(0, "stone")            # the second window has not seen the wood
    with GameStore(tmp_path / "games.sqlite3") as store:
        resumed = ArchitectsSession(store, one.game_id)
        assert resumed.table.players[0].cards == {"wood": 1, "stone": 1}
    assert two.table.players[0].cards == {"wood": 1, "stone": 1}


def test_horns_in_two_windows_make_the_battle_due_and_it_is_fought_once(
        windows: tuple[ArchitectsSession, ArchitectsSession]) -> None:
    one, two = windows
    assert not one.place_card(0, "red_horn_2")       # 2 of 3 tokens
    assert two.place_card(1, "red_horn_1")            # the third: built on the first window's two
    one.reload()
    assert one.battle_due and two.battle_due
    battle = one.fight_battle()
    # shields Ann 1, Bob 1, Cid 0: Ann and Bob each beat Cid, a tie between them (a hand count)
    assert battle.gains == (1, 1, 0)
    with pytest.raises(SessionError, match="no battle is due: 0 of 3"):
        two.fight_battle()                            # already fought in the other window
    assert [p.military_tokens for p in two.table.players] == [1, 1, 0] and not two.battle_due


def test_a_battle_due_before_a_restart_is_due_after_it(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        session = ArchitectsSession.start(store, seating())
        session.place_card(0, "red_horn_2")
        session.place_card(1, "red_horn_1")
        game_id = session.game_id
    with GameStore(path) as store:
        resumed = ArchitectsSession(store, game_id)
        assert resumed.battle_due
        resumed.place_card(0, "red_horn_1")            # more horns change nothing: still due, once
        # shields Ann 2, Bob 1, Cid 0 (one a red card): Ann beats both, Bob beats Cid
        assert resumed.battle_due and resumed.fight_battle().gains == (2, 1, 0)
        assert not ArchitectsSession(store, game_id).battle_due


def test_an_undo_never_takes_back_the_other_windows_change(
        windows: tuple[ArchitectsSession, ArchitectsSession]) -> None:
    one, two = windows
    one.place_card(0, "wood")
    two.place_card(0, "stone")
    with pytest.raises(SessionError, match="another window has changed this since") as refused:
        one.undo()
    assert refused.value.key == "undo_changed_since"
    assert two.undo() and two.table.players[0].cards == {"wood": 1}
    assert one.undo() and one.table.players[0].cards == {}


def test_an_earlier_versions_log_of_whole_areas_replays_unchanged(tmp_path: Path) -> None:
    """An old log: each tap as whole areas and the Conflict tokens (written here as that version did)."""
    path = tmp_path / "old.sqlite3"
    with GameStore(path) as store:
        session = ArchitectsSession.start(store, seating())
        table = session.table
        from companion.games.architects.rules.play import place_card

        events = []
        for seat, kind in ((0, "red_horn_2"), (1, "red_horn_1"), (2, "wood")):
            placed = place_card(table, seat, kind).table
            events.append(("architects_area_set", {**area_of(placed, seat), "why": f"card {kind}"}, "hand"))
            if placed.conflicts_flipped != table.conflicts_flipped:
                events.append(("architects_conflicts_set", {"flipped": placed.conflicts_flipped}, "hand"))
            table = placed
        store.append_all(session.game_id, events)
        resumed = ArchitectsSession(store, session.game_id)
        assert resumed.table == table and resumed.table.players[2].cards == {"wood": 1}
        assert resumed.battle_due                        # all 3 tokens turned in the old log too
        assert resumed.fight_battle().gains == (1, 1, 0)


def _killed(path: Path, after: str, delay: float) -> None:
    """Run the tap process, kill it `delay` seconds after it starts the tap `after` (SIGKILL)."""
    name = after.replace(" ", "_")
    killed_during("tests.games.architects.taps", path, lambda line: line.startswith("tap ") and
                  line.endswith(f" {name} -\n"), delay)


@pytest.mark.slow
def test_killing_the_session_at_any_moment_brings_back_the_table_and_the_battle_due(tmp_path: Path) -> None:
    reference: dict[int, tuple[object, bool]] = {}
    with GameStore(tmp_path / "reference.sqlite3") as store:
        def saved(what: str, game: int, _name: str) -> None:
            if what == "done":
                session = ArchitectsSession(store, game)
                reference[len(store.events(game))] = (session.table, session.battle_due)
        play(store, saved)
        reference[1] = (ArchitectsSession.start(store, seating()).table, False)     # killed right after the set-up
    assert sum(due for _, due in reference.values()) == 3                # horn1, cat, undo: due until the battle
    path = tmp_path / "crash.sqlite3"
    rng = random.Random(22)
    for round_number in range(len(TAPS) * 2):
        name = TAPS[round_number % len(TAPS)][0]
        _killed(path, name, rng.uniform(0.0, 0.02))
    with GameStore(path) as store:
        games = [summary.id for summary in store.games()]
        assert len(games) >= len(TAPS) * 2
        for game_id in games:
            count = len(store.events(game_id))
            assert count in reference, f"game {game_id}: {count} events is no whole tap"
            resumed = ArchitectsSession(store, game_id)
            table, due = reference[count]
            assert resumed.table == table and resumed.battle_due == due == battle_due(resumed.table)
