"""The files of 7 Wonders Architects the product reads: its table files (`FILE_FORMATS`; a table that
declares no format but says ``"game": "architects"`` is one)."""

from __future__ import annotations

from companion.fileformats import FILE_FORMATS, FileFormat
from companion.games.architects.tablefile import ARCHITECTS_FORMAT, GAME

FILE_FORMATS.register(ARCHITECTS_FORMAT, FileFormat("an Architects table file",
                                                    "`companion score` and `games add` read it",
                                                    recognise=lambda document: document.get("game") == GAME),
                      game=GAME)
