"""Stickers the table's layout expects where none was read (a card of a column under glare), and the
reader reading those places again (issue 27)."""

from __future__ import annotations

import numpy as np
import pytest

from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.vision.layout import column_end_places, missing_column_places, unread_places
from companion.markers import Component, load_marker_registry
from companion.markers.codec import encode_payload
from companion.vision.placed import PlacedMarker
from companion.vision.reader import FrameReading, MarkerReader
from tests.test_vision_decoding import _frame, paste_code, under_soft_glare

REGISTRY = load_marker_registry()
DATA = load_game_data()


def _blue_cards() -> list[Component]:
    cards = [c for c in REGISTRY.components if c.kind == "card" and c.set == "base"
             and DATA.cards[c.card or ""].color == "blue"]
    assert len(cards) >= 9
    return cards


def _column(cards: list[Component], x: float, ys: list[float]) -> list[PlacedMarker]:
    """Blue cards of one column, upright (top edge along +x): smaller y lies further up the column."""
    return [PlacedMarker(cards.pop(), (x, y), 0.0, 22.0, "qr") for y in ys]


def test_a_card_missing_inside_a_column_is_a_place_to_read_again() -> None:
    """Stickers 25 mm apart, then 50: the strip is the median step, 25 mm, so one card lies unread
    halfway, at y = -50; a column whose steps are all one strip has no such place."""
    cards = _blue_cards()
    placed = _column(cards, 100.0, [0.0, -25.0, -75.0, -100.0]) + _column(cards, 400.0, [0.0, -25.0, -50.0])
    places = unread_places(placed, DATA)
    assert [(round(x), round(y)) for (x, y), _, _ in places] == [(100, -50)]
    assert places[0][1:] == (0.0, 22.0)


def test_two_columns_in_line_are_one_column_with_cards_unread_between() -> None:
    """Strip 30 mm (steps of 30 in both columns); a column whose first card lies 120 mm above the
    other's last (farther than a stack's link, 100 mm, within 4.5 strips, 135 mm) has 120 / 30 - 1 = 3
    cards between, at -90, -120 and -150; a column 170 mm above another (5.7 strips) is another
    column, no place between them."""
    cards = _blue_cards()
    placed = _column(cards, 100.0, [0.0, -30.0, -60.0]) + _column(cards, 100.0, [-180.0, -210.0]) + \
        _column(cards, 500.0, [0.0, -30.0]) + _column(cards, 500.0, [-200.0, -230.0])
    places = sorted(unread_places(placed, DATA), key=lambda place: -place[0][1])
    assert [(round(x), round(y)) for (x, y), _, _ in places] == [(100, -90), (100, -120), (100, -150)]


def test_too_few_steps_say_no_strip() -> None:
    """With fewer than three steps between neighbours in view the strip is not known: no place."""
    cards = _blue_cards()
    assert unread_places(_column(cards, 100.0, [0.0, -50.0, -75.0]), DATA) == []


def test_a_card_may_lie_unread_beyond_either_end_of_a_column() -> None:
    """Columns of steps 25, 25, 25 and 30, 30 (strip 25, the median of 25, 25, 25, 30, 30): one place
    a step below each column's first card and one above its last, each column at its own step; a
    lone card (no step of its own) at one strip along its axis both ways; a place as near a read
    sticker as 0.6 strip (15 mm) is none (the board's sticker 10 mm below the second column)."""
    cards = _blue_cards()
    placed = _column(cards, 100.0, [0.0, -25.0, -50.0, -75.0]) + _column(cards, 400.0, [0.0, -30.0, -60.0]) + \
        _column(cards, 700.0, [0.0])
    board = next(c for c in REGISTRY.components if c.kind == "wonder_side")
    placed.append(PlacedMarker(board, (400.0, 40.0), 0.0, 22.0, "qr"))
    places = {(round(x), round(y)) for (x, y), _, _ in column_end_places(placed, DATA)}
    assert places == {(100, 25), (100, -100), (400, -90), (700, 25), (700, -25)}


def test_a_column_missing_from_a_row_may_lie_unread() -> None:
    """A row of columns 70 mm apart (the pitch: the shortest), then 140 mm (2 pitches: one column
    between, at x = 310), then 70: the missing column's places run up from the row's level at the
    strip (25 mm), one card more than the taller neighbour (2 cards): y = 0, -25, -50. A row of two
    columns only (one pair) says no pitch: no place."""
    cards = _blue_cards() + _blue_cards()
    placed = _column(cards, 100.0, [0.0, -25.0]) + _column(cards, 170.0, [0.0, -25.0]) + \
        _column(cards, 240.0, [0.0, -25.0]) + _column(cards, 380.0, [0.0]) + _column(cards, 450.0, [0.0])
    places = {(round(x), round(y)) for (x, y), _, _ in missing_column_places(placed, DATA)}
    assert places == {(310, 0), (310, -25), (310, -50)}
    assert missing_column_places(_column(cards, 100.0, [0.0, -25.0, -50.0]) + _column(cards, 240.0, [0.0, -25.0]),
                                 DATA) == []


@pytest.fixture
def glared() -> np.ndarray:
    """Sticker 40 at 2.1 pixels per module under a soft glare (its top-left corner at 90, 90, about
    44 pixels wide), which a whole-frame read misses, and sticker 41 clean at 200, 200."""
    frame = _frame(300, 300)
    paste_code(frame, "qr", 40, 90, 90, 2.1)
    paste_code(frame, "qr", 41, 200, 200, 2.1)
    return under_soft_glare(frame, (90, 90, 21 * 2.1))


def test_the_reader_reads_a_glared_place_again(glared: np.ndarray) -> None:
    """The whole frame read misses sticker 40; its place read again finds it (and only what lies
    there: sticker 41 is outside the box), each as the component of its payload."""
    reader = MarkerReader(REGISTRY, aruco=False)
    assert 40 not in {d.component.marker for d in reader.read(glared).markers}
    around = reader.read_places(glared, [(60, 60, 170, 170)])
    assert [(d.code.text, d.component.marker) for d in around] == [(encode_payload(40, REGISTRY), 40)]
    assert [d.component.marker for d in reader.read_places(glared, [(170, 170, 270, 270)])] == [41]
    assert reader.read_places(glared, []) == []


class _OnePlace:
    """A camera layout that says one sticker lies unread at `place` (table mm), or (`possible`) may."""

    data = None

    def __init__(self, place: tuple[float, float], *, possible: bool = False) -> None:
        self.place = place
        self.possible = possible
        self.asked: list[int] = []

    def places_to_read(self, placed: list[PlacedMarker]) -> tuple[list[tuple[tuple[float, float], float, float]],
                                                                  list[tuple[tuple[float, float], float, float]]]:
        self.asked.append(len(placed))
        places = [(self.place, 0.0, 22.0)]
        return ([], places) if self.possible else (places, [])

    def read(self, placed: list[PlacedMarker], **_: object) -> list[PlacedMarker]:
        return list(placed)

    def recall(self, placed: list[PlacedMarker]) -> list[PlacedMarker]:
        return []

    def learn(self, placed: list[PlacedMarker]) -> None:
        pass

    def left_over(self, observation: object) -> int:
        return 0


class _Glare(MarkerReader):
    """A reader whose whole-frame read misses sticker 40 (as under glare); places are read as usual."""

    def read(self, frame: np.ndarray, *, sequence: str | None = None) -> FrameReading:
        reading = super().read(frame, sequence=sequence)
        reading.markers = [d for d in reading.markers if d.component.marker != 40]
        return reading


def test_the_table_reader_adds_a_sticker_read_again_where_the_layout_expects_one() -> None:
    """Stickers 40 and 41 at 4 pixels per module, 40 missed by the whole-frame read: where the layout
    says a sticker lies unread (sticker 40's centre, on the plane sticker 41 gives) it is read, placed
    on the table and added to the reading; a place with nothing there adds nothing."""
    from companion.vision.pipeline import TableReader

    frame = _frame(400, 300)
    paste_code(frame, "qr", 40, 60, 60, 4.0)            # 84 pixels wide: its centre at 102, 102
    paste_code(frame, "qr", 41, 260, 160, 4.0)
    reader = TableReader(registry=REGISTRY, reader=_Glare(REGISTRY, aruco=False), sizes_mm={"qr": 22.0})
    plane = reader.read(frame).plane
    assert plane is not None
    centre = plane.to_table(np.array([[102.0, 102.0]]))[0]
    layout = _OnePlace((float(centre[0]), float(centre[1])))
    reader.layout = layout
    again = reader.read(frame)
    assert layout.asked == [1]                          # asked with the one sticker read, 41
    assert sorted(m.component.marker for m in again.placed) == [40, 41]
    assert sorted(d.component.marker for d in again.reading.markers) == [40, 41]
    placed = next(m for m in again.placed if m.component.marker == 40)
    assert np.hypot(*(np.array(placed.centre) - centre)) < 2.0          # where it lies, within 2 mm
    empty = plane.to_table(np.array([[340.0, 40.0]]))[0]
    reader.layout = _OnePlace((float(empty[0]), float(empty[1])))
    assert sorted(m.component.marker for m in reader.read(frame).placed) == [41]


def test_a_place_where_a_sticker_may_lie_is_read_only_where_a_code_shows() -> None:
    """Sticker 40 missed by the whole-frame read, under the glare of `under_soft_glare`: where the
    layout says a sticker *may* lie, its place is read when the picture there has a code's texture
    (sticker 40: found), not on bare card (nothing read there: the reader is not even asked)."""
    from companion.vision.pipeline import TableReader

    frame = _frame(400, 300)
    paste_code(frame, "qr", 40, 60, 60, 4.0)
    paste_code(frame, "qr", 41, 260, 160, 4.0)
    frame = under_soft_glare(frame, (60, 60, 84))
    reader = TableReader(registry=REGISTRY, reader=_Glare(REGISTRY, aruco=False), sizes_mm={"qr": 22.0})
    plane = reader.read(frame).plane
    assert plane is not None
    centre = plane.to_table(np.array([[102.0, 102.0]]))[0]
    reader.layout = _OnePlace((float(centre[0]), float(centre[1])), possible=True)
    assert sorted(m.component.marker for m in reader.read(frame).placed) == [40, 41]
    asked: list[int] = []
    reader.reader.read_places = lambda frame, boxes: asked.append(len(boxes)) or []  # type: ignore[method-assign]
    bare = plane.to_table(np.array([[330.0, 60.0]]))[0]
    reader.layout = _OnePlace((float(bare[0]), float(bare[1])), possible=True)
    assert sorted(m.component.marker for m in reader.read(frame).placed) == [41]
    assert asked == []


def test_a_code_has_more_texture_than_card_or_table() -> None:
    """The texture measure: a code at 3 pixels per module against the flat card around it (0), and
    the same code under soft glare keeps more than `STICKER_TEXTURE_SHARE` of the clean one's."""
    from companion.vision.pipeline import STICKER_TEXTURE_SHARE
    from companion.vision.texture import code_texture

    frame = _frame(300, 200)
    quad = paste_code(frame, "qr", 40, 40, 40, 3.0)
    clean = code_texture(frame, quad)
    assert code_texture(frame, quad + np.float32([150, 0])) == 0.0
    glared = under_soft_glare(frame, (40, 40, 63))
    assert code_texture(glared, quad) >= STICKER_TEXTURE_SHARE * clean
    assert np.isnan(code_texture(frame, quad - np.float32([60, 0])))
