"""`companion bench ...`: print speed figures (medians, worst cases, ratios to a same-run reference)."""

from __future__ import annotations

import argparse
from pathlib import Path

from companion.cli.arguments import positive_int
from companion.cli.errors import CommandError
from companion.cli.registry import BENCH_TARGETS

__all__ = ["register"]


def run_bench_markers(args: argparse.Namespace) -> int:
    """Measure recall against pixels per module for each code family; see companion.bench.markers."""
    from companion.bench.markers import run

    run(trials=args.trials, as_json=args.json)
    return 0


def run_bench_vision(args: argparse.Namespace) -> int:
    """Recall, false components and time per frame on rendered tables; see companion.bench.vision."""
    from companion.bench.vision import run

    for folder in args.outside:
        if not Path(folder).is_dir():
            raise CommandError(f"--outside {folder}: no such folder")
    run(frames_per_level=args.frames, as_json=args.json,
        cities=None if args.no_cities or args.speed_only else args.cities, markers=not args.cities_only,
        recall=not args.speed_only, outside=args.outside, outside_limit=args.outside_limit)
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `bench` and its targets to the `companion` parser."""
    bench = commands.add_parser("bench", help="measure speed (prints figures; never fails on a slow machine)")
    targets = bench.add_subparsers(dest="target", metavar="TARGET", required=True)
    for name, target in BENCH_TARGETS.items():       # the games' own targets first
        parser = targets.add_parser(name, help=target.help)
        target.add_arguments(parser)
        parser.set_defaults(run=target.run)
    markers = targets.add_parser("markers", help="recall against pixels per module, and the printed sizes it implies")
    markers.add_argument("--trials", type=positive_int, default=150, help="stickers per family and size (default 150)")
    markers.add_argument("--json", action="store_true", help="print the figures as JSON")
    markers.set_defaults(run=run_bench_markers)
    vision = targets.add_parser("vision", help="recall, false components and time per frame on rendered tables")
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
    vision.set_defaults(run=run_bench_vision)
