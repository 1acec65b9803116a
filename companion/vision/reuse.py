"""Which parts of a video frame changed since they were last decoded, so that a still table is not
decoded again every frame.

Each frame is reduced to a thumbnail (one grey per `CELL` x `CELL` pixels: fine enough that
another sticker laid in the same place changes some cell by 39 levels or more at 2-4 pixels per
module, measured). Cells whose grey moved by more than `THRESHOLD` levels since that part was last
decoded are changed; they are widened by a
margin (a marker lying across the edge of a change is decoded whole) and grouped into boxes. The
reader decodes those boxes only and keeps the markers found earlier outside them. A frame of
another size, a change over most of the frame (the camera moved, the light changed), or every
`refresh_every` frames, reads the whole frame.
"""

from __future__ import annotations

from dataclasses import dataclass

import cv2
import numpy as np

__all__ = ["ChangeMap", "Region"]

Region = tuple[int, int, int, int]
"""A box of the frame, (x0, y0, x1, y1) in pixels, x1 and y1 excluded."""


@dataclass
class ChangeMap:
    """The thumbnail of what was last decoded in each part of the frame, and where it changed."""

    CELL = 4
    THRESHOLD = 8.0
    WHOLE_FRAME_SHARE = 0.4
    """A change over more than this share of the frame reads the whole frame."""
    refresh_every: int = 30
    _reference: np.ndarray | None = None
    _frames_since_full: int = 0

    def changed_regions(self, grey: np.ndarray, margin_px: float) -> list[Region] | None:
        """The boxes to decode in `grey` (none: nothing changed), or None to decode the whole frame.

        The reference thumbnail takes the new frame's content wherever a box is returned, so the
        caller must decode every box it is given.
        """
        thumb = self._thumbnail(grey)
        reference = self._reference
        self._frames_since_full += 1
        if reference is None or reference.shape != thumb.shape or self._frames_since_full >= self.refresh_every:
            self._take_whole(thumb)
            return None
        changed = cv2.absdiff(thumb, reference) > self.THRESHOLD
        if not changed.any():
            return []
        if changed.mean() > self.WHOLE_FRAME_SHARE:
            self._take_whole(thumb)
            return None
        reach = int(np.ceil(margin_px / self.CELL)) + 1
        widened = cv2.dilate(changed.astype(np.uint8), np.ones((2 * reach + 1, 2 * reach + 1), np.uint8))
        count, _, stats, _ = cv2.connectedComponentsWithStats(widened, connectivity=8)
        regions = []
        height, width = grey.shape[:2]
        fx, fy = width / thumb.shape[1], height / thumb.shape[0]
        for x, y, w, h, _area in stats[1:count]:
            reference[y:y + h, x:x + w] = thumb[y:y + h, x:x + w]
            regions.append((int(x * fx), int(y * fy), int(min(width, np.ceil((x + w) * fx))),
                            int(min(height, np.ceil((y + h) * fy)))))
        return regions

    def forget(self) -> None:
        """Forget the last frame: the next one is decoded whole (a new video or camera)."""
        self._reference = None
        self._frames_since_full = 0

    def _take_whole(self, thumb: np.ndarray) -> None:
        """Take `thumb` as the reference everywhere: the whole frame is decoded."""
        self._reference = thumb
        self._frames_since_full = 0

    def _thumbnail(self, grey: np.ndarray) -> np.ndarray:
        """One grey value per cell (the last row and column take what is left over)."""
        height, width = grey.shape[:2]
        size = (max(1, -(-width // self.CELL)), max(1, -(-height // self.CELL)))
        return cv2.resize(grey, size, interpolation=cv2.INTER_AREA).astype(np.float32)
