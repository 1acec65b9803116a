"""A stand-in for picamera2 (Raspberry Pi OS's camera library) with its API as our code uses it:
`Picamera2.global_camera_info()`, `sensor_modes`, `create_video_configuration` (with its checks:
lores no larger than main, and YUV), `configure`, `camera_configuration`, `start`, `stop`, `close`,
and `capture_request(wait=SECONDS)` whose request gives ``make_array("main")`` as (h, w, 3) BGR for
``RGB888`` and ``make_array("lores")`` as (h*3/2, stride) YUV420, then `release()`.

`camera_controls` is what libcamera advertises for the sensor (name -> (min, max, default), as picamera2
gives it): Camera Module 3 Wide's autofocus controls by default (``AfMode`` 0-2, ``LensPosition`` 0-35
dioptres, default 1.0, from libcamera's imx708_wide tuning file), none for a fixed-focus HQ Camera.
`create_video_configuration(controls=...)` adds them to picamera2's own defaults, and `configure` sets
them as picamera2 does: a control the camera does not advertise raises RuntimeError.

`DEVICE` sets up the rig: which sensor is connected (Camera Module 3's IMX708 by default), a camera
that is busy, or one that stops after some frames (capture then times out, as picamera2 does).
"""

from __future__ import annotations

import threading
from dataclasses import dataclass, field
from typing import Any

import numpy as np
from scene import halves, halves_i420

IMX708_MODES = [  # Camera Module 3 and 3 Wide, as picamera2 lists them (format, size, fps)
    {"format": "SRGGB10_CSI2P", "size": (1536, 864), "fps": 120.13},
    {"format": "SRGGB10_CSI2P", "size": (2304, 1296), "fps": 56.03},
    {"format": "SRGGB10_CSI2P", "size": (4608, 2592), "fps": 14.35},
]

COMMON_CONTROLS: dict[str, tuple[Any, Any, Any]] = {
    "FrameDurationLimits": (33333, 120000, 33333),
    "NoiseReductionMode": (0, 4, 0),
    "ExposureTime": (26, 220417486, 20000),
}
IMX708_WIDE_CONTROLS = {**COMMON_CONTROLS, "AfMode": (0, 2, 0), "LensPosition": (0.0, 35.0, 1.0),
                        "AfTrigger": (0, 1, 0)}
"""Camera Module 3 Wide: libcamera's imx708_wide.json maps lens positions 0-35 dioptres (default 1.0)."""
IMX477_CONTROLS = dict(COMMON_CONTROLS)
"""The HQ Camera: a fixed-focus lens, no autofocus controls."""


@dataclass
class Device:
    """The rig the fake sees; tests change it."""

    cameras: list[dict[str, Any]] = field(default_factory=lambda: [{"Model": "imx708_wide", "Num": 0}])
    modes: list[dict[str, Any]] = field(default_factory=lambda: [dict(m) for m in IMX708_MODES])
    controls: dict[str, tuple[Any, Any, Any]] = field(default_factory=lambda: dict(IMX708_WIDE_CONTROLS))
    busy: bool = False
    frames_before_stop: int | None = None
    stride_padding: int = 0
    opened: list[Picamera2] = field(default_factory=list)
    threads: list[str] = field(default_factory=list)


DEVICE = Device()


def reset() -> None:
    """A fresh rig: one Camera Module 3 Wide, working."""
    global DEVICE
    DEVICE.__init__()  # type: ignore[misc]


class _Request:
    def __init__(self, arrays: dict[str, np.ndarray]) -> None:
        self._arrays = arrays
        self.released = False

    def make_array(self, name: str) -> np.ndarray:
        if self.released:
            raise RuntimeError("request already released")
        if name not in self._arrays:
            raise RuntimeError(f"Stream {name!r} is not defined")
        return self._arrays[name].copy()

    def release(self) -> None:
        self.released = True


class Picamera2:
    @staticmethod
    def global_camera_info() -> list[dict[str, Any]]:
        return list(DEVICE.cameras)

    def __init__(self, camera_num: int = 0) -> None:
        if camera_num >= len(DEVICE.cameras):
            raise IndexError("list index out of range")
        if DEVICE.busy:
            raise RuntimeError("Failed to acquire camera: Device or resource busy")
        self.camera_num = camera_num
        self.config: dict[str, Any] | None = None
        self.controls: dict[str, Any] = {}
        self.started = False
        self.closed = False
        self.captured = 0
        self._arrays: dict[str, np.ndarray] = {}
        DEVICE.opened.append(self)

    @property
    def sensor_modes(self) -> list[dict[str, Any]]:
        return [dict(m) for m in DEVICE.modes]

    @property
    def camera_controls(self) -> dict[str, tuple[Any, Any, Any]]:
        return dict(DEVICE.controls)

    def create_video_configuration(self, main: dict[str, Any] | None = None, lores: dict[str, Any] | None = None,
                                   buffer_count: int = 6, controls: dict[str, Any] | None = None,
                                   **_: Any) -> dict[str, Any]:
        main = {"format": "XBGR8888", "size": (1280, 720), **(main or {})}
        if lores is not None:
            lores = {"format": "YUV420", "size": main["size"], **lores}
        merged = dict(controls or {})
        if "NoiseReductionMode" in DEVICE.controls and "FrameDurationLimits" in DEVICE.controls:
            merged = {"NoiseReductionMode": 1, "FrameDurationLimits": (33333, 33333)} | merged
        return {"use_case": "video", "main": main, "lores": lores, "buffer_count": buffer_count, "controls": merged}

    def configure(self, config: dict[str, Any]) -> None:
        for name in config.get("controls", {}):
            if name not in DEVICE.controls:
                raise RuntimeError(f"Control {name} is not advertised by libcamera")
        self.controls = dict(config.get("controls", {}))
        main, lores = config["main"], config["lores"]
        if lores is not None:
            if lores["size"][0] > main["size"][0] or lores["size"][1] > main["size"][1]:
                raise RuntimeError("lores stream dimensions may not exceed main stream")
            if lores["format"] not in ("YUV420", "YVU420"):
                raise RuntimeError("lores stream must be YUV")
            lores["stride"] = -(-lores["size"][0] // 64) * 64 + DEVICE.stride_padding
        self.config = config

    def camera_configuration(self) -> dict[str, Any]:
        assert self.config is not None
        return self.config

    def start(self) -> None:
        assert self.config is not None, "configure first"
        main, lores = self.config["main"], self.config["lores"]
        assert main["format"] == "RGB888"
        self._arrays = {"main": halves(*main["size"])}
        if lores is not None:
            self._arrays["lores"] = halves_i420(*lores["size"], lores["stride"])
        self.started = True

    def capture_request(self, wait: Any = None, signal_function: Any = None, flush: Any = None) -> _Request:
        DEVICE.threads.append(threading.current_thread().name)
        if not self.started:
            raise RuntimeError("Camera is not running")
        if DEVICE.frames_before_stop is not None and self.captured >= DEVICE.frames_before_stop:
            raise TimeoutError()          # what the job's future raises after `wait` seconds
        self.captured += 1
        return _Request(self._arrays)

    def stop(self) -> None:
        self.started = False

    def close(self) -> None:
        self.closed = True
