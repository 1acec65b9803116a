"""Read untrusted JSON values field by field, collecting one-line problems instead of raising.

Both the game-data loader and the table-file reader walk JSON through a `Reader`, so every
bad value is reported as ``path: message`` (``players[2].cards[4]: unknown card ...``).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

__all__ = ["Problem", "Reader", "did_you_mean", "read_json_file", "write_json_file"]

_MISSING: Any = object()
MAX_INT = 10**9
"""Integers beyond this are refused everywhere: no game value is that large."""


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input, located by its JSON path."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Return ``"; did you mean 'x'?"`` for the closest choice, or an empty string."""
    close = difflib.get_close_matches(word, list(choices), n=1, cutoff=0.6)
    return f"; did you mean '{close[0]}'?" if close else ""


def _type_name(value: Any) -> str:
    if value is None:
        return "null"
    if isinstance(value, bool):
        return "a boolean"
    if isinstance(value, int | float):
        return "a number"
    if isinstance(value, str):
        return "a string"
    if isinstance(value, list):
        return "a list"
    if isinstance(value, dict):
        return "an object"
    return type(value).__name__


class Reader:
    """A cursor on one JSON value at a path; accessors return None and record a problem when wrong."""

    def __init__(self, value: Any, problems: list[Problem], path: str = "") -> None:
        self.value = value
        self.problems = problems
        self.path = path

    @property
    def present(self) -> bool:
        """True when the value exists (a missing object key is not present)."""
        return self.value is not _MISSING

    def problem(self, message: str) -> None:
        """Record a problem at this path."""
        self.problems.append(Problem(self.path, message))

    def child_path(self, key: str | int) -> str:
        """The path of a key or an index below this value."""
        if isinstance(key, int):
            return f"{self.path}[{key}]"
        return f"{self.path}.{key}" if self.path else key

    def __getitem__(self, key: str) -> Reader:
        value = self.value.get(key, _MISSING) if isinstance(self.value, dict) else _MISSING
        return Reader(value, self.problems, self.child_path(key))

    def _wrong_type(self, expected: str) -> None:
        if not self.present:
            self.problem(f"missing; expected {expected}")
        else:
            self.problem(f"expected {expected}, got {_type_name(self.value)}")

    def as_object(self, *, allowed: Sequence[str] | None = None) -> dict[str, Any] | None:
        """The value as an object; with `allowed`, unknown keys are problems."""
        if not isinstance(self.value, dict):
            self._wrong_type("an object")
            return None
        if allowed is not None:
            for key in self.value:
                if key not in allowed:
                    self.problems.append(
                        Problem(self.child_path(key), f"unknown field{did_you_mean(key, allowed)}")
                    )
        return self.value

    def items(self) -> list[tuple[str, Reader]]:
        """The (key, reader) pairs of an object value."""
        mapping = self.as_object()
        if mapping is None:
            return []
        return [(key, Reader(value, self.problems, self.child_path(key))) for key, value in mapping.items()]

    def as_list(self, *, max_length: int = 10_000) -> list[Reader]:
        """The readers of a list value's elements."""
        if not isinstance(self.value, list):
            self._wrong_type("a list")
            return []
        if len(self.value) > max_length:
            self.problem(f"too many entries ({len(self.value)}; at most {max_length})")
            return []
        return [Reader(v, self.problems, self.child_path(i)) for i, v in enumerate(self.value)]

    def as_str(self, *, choices: Iterable[str] | None = None, what: str = "value",
            max_length: int = 200) -> str | None:
        """The value as a non-empty string, optionally one of `choices`."""
        if not isinstance(self.value, str):
            self._wrong_type("a string")
            return None
        if not self.value.strip():
            self.problem("must not be empty")
            return None
        if len(self.value) > max_length:
            self.problem(f"too long ({len(self.value)} characters; at most {max_length})")
            return None
        if choices is not None:
            options = list(choices)
            if self.value not in options:
                self.problem(f"unknown {what} '{self.value}'{did_you_mean(self.value, options)}")
                return None
        return self.value

    def as_int(self, *, minimum: int = -MAX_INT, maximum: int = MAX_INT) -> int | None:
        """The value as an integer within [minimum, maximum] (booleans are not integers)."""
        if isinstance(self.value, bool) or not isinstance(self.value, int):
            if isinstance(self.value, float) and self.value.is_integer():
                value = int(self.value)
            else:
                self._wrong_type("a whole number")
                return None
        else:
            value = self.value
        if value < minimum:
            self.problem(f"must be at least {minimum}, got {value}")
            return None
        if value > maximum:
            self.problem(f"must be at most {maximum}, got {value}")
            return None
        return value

    def as_int_list(self, allowed: Collection[int], *, what: str, max_length: int = 100) -> list[int]:
        """The value as a list of whole numbers each one of `allowed` (e.g. token values); an item
        that is not is reported naming `what` and left out."""
        values = []
        for item in self.as_list(max_length=max_length):
            value = item.as_int()
            if value is None:
                continue
            if value not in allowed:
                item.problem(f"{what} is worth one of {', '.join(map(str, sorted(allowed)))}, not {value}")
                continue
            values.append(value)
        return values

    def as_bool(self) -> bool | None:
        """The value as a boolean."""
        if not isinstance(self.value, bool):
            self._wrong_type("true or false")
            return None
        return self.value


def read_json_file(path: str | Path, what: str, error: type[Exception]) -> Any:
    """The JSON document in a small file (a profile, a settings file), or `error` naming the file
    and saying what is wrong ("cannot read the lens profile: ...", "... is not valid JSON")."""
    try:
        return json.loads(Path(path).read_text(encoding="utf-8"))
    except OSError as problem:
        raise error(f"{path}: cannot read the {what}: {problem.strerror or problem}") from None
    except (UnicodeDecodeError, json.JSONDecodeError):
        raise error(f"{path}: the {what} is not valid JSON") from None


def write_json_file(path: str | Path, document: Any) -> None:
    """Write a JSON document as the project's small files are written (indent 1, final newline)."""
    Path(path).write_text(json.dumps(document, indent=1) + "\n", encoding="utf-8")
