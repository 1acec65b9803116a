"""Shared helpers: build tables from compact player descriptions through the real table-file reader.

And how the suite runs: on every core (pytest-xdist: one test file per worker process, so a module's
shared fixtures, such as the app test module's one Kivy window, stay in one process), the files
holding slow end-to-end tests (marked `slow`) first so that the longest do not start last.
"""

from __future__ import annotations

import os
from pathlib import Path
from typing import Any

import pytest

from companion.games.armada.rules.data import armada_with_values
from companion.games.sevenwonders.rules import Table
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.tablefile import TABLE_FORMAT, parse_table


@pytest.fixture(scope="session")
def data() -> GameData:
    return load_game_data()


def city(name: str, wonder: str, side: str = "A", stages: int = 0, cards: tuple[str, ...] | list[str] = (),
         coins: int = 0, tokens: tuple[int, ...] | list[int] = (), **extra: Any) -> dict[str, Any]:
    """One entry of a table file's `players` list."""
    return {"name": name, "wonder": wonder, "side": side, "stages": stages, "cards": list(cards),
            "coins": coins, "tokens": list(tokens), **extra}


def table_document(*players: dict[str, Any], variant: str = "standard", **extra: Any) -> dict[str, Any]:
    """A whole table-file document."""
    return {"format": TABLE_FORMAT, "game": "7wonders", "expansions": [], "variant": variant,
            "players": list(players), **extra}


def make_table(*players: dict[str, Any], variant: str = "standard", **extra: Any) -> Table:
    """Parse a table built from `city(...)` entries, seated clockwise in the given order."""
    return parse_table(table_document(*players, variant=variant, **extra))


@pytest.fixture(autouse=True)
def _no_user_components(tmp_path_factory: pytest.TempPathFactory, monkeypatch: pytest.MonkeyPatch) -> None:
    """No test reads or writes the real user's components file."""
    monkeypatch.setenv("COMPANION_COMPONENTS", str(tmp_path_factory.mktemp("user") / "components.json"))


def armada_document(*players: dict[str, Any], **extra: Any) -> dict[str, Any]:
    """A table-file document playing with Armada."""
    return table_document(*players, **{"expansions": ["armada"], **extra})


def armada_table(*players: dict[str, Any], values: dict[str, Any] | None = None, **extra: Any) -> Table:
    """Parse an Armada table; `values` are component values entered by an owner (key -> JSON value)."""
    armada = armada_with_values(values) if values else None
    return parse_table(armada_document(*players, **extra), sources={"armada": armada})


# -- how the suite runs ---------------------------------------------------------------------------------

NO_XDIST = "COMPANION_NO_XDIST"
"""With this set to 1 in the environment, pytest runs in one process. The run that starts the workers
sets it for itself, so neither its workers nor any pytest a test starts spread over the cores again."""


@pytest.hookimpl(tryfirst=True)
def pytest_cmdline_main(config: pytest.Config) -> None:
    """Unless told otherwise (`-n`, `--dist`, `-p no:xdist`, COMPANION_NO_XDIST=1), run on every core, a
    test file per worker, in this file's order (slow files first); a run of one test file stays in one
    process, as before. Never inside a worker or under such a run: each would start workers again."""
    if _in_worker(config) or os.environ.get(NO_XDIST) == "1" or not config.pluginmanager.hasplugin("xdist") \
            or config.option.numprocesses is not None or config.option.dist != "no" or _one_file(config.args):
        return
    os.environ[NO_XDIST] = "1"          # inherited by the workers and by every process a test starts
    config.option.numprocesses = "auto"
    config.option.dist = "loadfile"
    config.option.loadscopereorder = False      # xdist would put the files with the most tests first


def _in_worker(config: pytest.Config) -> bool:
    """True in an xdist worker (which resets `-n` and `--dist` before running this hook again)."""
    return "PYTEST_XDIST_WORKER" in os.environ or hasattr(config, "workerinput")


def _one_file(arguments: list[str]) -> bool:
    """True when the command line names tests of a single file (a file, or tests in it)."""
    files = {argument.split("::")[0] for argument in arguments}
    return len(files) == 1 and Path(next(iter(files))).is_file()


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The files holding a test marked `slow` first, each file's tests kept together and in order."""
    slow = {item.path for item in items if item.get_closest_marker("slow") is not None}
    order = {path: index for index, path in enumerate(dict.fromkeys(item.path for item in items))}
    items.sort(key=lambda item: (item.path not in slow, order[item.path]))
