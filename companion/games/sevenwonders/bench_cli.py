"""7 Wonders' targets of `companion bench`: ``rules`` (trade checks and scoring), ``storage`` (the game
log), ``app`` (taps, cold start and the preview on the demo game) and ``vision`` (the markers and the
reader on rendered 7 Wonders tables, then the games' city acceptance sets)."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from companion.cli.arguments import positive_int, positive_number
from companion.cli.errors import CommandError
from companion.cli.registry import BenchTarget

__all__ = ["TARGETS"]


def run_bench_rules(args: argparse.Namespace) -> int:
    """Time trade checks and scoring; see companion.games.sevenwonders.bench.rules."""
    print(f"measuring trade checks and scoring ({args.repeat} runs per case)...", file=sys.stderr, flush=True)
    from companion.games.sevenwonders.bench.rules import run

    run(repeat=args.repeat, as_json=args.json)
    return 0


def run_bench_storage(args: argparse.Namespace) -> int:
    """Replay, statistics and append times of the game log; see companion.games.sevenwonders.bench.storage."""
    from companion.games.sevenwonders.bench.storage import run

    run(games=args.games, as_json=args.json)
    return 0


def run_bench_app(args: argparse.Namespace) -> int:
    """The app's preview frame rate with recognition on and off; see companion.games.sevenwonders.bench.app."""
    from companion.app.launch import kivy_installed

    if not kivy_installed():
        print("companion bench app needs Kivy: pip install 'sevenwonders-companion[app]'")
        return 2
    from companion.games.sevenwonders.bench.app import run

    try:
        window = tuple(int(v) for v in args.window.lower().split("x"))
    except ValueError:
        window = ()
    if len(window) != 2 or min(window) < 100:
        print(f"--window: give the size as WIDTHxHEIGHT, e.g. 800x480 (got {args.window!r})")
        return 2
    run(seconds=args.seconds, rounds=args.rounds, window=(window[0], window[1]), as_json=args.json,
        part=args.part)
    return 0


def run_bench_vision(args: argparse.Namespace) -> int:
    """Recall, false components and time per frame on rendered tables; see companion.games.sevenwonders.bench.vision."""
    from companion.games.sevenwonders.bench.vision import run

    for folder in args.outside:
        if not Path(folder).is_dir():
            raise CommandError(f"--outside {folder}: no such folder")
    run(frames_per_level=args.frames, as_json=args.json,
        cities=None if args.no_cities or args.speed_only else args.cities, markers=not args.cities_only,
        recall=not args.speed_only, outside=args.outside, outside_limit=args.outside_limit)
    return 0


def _rules_arguments(rules: argparse.ArgumentParser) -> None:
    rules.add_argument("--repeat", type=positive_int, default=2000, help="timed runs per case (default 2000)")
    rules.add_argument("--json", action="store_true", help="print the figures as JSON")


def _storage_arguments(storage: argparse.ArgumentParser) -> None:
    storage.add_argument("--games", type=positive_int, default=1000, help="games in the log (default 1000)")
    storage.add_argument("--json", action="store_true", help="print the figures as JSON")


def _app_arguments(app: argparse.ArgumentParser) -> None:
    app.add_argument("--part", choices=("all", "taps", "start", "preview"), default="all",
                     help="run one part: taps, start or preview (default all)")
    app.add_argument("--seconds", type=positive_number, default=10.0, help="seconds per round and mode (default 10)")
    app.add_argument("--rounds", type=positive_int, default=2, help="rounds of each mode, alternating (default 2)")
    app.add_argument("--window", default="1280x800", help="the app's window, e.g. 800x480 (default 1280x800)")
    app.add_argument("--json", action="store_true", help="print the figures as JSON")


def _vision_arguments(vision: argparse.ArgumentParser) -> None:
    vision.add_argument("--frames", type=positive_int, default=6, help="frames per level and family (default 6)")
    vision.add_argument("--json", action="store_true", help="print the figures as JSON")
    size = vision.add_mutually_exclusive_group()
    size.add_argument("--quick", dest="cities", action="store_const", const="quick", default="quick",
                      help="the city acceptance sets at 2 tables each (default; a few minutes)")
    size.add_argument("--full", dest="cities", action="store_const", const="full",
                      help="the city acceptance sets at 12 tables each (about half an hour on 2 cores)")
    only = vision.add_mutually_exclusive_group()
    only.add_argument("--cities-only", action="store_true", help="only the city acceptance sets")
    only.add_argument("--no-cities", action="store_true", help="only marker recall and speed")
    only.add_argument("--speed-only", action="store_true", help="only the speed tables")
    vision.add_argument("--outside", action="append", default=[], metavar="DIR",
                        help="frames from outside the project (every folder of images under DIR is a row) for the "
                             "speed table: bare decoders and the full reader on them, and what the full reader "
                             "reads beyond the bare decoders; repeatable")
    vision.add_argument("--outside-limit", type=positive_int, default=8, metavar="N",
                        help="frames per folder of --outside, evenly spread (default 8)")


TARGETS = {
    "rules": BenchTarget("trade checks and scoring", _rules_arguments, run_bench_rules),
    "storage": BenchTarget("game log: replay a game, statistics over many games, appends", _storage_arguments,
                           run_bench_storage),
    "app": BenchTarget("tap-to-screen latency, cold start, and the preview's frames per second while recognition "
                       "runs", _app_arguments, run_bench_app),
    "vision": BenchTarget("recall, false components and time per frame on rendered tables", _vision_arguments,
                          run_bench_vision),
}
"""7 Wonders' targets of `companion bench`, by name (registered by `companion.games.sevenwonders.cli`)."""
