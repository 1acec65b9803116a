"""Medals' icon on the score pad (`PAD_ICONS`): a medal on its ribbon."""

from __future__ import annotations

from kivy.graphics import Ellipse, Triangle

__all__ = ["medal"]


def medal(x: float, y: float, s: float) -> None:
    """A medal on its ribbon."""
    Triangle(points=[x + s * 0.2, y + s, x + s * 0.45, y + s, x + s * 0.5, y + s * 0.5])
    Triangle(points=[x + s * 0.8, y + s, x + s * 0.55, y + s, x + s * 0.5, y + s * 0.5])
    Ellipse(pos=(x + s * 0.2, y), size=(s * 0.6, s * 0.6))
