"""One logged game: its score pad and cities, its export, and the BG Stats play as a QR code that a
phone with BG Stats scans to add the game there."""

from __future__ import annotations

import io
import json
from typing import Any

from kivy.core.image import Image as CoreImage
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.image import Image
from kivy.uix.modalview import ModalView

from companion.app.screens import AppScreen
from companion.app.widgets.common import BigButton, TextLabel, app


def qr_texture(code: Any) -> Any:
    """A Kivy texture of a segno QR code."""
    buffer = io.BytesIO()
    code.save(buffer, kind="png", scale=6, border=4)
    buffer.seek(0)
    return CoreImage(buffer, ext="png").texture


class GameDetailScreen(AppScreen):
    """A past (or unfinished) game."""

    game_id = NumericProperty(0)
    title = StringProperty("")
    finished = BooleanProperty(False)
    deleting = BooleanProperty(False)
    """The first tap on "Delete" asks; the second deletes."""

    def prepare(self, game_id: int | None = None, **_options: Any) -> None:
        if game_id is not None:
            self.game_id = game_id
        self.deleting = False

    def refresh(self) -> None:
        running = app()
        store = running.store
        words = running.words
        summary = store.game(self.game_id)
        self.finished = summary.sheet is not None
        self.title = running.tr("detail.title", date=words.date(summary.started_at))
        if summary.corrected:
            self.title += "  " + running.tr("history.corrected")
        state = store.state(self.game_id)
        if summary.sheet is not None:                     # the game's pad: its rows and style
            from companion.app.registry import SCORE_PADS

            pad = SCORE_PADS.get(state.document.get("game", "")) or SCORE_PADS.values()[0]
            players = state.document["players"]
            self.ids.pad.show(summary.sheet, players, pad.rows(summary.sheet), pad.style(players))
        else:
            self.ids.pad.clear_widgets()
        cities = self.ids.cities
        cities.clear_widgets()
        for player in state.document["players"]:
            cards = ", ".join(words.card(c) for c in player["cards"]) or "\u2014"
            text = running.tr("detail.city", player=player["name"], wonder=words.wonder(player["wonder"], player),
                              side=player["side"], stages=player["stages"], coins=player["coins"], cards=cards)
            cities.add_widget(TextLabel(text=text, font_size=running.u * 1.0))

    def show_bgstats(self) -> None:
        """Show the BG Stats play as a QR code (and what it cannot carry); when the play is too large
        for a code a phone can read, write the play file and share it instead."""
        from companion.app.bgstats import compact_play, qr_for_play
        from companion.storage.exchange import BGSTATS_CANNOT_CARRY, export_bgstats

        running = app()
        play = export_bgstats(running.store, self.game_id)
        code = qr_for_play(play)
        if code is None:
            path = running.export_folder() / f"bgstats-play-{self.game_id}.json"
            running.write_export(path, json.dumps(compact_play(play), ensure_ascii=False, indent=1))
            running.notify(running.tr("detail.bgstats_too_big", place=running.place_words(str(path))))
            try:
                from companion.app.share import share_file

                share_file(path, "application/json")
            except ImportError:
                pass
            return
        view = ModalView(size_hint=(0.8, 0.92))
        from kivy.uix.boxlayout import BoxLayout

        box = BoxLayout(orientation="vertical", padding=running.u, spacing=running.u * 0.5)
        box.add_widget(TextLabel(text=running.tr("detail.bgstats_hint"), font_size=running.u * 1.2))
        box.add_widget(Image(texture=qr_texture(code), fit_mode="contain"))
        box.add_widget(TextLabel(text=running.tr("detail.bgstats_limits", count=len(BGSTATS_CANNOT_CARRY)),
                                 font_size=running.u, color=running.theme.rgba("text_dim")))
        close = BigButton(text=running.tr("common.close"))
        close.bind(on_release=lambda *_: view.dismiss())
        box.add_widget(close)
        view.add_widget(box)
        view.open()

    def export(self, kind: str) -> None:
        """Write this game as JSON or CSV beside the log."""
        from companion.storage.exchange import export_csv, export_json

        running = app()
        folder = running.export_folder()
        if kind == "json":
            path = folder / f"game-{self.game_id}.json"
            running.write_export(path, json.dumps(export_json(running.store, self.game_id), indent=1,
                                                  ensure_ascii=False))
        else:
            path = folder / f"game-{self.game_id}.csv"
            running.write_export(path, export_csv(running.store, [self.game_id]))
        place = running.where_kept(path)                # Android: Documents/Table Companion
        if place is not None:
            running.notify(running.tr("detail.exported", place=running.place_words(place)))

    def finish_as_it_stands(self) -> None:
        """An abandoned game: score it as the table stands and keep it as finished."""
        running = app()
        from companion.storage.database import StoreError

        try:
            running.store.finish(self.game_id)
        except (StoreError, ValueError) as error:
            running.notify(str(error), bad=True)
            return
        running.notify(running.tr("detail.finished_now"))
        self.refresh()

    def delete_game(self) -> None:
        """An abandoned game: the first tap asks, the second removes it from the log."""
        running = app()
        if not self.deleting:
            self.deleting = True
            running.notify(running.tr("detail.delete_ask"), bad=True)
            return
        place = running.store_setting("app.place", {}) or {}
        if place.get("game") == self.game_id:
            running.store_set("app.place", {})
        running.store.delete_game(self.game_id)
        self.deleting = False
        running.go("history")
        running.notify(running.tr("detail.deleted"))

    def open_game(self) -> None:
        """Continue an unfinished game (or show a finished one's score screen)."""
        app().open_game(self.game_id)


SCREEN = GameDetailScreen
