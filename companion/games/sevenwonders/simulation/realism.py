"""What real tables add to the plain rendered ones: busy card art, icons beside the stickers, stickers
half covered by the next card, careless stacks, stickers stuck a little askew, stage cards tucked
turned half round, hands over boards, crowded seats, a rectangular table seating its players in
rows, a wide-angle lens.

`Realism()` is the plain renderer the older tests and recorded games use; `HARD` is the acceptance
sets' table (the stickers laid as the first `markers/README.md` allowed: the next card may cover a
tucked code's lower quiet zone), `GUIDANCE` the same with the quiet zone kept visible, as the
guidance now asks; `ROWS` is `GUIDANCE` on a rectangular table, its stickers askew as far as the
guide allows and half its stage cards turned round. The lens is the Raspberry Pi rig's
Camera Module 3 Wide: about 102 degrees across, with strong barrel distortion (`WIDE_LENS`).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import cv2
import numpy as np

from companion.simulation.lens import UNDISTORT_CRITERIA, distort_points, undistort_map

__all__ = ["GUIDANCE", "HARD", "ROWS", "STRIPS", "UNDISTORT_CRITERIA", "WIDE_LENS", "Realism", "board_art",
           "card_art", "distort_points", "label_image", "strip_mm", "undistort_map"]

STRIPS = ("roomy", "guidance", "covered")
"""How much of a tucked card shows above the next one: ``roomy`` (the plain renderer: the code, its
quiet zone and 6 mm more), ``guidance`` (down to the end of the quiet zone below the code, 0-1.5 mm
more), ``covered`` (down to the code's lower edge, covering up to all of the quiet zone under it)."""

PX_PER_MM = 4
"""Resolution of the art images warped into frames."""


@dataclass(frozen=True)
class Realism:
    """How real a rendered table looks; the defaults are the plain renderer."""

    card_art: bool = False
    """Busy high-contrast art, icons, text and thin lines on cards and boards; a label under each sticker."""
    icon_by_sticker: bool = False
    """A printed icon 0.5-2 mm left of each card sticker's quiet zone (effects reaching the corner)."""
    strip: str = "roomy"
    careless_mm: float = 0.0
    """How far each card lies off its place across its stack (uniform, either way)."""
    careless_deg: float = 0.0
    board_hands: float = 0.0
    """The chance that a player's hand lies over their board's sticker."""
    crowded: bool = False
    """Seats pushed together so that neighbouring cities touch."""
    sticker_turn_deg: float = 0.0
    """How far each sticker may be stuck turned off its component's edges (uniform, either way)."""
    turned_backs: float = 0.0
    """The chance that a stage card is tucked turned half round (its back's sticker upside down): a
    player who stuck it near the other short edge."""
    rows: bool = False
    """A rectangular table: the players in two rows along its long sides, each row's boards facing
    the same way, neighbouring cities 30-90 mm apart (the guide's least gap, and more)."""


HARD = Realism(card_art=True, icon_by_sticker=True, strip="covered", careless_mm=1.5, careless_deg=1.0,
               board_hands=0.2, crowded=True)
GUIDANCE = replace(HARD, strip="guidance")
ROWS = replace(GUIDANCE, crowded=False, rows=True, sticker_turn_deg=5.0, turned_backs=0.5)
"""Issue 27's tables: in rows, the stickers askew as far as the guide allows (5 degrees), half the
stage cards turned round."""

WIDE_LENS = (-0.25, 0.05)
"""Radial distortion (OpenCV k1, k2) of the rendered wide-angle lens: barrel, monotonic over the
whole frame, the corners seen about 113 degrees across the diagonal at 102 degrees horizontal."""


def strip_mm(strip: str, size_mm: float, quiet_mm: float, offset_mm: float, rng: np.random.Generator) -> float:
    """How far apart (mm) the top edges of two cards of a stack lie for a strip mode."""
    if strip == "roomy":
        return size_mm + 2 * quiet_mm + 6.0
    if strip == "guidance":
        return offset_mm + size_mm + 2 * quiet_mm + float(rng.uniform(0, 1.5))
    if strip == "covered":
        return offset_mm + size_mm + quiet_mm + float(rng.uniform(0, quiet_mm))
    raise ValueError(f"unknown strip {strip!r}; expected one of {', '.join(STRIPS)}")


def _words(rng: np.random.Generator, count: int) -> str:
    letters = "ABCDEFGHIKLMNOPRSTUVW"
    return " ".join("".join(letters[int(i)] for i in rng.integers(0, len(letters), int(rng.integers(3, 8))))
                    for _ in range(count))


def _icon(image: np.ndarray, centre: tuple[int, int], radius: int, rng: np.random.Generator) -> None:
    """A printed icon: a dark disc or square with a light symbol inside (a resource, a shield...)."""
    dark = tuple(int(v) for v in rng.integers(10, 60, 3))
    light = tuple(int(v) for v in rng.integers(200, 250, 3))
    x, y = centre
    if rng.random() < 0.5:
        cv2.circle(image, centre, radius, dark, -1, cv2.LINE_AA)
    else:
        cv2.rectangle(image, (x - radius, y - radius), (x + radius, y + radius), dark, -1)
    inner = max(1, radius // 2)
    cv2.line(image, (x - inner, y), (x + inner, y), light, max(1, radius // 4), cv2.LINE_AA)
    cv2.line(image, (x, y - inner), (x, y + inner), light, max(1, radius // 4), cv2.LINE_AA)


def _busy(image: np.ndarray, top: int, rng: np.random.Generator) -> None:
    """High-contrast art below row `top`: shapes, thin lines and text, as a painted building is."""
    height, width = image.shape[:2]
    for _ in range(int(rng.integers(14, 24))):
        colour = tuple(int(v) for v in (rng.integers(0, 60, 3) if rng.random() < 0.5 else rng.integers(170, 255, 3)))
        x, y = int(rng.integers(0, width)), int(rng.integers(top, height))
        kind = rng.random()
        if kind < 0.35:
            size = (int(rng.integers(8, width // 3)), int(rng.integers(8, width // 3)))
            cv2.ellipse(image, (x, y), size, float(rng.uniform(0, 180)), 0, 360, colour, -1, cv2.LINE_AA)
        elif kind < 0.6:
            points = np.array([[x, y]] + [[x + int(rng.integers(-60, 60)), y + int(rng.integers(-60, 60))]
                                          for _ in range(3)], np.int32)
            cv2.fillPoly(image, [points], colour, cv2.LINE_AA)
        elif kind < 0.85:
            end = (x + int(rng.integers(-width, width)), y + int(rng.integers(-80, 80)))
            cv2.line(image, (x, y), end, colour, int(rng.integers(1, 3)), cv2.LINE_AA)
        else:
            cv2.putText(image, _words(rng, 1), (x - 20, y), cv2.FONT_HERSHEY_SIMPLEX, 0.5, colour, 1, cv2.LINE_AA)
    # Hatching: the fine parallel lines of engraved art.
    for offset in range(0, width, int(rng.integers(5, 9))):
        if rng.random() < 0.5:
            cv2.line(image, (offset, top + 4), (offset + 30, height), (35, 35, 35), 1, cv2.LINE_AA)


def card_art(colour_bgr: tuple[int, int, int], width_mm: float, height_mm: float, rng: np.random.Generator, *,
             sticker_box_mm: tuple[float, float, float, float] | None = None, icon_by_sticker: bool = False
             ) -> np.ndarray:
    """A card face: its colour's banner holding cost icons, its name and effect icons, a thin frame,
    and busy art below; with `icon_by_sticker`, an effect icon just left of the sticker's box
    (x0, y0, x1, y1 in the card's mm, quiet zone included)."""
    width, height = round(width_mm * PX_PER_MM), round(height_mm * PX_PER_MM)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = colour_bgr
    banner = round(26 * PX_PER_MM)
    _busy(image, banner, rng)
    cv2.rectangle(image, (0, 0), (width - 1, banner), colour_bgr, -1)
    for k in range(int(rng.integers(1, 4))):   # the cost, top left
        _icon(image, (round((5 + 8 * k) * PX_PER_MM), round(5 * PX_PER_MM)), round(3 * PX_PER_MM), rng)
    cv2.putText(image, _words(rng, 2), (round(4 * PX_PER_MM), round(22 * PX_PER_MM)), cv2.FONT_HERSHEY_SIMPLEX,
                0.55, (20, 20, 20), 1, cv2.LINE_AA)
    for k in range(int(rng.integers(1, 3))):   # the effect, in the middle of the banner
        _icon(image, (round((22 + 9 * k) * PX_PER_MM), round(11 * PX_PER_MM)), round(4 * PX_PER_MM), rng)
    if icon_by_sticker and sticker_box_mm is not None:
        x0, y0, _, y1 = sticker_box_mm
        radius = float(rng.uniform(2.5, 3.5))
        gap = float(rng.uniform(0.5, 2.0))
        centre = (round((x0 - gap - radius) * PX_PER_MM), round((y0 + y1) / 2 * PX_PER_MM))
        _icon(image, centre, round(radius * PX_PER_MM), rng)
    cv2.rectangle(image, (6, 6), (width - 7, height - 7), (30, 30, 30), 1, cv2.LINE_AA)
    return image


def board_art(colour_bgr: tuple[int, int, int], width_mm: float, height_mm: float, stages: int,
              rng: np.random.Generator) -> np.ndarray:
    """A wonder board: busy art, the resource icon top left, the stage boxes along the bottom."""
    width, height = round(width_mm * PX_PER_MM), round(height_mm * PX_PER_MM)
    image = np.empty((height, width, 3), np.uint8)
    image[:] = colour_bgr
    _busy(image, 0, rng)
    _icon(image, (round(8 * PX_PER_MM), round(8 * PX_PER_MM)), round(5 * PX_PER_MM), rng)
    slot = width / max(1, stages)
    for k in range(stages):
        x0, x1 = round(k * slot + 0.1 * slot), round((k + 1) * slot - 0.1 * slot)
        cv2.rectangle(image, (x0, height - round(22 * PX_PER_MM)), (x1, height - 8), (220, 220, 210), -1)
        cv2.rectangle(image, (x0, height - round(22 * PX_PER_MM)), (x1, height - 8), (25, 25, 25), 2)
        _icon(image, ((x0 + x1) // 2, height - round(13 * PX_PER_MM)), round(4 * PX_PER_MM), rng)
    return image


def label_image(width_px: int, rng: np.random.Generator) -> np.ndarray:
    """The two-line label printed under a sticker's code (the card's name and age)."""
    height = round(width_px * 0.32)
    image = np.full((height, width_px, 3), 238, np.uint8)
    scale = width_px / 260
    for line in range(2):
        cv2.putText(image, _words(rng, 2), (4, round(height * (0.42 + 0.45 * line))), cv2.FONT_HERSHEY_SIMPLEX,
                    0.6 * scale, (30, 30, 30), 1, cv2.LINE_AA)
    return image
