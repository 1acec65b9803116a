"""End of an age: how many plays each player has logged this age ("Anna: 5 of 6 cards in Age II"),
the land conflicts per neighbour pair, confirmed with one tap, then every player's coins checked and
corrected."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.screens import AppScreen
from companion.app.widgets.common import Stepper, TextLabel, app
from companion.app.widgets.scorepad import fitting_font
from companion.games.sevenwonders.app.coins import open_coin_pad
from companion.games.sevenwonders.app.expansions import entered_values, game_panels
from companion.games.sevenwonders.app.score import prepare_score


def plays_this_age(events: list[Any], seats: int) -> list[int]:
    """Plays each seat has logged since the last conflicts were resolved: cards built (less those
    removed), wonder stages built, and cards discarded for coins."""
    plays = [0] * seats
    stages = [0] * seats
    for event in events:
        payload = event.payload
        seat = payload.get("seat")
        if event.kind == "conflicts_resolved":
            plays = [0] * seats
        elif not isinstance(seat, int) or not 0 <= seat < seats:
            continue
        elif event.kind == "card_confirmed":
            plays[seat] += 1
        elif event.kind == "card_removed":
            plays[seat] -= 1
        elif event.kind == "stage_built":
            plays[seat] += int(payload.get("stages", 0)) - stages[seat]
            stages[seat] = int(payload.get("stages", 0))
        elif event.kind == "coins_changed" and payload.get("why") == "discard":
            plays[seat] += 1
    return plays


def plays_expected(session: Any, seat: int) -> int:
    """Plays a seat makes in an age: one card fewer than it is dealt, all of them with Babylon B's stage."""
    from companion.games.sevenwonders.rules.play import may_play_seventh_card

    dealt = session.data.rules.cards_per_player_per_age
    return dealt if may_play_seventh_card(session.table().players[seat]) else dealt - 1


class BattleLine(BoxLayout):
    """One land battle on one line: each side's tokens (green won, red lost), name and shields; the
    winner's name bold. Never broken inside a result ("Boris +1, Vera / −1")."""

    name_a = StringProperty("")
    name_b = StringProperty("")
    token_a = StringProperty("")
    token_b = StringProperty("")
    score = StringProperty("")
    won_a = BooleanProperty(False)
    won_b = BooleanProperty(False)
    ink_a = ListProperty([1, 1, 1, 1])
    ink_b = ListProperty([1, 1, 1, 1])
    name_size = NumericProperty(16)


def battle_line(battle: Any, names: list[str]) -> BattleLine:
    """A battle's line: ``+1 Anna 1 : 0 Boris −1``; a tie has no tokens (``=`` on each side)."""
    running = app()
    theme = running.theme
    u = running.u
    tie = battle.token_a is None or battle.token_b is None
    line = BattleLine(name_a=names[battle.a], name_b=names[battle.b],
                      score=f"{battle.shields_a} : {battle.shields_b}")
    if tie:
        line.token_a = line.token_b = "="
        line.ink_a = line.ink_b = theme.rgba("text_dim")
    else:
        line.token_a = "\u00a0".join([tokens_text([battle.token_a])] * battle.count)
        line.token_b = "\u00a0".join([tokens_text([battle.token_b])] * battle.count)
        line.won_a, line.won_b = battle.token_a > 0, battle.token_b > 0
        line.ink_a = theme.rgba("good" if line.won_a else "bad")
        line.ink_b = theme.rgba("good" if line.won_b else "bad")
    line.name_size = min(fitting_font(name, u * 1.2, u * 8.5, bold=True, least=1 / 1.2) for name in names)
    return line


class EndOfAgeScreen(AppScreen):
    """Resolve the conflicts of the age and check the coins."""

    age = NumericProperty(1)
    confirmed = BooleanProperty(False)
    blocked = BooleanProperty(False)
    """The naval conflict needs a value nobody has entered: the age cannot be confirmed yet."""
    seen_all = BooleanProperty(True)
    """Every conflict has been in view (the list fits, or has been scrolled to its end): only then
    can they be confirmed."""
    title = StringProperty("")
    conflicts_title = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[Any, ...] = ()
        """What the screen shows now (game, age, language, size unit, the log's length, the table,
        an expansion's values entered): an unchanged screen is not made again."""
        view = self.ids.battles_scroll
        for name in ("scroll_y", "height"):
            view.bind(**{name: self._watch_seen})
        self.ids.battles.bind(height=self._watch_seen)

    def prepare(self, age: int | None = None, **_options: Any) -> None:
        session = app().session
        self.age = age or (session.age if session is not None else 1)

    def place_options(self) -> dict[str, Any]:
        return {"age": self.age}

    def _watch_seen(self, *_: Any) -> None:
        """The conflicts have all been in view once the list fits or is scrolled to its end."""
        view, content = self.ids.battles_scroll, self.ids.battles
        if content.height <= view.height + 1 or view.scroll_y <= 0.01:
            self.seen_all = True

    def refresh(self) -> None:
        running = app()
        session = running.session
        if session is None:
            return
        shown = (session.game_id, self.age, running.language, running.u, len(session.events()),
                 session.document,                  # never changed in place: compared at once when the same
                 entered_values(running, session))
        if shown == self._shown:                # the same table in the same words: nothing to draw again
            self._show_coins()
            return
        same_age = self._shown[:2] == shown[:2]
        self._shown = shown
        self.confirmed = session.age > self.age
        self.title = running.tr("age.title", age="I" * self.age)
        names = [p["name"] for p in session.players]
        plays, battles = self.ids.plays, self.ids.battles
        plays.clear_widgets()
        battles.clear_widgets()
        self.blocked = False
        teams = session.document.get("teams") or []
        self.conflicts_title = running.tr("age.conflicts_teams" if teams else "age.conflicts")
        if self.confirmed:
            for player in session.players:
                plays.add_widget(TextLabel(text=running.tr("age.tokens", player=player["name"],
                                                           tokens=tokens_text(player["tokens"])),
                                           font_size=running.u * 1.3))
            for show in game_panels("age_done"):       # an expansion's tokens after the land ones (Armada's naval)
                show(self, plays)
        else:
            self._show_plays()
            if teams:
                battles.add_widget(TextLabel(text=running.tr("age.teams_note", teams="; ".join(
                    " + ".join(team) for team in teams)), font_size=running.u * 1.1))
            result = session.conflicts()
            for battle in result.battles:
                battles.add_widget(battle_line(battle, names))
            for show in game_panels("end_of_age"):     # an expansion's conflict after the land ones (Armada's naval)
                show(self)
            if not same_age:
                self.seen_all = False
                self.ids.battles_scroll.scroll_y = 1
            Clock.schedule_once(self._watch_seen, 0)
        self._show_coins()
        last = running.store.data.rules.ages
        self.ids.done.text = running.tr("age.coins_right_next", age="I" * (self.age + 1)) if self.age < last \
            else running.tr("age.coins_right_score")

    def _show_coins(self) -> None:
        """One stepper per player, showing the coins the log holds (also after a refused change)."""
        running = app()
        session = running.session
        coins = self.ids.coins
        steppers = list(reversed(coins.children))
        if len(steppers) != len(session.players):
            coins.clear_widgets()
            steppers = []
            for seat in range(len(session.players)):
                stepper = Stepper(maximum=999)
                stepper.on_change = lambda value, s=seat: running.attempt(running.session.set_coins, s, value,
                                                                          why="counted")
                stepper.on_pad = lambda s=seat: open_coin_pad(s)
                coins.add_widget(stepper)
                steppers.append(stepper)
        for stepper, player in zip(steppers, session.players, strict=True):
            stepper.label, stepper.value = player["name"], player["coins"]

    def _show_plays(self) -> None:
        """Plays logged per player this age, a short one in the warning colour."""
        running = app()
        session = running.session
        plays = plays_this_age(session.events(), len(session.players))
        for seat, player in enumerate(session.players):
            if player["name"] == running.store.data.rules.free_city_name:
                continue
            expected = plays_expected(session, seat)
            self.ids.plays.add_widget(TextLabel(
                text=running.tr("age.plays", player=player["name"], plays=plays[seat], expected=expected,
                                age="I" * self.age),
                font_size=running.u * 1.2,
                color=running.theme.rgba("text" if plays[seat] == expected else "bad")))

    def add_title(self, box: Any, text: str) -> None:
        """A section's title in `box`."""
        running = app()
        box.add_widget(TextLabel(text=text, font_size=running.u * 1.3, bold=True, color=running.theme.rgba("accent")))

    def confirm(self) -> None:
        """Log the conflicts as shown."""
        running = app()
        if not self.confirmed and running.attempt(running.session.confirm_conflicts):
            running.save_place()
            self.refresh()
            prepare_score()         # the last age's: the score comes next

    def done(self) -> None:
        """Coins checked: play the next age, or score the game after the last."""
        running = app()
        running.go("table" if self.age < running.store.data.rules.ages else "score")


def tokens_text(tokens: list[int | None]) -> str:
    """``+3 −1``, or a dash for none."""
    return " ".join(f"+{t}" if t > 0 else f"\u2212{-t}" for t in tokens if t is not None) or "\u2014"


SCREEN = EndOfAgeScreen
