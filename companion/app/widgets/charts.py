"""Simple horizontal bar charts for the statistics (a label, a bar, the value written out)."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, RoundedRectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app.widgets.common import app

__all__ = ["BarChart"]


class _Bar(Widget):
    def __init__(self, fraction: float, rgba: Any, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.fraction = max(0.0, min(1.0, fraction))
        self.rgba = rgba
        self.bind(pos=self._draw, size=self._draw)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        with self.canvas:
            Color(*self.rgba)
            RoundedRectangle(pos=(self.x, self.y + self.height * 0.15), size=(self.width * self.fraction,
                                                                               self.height * 0.7), radius=[4])


class BarChart(BoxLayout):
    """Rows of (label, value, text) drawn as bars scaled to the largest value."""

    def show(self, rows: list[tuple[str, float, str]], *, rgba: Any = None) -> None:
        """Draw the rows; `text` is written after each bar (e.g. ``3 of 5 · 47.0``)."""
        running = app()
        u = running.u
        self.clear_widgets()
        self.orientation = "vertical"
        self.size_hint_y = None
        self.height = max(1, len(rows)) * u * 2.2
        largest = max((abs(v) for _, v, _ in rows), default=1.0) or 1.0
        for label, value, text in rows:
            row = BoxLayout(size_hint_y=None, height=u * 2.2, spacing=u * 0.4)
            name = Label(text=label, size_hint_x=0.3, halign="left", valign="middle", shorten=True,
                         shorten_from="right", font_size=u * 1.1)
            name.bind(size=lambda w, s: setattr(w, "text_size", s))
            row.add_widget(name)
            row.add_widget(_Bar(value / largest, rgba or running.theme.rgba("accent"), size_hint_x=0.45))
            row.add_widget(Label(text=text, size_hint_x=0.25, color=running.theme.rgba("text_dim"), font_size=u))
            self.add_widget(row)
