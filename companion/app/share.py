"""Hand a saved file to Android's share sheet; elsewhere the file's folder is enough.

Untested here (no Android device): it uses the platform's own Intent through pyjnius, which the
Android build includes with Kivy.
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = ["share_file"]


def share_file(path: Path, mime: str = "image/png") -> bool:
    """Open the share sheet for `path`; False where there is none (desktop)."""
    if "ANDROID_ARGUMENT" not in os.environ:
        return False
    from jnius import autoclass, cast

    strict_mode = autoclass("android.os.StrictMode")
    builder = autoclass("android.os.StrictMode$VmPolicy$Builder")
    strict_mode.setVmPolicy(builder().build())          # allow a file:// link in the intent
    intent_class = autoclass("android.content.Intent")
    uri_class = autoclass("android.net.Uri")
    java_file = autoclass("java.io.File")
    intent = intent_class(intent_class.ACTION_SEND)
    intent.setType(mime)
    parcelable = cast("android.os.Parcelable", uri_class.fromFile(java_file(str(path))))
    intent.putExtra(intent_class.EXTRA_STREAM, parcelable)
    activity = autoclass("org.kivy.android.PythonActivity").mActivity
    activity.startActivity(intent_class.createChooser(intent, None))
    return True
