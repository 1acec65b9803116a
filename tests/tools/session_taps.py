"""A separate process that plays games through `GameSession` as the app does, tap after tap (for the
crash test that kills it at random moments).

Usage: python -m tests.tools.session_taps STORE
It plays game after game until killed, alternately with Armada (set-up with port boards, ships, islands,
a build paid with a naval construction, the naval conflict) and without (ending with the score); prints
"tap armada|standard GAME NAME -" before each tap and "done armada|standard GAME NAME EVENTS" once it
is saved (GAME is "-" before the set-up is). Every tap that logs
several events is here: set-up and ports, a card and its coins, a stage and its coins, an undo and its
refund, a trade and its ship, a build with its trade, an answer to "whose are these cards?" and the
cards it places, an age's land and naval tokens, the score and the end of the game.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from companion.games.armada.rules.data import armada_with_values
from companion.games.sevenwonders.session import GameSession, SeatSetup
from companion.games.sevenwonders.vision.layout import SeatObservation, TableObservation
from companion.markers import load_marker_registry
from companion.storage import GameStore

SEATS = [SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "rhodes", "A"), SeatSetup("Vera", "ephesos", "B")]
PORT_BOARDS = [1, 3, 2]
ARMADA_VALUES = {"fleet.red.1.naval_shields": 1, "port_board.1.blue.1.cost": {"resources": {"ore": 1}}}
"""Values an owner entered: Anna's red ship on space 1, and board 1's blue space 1 costing 1 ore."""
REGISTRY = {c.key: c for c in load_marker_registry()}

Tap = tuple[str, Callable[[GameSession], object]]


def _camera_confirms(session: GameSession) -> None:
    """Vera's Clay Pool seen steadily in her city for four frames: the camera confirms it."""
    seats = []
    for index, seat in enumerate(SEATS):
        cards = [REGISTRY["card:clay_pool/I/3+"]] if seat.wonder == "ephesos" else []
        observed = SeatObservation(REGISTRY[f"wonder:{seat.wonder}/{seat.side}"], (index * 400.0, 0.0), 0.0, cards)
        observed.places = {c.marker: (100.0, -50.0) for c in cards}
        seats.append(observed)
    for at in (0.0, 0.15, 0.3, 0.45):
        session.observe(TableObservation(seats=seats, unassigned=[]), at)


def _trade_and_build(seat: int, card: str, *, step: str | None = None) -> Callable[[GameSession], object]:
    def tap(session: GameSession) -> None:
        check = session.check_card(seat, card, step=step)
        session.pay(seat, check)
    return tap


TAPS: list[Tap] = [
    ("card", lambda s: s.add_card(1, "timber_yard")),                 # the card and 1 coin to the bank
    ("build", lambda s: s.build(2, s.check_card(2, "stockade"))),     # wood bought from Boris, and the card
    ("camera card", _camera_confirms),
    ("answer", lambda s: s.answer_owner([REGISTRY["card:altar/I/3+"].marker, REGISTRY["card:theater/I/3+"].marker],
                                        1)),                          # Boris's, says the table: both cards
    ("stage", lambda s: s.set_stages(2, 1)),                         # Ephesos B's first stage: and 4 coins
    ("coins", lambda s: s.set_coins(2, 10)),
    ("trade", _trade_and_build(2, "baths")),                          # Vera buys stone: her coins and a neighbour's
    ("card after trade", lambda s: s.add_card(2, "baths")),
    ("undo", lambda s: s.remove_card(1, "timber_yard")),              # the card leaves, its coin comes back
    ("conflicts", lambda s: s.confirm_conflicts()),
]
ARMADA_TAPS: list[Tap] = [
    ("ship", lambda s: s.part("armada").move_fleet(0, "red", +1)),
    ("island", lambda s: s.part("armada").add_island(1, "inhabited_island")),
    ("island undo", lambda s: s.part("armada").remove_island(1, "inhabited_island")),
    ("naval trade", _trade_and_build(0, "baths", step="naval")),        # the ore bought and the blue ship moved
    *TAPS,                                                            # the conflicts: land and naval tokens
]
STANDARD_TAPS: list[Tap] = [*TAPS, ("finish", lambda s: s.finish())]


def play(store: GameStore, number: int, report: Callable[[str, bool, int | None, str, int | None], None]) -> int:
    """Play game `number` (even: with Armada), reporting each tap before ("tap") and after ("done",
    with the events the game then holds); return the game's id."""
    armada = number % 2 == 0
    report("tap", armada, None, "set-up", None)
    session = GameSession.start(store, SEATS, expansions=["armada"] if armada else (),
                                part_options={"port_boards": PORT_BOARDS} if armada else None)
    game = session.game_id
    report("done", armada, game, "set-up", len(store.events(game)))
    for name, tap in ARMADA_TAPS if armada else STANDARD_TAPS:
        report("tap", armada, game, name, None)
        tap(session)
        report("done", armada, game, name, len(store.events(game)))
    return game


def open_store(path: str) -> GameStore:
    """The store as the app opens it, with the owner's entered Armada values."""
    return GameStore(path, sources={"armada": armada_with_values(ARMADA_VALUES)})


def main(path: str) -> None:
    def report(what: str, armada: bool, game: int | None, name: str, events: int | None) -> None:
        print(what, "armada" if armada else "standard", game or "-", name.replace(" ", "_"), events or "-",
              flush=True)

    store = open_store(path)
    print("ready", flush=True)
    number = 0
    while True:
        play(store, number, report)
        number += 1


if __name__ == "__main__":
    main(sys.argv[1])
