"""Armada values: every component with values printed only as icons, to fill once for the box at
leisure (the game also asks for each one where it first needs it). A tap on a component asks its
values one by one, as `companion components edit` does."""

from __future__ import annotations

from companion.app.screens import AppScreen
from companion.app.widgets.common import BigButton, TextLabel, app
from companion.games.armada.app.values import ask_values
from companion.games.armada.rules.values import questions_for, subject_count


def subject_title(subject: str) -> str:
    """A component as the player knows it: ``Port board 3``, ``Dock``, ``Wild Island``, the fleet rewards."""
    from companion.games.armada.app.words import component_name

    running = app()
    kind, _, ident = subject.partition(" ")
    if kind == "port-board":
        return running.tr("armada.values.subject.port_board", number=ident)
    if kind == "fleets":
        return running.tr("armada.values.subject.fleets")
    return component_name(running.expansion_data("armada"), kind, ident, running.language)


class ArmadaValuesScreen(AppScreen):
    """The components still lacking values, each with how many; a tap fills them."""

    def refresh(self) -> None:
        running = app()
        armada = running.expansion_data("armada")
        listing = self.ids.subjects
        listing.clear_widgets()
        subjects = list(dict.fromkeys(f.subject for f in armada.unknowns()))
        if not subjects:
            listing.add_widget(TextLabel(text=running.tr("armada.values.all_known"), font_size=running.u * 1.3))
        for subject in subjects:
            count = subject_count(subject, armada)
            button = BigButton(text=running.tr("armada.values.subject_line", subject=subject_title(subject),
                                               count=count.own))
            button.bind(on_release=lambda _b, s=subject: self.fill(s))
            listing.add_widget(button)

    def fill(self, subject: str) -> None:
        """Ask the component's values one by one (a port board: its own; the fleet rewards have their own line)."""
        armada = app().expansion_data("armada")
        keys = [f.key for f in questions_for(subject, armada) if f.subject == subject]
        board = int(subject.split()[1]) if subject.startswith("port-board") else None
        ask_values(keys, board=board, on_done=self.refresh)


SCREEN = ArmadaValuesScreen
