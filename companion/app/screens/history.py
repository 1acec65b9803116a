"""History: every game logged, newest first; a tap opens one; statistics and export of all games."""

from __future__ import annotations

import json

from companion.app.screens import AppScreen
from companion.app.widgets.common import BigButton, app


class HistoryScreen(AppScreen):
    """The list of games."""

    def refresh(self) -> None:
        running = app()
        listing = self.ids.games
        listing.clear_widgets()
        games = running.store.games()
        from companion.app.registry import OWN_PAGES

        own = {game_id for ids in OWN_PAGES.values() for game_id in ids(running.store)}
        if not games:
            listing.add_widget(BigButton(text=running.tr("history.empty"), tone="quiet", disabled=True))
        for game in games:
            names = ", ".join(p["name"] for p in game.players
                              if p["name"] != running.store.data.rules.free_city_name)
            when = running.words.date(game.started_at)
            result = running.words.result(game.sheet) if game.sheet is not None else running.tr("history.playing")
            flag = "  " + running.tr("history.corrected") if game.corrected else ""
            button = BigButton(text=f"{when}   {result}{flag}   \u2014   {names}", tone="normal")
            button.halign = "left"
            button.game_id = game.id
            if game.id in own:                   # a game with its own score sheet screen (Architects)
                button.bind(on_release=lambda b: running.open_game(b.game_id))
            else:
                button.bind(on_release=lambda b: running.go("game_detail", game_id=b.game_id))
            listing.add_widget(button)

    def export_all(self) -> None:
        """Write every game as JSON and CSV beside the log."""
        from companion.storage.exchange import export_csv, export_json

        running = app()
        store = running.store
        ids = [g.id for g in store.games()]
        folder = running.export_folder()
        stamp = running.timestamp()
        running.write_export(folder / f"games-{stamp}.json",
                             json.dumps([export_json(store, i) for i in ids], indent=1, ensure_ascii=False))
        running.write_export(folder / f"games-{stamp}.csv", export_csv(store, ids))
        places = [running.where_kept(folder / f"games-{stamp}.{kind}") for kind in ("json", "csv")]
        if all(places):                                  # Android: Documents/Table Companion
            running.notify(running.tr("history.exported", count=len(ids), place=running.place_words(places[0])))


SCREEN = HistoryScreen
