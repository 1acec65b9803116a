"""The card picker: the buildings still in the box for this table, opened on the age being played,
sorted by colour, the likely ones (free by chain, picked lately) first, searchable by name in any
language; for cards the camera cannot see and for build checks. One tap on a card picks it."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import NumericProperty, StringProperty
from kivy.uix.scrollview import ScrollView

from companion.app.widgets.common import InstantModal, ToggleChoice, app, kept_view, show_children
from companion.games.sevenwonders.app.city import COLOR_ORDER, CardChip

__all__ = ["CardPicker", "copies_left", "likely_cards", "matching_cards", "open_picker", "prepare_chips",
           "remember_pick"]

RECENT_LIMIT = 8
"""How many lately picked cards the picker puts first."""

_recent: list[str] = []
"""Cards picked lately in this app (newest first): at a table the same cards come round again."""
_chips: dict[tuple[str, str, float], CardChip] = {}
"""One chip per card, language and size unit, kept between openings: its text is drawn once."""


def matching_cards(data: Any, players: int, *, query: str = "", color: str = "", age: int = 0,
                   exclude: set[str] | None = None, language: str = "en",
                   available: dict[str, int] | None = None) -> list[str]:
    """Card ids in the box for `players`, matching a name fragment (in any language), a colour, an
    age, sorted by colour then name; with `available` (copies left per card), only cards with one left."""
    needle = query.strip().casefold()
    box = max(players, data.rules.min_players)
    result = []
    for card in data.cards.values():
        if card.copies_in_box(box) == 0 or card.id in (exclude or set()):
            continue
        if available is not None and available.get(card.id, 0) == 0:
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


def copies_left(session: Any) -> dict[str, int]:
    """Physical copies of each card in the box for this table that no city holds yet."""
    data = session.card_data()
    box = max(len(session.players), data.rules.min_players)
    used = {c.component.marker for city in session.tracker.cities.values() for c in city.cards}
    left: dict[str, int] = {}
    for component in session.registry:
        if component.kind == "card" and component.set in session.card_sets and component.card \
                and (component.players is None or component.players <= box) and component.marker not in used:
            left[component.card] = left.get(component.card, 0) + 1
    return left


def likely_cards(session: Any, seat: int, cards: list[str]) -> list[str]:
    """Of `cards`, the ones this player is likely to build: free by chain from the city, then the
    cards picked lately; in that order, each once."""
    data = session.card_data()
    held = set(session.players[seat]["cards"])
    chained = [c for c in cards if any(source in held for source in data.cards[c].chain_from)]
    recent = [c for c in _recent if c in cards and c not in chained]
    return chained + recent


def remember_pick(card_id: str) -> None:
    """Put a picked card first among the recent ones."""
    if card_id in _recent:
        _recent.remove(card_id)
    _recent.insert(0, card_id)
    del _recent[RECENT_LIMIT:]


def prepare_chips(batch: int = 12) -> None:
    """Make the picker's chips ahead of its first opening, a few a frame, then the picker (the table
    calls it when shown)."""
    from kivy.clock import Clock

    from companion.games.sevenwonders.session import GameSession

    running = app()
    session = running.session
    if not isinstance(session, GameSession):           # no game, or an Architects game: no card picker
        return
    data = running.card_data()
    wanted = [c for c in matching_cards(data, len(session.players), language=running.language)
              if (c, running.language, running.u) not in _chips]

    def make(_dt: float) -> None:
        for card_id in wanted[:batch]:
            _chip(card_id)
        del wanted[:batch]
        if wanted:
            Clock.schedule_once(make, 0.02)
        else:
            _kept_picker()          # and the picker itself, filled with them

    Clock.schedule_once(make, 0.2)


def _chip(card_id: str, *, likely: bool = False) -> CardChip:
    """The kept chip of a card in the current language and size (a likely card's is a second chip)."""
    running = app()
    key = (card_id + ("*" if likely else ""), running.language, running.u)
    chip = _chips.get(key)
    if chip is None:
        color = running.card_data().cards[card_id].color
        theme = running.theme
        chip = CardChip(name=running.words.card(card_id), letter=running.words.color_letter(color),
                        fill=theme.card_fill(color), ink=theme.card_text(color))
        chip.card_id = card_id
        _chips[key] = chip
    return chip


class CardPicker(InstantModal):
    """Pick one card; `on_pick(card_id)` is called and the picker closes. With `seat`, the picker
    shows the cards that player can still take (no copy left elsewhere, not in the city) with the
    likely ones first; `age` (default: the age being played) picks the age shown first."""

    title = StringProperty("")
    color = StringProperty("")
    query = StringProperty("")
    age = NumericProperty(0)

    def __init__(self, title: str, on_pick: Callable[[str], None], *, exclude: set[str] | None = None,
                 seat: int | None = None, age: int | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._resetting = True
        self._fill_choices(app().store.data.rules.ages)
        self.bind(query=self._refill, color=self._refill, age=self._refill)
        self.reset(title, on_pick, exclude=exclude, seat=seat, age=age)

    def reset(self, title: str, on_pick: Callable[[str], None], *, exclude: set[str] | None = None,
              seat: int | None = None, age: int | None = None) -> None:
        """Make the picker ready for a new pick (a kept picker is opened again: nothing is made anew)."""
        self._resetting = True
        self.title = title
        self.on_pick = on_pick
        self.exclude = exclude or set()
        self.seat = seat
        running = app()
        session = running.session
        last_age = running.store.data.rules.ages
        self._available = copies_left(session) if session is not None else None
        self.ids.search.text = ""
        for widget in self.walk(restrict=True):         # opened again at the top of its list
            if isinstance(widget, ScrollView):
                widget.scroll_y = 1.0
        self.set_color("")
        self.set_age(age if age is not None else min(session.age, last_age) if session is not None else 0)
        self._resetting = False
        self.fill()

    def _refill(self, *_: Any) -> None:
        if not self._resetting:
            self.fill()

    def _fill_choices(self, last_age: int) -> None:
        """The age row (every age, then all) and the colour row (all, then each colour's letter)."""
        running = app()
        ages = self.ids.ages
        for age in (*range(1, last_age + 1), 0):
            label = running.tr("picker.all") if not age else "I" * age      # under the title, the numeral is enough
            choice = ToggleChoice(text=label, value=age, chosen=age == self.age)
            choice.bind(on_release=lambda c: self.set_age(c.value))
            ages.add_widget(choice)
        colors = self.ids.colors
        for color in ("", *COLOR_ORDER):
            label = running.tr("picker.all") if not color else running.words.color_letter(color)
            choice = ToggleChoice(text=label, value=color, chosen=color == "")
            choice.bind(on_release=lambda c: self.set_color(c.value))
            colors.add_widget(choice)

    def set_color(self, color: str) -> None:
        """Show only one colour (or all)."""
        self.color = color
        for choice in self.ids.colors.children:
            choice.chosen = choice.value == color

    def set_age(self, age: int) -> None:
        """Show only one age's cards (or every age's)."""
        self.age = age
        for choice in self.ids.ages.children:
            choice.chosen = choice.value == age

    def fill(self) -> None:
        """List the matching cards, the likely ones first."""
        running = app()
        session = running.session
        players = len(session.players) if session is not None else 3
        age = 0 if self.query.strip() else self.age           # a search looks in every age
        cards = matching_cards(running.card_data(), players, query=self.query, color=self.color, age=age,
                               exclude=self.exclude, language=running.language, available=self._available)
        likely = likely_cards(session, self.seat, cards) if session is not None and self.seat is not None else []
        show_children(self.ids.likely, [self._chip(card_id, likely=True) for card_id in likely])
        show_children(self.ids.cards, [self._chip(card_id) for card_id in cards])   # likely ones too, in place
        self.ids.empty.opacity = 0 if cards else 1

    def _chip(self, card_id: str, *, likely: bool = False) -> CardChip:
        """The chip of a card, taken from wherever it was and bound to this picker."""
        chip = _chip(card_id, likely=likely)
        if getattr(chip, "picker", None) is not self:
            chip.unbind(on_release=_picked)
            chip.picker = self
            chip.bind(on_release=_picked)
        return chip

    def pick(self, card_id: str) -> None:
        """Choose a card."""
        remember_pick(card_id)
        self.dismiss()
        self.on_pick(card_id)


def open_picker(title: str, on_pick: Callable[[str], None], *, exclude: set[str] | None = None,
                seat: int | None = None, age: int | None = None) -> CardPicker:
    """Open the card picker (see `CardPicker`), the kept one (`kept_view`)."""
    picker = _kept_picker()
    picker.reset(title, on_pick, exclude=exclude, seat=seat, age=age)
    picker.open_afresh()
    return picker


def _kept_picker() -> CardPicker:
    return kept_view(CardPicker, lambda: CardPicker("", lambda _card: None))


def _picked(chip: CardChip) -> None:
    """A tap on a kept chip picks its card in the picker that shows it now."""
    chip.picker.pick(chip.card_id)
