"""`companion app`: open the app (Kivy) on the game log, with a camera or without."""

from __future__ import annotations

import argparse
import logging
from pathlib import Path

from companion.cli.errors import CommandError
from companion.jsonread import quoted

__all__ = ["parse_size", "quiet_kivy_first_start", "register"]

FIRST_START_NOISE = ("Config: Older configuration version detected", "Config: Upgrading configuration")
"""Kivy's warnings when it writes its config file the first time: not the player's business."""


class _FirstStartFilter(logging.Filter):
    def filter(self, record: logging.LogRecord) -> bool:
        return not record.getMessage().startswith(FIRST_START_NOISE)


def quiet_kivy_first_start() -> None:
    """Drop Kivy's config-upgrade warnings (printed on the very first start); call before the app runs."""
    kivy_logger = logging.getLogger("kivy")
    if not any(isinstance(f, _FirstStartFilter) for f in kivy_logger.filters):
        kivy_logger.addFilter(_FirstStartFilter())


def parse_size(text: str) -> tuple[int, int]:
    """``1280x800`` -> (1280, 800).

    :raises CommandError: for anything else.
    """
    try:
        width, height = (int(v) for v in text.lower().split("x"))
    except ValueError:
        raise CommandError(f"a window size is WIDTHxHEIGHT, e.g. 1280x800; got {quoted(str(text))}") from None
    if width < 320 or height < 240:
        raise CommandError(f"the window must be at least 320x240, got {text}")
    return width, height


def run_app_command(args: argparse.Namespace) -> int:
    """Open the app's window."""
    from companion.app.launch import display_available, kivy_installed, run_app
    from companion.storage import GameStore, default_store_path

    if not kivy_installed():
        raise CommandError("the app needs Kivy: pip install 'sevenwonders-companion[app]' (setup.sh installs it)")
    if not display_available():
        raise CommandError("no display to open the app's window on (no DISPLAY or WAYLAND_DISPLAY, and no "
                           "/dev/dri/card* screen this user may open: add the user to the video and render "
                           "groups)")
    store = Path(args.store) if args.store else default_store_path()
    GameStore(store).close()            # a file that is no usable game log: one line, before any window opens
    quiet_kivy_first_start()
    run_app(store, camera=args.camera, language=args.language, size=parse_size(args.size),
            fullscreen=args.fullscreen)
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `app` to the `companion` parser."""
    app = commands.add_parser("app", help="open the app (set up a game, watch the table, score, history)")
    app.add_argument("--store", metavar="FILE", help="the game log (default: $COMPANION_STORE, else the user "
                                                     "data folder)")
    app.add_argument("--camera", metavar="SOURCE", help="a camera number, 'picamera' (the Raspberry Pi camera; "
                                                        "'picamera,height=0.7' fixes its focus 0.7 m away), a "
                                                        "video, a folder of photos, or 'demo' (default: chosen "
                                                        "in the app)")
    app.add_argument("--fullscreen", action="store_true",
                     help="the whole screen, no pointer (the Raspberry Pi kiosk; works on a console via KMS/DRM)")
    app.add_argument("--language", choices=("en", "ru", "uk"), help="the language (default: the last one chosen)")
    app.add_argument("--size", default="1280x800", help="the window size on a desktop (default 1280x800)")
    app.set_defaults(run=run_app_command)
