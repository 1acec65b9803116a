"""Start the app: set Kivy up before it is imported (our command line owns the arguments), then run.

Kivy reads its environment when first imported, so everything here happens before any Kivy
import; `companion app` and `companion demo` call `run_app`, tests call `configure_kivy` and
build the app themselves.
"""

from __future__ import annotations

import logging
import os
import sys
from pathlib import Path

from companion.app.platform import on_android

__all__ = ["configure_kivy", "display_available", "drm_display", "kivy_installed", "on_android", "run_app"]


def drm_display(devices: Path = Path("/dev/dri")) -> Path | None:
    """The KMS/DRM device a console session (no X, no Wayland: the Raspberry Pi kiosk) draws on,
    when this user may open it; Kivy's SDL2 window then runs on SDL's ``kmsdrm`` video driver."""
    for card in sorted(devices.glob("card[0-9]*")):
        if os.access(card, os.R_OK | os.W_OK):
            return card
    return None


def display_available() -> bool:
    """True when a window can be shown to someone: Android, Windows, macOS, a Linux desktop session,
    or a Linux console with a KMS/DRM screen (an offscreen renderer, as in tests, is no display)."""
    if "ANDROID_ARGUMENT" in os.environ or sys.platform in ("win32", "darwin"):
        return True
    if any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY")):
        return True
    return sys.platform.startswith("linux") and drm_display() is not None


def kivy_installed() -> bool:
    """True when Kivy can be imported (the `app` extra is installed)."""
    import importlib.util

    return importlib.util.find_spec("kivy") is not None


class _NoCutBufferNoise(logging.Filter):
    """Kivy looks for the xclip and xsel programs for a cut buffer the app never uses, and logs an
    error when they are missing; drop exactly those records."""

    def filter(self, record: logging.LogRecord) -> bool:
        text = record.getMessage()
        return not (("xclip" in text or "xsel" in text) and "FileNotFoundError" in text)


def _quiet_missing_cut_buffer() -> None:
    logger = logging.getLogger("kivy")
    if not any(isinstance(f, _NoCutBufferNoise) for f in logger.filters):
        logger.addFilter(_NoCutBufferNoise())


def configure_kivy(*, size: tuple[int, int] | None = None, offscreen: bool = False, fullscreen: bool = False) -> None:
    """Set Kivy's environment and window size (or the whole screen, without a mouse pointer, for a
    kiosk); call before the first Kivy import. On a Linux console with no X or Wayland, SDL draws
    straight on KMS/DRM."""
    os.environ.setdefault("KIVY_NO_ARGS", "1")
    os.environ.setdefault("KIVY_LOG_MODE", "PYTHON")      # Kivy leaves stderr and the root logger alone
    if sys.platform.startswith("linux") and "ANDROID_ARGUMENT" not in os.environ:
        os.environ.setdefault("KIVY_CLIPBOARD", "sdl2")   # not xclip/xsel, which may be missing
    console = not any(os.environ.get(name) for name in ("DISPLAY", "WAYLAND_DISPLAY"))
    if offscreen:
        os.environ["SDL_VIDEODRIVER"] = "offscreen"
        os.environ.setdefault("KIVY_NO_CONFIG", "1")
        os.environ.setdefault("KIVY_NO_FILELOG", "1")
    elif sys.platform.startswith("linux") and "ANDROID_ARGUMENT" not in os.environ and console and drm_display():
        os.environ.setdefault("SDL_VIDEODRIVER", "kmsdrm")
    _quiet_missing_cut_buffer()
    from kivy.config import Config

    if fullscreen:
        Config.set("graphics", "fullscreen", "auto")      # the screen's own resolution
        Config.set("graphics", "show_cursor", "0")        # a touchscreen: no pointer over the table
    elif size is not None:
        Config.set("graphics", "width", str(size[0]))
        Config.set("graphics", "height", str(size[1]))
    Config.set("input", "mouse", "mouse,multitouch_on_demand")
    Config.set("kivy", "exit_on_escape", "0")


def run_app(store_path: Path, *, camera: str | None = None, language: str | None = None,
            size: tuple[int, int] | None = None, demo: bool = False, fullscreen: bool = False) -> None:
    """Open the app's window (or the whole screen) and run until it is closed."""
    configure_kivy(size=size or (1280, 800), fullscreen=fullscreen)
    from companion.app.main import CompanionApp

    CompanionApp(store_path, camera=camera, language=language, demo=demo).run()
