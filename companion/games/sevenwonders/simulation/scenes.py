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
from dataclasses import replace
from importlib import resources

import numpy as np

from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.selfplay import SelfPlayGame, play_random_game
from companion.games.sevenwonders.simulation.realism import Realism, board_art, card_art, label_image, strip_mm
from companion.games.sevenwonders.tablefile import table_to_json
from companion.markers import Component, MarkerRegistry, load_marker_registry
from companion.markers.codec import encode_payload
from companion.markers.symbols import QUIET_MODULES, qr_grid
from companion.simulation.scene import (
    LEVELS,
    Camera,
    Drawable,
    Level,
    Scene,
    SceneCanvas,
    TruthMarker,
    degrade_colour,
    paste_clipped,
    rect,
    table_background,
    transform,
)

__all__ = ["BOARD_H", "BOARD_W", "CARD_H", "CARD_W", "LEVELS", "Camera", "Level", "Scene", "SceneBuilder",
           "TruthMarker", "degrade_colour", "paste_clipped", "rect", "table_background", "table_scene", "transform"]

LAYOUT = json.loads(resources.files("companion.data").joinpath("table_layout.json").read_text())
CARD_W, CARD_H = LAYOUT["card"]["width_mm"], LAYOUT["card"]["height_mm"]
BOARD_W, BOARD_H = LAYOUT["wonder_board"]["width_mm"], LAYOUT["wonder_board"]["height_mm"]
COLORS_BGR = {"brown": (60, 100, 150), "grey": (150, 150, 150), "blue": (180, 110, 60), "yellow": (60, 200, 230),
              "red": (50, 50, 190), "green": (70, 150, 60), "purple": (140, 60, 120)}
BACK_BGR = {1: (70, 120, 170), 2: (150, 120, 100), 3: (120, 70, 110)}
STACK_ORDER = ("blue", "yellow", "red", "green", "purple")


class SceneBuilder(SceneCanvas):
    """Lays out a 7 Wonders table (cities, the discard pile, distractors) in millimetres, then draws it
    through a camera (the shared `SceneCanvas`)."""

    def __init__(self, family: str, size_mm: float, registry: MarkerRegistry | None = None,
                 rng: np.random.Generator | None = None, realism: Realism | None = None) -> None:
        self.realism = realism or Realism()
        super().__init__(family, size_mm, registry, rng, sticker_turn_deg=self.realism.sticker_turn_deg)
        self.strip = strip_mm("roomy", size_mm, self.quiet_mm, 0.0, self.rng)
        self.foreign: list[str] = []

    # -- stickers --------------------------------------------------------------------------
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
            self.items.append(Drawable(label, image=image, image_corners_mm=label))

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
            self.items.append(Drawable(corners, image=art, image_corners_mm=corners))
        else:
            self.items.append(Drawable(corners, COLORS_BGR[color]))
        self._face_sticker(component, corners, seat)

    def card_back(self, back: Component, corners: np.ndarray, seat: int | None, role: str) -> None:
        if self.realism.card_art:
            art = card_art(BACK_BGR[back.age or 1], CARD_W, CARD_H, self.rng)
            self.items.append(Drawable(corners, image=art[::-1, ::-1].copy(), image_corners_mm=corners))
        else:
            self.items.append(Drawable(corners, BACK_BGR[back.age or 1]))
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
            self.items.append(Drawable(board_corners, image=art, image_corners_mm=board_corners))
        else:
            self.items.append(Drawable(board_corners, (120, 170, 200)))
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
        self.items.append(Drawable(phone, (30, 30, 30)))
        self._foreign_qr(texts[0], spots[0], 40)
        flyer = transform(rect(-60, -45, 120, 90), spots[1], rng.uniform(0, 2 * np.pi))
        self.items.append(Drawable(flyer, (235, 235, 230)))
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
        self.items.append(Drawable(outer, image=image, image_corners_mm=outer,
                                    sticker=TruthMarker(fake, corners.astype(np.float32), role=role)))

    def _barcode(self, centre: np.ndarray) -> None:
        widths = self.rng.integers(1, 4, 60)
        bars = np.concatenate([np.full(w, i % 2 == 0) for i, w in enumerate(widths)])
        image = np.full((60, len(bars) * 3 + 20, 3), 245, np.uint8)
        image[5:55, 10:10 + len(bars) * 3][:, np.repeat(bars, 3)] = (20, 20, 20)
        corners = transform(rect(-35, -12, 70, 24), centre, self.rng.uniform(0, 2 * np.pi))
        self.items.append(Drawable(corners, image=image, image_corners_mm=corners))

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


def _framing(camera: Camera, items: list[Drawable]) -> Camera:
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
