"""The end of an Armada turn at the table: "Turn done" opens what the turn's builds set in motion
(the ships moved and the coins of the spaces reached, the highest tax and who pays it, piracy,
explorations, free ship moves, incursion tokens, the discards) and one tap confirms it all.

API for the table screen: place a `TurnButton` (it hides itself in games without Armada).
"""

from __future__ import annotations

from typing import Any

from kivy.properties import BooleanProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.widgets.common import BigButton, TextLabel, ToggleChoice, app
from companion.app.widgets.kv import load_kv
from companion.games.armada.app.port import LiveModal
from companion.games.sevenwonders.session import GameSession

__all__ = ["TurnButton", "TurnDialog", "seat_line"]

load_kv("armada.kv", "companion.games.armada.app")


def _signed(delta: int) -> str:
    return f"+{delta}" if delta > 0 else f"\u2212{-delta}" if delta < 0 else "0"


def seat_line(summary: Any, seat: int) -> str:
    """One seat's part of the turn in words: ships moved, coins gained, tax levied or paid, piracy, the total."""
    running = app()
    words = running.words
    names = [p["name"] for p in running.session.players]
    part = summary.seats[seat]
    bits = [running.tr("turn.step", fleet=running.tr(f"armada.fleet.{fleet}.word"), level=level)
            for fleet, level in part.steps]
    if part.gained:
        bits.append(running.tr("turn.gains", coins=words.coins(part.gained)))
    if seat in summary.collectors and summary.tax:
        bits.append(running.tr("turn.levies", tax=summary.tax))
    if part.tax_due:
        bits.append(running.tr("turn.pays_tax", coins=words.coins(part.tax_due),
                               collector=", ".join(names[c] for c in summary.collectors)))
    for pirate, coins in part.piracy:
        if coins:
            bits.append(running.tr("turn.piracy", coins=words.coins(coins), pirate=names[pirate]))
    delta = part.gained - part.lost
    return running.tr("turn.seat_line", player=names[seat], parts=" \u00b7 ".join(bits), total=_signed(delta))


class TurnButton(BigButton):
    """"Turn done" in an Armada game not played in turns (hidden otherwise): opens the turn's dialog."""

    shown = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        running = app()
        running.bind(revision=self._update, language=self._update)
        self._update()

    def _update(self, *_: Any) -> None:
        running = app()
        session = running.session              # an Architects game's session is no 7 Wonders session
        # In a game played in turns the turn bar's "Close turn" moves the ships (and opens this turn's
        # dialog when they moved): one button for the end of a turn, never two.
        self.shown = isinstance(session, GameSession) and session.plays("armada") and not session.finished \
            and not session.in_turns
        self.text = running.tr("turn.button")

    def on_release(self) -> None:
        """Open the turn's dialog."""
        if self.shown:
            TurnDialog().open()


class TurnDialog(LiveModal):
    """The turn to confirm: every seat's part, the choices still open, and Confirm."""

    title = StringProperty("")
    blocked = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fill()

    def fill(self) -> None:
        """Draw the turn as the session works it out now."""
        running = app()
        session = running.session
        summary = session.part("armada").turn_summary()
        self.title = running.tr("turn.title", number=session.part("armada").turn_number())
        body = self.ids.body
        body.clear_widgets()
        size = running.u * 1.2
        self.blocked = bool(summary.unknowns)
        if summary.unknowns:
            from companion.games.armada.app.port import unknown_lines
            from companion.games.armada.app.values import values_button

            body.add_widget(TextLabel(text=running.tr("turn.unknown"), font_size=size,
                                      color=running.theme.rgba("bad")))
            for line in unknown_lines(summary.unknowns):
                body.add_widget(TextLabel(text="\u2022 " + line, font_size=size))
            body.add_widget(values_button(summary.unknowns, on_done=self.fill))
        else:
            for seat, part in enumerate(summary.seats):
                if part.steps or part.gained or part.lost:
                    body.add_widget(TextLabel(text=seat_line(summary, seat), font_size=size))
            if summary.empty:
                body.add_widget(TextLabel(text=running.tr("turn.nothing"), font_size=size,
                                          color=running.theme.rgba("text_dim")))
        self._explorations(summary)
        self._island_draws(summary)
        self._incursions(summary)
        self._free_moves(summary)
        self._discards()

    def _explorations(self, summary: Any) -> None:
        """An exploration: draw the cards of a level, keep one ("Take the island")."""
        running = app()
        names = [p["name"] for p in running.session.players]
        for seat, part in enumerate(summary.seats):
            if part.explores is not None:
                level, draws = part.explores
                self._island_row(running.tr("turn.explores", player=names[seat], draws=draws, level="I" * level),
                                 seat, level)

    def _island_draws(self, summary: Any) -> None:
        """A card that puts the top island of a level into play: its owner takes that island."""
        running = app()
        names = [p["name"] for p in running.session.players]
        for seat, card, level in summary.island_draws:
            self._island_row(running.tr("turn.island_draw", player=names[seat], card=running.words.card(card),
                                        level="I" * level), seat, level)

    def _island_row(self, text: str, seat: int, level: int) -> None:
        """A line with "Take the island", which opens the free islands of `level` for `seat`."""
        running = app()
        row = _row()
        row.add_widget(TextLabel(grow=False, text=text, font_size=running.u * 1.2))
        take = BigButton(text=running.tr("turn.take_island"), size_hint_x=None, width=running.u * 12)
        take.bind(on_release=lambda _b: self.take_island(seat, level))
        row.add_widget(take)
        self.ids.body.add_widget(row)

    def _incursions(self, summary: Any) -> None:
        running = app()
        names = [p["name"] for p in running.session.players]
        words = running.words
        for giver, target, card in summary.incursions:
            self.ids.body.add_widget(TextLabel(text=running.tr("turn.incursion", player=names[giver],
                                                               card=words.card(card), target=names[target]),
                                               font_size=running.u * 1.2))

    def _free_moves(self, summary: Any) -> None:
        running = app()
        session = running.session
        names = [p["name"] for p in session.players]
        for move in summary.free_moves:
            source = running.words.card(move.source) if move.source in session.card_data().cards else \
                _island(move.source)
            self.ids.body.add_widget(TextLabel(text=running.tr("turn.free_move", player=names[move.seat],
                                                               source=source), font_size=running.u * 1.2))
            row = _row()
            for fleet in move.fleets:
                choice = ToggleChoice(text=f"{running.tr(f'armada.fleet.{fleet}.letter')}  "
                                           f"{running.tr(f'armada.fleet.{fleet}')}", value=fleet)
                choice.bind(on_release=lambda c, s=move.seat: running.attempt(session.part("armada").free_move, s,
                                                                              c.value))
                row.add_widget(choice)
            self.ids.body.add_widget(row)
            break                                     # one at a time: the next one shows once this one is used

    def _discards(self) -> None:
        running = app()
        session = running.session
        if session.in_turns:                # the turn's discards were entered as its plays (turn_panels.py)
            return
        body = self.ids.body
        body.add_widget(TextLabel(text=running.tr("turn.discards"), font_size=running.u * 1.1, bold=True,
                                  color=running.theme.rgba("accent")))
        coins = running.words.coins(session.part("armada").armada_data().rules.discard_coins)
        for seat, player in enumerate(session.players):
            row = _row()
            row.add_widget(TextLabel(grow=False, text=player["name"], font_size=running.u * 1.2))
            for choice, text in (("coins", coins), ("yellow_step", running.tr("turn.discard_yellow"))):
                button = BigButton(text=text, size_hint_x=None, width=running.u * 11)
                button.bind(on_release=lambda _b, s=seat, c=choice: self.discard(s, c))
                row.add_widget(button)
            body.add_widget(row)

    # -- taps -------------------------------------------------------------------------------------------
    def discard(self, seat: int, choice: str) -> None:
        """A player discarded a card this turn: 3 coins or the yellow step."""
        running = app()
        running.attempt(running.session.part("armada").discard, seat, choice)

    def take_island(self, seat: int, level: int) -> None:
        """The explorer keeps one island of the level explored."""
        from companion.games.armada.app.port import IslandPicker

        running = app()
        session = running.session
        IslandPicker(running.tr("armada.pick_island", player=session.players[seat]["name"]),
                     lambda island: running.attempt(session.part("armada").add_island, seat, island),
                     level=level).open()

    def confirm(self) -> None:
        """Confirm the turn: the coins move, the tokens are given, in one transaction."""
        running = app()
        number = running.session.part("armada").turn_number()
        if running.attempt(running.session.part("armada").confirm_turn):
            self.dismiss()
            running.notify(running.tr("turn.done", number=number))


def _row() -> BoxLayout:
    running = app()
    return BoxLayout(size_hint_y=None, height=running.u * 3.6, spacing=running.u * 0.4)


def _island(island_id: str) -> str:
    from companion.games.armada.app.port import island_name

    return island_name(app().session.part("armada").armada_data().islands[island_id])
