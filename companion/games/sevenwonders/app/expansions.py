"""What the open game's expansions add to 7 Wonders' screens: the panels they register in the app's
`PANELS`, by slot. The slots 7 Wonders offers (each entry a class, a function or a value):

``city_full`` the city panel's part (a widget class); ``table_row`` a table row's compact part,
``compact(seat, player, actions)``; ``turn_moved`` the dialog after a turn that moved the expansion's
pieces; ``end_of_age`` ``show(screen)`` adds its conflict under the land ones; ``unknown_lines``
``lines(unknowns)`` words the values nobody has entered; ``values_button`` ``button(unknowns, on_done=)``
asks them; ``value_questions`` ``questions(keys, tr, language)`` (no Kivy); ``team_lines`` and
``team_winner`` ``(sheet, tr)`` word a team variant's sums; ``refusal_values`` ``fill(values, session)``
names the expansion's ids in a refused tap's values; ``island_picker`` ``Picker(title, on_pick)``;
``island_name`` ``name(island)``; ``city_figures`` ``figure(seat)`` a city's figure beside its shields;
``age_done`` ``show(screen, box)`` its tokens once an age is confirmed; ``step_words``
``words(step, tr)`` a build step's words in the build check; ``table_bar`` a widget class in the
table's bottom bar (after the build check); ``new_game`` New game's part (a class made with the screen:
its choices, a seat's widget, the wonders it adds, what the game's start takes)."""

from __future__ import annotations

from typing import Any

from companion.app.registry import EXPANSION_DATA, panels
from companion.app.widgets.common import app

__all__ = ["entered_values", "game_panels"]


def entered_values(running: Any, session: Any) -> tuple[int, ...]:
    """What stands for the owner's entered values of each expansion the game plays (`EXPANSION_DATA`):
    a screen whose key holds it is drawn again when they change."""
    with_data = EXPANSION_DATA.keys()
    return tuple(id(running.expansion_data(expansion)) for expansion in with_data if session.plays(expansion))


def game_panels(slot: str) -> list[Any]:
    """The open game's expansions' entries in `slot` (none without an open game)."""
    session = app().session
    return panels(slot, session.document.get("expansions", [])) if session is not None else []
