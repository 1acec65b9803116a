"""The card picker: every building in the box for this table, searchable by name (any language) and
filtered by colour, for cards the camera cannot see and for build checks."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import StringProperty
from kivy.uix.modalview import ModalView

from companion.app.widgets.city import COLOR_ORDER, CardChip
from companion.app.widgets.common import ToggleChoice, app

__all__ = ["CardPicker", "matching_cards"]


def matching_cards(data: Any, players: int, *, query: str = "", color: str = "", age: int = 0,
                   exclude: set[str] | None = None, language: str = "en") -> list[str]:
    """Card ids in the box for `players`, matching a name fragment (in any language), a colour, an age."""
    needle = query.strip().casefold()
    box = max(players, data.rules.min_players)
    result = []
    for card in data.cards.values():
        if card.copies_in_box(box) == 0 or card.id in (exclude or set()):
            continue
        if color and card.color != color:
            continue
        if age and age not in card.ages:
            continue
        if needle and not any(needle in name.casefold() for name in card.names.values()):
            continue
        result.append(card.id)
    return sorted(result, key=lambda c: (COLOR_ORDER.index(data.cards[c].color),
                                         data.cards[c].names.get(language) or data.cards[c].names["en"]))


class CardPicker(ModalView):
    """Pick one card; `on_pick(card_id)` is called and the picker closes."""

    title = StringProperty("")
    color = StringProperty("")
    query = StringProperty("")

    def __init__(self, title: str, on_pick: Callable[[str], None], *, exclude: set[str] | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = title
        self.on_pick = on_pick
        self.exclude = exclude or set()
        self.age = 0
        running = app()
        colors = self.ids.colors
        for color in ("", *COLOR_ORDER):
            label = running.tr("picker.all") if not color else running.words.color_letter(color)
            choice = ToggleChoice(text=label, value=color, chosen=color == "")
            choice.bind(on_release=lambda c: self.set_color(c.value))
            colors.add_widget(choice)
        self.bind(query=lambda *_: self.fill(), color=lambda *_: self.fill())
        self.fill()

    def set_color(self, color: str) -> None:
        """Show only one colour (or all)."""
        self.color = color
        for choice in self.ids.colors.children:
            choice.chosen = choice.value == color

    def fill(self) -> None:
        """List the matching cards."""
        running = app()
        words = running.words
        theme = running.theme
        grid = self.ids.cards
        grid.clear_widgets()
        session = running.session
        players = len(session.players) if session is not None else 3
        data = session.card_data() if session is not None else running.store.data     # with Armada, its cards too
        for card_id in matching_cards(data, players, query=self.query, color=self.color,
                                      exclude=self.exclude, language=running.language):
            color = data.cards[card_id].color
            chip = CardChip(name=words.card(card_id), letter=words.color_letter(color), fill=theme.card_fill(color),
                            ink=theme.card_text(color))
            chip.card_id = card_id
            chip.bind(on_release=lambda c: self.pick(c.card_id))
            grid.add_widget(chip)

    def pick(self, card_id: str) -> None:
        """Choose a card."""
        self.dismiss()
        self.on_pick(card_id)
