"""From a frame to what it shows: markers, the table plane, and each city (one call per frame).

The lens profile, when given and matching the frame size, undistorts the markers' corners: the
frame is decoded as the camera took it (undistorting the image would push the edges of a
wide-angle view out of the frame, and costs a remap of every pixel). Positions
need each family's printed size; the defaults are the sizes of the committed sheets. The game's
camera layout (`companion.vision.layouts`) says what the placed markers show: the game's set-up
(player count, seating) sizes the box and orders the seats whatever is in view, and boards seen in
earlier frames stay where they were when their sticker is not read.
"""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

import cv2
import numpy as np

from companion.markers import MarkerRegistry, load_marker_registry
from companion.vision.decoders import as_grey
from companion.vision.geometry import TablePlane, fit_table_plane, place_on_plane
from companion.vision.layouts import table_layout
from companion.vision.lens import LensProfile
from companion.vision.placed import PlacedMarker
from companion.vision.reader import FrameReading, MarkerReader
from companion.vision.rig import RigProfile
from companion.vision.texture import code_texture, median_code_texture

__all__ = ["DEFAULT_SIZES_MM", "FrameResult", "TableReader"]

KEEP_UNPLACED = 8
"""Frames with cards no city took, kept to be read again when a later frame places their board."""

QR_MODULES = 21
"""Modules across a QR sticker of ours (version 1, `companion.markers.symbols.qr_grid`)."""
LOOK_AGAIN_SIDES = 2.6
"""How wide a place where a sticker lies unread is read again, in sticker sides (the place is a
strip-step estimate: a sticker is found up to 0.8 of its side off it)."""

STICKER_TEXTURE_SHARE = 0.25
"""A place where a sticker may lie unread is read again when its texture (`code_texture`) is at least
this share of the frame's median sticker's. On the independent harness's tables a sticker half washed
by glare keeps 0.37 and more of it; 19 places in 20 of bare card and table stay under 0.23-0.26 (seeds
1111 and 101; the rest cost a read, never a code that is not there)."""

DEFAULT_SIZES_MM = {"qr": 18.0, "aruco": 14.0, "microqr": 14.0}
"""Printed code sides of the committed sticker sheets (markers/print)."""


@dataclass
class FrameResult:
    """Everything read from one frame."""

    reading: FrameReading
    plane: TablePlane | None
    placed: list[PlacedMarker]
    observation: Any
    """What the game's camera layout saw (7 Wonders: a `TableObservation`)."""
    positions: list[tuple[float, float] | None] = field(default_factory=list)
    """The table position (mm) of each of `reading.markers`, None where it is off the plane."""
    notes: list[str] = field(default_factory=list)
    seconds: float = 0.0
    late: list[Any] = field(default_factory=list)
    """Earlier frames read again because this one placed a board near their left-over cards (a
    first photo whose board was under a hand): give them to the tracker after `observation`."""


class TableReader:
    """Reads frames of one table: markers, plane and cities, with one lens profile and printed sizes;
    `game` names the camera layout (None: the first game listed), `data` its game data (None: shipped)."""

    def __init__(self, *, data: Any = None, registry: MarkerRegistry | None = None,
                 reader: MarkerReader | None = None, sizes_mm: dict[str, float] | None = None,
                 lens: LensProfile | None = None, player_count: int | None = None,
                 rig: RigProfile | None = None, seating: Sequence[str] = (), game: str | None = None) -> None:
        self.layout = table_layout(game, data)
        self.data = self.layout.data
        self.registry = registry or load_marker_registry()
        self.reader = reader or MarkerReader(self.registry)
        self.sizes = {**DEFAULT_SIZES_MM, **(sizes_mm or {})}
        self.lens = lens
        self.player_count = player_count
        self.rig = rig
        self.seating = list(seating)
        """The wonders clockwise, from the game's set-up (empty when unknown)."""
        self._unplaced: list[tuple[list[PlacedMarker], list[tuple[float, float]] | None, int]] = []
        self._warned: set[str] = set()

    def read(self, frame: np.ndarray, *, sequence: str | None = None) -> FrameResult:
        """Read one frame (grey, BGR or BGRA uint8); `sequence` names its video or camera (None: a
        photo), see `MarkerReader.read`."""
        start = time.perf_counter()
        frame = as_grey(frame)              # once: the reader, the texture and the places read again all read grey
        notes: list[str] = []
        lens = self.lens if self.lens is not None and self.lens.matches(frame) else None
        if self.lens is not None and lens is None:
            self._note_once(notes, "lens", f"lens profile is for {self.lens.width}x{self.lens.height}, the frames "
                                           f"are {frame.shape[1]}x{frame.shape[0]}: reading without it")
        reading = self.reader.read(frame, sequence=sequence)
        markers = reading.markers
        sides = [self.sizes[d.code.family] for d in markers]
        corners = [_ideal_corners(d.corners, lens) for d in markers]
        rig = self.rig if self.rig is not None and self.rig.matches(frame) else None
        if self.rig is not None and rig is None:
            self._note_once(notes, "rig", f"rig profile is for {self.rig.width}x{self.rig.height}, the frames are "
                                          f"{frame.shape[1]}x{frame.shape[0]}: finding the plane in each frame")
        if rig is not None:
            plane: TablePlane | None = place_on_plane(np.array(rig.homography), corners, sides)
        else:
            plane = fit_table_plane(corners, sides) if markers else None
        placed = []
        positions: list[tuple[float, float] | None] = []
        if plane is not None:
            for detection, pose, side in zip(markers, plane.poses, sides, strict=True):
                positions.append(pose.centre if pose.inlier else None)
                if pose.inlier:
                    placed.append(PlacedMarker(detection.component, pose.centre, pose.angle, side,
                                               detection.code.family if detection.code.family != "microqr" else "qr"))
                else:
                    notes.append(f"{detection.component.key} does not lie flat on the table plane "
                                 f"({pose.error_mm:.1f} mm off); ignored in this frame")
        if plane is not None:
            placed += self._look_again(frame, plane, placed, reading, positions)
        if rig is not None:
            seen = {m.component.marker for m in placed}
            for seat in rig.seats:
                board = self.registry.get(seat.marker)
                if seat.marker not in seen and board is not None:
                    placed.append(PlacedMarker(board, seat.centre, seat.angle, seat.side_mm, seat.family,
                                               remembered=True))
        recalled = self.layout.recall(placed)
        self.layout.learn(placed)
        view = _outline(plane, frame, lens)
        observation = self.layout.read(placed + recalled, player_count=self.players(), seating=self.seating,
                                       view=view)
        late = self._read_again()
        left = self.layout.left_over(observation)
        if left:
            self._unplaced = [*self._unplaced, (placed, view, left)][-KEEP_UNPLACED:]
        return FrameResult(reading, plane, placed, observation, positions, notes, time.perf_counter() - start,
                           late)

    def _look_again(self, frame: np.ndarray, plane: TablePlane, placed: list[PlacedMarker], reading: FrameReading,
                    positions: list[tuple[float, float] | None]) -> list[PlacedMarker]:
        """Stickers read in the grey `frame` where the game's layout says one lies unread
        (`TableLayout.places_to_read`: a card of a column under glare), or may lie unread (beyond a
        column's ends) and the picture shows a code's texture there, added to `reading` and
        `positions`; their placed markers."""
        where = getattr(self.layout, "places_to_read", None)
        places, possible = where(placed) if where is not None else ([], [])
        boxes = [box for place in places + _textured(frame, plane, reading, possible)
                 if (box := _place_box(plane, frame, place)) is not None]
        if not boxes:
            return []
        seen = {d.component.marker for d in reading.markers}
        found = []
        modules = [min(x1 - x0, y1 - y0) / (LOOK_AGAIN_SIDES * QR_MODULES) for x0, y0, x1, y1 in boxes]
        for detection in self.reader.read_places(frame, boxes, modules):
            if detection.component.marker not in seen:
                seen.add(detection.component.marker)
                found.append(detection)
        if not found:
            return []
        sides = [self.sizes[d.code.family] for d in found]
        posed = place_on_plane(plane.homography, [d.corners for d in found], sides)
        added = []
        for detection, pose, side in zip(found, posed.poses, sides, strict=True):
            if pose.inlier:
                reading.markers.append(detection)
                positions.append(pose.centre)
                added.append(PlacedMarker(detection.component, pose.centre, pose.angle, side,
                                          detection.code.family if detection.code.family != "microqr" else "qr"))
        return added

    def _read_again(self) -> list[Any]:
        """Earlier frames with cards no city took, read again where the boards learnt since place
        more of them; frames whose every card now has a city are forgotten."""
        late = []
        kept = []
        for placed, view, left in self._unplaced:
            observation = self.layout.read(placed + self.layout.recall(placed), player_count=self.players(),
                                           seating=self.seating, view=view)
            now = self.layout.left_over(observation)
            if now < left:
                late.append(observation)
            if now:
                kept.append((placed, view, min(now, left)))
        self._unplaced = kept
        return late

    def players(self) -> int | None:
        """The player count of the set-up (given, or the seating's length); None when unknown: the
        boards in view are only a lower bound, which must not refuse a card of a larger box."""
        return self.player_count or (len(self.seating) or None)

    def _note_once(self, notes: list[str], key: str, text: str) -> None:
        if key not in self._warned:
            self._warned.add(key)
            notes.append(text)


def _square_in_frame(plane: TablePlane, centre: tuple[float, float], half: float) -> np.ndarray:
    """The frame's pixels of the table's square `2 * half` mm wide around `centre` (mm), corner by corner."""
    x, y = centre
    return plane.to_image(np.array([[x - half, y - half], [x + half, y - half], [x + half, y + half],
                                    [x - half, y + half]]))


def _textured(grey: np.ndarray, plane: TablePlane, reading: FrameReading,
              places: list[tuple[tuple[float, float], float, float]]
              ) -> list[tuple[tuple[float, float], float, float]]:
    """The places whose sticker's square (in the frame) has a code's texture: at least
    `STICKER_TEXTURE_SHARE` of the frame's median QR code's (`companion.vision.texture`)."""
    if not places:
        return []
    reference = median_code_texture(grey, [d.corners for d in reading.markers if d.code.text is not None])
    textured = []
    for place in places:
        centre, _, side = place
        quad = _square_in_frame(plane, centre, side / 2)
        if np.all(np.isfinite(quad)) and code_texture(grey, quad) >= STICKER_TEXTURE_SHARE * reference:
            textured.append(place)
    return textured


def _place_box(plane: TablePlane, frame: np.ndarray, place: tuple[tuple[float, float], float, float]
               ) -> tuple[int, int, int, int] | None:
    """The frame's box (x0, y0, x1, y1) to read a place in: `LOOK_AGAIN_SIDES` sticker sides wide
    around it; None when it is not in the frame."""
    centre, _, side = place
    corners = _square_in_frame(plane, centre, LOOK_AGAIN_SIDES * side / 2)
    if not np.all(np.isfinite(corners)):
        return None
    height, width = frame.shape[:2]
    (x0, y0), (x1, y1) = np.floor(corners.min(axis=0)), np.ceil(corners.max(axis=0))
    box = (int(max(x0, 0)), int(max(y0, 0)), int(min(x1, width)), int(min(y1, height)))
    return box if box[2] - box[0] >= 8 and box[3] - box[1] >= 8 else None


def _ideal_corners(corners: np.ndarray, lens: LensProfile | None) -> np.ndarray:
    """A marker's corners as a distortion-free camera with the same matrix would see them."""
    if lens is None:
        return corners
    matrix = np.array(lens.camera_matrix, dtype=np.float64)
    points = np.asarray(corners, np.float64).reshape(-1, 1, 2)
    ideal = cv2.undistortPoints(points, matrix, np.array(lens.distortion, dtype=np.float64), P=matrix)
    return np.asarray(ideal, np.float64).reshape(-1, 2)


def _outline(plane: TablePlane | None, frame: np.ndarray, lens: LensProfile | None) -> list[tuple[float, float]] | None:
    """The picture's edge on the table plane (mm), from points along the frame's border; None without
    a plane."""
    if plane is None:
        return None
    height, width = frame.shape[:2]
    steps = np.linspace(0.0, 1.0, 5)[:-1]
    border = [(width * t, 0.0) for t in steps] + [(width, height * t) for t in steps] + \
        [(width * (1 - t), height) for t in steps] + [(0.0, height * (1 - t)) for t in steps]
    points = plane.to_table(_ideal_corners(np.array(border, np.float64), lens))
    if not np.all(np.isfinite(points)):
        return None
    return [(float(x), float(y)) for x, y in points]
