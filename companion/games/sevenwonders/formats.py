"""The files of 7 Wonders the product reads: its table files, its game data and its recorded games
(`FILE_FORMATS`: what a file of each is and which command takes it)."""

from __future__ import annotations

from companion.fileformats import FILE_FORMATS, FileFormat
from companion.games.sevenwonders.rules.loader import DATA_FORMAT
from companion.games.sevenwonders.tablefile import GAME, TABLE_FORMAT

__all__ = ["RECORDING_FORMAT"]

RECORDING_FORMAT = "sevenwonders-recording/1"
"""A scripted game (`companion.games.sevenwonders.simulation.recording`)."""

FILE_FORMATS.register(TABLE_FORMAT, FileFormat("a 7 Wonders table file", "`companion score`, `check`, `conflicts` "
                                                                         "and `games add` read it"), game=GAME)
FILE_FORMATS.register(RECORDING_FORMAT, FileFormat("a recorded game", "`companion watch recording:FILE` and "
                                                                     "`record FILE` play it"), game=GAME)
FILE_FORMATS.register(DATA_FORMAT, FileFormat("the game data", "the product reads it itself"), game=GAME)
