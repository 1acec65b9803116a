"""7 Wonders in the app: its screens (registered in the app's screens): New game, the table, the build
check, the end of an age and the score sheet; the widgets they share; its words (`wording`, no Kivy)."""

from __future__ import annotations

from companion.app.registry import SCREENS, ScreenSpec

SCREENS.register("new_game", ScreenSpec(f"{__name__}.new_game", __name__), game="7wonders")
for _name in ("table", "build_check", "end_of_age", "score"):       # the open game's: the app comes back to them
    SCREENS.register(_name, ScreenSpec(f"{__name__}.{_name}", __name__, resumable=True), game="7wonders")
