"""What every frame source gives (`Frame`), how it fails (`FrameSourceError`) and what a live camera
is (`LiveCamera`): the types shared by the sources of companion.vision.sources, the Raspberry Pi
camera (companion.vision.picamera) and the Android camera, in a module of their own so that those
import it and not each other."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    import numpy as np

__all__ = ["Frame", "FrameSourceError", "LiveCamera"]


class FrameSourceError(ValueError):
    """A source that cannot be read; the message says which and why.

    `kind` says what happened, for a face to word it in the player's language: ``cannot_open`` (no
    such camera, or busy), ``permission`` (the camera permission was refused), ``lost`` (the camera
    stopped delivering frames), ``missing`` (the software a camera needs is not installed) or
    ``unreadable`` (a file or folder)."""

    def __init__(self, message: str, *, kind: str = "unreadable", source: str = "") -> None:
        super().__init__(message)
        self.kind = kind
        self.source = source


@dataclass(frozen=True, eq=False)
class Frame:
    """One frame and when it was taken (seconds from the start of the source); `preview` is a smaller
    picture of the same moment for the screen, where the camera delivers one (the Pi's low-resolution
    stream), else the screen shows `image`."""

    seconds: float
    name: str
    image: np.ndarray
    preview: np.ndarray | None = None
    sequence: str | None = None
    """The video or camera the frame belongs to: a reader may reuse what it decoded in the frame
    before of the same sequence; None for a photo, which is always read on its own."""


class LiveCamera(Iterator[Frame]):
    """A camera that delivers frames until closed: `delivered` is the frame size it actually gives
    (width, height), known once it is open; iterating yields frames and raises `FrameSourceError`
    (kind ``lost``) when the camera stops delivering them."""

    name = "camera"
    delivered: tuple[int, int] | None = None
    requested: tuple[int, int] | None = None

    def __iter__(self) -> LiveCamera:
        return self

    def __next__(self) -> Frame:
        raise NotImplementedError

    def close(self) -> None:
        """Release the camera (idempotent)."""

    def describe(self) -> str:
        """One line for a log or a terminal: the camera and the resolution it delivers."""
        size = f"{self.delivered[0]}x{self.delivered[1]}" if self.delivered else "resolution not known yet"
        asked = f" (asked for {self.requested[0]}x{self.requested[1]})" if self.requested else ""
        return f"{self.name}: {size}{asked}"
