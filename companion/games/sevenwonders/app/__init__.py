"""7 Wonders in the app: its screens (registered in the app's screens): New game, the table, the build
check, the end of an age and the score sheet; its score pad on the page of a finished game; the widgets
they share; its words (`wording`, no Kivy)."""

from __future__ import annotations

from typing import Any

from companion.app.registry import APP_GAMES, SCORE_PADS, SCREENS, AppGame, ScorePadSpec, ScreenSpec

SCREENS.register("new_game", ScreenSpec(f"{__name__}.new_game", __name__), game="7wonders")
for _name in ("table", "build_check", "end_of_age", "score"):       # the open game's: the app comes back to them
    SCREENS.register(_name, ScreenSpec(f"{__name__}.{_name}", __name__, resumable=True), game="7wonders")


def _rows(sheet: dict[str, Any]) -> tuple[str, ...]:
    from companion.games.sevenwonders.app.pad import sheet_rows

    return sheet_rows(sheet)


def _style(players: list[dict[str, Any]]) -> Any:
    from companion.games.sevenwonders.app.pad import seven_wonders_style

    return seven_wonders_style(players)


SCORE_PADS.register("7wonders", ScorePadSpec(_rows, _style), game="7wonders")


def _start(store: Any, players: list[Any], **options: Any) -> Any:
    from companion.games.sevenwonders.session import GameSession

    return GameSession.start(store, players, **options)


def _resume(store: Any, game_id: int, registry: Any) -> Any:
    from companion.games.sevenwonders.session import GameSession

    return GameSession.resume(store, game_id, registry=registry)


def _words(data: Any, language: str) -> Any:
    from companion.games.sevenwonders.app.wording import Wording

    return Wording(data, language)


def _demo() -> tuple[Any, Any]:
    from companion.games.sevenwonders.app.demo import DemoPilot, demo_setup

    pilot = DemoPilot()
    return pilot, demo_setup(pilot.recording)


def _is_session(session: Any) -> bool:
    from companion.games.sevenwonders.session import GameSession

    return isinstance(session, GameSession)


APP_GAMES.register("7wonders", AppGame(_start, _resume, _words, _demo, _is_session), game="7wonders")
