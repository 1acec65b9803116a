"""A player's city as the table screen shows it: board, stages, coins, shields, science, cards by colour.

Every card carries its colour's letter as well as its colour. A pending card (seen by the camera,
not yet confirmed) is drawn dashed and dim; a tap confirms it. A tap on a confirmed card removes
it, with an undo in the message bar.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.widgets.common import Tappable, app

__all__ = ["COLOR_ORDER", "CardChip", "CityPanel"]

COLOR_ORDER = ("brown", "grey", "blue", "yellow", "red", "green", "purple")


class CardChip(Tappable):
    """One card: the colour's letter on the colour, then the card's name."""

    name = StringProperty("")
    letter = StringProperty("")
    fill = ListProperty([0.5, 0.5, 0.5, 1])
    ink = ListProperty([1, 1, 1, 1])
    pending = BooleanProperty(False)


class CityPanel(BoxLayout):
    """One seat's city, drawn from the session's table document."""

    seat = NumericProperty(0)
    title = StringProperty("")
    detail = StringProperty("")
    figures = StringProperty("")
    score = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._chips: dict[tuple[str, int | None, str], CardChip] = {}
        self._armada: Any = None
        """The port part (fleets and islands) of an Armada game, made on first use."""

    def show(self, seat: int, player: dict[str, Any], *, pending: list[Any], total: int | None,
             on_card: Callable[[str], None], on_pending: Callable[[int], None], on_add: Callable[[], None],
             on_stage: Callable[[int], None], on_coins: Callable[[int], None],
             armada: dict[str, Callable[..., None]] | None = None) -> None:
        """Fill the panel for `player` (a table-file entry); `armada` holds the port's actions
        (`on_fleet(fleet, delta)`, `on_island(id)` to remove, `on_add_island()`) in an Armada game."""
        running = app()
        words = running.words
        data = running.session.card_data()             # with Armada, its cards too
        table = running.session.table()
        wonder = table.players[seat].wonder           # Armada's eighth wonder is described by its player
        side = wonder.sides[player["side"]]
        self.seat = seat
        self.title = player["name"] if player["name"] != data.rules.free_city_name else running.tr(
            "new_game.free_city")
        self.detail = running.tr("city.wonder", wonder=words.wonder(wonder.id, player), side=player["side"])
        if wonder.outside is not None:                 # Armada's eighth wonder: the camera cannot see its board
            self.detail += "  \u00b7  " + running.tr("city.hand_only")
        self.ids.stages.text = running.tr("city.stages", built=player["stages"], total=len(side.stages))
        self.ids.coins.text = running.tr("city.coins", coins=player["coins"])
        city = table.players[seat]
        from companion.engine.city import science_symbols, science_wild_count, shields

        symbols = science_symbols(city)
        parts = [running.tr("city.shields", count=shields(city))]
        if armada is not None:
            strength = running.session.naval_strength(seat)
            parts.append(running.tr("city.naval_shields", count=strength if isinstance(strength, int) else "?"))
        science = [f"{words.symbol(s)} {n}" for s, n in sorted(symbols.items()) if n]
        wild = science_wild_count(city)
        if wild:
            science.append(running.tr("city.wild", count=wild))
        if science:
            parts.append(" \u00b7 ".join(science))
        self.figures = "   ".join(parts)
        self.score = running.tr("city.score", total=total) if total is not None else ""
        self._on_stage, self._on_coins, self._on_add = on_stage, on_coins, on_add
        self._show_port(player, armada)
        grid = self.ids.cards
        grid.clear_widgets()
        theme = running.theme
        self._on_card, self._on_pending = on_card, on_pending
        cards = sorted(player["cards"], key=lambda c: (COLOR_ORDER.index(data.cards[c].color), words.card(c)))
        wanted: list[tuple[str, int | None]] = [(card_id, None) for card_id in cards]
        wanted += [(entry.component.card, entry.component.marker) for entry in pending]
        chips: dict[tuple[str, int | None, str], CardChip] = {}
        for card_id, marker in wanted:
            key = (card_id, marker, running.language)
            chip = self._chips.get(key) or self._chip(card_id, marker)
            chips[key] = chip
            grid.add_widget(chip)
        self._chips = chips     # a chip kept is not drawn again: its name's texture stays as it was
        if not cards and not pending:
            from kivy.uix.label import Label

            grid.add_widget(Label(text=running.tr("city.no_cards"), color=theme.rgba("text_dim"), font_size=running.u,
                                  size_hint=(None, None), size=(running.u * 14, running.u * 2.4)))

    def _show_port(self, player: dict[str, Any], armada: dict[str, Callable[..., None]] | None) -> None:
        """The fleets and islands above the cards (Armada only)."""
        if armada is None:
            if self._armada is not None and self._armada.parent is self:
                self.remove_widget(self._armada)
            return
        if self._armada is None:
            from companion.app.widgets.armada import ArmadaPart

            self._armada = ArmadaPart()
        if self._armada.parent is None:
            self.add_widget(self._armada, index=1)       # just above the cards
        self._armada.show(player, **armada)

    def _chip(self, card_id: str, marker: int | None) -> CardChip:
        """A confirmed card (`marker` None) or a pending one (its marker number: a tap confirms it)."""
        running = app()
        color = running.session.card_data().cards[card_id].color
        theme = running.theme
        words = running.words
        if marker is None:
            chip = CardChip(name=words.card(card_id), letter=words.color_letter(color),
                            fill=theme.card_fill(color), ink=theme.card_text(color))
            chip.bind(on_release=lambda _chip: self._on_card(card_id))
        else:
            chip = CardChip(name=words.card(card_id), letter=words.color_letter(color),
                            fill=theme.card_fill(color, 0.35), ink=theme.rgba("text"), pending=True)
            chip.bind(on_release=lambda _chip: self._on_pending(marker))
        return chip

    def stage(self, delta: int) -> None:
        """A stage more or fewer, by hand."""
        self._on_stage(delta)

    def coins(self, delta: int) -> None:
        """A coin more or fewer, by hand."""
        self._on_coins(delta)

    def add(self) -> None:
        """Open the card picker for this city."""
        self._on_add()
