"""New game: the game and expansions, the players clockwise with their wonders, the camera.

Names are picked from earlier games with one tap (typing is possible, never needed); wonders are
read from the boards the camera sees, dealt at random as the box says, or picked by hand. Each
installed expansion adds its part (`PANELS` slot ``new_game``: Armada's choices, port boards and
eighth wonder): the screen asks it what it adds and what the game's start takes.
"""

from __future__ import annotations

import random
from typing import Any

from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.spinner import Spinner
from kivy.uix.textinput import TextInput

from companion.app.registry import PANELS, panel_class
from companion.app.screens import AppScreen
from companion.app.widgets.common import ToggleChoice, app, name_chips
from companion.games.sevenwonders.session import SeatSetup, SessionError

MIN_PLAYERS, MOST_PLAYERS = 2, 7
"""The base game's player counts (an expansion may seat more: its panel's ``most_players``)."""
SEATS = 8
"""The seats the screen keeps choices for."""
CAMERAS = ("none", "0", "demo", "file")


class SeatRow(BoxLayout):
    """One seat: its number in its colour, the name, the wonder and the side."""

    seat = NumericProperty(0)
    free_city = BooleanProperty(False)
    side = StringProperty("A")


class NewGameScreen(AppScreen):
    """Set up a game."""

    players = NumericProperty(3)
    camera = StringProperty("none")
    camera_path = StringProperty("")
    scanning = BooleanProperty(False)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.names: list[str] = []
        self.wonders: list[str | None] = []
        self.sides: list[str] = []
        self._scan_feed: Any = None
        self.panels: dict[str, Any] = {panel.expansion: panel_class("new_game", panel.expansion)(self)
                                       for panel in PANELS.values() if panel.slot == "new_game"}
        """Each installed expansion's part of the screen, by expansion id (made once: each adds its
        choices to the row of games)."""

    @property
    def most_players(self) -> int:
        """The most players the screen seats: the base game's, or more with an expansion that seats more."""
        return max([MOST_PLAYERS, *(panel.most_players for panel in self.panels.values())])

    def prepare(self, **_options: Any) -> None:
        running = app()
        remembered = running.store.known_player_names()
        self.names = remembered[:3] + [""] * max(0, 3 - len(remembered))
        self.players = 3
        self.wonders, self.sides = [None] * SEATS, ["A"] * SEATS
        self.camera = running.store_setting("app.default_camera", "none") or "none"
        for panel in self.panels.values():
            panel.prepare()
        self.deal_wonders()

    # -- drawing --------------------------------------------------------------------------------
    def refresh(self) -> None:
        running = app()
        words = running.words
        self.ids.seats.clear_widgets()
        wonder_names = {w: words.wonder(w) for w in running.store.data.wonders}
        for panel in self.panels.values():
            wonder_names.update(panel.extra_wonders())
        teams = self.team_names(list(range(self.seat_count))) or []
        for seat in range(self.seat_count):
            team = next((number for number, members in enumerate(teams, start=1) if seat == members[0]), None)
            if team is not None:                # the team variant: each pair of seats under its team's name
                self.ids.seats.add_widget(Factory.SectionTitle(text=running.tr("city.team", number=team) + "  \u2014  "
                                                               + running.tr("new_game.team_seats", first=seat + 1,
                                                                            second=seat + 2)))
            row = SeatRow(seat=seat, free_city=self._is_free_city(seat), side=self.sides[seat])
            name_input: TextInput = row.ids.name
            name_input.text = running.tr("new_game.free_city") if row.free_city else self.names[seat]
            name_input.hint_text = running.tr("new_game.name_hint", number=seat + 1)
            name_input.disabled = row.free_city
            name_input.bind(text=lambda widget, text, s=seat: self._set_name(s, text))
            spinner: Spinner = row.ids.wonder
            options = self._wonder_options(seat, wonder_names)
            spinner.values = list(options)
            wonder = self.wonders[seat]
            spinner.text = wonder_names[wonder] if wonder else running.tr("new_game.pick_wonder")
            spinner.bind(text=lambda widget, text, s=seat, names=options: self._set_wonder(s, text, names))
            for side_button in (row.ids.side_a, row.ids.side_b):
                side_button.bind(on_release=lambda button, s=seat: self._set_side(s, button.value))
            for panel in self.panels.values():          # an expansion's part of the seat (Armada's port)
                widget = panel.seat_widget(seat)
                if widget is not None:
                    row.add_widget(widget)
            self.ids.seats.add_widget(row)
        name_chips(self.ids.known, running.store.known_player_names()[:10], self.use_name)
        self.ids.eighth.clear_widgets()
        for panel in self.panels.values():
            panel.show_extra(self.ids.eighth)
            panel.draw()
        for choice in self.ids.cameras.children:
            if isinstance(choice, ToggleChoice):
                choice.chosen = choice.value == self.camera

    @property
    def seat_count(self) -> int:
        """Seats at the table: the players, and the free city in the two-player variant."""
        return 3 if self.players == 2 else self.players

    def _is_free_city(self, seat: int) -> bool:
        return self.players == 2 and seat == 2

    # -- choices ----------------------------------------------------------------------------------
    def change_players(self, delta: int) -> None:
        """One player more or fewer."""
        self.players = max(MIN_PLAYERS, min(self.most_players, self.players + delta))
        for panel in self.panels.values():
            panel.players_changed()
        while len(self.names) < self.seat_count:
            self.names.append("")
        self._fill_missing_wonders()
        self.refresh()

    def expansions(self) -> dict[str, dict[str, Any]]:
        """The expansions chosen, each with the set-up its part gives the game's start."""
        return {expansion: panel.set_up() for expansion, panel in self.panels.items() if panel.chosen}

    def team_names(self, names: list[Any]) -> list[list[Any]] | None:
        """The teams of a team variant chosen (an expansion's), as the log takes them; None without one."""
        return next((teams for panel in self.panels.values() if (teams := panel.team_names(names)) is not None), None)

    def use_name(self, name: str) -> None:
        """Put a remembered name in the first empty seat (or the last seat when all have names)."""
        if name in self.names[: self.players if self.players > 2 else 2]:
            return
        seats = range(self.players if self.players > 2 else 2)
        empty = [s for s in seats if not self.names[s].strip()]
        self.names[empty[0] if empty else seats[-1]] = name
        self.refresh()

    def _set_name(self, seat: int, text: str) -> None:
        if not self._is_free_city(seat):
            self.names[seat] = text

    def _wonder_options(self, seat: int, names: dict[str, str]) -> dict[str, str]:
        """A seat's wonder list (shown text -> wonder): the free wonders, then those other seats hold,
        each marked with its seat (``Colossus — 2 Boris``)."""
        running = app()
        holders = {self.wonders[other]: other for other in range(self.seat_count) if other != seat}
        free = sorted((w for w in names if w not in holders), key=names.get)
        taken = sorted((w for w in names if w in holders), key=names.get)
        options = {names[w]: w for w in free}
        for wonder in taken:
            other = holders[wonder]
            options[running.tr("new_game.wonder_taken", wonder=names[wonder], seat=other + 1,
                               player=self._seat_name(other))] = wonder
        return options

    def _seat_name(self, seat: int) -> str:
        running = app()
        if self._is_free_city(seat):
            return str(running.tr("new_game.free_city"))
        return self.names[seat].strip() or str(running.tr("new_game.default_name", number=seat + 1))

    def _set_wonder(self, seat: int, text: str, options: dict[str, str]) -> None:
        """A wonder picked from the list; one another seat holds is swapped with this seat's, and the
        message bar says so (a wonder never moves silently)."""
        chosen = options.get(text)
        if chosen is None or chosen == self.wonders[seat]:
            return
        running = app()
        for other in range(self.seat_count):
            if other != seat and self.wonders[other] == chosen:
                self.wonders[other] = self.wonders[seat]
                given = self.wonders[other]
                running.notify(running.tr(
                    "new_game.wonders_swapped", wonder=running.words.wonder(chosen), seat=seat + 1,
                    player=self._seat_name(seat), other=self._seat_name(other), other_seat=other + 1,
                    given=running.words.wonder(given) if given else running.tr("new_game.pick_wonder")))
        self.wonders[seat] = chosen
        Clock.schedule_once(lambda *_: self.refresh())

    def _set_side(self, seat: int, side: str) -> None:
        self.sides[seat] = side
        self.refresh()

    def deal_wonders(self) -> None:
        """Deal a wonder to every seat at random, each on a random side (as the box suggests)."""
        wonders = self._wonder_ids()
        random.shuffle(wonders)
        self.wonders = wonders[: self.seat_count] + [None] * (SEATS - self.seat_count)
        self.sides = [random.choice("AB") for _ in range(SEATS)]
        self.refresh()

    def _fill_missing_wonders(self) -> None:
        offered = set(self._wonder_ids())                  # the eighth wonder leaves with the eighth player
        self.wonders = [w if w in offered else None for w in self.wonders]
        taken = {w for w in self.wonders[: self.seat_count] if w}
        free = [w for w in self._wonder_ids() if w not in taken]
        for seat in range(self.seat_count):
            if not self.wonders[seat] and free:
                self.wonders[seat] = free.pop(0)
        for seat in range(self.seat_count, SEATS):
            self.wonders[seat] = None

    def _wonder_ids(self) -> list[str]:
        """The wonders a seat may take: the base game's seven, and those the expansions add now (at 8
        players Armada's eighth, from another expansion)."""
        return list(app().store.data.wonders) + [w for panel in self.panels.values() for w in panel.extra_wonders()]

    def choose_camera(self, value: str) -> None:
        """Pick the camera source."""
        self.camera = value
        self.refresh()

    def camera_spec(self) -> str | None:
        """The chosen source for the camera feed, None for none."""
        if self.camera == "none":
            return None
        if self.camera == "file":
            return self.camera_path.strip() or None
        return self.camera

    # -- boards from the camera ---------------------------------------------------------------------
    def read_boards(self) -> None:
        """Look at the table for a few seconds and take the wonders, sides and seating from the boards."""
        spec = self.camera_spec()
        running = app()
        if spec is None:
            running.notify(running.tr("new_game.no_camera_for_boards"), bad=True)
            return
        from companion.app.camera import open_feed

        try:
            self._scan_feed = open_feed(spec, player_count=max(3, self.players))
        except (OSError, ValueError) as error:
            key, values = running.camera_problem(spec, error)
            running.notify(running.tr(key, **values), bad=True)
            return
        self._scan_feed.start()
        self.scanning = True
        self._seen: list[list[Any]] = []
        Clock.schedule_once(self._finish_scan, 3.0)

    def _finish_scan(self, *_: Any) -> None:
        feed, self._scan_feed = self._scan_feed, None
        self.scanning = False
        if feed is None:
            return
        boards: list[Any] = []
        for recognised in feed.drain():
            seats = recognised.result.observation.seats
            if len(seats) > len(boards):
                boards = [s.board for s in seats]
        feed.stop()
        running = app()
        if len(boards) < 2:
            running.notify(running.tr("new_game.boards_not_seen"), bad=True)
            return
        self.players = len(boards)
        self.wonders = [b.wonder for b in boards] + [None] * (SEATS - len(boards))
        self.sides = [b.side or "A" for b in boards] + ["A"] * (SEATS - len(boards))
        while len(self.names) < len(boards):
            self.names.append("")
        running.notify(running.tr("new_game.boards_read", count=len(boards)))
        self.refresh()

    # -- start -----------------------------------------------------------------------------------
    def setup(self) -> list[SeatSetup]:
        """The seats as entered (empty names become "Player N"; the free city keeps its fixed name)."""
        running = app()
        rules = running.store.data.rules
        seats = []
        for seat in range(self.seat_count):
            if self._is_free_city(seat):
                name = rules.free_city_name
            else:
                name = self.names[seat].strip() or running.tr("new_game.default_name", number=seat + 1)
            wonder = self.wonders[seat] or ""
            described = (panel.wonder_description(wonder) for panel in self.panels.values())
            seats.append(SeatSetup(name, wonder, self.sides[seat],
                                   next((d for d in described if d is not None), None)))
        return seats

    def start(self) -> None:
        """Log the set-up and open the table."""
        running = app()
        seats = self.setup()
        if any(not s.wonder for s in seats):
            running.notify(running.tr("new_game.wonder_missing"), bad=True)
            return
        if any(s.other_wonder is not None and not s.other_wonder["name"] for s in seats):
            running.notify(running.tr("new_game.other_name_missing"), bad=True)
            return
        names = [s.name for s in seats]
        if len(set(names)) != len(names):
            running.notify(running.tr("new_game.names_twice"), bad=True)
            return
        running.store_set("app.default_camera", self.camera)
        try:
            running.start_game(seats, variant="two-player" if self.players == 2 else "standard",
                               camera=self.camera_spec(), expansions=self.expansions(),
                               teams=self.team_names(names))
        except SessionError as error:
            running.notify(running.refusal_text(error), bad=True)


SCREEN = NewGameScreen
