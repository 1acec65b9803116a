"""`companion score` for an Architects table file (``architects-table/1``): the score sheet in the
rulebook's order, or JSON; warnings of the consistency check are shown, errors refuse the file."""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from companion.cli.registry import GAMES_COMMANDS, TABLE_READERS, GamesCommands, TableReader
from companion.games.architects.camera_cli import add_architects_arguments, run_architects_table
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.rules.scoring import ArchitectsSheet, score_architects
from companion.games.architects.tablefile import is_architects_document, parse_architects
from companion.i18n import translate
from companion.tablefiles import from_file
from companion.textgrid import text_grid

__all__ = ["architects_sheet_text", "run_architects_score"]

LABELS = {"wonder": "Wonder", "cat": "Cat pawn", "blue": "Blue cards", "military": "Military",
          "progress": "Progress tokens"}
"""The base game's rows; an expansion's row is labelled by its catalogue text ``architects.category.<row>``."""
TIE_BREAKS = {"stages": "tie on points broken by the most constructed stages",
              "shared": "tie on points and stages: the victory is shared"}


def architects_sheet_text(sheet: ArchitectsSheet) -> str:
    """The score sheet: a row per category in the rulebook's order, a column per player."""
    lines = sheet.lines
    header = [""] + [line.name for line in lines]
    rows = [[LABELS.get(c) or translate(f"architects.category.{c}")] + [str(line.points[c]) for line in lines]
            for c in sheet.categories]
    rows.append(["Total"] + [str(line.total) for line in lines])
    rows.append(["Stages (tie-break)"] + [str(line.stages) for line in lines])
    rows.append(["Rank"] + [str(line.rank) for line in lines])
    text = text_grid(header, rows)
    tokens = [f"  {line.name}: " + ", ".join(f"{token} {vp}" for token, vp in line.progress.items())
              for line in lines if line.progress]
    if tokens:
        text += "\n\nProgress tokens:\n" + "\n".join(tokens)
    label = "Winner" if len(sheet.winners) == 1 else "Shared victory"
    text += f"\n\n{label}: {', '.join(sheet.winners)}"
    if sheet.tie_break in TIE_BREAKS:
        text += f" ({TIE_BREAKS[sheet.tie_break]})"
    return text


def run_architects_score(args: argparse.Namespace, document: Any, unread: list[str] | None = None) -> int:
    """Print the score sheet of an Architects table file (its `document`, already read); warnings go
    to standard error; `unread`: what the camera that made the file did not read (in the JSON too)."""
    with from_file(args.table):
        read = parse_architects(document)
    sheet = score_architects(read.table)
    for warning in read.warnings:
        print(f"warning: {args.table}: {warning}", file=sys.stderr)
    if args.json:
        print(json.dumps({**sheet.to_json(), **({"not_read_by_camera": unread} if unread else {})}, indent=2,
                         ensure_ascii=False))
    else:
        print(architects_sheet_text(sheet))
    return 0


def _wonders() -> list[str]:
    return list(load_architects_data().wonders)


TABLE_READERS.register("architects", TableReader(add_architects_arguments, run_architects_table, _wonders),
                       game="architects")


def _add_logged(store: Any, args: argparse.Namespace, document: Any) -> int:
    """`games add`: log an Architects table file; its consistency warnings are shown, as `score` shows them."""
    from companion.games.architects.log import record_architects_table
    from companion.storage.camera_notes import refuse_camera_unread

    with from_file(args.table):                                   # every problem of the file, one per line
        read = parse_architects(document)
    refuse_camera_unread(document,
                         lambda _unread: 'enter each built piece in "stages_built" as {"vp": N}, the VP printed on it')
    for warning in read.warnings:
        print(f"warning: {args.table}: {warning}", file=sys.stderr)
    return record_architects_table(store, read.table, allow_twin=args.again)


def _show_logged(state: Any) -> str:
    """`games show`: the score sheet of a replayed Architects game."""
    return architects_sheet_text(score_architects(state.table))


def _statistics(store: Any) -> dict[str, Any]:
    from companion.games.architects.log import architects_statistics

    return architects_statistics(store)


GAMES_COMMANDS.register("architects", GamesCommands(reads=is_architects_document, add=_add_logged,
                                               twin="wonder pieces, cards and tokens", show=_show_logged,
                                               statistics=_statistics, title="7 Wonders Architects",
                                               score=run_architects_score),
                      game="architects")
