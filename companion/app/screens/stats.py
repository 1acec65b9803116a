"""Statistics over every finished game: wins and average score per player and per wonder, and the
average of each score category, with simple bar charts."""

from __future__ import annotations

from companion.app.screens import AppScreen
from companion.app.widgets.common import app
from companion.games.sevenwonders.rules import CATEGORIES
from companion.storage.stats import statistics


class StatsScreen(AppScreen):
    """Charts over the log."""

    def refresh(self) -> None:
        running = app()
        stats = statistics(running.store).to_json()
        self.ids.games.detail = running.tr("stats.games", count=stats["games"])
        players = sorted(stats["players"].items(), key=lambda item: (-item[1]["wins"], -item[1]["average"]))
        self.ids.players.show([(name, row["average"], running.tr("stats.row", wins=row["wins"], games=row["games"],
                                                                 average=f"{row['average']:.1f}"))
                               for name, row in players[:12]])
        words = running.words
        wonders = sorted(stats["wonders"].items(), key=lambda item: -item[1]["average"])
        rows = []
        for key, row in wonders:
            wonder, side = key.rsplit(" ", 1)
            rows.append((f"{words.wonder(wonder)} {side}", row["average"],
                         running.tr("stats.row", wins=row["wins"], games=row["games"],
                                    average=f"{row['average']:.1f}")))
        self.ids.wonders.show(rows, rgba=running.theme.rgba("good"))
        averages = stats["category_averages"]
        self.ids.categories.show([(running.tr(f"score.category.{c}"), averages.get(c, 0.0),
                                   f"{averages.get(c, 0.0):.1f}") for c in CATEGORIES],
                                 rgba=running.theme.rgba("text_dim"))


SCREEN = StatsScreen
