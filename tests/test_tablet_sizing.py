"""The sizing guidance for a tablet over one city: the tablet is held high enough to frame a whole
city, whose size grows with its stickers, and the stickers must still reach the pixels per module
the reader needs there; when no size that fits a card does, the guidance says so."""

from __future__ import annotations

import math

import pytest

from companion.markers.sizing import (
    TABLET_SETUPS,
    TabletSetup,
    city_extent_mm,
    largest_size_mm,
    size_for_city,
)

FOUR_K = TabletSetup("4K, straight down", 3840, 2160, 66, 0)


def test_a_city_is_its_six_columns_wide_and_its_tallest_column_board_and_stages_deep() -> None:
    # Cards 65 x 100 mm, board 100 mm deep (companion/data/table_layout.json). A 18 mm QR code is
    # 21 modules, its sticker 25: 21.43 mm. Each card under the top one of a 7-card column shows
    # 2 mm (the sticker's offset) + 21.43 + 1 mm; the stage cards show 8 + 21.43 + 1 mm below the board.
    width, depth = city_extent_mm("qr", 18.0)
    assert width == pytest.approx(6 * 65 + 5 * 6)                                   # 420 mm
    strip = 2 + 18 * 25 / 21 + 1
    assert depth == pytest.approx(5 + 100 + 6 * strip + 100 + 8 + 18 * 25 / 21 + 1)  # 382 mm
    assert city_extent_mm("qr", 30.0)[1] > depth + 6 * 12 * 25 / 21                  # larger stickers, deeper city


def test_straight_down_the_least_aruco_size_by_hand() -> None:
    # 4K, 66 degrees across: f = 1920 / tan 33 = 2956.6 px. An ArUco code of S mm (7 modules, its
    # sticker 9/7 S) makes the city 232 + 9 S mm deep; held landscape, the depth binds (the frame's
    # half-height, less 5 % each side, over f: 0.9 x 0.3653 tan-units), so the height is
    # (232 + 9 S) / (2 x 0.3653 x 0.9) and the stickers get S / 7 x f / height pixels per module.
    focal = 1920 / math.tan(math.radians(33))
    half_v = 1080 / focal

    def pixels_per_module(size: float) -> float:
        height = (232 + 9 * size) / (2 * half_v * 0.9)
        return size / 7 * focal / height

    assert pixels_per_module(2.5) < 3.0 <= pixels_per_module(3.0)                  # 2.73, 3.22
    needed = size_for_city(FOUR_K, "aruco", 3.0)
    assert needed.size_mm == 3.0 and not needed.portrait
    assert needed.height_mm == pytest.approx((232 + 27) / (2 * half_v * 0.9), rel=1e-3)     # 394 mm
    assert needed.pixels_per_module == pytest.approx(pixels_per_module(3.0), rel=1e-3)


def test_when_no_size_fits_a_card_the_guidance_says_so() -> None:
    # A 1080p tablet tilted 30 degrees framing a whole city: even the largest QR code a card takes
    # (half its width with the light margin: 27 mm) is seen at under 2 pixels per module at the far
    # side. No size works: ArUco, a 4K camera, or straight down.
    tilted = TabletSetup("1080p, 30 degrees", 1920, 1080, 66, 30)
    qr = size_for_city(tilted, "qr", 3.0)
    assert qr.size_mm is None and qr.best_pixels_per_module < 2.0
    assert largest_size_mm("qr") == pytest.approx(0.5 * 65 * 21 / 25)
    aruco = size_for_city(tilted, "aruco", 3.0)
    assert aruco.size_mm is not None and aruco.size_mm <= 14.0                     # the printed 14 mm work
    assert size_for_city(TabletSetup("4K, 30 degrees", 3840, 2160, 66, 30), "qr", 3.0).size_mm is not None


def test_tilting_the_tablet_needs_larger_stickers() -> None:
    for resolution in ("1080p", "4K", "12 MP"):
        rows = [t for t in TABLET_SETUPS if resolution in t.name]
        sizes = [size_for_city(t, "aruco", 3.0).size_mm for t in sorted(rows, key=lambda t: t.tilt_deg)]
        assert None not in sizes and sizes == sorted(sizes) and sizes[0] < sizes[-1]
