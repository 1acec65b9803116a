"""The camera off the UI thread: one thread takes frames, another recognises the newest one.

The preview shows every frame taken (the newest replaces the last), while recognition runs at its
own pace on the newest frame and drops the ones it had no time for, so a slow reader never slows
the picture. A live feed recognises at most `max_rate` frames a second: the confirmation rule needs
a few frames over 0.4 s, not thirty, and the processor time left keeps the preview smooth on two
cores. With `every_frame`, nothing is dropped: the source waits for the reader (recorded videos in
tests and benchmarks, where each frame must count).

A source that fails (a camera that cannot be opened, a refused permission, a camera lost mid-game)
ends the feed with its `FrameSourceError` as `failure`, for the face to tell the player; the game
goes on without the camera.
"""

from __future__ import annotations

import statistics
import threading
import time
from collections import deque
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from companion.vision.pipeline import FrameResult, TableReader
from companion.vision.sources import Frame, FrameSourceError

__all__ = ["CameraFeed", "FeedStats", "Recognised"]


@dataclass(frozen=True)
class Recognised:
    """A recognised frame: when it was taken (source seconds) and what it shows."""

    seconds: float
    result: FrameResult


@dataclass
class FeedStats:
    """Counters a face or a benchmark reads."""

    frames_taken: int = 0
    frames_recognised: int = 0
    recognition_ms: deque[float] = field(default_factory=lambda: deque(maxlen=200))

    @property
    def median_recognition_ms(self) -> float | None:
        """The median time to recognise a frame over the last 200."""
        return statistics.median(self.recognition_ms) if self.recognition_ms else None


class CameraFeed:
    """Takes frames from `open_source()` and recognises them with `reader`, each on its own thread."""

    def __init__(self, open_source: Callable[[], Iterator[Frame]], reader: TableReader | None, *,
                 realtime: bool = False, every_frame: bool = False, max_rate: float | None = None) -> None:
        self.open_source = open_source
        self.reader = reader
        self.realtime = realtime
        self.every_frame = every_frame
        self.max_rate = None if every_frame else max_rate
        self.stats = FeedStats()
        self.error: str | None = None
        self.failure: FrameSourceError | None = None
        self.ended = False
        self._source: Any = None
        self._latest: Frame | None = None
        self._latest_number = 0
        self._recognised_number = 0
        self._results: deque[Recognised] = deque(maxlen=500)
        self._lock = threading.Condition()
        self._stop = threading.Event()
        self._threads: list[threading.Thread] = []

    # -- control --------------------------------------------------------------------------------
    def start(self) -> None:
        """Start both threads (daemon threads: they never keep the app alive)."""
        self._threads = [threading.Thread(target=self._take, name="camera-take", daemon=True)]
        if self.reader is not None:
            self._threads.append(threading.Thread(target=self._recognise, name="camera-recognise", daemon=True))
        for thread in self._threads:
            thread.start()

    def stop(self, timeout: float = 2.0) -> None:
        """Stop both threads and wait for them (a camera still waiting to open is told to give up)."""
        self._stop.set()
        cancel = getattr(self._source, "cancel", None)
        if cancel is not None:
            cancel()
        with self._lock:
            self._lock.notify_all()
        for thread in self._threads:
            thread.join(timeout)

    @property
    def running(self) -> bool:
        """True while frames are being taken or the last one is being recognised."""
        return any(t.is_alive() for t in self._threads)

    # -- what the face reads --------------------------------------------------------------------
    def latest(self) -> tuple[int, Frame | None]:
        """The newest frame and its number (a face redraws only when the number changed)."""
        with self._lock:
            return self._latest_number, self._latest

    def drain(self) -> list[Recognised]:
        """Every recognised frame since the last call, oldest first."""
        with self._lock:
            results = list(self._results)
            self._results.clear()
            return results

    # -- threads --------------------------------------------------------------------------------
    def _take(self) -> None:
        started = time.monotonic()
        source: Any = None
        try:
            source = self._source = self.open_source()
            for frame in source:
                if self._stop.is_set():
                    break
                if self.realtime:
                    delay = frame.seconds - (time.monotonic() - started)
                    if delay > 0 and self._stop.wait(delay):
                        break
                with self._lock:
                    if self.every_frame and self.reader is not None:
                        while self._recognised_number < self._latest_number and not self._stop.is_set():
                            self._lock.wait(0.1)
                    self._latest = frame
                    self._latest_number += 1
                    self.stats.frames_taken += 1
                    self._lock.notify_all()
        except FrameSourceError as failure:
            self.failure = failure
            self.error = str(failure)
        except Exception as error:  # a broken source is reported, never raised on a thread
            self.error = f"{type(error).__name__}: {error}"
        finally:
            close = getattr(source, "close", None)
            if close is not None:
                close()            # on this thread: a camera is released by the thread that reads it
            with self._lock:
                self.ended = True
                self._lock.notify_all()

    def _recognise(self) -> None:
        assert self.reader is not None
        done = 0
        next_start = 0.0
        while not self._stop.is_set():
            if self.max_rate is not None:
                if self._stop.wait(max(0.0, next_start - time.monotonic())):
                    return
                next_start = time.monotonic() + 1.0 / self.max_rate
            with self._lock:
                while self._latest_number == done and not self.ended and not self._stop.is_set():
                    self._lock.wait(0.1)
                if self._stop.is_set() or (self._latest_number == done and self.ended):
                    return
                number, frame = self._latest_number, self._latest
            assert frame is not None
            start = time.perf_counter()
            try:
                result = self.reader.read(frame.image, sequence=frame.sequence)
            except Exception as error:  # one bad frame must not stop the camera
                self.error = f"{type(error).__name__}: {error}"
                result = None
            elapsed = (time.perf_counter() - start) * 1000
            with self._lock:
                done = number
                self._recognised_number = number
                if result is not None:
                    self._results.append(Recognised(frame.seconds, result))
                    self.stats.frames_recognised += 1
                    self.stats.recognition_ms.append(elapsed)
                self._lock.notify_all()
