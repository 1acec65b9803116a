"""The app's colours (from companion/data/app_theme.json) and its physical rule for a table: how
large text and touch targets must be on the screen, in millimetres (no Kivy here).

The rule, stated once here and checked on every screen by tests/test_app_layout.py:
- every touch target (a button, a tile, a text field) is at least TOUCH_MM wide and high;
- text people read from a seat (about 1 m from the screen) is at least READ_TEXT_MM high (its font
  size, the em, measured on the screen). That is every text a screen shows except small print:
  widgets whose `small_print` is true, kept few and listed in docs/app.md.
The app's size unit is raised where these would be broken (`size_unit`): a text at LEAST_TEXT_UNITS
units and a target at TOUCH_UNITS units always meet them. Screen sizes the rule is checked for are
in CHECKED_SCREENS.
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["CHECKED_SCREENS", "KNOWN_SCREEN_WIDTH_MM", "LEAST_TEXT_UNITS", "READ_TEXT_MM", "TOUCH_MM", "TOUCH_UNITS",
           "Theme", "assumed_pixels_per_mm", "contrast_ratio", "load_theme", "pixels_per_mm", "size_unit"]

TOUCH_MM = 9.0
"""Every touch target at least this wide and high: a fingertip."""
READ_TEXT_MM = 3.0
"""Text read from a seat about 1 m away: its font size (the em; capitals are about 0.7 of it) on the
screen at least this high."""
TOUCH_UNITS = 3.6
"""A big button's height in size units."""
LEAST_TEXT_UNITS = 1.0
"""The smallest font size in size units for text read from a seat (body text is 1.1 units)."""
KNOWN_SCREEN_WIDTH_MM = {"800x480": 154.08}
"""Screens whose density the system does not report, by their pixel size: the Raspberry Pi 7-inch
touchscreen (800x480 on 154.08 x 85.92 mm)."""
CHECKED_SCREENS = {"800x480": ("the Raspberry Pi 7-inch touchscreen", 154.08),
                   "1280x800": ("a 10.1-inch 16:10 tablet", 217.5)}
"""The screens the layout test checks the rule on: window size, what it stands for, its width in mm."""

RGBA = tuple[float, float, float, float]


def _rgba(rgb: list[int], alpha: float = 1.0) -> RGBA:
    return (rgb[0] / 255, rgb[1] / 255, rgb[2] / 255, alpha)


def _luminance(rgb: list[int]) -> float:
    """Relative luminance (WCAG 2)."""
    def channel(c: int) -> float:
        v = c / 255
        return v / 12.92 if v <= 0.03928 else ((v + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(c) for c in rgb)
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast_ratio(a: list[int], b: list[int]) -> float:
    """WCAG contrast ratio of two colours, 1 to 21 (4.5 is readable text, 7 comfortable in daylight)."""
    la, lb = sorted((_luminance(a), _luminance(b)), reverse=True)
    return (la + 0.05) / (lb + 0.05)


@dataclass(frozen=True)
class Theme:
    """Named colours, card colours (fill and text) and the player colours."""

    raw: dict[str, Any]

    def rgb(self, name: str) -> list[int]:
        """A named colour as 0-255 RGB."""
        return list(self.raw[name])

    def rgba(self, name: str, alpha: float = 1.0) -> RGBA:
        """A named colour for Kivy."""
        return _rgba(self.raw[name], alpha)

    def card_fill(self, color: str, alpha: float = 1.0) -> RGBA:
        """The fill of a card colour."""
        return _rgba(self.raw["card_colors"][color]["fill"], alpha)

    def card_text(self, color: str) -> RGBA:
        """Text drawn on a card colour."""
        return _rgba(self.raw["card_colors"][color]["text"])

    def score_row(self, category: str, alpha: float = 1.0) -> RGBA:
        """The colour of a score-pad row (a row the theme does not name, an installed expansion's: the
        theme's ``score_row_other``)."""
        return _rgba(self._score_fill(category), alpha)

    def _score_fill(self, category: str) -> list[int]:
        fill: list[int] = self.raw["score_rows"].get(category, self.raw["score_row_other"])
        return fill

    def score_text(self, category: str) -> RGBA:
        """Text on a score-pad row: near-black or white, whichever reads better on the row's colour."""
        fill = self._score_fill(category)
        dark, light = [20, 20, 24], [255, 255, 255]
        return _rgba(dark if contrast_ratio(dark, fill) >= contrast_ratio(light, fill) else light)

    def player(self, seat: int, alpha: float = 1.0) -> RGBA:
        """The colour of a seat (the seat number is always shown with it)."""
        players = self.raw["players"]
        return _rgba(players[seat % len(players)], alpha)


@cache
def load_theme() -> Theme:
    """The theme shipped with the package."""
    text = resources.files("companion.data").joinpath("app_theme.json").read_text(encoding="utf-8")
    return Theme(json.loads(text))


def pixels_per_mm(width: int, height: int, dpi: float, override: str | None = None) -> float:
    """The screen's pixels per millimetre: `override` (dots per inch, e.g. from ``COMPANION_DPI``),
    else a screen known by its pixel size (KNOWN_SCREEN_WIDTH_MM: the Pi touchscreen), else the reported `dpi`."""
    if override:
        try:
            return max(1.0, float(override)) / 25.4
        except ValueError:
            pass
    known = KNOWN_SCREEN_WIDTH_MM.get(f"{width}x{height}")
    if known:
        return width / float(known)
    return max(dpi, 72.0) / 25.4


def assumed_pixels_per_mm(width: int, height: int) -> float:
    """The density the layout test checks a window of this size at (CHECKED_SCREENS)."""
    return width / CHECKED_SCREENS[f"{width}x{height}"][1]


def size_unit(width: int, height: int, mm: float) -> float:
    """The app's size unit in pixels: 1/40 of the height (1/64 of the width on a narrow window),
    raised where that would make a touch target (TOUCH_UNITS) under TOUCH_MM or the least text
    (LEAST_TEXT_UNITS) under READ_TEXT_MM; `mm` is the screen's pixels per millimetre."""
    floor = max(TOUCH_MM * mm / TOUCH_UNITS, READ_TEXT_MM * mm / LEAST_TEXT_UNITS)
    return max(10.0, floor, min(height / 40.0, width / 64.0))
