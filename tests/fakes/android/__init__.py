"""A stand-in for python-for-android's ``android`` module: `mActivity` (the app's activity),
`api_version` (the device's Android API level), `activity` (its event binder) and pyjnius's
`autoclass`/`cast`, as python-for-android's own module re-exports them."""

from __future__ import annotations

from typing import Any

import android_device
from jnius import autoclass, cast

mActivity: Any = android_device.ACTIVITY
api_version: int = android_device.STORAGE.api_level


class _Binder:
    def bind(self, **_: Any) -> None:
        pass

    def unbind(self, **_: Any) -> None:
        pass


activity = _Binder()

__all__ = ["activity", "api_version", "autoclass", "cast", "mActivity"]
