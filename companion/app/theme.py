"""The app's colours, from companion/data/app_theme.json (no Kivy here)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["Theme", "contrast_ratio", "load_theme", "pixels_per_mm", "size_unit"]

TOUCH_UNITS = 3.6
"""A big button's height in size units."""
BODY_TEXT_UNITS = 1.1
"""Body text's size in size units."""

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


def pixels_per_mm(theme: Theme, width: int, height: int, dpi: float, override: str | None = None) -> float:
    """The screen's pixels per millimetre: `override` (dots per inch, e.g. from ``COMPANION_DPI``),
    else a screen the theme knows by its pixel size (the Pi touchscreen), else the reported `dpi`."""
    if override:
        try:
            return max(1.0, float(override)) / 25.4
        except ValueError:
            pass
    known = theme.raw["physical"]["screen_width_mm"].get(f"{width}x{height}")
    if known:
        return width / float(known)
    return max(dpi, 72.0) / 25.4


def size_unit(theme: Theme, width: int, height: int, mm: float) -> float:
    """The app's size unit in pixels: 1/40 of the height (1/64 of the width on a narrow window),
    raised where that would make a touch target under 9 mm or body text under its legible height."""
    physical = theme.raw["physical"]
    floor = max(physical["touch_mm"] * mm / TOUCH_UNITS, physical["body_text_mm"] * mm / BODY_TEXT_UNITS)
    return max(10.0, floor, min(height / 40.0, width / 64.0))
