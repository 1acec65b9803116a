"""`companion bench ...`: print speed figures (medians, worst cases, ratios to a same-run reference)."""

from __future__ import annotations

import argparse

from companion.cli.arguments import positive_int
from companion.cli.registry import BENCH_TARGETS

__all__ = ["register"]


def run_bench_markers(args: argparse.Namespace) -> int:
    """Measure recall against pixels per module for each code family; see companion.bench.markers."""
    from companion.bench.markers import run

    run(trials=args.trials, as_json=args.json)
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
