"""Render printed stickers as a camera sees them: perspective, blur, noise, uneven light, glare, JPEG.

The benchmarks, the vision tests and the recorded games build their frames with it. Stickers are
drawn from the product's own code grids (`companion.markers.symbols`), so what is measured is what
the sheets print.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

from companion.markers import MarkerRegistry
from companion.markers.symbols import QUIET_MODULES, Grid, marker_grid

__all__ = ["Degradation", "busy_art", "code_corners_in_sticker", "cover_below", "degrade", "paste", "quad",
           "sticker_image", "textured_background"]

SOURCE_PX = 12
"""Pixels per module of the flat sticker image that gets warped into a frame."""


def sticker_image(grid: Grid, quiet: int, label_modules: float = 0.0) -> np.ndarray:
    """A flat white sticker with the code (dark modules 25, paper 235) and `label_modules` of blank label."""
    side = len(grid)
    cells = np.array(grid, dtype=bool)
    canvas_side = (side + 2 * quiet) * SOURCE_PX
    height = canvas_side + round(label_modules * SOURCE_PX)
    image = np.full((height, canvas_side), 235, np.uint8)
    code = np.where(np.kron(cells, np.ones((SOURCE_PX, SOURCE_PX), bool)), 25, 235).astype(np.uint8)
    start = quiet * SOURCE_PX
    image[start:start + side * SOURCE_PX, start:start + side * SOURCE_PX] = code
    return image


def code_corners_in_sticker(grid: Grid, quiet: int) -> np.ndarray:
    """The code's corners (clockwise from top-left) in the flat sticker image's pixels."""
    start = quiet * SOURCE_PX
    end = start + len(grid) * SOURCE_PX
    return np.array([[start, start], [end, start], [end, end], [start, end]], dtype=np.float32)


def marker_sticker(family: str, number: int, registry: MarkerRegistry, label_modules: float = 0.0
                   ) -> tuple[np.ndarray, np.ndarray, int]:
    """(sticker image, code corners in it, modules across the code) for one marker."""
    grid = marker_grid(family, number, registry)
    quiet = QUIET_MODULES[family]
    return sticker_image(grid, quiet, label_modules), code_corners_in_sticker(grid, quiet), len(grid)


def paste(frame: np.ndarray, image: np.ndarray, homography: np.ndarray) -> None:
    """Draw `image` into grey `frame` through `homography` (image -> frame), antialiased at the edges."""
    h, w = frame.shape[:2]
    warped = cv2.warpPerspective(image, homography, (w, h), flags=cv2.INTER_AREA)
    mask = cv2.warpPerspective(np.full(image.shape[:2], 255, np.uint8), homography, (w, h), flags=cv2.INTER_AREA)
    alpha = mask.astype(np.float32) / 255.0
    frame[:] = (frame.astype(np.float32) * (1 - alpha) + warped.astype(np.float32) * alpha).astype(np.uint8)


def quad(center: tuple[float, float], side_px: float, tilt_deg: float, rotation_deg: float,
         rng: np.random.Generator) -> np.ndarray:
    """Four frame points where a square of `side_px` lands, tilted away by `tilt_deg` and rotated.

    The foreshortened side is `side_px` (the worst direction, as the sizing model counts it).
    """
    tilt = np.radians(tilt_deg)
    shrink = np.cos(tilt)
    full = side_px / shrink
    near, far = full * (1 + 0.12 * np.sin(tilt)), full * (1 - 0.12 * np.sin(tilt))
    half_h = side_px / 2
    points = np.array([[-far / 2, -half_h], [far / 2, -half_h], [near / 2, half_h], [-near / 2, half_h]])
    angle = np.radians(rotation_deg)
    rotation = np.array([[np.cos(angle), -np.sin(angle)], [np.sin(angle), np.cos(angle)]])
    jitter = rng.uniform(-0.02, 0.02, (4, 2)) * side_px
    return (points @ rotation.T + np.array(center) + jitter).astype(np.float32)


@dataclass(frozen=True)
class Degradation:
    """How bad the camera is: Gaussian blur (px), noise (grey levels), light falloff, glare, JPEG."""

    blur: float = 0.0
    noise: float = 3.0
    light: float = 0.0
    """Fraction of brightness lost towards one side of the frame (uneven light)."""
    glare_spots: int = 0
    jpeg_quality: int = 90


def degrade(frame: np.ndarray, d: Degradation, rng: np.random.Generator) -> np.ndarray:
    """Apply the camera's faults to a clean grey frame."""
    image = frame.astype(np.float32)
    h, w = image.shape
    if d.light:
        angle = rng.uniform(0, 2 * np.pi)
        yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
        ramp = (np.cos(angle) * xx / w + np.sin(angle) * yy / h)
        ramp = (ramp - ramp.min()) / max(1e-6, float(ramp.max() - ramp.min()))
        image *= 1.0 - d.light * ramp
    for _ in range(d.glare_spots):
        cx, cy = rng.uniform(0, w), rng.uniform(0, h)
        radius = rng.uniform(0.03, 0.08) * max(w, h)
        yy, xx = np.ogrid[0:h, 0:w]
        spot = np.exp(-(((xx - cx) ** 2 + (yy - cy) ** 2) / (2 * radius ** 2)))
        image = image + spot * rng.uniform(60, 140)
    if d.blur > 0:
        image = cv2.GaussianBlur(image, (0, 0), d.blur)
    if d.noise > 0:
        image = image + rng.normal(0, d.noise, image.shape)
    out = np.clip(image, 0, 255).astype(np.uint8)
    if d.jpeg_quality < 100:
        ok, encoded = cv2.imencode(".jpg", out, [cv2.IMWRITE_JPEG_QUALITY, d.jpeg_quality])
        assert ok
        out = cv2.imdecode(encoded, cv2.IMREAD_GRAYSCALE)
    return out


def textured_background(height: int, width: int, rng: np.random.Generator) -> np.ndarray:
    """A mid-grey, card-art-like texture: smooth blotches with fine detail."""
    coarse = rng.uniform(60, 200, (max(2, height // 60), max(2, width // 60))).astype(np.float32)
    image = cv2.resize(coarse, (width, height), interpolation=cv2.INTER_CUBIC)
    fine = cv2.GaussianBlur(rng.normal(0, 25, (height, width)).astype(np.float32), (0, 0), 1.5)
    return np.clip(image + fine, 0, 255).astype(np.uint8)


def busy_art(height: int, width: int, px_per_mm: float, rng: np.random.Generator) -> np.ndarray:
    """High-contrast card art as a camera sees it: blotches of colour under dark and light icons
    (discs, shields, squares with holes, arrows), lines of text and thin lines, at card-art sizes
    (icons 4-10 mm, text 2-3 mm high, lines 0.2-0.6 mm), so that the art holds patterns that look
    like marker modules at any scale."""
    image = textured_background(height, width, rng).astype(np.float32)
    image = np.clip((image - 128) * 1.6 + 128, 0, 255).astype(np.uint8)
    area_mm2 = height * width / px_per_mm ** 2
    for _ in range(int(area_mm2 / 120) + 1):
        _art_item(image, px_per_mm, rng)
    return image


def _art_item(image: np.ndarray, px_per_mm: float, rng: np.random.Generator) -> None:
    """Draw one icon, line of text or thin line at a random place of `image`."""
    height, width = image.shape
    x, y = int(rng.uniform(0, width)), int(rng.uniform(0, height))
    tone = int(rng.choice([int(rng.uniform(15, 60)), int(rng.uniform(200, 250))]))
    size = max(2, int(rng.uniform(4, 10) * px_per_mm))
    kind = int(rng.integers(6))
    if kind == 0:
        cv2.circle(image, (x, y), size // 2, tone, -1, cv2.LINE_AA)
        cv2.putText(image, str(int(rng.integers(1, 10))), (x - size // 4, y + size // 4), cv2.FONT_HERSHEY_SIMPLEX,
                    size / 40, 255 - tone, max(1, size // 12), cv2.LINE_AA)
    elif kind == 1:
        cv2.rectangle(image, (x, y), (x + size, y + size), tone, -1)
        hole = size // 3
        cv2.rectangle(image, (x + hole, y + hole), (x + size - hole, y + size - hole), 255 - tone, -1)
    elif kind == 2:
        shield = np.array([[x, y], [x + size, y], [x + size, y + size // 2], [x + size // 2, y + size],
                           [x, y + size // 2]], np.int32)
        cv2.fillPoly(image, [shield], tone, cv2.LINE_AA)
    elif kind == 3:
        words = "".join(rng.choice(list("ABCDEFGHIKLMNOPRSTUVW "), int(rng.integers(4, 14))))
        scale = rng.uniform(2, 3) * px_per_mm / 22
        cv2.putText(image, words, (x, y), cv2.FONT_HERSHEY_SIMPLEX, scale, tone, max(1, int(scale * 2)), cv2.LINE_AA)
    elif kind == 4:
        thickness = max(1, round(rng.uniform(0.2, 0.6) * px_per_mm))
        end = (x + int(rng.normal(0, 20 * px_per_mm)), y + int(rng.normal(0, 20 * px_per_mm)))
        cv2.line(image, (x, y), end, tone, thickness, cv2.LINE_AA)
    else:
        arrow = (x + size, y + int(rng.normal(0, size / 3)))
        cv2.arrowedLine(image, (x, y), arrow, tone, max(1, size // 6), cv2.LINE_AA, tipLength=0.4)


def cover_below(frame: np.ndarray, homography: np.ndarray, top_left: tuple[float, float], cover: np.ndarray) -> None:
    """Lay the next card of a column over a sticker: `cover` (grey card art) is drawn with its
    top-left corner at `top_left` of the flat sticker image (the row where the card's edge crosses
    the sticker) through the sticker's `homography`, with the card's dark edge along its top."""
    card = cover.copy()
    edge = max(2, card.shape[0] // 40)
    card[:edge] = (card[:edge] * 0.3).astype(np.uint8)
    shift = np.array([[1, 0, top_left[0]], [0, 1, top_left[1]], [0, 0, 1]], dtype=np.float64)
    paste(frame, card, homography @ shift)
