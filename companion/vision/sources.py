"""Frame sources: image files, a folder of images, a video file, a camera by index, or a recorded game.

Each yields (seconds, name, frame) with frames as BGR numpy arrays; the source is opened lazily and
closed when the iteration ends (a context manager for cameras and videos). ``demo`` plays the bundled
recorded game and ``recording:PATH`` a recording file (companion/simulation): frames rendered with
their times, no camera needed.
"""

from __future__ import annotations

import time
from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

__all__ = ["DEMO_SOURCE", "IMAGE_SUFFIXES", "RECORDING_PREFIX", "VIDEO_SUFFIXES", "Frame", "FrameSourceError",
           "frames_from", "is_recording", "is_video"]

DEMO_SOURCE = "demo"
"""The source name of the bundled recorded game."""
RECORDING_PREFIX = "recording:"

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov", ".webm", ".m4v")


class FrameSourceError(ValueError):
    """A source that cannot be read; the message says which and why."""


@dataclass(frozen=True, eq=False)
class Frame:
    """One frame and when it was taken (seconds from the start of the source)."""

    seconds: float
    name: str
    image: np.ndarray


def is_video(path: str) -> bool:
    """True for a path with a video file suffix."""
    return Path(path).suffix.lower() in VIDEO_SUFFIXES


def is_recording(spec: str) -> bool:
    """True for ``demo`` or ``recording:PATH``: a recorded game played as timed frames."""
    return spec == DEMO_SOURCE or spec.startswith(RECORDING_PREFIX)


def _in_real_time(frames: Iterator[Frame]) -> Iterator[Frame]:
    """Hand out each frame no sooner than its time after the first one was handed out (a camera's pace)."""
    start: float | None = None
    for frame in frames:
        if start is None:
            start = time.monotonic() - frame.seconds
        else:
            wait = start + frame.seconds - time.monotonic()
            if wait > 0:
                time.sleep(wait)
        yield frame


def _recorded(spec: str, every: int, limit: float | None) -> Iterator[Frame]:
    from companion.simulation.playback import recorded_frames
    from companion.simulation.recording import RecordingError, demo_recording, load_recording

    try:
        if spec == DEMO_SOURCE:
            recording, name = demo_recording(), DEMO_SOURCE
        else:
            path = Path(spec[len(RECORDING_PREFIX):])
            if not path.is_file():
                raise FrameSourceError(f"{spec}: no such recording file")
            recording, name = load_recording(path), path.name
    except RecordingError as error:
        raise FrameSourceError(f"{spec}: not a valid recording:\n{error}") from None
    frames = recorded_frames(recording)

    def generate() -> Iterator[Frame]:
        for index, (seconds, image) in enumerate(frames):
            if limit is not None and seconds > limit:
                break
            if index % every == 0:
                yield Frame(seconds, f"{name}#{index}", image)

    return generate()


def _images(paths: Sequence[Path]) -> Iterator[Frame]:
    for index, path in enumerate(paths):
        image = cv2.imread(str(path), cv2.IMREAD_COLOR)
        if image is None:
            raise FrameSourceError(f"{path}: not an image OpenCV can read")
        yield Frame(float(index), path.name, image)


def _video(capture: cv2.VideoCapture, name: str, every: int, limit: float | None) -> Iterator[Frame]:
    fps = capture.get(cv2.CAP_PROP_FPS) or 0.0
    index = 0
    try:
        while True:
            ok, image = capture.read()
            if not ok:
                break
            seconds = index / fps if fps > 0 else capture.get(cv2.CAP_PROP_POS_MSEC) / 1000.0
            if limit is not None and seconds > limit:
                break
            if index % every == 0:
                yield Frame(seconds, f"{name}#{index}", image)
            index += 1
    finally:
        capture.release()


def frames_from(spec: str, *, every: int = 1, limit_seconds: float | None = None,
                realtime: bool = False) -> Iterator[Frame]:
    """Frames of `spec`: an image, a folder of images (sorted by name), a video, a camera index,
    ``demo`` (the bundled recorded game) or ``recording:PATH`` (a recording file).

    A recording's or a video's frames come as fast as they can be made, or with `realtime` each at
    its time (a camera's pace, for a live demo); a camera is always live.

    :raises FrameSourceError: when the source does not exist or cannot be opened.
    """
    if is_recording(spec):
        frames = _recorded(spec, every, limit_seconds)
        return _in_real_time(frames) if realtime else frames
    if spec.isdigit():
        capture = cv2.VideoCapture(int(spec))
        if not capture.isOpened():
            raise FrameSourceError(f"camera {spec} cannot be opened")
        return _video(capture, f"camera{spec}", every, limit_seconds)
    path = Path(spec)
    if path.is_dir():
        images = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not images:
            raise FrameSourceError(f"{spec}: no images in this folder")
        return _images(images)
    if not path.exists():
        raise FrameSourceError(f"{spec}: no such file or folder")
    if is_video(spec):
        capture = cv2.VideoCapture(str(path))
        if not capture.isOpened():
            raise FrameSourceError(f"{spec}: the video cannot be opened")
        video = _video(capture, path.name, every, limit_seconds)
        return _in_real_time(video) if realtime else video
    return _images([path])
