"""The garbage collector kept out of the taps: full collections only while the screen is untouched."""

from __future__ import annotations

import gc
from collections.abc import Callable, Iterator
from typing import Any

import pytest

from companion.app.heap import QUIET_S, IdleCollector


class _Window:
    def __init__(self) -> None:
        self.bound: dict[str, Callable[..., Any]] = {}

    def bind(self, **handlers: Callable[..., Any]) -> None:
        self.bound.update(handlers)


class _Clock:
    def __init__(self) -> None:
        self.every: list[tuple[Callable[[float], None], float]] = []

    def schedule_interval(self, callback: Callable[[float], None], seconds: float) -> None:
        self.every.append((callback, seconds))


@pytest.fixture
def thresholds() -> Iterator[None]:
    kept = gc.get_threshold()
    yield
    gc.set_threshold(*kept)


def test_full_collections_wait_for_a_quiet_screen(thresholds: None, monkeypatch: pytest.MonkeyPatch) -> None:
    window, clock, collector = _Window(), _Clock(), IdleCollector()
    before = gc.get_threshold()
    collector.start(window, clock)
    assert gc.get_threshold()[2] >= 1_000_000       # Python never starts a full pass by itself...
    assert gc.get_threshold()[:2] == before[:2]     # ...while the young generations are collected as before
    check, _seconds = clock.every[0]
    now = [100.0]
    monkeypatch.setattr("companion.app.heap.time.monotonic", lambda: now[0])
    window.bound["on_touch_down"]()                  # a touch now
    gc.collect(1)                                    # something in the old generation to collect
    [object() for _ in range(10)]
    now[0] += QUIET_S / 2
    check(3.0)
    assert collector.collections == 0                # half a quiet time after a touch: no full pass
    now[0] += QUIET_S
    for _ in range(20):                              # young collections happen as usual meanwhile
        gc.collect(0)
        gc.collect(1)
    check(3.0)
    assert collector.collections == 1                # quiet long enough: one full pass
    window.bound["on_touch_up"]()
    check(3.0)
    assert collector.collections == 1                # touched again: none
