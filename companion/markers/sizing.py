"""How large a code must be printed for a camera set-up: pixels per module across the view.

A pinhole camera at `height` above the table, tilted `tilt` degrees from looking straight down,
sees each small square of the table stretched differently; the worst direction at the worst
place in view decides. A code with modules of m mm spans m times that scale in pixels per module;
below about 2-3 pixels per module no decoder reads it, so the needed size follows.

A tablet over one city (`TabletSetup`, `size_for_city`) must also frame the whole city: it is held
no lower than the height at which the city fills the frame, and the city grows with the stickers
(each card of a column shows a strip as tall as its sticker). So the size is the least one whose
stickers reach the pixels per module over the whole city seen from that height; there is none
when the city outgrows the gain, or the sticker would not fit a card's top corner.
"""

from __future__ import annotations

import json
import math
from dataclasses import dataclass
from functools import cache
from importlib import resources

__all__ = ["CITY_COLUMNS", "PI_SETUPS", "SETUPS", "TABLET_SETUPS", "TALLEST_COLUMN", "CameraSetup", "CityShot",
           "CitySize", "TabletSetup", "city_extent_mm", "city_shot", "largest_size_mm", "printed_size_mm",
           "size_for_city", "view_on_table_mm", "worst_pixels_per_mm"]

MODULES = {"qr": 21, "aruco": 7}
"""Modules across the printed code (a version-1 QR code; a 5x5 ArUco marker with its border)."""
QUIET_MODULES = {"qr": 2, "aruco": 1}
"""The sticker's light margin around the code, in modules (as `companion.markers.symbols` prints it)."""


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
"""The fixed cameras of the sizing table in markers/README.md (a tablet over one city: `TABLET_SETUPS`,
which must also frame the whole city)."""


# -- a tablet over one city --------------------------------------------------------------------------

CITY_COLUMNS = 6
"""Columns of cards in a city: brown and grey together, then blue, yellow, red, green, purple."""
COLUMN_GAP_MM = 6.0
TALLEST_COLUMN = 7
"""Cards in a city's tallest column planned for: the most of the 62 end-game cities of the
independent acceptance tables (6 or fewer in 58 of them)."""
STACK_GAP_MM = 5.0
"""Between the board's top edge and the lowest card of a colour column."""
STRIP_SLACK_MM = 1.0
"""How much more of each card's top strip shows than its sticker and light margin."""
FRAME_MARGIN = 0.05
"""The share of the frame kept free on each side: a tablet held by hand is not aimed exactly."""
LARGEST_STICKER_SHARE = 0.5
"""The widest sticker (code and light margin) a card takes, as a share of the card's width: its
top-right corner, leaving the cost and the effect on the left free."""


@dataclass(frozen=True)
class _CityLayout:
    card_width: float
    card_height: float
    board_width: float
    board_height: float
    card_offset: float
    back_offset: float


@cache
def _layout() -> _CityLayout:
    """The component sizes and sticker offsets of `companion/data/table_layout.json`."""
    raw = json.loads(resources.files("companion.data").joinpath("table_layout.json").read_text(encoding="utf-8"))
    offsets = raw["sticker_offsets_mm"]
    return _CityLayout(float(raw["card"]["width_mm"]), float(raw["card"]["height_mm"]),
                       float(raw["wonder_board"]["width_mm"]), float(raw["wonder_board"]["height_mm"]),
                       float(offsets["card_face_from_top_right"][1]), float(offsets["card_back_from_short_edge"]))


def _sticker_side_mm(family: str, size_mm: float) -> float:
    """The side of a printed sticker's code with its light margin."""
    return size_mm * (MODULES[family] + 2 * QUIET_MODULES[family]) / MODULES[family]


def largest_size_mm(family: str) -> float:
    """The largest code of `family` a card's top-right corner takes (`LARGEST_STICKER_SHARE`)."""
    layout = _layout()
    return LARGEST_STICKER_SHARE * layout.card_width * MODULES[family] / (MODULES[family] + 2 * QUIET_MODULES[family])


def city_extent_mm(family: str, size_mm: float, tallest_column: int = TALLEST_COLUMN) -> tuple[float, float]:
    """The (width, depth) in mm of a whole city laid as markers/README.md says, stickers of
    `size_mm`: `CITY_COLUMNS` columns side by side (the board lies under them); from the top of the
    tallest column (every card below its top card showing a strip down to under its sticker's
    margin) over the board to the stage cards' backs showing their sticker below it."""
    layout = _layout()
    sticker = _sticker_side_mm(family, size_mm)
    strip = layout.card_offset + sticker + STRIP_SLACK_MM
    column = layout.card_height + (tallest_column - 1) * strip
    stages = layout.back_offset + sticker + STRIP_SLACK_MM
    width = max(layout.board_width, CITY_COLUMNS * layout.card_width + (CITY_COLUMNS - 1) * COLUMN_GAP_MM)
    return width, STACK_GAP_MM + column + layout.board_height + stages


@dataclass(frozen=True)
class TabletSetup:
    """A tablet's camera over one city: frame size, field of view across the frame's long side, and
    the tilt from looking straight down (towards the far side of the city)."""

    name: str
    width_px: int
    height_px: int
    horizontal_fov_deg: float
    tilt_deg: float = 0.0


@dataclass(frozen=True)
class CitySize:
    """What a tablet set-up needs for a family: the least printed size (None: no size works), the
    height to hold the tablet at, and the pixels per module the stickers get there."""

    family: str
    size_mm: float | None
    height_mm: float
    pixels_per_module: float
    portrait: bool
    best_pixels_per_module: float
    """The most any size that fits a card reaches (at the largest one): below the need, no size works."""


def _camera(tablet: TabletSetup, height_mm: float, portrait: bool) -> CameraSetup:
    width, height = (tablet.height_px, tablet.width_px) if portrait else (tablet.width_px, tablet.height_px)
    fov = tablet.horizontal_fov_deg
    if portrait:   # the same lens across the frame's short side, now its width
        fov = math.degrees(2 * math.atan(math.tan(math.radians(fov) / 2) * tablet.height_px / tablet.width_px))
    return CameraSetup(tablet.name, width, height, fov, height_mm, tablet.tilt_deg)


def _city_corners(setup: CameraSetup, extent: tuple[float, float]) -> list[tuple[float, float]]:
    """The city's corners on the table, centred where the camera's axis meets the table."""
    centre_y = setup.height_mm * math.tan(math.radians(setup.tilt_deg))
    half_w, half_d = extent[0] / 2, extent[1] / 2
    return [(x, centre_y + y) for x in (-half_w, half_w) for y in (-half_d, half_d)]


def _frames_city(setup: CameraSetup, extent: tuple[float, float]) -> bool:
    """Whether the whole city lies in the frame, `FRAME_MARGIN` of it kept free on each side."""
    half_w = setup.width_px * (0.5 - FRAME_MARGIN)
    half_h = setup.height_px * (0.5 - FRAME_MARGIN)
    for x, y in _city_corners(setup, extent):
        point = _project(setup, x, y)
        if point is None or abs(point[0]) > half_w or abs(point[1]) > half_h:
            return False
    return True


def _framing_height_mm(tablet: TabletSetup, extent: tuple[float, float], portrait: bool) -> float:
    """The least height above the table from which the tablet frames the whole city."""
    low, high = 50.0, 5000.0
    for _ in range(50):
        middle = (low + high) / 2
        if _frames_city(_camera(tablet, middle, portrait), extent):
            high = middle
        else:
            low = middle
    return high


def _worst_over_city(setup: CameraSetup, extent: tuple[float, float], samples: int = 8) -> float:
    """The smallest image scale (pixels per mm, worst direction) over the city."""
    corners = _city_corners(setup, extent)
    (x0, y0), (x1, y1) = corners[0], corners[-1]
    return min(_scale_at(setup, x0 + (x1 - x0) * i / samples, y0 + (y1 - y0) * j / samples)
               for i in range(samples + 1) for j in range(samples + 1))


@dataclass(frozen=True)
class CityShot:
    """A tablet framing a whole city of stickers of one size: the fewest pixels per module over the
    city, at the least height that frames it, held landscape or portrait (the better)."""

    pixels_per_module: float
    height_mm: float
    portrait: bool


def city_shot(tablet: TabletSetup, family: str, size_mm: float) -> CityShot:
    """How a tablet that frames a whole city with `size_mm` stickers of `family` sees them."""
    extent = city_extent_mm(family, size_mm)
    best = CityShot(0.0, 0.0, False)
    for portrait in (False, True):
        height = _framing_height_mm(tablet, extent, portrait)
        ppm = _worst_over_city(_camera(tablet, height, portrait), extent) * size_mm / MODULES[family]
        if ppm > best.pixels_per_module:
            best = CityShot(ppm, height, portrait)
    return best


def size_for_city(tablet: TabletSetup, family: str, pixels_per_module: float, step_mm: float = 0.5) -> CitySize:
    """The least printed size (in `step_mm` steps) at which a tablet that frames a whole city sees
    every sticker of it at `pixels_per_module` or more; ``size_mm`` None when no size up to
    `largest_size_mm` does."""
    sizes = [step_mm * k for k in range(1, int(largest_size_mm(family) / step_mm + 1e-9) + 1)]
    top = city_shot(tablet, family, sizes[-1])
    if top.pixels_per_module < pixels_per_module:
        return CitySize(family, None, top.height_mm, top.pixels_per_module, top.portrait, top.pixels_per_module)
    low, high = 0, len(sizes) - 1          # the stickers' pixels per module grow with their size
    while low < high:
        middle = (low + high) // 2
        if city_shot(tablet, family, sizes[middle]).pixels_per_module >= pixels_per_module:
            high = middle
        else:
            low = middle + 1
    shot = city_shot(tablet, family, sizes[low])
    return CitySize(family, sizes[low], shot.height_mm, shot.pixels_per_module, shot.portrait, top.pixels_per_module)


TABLET_SETUPS = tuple(
    TabletSetup(f"tablet over one city, {label}, {tilt} degrees from straight down", width, height, 66, tilt)
    for label, width, height in (("1080p", 1920, 1080), ("4K", 3840, 2160), ("12 MP photo", 4000, 3000))
    for tilt in (0, 15, 30))
"""The tablet rows of the sizing table in markers/README.md (66 degrees across the long side)."""
