"""The `companion` command: one thin subcommand per capability.

Exit statuses: 0 done, 1 a negative answer (an illegal build, an incomplete table), 2 a bad input or
argument (one line per problem, at most 20 and a count), 3 an answer needing a value not yet entered,
130 interrupted by Ctrl-C. A missing optional dependency names the extra that installs it.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence

from companion import __version__
from companion.cli.errors import EXIT_STORE, CommandError
from companion.gamedata import GameDataError
from companion.jsonread import problem_lines
from companion.problem import ProblemsError
from companion.safewrite import OutputRefused
from companion.storage.database import StoreError, StoreUnusable
from companion.storage.events import EventError

__all__ = ["EXTRAS", "entrypoint", "main"]

EXTRAS = {"cv2": "vision", "numpy": "vision", "pyzbar": "vision", "zxingcpp": "vision",
          "segno": "sheets", "fpdf": "sheets", "kivy": "app"}
"""The optional dependency groups of pyproject.toml, by the module a command imports."""
INTERRUPTED = 130
"""The exit status of a command stopped by Ctrl-C (128 + SIGINT), as shells report it."""
QUIET_LIBRARIES = {"OPENCV_LOG_LEVEL": "OFF", "OPENCV_FFMPEG_LOGLEVEL": "-8"}
"""OpenCV's and ffmpeg's own warnings ("moov atom not found", "can't open camera by index") would come
before the command's one `error:` line saying the same; set in the environment to see them again."""


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion for 7 Wonders: score a table, check builds, resolve conflicts.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    from companion.cli import (
        app_commands,
        bench_commands,
        games_commands,
        kiosk_commands,
        marker_commands,
        vision_commands,
    )
    from companion.cli.registry import COMMANDS

    for register in COMMANDS.values():              # the games' own (the base games' first: score, check, ...)
        register(commands)
    app_commands.register(commands)
    games_commands.register(commands)
    marker_commands.register(commands)
    vision_commands.register(commands)
    bench_commands.register(commands)
    kiosk_commands.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (default: sys.argv[1:]) and return the exit status."""
    for name, value in QUIET_LIBRARIES.items():
        os.environ.setdefault(name, value)
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except ProblemsError as error:           # a game's table file
        location = f"{error.source}: " if error.source else ""
        for line in problem_lines(error.problems):
            print(f"error: {location}{line}", file=sys.stderr)
        return 2
    except StoreUnusable as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_STORE
    except (CommandError, GameDataError, EventError, StoreError, OutputRefused) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        return INTERRUPTED
    except OSError as error:
        where = f"{error.filename}: " if error.filename else ""
        print(f"error: {where}{error.strerror or error}", file=sys.stderr)
        return 2
    except ModuleNotFoundError as error:
        extra = EXTRAS.get((error.name or "").partition(".")[0])
        if extra is None:
            raise
        print(f"error: this command needs {error.name}, which is not installed: "
              f"pip install 'sevenwonders-companion[{extra}]'", file=sys.stderr)
        return 2
    return status


def entrypoint() -> None:
    """The console script (Ctrl-C while it is still starting up is one line too)."""
    try:
        status = main()
    except KeyboardInterrupt:
        print("interrupted", file=sys.stderr)
        status = INTERRUPTED
    sys.exit(status)
