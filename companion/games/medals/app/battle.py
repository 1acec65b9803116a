"""Medals on Architects' battle screen: a line for each battle-double medal the battle gives."""

from __future__ import annotations

from typing import Any

from companion.app.widgets.common import TextLabel, app
from companion.games.architects.app import ArchitectsNames
from companion.games.architects.rules.extension import Award
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.medals.rules.data import MEDALS

__all__ = ["MedalsBattle"]


class MedalsBattle:
    """Medals' part of the battle screen."""

    @staticmethod
    def widgets(table: ArchitectsTable, awards: tuple[Award, ...]) -> list[Any]:
        """``Bob wins 2 tokens in this battle: medal “2 Military Victory tokens in one battle”``, for each."""
        running = app()
        names = ArchitectsNames(running.language)
        return [TextLabel(text=running.tr("architects.battle_medal", name=table.players[seat].name,
                                          goal=names.item(MEDALS, medal)),
                          font_size=running.u * 1.3, color=running.theme.rgba("accent"))
                for seat, medal in awards]
