"""The battle, called when the last Conflict token turns: each player's shields against each
neighbour, the Military Victory tokens everybody wins, and what the expansions played award (their
``architects_battle`` panels); one tap resolves it for all players (red cards with horns are
discarded, the Conflict tokens turn back to Peace)."""

from __future__ import annotations

from kivy.properties import BooleanProperty

from companion.app.registry import panel_class
from companion.app.screens import AppScreen
from companion.app.widgets.common import TextLabel, app
from companion.games.architects.rules.battle import resolve_battle
from companion.games.architects.session import ArchitectsSession


class ArchitectsBattleScreen(AppScreen):
    """Resolve a battle."""

    resolved = BooleanProperty(False)

    def prepare(self, fought: bool = False, **_options: object) -> None:
        """`fought`: the battle was fought as the turn ended (a game played in turns): its result is shown."""
        self.resolved = fought

    def refresh(self) -> None:
        running = app()
        session = running.session
        if not isinstance(session, ArchitectsSession):      # no game, or a 7 Wonders one (whose table() is a method)
            return
        table = session.table
        battle = session.last_battle if self.resolved else resolve_battle(table)
        if battle is None:
            return
        u = running.u
        rows = self.ids.rows
        rows.clear_widgets()
        count = len(table.players)
        for seat, player in enumerate(table.players):
            neighbours = [(seat + 1) % count] if count == 2 else [(seat - 1) % count, (seat + 1) % count]
            against = ", ".join(f"{table.players[n].name} {battle.shields[n]}" for n in dict.fromkeys(neighbours))
            text = running.tr("architects.battle_line", name=player.name, shields=battle.shields[seat],
                              against=against, tokens=battle.gains[seat])
            rows.add_widget(TextLabel(text=text, font_size=u * 1.3))
        for expansion, awards in battle.awards.items():
            panel = panel_class("architects_battle", expansion)
            for widget in panel.widgets(table, awards) if panel is not None else ():
                rows.add_widget(widget)

    def resolve(self) -> None:
        """Fight the battle for everybody and log it."""
        running = app()
        if running.attempt(running.session.fight_battle):
            self.resolved = True
            running.notify(running.tr("architects.battle_done"))
            self.refresh()


SCREEN = ArchitectsBattleScreen
