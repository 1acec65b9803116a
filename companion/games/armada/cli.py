"""`companion components status|edit`: what the Armada data does not know yet, and entering it.

The values go to the component owner's file (``--components PATH``, else ``$COMPANION_COMPONENTS``,
else the platform's user data folder), which overrides the shipped data and is validated like it.
`edit` asks space by space on stdin; ``--set KEY=VALUE`` enters values without questions.
"""

from __future__ import annotations

import argparse
import json
import os
from collections.abc import Callable
from pathlib import Path
from typing import Any

from companion.cli.errors import CommandError
from companion.cli.registry import COMMANDS, DATA_SOURCES
from companion.gamedata.components import HELP, InputError, default_components_path, read_components
from companion.gamedata.facts import Fact
from companion.games.armada.rules.data import ArmadaData, load_armada_data
from companion.games.armada.rules.naval import NavalResult
from companion.games.armada.rules.values import (
    SubjectCount,
    parse_answer,
    questions_for,
    save_values,
    subject_count,
)
from companion.games.sevenwonders.cli import CONFLICT_OPTIONS, STEP_OPTIONS, ConflictOption, StepOption
from companion.jsonread import did_you_mean, quoted, whole_number

__all__ = ["components_path", "register"]

SUBJECTS = ("port-board", "card", "island", "fleets")


def components_path(args: argparse.Namespace) -> Path:
    """The components file a command uses: ``--components``, else the default location."""
    given = getattr(args, "components", None)
    return Path(given) if given else default_components_path(os.environ)


def _subject_prefixes(kind: str, ident: str | None, armada: ArmadaData) -> tuple[str, list[str]]:
    """The subject's name as facts give it and the key prefixes a `--set KEY` may omit."""
    if kind == "port-board":
        number = whole_number(ident or "")
        if number not in armada.boards:
            raise CommandError(f"port board must be one of {', '.join(map(str, armada.boards))}, "
                               f"got {quoted(str(ident))}")
        ident = str(number)
        return f"port-board {ident}", [f"port_board.{ident}.", "fleet."]
    if kind == "fleets":
        return "fleets", ["fleet."]
    pool = armada.cards if kind == "card" else armada.islands
    if ident not in pool:
        raise CommandError(f"unknown {kind} {quoted(str(ident))}{did_you_mean(ident or '', pool)}")
    return f"{kind} {ident}", [f"{kind}.{ident}."]


def _resolve_key(key: str, prefixes: list[str], armada: ArmadaData) -> str:
    for candidate in (key, *(prefix + key for prefix in prefixes)):
        if candidate in armada.facts:
            return candidate
    raise CommandError(f"no component value '{key}'{did_you_mean(key, armada.facts)} "
                       f"(see `companion components status --json` for the keys)")


def _count_words(count: SubjectCount) -> str:
    """``25`` or ``25 of its own + 25 fleet rewards shared by every board``: how many questions
    `edit` asks for a component, in the same words in `status` and `edit`."""
    if not count.shared:
        return str(count.own)
    return f"{count.own} of its own + {count.shared} fleet reward{'s' if count.shared != 1 else ''} shared by " \
           f"every board"


def run_status(args: argparse.Namespace) -> int:
    """List every value still unknown, grouped by component, with the command that asks for it."""
    path = components_path(args)
    armada = load_armada_data(path)
    missing = armada.unknowns()
    entered = sum(1 for f in armada.facts.values() if f.overridden)
    if args.json:
        print(json.dumps({"components_file": str(path), "entered": entered, "unknown": [
            {"key": f.key, "label": f.label, "subject": f.subject, "kind": f.kind, "why": f.source,
             "edit": f"companion components edit {f.subject}"} for f in missing]}, indent=1, ensure_ascii=False))
        return 0
    print(f"Armada values still unknown: {len(missing)} (components file {path}: {entered} entered)")
    groups: dict[str, list[Fact]] = {}
    for fact in missing:
        groups.setdefault(fact.subject, []).append(fact)
    for subject, facts in groups.items():
        words = [f.label.removesuffix(" unknown") for f in facts]
        shown = "; ".join(words[:4]) + (f"; and {len(words) - 4} more" if len(words) > 4 else "")
        print(f"  {subject} ({_count_words(subject_count(subject, armada))}): {shown}\n"
              f"      enter with: companion components edit {subject}")
    if not missing:
        print("  nothing: every value is known")
    return 0


def _ask(facts: list[Fact], armada: ArmadaData, read: Callable[[str], str | None]) -> dict[str, Any]:
    """Ask for each fact on stdin; an empty answer skips it, '?' explains it, end of input stops."""
    answers: dict[str, Any] = {}
    print(f"{len(facts)} value{'s' if len(facts) != 1 else ''} to enter; press Enter to skip one, "
          f"'?' to see why it is unknown.")
    for fact in facts:
        while True:
            text = read(f"{fact.label.removesuffix(' unknown')} [{HELP[fact.kind]}]: ")
            if text is None:
                return answers
            if not text.strip():
                break
            if text.strip() == "?":
                print(f"  {fact.source}")
                continue
            try:
                answers[fact.key] = parse_answer(fact, text, armada)
                break
            except InputError as error:
                print(f"  {error}; try again")
    return answers


def _read_line(prompt: str) -> str | None:
    try:
        return input(prompt)
    except EOFError:
        print()
        return None


def run_edit(args: argparse.Namespace) -> int:
    """Enter values: the `--set` ones, or those still unknown for the component, asked on stdin."""
    path = components_path(args)
    values = read_components(path)
    armada = load_armada_data(path)
    subject, prefixes = _subject_prefixes(args.kind, args.id, armada)
    if args.set:
        answers: dict[str, Any] = {}
        for item in args.set:
            key, sep, text = item.partition("=")
            if not sep:
                raise CommandError(f"--set takes KEY=VALUE, got '{item}'")
            full = _resolve_key(key.strip(), prefixes, armada)
            if text.strip().lower() == "unknown":
                values.pop(full, None)
                answers.pop(full, None)
                continue
            try:
                answers[full] = parse_answer(armada.facts[full], text, armada)
            except InputError as error:
                raise CommandError(f"{full}: {error}") from None
    else:
        questions = questions_for(subject, armada)
        if not questions:
            print(f"every value of {subject} is known")
            return 0
        answers = _ask(questions, armada, _read_line)
    values.update(answers)
    checked = save_values(path, values)
    if args.json:
        left = questions_for(subject, checked)
        print(json.dumps({"components_file": str(path), "saved": answers, "still_unknown": [f.key for f in left]},
                         indent=1, ensure_ascii=False))
        return 0
    print(f"{len(answers)} value{'s' if len(answers) != 1 else ''} saved to {path}; "
          f"still unknown for {subject}: {_count_words(subject_count(subject, checked))}")
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `components` to the `companion` parser."""
    components = commands.add_parser("components", help="Armada values printed only as icons: list and enter them")
    actions = components.add_subparsers(dest="action", metavar="ACTION", required=True)
    status = actions.add_parser("status", help="list the values still unknown")
    status.add_argument("--json", action="store_true", help="print JSON")
    status.add_argument("--components", metavar="PATH", help="the components file (default: $COMPANION_COMPONENTS "
                                                             "or the user data folder)")
    status.set_defaults(run=run_status)
    edit = actions.add_parser("edit", help="enter the values of a port board, card, island or the fleet rewards")
    edit.add_argument("kind", choices=SUBJECTS, help="port-board, card, island or fleets")
    edit.add_argument("id", nargs="?", help="the board number (1-8), card id or island id")
    edit.add_argument("--set", action="append", metavar="KEY=VALUE",
                      help="enter a value without questions (repeatable), e.g. blue.4.cost='1 clay' or "
                           "port_board.3.wonder_fleet=red; VALUE 'unknown' removes an entered value")
    edit.add_argument("--json", action="store_true", help="print the values saved and those still unknown as JSON")
    edit.add_argument("--components", metavar="PATH", help="the components file (default: $COMPANION_COMPONENTS "
                                                           "or the user data folder)")
    edit.set_defaults(run=run_edit)


def naval_text(table: Any, result: NavalResult) -> str:
    """Each player's naval strength and token, strongest first, then the Forgotten Harbor choices."""
    lines = [f"End of Age {'I' * result.age}: naval conflict (every player against all)"]
    order = sorted(range(len(result.strengths)), key=lambda s: (-result.strengths[s], s))
    for seat in order:
        token = result.tokens[seat]
        shown = "stays out" if not result.joined[seat] else ("no token" if token is None else f"{token:+d}")
        lines.append(f"  {table.players[seat].name}: naval strength {result.strengths[seat]}, {shown}")
    for seat, text in result.choices:
        lines.append(f"  {table.players[seat].name}: {text}")
    return "\n".join(lines)



def run_naval_conflicts(args: argparse.Namespace, table: Any) -> int:
    """`companion conflicts --naval`: the naval conflict of the end of an age instead of the land ones."""
    from companion.gamedata.facts import UnknownValueError
    from companion.games.armada.rules.naval import resolve_naval
    from companion.games.sevenwonders.cli import UNKNOWN_STATUS, print_json
    from companion.games.sevenwonders.render import unknowns_text

    if table.extension("armada") is None:
        raise CommandError("--naval needs a table that plays with Armada (\"expansions\": [\"armada\"])")
    try:
        naval = resolve_naval(table, args.age)
    except UnknownValueError as error:
        if args.json:
            print_json({"age": args.age, "complete": False, "unknown": [u.to_json() for u in error.unknowns]})
        else:
            print(unknowns_text(f"The naval conflict of Age {'I' * args.age} needs values nobody has entered",
                                error.unknowns))
        return UNKNOWN_STATUS
    if args.json:
        print_json(naval.to_json(table))
    else:
        print(naval_text(table, naval))
    return 0


def _naval_option(conflicts: argparse.ArgumentParser) -> None:
    conflicts.add_argument("--naval", action="store_true", help="Armada: the naval conflict instead of the land ones")


COMMANDS.register("components", register, game="armada")
DATA_SOURCES.register("armada", lambda args: lambda: load_armada_data(components_path(args)), game="armada")
CONFLICT_OPTIONS.register("naval", ConflictOption(_naval_option, run_naval_conflicts), game="armada")


def _naval_step_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--naval", action="store_true",
                        help="Armada: also pay the next space of the fleet of the card's colour (of the wonder "
                             "symbol's fleet for a stage), in the same purchase")
    parser.add_argument("--fleet", choices=("red", "yellow", "blue", "green"),
                        help="Armada, with --stage and Lost Island: the ship to move (implies --naval)")


def _naval_step(args: argparse.Namespace, table: Any, stage: bool) -> tuple[str, str | None] | None:
    """`check --naval` (and a stage's `--fleet`): the build's naval construction."""
    if (args.naval or args.fleet) and table.extension("armada") is None:
        raise CommandError("--naval and --fleet need a table that plays with Armada")
    if not stage and args.fleet:
        raise CommandError("--fleet chooses the ship of a wonder stage (Lost Island); a card moves its colour's")
    return ("naval", args.fleet) if args.naval or args.fleet else None


STEP_OPTIONS.register("naval", StepOption(_naval_step_options, _naval_step), game="armada")
