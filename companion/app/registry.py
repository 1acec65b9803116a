"""What a game adds to the app: its screens (`SCREENS`, each a module with ``SCREEN`` and a kv file
``kv/<name>.kv`` in its package) and how a logged game of it is opened (`GAME_OPENERS`). Declaring
them imports no Kivy; a screen's module is imported the first time the screen is shown."""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from companion.plugins import Registry

__all__ = ["GAME_OPENERS", "SCREENS", "GameOpener", "ScreenSpec"]


@dataclass(frozen=True)
class ScreenSpec:
    """A game's screen: the module holding its class (``SCREEN``), the package whose ``kv/<name>.kv``
    holds its rules, and whether the app comes back to it after a restart (a screen of the open game)."""

    module: str
    kv_package: str
    resumable: bool = False


SCREENS: Registry[ScreenSpec] = Registry("screen", "app")
"""The games' own screens, by screen name."""

GameOpener = Callable[[Any, int, str, "dict[str, Any] | None"], bool]
"""Open a logged game in the app (`running`, game id, the screen asked for, its options) when it is
this game's; False when it is not."""
GAME_OPENERS: Registry[GameOpener] = Registry("game opener", "app")
"""How each game other than the app's own 7 Wonders opens a logged game, by game id."""
