"""A separate process that plays Architects games refereed in turns through `ArchitectsSession`, tap
after tap as the app does, until it is killed (for the test that kills it at random moments: the
table and the turn must come back exactly on resume).

Usage: python -m tests.games.architects.turn_taps STORE
Prints "tap GAME NAME -" before each tap and "done GAME NAME" once it is saved.
"""

from __future__ import annotations

from collections.abc import Callable

from companion.games.architects.session import ArchitectsSession
from companion.storage import GameStore
from tests.games.architects import taps

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
    """Play one game through every tap of the turns; return its id."""
    return taps.play(store, report, TAPS)


if __name__ == "__main__":
    taps.main(TAPS)
