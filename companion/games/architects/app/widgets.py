"""Widgets of the Architects screens: a wonder drawn as its pieces (only buildable pieces react),
card counters in their colours, Progress token tiles, and the Architects score sheet styled like
the 7 Wonders pad."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.graphics import Color, Rectangle
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.app.widgets.common import BigButton, app
from companion.games.architects.app import ArchitectsNames
from companion.games.architects.rules.scoring import ArchitectsSheet
from companion.games.architects.rules.table import ArchitectsPlayer
from companion.games.architects.rules.wonder import buildable_pieces

__all__ = ["COST_SIGNS", "ROW_COLOURS", "ArchitectsPad", "WonderPieces", "ask_piece_vp", "card_button"]

COST_SIGNS = {"two_different": "2\u2260", "two_identical": "2=", "three_different": "3\u2260",
              "three_identical": "3=", "four_different": "4\u2260"}
"""The cost as printed on a piece (the rulebook's signs)."""
ROW_COLOURS = {"wonder": "wonder", "cat": "treasury", "blue": "civilian", "military": "military",
               "progress": "science", "medals": "commercial"}
"""Each Architects category in the colour of the 7 Wonders pad row nearest to it."""


def _fill(widget: Any, colour: Any) -> None:
    with widget.canvas.before:
        Color(*colour)
        rect = Rectangle(pos=widget.pos, size=widget.size)
    widget.bind(pos=lambda w, v, r=rect: setattr(r, "pos", v), size=lambda w, v, r=rect: setattr(r, "size", v))


class WonderPieces(BoxLayout):
    """A wonder as its pieces, top level first: built pieces show their VP, the pieces that can be
    built now react to a tap, the others are dimmed. Rome and Ur show five slots filled in order."""

    def show(self, player: ArchitectsPlayer, on_build: Callable[[str | None], None]) -> None:
        running = app()
        u = running.u
        self.clear_widgets()
        self.orientation = "vertical"
        self.spacing = u * 0.3
        wonder = player.wonder
        if wonder.pieces is None:
            slots = [BigButton(text=running.tr("architects.piece_vp", vp=b.vp), tone="good", height=u * 2.6)
                     for b in player.built]
            if len(slots) < 5:
                nxt = BigButton(text=running.tr("architects.build_typed"), tone="primary", height=u * 2.6)
                nxt.bind(on_release=lambda *_: on_build(None))
                slots.append(nxt)
            while len(slots) < 5:
                slots.append(BigButton(text="\u2014", disabled=True, opacity=0.7, height=u * 2.6))
            for slot in reversed(slots):
                self.add_widget(slot)
            return
        built = player.built_ids
        ready = {p.id for p in buildable_pieces(wonder, built)}
        for level in sorted({p.level for p in wonder.pieces}, reverse=True):
            row = BoxLayout(spacing=u * 0.3, size_hint_y=None, height=u * 2.6)
            for piece in (p for p in wonder.pieces if p.level == level):
                sign = COST_SIGNS[piece.cost] + (" \u2022" if piece.effect else "")
                if piece.id in built:
                    button = BigButton(text=f"{sign}   {piece.vp}", tone="good", height=u * 2.6)
                elif piece.id in ready:
                    button = BigButton(text=f"{sign}   ({piece.vp})", tone="primary", height=u * 2.6)
                    button.bind(on_release=lambda _b, p=piece.id: on_build(p))
                else:
                    button = BigButton(text=f"{sign}   ({piece.vp})", disabled=True, opacity=0.7, height=u * 2.6)
                button.piece = piece.id
                row.add_widget(button)
            self.add_widget(row)


def card_button(kind: str, colour: str, count: int, names: ArchitectsNames, on_tap: Callable[[str], None]) -> BigButton:
    """A card kind in its colour with the number in front of the player; a tap adds (or removes) one."""
    running = app()
    theme = running.theme
    button = BigButton(text=f"{names.card(kind)}  [b]{count}[/b]", markup=True, height=running.u * 3.4,
                       font_size=running.u * 1.05)
    button.background_color = theme.card_fill(colour, 1.0 if count else 0.45)
    button.color = theme.card_text(colour)
    button.kind = kind
    button.bind(on_release=lambda *_: on_tap(kind))
    return button


def ask_piece_vp(title: str, on_vp: Callable[[int], None]) -> ModalView:
    """Rome and Ur: a pad of numbers for the VP printed on the piece just built (no value is guessed)."""
    running = app()
    u = running.u
    view = ModalView(size_hint=(None, None), size=(u * 34, u * 20), auto_dismiss=True)
    box = BoxLayout(orientation="vertical", padding=u, spacing=u * 0.5)
    box.add_widget(Label(text=title, font_size=u * 1.3, size_hint_y=None, height=u * 2.5))
    grid = GridLayout(cols=5, spacing=u * 0.4)
    for vp in range(15):
        button = BigButton(text=str(vp), height=u * 3.2, font_size=u * 1.5)

        def chosen(_b: Any, value: int = vp) -> None:
            view.dismiss()
            on_vp(value)
        button.bind(on_release=chosen)
        grid.add_widget(button)
    box.add_widget(grid)
    view.add_widget(box)
    view.open()
    return view


class ArchitectsPad(GridLayout):
    """The score sheet: a row per category in the rulebook's order, a column per player, then the
    total, the stages (the tie-break) and the rank."""

    def show(self, sheet: ArchitectsSheet, names: ArchitectsNames) -> None:
        running = app()
        theme = running.theme
        u = running.u
        self.clear_widgets()
        self.cols = len(sheet.lines) + 1
        row_height = u * 2.2
        winners = set(sheet.winners)

        def cell(text: str, *, bold: bool = False, bg: Any = None, color: Any = None, size: float = 1.2,
                 first: bool = False) -> Label:
            label = Label(text=text, bold=bold, font_size=u * size, size_hint_y=None, height=row_height,
                          color=color or theme.rgba("text"), halign="left" if first else "center", valign="middle",
                          shorten=True)
            label.bind(size=lambda widget, value: setattr(widget, "text_size", (value[0] - u * 0.6, value[1])))
            if bg is not None:
                _fill(label, bg)
            return label

        accent = theme.rgba("accent")
        self.add_widget(cell("", first=True))
        for line in sheet.lines:
            self.add_widget(cell(line.name, bold=True, size=1.3, color=accent if line.name in winners else None))
        self.add_widget(cell(running.tr("architects.wonder_row"), first=True, color=theme.rgba("text_dim"), size=1.0))
        for line in sheet.lines:
            self.add_widget(cell(names.wonder(line.wonder), color=theme.rgba("text_dim"), size=1.0))
        for category in sheet.categories:
            bg = theme.score_row(ROW_COLOURS[category], 0.55)
            self.add_widget(cell(running.tr(f"architects.category.{category}"), bold=True, bg=bg, first=True))
            for line in sheet.lines:
                self.add_widget(cell(str(line.points[category]), bg=bg, size=1.4))
        total_bg = theme.rgba("surface_high")
        self.add_widget(cell(running.tr("score.total"), bold=True, bg=total_bg, first=True, size=1.4))
        for line in sheet.lines:
            self.add_widget(cell(str(line.total), bold=True, bg=total_bg, size=1.7,
                                 color=accent if line.name in winners else None))
        self.add_widget(cell(running.tr("architects.stages_rank"), first=True, color=theme.rgba("text_dim"), size=1.0))
        for line in sheet.lines:
            self.add_widget(cell(running.tr("architects.stages_rank_value", stages=line.stages, rank=line.rank),
                                 color=theme.rgba("text_dim"), size=1.0))
        rows = len(sheet.categories) + 4
        spacing = self.spacing[1] if isinstance(self.spacing, (list, tuple)) else self.spacing
        self.height = row_height * rows + spacing * (rows - 1)
