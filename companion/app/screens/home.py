"""Home: a new game, the unfinished game, history, settings."""

from __future__ import annotations

from kivy.properties import StringProperty

from companion.app.screens import AppScreen
from companion.app.widgets.common import app


class HomeScreen(AppScreen):
    """The first screen."""

    unfinished_text = StringProperty("")

    def refresh(self) -> None:
        running = app()
        game_id = running.store.unfinished()
        self.unfinished = game_id
        if game_id is None:
            self.unfinished_text = ""
            return
        summary = running.store.game(game_id)
        names = ", ".join(p["name"] for p in summary.players)
        self.unfinished_text = running.tr("home.continue_detail", names=names,
                                          date=running.words.date(summary.started_at))

    def continue_game(self) -> None:
        """Open the unfinished game where it stands."""
        if getattr(self, "unfinished", None) is not None:
            app().open_game(self.unfinished)


SCREEN = HomeScreen
