"""Which camera the app watches: a platform service chosen at run time (Android's camera, a desktop
camera through OpenCV, the Raspberry Pi camera, a recorded video, a folder of photos, or the bundled
demo recording)."""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

from companion.app.platform import on_android
from companion.state.camera_feed import CameraFeed
from companion.vision.pipeline import TableReader
from companion.vision.reader import MarkerReader
from companion.vision.sources import frames_from, is_live, is_recording, is_video, split_camera_spec

__all__ = ["RECOGNITION_HZ", "open_feed", "reader_for"]

RECOGNITION_HZ = 10.0
"""Frames recognised a second at most on a live feed: the rate the confirmation rule was tuned at."""


def reader_for(family: str, player_count: int, seating: Sequence[str] = (), data: Any = None) -> TableReader:
    """A table reader for the stickers the table uses (only that family's decoder runs), knowing the
    game's player count, its seating (the wonders clockwise) and its box of cards (`data`, the game
    data with its expansions' cards; None: every card installed) from the set-up."""
    return TableReader(reader=MarkerReader.for_family(family), player_count=player_count, seating=list(seating),
                       data=data)


def open_feed(spec: str, *, player_count: int, family: str = "aruco", seating: Sequence[str] = (),
              data: Any = None, every_frame: bool = False, recognise: bool = True,
              resolution: tuple[int, int] | None = None) -> CameraFeed:
    """A camera feed for `spec`: a camera number, ``picamera``, a video file, a folder of images, or
    ``demo``; call it on the main thread (Android's camera is created there).

    Live cameras and videos play in real time; with `every_frame`, a video is read frame by frame
    as fast as recognition allows (tests and benchmarks). Without `recognise`, the feed only shows
    the picture (the reference the preview benchmark measures against). On Android a camera number
    is the device's camera: the permission is asked and the camera opened in the background, and a
    refusal or a failure arrives as the feed's `failure`.

    :raises FrameSourceError: when the source cannot be opened (a ValueError).
    """
    reader = reader_for(family, player_count, seating, data) if recognise else None
    camera_name, asked = split_camera_spec(spec)
    if camera_name.isdigit() and on_android():
        from companion.app.android_camera import PREVIEW_SIZES, AndroidCamera

        camera = AndroidCamera(int(camera_name), (asked, *PREVIEW_SIZES) if asked else PREVIEW_SIZES)
        camera.open()
        return CameraFeed(lambda: camera, reader, max_rate=RECOGNITION_HZ)
    live = is_live(spec)
    iterator = frames_from(spec, resolution=resolution)     # opened now, so a bad source is refused here
    recorded = is_recording(spec) or is_video(spec)
    return CameraFeed(lambda: iterator, reader, realtime=recorded and not live and not every_frame,
                      every_frame=every_frame, max_rate=RECOGNITION_HZ)
