"""A stand-in for python-for-android's ``android.permissions``: `check_permission` says whether the
app holds a permission, `request_permissions(permissions, callback)` asks the player and calls
`callback(permissions, grant_results)` later on another thread (Android's UI thread, not Kivy's),
with an empty answer when the dialog is dismissed. The player's answer is `android_device.PLAYER`."""

from __future__ import annotations

import threading
from typing import Any


class Permission:
    CAMERA = "android.permission.CAMERA"
    READ_MEDIA_IMAGES = "android.permission.READ_MEDIA_IMAGES"
    WRITE_EXTERNAL_STORAGE = "android.permission.WRITE_EXTERNAL_STORAGE"


def check_permission(permission: str) -> bool:
    from android_device import PLAYER

    return permission in PLAYER.granted


def request_permissions(permissions: list[str], callback: Any = None) -> None:
    from android_device import PLAYER

    PLAYER.asked.append(list(permissions))

    def answer() -> None:
        if PLAYER.answer is None:                    # dismissed: Android answers with empty lists
            callback([], [])
            return
        if PLAYER.answer:
            PLAYER.granted.update(permissions)
        callback(list(permissions), [bool(PLAYER.answer)] * len(permissions))

    if callback is not None:
        threading.Timer(0.05, answer).start()


def request_permission(permission: str, callback: Any = None) -> None:
    request_permissions([permission], callback)
