"""The Raspberry Pi camera through picamera2 (libcamera): OpenCV cannot open CSI cameras on the
libcamera stack, so the Pi rig reads its Camera Module here.

Two streams of one request: ``main`` at the sensor's best mode (full resolution, for reading the
stickers) and ``lores``, a small YUV420 picture of the same moment for the screen, so an 800x480
touchscreen never has a 12-megapixel frame scaled on the UI thread. picamera2 comes from Raspberry Pi
OS (``sudo apt install python3-picamera2``), not from PyPI, into a virtual environment with the ``pi``
extra; docs/pi.md says how.

Focus (Camera Module 3; fixed-focus cameras have no ``AfMode`` and get nothing): a rig that knows its
height over the table fixes the lens there (``AfMode`` manual, ``LensPosition`` in dioptres, 1 /
metres, as libcamera's control_ids_core.yaml defines them), so nothing refocuses on a hand reaching
in; a camera without a height (held, or moved about) focuses continuously.
"""

from __future__ import annotations

import math
import sys
import time
from typing import Any

import numpy as np

from companion.vision.frames import Frame, FrameSourceError, LiveCamera
from companion.vision.yuv import i420_to_bgr

__all__ = ["AF_MODE_CONTINUOUS", "AF_MODE_MANUAL", "PREVIEW_WIDTH", "PiCamera", "best_sensor_size", "focus_controls",
           "import_failure", "preview_size"]

PREVIEW_WIDTH = 640
"""The low-resolution stream's width: more than the preview's share of an 800x480 screen."""
LOST_AFTER_SECONDS = 5.0
"""No frame for this long and the camera is lost (a Camera Module gives several a second)."""
AF_MODE_MANUAL = 0
"""libcamera's AfModeManual (control_ids_core.yaml): the lens stays at ``LensPosition``."""
AF_MODE_CONTINUOUS = 2
"""libcamera's AfModeContinuous: the algorithm refocuses by itself whenever the picture needs it."""


def import_failure(error: BaseException) -> str:
    """One line for a picamera2 that cannot be imported, naming the fix.

    A ValueError about the numpy binary size is Raspberry Pi OS Bookworm's python3-simplejpeg (built for
    its numpy 1.24, imported by picamera2) meeting the numpy 2 that OpenCV 4.12 needs: the ``pi`` extra's
    simplejpeg (a wheel built for numpy 2) in the virtual environment fixes it. Anything else means
    picamera2 or its libcamera is not there for this Python.
    """
    pip = f"{sys.executable} -m pip"
    text = str(error).splitlines()[0] if str(error) else type(error).__name__
    if isinstance(error, ValueError) and ("size changed" in text or "binary incompatibility" in text):
        import numpy

        return (f"picamera2 cannot be imported: Raspberry Pi OS's simplejpeg is built for numpy 1, this Python has "
                f"numpy {numpy.__version__} ({text}); put the pi extra's simplejpeg into its environment: "
                f"{pip} install --force-reinstall --no-deps 'simplejpeg>=1.9' (docs/pi.md)")
    return (f"the Pi camera needs picamera2 ({type(error).__name__}: {text}): sudo apt install python3-picamera2, "
            "and a virtual environment made with --system-site-packages holding the pi extra (docs/pi.md)")


def focus_controls(camera_controls: dict[str, tuple[Any, Any, Any]], height_m: float | None) -> dict[str, Any]:
    """The focus controls for a camera whose controls (picamera2's ``camera_controls``: name -> (min,
    max, default)) are `camera_controls`: none for a fixed-focus lens, continuous autofocus without a
    height, else the lens fixed at the table `height_m` metres away (1 / height dioptres, kept within
    the lens's range).
    """
    if "AfMode" not in camera_controls:
        return {}
    if height_m is None:
        return {"AfMode": AF_MODE_CONTINUOUS}
    low, high, _default = camera_controls.get("LensPosition", (0.0, math.inf, None))
    dioptres = min(max(1.0 / height_m, float(low)), float(high))
    return {"AfMode": AF_MODE_MANUAL, "LensPosition": round(dioptres, 3)}


def best_sensor_size(modes: list[dict[str, Any]]) -> tuple[int, int]:
    """The largest size among picamera2's sensor modes (the one that sees most detail).

    :raises FrameSourceError: when no mode has a size.
    """
    sizes = [tuple(mode["size"]) for mode in modes if "size" in mode]
    if not sizes:
        raise FrameSourceError("the Pi camera reports no sensor mode with a size", kind="cannot_open",
                               source="picamera")
    width, height = max(sizes, key=lambda size: size[0] * size[1])
    return int(width), int(height)


def preview_size(main: tuple[int, int], width: int = PREVIEW_WIDTH) -> tuple[int, int]:
    """The low-resolution stream's size: `width` wide (never wider than main), main's aspect, even."""
    width = min(width, main[0])
    height = max(2, round(width * main[1] / main[0] / 2) * 2)
    return width - width % 2, height


class PiCamera(LiveCamera):
    """Camera `number` of the Pi (0 is the first), main stream at `resolution` or the sensor's best,
    focused on a table `height_m` metres below it (None: continuous autofocus)."""

    def __init__(self, number: int = 0, resolution: tuple[int, int] | None = None,
                 height_m: float | None = None) -> None:
        self.name = "picamera" if number == 0 else f"picamera:{number}"
        try:
            from picamera2 import Picamera2  # type: ignore[import-not-found]  # Raspberry Pi OS only
        except Exception as error:  # ImportError, or simplejpeg's ValueError under another numpy
            raise FrameSourceError(import_failure(error), kind="missing", source=self.name) from None
        cameras = Picamera2.global_camera_info()
        if number >= len(cameras):
            raise FrameSourceError(f"no Pi camera number {number}: libcamera sees {len(cameras)} "
                                   "(is the ribbon cable seated, and the camera enabled?)",
                                   kind="cannot_open", source=self.name)
        try:
            self._camera: Any = Picamera2(number)
        except (RuntimeError, OSError, IndexError) as error:
            raise FrameSourceError(f"the Pi camera cannot be opened ({error}); is another program using it?",
                                   kind="cannot_open", source=self.name) from None
        try:
            main = resolution or best_sensor_size(self._camera.sensor_modes)
            self.requested = resolution
            self.focus = focus_controls(self._camera.camera_controls, height_m)
            config = self._camera.create_video_configuration(
                main={"size": main, "format": "RGB888"},          # RGB888 is B, G, R in memory: OpenCV's order
                lores={"size": preview_size(main), "format": "YUV420"},
                buffer_count=3, controls=self.focus)
            self._camera.configure(config)
            configured = self._camera.camera_configuration()
            width, height = configured["main"]["size"]
            self.delivered = (int(width), int(height))
            lores_width, lores_height = configured["lores"]["size"]
            self._lores = (int(lores_width), int(lores_height))
            self._camera.start()
        except FrameSourceError:
            self._camera.close()
            raise
        except Exception as error:  # libcamera's refusals come as RuntimeError and others
            self._camera.close()
            raise FrameSourceError(f"the Pi camera cannot be set up: {error}", kind="cannot_open",
                                   source=self.name) from None
        self.height_m = height_m
        self._started = time.monotonic()
        self._index = 0
        self._open = True

    def describe(self) -> str:
        """The camera, what it delivers and how it focuses."""
        if "LensPosition" in self.focus and self.height_m is not None:
            how = f", focus fixed at {self.height_m:g} m ({self.focus['LensPosition']:g} dioptres)"
        elif self.focus:
            how = ", continuous autofocus"
        else:
            how = ""
        return super().describe() + how

    def __next__(self) -> Frame:
        if not self._open:
            raise StopIteration
        try:
            request = self._camera.capture_request(wait=LOST_AFTER_SECONDS)
        except Exception as error:  # a timeout or a camera that went away
            self.close()
            raise FrameSourceError(f"{self.name} stopped delivering frames ({error or type(error).__name__})",
                                   kind="lost", source=self.name) from None
        try:
            image = np.ascontiguousarray(request.make_array("main"))
            lores = request.make_array("lores")
        finally:
            request.release()
        preview = i420_to_bgr(lores, self._lores[0], self._lores[1])
        self._index += 1
        return Frame(time.monotonic() - self._started, f"{self.name}#{self._index}", image, preview, self.name)

    def close(self) -> None:
        if self._open:
            self._open = False
            try:
                self._camera.stop()
            finally:
                self._camera.close()
