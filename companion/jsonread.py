"""Read untrusted JSON: files within a size limit, documents within sane bounds, values field by field.

`load_json_file` reads at most its limit plus one byte and refuses what would crash or stall the code
after it (numbers beyond any game value, nesting beyond any of our formats). The game-data loader
and the readers of table files, imports, components, profiles and recordings then walk the JSON
through a `Reader`, so every bad value is reported as ``path: message`` (``players[2].cards[4]:
unknown card ...``); `Problems` keeps the first few of a flood and counts the rest.
"""

from __future__ import annotations

import difflib
import json
import os
import re
from collections.abc import Collection, Iterable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any, SupportsIndex, TypeVar

__all__ = [
    "JsonInputError",
    "Problem",
    "Problems",
    "Reader",
    "did_you_mean",
    "load_json_file",
    "parse_json",
    "problem_lines",
    "quoted",
    "read_json_file",
    "read_limited",
    "whole_number",
    "write_json_file",
]

_MISSING: Any = object()
MAX_INT = 10**9
"""Integers beyond this are refused everywhere: no game value is that large."""
MAX_NUMBER = 10**15
"""Numbers beyond this are refused while reading any document: they are no game or camera value, and
they keep float conversions (2**53) exact and finite."""
MAX_DEPTH = 32
"""Nesting beyond this is refused while reading: our deepest format (an imported game) nests 8 levels."""
MAX_REPORTED_PROBLEMS = 20
"""A flood of problems (150,000 unknown keys) is reported as its first few lines and a count."""
MAX_QUOTED = 60
"""Characters of bad input a message repeats; longer input is cut with an ellipsis."""
_SUGGEST_LIMIT = 100
"""Words longer than this get no "did you mean" (difflib is quadratic in the word's length)."""

Item = TypeVar("Item")


class JsonInputError(ValueError):
    """A file or document that is not usable JSON; the message is one line without the file name."""


def quoted(text: str, limit: int = MAX_QUOTED) -> str:
    """`text` in single quotes, cut to `limit` characters with an ellipsis (for messages)."""
    return f"'{text[: limit - 1]}…'" if len(text) > limit else f"'{text}'"


def whole_number(text: str) -> int | None:
    """The value of `text` when it is written in ASCII digits ("12"), else None ("١٢", "²", "1.5", "-1")."""
    text = text.strip()
    return int(text) if text.isascii() and text.isdigit() and len(text) <= 18 else None


class Problems(list[Item]):
    """A list of problems that keeps the first `limit` and counts the rest in `more`."""

    def __init__(self, limit: int = MAX_REPORTED_PROBLEMS) -> None:
        super().__init__()
        self.limit = limit
        self.more = 0

    def append(self, item: Item) -> None:
        if len(self) < self.limit:
            super().append(item)
        else:
            self.more += 1

    def extend(self, items: Iterable[Item]) -> None:
        for item in items:
            self.append(item)

    def __iadd__(self, items: Iterable[Item]) -> Problems[Item]:  # type: ignore[override, misc]
        self.extend(items)
        return self

    def insert(self, index: SupportsIndex, item: Item) -> None:
        if len(self) < self.limit:
            super().insert(index, item)
        else:
            self.more += 1


def problem_lines(problems: Iterable[object], limit: int = MAX_REPORTED_PROBLEMS) -> list[str]:
    """One line per problem, at most `limit` of them, then "and N more problems" for the rest."""
    lines = [str(p) for p in problems]
    more = getattr(problems, "more", 0) + max(0, len(lines) - limit)
    lines = lines[:limit]
    if more:
        lines.append(f"and {more:,} more problem{'s' if more != 1 else ''}")
    return lines


def _number_too_large() -> JsonInputError:
    return JsonInputError(f"a number too large (more than {MAX_NUMBER:.0e}) or not a number")


_SURROGATE = re.compile("[\ud800-\udfff]")


def _check_text(text: str) -> None:
    """Refuse a string holding a lone surrogate (JSON's ``"\\ud800"``): it is no character, and
    writing it out (UTF-8, SQLite, a terminal) fails later, far from the file that held it."""
    if not text.isascii():
        found = _SURROGATE.search(text)
        if found is not None:
            raise JsonInputError(f"a text holds a lone surrogate (\\u{ord(found.group()):04x}), which is no "
                                 f"character: write the text in UTF-8")


def _check_bounds(document: Any) -> None:
    """Refuse nesting deeper than MAX_DEPTH, numbers beyond MAX_NUMBER and texts with lone
    surrogates. Iterative (no recursion), and only containers wait on the stack, so a list of
    millions of numbers costs no memory beyond itself."""
    if type(document) in (int, float) and not -MAX_NUMBER <= document <= MAX_NUMBER:
        raise _number_too_large()
    if type(document) is str:
        _check_text(document)
    pending: list[tuple[Any, int]] = [(document, 1)] if type(document) in (dict, list) else []
    while pending:
        container, depth = pending.pop()
        if depth > MAX_DEPTH:
            raise JsonInputError(f"not valid JSON: nested too deeply (more than {MAX_DEPTH} levels)")
        if type(container) is dict:
            for key in container:
                _check_text(key)
            children = container.values()
        else:
            children = container
        for child in children:
            kind = type(child)
            if kind is dict or kind is list:
                pending.append((child, depth + 1))
            elif (kind is int or kind is float) and not -MAX_NUMBER <= child <= MAX_NUMBER:
                raise _number_too_large()
            elif kind is str:
                _check_text(child)


def _no_constant(name: str) -> Any:
    raise JsonInputError(f"not valid JSON: {name} is not a number JSON allows")


def parse_json(raw: bytes | str) -> Any:
    """Decode an untrusted JSON document (UTF-8, with or without a byte-order mark).

    :raises JsonInputError: when it is not UTF-8, not JSON, nested too deeply, holds a number
        no game value reaches (huge integers, 1e400, NaN) or a lone surrogate in a text.
    """
    try:
        text = raw.decode("utf-8-sig") if isinstance(raw, bytes) else raw  # a byte-order mark (Notepad) is fine
        document = json.loads(text, parse_constant=_no_constant)
    except UnicodeDecodeError:
        raise JsonInputError("not UTF-8 text") from None
    except json.JSONDecodeError as error:
        raise JsonInputError(f"not valid JSON: {error.msg} at line {error.lineno} column {error.colno}") from None
    except RecursionError:
        raise JsonInputError(f"not valid JSON: nested too deeply (more than {MAX_DEPTH} levels)") from None
    except ValueError as error:
        if isinstance(error, JsonInputError):
            raise
        raise JsonInputError("a number with too many digits") from None
    _check_bounds(document)
    return document


def read_limited(path: str | Path, max_bytes: int) -> bytes:
    """The bytes of a file, reading at most `max_bytes` + 1 of them (a 1.5 GB file or /dev/zero costs
    no more than the limit).

    :raises OSError: when the file cannot be read.
    :raises JsonInputError: when it holds more than `max_bytes`.
    """
    with open(path, "rb") as stream:
        size = os.fstat(stream.fileno()).st_size          # a regular file says its size: refused unread
        if size > max_bytes:
            raise JsonInputError(f"larger than {max_bytes:,} bytes ({size:,})")
        raw = stream.read(max_bytes + 1)                  # /dev/zero, a pipe: read no more than the limit
    if len(raw) > max_bytes:
        raise JsonInputError(f"larger than {max_bytes:,} bytes")
    return raw


def load_json_file(path: str | Path, max_bytes: int) -> Any:
    """The JSON document of a file of at most `max_bytes`, checked by `parse_json`.

    :raises OSError: when the file cannot be read (the caller says which file it is).
    :raises JsonInputError: when it is too large or not a usable JSON document.
    """
    return parse_json(read_limited(path, max_bytes))


@dataclass(frozen=True)
class Problem:
    """One thing wrong with an input, located by its JSON path."""

    path: str
    message: str

    def __str__(self) -> str:
        return f"{self.path}: {self.message}" if self.path else self.message


def did_you_mean(word: str, choices: Iterable[str]) -> str:
    """Return ``"; did you mean 'x'?"`` for the closest choice, or an empty string."""
    if len(word) > _SUGGEST_LIMIT:
        return ""
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
        key = quoted(key)[1:-1] if len(key) > MAX_QUOTED else key
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
                    hint = did_you_mean(key, allowed) if len(self.problems) < MAX_REPORTED_PROBLEMS else ""
                    self.problems.append(Problem(self.child_path(key), f"unknown field{hint}"))
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
                hint = did_you_mean(self.value, options) if len(self.problems) < MAX_REPORTED_PROBLEMS else ""
                self.problem(f"unknown {what} {quoted(self.value)}{hint}")
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


MAX_SMALL_FILE_BYTES = 1_000_000
"""The largest profile or settings file read (they are a few kilobytes)."""


def read_json_file(path: str | Path, what: str, error: type[Exception]) -> Any:
    """The JSON document in a small file (a profile, a settings file), or `error` naming the file
    and saying what is wrong ("cannot read the lens profile: ...", "... is not valid JSON")."""
    try:
        return load_json_file(path, MAX_SMALL_FILE_BYTES)
    except OSError as problem:
        raise error(f"{path}: cannot read the {what}: {problem.strerror or problem}") from None
    except JsonInputError as problem:
        raise error(f"{path}: the {what} is unusable: {problem}") from None


def write_json_file(path: str | Path, document: Any) -> None:
    """Write a JSON document as the project's small files are written (indent 1, final newline),
    through a temporary file renamed into place (`companion.safewrite`).

    :raises OutputRefused: for a symbolic link or a game log as the target.
    """
    from companion.safewrite import write_atomic

    write_atomic(path, (json.dumps(document, indent=1) + "\n").encode("utf-8"))
