"""The subcommands games add to the `companion` command: each game's ``cli`` module registers a function
that adds its subcommands to the parser (7 Wonders' ``score``, Armada's ``components``), its own targets of
`companion bench`, and its reading of `companion table`."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.plugins import Registry

__all__ = ["BENCH_TARGETS", "COMMANDS", "TABLE_READERS", "BenchTarget", "Subcommands", "TableReader"]

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


@dataclass(frozen=True)
class BenchTarget:
    """A game's target of `companion bench` (7 Wonders' ``rules``): its help line, its options and its
    run (the exit status)."""

    help: str
    add_arguments: Callable[[argparse.ArgumentParser], None]
    run: Callable[[argparse.Namespace], int]


BENCH_TARGETS: Registry[BenchTarget] = Registry("bench target", "cli")
"""The games' targets of `companion bench`, by name (before the shared ones in its help)."""
