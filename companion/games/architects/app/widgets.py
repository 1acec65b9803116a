"""Widgets of the Architects screens: a wonder drawn as its pieces (only buildable pieces react),
card counters in their colours, Progress token tiles, and the Architects score sheet drawn on the
7 Wonders score pad (`architects_style`)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.app.widgets.common import BigButton, app
from companion.app.widgets.scorepad import PadStyle
from companion.games.architects.app import SCORE_ROW_LOOKS, ArchitectsNames
from companion.games.architects.rules.table import ArchitectsPlayer
from companion.games.architects.rules.wonder import buildable_pieces

__all__ = ["ROW_COLOURS", "WonderPieces", "architects_style", "ask_piece_vp", "card_button", "piece_button",
           "row_colour", "row_icon"]
ROW_COLOURS = {"wonder": "wonder", "cat": "treasury", "blue": "civilian", "military": "military",
               "progress": "science"}
"""Each Architects category in the colour of the 7 Wonders pad row nearest to it (an expansion's row:
its `SCORE_ROW_LOOKS`)."""


class WonderPieces(BoxLayout):
    """A wonder as its pieces, top level first, each said in words (the cards it costs, its VP): built
    pieces marked built, the pieces that can be built now react to a tap, the others are dimmed.
    Rome and Ur show five slots filled in order."""

    def show(self, player: ArchitectsPlayer, on_build: Callable[[str | None], None],
             due: frozenset[str] = frozenset()) -> None:
        """The player's wonder; the pieces in `due` (the player can pay them: the rules oblige it now)
        say so on the piece itself."""
        running = app()
        u = running.u
        self.clear_widgets()
        self.orientation = "vertical"
        self.spacing = u * 0.3
        wonder = player.wonder
        names = ArchitectsNames(running.language, running.session.table.data)
        if wonder.pieces is None:
            slots = [piece_button(running.tr("architects.piece_built_typed", vp=b.vp), "good") for b in player.built]
            if len(slots) < 5:
                nxt = piece_button(running.tr("architects.build_typed"), "primary")
                nxt.bind(on_release=lambda *_: on_build(None))
                slots.append(nxt)
            while len(slots) < 5:
                slots.append(piece_button("\u2014", "normal", enabled=False))
            for slot in reversed(slots):
                slot.size_hint_y = None                 # a column of its own: as high as a finger needs
                slot.height = max(running.touch, u * 3.6)
                self.add_widget(slot)
            return
        built = player.built_ids
        ready = {p.id for p in buildable_pieces(wonder, built)}
        for level in sorted({p.level for p in wonder.pieces}, reverse=True):
            pieces = [p for p in wonder.pieces if p.level == level]
            # pieces side by side when each has room for its words (else one under the other: the Pi's column)
            side_by_side = self.width / len(pieces) >= u * 11
            row = BoxLayout(spacing=u * 0.3, size_hint_y=None, height=max(running.touch, u * 4.4))
            for piece in pieces:
                if not side_by_side and row.children:
                    self.add_widget(row)
                    row = BoxLayout(spacing=u * 0.3, size_hint_y=None, height=max(running.touch, u * 4.4))
                state = "built" if piece.id in built else "ready" if piece.id in ready else "later"
                cost = running.tr("architects.cost", cost=names.piece_cost(piece.cost))
                said = "due" if state == "ready" and piece.id in due else state
                text = running.tr(f"architects.piece_{said}", cost=cost, vp=piece.vp) + \
                    (running.tr("architects.piece_effect") if piece.effect else "")
                button = piece_button(text, {"built": "good", "ready": "primary"}.get(state, "normal"),
                                      enabled=state == "ready")
                if state == "ready":
                    button.bind(on_release=lambda _b, p=piece.id: on_build(p))
                button.piece = piece.id
                button.due = said == "due"
                button.bind(texture_size=lambda _b, _size, r=row: _fit_row(r))
                row.add_widget(button)
            self.add_widget(row)


def _fit_row(row: BoxLayout) -> None:
    """A row of pieces as high as its longest text needs (three lines on the Pi's narrow column)."""
    running = app()
    tallest = max((child.texture_size[1] for child in row.children), default=0)
    row.height = max(running.touch, running.u * 4.4, tallest + running.u * 0.8)


def piece_button(text: str, tone: str, *, enabled: bool = True) -> BigButton:
    """A wonder piece: two lines of words, dimmed where it cannot be built yet."""
    running = app()
    button = BigButton(text=text, tone=tone, font_size=running.u, max_lines=4, size_hint_y=1)
    button.halign = "center"
    if not enabled:
        button.disabled = True
        button.opacity = 0.75
    return button


def card_button(kind: str, colour: str, count: int, names: ArchitectsNames, on_tap: Callable[[str], None]) -> BigButton:
    """A card kind in its colour with the number in front of the player; a tap adds (or removes) one."""
    running = app()
    theme = running.theme
    button = BigButton(text=f"{names.card(kind)}\n[b]{count}[/b]", markup=True, font_size=running.u * 1.05,
                       max_lines=4, size_hint_y=1)
    button.background_color = theme.card_fill(colour, 1.0 if count else 0.45)
    button.color = theme.card_text(colour)
    button.kind = kind
    button.bind(on_release=lambda *_: on_tap(kind))
    return button


def ask_piece_vp(title: str, on_vp: Callable[[int], None]) -> ModalView:
    """Rome and Ur: a pad of numbers for the VP printed on the piece just built (no value is guessed);
    Cancel builds nothing."""
    running = app()
    u = running.u
    from kivy.core.window import Window

    view = ModalView(size_hint=(None, None), size=(min(Window.width * 0.96, u * 36), min(Window.height * 0.96, u * 26)),
                     auto_dismiss=True)
    box = BoxLayout(orientation="vertical", padding=u, spacing=u * 0.5)
    box.add_widget(Label(text=title, font_size=u * 1.3, size_hint_y=None, height=u * 2.5))
    grid = GridLayout(cols=5, spacing=u * 0.4)
    for vp in range(15):
        button = BigButton(text=str(vp), font_size=u * 1.5, size_hint_y=1)

        def chosen(_b: Any, value: int = vp) -> None:
            view.dismiss()
            on_vp(value)
        button.bind(on_release=chosen)
        grid.add_widget(button)
    box.add_widget(grid)
    cancel = BigButton(text=running.tr("common.cancel"), tone="quiet")
    cancel.bind(on_release=lambda *_: view.dismiss())
    box.add_widget(cancel)
    view.add_widget(box)
    view.open()
    return view


ICONS = {"wonder": "wonder", "cat": "cat", "blue": "civilian", "military": "military", "progress": "token"}
"""Each Architects category's icon on the score sheet (an expansion's row: its `SCORE_ROW_LOOKS`)."""


def row_colour(category: str) -> str:
    """The 7 Wonders pad row whose colours an Architects category takes."""
    return ROW_COLOURS.get(category) or SCORE_ROW_LOOKS.find(category).colour


def row_icon(category: str) -> str:
    """An Architects category's icon."""
    return ICONS.get(category) or SCORE_ROW_LOOKS.find(category).icon


def architects_style(names: ArchitectsNames) -> PadStyle:
    """The Architects sheet on the score pad: its categories in the rulebook's order, each in the
    colour of the 7 Wonders row nearest to it, with its icon; the tie-break is the stages built."""
    running = app()
    theme = running.theme
    return PadStyle(name=lambda category: running.tr(f"architects.category.{category}"),
                    colours=lambda category: (theme.score_row(row_colour(category)),
                                              theme.score_text(row_colour(category))),
                    icon=row_icon, tie_label="architects.tie_break_stages",
                    tie_column="architects.stages_column", tie_field="stages",
                    wonder=lambda line: names.wonder(line["wonder"]))
