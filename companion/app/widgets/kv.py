"""Loading a widget module's own kv file once (the screens' kv files are loaded by the app)."""

from __future__ import annotations

from importlib import resources

from kivy.lang import Builder

__all__ = ["load_kv"]

_loaded: set[tuple[str, str]] = set()


def load_kv(name: str, package: str = "companion.app") -> None:
    """Load <package>/kv/<name> the first time it is asked for (Kivy adds a rule each time): the app's
    own, or a game's (``companion.games.armada.app``)."""
    if (package, name) in _loaded:
        return
    _loaded.add((package, name))
    text = resources.files(package).joinpath("kv", name).read_text(encoding="utf-8")
    Builder.load_string(text, filename=name)
