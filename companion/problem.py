"""A problem the camera or the session notes (a duplicate sticker, a board not in the game...):
English text for the log and the command line, with a catalogue key and values (component ids, not
names) a face says it with in the player's language (``problem.<key>`` in companion/data/i18n)."""

from __future__ import annotations

from typing import Any

__all__ = ["Problem", "ProblemsError"]


class Problem(str):
    """A problem's English text (it compares and prints as that text) with `key` and `values`:
    ``card`` (a card id), ``wonder`` and ``other`` (wonder ids), numbers."""

    key: str
    values: dict[str, Any]

    def __new__(cls, key: str, text: str, **values: Any) -> Problem:
        problem = super().__new__(cls, text)
        problem.key = key
        problem.values = values
        return problem

    def __reduce__(self) -> Any:
        return (Problem, (self.key, str(self)), {"values": self.values})


class ProblemsError(ValueError):
    """An input file that cannot be used (a game's table file): `problems`, one line each, and `source`,
    the file they are in (empty when unknown). The faces print them one a line."""

    problems: list[Problem]
    source: str
