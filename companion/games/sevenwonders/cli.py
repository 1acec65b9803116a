"""`companion score`, `check` and `conflicts`: read a table file, ask the engine, print the answer.
7 Wonders' commands (these, `demo`, its `bench` targets) are registered from here in the command line's
registries.

Exit statuses: 0 done (and, for `check`, legal), 1 `check`: not legal, 2 bad table file or argument,
3 the answer needs an Armada value nobody has entered yet (the output names it and the command
that enters it; `score` still prints the known part of the sheet, clearly marked).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable
from dataclasses import dataclass, replace
from typing import Any

from companion.cli.errors import CommandError
from companion.cli.registry import (
    BENCH_TARGETS,
    CAMERA_GAMES,
    COMMANDS,
    DATA_SOURCES,
    GAMES_COMMANDS,
    RECORDERS,
    CameraGame,
    GamesCommands,
    data_sources,
    games_commands_for,
)
from companion.games.sevenwonders import bench_cli, camera_cli, demo_cli, record_cli
from companion.games.sevenwonders.record import camera_unread
from companion.games.sevenwonders.render import conflicts_text, score_sheet_text
from companion.games.sevenwonders.rules import Table, check_card, check_stage, resolve_conflicts, score_table
from companion.games.sevenwonders.tablefile import from_file, parse_table, read_table_document
from companion.jsonread import did_you_mean
from companion.plugins import Registry, find_game

UNKNOWN_STATUS = 3
"""The exit status when an answer depends on a value nobody has entered."""

__all__ = ["CONFLICT_OPTIONS", "STEP_OPTIONS", "UNKNOWN_STATUS", "ConflictOption", "StepOption", "print_json",
           "register"]


@dataclass(frozen=True)
class ConflictOption:
    """An expansion's own conflicts in `companion conflicts`: the option asking for them (added to the
    command) and what the command does then (the exit status)."""

    add_argument: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Table], int]


CONFLICT_OPTIONS: Registry[ConflictOption] = Registry("conflict option", "cli")
"""The expansions' own conflicts, by the name of their option (Armada's ``naval``)."""


@dataclass(frozen=True)
class StepOption:
    """An expansion's build step in `companion check` (Armada's naval construction): the options asking
    for it (added to the command), and the step they ask for, given the arguments, the table and whether
    a wonder stage is checked: (step kind, its option) or None. It refuses (`CommandError`) what makes
    no sense (the option at a table without the expansion)."""

    add_arguments: Callable[[argparse.ArgumentParser], None]
    step: Callable[[argparse.Namespace, Table, bool], tuple[str, str | None] | None]


STEP_OPTIONS: Registry[StepOption] = Registry("check step option", "cli")
"""The expansions' build steps of `companion check`, by step kind (Armada's ``naval``)."""


def print_json(document: Any) -> None:
    """`document` as the commands print JSON."""
    print(json.dumps(document, indent=2, ensure_ascii=False))


def _load(args: argparse.Namespace, document: Any = None) -> Table:
    """The 7 Wonders table of the file `args.table` (its `document` when already read)."""
    document = read_table_document(args.table) if document is None else document
    with from_file(args.table):
        table = parse_table(document, sources=data_sources(args))
    if getattr(args, "craftsmens_guild_vp", None) is not None:
        table = replace(table, options={**table.options, "craftsmens_guild_vp": args.craftsmens_guild_vp})
    return table


def run_score(args: argparse.Namespace) -> int:
    """Print the end-game score sheet (of a 7 Wonders table file, or of another game's, which that game's
    `GamesCommands.score` prints)."""
    document = read_table_document(args.table)
    unread = camera_unread(document)
    if unread and not args.json:
        print(unread_note(unread))
    other = games_commands_for(document)
    if other.score is not None and not other.fallback:
        return other.score(args, document, unread)
    sheet = score_table(_load(args, document))
    if args.json:
        print_json({**sheet.to_json(), **({"not_read_by_camera": unread} if unread else {})})
    else:
        print(score_sheet_text(sheet))
    return 0 if sheet.complete else UNKNOWN_STATUS


UNREAD_WORDS = {"coins": "coins (treasury)", "tokens": "conflict tokens (military)"}


def unread_note(unread: list[str]) -> str:
    """The line a score sheet of a camera-read table starts with: what the camera did not read, which
    the sheet counts as nothing."""
    what = " and ".join(UNREAD_WORDS.get(item, item) for item in unread)
    return (f"Not read by the camera: {what}. This sheet counts none of them: count them and enter them in "
            f"the file for the true score.\n")


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
    steps = [found for option in STEP_OPTIONS.values() if (found := option.step(args, table, args.stage)) is not None]
    step, step_option = steps[0] if steps else (None, None)
    if args.stage:
        if args.free_build or args.from_discard:
            raise CommandError("--free-build and --from-discard are for cards, not wonder stages")
        check = check_stage(table, seat, step=step, step_option=step_option)
    else:
        if args.card not in table.cards:
            raise CommandError(f"unknown card '{args.card}'{did_you_mean(args.card, table.cards)}")
        check = check_card(table, seat, args.card, free_build=args.free_build, step=step,
                           from_discard=args.from_discard)
    if args.json:
        print_json(check.to_json())
    else:
        print(check.describe())
    if check.reason_code == "unknown_value":
        return UNKNOWN_STATUS
    return 0 if check.legal else 1


def run_conflicts(args: argparse.Namespace) -> int:
    """Print the land conflicts of the end of an age."""
    table = _load(args)
    for option, conflict in CONFLICT_OPTIONS.items():       # an expansion's own (Armada's --naval)
        if getattr(args, option, False):
            return conflict.run(args, table)
    result = resolve_conflicts(table, args.age)
    if args.json:
        print_json(result.to_json(table))
    else:
        print(conflicts_text(table, result))
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the rules commands to the `companion` parser."""
    score = commands.add_parser("score", help="print the end-game score sheet of a table file "
                                              "(7 Wonders or Architects)")
    score.add_argument("table", metavar="TABLE.json")
    score.add_argument("--json", action="store_true", help="print JSON instead of a table")
    score.add_argument("--craftsmens-guild-vp", type=int, choices=(1, 2),
                       help="VP per grey card for the Craftsmens Guild (card: 2, Russian rulebook: 1)")
    _components_option(score)
    score.set_defaults(run=run_score)

    check = commands.add_parser("check", help="can a player build a card or the next wonder stage now?")
    check.add_argument("table", metavar="TABLE.json")
    check.add_argument("--player", required=True, help="the player's name as in the table file")
    target = check.add_mutually_exclusive_group(required=True)
    target.add_argument("--card", metavar="ID", help="the card id, e.g. east_trading_post")
    target.add_argument("--stage", action="store_true", help="the next stage of the player's wonder")
    check.add_argument("--free-build", action="store_true",
                       help="use the once-per-age free build of Olympia A")
    check.add_argument("--from-discard", action="store_true",
                       help="the card comes free from the discard pile (Halikarnassos)")
    for option in STEP_OPTIONS.values():                 # an expansion's build step (Armada's --naval, --fleet)
        option.add_arguments(check)
    check.add_argument("--json", action="store_true", help="print JSON")
    _components_option(check)
    check.set_defaults(run=run_check)

    conflicts = commands.add_parser("conflicts", help="the land (or naval) conflict tokens at the end of an age")
    conflicts.add_argument("table", metavar="TABLE.json")
    conflicts.add_argument("--age", type=int, required=True, choices=(1, 2, 3))
    for conflict in CONFLICT_OPTIONS.values():
        conflict.add_argument(conflicts)
    conflicts.add_argument("--json", action="store_true", help="print JSON")
    _components_option(conflicts)
    conflicts.set_defaults(run=run_conflicts)


def _components_option(parser: argparse.ArgumentParser) -> None:
    with_values = DATA_SOURCES.keys()                  # the expansions whose values an owner enters: Armada
    owners = ", ".join(find_game(expansion).name for expansion in with_values)
    parser.add_argument("--components", metavar="PATH",
                        help=f"{owners + ': ' if owners else ''}the file of values entered by the component owner "
                             "(default: $COMPANION_COMPONENTS, else the user data folder)")


COMMANDS.register("score", register, game="7wonders")
COMMANDS.register("demo", demo_cli.register, game="7wonders")
RECORDERS.register("7wonders", record_cli.run_record, game="7wonders")
CAMERA_GAMES.register("7wonders", CameraGame(camera_cli.wonders, camera_cli.player_count, camera_cli.read_table,
                                             camera_cli.watch), game="7wonders")
for _name, _target in bench_cli.TARGETS.items():
    BENCH_TARGETS.register(_name, _target, game="7wonders")


def _add_logged(store: Any, args: argparse.Namespace, document: Any) -> int:
    """`games add`: log a 7 Wonders table file (with its camera notes, which `record_table` checks)."""
    from companion.games.sevenwonders.record import record_table

    with from_file(args.table):                                   # every problem of the file, one per line
        parse_table(document, store.data, sources=store.sources)
    return int(record_table(store, document, allow_twin=args.again))   # as read: with what the camera did not read


def _show_logged(state: Any) -> str:
    """`games show`: the cities and the score sheet of a replayed game (or why its table is incomplete)."""
    from companion.games.sevenwonders.render import cities_text

    if state.table is None:
        return "the table is not complete yet: " + "; ".join(state.problems)
    return f"{cities_text(state.table)}\n\n{score_sheet_text(score_table(state.table))}"


GAMES_COMMANDS.register("7wonders", GamesCommands(reads=lambda _document: True, add=_add_logged,
                                             twin="cities, coins and tokens", show=_show_logged,
                                             read_document=read_table_document, fallback=True), game="7wonders")
