"""The JSON files the product reads, recognised by their ``format`` before any field is read, so a file
given to the wrong command gets one line saying what it is and which command takes it (instead of
a screenful of field errors from a reader that expected something else)."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.plugins import Registry

__all__ = ["FILE_FORMATS", "PRODUCT_FORMATS", "FileFormat", "format_of", "formats", "other_format"]


@dataclass(frozen=True)
class FileFormat:
    """A file format the product reads: what a file of it is, and which command takes it."""

    what: str
    use: str
    recognise: Callable[[dict[str, Any]], bool] | None = None
    """For a document that declares no ``format``: True when it is one of these (an Architects table may
    say only ``"game": "architects"``)."""


PRODUCT_FORMATS: dict[str, FileFormat] = {
    "sevenwonders-game/1": FileFormat("an exported game", "use `companion games import`"),
    "sevenwonders-lens/1": FileFormat("a lens profile", "give it to `--lens` (scan, table, watch)"),
    "sevenwonders-rig/1": FileFormat("a rig profile", "give it to `--rig` (table, watch)"),
    "sevenwonders-components/1": FileFormat("a components file",
                                            "give it to `--components`, or use `companion components`"),
}
"""The formats of the product itself (exports, camera profiles, an owner's entered values)."""
FILE_FORMATS: Registry[FileFormat] = Registry("file format", "formats")
"""The formats games add (their table files, data, recorded games), by format id, from their ``formats``
module."""


def formats() -> dict[str, FileFormat]:
    """Every format the product reads, by the id files declare in ``format``."""
    return {**PRODUCT_FORMATS, **dict(FILE_FORMATS.items())}


def _known(declared: str) -> FileFormat | None:
    return PRODUCT_FORMATS.get(declared) or FILE_FORMATS.get(declared)


def format_of(document: Any) -> str | None:
    """The format a decoded document declares (or that a game recognises it by when it declares none; an
    export of several games is a list of games); None when it names none we know."""
    if isinstance(document, list):
        formats = {format_of(item) for item in document[:1000]}
        return "sevenwonders-game/1" if formats == {"sevenwonders-game/1"} else None
    if not isinstance(document, dict):
        return None
    declared = document.get("format")
    if isinstance(declared, str) and _known(declared) is not None:
        return declared
    if declared is None:
        for name, found in FILE_FORMATS.items():
            if found.recognise is not None and found.recognise(document):
                return name
    return None


def other_format(document: Any, expected: str) -> str | None:
    """One line when `document` is a file of another format we know (``this is an Architects table
    file, not a 7 Wonders table file: `companion score` and `games add` read it``); None when it is
    of the `expected` format or of none we recognise (its reader then says what is wrong)."""
    found = format_of(document)
    if found is None or found == expected:
        return None
    described, wanted = _known(found), _known(expected)
    assert described is not None and wanted is not None
    return f"this is {described.what}, not {wanted.what}: {described.use}"
