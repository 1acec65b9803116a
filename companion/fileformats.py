"""The JSON files the product reads, recognised by their ``format`` before any field is read, so a file
given to the wrong command gets one line saying what it is and which command takes it (instead of
a screenful of field errors from a reader that expected something else)."""

from __future__ import annotations

from typing import Any

__all__ = ["FORMATS", "format_of", "other_format"]

FORMATS: dict[str, tuple[str, str]] = {
    "sevenwonders-table/1": ("a 7 Wonders table file", "`companion score`, `check`, `conflicts` and `games add` "
                                                       "read it"),
    "architects-table/1": ("an Architects table file", "`companion score` and `games add` read it"),
    "sevenwonders-game/1": ("an exported game", "use `companion games import`"),
    "sevenwonders-recording/1": ("a recorded game", "`companion watch recording:FILE` and `record FILE` play it"),
    "sevenwonders-lens/1": ("a lens profile", "give it to `--lens` (scan, table, watch)"),
    "sevenwonders-rig/1": ("a rig profile", "give it to `--rig` (table, watch)"),
    "sevenwonders-components/1": ("a components file", "give it to `--components`, or use `companion components`"),
    "sevenwonders-data/1": ("the game data", "the product reads it itself"),
}
"""Every format the product reads: what a file of it is, and which command takes it."""
ARCHITECTS_GAME = "architects"


def format_of(document: Any) -> str | None:
    """The format a decoded document declares (an Architects table may say only ``"game":
    "architects"``; an export of several games is a list of games); None when it names none we know."""
    if isinstance(document, list):
        formats = {format_of(item) for item in document[:1000]}
        return "sevenwonders-game/1" if formats == {"sevenwonders-game/1"} else None
    if not isinstance(document, dict):
        return None
    declared = document.get("format")
    if isinstance(declared, str) and declared in FORMATS:
        return declared
    if declared is None and document.get("game") == ARCHITECTS_GAME:
        return "architects-table/1"
    return None


def other_format(document: Any, expected: str) -> str | None:
    """One line when `document` is a file of another format we know (``this is an Architects table
    file, not a 7 Wonders table file: `companion score` and `games add` read it``); None when it is
    of the `expected` format or of none we recognise (its reader then says what is wrong)."""
    found = format_of(document)
    if found is None or found == expected:
        return None
    what, use = FORMATS[found]
    return f"this is {what}, not {FORMATS[expected][0]}: {use}"
