"""`companion demo`: score the bundled finished 5-player table, no camera or file needed."""

from __future__ import annotations

import argparse
import json
from importlib import resources

from companion.cli.render import cities_text, score_sheet_text
from companion.engine import score_table
from companion.tablefile import parse_table

__all__ = ["DEMO_TABLE", "register"]

DEMO_TABLE = "five-player-table.json"


def run_demo(args: argparse.Namespace) -> int:
    """Print the demo table's cities and its score sheet."""
    text = resources.files("companion.data").joinpath("demo", DEMO_TABLE).read_text(encoding="utf-8")
    table = parse_table(json.loads(text))
    sheet = score_table(table)
    if args.json:
        print(json.dumps(sheet.to_json(), indent=2, ensure_ascii=False))
        return 0
    print("Demo: a finished 5-player game of 7 Wonders (bundled table file "
          f"companion/data/demo/{DEMO_TABLE})\n")
    print(cities_text(table))
    print()
    print(score_sheet_text(sheet))
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `demo` to the `companion` parser."""
    demo = commands.add_parser("demo", help="score the bundled demo table (no camera needed)")
    demo.add_argument("--json", action="store_true", help="print the score sheet as JSON")
    demo.set_defaults(run=run_demo)
