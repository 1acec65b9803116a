"""How large a code must be printed for a camera set-up: pixels per module across the view.

A pinhole camera at `height` above the table, tilted `tilt` degrees from looking straight down,
sees each small square of the table stretched differently; the worst direction at the worst
place in view decides. A code with modules of m mm spans m times that scale in pixels per module;
below about 2-3 pixels per module no decoder reads it, so the needed size follows.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

__all__ = ["PI_SETUPS", "SETUPS", "CameraSetup", "printed_size_mm", "view_on_table_mm", "worst_pixels_per_mm"]


@dataclass(frozen=True)
class CameraSetup:
    """A camera above the table."""

    name: str
    width_px: int
    height_px: int
    horizontal_fov_deg: float
    height_mm: float
    tilt_deg: float = 0.0
    max_reach_mm: float = 1600.0
    """Table points farther than this from below the camera are out of play (the table's far side)."""

    @property
    def focal_px(self) -> float:
        """The focal length in pixels."""
        return (self.width_px / 2) / math.tan(math.radians(self.horizontal_fov_deg) / 2)


def _project(setup: CameraSetup, x: float, y: float) -> tuple[float, float] | None:
    """Image coordinates (from the principal point) of table point (x, y) in mm, or None if behind."""
    tilt = math.radians(setup.tilt_deg)
    # Camera frame: z along the view, y down the image. The camera looks down, tilted toward +y.
    dx, dy, dz = x, y, -setup.height_mm
    cam_x = dx
    cam_y = -(dy * math.cos(tilt) + dz * math.sin(tilt))
    cam_z = dy * math.sin(tilt) - dz * math.cos(tilt)
    if cam_z <= 1e-6:
        return None
    f = setup.focal_px
    return f * cam_x / cam_z, f * cam_y / cam_z


def _ground_point(setup: CameraSetup, u: float, v: float) -> tuple[float, float] | None:
    """The table point seen at image coordinates (u, v) from the principal point, or None."""
    tilt = math.radians(setup.tilt_deg)
    f = setup.focal_px
    # Ray in camera frame (u, v, f) -> world: invert the rotation used in _project.
    rx = u
    ry = -v * math.cos(tilt) + f * math.sin(tilt)
    rz = -v * math.sin(tilt) - f * math.cos(tilt)
    if rz >= -1e-9:
        return None
    scale = setup.height_mm / -rz
    return rx * scale, ry * scale


def worst_pixels_per_mm(setup: CameraSetup, samples: int = 24) -> float:
    """The smallest image scale (pixels per mm, worst direction) over the table points in view."""
    worst = math.inf
    half_w, half_h = setup.width_px / 2, setup.height_px / 2
    for i in range(samples + 1):
        for j in range(samples + 1):
            u = -half_w + setup.width_px * i / samples
            v = -half_h + setup.height_px * j / samples
            point = _ground_point(setup, u, v)
            if point is None or math.hypot(*point) > setup.max_reach_mm:
                continue
            worst = min(worst, _scale_at(setup, *point))
    return worst


def _scale_at(setup: CameraSetup, x: float, y: float, step: float = 0.5) -> float:
    """The smaller singular value of the table-to-image Jacobian at (x, y): px per mm, worst direction."""
    base = _project(setup, x, y)
    ex = _project(setup, x + step, y)
    ey = _project(setup, x, y + step)
    if base is None or ex is None or ey is None:
        return math.inf
    a, c = (ex[0] - base[0]) / step, (ex[1] - base[1]) / step
    b, d = (ey[0] - base[0]) / step, (ey[1] - base[1]) / step
    # Singular values of [[a, b], [c, d]].
    s1 = a * a + b * b + c * c + d * d
    det = abs(a * d - b * c)
    return math.sqrt(max(0.0, (s1 - math.sqrt(max(0.0, s1 * s1 - 4 * det * det))) / 2))


def view_on_table_mm(setup: CameraSetup) -> tuple[float, float]:
    """The table area a camera looking straight down sees: (width, depth) in mm."""
    half_h = math.radians(setup.horizontal_fov_deg) / 2
    half_v = math.atan(math.tan(half_h) * setup.height_px / setup.width_px)
    return 2 * setup.height_mm * math.tan(half_h), 2 * setup.height_mm * math.tan(half_v)


def printed_size_mm(setup: CameraSetup, modules: int, pixels_per_module: float) -> float:
    """The side of a code of `modules` modules that gives `pixels_per_module` at the worst place in view."""
    return modules * pixels_per_module / worst_pixels_per_mm(setup)


SETUPS = (
    CameraSetup("tablet over one city, 1080p, 35 cm, straight down", 1920, 1080, 66, 350),
    CameraSetup("tablet over one city, 1080p, 45 cm, tilted 30 degrees", 1920, 1080, 66, 450, 30),
    CameraSetup("tablet over one city, 4K, 45 cm, tilted 30 degrees", 3840, 2160, 66, 450, 30),
    CameraSetup("camera over the whole table, 1080p, 0.9 m, straight down", 1920, 1080, 66, 900),
    CameraSetup("camera over the whole table, 1080p, 0.9 m, tilted 30 degrees", 1920, 1080, 66, 900, 30),
    CameraSetup("camera over the whole table, 4K / Pi Camera 3, 0.9 m, straight down", 3840, 2160, 66, 900),
    CameraSetup("camera over the whole table, 4K / Pi Camera 3, 0.9 m, tilted 30 degrees", 3840, 2160, 66,
                900, 30),
)
PI_SETUPS = (
    CameraSetup("Pi Camera Module 3 (66 deg), 4608x2592, 0.9 m, straight down", 4608, 2592, 66, 900),
    CameraSetup("Pi Camera Module 3 Wide (102 deg), 4608x2592, 0.7 m, straight down", 4608, 2592, 102, 700),
    CameraSetup("Pi Camera Module 3 Wide (102 deg), 4608x2592, 0.9 m, straight down", 4608, 2592, 102, 900),
    CameraSetup("Pi HQ Camera, 6 mm lens (63 deg), 4056x3040, 0.9 m, straight down", 4056, 3040, 63, 900),
)
"""The Raspberry Pi rig's cameras at their full sensor resolution (what `picamera` reads at), with the
horizontal fields of view Raspberry Pi publishes; the Wide lens as a pinhole is an approximation
(calibrate it: `companion calibrate lens`)."""
SETUPS = SETUPS + PI_SETUPS
"""The set-ups the sizing table in markers/README.md covers."""
