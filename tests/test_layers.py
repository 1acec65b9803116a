"""Each layer imports without the ones above it (the guide's four layers, docs/architecture.md): the rules
and the table files, the game log and the exports load with numpy, OpenCV, Kivy and the sticker-sheet
libraries missing, in every game (each game's module of that layer, through `load_layer`)."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

HEAVY = ("kivy", "cv2", "numpy", "zxingcpp", "pyzbar", "segno", "fpdf")
"""The optional libraries of the camera, the sticker sheets and the app."""
LIGHT_LAYERS = ("rules", "tablefile", "formats", "events", "exports", "markers")
"""The game layers that must load without them: what `companion score`, `check`, `games` and `markers list`
need."""
SHARED = ("companion.plugins", "companion.gamedata", "companion.fileformats", "companion.i18n", "companion.storage",
          "companion.storage.exchange", "companion.storage.stats", "companion.storage.camera_notes",
          "companion.state.confirmation", "companion.markers", "companion.vision.layouts", "companion.simulation",
          "companion.tablefiles")
"""Shared modules of the same layers, and the registries of the camera's layers (declared without numpy)."""


def _run(code: str) -> subprocess.CompletedProcess[str]:
    blocked = "import sys\n" + "".join(f"sys.modules[{name!r}] = None\n" for name in HEAVY)
    return subprocess.run([sys.executable, "-c", blocked + code], capture_output=True, text=True)


@pytest.mark.parametrize("layer", LIGHT_LAYERS)
def test_a_game_layer_loads_without_the_layers_above(layer: str) -> None:
    result = _run(f"from companion.plugins import load_layer\nload_layer({layer!r})\n"
                  "print(sorted(m for m in sys.modules if m.startswith('companion.games.')))")
    assert result.returncode == 0, result.stderr


def test_the_shared_modules_of_those_layers_load_without_them() -> None:
    result = _run("import importlib\n" + "".join(f"importlib.import_module({m!r})\n" for m in SHARED))
    assert result.returncode == 0, result.stderr


def test_the_marker_numbers_load_without_them() -> None:
    result = _run("from companion.markers import load_marker_registry\nprint(len(load_marker_registry()))")
    assert result.returncode == 0, result.stderr
    root = Path(__file__).resolve().parents[1]
    files = [root / "companion/data/markers.json", root / "companion/games/architects/data/markers.json"]
    listed = sum(len(json.loads(f.read_text(encoding="utf-8"))["components"]) for f in files)
    assert int(result.stdout) == listed      # every game's set: 7 Wonders' and Armada's, Architects', the pattern


def test_the_blocking_works() -> None:
    result = _run("import numpy")
    assert result.returncode != 0 and "numpy" in result.stderr
