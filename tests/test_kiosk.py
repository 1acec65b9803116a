"""The Raspberry Pi kiosk: the systemd unit shipped in the package, written by `companion kiosk
install`, starts the app full screen on the console with the camera; a console with a KMS/DRM
screen counts as a display (no X or Wayland needed)."""

from __future__ import annotations

import configparser
import getpass
import os
import shlex
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from companion.app import launch
from companion.cli import main
from companion.kiosk.install import UNIT_NAME, unit_for


def _unit(text: str) -> configparser.ConfigParser:
    parser = configparser.ConfigParser(strict=False, interpolation=None)   # systemd repeats keys
    parser.optionxform = str  # type: ignore[assignment,method-assign]
    parser.read_string(text)
    return parser


def test_the_unit_starts_the_app_full_screen_with_the_camera() -> None:
    user = getpass.getuser()
    unit = _unit(unit_for(user, camera="picamera", language="ru"))
    service = unit["Service"]
    assert service["User"] == user
    assert shlex.split(service["ExecStart"]) == [sys.executable, "-m", "companion", "app", "--fullscreen",
                                                 "--camera", "picamera", "--language", "ru"]
    assert set(service["SupplementaryGroups"].split()) == {"video", "render", "input"}   # KMS/DRM and touch
    assert unit["Unit"]["Conflicts"] == "getty@tty1.service"
    assert unit["Install"]["WantedBy"] == "multi-user.target"


def test_the_kiosk_comes_back_after_any_exit_and_owns_its_terminal() -> None:
    text = unit_for(getpass.getuser(), camera="picamera")
    unit = _unit(text)
    service = unit["Service"]
    assert service["Restart"] == "always"               # "on-failure" leaves the screen dark after a quit (exit 0)
    assert unit["Unit"]["StartLimitIntervalSec"] == "0"     # and systemd never stops trying
    # TTYPath= only takes effect with the terminal on stdin (systemd.exec: StandardInput=tty).
    assert service["TTYPath"] == "/dev/tty1" and service["StandardInput"] in ("tty", "tty-force")
    assert service["StandardOutput"] == service["StandardError"] == "journal"
    assert "udev-settle" not in text                    # deprecated by systemd; a late screen is restarted into


@pytest.mark.skipif(shutil.which("systemd-analyze") is None, reason="no systemd-analyze here")
def test_systemd_reads_the_unit_without_a_warning(tmp_path: Path) -> None:
    path = tmp_path / UNIT_NAME
    path.write_text(unit_for(getpass.getuser(), camera="picamera,height=0.7"), encoding="utf-8")
    done = subprocess.run(["systemd-analyze", "verify", str(path)], capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
    assert [line for line in done.stderr.splitlines() if UNIT_NAME in line] == []


def test_kiosk_install_writes_the_unit(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    user = getpass.getuser()
    status = main(["kiosk", "install", "--user", user, "--camera", "0", "--unit-dir", str(tmp_path), "--no-enable"])
    assert status == 0
    written = tmp_path / UNIT_NAME
    assert "--fullscreen --camera 0" in _unit(written.read_text(encoding="utf-8"))["Service"]["ExecStart"]
    assert "systemctl enable --now table-companion.service" in capsys.readouterr().out


def test_kiosk_install_refuses_an_unknown_user_and_a_folder_it_cannot_write(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["kiosk", "install", "--user", "no-such-user-here", "--unit-dir", str(tmp_path)]) == 2
    assert "no user 'no-such-user-here'" in capsys.readouterr().err
    assert main(["kiosk", "install", "--user", getpass.getuser(), "--unit-dir", str(tmp_path / "missing"),
                 "--no-enable"]) == 2
    assert "cannot write" in capsys.readouterr().err


def test_a_console_with_a_kms_screen_is_a_display(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    assert launch.drm_display(tmp_path) is None
    (tmp_path / "card1").write_bytes(b"")
    (tmp_path / "renderD128").write_bytes(b"")
    assert launch.drm_display(tmp_path) == tmp_path / "card1"
    for name in ("DISPLAY", "WAYLAND_DISPLAY", "ANDROID_ARGUMENT"):
        monkeypatch.delenv(name, raising=False)
    monkeypatch.setattr(launch, "drm_display", lambda: tmp_path / "card1")
    assert launch.display_available()
    monkeypatch.setattr(launch, "drm_display", lambda: None)
    assert not launch.display_available()
    monkeypatch.setenv("WAYLAND_DISPLAY", "wayland-0")
    assert launch.display_available()


@pytest.mark.skipif(os.geteuid() == 0, reason="root may open any file")
def test_a_kms_screen_this_user_may_not_open_is_no_display(tmp_path: Path) -> None:
    card = tmp_path / "card0"
    card.write_bytes(b"")
    card.chmod(0o000)
    assert launch.drm_display(tmp_path) is None


@pytest.mark.parametrize("case, expected", [
    ("offscreen", {"SDL_VIDEODRIVER": "offscreen", "KIVY_NO_CONFIG": "1", "KIVY_NO_FILELOG": "1"}),
    ("console", {"SDL_VIDEODRIVER": "kmsdrm", "KIVY_NO_CONFIG": None, "KIVY_NO_FILELOG": None}),
    ("desktop", {"SDL_VIDEODRIVER": None, "KIVY_NO_CONFIG": None, "KIVY_NO_FILELOG": None}),
])
def test_kivy_is_set_up_for_tests_a_kms_console_and_a_desktop(case: str, expected: dict[str, str | None],
                                                              tmp_path: Path) -> None:
    import json

    script = f"""
import json, os
from pathlib import Path
from companion.app import launch
launch.drm_display = lambda devices=None: Path("/dev/dri/card1")
launch.configure_kivy(offscreen={case == "offscreen"}, fullscreen=True)
from kivy.config import Config
found = {{name: os.environ.get(name) for name in {sorted(expected)!r}}}
found["fullscreen"] = Config.get("graphics", "fullscreen")
found["cursor"] = Config.get("graphics", "show_cursor")
print(json.dumps(found))
"""
    env = {k: v for k, v in os.environ.items() if k not in ("SDL_VIDEODRIVER", "KIVY_NO_CONFIG", "KIVY_NO_FILELOG",
                                                               "DISPLAY", "WAYLAND_DISPLAY", "ANDROID_ARGUMENT")}
    if case == "desktop":
        env["WAYLAND_DISPLAY"] = "wayland-0"
    env["PYTHONPATH"] = str(Path(__file__).resolve().parents[1])
    env["KIVY_HOME"] = str(tmp_path)                       # Kivy may write its config there, not in ~/.kivy
    done = subprocess.run([sys.executable, "-c", script], env=env, capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr[-2000:]
    found = json.loads(done.stdout.strip().splitlines()[-1])
    assert {name: found[name] for name in expected} == expected
    assert found["fullscreen"] == "auto" and found["cursor"] == "0"
