"""The app's screens: one module and one kv file each; `screen_class` finds a screen's class in its module."""

from __future__ import annotations

import importlib
from typing import Any

from kivy.properties import ObjectProperty
from kivy.uix.screenmanager import Screen

from companion.app.guard import guarded
from companion.app.widgets.common import app

__all__ = ["AppScreen", "screen_class"]


class AppScreen(Screen):
    """A screen that redraws from the app's state when shown, when the game changes, when the
    language is switched and when the window's size unit changes (only while it is the current screen)."""

    toast = ObjectProperty(None, allownone=True)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        running = app()
        running.bind(revision=self._redraw_if_shown, language=self._redraw_if_shown, u=self._redraw_if_shown)

    def prepare(self, **_options: Any) -> None:
        """Called before the screen is shown, with what the caller passes to `app.go`."""

    def refresh(self) -> None:
        """Redraw the parts that depend on the game or the language."""

    def place_options(self) -> dict[str, Any]:
        """What `prepare` needs to show this screen the same way after a restart."""
        return {}

    def on_pre_enter(self, *_: Any) -> None:
        from kivy.uix.scrollview import ScrollView

        for widget in self.walk(restrict=True):       # a screen opens at its top
            if isinstance(widget, ScrollView):
                widget.scroll_x, widget.scroll_y = 0.0, 1.0
        self.refresh()

    def _redraw_if_shown(self, *_: Any) -> None:
        if self.manager is not None and self.manager.current == self.name:
            guarded(self.refresh)()             # a redraw that fails is a message, never a closed app


def screen_class(module_name: str) -> type[AppScreen]:
    """The class of a screen: its module's attribute SCREEN (``companion.app.screens.<name>``, or a
    game's screen module)."""
    module = importlib.import_module(module_name)
    screen: type[AppScreen] = module.SCREEN
    return screen
