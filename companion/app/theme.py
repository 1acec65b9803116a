"""The app's colours, from companion/data/app_theme.json (no Kivy here)."""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

__all__ = ["Theme", "contrast_ratio", "load_theme"]

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
        """The colour of a score-pad row."""
        return _rgba(self.raw["score_rows"][category], alpha)

    def player(self, seat: int, alpha: float = 1.0) -> RGBA:
        """The colour of a seat (the seat number is always shown with it)."""
        players = self.raw["players"]
        return _rgba(players[seat % len(players)], alpha)


@cache
def load_theme() -> Theme:
    """The theme shipped with the package."""
    text = resources.files("companion.data").joinpath("app_theme.json").read_text(encoding="utf-8")
    return Theme(json.loads(text))
