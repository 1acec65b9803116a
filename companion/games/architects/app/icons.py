"""Architects' icons on the score pad (`PAD_ICONS`): the Cat pawn and a Progress token."""

from __future__ import annotations

from kivy.graphics import Ellipse, Line, Triangle

__all__ = ["cat", "token"]


def cat(x: float, y: float, s: float) -> None:
    """The Cat pawn's head."""
    Ellipse(pos=(x + s * 0.1, y), size=(s * 0.8, s * 0.75))
    Triangle(points=[x + s * 0.12, y + s * 0.55, x + s * 0.2, y + s, x + s * 0.45, y + s * 0.7])
    Triangle(points=[x + s * 0.88, y + s * 0.55, x + s * 0.8, y + s, x + s * 0.55, y + s * 0.7])


def token(x: float, y: float, s: float) -> None:
    """A Progress token: two rings."""
    Line(circle=(x + s / 2, y + s / 2, s * 0.45), width=max(1.0, s * 0.08))
    Line(circle=(x + s / 2, y + s / 2, s * 0.22), width=max(1.0, s * 0.06))
