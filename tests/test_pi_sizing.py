"""The Raspberry Pi cameras in the sizing model: a camera looking straight down at a flat table
sees it at one scale everywhere (the focal length in pixels over the height), so the Wide lens's
figures follow from its field of view by hand."""

from __future__ import annotations

import math

import pytest

from companion.markers.sizing import PI_SETUPS, SETUPS, printed_size_mm, view_on_table_mm, worst_pixels_per_mm

WIDE_07 = next(s for s in PI_SETUPS if "Wide" in s.name and s.height_mm == 700)


def test_the_wide_lens_sees_a_whole_table_at_70_cm() -> None:
    width, depth = view_on_table_mm(WIDE_07)
    assert width == pytest.approx(2 * 700 * math.tan(math.radians(51)), rel=1e-9)      # 1729 mm
    vertical_half = math.atan(math.tan(math.radians(51)) * 2592 / 4608)                  # 34.8 degrees
    assert depth == pytest.approx(2 * 700 * math.tan(vertical_half), rel=1e-9)          # 972 mm
    assert width > 1600 and depth > 900


def test_the_wide_lens_needs_8_mm_aruco_stickers_at_70_cm() -> None:
    focal = 2304 / math.tan(math.radians(51))                  # 1865.7 px
    assert worst_pixels_per_mm(WIDE_07) == pytest.approx(focal / 700, rel=1e-3)        # 2.67 px/mm everywhere
    assert printed_size_mm(WIDE_07, 7, 3.0) == pytest.approx(7 * 3.0 / (focal / 700), rel=1e-3)   # 7.9 mm
    assert printed_size_mm(WIDE_07, 7, 3.0) < 14                 # the 14 mm stickers are read


def test_the_pi_cameras_are_in_the_sizing_table() -> None:
    assert set(PI_SETUPS) <= set(SETUPS)
    assert {s.horizontal_fov_deg for s in PI_SETUPS} == {66, 102, 63}
