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
    blocked = BooleanProperty(False)
    """The naval conflict needs a value nobody has entered: the age cannot be confirmed yet."""
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
        self.blocked = False
        if self.confirmed:
            for player in session.players:
                battles.add_widget(TextLabel(text=running.tr("age.tokens", player=player["name"],
                                                             tokens=_tokens(player["tokens"])),
                                             font_size=running.u * 1.3))
            if session.has_armada:
                self._title(running.tr("age.naval_done"))
                for player in session.players:
                    battles.add_widget(TextLabel(text=running.tr("age.tokens", player=player["name"],
                                                                 tokens=_tokens(player.get("naval_tokens", []))),
                                                 font_size=running.u * 1.3))
        else:
            result = session.conflicts()
            for battle in result.battles:
                battles.add_widget(TextLabel(text=words.battle(battle, names), font_size=running.u * 1.4))
            if session.has_armada:
                self._show_naval()
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

    def _title(self, text: str) -> None:
        running = app()
        self.ids.battles.add_widget(TextLabel(text=text, font_size=running.u * 1.3, bold=True,
                                              color=running.theme.rgba("accent")))

    def _show_naval(self) -> None:
        """The naval conflict after the land ones: each strength and token, strongest first, or the
        values it needs (then the age waits for them: no token is invented)."""
        from companion.app.widgets.armada import unknown_lines
        from companion.state.session import NavalUnknown

        running = app()
        session = running.session
        battles = self.ids.battles
        self._title(running.tr("age.naval"))
        try:
            naval = session.naval_conflict()
        except NavalUnknown as error:
            self.blocked = True
            bad = running.theme.rgba("bad")
            battles.add_widget(TextLabel(text=running.tr("age.naval_unknown"), font_size=running.u * 1.3, color=bad))
            for line in unknown_lines(error.unknowns):
                battles.add_widget(TextLabel(text="\u2022 " + line, font_size=running.u * 1.15))
            from companion.app.widgets.armada_values import values_button

            battles.add_widget(values_button(error.unknowns, on_done=self.refresh))
            return
        if naval is None:
            return
        players = session.players
        for seat in sorted(range(len(players)), key=lambda s: (-naval.strengths[s], s)):
            token = naval.tokens[seat]
            if not naval.joined[seat]:
                outcome = running.tr("age.naval_stays_out")
            else:
                outcome = _tokens([token]) if token is not None else running.tr("age.naval_no_token")
            battles.add_widget(TextLabel(text=running.tr("age.naval_line", player=players[seat]["name"],
                                                         strength=naval.strengths[seat], outcome=outcome),
                                         font_size=running.u * 1.4))

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


def _tokens(tokens: list[int | None]) -> str:
    """``+3 −1``, or a dash for none."""
    return " ".join(f"+{t}" if t > 0 else f"\u2212{-t}" for t in tokens if t is not None) or "\u2014"


SCREEN = EndOfAgeScreen
