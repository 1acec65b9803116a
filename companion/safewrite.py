"""Write an output file so that a crash, a full disk or a wrong path never costs what was there:
the bytes go to a temporary file in the same folder, which is renamed over the target only once it
is whole on disk. A target that is the open game log (or its -wal/-shm journal, or a link to any of
them), any other SQLite file, or a symbolic link is refused before anything is written."""

from __future__ import annotations

import contextlib
import os
import tempfile
from collections.abc import Callable, Iterable
from pathlib import Path

__all__ = ["SQLITE_HEADER", "OutputRefused", "check_output", "store_files", "write_atomic", "write_atomic_with"]

SQLITE_HEADER = b"SQLite format 3\x00"
"""The first 16 bytes of every SQLite database file."""


class OutputRefused(ValueError):
    """A path an output must not be written to; the message says why, in one line."""


def store_files(store_path: str | Path) -> list[Path]:
    """The files that make up a game log at `store_path`: the database and its two journal files."""
    path = Path(store_path)
    return [path, path.with_name(path.name + "-wal"), path.with_name(path.name + "-shm")]


def _same_file(a: Path, b: Path) -> bool:
    """True when both paths name one file on disk (a hard or symbolic link included)."""
    try:
        first, second = os.stat(a), os.stat(b)
    except OSError:
        return False
    return (first.st_dev, first.st_ino) == (second.st_dev, second.st_ino)


def check_output(path: str | Path, protected: Iterable[str | Path] = ()) -> None:
    """Refuse a target that is a symbolic link, one of the `protected` files (or a link to one), or
    an SQLite database (a game log that is not open now is a game log all the same).

    :raises OutputRefused: naming the reason.
    """
    target = Path(path)
    if target.is_symlink():
        raise OutputRefused(f"{target} is a symbolic link (to {os.readlink(target)}); give the file itself")
    for kept in protected:
        kept_path = Path(kept)
        if kept_path.exists() and _same_file(target, kept_path):
            raise OutputRefused(f"{target} is the game log ({kept_path.name}); an export never overwrites it")
        if target.resolve() == kept_path.resolve():
            raise OutputRefused(f"{target} is where the game log keeps {kept_path.name}; choose another file")
    if target.is_file():
        try:
            with open(target, "rb") as stream:
                head = stream.read(len(SQLITE_HEADER))
        except OSError:
            return
        if head == SQLITE_HEADER:
            raise OutputRefused(f"{target} is an SQLite database (a game log?); an export never overwrites one")


def _mode_for(target: Path) -> int:
    """The permissions the written file gets: the old file's, else what the umask allows."""
    try:
        return os.stat(target).st_mode & 0o777
    except OSError:
        mask = os.umask(0)
        os.umask(mask)
        return 0o666 & ~mask


def write_atomic(path: str | Path, data: bytes, *, protected: Iterable[str | Path] = ()) -> None:
    """Write `data` to `path` through a temporary file in the same folder, synced and renamed into
    place: the target is either its old self or the whole new file, never half of one.

    :raises OutputRefused: as `check_output` (nothing is written).
    :raises OSError: when the folder cannot be written or the disk is full (the target is untouched
        and the temporary file removed).
    """
    write_atomic_with(path, lambda temporary: temporary.write_bytes(data), protected=protected)


def write_atomic_with(path: str | Path, produce: Callable[[Path], object], *,
                      protected: Iterable[str | Path] = ()) -> None:
    """As `write_atomic`, for a library that writes a file itself (a PDF, a PNG): `produce` writes
    the temporary file whose path it is given."""
    target = Path(path)
    check_output(target, protected)
    handle, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.stem}.",
                                    suffix=f".part{target.suffix}")     # the suffix: a PNG writer goes by it
    os.close(handle)
    temporary = Path(name)
    try:
        produce(temporary)
        with open(temporary, "rb+") as stream:
            os.fchmod(stream.fileno(), _mode_for(target))
            os.fsync(stream.fileno())
        os.replace(temporary, target)
    except BaseException:
        with contextlib.suppress(OSError):
            temporary.unlink()
        raise
    with contextlib.suppress(OSError):           # the rename itself on disk (not every system allows this)
        folder = os.open(target.parent, os.O_RDONLY)
        try:
            os.fsync(folder)
        finally:
            os.close(folder)
