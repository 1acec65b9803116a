"""The bundled recording (Babylon, Alexandria, Halikarnassos) watched through the demo camera by a
game set up with Gizah instead of Halikarnassos: the camera sees a board that is not in the game.
Before issue 22 the app ended about 16-25 s in (a SessionError out of the camera pump). Prints one
JSON line. ``python -m tests.tools.app_board_script STORE SECONDS``."""

from __future__ import annotations

import json
import sys
import time
from pathlib import Path

from tests.tools.app_driver import AppDriver


def main() -> None:
    import logging

    from companion.games.sevenwonders.session import SeatSetup

    ui = AppDriver.start(Path(sys.argv[1]))
    failures: list[str] = []

    class Count(logging.Handler):
        def emit(self, record: logging.LogRecord) -> None:
            if record.exc_info:
                failures.append(record.getMessage())

    from kivy.logger import Logger

    Logger.addHandler(Count())
    ui.app.start_game([SeatSetup("Anna", "babylon", "B"), SeatSetup("Boris", "alexandria", "B"),
                       SeatSetup("Chen", "gizah", "A")], camera="demo")
    start = time.monotonic()
    outcome = "alive"
    try:
        while time.monotonic() - start < float(sys.argv[2]):
            ui.pump(0.1, frames=5)
    except Exception as error:
        outcome = f"ended after {time.monotonic() - start:.0f} s: {type(error).__name__}: {error}"
    shown = {"en": ui.screen.problems}
    ui.app.say("camera.ended")                      # the camera's state line, said in English first
    status = {"en": ui.app.status}
    for language in ("ru", "uk"):                   # the table's lines follow the language at once
        ui.app.set_language(language)
        ui.app.changed(now=True)
        ui.pump(frames=4)
        shown[language] = ui.screen.problems
        status[language] = ui.app.status
    print(json.dumps({"outcome": outcome, "camera_on": ui.app.camera_on, "problems": ui.app.session.problems,
                      "shown": shown, "status": status, "tracebacks": len(failures)}, ensure_ascii=False))
    ui.stop()


if __name__ == "__main__":
    main()
