"""Tune the window of the contrast stretch that reads a glared place again (`STRETCH_MODULES`).

A place the table's layout says a sticker lies in is read upscaled, then binarised; a sticker under
a strong glare spot (its dark modules lifted towards white) is missed by both. Each trial renders
one QR sticker of ours on busy card art in a box as wide as the one the table reader reads (2.6
code sides), at 2.5-5 pixels per module, tilted up to 30 degrees, under a glare spot of random
size and strength, blurred, with noise and JPEG 90. Among the trials the two reads miss, the script
counts those read with the contrast stretched, for each window (in modules) and scale (upscaled
twice, or as it is), and any code read that is not the sticker's.

Run: .venv/bin/python benchmarks/glare_stretch.py [seed ...]   (default: seeds 7 and 8, 300 trials each)
"""

from __future__ import annotations

import sys

import cv2
import numpy as np

from companion.markers import MarkerRegistry, load_marker_registry
from companion.markers.codec import encode_payload
from companion.simulation.render import busy_art, marker_sticker, paste, quad
from companion.vision.decoders import ZxingDecoder, _stretched, _thresholded
from companion.vision.pipeline import LOOK_AGAIN_SIDES, QR_MODULES

TRIALS = 300
WINDOWS = (1.5, 2.0, 2.5, 3.0, 4.0)
SCALES = (2.0, 1.0)


def glared_trial(rng: np.random.Generator, registry: MarkerRegistry, payloads: list[tuple[int, str]]
                 ) -> tuple[np.ndarray, str]:
    """One rendered box: (grey image, the sticker's payload)."""
    number, payload = payloads[rng.integers(len(payloads))]
    module = rng.uniform(2.5, 5.0)
    code = QR_MODULES * module
    side = int(LOOK_AGAIN_SIDES * code)
    sticker, corners, _ = marker_sticker("qr", number, registry)
    frame = busy_art(side, side, module, rng)
    centre = (side / 2 + rng.uniform(-0.3, 0.3) * code, side / 2 + rng.uniform(-0.3, 0.3) * code)
    target = quad(centre, code, rng.uniform(0, 30), rng.uniform(-15, 15), rng)
    paste(frame, sticker, cv2.getPerspectiveTransform(corners.astype(np.float32), target))
    image = frame.astype(np.float32)
    spot_x, spot_y = (c + rng.uniform(-0.5, 0.5) * code for c in centre)
    radius = rng.uniform(0.4, 1.2) * code
    rows, columns = np.ogrid[0:side, 0:side]
    image += np.exp(-((columns - spot_x) ** 2 + (rows - spot_y) ** 2) / (2 * radius ** 2)) * rng.uniform(120, 260)
    image = cv2.GaussianBlur(image, (0, 0), rng.uniform(0.4, 1.0)) + rng.normal(0, 3, image.shape)
    grey = np.clip(image, 0, 255).astype(np.uint8)
    grey = cv2.imdecode(cv2.imencode(".jpg", grey, [cv2.IMWRITE_JPEG_QUALITY, 90])[1], cv2.IMREAD_GRAYSCALE)
    return grey, payload


def main(seeds: list[int]) -> None:
    registry = load_marker_registry()
    payloads = [(c.marker, encode_payload(c.marker, registry)) for c in registry if c.kind == "card"]
    decoder = ZxingDecoder(upscale=True)
    for seed in seeds:
        rng = np.random.default_rng(seed)
        missed = 0
        read = {(scale, window): 0 for scale in SCALES for window in WINDOWS}
        wrong = 0
        for _ in range(TRIALS):
            grey, payload = glared_trial(rng, registry, payloads)
            up = cv2.resize(grey, None, fx=2, fy=2, interpolation=cv2.INTER_CUBIC)
            if decoder._read(up, 2.0, (0, 0), downscale=False)[0] or \
                    decoder._read(_thresholded(up), 2.0, (0, 0), downscale=False)[0]:
                continue
            missed += 1
            estimate = grey.shape[0] / (LOOK_AGAIN_SIDES * QR_MODULES)   # as the table reader estimates it
            for scale, window in read:
                image = up if scale == 2.0 else grey
                codes = decoder._read(_stretched(image, window * estimate * scale), scale, (0, 0), downscale=False)[0]
                read[(scale, window)] += any(code.text == payload for code in codes)
                wrong += sum(1 for code in codes if code.text != payload)
        print(f"seed {seed}: {TRIALS} trials, {missed} missed by the upscaled and binarised reads; read stretched:")
        for (scale, window), count in read.items():
            print(f"  {'upscaled twice' if scale == 2.0 else 'as it is':14} window {window:3} modules: {count:3}")
        print(f"  codes read that are not the sticker's: {wrong}")


if __name__ == "__main__":
    main([int(arg) for arg in sys.argv[1:]] or [7, 8])
