"""7 Wonders Architects refereed turn by turn in a logged game (issue 23): each tap one transaction of
the ordinary action events and the turn's record; the construction and the science set spend their
cards themselves; the battle at the end of the turn; medals on one's own turn; the end of the game at
the end of the turn that completes a wonder; a game that never starts the turns meets none; undo and
resume bring the turn back exactly. Rules from `../shared/reference/architects.md` (section 4.2),
quoted in each test; every count worked by hand in its comment.

Seats clockwise: 0 Ann (Giza), 1 Bob (Rhodes), 2 Cid (Babylon); the deck ``deck:k`` lies between seat
k and its left neighbour k+1 (seat k's own deck), so Ann's left deck is deck:0, her right one deck:2."""

from __future__ import annotations

from pathlib import Path
from typing import Any

import pytest

from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.rules.table import BuiltPiece
from companion.games.architects.rules.turns import ArchitectsTurn, payments, science_sets
from companion.games.architects.session import ArchitectsSession
from companion.games.architects.turn_log import read_turn
from companion.games.medals.rules.table import MedalLayout, medals_of, with_medals
from companion.state.errors import SessionError
from companion.storage import GameStore

DATA = load_architects_data()
GIZA = ("two_different", "two_identical", "three_different", "three_identical", "four_different")


def seating(medals: bool = False, bob: str = "rhodes") -> ArchitectsTable:
    players = tuple(ArchitectsPlayer(n, DATA.wonders[w]) for n, w in (("Ann", "giza"), ("Bob", bob),
                                                                       ("Cid", "babylon")))
    if not medals:
        return ArchitectsTable(DATA, players)
    layout = MedalLayout(("three_grey", "three_red", "three_blue"))   # Ann|Bob, Bob|Cid, Cid|Ann
    return with_medals(ArchitectsTable(DATA, players), layout=layout)


@pytest.fixture
def store(tmp_path: Path) -> Any:
    with GameStore(tmp_path / "games.sqlite3") as opened:
        yield opened


def kinds(store: GameStore, game_id: int, since: int = 0) -> list[str]:
    return [e.kind for e in store.events(game_id)[since:]]


def test_a_game_entered_by_hand_never_meets_a_turn(store: GameStore) -> None:
    session = ArchitectsSession.start(store, seating())
    session.place_card(0, "wood")
    session.build_piece(1, "two_different")
    assert not session.in_turns and session.open_turn().turn is None
    assert kinds(store, session.game_id) == ["game_set_up", "architects_card_placed", "architects_piece_built"]
    with pytest.raises(SessionError, match="no turn is being played"):
        session.take_card("deck:0", "stone")
    assert len(store.events(session.game_id)) == 3          # a refused tap writes nothing


def test_each_tap_is_one_transaction_and_the_turn_passes_to_the_left(store: GameStore) -> None:
    # "Take 1 of the 3 available cards (top of the left deck, top of the right deck, top of the
    # face-down central deck)"; "the player to your left can begin their turn".
    session = ArchitectsSession.start(store, seating())
    session.start_turns(0)
    turn = session.open_turn()
    assert turn.turn is not None and turn.turn.seat == 0 and turn.due == ("card",)
    assert turn.sources == ("deck:0", "deck:2", "central")
    with pytest.raises(SessionError, match="no card may be taken from deck:1"):
        session.take_card("deck:1", "wood")                 # Bob's right deck is not Ann's
    before = len(store.events(session.game_id))
    session.take_card("deck:2", "wood")
    assert kinds(store, session.game_id, before) == ["architects_card_placed", "architects_turn"]
    assert session.table.players[0].cards == {"wood": 1}
    with pytest.raises(SessionError, match="from: nowhere"):
        session.take_card("central", "stone")                # one card a turn
    session.end_turn()
    bob = session.open_turn()
    assert bob.turn is not None and (bob.turn.seat, bob.turn.number) == (1, 2)
    assert bob.sources == ("deck:1", "deck:0", "central")     # Bob's own deck, Ann's (on his right)


def test_must_construct_spending_the_cards_of_the_construction(store: GameStore) -> None:
    # "if you have the resources for an available piece you must build it ... used cards are
    # discarded". Ann holds a wood; turn 4 she takes a stone: 2 different resources pay Giza's first
    # piece (2 different, 4 VP), and the turn cannot end before she constructs it.
    session = ArchitectsSession.start(store, seating())
    session.start_turns(0)
    for deck, kind in (("deck:0", "wood"), ("central", "gear"), ("central", "tablet"), ("central", "stone")):
        session.take_card(deck, kind)
        if kind != "stone":
            session.end_turn()
    assert session.open_turn().due == ("construct",)
    with pytest.raises(SessionError, match="turn is not over: construct"):
        session.end_turn()
    assert session.payments("two_different") == ({"stone": 1, "wood": 1},)
    with pytest.raises(SessionError, match="has 0 clay"):
        session.construct("two_different", {"wood": 1, "clay": 1})
    before = len(store.events(session.game_id))
    session.construct("two_different", {"wood": 1, "stone": 1})
    assert kinds(store, session.game_id, before) == ["architects_cards_removed", "architects_cards_removed",
                                                     "architects_piece_built", "architects_turn"]
    ann = session.table.players[0]
    assert ann.cards == {} and ann.built == (BuiltPiece("two_different", 4),)
    assert session.open_turn().due == ()
    session.end_turn()
    assert session.open_turn().turn.seat == 1      # type: ignore[union-attr]


def test_the_ways_to_pay_a_piece() -> None:
    # Giza's first piece costs 2 different resources; "yellow coins must replace any missing resource".
    # Wood, stone and a coin pay it three ways: wood+stone, wood+coin, stone+coin (none pays more).
    table = seating().with_player(0, ArchitectsPlayer("Ann", DATA.wonders["giza"],
                                                      cards={"wood": 1, "stone": 1, "coin": 1}))
    assert payments(table, 0, "two_different") == ({"stone": 1, "wood": 1}, {"coin": 1, "stone": 1},
                                                   {"coin": 1, "wood": 1})
    # Economy: "1 of your yellow cards is worth 2 coins": the coin alone pays 2 cards; wood+stone too.
    rich = table.with_player(0, ArchitectsPlayer("Ann", DATA.wonders["giza"], cards={"wood": 1, "stone": 1, "coin": 1},
                                                 progress_tokens=("economy",)))
    assert payments(rich, 0, "two_different") == ({"coin": 1}, {"stone": 1, "wood": 1})
    # Science: 2 identical or 3 different symbols; 2 compasses, a gear and a tablet make two sets.
    green = table.with_player(0, ArchitectsPlayer("Ann", DATA.wonders["giza"],
                                                  cards={"compass": 2, "gear": 1, "tablet": 1}))
    assert science_sets(green, 0) == ({"compass": 2}, {"compass": 1, "gear": 1, "tablet": 1})


def test_must_take_a_token_spending_the_science_set_and_urbanism_gives_an_extra_card(store: GameStore) -> None:
    # "2 identical or 3 different science symbols -> you must take a Progress token: discard the
    # green cards used". Then Urbanism: "when you take a wood or clay grey card, choose 1 extra card
    # from the 3 available", once per turn.
    session = ArchitectsSession.start(store, seating())
    session.start_turns(0)
    session.take_card("central", "compass")
    session.end_turn()
    session.take_card("central", "blue_plain")
    session.end_turn()
    session.take_card("central", "blue_plain")
    session.end_turn()
    session.take_card("deck:0", "compass")
    assert session.open_turn().due == ("science",) and session.science_sets() == ({"compass": 2},)
    with pytest.raises(SessionError, match="turn is not over: science"):
        session.end_turn()
    session.take_progress("urbanism", {"compass": 2})
    ann = session.table.players[0]
    assert ann.progress_tokens == ("urbanism",) and ann.cards == {}
    session.end_turn()
    for _ in range(2):
        session.take_card("central", "gear")
        session.end_turn()
    session.take_card("deck:0", "wood")                      # Urbanism: 1 extra card
    assert session.open_turn().due == ("extra_card",)
    session.take_card("deck:2", "clay")                      # wood + clay: 2 different, no second extra card
    assert session.open_turn().due == ("construct",)


def test_the_battle_is_fought_when_the_turn_ends(store: GameStore) -> None:
    # 3 players: 3 Conflict tokens. Ann's red card with 2 horns turns 2; Bob's with 1 horn the last
    # one: "a Battle at the end of your turn, for all players". Shields: Ann 1, Bob 1 + Rhodes' 0
    # (its shield is on an unbuilt piece), Cid 0. Ann beats Cid (her right neighbour), ties Bob: 1
    # token; Bob beats Cid: 1; Cid 0. Horned red cards are discarded, the tokens back to Peace.
    session = ArchitectsSession.start(store, seating())
    session.start_turns(0)
    session.take_card("central", "red_horn_2")
    assert session.end_turn() is None and session.table.conflicts_flipped == 2
    session.take_card("deck:1", "red_horn_1")
    assert session.battle_due and session.open_turn().turn.battle_due    # type: ignore[union-attr]
    before = len(store.events(session.game_id))
    battle = session.end_turn()
    assert battle is not None and battle.gains == (1, 1, 0)
    assert kinds(store, session.game_id, before) == ["architects_battle_fought", "architects_turn"]
    assert [p.military_tokens for p in session.table.players] == [1, 1, 0]
    assert session.table.conflicts_flipped == 0 and session.table.players[0].cards == {}


def test_medals_are_claimed_on_ones_own_turn(store: GameStore) -> None:
    # Medals: "at any moment of your turn". The three_grey medal lies between Ann and Bob. Bob (Alexandria
    # here) takes a wood each turn: 3 identical resources pay no piece of Alexandria's first level (2
    # different), so they stay; on his 4th turn he may take the medal, on Ann's he may not.
    session = ArchitectsSession.start(store, seating(medals=True, bob="alexandria"))
    session.start_turns(1)
    for kind in ("wood", "wood", "wood"):                    # Bob, Cid, Ann... Bob takes wood each turn
        session.take_card("deck:1", kind)
        assert session.open_turn().due == ()
        session.end_turn()
        for _ in range(2):                                   # Cid and Ann take blue cards
            session.take_card("central", "blue_plain")
            session.end_turn()
    assert session.table.players[1].cards == {"wood": 3}
    session.take_card("central", "blue_plain")              # Bob's 4th turn: his 3 grey cards meet the goal
    assert session.turn_offers("medals") == ("three_grey",)
    with pytest.raises(SessionError, match="claims a medal on their own turn"):
        session.claim_on_turn("medals", "three_grey", seat=0)
    session.claim_on_turn("medals", "three_grey")
    assert medals_of(session.table.players[1]) == ("three_grey",)


def test_the_game_ends_at_the_end_of_the_turn_that_completes_a_wonder(store: GameStore) -> None:
    # "once a player has finished their wonder, the game ends at the end of that player's turn" (the
    # rulebook; docs/rulings.md: the others do not finish the round). Ann has built 4 pieces by hand
    # before the turns; Giza's fifth costs 4 different: wood, stone, clay and papyrus.
    session = ArchitectsSession.start(store, seating())
    for piece in GIZA[:4]:
        session.build_piece(0, piece)
    for kind in ("wood", "stone", "clay"):
        session.place_card(0, kind)
    session.start_turns(0)
    session.take_card("deck:0", "papyrus")
    assert session.payments("four_different") == ({"clay": 1, "papyrus": 1, "stone": 1, "wood": 1},)
    session.construct("four_different", {"wood": 1, "stone": 1, "clay": 1, "papyrus": 1})
    session.end_turn()
    state = session.open_turn()
    assert state.over and state.turn is None and state.completed_by == 0
    with pytest.raises(SessionError, match="the game is over"):
        session.take_card("deck:1", "wood")                   # Bob does not play
    # Giza complete: 4 + 5 + 6 + 7 + 8 = 30 VP
    assert session.sheet().lines[0].points["wonder"] == 30


def test_undo_puts_back_the_cards_the_piece_and_the_turn(store: GameStore) -> None:
    session = ArchitectsSession.start(store, seating())
    session.place_card(0, "wood")
    session.start_turns(0)
    session.take_card("deck:0", "stone")
    session.construct("two_different", {"wood": 1, "stone": 1})
    assert session.undo()
    assert session.table.players[0].cards == {"wood": 1, "stone": 1} and session.table.players[0].built == ()
    assert session.open_turn().due == ("construct",)
    assert session.undo()                                     # the card taken: the turn's card is due again
    assert session.open_turn().due == ("card",) and session.table.players[0].cards == {"wood": 1}
    assert session.undo() and not session.in_turns            # the start of the turns


def test_a_game_reopened_mid_turn_resumes_exactly(store: GameStore, tmp_path: Path) -> None:
    # Ann holds Urbanism; her wood owes an extra card: reopened, the turn still owes it.
    session = ArchitectsSession.start(store, seating())
    session.take_token(0, "urbanism")
    session.start_turns(0)
    session.take_card("deck:0", "wood")
    with GameStore(tmp_path / "games.sqlite3") as other:
        resumed = ArchitectsSession(other, session.game_id)
        assert resumed.open_turn() == session.open_turn()
        assert resumed.open_turn().due == ("extra_card",)
        resumed.take_card("central", "stone")               # the other window builds on the log
    session.reload()
    assert session.table.players[0].cards == {"wood": 1, "stone": 1}
    assert read_turn(store.events(session.game_id)).turn == ArchitectsTurn(
        0, 1, taken=True, tokens_used=frozenset({"urbanism"}))


def test_rome_takes_a_card_and_the_victim_places_a_gift_first(store: GameStore) -> None:
    # Rome: "take 1 card lying in front of any opponent and place it in front of you ... give that
    # opponent the top card of the central deck face down - on their next turn they reveal it and
    # place it in front of them, in addition to their normal turn" (ruling A3: first).
    table = with_medals(ArchitectsTable(DATA, (ArchitectsPlayer("Ann", DATA.wonders["rome"]),
                                               ArchitectsPlayer("Bob", DATA.wonders["rhodes"]))),
                        layout=MedalLayout(("three_grey", "three_blue")))
    session = ArchitectsSession.start(store, table)
    session.place_card(0, "wood")
    session.place_card(1, "blue_cat")
    session.start_turns(0)
    session.take_card("deck:0", "wood")
    session.construct(None, {"wood": 2}, vp=3, effect=True)
    assert session.open_turn().due == ("theft",)
    before = len(store.events(session.game_id))
    session.use_rome(1, "blue_cat")
    assert kinds(store, session.game_id, before) == ["architects_cards_removed", "architects_card_placed",
                                                     "architects_turn"]
    assert session.table.players[0].cat_pawn and session.table.players[1].cards == {}
    session.end_turn()
    assert session.open_turn().due == ("gift", "card") and session.open_turn().sources == ("gift",)
    session.take_card("gift", "clay")
    session.take_card("central", "stone")
    assert session.table.players[1].cards == {"clay": 1, "stone": 1}


@pytest.mark.slow
def test_killing_a_turn_at_any_moment_brings_back_the_table_and_the_turn(tmp_path: Path) -> None:
    """The tap process (tests/games/architects/turn_taps.py) killed with SIGKILL a moment after it
    starts each tap: every game holds whole taps only, and reopened it is the table and the turn the
    same game had after that tap when nothing was killed."""
    import random

    from tests.games.architects.taps import seating as three
    from tests.games.architects.turn_taps import TAPS, play
    from tests.tools.killing import killed_during

    reference: dict[int, tuple[object, object]] = {}
    with GameStore(tmp_path / "reference.sqlite3") as log:
        def saved(what: str, game: int, _name: str) -> None:
            if what == "done":
                session = ArchitectsSession(log, game)
                reference[len(log.events(game))] = (session.table, session.open_turn())

        play(log, saved)
        fresh = ArchitectsSession.start(log, three())                  # killed right after the set-up
        reference[1] = (fresh.table, fresh.open_turn())
    # the battle fought at the end of Cid's turn: Ann 0 shields, Bob 1, Cid 1 (hand count): Bob and Cid
    # each beat Ann, tie between them
    after_battle = [table for table, _turn in reference.values()
                    if [p.military_tokens for p in table.players] == [0, 1, 1]]   # type: ignore[attr-defined]
    assert after_battle
    path = tmp_path / "crash.sqlite3"
    rng = random.Random(23)
    for number in range(len(TAPS)):
        name = TAPS[number][0].replace(" ", "_")
        killed_during("tests.games.architects.turn_taps", path,
                      lambda line, n=name: line.startswith("tap ") and line.endswith(f" {n} -\n"),
                      rng.uniform(0.0, 0.02))
    with GameStore(path) as log:
        games = [summary.id for summary in log.games()]
        assert len(games) >= len(TAPS)
        for game_id in games:
            count = len(log.events(game_id))
            assert count in reference, f"game {game_id}: {count} events is no whole tap"
            resumed = ArchitectsSession(log, game_id)
            assert (resumed.table, resumed.open_turn()) == reference[count]


def test_an_empty_deck_stays_empty(store: GameStore) -> None:
    # "An empty deck stays empty": Ann finds her own deck empty; it is offered to nobody after, and a
    # player who can take no card at all is skipped (ruling A10). 2 players: Ann's left deck deck:0,
    # her right deck deck:1 (Bob's).
    table = ArchitectsTable(DATA, (ArchitectsPlayer("Ann", DATA.wonders["giza"]),
                                   ArchitectsPlayer("Bob", DATA.wonders["rhodes"])))
    session = ArchitectsSession.start(store, table)
    session.start_turns(0)
    before = len(store.events(session.game_id))
    session.deck_empty("deck:0")
    assert kinds(store, session.game_id, before) == ["architects_turn"]         # no area changes
    assert session.open_turn().sources == ("deck:1", "central")
    with pytest.raises(SessionError, match="no card may be taken from deck:0"):
        session.take_card("deck:0", "wood")
    session.take_card("central", "wood")
    session.end_turn()
    assert session.open_turn().sources == ("deck:1", "central")                # Bob's left deck, the centre
    session.deck_empty("deck:1")
    session.deck_empty("central")
    assert session.open_turn().due == ()                                         # nothing to take: skipped
    session.end_turn()
    assert session.open_turn().turn.seat == 0                                    # type: ignore[union-attr]


def test_a_game_in_turns_is_exported_and_imported_whole(store: GameStore, tmp_path: Path) -> None:
    # The turn's record is an event kind of the log (registered by Architects): a game exported in the
    # middle of a turn is imported into another log with its turn, and reopens where it stood.
    from companion.storage.exchange import export_json, import_game

    session = ArchitectsSession.start(store, seating())
    session.start_turns(2)
    session.take_card("deck:2", "red_horn_2")
    document = export_json(store, session.game_id)
    with GameStore(tmp_path / "other.sqlite3") as other:
        imported = ArchitectsSession(other, import_game(other, document))
        assert imported.table == session.table and imported.open_turn() == session.open_turn()
        assert imported.open_turn().turn == ArchitectsTurn(2, 1, taken=True)
