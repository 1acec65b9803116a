"""The coin pad: a player's coins set with a number pad, or moved by the common moves in one tap
(a discarded card's coins from the bank, a coin more or fewer), instead of many +/- taps."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import NumericProperty, StringProperty

from companion.app.widgets.common import BigButton, InstantModal, app, kept_view

__all__ = ["CoinPad", "typed_value"]

MAX_DIGITS = 3


def typed_value(typed: str, key: str) -> str:
    """The digits shown after a key of the pad: a digit is appended (at most three), ``<`` removes the last."""
    if key == "<":
        return typed[:-1]
    if key.isdigit() and len(typed) < MAX_DIGITS:
        return (typed + key).lstrip("0") or "0"
    return typed


class CoinPad(InstantModal):
    """Set one player's coins. `on_set(coins, why)` is called with the new count and why it moved
    (``counted``, ``discard``, ``corrected``); the pad closes after it."""

    title = StringProperty("")
    coins = NumericProperty(0)
    typed = StringProperty("")
    discard = NumericProperty(3)

    def __init__(self, title: str, coins: int, on_set: Callable[[int, str], None], *, discard: int = 3,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.reset(title, coins, on_set, discard=discard)
        keys = self.ids.pad_keys
        for key in ("1", "2", "3", "4", "5", "6", "7", "8", "9", "<", "0"):
            button = BigButton(text="\u232b" if key == "<" else key, font_name="DejaVuSans", font_size=app().u * 1.8,
                               size_hint_y=1)
            button.bind(on_release=lambda _b, k=key: self.press(k))
            keys.add_widget(button)
        ok = BigButton(text="\u2713", tone="primary", font_name="DejaVuSans", font_size=app().u * 1.8, size_hint_y=1)
        ok.bind(on_release=lambda _b: self.set_typed())
        keys.add_widget(ok)

    def reset(self, title: str, coins: int, on_set: Callable[[int, str], None], *, discard: int = 3) -> None:
        """Ready for another player's coins (a kept pad is opened again: nothing is made anew)."""
        self.title, self.coins, self.on_set, self.discard, self.typed = title, coins, on_set, discard, ""

    def press(self, key: str) -> None:
        """A key of the number pad."""
        self.typed = typed_value(self.typed, key)

    def set_typed(self) -> None:
        """The counted coins, as typed."""
        if self.typed:
            self._done(int(self.typed), "counted")
        else:
            self.dismiss()

    def move(self, delta: int, why: str) -> None:
        """One of the one-tap moves."""
        self._done(max(0, self.coins + delta), why)

    def _done(self, coins: int, why: str) -> None:
        self.dismiss()
        self.on_set(coins, why)


def open_coin_pad(seat: int) -> None:
    """Open the pad for a seat of the running game (the kept one: a new one is a dozen keys to make
    and lay out while the tap waits); what it sets is logged at once."""
    running = app()
    session = running.session
    player = session.players[seat]

    def chosen(coins: int, why: str) -> None:
        running.attempt(session.set_coins, seat, coins, why=why)

    title = running.tr("coins.title", player=player["name"])
    discard = running.store.data.rules.discard_coins
    pad = kept_view(CoinPad, lambda: CoinPad(title, player["coins"], chosen, discard=discard))
    pad.reset(title, player["coins"], chosen, discard=discard)
    pad.open_afresh()
