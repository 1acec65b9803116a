"""`companion score`, `check` and `conflicts`: read a table file, ask the engine, print the answer."""

from __future__ import annotations

import argparse
import json
from dataclasses import replace
from typing import Any

from companion.cli.errors import CommandError
from companion.cli.render import conflicts_text, score_sheet_text
from companion.engine import Table, check_card, check_stage, resolve_conflicts, score_table
from companion.jsonread import did_you_mean
from companion.tablefile import read_table

__all__ = ["register"]


def _print_json(document: Any) -> None:
    print(json.dumps(document, indent=2, ensure_ascii=False))


def _load(args: argparse.Namespace) -> Table:
    table = read_table(args.table)
    if getattr(args, "craftsmens_guild_vp", None) is not None:
        table = replace(table, options={**table.options, "craftsmens_guild_vp": args.craftsmens_guild_vp})
    return table


def run_score(args: argparse.Namespace) -> int:
    """Print the end-game score sheet."""
    sheet = score_table(_load(args))
    if args.json:
        _print_json(sheet.to_json())
    else:
        print(score_sheet_text(sheet))
    return 0


def _seat(table: Table, name: str) -> int:
    try:
        return table.seat_of(name)
    except KeyError:
        names = [p.name for p in table.players]
        raise CommandError(f"no player called '{name}' at this table{did_you_mean(name, names)} "
                           f"(players: {', '.join(names)})") from None


def run_check(args: argparse.Namespace) -> int:
    """Print whether a build is legal now and the cheapest way to pay; exit 1 when it is not legal."""
    table = _load(args)
    seat = _seat(table, args.player)
    if args.stage:
        check = check_stage(table, seat)
    else:
        if args.card not in table.data.cards:
            raise CommandError(f"unknown card '{args.card}'{did_you_mean(args.card, table.data.cards)}")
        check = check_card(table, seat, args.card, free_build=args.free_build)
    if args.json:
        _print_json(check.to_json())
    else:
        print(check.describe())
    return 0 if check.legal else 1


def run_conflicts(args: argparse.Namespace) -> int:
    """Print the land conflicts of the end of an age."""
    table = _load(args)
    result = resolve_conflicts(table, args.age)
    if args.json:
        _print_json(result.to_json(table))
    else:
        print(conflicts_text(table, result))
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the rules commands to the `companion` parser."""
    score = commands.add_parser("score", help="print the end-game score sheet of a table file")
    score.add_argument("table", metavar="TABLE.json")
    score.add_argument("--json", action="store_true", help="print JSON instead of a table")
    score.add_argument("--craftsmens-guild-vp", type=int, choices=(1, 2),
                       help="VP per grey card for the Craftsmens Guild (card: 2, Russian rulebook: 1)")
    score.set_defaults(run=run_score)

    check = commands.add_parser("check", help="can a player build a card or the next wonder stage now?")
    check.add_argument("table", metavar="TABLE.json")
    check.add_argument("--player", required=True, help="the player's name as in the table file")
    target = check.add_mutually_exclusive_group(required=True)
    target.add_argument("--card", metavar="ID", help="the card id, e.g. east_trading_post")
    target.add_argument("--stage", action="store_true", help="the next stage of the player's wonder")
    check.add_argument("--free-build", action="store_true",
                       help="use the once-per-age free build of Olympia A")
    check.add_argument("--json", action="store_true", help="print JSON")
    check.set_defaults(run=run_check)

    conflicts = commands.add_parser("conflicts", help="the land conflict tokens at the end of an age")
    conflicts.add_argument("table", metavar="TABLE.json")
    conflicts.add_argument("--age", type=int, required=True, choices=(1, 2, 3))
    conflicts.add_argument("--json", action="store_true", help="print JSON")
    conflicts.set_defaults(run=run_conflicts)
