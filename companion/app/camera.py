"""Which camera the app watches: a platform service chosen at run time (Android's camera, a desktop
camera through OpenCV, a recorded video, a folder of photos, or the bundled demo recording)."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from typing import Any

from companion.state.camera_feed import CameraFeed
from companion.vision.pipeline import TableReader
from companion.vision.reader import MarkerReader
from companion.vision.sources import Frame, frames_from, is_recording, is_video

__all__ = ["RECOGNITION_HZ", "open_feed", "reader_for"]

RECOGNITION_HZ = 10.0
"""Frames recognised a second at most on a live feed: the rate the confirmation rule was tuned at."""


def reader_for(family: str, player_count: int) -> TableReader:
    """A table reader for the stickers the table uses: ArUco only (fast), or QR codes and ArUco."""
    marker_reader = MarkerReader(qr=None) if family == "aruco" else MarkerReader()
    return TableReader(reader=marker_reader, player_count=player_count)


def _android_frames(index: int) -> Iterator[Frame]:
    """Frames of Android's camera through Kivy's provider (its grab/decode calls need OpenCV 4.12)."""
    from kivy.core.camera import Camera  # only on Android: Kivy's provider there hands out raw frames

    camera: Any = Camera(index=index, resolution=(1280, 720), stopped=False)
    started = time.monotonic()
    try:
        while True:
            raw = camera.grab_frame()
            if raw is None:
                time.sleep(0.01)
                continue
            yield Frame(time.monotonic() - started, f"android{index}", camera.decode_frame(raw)[:, :, ::-1])
    finally:
        camera.stop()


def open_feed(spec: str, *, player_count: int, family: str = "aruco", every_frame: bool = False,
              recognise: bool = True) -> CameraFeed:
    """A camera feed for `spec`: a camera number, a video file, a folder of images, or ``demo``.

    Live cameras and videos play in real time; with `every_frame`, a video is read frame by frame
    as fast as recognition allows (tests and benchmarks). Without `recognise`, the feed only shows
    the picture (the reference the preview benchmark measures against).

    :raises ValueError: when the source cannot be opened.
    """
    reader = reader_for(family, player_count) if recognise else None
    if spec.isdigit() and "ANDROID_ARGUMENT" in os.environ:
        return CameraFeed(lambda: _android_frames(int(spec)), reader, max_rate=RECOGNITION_HZ)
    live = spec.isdigit()
    iterator = frames_from(spec)             # opened now, so a bad source is refused here
    recorded = is_recording(spec) or is_video(spec)
    return CameraFeed(lambda: iterator, reader, realtime=recorded and not live and not every_frame,
                      every_frame=every_frame, max_rate=RECOGNITION_HZ)
