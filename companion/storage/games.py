"""What the game log asks of each game: how a finished game's replayed log becomes its score sheet.
Each game registers its scorer in `GAME_RESULTS` from its ``log`` module, under the id its table
documents write in ``game``; the store never names a game."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from companion.plugins import Registry
from companion.storage.events import UNNAMED_GAME, Replay

__all__ = ["GAME_RESULTS", "ResultRefused", "Scorer", "game_of"]


class ResultRefused(ValueError):
    """A finished game that cannot be scored: the message says why (the store refuses the finish)."""


Scorer = Callable[[Replay], dict[str, Any]]
"""The score sheet (JSON) of a replayed game. :raises ResultRefused: when it cannot be scored."""
GAME_RESULTS: Registry[Scorer] = Registry("game result", "log")
"""Each game's scorer, by the game id of its table documents."""


def game_of(state: Replay) -> str:
    """The id of the game a replayed log is of (a document without ``game`` is of `UNNAMED_GAME`: every
    log written before games were named)."""
    return str(state.document.get("game") or UNNAMED_GAME)
