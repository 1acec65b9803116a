"""What the session writes to the game log: one tap whole or not at all, built on the latest state of
the log when two sessions share a game, and refused with the session's own error."""

from __future__ import annotations

from pathlib import Path

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from companion.games.sevenwonders.session import GameSession, SeatSetup, SessionError
from companion.games.sevenwonders.vision.layout import SeatObservation, TableObservation
from companion.markers import load_marker_registry
from companion.storage import GameStore

SEATS = [SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "rhodes", "A"), SeatSetup("Vera", "ephesos", "A")]
REGISTRY = {c.key: c for c in load_marker_registry()}


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def test_an_armada_set_up_refused_at_its_port_boards_leaves_no_game(path: Path) -> None:
    # Two seats on one port board: the set-up and the boards are one tap, so nothing at all is logged
    # (a game "being played" with no ports, which a restart would fill with boards 1..n, is the fault).
    with GameStore(path) as store:
        with pytest.raises(SessionError, match="port board 2 is also"):
            GameSession.start(store, SEATS, expansions=["armada"], part_options={"port_boards": [2, 2, 3]})
        assert store.games() == [] and store.unfinished() is None


def test_two_sessions_on_one_game_build_on_each_others_coins(path: Path) -> None:
    with GameStore(path) as first_store, GameStore(path) as second_store:
        first = GameSession.start(first_store, SEATS)
        second = GameSession.resume(second_store, first.game_id)     # a second window on the same game
        first.set_coins(0, 10)
        second.add_card(0, "timber_yard")                            # Timber Yard costs 1 coin
        # 10 coins counted in one window, then a 1-coin build in the other: 10 - 1 = 9 (not 3 - 1 = 2).
        assert second.players[0]["coins"] == 9
        with GameStore(path) as fresh:
            assert fresh.state(first.game_id).document["players"][0]["coins"] == 9
        first.add_card(1, "stone_pit")                               # free; the first window catches up
        assert first.players[0]["coins"] == 9 and first.players[0]["cards"] == ["timber_yard"]


def test_two_sessions_on_one_armada_game_keep_each_others_ports(path: Path) -> None:
    with GameStore(path) as first_store, GameStore(path) as second_store:
        first = GameSession.start(first_store, SEATS, expansions=["armada"])
        second = GameSession.resume(second_store, first.game_id)
        first.part("armada").move_fleet(0, "red", +1)
        second.part("armada").move_fleet(0, "blue", +1)     # a seat's whole port is rewritten: built on the red move
        with GameStore(path) as fresh:
            fleets = fresh.state(first.game_id).document["players"][0]["fleets"]
        assert (fleets["red"], fleets["blue"]) == (1, 1)


def test_two_sessions_cannot_resolve_one_age_twice(path: Path) -> None:
    with GameStore(path) as first_store, GameStore(path) as second_store:
        first = GameSession.start(first_store, SEATS)
        second = GameSession.resume(second_store, first.game_id)
        assert first.confirm_conflicts().age == 1
        assert second.confirm_conflicts().age == 2                  # age I is resolved already: age II now
        kinds = [e.payload.get("age") for e in first_store.events(first.game_id) if e.kind == "conflicts_resolved"]
        assert kinds == [1, 2]


def test_a_sixth_guild_at_three_players_is_the_sessions_refusal(path: Path) -> None:
    # Rulebook: players + 2 guilds go into the age III deck, so 5 at 3 players.
    guilds = ["workers_guild", "craftsmens_guild", "traders_guild", "philosophers_guild", "spies_guild"]
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS)
        for index, guild in enumerate(guilds):
            session.add_card(index % 3, guild)
        count = len(store.events(session.game_id))
        with pytest.raises(SessionError, match="guild"):
            session.add_card(2, "strategists_guild")
        assert len(store.events(session.game_id)) == count
        assert all(c.component.card != "strategists_guild" for c in session.tracker.cities["ephesos"].cards)


def test_a_camera_card_not_in_the_box_is_refused_and_not_kept(path: Path) -> None:
    # Excavation's only copy is marked 4+: not in the box at 3 players.
    card = REGISTRY["card:excavation/I/4+"]
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS)
        seats = []
        for index, wonder in enumerate(("gizah", "rhodes", "ephesos")):
            cards = [card] if wonder == "gizah" else []
            seat = SeatObservation(REGISTRY[f"wonder:{wonder}/A"], (index * 400.0, 0.0), 0.0, cards)
            seat.places = {c.marker: (100.0, -50.0) for c in cards}
            seats.append(seat)
        for at in (0.0, 0.15, 0.3, 0.45):
            session.observe(TableObservation(seats=seats, unassigned=[]), at)
        assert session.players[0]["cards"] == []
        assert [c.component.key for c in session.tracker.cities["gizah"].cards] == []
        assert any("excavation" in problem and "not added" in problem for problem in session.problems)


def test_a_tap_the_log_cannot_save_is_the_sessions_refusal(path: Path) -> None:
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS)
        store.db.execute("PRAGMA query_only=ON")          # the file cannot be written, as on a read-only disk
        with pytest.raises(SessionError) as refused:
            session.set_coins(0, 7)
        assert refused.value.key == "not_saved"
        store.db.execute("PRAGMA query_only=OFF")
        assert session.players[0]["coins"] == 3


def test_a_build_is_paid_and_built_in_one_tap(path: Path) -> None:
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS)
        # Vera (Ephesos: papyrus) builds the Baths (1 stone) and buys the stone from Anna (Gizah: stone)
        # for 2 coins: 3 - 2 = 1 for Vera, 3 + 2 = 5 for Anna, in one transaction with the card.
        before = len(store.events(session.game_id))
        session.build(2, session.check_card(2, "baths"))
        assert [p["coins"] for p in session.players] == [5, 3, 1] and session.players[2]["cards"] == ["baths"]
        assert [e.kind for e in store.events(session.game_id)][before:] == ["coins_changed"] * 2 + ["card_confirmed"]
        # Anna's first Gizah A stage costs 2 stone: her own, and Boris's (Stone Pit) bought for 2.
        session.add_card(1, "stone_pit")
        session.build(0, session.check_stage(0))
        assert session.players[0]["stages"] == 1 and [p["coins"] for p in session.players] == [3, 5, 1]


def test_a_build_refused_at_its_card_pays_nothing(path: Path) -> None:
    with GameStore(path) as first_store, GameStore(path) as second_store:
        first = GameSession.start(first_store, SEATS)
        second = GameSession.resume(second_store, first.game_id)
        check = first.check_card(2, "baths")
        second.add_card(2, "baths")                    # entered in the other window meanwhile
        with pytest.raises(SessionError):
            first.build(2, check)
        assert [p["coins"] for p in first.players] == [3, 3, 3] and first.players[2]["cards"] == ["baths"]


def test_resuming_a_game_the_log_does_not_hold_is_the_sessions_refusal(path: Path) -> None:
    with GameStore(path) as store, pytest.raises(SessionError, match="no game 7"):
        GameSession.resume(store, 7)


def _seen(cards: dict[str, list[str]]) -> TableObservation:
    seats = []
    for index, (wonder, keys) in enumerate(cards.items()):
        seat = SeatObservation(REGISTRY[f"wonder:{wonder}/A"], (index * 400.0, 0.0), 0.0, [REGISTRY[k] for k in keys])
        seat.places = {REGISTRY[k].marker: (100.0 + 70 * j, -50.0) for j, k in enumerate(keys)}
        seats.append(seat)
    return TableObservation(seats=seats, unassigned=[])


def test_a_card_entered_in_another_window_is_not_logged_again_by_the_camera(path: Path) -> None:
    with GameStore(path) as first_store, GameStore(path) as second_store:
        watching = GameSession.start(first_store, SEATS)
        other = GameSession.resume(second_store, watching.game_id)
        other.add_card(0, "lumber_yard")                  # entered in the other window
        watching.set_coins(1, 5)                          # any tap here reads the log again
        events = len(first_store.events(watching.game_id))
        frame = _seen({"gizah": ["card:lumber_yard/I/3+"], "rhodes": [], "ephesos": []})
        for at in (0.0, 0.15, 0.3, 0.45, 0.6):
            watching.observe(frame, at)
        assert len(first_store.events(watching.game_id)) == events and watching.problems == []
        other.remove_card(0, "lumber_yard")               # undone over there
        watching.set_coins(1, 6)
        assert all(c.component.card != "lumber_yard" for c in watching.tracker.cities["gizah"].cards)


CARDS = ["lumber_yard", "stone_pit", "timber_yard", "baths", "altar", "stockade", "loom", "marketplace"]
TAPS = st.one_of(
    st.tuples(st.just("coins"), st.integers(0, 2), st.integers(0, 12)),
    st.tuples(st.sampled_from(["card", "undo", "build"]), st.integers(0, 2), st.sampled_from(CARDS)),
)


def _tap(session: GameSession, tap: tuple[str, int, object]) -> str:
    """Do one tap; what the log holds of the game after it, or why it was refused."""
    kind, seat, value = tap
    try:
        if kind == "coins":
            session.set_coins(seat, int(value))                    # type: ignore[call-overload]
        elif kind == "card":
            session.add_card(seat, str(value))
        elif kind == "undo":
            session.remove_card(seat, str(value))
        else:
            session.build(seat, session.check_card(seat, str(value)))
    except SessionError:
        return "refused"
    return "done"


@settings(max_examples=25, deadline=None)
@given(st.lists(st.tuples(st.booleans(), TAPS), max_size=14))
def test_two_sessions_taking_turns_end_where_one_session_would(tmp_path_factory: pytest.TempPathFactory,
                                                              taps: list[tuple[bool, tuple[str, int, object]]]) -> None:
    # The same taps, in the same order, split between two windows on one game or all in one: the same
    # taps are refused and the log ends with the same cities and coins.
    folder = tmp_path_factory.mktemp("turns")
    with GameStore(folder / "one.sqlite3") as alone_store, GameStore(folder / "two.sqlite3") as first_store, \
            GameStore(folder / "two.sqlite3") as second_store:
        alone = GameSession.start(alone_store, SEATS)
        first = GameSession.start(first_store, SEATS)
        second = GameSession.resume(second_store, first.game_id)
        for in_first, tap in taps:
            assert _tap(first if in_first else second, tap) == _tap(alone, tap), tap
        both = GameStore(folder / "two.sqlite3")
        assert both.document(first.game_id)["players"] == alone_store.document(alone.game_id)["players"]
        both.close()
