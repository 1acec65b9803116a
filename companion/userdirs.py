"""Where the user's files live: one folder per user and platform, found by platformdirs (Linux's
``$XDG_DATA_HOME`` or ``~/.local/share``, macOS's Application Support, Windows' roaming AppData,
and on Android the app's own private storage). The game log and the components file live there."""

from __future__ import annotations

from pathlib import Path

import platformdirs

__all__ = ["APP_FOLDER", "user_data_folder"]

APP_FOLDER = "sevenwonders-companion"


def user_data_folder() -> Path:
    """The folder for the user's data (not made here: a writer makes it when it first writes)."""
    return platformdirs.user_data_path(APP_FOLDER, appauthor=False, roaming=True)
