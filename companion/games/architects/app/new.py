"""New game of 7 Wonders Architects: 2 to 7 players clockwise with their wonders, and each installed
expansion's choices (its panel in the ``architects_new`` slot: with it or not, and its set-up)."""

from __future__ import annotations

import random
from typing import Any

from kivy.clock import Clock
from kivy.properties import NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout

from companion.app.registry import panel_class
from companion.app.screens import AppScreen
from companion.app.widgets.choice import ChoiceSpinner
from companion.app.widgets.common import app, name_chips
from companion.games.architects.app import ArchitectsNames, start_architects
from companion.games.architects.rules.data import load_architects_data
from companion.games.architects.rules.extension import installed_extensions
from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable
from companion.state.errors import SessionError

MIN_PLAYERS, MAX_PLAYERS = 2, 7


class ArchitectsSeatRow(BoxLayout):
    """One seat: its number in its colour, the name, the wonder."""

    seat = NumericProperty(0)


class ArchitectsNewScreen(AppScreen):
    """Set up an Architects game."""

    players = NumericProperty(3)
    status_text = StringProperty("")
    camera = StringProperty("none")
    """``none``, a camera number, or ``file`` (a video or a folder of photos at `camera_path`)."""
    camera_path = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.data = load_architects_data()
        self.names: list[str] = [""] * MAX_PLAYERS
        self.wonders: list[str] = []
        self.panels: dict[str, Any] = {}
        """Each installed expansion's part of the screen (its panel in the ``architects_new`` slot), by id: its
        `chosen`, `prepare()`, `players_changed()`, `draw()` and `apply(table)`."""
        for ext in installed_extensions():
            kind = panel_class("architects_new", ext.id)
            if kind is not None:
                self.panels[ext.id] = kind(self)

    def prepare(self, **_options: Any) -> None:
        remembered = app().store.known_player_names()
        self.names = (remembered[:MAX_PLAYERS] + [""] * MAX_PLAYERS)[:MAX_PLAYERS]
        self.players = 3
        self.camera = app().store_setting("app.default_camera", "none") or "none"
        if self.camera == "demo":           # the demo is a recorded 7 Wonders game
            self.camera = "none"
        self.deal_wonders(redraw=False)
        for panel in self.panels.values():
            panel.prepare()

    # -- choices ------------------------------------------------------------------------------------
    def played(self) -> set[str]:
        """The expansions chosen."""
        return {ext for ext, panel in self.panels.items() if panel.chosen}

    def available_wonders(self) -> list[str]:
        """The wonders to choose from: the base game's, and those of the expansions chosen."""
        played = self.played()
        return [w.id for w in self.data.wonders.values() if w.expansion is None or w.expansion in played]

    def change_players(self, delta: int) -> None:
        """One player more or fewer."""
        self.players = max(MIN_PLAYERS, min(MAX_PLAYERS, self.players + delta))
        free = [w for w in self.available_wonders() if w not in self.wonders]
        while len(self.wonders) < self.players:
            self.wonders.append(free.pop(0))
        for panel in self.panels.values():
            panel.players_changed()
        self.refresh()

    def expansions_changed(self) -> None:
        """An expansion was chosen or left out: its wonders join the choice or leave it."""
        allowed = self.available_wonders()
        free = [w for w in allowed if w not in self.wonders]
        self.wonders = [w if w in allowed else free.pop(0) for w in self.wonders]
        self.refresh()

    def deal_wonders(self, redraw: bool = True) -> None:
        """A wonder for every seat at random."""
        wonders = self.available_wonders()
        random.shuffle(wonders)
        self.wonders = wonders[:MAX_PLAYERS]
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

    # -- drawing --------------------------------------------------------------------------------------
    def refresh(self) -> None:
        running = app()
        names = ArchitectsNames(running.language, self.data)
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
        for panel in self.panels.values():
            panel.draw()

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
        for panel in self.panels.values():
            table = panel.apply(table)
        return table

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
