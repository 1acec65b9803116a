"""The score sheet as the printed score pad lays it out: players as columns (name, wonder and side),
categories as rows of solid colour, each named and drawn with its icon (so colour is never the only
sign), the total large, then the place and the tie-break coins. Every player count fits the width and
height it is given: the first column as wide as its longest row name, the players' columns share the
rest, a name is made smaller (never under 1 size unit: 3 mm) rather than cut or broken; rows share
the height (`room`). Where the names or the rows would need smaller text than that (8 long names on
the 7-inch screen) the pad is laid across: a row per player, a column per category headed by its
icon on its colour."""

from __future__ import annotations

import importlib
from collections.abc import Callable
from dataclasses import dataclass
from math import ceil
from typing import Any

from kivy.clock import Clock
from kivy.graphics import Color, Ellipse, Line, Mesh, Rectangle, Triangle
from kivy.properties import BooleanProperty, ListProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.widget import Widget

from companion.app.registry import PAD_ICONS
from companion.app.theme import LEAST_TEXT_UNITS
from companion.app.widgets.common import app, fitting_font, text_width

__all__ = ["CategoryIcon", "PadStyle", "ScorePad", "fill_polygon", "fitting_font", "icon_drawing",
           "save_sheet_picture"]

LABEL_COLUMN_UNITS = (8.0, 14.0)
"""The first column (icon and category name) is as wide as its longest name, within these size units."""
NAME_FONT_UNITS = 1.05
"""The category names' size; they are made smaller only where the first column reaches its limit
(never under 1 unit: the players' rows are laid across instead)."""
TOTAL_UNITS = 2.6
"""The total row is never lower than this (its points are drawn large: 2.2 units)."""
HEADER_UNITS = 2.7
"""Nor is the players' row lower than its two lines (the name at 1.15 units, the wonder at 0.9)."""
LEAST_ROW_UNITS = 1.3
"""The lowest a row gets where the pad must share a small screen: points still at 1 unit (3 mm)."""


class CategoryIcon(Widget):
    """A category's icon drawn in its text colour: shield, coin, pyramid, temple, compass, stall,
    banner, or one a game draws (`PAD_ICONS`: Armada's ship, Architects' cat...)."""

    category = StringProperty("")
    ink = ListProperty([1, 1, 1, 1])

    def __init__(self, ink: Any = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        if ink is not None:
            self.ink = ink
        later = Clock.create_trigger(self._draw)             # and once more when the layouts have settled
        for name in ("pos", "size", "category", "ink"):
            self.fbind(name, self._draw)
            self.fbind(name, later)

    def _draw(self, *_: Any) -> None:
        self.canvas.clear()
        size = min(self.width, self.height) * 0.8
        if size <= 2:
            return
        x, y = self.center_x - size / 2, self.center_y - size / 2
        with self.canvas:
            Color(*self.ink)
            icon_drawing(self.category)(x, y, size)


def _shield(x: float, y: float, s: float) -> None:
    points = [x + s * 0.1, y + s * 0.95, x + s * 0.9, y + s * 0.95, x + s * 0.9, y + s * 0.45, x + s * 0.5, y,
              x + s * 0.1, y + s * 0.45]
    fill_polygon(points)


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
    fill_polygon([x + s * 0.18, y + s, x + s * 0.9, y + s, x + s * 0.9, y + s * 0.35, x + s * 0.54, y + s * 0.5,
                  x + s * 0.18, y + s * 0.35])


def _dot(x: float, y: float, s: float) -> None:
    Ellipse(pos=(x + s * 0.25, y + s * 0.25), size=(s * 0.5, s * 0.5))


def fill_polygon(points: list[float]) -> None:
    """A convex polygon, filled (a triangle fan from its first point)."""
    count = len(points) // 2
    vertices: list[float] = []
    for index in range(count):
        vertices += [points[2 * index], points[2 * index + 1], 0.0, 0.0]
    Mesh(vertices=vertices, indices=list(range(count)), mode="triangle_fan")


_ICONS = {"military": _shield, "treasury": _coin, "wonder": _pyramid, "civilian": _temple, "science": _compass,
          "commercial": _stall, "guilds": _banner}
"""The pad's own icons (the 7 Wonders pad's rows); the games add theirs (`PAD_ICONS`)."""


def icon_drawing(name: str) -> Callable[[float, float, float], None]:
    """How to draw the icon `name` (``x, y, size``): the pad's own, a game's (`PAD_ICONS`), else a dot."""
    if name in _ICONS:
        return _ICONS[name]
    found = PAD_ICONS.get(name)
    if found is None:
        return _dot
    module, _, function = found.partition(":")
    drawing: Callable[[float, float, float], None] = getattr(importlib.import_module(module), function)
    return drawing


@dataclass(frozen=True)
class PadStyle:
    """How a game's sheet is drawn on the pad: each row's name, fill and ink and icon, the tie-break
    row (its catalogue key and the line's field), and the wonder under each name (`wonder(line)`).
    Each game gives its own (7 Wonders' printed pad: `companion.games.sevenwonders.app.pad`)."""

    name: Callable[[str], str]
    colours: Callable[[str], tuple[Any, Any]]
    icon: Callable[[str], str]
    tie_label: str
    tie_column: str
    tie_field: str
    wonder: Callable[[dict[str, Any]], str]
    roomy_rows: int = 7
    """A sheet of at most this many categories has rows 2.2 units high, a longer one (an expansion's
    rows added) 1.75."""


class ScorePad(GridLayout):
    """A grid: one row per category and one column per player (the printed pad's way), or, where
    the players' names and wonders would not fit their columns at the least text size (8 long
    names on the 7-inch screen), one row per player and one column per category, headed by the
    category's icon on its colour. Every text is at least 1 size unit (3 mm on the screen)."""

    room = NumericProperty(0)
    """The height the pad may take (its rows share it); 0: as tall as the rows want."""
    across = BooleanProperty(False)
    """The players are rows (the categories columns): their names did not fit the columns."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._shown: tuple[Any, ...] | None = None
        self._drawn_for: tuple[float, float] = (0.0, 0.0)
        self._layout: tuple[Any, ...] | None = None
        """What the cells were laid out for (sizes, words, players, categories): a sheet with the
        same layout only gives its cells new texts and colours (a full build took a tap's time)."""
        self._cells: dict[str, list[Label]] = {}
        """The players' cells of each row: ``header`` (the names), each category, ``total``, ``rank``,
        ``coins``; in player order whichever way the pad is laid out."""
        self.row_cells: dict[str, Widget] = {}
        """Each category's own cell (its name, or its icon heading the column)."""
        self.style: PadStyle | None = None
        self._again = Clock.create_trigger(self._show_again)     # once a frame, however many sizes change
        self.bind(width=self._again, room=self._again)

    def _show_again(self, *_: Any) -> None:
        if self._shown is not None and self._drawn_for != (self.width, self.room):
            self.show(*self._shown)

    def show(self, sheet: dict[str, Any], players: list[dict[str, Any]], categories: tuple[str, ...],
             style: PadStyle) -> None:
        """Fill the pad from a score sheet's JSON and the seats (for wonder names and sides) in the
        game's `style`; its `categories` are the rows (an expansion's added: Armada's naval, islands and
        port). A value nobody has entered shows as ``?``. The pad takes its width from its parent:
        every column stays in view."""
        self._shown = (sheet, players, categories, style)
        self._drawn_for = (self.width, self.room)
        running = app()
        self.style = style
        lines = [line for line in sheet["players"] if not line.get("free_city")]
        winners = set(sheet.get("winners", []))
        headers = [(line["name"], style.wonder(line)) for line in lines]
        layout = (self.width, self.room, running.u, running.language, tuple(categories), tuple(headers))
        if layout == self._layout:
            self._refill(lines, categories, winners, style)
            return
        self._layout = layout
        self._cells = {row: [] for row in ("header", *categories, "total", "rank", "coins")}
        self.row_cells = {}
        self.clear_widgets()
        plan = _columns_plan(self, headers, categories, style)
        self.across = plan is None
        if plan is None:
            self._show_across(lines, headers, categories, winners, style)
        else:
            self._show_down(lines, headers, categories, winners, plan, style)

    # -- the printed pad's way: players as columns -------------------------------------------------
    def _show_down(self, lines: list[dict[str, Any]], headers: list[tuple[str, str]], categories: tuple[str, ...],
                   winners: set[str], plan: dict[str, float], style: PadStyle) -> None:
        running = app()
        theme = running.theme
        u = running.u
        self.cols = len(lines) + 1
        rows = len(categories) + 4
        row_height, header, total_height = plan["row"], plan["header"], plan["total"]
        first, column, points = plan["first"], plan["column"], plan["points"]
        spacing = _spacing(self)[1]
        names = {category: style.name(category) for category in categories}
        lefts = [running.tr("score.total"), running.tr("score.place"), running.tr(style.tie_label)]

        def cell(text: str, *, bold: bool = False, bg: Any = None, color: Any = None, font: float = 1.2,
                 left: bool = False, height: float = row_height, row: str = "") -> Label:
            width = first if left else column
            fitted = fitting_font(text, u * font, width - u * 0.4, bold=bold, least=1 / font) if left else u * font
            label = Label(text=text, bold=bold, font_size=fitted, size_hint=(None, None), height=height,
                          width=width, color=color or theme.rgba("text"),
                          halign="left" if left else "center", valign="middle")
            label.text_size = (width - u * 0.4, None)
            if bg is not None:
                _fill(label, bg)
            if row:
                self._cells[row].append(label)
            return label

        self.add_widget(cell("", height=header, left=True))
        for (name, short), line in zip(headers, lines, strict=True):
            name_size, wonder_size = ceil(plan["name_font"]), ceil(plan["wonder_font"])
            text = f"[b][size={name_size}]{name}[/size][/b]\n[size={wonder_size}]{short}[/size]"
            label = cell(text, height=header, color=theme.rgba("accent") if line["name"] in winners else None,
                         row="header")
            label.markup = True
            label.text_size = (None, None)      # the sizes above make it fit: never broken inside a word
            self.add_widget(label)
        for category in categories:
            bg, ink = style.colours(category)
            first_cell = _category_cell(names[category], style.icon(category), (bg, ink), (first, row_height), u)
            self.row_cells[category] = first_cell
            self.add_widget(first_cell)
            for line in lines:
                self.add_widget(cell(_shown(_points(line, category)), bg=bg, color=ink, font=points, bold=True,
                                     row=category))
        total_bg = theme.rgba("surface_high")
        self.add_widget(cell(lefts[0], bold=True, bg=total_bg, left=True, font=1.4, height=total_height))
        for line in lines:
            self.add_widget(cell(_shown(line["total"]), bold=True, bg=total_bg, font=2.2, height=total_height,
                                 color=theme.rgba("accent") if line["name"] in winners else None, row="total"))
        self.add_widget(cell(lefts[1], left=True, color=theme.rgba("text_dim"), font=1.05))
        for line in lines:
            self.add_widget(cell(_rank(line), color=theme.rgba("text_dim"), font=min(1.2, points), row="rank"))
        self.add_widget(cell(lefts[2], left=True, color=theme.rgba("text_dim"), font=1.05))
        for line in lines:
            self.add_widget(cell(str(line[style.tie_field]), color=theme.rgba("text_dim"), font=min(1.2, points),
                                 row="coins"))
        self.height = row_height * (rows - 2) + header + total_height + spacing * (rows - 1)

    # -- where the names do not fit the columns: players as rows ----------------------------------------
    def _show_across(self, lines: list[dict[str, Any]], headers: list[tuple[str, str]], categories: tuple[str, ...],
                     winners: set[str], style: PadStyle) -> None:
        running = app()
        theme = running.theme
        u = running.u
        spacing_x, spacing_y = _spacing(self)
        heads = [running.tr("score.total"), running.tr("score.place"), running.tr(style.tie_column)]
        name_font = min(fitting_font(name, u * 1.15, u * 30, bold=True, least=1 / 1.15) for name, _ in headers)
        ends = [max(text_width(heads[0], u * 1.05, bold=True), u * 3.4) + u * 0.6,
                text_width(heads[1], u * 1.05) + u * 0.6, text_width(heads[2], u * 1.05) + u * 0.6]
        rest = self.width - sum(ends) - spacing_x * (len(categories) + 3)
        # The name and the wonder on one line where the categories keep 2 units each (two-digit points
        # fit), else on two.
        first = u * 1.2 + max(text_width(name, ceil(name_font), bold=True) + text_width(f"  {short}", ceil(u))
                              for name, short in headers)
        one_line = (rest - first) / max(len(categories), 1) >= u * 2.0
        if not one_line:
            first = u * 1.2 + max([text_width(name, ceil(name_font), bold=True) for name, _ in headers]
                                  + [text_width(short, ceil(u)) for _, short in headers])
        column = max(u * 2.0, (rest - first) / max(len(categories), 1))
        header_height = u * 2.2
        row_height = max(name_font * 1.5, u * 2.0) if one_line else (name_font + u) * 1.4
        if self.room > 0:
            row_height = max(row_height, min(u * 3.4, (self.room - header_height - spacing_y * len(lines))
                                             / max(len(lines), 1)))
        self.cols = len(categories) + 4
        points = min(1.5, row_height * 0.6 / u)

        def cell(text: str, width: float, *, bold: bool = False, bg: Any = None, color: Any = None, font: float = 1.2,
                 height: float = row_height, row: str = "") -> Label:
            label = Label(text=text, bold=bold, font_size=u * font, size_hint=(None, None), height=height, width=width,
                          color=color or theme.rgba("text"), halign="center", valign="middle")
            if bg is not None:
                _fill(label, bg)
            if row:
                self._cells[row].append(label)
            return label

        self.add_widget(cell("", first, height=header_height))
        for category in categories:
            bg, ink = style.colours(category)
            head = BoxLayout(size_hint=(None, None), width=column, height=header_height, padding=u * 0.25)
            _fill(head, bg)
            head.add_widget(CategoryIcon(ink, category=style.icon(category)))
            self.row_cells[category] = head
            self.add_widget(head)
        for text, width in zip(heads, ends, strict=True):
            self.add_widget(cell(text, width, bold=text == heads[0], font=1.05, height=header_height,
                                 color=theme.rgba("text") if text == heads[0] else theme.rgba("text_dim")))
        total_bg = theme.rgba("surface_high")
        for (name, short), line in zip(headers, lines, strict=True):
            accent = theme.rgba("accent") if line["name"] in winners else None
            gap = "  " if one_line else "\n"
            label = cell(f"[b][size={ceil(name_font)}]{name}[/size][/b]{gap}[size={ceil(u)}]{short}[/size]", first,
                         color=accent, row="header")
            label.markup, label.halign = True, "left"
            label.text_size = (first - u * 0.4, None)
            self.add_widget(label)
            for category in categories:
                bg, ink = style.colours(category)
                self.add_widget(cell(_shown(_points(line, category)), column, bg=bg, color=ink, font=points, bold=True,
                                     row=category))
            self.add_widget(cell(_shown(line["total"]), ends[0], bold=True, bg=total_bg,
                                 font=max(points, min(1.6, row_height * 0.8 / u)), color=accent, row="total"))
            self.add_widget(cell(_rank(line), ends[1], color=theme.rgba("text_dim"), font=1.2, row="rank"))
            self.add_widget(cell(str(line[style.tie_field]), ends[2], color=theme.rgba("text_dim"), font=1.2,
                                 row="coins"))
        self.height = header_height + row_height * len(lines) + spacing_y * len(lines)

    def _refill(self, lines: list[dict[str, Any]], categories: tuple[str, ...], winners: set[str],
                style: PadStyle) -> None:
        """The laid-out cells given this sheet's points, places, coins and winners' colour."""
        theme = app().theme
        cells = self._cells
        for index, line in enumerate(lines):
            colour = theme.rgba("accent") if line["name"] in winners else theme.rgba("text")
            cells["header"][index].color = colour
            for category in categories:
                cells[category][index].text = _shown(_points(line, category))
            cells["total"][index].text = _shown(line["total"])
            cells["total"][index].color = colour
            cells["rank"][index].text = _rank(line)
            cells["coins"][index].text = str(line[style.tie_field])

    def player_cells(self, row: str) -> list[Label]:
        """Each player's cell of a row (``header``, a category, ``total``, ``rank``, ``coins``), in
        seating order whichever way the pad is laid out."""
        return list(self._cells.get(row, []))

    def cells_of(self, category: str) -> list[Widget]:
        """A category's own cell, then each player's cell of it (for the saved picture's check)."""
        return [self.row_cells[category], *self._cells[category]]


def _spacing(grid: GridLayout) -> tuple[float, float]:
    spacing = grid.spacing
    return (spacing[0], spacing[1]) if isinstance(spacing, (list, tuple)) else (spacing, spacing)


def _columns_plan(pad: ScorePad, headers: list[tuple[str, str]], categories: tuple[str, ...],
                  style: PadStyle) -> dict[str, float] | None:
    """The sizes of the printed pad's layout (players as columns) in the pad's width and room, or
    None where it does not fit with every text at least 1 size unit: a name or wonder wider than
    its column, or rows lower than their text."""
    running = app()
    u = running.u
    rows = len(categories) + 4
    spacing_x, spacing_y = _spacing(pad)
    row_height = u * (2.2 if len(categories) <= style.roomy_rows else 1.75)
    least_header, least_total = u * HEADER_UNITS, u * TOTAL_UNITS
    if pad.room > 0:                     # header 1.6 rows, total 1.4, each with its least height
        free = pad.room - spacing_y * (rows - 1)
        share = min((free - header_part - total_part) / (rows - 2 + header_rows + total_rows)
                    for header_part, header_rows in ((0, 1.6), (least_header, 0))
                    for total_part, total_rows in ((0, 1.4), (least_total, 0)))
        row_height = min(row_height, share)
        if row_height < u * LEAST_ROW_UNITS:
            return None
    header, total_height = max(least_header, row_height * 1.6), max(least_total, row_height * 1.4)
    names = [style.name(category) for category in categories]
    lefts = [running.tr("score.total"), running.tr("score.place"), running.tr(style.tie_label)]
    first = _first_column(dict(zip(categories, names, strict=True)), lefts, row_height, pad.width, u)
    column = (pad.width - first - spacing_x * len(headers)) / max(len(headers), 1)
    room = column - u * 0.6
    if column < u * 3.0 or pad.width <= 0:
        return None
    name_font = min(fitting_font(name, u * 1.15, room, bold=True, least=0.0) for name, _ in headers)
    wonder_font = min(fitting_font(short, u, room, least=0.0) for _, short in headers)
    icon_and_margins = row_height * 0.8 + u * (0.6 + 0.4 + 0.1)
    category_font = min(fitting_font(name, u * NAME_FONT_UNITS, first - icon_and_margins, bold=True, least=0.0)
                        for name in names)
    if min(name_font, wonder_font, category_font) < u * LEAST_TEXT_UNITS - 0.01:
        return None
    return {"row": row_height, "header": header, "total": total_height, "first": first, "column": column,
            "points": min(1.4, row_height * 0.8 / u), "name_font": name_font, "wonder_font": wonder_font}


def _first_column(names: dict[str, str], lefts: list[str], row_height: float, pad_width: float, u: float) -> float:
    """The first column's width: the longest category name beside its icon, or the total, place and
    tie-break words (`u`: the size unit), within LABEL_COLUMN_UNITS and never more than 40 % of the pad."""
    icon_and_margins = row_height * 0.8 + u * (0.6 + 0.4 + 0.2)
    wanted = max([text_width(name, u * NAME_FONT_UNITS, bold=True) + icon_and_margins for name in names.values()]
                 + [text_width(text, u, bold=False) + u * 0.6 for text in lefts[1:]])
    least, most = (u * units for units in LABEL_COLUMN_UNITS)
    return max(least, min(wanted, most, pad_width * 0.4 if pad_width > 0 else most))


def _category_cell(name: str, category: str, colours: tuple[Any, Any], size: tuple[float, float],
                   u: float) -> BoxLayout:
    """The first cell of a category row: its icon and its name, on its colour (`colours`: fill and
    ink; `size`: width and height; `u`: the size unit)."""
    (bg, ink), (width, height) = colours, size
    box = BoxLayout(size_hint=(None, None), height=height, width=width, padding=(u * 0.3, u * 0.2), spacing=u * 0.4)
    _fill(box, bg)
    icon = height * 0.8
    box.add_widget(CategoryIcon(ink, category=category, size_hint_x=None, width=icon))
    room = width - icon - u * (0.6 + 0.4 + 0.1)
    label = Label(text=name, bold=True, font_size=fitting_font(name, u * NAME_FONT_UNITS, room, bold=True,
                                                               least=LEAST_TEXT_UNITS / NAME_FONT_UNITS),
                  color=ink, halign="left", valign="middle")
    label.bind(size=lambda widget, value: setattr(widget, "text_size", value))
    box.add_widget(label)
    return box


def _fill(widget: Widget, rgba: Any) -> None:
    """A solid background that follows the widget."""
    with widget.canvas.before:
        Color(*rgba)
        rect = Rectangle(pos=widget.pos, size=widget.size)
    widget.bind(pos=lambda _w, value: setattr(rect, "pos", value), size=lambda _w, value: setattr(rect, "size", value))


def _points(line: dict[str, Any], category: str) -> int | None:
    """A line's points in a category (7 Wonders keeps them on the line, Architects under "categories")."""
    return line["categories"][category] if "categories" in line else line[category]


def _rank(line: dict[str, Any]) -> str:
    """A player's place, or a dash before it is known."""
    return str(line.get("rank") or "\u2014")


def _shown(points: int | None) -> str:
    """Points as written on the pad; ``?`` for a row that needs a value nobody has entered."""
    return "?" if points is None else str(points)


def save_sheet_picture(area: Any) -> str | None:
    """Write `area` (the winner and the pad, as shown) as a PNG beside the log, say where in the
    message bar (Android: Pictures/Table Companion, and the share sheet); where it is kept, or None."""
    running = app()
    path = running.export_folder() / f"score-{running.session.game_id}-{running.timestamp()}.png"
    running.write_export(path, lambda temporary: area.export_to_png(str(temporary)))
    place = running.where_kept(path, share=True)
    if place is not None:
        running.notify(running.tr("score.picture_saved", place=running.place_words(place)))
    return place
