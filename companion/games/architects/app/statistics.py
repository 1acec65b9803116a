"""Architects' words in the app's statistics screen (registered in `STATISTICS_WORDS`): its wonders'
names and its categories' names, icons and colours, as its score sheet shows them."""

from __future__ import annotations

from typing import Any

from companion.games.architects.app import ArchitectsNames
from companion.games.architects.app.widgets import row_colour, row_icon

__all__ = ["category", "wonder"]


def wonder(language: str, key: str) -> str:
    """A wonder's name in `language`."""
    return ArchitectsNames(language).wonder(key)


def category(running: Any, category: str) -> tuple[str, str, tuple[Any, Any]]:
    """A category's name, icon and row colours."""
    row, theme = row_colour(category), running.theme
    return (running.tr(f"architects.category.{category}"), row_icon(category),
            (theme.score_row(row), theme.score_text(row)))
