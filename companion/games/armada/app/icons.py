"""Armada's icons on the score pad (`PAD_ICONS`): naval, a ship; islands, an island; port, an anchor-like mooring."""

from __future__ import annotations

from kivy.graphics import Ellipse, Line, Rectangle, Triangle

from companion.app.widgets.scorepad import fill_polygon

__all__ = ["island", "mooring", "ship"]


def ship(x: float, y: float, s: float) -> None:
    """A ship (naval)."""
    fill_polygon([x, y + s * 0.3, x + s, y + s * 0.3, x + s * 0.8, y, x + s * 0.2, y])
    Triangle(points=[x + s * 0.5, y + s * 0.35, x + s * 0.5, y + s, x + s * 0.9, y + s * 0.4])


def island(x: float, y: float, s: float) -> None:
    """An island with its tree (islands)."""
    Ellipse(pos=(x, y), size=(s, s * 0.4))
    Rectangle(pos=(x + s * 0.45, y + s * 0.3), size=(s * 0.1, s * 0.5))
    Triangle(points=[x + s * 0.15, y + s * 0.85, x + s * 0.85, y + s * 0.85, x + s / 2, y + s])


def mooring(x: float, y: float, s: float) -> None:
    """An anchor-like mooring (port)."""
    Rectangle(pos=(x + s * 0.45, y + s * 0.1), size=(s * 0.1, s * 0.8))
    Line(circle=(x + s / 2, y + s * 0.85, s * 0.12), width=max(1.0, s * 0.06))
    Line(circle=(x + s / 2, y + s * 0.45, s * 0.4, 120, 240), width=max(1.0, s * 0.07))
