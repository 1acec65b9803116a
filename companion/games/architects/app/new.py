"""New game of 7 Wonders Architects: with or without Medals (standard or expert), 2 to 7 players
clockwise with their wonders, and the medals as they lie on the table (dealt at random as the box
says, or picked to match the table)."""

from __future__ import annotations

import random
from typing import Any

from kivy.clock import Clock
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label

from companion.app.screens import AppScreen
from companion.app.widgets.choice import ChoiceSpinner
from companion.app.widgets.common import app, name_chips
from companion.games.architects.app import ArchitectsNames, start_architects
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable
from companion.games.medals.rules.data import MEDALS, load_medals_data
from companion.games.medals.rules.table import EXPERT, STANDARD, MedalLayout, with_medals
from companion.state.errors import SessionError

MIN_PLAYERS, MAX_PLAYERS = 2, 7


class ArchitectsSeatRow(BoxLayout):
    """One seat: its number in its colour, the name, the wonder."""

    seat = NumericProperty(0)


class ArchitectsNewScreen(AppScreen):
    """Set up an Architects game."""

    players = NumericProperty(3)
    medals = BooleanProperty(True)
    expert = BooleanProperty(False)
    status_text = StringProperty("")
    camera = StringProperty("none")
    """``none``, a camera number, or ``file`` (a video or a folder of photos at `camera_path`)."""
    camera_path = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data = load_architects_data()
        self.names: list[str] = [""] * MAX_PLAYERS
        self.wonders: list[str] = []
        self.between: list[str | None] = []
        self.center_medals: list[str | None] = [None, None]

    def prepare(self, **_options: Any) -> None:
        remembered = app().store.known_player_names()
        self.names = (remembered[:MAX_PLAYERS] + [""] * MAX_PLAYERS)[:MAX_PLAYERS]
        self.players, self.medals, self.expert = 3, True, False
        self.camera = app().store_setting("app.default_camera", "none") or "none"
        if self.camera == "demo":           # the demo is a recorded 7 Wonders game
            self.camera = "none"
        self.deal_wonders(redraw=False)
        self.deal_medals(redraw=False)

    # -- choices ------------------------------------------------------------------------------------
    def available_wonders(self) -> list[str]:
        """The wonders to choose from: the base 7, and Rome and Ur with Medals."""
        return [w.id for w in self.data.wonders.values() if self.medals or w.expansion != MEDALS]

    def change_players(self, delta: int) -> None:
        """One player more or fewer."""
        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, self.players + delta))
        free = [w for w in self.available_wonders() if w not in self.wonders]
        while len(self.wonders) < self.players:
            self.wonders.append(free.pop(0))
        self.deal_medals()

    def set_medals(self, medals: bool) -> None:
        """Play with the Medals expansion or not (Rome and Ur leave the choice without it)."""
        self.medals = medals
        self.expert = self.expert and medals
        allowed = self.available_wonders()
        free = [w for w in allowed if w not in self.wonders]
        self.wonders = [w if w in allowed else free.pop(0) for w in self.wonders]
        self.refresh()

    def set_expert(self, expert: bool) -> None:
        """The expert variant: 2 more medals in the centre, open to everybody."""
        self.expert = expert and self.medals
        self.deal_medals()

    def deal_wonders(self, redraw: bool = True) -> None:
        """A wonder for every seat at random."""
        wonders = self.available_wonders()
        random.shuffle(wonders)
        self.wonders = wonders[:MAX_PLAYERS]
        if redraw:
            self.refresh()

    def deal_medals(self, redraw: bool = True) -> None:
        """Shuffle the medals: one between each two neighbours, and 2 in the centre (expert)."""
        medals = list(load_medals_data().medals)
        random.shuffle(medals)
        self.between = list(medals[: self.players])
        self.center_medals = list(medals[self.players: self.players + 2]) if self.expert else [None, None]
        if redraw:
            self.refresh()

    def _set_wonder(self, seat: int, text: str, names: dict[str, str]) -> None:
        chosen = next((w for w, n in names.items() if n == text), None)
        if chosen is None or chosen == self.wonders[seat]:
            return
        for other in range(self.players):
            if other != seat and self.wonders[other] == chosen:
                self.wonders[other] = self.wonders[seat]
        self.wonders[seat] = chosen
        Clock.schedule_once(lambda *_: self.refresh())

    def _set_medal(self, slots: list[str | None], index: int, text: str, names: dict[str, str]) -> None:
        chosen = next((m for m, n in names.items() if n == text), None)
        if chosen is None or chosen == slots[index]:
            return
        for other_slots in (self.between, self.center_medals):
            for k, medal in enumerate(other_slots):
                if medal == chosen:
                    other_slots[k] = slots[index]
        slots[index] = chosen
        Clock.schedule_once(lambda *_: self.refresh())

    # -- drawing --------------------------------------------------------------------------------------
    def refresh(self) -> None:
        running = app()
        names = ArchitectsNames(running.language, self.data)
        u = running.u
        self.ids.seats.clear_widgets()
        wonder_names = {w: names.wonder(w) for w in self.available_wonders()}
        for seat in range(self.players):
            row = ArchitectsSeatRow(seat=seat)
            row.ids.name.text = self.names[seat]
            row.ids.name.hint_text = running.tr("new_game.name_hint", number=seat + 1)
            row.ids.name.bind(text=lambda widget, text, s=seat: self.names.__setitem__(s, text))
            spinner: ChoiceSpinner = row.ids.wonder
            spinner.values = sorted(wonder_names.values())
            spinner.text = wonder_names[self.wonders[seat]]
            spinner.bind(text=lambda widget, text, s=seat: self._set_wonder(s, text, wonder_names))
            self.ids.seats.add_widget(row)
        name_chips(self.ids.known, running.store.known_player_names()[:10], self.use_name)
        medal_names = {m: names.medal(m) for m in load_medals_data().medals}
        box = self.ids.medal_rows
        box.clear_widgets()
        if not self.medals:
            return
        slots: list[tuple[str, list[str | None], int]] = []
        for k in range(self.players):
            left = self.names[(k + 1) % self.players].strip() or str((k + 1) % self.players + 1)
            here = self.names[k].strip() or str(k + 1)
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

    def use_name(self, name: str) -> None:
        """Put a remembered name in the first empty seat (or the last seat when all have names)."""
        if name in self.names[: self.players]:
            return
        empty = [s for s in range(self.players) if not self.names[s].strip()]
        self.names[empty[0] if empty else self.players - 1] = name
        self.refresh()

    # -- start ------------------------------------------------------------------------------------------
    def table(self) -> ArchitectsTable:
        """The table as set up (empty names become "Player N")."""
        running = app()
        players = tuple(ArchitectsPlayer(self.names[s].strip() or running.tr("new_game.default_name", number=s + 1),
                                         self.data.wonders[self.wonders[s]], cards={})
                        for s in range(self.players))
        table = ArchitectsTable(self.data, players)
        if not self.medals:
            return table
        layout = MedalLayout(tuple(self.between[: self.players]),
                             tuple(m for m in self.center_medals if m) if self.expert else ())
        return with_medals(table, EXPERT if self.expert else STANDARD, layout)

    def choose_camera(self, value: str) -> None:
        """Pick the camera source: what it confirms is played as the taps are."""
        self.camera = value

    def camera_spec(self) -> str | None:
        """The chosen source for the camera feed, None for none."""
        if self.camera == "file":
            return self.camera_path.strip() or None
        return None if self.camera == "none" else self.camera

    def start(self) -> None:
        """Log the set-up and open the table."""
        running = app()
        table = self.table()
        names = [p.name for p in table.players]
        if len(set(names)) != len(names):
            running.notify(running.tr("new_game.names_twice"), bad=True)
            return
        try:
            start_architects(running, table, self.camera_spec())
        except SessionError as error:
            running.notify(str(error), bad=True)


SCREEN = ArchitectsNewScreen
