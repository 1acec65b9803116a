"""Whether a board could lie among the pieces seen (`companion.vision.shapes.room_for`), against
room worked out by hand on a few layouts: a 100 x 40 rectangle, its top-left corner in a range."""

from __future__ import annotations

import numpy as np

from companion.vision.shapes import room_for


def _box(x0: float, y0: float, x1: float, y1: float) -> np.ndarray:
    return np.array([[x0, y0], [x1, y0], [x1, y1], [x0, y1]], np.float64)


def test_a_rectangle_fits_only_where_the_gap_between_two_pieces_is_wide_enough() -> None:
    """Pieces at x <= 0 and x >= 130 (y 0-50): the gap is 130 wide; a 100 wide rectangle kept 10
    clear of each needs 120, kept 20 clear needs 140."""
    pieces = [_box(-50, 0, 0, 50), _box(130, 0, 180, 50)]
    assert room_for(100, 40, (-30, 100), (0, 10), [(p, 10.0, 0.0) for p in pieces])
    assert not room_for(100, 40, (-30, 100), (0, 10), [(p, 20.0, 0.0) for p in pieces])
    # Only corners from x = 10 to 20 fit with the 10 mm gap: a range of x from 21 on has none.
    assert not room_for(100, 40, (21, 100), (0, 10), [(p, 10.0, 0.0) for p in pieces])
    assert room_for(100, 40, (19, 100), (0, 10), [(p, 10.0, 0.0) for p in pieces])


def test_the_rectangle_may_pass_above_or_below_a_piece() -> None:
    """A piece at y 0-50 blocks a 40 high rectangle at y 0-10, not one whose corner may go down to
    y 60 (it then lies below the piece, 10 clear). Above the piece, with `below` 30 (the rectangle
    keeps 30 more in front of it clear), its corner must lie 70 or more above the piece's top."""
    piece = _box(0, 0, 200, 50)
    assert not room_for(100, 40, (0, 100), (0, 10), [(piece, 10.0, 0.0)])
    assert room_for(100, 40, (0, 100), (0, 60), [(piece, 10.0, 0.0)])
    assert not room_for(100, 40, (0, 100), (-65, -40), [(piece, 0.0, 30.0)])
    assert room_for(100, 40, (0, 100), (-75, -40), [(piece, 0.0, 30.0)])
    assert room_for(100, 40, (0, 100), (-65, -40), [(piece, 0.0, 0.0)])


def test_bands_keep_the_corner_on_a_line() -> None:
    """A band x + y in [0, 5] with the corner in 0-100 x 0-100: corners exist (e.g. 0, 0); with a
    piece covering x 0-150 at y 0-60 (gap 0), they lie only where x + y <= 5 and y >= 60: none."""
    band = [((1.0, 1.0), 0.0, 5.0)]
    assert room_for(100, 40, (0, 100), (0, 100), [], bands=band)
    assert not room_for(100, 40, (0, 100), (0, 100), [(_box(0, 0, 150, 60), 0.0, 0.0)], bands=band)
    assert not room_for(100, 40, (50, 40), (0, 100), [])                       # an empty range
