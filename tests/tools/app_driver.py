"""Drive the real app headless: one offscreen Kivy window per process, the clock pumped by hand,
taps sent through the window as touches, screenshots saved for a person to look at.

Kivy's environment must be set before Kivy is first imported: `AppDriver.start` does it.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from companion.app.launch import configure_kivy

__all__ = ["SCREENSHOTS", "AppDriver"]

SCREENSHOTS = Path(__file__).resolve().parents[1] / "output" / "screens"


class AppDriver:
    """The app running in this process, offscreen."""

    def __init__(self, app: Any) -> None:
        self.app = app

    @classmethod
    def start(cls, store: Path, *, size: tuple[int, int] = (1280, 800), language: str = "en",
              camera: str | None = None) -> AppDriver:
        """Build the app and open its (offscreen) window; the clock only moves when pumped."""
        configure_kivy(size=size, offscreen=True)
        from kivy.base import runTouchApp

        from companion.app.main import CompanionApp

        app = CompanionApp(store, language=language, camera=camera)
        app._run_prepare()
        runTouchApp(embedded=True)
        driver = cls(app)
        driver.pump(frames=3)
        return driver

    def stop(self) -> None:
        """Close the app (its camera, its store) and the window."""
        from kivy.base import stopTouchApp

        self.app.stop()
        stopTouchApp()

    # -- time ------------------------------------------------------------------------------------
    def pump(self, seconds: float = 0.0, *, frames: int = 2) -> None:
        """Run the event loop for at least `frames` frames and `seconds` of real time."""
        from kivy.base import EventLoop

        end = time.monotonic() + seconds
        done = 0
        while done < frames or time.monotonic() < end:
            EventLoop.idle()
            done += 1

    def wait_until(self, condition: Callable[[], bool], timeout: float = 30.0) -> bool:
        """Pump until `condition()` holds; False after `timeout` seconds."""
        end = time.monotonic() + timeout
        while time.monotonic() < end:
            if condition():
                return True
            self.pump(frames=1)
            time.sleep(0.005)
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
        self.pump(frames=1)
        touch.touch_up()
        # A scroll view holds a touch back for up to 0.2 s to see whether it scrolls; a popup takes
        # 0.2 s to open or close.
        self.pump(0.25 if self._in_scroll_view(widget) or self._popup_open() else 0.0, frames=2)

    def _settled_centre(self, widget: Any) -> tuple[float, float]:
        """Where the widget's middle is once the layouts stop moving it (a few frames after a redraw)."""
        last = widget.to_window(*widget.center)
        for _ in range(30):
            self.pump(frames=1)
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
    def screenshot(self, name: str) -> Path:
        """Save what the window shows as tests/output/screens/<name>.png (after a redraw)."""
        from kivy.core.window import Window

        self.pump(frames=3)
        SCREENSHOTS.mkdir(parents=True, exist_ok=True)
        written = Path(Window.screenshot(str(SCREENSHOTS / f"{name}.png")))
        final = SCREENSHOTS / f"{name}.png"
        written.replace(final)
        return final
