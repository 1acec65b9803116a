"""Armada in a city: its port on the table's row (one tile beside the colour counts), the full
city's Armada row (the port board and naval shields, the four fleets, the islands), the port sheet
for corrections and islands, and the island picker.

The table row's tile (`CompactPort`, from `compact_row`) keeps every city in view: the fleets as
letters and spaces on their colours, the naval strength and the islands as numbers beside the score
pad's icons; one target of at least 9 mm that opens the port sheet. The full city's row
(`ArmadaPart`) is one line of touch targets at least 4 units (9 mm on the 800x480 touchscreen): a
tap on a fleet moves its ship one space up (Undo in the message bar) and asks at once for the values
of the space reached that nobody has entered yet; a tap on the port or the islands opens the port
sheet, where ships move back or forth with steppers and islands are taken or given back. Each fleet
shows its letter as well as its colour, each island its level (I-III) as well as its name.

API for the screens: `ArmadaPart().show(player, seat=..., on_fleet=..., on_island=..., on_add_island=...)`
and `compact_row(seat, player, actions)` (every callback goes to the session at once).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.app.widgets.common import Stepper, Tappable, app
from companion.app.widgets.kv import load_kv
from companion.games.armada.app.words import value_question
from companion.games.sevenwonders.app.city import CardChip

__all__ = ["FLEETS", "ArmadaPart", "CompactPort", "FleetStepper", "FleetTile", "IslandPicker", "LiveModal", "PortSheet",
           "compact_row", "island_chip", "island_name", "unknown_lines"]

load_kv("armada.kv", "companion.games.armada.app")

FLEETS = ("red", "yellow", "blue", "green")
ISLAND_FILL = "surface_high"
ROMAN = {1: "I", 2: "II", 3: "III"}


def fleet_name(fleet: str) -> str:
    """A fleet's short name in the current language (``Red``)."""
    return app().tr(f"armada.fleet.{fleet}")


def fleet_letter(fleet: str) -> str:
    """A fleet's letter in the current language (``R``), shown on its colour."""
    return app().tr(f"armada.fleet.{fleet}.letter")


def unknown_lines(unknowns: Any) -> list[str]:
    """One line per value to enter, worded as the question the app asks for it (in the player's language)."""
    running = app()
    armada = running.expansion_data("armada")
    keys = list(dict.fromkeys(u.key for u in unknowns))
    return [value_question(key, running.tr, armada, running.language) for key in keys]


class FleetTile(Tappable):
    """One fleet in the row: its letter (on an inset) and the ship's space on its colour; a tap moves
    the ship up."""

    fleet = StringProperty("")
    letter = StringProperty("")
    caption = StringProperty("")
    fill = ListProperty([0.5, 0.5, 0.5, 1])
    ink = ListProperty([1, 1, 1, 1])


class PortTile(Tappable):
    """The port board's number and the naval shields (``?`` while a value is missing); opens the sheet."""

    caption = StringProperty("")


class IslandsTile(Tappable):
    """How many islands the city holds and their levels; takes the rest of the row, opens the sheet."""

    caption = StringProperty("")


class FleetMark(BoxLayout):
    """A fleet in a table row's port: its letter (on an inset, apart from the number: "З 0" is never
    read as 30) and the ship's space, on its colour (not a target)."""

    letter = StringProperty("")
    level = StringProperty("")
    fill = ListProperty([0.5, 0.5, 0.5, 1])
    ink = ListProperty([1, 1, 1, 1])


class MarkCount(Label):
    """A number beside its icon in a table row's port (naval strength, islands)."""


class CompactPort(Tappable):
    """A city's port on its table row, beside the colour counts: the four fleets (letter and space on
    the colour), the naval strength and the islands, each a number beside the score pad's icon. One
    target: a tap opens the port sheet (steppers for the ships, the islands by name)."""

    naval = StringProperty("")
    islands = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._marks = {fleet: FleetMark() for fleet in FLEETS}
        for mark in self._marks.values():
            self.ids.fleets.add_widget(mark)
        self._actions: dict[str, Any] = {}

    def show(self, player: dict[str, Any], actions: dict[str, Any]) -> None:
        """Fill the tile from a player's table-file entry; `actions` are the port's taps (`seat`,
        ``on_fleet``, ``on_island``, ``on_add_island``), used by the sheet it opens."""
        running = app()
        theme = running.theme
        self._actions = actions
        for fleet, mark in self._marks.items():
            mark.letter, mark.level = fleet_letter(fleet), str(int(player.get("fleets", {}).get(fleet, 0)))
            mark.fill, mark.ink = theme.card_fill(fleet), theme.card_text(fleet)
        strength = running.session.part("armada").naval_strength(actions["seat"])
        self.naval = str(strength) if isinstance(strength, int) else "?"
        self.islands = str(len(player.get("islands", [])))

    def on_release(self) -> None:
        actions = self._actions
        if actions:
            PortSheet(actions["seat"], on_fleet=actions["on_fleet"], on_island=actions["on_island"],
                      on_add_island=actions["on_add_island"]).open()


class ArmadaPart(BoxLayout):
    """A city's port as one row: port and naval shields, the four fleets, the islands."""

    seat = NumericProperty(-1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._tiles: dict[str, FleetTile] = {}
        self._player: dict[str, Any] = {}
        self._on_fleet: Callable[[str, int], None] = lambda _f, _d: None
        self._on_island: Callable[[str], None] = lambda _i: None
        self._on_add_island: Callable[[], None] = lambda: None

    def show(self, player: dict[str, Any], *, on_fleet: Callable[[str, int], None],
             on_island: Callable[[str], None], on_add_island: Callable[[], None], seat: int | None = None) -> None:
        """Fill the row from the table-file entry of a player playing with Armada (`seat`: his seat,
        found by name when not given)."""
        running = app()
        theme = running.theme
        session = running.session
        self._player = player
        self._on_fleet, self._on_island, self._on_add_island = on_fleet, on_island, on_add_island
        self.seat = seat if seat is not None else next(
            (s for s, p in enumerate(session.players) if p["name"] == player["name"]), 0)
        row = self.ids.fleets
        if not self._tiles:
            for fleet in FLEETS:
                tile = FleetTile(fleet=fleet)
                tile.bind(on_release=lambda t: self.advance(t.fleet))
                self._tiles[fleet] = tile
                row.add_widget(tile)
        for fleet, tile in self._tiles.items():
            level = int(player.get("fleets", {}).get(fleet, 0))
            tile.letter, tile.caption = fleet_letter(fleet), str(level)
            tile.fill, tile.ink = theme.card_fill(fleet), theme.card_text(fleet)
        strength = session.part("armada").naval_strength(self.seat)
        self.ids.port.caption = running.tr("armada.row.port", number=player.get("port_board", "?"),
                                           shields=strength if isinstance(strength, int) else "?")
        islands = player.get("islands", [])       # the score pad's island icon, the count, the levels
        levels = [ROMAN[running.expansion_data("armada").islands[i].level] for i in islands]
        self.ids.islands.caption = f"{len(islands)}:  " + " \u00b7 ".join(levels) if levels else "0"

    def advance(self, fleet: str) -> None:
        """The ship of `fleet` one space up (Undo in the message bar); then the values of the space
        reached that nobody has entered are asked (Later keeps them unknown: nothing is guessed)."""
        from companion.games.armada.app.values import ask_values

        running = app()
        session = running.session
        seat = self.seat
        before = session.part("armada").fleet_level(seat, fleet)
        self._on_fleet(fleet, 1)
        after = session.part("armada").fleet_level(seat, fleet)
        if after == before:
            return
        running.notify(running.tr("armada.ship_moved", player=session.players[seat]["name"],
                                  fleet=fleet_name(fleet), level=after),
                       undo=lambda: self._on_fleet(fleet, -1))
        ask_values(session.part("armada").space_unknown_keys(seat, fleet),
                   board=session.players[seat].get("port_board"), seat=seat)

    def open_sheet(self) -> None:
        """The port sheet: steppers for every ship, the islands, the values to enter."""
        PortSheet(self.seat, on_fleet=self._on_fleet, on_island=self._on_island,
                  on_add_island=self._on_add_island).open()


_compact_rows: dict[int, CompactPort] = {}
"""The Armada part of each seat's row on the table, kept between redraws."""


def compact_row(seat: int, player: dict[str, Any], actions: dict[str, Any]) -> CompactPort:
    """The Armada part of a seat's row on the table (one per seat, reused), filled for `player`;
    `actions` are the port's taps: ``on_fleet``, ``on_island``, ``on_add_island`` (and ``seat``).
    One line beside the counts, so that every city stays in view; the full city has the fleets as
    one-tap targets."""
    part = _compact_rows.get(seat)
    if part is None:
        part = _compact_rows[seat] = CompactPort()
    part.show(player, actions)
    return part



def naval_figure(seat: int) -> str:
    """``Naval shields 3`` (``?`` while a value it needs is not entered), beside a city's shields."""
    running = app()
    strength = running.session.part("armada").naval_strength(seat)
    return str(running.tr("city.naval_shields", count=strength if isinstance(strength, int) else "?"))


def table_row(seat: int, player: dict[str, Any]) -> CompactPort:
    """The Armada part of a seat's row on 7 Wonders' table (its ``table_row`` panel), with the port's taps."""
    return compact_row(seat, player, port_actions(seat))


def port_actions(seat: int) -> dict[str, Any]:
    """What the taps on a city's port do (7 Wonders' ``port_actions`` panel: the row and the full city)."""
    return {"seat": seat, "on_fleet": lambda fleet, delta: move_fleet(seat, fleet, delta),
            "on_island": lambda island: remove_island(seat, island),
            "on_add_island": lambda: pick_island(seat)}


def move_fleet(seat: int, fleet: str, delta: int) -> None:
    """A ship one space up or back (a ship already at an end stays: nothing to undo)."""
    running = app()
    session = running.session
    level = session.part("armada").fleet_level(seat, fleet) + delta
    if 0 <= level <= len(session.part("armada").armada_data().fleets[fleet].spaces) - 1:
        running.attempt(session.part("armada").move_fleet, seat, fleet, delta)


def remove_island(seat: int, island: str) -> None:
    """Remove an island with one tap; the message bar offers to put it back."""
    running = app()
    session = running.session
    if not running.attempt(session.part("armada").remove_island, seat, island):
        return
    name = island_name(session.part("armada").armada_data().islands[island])
    running.notify(running.tr("table.removed", card=name, player=session.players[seat]["name"]),
                   undo=lambda: running.attempt(session.part("armada").add_island, seat, island))


def pick_island(seat: int) -> None:
    """Open the island picker for a city."""
    running = app()
    session = running.session
    player = session.players[seat]
    IslandPicker(running.tr("armada.pick_island", player=player["name"]),
                 lambda island: running.attempt(session.part("armada").add_island, seat, island)).open()


def refusal_values(values: dict[str, Any], session: Any) -> dict[str, Any]:
    """A refused tap's values with Armada's ids named (7 Wonders' ``refusal_values`` panel): the fleet's
    colour and the island in the player's language."""
    if "fleet" in values:
        values["fleet"] = app().tr(f"armada.fleet.{values['fleet']}")
    if "island" in values and session is not None:
        values["island"] = island_name(session.part("armada").armada_data().islands[values["island"]])
    return values

class FleetStepper(Stepper):
    """One fleet in the port sheet: − , its letter, name and space, + (for corrections)."""

    fleet = StringProperty("")


class LiveModal(ModalView):
    """A dialog drawn from the game (`fill`) when opened and again at every change while it is open."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        running = app()
        running.bind(revision=self._redraw)
        self.bind(on_dismiss=lambda *_: running.unbind(revision=self._redraw))

    def _redraw(self, *_: Any) -> None:
        self.fill()

    def fill(self) -> None:
        """Draw the dialog from the session."""


class PortSheet(LiveModal):
    """A city's port in full: the four ships with steppers, the islands (a tap gives one back), + Island,
    and the values its naval strength still needs."""

    title = StringProperty("")
    islands_heading = StringProperty("")
    """``Islands 3``: the full word beside the icon the table row shows alone."""

    def __init__(self, seat: int, *, on_fleet: Callable[[str, int], None], on_island: Callable[[str], None],
                 on_add_island: Callable[[], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.seat = seat
        self._on_fleet, self._on_island, self._on_add_island = on_fleet, on_island, on_add_island
        self.fill()

    def fill(self) -> None:
        """Draw the sheet from the session."""
        running = app()
        session = running.session
        player = session.players[self.seat]
        self.title = running.tr("armada.sheet.title", player=player["name"],
                                port=running.tr("armada.port_board", number=player.get("port_board", "?")))
        fleets = self.ids.fleets
        fleets.clear_widgets()
        last = {f: len(track.spaces) - 1 for f, track in session.part("armada").armada_data().fleets.items()}
        for fleet in FLEETS:
            stepper = FleetStepper(fleet=fleet, minimum=0, maximum=last[fleet],
                                   value=int(player.get("fleets", {}).get(fleet, 0)),
                                   label=f"{fleet_letter(fleet)}  {fleet_name(fleet)}")
            stepper.on_change = lambda value, f=fleet: self._step(f, value)
            fleets.add_widget(stepper)
        self.islands_heading = running.tr("armada.row.islands", count=len(player.get("islands", [])))
        islands = self.ids.islands
        islands.clear_widgets()
        for island in player.get("islands", []):
            chip = island_chip(island)
            chip.bind(on_release=lambda _chip, ident=island: self._on_island(ident))
            islands.add_widget(chip)
        self._choices(player)
        values = self.ids.needed
        values.clear_widgets()
        strength = session.part("armada").naval_strength(self.seat)
        if not isinstance(strength, int):
            from companion.games.armada.app.values import values_button

            values.add_widget(values_button(strength))

    def _choices(self, player: dict[str, Any]) -> None:
        """The end-game choices the city's cards and islands leave to the player: a choice per option,
        and "the best for the score" (the engine's pick) until one is stated."""
        from kivy.uix.gridlayout import GridLayout

        from companion.app.widgets.common import TextLabel, ToggleChoice

        running = app()
        session = running.session
        words = running.words
        box = self.ids.choices
        box.clear_widgets()
        for key, options in session.part("armada").choice_options(self.seat).items():
            box.add_widget(TextLabel(text=running.tr(f"armada.choice.{key}"), font_size=running.u * 1.15))
            grid = GridLayout(cols=4, size_hint_y=None, spacing=running.u * 0.3)
            grid.bind(minimum_height=grid.setter("height"))
            stated = player.get(key)
            for value in (None, *options):
                if value is None:
                    text = running.tr("armada.choice.best")
                elif key == "naval_conflicts":
                    text = running.tr(f"armada.choice.{value}")
                else:
                    text = words.color(value) if key == "rainbow_color" else words.symbol(value)
                choice = ToggleChoice(text=text, value=value, chosen=value == stated)
                choice.bind(on_release=lambda c, k=key: running.attempt(session.part("armada").set_choice, self.seat, k,
                                                                        c.value))
                grid.add_widget(choice)
            box.add_widget(grid)

    def _step(self, fleet: str, value: int) -> None:
        level = app().session.part("armada").fleet_level(self.seat, fleet)
        if value != level:
            self._on_fleet(fleet, value - level)

    def add_island(self) -> None:
        """Open the island picker."""
        self._on_add_island()


def island_name(island: Any) -> str:
    """An island's name in the current language (the English one where none is given)."""
    return str(island.names.get(app().language) or island.name)


def island_chip(island_id: str) -> CardChip:
    """An island: its level in Roman numerals (as printed) and its name."""
    running = app()
    island = running.session.part("armada").armada_data().islands[island_id]
    theme = running.theme
    return CardChip(name=island_name(island), letter=ROMAN[island.level],
                    fill=theme.rgba(ISLAND_FILL), ink=theme.rgba("text"))


class IslandPicker(ModalView):
    """Pick an island no city holds (of one level when `level` is given); `on_pick(island_id)` is
    called and the picker closes."""

    title = StringProperty("")

    def __init__(self, title: str, on_pick: Callable[[str], None], *, level: int | None = None,
                 **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = title
        self.on_pick = on_pick
        running = app()
        session = running.session
        taken = session.part("armada").taken_islands()
        islands = session.part("armada").armada_data().islands
        names = {i: island_name(island) for i, island in islands.items()}
        grid = self.ids.islands
        free = (i for i in islands if i not in taken and (level is None or islands[i].level == level))
        for ident in sorted(free, key=lambda i: (islands[i].level, names[i])):
            chip = island_chip(ident)
            chip.bind(on_release=lambda _chip, chosen=ident: self.pick(chosen))
            grid.add_widget(chip)

    def pick(self, island_id: str) -> None:
        """Choose an island."""
        self.dismiss()
        self.on_pick(island_id)
