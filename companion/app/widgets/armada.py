"""Armada on the table screen: a city's four fleets with steppers and its islands as chips, and the
island picker.

Each fleet shows its letter and name as well as its colour, each island its level (I-III) as well as
its name, so colour is never the only sign. Every change goes to the session at once.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.modalview import ModalView

from companion.app.widgets.city import CardChip
from companion.app.widgets.common import app

__all__ = ["FLEETS", "ArmadaPart", "FleetStepper", "IslandPicker", "island_chip", "island_name", "unknown_lines"]

FLEETS = ("red", "yellow", "blue", "green")
ISLAND_FILL = "surface_high"


def fleet_name(fleet: str) -> str:
    """A fleet's short name in the current language (``Red``)."""
    return app().tr(f"armada.fleet.{fleet}")


def fleet_letter(fleet: str) -> str:
    """A fleet's letter in the current language (``R``), shown on its colour."""
    return app().tr(f"armada.fleet.{fleet}.letter")


def unknown_lines(unknowns: Any) -> list[str]:
    """One line per value to enter: the engine's words naming it, and how to enter it."""
    running = app()
    return [running.tr("armada.enter_value", value=u.label, how=u.edit) for u in unknowns]


class FleetStepper(BoxLayout):
    """One fleet: − , its letter, name and space on its colour, + ."""

    fleet = StringProperty("")
    name = StringProperty("")
    letter = StringProperty("")
    level = NumericProperty(0)
    fill = ListProperty([0.5, 0.5, 0.5, 1])
    ink = ListProperty([1, 1, 1, 1])
    caption = StringProperty("")
    """The fleet's letter and the ship's space, as markup (``[b]R[/b]  3``): the letter, not only the
    colour, says which fleet it is (the full name would not fit four fleets across a city)."""

    def __init__(self, on_step: Callable[[str, int], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._on_step = on_step

    def step(self, delta: int) -> None:
        """Move the ship one space up or back."""
        self._on_step(self.fleet, delta)


class ArmadaPart(BoxLayout):
    """A city's port: the fleets row and the islands (chips, + to add)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._steppers: dict[str, FleetStepper] = {}

    def show(self, player: dict[str, Any], *, on_fleet: Callable[[str, int], None],
             on_island: Callable[[str], None], on_add_island: Callable[[], None]) -> None:
        """Fill the part from the table-file entry of a player playing with Armada."""
        running = app()
        theme = running.theme
        self._on_add_island = on_add_island
        row = self.ids.fleets
        if not self._steppers:
            for fleet in FLEETS:
                stepper = FleetStepper(on_fleet, fleet=fleet)
                self._steppers[fleet] = stepper
                row.add_widget(stepper)
        for fleet, stepper in self._steppers.items():
            stepper._on_step = on_fleet
            stepper.name, stepper.letter = fleet_name(fleet), fleet_letter(fleet)
            stepper.level = int(player.get("fleets", {}).get(fleet, 0))
            stepper.fill, stepper.ink = theme.card_fill(fleet), theme.card_text(fleet)
            stepper.caption = f"[b]{stepper.letter}[/b]  {stepper.level}"
        self.ids.board.text = running.tr("armada.port_board", number=player.get("port_board", "?"))
        stack = self.ids.islands
        for chip in [c for c in stack.children if isinstance(c, CardChip)]:
            stack.remove_widget(chip)
        for island in player.get("islands", []):
            chip = island_chip(island)
            chip.bind(on_release=lambda _chip, ident=island: on_island(ident))
            stack.add_widget(chip)

    def add_island(self) -> None:
        """Open the island picker."""
        self._on_add_island()


def island_name(island: Any) -> str:
    """An island's name in the current language (the English one where none is given)."""
    return str(island.names.get(app().language) or island.name)


def island_chip(island_id: str) -> CardChip:
    """An island: its level in Roman numerals (as printed) and its name."""
    running = app()
    island = running.session.armada_data().islands[island_id]
    theme = running.theme
    return CardChip(name=island_name(island), letter="I" * island.level,
                    fill=theme.rgba(ISLAND_FILL), ink=theme.rgba("text"))


class IslandPicker(ModalView):
    """Pick an island no city holds; `on_pick(island_id)` is called and the picker closes."""

    title = StringProperty("")

    def __init__(self, title: str, on_pick: Callable[[str], None], **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.title = title
        self.on_pick = on_pick
        running = app()
        session = running.session
        taken = session.taken_islands()
        islands = session.armada_data().islands
        names = {i: island_name(island) for i, island in islands.items()}
        grid = self.ids.islands
        for ident in sorted((i for i in islands if i not in taken), key=lambda i: (islands[i].level, names[i])):
            chip = island_chip(ident)
            chip.bind(on_release=lambda _chip, chosen=ident: self.pick(chosen))
            grid.add_widget(chip)

    def pick(self, island_id: str) -> None:
        """Choose an island."""
        self.dismiss()
        self.on_pick(island_id)
