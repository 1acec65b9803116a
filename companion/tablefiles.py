"""The table files of every game: reading one within the size limit, and the error that lists its
problems with the file's name (each game's table-file reader raises it)."""

from __future__ import annotations

import contextlib
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.jsonread import JsonInputError, Problem, load_json_file, problem_lines
from companion.problem import ProblemsError

__all__ = ["MAX_FILE_BYTES", "TableFileError", "from_file", "read_table_document"]

MAX_FILE_BYTES = 2_000_000


class TableFileError(ProblemsError):
    """A table file that cannot be used; `problems` holds one line per problem."""

    def __init__(self, problems: list[Problem], source: str = "") -> None:
        self.problems = problems
        self.source = source
        prefix = f"{source}: " if source else ""
        super().__init__("\n".join(prefix + line for line in problem_lines(problems)))


@contextlib.contextmanager
def from_file(path: str | Path) -> Iterator[None]:
    """Name the file `path` in the problems of a table read inside (a document read earlier)."""
    try:
        yield
    except TableFileError as error:
        if error.source:
            raise
        raise TableFileError(error.problems, str(path)) from None


def read_table_document(path: str | Path) -> Any:
    """The JSON document of a table file of either game, read within the size limit (at most
    MAX_FILE_BYTES + 1 bytes are read) and checked by `companion.jsonread.parse_json`.

    :raises TableFileError: when the file cannot be read, is too large or is not usable JSON.
    """
    try:
        return load_json_file(path, MAX_FILE_BYTES)
    except OSError as error:
        raise TableFileError([Problem("", f"cannot read the file: {error.strerror or error}")], str(path)) from None
    except JsonInputError as error:
        raise TableFileError([Problem("", str(error))], str(path)) from None
