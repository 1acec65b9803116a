"""The `companion` command: one thin subcommand per capability; errors become one line and exit 2."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from companion import __version__
from companion.cli import rules_commands
from companion.cli.errors import EXIT_STORE, CommandError
from companion.gamedata import GameDataError
from companion.storage.database import StoreError, StoreUnusable
from companion.storage.events import EventError
from companion.tablefile import TableFileError

__all__ = ["entrypoint", "main"]


def build_parser() -> argparse.ArgumentParser:
    """The argument parser with every subcommand registered."""
    parser = argparse.ArgumentParser(
        prog="companion",
        description="Table Companion for 7 Wonders: score a table, check builds, resolve conflicts.",
    )
    parser.add_argument("--version", action="version", version=f"%(prog)s {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    rules_commands.register(commands)
    from companion.cli import (
        app_commands,
        bench_commands,
        components_commands,
        demo_commands,
        games_commands,
        marker_commands,
        vision_commands,
    )

    components_commands.register(commands)
    demo_commands.register(commands)
    app_commands.register(commands)
    games_commands.register(commands)
    marker_commands.register(commands)
    vision_commands.register(commands)
    bench_commands.register(commands)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run the command line with `argv` (default: sys.argv[1:]) and return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.run(args)
    except TableFileError as error:
        for problem in error.problems:
            location = f"{error.source}: " if error.source else ""
            print(f"error: {location}{problem}", file=sys.stderr)
        return 2
    except StoreUnusable as error:
        print(f"error: {error}", file=sys.stderr)
        return EXIT_STORE
    except (CommandError, GameDataError, EventError, StoreError) as error:
        print(f"error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:
        return 0
    return status


def entrypoint() -> None:
    """The console script."""
    sys.exit(main())
