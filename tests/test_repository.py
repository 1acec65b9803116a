"""The repository keeps its promises: the README's commands are the ones CI runs, layers stay apart."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def _indented_commands(text: str) -> list[str]:
    return [line.strip() for line in text.splitlines() if line.startswith("    ./setup.sh")]


def test_readme_starts_with_the_demo_and_test_commands() -> None:
    commands = _indented_commands((ROOT / "README.md").read_text(encoding="utf-8"))
    assert commands[:2] == ["./setup.sh && .venv/bin/companion demo", "./setup.sh && .venv/bin/python -m pytest"]


def test_ci_runs_exactly_the_readme_test_command() -> None:
    test_command = _indented_commands((ROOT / "README.md").read_text(encoding="utf-8"))[1]
    ci = (ROOT / ".ci" / "run").read_text(encoding="utf-8").splitlines()
    assert ci[-1] == test_command


def _imports(path: Path) -> set[str]:
    tree = ast.parse(path.read_text(encoding="utf-8"))
    names = set()
    for node in ast.walk(tree):
        if isinstance(node, ast.Import):
            names.update(alias.name for alias in node.names)
        elif isinstance(node, ast.ImportFrom) and node.module:
            names.add(node.module)
    return names


def test_engine_and_game_data_import_nothing_from_higher_layers() -> None:
    forbidden = ("cv2", "kivy", "numpy", "pyzbar", "zxingcpp", "sqlite3", "companion.cli", "companion.vision",
                 "companion.app", "companion.state", "companion.storage")
    for folder in ("engine", "gamedata"):
        for path in (ROOT / "companion" / folder).glob("*.py"):
            bad = {name for name in _imports(path) if name.startswith(forbidden)}
            assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"


def test_each_layer_imports_nothing_from_the_layers_above_it() -> None:
    faces = ("kivy", "companion.app", "companion.cli")
    forbidden = {
        "storage": ("cv2", "numpy", "pyzbar", "zxingcpp", "companion.vision", "companion.state", *faces),
        "markers": ("companion.vision", "companion.state", "companion.storage", *faces),
        "vision": ("companion.state", "companion.storage", *faces),
        "simulation": ("companion.vision", "companion.state", "companion.storage", *faces),
        "state": faces,
    }
    for folder, names in forbidden.items():
        for path in (ROOT / "companion" / folder).glob("*.py"):
            bad = {name for name in _imports(path) if name.startswith(names)}
            assert not bad, f"{path.relative_to(ROOT)} imports {sorted(bad)}"
