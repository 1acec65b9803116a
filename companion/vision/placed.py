"""A marker read in a frame and placed on the table plane: what every game's camera layout assigns to
its players' cities or areas."""

from __future__ import annotations

from dataclasses import dataclass

from companion.markers import Component

__all__ = ["PlacedMarker"]


@dataclass(frozen=True)
class PlacedMarker:
    """A detected marker with its position on the table (mm) and the angle of its top edge."""

    component: Component
    centre: tuple[float, float]
    angle: float
    side_mm: float
    family: str
    remembered: bool = False
    """Not read in this frame: a board placed where it was seen before (or where a rig keeps it)."""
