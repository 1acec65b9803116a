"""Armada on 7 Wonders' New game screen (`PANELS` slot ``new_game``): with Armada or not (offered at 3 to 8
players; 8 need it: it stays on, and a tap says why), its team variant (partners side by side, at 4, 6
and 8 players), each seat's port board (one tap takes the next), and the eighth player's wonder from
another expansion, described by hand."""

from __future__ import annotations

from typing import Any

from companion.app.widgets.common import BigButton, ToggleChoice, app
from companion.games.armada.app.eighth_wonder import EighthWonderPanel
from companion.games.armada.tablefile import OTHER_WONDER

__all__ = ["ARMADA_ONLY", "ArmadaSetUp"]

ARMADA_PLAYERS = (3, 8)
"""The player counts the app plays Armada with (8 only with Armada and a wonder of another expansion)."""
ARMADA_ONLY = 8
"""The player count that needs Armada (its rulebook's 8-player game)."""
ARMADA_BOARDS = 8
TEAM_PLAYERS = (4, 6, 8)
"""The player counts of Armada's team variant (teams of 2 neighbours; the rulebook names no other size)."""


class ArmadaSetUp:
    """Armada's part of the New game `screen`: its two choices (added once to the screen's row of games,
    ``options``), a port board button on each seat's row, and the eighth wonder's description."""

    most_players = ARMADA_ONLY
    """The most players the screen seats when Armada may be played."""

    def __init__(self, screen: Any) -> None:
        self.screen = screen
        self.chosen = False
        """Play with Armada (each seat then also gets a port board)."""
        self.teams = False
        """Armada's team variant (partners side by side)."""
        self.ports: list[int] = list(range(1, ARMADA_BOARDS + 1))
        """Each seat's port board; seat order unless changed."""
        self.eighth = EighthWonderPanel()
        """The eighth wonder's description (8 players)."""
        self.toggle = ToggleChoice()            # 8 players need Armada: drawn on (chosen) with its reason, locked
        self.toggle.bind(on_release=lambda *_: self.toggle_chosen())
        self.teams_toggle = ToggleChoice()
        self.teams_toggle.bind(on_release=lambda *_: self.toggle_teams())
        screen.ids.options.add_widget(self.toggle)
        screen.ids.options.add_widget(self.teams_toggle)

    @property
    def players(self) -> int:
        return int(self.screen.players)

    def prepare(self) -> None:
        """A new set-up: without Armada, the ports in seat order, a blank eighth wonder."""
        self.chosen = self.teams = False
        self.ports = list(range(1, ARMADA_BOARDS + 1))
        self.eighth = EighthWonderPanel()

    def players_changed(self) -> None:
        """Armada stays only where it is offered (and is on at 8); the teams where they are."""
        self.chosen = (self.chosen and self.allowed) or self.players == ARMADA_ONLY
        self.teams = self.teams and self.teams_allowed

    @property
    def allowed(self) -> bool:
        """Armada is offered at 3 to 8 players (8 need it)."""
        return ARMADA_PLAYERS[0] <= self.players <= ARMADA_PLAYERS[1]

    @property
    def teams_allowed(self) -> bool:
        """The team variant is offered with Armada at 4, 6 and 8 players."""
        return self.chosen and self.players in TEAM_PLAYERS

    def toggle_chosen(self) -> None:
        """Play with Armada or not; 8 players need it: it stays on, and the message bar says why."""
        if self.players == ARMADA_ONLY:
            running = app()
            running.notify(running.tr("new_game.armada_needed"))
        self.chosen = (not self.chosen and self.allowed) or self.players == ARMADA_ONLY
        self.teams = self.teams and self.teams_allowed
        self.screen.refresh()

    def toggle_teams(self) -> None:
        """Play in teams of two neighbours, or not."""
        self.teams = not self.teams and self.teams_allowed
        self.screen.refresh()

    def next_port(self, seat: int) -> None:
        """One tap: the seat takes the next port board; a seat holding it takes this seat's board."""
        wanted = self.ports[seat] % ARMADA_BOARDS + 1
        for other in range(self.screen.seat_count):
            if other != seat and self.ports[other] == wanted:
                self.ports[other] = self.ports[seat]
        self.ports[seat] = wanted
        self.screen.refresh()

    # -- what the screen asks ---------------------------------------------------------------------
    def draw(self) -> None:
        """Its choices as they stand."""
        running = app()
        players = self.players
        key = "new_game.armada_required" if players == ARMADA_ONLY else (
            "new_game.armada" if 3 <= players <= 7 else "new_game.armada_players")
        self.toggle.text = running.tr(key)
        self.toggle.chosen = self.chosen
        self.toggle.disabled = not 3 <= players <= 8
        self.teams_toggle.text = running.tr("new_game.teams")
        self.teams_toggle.chosen = self.teams
        offered = self.chosen and players in TEAM_PLAYERS
        self.teams_toggle.opacity = 1 if offered else 0
        self.teams_toggle.disabled = not offered

    def seat_widget(self, seat: int) -> Any:
        """The seat's port board button (with Armada), else None."""
        if not self.chosen:
            return None
        running = app()
        port = BigButton(text=running.tr("new_game.port", number=self.ports[seat]), size_hint_x=0.2,
                         height=running.u * 3.6)
        port.seat = seat
        port.bind(on_release=lambda button: self.next_port(button.seat))
        return port

    def extra_wonders(self) -> dict[str, str]:
        """The wonders beyond the box a seat may take, with their names: at 8 players, the eighth from
        another expansion (Armada's rulebook)."""
        return {OTHER_WONDER: app().tr("new_game.other_wonder")} if self.players == ARMADA_ONLY else {}

    def show_extra(self, host: Any) -> None:
        """The eighth wonder's description under the seats (8 players)."""
        if self.players == ARMADA_ONLY:
            self.eighth.refresh()
            host.add_widget(self.eighth)

    def wonder_description(self, wonder: str) -> dict[str, Any] | None:
        """The description a seat holding the eighth wonder enters, None for another wonder."""
        return self.eighth.description() if wonder == OTHER_WONDER else None

    def set_up(self) -> dict[str, Any]:
        """What the game's start takes: each seat's port board."""
        return {"port_boards": self.ports[: self.screen.seat_count]}

    def team_names(self, names: list[Any]) -> list[list[Any]] | None:
        """The teams as the log takes them: neighbours paired clockwise; None without the variant."""
        if not (self.teams and self.teams_allowed):
            return None
        return [names[i:i + 2] for i in range(0, len(names), 2)]
