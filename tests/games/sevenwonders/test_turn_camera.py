"""The camera in a game played in turns (issue 23): a card or a stage it confirms for a seat is that
seat's play of the open turn, checked against the start of the turn like a play entered by hand; a
play the rules refuse is logged (the card is on the table), shown and holds the close until it is
corrected. Outside turns the camera logs the card at once (tests/test_session.py).

The table, clockwise: Anna (Gizah A, makes stone), Boris (Rhodes A, ore), Vera (Ephesos A, papyrus);
everyone starts with 3 coins (rulebook). Numbers worked by hand in the comments."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path

import pytest

from companion.games.sevenwonders.rules.turns import Play
from companion.games.sevenwonders.session import GameSession, SeatSetup, SessionError
from companion.games.sevenwonders.vision.layout import SeatObservation, TableObservation
from companion.markers import load_marker_registry
from companion.storage import GameStore

SEATS = [SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "rhodes", "A"), SeatSetup("Vera", "ephesos", "A")]
REGISTRY = {c.key: c for c in load_marker_registry()}


def _frame(cards: dict[str, list[str]], stage_backs: dict[str, int] | None = None) -> TableObservation:
    """One frame: each wonder's board with the cards seen in its city and the card backs in its stage zone."""
    seats = []
    for index, (wonder, keys) in enumerate(cards.items()):
        seat = SeatObservation(REGISTRY[f"wonder:{wonder}/A"], (index * 400.0, 0.0), 0.0,
                               [REGISTRY[k] for k in keys], stage_backs=(stage_backs or {}).get(wonder, 0))
        seat.places = {REGISTRY[k].marker: (100.0 + 70 * j, -50.0) for j, k in enumerate(keys)}
        seats.append(seat)
    return TableObservation(seats=seats)


def _steady(session: GameSession, seen: TableObservation, start: float) -> None:
    """Four frames over 0.45 s: what they show is confirmed (the tracker's rule)."""
    for step in range(4):
        session.observe(seen, start + step * 0.15)


@pytest.fixture
def store(tmp_path: Path) -> Iterator[GameStore]:
    with GameStore(tmp_path / "games.sqlite3") as opened:
        yield opened


def _camera_plays(store: GameStore, session: GameSession) -> list[tuple[int, str | None]]:
    return [(e.payload["seat"], (e.payload["play"] or {}).get("card") or (e.payload["play"] or {}).get("action"))
            for e in store.events(session.game_id) if e.kind == "turn_play" and e.source == "camera"]


def test_cards_the_camera_confirms_in_turns_are_plays_checked_against_the_start_of_the_turn(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    session.enter_play(Play(0, "build", "lumber_yard"))          # Anna's play entered by hand: turns from now on
    seen = _frame({"gizah": ["card:lumber_yard/I/3+"], "rhodes": ["card:stone_pit/I/3+"],
                   "ephesos": ["card:stockade/I/3+"]})
    _steady(session, seen, 0.0)
    # Anna's Lumber Yard is her play already: nothing new. Boris's Stone Pit (free) is his play, by the
    # camera. Vera's Stockade costs 1 wood: at the start of the turn nobody around her makes wood (Anna's
    # Lumber Yard is built in this very turn and sells nothing yet), so it is refused, but logged: the
    # card is on the table, the chip shows it refused and the close waits for its correction.
    assert _camera_plays(store, session) == [(1, "stone_pit"), (2, "stockade")]
    turn = session.open_turn()
    assert turn.verdict(1) is not None and turn.verdict(1).legal
    refused = turn.verdict(2)
    assert refused is not None and not refused.legal
    assert [(p.key, p.values["card"], p.values["wonder"]) for p in session.problems] == \
        [("camera_play_refused", "stockade", "ephesos")]
    # Nothing joins a city before the turn closes, and nobody is paid.
    assert [p["cards"] for p in session.players] == [[], [], []]
    assert [p["coins"] for p in session.players] == [3, 3, 3]
    with pytest.raises(SessionError):
        session.close_open_turn()
    # Seen again in later frames: logged once only (the tracker holds the plays of the open turn).
    _steady(session, seen, 2.0)
    assert len(_camera_plays(store, session)) == 2
    # Vera takes her Stockade back and discards it instead (by hand): 3 + 3 = 6 coins at the close.
    session.enter_play(Play(2, "discard", "stockade"))
    assert session.problems == []                                # her play settled: the camera's problem too
    _steady(session, _frame({"gizah": ["card:lumber_yard/I/3+"], "rhodes": ["card:stone_pit/I/3+"], "ephesos": []}),
            4.0)
    session.close_open_turn()
    assert [p["cards"] for p in session.players] == [["lumber_yard"], ["stone_pit"], []]
    assert [p["coins"] for p in session.players] == [3, 3, 6]
    confirmed = [e.payload["card"] for e in store.events(session.game_id) if e.kind == "card_confirmed"]
    assert confirmed == ["lumber_yard", "stone_pit"]             # by the close, once each


def test_a_stage_the_camera_confirms_in_turns_is_the_seats_play(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    for play in (Play(0, "build", "lumber_yard"), Play(1, "build", "stone_pit"), Play(2, "discard")):
        session.enter_play(play)
    session.close_open_turn()                                    # coins 3, 3, 6
    cities = {"gizah": ["card:lumber_yard/I/3+"], "rhodes": ["card:stone_pit/I/3+"], "ephesos": []}
    _steady(session, _frame(cities, {"gizah": 1}), 0.0)
    # Gizah A's stage 1 costs 2 stone: Gizah makes 1, Anna buys the other from Boris's Stone Pit for 2
    # coins; she holds 3 at the start of the turn: legal.
    verdict = session.open_turn().verdict(0)
    assert verdict is not None and verdict.play.action == "stage" and verdict.legal
    assert verdict.check is not None and verdict.check.coins == 2
    assert session.players[0]["stages"] == 0                    # built when the turn closes
    session.enter_play(Play(1, "discard"))
    session.enter_play(Play(2, "discard"))
    session.close_open_turn()
    # Anna 3 - 2 = 1; Boris 3 + 2 (her purchase) + 3 (discard) = 8; Vera 6 + 3 = 9.
    assert [p["coins"] for p in session.players] == [1, 8, 9]
    assert session.players[0]["stages"] == 1
    _steady(session, _frame(cities, {"gizah": 1}), 2.0)
    assert _camera_plays(store, session) == [(0, "stage")]      # the stage built: not a play again


def test_a_card_beside_the_seats_play_of_the_turn_is_not_entered(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    session.enter_play(Play(1, "discard", "altar"))              # Boris discards by hand
    _steady(session, _frame({"gizah": [], "rhodes": ["card:stone_pit/I/3+"], "ephesos": []}), 0.0)
    assert _camera_plays(store, session) == []
    assert [(p.key, p.values["card"]) for p in session.problems] == [("camera_play_taken", "stone_pit")]
    assert session.open_turn().verdict(1).play.action == "discard"
