"""The game session with Armada: port boards at set-up, ships moved and islands taken by hand, each
saved at once as an `armada_set` event; naval conflicts at the end of an age; a restart returns to
the same ports."""

from __future__ import annotations

from pathlib import Path

import pytest

from companion.games.armada.rules.data import armada_with_values
from companion.games.sevenwonders.session import GameSession, SeatSetup, SessionError
from companion.storage import GameStore

SEATS = [SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "rhodes", "A"), SeatSetup("Vera", "ephesos", "A")]


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "games.sqlite3"


def _ports(session: GameSession) -> list[tuple[int, dict[str, int], list[str], list[int]]]:
    return [(p["port_board"], p["fleets"], p["islands"], p["naval_tokens"]) for p in session.players]


def test_an_armada_game_starts_with_a_port_per_seat(path: Path) -> None:
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS, expansions=["armada"], part_options={"port_boards": [3, 1, 2]})
        assert session.document["expansions"] == ["armada"] and session.plays("armada")
        start = {"red": 0, "yellow": 0, "blue": 0, "green": 0}
        assert _ports(session) == [(3, start, [], []), (1, start, [], []), (2, start, [], [])]
        kinds = [e.kind for e in store.events(session.game_id)]
        assert kinds == ["game_set_up", "armada_set", "armada_set", "armada_set"]
        default = GameSession.start(store, SEATS, expansions=["armada"])
        assert [p["port_board"] for p in default.players] == [1, 2, 3]
        plain = GameSession.start(store, SEATS)
        assert not plain.plays("armada") and "port_board" not in plain.players[0]
        with pytest.raises(SessionError, match="without Armada"):
            plain.part("armada").move_fleet(0, "red", 1)


def test_two_seats_cannot_share_a_port_board(path: Path) -> None:
    with GameStore(path) as store, pytest.raises(SessionError, match="port board 2 is also"):
        GameSession.start(store, SEATS, expansions=["armada"], part_options={"port_boards": [2, 2, 3]})


def test_ships_move_one_space_and_stay_on_the_board(path: Path) -> None:
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS, expansions=["armada"])
        for _ in range(3):
            session.part("armada").move_fleet(0, "red", +1)
        assert session.part("armada").fleet_level(0, "red") == 3
        armada = session.part("armada")
        assert armada.move_fleet(1, "yellow", +1) == 1 and armada.move_fleet(1, "yellow", -1) == 0
        with pytest.raises(SessionError, match="between space 0 and 6"):
            session.part("armada").move_fleet(1, "green", -1)
        for _ in range(6):
            session.part("armada").move_fleet(2, "blue", +1)
        with pytest.raises(SessionError, match="between space 0 and 6"):
            session.part("armada").move_fleet(2, "blue", +1)
        with pytest.raises(SessionError, match="unknown fleet"):
            session.part("armada").move_fleet(2, "purple", +1)
        # Each accepted move is one event: 3 + 2 + 6 after the set-up's four.
        assert sum(1 for e in store.events(session.game_id) if e.kind == "armada_set") == 3 + 11
        assert session.players[0]["fleets"] == {"red": 3, "yellow": 0, "blue": 0, "green": 0}
        assert session.players[2]["fleets"]["blue"] == 6


def test_islands_are_taken_once_at_the_table_and_removed_with_one_tap(path: Path) -> None:
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS, expansions=["armada"])
        session.part("armada").add_island(0, "inhabited_island")
        session.part("armada").add_island(0, "bronze_island")
        with pytest.raises(SessionError, match="already Anna's"):
            session.part("armada").add_island(1, "inhabited_island")
        with pytest.raises(SessionError, match="unknown island"):
            session.part("armada").add_island(1, "atlantis")
        session.part("armada").remove_island(0, "bronze_island")
        with pytest.raises(SessionError, match="holds no island"):
            session.part("armada").remove_island(0, "bronze_island")
        assert session.players[0]["islands"] == ["inhabited_island"]
        assert session.part("armada").taken_islands() == {"inhabited_island"}
        # Bronze Island's land shield is counted with the city's cards: gone again after the undo.
        assert session.part("armada").naval_strength(0) == 0


def test_a_restart_returns_to_the_same_ports(path: Path) -> None:
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS, expansions=["armada"], part_options={"port_boards": [2, 3, 1]})
        session.part("armada").move_fleet(0, "red", +1)
        session.part("armada").move_fleet(0, "red", +1)
        session.part("armada").move_fleet(2, "green", +1)
        session.part("armada").add_island(1, "statues_harbor")
        game_id, before = session.game_id, _ports(session)
    with GameStore(path) as store:
        resumed = GameSession.resume(store, game_id)
        assert _ports(resumed) == before
        assert before[0] == (2, {"red": 2, "yellow": 0, "blue": 0, "green": 0}, [], [])
        assert before[1][2] == ["statues_harbor"] and before[2][1]["green"] == 1


def test_a_set_up_cut_short_gets_its_missing_ports_on_resume(path: Path) -> None:
    with GameStore(path) as store:
        game_id = store.new_game([{"name": s.name, "wonder": s.wonder, "side": s.side} for s in SEATS],
                                 expansions=["armada"])
        store.append(game_id, "armada_set", {"seat": 1, "armada": {"port_board": 1, "fleets": {"red": 2}}})
        resumed = GameSession.resume(store, game_id)
        assert [p["port_board"] for p in resumed.players] == [2, 1, 3]
        assert resumed.players[1]["fleets"] == {"red": 2}


def test_the_naval_conflict_gives_tokens_with_the_same_tap_and_the_score_counts_them(path: Path) -> None:
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS, expansions=["armada"])
        for _ in range(3):                 # Anna's red ship to space 3: 3 naval shields (rulebook)
            session.part("armada").move_fleet(0, "red", +1)
        for _ in range(6):                 # Vera's blue ship to its last space: 10 VP and 1 naval shield
            session.part("armada").move_fleet(2, "blue", +1)
        session.part("armada").add_island(0, "inhabited_island")      # 3 VP
        assert [session.part("armada").naval_strength(s) for s in range(3)] == [3, 0, 1]
        session.confirm_conflicts()
        # Age I: the weakest (Boris, 0) takes -1; then Anna (3) the first place's 3, Vera (1) the second's 1.
        # No card anywhere: every land conflict is a tie, no land token.
        assert [p["naval_tokens"] for p in session.players] == [[3], [-1], [1]]
        assert [p["tokens"] for p in session.players] == [[], [], []]
        assert session.age == 2
        sheet = session.scores()
        lines = {line.name: line for line in sheet.lines}
        # Treasury: 3 coins -> 1 each. Anna 1 + naval 3 + islands 3 = 7; Boris 1 - 1 = 0;
        # Vera 1 + naval 1 + port 10 = 12.
        assert sheet.complete
        assert (lines["Anna"].points["naval"], lines["Anna"].points["islands"]) == (3, 3)
        assert (lines["Vera"].points["naval"], lines["Vera"].points["port"]) == (1, 10)
        assert {name: line.total for name, line in lines.items()} == {"Anna": 7, "Boris": 0, "Vera": 12}
    with GameStore(path) as store:
        resumed = GameSession.resume(store, session.game_id)
        assert resumed.age == 2 and [p["naval_tokens"] for p in resumed.players] == [[3], [-1], [1]]


def test_an_unknown_naval_strength_names_the_value_and_gives_no_token(path: Path) -> None:
    with GameStore(path) as store:
        session = GameSession.start(store, SEATS, expansions=["armada"])
        session.part("armada").move_fleet(1, "red", +1)   # red level 1: its naval shields are printed only as an icon
        events = len(store.events(session.game_id))
        unknown = session.part("armada").naval_strength(1)
        assert isinstance(unknown, tuple) and unknown[0].key == "fleet.red.1.naval_shields"
        with pytest.raises(SessionError, match="red fleet level 1 naval shields"):
            session.confirm_conflicts()
        assert len(store.events(session.game_id)) == events and session.age == 1
        assert [p["naval_tokens"] for p in session.players] == [[], [], []]


def test_entered_values_decide_the_naval_conflict(path: Path) -> None:
    armada = armada_with_values({"fleet.red.1.naval_shields": 1, "fleet.red.2.naval_shields": 2})
    with GameStore(path, sources={"armada": armada}) as store:
        session = GameSession.start(store, SEATS, expansions=["armada"])
        session.part("armada").move_fleet(0, "red", +1)
        session.part("armada").move_fleet(1, "red", +1)
        session.part("armada").move_fleet(1, "red", +1)
        # Strengths 1, 2, 0: Vera -1, Boris +3, Anna +1.
        session.confirm_conflicts()
        assert [p["naval_tokens"] for p in session.players] == [[1], [3], [-1]]


def test_a_build_paid_with_a_naval_construction_moves_its_ship(path: Path) -> None:
    # Board 1's blue level-1 space entered as costing 1 ore. Anna (Gizah: stone) builds the Baths
    # (1 stone, her own) and moves her blue ship: the ore is bought from Boris (Rhodes: ore) for 2.
    armada = armada_with_values({"port_board.1.blue.1.cost": {"resources": {"ore": 1}}})
    with GameStore(path, sources={"armada": armada}) as store:
        session = GameSession.start(store, SEATS, expansions=["armada"])
        check = session.check_card(0, "baths", step="naval")
        assert check.legal and check.step is not None and (check.step.fleet, check.step.to_level) == ("blue", 1)
        session.pay(0, check)
        assert [p["coins"] for p in session.players] == [1, 5, 3]
        assert session.part("armada").fleet_level(0, "blue") == 1
        assert session.check_card(0, "baths").step is None      # without asking, no ship moves
        unknown = session.check_card(1, "baths", step="naval")     # board 2's blue cost: nobody entered it
        assert not unknown.legal and unknown.reason_code == "unknown_value"
        assert [u.key for u in unknown.unknowns] == ["port_board.2.blue.1.cost"]


FOUR = [*SEATS, SeatSetup("Dara", "babylon", "A")]


def test_armada_cards_are_entered_by_hand_and_by_the_camera(path: Path) -> None:
    from tests.test_session import frame

    with GameStore(path) as store:
        session = GameSession.start(store, FOUR, expansions=["armada"])
        assert "dock" in session.card_data().cards and "lumber_yard" in session.card_data().cards
        assert session.add_card(0, "dock").key == "armada:dock"
        # Pirate Cache: "3 монеты" from the bank when built (its cost is an icon nobody entered: no coin paid).
        session.add_card(1, "pirate_cache")
        assert [p["coins"] for p in session.players] == [3, 6, 3, 3]
        with pytest.raises(SessionError, match="already in a city"):
            session.add_card(2, "dock")                # one copy of each Armada card
        # The camera: Shipyard's sticker seen steadily in Vera's city is confirmed like any card.
        for at in (0.0, 0.15, 0.3, 0.45):
            session.observe(frame({"gizah": ["armada:dock"], "rhodes": ["armada:pirate_cache"],
                                   "ephesos": ["armada:shipyard"], "babylon": []}), at)
        assert session.players[2]["cards"] == ["shipyard"]
        plain = GameSession.start(store, FOUR)
        with pytest.raises(SessionError, match="unknown card 'dock'"):
            plain.add_card(0, "dock")
        three = GameSession.start(store, SEATS, expansions=["armada"])
        with pytest.raises(SessionError, match="for 3 players"):
            three.add_card(0, "dock")                  # Dock leaves the box at 3 players


TURN_VALUES = {"fleet.yellow.1.coins": 0, "fleet.yellow.1.tax": 0, "fleet.yellow.2.trade_level": 1,
               "fleet.green.1.explore": 0}
"""Values an owner entered (the rest of these spaces is printed in the rulebook: yellow level 1 =
trade level 1; level 2 = 2 coins and a tax of 1; green level 2 explores a level-1 island)."""


def test_a_turn_applies_taxes_piracy_the_spaces_coins_and_exploration(path: Path) -> None:
    with GameStore(path, sources={"armada": armada_with_values(TURN_VALUES)}) as store:
        session = GameSession.start(store, FOUR, expansions=["armada"])
        anna, boris, vera, dara = range(4)
        # Turn 1: Anna's yellow ship reaches space 1 (trade level 1); Boris builds Pirate Cache (3 coins
        # from the bank); Vera's green ship reaches space 1 (explores nothing).
        session.part("armada").move_fleet(anna, "yellow", 1)
        session.add_card(boris, "pirate_cache")
        session.part("armada").move_fleet(vera, "green", 1)
        summary = session.part("armada").turn_summary()
        assert summary.pirates == (boris,) and summary.tax == 0
        assert [(s.gained, s.lost) for s in summary.seats] == [(0, 1), (0, 0), (0, 0), (0, 0)]
        session.part("armada").confirm_turn()
        # Piracy: every other player loses 1 coin per trade level: Anna (level 1) 1, Vera and Dara 0.
        assert [p["coins"] for p in session.players] == [2, 6, 3, 3]
        assert session.part("armada").turn_summary().empty
        # Turn 2: Anna's yellow ship reaches space 2: 2 coins and a tax of 1, which everyone else pays
        # less his trade level (all 0: 1 each); Dara builds Shipyard and moves her green ship for free.
        session.part("armada").move_fleet(anna, "yellow", 1)
        session.add_card(dara, "shipyard")
        assert [m.source for m in session.part("armada").turn_summary().free_moves] == ["shipyard"]
        session.part("armada").free_move(dara, "green")
        with pytest.raises(SessionError, match="no free move"):
            session.part("armada").free_move(dara, "red")
        summary = session.part("armada").confirm_turn()
        assert (summary.tax, summary.collectors) == (1, (anna,))
        assert [p["coins"] for p in session.players] == [2 + 2, 6 - 1, 3 - 1, 3 - 1]
        # Turn 3: Vera's green ship reaches space 2 (explore a level-1 island alone: draw 4, keep 1);
        # she discards for the yellow step, Boris for 3 coins; Dara builds Dock: at 4 players its
        # incursion reaches Boris whichever way it goes.
        session.part("armada").move_fleet(vera, "green", 1)
        session.part("armada").discard(vera, "yellow_step")
        session.part("armada").discard(boris, "coins")
        session.add_card(dara, "dock")
        session.add_card(anna, "steersmens_academy")   # puts the top level-1 island into play for Anna
        summary = session.part("armada").turn_summary()
        assert summary.island_draws == [(anna, "steersmens_academy", 1)]
        assert summary.seats[vera].explores == (1, 4)
        assert summary.incursions == [(dara, boris, "dock")]
        session.part("armada").confirm_turn()
        assert [p["coins"] for p in session.players] == [4, 5 + 3, 2, 2]
        assert session.players[boris]["incursion_tokens"] == ["Dara"]
        assert session.players[vera]["fleets"] == {"red": 0, "yellow": 1, "blue": 0, "green": 2}
        kinds = [e.kind for e in store.events(session.game_id)]
        assert kinds.count("turn_resolved") == 3
        # End of Age I. Shields: Dara 1 (Dock), everyone else 0. Neighbours: Anna-Boris and Boris-Vera
        # tie; Dara beats Vera and Anna; the incursion adds Dara against Boris: Dara +1 three times.
        # Then the incursion token goes back to the reserve ("возвращается в резерв").
        session.confirm_conflicts()
        assert [sorted(p["tokens"]) for p in session.players] == [[-1], [-1], [-1], [1, 1, 1]]
        assert "incursion_tokens" not in session.players[boris]


def test_a_turn_waits_for_the_values_it_needs(path: Path) -> None:
    with GameStore(path) as store:
        session = GameSession.start(store, FOUR, expansions=["armada"])
        session.part("armada").move_fleet(0, "yellow", 1)                 # yellow level 1: coins and tax are icons
        summary = session.part("armada").turn_summary()
        assert {u.key for u in summary.unknowns} == {"fleet.yellow.1.coins", "fleet.yellow.1.tax"}
        before = len(store.events(session.game_id))
        with pytest.raises(SessionError, match="needs values nobody has entered"):
            session.part("armada").confirm_turn()
        assert len(store.events(session.game_id)) == before


def test_end_game_choices_are_stated_by_the_player(path: Path) -> None:
    with GameStore(path) as store:
        session = GameSession.start(store, FOUR, expansions=["armada"])
        assert session.part("armada").choice_options(0) == {}
        session.part("armada").add_island(0, "forgotten_harbor")
        session.part("armada").add_island(0, "rainbow_archipelago")
        options = session.part("armada").choice_options(0)
        assert options["naval_conflicts"] == ("join", "skip") and "blue" in options["rainbow_color"]
        session.part("armada").set_choice(0, "naval_conflicts", "skip")
        session.part("armada").set_choice(0, "rainbow_color", "blue")
        assert (session.players[0]["naval_conflicts"], session.players[0]["rainbow_color"]) == ("skip", "blue")
        # Forgotten Harbor: stated "skip", Anna stays out of the naval conflict (her strength is not counted).
        naval = session.part("armada").naval_conflict()
        assert naval is not None and naval.joined[0] is False
        session.part("armada").set_choice(0, "naval_conflicts", None)
        assert "naval_conflicts" not in session.players[0]
        with pytest.raises(SessionError, match="cannot choose"):
            session.part("armada").set_choice(1, "naval_conflicts", "skip")       # Boris has no Forgotten Harbor


def test_an_incursion_at_five_players_waits_for_its_direction(path: Path) -> None:
    five = [*FOUR, SeatSetup("Emil", "olympia", "A")]
    with GameStore(path) as store:
        session = GameSession.start(store, five, expansions=["armada"])
        session.add_card(3, "dock")
        assert [u.key for u in session.part("armada").turn_summary().unknowns] == ["card.dock.incursion"]
    # Entered as "left": the player left of Dara's left neighbour. Players are listed clockwise and a
    # player's left neighbour is the next one in the list (docs/table-file.md): Dara (3) -> Emil (4)
    # -> Anna (0).
    with GameStore(path, sources={"armada": armada_with_values({"card.dock.incursion": "left"})}) as store:
        session = GameSession.resume(store, session.game_id)
        assert session.part("armada").turn_summary().incursions == [(3, 0, "dock")]
        session.part("armada").confirm_turn()
        assert session.players[0]["incursion_tokens"] == ["Dara"]
