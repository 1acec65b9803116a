"""`companion kiosk install`: the Raspberry Pi rig starts the app full screen at boot (docs/pi.md)."""

from __future__ import annotations

import argparse
import getpass
import os
from pathlib import Path

from companion.cli.errors import CommandError

__all__ = ["register"]


def run_kiosk_install(args: argparse.Namespace) -> int:
    """Write and enable the systemd unit."""
    from companion.kiosk.install import SYSTEM_UNITS, UNIT_NAME, KioskError, install_unit, unit_for

    user = args.user or os.environ.get("SUDO_USER") or getpass.getuser()
    try:
        if args.print:
            print(unit_for(user, camera=args.camera, language=args.language, store=args.store), end="")
            return 0
        path = install_unit(user=user, camera=args.camera, language=args.language, store=args.store,
                            unit_dir=Path(args.unit_dir) if args.unit_dir else SYSTEM_UNITS,
                            enable=not args.no_enable)
    except KioskError as error:
        raise CommandError(str(error)) from None
    print(f"wrote {path} (the app as {user}, camera {args.camera or 'chosen in the app'})")
    if args.no_enable:
        print(f"enable it with: sudo systemctl daemon-reload && sudo systemctl enable --now {UNIT_NAME}")
    else:
        print(f"enabled: it starts at the next boot; now: sudo systemctl start {UNIT_NAME}")
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `kiosk install` to the `companion` parser."""
    kiosk = commands.add_parser("kiosk", help="the Raspberry Pi rig: start the app full screen at boot")
    actions = kiosk.add_subparsers(dest="kiosk_action", metavar="ACTION", required=True)
    install = actions.add_parser("install", help="write and enable the systemd unit (run with sudo)")
    install.add_argument("--user", help="who the app runs as (default: the user who ran sudo)")
    install.add_argument("--camera", default="picamera",
                         help="the camera the app watches (default: picamera, focusing continuously; "
                              "picamera,height=0.7 on a stand 0.7 m over the table; 0 for a USB camera)")
    install.add_argument("--language", choices=("en", "ru", "uk"), help="the app's language")
    install.add_argument("--store", metavar="FILE", help="the game log (default: the user's data folder)")
    install.add_argument("--unit-dir", metavar="DIR", help="where to write the unit (default /etc/systemd/system)")
    install.add_argument("--no-enable", action="store_true", help="only write the unit")
    install.add_argument("--print", action="store_true", help="print the unit instead of writing it")
    install.set_defaults(run=run_kiosk_install)
