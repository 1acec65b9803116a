"""Statistics of both games over every finished game of the log (companion.storage.stats): for the
game chosen (7 Wonders, with or without Armada, or 7 Wonders Architects), each player's or each
wonder's games as dots on one scale with the average as a bar, the average and the wins written
beside; or the average of each score category as bars in its colours."""

from __future__ import annotations

from typing import Any

from kivy.properties import NumericProperty, StringProperty

from companion.app.registry import statistics_words
from companion.app.screens import AppScreen
from companion.app.widgets.charts import StandingRow
from companion.app.widgets.common import app
from companion.storage.stats import ARCHITECTS, SEVEN_WONDERS, game_statistics

VIEWS = ("players", "wonders", "categories")


class StatsScreen(AppScreen):
    """Plots over the log, a game and a view at a time."""

    game = StringProperty(SEVEN_WONDERS)
    view = StringProperty("players")
    games_seven = NumericProperty(0)
    games_architects = NumericProperty(0)

    def choose(self, game: str | None = None, view: str | None = None) -> None:
        """Show another game or another view."""
        self.game = game or self.game
        self.view = view or self.view
        self.refresh()

    def refresh(self) -> None:
        running = app()
        both = game_statistics(running.store)
        self.games_seven, self.games_architects = both[SEVEN_WONDERS].games, both[ARCHITECTS].games
        if both[self.game].games == 0 and both[ARCHITECTS if self.game == SEVEN_WONDERS else SEVEN_WONDERS].games:
            self.game = ARCHITECTS if self.game == SEVEN_WONDERS else SEVEN_WONDERS
        stats = both[self.game]
        self.ids.games.detail = running.tr("stats.games", count=both[SEVEN_WONDERS].games + both[ARCHITECTS].games)
        self.ids.empty.text = running.tr("stats.none") if stats.games == 0 else ""
        standings, categories = self.ids.standings, self.ids.categories
        if self.view == "categories":
            standings.clear_widgets()
            standings.height = 0
            categories.show([(*self._category(name), average) for name, average in stats.categories.items()])
            return
        categories.clear_widgets()
        categories.height = 0
        rows = [StandingRow(self._label(self.view, key), tuple(tally.totals), tally.average, tally.wins, tally.games)
                for key, tally in stats.standings(self.view)]
        standings.show(rows, headers=(running.tr("stats.average"), running.tr("stats.wins")))

    def _label(self, view: str, key: str) -> str:
        """A player's name, or a wonder in the player's language (7 Wonders: with its side)."""
        running = app()
        if view == "players":
            return key
        words = statistics_words(self.game)
        if words is not None:                           # a game with names of its own (Architects)
            return words.wonder(running.language, key)
        wonder, side = key.rsplit(" ", 1)
        return str(running.words.wonder_short(wonder, side)) if wonder in running.store.data.wonders else \
            str(running.words.wonder(wonder))

    def _category(self, category: str) -> tuple[str, str, tuple[Any, Any]]:
        """A category's name, icon and colours as the game's score sheet shows it."""
        running = app()
        theme = running.theme
        words = statistics_words(self.game)
        if words is not None:
            return words.category(running, category)
        return (running.tr(f"score.category.{category}"), category,
                (theme.score_row(category), theme.score_text(category)))


SCREEN = StatsScreen
