"""7 Wonders Architects in the exports and the statistics: its CSV columns and rows (its categories, its
expansions' rows, 0 in a game without them, and the stages of its tie-break), its BG Stats play, and what its
statistics count of a score line."""

from __future__ import annotations

from typing import Any

from companion.games.architects.log import architects_bgstats
from companion.games.architects.rules.scoring import all_categories
from companion.games.architects.tablefile import GAME
from companion.storage.database import GameStore
from companion.storage.exchange import EXPORTERS, Exporter
from companion.storage.stats import STATISTICS, SheetLines

__all__ = ["architects_columns", "architects_rows"]


def architects_columns() -> tuple[tuple[str, int], ...]:
    """Its categories, then its expansions' rows (a column 7 Wonders has already, such as ``wonder``, keeps
    its place; an expansion's row follows ``progress``), and the stages."""
    return (*((c, 300 + 10 * i) for i, c in enumerate(all_categories())), ("stages", 390))


def architects_rows(summary: Any) -> list[dict[str, Any]]:
    """The CSV cells of each player of a finished Architects game (an expansion's row 0 in a game without it)."""
    sheet = summary.sheet
    winners = set(sheet["winners"])
    return [{"player": line["name"], "board": line["wonder"], **line["categories"], "total": line["total"],
             "rank": line["rank"], "winner": int(line["name"] in winners), "title": GAME,
             "stages": line["stages"]}
            for line in sheet["players"]]


def _bgstats(store: GameStore, game_id: int, summary: Any, duration: int | None, play_date: str,
             ids: dict[str, str]) -> dict[str, Any]:
    return architects_bgstats(summary, duration, play_date, ids)


def _line(summary: Any, index: int, line: dict[str, Any]) -> tuple[str, dict[str, int]]:
    return line["wonder"], line["categories"]


EXPORTERS.register(GAME, Exporter(architects_columns, architects_rows, _bgstats), game=GAME)
STATISTICS.register(GAME, SheetLines(_line), game=GAME)
