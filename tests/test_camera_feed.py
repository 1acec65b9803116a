"""The camera feed's threads: a live feed recognises at most `max_rate` frames a second while the
picture keeps every frame; with `every_frame` nothing is dropped."""

from __future__ import annotations

import time
from collections.abc import Iterator

import numpy as np

from companion.state.camera_feed import CameraFeed
from companion.vision.sources import Frame


class _CountingReader:
    """Stands in for the table reader: answers at once and counts the frames it was given."""

    def __init__(self) -> None:
        self.frames: list[int] = []
        self.sequences: set[str | None] = set()

    def read(self, image: np.ndarray, *, sequence: str | None = None) -> object:
        self.frames.append(int(image[0, 0]))
        self.sequences.add(sequence)
        return object()


def _source(count: int, interval: float) -> Iterator[Frame]:
    """`count` tiny frames, one every `interval` seconds, each numbered in its first pixel."""
    for number in range(count):
        time.sleep(interval)
        yield Frame(number * interval, "test", np.full((2, 2), number % 256, dtype=np.uint8), sequence="camera0")


def _run(feed: CameraFeed, timeout: float = 10.0) -> float:
    started = time.monotonic()
    feed.start()
    end = started + timeout
    while feed.running and time.monotonic() < end:
        time.sleep(0.01)
    feed.stop()
    return time.monotonic() - started


def test_a_live_feed_recognises_at_most_max_rate_frames_a_second() -> None:
    # 60 frames over about 1.2 s from a reader that takes no time: without a cap it would see
    # nearly all of them; at 10 a second it sees at most one per tenth of a second (+1 at the start).
    reader = _CountingReader()
    feed = CameraFeed(lambda: _source(60, 0.02), reader, max_rate=10.0)  # type: ignore[arg-type]
    elapsed = _run(feed)
    assert feed.stats.frames_taken == 60
    assert 3 <= len(reader.frames) <= 10.0 * elapsed + 1
    assert reader.frames == sorted(reader.frames)            # always the newest frame, in order
    assert reader.sequences == {"camera0"}                   # frames of one camera: the reader may reuse


def test_without_a_cap_an_instant_reader_sees_most_frames() -> None:
    reader = _CountingReader()
    feed = CameraFeed(lambda: _source(60, 0.02), reader)  # type: ignore[arg-type]
    _run(feed)
    assert len(reader.frames) > 30


def test_every_frame_ignores_the_cap_and_drops_nothing() -> None:
    reader = _CountingReader()
    feed = CameraFeed(lambda: _source(40, 0.0), reader, every_frame=True, max_rate=2.0)  # type: ignore[arg-type]
    _run(feed)
    assert reader.frames == list(range(40))
