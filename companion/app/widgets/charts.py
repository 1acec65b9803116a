"""The statistics' plots, drawn with Kivy graphics and laid out so that their figures never sit on a
bar nor leave the screen: every figure has its own column at the right of the plot.

`StandingsChart`: a row per player (or wonder): the name, then on one scale from zero every game's
total as a dot and the average as a bar under them, then the average and the wins written out.
`CategoryChart`: a row per score category: its icon and name on its colour, a bar of its average,
the average written out.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Rectangle, RoundedRectangle
from kivy.properties import ListProperty, NumericProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app.widgets.common import app
from companion.app.widgets.scorepad import CategoryIcon, fitting_font, text_width
from companion.i18n import number

__all__ = ["CategoryChart", "StandingRow", "StandingsChart", "nice_step"]

ROW_UNITS = 2.6
"""A chart row's height in size units (two lines of a long name fit it)."""


@dataclass(frozen=True)
class StandingRow:
    """One row of a standings chart."""

    label: str
    totals: tuple[int, ...]
    average: float
    wins: int
    games: int


def nice_step(largest: float, room: float, least_gap: float) -> int:
    """The scale's step (1, 2, 5, 10, 20, 50...) that puts its numbers at least `least_gap` apart
    over `room` pixels from zero to `largest`."""
    step = 1
    while True:
        for factor in (1, 2, 5):
            candidate = step * factor
            if largest <= 0 or room * candidate / max(largest, candidate) >= least_gap:
                return candidate
        step *= 10


class _Label(Label):
    """A chart's text: one line in its box (its width made to fit it, never cut)."""

    def __init__(self, text: str, width: float, *, halign: str = "left", size: float = 1.0, bold: bool = False,
                 color: Any = None, **kwargs: Any) -> None:
        running = app()
        u = running.u
        super().__init__(text=text, size_hint_x=None, width=width, halign=halign, valign="middle", bold=bold,
                         font_size=fitting_font(text, u * size, width - u * 0.3, bold=bold, least=1 / size),
                         color=color or running.theme.rgba("text"), max_lines=2, **kwargs)
        self.bind(size=lambda widget, value: setattr(widget, "text_size", (value[0], None)))


class _Dots(Widget):
    """The plot of one row: the average as a bar from zero, each total as a dot on the same scale
    (equal totals side by side in height, so that none hides another)."""

    totals = ListProperty([])
    average = NumericProperty(0)
    lowest = NumericProperty(0)
    """The scale's left end: zero, or the lowest total where one is negative."""
    largest = NumericProperty(1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("pos", "size", "totals", "average", "lowest", "largest"):
            self.fbind(name, self._draw)

    def at(self, value: float) -> float:
        """Where `value` lies on the row's scale."""
        return self.x + (value - self.lowest) * self.width / max(self.largest - self.lowest, 1)

    def _draw(self, *_: Any) -> None:
        running = app()
        theme, u = running.theme, running.u
        self.canvas.clear()
        if self.width <= 2:
            return
        zero, average = self.at(0), self.at(self.average)
        with self.canvas:
            Color(*theme.rgba("surface_high"))
            Rectangle(pos=(self.x, self.center_y - 1), size=(self.width, 2))
            Color(*theme.rgba("accent", 0.45))
            RoundedRectangle(pos=(min(zero, average), self.center_y - u * 0.45),
                             size=(max(2.0, abs(average - zero)), u * 0.9), radius=[u * 0.2])
            Color(*theme.rgba("accent"))
            Rectangle(pos=(average - 1.5, self.center_y - u * 0.6), size=(3, u * 1.2))
            radius = u * 0.32
            seen: dict[int, int] = {}
            for total in self.totals:
                stack = seen.get(total, 0)
                seen[total] = stack + 1
                x = self.at(total)
                y = self.center_y + (stack - 0.5 * (self.totals.count(total) - 1)) * radius * 1.5
                Color(*theme.rgba("background"))
                Ellipse(pos=(x - radius - 1.5, y - radius - 1.5), size=(2 * radius + 3, 2 * radius + 3))
                Color(*theme.rgba("text"))
                Ellipse(pos=(x - radius, y - radius), size=(2 * radius, 2 * radius))


class _Scale(Widget):
    """Numbers under the plot at a nice step from zero (never closer than 3 units), drawn as textures."""

    lowest = NumericProperty(0)
    largest = NumericProperty(1)

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("pos", "size", "lowest", "largest"):
            self.fbind(name, self._draw)

    def _draw(self, *_: Any) -> None:
        from kivy.core.text import Label as CoreLabel

        running = app()
        u, theme = running.u, running.theme
        self.canvas.clear()
        if self.width <= 2:
            return
        span = max(self.largest - self.lowest, 1)
        step = nice_step(span, self.width, u * 3.2)
        with self.canvas:
            Color(*theme.rgba("text_dim"))
            value = -(-self.lowest // step) * step          # the first step at or right of the left end
            while value <= self.largest:
                x = self.x + (value - self.lowest) * self.width / span
                Line(points=[x, self.top, x, self.top - u * 0.4], width=1)
                text = CoreLabel(text=number(value, running.language), font_size=u)
                text.refresh()
                width, height = text.texture.size
                left = min(max(x - width / 2, self.x - u), self.right + u - width)
                Rectangle(texture=text.texture, pos=(left, self.top - u * 0.5 - height), size=(width, height))
                value += step


class _Redrawn(BoxLayout):
    """A chart drawn again when its width changes (its columns follow the width)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[tuple[Any, ...], dict[str, Any]] | None = None
        self._drawn_width = 0.0
        self._again = Clock.create_trigger(self._show_again)
        self.bind(width=self._again)

    def _show_again(self, *_: Any) -> None:
        if self._shown is not None and abs(self.width - self._drawn_width) > 1:
            args, kwargs = self._shown
            self.show(*args, **kwargs)

    def show(self, *args: Any, **kwargs: Any) -> None:
        """Draw the chart (kept, to be drawn again at another width)."""
        self._shown, self._drawn_width = (args, kwargs), self.width
        self.draw(*args, **kwargs)

    def draw(self, *args: Any, **kwargs: Any) -> None:
        """The chart's own drawing."""


class StandingsChart(_Redrawn):
    """Rows of standings on one scale: the name, the dots and average bar, the average, the wins."""

    def draw(self, rows: list[StandingRow], *, headers: tuple[str, str]) -> None:  # type: ignore[override]
        """Draw `rows`; `headers` name the two figure columns (the average, the wins)."""
        running = app()
        u = running.u
        self.clear_widgets()
        self.orientation = "vertical"
        self.size_hint_y = None
        self.spacing = u * 0.2
        language = running.language
        largest = max(max((max(row.totals) for row in rows if row.totals), default=1), 1)
        lowest = min(min((min(row.totals) for row in rows if row.totals), default=0), 0)
        averages = [number(row.average, language) for row in rows]
        wins = [running.tr("stats.wins_of", wins=row.wins, games=row.games) for row in rows]
        name_width = min(max((text_width(row.label, u * 1.05, bold=True) for row in rows), default=u * 6) + u * 0.6,
                         max(self.width * 0.3, u * 8))
        average_width = max([text_width(headers[0], u)] + [text_width(a, u * 1.2, bold=True) for a in averages]) + u
        wins_width = max([text_width(headers[1], u)] + [text_width(w, u) for w in wins]) + u * 0.8
        head = BoxLayout(size_hint_y=None, height=u * 1.6, spacing=u * 0.4)
        head.add_widget(Widget(size_hint_x=None, width=name_width))
        head.add_widget(Widget())
        head.add_widget(_Label(headers[0], average_width, halign="right", color=running.theme.rgba("text_dim")))
        head.add_widget(_Label(headers[1], wins_width, halign="right", color=running.theme.rgba("text_dim")))
        self.add_widget(head)
        for row, average, won in zip(rows, averages, wins, strict=True):
            line = BoxLayout(size_hint_y=None, height=u * ROW_UNITS, spacing=u * 0.4)
            line.add_widget(_Label(row.label, name_width, size=1.05, bold=True))
            line.add_widget(_Dots(totals=list(row.totals), average=row.average, lowest=lowest, largest=largest))
            line.add_widget(_Label(average, average_width, halign="right", size=1.2, bold=True,
                                   color=running.theme.rgba("accent")))
            line.add_widget(_Label(won, wins_width, halign="right"))
            self.add_widget(line)
        scale = BoxLayout(size_hint_y=None, height=u * 1.6, spacing=u * 0.4)
        scale.add_widget(Widget(size_hint_x=None, width=name_width))
        scale.add_widget(_Scale(lowest=lowest, largest=largest))
        scale.add_widget(Widget(size_hint_x=None, width=average_width + wins_width + u * 0.4))
        self.add_widget(scale)
        self.height = u * (1.6 + 1.6) + len(rows) * u * ROW_UNITS + self.spacing * (len(rows) + 1)


class _Bar(Widget):
    """A bar from zero in a colour (the category's), `fraction` of the width long."""

    fraction = NumericProperty(0)
    rgba = ListProperty([1, 1, 1, 1])

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        for name in ("pos", "size", "fraction", "rgba"):
            self.fbind(name, self._draw)

    def _draw(self, *_: Any) -> None:
        u = app().u
        self.canvas.clear()
        with self.canvas:
            Color(*self.rgba)
            RoundedRectangle(pos=(self.x, self.center_y - u * 0.55),
                             size=(max(2.0, self.width * max(0.0, min(1.0, self.fraction))), u * 1.1),
                             radius=[u * 0.2])


class CategoryChart(_Redrawn):
    """A row per category: its icon and name on its colour, a bar of its average, the average."""

    def draw(self, rows: list[tuple[str, str, tuple[Any, Any], float]]) -> None:  # type: ignore[override]
        """`rows`: (name, icon, (fill, ink), average) per category."""
        running = app()
        u = running.u
        self.clear_widgets()
        self.orientation = "vertical"
        self.size_hint_y = None
        self.spacing = u * 0.3
        largest = max((abs(average) for *_, average in rows), default=1) or 1
        texts = [number(average, running.language) for *_, average in rows]
        name_width = min(max((text_width(name, u * 1.05, bold=True) for name, *_ in rows), default=u * 6) + u * 2.8,
                         max(self.width * 0.42, u * 10))
        value_width = max((text_width(text, u * 1.2, bold=True) for text in texts), default=u * 2) + u
        for (name, icon, (fill, ink), average), text in zip(rows, texts, strict=True):
            line = BoxLayout(size_hint_y=None, height=u * ROW_UNITS, spacing=u * 0.4)
            head = BoxLayout(size_hint_x=None, width=name_width, padding=(u * 0.3, u * 0.2), spacing=u * 0.3)
            with head.canvas.before:
                Color(*fill)
                box = Rectangle(pos=head.pos, size=head.size)
            head.bind(pos=lambda _w, value, r=box: setattr(r, "pos", value),
                      size=lambda _w, value, r=box: setattr(r, "size", value))
            head.add_widget(CategoryIcon(ink, category=icon, size_hint_x=None, width=u * 1.6))
            head.add_widget(_Label(name, name_width - u * 2.5, size=1.05, bold=True, color=ink))
            line.add_widget(head)
            line.add_widget(_Bar(fraction=average / largest, rgba=fill))
            line.add_widget(_Label(text, value_width, halign="right", size=1.2, bold=True))
            self.add_widget(line)
        self.height = len(rows) * (u * ROW_UNITS + self.spacing)
