"""A separate process that plays Architects games through `ArchitectsSession` as the app does, tap
after tap, until it is killed (for the test that kills it at random moments: whether a battle is due
must come back exactly on resume).

Usage: python -m tests.games.architects.taps STORE
Prints "tap GAME NAME -" before each tap and "done GAME NAME" once it is saved.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.session import ArchitectsSession
from companion.storage import GameStore

DATA = load_architects_data()

TAPS: list[tuple[str, Callable[[ArchitectsSession], object]]] = [
    ("horn2", lambda s: s.place_card(0, "red_horn_2")),        # 2 of the 3 Conflict tokens turn
    ("wood", lambda s: s.place_card(1, "wood")),
    ("horn1", lambda s: s.place_card(1, "red_horn_1")),        # the last one: a battle is due
    ("cat", lambda s: s.place_card(2, "blue_cat")),             # still due while the turn ends
    ("undo", lambda s: s.undo()),                              # the cat card was a mistake
    ("battle", lambda s: s.fight_battle()),                    # Ann 1, Bob 1, Cid 0 shields
    ("stone", lambda s: s.place_card(0, "stone")),
    ("horn again", lambda s: s.place_card(2, "red_horn_2")),
    ("military", lambda s: s.set_military(2, 3)),
]


def seating() -> ArchitectsTable:
    """Three players: 3 Conflict tokens."""
    return ArchitectsTable(DATA, tuple(ArchitectsPlayer(name, DATA.wonders[w]) for name, w in
                                       (("Ann", "giza"), ("Bob", "rhodes"), ("Cid", "babylon"))))


Taps = list[tuple[str, Callable[[ArchitectsSession], object]]]


def play(store: GameStore, report: Callable[[str, int, str], None], taps: Taps | None = None) -> int:
    """Play one game through every tap (`TAPS` unless `taps`); return its id."""
    session = ArchitectsSession.start(store, seating())
    for name, tap in TAPS if taps is None else taps:
        report("tap", session.game_id, name)
        tap(session)
        report("done", session.game_id, name)
    return session.game_id


def main(taps: Taps | None = None) -> None:
    """Play games through the taps until killed, saying when each tap starts and when it is saved."""
    def report(what: str, game: int, name: str) -> None:
        print(f"{what} {game} {name.replace(' ', '_')} -", flush=True)

    with GameStore(sys.argv[1]) as store:
        while True:
            play(store, report, taps)


if __name__ == "__main__":
    main()
