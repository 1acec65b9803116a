"""What printed patterns other than our markers decode as in the ArUco dictionary.

Each frame holds one real ArUco sticker (so that the reader's second look runs) beside a lookalike:
a QR code too small to decode (ours or a foreign one, 0.7-2.5 pixels per module), a lone QR finder
pattern, or a patch of busy card art with icons and text; tilted, turned, blurred, noisy, JPEG.
OpenCV's detector with the reader's parameters but without its check gives the ids lookalikes
decode as (the candidates for `lookalike_fiducial_ids` in markers.json); the full reader must turn
none of them into a component.
"""

from __future__ import annotations

import collections
from dataclasses import dataclass, field

import cv2
import numpy as np

from companion.markers import MarkerRegistry, encode_payload, load_marker_registry
from companion.simulation import render
from companion.vision.decoders import ArucoDecoder
from companion.vision.reader import MarkerReader

__all__ = ["KINDS", "Lookalikes", "measure_lookalikes"]

KINDS = ("our QR code, too small", "foreign QR code, too small", "QR finder pattern", "icons and text")
REAL_MARKER = 17


@dataclass
class Lookalikes:
    """Ids decoded from lookalikes, unchecked, and the false components of the full reader."""

    frames: int = 0
    unchecked: dict[int, collections.Counter[str]] = field(default_factory=dict)
    false_components: collections.Counter[int] = field(default_factory=collections.Counter)
    real_found: int = 0

    def to_json(self) -> dict[str, object]:
        """The figures as a JSON object."""
        return {"frames": self.frames, "real_marker_found": self.real_found,
                "unchecked_ids": {str(i): dict(kinds) for i, kinds in sorted(self.unchecked.items())},
                "false_components": {str(i): n for i, n in sorted(self.false_components.items())}}

    def print(self) -> None:
        """A few lines: the ids lookalikes decode as, and the reader's false components."""
        print(f"lookalikes: {self.frames} frames of one real ArUco sticker beside a QR code too small to "
              f"decode, a QR finder pattern, or icons and text")
        seen = ", ".join(f"{i} ({', '.join(f'{k} x{n}' for k, n in kinds.items())})"
                         for i, kinds in sorted(self.unchecked.items())) or "none"
        print(f"  ids OpenCV's detector reads in them (before the reader's check): {seen}")
        print(f"  full reader (ArUco family): {sum(self.false_components.values())} false components "
              f"(target 0); the real sticker found in {self.real_found} of {self.frames} frames")


def _lookalike_image(kind: str, registry: MarkerRegistry, rng: np.random.Generator) -> tuple[np.ndarray, int]:
    """A flat lookalike image and the modules across it (its size in the frame follows from them)."""
    import segno

    if kind == "icons and text":
        return render.busy_art(120, 120, 12.0, rng), 7
    if kind == "QR finder pattern":
        grid = np.zeros((7, 7), bool)
        grid[0, :] = grid[-1, :] = grid[:, 0] = grid[:, -1] = True
        grid[2:5, 2:5] = True
        cells: list[list[bool]] = grid.tolist()
    else:
        text = (encode_payload(int(rng.integers(1, 200)), registry) if kind.startswith("our")
                else f"https://example.org/{int(rng.integers(10 ** 9))}")
        code = segno.make_qr(text, error="h" if kind.startswith("our") else "m")
        cells = [[bool(c) for c in row] for row in code.matrix]
    image = render.sticker_image(tuple(tuple(row) for row in cells), 2)
    return image, len(cells) + 4


def measure_lookalikes(frames: int, seed: int = 3) -> Lookalikes:
    """Run `frames` lookalike frames through the unchecked detector and the full reader."""
    registry = load_marker_registry()
    rng = np.random.default_rng(seed)
    unchecked = ArucoDecoder(registry.fiducial_dictionary)
    unchecked.check.passes_all = lambda _grey, corners, _ids: np.ones(len(corners), dtype=bool)  # type: ignore[method-assign]
    reader = MarkerReader.for_family("aruco", registry, reuse=False)
    real, real_corners, _ = render.marker_sticker("aruco", REAL_MARKER, registry)
    result = Lookalikes(frames=frames)
    for index in range(frames):
        kind = KINDS[index % len(KINDS)]
        frame = render.textured_background(420, 420, rng)
        render.paste(frame, real, cv2.getPerspectiveTransform(real_corners, render.quad((90, 90), 28, 0, 0, rng)))
        image, modules = _lookalike_image(kind, registry, rng)
        ppm = rng.uniform(0.7, 2.5) if "too small" in kind else rng.uniform(1.5, 8.0)
        source = np.array([[0, 0], [image.shape[1], 0], [image.shape[1], image.shape[0]], [0, image.shape[0]]],
                          dtype=np.float32)
        target = render.quad((280, 280), modules * ppm, rng.uniform(0, 35), rng.uniform(0, 360), rng)
        render.paste(frame, image, cv2.getPerspectiveTransform(source, target))
        frame = render.degrade(frame, render.Degradation(blur=float(rng.uniform(0, 1.2)), noise=3.0,
                                                         jpeg_quality=85), rng)
        for code in unchecked.decode(frame):
            if code.fiducial_id != REAL_MARKER and code.fiducial_id is not None:
                result.unchecked.setdefault(code.fiducial_id, collections.Counter())[kind] += 1
        found = {d.component.marker for d in reader.read(frame).markers}
        result.real_found += REAL_MARKER in found
        result.false_components.update(found - {REAL_MARKER})
    return result
