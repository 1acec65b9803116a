"""The benchmarks that draw frames use the tests' renderer (tests/tools): find it in the checkout."""

from __future__ import annotations

import importlib
import sys
from pathlib import Path
from types import ModuleType, SimpleNamespace

from companion.cli.errors import CommandError

__all__ = ["repository_root", "test_tools"]


def repository_root() -> Path:
    """The source checkout this package runs from."""
    return Path(__file__).resolve().parents[2]


def test_tools() -> SimpleNamespace:
    """The modules of tests/tools (render, scenes).

    :raises CommandError: when the package does not run from a source checkout.
    """
    root = repository_root()
    if not (root / "tests" / "tools" / "render.py").is_file():
        raise CommandError("this benchmark renders frames with tests/tools: run it from a source checkout "
                           "(git clone, then ./setup.sh)")
    if str(root) not in sys.path:
        sys.path.insert(0, str(root))
    modules: dict[str, ModuleType] = {}
    for name in ("render", "scenes"):
        modules[name] = importlib.import_module(f"tests.tools.{name}")
    return SimpleNamespace(**modules)
