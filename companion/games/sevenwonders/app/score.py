"""Score: the score pad, the winner and the tie-break, every choice the optimiser made explained;
the game is finished (and saved) here, and a picture of the sheet can be kept and shared."""

from __future__ import annotations

import json
from typing import Any

from kivy.properties import BooleanProperty, StringProperty

from companion.app.screens import AppScreen
from companion.app.widgets.common import TextLabel, app
from companion.app.widgets.scorepad import save_sheet_picture
from companion.games.sevenwonders.app.expansions import game_panels
from companion.games.sevenwonders.app.pad import seven_wonders_style


def winner_text(sheet: dict[str, Any], language_tr: Any) -> str:
    """``Winner: Anna (64)``, with the tie-break when points were equal."""
    lines = [line for line in sheet["players"] if not line.get("free_city")]
    winners = [line for line in lines if line["name"] in sheet.get("winners", [])]
    if not winners:
        return ""
    best = winners[0]["total"]
    tied = [line for line in lines if line["total"] == best]
    names = ", ".join(w["name"] for w in winners)
    text = language_tr("score.winner" if len(winners) == 1 else "score.winners", names=names, total=best)
    if len(tied) > 1 and len(winners) == 1:
        text += "  \u2014  " + language_tr("score.tie_by_coins", coins=winners[0]["coins"])
    elif len(winners) > 1:
        text += "  \u2014  " + language_tr("score.shared")
    return text


class ScoreScreen(AppScreen):
    """The end of the game."""

    finished = BooleanProperty(False)
    complete = BooleanProperty(True)
    """Every row is known (with Armada a row may need a value nobody has entered: no winner then)."""
    winner = StringProperty("")
    saved_to = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[Any, ...] = ()
        """What the pad shows now (game, finished, language, size unit, sheet): an unchanged sheet is
        not drawn again (its few hundred cells took a tap's whole time)."""

    def refresh(self) -> None:
        running = app()
        session = running.session
        if session is None:
            return
        self.finished = session.finished
        scored = session.scores()
        sheet = scored.to_json()
        shown = (session.game_id, session.finished, running.language, running.u, json.dumps(sheet, sort_keys=True))
        if shown == self._shown:                # the same sheet in the same words: nothing to draw again
            return
        self._shown = shown
        self.complete = scored.complete
        self.ids.pad.show(sheet, session.players, scored.categories, seven_wonders_style(session.players))
        self.winner = winner_text(sheet, running.tr) if scored.complete else running.tr("score.incomplete")
        choices = self.ids.choices
        choices.clear_widgets()
        if not scored.complete:                             # values nobody has entered (Armada's)
            gaps = [gap for _, gap in scored.unknowns()]
            for lines in game_panels("unknown_lines"):
                for line in lines(gaps):
                    choices.add_widget(TextLabel(text=f"\u2022 {line}", font_size=running.u * 1.15))
            for button in game_panels("values_button"):
                choices.add_widget(button(gaps, on_done=self.refresh))
        if scored.complete and sheet.get("teams"):          # a team variant (Armada's): the teams' sums decide
            for winner, lines in zip(game_panels("team_winner"), game_panels("team_lines"), strict=True):
                self.winner = winner(sheet, running.tr)
                for text in lines(sheet, running.tr):
                    choices.add_widget(TextLabel(text="\u2022 " + text, font_size=running.u * 1.15))
        for line in sheet["players"]:
            for choice in line.get("choices", []):
                choices.add_widget(TextLabel(text="\u2022 " + running.words.choice(line["name"], choice),
                                             font_size=running.u * 1.15))
        self.ids.back.back_to = "history" if self.finished else "table"

    def finish(self) -> None:
        """Finish the game: the final table and sheet go into the log."""
        running = app()
        if not self.complete:
            running.notify(running.tr("score.incomplete"), bad=True)
            return
        if not running.attempt(running.session.finish):
            return
        running.notify(running.tr("score.saved_game"))
        self.refresh()

    def save_picture(self) -> None:
        """Save the score pad and the winner as a PNG beside the log (to share)."""
        self.saved_to = save_sheet_picture(self.ids.sheet_area) or self.saved_to


def prepare_score() -> None:
    """Lay out and fill the score pad ahead, while the table or the end of the last age is shown
    (its few hundred cells took the score's first showing 1-2 frames longer): the screen is given
    the window's size first, filled a frame later, once its layouts have settled at that size."""
    from kivy.clock import Clock

    from companion.games.sevenwonders.session import GameSession

    def wanted() -> Any:
        running = app()
        session = running.session
        if not isinstance(session, GameSession) or session.age <= running.store.data.rules.ages:
            return None                     # no game, an Architects game, or ages still to play
        return running.screen("score") if running.root.current != "score" else None

    def size(_dt: float) -> None:
        screen = wanted()
        if screen is not None:
            screen.size = app().root.size
            Clock.schedule_once(fill, 0.05)

    def fill(_dt: float) -> None:
        screen = wanted()
        if screen is not None:
            screen.refresh()

    Clock.schedule_once(size, 0.2)


SCREEN = ScoreScreen
