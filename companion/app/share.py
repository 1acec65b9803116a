"""Files the player keeps: on Android, score pictures and exports are copied to the shared storage
where people look for them (Pictures/Table Companion for pictures, Documents/Table Companion for
JSON and CSV) and shared through a content:// URI the receiving app may read, through
androidstorage4kivy (MediaStore from Android 10 on; the shared folders with the storage permission
below it). Elsewhere the file stays where it was written, and its path is where to find it.

The game log and the components file stay in the app's own storage (`companion.userdirs`).

One androidstorage4kivy ``ShareSheet`` serves the app's whole life: below Android 10 it makes a
MediaStore entry for each file it shares and deletes the previous ones at its next share (the entry
must outlive the share, which the receiving app reads after the call returns); a new sheet for every
share would leave them all behind.
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

from companion.app.platform import on_android

__all__ = ["ShareError", "publish"]

LEGACY_STORAGE_API = 28
"""Android 9 and older: writing to the shared folders needs WRITE_EXTERNAL_STORAGE (asked at run time)."""
_share_sheet: Any = None


class ShareError(Exception):
    """A file could not be saved where the user finds it; `key` names the message, `values` fill it."""

    def __init__(self, key: str, **values: Any) -> None:
        super().__init__(key)
        self.key = key
        self.values = values


def _collection(path: Path) -> str:
    from jnius import autoclass

    environment = autoclass("android.os.Environment")
    return environment.DIRECTORY_PICTURES if path.suffix.lower() == ".png" else environment.DIRECTORY_DOCUMENTS


def _storage_permission_ready() -> bool:
    """Below Android 10, ask for the storage permission (once; the player saves again after)."""
    from android import api_version

    if api_version > LEGACY_STORAGE_API:
        return True
    from android.permissions import Permission, check_permission, request_permissions

    if check_permission(Permission.WRITE_EXTERNAL_STORAGE):
        return True
    request_permissions([Permission.WRITE_EXTERNAL_STORAGE])
    return False


def _copy_to_shared(path: Path) -> Any:
    """The shared copy of `path`: a content URI (Android 10+) or a path in a shared folder.

    :raises ShareError: when the permission is missing or Android refused the copy.
    """
    if not _storage_permission_ready():
        raise ShareError("share.permission")
    from androidstorage4kivy import SharedStorage

    shared = SharedStorage().copy_to_shared(str(path), collection=_collection(path))
    if shared is None:                          # androidstorage4kivy logs why and answers None
        raise ShareError("share.failed", name=path.name)
    return shared


def publish(path: Path, *, share: bool = False) -> str:
    """Make `path` findable by the player and say where: on Android a copy in the shared Pictures or
    Documents folder (``Documents/Table Companion/game-3.csv``), with `share` offered through the
    share sheet as a content:// URI the receiving app may read; elsewhere the path itself.

    :raises ShareError: on Android, when the copy cannot be made.
    """
    if not on_android():
        return str(path)
    shared = _copy_to_shared(path)
    from androidstorage4kivy import SharedStorage

    if share:
        _the_share_sheet().share_file(shared)
    return f"{_collection(path)}/{SharedStorage().get_app_title()}/{path.name}"


def _the_share_sheet() -> Any:
    """The app's one share sheet, made at its first share."""
    global _share_sheet
    if _share_sheet is None:
        from androidstorage4kivy import ShareSheet

        _share_sheet = ShareSheet()
    return _share_sheet
