"""The fake Android device behind the fake ``jnius``: the Java classes our code and Kivy 2.3.1's
camera provider reach through `autoclass`, with the behaviour they rely on.

The camera is the old ``android.hardware.Camera`` API Kivy's provider uses: `open()` fails without
the CAMERA permission or for a busy or missing camera (a RuntimeException, as on a device),
`setParameters` refuses a preview size the camera does not offer, and once `startPreview()` ran, a
thread calls `onPreviewFrame(byte[], camera)` about 30 times a second with NV21 frames of a known
picture at the preview size, each in a buffer the app queued with `addCallbackBuffer` (no buffer,
no frame), until `CAMERA.frames_before_stop` frames (then it falls silent, as a camera taken by
another app does). Every call that must happen on Kivy's main thread records the thread it ran on.
"""

from __future__ import annotations

import threading
import time
from collections import deque
from dataclasses import dataclass, field
from typing import Any

from jnius import ByteArray, JavaException
from scene import halves_nv21

NV21 = 17
GL_TEXTURE_EXTERNAL_OES = 0x8D65


@dataclass
class Player:
    """What the player answers to the permission dialog: True, False, or None (dismissed)."""

    answer: bool | None = True
    granted: set[str] = field(default_factory=set)
    asked: list[list[str]] = field(default_factory=list)


@dataclass
class CameraHardware:
    """The device's camera."""

    count: int = 1
    sizes: tuple[tuple[int, int], ...] = ((1920, 1080), (1280, 720), (640, 480))
    busy: bool = False
    frames_before_stop: int | None = None
    fps: float = 30.0
    delivered: int = 0
    calls: list[tuple[str, str]] = field(default_factory=list)
    """(what, thread name) for every call that touches the GL thread or opens the camera."""
    devices: list[Any] = field(default_factory=list)


PLAYER = Player()
CAMERA = CameraHardware()


def reset() -> None:
    """A device with one working camera, and a player who has not been asked yet."""
    PLAYER.__init__()  # type: ignore[misc]
    CAMERA.__init__()  # type: ignore[misc]


def _record(what: str) -> None:
    CAMERA.calls.append((what, threading.current_thread().name))


class _JavaList(list):
    def contains(self, item: Any) -> bool:
        return item in self


class _Parameters:
    def __init__(self, size: tuple[int, int]) -> None:
        self.size = size
        self.focus = "auto"

    def setPreviewSize(self, width: int, height: int) -> None:
        self.size = (int(width), int(height))

    def getSupportedFocusModes(self) -> _JavaList:
        return _JavaList(["auto", "continuous-picture", "fixed"])

    def setFocusMode(self, mode: str) -> None:
        self.focus = mode

    def getPreviewFormat(self) -> int:
        return NV21


class _CameraDevice:
    """An opened android.hardware.Camera."""

    def __init__(self, index: int) -> None:
        self.index = index
        self.parameters = _Parameters(CAMERA.sizes[-1])
        self.buffers: deque[Any] = deque()
        self.callback: Any = None
        self.previewing = threading.Event()
        self.released = False
        self._thread: threading.Thread | None = None

    def getParameters(self) -> _Parameters:
        copy = _Parameters(self.parameters.size)
        copy.focus = self.parameters.focus
        return copy

    def setParameters(self, parameters: _Parameters) -> None:
        if parameters.size not in CAMERA.sizes:
            raise JavaException("java.lang.RuntimeException: setParameters failed")
        self.parameters = parameters

    def setPreviewTexture(self, surface: Any) -> None:
        _record("setPreviewTexture")

    def addCallbackBuffer(self, buffer: Any) -> None:
        self.buffers.append(buffer)

    def setPreviewCallbackWithBuffer(self, callback: Any) -> None:
        self.callback = callback

    def startPreview(self) -> None:
        _record("startPreview")
        self.previewing.set()
        self._thread = threading.Thread(target=self._deliver, name="android-camera", daemon=True)
        self._thread.start()

    def stopPreview(self) -> None:
        _record("stopPreview")
        self.previewing.clear()

    def release(self) -> None:
        _record("release")
        self.previewing.clear()
        self.released = True

    def _deliver(self) -> None:
        width, height = self.parameters.size
        frame = halves_nv21(width, height)
        while self.previewing.is_set():
            time.sleep(1.0 / CAMERA.fps)
            if CAMERA.frames_before_stop is not None and CAMERA.delivered >= CAMERA.frames_before_stop:
                continue                                 # the camera was taken away: no more frames
            callback = self.callback
            if callback is None or not self.buffers or not self.previewing.is_set():
                continue
            self.buffers.popleft()
            CAMERA.delivered += 1
            callback.onPreviewFrame(ByteArray(frame), self)


class Camera:
    """android.hardware.Camera's static side."""

    @staticmethod
    def open(index: int) -> _CameraDevice:
        _record("open")
        from android.permissions import Permission

        if Permission.CAMERA not in PLAYER.granted:
            raise JavaException("java.lang.RuntimeException: Fail to connect to camera service")
        if index >= CAMERA.count or CAMERA.busy:
            raise JavaException("java.lang.RuntimeException: Fail to connect to camera service")
        device = _CameraDevice(index)
        CAMERA.devices.append(device)
        return device

    @staticmethod
    def getNumberOfCameras() -> int:
        return CAMERA.count


class SurfaceTexture:
    def __init__(self, texture_id: int) -> None:
        _record("SurfaceTexture")

    def updateTexImage(self) -> None:
        _record("updateTexImage")


class GLES11Ext:
    GL_TEXTURE_EXTERNAL_OES = GL_TEXTURE_EXTERNAL_OES


class ImageFormat:
    NV21 = NV21

    @staticmethod
    def getBitsPerPixel(image_format: int) -> int:
        return 12 if image_format == NV21 else 16


CLASSES: dict[str, Any] = {
    "android.hardware.Camera": Camera,
    "android.graphics.SurfaceTexture": SurfaceTexture,
    "android.opengl.GLES11Ext": GLES11Ext,
    "android.graphics.ImageFormat": ImageFormat,
}
