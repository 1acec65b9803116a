"""Entering Armada's values printed only as icons, inside the app: one question at a time in the
player's language ("Port board 1, red fleet, space 1: how many naval shields?"), answered with a
stepper or a choice, never typed.

An answer is validated exactly as `companion components edit` validates typed text (the stepper's
value becomes that text, then `enter_answers`: `parse_input` and `armada_with_values`), and saved
at once in the components file the app reads (`CompanionApp.components_path`): once per box, never
asked again. "Later" closes the dialog; nothing is guessed meanwhile.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable, Sequence
from typing import Any

from kivy.properties import BooleanProperty, NumericProperty, StringProperty
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.gridlayout import GridLayout
from kivy.uix.modalview import ModalView

from companion.app.widgets.common import BigButton, Stepper, TextLabel, ToggleChoice, app
from companion.app.widgets.kv import load_kv
from companion.gamedata.components import InputError
from companion.gamedata.reading import GameDataError
from companion.games.armada.app.words import value_question
from companion.games.armada.rules.values import enter_answers

__all__ = ["ValueDialog", "answer_text", "ask_values", "save_answer", "values_button"]

load_kv("armada.kv", "companion.games.armada.app")

NUMBER_RANGES = {"count": (0, 20), "island_level": (0, 3), "level": (1, 3), "age": (1, 3)}
"""The stepper's bounds for each kind of number (what `parse_input` accepts is wider for counts)."""


def answer_text(kind: str, value: Any) -> str:
    """The text `companion components edit` would be typed for `value` (so both go through the same
    parser): a number, a fleet, ``left``, ``1 clay + 2 coin`` or ``free``, ``wood/ore``, card ids or ``none``."""
    if kind == "cost":
        parts = [f"{count} {name}" for name, count in value.items() if count]
        return " + ".join(parts) if parts else "free"
    if kind == "resources":
        return "/".join(value)
    if kind == "cards":
        return ", ".join(value) if value else "none"
    return str(value)


def save_answer(key: str, text: str) -> str | None:
    """Save one answer in the app's components file; None when saved, else why not (nothing written)."""
    running = app()
    try:
        enter_answers(running.components_path(), {key: text}, running.expansion_data("armada"))
    except (InputError, GameDataError, OSError) as error:
        return str(error)
    running.values_saved()
    return None


class ValueDialog(ModalView):
    """Ask for unknown values one by one; `on_done()` runs when the dialog closes."""

    title = StringProperty("")
    question = StringProperty("")
    error = StringProperty("")
    number = NumericProperty(0)
    for_game = BooleanProperty(False)
    """The value is printed at the space a seat's ship stands on: it may be kept for this game only."""

    def __init__(self, keys: Sequence[str], *, board: int | None = None, seat: int | None = None,
                 on_done: Callable[[], None] | None = None, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self.keys = list(dict.fromkeys(keys))
        self.board = board
        self.seat = seat
        self.on_done = on_done
        self.saved: list[str] = []
        self.bind(on_dismiss=lambda *_: self._finished())
        self._show(0)

    # -- one question ----------------------------------------------------------------------------------
    def _show(self, index: int) -> None:
        running = app()
        armada = running.expansion_data("armada")
        while index < len(self.keys) and armada.facts[self.keys[index]].known:
            index += 1                                   # entered meanwhile (another dialog, the CLI)
        if index >= len(self.keys):
            self.dismiss()
            return
        self.number = index
        key = self.keys[index]
        self.title = running.tr("armada.values.title", number=index + 1, total=len(self.keys))
        self.question = value_question(key, running.tr, armada, running.language, board=self.board)
        self.error = ""
        self.for_game = self._space_value(key) is not None
        self._fill_entry(armada.facts[key].kind)

    def _space_value(self, key: str) -> tuple[str, str] | None:
        """(fleet, field) when `key` is a reward printed at the space where the seat's ship stands."""
        parts = key.split(".")
        if self.seat is None or len(parts) != 4 or parts[0] != "fleet" or not parts[2].isdigit():
            return None
        fleet, level, field = parts[1], int(parts[2]), parts[3]
        return (fleet, field) if app().session.part("armada").fleet_level(self.seat, fleet) == level else None

    def _fill_entry(self, kind: str) -> None:
        """The input for this kind of value: a stepper, choices, or a stepper per resource."""
        running = app()
        entry = self.ids.entry
        entry.clear_widgets()
        self.kind = kind
        self.value: Any = None
        if kind in NUMBER_RANGES:
            low, high = NUMBER_RANGES[kind]
            stepper = Stepper(minimum=low, maximum=high, value=low)
            self.value = low
            stepper.on_change = self._set_value
            entry.add_widget(stepper)
        elif kind in ("fleet", "direction"):
            options = [(f, f"{running.tr(f'armada.fleet.{f}.letter')}  {running.tr(f'armada.fleet.{f}')}")
                       for f in running.expansion_data("armada").fleet_ids] if kind == "fleet" else \
                [(d, running.tr(f"armada.direction.{d}")) for d in ("left", "right")]
            entry.add_widget(self._choices(options, multiple=False))
        elif kind == "resources":
            words = running.words
            self.value = []
            entry.add_widget(self._choices([(r, words.resource(r)) for r in running.store.data.rules.resources],
                                           multiple=True))
        elif kind == "cost":
            self.value = {}
            grid = GridLayout(cols=2, size_hint_y=None, spacing=running.u * 0.3)
            grid.bind(minimum_height=grid.setter("height"))
            items = [(r, running.words.resource(r)) for r in running.store.data.rules.resources]
            for name, label in [*items, ("coin", running.tr("armada.values.coins"))]:
                stepper = Stepper(minimum=0, maximum=9, label=label)
                stepper.on_change = lambda count, item=name: self._set_cost(item, count)
                grid.add_widget(stepper)
            entry.add_widget(grid)
        elif kind == "cards":
            self.value = []
            words = running.words                       # a chain symbol may name a base card or an Armada one
            cards = {**running.store.data.cards, **running.expansion_data("armada").cards}
            options = sorted(((c, words.card(c) if c in words.data.cards else str(cards[c].names.get(
                running.language) or cards[c].names["en"])) for c in cards), key=lambda option: option[1])
            none = ToggleChoice(text=running.tr("armada.values.none"), value=None, chosen=True)
            none.bind(on_release=lambda *_: self._set_value([]))
            entry.add_widget(none)
            entry.add_widget(self._choices(options, multiple=True))

    def _choices(self, options: Iterable[tuple[str, str]], *, multiple: bool) -> GridLayout:
        running = app()
        grid = GridLayout(cols=2, size_hint_y=None, spacing=running.u * 0.3)
        grid.bind(minimum_height=grid.setter("height"))
        for value, text in options:
            choice = ToggleChoice(text=text, value=value)
            choice.bind(on_release=lambda c, g=grid: self._choose(g, c, multiple))
            grid.add_widget(choice)
        return grid

    def _choose(self, grid: GridLayout, choice: ToggleChoice, multiple: bool) -> None:
        if multiple:
            choice.chosen = not choice.chosen
            self.value = [c.value for c in reversed(grid.children) if c.chosen]
        else:
            for other in grid.children:
                other.chosen = other is choice
            self.value = choice.value

    def _set_value(self, value: Any) -> None:
        self.value = value

    def _set_cost(self, item: str, count: int) -> None:
        self.value[item] = count

    # -- taps ------------------------------------------------------------------------------------------
    def save(self) -> None:
        """Validate and save this answer, then ask the next question."""
        running = app()
        if self.value is None or (self.kind == "resources" and not self.value):
            self.error = running.tr("armada.values.refused", error=running.tr("armada.values.hint"))
            return
        key = self.keys[self.number]
        problem = save_answer(key, answer_text(self.kind, self.value))
        if problem is not None:
            self.error = running.tr("armada.values.refused", error=problem)
            return
        self.saved.append(key)
        self._show(self.number + 1)

    def this_game(self) -> None:
        """Keep this answer for this game only (read off this table's board; the box's file is left alone)."""
        running = app()
        space = self._space_value(self.keys[self.number])
        if space is None or self.seat is None or not isinstance(self.value, int):
            return
        from companion.state.errors import SessionError

        try:
            running.session.part("armada").set_fleet_value(self.seat, space[0], space[1], self.value)
        except SessionError as error:
            self.error = running.tr("armada.values.refused", error=str(error))
            return
        running.changed(now=True)
        self._show(self.number + 1)

    def skip(self) -> None:
        """Leave this value unknown for now."""
        self._show(self.number + 1)

    def later(self) -> None:
        """Close; the values stay unknown (nothing is guessed)."""
        self.dismiss()

    def _finished(self) -> None:
        running = app()
        if self.saved:
            running.notify(running.tr("armada.values.saved"))
        if self.on_done is not None:
            done, self.on_done = self.on_done, None
            done()


def ask_values(keys: Sequence[str], *, board: int | None = None, seat: int | None = None,
               on_done: Callable[[], None] | None = None) -> ValueDialog | None:
    """Open the dialog for the values among `keys` still unknown (None when every one is known); with
    `seat`, a value printed where that seat's ship stands may also be kept for this game only."""
    armada = app().expansion_data("armada")
    unknown = [k for k in dict.fromkeys(keys) if k in armada.facts and not armada.facts[k].known]
    if not unknown:
        return None
    dialog = ValueDialog(unknown, board=board, seat=seat, on_done=on_done)
    dialog.open()
    return dialog


def values_button(unknowns: Iterable[Any], *, on_done: Callable[[], None] | None = None) -> BigButton:
    """"Enter the values (N)": opens the dialog for these unknowns (each has a fact `key`)."""
    running = app()
    keys = list(dict.fromkeys(u.key for u in unknowns))
    button = BigButton(text=running.tr("armada.values.enter", count=len(keys)), tone="primary")
    button.bind(on_release=lambda *_: ask_values(keys, on_done=on_done))
    return button


def question_lines(unknowns: Iterable[Any]) -> list[TextLabel]:
    """One line per value to enter, as the question that asks for it."""
    running = app()
    armada = running.expansion_data("armada")
    keys = list(dict.fromkeys(u.key for u in unknowns))
    return [TextLabel(text="\u2022 " + value_question(k, running.tr, armada, running.language),
                      font_size=running.u * 1.15) for k in keys]


class EntryBox(BoxLayout):
    """The dialog's input area."""
