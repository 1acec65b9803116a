"""Where the app runs (Android or not), asked by the camera, sharing and launching code alike without
importing Kivy or each other."""

from __future__ import annotations

import os

__all__ = ["on_android"]


def on_android() -> bool:
    """True inside the Android app (python-for-android sets ANDROID_ARGUMENT)."""
    return "ANDROID_ARGUMENT" in os.environ
