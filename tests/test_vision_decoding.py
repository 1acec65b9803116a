"""The decoding side of the reader: lookalikes never become components, covered quiet zones, reading
only the game's family, and a still table not decoded again frame after frame."""

from __future__ import annotations

import json
from pathlib import Path

import cv2
import numpy as np
import pytest

from companion.cli import main
from companion.jsonread import Problem, Reader
from companion.markers import load_marker_registry
from companion.markers.codec import encode_payload
from companion.markers.registry import Component, _lookalike_ids
from companion.simulation.render import code_corners_in_sticker, marker_sticker, paste, quad, sticker_image
from companion.vision.decoders import ArucoDecoder, RawCode, square_to_quads
from companion.vision.reader import FrameReading, MarkerReader, drop_odd_sizes

REGISTRY = load_marker_registry()
PIXELS = 8
"""Pixels per module of the crisp test frames."""


def _frame(width: int = 900, height: int = 300) -> np.ndarray:
    return np.full((height, width), 190, np.uint8)


def _put(frame: np.ndarray, image: np.ndarray, corners_in_image: np.ndarray, x: float, y: float, side: float
         ) -> np.ndarray:
    """Paste `image` so that `corners_in_image` land on the square of `side` at (x, y); those corners."""
    target = np.float32([[x, y], [x + side, y], [x + side, y + side], [x, y + side]])
    paste(frame, image, cv2.getPerspectiveTransform(corners_in_image, target))
    return target


def paste_code(frame: np.ndarray, family: str, number: int, x: float, y: float, pixels_per_module: float
               ) -> np.ndarray:
    """Paste sticker `number` of `family` with its code's top-left corner at (x, y), square, at
    `pixels_per_module`; the code's corners (the other vision tests' stickers too)."""
    image, corners, modules = marker_sticker(family, number, REGISTRY)
    return _put(frame, image, corners, x, y, modules * pixels_per_module)


def under_soft_glare(frame: np.ndarray, spot: tuple[float, float, float]) -> np.ndarray:
    """`frame` blurred (sigma 0.9), under a soft glare spot (up to 60 grey levels, sigma 16.8 px) at a
    random place of the square `spot` (x, y, side; seed 0), with noise (sigma 3) and JPEG 90."""
    rng = np.random.default_rng(0)
    blurred = cv2.GaussianBlur(frame.astype(np.float32), (0, 0), 0.9)
    x, y = spot[0] + rng.uniform(0, spot[2]), spot[1] + rng.uniform(0, spot[2])
    rows, columns = np.mgrid[0:frame.shape[0], 0:frame.shape[1]]
    glared = blurred + 60 * np.exp(-((columns - x) ** 2 + (rows - y) ** 2) / (2 * 16.8 ** 2))
    noisy = np.clip(glared + rng.normal(0, 3, glared.shape), 0, 255).astype(np.uint8)
    return cv2.imdecode(cv2.imencode(".jpg", noisy, [cv2.IMWRITE_JPEG_QUALITY, 90])[1], cv2.IMREAD_GRAYSCALE)


def _aruco(frame: np.ndarray, number: int, x: float, y: float) -> np.ndarray:
    return paste_code(frame, "aruco", number, x, y, PIXELS)


def test_a_qr_finder_pattern_is_not_taken_for_fiducial_591() -> None:
    """A QR finder pattern too small to decode was read as ArUco id 591: its centre is a 3x3 dark
    block in a light ring, while 591 has 11 light and 14 dark inner cells in another pattern."""
    check = ArucoDecoder(REGISTRY.fiducial_dictionary).check
    finder = tuple(tuple(r in (0, 6) or c in (0, 6) or (2 <= r <= 4 and 2 <= c <= 4) for c in range(7))
                   for r in range(7))
    frame = _frame(300, 300)
    finder_corners = _put(frame, sticker_image(finder, 2), code_corners_in_sticker(finder, 2), 40, 40, 7 * PIXELS)
    marker_corners = _aruco(frame, 591, 160, 160)
    assert not check.passes(frame, finder_corners, 591)
    assert check.passes(frame, marker_corners, 591)


def test_a_fiducial_must_match_its_own_bits_border_and_quiet_zone() -> None:
    check = ArucoDecoder(REGISTRY.fiducial_dictionary).check
    frame = _frame(300, 300)
    corners = _aruco(frame, 7, 100, 100)
    assert check.passes(frame, corners, 7)
    assert not check.passes(frame, corners, 8)          # another id's bits differ in several cells
    bottom_covered = frame.copy()
    bottom_covered[int(corners[2][1]) + 1:, :] = 40     # the next card's dark edge right under the code
    assert check.passes(bottom_covered, corners, 7)
    two_sides_covered = bottom_covered.copy()
    two_sides_covered[:, int(corners[1][0]) + 1:] = 40
    assert not check.passes(two_sides_covered, corners, 7)


def test_ids_that_lookalikes_produce_are_data_and_refused() -> None:
    assert {262, 591} <= REGISTRY.lookalike_ids
    assert not any(REGISTRY.get(number) for number in REGISTRY.lookalike_ids)
    frame = _frame()
    _aruco(frame, 591, 60, 100)
    _aruco(frame, 7, 300, 100)
    reading = MarkerReader(REGISTRY, reuse=False).read(frame)
    assert [d.component.marker for d in reading.markers] == [7]
    assert [(r.code.fiducial_id, r.rejection.reason) for r in reading.rejected] == [(591, "lookalike")]


def test_a_component_may_not_take_a_lookalike_id() -> None:
    problems: list[Problem] = []
    holder = Component(591, "card", card="lumber_yard", age=1, players=3)
    ids = _lookalike_ids(Reader([{"id": 591, "seen": "a finder pattern"}], problems), [holder], problems)
    assert ids == frozenset({591})
    assert len(problems) == 1 and "591" in str(problems[0])


def _code(x: float, y: float, side: float, number: int) -> RawCode:
    corners = np.float32([[x, y], [x + side, y], [x + side, y + side], [x, y + side]])
    return RawCode("aruco", None, number, corners, "aruco", 7)


def test_a_hit_far_smaller_than_the_stickers_around_it_is_dropped() -> None:
    stickers = [_code(100 * i, 0, 40, i) for i in range(1, 5)]
    icon = _code(250, 60, 12, 99)                       # a third of the others' side, among them
    kept = drop_odd_sizes([*stickers, icon])
    assert [c.fiducial_id for c in kept] == [1, 2, 3, 4]
    assert drop_odd_sizes([*stickers[:2], icon]) == [*stickers[:2], icon]   # too few to compare


def _qr_and_aruco_frame() -> np.ndarray:
    frame = _frame()
    paste_code(frame, "qr", 12, 60, 60, 6)
    _aruco(frame, 7, 400, 100)
    return frame


@pytest.mark.parametrize(("family", "expected"), [("qr", [(12, "qr")]), ("aruco", [(7, "aruco")]),
                                                  ("both", [(7, "aruco"), (12, "qr")]),
                                                  (None, [(7, "aruco"), (12, "qr")])])
def test_a_reader_reads_only_the_family_the_game_uses(family: str | None, expected: list) -> None:
    reader = MarkerReader.for_family(family, REGISTRY, reuse=False)
    reading = reader.read(_qr_and_aruco_frame())
    assert sorted((d.component.marker, d.code.family) for d in reading.markers) == expected


def test_an_unknown_family_is_refused() -> None:
    with pytest.raises(ValueError, match="unknown marker family 'microqr'; one of qr, aruco, both"):
        MarkerReader.for_family("microqr", REGISTRY)


def test_a_still_table_is_not_decoded_again_and_a_change_is_read() -> None:
    reader = MarkerReader.for_family("aruco", REGISTRY)
    assert reader.aruco is not None
    calls: list[tuple[int, ...]] = []
    decode = reader.aruco.decode

    def counted(grey: np.ndarray, *args: object, **kwargs: object) -> list[RawCode]:
        calls.append(grey.shape)
        return decode(grey, *args, **kwargs)  # type: ignore[arg-type]

    reader.aruco.decode = counted  # type: ignore[method-assign]
    frame = _frame(1200, 400)
    for index, number in enumerate((1, 2, 3, 4)):
        _aruco(frame, number, 60 + 280 * index, 120)
    noise = np.random.default_rng(0)

    def filmed(image: np.ndarray) -> np.ndarray:
        return np.clip(image + noise.normal(0, 2.0, image.shape), 0, 255).astype(np.uint8)

    def read(image: np.ndarray) -> list[int]:
        return sorted(d.component.marker for d in reader.read(filmed(image), sequence="video").markers)

    assert read(frame) == [1, 2, 3, 4]
    assert len(calls) == 1 and calls[0] == frame.shape
    assert read(frame) == [1, 2, 3, 4]
    assert len(calls) == 1                              # camera noise only: nothing decoded again
    changed = frame.copy()
    changed[100:260, 600:800] = 190                      # marker 3 taken away
    _aruco(changed, 5, 640, 130)                         # marker 5 laid there
    assert read(changed) == [1, 2, 4, 5]
    assert len(calls) == 2 and calls[1][1] < frame.shape[1] // 2   # only the changed part
    swapped = changed.copy()
    _aruco(swapped, 6, 60, 120)                          # marker 1's sticker replaced in place
    assert read(swapped) == [2, 4, 5, 6]
    assert len(calls) == 3
    reader.read(filmed(swapped), sequence="another video")
    assert len(calls) == 4 and calls[3] == frame.shape    # another video: read whole


def _photos() -> list[np.ndarray]:
    """Unrelated photos of one size, each little different from the one before (as the BoofCV
    benchmark's series are): a large QR code under a thumb, the same code uncovered, a sticker of
    each family somewhere else, and the last photo again with other sensor noise."""
    noise = np.random.default_rng(4)
    covered = _frame(640, 480)
    paste_code(covered, "qr", 12, 200, 120, 10)
    cv2.circle(covered, (225, 145), 30, 120, -1)          # a thumb over a finder pattern
    uncovered = _frame(640, 480)
    paste_code(uncovered, "qr", 12, 200, 120, 10)
    others = uncovered.copy()
    paste_code(others, "qr", 30, 20, 20, 4)
    _aruco(others, 7, 470, 330)
    return [np.clip(image + noise.normal(0, 2.0, image.shape), 0, 255).astype(np.uint8)
            for image in (covered, uncovered, others, others)]


def _reading(reading: FrameReading) -> tuple[list[tuple[int, list[float]]], list[tuple[str, list[float]]]]:
    return (sorted((d.component.marker, d.corners.ravel().tolist()) for d in reading.markers),
            sorted((r.rejection.reason, r.code.corners.ravel().tolist()) for r in reading.rejected))


@pytest.mark.parametrize("family", ["both", "qr", "aruco"])
def test_unrelated_photos_are_read_each_as_alone(family: str) -> None:
    """`companion scan` of several photos once read each one after the first as a video frame: the
    parts like the photo before were not decoded again, so a code uncovered between two photos was
    never read. Photos (no sequence) are read whole, exactly as a fresh reader reads each one."""
    photos = _photos()
    alone = [_reading(MarkerReader.for_family(family, REGISTRY).read(photo)) for photo in photos]
    if family != "aruco":
        assert [m for m, _ in alone[1][0]] == [12]        # the uncovered code, read on its own
    one_reader = MarkerReader.for_family(family, REGISTRY)
    assert [_reading(one_reader.read(photo)) for photo in photos] == alone


def test_scan_of_several_photos_reads_each_as_alone(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    paths = []
    for index, photo in enumerate(_photos()):
        paths.append(str(tmp_path / f"photo{index}.png"))
        cv2.imwrite(paths[-1], photo)

    def scanned(images: list[str]) -> list[list[tuple[int, list[list[float]]]]]:
        assert main(["scan", *images, "--json"]) == 0
        return [sorted((m["marker"], m["corners"]) for m in entry["markers"])
                for entry in json.loads(capsys.readouterr().out)]

    assert scanned(paths) == [found for path in paths for found in scanned([path])]


def test_scan_reads_only_the_family_asked_for(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    image = tmp_path / "stickers.png"
    cv2.imwrite(str(image), _qr_and_aruco_frame())
    assert main(["scan", str(image), "--family", "aruco", "--json"]) == 0
    markers = json.loads(capsys.readouterr().out)[0]["markers"]
    assert [(m["marker"], m["family"]) for m in markers] == [(7, "aruco")]
    assert main(["scan", str(image), "--json"]) == 0
    markers = json.loads(capsys.readouterr().out)[0]["markers"]
    assert sorted((m["marker"], m["family"]) for m in markers) == [(7, "aruco"), (12, "qr")]


def test_the_square_to_quad_homographies_match_opencvs() -> None:
    # Heckbert's closed form for many quads at once must be the homography OpenCV solves for each:
    # tilted, turned and sheared quads, and a plain square (the affine case).
    rng = np.random.default_rng(5)
    square = np.array([[0, 0], [1, 0], [1, 1], [0, 1]], dtype=np.float32)
    quads = [quad((rng.uniform(100, 900), rng.uniform(100, 900)), rng.uniform(20, 200),
                    rng.uniform(0, 35), rng.uniform(0, 360), rng) for _ in range(20)]
    quads.append(np.array([[10, 10], [60, 10], [60, 60], [10, 60]], dtype=np.float32))
    ours = square_to_quads(np.array(quads, dtype=np.float64))
    for corners, homography in zip(quads, ours, strict=True):
        expected = cv2.getPerspectiveTransform(square, np.asarray(corners, dtype=np.float32))
        assert np.allclose(homography / homography[2, 2], expected / expected[2, 2], rtol=1e-6, atol=1e-6)


def test_corners_refined_on_several_threads_are_opencvs(monkeypatch: pytest.MonkeyPatch) -> None:
    # The corners of 60 markers (240, shared among four threads) must come back in their order,
    # each where one cv2.cornerSubPix call over all of them puts it.
    from companion.vision import decoders

    frame = _frame(1200, 900)
    corners = [paste_code(frame, "aruco", 1 + i, 30 + 95 * (i % 12), 40 + 170 * (i // 12), 5.3) for i in range(60)]
    frame = cv2.GaussianBlur(frame, (0, 0), 0.8)
    rough = (np.concatenate(corners) + np.random.default_rng(3).uniform(-1, 1, (240, 2))).astype(np.float32)
    expected = np.ascontiguousarray(rough.reshape(-1, 1, 2).copy())
    cv2.cornerSubPix(frame, expected, (2, 2), (-1, -1), decoders._SUBPIX_CRITERIA)
    monkeypatch.setattr(decoders.cv2, "getNumThreads", lambda: 4)
    shared = np.ascontiguousarray(rough.reshape(-1, 1, 2).copy())
    decoders._corner_subpix(frame, [(shared, 2)])
    assert np.array_equal(shared, expected)
    assert np.abs(expected - rough.reshape(-1, 1, 2)).max() > 0.1        # the corners did move


def test_the_second_look_reads_only_outlines_showing_a_markers_border() -> None:
    # A rejected outline is read again only when it (or the code inside a sticker's outline) shows a
    # border darker than its inside or its ring: the marker's own outline and its sticker's pass,
    # an outline over plain card art does not.
    decoder = ArucoDecoder(REGISTRY.fiducial_dictionary)
    frame = _frame(400, 300)
    frame[:, 250:] = np.tile(np.linspace(80, 200, 150, dtype=np.uint8), (300, 1))   # smooth art, no border
    marker = _aruco(frame, 7, 60, 60).astype(np.float64)
    centre = marker.mean(axis=0)
    sticker = centre + (marker - centre) / ArucoDecoder.STICKER_CODE_SHARE
    plain = marker + np.array([240.0, 100.0])
    shown = decoder.check.outlined(frame, np.array([marker, sticker, plain]), ArucoDecoder.STICKER_CODE_SHARE)
    assert shown.tolist() == [True, True, False]


def test_a_frame_of_more_codes_than_zxing_returns_in_one_read_is_read_whole() -> None:
    """zxing-cpp returns at most 255 symbols a read, the ones it could not decode included (a
    crowded 4K table of QR stickers lost up to 1 code in 10 so): 300 codes in a 4K frame are read
    in tiles, every one of them."""
    import zxingcpp

    from companion.vision.decoders import ZxingDecoder

    numbers = sorted({c.marker for c in REGISTRY.components})[:300]
    frame = _frame(3840, 2160)
    for index, number in enumerate(numbers):
        row, column = divmod(index, 25)
        cell = _frame(152, 175)
        paste_code(cell, "qr", number, 20, 20, 5)
        frame[30 + row * 175:205 + row * 175, 30 + column * 152:182 + column * 152] = cell
    assert len(zxingcpp.read_barcodes(frame, formats=zxingcpp.BarcodeFormat.QRCode)) == 255
    read = ZxingDecoder(upscale=True).decode(frame)
    assert sorted({code.text for code in read}) == sorted(encode_payload(number, REGISTRY) for number in numbers)


def test_a_large_code_across_the_tiles_of_a_large_frame_is_read() -> None:
    """A close-up's code larger than the tiles' overlap, lying across the cut between two tiles, is
    read by a read of the whole frame (the codes read say large codes may be there)."""
    from companion.vision.decoders import ZxingDecoder

    frame = _frame(3000, 1400)
    paste_code(frame, "qr", 12, 1290, 400, 20)         # 420 px wide, the tiles cut at 1500 +- 128
    for index, number in enumerate((30, 31, 32)):
        paste_code(frame, "qr", number, 200 + 900 * index + (600 if index == 2 else 0), 1000, 12)
    decoder = ZxingDecoder(upscale=True)
    halves = decoder._read_tiles(frame, (0, 0, 3000, 1400))
    assert halves[2] == 2 and encode_payload(12, REGISTRY) not in {code.text for code in halves[0]}
    read = {code.text for code in decoder.decode(frame)}
    assert {encode_payload(number, REGISTRY) for number in (12, 30, 31, 32)} <= read


def test_a_small_code_under_soft_glare_is_read_from_its_thresholded_window() -> None:
    """A code at 2.1 pixels per module, blurred (sigma 0.9) under a soft glare spot lifting its
    middle by up to 60 grey levels, JPEG 90: zxing-cpp locates it but decodes it neither whole nor
    from the upscaled, sharpened window; binarised against its neighbourhood it is read (on the
    independent harness's tilted tables such windows gave 7 more codes, none false)."""
    from companion.vision import decoders

    frame = _frame(300, 300)
    paste_code(frame, "qr", 40, 90, 90, 2.1)
    image = under_soft_glare(frame, (90, 90, 21 * 2.1))
    wanted = encode_payload(40, REGISTRY)
    decoder = decoders.ZxingDecoder(upscale=True)
    whole, located = decoder._read(image, 1.0, (0, 0), downscale=False)
    assert wanted not in {code.text for code in whole} and located       # located, not decoded
    assert wanted in {code.text for code in decoder.decode(image)}


def under_strong_glare(frame: np.ndarray, centre: tuple[float, float], sigma: float, lift: float) -> np.ndarray:
    """`frame` blurred (sigma 0.8) under a glare spot lifting it by up to `lift` grey levels (a
    Gaussian of `sigma` pixels at `centre`), with noise (sigma 3, seed 0) and JPEG 90."""
    rng = np.random.default_rng(0)
    blurred = cv2.GaussianBlur(frame.astype(np.float32), (0, 0), 0.8)
    rows, columns = np.mgrid[0:frame.shape[0], 0:frame.shape[1]]
    glared = blurred + lift * np.exp(-((columns - centre[0]) ** 2 + (rows - centre[1]) ** 2) / (2 * sigma ** 2))
    noisy = np.clip(glared + rng.normal(0, 3, glared.shape), 0, 255).astype(np.uint8)
    return cv2.imdecode(cv2.imencode(".jpg", noisy, [cv2.IMWRITE_JPEG_QUALITY, 90])[1], cv2.IMREAD_GRAYSCALE)


@pytest.mark.parametrize(("pixels_per_module", "lift", "off_centre"), [(3.0, 200, 0.25), (3.0, 220, 0.0),
                                                                       (3.5, 220, 0.25)])
def test_a_code_washed_by_glare_is_read_with_its_contrast_stretched(pixels_per_module: float, lift: int,
                                                                    off_centre: float) -> None:
    """A glare spot lifting a code's dark modules (grey 25) by up to 200-220 levels, to 0.9 of its
    paper (235) and more: neither the upscaled window nor its binarised copy is read; knowing the
    module's size, the window with its contrast stretched between the local darkest and lightest is."""
    from companion.vision.decoders import ZxingDecoder

    frame = _frame(240, 240)
    side = 21 * pixels_per_module
    corner = (240 - side) / 2
    paste_code(frame, "qr", 40, corner, corner, pixels_per_module)
    image = under_strong_glare(frame, (corner + side * (0.5 + off_centre), corner + side / 2), side * 0.45, lift)
    wanted = encode_payload(40, REGISTRY)
    decoder = ZxingDecoder(upscale=True)
    assert wanted not in {code.text for code in decoder.read_window(image, (0, 0, 240, 240))}
    assert wanted in {code.text for code in decoder.read_window(image, (0, 0, 240, 240),
                                                                 module_px=pixels_per_module)}


def test_stretching_bare_card_art_under_glare_reads_nothing() -> None:
    """The same stretch over busy card art with no code (icons, text, lines under a glare spot):
    no code at all, ours or foreign."""
    from companion.simulation.render import busy_art
    from companion.vision.decoders import ZxingDecoder

    decoder = ZxingDecoder(upscale=True)
    for seed in range(6):
        art = busy_art(240, 240, 4.0, np.random.default_rng(seed))
        image = under_strong_glare(art, (120, 120), 30, 200)
        for module in (2.5, 3.0, 4.0):
            assert decoder.read_window(image, (0, 0, 240, 240), module_px=module) == []
