"""Small widgets every screen uses: panels, big buttons, labels that wrap, a stepper, a message bar.

Their looks are in kv/widgets.kv; sizes follow the app's unit `app.u` so the same screens fit a
1280x800 tablet and an 800x480 touchscreen.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any, TypeVar

from kivy.app import App
from kivy.clock import Clock
from kivy.factory import Factory
from kivy.properties import (
    BooleanProperty,
    ListProperty,
    NumericProperty,
    ObjectProperty,
    StringProperty,
)
from kivy.uix.behaviors import ButtonBehavior
from kivy.uix.boxlayout import BoxLayout
from kivy.uix.button import Button
from kivy.uix.label import Label
from kivy.uix.modalview import ModalView

from companion.app.guard import TapGuard

__all__ = ["BigButton", "InstantModal", "Panel", "SmallButton", "Stepper", "Tappable", "TextLabel", "Toast",
           "ToggleChoice", "TopBar", "app", "fit_words", "fitting_font", "kept_view", "name_chips", "scroll_into_view",
           "show_children", "text_width", "visible_in"]


def app() -> Any:
    """The running CompanionApp."""
    return App.get_running_app()


class Panel(BoxLayout):
    """A box with a rounded background colour."""

    bg = ListProperty([0.15, 0.17, 0.22, 1])
    radius = NumericProperty(8)


class TextLabel(Label):
    """A label that wraps to its width and grows to its text's height."""

    grow = BooleanProperty(True)


class BigButton(TapGuard, Button):
    """A large touch target (at least 3.6 units high)."""

    tone = StringProperty("normal")
    """``normal``, ``primary`` (the screen's main action), ``good``, ``bad`` or ``quiet``."""


class ToggleChoice(TapGuard, Button):
    """One option of a choice row: highlighted when chosen."""

    chosen = BooleanProperty(False)
    value = ObjectProperty(None, allownone=True)


class SmallButton(TapGuard, Button):
    """A small square button (a stepper's minus and plus)."""


Factory.register("ChoiceSpinner", module="companion.app.widgets.choice")
Factory.register("WonderOption", module="companion.app.widgets.choice")
"""Kivy's Spinner opens the window when imported: its module is loaded only when a screen uses one."""


class Tappable(TapGuard, ButtonBehavior, BoxLayout):
    """A box that reacts to a tap."""

    bg = ListProperty([0.2, 0.23, 0.3, 1])
    border_color = ListProperty([0, 0, 0, 0])
    dashed = BooleanProperty(False)


class Stepper(BoxLayout):
    """A number with big minus and plus buttons (coins, stages): no typing needed; with `on_pad`, a
    tap on the number opens a number pad instead of many taps on + and -."""

    value = NumericProperty(0)
    minimum = NumericProperty(0)
    maximum = NumericProperty(999)
    label = StringProperty("")
    on_change: Callable[[int], None] | None = None
    on_pad: Callable[[], None] | None = None

    def open_pad(self) -> None:
        """The number was tapped."""
        if self.on_pad is not None:
            self.on_pad()

    def step(self, delta: int) -> None:
        """Move the value by `delta` within its bounds and report it."""
        new = int(min(self.maximum, max(self.minimum, self.value + delta)))
        if new != self.value:
            self.value = new
            if self.on_change is not None:
                self.on_change(new)


class Toast(BoxLayout):
    """A message bar at the bottom of a screen, with an optional undo; it hides after a few seconds."""

    text = StringProperty("")
    bad = BooleanProperty(False)
    has_undo = BooleanProperty(False)
    shown = BooleanProperty(False)
    font_units = NumericProperty(1.1)
    """The message's size in size units (1 in the table's bottom bar, where it has three lines' room)."""

    def __init__(self, **kwargs: Any) -> None:
        super().__init__(**kwargs)
        self._undo: Callable[[], None] | None = None
        self._hide = Clock.create_trigger(lambda *_: self.hide(), 6.0)

    def show(self, text: str, *, bad: bool = False, undo: Callable[[], None] | None = None) -> None:
        """Show `text`; with `undo`, an undo button calls it."""
        self.text, self.bad, self._undo, self.has_undo, self.shown = text, bad, undo, undo is not None, True
        self._hide.cancel()
        self._hide()

    def hide(self) -> None:
        """Hide the bar."""
        self.shown = False
        self._undo = None
        self.has_undo = False

    def undo(self) -> None:
        """Run the undo once."""
        action, self._undo = self._undo, None
        self.hide()
        if action is not None:
            action()


class TopBar(BoxLayout):
    """A screen's title bar: a back button (when `back_to` names a screen), the title, a detail."""

    title = StringProperty("")
    detail = StringProperty("")
    back_to = StringProperty("")


class InstantModal(ModalView):
    """A view over the screen that opens and closes at once: a fade would make every tap wait for it.

    While one is open the screen under it is not drawn: the window shows the theme's backdrop colour
    around it instead of a dimmed copy of the screen. On a software renderer every layer of pixels
    costs (the screen, a dimming layer over the whole window, the view's frame: three layers where
    the view is), and a tap waits for them all.
    """

    def open(self, *args: Any, **kwargs: Any) -> None:
        """Show at once."""
        kwargs.setdefault("animation", False)
        was_open = self._is_open
        super().open(*args, **kwargs)
        if not was_open and self._is_open:
            _ScreenUnder.covered(True)

    def open_afresh(self) -> None:
        """Show at once, set up anew: a kept view (`kept_view`) still open is closed first."""
        if self._is_open:
            self.dismiss()
        self.open()

    def dismiss(self, *args: Any, **kwargs: Any) -> None:
        """Close at once."""
        kwargs.setdefault("animation", False)
        was_open = self._is_open
        super().dismiss(*args, **kwargs)
        if was_open and not self._is_open:
            _ScreenUnder.covered(False)


def fitting_font(text: str, size: float, width: float, *, bold: bool = False, least: float = 0.6) -> float:
    """The largest font size up to `size` at which `text` fits `width` on one line (a name is made
    smaller rather than cut or broken inside a word); never under `least` times `size`."""
    if not text or width <= 0:
        return size
    measured = text_width(text, size, bold=bold)
    return size if measured <= width else max(size * least, size * width / measured * 0.98)


def text_width(text: str, size: float, *, bold: bool = False) -> float:
    """How wide `text` is drawn on one line at `size` (pixels)."""
    from kivy.core.text import Label as CoreLabel

    return float(CoreLabel(text=text, font_size=size, bold=bold).get_extents(text)[0])


def fit_words(button: Any, units: float, *, least: float = 1.0) -> None:
    """Keep `button`'s font at `units` size units, made smaller (never under `least` units) where
    its longest word would not fit its width: a word is never broken over two lines (a chosen tab's
    bold name included)."""
    def fit(*_: Any) -> None:
        u = app().u
        room = button.width - u * 0.6
        word = max(button.text.split(), key=len, default="")
        size = fitting_font(word, u * units, room, bold=True, least=least / units) if room > 0 else u * units
        if room > 0 and text_width(button.text, size, bold=True) > room:       # two lines: both in its height
            size = max(u * least, min(size, (button.height - u * 0.3) / 2.5))
        button.font_size = size

    button.bind(width=fit, text=fit, height=fit)
    fit()


def name_chips(box: Any, names: list[str], on_tap: Callable[[str], None]) -> None:
    """Fill `box` (a row that scrolls sideways) with a chip per remembered name, each as wide as its
    name (one tap puts it in a seat)."""
    u = app().u
    box.clear_widgets()
    for name in names:
        chip = BigButton(text=name, size_hint_x=None, tone="quiet", max_lines=1)
        chip.width = max(u * 6, text_width(name, u * 1.25) + u * 1.6)
        chip.bind(on_release=lambda button: on_tap(button.text))
        box.add_widget(chip)
    box.width = sum(chip.width for chip in box.children) + u * 0.4 * max(len(box.children) - 1, 0)


def visible_in(widget: Any, view: Any) -> bool:
    """True when the whole of `widget` lies inside `view` (a scroll view's window), on the window."""
    left, bottom = widget.to_window(widget.x, widget.y)
    right, top = widget.to_window(widget.right, widget.top)
    v_left, v_bottom = view.to_window(view.x, view.y)
    v_right, v_top = view.to_window(view.right, view.top)
    return v_left <= left and right <= v_right and v_bottom <= bottom and top <= v_top


def scroll_into_view(widget: Any, settle: Callable[[], None]) -> None:
    """Scroll every scroll view holding `widget` until it shows (a finger scrolls before it taps);
    `settle` runs the frames that lay it out after each scroll."""
    from kivy.uix.scrollview import ScrollView

    parent = widget.parent
    while parent is not None and parent is not parent.parent:
        if isinstance(parent, ScrollView) and not visible_in(widget, parent):
            parent.scroll_to(widget, padding=10, animate=False)
            settle()
        parent = parent.parent


def show_children(box: Any, widgets: list[Any]) -> None:
    """Put `widgets` in `box`, in order, each taken from wherever it was; a box that holds exactly
    them already is left alone (kept widgets shown again cost no new layout)."""
    if list(reversed(box.children)) == widgets:
        return
    box.clear_widgets()
    for widget in widgets:
        if widget.parent is not None:
            widget.parent.remove_widget(widget)
        box.add_widget(widget)


View = TypeVar("View", bound=InstantModal)
_kept_views: dict[type, tuple[tuple[str, float], Any]] = {}


def kept_view(kind: type[View], make: Callable[[], View]) -> View:
    """The one view of `kind` (the card picker, the coin pad), made by `make` once per language and
    size unit and opened again for every tap: a new one is dozens of widgets to make and lay out
    while the tap waits."""
    running = app()
    key = (running.language, running.u)
    kept = _kept_views.get(kind)
    if kept is None or kept[0] != key:          # another language or size: its words and sizes are stale
        kept = _kept_views[kind] = (key, make())
    view: View = kept[1]
    return view


class _ScreenUnder:
    """The app's screens, clipped away (an empty scissor box around them in the window's drawing)
    while views cover them: their drawing stays in place, so nothing is made again when the view
    closes, and the renderer drops every shape of theirs before it costs a pixel."""

    views = 0
    clear_color: Any = None
    clip: Any = None

    @classmethod
    def covered(cls, opened: bool) -> None:
        from kivy.core.window import Window
        from kivy.graphics import ScissorPop, ScissorPush

        cls.views = max(0, cls.views + (1 if opened else -1))
        running = app()
        root = running.root if running is not None else None
        if root is None or root.parent is not Window:
            return
        if cls.clip is None:
            cls.clip = (ScissorPush(x=0, y=0, width=0, height=0), ScissorPop())
        push, pop = cls.clip
        canvas = Window.canvas
        hidden = push in canvas.children
        if cls.views and not hidden:
            at = canvas.indexof(root.canvas)
            canvas.insert(at, push)
            canvas.insert(at + 2, pop)
            cls.clear_color = Window.clearcolor
            Window.clearcolor = running.theme.rgba("backdrop")
        elif not cls.views and hidden:
            canvas.remove(push)
            canvas.remove(pop)
            if cls.clear_color is not None:
                Window.clearcolor = cls.clear_color
