"""The game-neutral part of a simulated table: a pinhole camera (with a lens) over the table, the levels
of difficulty, every sticker's truth, and a builder that lays plain shapes, stickers drawn from the
product's own code grids and hands out in millimetres, then draws them through the camera with the
level's faults. Each game's scenes build on it (7 Wonders' cities, Architects' areas).
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from companion.markers import Component, MarkerRegistry, load_marker_registry
from companion.markers.symbols import QUIET_MODULES, marker_grid
from companion.simulation.lens import UNDISTORT_CRITERIA, distort_points, undistort_map
from companion.simulation.render import Degradation

__all__ = ["ASKEW_ROLES", "LEVELS", "Camera", "Drawable", "Level", "Scene", "SceneCanvas", "TruthMarker",
           "degrade_colour", "paste_clipped", "rect", "table_background", "transform"]

ASKEW_ROLES = ("card", "board", "stage", "discard")
"""The stickers a player sticks by hand, which may sit a little turned (`SceneCanvas.sticker_turn_deg`)."""


@dataclass(frozen=True)
class Camera:
    """A pinhole camera above the table, looking at `target` (table mm), tilted and turned."""

    width: int = 1920
    height: int = 1080
    horizontal_fov_deg: float = 66.0
    height_mm: float = 900.0
    tilt_deg: float = 0.0
    yaw_deg: float = 0.0
    target: tuple[float, float] = (0.0, 0.0)
    distortion: tuple[float, float] = (0.0, 0.0)
    """Radial lens distortion k1, k2 (OpenCV's model); the field of view is the distorted frame's."""
    focal_override: float | None = None

    def focal(self) -> float:
        """The pinhole focal length (px) under which the distorted frame spans the field of view."""
        if self.focal_override is not None:
            return self.focal_override
        t = float(np.tan(np.radians(self.horizontal_fov_deg) / 2))
        k1, k2 = self.distortion
        return (self.width / 2) / (t * (1 + k1 * t ** 2 + k2 * t ** 4))

    def camera_matrix(self) -> np.ndarray:
        """The intrinsic matrix (a lens profile's camera matrix)."""
        f = self.focal()
        return np.array([[f, 0, self.width / 2], [0, f, self.height / 2], [0, 0, 1]])

    def project(self, points_mm: np.ndarray) -> np.ndarray:
        """Table points (N, 2) in mm -> frame pixels, through the lens."""
        ideal = cv2.perspectiveTransform(np.asarray(points_mm, np.float64).reshape(-1, 1, 2),
                                         self.homography()).reshape(-1, 2)
        if self.distortion == (0.0, 0.0):
            return ideal
        return distort_points(ideal, self.focal(), (self.width / 2, self.height / 2), self.distortion)

    def ideal_canvas(self) -> Camera:
        """A pinhole camera with this one's pose and focal length, large enough to hold every pixel
        of the distorted frame (the frame is then drawn by remapping it)."""
        corner = np.array([[0.0, 0.0], [self.width, 0.0], [0.0, self.height / 2], [self.width / 2, 0.0]])
        matrix = self.camera_matrix()
        normal = cv2.undistortPointsIter(corner.reshape(-1, 1, 2), matrix, np.array([*self.distortion, 0.0, 0.0]),
                                         np.eye(3), np.eye(3), UNDISTORT_CRITERIA)
        reach = np.abs(normal.reshape(-1, 2)).max(axis=0) * self.focal()
        width, height = int(np.ceil(reach[0])) * 2 + 8, int(np.ceil(reach[1])) * 2 + 8
        return Camera(width, height, self.horizontal_fov_deg, self.height_mm, self.tilt_deg, self.yaw_deg, self.target,
                      focal_override=self.focal())

    def homography(self) -> np.ndarray:
        """The 3x3 map from table millimetres (x east, y south, seen from above) to ideal image pixels."""
        f = self.focal()
        k = np.array([[f, 0, self.width / 2], [0, f, self.height / 2], [0, 0, 1]])
        a, yaw = np.radians(self.tilt_deg), np.radians(self.yaw_deg)
        # World axes: east, north, up. Camera axes (rows): image x, image y, viewing direction.
        rotation = np.array([[1, 0, 0], [0, -np.cos(a), -np.sin(a)], [0, np.sin(a), -np.cos(a)]])
        turn = np.array([[np.cos(yaw), -np.sin(yaw), 0], [np.sin(yaw), np.cos(yaw), 0], [0, 0, 1]])
        rotation = rotation @ turn.T
        back = np.array([0.0, -self.height_mm * np.tan(a), self.height_mm])   # south of the target
        centre = turn @ back + np.array([self.target[0], -self.target[1], 0.0])
        h = np.column_stack([k @ rotation[:, 0], -(k @ rotation[:, 1]), -(k @ rotation @ centre)])
        return h / h[2, 2]


@dataclass(frozen=True)
class Level:
    """How hard a scene is: camera pose spread, image faults (blur and light loss are maxima, drawn
    anew for each frame), hands and distractors."""

    name: str
    max_tilt: float
    degradation: Degradation
    hands: int
    distractors: bool
    motion_blur: float = 0.0


LEVELS = {
    "easy": Level("easy", 5, Degradation(blur=0.0, noise=2.0, light=0.0, jpeg_quality=95), 0, False),
    "medium": Level("medium", 20, Degradation(blur=0.5, noise=3.0, light=0.2, glare_spots=1, jpeg_quality=90), 1,
                    True),
    "hard": Level("hard", 35, Degradation(blur=1.0, noise=4.0, light=0.35, glare_spots=2, jpeg_quality=85), 2, True),
    "extreme": Level("extreme", 45, Degradation(blur=1.6, noise=7.0, light=0.5, glare_spots=3, jpeg_quality=75), 4,
                     True, motion_blur=2.0),
}


@dataclass
class TruthMarker:
    """One printed sticker in the scene."""

    component: Component
    corners_mm: np.ndarray
    corners_px: np.ndarray = field(default_factory=lambda: np.zeros((4, 2), np.float32))
    seat: int | None = None
    role: str = "card"
    """``card``, ``board``, ``stage`` (a card back under a board), ``discard`` or ``misprint``."""
    visible: bool = True
    pixels_per_module: float = 0.0
    modules: int = 0


@dataclass
class Scene:
    """A rendered frame and everything true about it."""

    frame: np.ndarray
    truth: list[TruthMarker]
    table: dict[str, Any]
    camera: Camera
    family: str
    size_mm: float
    foreign_texts: list[str]

    def visible(self) -> list[TruthMarker]:
        """The stickers a reader can be expected to find (fully in frame, not covered)."""
        return [t for t in self.truth if t.visible and t.role != "misprint"]


def rect(x: float, y: float, w: float, h: float) -> np.ndarray:
    """The corners of an axis-aligned rectangle, clockwise from its top-left (mm)."""
    return np.array([[x, y], [x + w, y], [x + w, y + h], [x, y + h]], dtype=np.float64)


def transform(points: np.ndarray, origin: np.ndarray, angle: float) -> np.ndarray:
    """Points of a component's own frame turned by `angle` (radians) and moved to `origin` on the table."""
    c, s = np.cos(angle), np.sin(angle)
    return points @ np.array([[c, s], [-s, c]]) + origin


@dataclass
class Drawable:
    """One thing on the table: a filled polygon, or an image warped onto its corners; a sticker's truth."""

    polygon_mm: np.ndarray
    color: tuple[int, int, int] | None = None
    image: np.ndarray | None = None
    image_corners_mm: np.ndarray | None = None
    sticker: TruthMarker | None = None


class SceneCanvas:
    """Lays out a table's shapes, stickers and hands in millimetres, then draws them through a camera."""

    def __init__(self, family: str, size_mm: float, registry: MarkerRegistry | None = None,
                 rng: np.random.Generator | None = None, *, sticker_turn_deg: float = 0.0) -> None:
        self.family = family
        self.size_mm = size_mm
        self.registry = registry or load_marker_registry()
        self.rng = rng or np.random.default_rng(0)
        self.items: list[Drawable] = []
        grid = marker_grid(family, 1, self.registry)
        self.modules = len(grid)
        self.quiet_mm = QUIET_MODULES[family] * size_mm / self.modules
        self.sticker_turn_deg = sticker_turn_deg
        """How far a hand-stuck sticker may sit turned off its component's edges (uniform, either way)."""

    # -- stickers --------------------------------------------------------------------------
    def _sticker(self, component: Component, code_corners: np.ndarray, role: str, seat: int | None,
                 grid: tuple[tuple[bool, ...], ...] | None = None) -> None:
        grid = grid or marker_grid(self.family, component.marker, self.registry)
        quiet = QUIET_MODULES[self.family] if grid is not None else 0
        if self.sticker_turn_deg and role in ASKEW_ROLES:   # stuck askew
            turn = np.radians(self.rng.uniform(-self.sticker_turn_deg, self.sticker_turn_deg))
            middle = code_corners.mean(axis=0)
            rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
            code_corners = (code_corners - middle) @ rotation.T + middle
        cells = np.array(grid, dtype=bool)
        px = 10
        side = len(cells)
        image = np.full(((side + 2 * quiet) * px, (side + 2 * quiet) * px, 3), 238, np.uint8)
        code = np.kron(cells, np.ones((px, px), bool))
        image[quiet * px:(quiet + side) * px, quiet * px:(quiet + side) * px][code] = (25, 25, 25)
        # The image spans the code plus its quiet zone.
        centre = code_corners.mean(axis=0)
        scale = (side + 2 * quiet) / side
        outer = centre + (code_corners - centre) * scale
        truth = TruthMarker(component, code_corners.astype(np.float32), seat=seat, role=role, modules=side)
        self.items.append(Drawable(outer, image=image, image_corners_mm=outer, sticker=truth))

    def add_shape(self, corners: np.ndarray, colour: tuple[int, int, int]) -> None:
        """A plain filled shape."""
        self.items.append(Drawable(corners, colour))

    def hands(self, count: int, near: list[np.ndarray]) -> None:
        """`count` palms at random near the given points."""
        for _ in range(count):
            spot = near[int(self.rng.integers(len(near)))] + self.rng.normal(0, 60, 2)
            angle = self.rng.uniform(0, 2 * np.pi)
            self.hand(spot, angle)

    def hand(self, centre: np.ndarray, angle: float, arm_to: np.ndarray | None = None) -> None:
        """A palm over the table at `centre` (mm), turned by `angle`; with `arm_to`, a forearm
        reaching from the palm to that point (where the player sits)."""
        skin = (120, 150, 205)
        if arm_to is not None:
            along = np.asarray(arm_to, np.float64) - centre
            length = float(np.linalg.norm(along))
            if length > 1:
                across = np.array([-along[1], along[0]]) / length * 35
                arm = np.array([centre + across, arm_to + across * 1.2, arm_to - across * 1.2, centre - across])
                self.items.append(Drawable(arm, skin))
        palm = np.asarray(cv2.ellipse2Poly((0, 0), (55, 40), 0, 0, 360, 10), np.float64)
        self.items.append(Drawable(transform(palm, centre, angle), skin))

    # -- drawing ----------------------------------------------------------------------------------
    def render(self, camera: Camera, level: Level) -> tuple[np.ndarray, list[TruthMarker]]:
        """The frame through `camera` with the level's faults, and every sticker's truth."""
        lens = camera.distortion != (0.0, 0.0)
        canvas = camera.ideal_canvas() if lens else camera
        h = canvas.homography()
        frame = table_background(canvas, h, self.rng)
        stickers = self._draw(frame, h)
        if lens:
            map_x, map_y = undistort_map(camera.width, camera.height, camera.focal(), camera.distortion,
                                         (canvas.width / 2, canvas.height / 2))
            frame = cv2.remap(frame, map_x, map_y, cv2.INTER_LINEAR, borderMode=cv2.BORDER_REPLICATE)
        for index, truth in stickers:
            truth.corners_px = camera.project(truth.corners_mm).astype(np.float32)
            truth.visible = _inside(truth.corners_px, camera) and not any(
                _overlaps(truth.corners_mm, later.polygon_mm) for later in self.items[index + 1:]
                if later.sticker is None or later.sticker.role in ("foreign", "misprint"))
            truth.pixels_per_module = _pixels_per_module(truth, camera)
        if level.motion_blur:
            kernel = np.zeros((9, 9), np.float32)
            kernel[4, 4 - int(level.motion_blur):5 + int(level.motion_blur)] = 1
            frame = cv2.filter2D(frame, -1, kernel / kernel.sum())
        # Blur and light falloff vary from frame to frame up to the level's worst.
        faults = level.degradation
        faults = Degradation(blur=float(self.rng.uniform(0, faults.blur)), noise=faults.noise,
                             light=float(self.rng.uniform(0, faults.light)), glare_spots=faults.glare_spots,
                             jpeg_quality=faults.jpeg_quality)
        frame = degrade_colour(frame, faults, self.rng)
        return frame, [t for _, t in stickers if t.component.kind != "test" or t.role in ("misprint",)]

    def draw(self, frame: np.ndarray, camera: Camera) -> None:
        """Draw every item over `frame` (the table as `camera` sees it), nothing else: no faults,
        no visibility; cheap enough to draw a table again for each moment of a recorded game."""
        self._draw(frame, camera.homography())

    def _draw(self, frame: np.ndarray, h: np.ndarray) -> list[tuple[int, TruthMarker]]:
        """Draw the items in order; return the stickers (with their frame corners) by item index."""
        stickers = []
        for index, item in enumerate(self.items):
            polygon = cv2.perspectiveTransform(item.polygon_mm.reshape(-1, 1, 2).astype(np.float64), h).reshape(-1, 2)
            if item.image is not None and item.image_corners_mm is not None:
                src = np.array([[0, 0], [item.image.shape[1], 0], [item.image.shape[1], item.image.shape[0]],
                                [0, item.image.shape[0]]], dtype=np.float32)
                dst = cv2.perspectiveTransform(item.image_corners_mm.reshape(-1, 1, 2).astype(np.float64), h)
                paste_clipped(frame, item.image, cv2.getPerspectiveTransform(src, dst.reshape(4, 2).astype(np.float32)))
            elif item.color is not None:
                cv2.fillConvexPoly(frame, np.round(polygon * 16).astype(np.int32), item.color, cv2.LINE_AA, shift=4)
                cv2.polylines(frame, [np.round(polygon * 16).astype(np.int32)], True,
                              tuple(int(c * 0.6) for c in item.color), 1, cv2.LINE_AA, shift=4)
            if item.sticker is not None:
                truth = item.sticker
                truth.corners_px = cv2.perspectiveTransform(truth.corners_mm.reshape(-1, 1, 2).astype(np.float64),
                                                            h).reshape(4, 2).astype(np.float32)
                stickers.append((index, truth))
        return stickers


def degrade_colour(frame: np.ndarray, d: Degradation, rng: np.random.Generator) -> np.ndarray:
    """The camera's faults on a colour frame: light, glare and blur on all channels, then noise, JPEG."""
    image = frame.astype(np.float32)
    h, w = image.shape[:2]
    if d.light:
        angle = rng.uniform(0, 2 * np.pi)
        xs = np.arange(w, dtype=np.float32) * np.float32(np.cos(angle) / w)
        ys = np.arange(h, dtype=np.float32) * np.float32(np.sin(angle) / h)
        ramp = ys[:, None] + xs[None, :]
        low, high = float(ramp.min()), float(ramp.max())
        gain = 1.0 - d.light * (ramp - low) / max(1e-6, high - low)
        image *= gain[:, :, None]
    for _ in range(d.glare_spots):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        radius = rng.uniform(0.03, 0.07) * max(w, h)
        # exp(-(dx² + dy²) / 2r²) is the product of a row and a column profile.
        across = np.exp(-((np.arange(w) - cx) ** 2) / (2 * radius ** 2)).astype(np.float32)
        down = np.exp(-((np.arange(h) - cy) ** 2) / (2 * radius ** 2)).astype(np.float32)
        image += (np.outer(down, across) * np.float32(rng.uniform(60, 130)))[:, :, None]
    if d.blur > 0:
        image = np.asarray(cv2.GaussianBlur(image, (0, 0), d.blur), np.float32)
    if d.noise > 0:
        image += rng.normal(0, d.noise, image.shape).astype(np.float32)
    out = np.clip(image, 0, 255, out=image).astype(np.uint8)
    if d.jpeg_quality < 100:
        ok, encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, d.jpeg_quality])
        assert ok
        out = np.asarray(cv2.imdecode(encoded, cv2.IMREAD_COLOR), np.uint8)
    return out


def table_background(camera: Camera, h: np.ndarray, rng: np.random.Generator) -> np.ndarray:
    """A wooden table under the whole view (the floor beyond it darker)."""
    frame = np.empty((camera.height, camera.width, 3), np.uint8)
    frame[:] = (40, 45, 50)
    table = rect(-1100, -800, 2200, 1600)
    polygon = cv2.perspectiveTransform(table.reshape(-1, 1, 2), h).reshape(-1, 2)
    grain = cv2.resize(rng.uniform(0.85, 1.15, (8, 64)).astype(np.float32), (camera.width, camera.height))
    wood = (np.array([70, 110, 150], np.float32)[None, None, :] * grain[:, :, None]).astype(np.uint8)
    mask = np.zeros((camera.height, camera.width), np.uint8)
    cv2.fillConvexPoly(mask, np.round(polygon).astype(np.int32), 255)
    cv2.copyTo(wood, mask, frame)
    return frame


def paste_clipped(frame: np.ndarray, image: np.ndarray, homography: np.ndarray) -> None:
    """Warp `image` into `frame` through `homography`, only over its bounding box."""
    h, w = image.shape[:2]
    corners = cv2.perspectiveTransform(np.array([[[0, 0]], [[w, 0]], [[w, h]], [[0, h]]], np.float32), homography)
    x0, y0 = np.floor(corners.reshape(4, 2).min(axis=0)).astype(int) - 2
    x1, y1 = np.ceil(corners.reshape(4, 2).max(axis=0)).astype(int) + 2
    x0, y0 = max(0, x0), max(0, y0)
    x1, y1 = min(frame.shape[1], x1), min(frame.shape[0], y1)
    if x1 <= x0 or y1 <= y0:
        return
    shift = np.array([[1, 0, -x0], [0, 1, -y0], [0, 0, 1]], np.float64)
    local = shift @ homography
    size = (x1 - x0, y1 - y0)
    warped = cv2.warpPerspective(image, local, size, flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full((h, w), 255, np.uint8), local, size, flags=cv2.INTER_AREA)
    alpha = (mask.astype(np.float32) / 255.0)[:, :, None]
    region = frame[y0:y1, x0:x1].astype(np.float32)
    frame[y0:y1, x0:x1] = (region * (1 - alpha) + warped.astype(np.float32) * alpha).astype(np.uint8)


def _inside(corners: np.ndarray, camera: Camera, margin: float = 2.0) -> bool:
    return bool(np.all(corners[:, 0] >= margin) and np.all(corners[:, 1] >= margin)
                and np.all(corners[:, 0] <= camera.width - margin) and np.all(corners[:, 1] <= camera.height - margin))


def _overlaps(a: np.ndarray, b: np.ndarray) -> bool:
    hull_b = cv2.convexHull(b.astype(np.float32))
    area, _ = cv2.intersectConvexConvex(a.astype(np.float32), hull_b)
    return area > 1.0


def _pixels_per_module(truth: TruthMarker, camera: Camera) -> float:
    """Pixels per module in the worst direction at the sticker (the sizing model's measure)."""
    centre = truth.corners_mm.mean(axis=0).astype(np.float64)
    step = 0.5
    image = camera.project(np.array([centre, centre + np.array([step, 0.0]), centre + np.array([0.0, step])]))
    jacobian = np.column_stack([(image[1] - image[0]) / step, (image[2] - image[0]) / step])
    worst = float(np.linalg.svd(jacobian, compute_uv=False).min())
    side = float(np.linalg.norm(truth.corners_mm[1] - truth.corners_mm[0]))
    return worst * side / max(1, truth.modules)


