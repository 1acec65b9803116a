"""Draw the app's launcher icon and start-up picture (android/art/icon.png, presplash.png).

    python android/draw_art.py

A golden stepped pyramid (a wonder being built) under a camera's round lens, on the app's dark
blue; the presplash adds the name. Run again after changing the drawing, and commit the PNGs.
"""

from __future__ import annotations

from pathlib import Path

import cv2
import numpy as np

HERE = Path(__file__).resolve().parent / "art"
BACKGROUND = (56, 41, 35)      # BGR of the app's dark background
GOLD = (64, 196, 255)
GOLD_DARK = (30, 140, 205)
LENS = (235, 200, 120)
WHITE = (245, 245, 245)


def _pyramid(image: np.ndarray, centre_x: int, base_y: int, width: int, steps: int = 4) -> None:
    step_height = width // (steps * 2 + 1)
    for step in range(steps):
        half = width // 2 - step * (width // (steps * 2))
        top = base_y - (step + 1) * step_height
        cv2.rectangle(image, (centre_x - half, top), (centre_x + half, top + step_height - 4), GOLD, -1,
                      cv2.LINE_AA)
        cv2.rectangle(image, (centre_x - half, top + step_height - 12), (centre_x + half, top + step_height - 4),
                      GOLD_DARK, -1, cv2.LINE_AA)


def _lens(image: np.ndarray, centre: tuple[int, int], radius: int) -> None:
    cv2.circle(image, centre, radius, WHITE, max(3, radius // 6), cv2.LINE_AA)
    cv2.circle(image, centre, radius * 5 // 8, LENS, -1, cv2.LINE_AA)
    cv2.circle(image, (centre[0] - radius // 4, centre[1] - radius // 4), max(2, radius // 6), WHITE, -1,
               cv2.LINE_AA)


def icon(size: int = 512) -> np.ndarray:
    """The launcher icon: a rounded square (Android masks it further on its own)."""
    image = np.zeros((size, size, 4), dtype=np.uint8)
    colour = np.zeros((size, size, 3), dtype=np.uint8)
    colour[:] = BACKGROUND
    _pyramid(colour, size // 2, size * 13 // 16, size * 3 // 4)
    _lens(colour, (size // 2, size * 5 // 16), size // 7)
    mask = np.zeros((size, size), dtype=np.uint8)
    radius = size // 6
    cv2.rectangle(mask, (radius, 0), (size - radius, size), 255, -1)
    cv2.rectangle(mask, (0, radius), (size, size - radius), 255, -1)
    for x, y in ((radius, radius), (size - radius, radius), (radius, size - radius), (size - radius, size - radius)):
        cv2.circle(mask, (x, y), radius, 255, -1, cv2.LINE_AA)
    image[:, :, :3] = colour
    image[:, :, 3] = mask
    return image


def presplash(width: int = 960, height: int = 540) -> np.ndarray:
    """The picture shown while Python starts (buildozer centres it on android.presplash_color)."""
    image = np.zeros((height, width, 3), dtype=np.uint8)
    image[:] = BACKGROUND
    _pyramid(image, width // 2, height * 3 // 4 - 40, height // 2)
    _lens(image, (width // 2, height // 4), height // 11)
    text = "Table Companion"
    scale, thickness = 1.6, 3
    (text_width, _), _ = cv2.getTextSize(text, cv2.FONT_HERSHEY_DUPLEX, scale, thickness)
    cv2.putText(image, text, ((width - text_width) // 2, height - 50), cv2.FONT_HERSHEY_DUPLEX, scale, WHITE,
                thickness, cv2.LINE_AA)
    return image


def main() -> None:
    HERE.mkdir(exist_ok=True)
    cv2.imwrite(str(HERE / "icon.png"), icon(), [cv2.IMWRITE_PNG_COMPRESSION, 9])
    cv2.imwrite(str(HERE / "presplash.png"), presplash(), [cv2.IMWRITE_PNG_COMPRESSION, 9])
    print(f"wrote {HERE / 'icon.png'} and {HERE / 'presplash.png'}")


if __name__ == "__main__":
    main()
