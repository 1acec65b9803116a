"""Play a recorded game as camera frames over time: for the app's demo, its UI tests and benchmarks.

A fixed camera looks straight down at the table. Each turn the players' hands come in over their
cities (covering markers) and lay the new cards, then lift; the cards then lie still until the
next turn, long enough for the tracker's confirmation rule. Every distinct table state is drawn
once; each frame only adds fresh sensor noise, so frames are cheap.

Three players sit tightly around a small table: one on the near side, one at each end, their
cities turned towards them, and the camera frames the finished table as tightly as it can, so that
a 1280x720 frame still gives 14 mm ArUco stickers 2.4-2.7 pixels per module (the reader needs 2 on
a table, markers/README.md; 3 would need a frame no wider than 85 cm of table, less than three
cities take). Other player counts sit around an ellipse and want larger frames.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path

import cv2
import numpy as np

from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.simulation.recording import Recording, TableSnapshot
from companion.games.sevenwonders.simulation.scenes import (
    BOARD_H,
    BOARD_W,
    CARD_H,
    CARD_W,
    LAYOUT,
    LEVELS,
    Camera,
    SceneBuilder,
    rect,
    table_background,
    transform,
)
from companion.markers import Component, MarkerRegistry, load_marker_registry

__all__ = ["VIDEO_CODECS", "Moment", "Playback", "TablePlan", "plan_table", "recorded_frames", "timeline",
           "turn_windows", "write_video"]

VIDEO_CODECS = {".mp4": "mp4v", ".avi": "MJPG"}
"""Video containers written, with the codec OpenCV's own build writes and reads back everywhere."""
GAP_MM = 10.0
"""Room between two cities (and around the discard pile)."""
MARGIN_MM = 8.0
"""Table shown around everything, in the frame."""
DISCARD_SPREAD_MM = 12.0
"""Standard deviation of where a discarded card lands around the middle of the pile."""
ELLIPSE_RADII_MM = {4: (450, 330), 5: (560, 400), 6: (660, 470), 7: (760, 530)}
"""Where boards sit around the table for 4-7 players (the test scenes' seating)."""
LEAD_IN_SECONDS = 2.0
"""Boards alone on the table before the first turn: the tracker confirms the seats."""
TAIL_SECONDS = 2.0
REACH_SECONDS = 0.6
"""Hands come in over the cities, the new cards still in them."""
LAY_SECONDS = 0.6
"""Hands lay the cards and stay over them, then lift."""
STAGE_SHOWING_MM = 30.0
"""How much of a stage card's back shows below the board: its sticker and a few millimetres."""
STILL_FRAMES = 5
"""Frames of still cards each turn ends with: the tracker confirms a card after 4 frames over 0.4 s."""
NOISE_FRAMES = 8
"""Distinct noise images drawn once and cycled over the frames."""


@dataclass(frozen=True)
class TablePlan:
    """Where everything lies (table millimetres, x east, y south) and the camera that sees it all."""

    seats: tuple[tuple[tuple[float, float], float], ...]
    """For each seat: its board's top-left corner and the board's angle (radians)."""
    sits_at: tuple[tuple[float, float], ...]
    """Where each player sits (their arms reach in from there), beyond the table's edge in view."""
    discard_centre: tuple[float, float]
    camera: Camera

    @property
    def pixels_per_mm(self) -> float:
        """Image pixels per table millimetre (the camera looks straight down: the same everywhere)."""
        camera = self.camera
        focal = (camera.width / 2) / np.tan(np.radians(camera.horizontal_fov_deg) / 2)
        return float(focal / camera.height_mm)


@dataclass(frozen=True)
class Moment:
    """A span of the recording during which the camera sees one table state."""

    start: float
    end: float
    snapshot: int
    """Index into `Recording.snapshots()`: 0 before the first turn, k after turn k."""
    hands_for_turn: int | None = None
    """While hands are over the table: the index of the turn they play."""
    laying: bool = False
    """Hands over the cards just laid (else reaching in, the cards still in hand)."""


def _components(registry: MarkerRegistry) -> dict[str, Component]:
    return {c.key: c for c in registry}


def _back(age: int, by_key: dict[str, Component]) -> Component:
    return by_key[f"back:{'I' * age}"]


def _city_cards(snapshot: TableSnapshot, seat: int, data: GameData,
                by_key: dict[str, Component]) -> list[tuple[Component, str]]:
    return [(by_key[f"card:{key}"], data.cards[key.split("/")[0]].color) for key in snapshot.cards[seat]]


def _draw_city(builder: SceneBuilder, recording: Recording, snapshot: TableSnapshot, seat: int,
               origin: tuple[float, float], angle: float, data: GameData, by_key: dict[str, Component]) -> None:
    player = recording.players[seat]
    board = by_key[f"wonder:{player.wonder}/{player.side}"]
    slots = len(data.wonders[player.wonder].sides[player.side].stages)
    backs = [_back(age, by_key) for age in snapshot.stages[seat]]
    builder.city(seat, board, _city_cards(snapshot, seat, data, by_key), backs, slots, np.array(origin, float),
                 angle, stable_stacks=True, stage_showing_mm=STAGE_SHOWING_MM)


def _city_outline(recording: Recording, final: TableSnapshot, seat: int, data: GameData,
                  registry: MarkerRegistry, family: str, size_mm: float) -> list[np.ndarray]:
    """The polygons of the finished city in its board's own frame (mm)."""
    builder = SceneBuilder(family, size_mm, registry)
    _draw_city(builder, recording, final, seat, (0.0, 0.0), 0.0, data, _components(registry))
    return [item.polygon_mm for item in builder.items]


def _bounds(polygons: list[np.ndarray]) -> np.ndarray:
    """(left, top, right, bottom) around polygons."""
    points = np.concatenate(polygons)
    return np.concatenate([points.min(axis=0), points.max(axis=0)])


def _turned_bounds(bounds: np.ndarray, origin: tuple[float, float], angle: float) -> np.ndarray:
    """The table bounding box of a local bounding box turned by `angle` and moved to `origin`."""
    left, top, right, bottom = bounds
    corners = transform(np.array([[left, top], [right, top], [right, bottom], [left, bottom]]),
                        np.array(origin, float), angle)
    return np.concatenate([corners.min(axis=0), corners.max(axis=0)])


def _three_seats(bounds: list[np.ndarray], bottom: int, drop: float
                 ) -> list[tuple[tuple[float, float], float]]:
    """Seat `bottom` on the near side facing south, the next clockwise on the west end, the last on
    the east end; the ends' cities touch the near city's sides (one gap apart) and their outer
    ends line up with it, the near city `drop` mm lower."""
    near, west, east = bottom, (bottom + 1) % 3, (bottom + 2) % 3
    seats: dict[int, tuple[tuple[float, float], float]] = {}
    left, _, right, low = bounds[near]
    near_x = -(left + right) / 2
    seats[near] = ((near_x, drop - low), 0.0)
    # West end, turned a quarter turn: table = (ox - y, oy + x); its right edge is ox - top.
    _, west_top, west_right, _ = bounds[west]
    seats[west] = ((near_x + left - GAP_MM + west_top, -west_right), np.pi / 2)
    # East end, turned the other way: table = (ox + y, oy - x); its left edge is ox + top.
    east_left, east_top, _, _ = bounds[east]
    seats[east] = ((near_x + right + GAP_MM - east_top, east_left), -np.pi / 2)
    return [seats[s] for s in range(3)]


def _free_room(polygons: list[np.ndarray], lower: np.ndarray, upper: np.ndarray,
               step: float = 2.0) -> tuple[np.ndarray, np.ndarray, float]:
    """A distance map of the free table between `lower` and `upper` (mm): distance to the nearest item."""
    size = np.ceil((upper - lower) / step).astype(int) + 1
    occupied = np.full((size[1], size[0]), 255, np.uint8)
    for polygon in polygons:
        cv2.fillConvexPoly(occupied, np.round((polygon - lower) / step).astype(np.int32), 0)
    distance = cv2.distanceTransform(occupied, cv2.DIST_L2, 5) * step
    return distance, lower, step


def _discard_spot(centres: list[np.ndarray], polygons: list[np.ndarray], radius: float
                  ) -> tuple[np.ndarray, float]:
    """The point within `radius` of the boards' centroid farthest from every city item, and that distance."""
    centroid = np.mean(centres, axis=0)
    lower = centroid - radius - 200
    upper = centroid + radius + 200
    distance, origin, step = _free_room(polygons, lower, upper)
    ys, xs = np.mgrid[0:distance.shape[0], 0:distance.shape[1]]
    points = np.stack([xs, ys], axis=-1) * step + origin
    within = np.linalg.norm(points - centroid, axis=-1) <= radius
    masked = np.where(within, distance, -1.0)
    best = np.unravel_index(int(np.argmax(masked)), masked.shape)
    return points[best], float(masked[best])


def plan_table(recording: Recording, *, width: int = 1280, height: int = 720, family: str = "aruco",
               size_mm: float = 14.0, data: GameData | None = None,
               registry: MarkerRegistry | None = None) -> TablePlan:
    """Seat the players, find room for the discard pile, and frame the finished table tightly."""
    data = data or load_game_data()
    registry = registry or load_marker_registry()
    final = recording.final()
    players = len(recording.players)
    outlines = [_city_outline(recording, final, s, data, registry, family, size_mm) for s in range(players)]
    bounds = [_bounds(outline) for outline in outlines]
    pile_room = float(np.hypot(CARD_W, CARD_H) / 2 + 2 * DISCARD_SPREAD_MM)
    discard_radius = float(LAYOUT["discard_near_centre_mm"]) - 2 * DISCARD_SPREAD_MM
    best: tuple[float, list[tuple[tuple[float, float], float]], np.ndarray] | None = None
    if players == 3:
        for bottom in range(3):
            for drop in np.arange(0.0, 400.0, 10.0):
                seats = _three_seats(bounds, bottom, float(drop))
                polygons = [transform(polygon, np.array(origin), angle)
                            for outline, (origin, angle) in zip(outlines, seats, strict=True) for polygon in outline]
                spot, room = _discard_spot([_board_centre(origin, angle) for origin, angle in seats], polygons,
                                           discard_radius)
                if room >= pile_room:
                    lower, upper = _view(bounds, seats, spot, pile_room)
                    scale = min(width / (upper - lower)[0], height / (upper - lower)[1])
                    if best is None or scale > best[0]:
                        best = (scale, seats, spot)
                    break
    if best is None:
        radius_x, radius_y = ELLIPSE_RADII_MM.get(players, (430, 330))
        seats = []
        for seat in range(players):
            phi = np.pi / 2 + 2 * np.pi * seat / players
            centre = np.array([radius_x * np.cos(phi), radius_y * np.sin(phi)])
            angle = phi - np.pi / 2
            offset = transform(np.array([[BOARD_W / 2, BOARD_H / 2]]), np.zeros(2), angle)[0]
            seats.append(((float(centre[0] - offset[0]), float(centre[1] - offset[1])), float(angle)))
        best = (0.0, seats, np.zeros(2))
    _, seats, spot = best
    lower, upper = _view(bounds, seats, spot, pile_room)
    fov = 66.0
    focal = (width / 2) / np.tan(np.radians(fov) / 2)
    span = upper - lower
    camera_height = float(max(span[0] * focal / width, span[1] * focal / height))
    middle = (lower + upper) / 2
    camera = Camera(width, height, fov, camera_height, 0.0, 0.0, (float(middle[0]), float(middle[1])))
    sits_at = []
    for origin, angle in seats:
        down = np.array([-np.sin(angle), np.cos(angle)])
        sits_at.append(tuple(float(v) for v in _board_centre(origin, angle) + down * 600))
    return TablePlan(tuple((tuple(float(v) for v in o), float(a)) for o, a in seats), tuple(sits_at),
                     (float(spot[0]), float(spot[1])), camera)


def _board_centre(origin: tuple[float, float], angle: float) -> np.ndarray:
    """The middle of a board on the table."""
    return transform(np.array([[BOARD_W / 2, BOARD_H / 2]]), np.array(origin), angle)[0]


def _view(bounds: list[np.ndarray], seats: list[tuple[tuple[float, float], float]], spot: np.ndarray,
          pile_room: float) -> tuple[np.ndarray, np.ndarray]:
    """The table area the camera must see (lower and upper corners, mm): every city, the pile, a margin."""
    boxes = [_turned_bounds(bounds[s], seats[s][0], seats[s][1]) for s in range(len(seats))]
    boxes.append(np.concatenate([spot - pile_room, spot + pile_room]))
    stacked = np.array(boxes)
    return stacked[:, :2].min(axis=0) - MARGIN_MM, stacked[:, 2:].max(axis=0) + MARGIN_MM


# -- over time ------------------------------------------------------------------------------------------

def timeline(recording: Recording, *, seconds_per_turn: float = 3.0, pause_between_ages: float = 2.0,
             fps: float = 5.0) -> list[Moment]:
    """What the camera sees when: boards alone, then each turn (hands reach in, lay the cards and
    lift; the cards lie still for the rest of the turn), a pause after each age, a still end.

    :raises ValueError: when a turn leaves too little time of still cards for the tracker to
        confirm them (it needs 4 frames over 0.4 s: `STILL_FRAMES` frames, and at least 1 s).
    """
    still = seconds_per_turn - REACH_SECONDS - LAY_SECONDS
    needed = max(1.0, STILL_FRAMES / fps)
    if still < needed - 1e-9:
        hands = REACH_SECONDS + LAY_SECONDS
        raise ValueError(f"seconds_per_turn must leave {needed:g} s of still cards after {hands:g} s of hands at "
                         f"{fps:g} frames per second, so at least {needed + hands:g}; got {seconds_per_turn:g}")
    if pause_between_ages < 0:
        raise ValueError(f"pause_between_ages must not be negative, got {pause_between_ages:g}")
    moments = [Moment(0.0, LEAD_IN_SECONDS, 0)]
    now = LEAD_IN_SECONDS
    for index, turn in enumerate(recording.turns):
        moments.append(Moment(now, now + REACH_SECONDS, index, index))
        moments.append(Moment(now + REACH_SECONDS, now + REACH_SECONDS + LAY_SECONDS, index + 1, index, True))
        now += seconds_per_turn
        end_of_age = index + 1 < len(recording.turns) and recording.turns[index + 1].age != turn.age
        rest = pause_between_ages if end_of_age else 0.0
        moments.append(Moment(moments[-1].end, now + rest, index + 1))
        now += rest
    moments.append(Moment(now, now + TAIL_SECONDS, len(recording.turns)))
    return moments


def turn_windows(recording: Recording, *, seconds_per_turn: float = 3.0, pause_between_ages: float = 2.0,
                 fps: float = 5.0) -> list[tuple[float, float]]:
    """For each turn: (when its hands come in, when the next turn's hands come in or the recording ends)."""
    moments = timeline(recording, seconds_per_turn=seconds_per_turn, pause_between_ages=pause_between_ages, fps=fps)
    starts = [m.start for m in moments if m.hands_for_turn is not None and not m.laying]
    return [(start, starts[i + 1] if i + 1 < len(starts) else moments[-1].end) for i, start in enumerate(starts)]


@dataclass(frozen=True)
class _Look:
    """How the camera spoils every frame: fixed light and blur, per-frame noise, JPEG once per state."""

    shade: np.ndarray | None
    blur: float
    jpeg_quality: int
    noise: float


class Playback:
    """A recording ready to play: the table plan, and each distinct table state drawn once."""

    def __init__(self, recording: Recording, *, width: int = 1280, height: int = 720, fps: float = 5.0,
                 seconds_per_turn: float = 3.0, pause_between_ages: float = 2.0, family: str = "aruco",
                 size_mm: float = 14.0, level: str = "easy", seed: int = 0, data: GameData | None = None,
                 registry: MarkerRegistry | None = None) -> None:
        if fps <= 0:
            raise ValueError(f"fps must be positive, got {fps:g}")
        if level not in LEVELS:
            raise ValueError(f"unknown level {level!r}; one of {', '.join(LEVELS)}")
        self.recording = recording
        self.fps = fps
        self.family = family
        self.size_mm = size_mm
        self.level = LEVELS[level]
        self.seed = seed
        self.data = data or load_game_data()
        self.registry = registry or load_marker_registry()
        self.by_key = _components(self.registry)
        self.moments = timeline(recording, seconds_per_turn=seconds_per_turn, pause_between_ages=pause_between_ages,
                                fps=fps)
        self.snapshots = recording.snapshots()
        self.plan = plan_table(recording, width=width, height=height, family=family, size_mm=size_mm,
                               data=self.data, registry=self.registry)
        rng = np.random.default_rng([seed, 1])
        camera = self.plan.camera
        self.background = table_background(camera, camera.homography(), rng)
        self.look = self._look(rng)
        self.noise = self._noise_bank(rng)
        self._cache: tuple[tuple[int, int | None, bool], np.ndarray] | None = None

    @property
    def duration(self) -> float:
        """Seconds from the first frame to the end."""
        return self.moments[-1].end

    @property
    def frame_count(self) -> int:
        """Frames in the whole recording at `fps`."""
        return int(np.floor(self.duration * self.fps + 1e-9))

    def _look(self, rng: np.random.Generator) -> _Look:
        """The level's faults fixed for the whole recording (a lamp and a lens do not change between frames)."""
        faults = self.level.degradation
        camera = self.plan.camera
        shade = None
        if faults.light or faults.glare_spots:
            h, w = camera.height, camera.width
            yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
            angle = rng.uniform(0, 2 * np.pi)
            ramp = np.cos(angle) * xx / w + np.sin(angle) * yy / h
            ramp = (ramp - ramp.min()) / max(1e-6, float(ramp.max() - ramp.min()))
            shade = 1.0 - faults.light / 2 * ramp
            for _ in range(faults.glare_spots):
                cx, cy = rng.uniform(0, w), rng.uniform(0, h)
                radius = rng.uniform(0.03, 0.07) * max(w, h)
                shade += np.exp(-(((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * radius ** 2))) * rng.uniform(0.3, 0.6)
            shade = shade.astype(np.float32)[:, :, None]
        return _Look(shade, faults.blur / 2, faults.jpeg_quality, faults.noise)

    def _noise_bank(self, rng: np.random.Generator) -> list[tuple[np.ndarray, np.ndarray]]:
        """(added, taken away) pairs of sensor noise, drawn once: adding one costs well under a millisecond."""
        if self.look.noise <= 0:
            return []
        camera = self.plan.camera
        bank = []
        for _ in range(NOISE_FRAMES):
            noise = rng.normal(0, self.look.noise, (camera.height, camera.width, 3))
            bank.append((np.clip(noise, 0, 255).astype(np.uint8), np.clip(-noise, 0, 255).astype(np.uint8)))
        return bank

    # -- drawing ---------------------------------------------------------------------------------------
    def _builder(self, snapshot: TableSnapshot) -> SceneBuilder:
        """The cities and the discard pile of one snapshot, every card where it always lies."""
        builder = SceneBuilder(self.family, self.size_mm, self.registry, np.random.default_rng([self.seed, 2]))
        for seat, (origin, angle) in enumerate(self.plan.seats):
            _draw_city(builder, self.recording, snapshot, seat, origin, angle, self.data, self.by_key)
        centre = np.array(self.plan.discard_centre)
        for card in snapshot.discard:
            rng = np.random.default_rng([self.seed, 3, card.slot])
            where = centre + rng.normal(0, DISCARD_SPREAD_MM, 2)
            corners = transform(rect(-CARD_W / 2, -CARD_H / 2, CARD_W, CARD_H), where, rng.uniform(0, 2 * np.pi))
            builder.card_back(_back(card.age, self.by_key), corners, None, "discard")
        return builder

    def destinations(self, turn_index: int) -> list[np.ndarray]:
        """Where each seat's card goes in a turn (table mm): its sticker once laid, or the pile."""
        after = self.snapshots[turn_index + 1]
        before = self.snapshots[turn_index]
        builder = SceneBuilder(self.family, self.size_mm, self.registry)
        places = []
        for seat, (origin, angle) in enumerate(self.plan.seats):
            builder.items.clear()
            _draw_city(builder, self.recording, after, seat, origin, angle, self.data, self.by_key)
            stickers = [item.sticker for item in builder.items if item.sticker is not None]
            new_cards = set(after.cards[seat]) - set(before.cards[seat])
            new_stages = len(after.stages[seat]) > len(before.stages[seat])
            spot = np.array(self.plan.discard_centre)
            for sticker in stickers:
                key = sticker.component.key.removeprefix("card:")
                if key in new_cards:
                    spot = sticker.corners_mm.mean(axis=0)
            if new_stages and not new_cards:
                spot = [s for s in stickers if s.role == "stage"][-1].corners_mm.mean(axis=0)
            places.append(spot)
        return places

    def _hands(self, builder: SceneBuilder, turn_index: int, laying: bool) -> None:
        """Every player's hand and forearm over the spot their card goes to in the turn."""
        rng = np.random.default_rng([self.seed, 4, turn_index])
        for seat, spot in enumerate(self.destinations(turn_index)):
            sits = np.array(self.plan.sits_at[seat])
            towards = (sits - spot) / max(1e-6, float(np.linalg.norm(sits - spot)))
            # Reaching: the hand still a little short of the spot; laying: right over it.
            centre = spot + towards * (0.0 if laying else 45.0) + rng.normal(0, 6, 2)
            angle = float(np.arctan2(towards[1], towards[0])) + rng.normal(0, 0.2)
            builder.hand(centre, angle, arm_to=sits)

    def state_image(self, moment: Moment) -> np.ndarray:
        """The table at `moment` with the camera's fixed faults, before sensor noise (drawn once per state)."""
        key = (moment.snapshot, moment.hands_for_turn, moment.laying)
        if self._cache is not None and self._cache[0] == key:
            return self._cache[1]
        builder = self._builder(self.snapshots[moment.snapshot])
        if moment.hands_for_turn is not None:
            self._hands(builder, moment.hands_for_turn, moment.laying)
        frame = self.background.copy()
        builder.draw(frame, self.plan.camera)
        look = self.look
        if look.shade is not None:
            frame = np.clip(frame.astype(np.float32) * look.shade, 0, 255).astype(np.uint8)
        if look.blur > 0:
            frame = cv2.GaussianBlur(frame, (0, 0), look.blur)
        if look.jpeg_quality < 100:
            ok, encoded = cv2.imencode(".jpg", frame, [cv2.IMWRITE_JPEG_QUALITY, look.jpeg_quality])
            if ok:
                frame = cv2.imdecode(encoded, cv2.IMREAD_COLOR)
        self._cache = (key, frame)
        return frame

    def frames(self, start: float = 0.0) -> Iterator[tuple[float, np.ndarray]]:
        """(seconds, BGR frame) for every frame of the recording from `start` (seconds) on, in order."""
        moments = iter(self.moments)
        moment = next(moments)
        rng = np.random.default_rng([self.seed, 5])
        first = int(np.ceil(start * self.fps - 1e-9))
        noise = 0
        for index in range(max(0, first), self.frame_count):
            at = index / self.fps
            while at >= moment.end and moment is not self.moments[-1]:
                moment = next(moments)
            image = self.state_image(moment)
            if self.noise:
                # Never the same noise twice in a row: no two frames of a real camera are equal.
                noise = (noise + 1 + int(rng.integers(len(self.noise) - 1))) % len(self.noise)
                added, taken = self.noise[noise]
                image = cv2.subtract(cv2.add(image, added), taken)
            else:
                image = image.copy()
            yield at, image

    def write_video(self, path: str | Path, *, start: float = 0.0, seconds: float | None = None) -> int:
        """Write the frames from `start` (seconds), for `seconds` or to the end, into a video file (.mp4
        with mp4v, or .avi with MJPG); return the frames written.

        :raises ValueError: for another suffix, or when OpenCV cannot open the file for writing.
        """
        path = Path(path)
        codec = VIDEO_CODECS.get(path.suffix.lower())
        if codec is None:
            raise ValueError(f"{path}: write a video as {' or '.join(VIDEO_CODECS)}")
        camera = self.plan.camera
        writer = cv2.VideoWriter(str(path), cv2.VideoWriter_fourcc(*codec), self.fps, (camera.width, camera.height))
        if not writer.isOpened():
            raise ValueError(f"{path}: OpenCV cannot write a {codec} video there")
        written = 0
        try:
            for at, frame in self.frames(start):
                if seconds is not None and at >= start + seconds:
                    break
                writer.write(frame)
                written += 1
        finally:
            writer.release()
        return written


def recorded_frames(recording: Recording, *, width: int = 1280, height: int = 720, fps: float = 5.0,
                    seconds_per_turn: float = 3.0, pause_between_ages: float = 2.0, family: str = "aruco",
                    size_mm: float = 14.0, level: str = "easy", seed: int = 0,
                    data: GameData | None = None) -> Iterator[tuple[float, np.ndarray]]:
    """(time in seconds, BGR uint8 frame) of the recording played at a table under a fixed camera.

    :raises ValueError: for a turn too short to confirm its cards, a bad fps or an unknown level.
    """
    playback = Playback(recording, width=width, height=height, fps=fps, seconds_per_turn=seconds_per_turn,
                        pause_between_ages=pause_between_ages, family=family, size_mm=size_mm, level=level,
                        seed=seed, data=data)
    return playback.frames()


def write_video(recording: Recording, path: str | Path, *, width: int = 1280, height: int = 720, fps: float = 5.0,
                seconds_per_turn: float = 3.0, pause_between_ages: float = 2.0, family: str = "aruco",
                size_mm: float = 14.0, level: str = "easy", seed: int = 0, data: GameData | None = None) -> int:
    """Render the recording into a video file (.mp4 with mp4v, or .avi with MJPG); return the frames written.

    :raises ValueError: for another suffix, or when OpenCV cannot open the file for writing.
    """
    playback = Playback(recording, width=width, height=height, fps=fps, seconds_per_turn=seconds_per_turn,
                        pause_between_ages=pause_between_ages, family=family, size_mm=size_mm, level=level,
                        seed=seed, data=data)
    return playback.write_video(path)
