"""The reader's cheap paths read what the costly ones did: a frame's ArUco hits checked together,
the upscaled QR read only where zxing located a symbol it could not decode, and a large frame
searched at full size only around its small markers."""

from __future__ import annotations

import cv2
import numpy as np

from companion.markers import load_marker_registry
from companion.simulation.render import code_corners_in_sticker, paste, sticker_image
from companion.vision.decoders import ArucoDecoder, RawCode, _windows, inside_any
from tests.test_vision_decoding import paste_code

REGISTRY = load_marker_registry()


def test_hits_checked_together_are_each_judged_against_their_own_id() -> None:
    check = ArucoDecoder(REGISTRY.fiducial_dictionary).check
    frame = np.full((300, 600), 190, np.uint8)
    seven = paste_code(frame, "aruco", 7, 40, 40, 8)
    twelve = paste_code(frame, "aruco", 12, 240, 40, 8)
    finder = tuple(tuple(r in (0, 6) or c in (0, 6) or (2 <= r <= 4 and 2 <= c <= 4) for c in range(7))
                   for r in range(7))
    target = np.float32([[440, 140], [496, 140], [496, 196], [440, 196]])
    paste(frame, sticker_image(finder, 2), cv2.getPerspectiveTransform(code_corners_in_sticker(finder, 2), target))
    verdicts = check.passes_all(frame, [seven, twelve, seven, target, twelve], [7, 12, 12, 591, 100000])
    # 7 and 12 where they are; 7's place read as 12; a QR finder pattern as 591; an id no dictionary has.
    assert verdicts.tolist() == [True, True, False, False, False]
    assert check.passes_all(frame, [], []).tolist() == []


def _square(x: float, y: float, side: float) -> np.ndarray:
    return np.float32([[x, y], [x + side, y], [x + side, y + side], [x, y + side]])


def test_only_symbols_located_but_not_decoded_are_read_again_upscaled() -> None:
    decoded = [RawCode("qr", "x", None, _square(400, 400, 40), "zxing", 21)]
    undecoded = [_square(100, 100, 20),     # margin 1 side + 8 px = 28 px: (72, 72)-(148, 148)
                 _square(130, 110, 20),     # overlaps the first: joined with it
                 _square(410, 410, 20),     # centred inside a decoded code: zxing's downscaled pass
                 _square(5, 280, 20)]       # clipped at the frame's edges
    assert _windows(undecoded, decoded, 1.0, (300, 600)) == [(0, 252, 53, 300), (72, 72, 178, 158)]
    assert _windows([], decoded, 1.0, (300, 600)) == []


def test_a_large_frame_is_searched_at_full_size_only_around_its_small_markers() -> None:
    decoder = ArucoDecoder(REGISTRY.fiducial_dictionary)
    frame = np.full((1800, 3000), 190, np.uint8)
    for index, number in enumerate((1, 2, 3, 4)):          # 8 px a module: read on the 2/3 copy
        paste_code(frame, "aruco", number, 200 + 300 * index, 300, 8)
    for index, number in enumerate((5, 6, 7, 8)):          # 3 px a module: 2 on the 2/3 copy
        paste_code(frame, "aruco", number, 200 + 60 * index, 1400, 3)
    searched: list[tuple[int, ...]] = []

    class Counted:
        """The detector, noting the size of every image it searches."""

        def __init__(self, detector: cv2.aruco.ArucoDetector) -> None:
            self.detector = detector

        def detectMarkers(self, image: np.ndarray) -> object:   # OpenCV's names
            searched.append(image.shape)
            return self.detector.detectMarkers(image)

        def setDetectorParameters(self, parameters: object) -> None:
            self.detector.setDetectorParameters(parameters)

    decoder._detector = Counted(decoder._detector)  # type: ignore[assignment]
    found = decoder.decode(frame)
    assert sorted(code.fiducial_id for code in found) == [1, 2, 3, 4, 5, 6, 7, 8]
    assert searched[0] == (1200, 2000)                      # the 2/3 copy
    assert len(searched) == 2 and searched[1][0] * searched[1][1] < 0.3 * frame.size
    assert decoder.scale_for(frame) == decoder.REDUCED      # the next frame starts reduced again


def test_a_crop_searched_at_the_frame_scale_still_finds_its_small_markers() -> None:
    """A video frame's changed part is searched at the frame's reduced scale: markers too small
    for it are read at full size there too (the second look, which may also read them, is off)."""
    decoder = ArucoDecoder(REGISTRY.fiducial_dictionary, roi_limit=0)
    crop = np.full((500, 900), 190, np.uint8)
    paste_code(crop, "aruco", 9, 100, 100, 8)
    for index, (number, pixels_per_module) in enumerate(((5, 3.0), (6, 3.0), (7, 2.2), (8, 2.2))):
        paste_code(crop, "aruco", number, 100 + 60 * index, 350, pixels_per_module)
    found = decoder.decode(crop, scale=decoder.REDUCED)
    assert sorted(code.fiducial_id for code in found) == [5, 6, 7, 8, 9]


def test_points_inside_decoded_qr_areas_are_told_apart_from_points_outside() -> None:
    diamond = np.float32([[50, 0], [100, 50], [50, 100], [0, 50]])     # a square turned 45 degrees
    square = _square(200, 200, 40)
    points = np.array([[50, 50], [10, 10], [90, 90], [220, 220], [250, 220], [75, 50]], dtype=np.float64)
    assert inside_any(points, [diamond, square]).tolist() == [True, False, False, True, False, True]
