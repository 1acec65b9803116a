"""Armada's entry on the Settings screen (`PANELS` slot ``settings_entry``): a title and the button that
opens the screen of the values the component owner entered."""

from __future__ import annotations

from typing import Any

from kivy.factory import Factory

from companion.app.widgets.common import BigButton, app

__all__ = ["ValuesEntry"]


class ValuesEntry:
    """The title and the button, added at the end of the settings' column (`column`)."""

    def __init__(self, column: Any) -> None:
        self.title = Factory.SectionTitle()
        self.button = BigButton()
        self.button.bind(on_release=lambda *_: app().go("armada_values"))
        column.add_widget(self.title)
        column.add_widget(self.button)

    def refresh(self) -> None:
        """Its words in the language chosen."""
        running = app()
        self.title.text = running.tr("armada.values.screen")
        self.button.text = running.tr("armada.values.open")
