"""7 Wonders' score pad in the app: the printed pad's style (its rows' names, colours and icons, the
tie-break coins, each player's wonder) and the rows of a logged sheet (the base game's, then those of
the expansions it was scored with)."""

from __future__ import annotations

from typing import Any

from companion.app.widgets.common import app
from companion.app.widgets.scorepad import PadStyle
from companion.games.sevenwonders.rules import CATEGORIES, expansion_score_rows

__all__ = ["seven_wonders_style", "sheet_rows"]


def seven_wonders_style(players: list[dict[str, Any]]) -> PadStyle:
    """The printed 7 Wonders pad: the categories' own names, colours and icons; the tie-break coins;
    each player's wonder by its short name (``Babylon B``)."""
    running = app()
    theme, words = running.theme, running.words
    seats = {p["name"]: p for p in players}

    def wonder(line: dict[str, Any]) -> str:
        seat = seats.get(line["name"])
        return words.wonder_short(seat["wonder"], seat["side"], seat) if seat else ""

    return PadStyle(name=lambda category: running.tr(f"score.category.{category}"),
                    colours=lambda category: (theme.score_row(category), theme.score_text(category)),
                    icon=lambda category: category, tie_label="score.tie_break_coins", tie_column="score.coins_column",
                    tie_field="coins", wonder=wonder, roomy_rows=len(CATEGORIES))


def sheet_rows(sheet: dict[str, Any]) -> tuple[str, ...]:
    """The rows of a logged score sheet: the base game's, then its expansions' (Armada's naval, islands, port...)."""
    return CATEGORIES + expansion_score_rows(sheet["players"][0])
