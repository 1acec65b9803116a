"""Translations of every text a face shows: companion/data/i18n/{en,ru,uk}.json and each game's own
i18n/ folder (companion/games/<game>/i18n/), English as fallback.

Component names come from the game data; these catalogues hold everything else (labels, titles,
messages). A key missing from a catalogue falls back to English; a test keeps the catalogues
complete.
"""

from __future__ import annotations

import json
import re
from functools import cache
from importlib import resources

from companion.gamedata.reading import LANGUAGES
from companion.plugins import games

__all__ = ["LANGUAGES", "catalogue", "number", "plural", "plural_form", "translate"]


@cache
def catalogue(language: str) -> dict[str, str]:
    """Every text of one language.

    :raises ValueError: for a language that has no catalogue.
    """
    if language not in LANGUAGES:
        raise ValueError(f"unknown language {language!r}; one of {', '.join(LANGUAGES)}")
    text = resources.files("companion.data").joinpath("i18n", f"{language}.json").read_text(encoding="utf-8")
    result: dict[str, str] = json.loads(text)
    for info in games():                        # a game's own texts: companion/games/<game>/i18n/<language>.json
        shipped = resources.files(info.package).joinpath("i18n", f"{language}.json")
        if not shipped.is_file():
            continue
        own: dict[str, str] = json.loads(shipped.read_text(encoding="utf-8"))
        twice = sorted(set(own) & set(result))
        if twice:
            raise ValueError(f"{info.package}: texts defined twice: {', '.join(twice)}")
        result.update(own)
    return result


PLURAL_CHOICE = re.compile(r"\{(\w+)\|([^{}]*)\}")
"""``{count|монету|монеты|монет}``: the form of a word for the number `count`, written in the
catalogue's sentence itself, so each language gives the case a preposition or number needs."""


def translate(key: str, language: str = "en", **values: object) -> str:
    """The text of `key` in `language` with `values` filled in; ``{name|one|few|many}`` picks the
    word's form for the number `name` (English: ``{name|one|other}``).

    :raises KeyError: when not even English has the key.
    """
    text = catalogue(language).get(key) or catalogue("en")[key]
    if not values:
        return text
    text = PLURAL_CHOICE.sub(lambda m: _form(m, values, language), text)
    return text.format(**values)


def _form(match: re.Match[str], values: dict[str, object], language: str) -> str:
    """The form a plural choice takes for its number (the first form when the value is no number)."""
    forms = match.group(2).split("|")
    count = values.get(match.group(1))
    if not isinstance(count, int) or isinstance(count, bool):
        return forms[0]
    return forms[min(plural_form(count, language), len(forms) - 1)]


def plural_form(count: int, language: str) -> int:
    """Which plural form a count takes: English has two (1, other), Russian and Ukrainian three
    (1, 21...; 2-4, 22-24...; 0, 5-20, 25...)."""
    if language == "en":
        return 0 if count == 1 else 1
    last, last_two = abs(count) % 10, abs(count) % 100
    if last == 1 and last_two != 11:
        return 0
    if 2 <= last <= 4 and not 12 <= last_two <= 14:
        return 1
    return 2


def plural(key: str, count: int, language: str = "en") -> str:
    """The word of `key` for `count` things (the catalogue lists the forms separated by "|")."""
    forms = translate(key, language).split("|")
    return forms[min(plural_form(count, language), len(forms) - 1)]


DECIMAL_SEPARATORS = {"en": ".", "ru": ",", "uk": ","}


def number(value: float, language: str = "en", decimals: int = 1) -> str:
    """A number as the language writes it, with no decimals that carry nothing: ``58``, ``47.5``,
    ``47,5`` (Russian and Ukrainian); a minus sign, not a hyphen, for a negative one. Halves round away
    from zero as at school (an average of 2.25 is 2.3), from the number as written, not its binary value."""
    from decimal import ROUND_HALF_UP, Decimal

    rounded = float(Decimal(repr(float(value))).quantize(Decimal(1).scaleb(-decimals), rounding=ROUND_HALF_UP))
    if rounded == int(rounded):
        text = str(abs(int(rounded)))
    else:
        text = f"{abs(rounded):.{decimals}f}".rstrip("0").replace(".", DECIMAL_SEPARATORS.get(language, "."))
    return ("\u2212" if rounded < 0 else "") + text
