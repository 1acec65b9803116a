"""Inject every kind of failure into every tap of every screen and into the camera pump, in the real
app (offscreen), and print what happened as one JSON line. Run in its own process (Kivy opens one
window per process): ``python -m tests.tools.app_guard_script STORE``.

The taps are found, not listed: every widget on every screen (with a 7 Wonders game open, then an
Architects one) that has a tap event (``on_press``/``on_release``). A failure is injected into a tap
by binding a handler that raises it (Kivy calls the newest handler first, so it stands for any
handler of that tap); it must come back as a message, and the app must go on. The failures injected
are the only ones expected: any other the guard reports fails the script (tests/tools/app_driver.py).
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

from tests.tools.app_driver import AppDriver


def failures() -> dict[str, BaseException]:
    """One failure of each kind a tap or a frame can meet."""
    import numpy as np

    from companion.games.architects.rules.play import ArchitectsRuleError
    from companion.state.errors import SessionError
    from companion.storage import StoreUnusable
    from companion.vision.sources import FrameSourceError

    try:                                            # a real OpenCV error, as cv2 raises it
        import cv2

        cv2.cvtColor(np.zeros((0, 0), np.uint8), cv2.COLOR_BGR2GRAY)
        opencv: BaseException = RuntimeError("no cv2.error")
    except Exception as error:
        opencv = error
    return {
        "camera": FrameSourceError("camera 0 stopped sending pictures", kind="lost", source="0"),
        "opencv": opencv,
        "full_disk": StoreUnusable("games.sqlite3: the game log cannot be used: the disk is full"),
        "read_only": StoreUnusable("games.sqlite3: the game log cannot be used: the file or its folder is read-only"),
        "rules": ArchitectsRuleError("Giza's three_identical piece cannot be constructed now"),
        "session": SessionError("no halikarnassos board in this game"),
        "os": OSError(28, "No space left on device"),
        "unexpected": KeyError("boom"),
    }


def taps(ui: AppDriver, root: Any) -> list[Any]:
    """Every widget under `root` a player can tap (it has a tap event)."""
    return [w for w in ui.walk(root) if hasattr(w, "is_event_type") and
            (w.is_event_type("on_release") or w.is_event_type("on_press"))]


def inject_into_taps(ui: AppDriver, screen_name: str, report: dict[str, Any]) -> None:
    """Every failure into every tap of one screen."""
    from companion.app.guard import TapGuard, failure_text

    app = ui.app
    screen = app.screen(screen_name)
    options = {"game_id": app.session.game_id} if screen_name == "game_detail" else {}
    try:
        app.go(screen_name, **options)
    except Exception as error:                      # a screen of the other game: its taps are still checked
        report["not_entered"].append(f"{screen_name}: {type(error).__name__}")
    ui.pump(frames=3)
    found = taps(ui, screen)
    report["taps"][screen_name] = report["taps"].get(screen_name, 0) + len(found)
    injected: list[BaseException] = []              # the guard reports these; any other failure fails the test
    with ui.expecting_failures(lambda error: any(error is failure for failure in injected)):
        for widget in found:
            if not isinstance(widget, TapGuard):
                report["unguarded"].append(f"{screen_name}: {type(widget).__name__} {getattr(widget, 'text', '')!r}")
                continue
            event = "on_release" if widget.is_event_type("on_release") else "on_press"
            for kind, failure in failures().items():
                injected.append(failure)

                def fail(*_: Any, error: BaseException = failure) -> None:
                    raise error

                widget.fbind(event, fail)
                toast = getattr(screen, "toast", None)
                if toast is not None:
                    toast.text = ""
                try:
                    widget.dispatch(event)
                except BaseException as escaped:        # the test fails on any of these
                    report["escaped"].append(f"{screen_name}: {kind}: {type(escaped).__name__}: {escaped}")
                finally:
                    widget.funbind(event, fail)
                expected = failure_text(app, failure)
                if toast is not None and toast.text != expected:
                    report["unshown"].append(f"{screen_name}: {kind}: {toast.text!r}")
                report["injected"] += 1


def unguarded_classes() -> list[str]:
    """Every tappable widget class the app defines (in Python or as a kv rule) that is not guarded:
    one a later screen would make, a drop-down's options included."""
    import re

    from kivy.factory import Factory
    from kivy.uix.behaviors import ButtonBehavior

    from companion.app.guard import TapGuard

    package = Path(__file__).resolve().parents[2] / "companion"
    dynamic = {name for path in package.glob("**/kv/*.kv")
               for name in re.findall(r"^<(\w+)@", path.read_text(), re.MULTILINE)}
    found = []
    for name, entry in list(Factory.classes.items()):
        ours = (entry.get("module") or "").startswith("companion") or name in dynamic \
            or (entry.get("cls") is not None and entry["cls"].__module__.startswith("companion"))
        if not ours:
            continue
        cls = Factory.get(name)
        if issubclass(cls, ButtonBehavior) and not issubclass(cls, TapGuard):
            found.append(f"class {name}")
    return found


class BrokenFeed:
    """A camera feed whose every call raises `error` (a camera gone, OpenCV failing...)."""

    def __init__(self, error: BaseException) -> None:
        self.error = error

    def latest(self) -> Any:
        raise self.error

    def drain(self) -> Any:
        raise self.error

    def stop(self) -> None:
        pass


class FramesFeed:
    """A camera feed that gives one recognised frame at every pump."""

    failure = None
    error = None
    ended = False
    running = True

    def latest(self) -> tuple[int, None]:
        return 0, None

    def drain(self) -> list[Any]:
        from types import SimpleNamespace

        result = SimpleNamespace(observation=None, late=(), placed=[])
        return [SimpleNamespace(result=result, seconds=0.0)]

    def stop(self) -> None:
        pass


def inject_into_the_camera(ui: AppDriver, report: dict[str, Any]) -> None:
    """Every failure raised by the camera itself, and by the game given a recognised frame."""
    app = ui.app
    injected = failures()                           # the guard reports these; any other failure fails the test
    with ui.expecting_failures(lambda error: any(error is failure for failure in injected.values())):
        for kind, failure in injected.items():
            app.feed, app.camera_on = BrokenFeed(failure), True
            try:
                app._pump_camera(0.0)
            except BaseException as escaped:
                report["escaped"].append(f"camera: {kind}: {type(escaped).__name__}: {escaped}")
            if app.feed is not None or app.camera_on:
                report["unshown"].append(f"camera: {kind}: the broken camera was not stopped")
            session = app.session
            original = session.observe

            def observe(*_: Any, error: BaseException = failure) -> Any:
                raise error

            session.observe = observe
            app.feed, app.camera_on = FramesFeed(), True
            try:
                for _ in range(3):                       # the game goes on: the next frame is read again
                    app._pump_camera(0.0)
            except BaseException as escaped:
                report["escaped"].append(f"frame: {kind}: {type(escaped).__name__}: {escaped}")
            finally:
                session.observe = original
            if app.feed is None:
                report["unshown"].append(f"frame: {kind}: the camera stopped over one frame's failure")
            report["injected"] += 2
    app.feed, app.camera_on = None, False


def real_failures(ui: AppDriver, report: dict[str, Any]) -> None:
    """The game log failing under real taps: an Architects card and a 7 Wonders stage on a full disk."""
    from companion.storage import StoreUnusable

    app = ui.app
    store = app.store

    def full(*_: Any, **__: Any) -> Any:
        raise StoreUnusable(f"{store.path}: the game log cannot be used: the disk is full")

    store.append_built = full
    try:
        for screen_name, finder in (("architects_table", lambda w: getattr(w, "kind", None) == "wood"),
                                    ("table", lambda w: str(getattr(w, "text", "")).startswith("\u25b2"))):
            if app.root.current != screen_name:
                continue
            button = next(w for w in taps(ui, app.screen(screen_name)) if finder(w))
            with ui.expecting_failures(lambda error: isinstance(error, StoreUnusable)):
                button.dispatch("on_release")
            report["real"][screen_name] = app.screen(screen_name).toast.text
    finally:
        del store.append_built


def strictness(ui: AppDriver) -> dict[str, bool]:
    """Under the test driver a failure the guard reports fails the test at the next frame, unless the
    test expects that failure."""
    from companion.app.guard import TapGuard

    button = next(w for w in taps(ui, ui.screen) if isinstance(w, TapGuard))
    event = "on_release" if button.is_event_type("on_release") else "on_press"

    def fail(*_: Any) -> None:
        raise KeyError("a bug")

    button.fbind(event, fail)
    try:
        button.dispatch(event)
        try:
            ui.pump(frames=1)
            unexpected_fails = False
        except AssertionError as error:
            unexpected_fails = "KeyError: 'a bug'" in str(error) and isinstance(error.__cause__, KeyError)
        with ui.expecting_failures(lambda error: isinstance(error, KeyError)) as seen:
            button.dispatch(event)
            ui.pump(frames=1)
        ui.pump(frames=1)
    finally:
        button.funbind(event, fail)
    return {"unexpected_fails": unexpected_fails,
            "expected_is_seen": [type(error).__name__ for _, error in seen] == ["KeyError"]}


def main() -> None:
    from companion.games.architects.rules import ArchitectsPlayer, ArchitectsTable
    from companion.games.architects.rules.data import load_architects_data
    from companion.games.sevenwonders.session import SeatSetup

    ui = AppDriver.start(Path(sys.argv[1]))
    app = ui.app
    report: dict[str, Any] = {"taps": {}, "unguarded": [], "escaped": [], "unshown": [], "injected": 0,
                              "not_entered": [], "real": {}}
    from companion.app.main import screen_names

    app.start_game([SeatSetup("Anna", "babylon", "A"), SeatSetup("Boris", "rhodes", "A"),
                    SeatSetup("Vera", "gizah", "A")])
    ui.pump(frames=3)
    real_failures(ui, report)
    inject_into_the_camera(ui, report)
    for name in screen_names():
        inject_into_taps(ui, name, report)
    report["strict"] = strictness(ui)

    from companion.games.architects.app import start_architects

    data = load_architects_data()
    start_architects(app, ArchitectsTable(data, tuple(ArchitectsPlayer(n, data.wonders[w]) for n, w in
                                                      (("Ann", "giza"), ("Bob", "rhodes")))))
    ui.pump(frames=3)
    real_failures(ui, report)
    for name in screen_names():
        if name.startswith("architects"):
            inject_into_taps(ui, name, report)
    report["unguarded"] += unguarded_classes()
    report["alive"] = app.root is not None and app.store is not None
    print(json.dumps(report, ensure_ascii=False))
    ui.stop()


if __name__ == "__main__":
    main()
