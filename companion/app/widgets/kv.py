"""Loading a widget module's own kv file once (the screens' kv files are loaded by the app)."""

from __future__ import annotations

from importlib import resources

from kivy.lang import Builder

__all__ = ["load_kv"]

_loaded: set[str] = set()


def load_kv(name: str) -> None:
    """Load companion/app/kv/<name> the first time it is asked for (Kivy adds a rule each time)."""
    if name in _loaded:
        return
    _loaded.add(name)
    text = resources.files("companion.app").joinpath("kv", name).read_text(encoding="utf-8")
    Builder.load_string(text, filename=name)
