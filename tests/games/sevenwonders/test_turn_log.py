"""7 Wonders turns in the game log (issue 23): a play is one event, a closed turn one transaction of the
ordinary events plus a record; the replay is the same for every reader; old logs and games entered as
their end state read as before; the last turn may be corrected. Numbers worked out in the comments."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.armada.rules.data import armada_with_values
from companion.games.armada.session import port_set_up_events
from companion.games.sevenwonders.rules.turns import AgeProgress, DiscardPile, Play, TurnError, close_turn
from companion.games.sevenwonders.session import GameSession
from companion.games.sevenwonders.tablefile import parse_table
from companion.games.sevenwonders.turn_log import (
    close_logged_turn,
    correct_logged_turn,
    enter_play,
    play_from_json,
    read_turns,
    turn_log,
    withdraw_play,
)
from companion.storage import EventError, GameStore

PLAYERS = [{"name": "Anna", "wonder": "gizah", "side": "A"}, {"name": "Boris", "wonder": "rhodes", "side": "A"},
           {"name": "Chen", "wonder": "ephesos", "side": "A"}]
"""Anna (stone), Boris (ore), Chen (papyrus); each starts with 3 coins. Boris's right neighbour is Anna."""

# Age I, turn 1: Anna builds the Altar (free); Boris the Baths (1 stone), buying Anna's stone for 2
# coins; Chen discards. After the turn: Anna 3 + 2 = 5, Boris 3 - 2 = 1, Chen 3 + 3 = 6.
TURN_1 = [Play(0, "build", "altar"), Play(1, "build", "baths"), Play(2, "discard", "theater")]


def _coins(store: GameStore, game_id: int) -> list[int]:
    return [p["coins"] for p in store.state(game_id).document["players"]]


@pytest.fixture
def store(tmp_path: Path):
    with GameStore(tmp_path / "games.sqlite3") as opened:
        yield opened


def test_each_play_is_an_event_and_closing_the_turn_is_one_transaction(store: GameStore) -> None:
    game = store.new_game(PLAYERS)
    for play in reversed(TURN_1):
        assert enter_play(store, game, play).legal
    log = turn_log(store, game)
    assert log.progress == AgeProgress() and sorted(p.seat for p in log.plays) == [0, 1, 2]
    assert _coins(store, game) == [3, 3, 3]                 # nothing settled while plays are entered
    before = store.events(game)[-1].seq
    result = close_logged_turn(store, game)
    assert [p.coins for p in result.table.players] == [5, 1, 6]
    written = store.events_after(game, before)
    assert [e.kind for e in written] == ["card_confirmed", "coins_changed", "card_confirmed", "coins_changed",
                                         "coins_changed", "turn_closed"]
    state = store.state(game)
    assert _coins(store, game) == [5, 1, 6]
    assert [p["cards"] for p in state.document["players"]] == [["altar"], ["baths"], []]
    after = turn_log(store, game)
    assert after.progress == AgeProgress(1, 2, frozenset(), DiscardPile(("theater",))) and after.plays == ()


def test_a_play_corrected_before_the_close_and_the_close_refused_until_everyone_has_played(store: GameStore) -> None:
    game = store.new_game(PLAYERS)
    enter_play(store, game, TURN_1[0])
    # Baths entered for Chen by mistake (legal: Anna, Chen's left neighbour, sells him stone): withdrawn.
    enter_play(store, game, Play(2, "build", "baths"))
    withdraw_play(store, game, 2)
    enter_play(store, game, TURN_1[1])
    seq = store.events(game)[-1].seq
    with pytest.raises(TurnError) as early:
        close_logged_turn(store, game)
    assert early.value.code == "not_played"
    assert store.events(game)[-1].seq == seq                  # nothing written
    enter_play(store, game, TURN_1[2])
    assert [p.coins for p in close_logged_turn(store, game).table.players] == [5, 1, 6]


def test_an_illegal_play_is_logged_with_its_verdict_and_blocks_the_close(store: GameStore) -> None:
    game = store.new_game(PLAYERS)
    # Anna's Stockade (1 wood): nobody at the table makes wood.
    verdict = enter_play(store, game, Play(0, "build", "stockade"))
    assert not verdict.legal and verdict.reason_code == "resources_short"
    enter_play(store, game, TURN_1[1])
    enter_play(store, game, TURN_1[2])
    with pytest.raises(TurnError) as refused:
        close_logged_turn(store, game)
    assert refused.value.code == "resources_short"
    enter_play(store, game, TURN_1[0])                       # replaces Anna's play
    assert close_logged_turn(store, game).progress.turn == 2


def test_malformed_plays_are_refused_by_the_log(store: GameStore) -> None:
    game = store.new_game(PLAYERS)
    with pytest.raises(EventError):
        store.append(game, "turn_play", {"seat": 7, "source": "hand", "play": {"seat": 7, "action": "build"}})
    with pytest.raises(EventError):
        store.append(game, "turn_play", {"seat": 0, "source": "hand",
                                         "play": {"seat": 0, "action": "build", "source": "hand",
                                                  "discard_reward": "coins", "free_build": "yes"}})


def test_olympia_power_and_the_discard_pile_survive_a_resume(tmp_path: Path) -> None:
    # Olympia A (Boris) with stage 2 built by hand (a game that began as an entered table): his free
    # build in turn 1 is remembered in the log; a new store (the app restarted) refuses a second one.
    path = tmp_path / "games.sqlite3"
    players = [PLAYERS[0], {"name": "Boris", "wonder": "olympia", "side": "A"}, PLAYERS[2]]
    with GameStore(path) as first:
        game = first.new_game(players, then=[("stage_built", {"seat": 1, "stages": 2}, "hand")])
        for play in (Play(0, "discard", "altar"), Play(1, "build", "baths", free_build=True), Play(2, "discard")):
            enter_play(first, game, play)
        close_logged_turn(first, game)
    with GameStore(path) as second:
        log = turn_log(second, game)
        assert log.progress.free_builds_used == frozenset({1})
        assert log.progress.discard == DiscardPile(("altar",), 1)
        again = enter_play(second, game, Play(1, "build", "stockade", free_build=True))
        assert again.reason_code == "free_build_spent"


def test_the_last_turn_corrected_settles_again(store: GameStore) -> None:
    game = store.new_game(PLAYERS)
    for play in TURN_1:
        enter_play(store, game, play)
    close_logged_turn(store, game)
    # Boris did not build the Baths: he discarded them. Settled again from the start of the turn:
    # Anna 3 (no sale), Boris 3 + 3 = 6, Chen 6; the Baths leave Boris's city.
    corrected = correct_logged_turn(store, game, [TURN_1[0], Play(1, "discard", "baths"), TURN_1[2]])
    assert [p.coins for p in corrected.table.players] == [3, 6, 6]
    state = store.state(game)
    assert _coins(store, game) == [3, 6, 6] and state.document["players"][1]["cards"] == []
    log = turn_log(store, game)
    assert log.last_close is not None and "corrects" in log.last_close.payload
    assert log.progress == AgeProgress(1, 2, frozenset(), DiscardPile(("baths", "theater")))
    # A city changed by hand after the close: the turn can no longer be settled again.
    store.append(game, "coins_changed", {"seat": 0, "coins": 4, "why": "counted"})
    with pytest.raises(TurnError) as late:
        correct_logged_turn(store, game, TURN_1)
    assert late.value.code == "changed_since"


def test_the_age_ends_in_the_log_with_its_land_tokens(store: GameStore) -> None:
    # Five turns of discards are entered as a closed turn each; on turn 6 Boris builds the Barracks
    # (1 ore: Rhodes makes it): 1 shield against 0 and 0: Boris +1 +1, Anna -1, Chen -1.
    game = store.new_game(PLAYERS)
    for _turn in range(5):
        for seat in range(3):
            enter_play(store, game, Play(seat, "discard"))
        close_logged_turn(store, game)
    for play in (Play(0, "discard"), Play(1, "build", "barracks"), Play(2, "discard")):
        enter_play(store, game, play)
    result = close_logged_turn(store, game)
    assert result.age_over
    state = store.state(game)
    assert [sorted(p["tokens"]) for p in state.document["players"]] == [[-1], [1, 1], [-1]]
    # Coins: Anna and Chen discard 6 times (3 + 18 = 21), Boris 5 times (3 + 15 = 18).
    assert _coins(store, game) == [21, 18, 21]
    assert turn_log(store, game).progress == AgeProgress(2, 1, frozenset(), DiscardPile((), 5 * 3 + 2 + 3))
    assert any(e.kind == "conflicts_resolved" and e.payload["age"] == 1 for e in store.events(game))


def test_a_log_without_turns_reads_as_before(store: GameStore) -> None:
    # A game entered as its end state (cards and coins typed in): no turn events, age I turn 1 for the
    # referee, and the replayed table is the cards entered.
    game = store.new_game(PLAYERS, then=[("card_confirmed", {"seat": 0, "card": "altar"}, "hand"),
                                         ("coins_changed", {"seat": 1, "coins": 9}, "hand")])
    events = store.events(game)
    assert read_turns(events).progress == AgeProgress() and read_turns(events).last_close is None
    assert _coins(store, game) == [3, 9, 3]
    assert not any(e.kind.startswith("turn_") for e in events)


def test_the_replay_is_deterministic_every_closed_turn_settles_again_to_what_the_log_holds(store: GameStore) -> None:
    # Three turns, the plays entered in a different order each time; then each turn_closed record,
    # settled again from the table at its start_seq, gives the cities the log holds after it.
    game = store.new_game(PLAYERS)
    turns = [TURN_1, [Play(0, "discard"), Play(1, "build", "ore_vein"), Play(2, "build", "scriptorium")],
             [Play(0, "build", "stone_pit"), Play(1, "build", "barracks"), Play(2, "discard", "loom")]]
    for number, plays in enumerate(turns):
        for play in plays[number:] + plays[:number]:
            enter_play(store, game, play)
        close_logged_turn(store, game)
    events = store.events(game)
    closes = [e for e in events if e.kind == "turn_closed"]
    assert len(closes) == 3
    for close in closes:
        start = int(close.payload["start_seq"])
        table = parse_table(store.state(game, upto=start).document)
        progress = read_turns([e for e in events if e.seq <= start]).progress
        again = close_turn(table, progress, [play_from_json(p) for p in close.payload["plays"]])
        held = store.state(game, upto=close.seq).document["players"]
        assert [p.coins for p in again.table.players] == [p["coins"] for p in held]
        assert [[c.id for c in p.cards] for p in again.table.players] == [p["cards"] for p in held]
    # By hand: turn 1 [5, 1, 6]; turn 2 Anna discards +3, Boris's Ore Vein and Chen's Scriptorium
    # (1 papyrus: Ephesos) are free: [8, 1, 6]; turn 3 Stone Pit and Barracks (1 ore: Rhodes) free,
    # Chen +3: [8, 1, 9].
    assert _coins(store, game) == [8, 1, 9]


def test_turns_begin_in_the_age_a_game_entered_by_hand_has_reached(store: GameStore) -> None:
    # Age I played without turns (its land tokens logged at its end): the referee starts at age II,
    # turn 1, where a card of age I is refused.
    game = store.new_game(PLAYERS, then=[("conflicts_resolved", {"age": 1, "tokens": [[1], [-1], []]}, "engine")])
    assert turn_log(store, game).progress == AgeProgress(2, 1)
    assert enter_play(store, game, Play(0, "build", "altar")).reason_code == "wrong_age"


def test_two_windows_share_the_open_turn_and_close_it_once(tmp_path: Path) -> None:
    # The app and a command on one log: plays entered in either are the same turn's; the turn closes
    # once (the second close finds nobody has played in the new turn and writes nothing).
    path = tmp_path / "games.sqlite3"
    with GameStore(path) as first, GameStore(path) as second:
        game = first.new_game(PLAYERS)
        enter_play(first, game, TURN_1[0])
        enter_play(second, game, TURN_1[1])
        enter_play(first, game, TURN_1[2])
        assert sorted(p.seat for p in turn_log(second, game).plays) == [0, 1, 2]
        assert [p.coins for p in close_logged_turn(second, game).table.players] == [5, 1, 6]
        seq = first.events(game)[-1].seq
        with pytest.raises(TurnError) as again:
            close_logged_turn(first, game)
        assert again.value.code == "not_played" and first.events(game)[-1].seq == seq
        assert _coins(first, game) == [5, 1, 6]


def test_armada_the_ships_a_turn_moves_are_logged_with_its_close(tmp_path: Path) -> None:
    # The Armada rulebook's example (a blue upgrade costing 1 clay; board 1 here): Georgy (Rhodes, 5
    # coins) builds the Baths with a naval construction, buying stone from Left (Gizah) and clay from
    # Right (Babylon), 2 coins each: 5 - 4 = 1. Right discards for the yellow ship's step (no coins):
    # 3 + 2 = 5; Left and Far discard for 3: Left 3 + 2 + 3 = 8, Far 6. The blue and yellow ships move
    # in the same transaction, the yellow step marked as a discard's, for the Armada turn to count.
    armada = armada_with_values({"port_board.1.blue.1.cost": {"resources": {"clay": 1}}})
    players = [{"name": "Georgy", "wonder": "rhodes", "side": "A"}, {"name": "Left", "wonder": "gizah", "side": "A"},
               {"name": "Far", "wonder": "ephesos", "side": "A"}, {"name": "Right", "wonder": "babylon", "side": "A"}]
    with GameStore(tmp_path / "games.sqlite3", sources={"armada": armada}) as store:
        game = store.new_game(players, expansions=["armada"],
                              then=[*port_set_up_events(4, None), ("coins_changed", {"seat": 0, "coins": 5}, "hand")])
        plays = [Play(0, "build", "baths", naval=True), Play(1, "discard"), Play(2, "discard"),
                 Play(3, "discard", discard_reward="yellow_step")]
        for play in plays:
            assert enter_play(store, game, play).legal
        before = store.events(game)[-1].seq
        close_logged_turn(store, game)
        ships = [e for e in store.events_after(game, before) if e.kind == "armada_set"]
        assert [(e.payload["seat"], e.payload.get("why")) for e in ships] == [(0, None), (3, "discard:yellow")]
        document = store.state(game).document
        assert [p["coins"] for p in document["players"]] == [1, 8, 6, 5]
        assert document["players"][0]["fleets"]["blue"] == 1 and document["players"][3]["fleets"]["yellow"] == 1
        # The Armada turn that follows (the session's) counts these two ship steps.
        summary = GameSession.resume(store, game).part("armada").turn_summary()
        assert [part.steps for part in summary.seats] == [[("blue", 1)], [], [], [("yellow", 1)]]
        # Such a turn is not settled again by the referee: its ships are corrected by hand.
        with pytest.raises(TurnError) as ships_moved:
            correct_logged_turn(store, game, [*plays[:3], Play(3, "discard")])
        assert ships_moved.value.code == "ships_moved"
