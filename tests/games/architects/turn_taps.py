"""A separate process that plays Architects games refereed in turns through `ArchitectsSession`, tap
after tap as the app does, until it is killed (for the test that kills it at random moments: the
table and the turn must come back exactly on resume).

Usage: python -m tests.games.architects.turn_taps STORE
Prints "tap GAME NAME -" before each tap and "done GAME NAME" once it is saved.
"""

from __future__ import annotations

import sys
from collections.abc import Callable

from companion.games.architects.session import ArchitectsSession
from companion.storage import GameStore
from tests.games.architects.taps import seating

TAPS: list[tuple[str, Callable[[ArchitectsSession], object]]] = [
    ("start", lambda s: s.start_turns(0)),
    ("ann wood", lambda s: s.take_card("deck:0", "wood")),
    ("ann ends", lambda s: s.end_turn()),
    ("bob horn2", lambda s: s.take_card("deck:1", "red_horn_2")),     # 2 of the 3 Conflict tokens
    ("bob ends", lambda s: s.end_turn()),
    ("cid horn1", lambda s: s.take_card("central", "red_horn_1")),    # the last one: a battle is due
    ("cid ends", lambda s: s.end_turn()),                             # fought: Bob 1, Cid 1 shield, Ann 0
    ("ann stone", lambda s: s.take_card("deck:2", "stone")),          # wood + stone: construct due
    ("ann builds", lambda s: s.construct("two_different", {"wood": 1, "stone": 1})),
    ("undo", lambda s: s.undo()),
    ("ann builds again", lambda s: s.construct("two_different", {"wood": 1, "stone": 1})),
    ("ann ends again", lambda s: s.end_turn()),
]


def play(store: GameStore, report: Callable[[str, int, str], None]) -> int:
    """Play one game through every tap; return its id."""
    session = ArchitectsSession.start(store, seating())
    for name, tap in TAPS:
        report("tap", session.game_id, name)
        tap(session)
        report("done", session.game_id, name)
    return session.game_id


def main() -> None:
    def report(what: str, game: int, name: str) -> None:
        print(f"{what} {game} {name.replace(' ', '_')} -", flush=True)

    with GameStore(sys.argv[1]) as store:
        while True:
            play(store, report)


if __name__ == "__main__":
    main()
