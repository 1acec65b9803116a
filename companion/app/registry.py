"""What a game adds to the app: its screens (`SCREENS`, each a module with ``SCREEN`` and a kv file
``kv/<name>.kv`` in its package) and how a logged game of it is opened (`GAME_OPENERS`). Declaring
them imports no Kivy; a screen's module is imported the first time the screen is shown."""

from __future__ import annotations

import importlib
from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from companion.plugins import Registry

__all__ = ["APP_GAMES", "CAMERA_PLAYS", "EXPANSION_DATA", "GAME_OPENERS", "OWN_PAGES", "PAD_ICONS", "PANELS",
           "SCORE_PADS", "SCREENS", "STATISTICS_WORDS", "AppGame", "GameOpener", "Panel", "ScorePadSpec", "ScreenSpec",
           "panel_class", "panels", "statistics_words"]


@dataclass(frozen=True)
class ScreenSpec:
    """A game's screen: the module holding its class (``SCREEN``), the package whose ``kv/<name>.kv``
    holds its rules, and whether the app comes back to it after a restart (a screen of the open game)."""

    module: str
    kv_package: str
    resumable: bool = False



@dataclass(frozen=True)
class AppGame:
    """The game the app plays when none other opens a logged game (7 Wonders): how a new game starts
    (`start(store, players, registry=, **options)`, its session), how a logged one is resumed
    (`resume(store, game_id, registry)`), the words of its results (`words(data, language)`), the
    bundled demo (`demo()`: a pilot and the seats) and whether an open session is one of its own."""

    start: Callable[..., Any]
    resume: Callable[[Any, int, Any], Any]
    words: Callable[[Any, str], Any]
    demo: Callable[[], tuple[Any, Any]]
    is_session: Callable[[Any], bool]


APP_GAMES: Registry[AppGame] = Registry("app game", "app")
"""The app's own game, by game id (the first listed is the one New game and a resumed game play)."""

SCREENS: Registry[ScreenSpec] = Registry("screen", "app")
"""The games' own screens, by screen name."""

GameOpener = Callable[[Any, int, str, "dict[str, Any] | None"], bool]
"""Open a logged game in the app (`running`, game id, the screen asked for, its options) when it is
this game's; False when it is not."""
GAME_OPENERS: Registry[GameOpener] = Registry("game opener", "app")
"""How each game other than the app's own 7 Wonders opens a logged game, by game id."""

CAMERA_PLAYS: Registry[Callable[[Any], Any]] = Registry("camera play", "app")
"""How a game other than the app's own plays what the camera sees, by game id: given the open session,
its camera play when the session is one of its games (else None): an object with ``seat_order`` (the
wonders clockwise) and ``observe(session, placed_markers, seconds)`` (True when the game changed)."""

OWN_PAGES: Registry[Callable[[Any], set[int]]] = Registry("own pages", "app")
"""The logged games a game shows on its own screens (opened through `GAME_OPENERS`) rather than on the
app's page of a finished game, by game id: their ids in a store."""


STATISTICS_WORDS: Registry[str] = Registry("statistics words", "app")
"""The statistics screen's words for a game whose names the app's own words do not hold (Architects'),
by the key of its statistics: a module (imported when first shown) with ``wonder(language, key)``, a
wonder's name, and ``category(running_app, category)``, a category's name, icon and two colours."""


def statistics_words(key: str) -> Any:
    """The module of `key`'s statistics words (`STATISTICS_WORDS`), None when the app's own words do."""
    module = STATISTICS_WORDS.get(key)
    return importlib.import_module(module) if module is not None else None



@dataclass(frozen=True)
class ScorePadSpec:
    """How the app's page of a finished game draws its score sheet on the score pad: the rows of a
    logged sheet (`rows(sheet)`) and the game's pad style for its seats (`style(players)`)."""

    rows: Callable[[dict[str, Any]], tuple[str, ...]]
    style: Callable[[list[dict[str, Any]]], Any]


PAD_ICONS: Registry[str] = Registry("pad icon", "app")
"""The icons a game draws on the score pad, by icon name (a row's `PadStyle.icon`): ``"module:function"``,
the function drawing it in ``(x, y, size)`` on the canvas, imported when first drawn."""

SCORE_PADS: Registry[ScorePadSpec] = Registry("score pad", "app")
"""The games' score pads on the page of a finished game, by game id."""

EXPANSION_DATA: Registry[Callable[[Any], Any]] = Registry("expansion data", "app")
"""How the app reads an expansion's data, by expansion id: with the owner's components file (its path)
or, given None, the shipped data alone; a file that cannot be used raises `GameDataError`."""

@dataclass(frozen=True)
class Panel:
    """A widget an expansion adds to one of its base game's screens, in a named slot (``city_full``: the
    city panel of a game played with the expansion), given as ``"module:Class"`` and imported the first
    time it is drawn; a slot may also take a function (``unknown_lines``: the lines naming the values
    to enter) or a value, as the screen offering the slot says."""

    slot: str
    expansion: str
    """The id of the expansion whose games show it."""
    widget: str


PANELS: Registry[Panel] = Registry("panel", "app")
"""The expansions' panels, by ``<slot>/<expansion id>``."""


def panel_class(slot: str, expansion: str) -> Any:
    """The widget class of `expansion`'s panel in `slot`, or None when it has none there."""
    panel = PANELS.get(f"{slot}/{expansion}")
    if panel is None:
        return None
    module, _, name = panel.widget.partition(":")
    return getattr(importlib.import_module(module), name)


def panels(slot: str, expansions: Iterable[str] | None = None) -> list[Any]:
    """What the `expansions` (ids, in their order; None: every installed one) have in `slot`, imported."""
    if expansions is None:
        expansions = [panel.expansion for key, panel in PANELS.items() if key.startswith(f"{slot}/")]
    return [found for expansion in expansions if (found := panel_class(slot, expansion)) is not None]
