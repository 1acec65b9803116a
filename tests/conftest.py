"""Shared helpers: build tables from compact player descriptions through the real table-file reader."""

from __future__ import annotations

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
