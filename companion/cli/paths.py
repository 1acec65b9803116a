"""Where commands write: checked before any work starts, so a bad `--out` costs nothing."""

from __future__ import annotations

import os
from pathlib import Path

from companion.cli.errors import CommandError
from companion.safewrite import OutputRefused, check_output

__all__ = ["output_file", "output_folder"]


def output_file(text: str) -> Path:
    """The path of a file a command will write, after checking it can be written there.

    :raises CommandError: when it names a folder, its folder does not exist or cannot be written, or
        it is a symbolic link or an SQLite file (a game log).
    """
    path = Path(text)
    try:
        check_output(path)
    except OutputRefused as error:
        raise CommandError(str(error)) from None
    if path.is_dir():
        raise CommandError(f"{text}: is a folder; give the name of a file to write in it")
    folder = path.parent
    if not folder.is_dir():
        raise CommandError(f"{text}: the folder {folder} does not exist")
    if not os.access(folder, os.W_OK):
        raise CommandError(f"{text}: cannot write in the folder {folder}")
    return path


def output_folder(text: str) -> Path:
    """The path of a folder a command will fill (created if missing), after checking it can be.

    :raises CommandError: when it names a file, or cannot be created or written.
    """
    path = Path(text)
    if path.exists() and not path.is_dir():
        raise CommandError(f"{text}: is a file; give a folder to write into")
    existing = next((p for p in (path, *path.parents) if p.exists()), Path("."))
    if not existing.is_dir() or not os.access(existing, os.W_OK):
        raise CommandError(f"{text}: cannot write in {existing}")
    return path
