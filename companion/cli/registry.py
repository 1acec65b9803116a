"""The subcommands games add to the `companion` command: each game's ``cli`` module registers a function
that adds its subcommands to the parser (7 Wonders' ``score``, Armada's ``components``), its own targets of
`companion bench`, and its reading of `companion table`."""

from __future__ import annotations

import argparse
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.plugins import Registry

__all__ = ["BENCH_TARGETS", "CAMERA_GAMES", "COMMANDS", "DATA_SOURCES", "GAMES_COMMANDS", "RECORDERS", "TABLE_READERS",
           "BenchTarget", "CameraGame", "GamesCommands", "Subcommands", "TableReader", "data_sources",
           "games_commands_for"]

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
class GamesCommands:
    """A game's part in `companion games`: whether a table file's document is one of its tables, how
    `games add` logs one (the new game's id), what makes two logged tables the same, what `games show`
    prints of a replayed game, its own statistics (`games stats`) with their title, and how `companion
    score` scores one of its table files."""

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
    score: Callable[[argparse.Namespace, Any, list[str] | None], int] | None = None
    """How `companion score` prints the score sheet of one of its table files (the file's document, what
    the camera that made it did not read): the exit status. None: the fallback's command prints it."""


GAMES_COMMANDS: Registry[GamesCommands] = Registry("games commands", "cli")
"""The games `companion games` adds, shows and counts, by game id."""


def games_commands_for(document: Any) -> GamesCommands:
    """The game a table file's document (or a replayed game's) belongs to: the one that reads it, else
    the fallback."""
    games = sorted(GAMES_COMMANDS.values(), key=lambda game: game.fallback)
    return next(game for game in games if game.fallback or game.reads(document))


RECORDERS: Registry[Callable[[argparse.Namespace], int]] = Registry("recorder", "cli")
"""The games that render their recorded games into a video (`companion record`; the first listed runs it),
by game id: the command's run (its exit status)."""


@dataclass(frozen=True)
class CameraGame:
    """The game `companion table` and `watch` read when no other game's reader (`TABLE_READERS`) claims
    the frames (7 Wonders): its wonders (``--names``), the ``--players`` it seats (an argparse type), its
    table read from the frames (`read_table(args, reader, videos, frames)`, the exit status) and the
    changes watched (`watch(args, reader, frames)`)."""

    wonders: Callable[[], Sequence[str]]
    player_count: Callable[[str], int]
    read_table: Callable[[argparse.Namespace, Any, bool, Iterable[Any]], int]
    watch: Callable[[argparse.Namespace, Any, Iterable[Any]], int]


CAMERA_GAMES: Registry[CameraGame] = Registry("camera game", "cli")
"""The camera commands' own game, by game id (the first listed is read)."""
