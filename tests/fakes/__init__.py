"""Stand-ins for the device modules the Android and Raspberry Pi code paths import (pyjnius's
``jnius``, python-for-android's ``android``, Raspberry Pi OS's ``picamera2``), behaving like the real
ones where our code relies on them: frames as NV21 bytes or arrays at the sensor's size, a permission
the player can refuse, a camera that stops. `install()` puts this folder first on ``sys.path``."""

from __future__ import annotations

import sys
from pathlib import Path

FAKES = Path(__file__).resolve().parent


def install() -> None:
    """Make ``import jnius``, ``import android.permissions`` and ``import picamera2`` find the fakes."""
    if str(FAKES) not in sys.path:
        sys.path.insert(0, str(FAKES))
