"""The Architects turn on the table screen: the turn bar (whose turn, what is due now, End turn), the
decks the card may come from, and the taps of a refereed turn (a card taken, a piece constructed
with the cards that pay it, a Progress token for a science set or Babylon, Rome's theft). The
session's side is `turn_session.py`; the rules `rules/turns.py`."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.app.widgets.common import BigButton, ToggleChoice, app
from companion.games.architects.app import ArchitectsNames
from companion.games.architects.turn_session import OpenTurn

__all__ = ["ask_choice", "due_text", "source_label", "turn_title"]

CARD_DUES = ("card", "extra_card", "central", "left", "right", "left_or_right", "any_deck", "cat_card")
"""What a card taken pays (`rules.turns.due`): the turn's card, a token's extra card, a wonder effect's."""


def turn_title(turn: OpenTurn, names: Sequence[str]) -> str:
    """``Ход 5: Анна``, or that the game is over."""
    running = app()
    if turn.turn is None:
        return running.tr("architects_turn.over_title")
    return running.tr("architects_turn.title", number=turn.turn.number, name=names[turn.turn.seat])


def due_text(turn: OpenTurn, names: Sequence[str]) -> str:
    """What the active player must do now, in a few words (the first thing due), or that the turn may end."""
    running = app()
    if turn.turn is None:
        who = names[turn.completed_by] if turn.completed_by is not None else ""
        return running.tr("architects_turn.over", name=who)
    first = turn.due[0] if turn.due else "nothing"
    key = "card_effect" if first in CARD_DUES[2:] else first
    text = running.tr(f"architects_turn.due_{key}")
    if turn.peek and first == "card":
        text = running.tr("architects_turn.peek") + " " + text
    return text


def source_label(deck: str, seat: int, names: Sequence[str]) -> str:
    """A deck as the active player sees it: on their left (their own), on their right (a neighbour's),
    the central deck, another player's deck (Alexandria), the card Rome gave."""
    running = app()
    if deck in ("central", "gift"):
        return running.tr(f"architects_turn.deck_{deck}")
    owner = int(deck.partition(":")[2])
    count = len(names)
    if owner == seat:
        return running.tr("architects_turn.deck_left")
    if owner == (seat - 1) % count:
        return running.tr("architects_turn.deck_right", name=names[owner])
    return running.tr("architects_turn.deck_of", name=names[owner])


def spent_text(spent: dict[str, int], names: ArchitectsNames) -> str:
    """``Wood + Stone``, ``Compass ×2``."""
    return " + ".join(names.card(kind) + (f" \u00d7{count}" if count > 1 else "") for kind, count in spent.items())


def ask_choice(title: str, options: list[tuple[str, Callable[[], None]]]) -> ModalView:
    """A window of choices (the cards that pay a piece, the science set spent): a tap on one does it;
    Cancel does nothing."""
    running = app()
    u = running.u
    from kivy.core.window import Window

    columns = 1 if len(options) <= 4 else 2             # 7 players, 5 costs: two columns fit the Pi's screen
    rows = -(-len(options) // columns)
    view = ModalView(size_hint=(None, None), auto_dismiss=True,
                     size=(min(Window.width * 0.96, u * (40 if columns == 1 else 48)),
                           min(Window.height * 0.96, u * (7 + 4.2 * rows))))
    box = BoxLayout(orientation="vertical", padding=u * 0.8, spacing=u * 0.5)
    label = Label(text=title, font_size=u * 1.2, size_hint_y=None, height=u * 2.6, halign="center", valign="middle")
    label.text_size = (view.width - u * 2, None)
    box.add_widget(label)
    grid = GridLayout(cols=columns, spacing=u * 0.5)
    box.add_widget(grid)
    for text, chosen in options:
        button = BigButton(text=text, tone="primary", font_size=u * 1.2)

        def pick(_b: Any, then: Callable[[], None] = chosen) -> None:
            view.dismiss()
            then()
        button.bind(on_release=pick)
        grid.add_widget(button)
    cancel = BigButton(text=running.tr("common.cancel"), tone="quiet")
    cancel.bind(on_release=lambda *_: view.dismiss())
    box.add_widget(cancel)
    view.add_widget(box)
    view.open()
    return view


def show_sources(holder: Any, turn: OpenTurn, chosen: str | None, names: Sequence[str],
                 on_choose: Callable[[str], None], on_empty: Callable[[], None]) -> None:
    """The decks the next card may come from, as a row of choices, and "Deck empty" for the chosen one."""
    running = app()
    u = running.u
    shown = (running.language, u, turn.turn, turn.sources, chosen, tuple(names))
    if getattr(holder, "shown", None) == shown:        # drawn again only when it changed (a tap may be on it)
        return
    holder.shown = shown
    holder.clear_widgets()
    if turn.turn is None:
        return
    for deck in turn.sources:
        choice = ToggleChoice(text=source_label(deck, turn.turn.seat, names), value=deck, chosen=deck == chosen,
                              font_size=u * 1.0, height=max(running.touch, u * 3.2))
        choice.bind(on_release=lambda button: on_choose(button.value))
        holder.add_widget(choice)
    if chosen is not None and chosen != "gift":
        empty = BigButton(text=running.tr("architects_turn.deck_empty"), tone="quiet", font_size=u * 1.0,
                          height=max(running.touch, u * 3.2))
        empty.bind(on_release=lambda *_: on_empty())
        holder.add_widget(empty)
