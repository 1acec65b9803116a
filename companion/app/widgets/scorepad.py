"""The score sheet as the printed score pad lays it out: players as columns (name, wonder and side),
categories as rows of solid colour, each named and drawn with its icon (so colour is never the only
sign), the total large, then the place and the tie-break coins. Every player count fits the width it
is given: columns share it, names wrap instead of being cut."""

from __future__ import annotations

from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, Triangle
from kivy.properties import ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app.widgets.common import app
from companion.engine import CATEGORIES

__all__ = ["CategoryIcon", "ScorePad", "fitting_font"]

LABEL_COLUMN_UNITS = 10.0
"""The width of the first column (icon and category name), in size units."""


class CategoryIcon(Widget):
    """A category's icon drawn in its text colour: shield, coin, pyramid, temple, compass, stall,
    banner; naval: a ship; islands: an island; port: an anchor-like mooring."""

    category = StringProperty("")
    ink = ListProperty([1, 1, 1, 1])

    def __init__(self, ink: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if ink is not None:
            self.ink = ink
        self._later = Clock.create_trigger(self._draw)      # once the layouts have placed it
        self.bind(pos=self._later, size=self._later, category=self._later, ink=self._later)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        size = min(self.width, self.height) * 0.8
        if size <= 2:
            return
        x, y = self.center_x - size / 2, self.center_y - size / 2
        with self.canvas:
            Color(*self.ink)
            _ICONS.get(self.category, _dot)(x, y, size)


def _shield(x: float, y: float, s: float) -> None:
    points = [x + s * 0.1, y + s * 0.95, x + s * 0.9, y + s * 0.95, x + s * 0.9, y + s * 0.45, x + s * 0.5, y,
              x + s * 0.1, y + s * 0.45]
    _polygon(points)


def _coin(x: float, y: float, s: float) -> None:
    Line(circle=(x + s / 2, y + s / 2, s * 0.45), width=max(1.0, s * 0.07))
    Ellipse(pos=(x + s * 0.3, y + s * 0.3), size=(s * 0.4, s * 0.4))


def _pyramid(x: float, y: float, s: float) -> None:
    Triangle(points=[x, y + s * 0.1, x + s, y + s * 0.1, x + s / 2, y + s * 0.95])


def _temple(x: float, y: float, s: float) -> None:
    Triangle(points=[x, y + s * 0.7, x + s, y + s * 0.7, x + s / 2, y + s])
    for column in range(3):
        Rectangle(pos=(x + s * (0.12 + column * 0.32), y + s * 0.12), size=(s * 0.14, s * 0.55))
    Rectangle(pos=(x, y), size=(s, s * 0.1))


def _compass(x: float, y: float, s: float) -> None:
    Line(circle=(x + s / 2, y + s * 0.78, s * 0.12), width=max(1.0, s * 0.06))
    Line(points=[x + s * 0.45, y + s * 0.7, x + s * 0.15, y], width=max(1.0, s * 0.07))
    Line(points=[x + s * 0.55, y + s * 0.7, x + s * 0.85, y], width=max(1.0, s * 0.07))
    Line(points=[x + s * 0.25, y + s * 0.25, x + s * 0.75, y + s * 0.25], width=max(1.0, s * 0.05))


def _stall(x: float, y: float, s: float) -> None:
    Triangle(points=[x, y + s * 0.6, x + s, y + s * 0.6, x + s / 2, y + s])
    Rectangle(pos=(x + s * 0.1, y), size=(s * 0.12, s * 0.6))
    Rectangle(pos=(x + s * 0.78, y), size=(s * 0.12, s * 0.6))
    Rectangle(pos=(x + s * 0.1, y + s * 0.25), size=(s * 0.8, s * 0.1))


def _banner(x: float, y: float, s: float) -> None:
    Rectangle(pos=(x + s * 0.1, y), size=(s * 0.08, s))
    _polygon([x + s * 0.18, y + s, x + s * 0.9, y + s, x + s * 0.9, y + s * 0.35, x + s * 0.54, y + s * 0.5,
              x + s * 0.18, y + s * 0.35])


def _ship(x: float, y: float, s: float) -> None:
    _polygon([x, y + s * 0.3, x + s, y + s * 0.3, x + s * 0.8, y, x + s * 0.2, y])
    Triangle(points=[x + s * 0.5, y + s * 0.35, x + s * 0.5, y + s, x + s * 0.9, y + s * 0.4])


def _island(x: float, y: float, s: float) -> None:
    Ellipse(pos=(x, y), size=(s, s * 0.4))
    Rectangle(pos=(x + s * 0.45, y + s * 0.3), size=(s * 0.1, s * 0.5))
    Triangle(points=[x + s * 0.15, y + s * 0.85, x + s * 0.85, y + s * 0.85, x + s / 2, y + s])


def _mooring(x: float, y: float, s: float) -> None:
    Rectangle(pos=(x + s * 0.45, y + s * 0.1), size=(s * 0.1, s * 0.8))
    Line(circle=(x + s / 2, y + s * 0.85, s * 0.12), width=max(1.0, s * 0.06))
    Line(circle=(x + s / 2, y + s * 0.45, s * 0.4, 120, 240), width=max(1.0, s * 0.07))


def _dot(x: float, y: float, s: float) -> None:
    Ellipse(pos=(x + s * 0.25, y + s * 0.25), size=(s * 0.5, s * 0.5))


def _polygon(points: list[float]) -> None:
    """A convex polygon, filled (a triangle fan from its first point)."""
    count = len(points) // 2
    vertices: list[float] = []
    for index in range(count):
        vertices += [points[2 * index], points[2 * index + 1], 0.0, 0.0]
    Mesh(vertices=vertices, indices=list(range(count)), mode="triangle_fan")


_ICONS = {"military": _shield, "treasury": _coin, "wonder": _pyramid, "civilian": _temple, "science": _compass,
          "commercial": _stall, "guilds": _banner, "naval": _ship, "islands": _island, "port": _mooring}


class ScorePad(GridLayout):
    """A grid: one row per category, one column per player."""

    room = NumericProperty(0)
    """The height the pad may take (its rows share it); 0: as tall as the rows want."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[Any, ...] | None = None
        self._drawn_for: tuple[float, float] = (0.0, 0.0)
        self._again = Clock.create_trigger(self._show_again)     # once a frame, however many sizes change
        self.bind(width=self._again, room=self._again)

    def _show_again(self, *_: Any) -> None:
        if self._shown is not None and self._drawn_for != (self.width, self.room):
            self.show(*self._shown)

    def show(self, sheet: dict[str, Any], players: list[dict[str, Any]],
             categories: tuple[str, ...] = CATEGORIES) -> None:
        """Fill the pad from a score sheet's JSON and the seats (for wonder names and sides); with
        Armada the `categories` add naval, islands and port. A value nobody has entered shows as ``?``.
        The pad takes its width from its parent: every column stays in view."""
        self._shown = (sheet, players, categories)
        self._drawn_for = (self.width, self.room)
        running = app()
        words = running.words
        theme = running.theme
        self.clear_widgets()
        lines = [line for line in sheet["players"] if not line.get("free_city")]
        self.cols = len(lines) + 1
        u = running.u
        winners = set(sheet.get("winners", []))
        rows = len(categories) + 5
        row_height = u * (2.2 if len(categories) == len(CATEGORIES) else 1.75)
        if self.room > 0:                     # header 1.6 rows, total 1.4: rows + 1 row heights in all
            row_height = max(u * 1.5, min(row_height, self.room / (rows + 1.2)))
        first = u * LABEL_COLUMN_UNITS
        spacing_x = self.spacing[0] if isinstance(self.spacing, (list, tuple)) else self.spacing
        column = max(u * 3.0, (self.width - first - spacing_x * len(lines)) / max(len(lines), 1))
        size = min(1.0, column / (u * 5.5))            # narrow columns: smaller names, never cut ones
        seats = {p["name"]: p for p in players}

        def cell(text: str, *, bold: bool = False, bg: Any = None, color: Any = None, font: float = 1.2,
                 left: bool = False, height: float = row_height) -> Label:
            label = Label(text=text, bold=bold, font_size=u * font, size_hint=(None, None), height=height,
                          width=first if left else column, color=color or theme.rgba("text"),
                          halign="left" if left else "center", valign="middle")
            label.text_size = (label.width - u * 0.4, None)
            if bg is not None:
                _fill(label, bg)
            return label

        header = row_height * 1.6
        self.add_widget(cell("", height=header, left=True))
        room = column - u * 0.6
        for line in lines:
            seat = seats.get(line["name"])
            short = words.wonder_short(seat["wonder"], seat["side"], seat) if seat else ""
            name_size = fitting_font(line["name"], u * 1.15 * size, room, bold=True)
            wonder_size = fitting_font(short, u * 0.9 * size, room)
            text = f"[b][size={int(name_size)}]{line['name']}[/size][/b]\n[size={int(wonder_size)}]{short}[/size]"
            label = cell(text, height=header, color=theme.rgba("accent") if line["name"] in winners else None)
            label.markup = True
            self.add_widget(label)
        for category in categories:
            bg, ink = theme.score_row(category), theme.score_text(category)
            self.add_widget(_category_cell(running.tr(f"score.category.{category}"), category, bg, ink, row_height,
                                           first))
            for line in lines:
                self.add_widget(cell(_shown(line[category]), bg=bg, color=ink, font=1.4, bold=True))
        total_bg = theme.rgba("surface_high")
        self.add_widget(cell(running.tr("score.total"), bold=True, bg=total_bg, left=True, font=1.4,
                             height=row_height * 1.4))
        for line in lines:
            self.add_widget(cell(_shown(line["total"]), bold=True, bg=total_bg, font=2.2, height=row_height * 1.4,
                                 color=theme.rgba("accent") if line["name"] in winners else None))
        self.add_widget(cell(running.tr("score.place"), left=True, color=theme.rgba("text_dim"), font=1.0))
        for line in lines:
            self.add_widget(cell(str(line.get("rank") or "\u2014"), color=theme.rgba("text_dim"), font=1.2))
        self.add_widget(cell(running.tr("score.tie_break_coins"), left=True, color=theme.rgba("text_dim"), font=1.0))
        for line in lines:
            self.add_widget(cell(str(line["coins"]), color=theme.rgba("text_dim"), font=1.2))
        spacing = self.spacing[1] if isinstance(self.spacing, (list, tuple)) else self.spacing
        self.height = row_height * (rows - 2) + header + row_height * 1.4 + spacing * (rows - 1)


def fitting_font(text: str, size: float, width: float, *, bold: bool = False) -> float:
    """The largest font size up to `size` at which `text` fits `width` on one line (a name is made
    smaller rather than cut or broken inside a word); never under 60 % of `size`."""
    from kivy.core.text import Label as CoreLabel

    if not text or width <= 0:
        return size
    measured, _ = CoreLabel(text=text, font_size=size, bold=bold).get_extents(text)
    return size if measured <= width else max(size * 0.6, size * width / measured)


def _category_cell(name: str, category: str, bg: Any, ink: Any, height: float, width: float) -> BoxLayout:
    """The first cell of a category row: its icon and its name, on its colour."""
    running = app()
    u = running.u
    box = BoxLayout(size_hint=(None, None), height=height, width=width, padding=(u * 0.3, u * 0.2), spacing=u * 0.4)
    _fill(box, bg)
    box.add_widget(CategoryIcon(ink, category=category, size_hint_x=None, width=height * 0.8))
    label = Label(text=name, bold=True, font_size=u * 1.05, color=ink, halign="left", valign="middle")
    label.bind(size=lambda widget, value: setattr(widget, "text_size", value))
    box.add_widget(label)
    return box


def _fill(widget: Widget, rgba: Any) -> None:
    """A solid background that follows the widget."""
    with widget.canvas.before:
        Color(*rgba)
        rect = Rectangle(pos=widget.pos, size=widget.size)
    widget.bind(pos=lambda _w, value: setattr(rect, "pos", value), size=lambda _w, value: setattr(rect, "size", value))


def _shown(points: int | None) -> str:
    """Points as written on the pad; ``?`` for a row that needs a value nobody has entered."""
    return "?" if points is None else str(points)
