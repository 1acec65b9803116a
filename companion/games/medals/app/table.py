"""Medals on Architects' table screen: under the player's area, the medals lying within their reach, each
with the player who won it (a tap takes one that nobody holds). The offer of a medal whose goal is met
is the table screen's own (from the expansion's `offers`)."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory
from kivy.uix.gridlayout import GridLayout

from companion.app.widgets.common import BigButton, app
from companion.games.architects.app import ArchitectsNames
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.medals.rules.data import MEDALS
from companion.games.medals.rules.goals import accessible_medals
from companion.games.medals.rules.table import has_medals, medals_of

__all__ = ["MedalsTable"]


class MedalsTable:
    """Medals' part of the table screen (`screen`): a title and the medals, added at the end of the
    player's column (``pieces_column``) the first time it is shown."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        u = app().u
        self.title = Factory.SectionTitle(text=app().tr("architects.medals"))
        self.medals = GridLayout(cols=1, size_hint_y=None, spacing=u * 0.2)
        self.medals.bind(minimum_height=self.medals.setter("height"))
        screen.ids.pieces_column.add_widget(self.title)
        screen.ids.pieces_column.add_widget(self.medals)

    def show(self, table: ArchitectsTable, seat: int, names: ArchitectsNames) -> None:
        """The medals within `seat`'s reach (none, the title hidden, for a table without Medals)."""
        running = app()
        u = running.u
        player = table.players[seat]
        self.title.text = running.tr("architects.medals")
        self.medals.clear_widgets()
        holders = {m: p.name for p in table.players for m in medals_of(p)}
        for medal in accessible_medals(table, seat):
            owner = holders.get(medal)
            text = names.item(MEDALS, medal) + (f"  \u2014  {owner}" if owner else "")
            button = BigButton(text=text, tone="good" if owner == player.name else "normal", font_size=u * 1.05,
                               max_lines=3)
            button.medal = medal
            button.bind(texture_size=lambda b, size: setattr(b, "height", max(u * 3.6, size[1] + u * 0.8)))
            if owner is None:
                button.bind(on_release=lambda b: self.screen.claim(MEDALS, b.medal))
            self.medals.add_widget(button)
        self.title.opacity = 1 if has_medals(table) else 0
