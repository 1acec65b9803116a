"""The Architects score sheet: Wonder, Cat, Blue, Military, Progress (then the rows of the expansions
played), Total in the rulebook's order (no official pad exists), the stages and rank, the winner and how a tie was
broken, the Progress tokens one by one; the game is finished (and logged) here."""

from __future__ import annotations

from kivy.properties import BooleanProperty, StringProperty

from companion.app.screens import AppScreen
from companion.app.widgets.common import TextLabel, app
from companion.app.widgets.scorepad import save_sheet_picture
from companion.games.architects.app import ArchitectsNames
from companion.games.architects.app.widgets import architects_style
from companion.games.architects.session import ArchitectsSession


class ArchitectsScoreScreen(AppScreen):
    """The end of an Architects game (or its running score)."""

    finished = BooleanProperty(False)
    complete = BooleanProperty(True)
    winner = StringProperty("")
    saved_to = StringProperty("")

    def refresh(self) -> None:
        running = app()
        session = running.session
        if not isinstance(session, ArchitectsSession):      # no game, or a 7 Wonders one (whose table() is a method)
            return
        self.finished = session.finished
        sheet = session.sheet()
        names = ArchitectsNames(running.language, session.table.data)
        self.ids.pad.show(sheet.to_json(), [], sheet.categories, architects_style(names))
        best = max(line.total for line in sheet.lines)
        key = "score.winner" if len(sheet.winners) == 1 else "score.winners"
        self.winner = running.tr(key, names=", ".join(sheet.winners), total=best)
        if sheet.tie_break in ("stages", "shared"):
            self.winner += "  \u2014  " + running.tr(f"architects.tie_{sheet.tie_break}")
        details = self.ids.details
        details.clear_widgets()
        ended = session.open_turn()
        if ended.over and ended.completed_by is not None:      # the rulebook's end, said plainly
            details.add_widget(TextLabel(text=running.tr("architects_turn.ended", name=sheet.lines[
                ended.completed_by].name), font_size=running.u * 1.1, color=running.theme.rgba("accent")))
        for line in sheet.lines:
            if line.progress:
                tokens = ", ".join(f"{names.token(t)} {vp}" for t, vp in line.progress.items())
                details.add_widget(TextLabel(text=f"\u2022 {line.name}: {tokens}", font_size=running.u * 1.1))
        self.ids.back.back_to = "history" if self.finished else "architects_table"

    def finish(self) -> None:
        """Finish the game: the final table and sheet go into the log."""
        running = app()
        from companion.storage.database import StoreError

        try:
            running.session.finish()
        except StoreError as error:
            running.notify(str(error), bad=True)
            return
        running.changed(now=True)
        running.notify(running.tr("score.saved_game"))
        self.refresh()

    def save_picture(self) -> None:
        """Save the sheet and the winner as a PNG beside the log (to share), as for 7 Wonders."""
        self.saved_to = save_sheet_picture(self.ids.sheet_area) or self.saved_to

    def show_bgstats(self) -> None:
        """The finished game as a BG Stats play, shown as a QR code (as for a 7 Wonders game)."""
        running = app()
        detail = running.root.get_screen("game_detail")
        detail.game_id = running.session.game_id
        detail.show_bgstats()


SCREEN = ArchitectsScoreScreen
