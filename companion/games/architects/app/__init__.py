"""The app's side of 7 Wonders Architects: opening and starting a game, and the names of its
components in the player's language (from the data file's names)."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from companion.app.registry import CAMERA_PLAYS, GAME_OPENERS, OWN_PAGES, PAD_ICONS, STATISTICS_WORDS, ScreenSpec
from companion.app.registry import SCREENS as APP_SCREENS
from companion.games.architects.camera import ArchitectsCameraPlay
from companion.games.architects.events import is_architects
from companion.games.architects.rules.data import ArchitectsData, load_architects_data
from companion.games.architects.rules.extension import installed_extensions
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.session import ArchitectsSession
from companion.plugins import Registry

__all__ = ["SCORE_ROW_LOOKS", "ArchitectsNames", "RowLook", "is_architects_game", "open_architects",
           "start_architects"]

SCREENS = ("architects_table", "architects_battle", "architects_score")
"""The screens of an open Architects game (the app comes back to them after a restart)."""


@dataclass(frozen=True)
class RowLook:
    """How a score row an expansion adds looks on the score pad: the 7 Wonders pad row whose colours it
    takes (``commercial``) and its icon (a name the pad draws)."""

    colour: str
    icon: str


SCORE_ROW_LOOKS: Registry[RowLook] = Registry("Architects score row look", "app")
"""The looks of the score rows the expansions add (`ArchitectsExtension.score_rows`), by row."""


def is_architects_game(store: Any, game_id: int) -> bool:
    """True when the logged game is an Architects game (its set-up says so)."""
    events = store.events(game_id)
    return bool(events) and events[0].kind == "game_set_up" and is_architects(events[0].payload)


def open_architects(running: Any, game_id: int, screen: str = "architects_table",
                    options: dict[str, Any] | None = None) -> None:
    """Open a logged Architects game where it stands (a finished one on its score sheet); `options`
    are the screen's own (the player in focus) as saved with the app's place. A game in play is
    watched again through the camera it was started with (or the one `app --camera` names), its
    tracker starting from what the log holds."""
    running.stop_camera()
    running.session = ArchitectsSession(running.store, game_id)
    finished = running.session.finished
    camera = None if finished else running.requested_camera or running.store_setting("app.camera")
    running.open_camera_play(bool(camera))
    if finished or screen not in SCREENS:
        screen = "architects_score" if finished else "architects_table"
    running.keep_screen_on(not finished)
    running.changed(now=True)
    running.go(screen, **(options or {}))
    if camera:
        running.start_camera(camera)            # after the screen change, so that a refusal stays in view


def start_architects(running: Any, table: ArchitectsTable, camera: str | None = None) -> None:
    """Log a new Architects game and open its table; with `camera` (a camera number, a video, a
    folder of images), what the camera confirms is played as the players' taps are. The camera is
    remembered as a 7 Wonders game's is, so that the game resumed later is watched again.

    :raises SessionError: when the set-up is not a valid table.
    """
    running.stop_camera()
    running.session = ArchitectsSession.start(running.store, table)
    running.open_camera_play(bool(camera))
    running.store_set("app.camera", camera)
    running.keep_screen_on(True)
    running.changed(now=True)
    running.go("architects_table")
    if camera:
        running.start_camera(camera)


class ArchitectsNames:
    """Component names in one language."""

    def __init__(self, language: str, data: ArchitectsData | None = None) -> None:
        self.data = data or load_architects_data()
        self.language = language

    def _pick(self, names: Any) -> str:
        return str(names.get(self.language) or names["en"])

    def wonder(self, wonder: str) -> str:
        """``Giza``."""
        return self._pick(self.data.wonders[wonder].names)

    def card(self, kind: str) -> str:
        """``Wood``, ``Blue with cat, 2 VP``."""
        return self._pick(self.data.cards[kind].names)

    def token(self, token: str) -> str:
        """``Culture``."""
        return self._pick(self.data.tokens[token].names)

    def token_effect(self, token: str) -> str:
        """What the token does."""
        return self._pick(self.data.tokens[token].effect)

    def item(self, expansion: str, item: str) -> str:
        """What one of an expansion's items is called (its `ArchitectsExtension.item_names`)."""
        found = [ext for ext in installed_extensions() if ext.id == expansion]
        return self._pick(found[0].item_names(item)) if found else item

    def piece_cost(self, cost: str) -> str:
        """``2 different``."""
        return self._pick(self.data.piece_costs[cost].names)


def _open(running: Any, game_id: int, screen: str, options: dict[str, Any] | None) -> bool:
    """Open the logged game when it is an Architects game."""
    if not is_architects_game(running.store, game_id):
        return False
    open_architects(running, game_id, screen, options)
    return True


for _name, _module in (("architects_new", "new"), ("architects_table", "table"), ("architects_battle", "battle"),
                       ("architects_score", "score")):
    APP_SCREENS.register(_name, ScreenSpec(f"{__name__}.{_module}", __name__, resumable=_name in SCREENS),
                         game="architects")
GAME_OPENERS.register("architects", _open, game="architects")


def _camera_play(session: Any) -> ArchitectsCameraPlay | None:
    """The camera play of an Architects session (its trays seat the players), None for another game's."""
    return ArchitectsCameraPlay(session) if isinstance(session, ArchitectsSession) else None


CAMERA_PLAYS.register("architects", _camera_play, game="architects")


def _own_pages(store: Any) -> set[int]:
    from companion.games.architects.log import architects_game_ids

    return architects_game_ids(store)


OWN_PAGES.register("architects", _own_pages, game="architects")
STATISTICS_WORDS.register("architects", f"{__name__}.statistics", game="architects")
for _icon in ("cat", "token"):
    PAD_ICONS.register(_icon, f"{__name__}.icons:{_icon}", game="architects")
