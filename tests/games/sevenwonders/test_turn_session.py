"""The game session played in turns (companion/games/sevenwonders/turn_session.py): plays entered by
hand go into the open turn and are paid when it closes, whatever the order they were entered in; a
game entered as its end state keeps paying each build at once."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.sevenwonders.rules.turns import Play
from companion.games.sevenwonders.session import GameSession, SeatSetup, SessionError
from companion.storage import GameStore

SEATS = [SeatSetup("Anna", "alexandria", "A"), SeatSetup("Boris", "gizah", "A"), SeatSetup("Chen", "babylon", "A")]


@pytest.fixture
def session(tmp_path: Path) -> GameSession:
    return GameSession.start(GameStore(tmp_path / "games.sqlite3"), SEATS)


def _coins(session: GameSession) -> list[int]:
    return [p["coins"] for p in session.players]


def _turn_one(session: GameSession) -> None:
    # Turn 1 of age I, everyone with the 3 starting coins: three free brown cards.
    for play in (Play(0, "build", "lumber_yard"), Play(1, "build", "stone_pit"), Play(2, "build", "clay_pool")):
        session.enter_play(play)
    session.close_open_turn()


def test_coins_from_a_trade_are_not_spendable_in_the_same_turn_whatever_the_order(session: GameSession) -> None:
    _turn_one(session)
    assert session.in_turns and _coins(session) == [3, 3, 3]
    # Turn 2. Boris (Gizah) enters first his Workshop (1 glass): he makes none and buys Anna's
    # (Alexandria's glass) for 2 coins. Anna then asks for her wonder's stage 1 (2 stone): she makes
    # none, and buys Boris's two (Gizah's and his Stone Pit) for 2 + 2 = 4 coins, but she holds 3 at
    # the start of the turn; the 2 coins Boris pays her come in this turn and cannot be spent in it
    # (rulebook, trade). Paid at once, as before, her stage would have been approved (3 + 2 = 5).
    verdict = session.enter_play(Play(1, "build", "workshop"))
    assert verdict.legal and verdict.check.coins == 2 and verdict.check.plan.buys[0].seller == "Anna"
    assert _coins(session) == [3, 3, 3]                 # nothing is paid before the turn closes
    refused = session.check_play(Play(0, "stage"))
    assert not refused.legal and refused.check.coins_available == 3
    with pytest.raises(SessionError):
        session.enter_play(Play(0, "stage"))
    assert [v.play.seat for v in session.open_turn().report.verdicts] == [1]
    assert session.open_turn().report.waiting == (0, 2)
    with pytest.raises(SessionError) as early:
        session.close_open_turn()
    assert early.value.key == "turn_not_played"
    # Anna builds the Stockade instead (1 wood, her Lumber Yard): 3 + 2 from Boris = 5; Boris 3 - 2 = 1;
    # Chen discards: 3 + 3 = 6.
    session.enter_play(Play(0, "build", "stockade"))
    session.enter_play(Play(2, "discard"))
    session.close_open_turn()
    assert _coins(session) == [5, 1, 6]
    turn = session.open_turn()
    assert (turn.progress.age, turn.progress.turn, turn.turns) == (1, 3, 6)
    # Turn 3: with the 5 coins she now holds at the start of the turn, her stage (4 coins) is legal.
    assert session.check_play(Play(0, "stage")).legal


def test_a_build_entered_from_the_build_check_is_a_play_of_the_open_turn(session: GameSession) -> None:
    _turn_one(session)
    session.build(1, session.check_card(1, "workshop"))        # the build check's button, in turns
    assert _coins(session) == [3, 3, 3] and "workshop" not in session.players[1]["cards"]
    assert session.open_turn().plays == (Play(1, "build", "workshop"),)
    session.withdraw_play(1)                                    # the undo in the message bar
    assert session.open_turn().plays == ()


def test_olympia_builds_free_once_per_age(tmp_path: Path) -> None:
    seats = [SeatSetup("Anna", "olympia", "A"), SeatSetup("Boris", "gizah", "A"), SeatSetup("Chen", "babylon", "A")]
    session = GameSession.start(GameStore(tmp_path / "games.sqlite3"), seats)
    session.set_stages(0, 2)               # entered by hand before the turns: Olympia A's stage 2 (free build)
    # Turn 1: the Baths (1 stone, Olympia makes wood) free; turn 2 another free build is refused.
    assert session.enter_play(Play(0, "build", "baths", free_build=True)).legal
    session.enter_play(Play(1, "discard"))
    session.enter_play(Play(2, "discard"))
    session.close_open_turn()
    assert "baths" in session.players[0]["cards"] and session.players[0]["coins"] == 3
    with pytest.raises(SessionError) as spent:
        session.enter_play(Play(0, "build", "scriptorium", free_build=True))
    assert spent.value.key == "turn_free_build_spent"
    assert "free_build" not in session.open_turn().offers.get(0, ())


def test_a_game_entered_as_its_end_state_pays_each_build_at_once(session: GameSession) -> None:
    # No play entered through the turns: the build check's build pays Anna at once, as before.
    session.add_card(1, "stone_pit")
    session.build(1, session.check_card(1, "workshop"))
    assert not session.in_turns
    assert _coins(session) == [5, 1, 3] and "workshop" in session.players[1]["cards"]


def test_a_forgotten_card_in_the_last_turn_settles_it_again(session: GameSession) -> None:
    _turn_one(session)
    for play in (Play(1, "build", "workshop"), Play(0, "build", "stockade"), Play(2, "discard")):
        session.enter_play(play)
    session.close_open_turn()
    assert _coins(session) == [5, 1, 6]
    # Chen did not discard: he built the Baths (1 stone; Babylon and his Clay Pool make none), bought
    # from Boris (Gizah) for 2. Settled again from the start of turn 2: Anna 3 + 2 = 5 as before;
    # Boris 3 - 2 (glass) + 2 (stone) = 3; Chen 3 - 2 = 1.
    plays = [p for p in session.last_turn_plays() if p.seat != 2] + [Play(2, "build", "baths")]
    session.correct_last_turn(plays)
    assert _coins(session) == [5, 3, 1] and "baths" in session.players[2]["cards"]
    assert session.open_turn().progress.turn == 3


def test_armada_the_last_turn_of_an_age_brings_its_naval_conflict_in_the_same_transaction(tmp_path: Path) -> None:
    from companion.games.armada.rules.data import armada_with_values

    seats = [SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "rhodes", "A"), SeatSetup("Vera", "ephesos", "A")]
    armada = armada_with_values({"fleet.red.1.naval_shields": 1, "fleet.red.2.naval_shields": 2})
    store = GameStore(tmp_path / "games.sqlite3", sources={"armada": armada})
    session = GameSession.start(store, seats, expansions=["armada"])
    session.part("armada").move_fleet(0, "red", +1)            # the ships entered by hand before the turns
    session.part("armada").move_fleet(1, "red", +1)
    session.part("armada").move_fleet(1, "red", +1)
    # Armada deals 8 cards: 7 turns in an age. Everyone discards every turn: 3 + 7 x 3 = 24 coins.
    for turn in range(1, 8):
        assert session.open_turn().progress.turn == turn and session.open_turn().turns == 7
        for seat in range(3):
            session.enter_play(Play(seat, "discard"))
        before = len(store.events(session.game_id))
        result = session.close_open_turn()
    assert result.age_over and _coins(session) == [24, 24, 24]
    # Naval strengths 1, 2, 0 (the entered red values): Vera -1, Boris +3, Anna +1 (Age I: +3, +1, -1).
    assert [p["naval_tokens"] for p in session.players] == [[1], [3], [-1]]
    closing = [e.kind for e in store.events(session.game_id)][before:]
    assert closing[-1] == "turn_closed" and "conflicts_resolved" in closing and "armada_set" in closing
    assert session.age == 2 and session.open_turn().progress.turn == 1


def test_the_last_closed_turn_opened_again_goes_back_to_its_start_and_closes_again_corrected(
        session: GameSession) -> None:
    _turn_one(session)
    # Turn 2 as in the first test: Boris's Workshop buys Anna's glass (2), Anna's Stockade, Chen discards:
    # coins 5, 1, 6.
    for play in (Play(1, "build", "workshop"), Play(0, "build", "stockade"), Play(2, "discard")):
        session.enter_play(play)
    session.close_open_turn()
    assert _coins(session) == [5, 1, 6]
    assert session.last_closed_turn() == (1, 2, (Play(0, "build", "stockade"), Play(1, "build", "workshop"),
                                                 Play(2, "discard")))
    assert session.reopen_refusal() is None
    before = len(session.events())
    plays = session.reopen_last_turn()
    # One transaction: the cities back at the start of turn 2 (Anna's Stockade and Boris's Workshop
    # out, everyone's coins 3 again: Chen's discard undone too), and the record; the turn's three plays
    # are the open turn's again.
    logged = session.events()[before:]
    assert [e.kind for e in logged] == ["card_removed", "coins_changed", "card_removed", "coins_changed",
                                        "coins_changed", "turn_reopened"]
    assert [p["cards"] for p in session.players] == [["lumber_yard"], ["stone_pit"], ["clay_pool"]]
    assert _coins(session) == [3, 3, 3]
    turn = session.open_turn()
    assert (turn.progress.age, turn.progress.turn) == (1, 2)
    assert set(plays) == set(turn.plays) and turn.report.waiting == ()
    assert session.last_closed_turn() is None
    with pytest.raises(SessionError) as twice:
        session.reopen_last_turn()
    assert twice.value.key == "turn_no_turn"
    # Chen builds the Baths (1 stone) instead of discarding: Babylon makes clay; he buys Boris's stone
    # (Gizah) for 2. Closed again: Anna 3 + 2 (Boris's purchase) = 5; Boris 3 - 2 + 2 (Chen's) = 3;
    # Chen 3 - 2 = 1.
    session.enter_play(Play(2, "build", "baths"))
    session.close_open_turn()
    assert _coins(session) == [5, 3, 1]
    assert session.players[2]["cards"] == ["clay_pool", "baths"]
    assert session.open_turn().progress.turn == 3
    # A city changed by hand since: the turn is no longer opened again (nothing logged).
    session.set_coins(0, 4)
    assert session.reopen_refusal().key == "turn_changed_since"
    count = len(session.events())
    with pytest.raises(SessionError):
        session.reopen_last_turn()
    assert len(session.events()) == count


def test_the_turn_that_ended_an_age_is_not_opened_again(session: GameSession) -> None:
    # Age I has 6 turns (7 cards, the last discarded); every seat discards every turn.
    for _turn in range(6):
        for seat in range(3):
            session.enter_play(Play(seat, "discard"))
        session.close_open_turn()
    assert session.age == 2
    refusal = session.reopen_refusal()
    assert refusal is not None and refusal.key == "turn_age_closed"
    with pytest.raises(SessionError):
        session.reopen_last_turn()
    assert session.age == 2
