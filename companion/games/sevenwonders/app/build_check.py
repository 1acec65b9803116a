"""Build check: a player shows a card to the camera (or picks it, or asks for the next wonder stage)
and the answer comes at once, large: can they build it, free by chain, or the cheapest purchase,
the other equally cheap plans, and why not when they cannot (also when the only copy of the card is
in another city); what the build is worth now (the change in the player's final score by category);
and "Build, paid this way" logs the build and its coins in one transaction. In a game played in turns
(companion/games/sevenwonders/turn_session.py) the answer is checked against the start of the turn
with the powers used (Olympia's free build once per age), and "Play in this turn" enters the play
(a build, a stage, a discard, Babylon B's last card, Halikarnassos' build from the discard pile) into
the open turn: nothing is paid before the turn closes (games/sevenwonders/turn_panels.py)."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty

from companion.app.guard import guarded
from companion.app.screens import AppScreen
from companion.app.widgets.common import TextLabel, ToggleChoice, app, fit_words
from companion.app.widgets.scorepad import text_width
from companion.games.sevenwonders import turn_panels
from companion.games.sevenwonders.app.expansions import game_panels
from companion.games.sevenwonders.app.picker import open_picker
from companion.games.sevenwonders.rules.play import has_free_build


class BuildCheckScreen(AppScreen):
    """Ask the engine about one build."""

    seat = NumericProperty(0)
    target = StringProperty("")
    """A card id, ``stage``, or empty before anything is asked."""
    free_build = BooleanProperty(False)
    can_free_build = BooleanProperty(False)
    verdict = StringProperty("")
    legal = BooleanProperty(False)
    can_pay = BooleanProperty(False)
    shown_text = StringProperty("")
    verdict_color = ListProperty([1, 1, 1, 1])
    naval_offered = BooleanProperty(False)
    """An expansion played adds a naval construction to a build (a ``naval`` step kind: Armada's)."""
    yellow_step_offered = BooleanProperty(False)
    """An expansion played rewards a discard with the yellow ship's step (Armada's ``yellow_step``)."""
    naval = BooleanProperty(False)
    """Check the build with a naval construction (the ship of the card's colour, or the wonder symbol's)."""
    in_turns = BooleanProperty(False)
    """The game is played in turns: a build is entered as a play of the open turn."""
    can_enter = BooleanProperty(False)
    source = StringProperty("hand")
    """Where the card comes from: the hand, Babylon B's last card, or the discard pile (Halikarnassos)."""
    power_text = StringProperty("")
    power = StringProperty("")
    """The turn power the seat may use now besides Olympia's: ``last_card``, ``discard_build`` or empty."""
    tab_rows = NumericProperty(1)
    """The players' tabs in one row, or in two where their names would not fit one (8 long names)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._watch: Any = None
        self._shown_marker: int | None = None
        self._check: Any = None
        self._labels: list[TextLabel] = []
        """The answer's text lines, made once and given new texts (a new label is drawn twice: once at
        its first width, once laid out)."""
        self._worth: Any = None
        """The "worth now" line's computation, due a frame after the verdict is drawn."""

    def prepare(self, seat: int | None = None, **_options: Any) -> None:
        if seat is not None:
            self.seat = seat
        self.target, self.source = "", "hand"

    def place_options(self) -> dict[str, Any]:
        return {"seat": self.seat}

    def on_enter(self, *_: Any) -> None:
        self._watch = Clock.schedule_interval(self._watch_camera, 0.3)

    def on_leave(self, *_: Any) -> None:
        if self._watch is not None:
            self._watch.cancel()
            self._watch = None

    @guarded
    def _watch_camera(self, _dt: float) -> None:
        """A card held up to the camera becomes the card being checked."""
        session = app().session
        shown = session.shown if session is not None else None
        if shown is not None and shown.marker != self._shown_marker:
            self._shown_marker = shown.marker
            self.target = shown.card or ""
            self.refresh()

    # -- drawing ------------------------------------------------------------------------------------
    def refresh(self) -> None:
        running = app()
        session = running.session
        if session is None:
            return
        players = session.players
        self.seat = min(self.seat, len(players) - 1)
        row = self.ids.players
        names = turn_panels.seat_tabs(session)
        if [(c.value, c.text) for c in reversed(row.children)] != names:      # the players' buttons, made once
            row.clear_widgets()
            for seat, text in names:
                choice = ToggleChoice(text=text, value=seat)
                fit_words(choice, 1.1)
                choice.bind(on_release=lambda c: self.choose_player(c.value))
                row.add_widget(choice)
        for choice in row.children:
            choice.chosen = choice.value == self.seat
        u = running.u
        widest = max((text_width(name, u, bold=True) for _, name in names), default=0.0)
        self.tab_rows = 1 if (self.width - u * (1 + 0.3 * len(names))) / max(len(names), 1) >= widest + u else 2
        table = session.table()
        self.naval_offered = any("naval" in extension.step_kinds for extension in table.extensions)
        self.yellow_step_offered = any("yellow_step" in extension.discard_rewards for extension in table.extensions)
        self.naval = self.naval and self.naval_offered
        self.can_free_build = has_free_build(table.players[self.seat])
        if not self.can_free_build:
            self.free_build = False
        turn_panels.turn_options(self, session)
        shown = session.shown
        self.shown_text = running.tr("check.shown", card=running.words.card(shown.card)) if shown else \
            running.tr("check.show_hint")
        self._answer()

    def _answer(self) -> None:
        running = app()
        session = running.session
        self.ids.lines.clear_widgets()
        if self._worth is not None:
            self._worth.cancel()
            self._worth = None
        self.can_pay = self.can_enter = False
        if not self.target:
            played = turn_panels.played_text(self, session) if self.in_turns else ""
            self.verdict = played or running.tr("check.ask")    # a turn bar's chip: the seat's play in full
            refused = turn_panels.refused_lines(self, session) if played else []
            self.verdict_color = running.theme.rgba("bad" if refused else "text_dim")
            for line in refused:                                # a refused play (the camera's): why
                self._add_line(line, 1.5)
            return
        if self.target == "stage":
            check = session.check_stage(self.seat, step="naval" if self.naval else None)
            number = session.players[self.seat]["stages"] + 1
        else:
            check = session.check_card(self.seat, self.target, free_build=self.free_build,
                                       step="naval" if self.naval else None)
            number = None
        if self.in_turns or self.source != "hand":
            check = turn_panels.turn_verdict(self, session, check)
            if check is None:
                return
        self._check = check
        holders = self._copies_elsewhere()
        if holders:
            self._cannot(running.tr("check.cannot", player=session.players[self.seat]["name"],
                                    target=running.words.card(self.target)),
                         running.tr("check.copies_elsewhere", card=running.words.card(self.target),
                                    players=", ".join(holders)))
            return
        wording = running.words.check(turn_panels.named_check(check, session, self.seat), number)
        self.legal = wording.legal
        self.verdict = wording.verdict
        self.verdict_color = running.theme.rgba("good" if wording.legal else "bad")
        for line in wording.lines:
            self._add_line(line, 1.5)
        for line in turn_panels.turn_lines(self, session):
            self._add_line(line, 1.1, "text_dim")
        if wording.alternatives:
            self._add_line(running.tr("check.alternatives"), 1.1, "text_dim")
            for alternative in wording.alternatives:
                self._add_line("\u2022 " + alternative, 1.2)
        if check.unknowns:                      # an expansion's values nobody has entered (Armada's), asked here
            for button in game_panels("values_button"):
                self.ids.lines.add_widget(button(check.unknowns, on_done=self.refresh))
        self.can_pay = bool(check.legal) and not self.in_turns and self.source == "hand"
        self.can_enter = bool(check.legal)
        if check.legal:                         # the verdict is drawn first, what it is worth a frame later
            self._worth = Clock.schedule_once(lambda _dt: self._show_worth(check), 0)

    def _add_line(self, text: str, size: float, tone: str | None = None) -> None:
        """One more line of the answer, `size` units high, in the theme's `tone` (None: a label's white)."""
        running = app()
        lines = self.ids.lines
        shown = sum(1 for child in lines.children if isinstance(child, TextLabel))
        if shown == len(self._labels):
            self._labels.append(TextLabel())
        label = self._labels[shown]
        label.text, label.font_size = text, running.u * size
        label.color = running.theme.rgba(tone) if tone else [1, 1, 1, 1]
        lines.add_widget(label)

    def _copies_elsewhere(self) -> list[str]:
        """The players whose cities hold every copy of the card being checked (empty: a copy is left,
        or the player holds it already, or it is a stage)."""
        from companion.games.sevenwonders.app.picker import copies_left

        session = app().session
        if self.target in ("", "stage") or self.target in session.players[self.seat]["cards"]:
            return []
        if copies_left(session).get(self.target, 0):
            return []
        return [p["name"] for p in session.players if self.target in p["cards"]]

    def _cannot(self, verdict: str, reason: str) -> None:
        running = app()
        self.legal = self.can_enter = False
        self.verdict = verdict
        self.verdict_color = running.theme.rgba("bad")
        self._add_line(reason, 1.5)

    def _show_worth(self, check: Any) -> None:
        """The change in the player's final score if the game ended after this build, by category."""
        from companion.gamedata.facts import UnknownValueError
        from companion.games.sevenwonders.session import SessionError

        running = app()
        self._worth = None
        if check is not self._check or running.session is None:       # another answer since
            return
        try:
            change = running.session.score_change(self.seat, check)
        except (SessionError, UnknownValueError):         # Armada: a value nobody has entered yet
            return
        total = sum(change.values())
        parts = ", ".join(running.tr("check.worth_part", category=running.tr(f"score.category.{category}"),
                                     points=_signed(points)) for category, points in change.items())
        text = running.tr("check.worth", points=_signed(total)) + (f" ({parts})" if parts else "")
        self._add_line(text, 1.3, "accent")

    # -- taps -------------------------------------------------------------------------------------------
    def choose_player(self, seat: int) -> None:
        """Check for another player."""
        self.seat = seat
        self.source = "hand"
        app().save_place()
        self.refresh()

    def pick_card(self) -> None:
        """Pick the card to check."""
        running = app()
        player = running.session.players[self.seat]

        def chosen(card_id: str) -> None:
            self.target = card_id
            self.refresh()

        open_picker(running.tr("picker.check_title", player=player["name"]), chosen)

    def check_stage(self) -> None:
        """Check the next wonder stage."""
        self.target = "stage"
        self.refresh()

    def toggle_free_build(self) -> None:
        """Use (or not) Olympia's once-per-age free build."""
        self.free_build = not self.free_build
        self.refresh()

    def toggle_naval(self) -> None:
        """Armada: check the build with (or without) a naval construction."""
        self.naval = not self.naval
        self.refresh()

    def enter_play(self) -> None:
        """Play in this turn: the card (or stage) checked joins the open turn, paid when it closes."""
        turn_panels.enter_checked(self, self._check)

    def discard(self, reward: str = "coins") -> None:
        """Play in this turn: the card shown or picked (or a card nobody names) is discarded for 3 coins
        (with Armada: or for the yellow ship's step, `reward` ``yellow_step``)."""
        turn_panels.enter_discard(self, reward)

    def toggle_power(self) -> None:
        """Babylon B's last card (on or off), or Halikarnassos' build from the discard pile (the picker)."""
        turn_panels.use_power(self)

    def pay(self) -> None:
        """The player builds, paid the cheapest way: the card (or stage) and its coins, in one step;
        the turn is done, so the table comes back, its message bar saying what was built (with Undo)."""
        running = app()
        session = running.session
        check = self._check
        if check is None or not running.attempt(session.build, self.seat, check):
            return
        self.target = ""
        running.go("table")
        seat, player = self.seat, session.players[self.seat]["name"]
        if check.target == "stage":
            stages = session.players[seat]["stages"]
            running.notify(running.tr("check.built_stage", player=player, stage=stages),
                           undo=lambda: running.attempt(session.set_stages, seat, stages - 1))
        else:
            card = check.target
            running.notify(running.tr("check.built", player=player, card=running.words.card(card)),
                           undo=lambda: running.attempt(session.remove_card, seat, card))


def _signed(points: int) -> str:
    """``+3``, ``−1``, ``0``."""
    return f"+{points}" if points > 0 else f"\u2212{-points}" if points < 0 else "0"


SCREEN = BuildCheckScreen
