"""A player's city: `CityRow`, the compact line the table shows for every player at once (counts
per colour, stages, coins, shields, science), and `CityPanel`, the full city one tap away (board,
stages, coins, shields, science, every card by colour).

Every card carries its colour's letter as well as its colour, and its source: a card the camera
confirmed is marked with a camera sign, one entered by hand with a hand sign. A pending card (seen
by the camera, not yet confirmed) is drawn dashed and dim; a tap confirms it. A tap on a confirmed
card removes it, with an undo in the message bar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.widgets.common import Tappable, app, show_children
from companion.app.widgets.scorepad import fitting_font, text_width

__all__ = ["COLOR_ORDER", "SOURCE_MARKS", "CardChip", "CityPanel", "CityRow", "ColorCount", "city_figures"]

COLOR_ORDER = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
SOURCE_MARKS = {"camera": "\u25c9", "hand": "\u270d"}
"""The sign of a card's source: the camera saw it, or a player entered it by hand."""


class CardChip(Tappable):
    """One card: the colour's letter on the colour, then the card's name."""

    name = StringProperty("")
    letter = StringProperty("")
    fill = ListProperty([0.5, 0.5, 0.5, 1])
    ink = ListProperty([1, 1, 1, 1])
    pending = BooleanProperty(False)
    source = StringProperty("")
    """``camera`` or ``hand`` for a confirmed card (its mark is drawn), empty in the picker."""


class ColorCount(BoxLayout):
    """How many cards of one colour a city holds: the colour, its letter and the count (a tap on it
    is a tap on its row: it is no target of its own, too small for a fingertip at 8 seats)."""

    letter = StringProperty("")
    count = NumericProperty(0)
    fill = ListProperty([0.5, 0.5, 0.5, 1])
    ink = ListProperty([1, 1, 1, 1])


def city_figures(seat: int, *, expansions: bool) -> str:
    """``Shields 2 · Compass 1 · Gear 2`` for a seat of the running game; with `expansions`, the figures
    the expansions played add after the shields (`city_figures` panels: Armada's naval shields)."""
    from companion.games.sevenwonders.app.expansions import game_panels
    from companion.games.sevenwonders.rules.city import science_symbols, science_wild_count, shields

    running = app()
    words = running.words
    city = running.session.table().players[seat]
    parts = [running.tr("city.shields", count=shields(city))]
    if expansions:
        parts += [figure(seat) for figure in game_panels("city_figures")]
    science = [f"{words.symbol(s)} {n}" for s, n in sorted(science_symbols(city).items()) if n]
    wild = science_wild_count(city)
    if wild:
        science.append(running.tr("city.wild", count=wild))
    if science:
        parts.append(" \u00b7 ".join(science))
    return "   ".join(parts)


class CityRow(Tappable):
    """One player's city in one line: name and wonder, stages, coins, a count per colour, shields and
    science, the cards waiting for a tap, and "+ Card"; a tap on the name opens the full city."""

    seat = NumericProperty(0)
    title = StringProperty("")
    wonder = StringProperty("")
    stages = StringProperty("")
    coins = StringProperty("")
    figures = StringProperty("")
    score = StringProperty("")
    waiting = NumericProperty(0)
    """Cards the camera sees in this city but has not confirmed."""
    team = StringProperty("")
    """Armada's team variant: ``Team 1`` (partners' rows are joined by a bracket at their left edge)."""
    team_first = BooleanProperty(False)
    """The first of the two partners (the bracket opens downwards from this row)."""
    title_size = NumericProperty(0)
    """The name's font size: 1.2 units, made smaller for a long name, never under 1 unit."""
    text_width = NumericProperty(100)
    """The name and wonder column's width: 7.5 units, wider for a name or wonder that needs it."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.actions: dict[str, Callable[[], None]] = {}
        self._counts: dict[str, ColorCount] = {}
        """The count of each colour shown so far, kept for the next change."""

    def show(self, seat: int, player: dict[str, Any], *, pending: int, total: int | None,
             actions: dict[str, Callable[[], None]], part: Any = None, team: tuple[int, bool] | None = None) -> None:
        """Fill the row; `actions` holds ``open`` (the full city), ``stage``, ``coins`` and ``add``;
        `part` the compact widget an expansion played places beside the counts (Armada's port, which
        shows the naval shields); `team` the team's number and whether this seat is its first."""
        running = app()
        words = running.words
        data = running.session.card_data()             # with Armada, its cards too
        board = data.wonders.get(player["wonder"]) or running.session.table().players[seat].wonder
        side = board.sides[player["side"]]           # Armada's eighth wonder is described by its player
        self.seat, self.actions, self.waiting = seat, actions, pending
        self.title = player["name"] if player["name"] != data.rules.free_city_name else running.tr(
            "new_game.free_city")
        self.wonder = words.wonder_short(player["wonder"], player["side"], player)
        self.score = running.tr("city.score", total=total) if total is not None else ""
        if self.score:
            self.wonder += "   " + self.score
        u = running.u
        self.title_size = fitting_font(self.title, u * 1.2, u * 7.3, bold=True, least=1 / 1.2)
        self.text_width = max(u * 7.5, min(u * 11, u * 0.2 + max(text_width(self.title, self.title_size, bold=True),
                                                                   text_width(self.wonder, u))))
        self.stages = running.tr("city.stages_short", built=player["stages"], total=len(side.stages))
        self.coins = str(player["coins"])
        self.team = running.tr("city.team", number=team[0]) if team else ""
        self.team_first = bool(team and team[1])
        figures = city_figures(seat, expansions=False)
        self.figures = f"{self.team}   {figures}" if self.team else figures
        counts: dict[str, int] = {}
        for card_id in player["cards"]:
            color = data.cards[card_id].color
            counts[color] = counts.get(color, 0) + 1
        box = self.ids.counts
        theme = running.theme
        wanted = []
        for color in COLOR_ORDER:           # a colour's count is kept and changed in place: no new widget
            if counts.get(color):
                count = self._counts.get(color)
                if count is None:
                    count = self._counts[color] = ColorCount(fill=theme.card_fill(color), ink=theme.card_text(color))
                count.letter, count.count = words.color_letter(color), counts[color]
                wanted.append(count)
        show_children(box, wanted)
        extra = self.ids.extra
        extra.clear_widgets()
        if part is not None:
            if part.parent is not None:
                part.parent.remove_widget(part)
            extra.add_widget(part)

    def act(self, name: str) -> None:
        """Run one of the row's actions."""
        action = self.actions.get(name)
        if action is not None:
            action()


class CityPanel(BoxLayout):
    """One seat's city, drawn from the session's table document."""

    seat = NumericProperty(0)
    title = StringProperty("")
    detail = StringProperty("")
    figures = StringProperty("")
    score = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._chips: dict[tuple[str, int | None, str, str], CardChip] = {}
        self._part: Any = None
        """The part an expansion played adds to the city (`city_full`: Armada's port), made on first use."""

    def show(self, seat: int, player: dict[str, Any], *, pending: list[Any], total: int | None,
             on_card: Callable[[str], None], on_pending: Callable[[int], None], on_add: Callable[[], None],
             on_stage: Callable[[int], None], on_coins: Callable[[int], None],
             part_actions: dict[str, Callable[..., None]] | None = None) -> None:
        """Fill the panel for `player` (a table-file entry); `part_actions` are the taps on the part an
        expansion adds (Armada's port: `on_fleet(fleet, delta)`, `on_island(id)` to remove, `on_add_island()`)."""
        running = app()
        words = running.words
        data = running.session.card_data()             # with Armada, its cards too
        table = running.session.table()
        wonder = table.players[seat].wonder           # Armada's eighth wonder is described by its player
        side = wonder.sides[player["side"]]
        self.seat = seat
        self.title = player["name"] if player["name"] != data.rules.free_city_name else running.tr(
            "new_game.free_city")
        self.detail = words.wonder_short(wonder.id, player["side"], player)
        if wonder.outside is not None:                 # Armada's eighth wonder: the camera cannot see its board
            self.detail += "  \u00b7  " + running.tr("city.hand_only")
        self.ids.stages.text = running.tr("city.stages", built=player["stages"], total=len(side.stages))
        self.ids.coins.text = running.tr("city.coins", coins=player["coins"])
        self.figures = city_figures(seat, expansions=part_actions is not None)
        self.score = running.tr("city.score", total=total) if total is not None else ""
        self._on_stage, self._on_coins, self._on_add = on_stage, on_coins, on_add
        self._show_part(player, part_actions)
        grid = self.ids.cards
        grid.clear_widgets()
        theme = running.theme
        self._on_card, self._on_pending = on_card, on_pending
        cards = sorted(player["cards"], key=lambda c: (COLOR_ORDER.index(data.cards[c].color), words.card(c)))
        sources = self._sources(seat)
        wanted: list[tuple[str, int | None, str]] = [(card_id, None, sources.get(card_id, "hand")) for card_id in cards]
        wanted += [(entry.component.card, entry.component.marker, "") for entry in pending]
        chips: dict[tuple[str, int | None, str, str], CardChip] = {}
        for card_id, marker, source in wanted:
            key = (card_id, marker, source, running.language)
            chip = self._chips.get(key) or self._chip(card_id, marker, source)
            chips[key] = chip
            grid.add_widget(chip)
        self._chips = chips     # a chip kept is not drawn again: its name's texture stays as it was
        if not cards and not pending:
            from kivy.uix.label import Label

            grid.add_widget(Label(text=running.tr("city.no_cards"), color=theme.rgba("text_dim"), font_size=running.u,
                                  size_hint=(None, None), size=(running.u * 14, running.u * 2.4)))

    def _show_part(self, player: dict[str, Any], actions: dict[str, Callable[..., None]] | None) -> None:
        """The part an expansion played adds above the cards (Armada's fleets and islands)."""
        if actions is None:
            if self._part is not None and self._part.parent is self:
                self.remove_widget(self._part)
            return
        if self._part is None:
            from companion.games.sevenwonders.app.expansions import game_panels

            self._part = game_panels("city_full")[0]()
        if self._part.parent is None:
            self.add_widget(self._part, index=1)       # just above the cards
        self._part.show(player, **actions)

    @staticmethod
    def _sources(seat: int) -> dict[str, str]:
        """How each card of a seat's city got there, from the game log: ``camera`` or ``hand``."""
        session = app().session
        sources: dict[str, str] = {}
        for event in session.events():
            if event.kind == "card_confirmed" and event.payload.get("seat") == seat:
                sources[event.payload["card"]] = "camera" if event.source == "camera" else "hand"
        return sources

    def _chip(self, card_id: str, marker: int | None, source: str = "hand") -> CardChip:
        """A confirmed card (`marker` None) or a pending one (its marker number: a tap confirms it)."""
        running = app()
        color = running.session.card_data().cards[card_id].color
        theme = running.theme
        words = running.words
        if marker is None:
            chip = CardChip(name=words.card(card_id), letter=words.color_letter(color),
                            fill=theme.card_fill(color), ink=theme.card_text(color), source=source)
            chip.bind(on_release=lambda _chip: self._on_card(card_id))
        else:
            chip = CardChip(name=words.card(card_id), letter=words.color_letter(color),
                            fill=theme.card_fill(color, 0.35), ink=theme.rgba("text"), pending=True)
            chip.bind(on_release=lambda _chip: self._on_pending(marker))
        return chip

    def stage(self, delta: int) -> None:
        """A stage more or fewer, by hand."""
        self._on_stage(delta)

    def coins(self, delta: int = 0) -> None:
        """The coins, by hand (the coin pad opens)."""
        self._on_coins(delta)

    def add(self) -> None:
        """Open the card picker for this city."""
        self._on_add()
