"""One user data folder for the game log and the components file, found by platformdirs: the XDG
folder on Linux, the app's own private storage on Android (recognised as python-for-android's
process with a fake ``jnius`` that answers like the device)."""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.gamedata.components import default_components_path
from companion.storage import default_store_path
from companion.userdirs import user_data_folder

ROOT = Path(__file__).resolve().parents[1]


def test_linux_keeps_the_log_and_the_components_in_one_xdg_folder(tmp_path: Path,
                                                                   monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("XDG_DATA_HOME", str(tmp_path))
    monkeypatch.delenv("COMPANION_STORE", raising=False)
    folder = tmp_path / "sevenwonders-companion"
    assert user_data_folder() == folder
    assert default_store_path() == folder / "games.sqlite3"
    assert default_components_path({}) == folder / "components.json"
    monkeypatch.setenv("COMPANION_STORE", str(tmp_path / "elsewhere.sqlite3"))
    assert default_store_path() == tmp_path / "elsewhere.sqlite3"


def test_android_keeps_them_in_the_app_private_storage() -> None:
    env = {key: value for key, value in os.environ.items()
           if key not in ("SHELL", "PREFIX", "XDG_DATA_HOME", "COMPANION_STORE", "COMPANION_COMPONENTS")}
    env.update(ANDROID_DATA="/data", ANDROID_ROOT="/system",
               PYTHONPATH=os.pathsep.join([str(ROOT / "tests" / "fakes"), str(ROOT)]))
    script = ("import os; from companion.storage import default_store_path; "
              "from companion.gamedata.components import default_components_path; "
              "print(default_store_path()); print(default_components_path(os.environ))")
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    private = "/nonexistent/data/org.sevenwonders.tablecompanion/files/sevenwonders-companion"   # the fake's files dir
    assert done.stdout.split() == [f"{private}/games.sqlite3", f"{private}/components.json"]
