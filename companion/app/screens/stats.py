"""Statistics of every game over every finished game of the log (companion.storage.stats): for the
game chosen (one of those `STATISTICS` lists, each with its count of finished games), each player's or
each wonder's games as dots on one scale with the average as a bar, the average and the wins written
beside; or the average of each score category as bars in its colours."""

from __future__ import annotations

from typing import Any

from kivy.properties import DictProperty, StringProperty

from companion.app.registry import statistics_words
from companion.app.screens import AppScreen
from companion.app.widgets.charts import StandingRow
from companion.app.widgets.common import ToggleChoice, app
from companion.storage.stats import game_statistics

VIEWS = ("players", "wonders", "categories")


class StatsScreen(AppScreen):
    """Plots over the log, a game and a view at a time."""

    game = StringProperty("")
    """The game shown (its statistics' key); empty: the first listed."""
    view = StringProperty("players")
    counts = DictProperty({})
    """Each game's finished games, by its statistics' key, in the order `STATISTICS` lists them."""
    _chooser: dict[str, Any] | None = None
    """The game choices, by key (made on first showing, left of the views)."""

    def choose(self, game: str | None = None, view: str | None = None) -> None:
        """Show another game or another view."""
        self.game = game or self.game
        self.view = view or self.view
        self.refresh()

    def refresh(self) -> None:
        running = app()
        every = game_statistics(running.store)
        self.counts = {game: stats.games for game, stats in every.items()}
        if self.game not in every:
            self.game = next(iter(every))
        if every[self.game].games == 0:              # a game without finished games: one that has some
            self.game = next((game for game, stats in every.items() if stats.games), self.game)
        self._show_chooser()
        stats = every[self.game]
        self.ids.games.detail = running.tr("stats.games", count=sum(self.counts.values()))
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

    def _show_chooser(self) -> None:
        """A choice per game, with its finished games, left of the views (made on first showing)."""
        running = app()
        if self._chooser is None:
            self._chooser = {}
            row = self.ids.choices
            for game in reversed(self.counts):        # each added left of those before it
                choice = ToggleChoice(value=game)
                choice.bind(on_release=lambda button: self.choose(game=button.value))
                row.add_widget(choice, index=len(row.children))
                self._chooser[game] = choice
        for game, choice in self._chooser.items():
            choice.text = running.tr(f"stats.game_{game}", count=self.counts.get(game, 0))
            choice.chosen = game == self.game

    def _label(self, view: str, key: str) -> str:
        """A player's name, or a wonder in the player's language (7 Wonders: with its side)."""
        running = app()
        if view == "players":
            return key
        words = statistics_words(self.game)
        if words is not None:                           # a game with names of its own
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
