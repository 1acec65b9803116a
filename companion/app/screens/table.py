"""The table: the camera picture with the markers outlined, and every player's city around it.

Cards confirmed by the camera appear by themselves; pending ones are dashed and a tap confirms
them; a tap on a card removes it (undo in the message bar); the picker adds what the camera cannot see.
"""

from __future__ import annotations

import json
from typing import Any

from kivy.properties import StringProperty

from companion.app.screens import AppScreen
from companion.app.widgets.city import CityPanel
from companion.app.widgets.common import app
from companion.app.widgets.picker import CardPicker


class TableScreen(AppScreen):
    """The game as it stands."""

    age_text = StringProperty("")
    problems = StringProperty("")

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        # Held here: a part taken out of the layout must outlive the kv ids, which are weak.
        ids = self.ids
        self._parts = (ids.preview.__self__, ids.left_scroll.__self__, ids.right_scroll.__self__)
        self._columns = (ids.left.__self__, ids.right.__self__)
        self._panels: list[tuple[tuple[Any, ...], CityPanel]] = []
        """Each seat's panel and what it shows, so that only a changed city is drawn again."""

    def refresh(self) -> None:
        """Show the game as it stands; a city is drawn again only when what it shows changed (its
        table entry, pending cards, total, language, size unit or the Armada values entered)."""
        running = app()
        session = running.session
        if session is None:
            return
        age = min(session.age, running.store.data.rules.ages)
        self.age_text = running.tr("table.age", age="I" * age) if session.age <= 3 else running.tr("table.game_over")
        self.problems = session.problems[-1] if session.problems else ""
        last_age = running.store.data.rules.ages
        self.ids.end_age.text = (running.tr("table.end_age", age="I" * session.age) if session.age <= last_age
                                 else running.tr("table.to_score"))
        totals = None
        if running.show_scores:
            totals = {line.name: line.total for line in session.scores().lines}
        pending: dict[int, list[Any]] = {}
        for seat, entry in session.pending():
            pending.setdefault(seat, []).append(entry)
        self._arrange(running.camera_on)
        players = session.players
        del self._panels[len(players):]
        armada = id(running.armada_data()) if session.has_armada else None    # new when values are entered
        panels = []
        for seat, player in enumerate(players):
            total = totals.get(player["name"]) if totals else None
            shown = (running.language, running.u, json.dumps(player, sort_keys=True), armada,
                     tuple(entry.component.marker for entry in pending.get(seat, [])), total)
            if seat == len(self._panels):
                self._panels.append(((), CityPanel()))
            before, panel = self._panels[seat]
            if before != shown:              # only a city that changed is built again (the camera changes one)
                panel.show(seat, player, pending=pending.get(seat, []), total=total,
                           on_card=lambda card, s=seat: self.remove_card(s, card),
                           on_pending=lambda marker, s=seat: self.confirm(s, marker),
                           on_add=lambda s=seat: self.pick_card(s),
                           on_stage=lambda delta, s=seat: self.change_stages(s, delta),
                           on_coins=lambda delta, s=seat: self.change_coins(s, delta),
                           armada=self._port_actions(seat) if session.has_armada else None)
                self._panels[seat] = (shown, panel)
            panels.append(panel)
        half = (len(players) + 1) // 2 if not running.camera_on else len(players)
        placed = list(zip(self._columns, (panels[:half], panels[half:]), strict=True))
        if any(list(reversed(column.children)) != wanted for column, wanted in placed):
            for column, _ in placed:
                column.clear_widgets()
            for column, wanted in placed:
                for panel in wanted:
                    column.add_widget(panel)

    def _arrange(self, camera_on: bool) -> None:
        """With the camera: its picture and one column of cities; without: two columns of cities."""
        preview, left, right = self._parts
        main = self.ids.main
        wanted = [preview, left] if camera_on else [left, right]
        if list(reversed(main.children)) != wanted:
            main.clear_widgets()
            for widget in wanted:
                main.add_widget(widget)

    # -- taps -------------------------------------------------------------------------------------
    def remove_card(self, seat: int, card_id: str) -> None:
        """Remove a card with one tap; the message bar offers to put it back."""
        running = app()
        session = running.session
        if not running.attempt(session.remove_card, seat, card_id):
            return
        name = running.words.card(card_id)
        running.notify(running.tr("table.removed", card=name, player=session.players[seat]["name"]),
                       undo=lambda: running.attempt(session.add_card, seat, card_id))

    def confirm(self, seat: int, marker: int) -> None:
        """Confirm a pending card with a tap."""
        running = app()
        running.attempt(running.session.confirm_pending, seat, marker)

    def pick_card(self, seat: int) -> None:
        """Open the picker to add a card the camera cannot see."""
        running = app()
        session = running.session
        player = session.players[seat]

        def add(card_id: str) -> None:
            if running.attempt(session.add_card, seat, card_id):
                running.notify(running.tr("table.added", card=running.words.card(card_id), player=player["name"]),
                               undo=lambda: running.attempt(session.remove_card, seat, card_id))

        CardPicker(running.tr("picker.add_title", player=player["name"]), add, exclude=set(player["cards"])).open()

    def change_stages(self, seat: int, delta: int) -> None:
        """A stage more or fewer."""
        running = app()
        stages = running.session.players[seat]["stages"] + delta
        if stages >= 0:
            running.attempt(running.session.set_stages, seat, stages)   # past the last: a message says how many

    def change_coins(self, seat: int, delta: int) -> None:
        """A coin more or fewer."""
        running = app()
        coins = running.session.players[seat]["coins"] + delta
        if coins >= 0:
            running.attempt(running.session.set_coins, seat, coins, why="corrected")

    def _port_actions(self, seat: int) -> dict[str, Any]:
        """What the taps on a city's port do (Armada)."""
        return {"seat": seat, "on_fleet": lambda fleet, delta: self.move_fleet(seat, fleet, delta),
                "on_island": lambda island: self.remove_island(seat, island),
                "on_add_island": lambda: self.pick_island(seat)}

    def move_fleet(self, seat: int, fleet: str, delta: int) -> None:
        """A ship one space up or back (a ship already at an end stays: nothing to undo)."""
        running = app()
        session = running.session
        level = session.fleet_level(seat, fleet) + delta
        if 0 <= level <= len(session.armada_data().fleets[fleet].spaces) - 1:
            running.attempt(session.move_fleet, seat, fleet, delta)

    def remove_island(self, seat: int, island: str) -> None:
        """Remove an island with one tap; the message bar offers to put it back."""
        running = app()
        session = running.session
        if not running.attempt(session.remove_island, seat, island):
            return
        from companion.app.widgets.armada import island_name

        name = island_name(session.armada_data().islands[island])
        running.notify(running.tr("table.removed", card=name, player=session.players[seat]["name"]),
                       undo=lambda: running.attempt(session.add_island, seat, island))

    def pick_island(self, seat: int) -> None:
        """Open the island picker for a city."""
        from companion.app.widgets.armada import IslandPicker

        running = app()
        session = running.session
        player = session.players[seat]
        IslandPicker(running.tr("armada.pick_island", player=player["name"]),
                     lambda island: running.attempt(session.add_island, seat, island)).open()

    def toggle_scores(self) -> None:
        """Show or hide the running scores (hidden unless the table wants them)."""
        running = app()
        running.show_scores = not running.show_scores
        running.store_set("show_scores", running.show_scores)
        self.refresh()

    def end_age(self) -> None:
        """Go to the end of the age (or to the score after the last one)."""
        running = app()
        running.go("end_of_age" if running.session.age <= running.store.data.rules.ages else "score")


SCREEN = TableScreen
