"""New game at 8 players (Armada): the eighth wonder, a board of another expansion, described by the
players: its name, resource, number of stages and each stage's points and shields, entered with
taps (the name typed once). The description goes into the game log's set-up (`other_wonder`)."""

from __future__ import annotations

from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.textinput import TextInput

from companion.app.widgets.common import Stepper, TextLabel, ToggleChoice, app

__all__ = ["MAX_STAGES", "EighthWonderPanel"]

MAX_STAGES = 4
"""The most stages a wonder board of the other expansions has (the table file allows more)."""


class EighthWonderPanel(BoxLayout):
    """The eighth wonder's description as entered so far; `description()` is the set-up's `other_wonder`."""

    def __init__(self, **kwargs: Any) -> None:
        kwargs.setdefault("orientation", "vertical")
        kwargs.setdefault("size_hint_y", None)
        super().__init__(**kwargs)
        self.name = ""
        self.resource = "stone"
        self.stages = 3
        self.points = [0] * MAX_STAGES
        self.shields = [0] * MAX_STAGES
        self.bind(minimum_height=self.setter("height"))

    def description(self) -> dict[str, Any]:
        """The board as the set-up event and the table file hold it (`other_wonder`)."""
        return {"name": self.name.strip(), "resource": self.resource, "stages": self.stages,
                "stage_points": self.points[: self.stages], "stage_shields": self.shields[: self.stages]}

    def refresh(self) -> None:
        """Draw the panel again from its values."""
        running = app()
        u = running.u
        self.spacing = u * 0.4
        self.clear_widgets()
        self.add_widget(TextLabel(text=running.tr("new_game.other_title"), font_size=u * 1.2, bold=True))
        top = BoxLayout(size_hint_y=None, height=u * 3.6, spacing=u * 0.5)
        name = TextInput(text=self.name, hint_text=running.tr("new_game.other_name_hint"), multiline=False,
                         font_size=u * 1.2, write_tab=False, size_hint_x=0.5,
                         padding=(u * 0.5, u * 0.9), background_color=running.theme.rgba("surface_high"),
                         foreground_color=running.theme.rgba("text"),
                         hint_text_color=running.theme.rgba("text_dim"))
        name.bind(text=lambda widget, text: setattr(self, "name", text))
        top.add_widget(name)
        stages = Stepper(minimum=1, maximum=MAX_STAGES, value=self.stages, size_hint_x=0.5,
                         label=running.tr("new_game.other_stages"))
        stages.on_change = self._set_stages
        top.add_widget(stages)
        self.add_widget(top)
        resources = BoxLayout(size_hint_y=None, height=u * 3.6, spacing=u * 0.3)
        for resource in running.store.data.rules.resources:
            choice = ToggleChoice(text=running.words.resource(resource), value=resource,
                                  chosen=resource == self.resource, height=u * 3.6, font_size=u * 1.0)
            choice.bind(on_release=lambda button: self._set_resource(button.value))
            resources.add_widget(choice)
        self.add_widget(resources)
        for index in range(self.stages):
            row = BoxLayout(size_hint_y=None, height=u * 3.4, spacing=u * 0.5)
            row.add_widget(TextLabel(text=running.tr("new_game.other_stage", number=index + 1), font_size=u * 1.2,
                                     size_hint_x=0.2))
            for values, key, most in ((self.points, "new_game.other_points", 20),
                                      (self.shields, "new_game.other_shields", 10)):
                stepper = Stepper(maximum=most, value=values[index], label=running.tr(key), size_hint_x=0.4)
                stepper.on_change = lambda value, v=values, i=index: v.__setitem__(i, value)
                row.add_widget(stepper)
            self.add_widget(row)
        self.add_widget(TextLabel(text=running.tr("new_game.other_note"), font_size=u * 1.0,
                                  color=running.theme.rgba("text_dim")))

    def _set_stages(self, stages: int) -> None:
        self.stages = stages
        self.refresh()

    def _set_resource(self, resource: str) -> None:
        self.resource = resource
        self.refresh()
