"""Medals on Architects' New game screen: with or without Medals, standard or expert (a row of choices at
the top), a button that shuffles the medals beside the one that deals the wonders, and the medal lying
between each two neighbours (and the 2 in the centre, expert), dealt at random as the box says or
picked to match the table."""

from __future__ import annotations

import random
from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.app.widgets.choice import ChoiceSpinner
from companion.app.widgets.common import BigButton, ToggleChoice, app
from companion.games.architects.app import ArchitectsNames
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.medals.rules.data import MEDALS, load_medals_data
from companion.games.medals.rules.table import EXPERT, STANDARD, MedalLayout, with_medals

__all__ = ["MedalsSetUp"]


class MedalsSetUp:
    """Medals' part of the New game screen (`screen`): its choices, drawn into the screen's hosts
    (``expansion_options``, ``deal_row``, ``expansion_setup``), and the set-up it adds to the table."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.chosen = True
        """Played with Medals (the wonders and tokens it adds are offered then)."""
        self.expert = False
        self.between: list[str | None] = []
        self.center_medals: list[str | None] = [None, None]
        self._drawn: list[Any] = []

    def prepare(self) -> None:
        """A new set-up: with Medals, standard, the medals dealt for the screen's players."""
        self.chosen, self.expert = True, False
        self.deal(redraw=False)

    def players_changed(self) -> None:
        """Deal the medals again for the new number of players (the screen redraws)."""
        self.deal(redraw=False)

    def set_chosen(self, chosen: bool) -> None:
        """Play with the Medals expansion or not (the screen drops Rome and Ur without it)."""
        self.chosen = chosen
        self.expert = self.expert and chosen
        self.screen.expansions_changed()

    def set_expert(self, expert: bool) -> None:
        """The expert variant: 2 more medals in the centre, open to everybody."""
        self.expert = expert and self.chosen
        self.deal()

    def deal(self, redraw: bool = True) -> None:
        """Shuffle the medals: one between each two neighbours, and 2 in the centre (expert)."""
        medals = list(load_medals_data().medals)
        random.shuffle(medals)
        players = self.screen.players
        self.between = list(medals[:players])
        self.center_medals = list(medals[players: players + 2]) if self.expert else [None, None]
        if redraw:
            self.screen.refresh()

    def _set_medal(self, slots: list[str | None], index: int, text: str, names: dict[str, str]) -> None:
        chosen = next((m for m, n in names.items() if n == text), None)
        if chosen is None or chosen == slots[index]:
            return
        for other_slots in (self.between, self.center_medals):
            for k, medal in enumerate(other_slots):
                if medal == chosen:
                    other_slots[k] = slots[index]
        slots[index] = chosen
        Clock.schedule_once(lambda *_: self.screen.refresh())

    def apply(self, table: ArchitectsTable) -> ArchitectsTable:
        """The table set up with Medals as chosen (unchanged without Medals)."""
        if not self.chosen:
            return table
        players = len(table.players)
        layout = MedalLayout(tuple(self.between[:players]),
                             tuple(m for m in self.center_medals if m) if self.expert else ())
        return with_medals(table, EXPERT if self.expert else STANDARD, layout)

    # -- drawing ------------------------------------------------------------------------------------------
    def draw(self) -> None:
        """Put its widgets in the screen's hosts, as the choices stand."""
        for widget in self._drawn:
            if widget.parent is not None:
                widget.parent.remove_widget(widget)
        running = app()
        u = running.u
        ids = self.screen.ids
        options = BoxLayout(size_hint_y=None, height=u * 3.2, spacing=u * 0.5)
        choices = (("architects.without_medals", not self.chosen, True, lambda *_: self.set_chosen(False)),
                   ("architects.with_medals", self.chosen, True, lambda *_: self.set_chosen(True)),
                   ("architects.standard", self.chosen and not self.expert, self.chosen,
                    lambda *_: self.set_expert(False)),
                   ("architects.expert", self.expert, self.chosen, lambda *_: self.set_expert(True)))
        for text, chosen, enabled, action in choices:
            toggle = ToggleChoice(text=running.tr(text), chosen=chosen, disabled=not enabled,
                                  opacity=1 if enabled else 0.3)
            toggle.bind(on_release=action)
            options.add_widget(toggle)
        ids.expansion_options.add_widget(options)
        shuffle = BigButton(text=running.tr("architects.deal_medals"), disabled=not self.chosen,
                            opacity=1 if self.chosen else 0)
        shuffle.bind(on_release=lambda *_: self.deal())
        ids.deal_row.add_widget(shuffle)
        self._drawn = [options, shuffle]
        if not self.chosen:
            return
        title = Factory.SectionTitle(text=running.tr("architects.medals_on_table"))
        rows = BoxLayout(orientation="vertical", size_hint_y=None, spacing=u * 0.4)
        rows.bind(minimum_height=rows.setter("height"))
        ids.expansion_setup.add_widget(title)
        ids.expansion_setup.add_widget(rows)
        self._drawn += [title, rows]
        self._draw_rows(rows)

    def _draw_rows(self, box: Any) -> None:
        running = app()
        u = running.u
        names = ArchitectsNames(running.language, self.screen.data)
        medal_names = {m: names.item(MEDALS, m) for m in load_medals_data().medals}
        players, seat_names = self.screen.players, self.screen.names
        slots: list[tuple[str, list[str | None], int]] = []
        for k in range(players):
            left = seat_names[(k + 1) % players].strip() or str((k + 1) % players + 1)
            here = seat_names[k].strip() or str(k + 1)
            slots.append((f"{here} \u2013 {left}", self.between, k))
        if self.expert:
            slots += [(running.tr("architects.center"), self.center_medals, i) for i in range(2)]
        for label, slot_list, index in slots:
            row = BoxLayout(size_hint_y=None, height=u * 3.2, spacing=u * 0.5)
            place = Label(text=label, font_size=u * 1.1, size_hint_x=0.34, halign="left", valign="middle", max_lines=2)
            place.bind(size=lambda widget, size: setattr(widget, "text_size", (size[0], None)))
            row.add_widget(place)
            spinner = ChoiceSpinner(values=sorted(medal_names.values()),
                                    text=medal_names.get(slot_list[index] or "", ""), font_size=u * 1.1,
                                    option_cls="WonderOption", background_normal="",
                                    background_color=running.theme.rgba("surface_high"))
            spinner.bind(text=lambda widget, text, s=slot_list, i=index: self._set_medal(s, i, text, medal_names))
            row.add_widget(spinner)
            box.add_widget(row)
