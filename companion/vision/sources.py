"""Frame sources: image files, a folder of images, a video file, or a camera by index.

Each yields (seconds, name, frame) with frames as BGR numpy arrays; the source is opened lazily and
closed when the iteration ends (a context manager for cameras and videos).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

__all__ = ["IMAGE_SUFFIXES", "VIDEO_SUFFIXES", "Frame", "FrameSourceError", "frames_from", "is_video"]

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


def frames_from(spec: str, *, every: int = 1, limit_seconds: float | None = None) -> Iterator[Frame]:
    """Frames of `spec`: an image, a folder of images (sorted by name), a video, or a camera index.

    :raises FrameSourceError: when the source does not exist or cannot be opened.
    """
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
        return _video(capture, path.name, every, limit_seconds)
    return _images([path])
