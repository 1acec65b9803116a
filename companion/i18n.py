"""Translations of every text a face shows: companion/data/i18n/{en,ru,uk}.json, English as fallback.

Component names come from the game data; these catalogues hold everything else (labels, titles,
messages). A key missing from a catalogue falls back to English; a test keeps the catalogues
complete.
"""

from __future__ import annotations

import json
from functools import cache
from importlib import resources

from companion.gamedata.model import LANGUAGES

__all__ = ["LANGUAGES", "catalogue", "translate"]


@cache
def catalogue(language: str) -> dict[str, str]:
    """Every text of one language.

    :raises ValueError: for a language that has no catalogue.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; one of {', '.join(LANGUAGES)}")
    text = resources.files("companion.data").joinpath("i18n", f"{language}.json").read_text(encoding="utf-8")
    result: dict[str, str] = json.loads(text)
    return result


def translate(key: str, language: str = "en", **values: object) -> str:
    """The text of `key` in `language` with `values` filled in.

    :raises KeyError: when not even English has the key.
    """
    text = catalogue(language).get(key) or catalogue("en")[key]
    return text.format(**values) if values else text
