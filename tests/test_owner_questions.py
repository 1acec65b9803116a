"""Cards the camera sees in no city for sure: asked about once they are seen steadily, answered with
one tap (a player, or nobody), the answer logged with the cards it places in one transaction, applied
to the frames that follow, and kept for the rest of the game."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.sevenwonders.session import GameSession, SessionError
from companion.games.sevenwonders.vision.layout import OwnerQuestion, SeatObservation, TableObservation
from companion.storage import GameStore
from companion.storage.events import check_payload
from tests.test_session import SEATS, component

COLUMN = ("card:lumber_yard/I/3+", "card:timber_yard/I/3+")
"""A brown column lying beside no board the camera reads."""


def _frame(asked: tuple[str, ...], *, seen: dict[str, list[str]] | None = None) -> TableObservation:
    """One frame: the boards of the three seats (with `seen` cards in their cities), and the cards
    `asked` about, Anna's and Boris's cities the likely owners."""
    seats = []
    for index, setup in enumerate(SEATS):
        keys = (seen or {}).get(setup.wonder, [])
        seat = SeatObservation(component(f"wonder:{setup.wonder}/A"), (index * 400.0, 0.0), 0.0,
                               [component(k) for k in keys])
        seat.places = {component(k).marker: (100.0, -50.0) for k in keys}
        seats.append(seat)
    cards = tuple(component(k) for k in asked)
    question = OwnerQuestion(cards, ("gizah", "rhodes"), "beside no board in view", (200.0, -300.0))
    return TableObservation(seats=seats, unassigned=[(c, question.reason) for c in cards],
                            questions=[question] if cards else [])


def _watch(session: GameSession, observation: TableObservation, start: float = 0.0) -> None:
    """Four frames over 0.45 s: what the camera sees steadily."""
    for step in range(4):
        session.observe(observation, start + step * 0.15)


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    store = GameStore(tmp_path / "games.sqlite3")
    yield GameSession.start(store, SEATS)
    store.close()


def test_a_question_is_asked_once_the_cards_are_seen_steadily(session: GameSession) -> None:
    session.observe(_frame(COLUMN), 0.0)
    assert session.questions() == []                 # one glimpse is never enough in a video
    _watch(session, _frame(COLUMN), 0.15)
    [question] = session.questions()
    assert [c.key for c in question.cards] == list(COLUMN)
    assert question.candidates == ("gizah", "rhodes")
    assert all(p["cards"] == [] for p in session.players)
    document = session.tracker.table_document()
    assert document["x-observation"]["questions"] == [
        {"cards": list(COLUMN), "reason": "beside no board in view", "board_out_of_view": False,
         "candidates": [{"wonder": "gizah", "name": "Anna"}, {"wonder": "rhodes", "name": "Boris"}]}]


def test_one_answer_logs_the_cards_with_their_coins_in_one_transaction(session: GameSession) -> None:
    _watch(session, _frame(COLUMN))
    before = len(session.events())
    added = session.answer_owner([component(k).marker for k in COLUMN], 1)
    assert [c.key for c in added] == list(COLUMN)
    events = session.events()[before:]
    assert [e.kind for e in events] == ["owner_answered", "card_confirmed", "card_confirmed", "coins_changed"]
    assert len({e.at for e in events}) == 1 and all(e.source in ("hand", "engine") for e in events)
    assert events[0].payload == {"markers": [component(k).marker for k in COLUMN], "seat": 1}
    # Lumber Yard is free; Timber Yard costs 1 coin (rulebook): Boris's 3 coins become 2.
    assert session.players[1]["cards"] == ["lumber_yard", "timber_yard"] and session.players[1]["coins"] == 2
    assert session.questions() == []


def test_the_answer_holds_for_the_frames_that_follow(session: GameSession) -> None:
    """The same column seen again with a card more (a Loom tucked under it): the new card joins the
    answered city too; a city the camera reads keeps its own cards."""
    _watch(session, _frame(COLUMN))
    session.answer_owner([component(k).marker for k in COLUMN], 1)
    grown = (*COLUMN, "card:clay_pool/I/3+")
    _watch(session, _frame(grown, seen={"gizah": ["card:baths/I/3+"]}), 1.0)
    assert session.players[1]["cards"] == ["lumber_yard", "timber_yard", "clay_pool"]
    assert session.players[0]["cards"] == ["baths"]
    assert session.questions() == []


def test_nobodys_cards_are_left_alone_and_an_answer_undone_is_not_asked_again(session: GameSession) -> None:
    _watch(session, _frame(("card:stockade/I/3+",)))
    session.answer_owner([component("card:stockade/I/3+").marker], None)
    assert [e.kind for e in session.events()[-1:]] == ["owner_answered"]
    _watch(session, _frame(("card:stockade/I/3+",)), 1.0)
    assert session.questions() == [] and all(p["cards"] == [] for p in session.players)
    _watch(session, _frame(COLUMN), 2.0)
    session.answer_owner([component(k).marker for k in COLUMN], 2)
    session.remove_card(2, "timber_yard")          # a wrong answer, undone by hand
    _watch(session, _frame(COLUMN), 3.0)
    assert session.players[2]["cards"] == ["lumber_yard"] and session.questions() == []


def test_answers_outlive_the_session(tmp_path: Path) -> None:
    """Killing the app loses nothing: a session opened again from the log alone knows every answer."""
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as store:
        first = GameSession.start(store, SEATS)
        _watch(first, _frame(COLUMN))
        first.answer_owner([component(k).marker for k in COLUMN], 0)
        _watch(first, _frame(("card:stockade/I/3+",)), 1.0)
        first.answer_owner([component("card:stockade/I/3+").marker], None)
        game = first.game_id
    with GameStore(path) as store:
        again = GameSession.resume(store, game)
        assert again.players[0]["cards"] == ["lumber_yard", "timber_yard"]
        owners = again.tracker.owners
        assert owners == {component(COLUMN[0]).marker: "gizah", component(COLUMN[1]).marker: "gizah",
                          component("card:stockade/I/3+").marker: None}
        _watch(again, _frame(("card:stockade/I/3+", "card:clay_pool/I/3+")))
        assert again.questions() == [] and all(p["cards"] == [] for p in again.players[1:])


def test_answers_name_real_seats_and_cards(session: GameSession) -> None:
    with pytest.raises(SessionError):
        session.answer_owner([component(COLUMN[0]).marker], 3)
    with pytest.raises(SessionError):
        session.answer_owner([], 0)
    assert check_payload("owner_answered", {"markers": [1, 2], "seat": None}, 3) == []
    assert check_payload("owner_answered", {"markers": [1], "seat": 5}, 3)
    assert check_payload("owner_answered", {"markers": ["x"], "seat": 0}, 3)
    assert check_payload("owner_answered", {"markers": [1]}, 3)

