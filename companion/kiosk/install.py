"""`companion kiosk install`: write the kiosk's systemd unit (shipped in this package) with the
user, the Python that runs the app and its arguments filled in, then enable it.

The unit starts ``python -m companion app --fullscreen --camera SOURCE`` with tty1 as its terminal
(replacing the login prompt there) and the groups KMS/DRM and the touchscreen need (video, render,
input), and starts it again after any exit, a quit from the app included. docs/pi.md is the walk-through.
"""

from __future__ import annotations

import pwd
import shlex
import shutil
import subprocess
import sys
from importlib import resources
from pathlib import Path

__all__ = ["UNIT_NAME", "KioskError", "install_unit", "render_unit", "unit_for"]

UNIT_NAME = "table-companion.service"
SYSTEM_UNITS = Path("/etc/systemd/system")


class KioskError(Exception):
    """The unit cannot be written or enabled; the message says what to do."""


def render_unit(*, user: str, home: str, python: str, camera: str | None, language: str | None = None,
                store: str | None = None) -> str:
    """The unit's text for `user` (home folder `home`), running the app with `python`."""
    arguments = [python, "-m", "companion", "app", "--fullscreen"]
    if camera:
        arguments += ["--camera", camera]
    if language:
        arguments += ["--language", language]
    if store:
        arguments += ["--store", store]
    template = resources.files("companion.kiosk").joinpath(UNIT_NAME).read_text(encoding="utf-8")
    return template.format(user=user, home=home, command=shlex.join(arguments))


def unit_for(user: str, *, camera: str | None, language: str | None = None, store: str | None = None) -> str:
    """The unit's text for the user named `user`, running the app with this Python.

    :raises KioskError: for an unknown user.
    """
    try:
        entry = pwd.getpwnam(user)
    except KeyError:
        raise KioskError(f"no user {user!r} on this machine (--user NAME: who the app runs as)") from None
    return render_unit(user=user, home=entry.pw_dir, python=sys.executable, camera=camera, language=language,
                       store=store)


def install_unit(*, user: str, camera: str | None, language: str | None = None, store: str | None = None,
                 unit_dir: Path = SYSTEM_UNITS, enable: bool = True) -> Path:
    """Write the unit for `user` into `unit_dir` and (with `enable`) have systemd start it at boot.

    :raises KioskError: for an unknown user, a folder that cannot be written (not root), or a
        systemctl that fails.
    """
    text = unit_for(user, camera=camera, language=language, store=store)
    path = unit_dir / UNIT_NAME
    try:
        path.write_text(text, encoding="utf-8")
    except PermissionError:
        raise KioskError(f"cannot write {path}: run it as root, e.g. sudo {shlex.quote(sys.executable)} -m companion "
                         f"kiosk install --user {user}") from None
    except OSError as error:
        raise KioskError(f"cannot write {path}: {error.strerror}") from None
    if enable:
        systemctl = shutil.which("systemctl")
        if systemctl is None:
            raise KioskError(f"wrote {path}, but there is no systemctl here to enable it")
        for step in (["daemon-reload"], ["enable", UNIT_NAME]):
            done = subprocess.run([systemctl, *step], capture_output=True, text=True)
            if done.returncode != 0:
                raise KioskError(f"wrote {path}, but systemctl {' '.join(step)} failed: {done.stderr.strip()}")
    return path
