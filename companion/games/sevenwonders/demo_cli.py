"""`companion demo`: the app on the bundled recorded game (no camera needed); where no window can be
opened (no display, or no Kivy), the bundled finished 5-player table scored as text."""

from __future__ import annotations

import argparse
import json
import sys
from importlib import resources
from pathlib import Path

from companion.games.sevenwonders.render import cities_text, score_sheet_text
from companion.games.sevenwonders.rules import score_table
from companion.games.sevenwonders.tablefile import parse_table

__all__ = ["DEMO_TABLE", "register"]

DEMO_TABLE = "five-player-table.json"


def run_demo(args: argparse.Namespace) -> int:
    """Open the app on the demo recording, or print the demo table's cities and score sheet."""
    from companion.app.launch import display_available, kivy_installed

    if not args.text and not args.json:
        if kivy_installed() and display_available():
            return _run_app_demo()
        if not kivy_installed():
            why = "the app is not installed here (pip install 'sevenwonders-companion[app]')"
        else:
            why = "no display here"
        print(f"({why}: showing the text demo; `companion demo` opens the app on a desktop)\n", file=sys.stderr)
    demo = resources.files("companion.games.sevenwonders").joinpath("data", "demo", DEMO_TABLE)
    text = demo.read_text(encoding="utf-8")
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


def _run_app_demo() -> int:
    """The app, on a fresh demo log beside the user's, watching the bundled recording."""
    from companion.app.launch import run_app
    from companion.cli.app_commands import quiet_kivy_first_start
    from companion.storage import default_store_path

    store = default_store_path().parent / "demo.sqlite3"
    for suffix in ("", "-wal", "-shm"):
        Path(f"{store}{suffix}").unlink(missing_ok=True)
    quiet_kivy_first_start()
    run_app(store, demo=True)
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `demo` to the `companion` parser."""
    demo = commands.add_parser("demo", help="the app on a bundled recorded game (no camera needed); the text "
                                            "demo where no window can open")
    demo.add_argument("--text", action="store_true", help="score the bundled finished table as text instead")
    demo.add_argument("--json", action="store_true", help="print the bundled table's score sheet as JSON")
    demo.set_defaults(run=run_demo)
