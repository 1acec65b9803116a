"""The subcommands games add to the `companion` command: each game's ``cli`` module registers a function
that adds its subcommands to the parser (7 Wonders' ``score``, Armada's ``components``), its own targets of
`companion bench`, and its reading of `companion table`."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.plugins import Registry

__all__ = ["BENCH_TARGETS", "COMMANDS", "DATA_SOURCES", "LOGGED_GAMES", "TABLE_READERS", "BenchTarget", "LoggedGame",
           "Subcommands", "TableReader", "data_sources", "logged_game"]

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


DataSource = Callable[[argparse.Namespace], Callable[[], Any]]
"""An expansion's data as a command reads it, given the command's options (Armada's: its values file,
``--components``): a loader called when a table needs it."""
DATA_SOURCES: Registry[DataSource] = Registry("data source", "cli")
"""The expansions' data, by expansion id: the ``sources`` a table file's reader and the game log are given."""


def data_sources(args: argparse.Namespace) -> dict[str, Callable[[], Any]]:
    """Every expansion's data loader for a command run with `args`."""
    return {key: make(args) for key, make in DATA_SOURCES.items()}


@dataclass(frozen=True)
class LoggedGame:
    """A game's part in `companion games`: whether a table file's document is one of its tables, how
    `games add` logs one (the new game's id), what makes two logged tables the same, what `games show`
    prints of a replayed game, and its own statistics (`games stats`) with their title."""

    reads: Callable[[Any], bool]
    add: Callable[[Any, argparse.Namespace, Any], int]
    twin: str
    show: Callable[[Any], str]
    statistics: Callable[[Any], dict[str, Any]] | None = None
    title: str = ""
    read_document: Callable[[str], Any] | None = None
    """The fallback's: how a table file is read (once, within its size limit) before it is told apart."""
    fallback: bool = False
    """The game whose reader takes a table file no other game reads (it says what is wrong with it)."""


LOGGED_GAMES: Registry[LoggedGame] = Registry("logged game", "cli")
"""The games `companion games` adds, shows and counts, by game id."""


def logged_game(document: Any) -> LoggedGame:
    """The game a table file's document (or a replayed game's) belongs to: the one that reads it, else
    the fallback."""
    games = sorted(LOGGED_GAMES.values(), key=lambda game: game.fallback)
    return next(game for game in games if game.fallback or game.reads(document))
