"""A fixed camera rig (the Raspberry Pi over the table): its table plane and seat areas, stored once.

With a rig profile the frames need not show enough markers to find the plane, and a board covered
by a hand keeps its seat: positions come from the stored homography and the boards from the
stored seats whenever they are not in view.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from companion.fileformats import other_format
from companion.jsonread import quoted, read_json_file, write_json_file

__all__ = ["RIG_FORMAT", "RigProfile", "RigProfileError"]

RIG_FORMAT = "sevenwonders-rig/1"


class RigProfileError(ValueError):
    """A rig profile that cannot be used; the message says why."""


@dataclass(frozen=True)
class RigSeat:
    """A board marker's place: its number, centre (mm), angle (radians), printed side and family."""

    marker: int
    centre: tuple[float, float]
    angle: float
    side_mm: float
    family: str


@dataclass(frozen=True)
class RigProfile:
    """The stored plane (image pixels -> table mm) at one resolution, and the seats found then."""

    width: int
    height: int
    homography: tuple[tuple[float, ...], ...]
    seats: tuple[RigSeat, ...]

    @classmethod
    def from_frame(cls, result: Any, width: int, height: int) -> RigProfile:
        """Take the plane and the boards of one well-read frame (a `pipeline.FrameResult`).

        :raises RigProfileError: when the frame gave no plane or fewer than two boards.
        """
        boards = [m for m in result.placed if m.component.kind == "wonder_side"]
        if result.plane is None or len(boards) < 2:
            raise RigProfileError("the frame must show the table plane and at least two wonder boards")
        seats = tuple(RigSeat(m.component.marker, m.centre, m.angle, m.side_mm, m.family) for m in boards)
        return cls(width, height, tuple(tuple(float(v) for v in row) for row in result.plane.homography), seats)

    def matches(self, frame: np.ndarray) -> bool:
        """True when the frame has the rig's resolution."""
        return frame.shape[1] == self.width and frame.shape[0] == self.height

    def to_json(self) -> dict[str, Any]:
        """The profile as a JSON document."""
        return {"format": RIG_FORMAT, "width": self.width, "height": self.height,
                "homography": [list(r) for r in self.homography],
                "seats": [{"marker": s.marker, "centre_mm": list(s.centre), "angle": s.angle, "side_mm": s.side_mm,
                           "family": s.family} for s in self.seats]}

    def save(self, path: str | Path) -> None:
        """Write the profile as JSON."""
        write_json_file(path, self.to_json())

    @classmethod
    def load(cls, path: str | Path) -> RigProfile:
        """Read and check a rig profile.

        :raises RigProfileError: when the file is missing, not JSON or holds a bad value.
        """
        document = read_json_file(path, "rig profile", RigProfileError)
        other = other_format(document, RIG_FORMAT)
        if other is not None:
            raise RigProfileError(f"{path}: {other}")
        try:
            if document.get("format") != RIG_FORMAT:
                raise ValueError(f"expected format '{RIG_FORMAT}'")
            matrix = np.array(document["homography"], dtype=np.float64)
            if matrix.shape != (3, 3) or not np.all(np.isfinite(matrix)) or abs(np.linalg.det(matrix)) < 1e-12:
                raise ValueError("homography must be an invertible 3x3 matrix")
            seats = tuple(RigSeat(int(s["marker"]), (float(s["centre_mm"][0]), float(s["centre_mm"][1])),
                                  float(s["angle"]), float(s["side_mm"]), str(s["family"])) for s in document["seats"])
            if any(seat.family not in ("qr", "aruco", "microqr") or seat.side_mm <= 0 for seat in seats):
                raise ValueError("a seat has an unknown family or a size that is not positive")
            width, height = int(document["width"]), int(document["height"])
        except (AttributeError, KeyError, TypeError, ValueError, IndexError) as error:
            raise RigProfileError(f"{path}: not a valid rig profile ({quoted(str(error))[1:-1]})") from None
        return cls(width, height, tuple(tuple(float(v) for v in r) for r in matrix), seats)
