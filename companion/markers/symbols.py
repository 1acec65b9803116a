"""The module grids of the printed codes: a QR code (version 1, level H) or an ArUco marker.

A grid is a tuple of rows of booleans, True for a dark module, without quiet zone; `QUIET_MODULES`
says how many light modules the sticker keeps around it.
"""

from __future__ import annotations

from functools import cache

from companion.markers.codec import encode_payload
from companion.markers.registry import MarkerRegistry

__all__ = ["FAMILIES", "QUIET_MODULES", "Grid", "aruco_grid", "marker_grid", "qr_grid"]

FAMILIES = ("qr", "aruco")
QUIET_MODULES = {"qr": 2, "aruco": 1}
"""Light modules around the code on the sticker: 2 for QR (readers tolerate less than the
standard's 4, measured), 1 for ArUco (its own black border does the rest)."""

Grid = tuple[tuple[bool, ...], ...]


def qr_grid(payload: str) -> Grid:
    """A version-1 QR code at error correction H in alphanumeric mode (21x21 modules).

    :raises ValueError: when the payload does not fit that code.
    """
    import segno

    code = segno.make_qr(payload, version=1, error="h", mode="alphanumeric", boost_error=False)
    rows = list(code.matrix)
    return tuple(tuple(bool(cell) for cell in row) for row in rows)


@cache
def _dictionary(name: str):  # type: ignore[no-untyped-def]
    import cv2

    return cv2.aruco.getPredefinedDictionary(getattr(cv2.aruco, name))


def aruco_grid(marker_id: int, dictionary: str) -> Grid:
    """The cells of an ArUco marker with its black border ((n+2)x(n+2) for an n-bit dictionary)."""
    import cv2

    vocabulary = _dictionary(dictionary)
    side = vocabulary.markerSize + 2
    image = cv2.aruco.generateImageMarker(vocabulary, marker_id, side)
    return tuple(tuple(bool(image[y, x] < 128) for x in range(side)) for y in range(side))


def marker_grid(family: str, number: int, registry: MarkerRegistry) -> Grid:
    """The code printed for marker `number` in `family` (``qr`` or ``aruco``)."""
    if family == "qr":
        return qr_grid(encode_payload(number, registry))
    if family == "aruco":
        return aruco_grid(number, registry.fiducial_dictionary)
    raise ValueError(f"unknown marker family {family!r}; one of {', '.join(FAMILIES)}")
