"""The subcommands games add to the `companion` command: each game's ``cli`` module registers a function
that adds its subcommands to the parser (Armada's ``components``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.plugins import Registry

__all__ = ["COMMANDS", "TABLE_READERS", "Subcommands", "TableReader"]

Subcommands = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
"""Adds a game's subcommands to the `companion` parser."""
COMMANDS: Registry[Subcommands] = Registry("command", "cli")
"""A game's subcommands, by the name of the (first) subcommand they add."""


@dataclass(frozen=True)
class TableReader:
    """Another game's reading of `companion table` (Architects'): its options, a run that reads the
    frames as that game's table (the exit status) or returns None when they show a 7 Wonders table,
    and its wonders' ids (``--names`` may name the players by them)."""

    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace, Any, bool, Iterable[Any]], int | None]
    wonders: Callable[[], Sequence[str]]


TABLE_READERS: Registry[TableReader] = Registry("table reader", "cli")
"""The games whose tables `companion table` reads besides 7 Wonders', by game id."""
