"""zxing-cpp's downscaled pyramid runs only where a code may be large: a large blurred code is still
read, a frame of small stickers is read once."""

from __future__ import annotations

import math

import cv2
import numpy as np
import pytest

from companion.markers import encode_payload, load_marker_registry
from companion.vision.decoders import RawCode, ZxingDecoder, largest_pixels_per_module
from tests.test_vision_decoding import paste_code

zxingcpp = pytest.importorskip("zxingcpp")

REGISTRY = load_marker_registry()


def _square(x: float, y: float, pixels_per_module: float) -> RawCode:
    side = 21 * pixels_per_module
    corners = np.float32([[x - side / 2, y - side / 2], [x + side / 2, y - side / 2],
                          [x + side / 2, y + side / 2], [x - side / 2, y + side / 2]])
    return RawCode("qr", "text", None, corners, "zxing", 21)


def test_a_large_blurred_code_is_read_by_the_pyramid() -> None:
    """A tablet held close and out of focus: 30 pixels a module, blurred by 9 pixels (0.3 module).
    zxing-cpp's binarizer cannot read it at full size; a third of the size it can."""
    frame = np.full((1080, 1920), 200, np.uint8)
    paste_code(frame, "qr", 12, 600, 150, 30)
    frame = cv2.GaussianBlur(frame, (0, 0), 9)
    full_size_only = zxingcpp.read_barcodes(frame, formats=zxingcpp.BarcodeFormat.QRCode, try_downscale=False)
    assert not full_size_only                            # the premise: only the pyramid can read it
    codes = ZxingDecoder().decode(frame)
    assert [code.text for code in codes] == [encode_payload(12, REGISTRY)]
    assert codes[0].pixels_per_module == pytest.approx(30, rel=0.05)   # in the full frame's pixels


def test_a_frame_of_small_stickers_is_read_once(monkeypatch: pytest.MonkeyPatch) -> None:
    frame = np.full((1080, 1920), 200, np.uint8)
    places = [(100, 100), (1700, 100), (100, 900), (1700, 900), (900, 500)]
    for marker, (x, y) in enumerate(places, start=10):
        paste_code(frame, "qr", marker, x, y, 4)
    decoder = ZxingDecoder()
    reads: list[tuple[int, int]] = []
    read = decoder._read

    def counted(grey: np.ndarray, *args: object, **options: object) -> object:
        reads.append(grey.shape)
        return read(grey, *args, **options)  # type: ignore[arg-type]

    monkeypatch.setattr(decoder, "_read", counted)
    codes = decoder.decode(frame)
    assert sorted(code.text for code in codes) == sorted(encode_payload(m, REGISTRY) for m in range(10, 15))
    assert reads == [(1080, 1920)]


def test_the_largest_code_in_view_is_taken_from_a_plane_through_the_codes() -> None:
    # Codes grow from 3 to 4 pixels per module over 800 pixels to the right, and not downwards:
    # the plane is 3 + (x - 100) / 800, so at the frame's right edge (x = 1000) 3 + 900 / 800 = 4.125.
    codes = [_square(100, 100, 3.0), _square(900, 100, 4.0), _square(100, 500, 3.0)]
    assert largest_pixels_per_module(codes, [], (600, 1000)) == pytest.approx(4.125, abs=1e-3)
    # A symbol located but not decoded counts as a code of 21 modules: a side of 168 is 8.
    located = [_square(500, 300, 8.0).corners]
    assert largest_pixels_per_module(codes, located, (600, 1000)) >= 8.0
    # Two codes, or three in a line, place no plane.
    assert largest_pixels_per_module(codes[:2], [], (600, 1000)) == math.inf
    in_a_line = [_square(100 * i, 100, 3.0) for i in range(1, 4)]
    assert largest_pixels_per_module(in_a_line, [], (600, 1000)) == math.inf
