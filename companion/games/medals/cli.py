"""Medals on the command line: `companion table`'s ``--medals`` for an Architects table (`CAMERA_OPTIONS`):
whether the table plays Medals, and its variant."""

from __future__ import annotations

import argparse
from typing import Any

from companion.games.architects.camera_cli import CAMERA_OPTIONS, CameraOptions
from companion.games.medals.rules.data import MEDALS


def _add_arguments(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--medals", choices=("none", "standard", "expert"), default="none",
                        help="Architects: the Medals expansion and its variant (default none)")


def _chosen(args: argparse.Namespace) -> dict[str, Any] | None:
    variant = getattr(args, "medals", "none")
    return None if variant == "none" else {"medal_variant": variant}


CAMERA_OPTIONS.register(MEDALS, CameraOptions(_add_arguments, _chosen), game="medals")
