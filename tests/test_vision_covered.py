"""Stickers whose bottom quiet zone the next card of a column covers: read where they can be, and
nothing else read in their place (`companion.vision.covered`)."""

from __future__ import annotations

import cv2
import numpy as np
import pytest

from companion.markers import Component, load_marker_registry, read_payload
from companion.simulation import render
from companion.vision.decoders import ArucoDecoder, ZxingDecoder, as_grey
from companion.vision.reader import MarkerReader

REGISTRY = load_marker_registry()
SIZE = 420
PPM = 4.0
"""Pixels per module of the column's stickers: a 14 mm ArUco code seen at 4K over a table."""


def _column(covered: list[int], last: int, rng: np.random.Generator, *, dark_edge: bool = True,
            turn_deg: float = 0.0, tilt_deg: float = 0.0, above: np.ndarray | None = None, family: str = "aruco"
            ) -> tuple[np.ndarray, list[np.ndarray]]:
    """A column of cards on busy art: each card of `covered` shows its sticker's code down to its
    lower edge only (the next card's edge on it), the `last` card shows its whole sticker. With
    `above`, that flat image (sticker-sized) takes the place of the first covered sticker.
    Returns the frame and the true corners of the covered codes in it."""
    frame = render.busy_art(SIZE, SIZE, PPM / 2, rng)
    image, corners_in_sticker, modules = render.marker_sticker(family, last, REGISTRY)
    target = render.quad((SIZE / 2, SIZE * 0.3), modules * PPM, tilt_deg, turn_deg, rng)
    sticker_to_frame = cv2.getPerspectiveTransform(corners_in_sticker, target)
    step = float(corners_in_sticker[2][1]) + 2 * render.SOURCE_PX
    truths = []
    for index, number in enumerate([*covered, last]):
        down = np.array([[1, 0, 0], [0, 1, index * step], [0, 0, 1]], dtype=np.float64)
        here = sticker_to_frame @ down
        sticker = render.marker_sticker(family, number, REGISTRY)[0] if index or above is None else above
        render.paste(frame, sticker, here)
        if number != last:
            truths.append(cv2.perspectiveTransform(corners_in_sticker.reshape(-1, 1, 2), here).reshape(4, 2))
            card = render.busy_art(image.shape[0] * 2, image.shape[1] * 3, render.SOURCE_PX / 2, rng)
            # The dark edge: as thick as the markers bench draws it (about 0.7 and 1.9 modules).
            edge = render.SOURCE_PX * (2 if family == "qr" else 1) * 2 // 3
            card[:edge] = (card[:edge] * 0.3).astype(np.uint8) if dark_edge else 215
            if not dark_edge:
                card[edge:3 * edge] = 215
            cut = float(corners_in_sticker[2][1])
            render.paste(frame, card, here @ np.array([[1, 0, -float(image.shape[1])], [0, 1, cut], [0, 0, 1]]))
    frame = render.degrade(frame, render.Degradation(blur=0.5, noise=3.0, jpeg_quality=90), rng)
    return frame, truths


READERS = {family: MarkerReader.for_family(family, REGISTRY, reuse=False) for family in ("aruco", "qr")}


def _read(frame: np.ndarray, family: str = "aruco") -> dict[int, np.ndarray]:
    reading = READERS[family].read(frame)
    return {d.component.marker: d.corners for d in reading.markers}


@pytest.mark.parametrize(("turn", "tilt"), [(0.0, 0.0), (35.0, 20.0), (200.0, 30.0)])
def test_a_sticker_whose_margin_the_next_cards_dark_edge_covers_is_read(turn: float, tilt: float) -> None:
    rng = np.random.default_rng(11)
    frame, (truth,) = _column([57], 999, rng, turn_deg=turn, tilt_deg=tilt)
    # OpenCV's detector alone does not see it: the code's border merges with the card's edge.
    assert 57 not in {code.fiducial_id for code in ArucoDecoder(REGISTRY.fiducial_dictionary).decode(frame)}
    found = _read(frame)
    assert set(found) == {57, 999}
    # Corner 0 is the code's top-left, as for any other marker; all four within a module (1-2 mm),
    # plenty for placing the card (the covered corners are inferred, not seen).
    assert np.abs(found[57] - truth).max() < PPM


def test_a_sticker_covered_by_a_light_card_edge_is_read() -> None:
    rng = np.random.default_rng(12)
    frame, (truth,) = _column([134], 999, rng, dark_edge=False, turn_deg=80.0, tilt_deg=15.0)
    found = _read(frame)
    assert set(found) == {134, 999}
    assert np.abs(found[134] - truth).max() < PPM


@pytest.mark.parametrize(("turn", "tilt"), [(0.0, 0.0), (120.0, 25.0)])
def test_a_qr_sticker_whose_margin_the_next_cards_dark_edge_covers_is_read(turn: float, tilt: float) -> None:
    rng = np.random.default_rng(14)
    frame, (truth,) = _column([57], 999, rng, turn_deg=turn, tilt_deg=tilt, family="qr")
    # zxing-cpp alone does not read it: the bottom-left finder pattern merges with the card's edge.
    bare = {read_payload(code.text, REGISTRY) for code in ZxingDecoder().decode(frame) if code.text}
    assert 57 not in {meaning.marker for meaning in bare if isinstance(meaning, Component)}
    found = _read(frame, "qr")
    assert set(found) == {57, 999}
    assert np.abs(found[57] - truth).max() < PPM


def test_a_column_of_covered_stickers_is_followed_upwards() -> None:
    rng = np.random.default_rng(13)
    frame, truths = _column([5, 61, 230], 999, rng, turn_deg=10.0, tilt_deg=10.0)
    found = _read(frame)
    assert set(found) == {5, 61, 230, 999}
    for number, truth in zip((5, 61, 230), truths, strict=True):
        assert np.abs(found[number] - truth).max() < PPM


def _lookalike(kind: str, rng: np.random.Generator) -> np.ndarray:
    """A sticker-sized flat image of a pattern that is no marker: a QR finder pattern, a QR code
    too small to decode, card art, or a marker's border with random bits that are no id."""
    image, corners, _ = render.marker_sticker("aruco", 999, REGISTRY)
    start, end = int(corners[0][0]), int(corners[2][0])
    module = render.SOURCE_PX
    flat = image.copy()
    if kind == "card art":
        return render.busy_art(image.shape[0], image.shape[1], module / 2, rng)
    if kind == "finder pattern":
        flat[start:end, start:end] = 25
        flat[start + module:end - module, start + module:end - module] = 235
        flat[start + 2 * module:end - 2 * module, start + 2 * module:end - 2 * module] = 25
        return flat
    if kind == "small qr code":
        cells = rng.random((21, 21)) < 0.5
        tiles = np.kron(cells, np.ones((4, 4), bool))
        flat[start:end, start:end] = np.where(tiles, 25, 235)
        return flat
    # Random bits inside a true border: a marker whose bits are no id of the dictionary.
    bits = rng.random((5, 5)) < 0.5
    flat[start + module:end - module, start + module:end - module] = np.where(
        np.kron(bits, np.ones((module, module), bool)), 235, 25)
    return flat


@pytest.mark.parametrize("kind", ["card art", "finder pattern", "small qr code", "random bits"])
def test_nothing_but_markers_is_read_where_a_covered_sticker_could_be(kind: str) -> None:
    rng = np.random.default_rng(21)
    for _ in range(12):
        frame, _ = _column([999], 17, rng, turn_deg=float(rng.uniform(0, 360)), tilt_deg=float(rng.uniform(0, 30)),
                           above=_lookalike(kind, rng))
        assert set(_read(frame)) == {17}


def test_busy_art_above_every_marker_yields_no_component() -> None:
    """Markers on busy art with nothing covered: the search above each finds nothing."""
    rng = np.random.default_rng(22)
    for _ in range(10):
        frame = render.busy_art(SIZE, SIZE, PPM / 2, rng)
        numbers = [int(n) for n in rng.choice(199, 3, replace=False) + 1]
        for number, (x, y) in zip(numbers, [(110, 300), (300, 300), (210, 120)], strict=True):
            image, corners, modules = render.marker_sticker("aruco", number, REGISTRY)
            target = render.quad((x, y), modules * PPM, float(rng.uniform(0, 30)), float(rng.uniform(0, 360)), rng)
            render.paste(frame, image, cv2.getPerspectiveTransform(corners, target))
        frame = render.degrade(frame, render.Degradation(blur=0.5, noise=3.0, jpeg_quality=90), rng)
        assert set(_read(frame)) <= set(numbers)


def test_a_marker_at_the_frames_edge_is_searched_above_within_the_frame() -> None:
    """The region above a marker near the frame's top edge lies partly outside the frame: the
    search reads nothing there (a crop of a video frame decoded again is such a frame)."""
    rng = np.random.default_rng(23)
    for _ in range(6):
        frame = render.busy_art(160, 200, PPM / 2, rng)
        image, corners, modules = render.marker_sticker("aruco", 88, REGISTRY)
        target = render.quad((100, 30), modules * PPM, 0.0, float(rng.uniform(-30, 30)), rng)
        render.paste(frame, image, cv2.getPerspectiveTransform(corners, target))
        assert set(_read(frame)) <= {88}


def test_the_qr_regions_looked_at_together_are_kept_as_each_looked_at_alone() -> None:
    # The QR search's first look warps every region above the codes read in one remap and scores
    # them as a stack; each region warped alone and scored alone must give the same verdict: the
    # covered code's region kept, the busy art around the other codes dropped.
    from companion.vision.covered import CoveredQrFinder

    rng = np.random.default_rng(14)
    frame, _ = _column([57], 999, rng, family="qr")
    grey = as_grey(frame)
    finder = CoveredQrFinder()
    codes = [code for code in ZxingDecoder().decode(grey) if code.family == "qr"]
    codes += READERS["qr"].covered[-1].find(grey, codes)
    assert len(codes) == 2                    # the code read and the covered one found above it
    alone = [code for code in codes
             if finder._finders(finder._flat(grey, finder._to_modules(code), finder.COARSE_CELL_PX,
                                             with_marker=False)[0].astype(np.float32),
                                finder.COARSE_CELL_PX,
                                float(finder._own_contrasts(grey, code.corners[None].astype(np.float64))[0]))]
    together = finder._promising(grey, codes)
    assert [code.text for code in together] == [code.text for code in alone]
    assert 0 < len(together) < len(codes)

