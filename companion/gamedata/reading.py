"""What every game's data files share: the error listing every problem of a data file, the languages
each name is given in, the id pattern, and reading a data file shipped in a game's package (or taken
from a folder, for tests and maintainers)."""

from __future__ import annotations

import json
import re
from collections.abc import Callable, Mapping
from importlib import resources
from pathlib import Path
from typing import Any, TypeVar

from companion.jsonread import Problem, Reader

__all__ = ["ID_PATTERN", "LANGUAGES", "GameDataError", "Names", "read_checked", "read_data_file"]

Parsed = TypeVar("Parsed")

LANGUAGES = ("en", "ru", "uk")
"""Every component name is given in these languages."""

Names = Mapping[str, str]
"""A name per language code."""

ID_PATTERN = re.compile(r"^[a-z][a-z0-9_]*$")
"""What an id in a data file looks like (``lumber_yard``)."""


class GameDataError(ValueError):
    """A game-data file is missing, malformed or inconsistent; the message lists every problem."""

    def __init__(self, problems: list[str]) -> None:
        self.problems = problems
        super().__init__("invalid game data:\n  " + "\n  ".join(problems))


def read_data_file(package: str, directory: Path | None, filename: str) -> Any:
    """The decoded JSON of `filename`: from `directory` when given, else shipped in the ``data`` folder
    of the game `package` (``companion.games.sevenwonders``).

    :raises GameDataError: when it cannot be read or is not valid JSON.
    """
    try:
        if directory is None:
            text = resources.files(package).joinpath("data", filename).read_text(encoding="utf-8")
        else:
            text = (directory / filename).read_text(encoding="utf-8")
    except OSError as error:
        raise GameDataError([f"{filename}: cannot read: {error.strerror or error}"]) from None
    try:
        return json.loads(text)
    except json.JSONDecodeError as error:
        raise GameDataError([f"{filename}: not valid JSON: {error.msg} at line {error.lineno}"]) from None


def read_checked(package: str, directory: Path | None, filename: str,
                 parse: Callable[[Reader], Parsed | None]) -> Parsed:
    """`filename` read (`read_data_file`) and `parse`d, every problem the reader collected listed.

    :raises GameDataError: when it cannot be read, is not valid JSON, or holds a problem.
    """
    problems: list[Problem] = []
    data = parse(Reader(read_data_file(package, directory, filename), problems))
    if problems or data is None:
        raise GameDataError([f"{filename}: {p}" for p in problems] or [f"{filename}: invalid"])
    return data
