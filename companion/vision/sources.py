"""Frame sources: image files, a folder of images, a video file, a camera by index, the Raspberry Pi
camera, or a recorded game.

Each yields (seconds, name, frame) with frames as BGR numpy arrays. ``demo`` plays the bundled
recorded game and ``recording:PATH`` a recording file (companion/simulation): frames rendered with
their times, no camera needed. A live camera is a `LiveCamera`: opened when asked (so a camera that
cannot be opened is refused at once), it reports the resolution it actually delivers, and a camera
that stops delivering frames mid-game raises `FrameSourceError` (kind ``lost``) instead of ending
quietly. The Android camera (companion/app/android_camera.py) is one too.
"""

from __future__ import annotations

import math
import time
from collections.abc import Iterator, Sequence
from pathlib import Path

import cv2
import numpy as np

from companion.jsonread import quoted
from companion.vision.frames import Frame, FrameSourceError, LiveCamera

__all__ = [
    "BEST_RESOLUTION",
    "DEMO_SOURCE",
    "IMAGE_SUFFIXES",
    "PICAMERA_SOURCE",
    "RECORDING_PREFIX",
    "VIDEO_SUFFIXES",
    "Frame",
    "FrameSourceError",
    "LiveCamera",
    "OpenCVCamera",
    "frames_from",
    "is_live",
    "is_recording",
    "is_video",
    "open_camera",
    "parse_resolution",
    "split_pi_camera_height",
]

DEMO_SOURCE = "demo"
"""The source name of the bundled recorded game."""
RECORDING_PREFIX = "recording:"
PICAMERA_SOURCE = "picamera"
"""The Raspberry Pi camera (libcamera through picamera2); ``picamera:1`` names the second one, and
``picamera,height=0.7`` one fixed 0.7 m over the table (its focus is set there)."""
BEST_RESOLUTION = (3840, 2160)
"""What a desktop camera is asked for when no resolution is given: it delivers its best up to this."""
PREVIEW_MAX_WIDTH = 1280
"""A live frame wider than this also gets a smaller copy for the screen, made on the camera's thread
(uploading a 4K frame 30 times a second would load the UI thread for nothing)."""

IMAGE_SUFFIXES = (".png", ".jpg", ".jpeg", ".bmp", ".tif", ".tiff", ".webp")
VIDEO_SUFFIXES = (".mp4", ".avi", ".mkv", ".mov", ".webm", ".m4v")


def parse_resolution(text: str) -> tuple[int, int]:
    """``1920x1080`` -> (1920, 1080).

    :raises ValueError: for anything else, or a size below 160x120.
    """
    try:
        width, height = (int(part) for part in text.lower().split("x"))
    except ValueError:
        raise ValueError(f"a resolution is WIDTHxHEIGHT, e.g. 1920x1080; got {quoted(str(text))}") from None
    if width < 160 or height < 120 or width > 16384 or height > 16384:
        raise ValueError(f"a resolution between 160x120 and 16384x16384, not {text}")
    return width, height


def preview_of(image: np.ndarray, max_width: int = PREVIEW_MAX_WIDTH) -> np.ndarray | None:
    """A copy of `image` at most `max_width` wide for the screen, or None when it is that small already."""
    height, width = image.shape[:2]
    if width <= max_width:
        return None
    size = (max_width, max(2, round(height * max_width / width)))
    return np.asarray(cv2.resize(image, size, interpolation=cv2.INTER_AREA))


class OpenCVCamera(LiveCamera):
    """A desktop or USB camera through OpenCV, asked for `resolution` (default: its best up to
    3840x2160; a camera offers the largest size it has that is not larger)."""

    LOST_AFTER_FAILED_READS = 30
    """Failed reads in a row (about a second at 30 frames a second) after which the camera is lost."""

    def __init__(self, index: int, resolution: tuple[int, int] | None = None) -> None:
        self.name = f"camera{index}"
        self.requested = resolution or BEST_RESOLUTION
        capture = cv2.VideoCapture(index)
        if not capture.isOpened():
            capture.release()
            raise FrameSourceError(f"camera {index} cannot be opened (not connected, or used by another program)",
                                   kind="cannot_open", source=str(index))
        capture.set(cv2.CAP_PROP_FRAME_WIDTH, self.requested[0])
        capture.set(cv2.CAP_PROP_FRAME_HEIGHT, self.requested[1])
        ok, first = capture.read()
        if not ok or first is None:
            capture.release()
            raise FrameSourceError(f"camera {index} opened but gives no picture", kind="cannot_open",
                                   source=str(index))
        self.delivered = (int(first.shape[1]), int(first.shape[0]))
        self._capture: cv2.VideoCapture | None = capture
        self._first: np.ndarray | None = first
        self._started = time.monotonic()
        self._index = 0

    def __next__(self) -> Frame:
        if self._capture is None:
            raise StopIteration
        image, self._first = self._first, None
        failures = 0
        while image is None:
            ok, image = self._capture.read()
            if not ok:
                image = None
                failures += 1
                if failures >= self.LOST_AFTER_FAILED_READS:
                    self.close()
                    raise FrameSourceError(f"{self.name} stopped delivering frames (unplugged?)", kind="lost",
                                           source=self.name.removeprefix("camera"))
                time.sleep(0.03)
        self._index += 1
        return Frame(time.monotonic() - self._started, f"{self.name}#{self._index}", image, preview_of(image),
                     self.name)

    def close(self) -> None:
        if self._capture is not None:
            self._capture.release()
            self._capture = None


def is_video(path: str) -> bool:
    """True for a path with a video file suffix."""
    return Path(path).suffix.lower() in VIDEO_SUFFIXES


def split_camera_spec(spec: str) -> tuple[str, tuple[int, int] | None]:
    """``picamera@2304x1296`` -> ("picamera", (2304, 1296)): a live camera may name the resolution
    it is asked for after an @ (where a command line or the kiosk unit gives one string).

    :raises FrameSourceError: for a resolution that is not WIDTHxHEIGHT.
    """
    camera, at, size = spec.partition("@")
    if not at:
        return spec, None
    try:
        return camera, parse_resolution(size)
    except ValueError as error:
        raise FrameSourceError(f"{spec}: {error}", source=spec) from None


def split_pi_camera_height(camera: str) -> tuple[str, float | None]:
    """``picamera,height=0.7`` -> ("picamera", 0.7): the Pi camera's height over the table in metres,
    which fixes its focus there (none: it focuses continuously; docs/pi.md).

    :raises FrameSourceError: for another option, a height that is not a number of metres between 0.1
        and 5, or an option on a camera that is not the Pi's.
    """
    name, comma, option = camera.partition(",")
    if not comma:
        return camera, None
    key, _, value = option.partition("=")
    if key.strip() != "height" or not (name == PICAMERA_SOURCE or name.startswith(PICAMERA_SOURCE + ":")):
        raise FrameSourceError(f"{camera}: the only camera option is the Pi camera's height over the table, "
                               "e.g. picamera,height=0.7 (metres)", source=camera)
    try:
        height = float(value.strip().removesuffix("m"))
    except ValueError:
        height = math.nan
    if not 0.1 <= height <= 5.0:
        raise FrameSourceError(f"{camera}: the height is the camera's distance from the table in metres, between "
                               "0.1 and 5, e.g. picamera,height=0.7", source=camera)
    return name, height


def is_live(spec: str) -> bool:
    """True for a live camera: a camera number or the Pi camera (with or without ``@WxH`` and its height)."""
    camera = spec.partition("@")[0].partition(",")[0]
    return camera.isdigit() or camera == PICAMERA_SOURCE or camera.startswith(PICAMERA_SOURCE + ":")


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
    from companion.simulation import RecordingRefused, recorded_game

    game = recorded_game()
    try:
        if spec == DEMO_SOURCE:
            recording, name = game.read(None)
        else:
            path = Path(spec[len(RECORDING_PREFIX):])
            if not path.is_file():
                raise FrameSourceError(f"{spec}: no such recording file")
            recording, name = game.read(path)
    except RecordingRefused as error:
        raise FrameSourceError(str(error) if error.problems == 1 else f"{spec}: {error}") from None
    frames = game.frames(recording)

    def generate() -> Iterator[Frame]:
        for index, (seconds, image) in enumerate(frames):
            if limit is not None and seconds > limit:
                break
            if index % every == 0:
                yield Frame(seconds, f"{name}#{index}", image, sequence=spec)

    return generate()


def _images(paths: Sequence[Path]) -> Iterator[Frame]:
    for index, path in enumerate(paths):
        image = _read_image(path)
        if image is None:
            raise FrameSourceError(f"{path}: not an image OpenCV can read", source=str(path))
        yield Frame(float(index), path.name, image)


def _read_image(path: Path) -> np.ndarray | None:
    """The decoded image, None when OpenCV cannot read it.

    :raises FrameSourceError: for a file too large to read, or one whose header claims more pixels
        than are read (checked before decoding), or an OpenCV error.
    """
    from companion.vision.imagesize import image_too_large

    try:
        refused = image_too_large(path)
    except OSError as error:
        raise FrameSourceError(f"{path}: cannot read: {error.strerror or error}", source=str(path)) from None
    if refused:
        raise FrameSourceError(f"{path}: {refused}", source=str(path))
    try:
        image: np.ndarray | None = cv2.imread(str(path), cv2.IMREAD_COLOR)
    except cv2.error as error:
        reason = " ".join(str(error).split())[-120:]
        raise FrameSourceError(f"{path}: OpenCV cannot read it ({reason})", source=str(path)) from None
    return image


def _refuse_huge_video(capture: cv2.VideoCapture, spec: str) -> None:
    """Refuse a video whose frames are larger than any image read (before a frame is decoded)."""
    from companion.vision.imagesize import MAX_IMAGE_PIXELS, MAX_IMAGE_SIDE

    width, height = int(capture.get(cv2.CAP_PROP_FRAME_WIDTH)), int(capture.get(cv2.CAP_PROP_FRAME_HEIGHT))
    if max(width, height) > MAX_IMAGE_SIDE or width * height > MAX_IMAGE_PIXELS:
        capture.release()
        raise FrameSourceError(f"{spec}: its frames are {width:,} x {height:,} pixels; the largest read is "
                               f"{MAX_IMAGE_SIDE:,} pixels a side and {MAX_IMAGE_PIXELS // 1_000_000} megapixels",
                               source=spec)


def _video(capture: cv2.VideoCapture, path: Path, every: int, limit: float | None) -> Iterator[Frame]:
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
                yield Frame(seconds, f"{path.name}#{index}", image, sequence=str(path))
            index += 1
    finally:
        capture.release()


def _every(frames: Iterator[Frame], every: int) -> Iterator[Frame]:
    for index, frame in enumerate(frames):
        if index % every == 0:
            yield frame


def open_camera(spec: str, resolution: tuple[int, int] | None = None) -> LiveCamera:
    """The live camera `spec` names: a camera number (OpenCV), or ``picamera``/``picamera:N``, each
    optionally with ``@WxH`` (which wins over `resolution`).

    :raises FrameSourceError: when it cannot be opened.
    """
    spec, asked = split_camera_spec(spec)
    resolution = asked or resolution
    spec, height = split_pi_camera_height(spec)
    if spec.isdigit():
        return OpenCVCamera(int(spec), resolution)
    from companion.vision.picamera import PiCamera

    number = spec.partition(":")[2]
    if number and not number.isdigit():
        raise FrameSourceError(f"{spec}: the Pi camera is picamera or picamera:NUMBER", source=spec)
    return PiCamera(int(number or 0), resolution, height)


def frames_from(spec: str, *, every: int = 1, limit_seconds: float | None = None,
                realtime: bool = False, resolution: tuple[int, int] | None = None) -> Iterator[Frame]:
    """Frames of `spec`: an image, a folder of images (sorted by name), a video, a camera index,
    ``picamera`` (the Raspberry Pi camera), ``demo`` (the bundled recorded game) or ``recording:PATH``
    (a recording file).

    A recording's or a video's frames come as fast as they can be made, or with `realtime` each at
    its time (a camera's pace, for a live demo); a camera is always live, and returned as its
    `LiveCamera` (asked for `resolution`) when every frame is wanted.

    :raises FrameSourceError: when the source does not exist or cannot be opened.
    """
    if every < 1:
        raise FrameSourceError(f"every Nth frame needs N >= 1, not {every}")
    if is_recording(spec):
        frames = _recorded(spec, every, limit_seconds)
        return _in_real_time(frames) if realtime else frames
    if is_live(spec):
        camera = open_camera(spec, resolution)
        return camera if every == 1 else _every(camera, every)
    path = Path(spec)
    if path.is_dir():
        images = sorted(p for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not images:
            raise FrameSourceError(f"{spec}: no images in this folder", source=spec)
        return _images(images)
    if not path.exists():
        raise FrameSourceError(f"{spec}: no such file or folder", source=spec)
    if is_video(spec):
        capture = cv2.VideoCapture(str(path))
        if not capture.isOpened():
            raise FrameSourceError(f"{spec}: the video cannot be opened", source=spec)
        _refuse_huge_video(capture, spec)
        video = _video(capture, path, every, limit_seconds)
        return _in_real_time(video) if realtime else video
    return _images([path])
