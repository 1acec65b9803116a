"""The garbage collector kept out of the taps: the app's long-lived objects frozen, and the full
collections run while nobody touches the screen.

The game data, the screens and Kivy's own objects are half a million objects that live as long as
the app; a full collection walking them took 150-300 ms in the middle of a tap. They are frozen
(`gc.freeze`) once made, and the full collections Python would start by itself at any allocation
(inside a tap as likely as not) run instead when the screen has not been touched for a while.
"""

from __future__ import annotations

import gc
import time
from typing import Any

__all__ = ["IdleCollector", "settle_heap"]

QUIET_S = 2.0
"""No touch for this long: a full collection cannot delay a tap being answered."""
CHECK_S = 3.0


def settle_heap(*, full: bool = False) -> None:
    """Freeze every object alive now (the garbage collector no longer walks them), after collecting
    the garbage so that it is not kept: the young generations only (a millisecond), or with `full`
    (at start-up, when no tap waits) every generation."""
    gc.collect(2 if full else 1)
    gc.freeze()


class IdleCollector:
    """Full collections only while the screen is untouched: Python's own (by allocation counts) are
    turned off; the young generations are still collected as usual, so short-lived cycles (a
    widget made and dropped in a tap) go at once."""

    def __init__(self) -> None:
        self.last_touch = time.monotonic()
        self.collections = 0

    def start(self, window: Any, clock: Any) -> None:
        """Watch `window`'s touches and check on `clock` every few seconds."""
        first, second, _third = gc.get_threshold()
        gc.set_threshold(first, second, 1_000_000_000)      # never a full collection by count
        window.bind(on_touch_down=self._touched, on_touch_up=self._touched)
        clock.schedule_interval(self._collect_if_quiet, CHECK_S)

    def _touched(self, *_: Any) -> None:
        self.last_touch = time.monotonic()

    def _collect_if_quiet(self, _dt: float) -> None:
        if time.monotonic() - self.last_touch >= QUIET_S and gc.get_count()[2] > 0:
            gc.collect(2)
            self.collections += 1
