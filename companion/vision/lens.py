"""Lens profiles: calibrate a camera on a printed ChArUco board, save, load, undistort.

A profile is a JSON file with the camera's resolution, its matrix, the distortion coefficients and
the calibration's reprojection error. Loading checks every field; a corrupt or mismatched profile
raises `LensProfileError` with a one-line reason, and callers read on without it.
"""

from __future__ import annotations

import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import cv2
import numpy as np

from companion.fileformats import other_format
from companion.jsonread import read_json_file, write_json_file

__all__ = [
    "CHARUCO",
    "PROFILE_FORMAT",
    "CharucoSpec",
    "FrameVerdict",
    "LensProfile",
    "LensProfileError",
    "calibrate_lens",
]

PROFILE_FORMAT = "sevenwonders-lens/1"


class LensProfileError(ValueError):
    """A lens profile that cannot be used; the message says why."""


@dataclass(frozen=True)
class CharucoSpec:
    """The printed calibration board: squares across and down, their side, the markers' side."""

    squares_x: int = 9
    squares_y: int = 6
    square_mm: float = 28.0
    marker_mm: float = 21.0
    """Three quarters of a square: a 4x4 marker with its border is 6 of a square's 8 modules."""
    dictionary: str = "DICT_4X4_50"
    """A dictionary other than the game markers' so the board is never read as components."""

    def board(self) -> Any:
        """The OpenCV board object."""
        vocabulary = cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, self.dictionary))
        return cv2.aruco.CharucoBoard((self.squares_x, self.squares_y), self.square_mm, self.marker_mm, vocabulary)

    @property
    def corner_count(self) -> int:
        """The inner chessboard corners of the board."""
        return (self.squares_x - 1) * (self.squares_y - 1)


CHARUCO = CharucoSpec()


@dataclass(frozen=True)
class LensProfile:
    """A calibrated camera at one resolution."""

    width: int
    height: int
    camera_matrix: tuple[tuple[float, ...], ...]
    distortion: tuple[float, ...]
    rms_error_px: float
    frames_used: int = 0

    def matches(self, frame: np.ndarray) -> bool:
        """True when the frame has the profile's resolution."""
        return frame.shape[1] == self.width and frame.shape[0] == self.height

    def undistort(self, frame: np.ndarray) -> np.ndarray:
        """The frame with the lens distortion removed (same size, same camera matrix)."""
        matrix = np.array(self.camera_matrix, dtype=np.float64)
        return cv2.undistort(frame, matrix, np.array(self.distortion, dtype=np.float64))

    def to_json(self) -> dict[str, Any]:
        """The profile as a JSON document."""
        return {"format": PROFILE_FORMAT, "width": self.width, "height": self.height,
                "camera_matrix": [list(row) for row in self.camera_matrix], "distortion": list(self.distortion),
                "rms_error_px": self.rms_error_px, "frames_used": self.frames_used}

    def save(self, path: str | Path) -> None:
        """Write the profile as JSON."""
        write_json_file(path, self.to_json())

    @classmethod
    def load(cls, path: str | Path) -> LensProfile:
        """Read and check a profile.

        :raises LensProfileError: when the file is missing, not JSON or holds a bad value.
        """
        document = read_json_file(path, "lens profile", LensProfileError)
        try:
            return cls.from_json(document)
        except LensProfileError as error:
            raise LensProfileError(f"{path}: {error}") from None

    @classmethod
    def from_json(cls, document: Any) -> LensProfile:
        """Build a profile from its JSON document.

        :raises LensProfileError: for any missing, mistyped or impossible value.
        """
        other = other_format(document, PROFILE_FORMAT)
        if other is not None:
            raise LensProfileError(other)
        if not isinstance(document, dict) or document.get("format") != PROFILE_FORMAT:
            raise LensProfileError(f"not a lens profile (expected format '{PROFILE_FORMAT}')")
        width, height = document.get("width"), document.get("height")
        if not all(isinstance(v, int) and not isinstance(v, bool) and 0 < v <= 20000 for v in (width, height)):
            raise LensProfileError("width and height must be whole numbers of pixels")
        matrix = document.get("camera_matrix")
        rows_ok = isinstance(matrix, list) and len(matrix) == 3 and all(
            isinstance(r, list) and len(r) == 3 for r in matrix)
        if not (rows_ok and all(_finite(v) for r in matrix for v in r)):
            raise LensProfileError("camera_matrix must be 3 rows of 3 numbers")
        problem = _impossible_matrix(matrix, width, height)
        if problem:
            raise LensProfileError(f"camera_matrix is impossible for {width}x{height}: {problem}")
        distortion = document.get("distortion")
        if not (isinstance(distortion, list) and len(distortion) in (4, 5, 8, 12, 14)
                and all(_finite(v) for v in distortion)):
            raise LensProfileError("distortion must be a list of 4, 5, 8, 12 or 14 numbers")
        rms = document.get("rms_error_px", math.nan)
        if not _finite(rms):
            raise LensProfileError("rms_error_px must be a number")
        frames = document.get("frames_used", 0)
        return cls(width, height, tuple(tuple(float(v) for v in row) for row in matrix),
                   tuple(float(v) for v in distortion), float(rms), int(frames) if isinstance(frames, int) else 0)


def _impossible_matrix(matrix: list[list[float]], width: int, height: int) -> str:
    """Why a camera matrix cannot be a real camera's at this resolution (empty when it can be): the
    form [[fx, s, cx], [0, fy, cy], [0, 0, 1]], focal lengths from 1/20 to 100 times the larger side
    (a fisheye to a long telephoto) and within 4 times of each other, a skew below the focal
    length, the principal point inside the image."""
    fx, skew, cx = matrix[0]
    below, fy, cy = matrix[1]
    side = max(width, height)
    if below != 0 or list(matrix[2]) != [0, 0, 1]:
        return "its form is [[fx, s, cx], [0, fy, cy], [0, 0, 1]]"
    if not (side / 20 <= fx <= side * 100 and side / 20 <= fy <= side * 100):
        return f"focal lengths must lie between {side / 20:g} and {side * 100:g} pixels"
    if not 0.25 <= fx / fy <= 4 or abs(skew) >= min(fx, fy):
        return "the focal lengths are too unequal or the skew too large"
    if not (0 <= cx <= width and 0 <= cy <= height):
        return "the principal point lies outside the image"
    return ""


def _finite(value: Any) -> bool:
    return isinstance(value, int | float) and not isinstance(value, bool) and math.isfinite(value)


@dataclass(frozen=True)
class FrameVerdict:
    """Whether one calibration frame was used, and why not."""

    name: str
    used: bool
    reason: str
    corners: int = 0


def calibrate_lens(frames: Iterable[tuple[str, np.ndarray]], spec: CharucoSpec = CHARUCO, *,
                   min_corners: int = 12, min_frames: int = 6) -> tuple[LensProfile | None, list[FrameVerdict]]:
    """Calibrate from frames showing the printed ChArUco board; say for each frame why it was refused.

    Frames are refused when the board is not found, too few corners are seen, the image is too
    blurred, or the view repeats an earlier one. Returns no profile when too few frames remain.
    """
    board = spec.board()
    detector = cv2.aruco.CharucoDetector(board)
    object_points: list[np.ndarray] = []
    image_points: list[np.ndarray] = []
    verdicts: list[FrameVerdict] = []
    size: tuple[int, int] | None = None
    views: list[np.ndarray] = []
    for name, frame in frames:
        grey = frame if frame.ndim == 2 else cv2.cvtColor(frame, cv2.COLOR_BGR2GRAY)
        if size is None:
            size = (grey.shape[1], grey.shape[0])
        elif (grey.shape[1], grey.shape[0]) != size:
            verdicts.append(FrameVerdict(name, False, f"resolution {grey.shape[1]}x{grey.shape[0]} differs from the "
                                                      f"first frame's {size[0]}x{size[1]}"))
            continue
        corners, ids, _, _ = detector.detectBoard(grey)
        count = 0 if ids is None else len(ids)
        if count == 0:
            verdicts.append(FrameVerdict(name, False, "calibration board not found"))
            continue
        if count < min_corners:
            verdicts.append(FrameVerdict(name, False, f"only {count} board corners seen (need {min_corners})",
                                         count))
            continue
        sharpness = float(cv2.Laplacian(grey, cv2.CV_64F).var())
        if sharpness < 15.0:
            verdicts.append(FrameVerdict(name, False, f"too blurred (sharpness {sharpness:.0f})", count))
            continue
        view = corners.reshape(-1, 2).mean(axis=0)
        if any(np.linalg.norm(view - other) < 0.02 * max(size) for other in views) and count < spec.corner_count:
            verdicts.append(FrameVerdict(name, False, "repeats an earlier view", count))
            continue
        objects, images = board.matchImagePoints(corners, ids)
        object_points.append(objects)
        image_points.append(images)
        views.append(view)
        verdicts.append(FrameVerdict(name, True, "used", count))
    if size is None or len(object_points) < min_frames:
        return None, verdicts
    rms, matrix, distortion, _, _ = cv2.calibrateCamera(object_points, image_points, size, None, None)
    profile = LensProfile(size[0], size[1], tuple(tuple(float(v) for v in row) for row in matrix),
                          tuple(float(v) for v in distortion.ravel()), float(rms), len(object_points))
    return profile, verdicts


def write_charuco_pdf(path: Path, paper: str, spec: CharucoSpec = CHARUCO) -> Path:
    """A vector PDF of the calibration board at exact size, centred on A4 or Letter (landscape)."""
    from fpdf import FPDF

    from companion.markers.sheets import FIXED_DATE, PAPERS, _font_path

    long_side, short_side = max(PAPERS[paper]), min(PAPERS[paper])
    pdf = FPDF(orientation="L", unit="mm", format=(short_side, long_side))
    pdf.set_creation_date(FIXED_DATE)
    pdf.set_producer("Table Companion for 7 Wonders")
    pdf.set_auto_page_break(False)
    pdf.add_page()
    pdf.add_font("label", "", _font_path())
    width, height = spec.squares_x * spec.square_mm, spec.squares_y * spec.square_mm
    x0, y0 = (long_side - width) / 2, (short_side - height) / 2 + 4
    # One pixel per module: markers are 6 modules (4 bits and a border) and inset one module, so a
    # square is 8 modules and OpenCV's own image of the board gives every cell exactly.
    module = spec.square_mm / 8
    image = spec.board().generateImage((spec.squares_x * 8, spec.squares_y * 8), marginSize=0, borderBits=1)
    pdf.set_fill_color(0, 0, 0)
    for r in range(image.shape[0]):
        start = None
        for c in range(image.shape[1] + 1):
            dark = c < image.shape[1] and image[r, c] < 128
            if dark and start is None:
                start = c
            elif not dark and start is not None:
                pdf.rect(x0 + start * module, y0 + r * module, (c - start) * module, module, style="F")
                start = None
    pdf.set_font("label", size=8)
    pdf.text(x0, y0 - 6, f"Table Companion lens calibration board: {spec.squares_x}x{spec.squares_y} squares of "
                         f"{spec.square_mm:g} mm, markers {spec.marker_mm:g} mm ({spec.dictionary}). Print at 100%.")
    pdf.text(x0, y0 + height + 6, "Check: one square must measure exactly "
                                  f"{spec.square_mm:g} mm. Keep the sheet flat (glue it on card).")
    pdf.output(str(path))
    return path


def frame_names(paths: Sequence[str]) -> list[str]:
    """Display names for frames read from files."""
    return [Path(p).name for p in paths]
