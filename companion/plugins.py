"""Games as plug-ins: what a game is (`GameInfo`), the games installed, and the registries the layers own.

Each game and expansion lives in one folder under ``companion/games/`` with a module per layer (``rules``,
``tablefile``, ``events``, ``session``, ``app``...). A layer owns its registries (`Registry`) and loads its
own module of every game the first time one is looked up (`load_layer`), so the rules load without the
app and a shared module never names a game. `companion.games.GAMES` is the one list of the games; more
can be added by outside packages (`add_games`, or ``$COMPANION_EXTRA_GAMES``). python-chess's
``VARIANTS``/``find_variant`` is the model, widened from the board to every layer (docs/architecture.md).
Standard library only: this is layer 0.
"""

from __future__ import annotations

import contextlib
import importlib
import importlib.util
import os
import sys
from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field, replace
from typing import Generic, TypeVar

__all__ = [
    "EXTRA_GAMES_VARIABLE",
    "GameInfo",
    "Registry",
    "add_games",
    "expansions_of",
    "find_game",
    "game_order",
    "games",
    "load_layer",
    "scoped",
]

EXTRA_GAMES_VARIABLE = "COMPANION_EXTRA_GAMES"
"""Importable packages of games from outside the product, comma separated (each has a ``GAME``)."""


@dataclass(frozen=True)
class GameInfo:
    """A game or an expansion, as its package's ``__init__`` declares it (``GAME = GameInfo(...)``)."""

    id: str
    """The id as table files and game logs write it (``7wonders``, ``armada``); it never changes."""
    names: Mapping[str, str]
    """The name in each language of the app (``en``, ``ru``, ``uk``)."""
    aliases: tuple[str, ...] = ()
    """Other names `find_game` accepts (any case)."""
    base: str | None = None
    """For an expansion, the id of the game it plays on; None for a game of its own."""
    bgg_id: int | None = None
    """BoardGameGeek's id of the game (for BG Stats)."""
    package: str = field(default="", compare=False)
    """The package it was found in (set when the games are listed)."""

    @property
    def name(self) -> str:
        """The English name."""
        return self.names.get("en", self.id)

    @property
    def is_expansion(self) -> bool:
        """True for an expansion (it plays on its `base` game)."""
        return self.base is not None


_extra_packages: list[str] = []
_games: tuple[GameInfo, ...] | None = None
_loaded: set[tuple[str, str]] = set()
_registries: list[Registry[object]] = []


def _listed_packages() -> list[str]:
    from companion.games import GAMES

    packages = [f"companion.games.{name}" for name in GAMES]
    environment = [p.strip() for p in os.environ.get(EXTRA_GAMES_VARIABLE, "").split(",") if p.strip()]
    for package in [*environment, *_extra_packages]:
        if package not in packages:
            packages.append(package)
    return packages


def _describe(package: str) -> GameInfo:
    module = importlib.import_module(package)
    info = getattr(module, "GAME", None)
    if not isinstance(info, GameInfo):
        raise LookupError(f"{package} is not a game package: it declares no GAME = GameInfo(...)")
    return replace(info, package=package)


def games() -> tuple[GameInfo, ...]:
    """Every game and expansion installed: the base games first, then their expansions, each in the
    order listed (`companion.games.GAMES`, then outside packages in the order added).

    :raises LookupError: for a package that declares no game, an id declared twice, or an expansion
        of a game that is not installed.
    """
    global _games
    if _games is None:
        found = [_describe(package) for package in _listed_packages()]
        ids = [info.id for info in found]
        for info in found:
            if ids.count(info.id) > 1:
                raise LookupError(f"two packages declare the game '{info.id}'")
            if info.base is not None and info.base not in ids:
                raise LookupError(f"{info.package}: the expansion '{info.id}' plays on '{info.base}', "
                                  f"which is not installed")
        _games = tuple([i for i in found if i.base is None] + [i for i in found if i.base is not None])
    return _games


def game_order(game_id: str) -> int:
    """The position of a game in `games()` (registries list their entries in this order)."""
    for index, info in enumerate(games()):
        if info.id == game_id:
            return index
    return len(games())


def find_game(name: str) -> GameInfo:
    """The game called `name`: its id, package name or one of its aliases, in any case.

    :raises LookupError: naming the games installed (and the nearest, when one is close).
    """
    wanted = name.strip().casefold()
    for info in games():
        if wanted in {info.id.casefold(), info.package.rpartition(".")[2].casefold(),
                      *(a.casefold() for a in info.aliases), *(n.casefold() for n in info.names.values())}:
            return info
    import difflib

    known = [info.id for info in games()]
    close = difflib.get_close_matches(name, known, n=1)
    hint = f"; did you mean '{close[0]}'?" if close else ""
    raise LookupError(f"unknown game '{name}'{hint} (installed: {', '.join(known)})")


def expansions_of(game_id: str) -> tuple[GameInfo, ...]:
    """The expansions installed for a game, in `games()` order."""
    return tuple(info for info in games() if info.base == game_id)


def load_layer(layer: str) -> None:
    """Import the `layer` module (``companion.games.armada.rules``...) of every game that has one, base
    games first, each once: what fills that layer's registries."""
    for info in games():
        if (layer, info.package) in _loaded:
            continue
        _loaded.add((layer, info.package))
        name = f"{info.package}.{layer}"
        try:
            found = importlib.util.find_spec(name)
        except ModuleNotFoundError:
            found = None
        if found is not None:
            importlib.import_module(name)


def add_games(*packages: str) -> None:
    """Install games from outside packages (importable by these names), after the listed ones."""
    global _games
    for package in packages:
        if package not in _extra_packages:
            _extra_packages.append(package)
    _games = None


Entry = TypeVar("Entry")


class Registry(Generic[Entry]):
    """Entries by key that the games register into, owned by one layer (`layer`): looking one up first
    loads that layer's module of every game."""

    def __init__(self, what: str, layer: str) -> None:
        self.what = what
        self.layer = layer
        self._entries: dict[str, tuple[str, Entry]] = {}
        _registries.append(self)  # type: ignore[arg-type]

    def register(self, key: str, entry: Entry, *, game: str) -> Entry:
        """Add `entry` under `key` for `game` (its id); return the entry (usable as a decorator's result).

        :raises ValueError: when `key` is registered already.
        """
        if key in self._entries:
            raise ValueError(f"{self.what} '{key}' is registered twice ({self._entries[key][0]} and {game})")
        self._entries[key] = (game, entry)
        return entry

    def _load(self) -> None:
        load_layer(self.layer)

    def find(self, key: str) -> Entry:
        """The entry of `key`.

        :raises LookupError: naming the keys known.
        """
        self._load()
        if key not in self._entries:
            raise LookupError(f"unknown {self.what} '{key}' (known: {', '.join(self.keys()) or 'none'})")
        return self._entries[key][1]

    def get(self, key: str) -> Entry | None:
        """The entry of `key`, or None."""
        self._load()
        found = self._entries.get(key)
        return None if found is None else found[1]

    def game_of(self, key: str) -> str:
        """The id of the game that registered `key`.

        :raises LookupError: for a key nobody registered.
        """
        self._load()
        if key not in self._entries:
            raise LookupError(f"unknown {self.what} '{key}'")
        return self._entries[key][0]

    def __contains__(self, key: object) -> bool:
        self._load()
        return key in self._entries

    def keys(self) -> list[str]:
        """Every key, the games' in `games()` order (each game's in the order it registered them)."""
        return [key for key, _ in self.items()]

    def items(self) -> list[tuple[str, Entry]]:
        """Every (key, entry), the games' in `games()` order."""
        self._load()
        order = {info.id: index for index, info in enumerate(games())}
        keyed = sorted(enumerate(self._entries.items()), key=lambda item: (order.get(item[1][1][0], len(order)),
                                                                            item[0]))
        return [(key, entry) for _, (key, (_, entry)) in keyed]

    def values(self) -> list[Entry]:
        """Every entry, the games' in `games()` order."""
        return [entry for _, entry in self.items()]

    def of_game(self, game: str) -> list[Entry]:
        """The entries `game` registered."""
        return [entry for key, entry in self.items() if self._entries[key][0] == game]


def _defined_in(entry: object, installed: dict[str, str]) -> bool:
    """Whether a registered class or function is defined in an installed game's package: the module
    that registered it stays imported, so it would never register it again (a module of a layer
    imported directly inside a scope, not through `load_layer`)."""
    module = getattr(entry, "__module__", None)
    return isinstance(module, str) and any(module == p or module.startswith(p + ".") for p in installed)


@contextlib.contextmanager
def scoped() -> Iterator[None]:
    """Undo, on leaving, every registration made inside and every game added inside (tests plug a game
    in and out). What the installed games register when a layer is first loaded inside stays."""
    global _games
    installed = {info.package: info.id for info in games()}
    saved = [(registry, set(registry._entries)) for registry in list(_registries)]
    extra = list(_extra_packages)
    loaded = set(_loaded)
    before = set(sys.modules)
    try:
        yield
    finally:
        first_loads = {(layer, installed[package]) for layer, package in _loaded - loaded if package in installed}
        for registry, keys in saved:
            for key in [k for k in registry._entries if k not in keys]:
                game, entry = registry._entries[key]
                if (registry.layer, game) not in first_loads and not _defined_in(entry, installed):
                    del registry._entries[key]
        added = [p for p in _extra_packages if p not in extra]
        _extra_packages[:] = extra
        _loaded.difference_update({(layer, package) for layer, package in _loaded if package not in installed})
        _games = None
        for name in set(sys.modules) - before:
            if any(name == p or name.startswith(p + ".") for p in added):
                del sys.modules[name]
