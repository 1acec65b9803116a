"""The component owner's file of entered values: what the shipped data does not know.

A JSON document ``{"format": "sevenwonders-components/1", "values": {KEY: VALUE, ...}}`` where each
KEY is a fact key of the Armada data (``port_board.3.blue.4.cost``, ``fleet.blue.4.vp``,
``card.dock.cost``) and each VALUE is written as in armada.json (a cost object, a number, a fleet
colour, ...). It overrides the shipped data and is validated with the same parsers when loaded.
This module reads and writes that file and turns what a player types (``1 clay + 2 wood``) into
those values; the command line decides where the file lives (`default_components_path`).
"""

from __future__ import annotations

import json
import re
from collections.abc import Mapping
from pathlib import Path
from typing import Any

from companion.fileformats import other_format
from companion.gamedata.reading import GameDataError
from companion.jsonread import JsonInputError, did_you_mean, load_json_file, problem_lines, quoted, whole_number
from companion.safewrite import write_atomic
from companion.userdirs import user_data_folder

__all__ = [
    "COMPONENTS_FORMAT",
    "ENVIRONMENT_VARIABLE",
    "InputError",
    "default_components_path",
    "parse_input",
    "read_components",
    "write_components",
]

COMPONENTS_FORMAT = "sevenwonders-components/1"
ENVIRONMENT_VARIABLE = "COMPANION_COMPONENTS"
FILE_NAME = "components.json"
MAX_BYTES = 1_000_000


class InputError(ValueError):
    """What a player typed is not a value of the asked kind; the message says what is expected."""


def default_components_path(environ: Mapping[str, str]) -> Path:
    """Where the components file lives: ``$COMPANION_COMPONENTS``, else the user data folder
    (`companion.userdirs`: ``~/.local/share/sevenwonders-companion/components.json`` on Linux, the
    app's own storage on Android)."""
    if environ.get(ENVIRONMENT_VARIABLE):
        return Path(environ[ENVIRONMENT_VARIABLE]).expanduser()
    return user_data_folder() / FILE_NAME


def read_components(path: Path) -> dict[str, Any]:
    """The entered values of the file at `path` (key -> JSON value); a missing file has none.

    :raises GameDataError: when the file is unreadable, not JSON or not in the components format.
    """
    name = str(path)
    try:
        document = load_json_file(path, MAX_BYTES)
    except FileNotFoundError:
        return {}
    except OSError as error:
        raise GameDataError([f"{name}: cannot read: {error.strerror or error}"]) from None
    except JsonInputError as error:
        raise GameDataError([f"{name}: {error}"]) from None
    other = other_format(document, COMPONENTS_FORMAT)
    if other is not None:
        raise GameDataError([f"{name}: {other}"])
    if not isinstance(document, dict):
        raise GameDataError([f"{name}: expected an object"])
    problems = []
    if document.get("format") != COMPONENTS_FORMAT:
        problems.append(f"{name}: format: expected '{COMPONENTS_FORMAT}', got {quoted(str(document.get('format')))}")
    for key in document:
        if key not in ("format", "values", "note"):
            problems.append(f"{name}: {quoted(key)}: unknown field{did_you_mean(key, ('format', 'values', 'note'))}")
    values = document.get("values", {})
    if not isinstance(values, dict):
        problems.append(f"{name}: values: expected an object")
    if problems:
        raise GameDataError(problem_lines(problems))
    return dict(values)


def write_components(path: Path, values: Mapping[str, Any]) -> None:
    """Write the entered values atomically (a crash never leaves half a file)."""
    document = {"format": COMPONENTS_FORMAT,
                "note": "values entered by the component owner; they override the shipped Armada data",
                "values": dict(sorted(values.items()))}
    path.parent.mkdir(parents=True, exist_ok=True)
    write_atomic(path, (json.dumps(document, indent=1, ensure_ascii=False) + "\n").encode("utf-8"))


_TERM = re.compile(r"^(?:(\d{1,9})\s*)?([a-z]+)$", re.ASCII)
_ROMAN = {"i": 1, "ii": 2, "iii": 3}
HELP = {
    "cost": "a cost such as '1 clay', '2 wood + 1 ore', '1 coin' or 'free'",
    "cards": "card ids separated by commas, or 'none'",
    "count": "a whole number (0 when nothing is printed)",
    "island_level": "the island level explored, 1 to 3, or 0 when the space explores nothing",
    "level": "1, 2 or 3",
    "age": "1, 2 or 3",
    "fleet": "red, yellow, blue or green",
    "direction": "'left' (the player left of the left neighbour) or 'right' (right of the right neighbour)",
    "resources": "resources separated by '/', e.g. 'wood/ore'",
}
"""What each kind of value looks like when typed."""


def _number(text: str, low: int, high: int, kind: str) -> int:
    value = _ROMAN.get(text.lower()) if kind in ("age", "level") else None
    if value is None:
        value = whole_number(text)
        if value is None:
            raise InputError(f"expected {HELP[kind]}, got {quoted(text)}")
    if not low <= value <= high:
        raise InputError(f"expected {HELP[kind]}, got {value}")
    return value


def _cost(text: str, resources: tuple[str, ...]) -> dict[str, Any]:
    if text.lower() in ("free", "nothing", "0", "-"):
        return {}
    counts: dict[str, int] = {}
    coins = 0
    for part in re.split(r"\s*(?:\+|,|\band\b)\s*", text.lower()):
        match = _TERM.match(part.strip())
        if not match:
            raise InputError(f"expected {HELP['cost']}, got '{part}'")
        count = int(match.group(1) or 1)
        word = match.group(2)
        if word in ("coin", "coins"):
            coins += count
            continue
        resource = word if word in resources else word.rstrip("s") if word.rstrip("s") in resources else None
        if resource is None:
            raise InputError(f"unknown resource '{word}'{did_you_mean(word, resources)}")
        counts[resource] = counts.get(resource, 0) + count
    cost: dict[str, Any] = {}
    if counts:
        cost["resources"] = {r: counts[r] for r in resources if r in counts}
    if coins:
        cost["coins"] = coins
    return cost


def parse_input(kind: str, text: str, *, resources: tuple[str, ...], fleets: tuple[str, ...],
                cards: tuple[str, ...]) -> Any:
    """The JSON value of what a player typed for a fact of `kind` (see `HELP` for the forms).

    :raises InputError: when the text is not such a value.
    """
    text = text.strip()
    if not text:
        raise InputError(f"expected {HELP[kind]}")
    if kind == "cost":
        return _cost(text, resources)
    if kind == "count":
        return _number(text, 0, 100, kind)
    if kind == "island_level":
        return 0 if text.lower() == "none" else _number(text, 0, 3, kind)
    if kind in ("level", "age"):
        return _number(text, 1, 3, kind)
    if kind in ("fleet", "direction"):
        choices = fleets if kind == "fleet" else ("left", "right")
        if text.lower() not in choices:
            raise InputError(f"expected {HELP[kind]}, got '{text}'{did_you_mean(text.lower(), choices)}")
        return text.lower()
    if kind == "resources":
        items = [item.strip().lower() for item in re.split(r"[/,]", text) if item.strip()]
        for item in items:
            if item not in resources:
                raise InputError(f"unknown resource '{item}'{did_you_mean(item, resources)}")
        if len(set(items)) != len(items):
            raise InputError("a resource is listed twice")
        return items
    if kind == "cards":
        if text.lower() in ("none", "-"):
            return []
        items = [item.strip() for item in text.split(",") if item.strip()]
        for item in items:
            if item not in cards:
                raise InputError(f"unknown card '{item}'{did_you_mean(item, cards)}")
        return items
    raise InputError(f"unknown kind of value '{kind}'")
