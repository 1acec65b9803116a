"""The games and expansions, one folder each: its data, rules, table-file section, events, session,
camera layout and app panels, registered into the layers' registries (`companion.plugins`).

`GAMES` is the one list that names them (the package names; their ids are in each ``GAME``); shared
modules find a game through `companion.plugins`, never by importing it. A base game comes before its
expansions. See docs/architecture.md for what goes where.
"""

GAMES: tuple[str, ...] = ("sevenwonders", "armada", "architects", "medals")
"""Packages under companion.games, each base game before its expansions."""
