"""A separate process for the kill-and-restart test: `play STORE N` plays the first N steps of a
scripted game through the app, printing ``done K`` after each, then keeps the app running until it
is killed (stopping at N, so that a step is never half-way when the kill comes after the test read
``done N``); `inspect STORE` starts the app again on the same log and prints where it is as JSON."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from tests.tools.app_driver import AppDriver

STEPS = (
    ("card", 0, "lumber_yard"), ("card", 1, "loom"), ("card", 2, "stone_pit"), ("coins", 0, 5),
    ("card", 0, "baths"), ("stages", 1, 1), ("card", 2, "altar"), ("screen", "build_check", 1),
)
"""What the player does, one step at a time: the test knows what each step leaves in the log."""


def play(store: Path, steps: int = len(STEPS)) -> None:
    """Set up a 3-player game by hand, then take the first `steps` steps, saying when each is done."""
    from companion.games.sevenwonders.session import SeatSetup

    ui = AppDriver.start(store)
    ui.app.start_game([SeatSetup("Anna", "gizah", "A"), SeatSetup("Boris", "rhodes", "A"),
                       SeatSetup("Vera", "ephesos", "A")])
    ui.pump(frames=3)
    print("done 0", flush=True)
    for number, (kind, *args) in enumerate(STEPS[:steps], 1):
        session = ui.app.session
        if kind == "card":
            ui.app.attempt(session.add_card, args[0], args[1])
        elif kind == "coins":
            ui.app.attempt(session.set_coins, args[0], args[1])
        elif kind == "stages":
            ui.app.attempt(session.set_stages, args[0], args[1])
        elif kind == "screen":
            ui.app.go(args[0], seat=args[1])
        ui.pump(frames=2)
        print(f"done {number}", flush=True)
    while True:                                  # the app runs on until it is killed
        ui.pump(0.1)
        time.sleep(0.01)


def inspect(store: Path) -> None:
    """Start the app again and report its screen, game and cities."""
    ui = AppDriver.start(store)
    ui.pump(frames=5)
    session = ui.app.session
    report = {"screen": ui.app.root.current, "game": session.game_id if session else None,
              "cities": [p["cards"] for p in session.players] if session else None,
              "coins": [p["coins"] for p in session.players] if session else None,
              "stages": [p["stages"] for p in session.players] if session else None,
              "seat": getattr(ui.screen, "seat", None), "integrity": ui.app.store.integrity_ok()}
    print(json.dumps(report), flush=True)
    ui.stop()


if __name__ == "__main__":
    if sys.argv[1] == "play":
        play(Path(sys.argv[2]), int(sys.argv[3]) if len(sys.argv) > 3 else len(STEPS))
    else:
        inspect(Path(sys.argv[2]))
