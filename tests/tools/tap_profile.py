"""How much of the table each tap of a 7-player game re-reads (plugin design 2.7, appendix A): the
calls of `parse_table` (7 Wonders' table file reader), `parse_architects` (Architects'), `table_problems`
and `copy.deepcopy` (outermost calls only; ``document copies``: those of a whole table document) one tap
makes, and its time, on games logged in a file store as the app logs them (7 Wonders entered card by card,
played in turns, and with Armada; Architects).

Usage: python -m tests.tools.tap_profile [ROUNDS]   (prints a table; `profile_taps` is the test's helper)
"""

from __future__ import annotations

import contextlib
import copy
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import partial
from pathlib import Path
from typing import Any

import companion.games.architects.tablefile as architects_tablefile
import companion.games.sevenwonders.tablefile as tablefile
import companion.storage.events as storage_events
from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.session import ArchitectsSession
from companion.games.sevenwonders.rules.turns import Play
from companion.games.sevenwonders.session import GameSession, SeatSetup
from companion.storage import GameStore

SEVEN = [SeatSetup("Anna", "alexandria", "A"), SeatSetup("Boris", "babylon", "A"), SeatSetup("Chen", "ephesos", "A"),
         SeatSetup("Dana", "gizah", "A"), SeatSetup("Emil", "halikarnassos", "A"), SeatSetup("Fay", "olympia", "A"),
         SeatSetup("Gus", "rhodes", "A")]
FIRST_CARDS = ("lumber_yard", "stone_pit", "clay_pool", "ore_vein", "loom", "glassworks", "press")
"""One free card per seat before the taps are counted (each city holds something)."""
HAND_CARDS = ("altar", "theater", "baths", "pawnshop", "tree_farm")
"""Cards entered with the picker (`add_card`), each by another seat."""
BUILT_CARDS = ("excavation", "clay_pit", "timber_yard", "forest_cave", "mine")
"""Free cards built through the build check's button (`check_card` then `build`), each by another seat."""
ARMADA_FLEETS = ("red", "blue", "red", "blue", "red")
"""The ship moved by hand in each round of the Armada game, by another seat each time (ships whose first
spaces hold no value an owner must enter: the turn can be confirmed)."""
ARCHITECTS_SEATS = (("Anna", "giza"), ("Boris", "rhodes"), ("Chen", "babylon"), ("Dana", "alexandria"),
                    ("Emil", "ephesus"), ("Fay", "halicarnassus"), ("Gus", "olympia"))
COUNTED = ("parse_table", "parse_architects", "table_problems", "deepcopy", "document copies")


@dataclass
class TapFigures:
    """One kind of tap: its times (ms) and the calls each made."""

    times: list[float] = field(default_factory=list)
    calls: list[dict[str, int]] = field(default_factory=list)

    @property
    def median_ms(self) -> float:
        return statistics.median(self.times)

    def most(self, name: str) -> int:
        """The most calls of `name` one tap of this kind made."""
        return max(calls[name] for calls in self.calls)


class Calls:
    """Counts the calls of the counted functions, wherever a module imported them by name."""

    def __init__(self) -> None:
        self.counts = dict.fromkeys(COUNTED, 0)

    @contextlib.contextmanager
    def installed(self) -> Iterator[Calls]:
        originals = {"parse_table": tablefile.parse_table, "parse_architects": architects_tablefile.parse_architects,
                     "table_problems": storage_events.table_problems, "deepcopy": copy.deepcopy}
        depth = [0]

        def counting(name: str, function: Callable[..., Any]) -> Callable[..., Any]:
            def wrapper(*args: Any, **kwargs: Any) -> Any:
                if depth[0] == 0 or name != "deepcopy":
                    self.counts[name] += 1
                if depth[0] == 0 and name == "deepcopy" and isinstance(args[0], dict) and "players" in args[0]:
                    self.counts["document copies"] += 1
                depth[0] += name == "deepcopy"
                try:
                    return function(*args, **kwargs)
                finally:
                    depth[0] -= name == "deepcopy"
            return wrapper

        wrappers = {name: counting(name, function) for name, function in originals.items()}
        patched: list[tuple[Any, str, Any]] = []
        for module in list(sys.modules.values()):
            if module is None or not (getattr(module, "__name__", "") or "").startswith(("companion", "copy")):
                continue
            for name, function in originals.items():
                if getattr(module, name, None) is function:
                    patched.append((module, name, function))
                    setattr(module, name, wrappers[name])
        try:
            yield self
        finally:
            for module, name, function in patched:
                setattr(module, name, function)

    def taken(self) -> dict[str, int]:
        """The counts since the last call, and start again."""
        counts, self.counts = self.counts, dict.fromkeys(COUNTED, 0)
        return counts


def _tap(figures: dict[str, TapFigures], calls: Calls, name: str, action: Callable[[], object]) -> None:
    calls.taken()
    start = time.perf_counter()
    action()
    elapsed = (time.perf_counter() - start) * 1000
    entry = figures.setdefault(name, TapFigures())
    entry.times.append(elapsed)
    entry.calls.append(calls.taken())


def profile_taps(folder: Path, rounds: int = 5) -> dict[str, TapFigures]:
    """The taps of two 7-player games on a file store in `folder` (one entered card by card, one played in
    turns), each kind `rounds` times (at most 5), counted once the game is set up and each city holds a card."""
    rounds = min(rounds, len(HAND_CARDS))
    figures: dict[str, TapFigures] = {}
    store = GameStore(folder / "games.sqlite3")
    session = GameSession.start(store, SEVEN)
    for seat, card in enumerate(FIRST_CARDS):
        session.add_card(seat, card)
    turns = GameSession.start(store, SEVEN)
    armada = GameSession.start(store, SEVEN, expansions=["armada"])
    data = load_architects_data()
    architects = ArchitectsSession.start(store, ArchitectsTable(data, tuple(
        ArchitectsPlayer(name, data.wonders[wonder]) for name, wonder in ARCHITECTS_SEATS)))
    calls = Calls()

    def one_round(index: int) -> None:
        _tap(figures, calls, "add_card", lambda: session.add_card(index, HAND_CARDS[index]))
        _tap(figures, calls, "check_card", lambda: session.check_card(index + 1, BUILT_CARDS[index]))
        check = session.check_card(index + 1, BUILT_CARDS[index])
        _tap(figures, calls, "score_change", lambda: session.score_change(index + 1, check))
        _tap(figures, calls, "build (with a check)",
             lambda: session.build(index + 1, session.check_card(index + 1, BUILT_CARDS[index])))
        _tap(figures, calls, "set_coins", lambda: session.set_coins(index, 10 + index))
        for seat in range(len(SEVEN)):
            _tap(figures, calls, "enter_play", partial(turns.enter_play, Play(seat, "discard")))
        _tap(figures, calls, "close_open_turn", turns.close_open_turn)
        port = armada.part("armada")
        _tap(figures, calls, "Armada: move_fleet", lambda: port.move_fleet(index, ARMADA_FLEETS[index], 1))
        _tap(figures, calls, "Armada: turn_summary", port.turn_summary)
        _tap(figures, calls, "Armada: confirm_turn", port.confirm_turn)
        _tap(figures, calls, "Architects: place_card", lambda: architects.place_card(index, "wood"))
        _tap(figures, calls, "Architects: set_military", lambda: architects.set_military(index, index + 1))

    with calls.installed():
        for index in range(rounds):
            one_round(index)
    store.close()
    return figures


def main(argv: list[str]) -> None:
    rounds = int(argv[0]) if argv else 5
    with tempfile.TemporaryDirectory() as folder:
        figures = profile_taps(Path(folder), rounds)
    print(f"{'tap':24} {'median ms':>10} " + " ".join(f"{name:>15}" for name in COUNTED))
    for name, entry in figures.items():
        print(f"{name:24} {entry.median_ms:10.2f} " + " ".join(f"{entry.most(c):15d}" for c in COUNTED))
    print("(the most calls one tap of each kind made; times: median of the rounds, 7 players, file store)")


if __name__ == "__main__":
    main(sys.argv[1:])
