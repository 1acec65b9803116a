"""Render whole tables as a camera sees them, with exact ground truth (tests, benchmarks, recordings).

A scene is a real-looking table of 3-7 cities from a self-played game: each wonder board with its
marker, brown and grey cards tucked in a column at the board's top-left corner showing their top
strips, the other colours in columns side by side above the board (in the order each colour was
first built), cards tucked face down under the board as built stages, a face-down discard pile in
the middle, and distractors (a phone showing a foreign QR code, a box barcode, a flyer with other QR
codes, a misprinted sticker). Stickers are drawn from the product's own code grids. A pinhole camera
of any resolution, field of view, height, tilt and yaw looks at it; blur, noise, uneven light, glare
and hands make it harder. The truth lists every sticker with its corners in the frame, whether it is
visible, and its pixels per module.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field, replace
from importlib import resources
from typing import Any

import cv2
import numpy as np

from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.selfplay import SelfPlayGame, play_random_game
from companion.games.sevenwonders.simulation.realism import (
    UNDISTORT_CRITERIA,
    Realism,
    board_art,
    card_art,
    distort_points,
    label_image,
    strip_mm,
    undistort_map,
)
from companion.games.sevenwonders.tablefile import table_to_json
from companion.markers import Component, MarkerRegistry, load_marker_registry
from companion.markers.codec import encode_payload
from companion.markers.symbols import QUIET_MODULES, marker_grid, qr_grid
from companion.simulation.render import Degradation

__all__ = ["BOARD_H", "BOARD_W", "CARD_H", "CARD_W", "LEVELS", "Camera", "Level", "Scene", "SceneBuilder",
           "TruthMarker", "degrade_colour", "paste_clipped", "rect", "table_background", "table_scene", "transform"]

LAYOUT = json.loads(resources.files("companion.data").joinpath("table_layout.json").read_text())
CARD_W, CARD_H = LAYOUT["card"]["width_mm"], LAYOUT["card"]["height_mm"]
BOARD_W, BOARD_H = LAYOUT["wonder_board"]["width_mm"], LAYOUT["wonder_board"]["height_mm"]
COLORS_BGR = {"brown": (60, 100, 150), "grey": (150, 150, 150), "blue": (180, 110, 60), "yellow": (60, 200, 230),
              "red": (50, 50, 190), "green": (70, 150, 60), "purple": (140, 60, 120)}
BACK_BGR = {1: (70, 120, 170), 2: (150, 120, 100), 3: (120, 70, 110)}
STACK_ORDER = ("blue", "yellow", "red", "green", "purple")


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
class _Drawable:
    polygon_mm: np.ndarray
    color: tuple[int, int, int] | None = None
    image: np.ndarray | None = None
    image_corners_mm: np.ndarray | None = None
    sticker: TruthMarker | None = None


class SceneBuilder:
    """Lays out a table in millimetres, then draws it through a camera."""

    def __init__(self, family: str, size_mm: float, registry: MarkerRegistry | None = None,
                 rng: np.random.Generator | None = None, realism: Realism | None = None) -> None:
        self.realism = realism or Realism()
        self.family = family
        self.size_mm = size_mm
        self.registry = registry or load_marker_registry()
        self.rng = rng or np.random.default_rng(0)
        self.items: list[_Drawable] = []
        grid = marker_grid(family, 1, self.registry)
        self.modules = len(grid)
        self.quiet_mm = QUIET_MODULES[family] * size_mm / self.modules
        self.strip = strip_mm("roomy", size_mm, self.quiet_mm, 0.0, self.rng)
        self.foreign: list[str] = []

    # -- stickers --------------------------------------------------------------------------
    def _sticker(self, component: Component, code_corners: np.ndarray, role: str, seat: int | None,
                 grid: tuple[tuple[bool, ...], ...] | None = None) -> None:
        grid = grid or marker_grid(self.family, component.marker, self.registry)
        quiet = QUIET_MODULES[self.family] if grid is not None else 0
        if self.realism.sticker_turn_deg and role in ("card", "board", "stage", "discard"):   # stuck askew
            turn = np.radians(self.rng.uniform(-self.realism.sticker_turn_deg, self.realism.sticker_turn_deg))
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
        self.items.append(_Drawable(outer, image=image, image_corners_mm=outer, sticker=truth))

    def _face_sticker(self, component: Component, card: np.ndarray, seat: int | None, role: str = "card") -> None:
        """A sticker in the card's top-right corner (card given as 4 corners, top-left first)."""
        x_axis = (card[1] - card[0]) / np.linalg.norm(card[1] - card[0])
        y_axis = (card[3] - card[0]) / np.linalg.norm(card[3] - card[0])
        offset_x, offset_y = LAYOUT["sticker_offsets_mm"]["card_face_from_top_right"]
        right_top = card[1] - x_axis * (offset_x + self.quiet_mm) + y_axis * (offset_y + self.quiet_mm)
        s = self.size_mm
        corners = np.array([right_top - x_axis * s, right_top, right_top + y_axis * s,
                            right_top - x_axis * s + y_axis * s])
        self._sticker(component, corners, role, seat)
        if self.realism.card_art:   # the sticker's two-line label under the code's quiet zone
            left, right = corners[3] - (x_axis + y_axis) * self.quiet_mm, corners[2] + (x_axis - y_axis) * self.quiet_mm
            left, right = left + y_axis * 2 * self.quiet_mm, right + y_axis * 2 * self.quiet_mm
            image = label_image(260, self.rng)
            depth = np.linalg.norm(right - left) * image.shape[0] / image.shape[1]
            label = np.array([left, right, right + y_axis * depth, left + y_axis * depth])
            self.items.append(_Drawable(label, image=image, image_corners_mm=label))

    def _back_sticker(self, component: Component, card: np.ndarray, seat: int | None, role: str) -> None:
        """A card-back sticker centred 8 mm from the card's bottom edge (the end sticking out)."""
        x_axis = (card[1] - card[0]) / np.linalg.norm(card[1] - card[0])
        y_axis = (card[3] - card[0]) / np.linalg.norm(card[3] - card[0])
        bottom_mid = (card[2] + card[3]) / 2
        s = self.size_mm
        gap = LAYOUT["sticker_offsets_mm"]["card_back_from_short_edge"] + self.quiet_mm
        top_left = bottom_mid - y_axis * (gap + s) - x_axis * s / 2
        corners = np.array([top_left, top_left + x_axis * s, top_left + x_axis * s + y_axis * s, top_left + y_axis * s])
        if role == "stage" and self.realism.turned_backs and self.rng.random() < self.realism.turned_backs:
            corners = np.roll(corners, 2, axis=0)     # stuck near the other short edge: upside down here
        self._sticker(component, corners, role, seat)

    # -- components ---------------------------------------------------------------------------
    def card(self, component: Component, corners: np.ndarray, color: str, seat: int | None) -> None:
        if self.realism.card_art:
            offset_x, offset_y = LAYOUT["sticker_offsets_mm"]["card_face_from_top_right"]
            outer = self.size_mm + 2 * self.quiet_mm
            box = (CARD_W - offset_x - outer, offset_y, CARD_W - offset_x, offset_y + outer)
            art = card_art(COLORS_BGR[color], CARD_W, CARD_H, self.rng, sticker_box_mm=box,
                           icon_by_sticker=self.realism.icon_by_sticker)
            self.items.append(_Drawable(corners, image=art, image_corners_mm=corners))
        else:
            self.items.append(_Drawable(corners, COLORS_BGR[color]))
        self._face_sticker(component, corners, seat)

    def card_back(self, back: Component, corners: np.ndarray, seat: int | None, role: str) -> None:
        if self.realism.card_art:
            art = card_art(BACK_BGR[back.age or 1], CARD_W, CARD_H, self.rng)
            self.items.append(_Drawable(corners, image=art[::-1, ::-1].copy(), image_corners_mm=corners))
        else:
            self.items.append(_Drawable(corners, BACK_BGR[back.age or 1]))
        self._back_sticker(back, corners, seat, role)

    def _careless(self, corners: np.ndarray) -> np.ndarray:
        """A card laid a little off its place across its stack and a little turned."""
        if not (self.realism.careless_mm or self.realism.careless_deg):
            return corners
        x_axis = (corners[1] - corners[0]) / np.linalg.norm(corners[1] - corners[0])
        shift = x_axis * self.rng.uniform(-self.realism.careless_mm, self.realism.careless_mm)
        turn = np.radians(self.rng.uniform(-self.realism.careless_deg, self.realism.careless_deg))
        centre = corners.mean(axis=0)
        rotation = np.array([[np.cos(turn), -np.sin(turn)], [np.sin(turn), np.cos(turn)]])
        return (corners - centre) @ rotation.T + centre + shift

    def _strips(self, count: int) -> list[float]:
        """Where each card of a stack starts, measured from the first: one strip per card."""
        offset = LAYOUT["sticker_offsets_mm"]["card_face_from_top_right"][1]
        starts = [0.0]
        for _ in range(count - 1):
            starts.append(starts[-1] + strip_mm(self.realism.strip, self.size_mm, self.quiet_mm, offset, self.rng))
        return starts

    def city(self, seat: int, board: Component, cards: list[tuple[Component, str]], stage_backs: list[Component],
             stage_slots: int, origin: np.ndarray, angle: float, *, stable_stacks: bool = False,
             stage_showing_mm: float = 45.0) -> None:
        """One city in its board's frame (origin = board top-left, x along the board's top edge).

        Each colour stack shows the top strip of every card. By default the newest card lies whole
        at the bottom of its stack, pushing the older ones up; with `stable_stacks` every card keeps
        its place and a new card is tucked under the stack, its strip showing above the others (a
        game played over time, where laid cards lie still). Stage cards show `stage_showing_mm` of
        their back below the board.
        """
        def place(points: np.ndarray) -> np.ndarray:
            return transform(points, origin, angle)

        tucked = [c for c in cards if c[1] in ("brown", "grey")]
        first = self._strips(2)[1] if self.realism.strip != "roomy" else self.strip
        rises = [first + start for start in self._strips(len(tucked))]
        for j in reversed(range(len(tucked))):
            corners = self._careless(place(rect(2, -rises[j], CARD_W, CARD_H)))
            self.card(tucked[j][0], corners, tucked[j][1], seat)
        for i, back in enumerate(stage_backs):
            slot_w = BOARD_W / max(1, stage_slots)
            x = slot_w * i + (slot_w - CARD_W) / 2
            self.card_back(back, place(rect(x, BOARD_H + stage_showing_mm - CARD_H, CARD_W, CARD_H)), seat, "stage")
        board_corners = place(rect(0, 0, BOARD_W, BOARD_H))
        if self.realism.card_art:
            art = board_art((120, 170, 200), BOARD_W, BOARD_H, stage_slots, self.rng)
            self.items.append(_Drawable(board_corners, image=art, image_corners_mm=board_corners))
        else:
            self.items.append(_Drawable(board_corners, (120, 170, 200)))
        offset_x, offset_y = LAYOUT["sticker_offsets_mm"]["wonder_board_from_top_right"]
        q, s = self.quiet_mm, self.size_mm
        self._sticker(board, place(rect(BOARD_W - offset_x - q - s, offset_y + q, s, s)), "board", seat)
        # Side by side, as the guide asks: each colour's column starts when its first card is built,
        # right of the last one (laid cards never move).
        colours = list(dict.fromkeys(color for _, color in cards if color in STACK_ORDER))
        for column, color in enumerate(colours):
            stack = [c for c in cards if c[1] == color]
            x = CARD_W + 10 + column * (CARD_W + 6)
            rises = self._strips(len(stack))
            if stable_stacks:
                for j in reversed(range(len(stack))):
                    corners = self._careless(place(rect(x, -5 - CARD_H - rises[j], CARD_W, CARD_H)))
                    self.card(stack[j][0], corners, color, seat)
                continue
            top = -5 - CARD_H - (rises[-1] if rises else 0.0)
            for j, (component, _) in enumerate(stack):
                corners = self._careless(place(rect(x, top + rises[j], CARD_W, CARD_H)))
                self.card(component, corners, color, seat)

    def board_hand(self, origin: np.ndarray, angle: float) -> None:
        """A player's hand resting over their board's sticker, the forearm reaching back to their seat."""
        offset_x, offset_y = LAYOUT["sticker_offsets_mm"]["wonder_board_from_top_right"]
        over = transform(np.array([[BOARD_W - offset_x - self.size_mm / 2 - self.rng.uniform(0, 25),
                                    offset_y + self.size_mm / 2 + self.rng.uniform(0, 20)]]), origin, angle)[0]
        seat = transform(np.array([[BOARD_W * 0.7, BOARD_H + 260.0]]), origin, angle)[0]
        self.hand(over, angle + self.rng.uniform(-0.4, 0.4), arm_to=seat)

    def discard_pile(self, backs: list[Component], centre: np.ndarray) -> None:
        for back in backs:
            angle = self.rng.uniform(0, 2 * np.pi)
            shift = centre + self.rng.normal(0, 12, 2)
            corners = transform(rect(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H), shift, angle)
            self.card_back(back, corners, None, "discard")

    def distractors(self, centre: np.ndarray) -> None:
        """A phone with a web QR code, a flyer with two QR codes, a box barcode, a misprinted sticker."""
        rng = self.rng
        texts = ["https://boardgamegeek.com/boardgame/68448/7-wonders", "WIFI:S:family;T:WPA;P:secret;;",
                 "HELLO 123"]
        self.foreign += texts
        spots = [centre + np.array([x, y]) + rng.uniform(-15, 15, 2)
                 for x, y in ((-130, 40), (120, -50), (10, -110), (30, 110))]
        phone = transform(rect(-38, -75, 76, 150), spots[0], rng.uniform(0, 2 * np.pi))
        self.items.append(_Drawable(phone, (30, 30, 30)))
        self._foreign_qr(texts[0], spots[0], 40)
        flyer = transform(rect(-60, -45, 120, 90), spots[1], rng.uniform(0, 2 * np.pi))
        self.items.append(_Drawable(flyer, (235, 235, 230)))
        self._foreign_qr(texts[1], spots[1] + np.array([-28, 0]), 30)
        self._foreign_qr(texts[2], spots[1] + np.array([28, 0]), 22)
        self._barcode(spots[2])
        # A misprint: our namespace and version with a bad check character.
        good = encode_payload(5, self.registry)
        bad = good[:-1] + ("0" if good[-1] != "0" else "1")
        self.foreign.append(bad)
        self._foreign_qr(bad, spots[3], self.size_mm if self.family == "qr" else 16, role="misprint")

    def _foreign_qr(self, text: str, centre: np.ndarray, side: float, role: str = "foreign") -> None:
        import segno

        code = segno.make_qr(text, error="m", boost_error=False)
        grid = tuple(tuple(bool(c) for c in row) for row in code.matrix) if role != "misprint" else qr_grid(text)
        corners = transform(rect(-side / 2, -side / 2, side, side), centre, self.rng.uniform(0, 2 * np.pi))
        fake = Component(0, "test")
        cells = np.array(grid, dtype=bool)
        px = 8
        image = np.full(((len(cells) + 8) * px, (len(cells) + 8) * px, 3), 245, np.uint8)
        image[4 * px:(4 + len(cells)) * px, 4 * px:(4 + len(cells)) * px][np.kron(cells, np.ones((px, px), bool))] = (
            20, 20, 20)
        centre_pt = corners.mean(axis=0)
        outer = centre_pt + (corners - centre_pt) * ((len(cells) + 8) / len(cells))
        self.items.append(_Drawable(outer, image=image, image_corners_mm=outer,
                                    sticker=TruthMarker(fake, corners.astype(np.float32), role=role)))

    def _barcode(self, centre: np.ndarray) -> None:
        widths = self.rng.integers(1, 4, 60)
        bars = np.concatenate([np.full(w, i % 2 == 0) for i, w in enumerate(widths)])
        image = np.full((60, len(bars) * 3 + 20, 3), 245, np.uint8)
        image[5:55, 10:10 + len(bars) * 3][:, np.repeat(bars, 3)] = (20, 20, 20)
        corners = transform(rect(-35, -12, 70, 24), centre, self.rng.uniform(0, 2 * np.pi))
        self.items.append(_Drawable(corners, image=image, image_corners_mm=corners))

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
                self.items.append(_Drawable(arm, skin))
        palm = np.asarray(cv2.ellipse2Poly((0, 0), (55, 40), 0, 0, 360, 10), np.float64)
        self.items.append(_Drawable(transform(palm, centre, angle), skin))

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


CROWDED = 0.9
"""How much closer to the middle crowded seats sit: neighbouring cities then touch at 6 and 7 players."""


def _seat_positions(players: int, rng: np.random.Generator, crowded: bool = False) -> list[tuple[np.ndarray, float]]:
    """Board top-left corners and angles around an ellipse, seats clockwise seen from above."""
    seats = []
    radius_x, radius_y = {3: (430.0, 330.0), 4: (450.0, 330.0), 5: (560.0, 400.0), 6: (660.0, 470.0),
                          7: (760.0, 530.0)}[players]
    if crowded:
        radius_x, radius_y = radius_x * CROWDED, radius_y * CROWDED
    for seat in range(players):
        phi = np.pi / 2 + 2 * np.pi * seat / players + rng.normal(0, 0.03)   # seat 0 at the bottom (south)
        centre = np.array([radius_x * np.cos(phi), radius_y * np.sin(phi)])
        # The board faces its player: its "down" direction points away from the table centre.
        angle = phi - np.pi / 2
        offset = transform(np.array([[BOARD_W / 2, BOARD_H / 2]]), np.zeros(2), angle)[0]
        seats.append((centre - offset, angle))
    return seats


def _extent(cards: list[tuple[Component, str]], strip: float) -> tuple[float, float]:
    """How wide a city lies along its board's top edge, and how far its columns reach above it (mm)."""
    colours = list(dict.fromkeys(color for _, color in cards if color in STACK_ORDER))
    right = CARD_W + 10 + len(colours) * (CARD_W + 6) - 6 if colours else 0.0
    tallest = max([sum(1 for _, c in cards if c in group) for group in (("brown", "grey"), *((c,) for c in colours))],
                  default=0)
    return max(BOARD_W, right), 5 + CARD_H + max(0, tallest - 1) * strip


def _row_positions(extents: list[tuple[float, float]], rng: np.random.Generator) -> list[tuple[np.ndarray, float]]:
    """Board top-left corners and angles at a rectangular table: the first half of the players (seat
    0 at the right) along the near side, facing the far side, the others along the far side turned
    half round; the columns point to the middle, neighbouring cities 30-90 mm apart, clockwise seen
    from above."""
    count = len(extents)
    near = (count + 1) // 2
    middle = float(rng.uniform(150, 260))            # between the two rows' column tops
    seats: list[tuple[np.ndarray, float]] = [(np.zeros(2), 0.0)] * count
    for members, turned in ((list(range(near))[::-1], False), (list(range(near, count)), True)):
        widths = [extents[i][0] for i in members]
        gaps = [float(rng.uniform(30, 90)) for _ in members[1:]]
        x = -(sum(widths) + sum(gaps)) / 2 + float(rng.uniform(-60, 60))
        reach = max(extents[i][1] for i in members)
        for k, seat in enumerate(members):
            edge = middle / 2 + reach + float(rng.uniform(-15, 15))     # the board's top edge from the middle
            angle = float(np.radians(rng.uniform(-2.5, 2.5)))
            if turned:
                seats[seat] = (np.array([x + widths[k], -edge]), angle + np.pi)
            else:
                seats[seat] = (np.array([x, edge]), angle)
            x += widths[k] + (gaps[k] if k < len(gaps) else 0.0)
    return seats


def _framing(camera: Camera, items: list[_Drawable]) -> Camera:
    """The camera raised or lowered above the middle of everything on the table until it all just fits
    the frame (a whole-table camera set up for this table)."""
    points = np.vstack([item.polygon_mm for item in items])
    middle = (points.min(axis=0) + points.max(axis=0)) / 2
    yaw = np.radians(camera.yaw_deg)
    turned = (points - middle) @ np.array([[np.cos(yaw), np.sin(yaw)], [-np.sin(yaw), np.cos(yaw)]])
    reach = np.abs(turned).max(axis=0)                # as the turned camera sees the table
    half = np.tan(np.radians(camera.horizontal_fov_deg) / 2)
    height = max(reach[0] / half, reach[1] / (half * camera.height / camera.width))
    return replace(camera, height_mm=float(height * 1.04), target=(float(middle[0]), float(middle[1])))


def table_scene(players: int = 4, *, seed: int = 0, family: str = "aruco", size_mm: float = 14.0,
                camera: Camera | None = None, level: str = "medium", data: GameData | None = None,
                game: SelfPlayGame | None = None, after_age: int = 3, aim_at_seat: int | None = None,
                realism: Realism | None = None, frame_table: bool = False) -> Scene:
    """A finished (or mid-game, `after_age`) self-played table of `players`, rendered through `camera`.

    With `aim_at_seat`, the camera looks at the middle of that player's city, turned like its board
    (a tablet held over one city); its height, tilt, resolution and lens are kept. With `frame_table`,
    it looks at the middle of the table from the height where the whole table just fits the frame.
    `realism` adds what real tables have (card art, covered quiet zones, hands over boards, crowded
    seats, a rectangular table).
    """
    realism = realism or Realism()
    data = data or load_game_data()
    registry = load_marker_registry()
    rng = np.random.default_rng(seed)
    game = game or play_random_game(data, players, seed=seed)
    table = game.tables_after_age[after_age - 1]
    counts = [sum(1 for a in game.actions if a.seat == s and a.age <= after_age and a.kind in ("build", "free_build",
                                                                                              "discard_build"))
              for s in range(players)]
    builder = SceneBuilder(family, size_mm, registry, rng, realism)
    by_key = {c.key: c for c in registry}
    cities = [[(by_key[f"card:{copy.key}"], data.cards[copy.card_id].color) for copy in
               game.built_copies[seat][:counts[seat]]] for seat in range(players)]
    if realism.rows:
        strip = size_mm * (1 + 2 * QUIET_MODULES[family] / builder.modules) + 3.5
        seats = _row_positions([_extent(cards, strip) for cards in cities], rng)
    else:
        seats = _seat_positions(players, rng, realism.crowded)
    for seat, (origin, angle) in enumerate(seats):
        player = table.players[seat]
        backs = [by_key[f"back:{'I' * copy.age}"] for copy in game.stage_copies[seat][:player.stages_built]]
        board = by_key[f"wonder:{player.wonder.id}/{player.side}"]
        builder.city(seat, board, cities[seat], backs, len(player.board.stages), origin, angle)
    discard = [by_key[f"back:{'I' * copy.age}"] for copy in game.discard[:6]]
    builder.discard_pile(discard, np.array([0.0, 0.0]))
    lvl = LEVELS[level]
    if lvl.distractors:
        builder.distractors(np.array([0.0, 0.0]))
    builder.hands(lvl.hands, [origin for origin, _ in seats])
    for origin, angle in seats:
        if realism.board_hands and rng.random() < realism.board_hands:
            builder.board_hand(origin, angle)
    if camera is None:
        reach = {3: 1150, 4: 1200, 5: 1400, 6: 1600, 7: 1800}[players]
        height = reach / 2 / np.tan(np.radians(33))
        camera = Camera(1920, 1080, 66, height, rng.uniform(0, lvl.max_tilt), rng.uniform(-8, 8))
    if frame_table:
        camera = _framing(camera, builder.items)
    if aim_at_seat is not None:
        origin, angle = seats[aim_at_seat % players]
        middle = transform(np.array([[BOARD_W * 0.8, -110.0]]), origin, angle)[0]
        # The camera's yaw turns the image the other way round from the board's angle on the table.
        camera = Camera(camera.width, camera.height, camera.horizontal_fov_deg, camera.height_mm, camera.tilt_deg,
                        -float(np.degrees(angle)), (float(middle[0]), float(middle[1])), camera.distortion)
    frame, truth = builder.render(camera, lvl)
    document = table_to_json(table)
    for entry in document["players"]:
        entry["coins"] = 0
        entry["tokens"] = []
    return Scene(frame, truth, document, camera, family, size_mm, builder.foreign)
