"""The session keeps the game in memory between taps (the table document, the events read so far)
instead of reading the whole log again: what it holds after every tap must be what a fresh replay of
the log gives, and a change another session logged meanwhile must be built on, never undone."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from companion.games.sevenwonders.session import GameSession, SeatSetup, SessionError
from companion.storage import GameStore

SEATS = [SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "rhodes", "A"), SeatSetup("Vera", "ephesos", "A"),
         SeatSetup("Gleb", "babylon", "A")]


def _held(session: GameSession) -> dict[str, list[str]]:
    """The cards the session's tracker holds per city (what keeps the camera from adding one twice)."""
    return {wonder: sorted(entry.component.card or "" for entry in city.cards)
            for wonder, city in session.tracker.cities.items()}


def _as_fresh(session: GameSession, path: Path) -> None:
    """`session`'s state equals the state of the game opened anew from the log by another connection."""
    with GameStore(path) as other:
        fresh = GameSession.resume(other, session.game_id)
        assert session.document == fresh.document
        assert session.age == fresh.age
        assert [(e.seq, e.kind, e.payload) for e in session.events()] == \
            [(e.seq, e.kind, e.payload) for e in fresh.events()]
        assert _held(session) == _held(fresh)
        assert session.scores().to_json() == fresh.scores().to_json()


def test_after_every_tap_the_session_holds_what_a_fresh_replay_of_the_log_gives(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS)
        taps: list[Callable[[], Any]] = [
            lambda: session.add_card(0, "lumber_yard"),
            lambda: session.add_card(1, "stone_pit"),
            lambda: session.set_coins(2, 7, why="counted"),
            lambda: session.build(3, session.check_card(3, "clay_pool")),
            lambda: session.set_stages(0, 1),
            lambda: session.remove_card(1, "stone_pit"),
            lambda: session.add_card(1, "ore_vein"),
            lambda: session.confirm_conflicts(),
            lambda: session.set_coins(0, 0, why="corrected"),
            lambda: session.build(1, session.check_card(1, "baths")),     # a stone bought from Gizah
        ]
        for number, tap in enumerate(taps, start=1):
            tap()
            _as_fresh(session, path)
            assert len([e for e in session.events() if e.kind != "game_set_up"]) >= number - 1
        assert session.age == 2                      # the conflicts of Age I were confirmed: Age II


def test_a_change_logged_by_a_second_session_is_seen_and_built_on(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as first_store, GameStore(path) as second_store:
        first = GameSession.start(first_store, SEATS)
        first.add_card(0, "lumber_yard")
        second = GameSession.resume(second_store, first.game_id)
        second.add_card(1, "stone_pit")              # the other window adds a card and counts coins
        second.set_coins(2, 9, why="counted")
        with pytest.raises(SessionError):            # the first window's next tap knows the card is there
            first.add_card(1, "stone_pit")
        first.add_card(3, "clay_pool")               # Clay Pool costs nothing: no coin moves
        assert first.players[1]["cards"] == ["stone_pit"]
        assert first.players[2]["coins"] == 9        # the second window's count is kept, not undone
        assert first.players[3]["coins"] == 3        # every player starts with 3 coins
        kinds = [(e.kind, e.payload.get("seat")) for e in first.events()]
        assert ("card_confirmed", 1) in kinds and ("coins_changed", 2) in kinds
        _as_fresh(first, path)
        second.confirm_conflicts()                   # the second window closes Age I
        first.set_coins(0, 4)
        assert first.age == 2                        # the first plays Age II from its next tap on
        _as_fresh(first, path)
