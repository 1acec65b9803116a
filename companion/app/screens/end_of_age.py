"""End of an age: the land conflicts per neighbour pair, confirmed with one tap, then every player's
coins checked and corrected."""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, StringProperty

from companion.app.screens import AppScreen
from companion.app.widgets.common import Stepper, TextLabel, app


class EndOfAgeScreen(AppScreen):
    """Resolve the conflicts of the age and check the coins."""

    age = NumericProperty(1)
    confirmed = BooleanProperty(False)
    title = StringProperty("")

    def prepare(self, age: int | None = None, **_options: Any) -> None:
        session = app().session
        self.age = age or (session.age if session is not None else 1)

    def place_options(self) -> dict[str, Any]:
        return {"age": self.age}

    def refresh(self) -> None:
        running = app()
        session = running.session
        if session is None:
            return
        self.confirmed = session.age > self.age
        self.title = running.tr("age.title", age="I" * self.age)
        words = running.words
        names = [p["name"] for p in session.players]
        battles = self.ids.battles
        battles.clear_widgets()
        if self.confirmed:
            for player in session.players:
                tokens = " ".join(f"+{t}" if t > 0 else f"\u2212{-t}" for t in player["tokens"]) or "\u2014"
                battles.add_widget(TextLabel(text=running.tr("age.tokens", player=player["name"], tokens=tokens),
                                             font_size=running.u * 1.3))
        else:
            result = session.conflicts()
            for battle in result.battles:
                battles.add_widget(TextLabel(text=words.battle(battle, names), font_size=running.u * 1.4))
        coins = self.ids.coins
        steppers = list(reversed(coins.children))
        if len(steppers) != len(session.players):
            coins.clear_widgets()
            steppers = []
            for seat in range(len(session.players)):
                stepper = Stepper(maximum=999)
                stepper.on_change = lambda value, s=seat: running.attempt(running.session.set_coins, s, value,
                                                                          why="counted")
                coins.add_widget(stepper)
                steppers.append(stepper)
        for stepper, player in zip(steppers, session.players, strict=True):
            stepper.label, stepper.value = player["name"], player["coins"]
        last = running.store.data.rules.ages
        self.ids.done.text = running.tr("age.coins_right_next", age="I" * (self.age + 1)) if self.age < last \
            else running.tr("age.coins_right_score")

    def confirm(self) -> None:
        """Log the conflicts as shown."""
        running = app()
        if not self.confirmed and running.attempt(running.session.confirm_conflicts):
            running.save_place()
            self.refresh()

    def done(self) -> None:
        """Coins checked: play the next age, or score the game after the last."""
        running = app()
        running.go("table" if self.age < running.store.data.rules.ages else "score")


SCREEN = EndOfAgeScreen
