"""The game session: camera confirmations and hand entries become events, coins are estimated, conflicts
resolved, and a resumed session carries on where the log stands."""

from __future__ import annotations

import itertools
from pathlib import Path

import pytest

from companion.games.sevenwonders.session import GameSession, SeatSetup, SessionError
from companion.games.sevenwonders.vision.layout import SeatObservation, TableObservation
from companion.markers import Component, load_marker_registry
from companion.state.confirmation import ConfirmationRule
from companion.storage import GameStore

SEATS = [SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "rhodes", "A"), SeatSetup("Vera", "ephesos", "A")]
REGISTRY = {c.key: c for c in load_marker_registry()}


def component(key: str) -> Component:
    return REGISTRY[key]


def frame(cards: dict[str, list[str]], unassigned: tuple[str, ...] = ()) -> TableObservation:
    """One frame's observation: each wonder's board with the cards seen in its city (still)."""
    seats = []
    for index, (wonder, keys) in enumerate(cards.items()):
        seat = SeatObservation(component(f"wonder:{wonder}/A"), (index * 400.0, 0.0), 0.0,
                               [component(k) for k in keys])
        seat.places = {component(k).marker: (100.0 + 70 * j, -50.0) for j, k in enumerate(keys)}
        seats.append(seat)
    return TableObservation(seats=seats, unassigned=[(component(k), "in no city's area") for k in unassigned])


@pytest.fixture
def store(tmp_path: Path) -> GameStore:
    with GameStore(tmp_path / "games.sqlite3") as opened:
        yield opened


def test_the_camera_confirms_a_card_after_four_steady_frames_and_logs_it(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    seen = frame({"gizah": ["card:lumber_yard/I/3+"], "rhodes": [], "ephesos": []})
    for at in (0.0, 0.15, 0.3):
        assert session.observe(seen, at) == []
    assert [(seat, p.component.key) for seat, p in session.pending()] == [(0, "card:lumber_yard/I/3+")]
    changes = session.observe(seen, 0.45)            # 4 frames over 0.45 s: confirmed
    assert [c.kind for c in changes] == ["card"]
    assert session.pending() == []
    assert session.players[0]["cards"] == ["lumber_yard"]
    last = store.events(session.game_id)[-1]
    assert (last.kind, last.source, last.payload["copy"]) == ("card_confirmed", "camera", "lumber_yard/I/3+")
    # Seen again later: logged once only.
    session.observe(seen, 5.0)
    session.observe(seen, 5.5)
    assert [e.kind for e in store.events(session.game_id)].count("card_confirmed") == 1


def test_a_tap_confirms_a_pending_card(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    session.observe(frame({"gizah": [], "rhodes": ["card:loom/I/3+"], "ephesos": []}), 0.0)
    [(seat, pending)] = session.pending()
    session.confirm_pending(seat, pending.component.marker)
    assert session.players[1]["cards"] == ["loom"]
    assert store.events(session.game_id)[-1].source == "hand"
    with pytest.raises(SessionError, match="not pending"):
        session.confirm_pending(1, pending.component.marker)


def test_coins_follow_what_the_bank_takes_and_gives_and_undo_gives_them_back(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    assert [p["coins"] for p in session.players] == [3, 3, 3]
    session.add_card(1, "stone_pit")       # free
    session.add_card(2, "clay_pool")       # free
    session.add_card(0, "timber_yard")     # costs 1 coin: 3 - 1 = 2
    assert [p["coins"] for p in session.players] == [2, 3, 3]
    session.add_card(0, "vineyard")        # 1 coin per brown card in her city and both neighbours': 3
    assert session.players[0]["coins"] == 5
    session.remove_card(0, "vineyard")     # undo: the 3 coins go back to the bank
    assert session.players[0]["coins"] == 2
    assert session.players[0]["cards"] == ["timber_yard"]
    # Ephesos A stage 2 gives 9 coins... only once stage 1 is built; Vera builds both by hand.
    session.set_stages(2, 2)
    assert session.players[2]["stages"] == 2 and session.players[2]["coins"] == 3 + 9
    # The Lighthouse pays 1 coin per yellow card in its city, itself included (Ukrainian rulebook:
    # "включно з собою"): with the Marketplace (no coins), Boris gets 3 + 2 = 5.
    session.add_card(1, "marketplace")
    session.add_card(1, "lighthouse")
    assert session.players[1]["coins"] == 5
    # The coins a card moved are logged right after the card (both in one transaction).
    events = store.events(session.game_id)
    for before, event in itertools.pairwise(events):
        if event.kind == "coins_changed" and event.payload["why"].startswith("card:"):
            assert before.kind == "card_confirmed" and f"card:{before.payload['card']}" == event.payload["why"]


def test_the_same_building_twice_or_a_missing_copy_is_refused(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    session.add_card(0, "loom")
    with pytest.raises(SessionError, match="already holds"):
        session.add_card(0, "loom")
    # For 3 players the box holds two Looms (Age I 3+ and Age II 3+): the third city finds none.
    session.add_card(1, "loom")
    with pytest.raises(SessionError, match="every copy of Loom"):
        session.add_card(2, "loom")
    with pytest.raises(SessionError, match="unknown card"):
        session.add_card(2, "lumberyard")


def test_a_trade_plan_moves_coins_to_the_neighbours(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    # Boris (Rhodes A makes ore) wants the Scriptorium (1 papyrus): only Vera (Ephesos A makes
    # papyrus), his left neighbour, sells papyrus, for 2 coins.
    check = session.check_card(1, "scriptorium")
    assert check.legal and [(b.seller, b.resource, b.coins) for b in check.plan.buys] == [("Vera", "papyrus", 2)]
    session.pay(1, check)
    assert [p["coins"] for p in session.players] == [3, 1, 5]


def test_conflicts_of_an_age_are_confirmed_with_one_call(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    session.add_card(0, "stockade")        # 1 shield; Boris and Vera have none
    result = session.conflicts()
    # Pairs: Anna-Boris (1 > 0), Boris-Vera (0 = 0, nothing), Vera-Anna (0 < 1).
    assert result.tokens == ((1, 1), (-1,), (-1,))
    session.confirm_conflicts()
    assert session.age == 2
    assert [p["tokens"] for p in session.players] == [[1, 1], [-1], [-1]]


def test_a_resumed_session_holds_the_same_cities_and_does_not_log_them_again(tmp_path: Path) -> None:
    path = tmp_path / "games.sqlite3"
    seen = frame({"gizah": ["card:lumber_yard/I/3+"], "rhodes": [], "ephesos": []})
    with GameStore(path) as store:
        first = GameSession.start(store, SEATS)
        for at in (0.0, 0.15, 0.3, 0.45):
            first.observe(seen, at)
        first.add_card(1, "altar")
        first.confirm_conflicts()
        game_id = first.game_id
    with GameStore(path) as store:
        again = GameSession.resume(store, game_id)
        assert [p["cards"] for p in again.players] == [["lumber_yard"], ["altar"], []]
        assert again.age == 2
        for at in (10.0, 10.2, 10.4, 10.6):
            again.observe(seen, at)
        assert [e.kind for e in store.events(game_id)].count("card_confirmed") == 2


def test_a_card_held_up_to_the_camera_is_the_shown_card(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    session.observe(frame({"gizah": [], "rhodes": [], "ephesos": []}, unassigned=("card:baths/I/3+",)), 1.0)
    assert session.shown is not None and session.shown.card == "baths"


def test_a_board_not_in_the_game_is_reported(store: GameStore) -> None:
    session = GameSession.start(store, SEATS, rule=ConfirmationRule())
    session.observe(frame({"gizah": [], "rhodes": [], "ephesos": [], "babylon": []}), 0.0)
    noted = [p for p in session.problems if "which is not in this game" in p]
    assert noted == ["the camera sees the board of The Hanging Gardens of Babylon, which is not in this game"]
    assert (noted[0].key, noted[0].values) == ("board_not_in_game", {"wonder": "babylon"})   # for the app's words


def test_finishing_stores_the_sheet(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    for seat in range(3):
        session.set_coins(seat, 0)
    session.add_card(0, "baths")           # 3 VP
    session.finish()
    assert session.finished
    sheet = store.game(session.game_id).sheet
    assert sheet is not None and sheet["winners"] == ["Anna"]
    assert next(p for p in sheet["players"] if p["name"] == "Anna")["total"] == 3


def test_refusals_a_player_can_reach_name_their_text_and_values(store: GameStore) -> None:
    session = GameSession.start(store, SEATS)
    session.add_card(0, "lumber_yard")
    with pytest.raises(SessionError) as same_city:
        session.add_card(0, "lumber_yard")
    assert (same_city.value.key, same_city.value.values) == ("city_holds", {"card": "lumber_yard", "player": "Anna"})
    # At 3 players the box holds one Lumber Yard (the "3+" copy): Anna's is the only one.
    with pytest.raises(SessionError) as no_copy:
        session.add_card(1, "lumber_yard")
    assert (no_copy.value.key, no_copy.value.values) == ("no_copy_left", {"card": "lumber_yard", "players": 3})
    # Gizah A has three stages: a fourth is refused, and nothing is logged.
    session.set_stages(0, 3)
    with pytest.raises(SessionError) as stages:
        session.set_stages(0, 4)
    assert (stages.value.key, stages.value.values) == ("stages_range", {"player": "Anna", "stages": 3})
    with pytest.raises(SessionError) as coins:
        session.set_coins(1, -1)
    assert coins.value.key == "coins_negative"
    assert session.players[0]["stages"] == 3 and session.players[1]["cards"] == [] and session.players[1]["coins"] == 3
