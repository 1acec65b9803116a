"""The subcommands games add to the `companion` command: each game's ``cli`` module registers a function
that adds its subcommands to the parser (Armada's ``components``)."""

from __future__ import annotations

import argparse
from collections.abc import Callable

from companion.plugins import Registry

__all__ = ["COMMANDS", "Subcommands"]

Subcommands = Callable[["argparse._SubParsersAction[argparse.ArgumentParser]"], None]
"""Adds a game's subcommands to the `companion` parser."""
COMMANDS: Registry[Subcommands] = Registry("command", "cli")
"""A game's subcommands, by the name of the (first) subcommand they add."""
