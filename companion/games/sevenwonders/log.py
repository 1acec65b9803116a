"""The 7 Wonders game in the game log: a finished game's score sheet, from its replayed table."""

from __future__ import annotations

from typing import Any

from companion.games.sevenwonders.rules import score_table
from companion.storage.events import Replay
from companion.storage.games import GAME_RESULTS, ResultRefused

__all__ = ["seven_wonders_sheet"]


def seven_wonders_sheet(state: Replay) -> dict[str, Any]:
    """The sheet of a finished 7 Wonders game (with its expansions' rows).

    :raises ResultRefused: when the events make no valid table, or a value nobody has entered is needed.
    """
    if state.table is None:
        raise ResultRefused("the game cannot be scored: " + "; ".join(state.problems or ["no players"]))
    scored = score_table(state.table)
    if not scored.complete:
        raise ResultRefused("the game cannot be scored until these values are entered: "
                            + "; ".join(f"{gap.label} ({name})" for name, gap in scored.unknowns()))
    return scored.to_json()


GAME_RESULTS.register("7wonders", seven_wonders_sheet, game="7wonders")
