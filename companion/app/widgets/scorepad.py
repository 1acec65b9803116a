"""The score sheet as the official score pad lays it out: categories as coloured rows (each named,
so colour is not the only sign), players as columns, the total, then the rank."""

from __future__ import annotations

from typing import Any

from kivy.graphics import Color, Rectangle
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label

from companion.app.widgets.common import app
from companion.engine import CATEGORIES

__all__ = ["ScorePad"]


class ScorePad(GridLayout):
    """A grid: one row per category, one column per player."""

    def show(self, sheet: dict[str, Any], players: list[dict[str, Any]],
             categories: tuple[str, ...] = CATEGORIES) -> None:
        """Fill the pad from a score sheet's JSON and the seats (for wonder names); with Armada the
        `categories` add naval, islands and port. A value nobody has entered shows as ``?``."""
        running = app()
        words = running.words
        theme = running.theme
        self.clear_widgets()
        lines = [line for line in sheet["players"] if not line.get("free_city")]
        self.cols = len(lines) + 1
        u = running.u
        self.cols_minimum = {0: u * 8.5} if len(lines) > 7 else {}    # 8 players: the row names stay readable
        winners = set(sheet.get("winners", []))
        row_height = u * (2.3 if len(categories) == len(CATEGORIES) else 1.75)

        def cell(text: str, *, bold: bool = False, bg: Any = None, color: Any = None, size: float = 1.2,
                 first: bool = False) -> Label:
            label = Label(text=text, bold=bold, font_size=u * size, size_hint_y=None, height=row_height,
                          color=color or theme.rgba("text"), halign="left" if first else "center", valign="middle",
                          shorten=True)
            label.bind(size=lambda widget, value: setattr(widget, "text_size", (value[0] - u * 0.6, value[1])))
            if bg is not None:
                with label.canvas.before:
                    Color(*bg)
                    rect = Rectangle(pos=label.pos, size=label.size)
                label.bind(pos=lambda widget, value, r=rect: setattr(r, "pos", value),
                           size=lambda widget, value, r=rect: setattr(r, "size", value))
            return label

        seats = {p["name"]: p for p in players}
        self.add_widget(cell("", first=True))
        for line in lines:
            self.add_widget(cell(line["name"], bold=True, size=1.3,
                                 color=theme.rgba("accent") if line["name"] in winners else None))
        self.add_widget(cell(running.tr("score.wonder_row"), first=True, color=theme.rgba("text_dim"), size=1.0))
        for line in lines:
            seat = seats.get(line["name"])
            self.add_widget(cell(words.wonder(seat["wonder"], seat) if seat else "", color=theme.rgba("text_dim"),
                                 size=1.0))
        for category in categories:
            bg = theme.score_row(category, 0.55)
            self.add_widget(cell(running.tr(f"score.category.{category}"), bold=True, bg=bg, first=True))
            for line in lines:
                self.add_widget(cell(_shown(line[category]), bg=bg, size=1.4))
        total_bg = theme.rgba("surface_high")
        self.add_widget(cell(running.tr("score.total"), bold=True, bg=total_bg, first=True, size=1.4))
        for line in lines:
            self.add_widget(cell(_shown(line["total"]), bold=True, bg=total_bg, size=1.7,
                                 color=theme.rgba("accent") if line["name"] in winners else None))
        self.add_widget(cell(running.tr("score.coins_rank"), first=True, color=theme.rgba("text_dim"), size=1.0))
        for line in lines:
            rank = line.get("rank")
            self.add_widget(cell(running.tr("score.coins_rank_value", coins=line["coins"], rank=rank or "\u2014"),
                                 color=theme.rgba("text_dim"), size=1.0))
        rows = len(categories) + 4
        spacing = self.spacing[1] if isinstance(self.spacing, (list, tuple)) else self.spacing
        self.height = row_height * rows + spacing * (rows - 1)


def _shown(points: int | None) -> str:
    """Points as written on the pad; ``?`` for a row that needs a value nobody has entered."""
    return "?" if points is None else str(points)
