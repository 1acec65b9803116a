"""Drive the real app headless: one offscreen Kivy window per process, the clock pumped by hand,
taps sent through the window as touches, screenshots saved for a person to look at.

Kivy's environment must be set before Kivy is first imported: `AppDriver.start` does it. Frames are
not paced to the screen's 60 per second (`companion bench app` measures the app at its real pace):
a pump runs its frames back to back, and lets real time pass only where it is asked to (a popup
opening, a scroll view deciding whether a touch scrolls, a camera thread reading frames). The window
is drawn on the last frame of each pump (what the screen shows after each step), not on the frames
before it (llvmpipe draws in software: most of a frame's time).

Screenshots are written where a test reads the picture (`screenshot(name, needed=True)`); the
others, for a person looking at the screens, only with COMPANION_SCREENSHOTS=1 in the environment.

The app's guard turns any exception in a tap or a frame into a message for the player and goes on;
under the driver such a failure fails the test at the next frame (with its traceback), unless the
test expects it (`with driver.expecting_failures() as seen:`).
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from companion.app.launch import configure_kivy

__all__ = ["SCREENSHOTS", "AppDriver"]

SCREENSHOTS = Path(__file__).resolve().parents[1] / "output" / "screens"
FRAME_GAP = 0.01
"""Seconds between two frames while a pump waits for real time to pass."""
DRAW_GAP = 0.1
"""Seconds between two drawings of the window while `wait_until` waits (it runs a frame each FRAME_GAP)."""


def screenshots_wanted() -> bool:
    """True when every screenshot is to be written (COMPANION_SCREENSHOTS=1), not only those a test reads."""
    return os.environ.get("COMPANION_SCREENSHOTS", "") == "1"


class Failures:
    """The failures the app's guard reported: each block of `AppDriver.expecting_failures` takes those
    it expects; any other is unexpected."""

    def __init__(self) -> None:
        self.expecting: list[tuple[Callable[[BaseException], bool], list[tuple[str, BaseException]]]] = []
        self.unexpected: list[tuple[str, BaseException]] = []

    def __call__(self, error: BaseException, where: str) -> None:
        if self.expecting and self.expecting[-1][0](error):
            self.expecting[-1][1].append((where, error))
        else:
            self.unexpected.append((where, error))

    def raise_unexpected(self) -> None:
        """Fail with the first unexpected failure (and its traceback), forgetting them all."""
        if self.unexpected:
            (where, error), *others = self.unexpected
            self.unexpected.clear()
            raise AssertionError(f"the app reported a failure in {where or 'a handler'} (a player would only read "
                                 f"a message): {type(error).__name__}: {error}"
                                 + (f" (and {len(others)} more)" if others else "")) from error


class AppDriver:
    """The app running in this process, offscreen."""

    def __init__(self, app: Any, failures: Failures | None = None) -> None:
        from kivy.core.window import Window

        self.app = app
        self.failures = failures or Failures()
        self._drawing = True
        Window.fbind("on_draw", self._hold_draw)       # bound last, so called first: True stops the drawing
        Window.fbind("on_flip", self._hold_draw)

    @classmethod
    def start(cls, store: Path, *, size: tuple[int, int] = (1280, 800), language: str = "en",
              camera: str | None = None) -> AppDriver:
        """Build the app and open its (offscreen) window; the clock only moves when pumped."""
        configure_kivy(size=size, offscreen=True)
        from kivy.base import runTouchApp
        from kivy.clock import Clock
        from kivy.config import Config

        Config.set("graphics", "maxfps", "0")
        Clock._max_fps = 0.0        # the clock read maxfps when kivy.clock was first imported (maybe by a test)

        from companion.app.guard import watch_failures
        from companion.app.main import CompanionApp

        failures = Failures()
        watch_failures(failures)
        app = CompanionApp(store, language=language, camera=camera)
        app._run_prepare()
        runTouchApp(embedded=True)
        driver = cls(app, failures)
        driver.pump(frames=3)
        return driver

    def stop(self) -> None:
        """Close the app (its camera, its store) and the window."""
        from kivy.base import stopTouchApp
        from kivy.core.window import Window

        Window.funbind("on_draw", self._hold_draw)
        Window.funbind("on_flip", self._hold_draw)
        self.app.stop()
        stopTouchApp()
        self.failures.raise_unexpected()

    @contextmanager
    def expecting_failures(self, expected: Callable[[BaseException], bool] = lambda _: True
                           ) -> Iterator[list[tuple[str, BaseException]]]:
        """Failures the guard reports inside this block for which `expected(error)` holds are the test's
        own (it injects them): a list of (where, error) for it to look at. Any other still fails."""
        seen: list[tuple[str, BaseException]] = []
        self.failures.expecting.append((expected, seen))
        try:
            yield seen
        finally:
            self.failures.expecting.pop()

    # -- time ------------------------------------------------------------------------------------
    def pump(self, seconds: float = 0.0, *, frames: int = 2) -> None:
        """Run the event loop for at least `frames` frames and `seconds` of real time (a frame every
        FRAME_GAP seconds while only time has to pass, the last one after it has). Every frame runs
        the clock, the input and the layouts; the window is drawn on the last one (what the screen
        shows once the pump is over), not on those before it, whose pictures nobody sees."""
        end = time.monotonic() + max(seconds, 0.0)
        for _ in range(max(frames, 1) - 1):
            self._frame(draw=False)
        while (left := end - time.monotonic()) > 0:
            time.sleep(min(FRAME_GAP, left))
            if end - time.monotonic() > 0:
                self._frame(draw=False)
        self._frame(draw=True)
        self.failures.raise_unexpected()

    def _frame(self, *, draw: bool) -> None:
        """One turn of Kivy's event loop, drawing the window (when something changed) or not."""
        from kivy.base import EventLoop

        self._drawing = draw
        try:
            EventLoop.idle()
        finally:
            self._drawing = True

    def _hold_draw(self, *_: Any) -> bool:
        """Bound to the window's on_draw and on_flip: True (stop: no drawing) inside an undrawn frame."""
        return not self._drawing

    def wait_until(self, condition: Callable[[], bool], timeout: float = 30.0) -> bool:
        """Pump until `condition()` holds; False after `timeout` seconds."""
        end = time.monotonic() + timeout
        drawn = 0.0
        while time.monotonic() < end:
            if condition():
                return True
            draw = time.monotonic() - drawn >= DRAW_GAP         # the picture (a camera's preview) 10 times a second
            self._frame(draw=draw)
            drawn = time.monotonic() if draw else drawn
            self.failures.raise_unexpected()
            time.sleep(FRAME_GAP)
        return condition()

    # -- finding widgets ----------------------------------------------------------------------------
    @property
    def screen(self) -> Any:
        """The current screen."""
        return self.app.root.current_screen

    def walk(self, root: Any = None) -> Iterator[Any]:
        """Every widget under `root` (default: the window, popups included)."""
        from kivy.core.window import Window

        if root is not None:
            yield from root.walk(restrict=True)
            return
        for child in reversed(Window.children):        # the screens, then popups opened on top
            yield from child.walk(restrict=True)

    def texts(self, root: Any = None) -> list[str]:
        """The text of every label and button shown."""
        return [w.text for w in self.walk(root or self.screen) if isinstance(getattr(w, "text", None), str)
                and w.text and getattr(w, "opacity", 1) > 0]

    def find(self, text: str, *, root: Any = None, exact: bool = True, cls: str | None = None) -> Any:
        """The one visible, enabled widget whose text is (or contains) `text`.

        :raises LookupError: when none or several match.
        """
        found = [w for w in self.walk(root) if isinstance(getattr(w, "text", None), str)
                 and (w.text == text if exact else text in w.text) and not getattr(w, "disabled", False)
                 and getattr(w, "opacity", 1) > 0 and (cls is None or type(w).__name__ == cls)
                 and w.get_root_window() is not None]
        if len(found) != 1:
            raise LookupError(f"{len(found)} widgets show {text!r} on {self.app.root.current}: "
                              f"{[type(w).__name__ for w in found]}")
        return found[0]

    # -- touching -------------------------------------------------------------------------------------
    def tap(self, target: Any, *, exact: bool = True) -> None:
        """Tap a widget (or the one showing `target` as text) in its middle, as a finger would."""
        from kivy.tests.common import UnitTestTouch

        self.pump(frames=2)
        widget = self.find(target, exact=exact) if isinstance(target, str) else target
        self._scroll_into_view(widget)
        x, y = self._settled_centre(widget)
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        self._frame(draw=False)                 # the finger down for a frame (its pressed look is not looked at)
        self.failures.raise_unexpected()
        touch.touch_up()
        # A scroll view holds a touch back for up to 0.2 s to see whether it scrolls; a popup takes
        # 0.2 s to open or close.
        self.pump(0.25 if self._in_scroll_view(widget) or self._popup_open() else 0.0, frames=2)

    def _settled_centre(self, widget: Any) -> tuple[float, float]:
        """Where the widget's middle is once the layouts stop moving it (a few frames after a redraw)."""
        last = widget.to_window(*widget.center)
        for _ in range(30):
            self._frame(draw=False)             # layouts only: where it lies, not how it looks
            self.failures.raise_unexpected()
            now = widget.to_window(*widget.center)
            if now == last:
                return now
            last = now
        return last

    @staticmethod
    def _popup_open() -> bool:
        from kivy.core.window import Window
        from kivy.uix.modalview import ModalView

        return any(isinstance(child, ModalView) for child in Window.children)

    @staticmethod
    def _in_scroll_view(widget: Any) -> bool:
        from kivy.uix.scrollview import ScrollView

        parent = widget.parent
        while parent is not None and parent is not parent.parent:
            if isinstance(parent, ScrollView):
                return True
            parent = parent.parent
        return False

    def _scroll_into_view(self, widget: Any) -> None:
        """Scroll every scroll view holding `widget` so that it can be seen (and touched)."""
        from companion.app.widgets.common import scroll_into_view

        scroll_into_view(widget, lambda: self.pump(frames=2))

    def confirm_conflicts(self) -> None:
        """At the end of an age: read every conflict (the list scrolled to its end, as a player scrolls
        down to the naval conflict: Confirm waits until all have been in view), then tap Confirm."""
        view = self.screen.ids.battles_scroll
        if view.opacity > 0 and view.scroll_y > 0.01:
            view.scroll_y = 0
            self.pump(frames=4)
        self.tap(self.tr("age.confirm"))

    def check_card(self, tab: str, card_id: str) -> None:
        """On the table: the build check, the player's tab, the picker, the card found by its name."""
        self.tap(self.tr("table.build_check"))
        self.tap(tab)
        self.tap(self.tr("check.pick_card"))
        picker = next(w for w in self.walk() if type(w).__name__ == "CardPicker")
        picker.ids.search.text = self.app.words.card(card_id)[:4]
        self.pump(frames=2)
        self.tap(next(c for c in picker.ids.cards.children if c.card_id == card_id))

    def tr(self, key: str, **values: Any) -> str:
        """A catalogue text in the app's language (what a button shows)."""
        return self.app.tr(key, **values)

    # -- pictures --------------------------------------------------------------------------------------
    def screenshot(self, name: str, *, needed: bool = False) -> Path | None:
        """Save what the window shows as tests/output/screens/<name>.png (after a redraw) when the test
        reads it (`needed`) or COMPANION_SCREENSHOTS=1; the file, or None when none was written."""
        from kivy.core.window import Window

        self.pump(frames=3)
        if not (needed or screenshots_wanted()):
            return None
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        final = SCREENSHOTS / f"{name}.png"
        # Kivy numbers the file it writes (name0001.png): a name of this process's own, then renamed.
        written = Path(Window.screenshot(str(SCREENSHOTS / f"{name}.{os.getpid()}.png")))
        written.replace(final)
        return final
