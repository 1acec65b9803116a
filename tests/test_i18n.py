"""Texts and colours of the faces: complete catalogues in three languages, no text written into a
screen, plural forms, and contrast that stays readable in daylight."""

from __future__ import annotations

import codecs
import re
import string
from pathlib import Path

import pytest

from companion.app.theme import contrast_ratio, load_theme
from companion.i18n import LANGUAGES, PLURAL_CHOICE, catalogue, plural, translate

APP = Path(__file__).resolve().parents[1] / "companion" / "app"
GAME_APPS = APP.parent / "games"
"""The games' folders: their app modules and kv files ask for texts too."""


def _fields(text: str) -> set[str]:
    """The values a text takes (a plural choice ``{n|one|other}`` takes `n`)."""
    text = PLURAL_CHOICE.sub(lambda match: "{" + match.group(1) + "}", text)
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


def test_every_language_has_every_text_with_the_same_placeholders() -> None:
    english = catalogue("en")
    for language in LANGUAGES:
        texts = catalogue(language)
        assert set(texts) == set(english), f"{language}: {sorted(set(texts) ^ set(english))}"
        for key, text in texts.items():
            assert text.strip(), f"{language}: {key} is empty"
            assert _fields(text) == _fields(english[key]), f"{language}: {key} has other placeholders"


def test_every_text_a_screen_asks_for_exists() -> None:
    used = set()
    for path in [*APP.rglob("*.py"), *APP.rglob("*.kv"), *GAME_APPS.rglob("*.py"), *GAME_APPS.rglob("*.kv")]:
        used |= set(re.findall(r"""\btr\(\s*['"]([a-z_0-9.]+)['"]""", path.read_text(encoding="utf-8")))
    families = {f"card_color.{c}.letter" for c in ("brown", "grey", "blue", "yellow", "red", "green", "purple")}
    families |= {f"score.category.{c}" for c in ("military", "treasury", "wonder", "civilian", "science",
                                                  "commercial", "guilds")}
    families |= {f"reason.{c}" for c in ("coins_short", "trade_too_dear", "already_built", "not_in_box",
                                         "no_free_build", "all_stages_built")}
    families |= {"direction.left", "direction.right", "score.by.optimiser", "score.winners", "unit.coin"}
    assert len(used) > 100
    missing = sorted((used | families) - set(catalogue("en")))
    assert not missing, missing


def test_every_refusal_a_player_can_reach_has_a_text_in_every_language() -> None:
    """A session refusal with a key (companion/state, companion/games) is shown as ``session.<key>`` with its values."""
    state = APP.parent / "state"
    refusals: dict[str, set[str]] = {}
    for path in [*state.glob("*.py"), *(APP.parent / "games").rglob("*.py")]:     # and the games' sessions
        for call in re.findall(r"raise SessionError\((.*?)\)(?: from None)?\n", path.read_text(encoding="utf-8"),
                               flags=re.S):
            key = re.search(r'key="(\w+)"', call)
            if key:
                refusals[key.group(1)] = set(re.findall(r",\s*(\w+)=", call.split("key=", 1)[1]))
    assert {"city_holds", "no_copy_left", "stages_range", "fleet_range"} <= set(refusals)
    for language in LANGUAGES:
        for key, values in refusals.items():
            text = catalogue(language).get(f"session.{key}")
            assert text is not None, (language, key)
            named = _fields(text)
            assert named <= values, (language, key, named - values)


def test_no_screen_writes_its_own_words() -> None:
    """Every visible text comes from a catalogue (or the game data): a kv `text:` is an expression, a
    Python `text=` is never a literal with letters."""
    for path in [*APP.rglob("*.kv"), *GAME_APPS.rglob("*.kv")]:
        for number, line in enumerate(path.read_text(encoding="utf-8").splitlines(), 1):
            match = re.match(r"\s*(text|hint_text|title):\s*(['\"])(.*)\2\s*$", line)
            literal = codecs.decode(match.group(3), "unicode_escape") if match else ""
            assert not re.search(r"[^\W\d_]", literal), f"{path.name}:{number}: {line.strip()}"
    for path in [*APP.rglob("*.py"), *GAME_APPS.glob("*/app/**/*.py")]:
        source = path.read_text(encoding="utf-8")
        literals = re.findall(r"""\btext=(['"])([^'"]*)\1""", source)
        words = [t for _, t in literals if re.search(r"[^\W\d_]", codecs.decode(t, "unicode_escape"))]
        assert not words, f"{path.name}: {words}"


@pytest.mark.parametrize(("language", "count", "word"), [
    ("en", 1, "coin"), ("en", 0, "coins"), ("en", 2, "coins"),
    ("ru", 1, "монета"), ("ru", 2, "монеты"), ("ru", 4, "монеты"), ("ru", 5, "монет"), ("ru", 11, "монет"),
    ("ru", 12, "монет"), ("ru", 21, "монета"), ("ru", 22, "монеты"), ("ru", 0, "монет"),
    ("uk", 1, "монета"), ("uk", 3, "монети"), ("uk", 14, "монет"), ("uk", 101, "монета"),
])
def test_plural_forms(language: str, count: int, word: str) -> None:
    assert plural("unit.coin", count, language) == word


def test_translate_fills_values() -> None:
    assert translate("check.total", "en", total=2, coins=3) == "Total 2 coins of 3"
    assert translate("table.age", "uk", age="II") == "Епоха II"


def test_colours_stay_readable() -> None:
    theme = load_theme()
    # Text on the dark background and on panels: at least 7:1 (WCAG AAA), readable in daylight.
    for surface in ("background", "surface", "surface_high"):
        assert contrast_ratio(theme.rgb("text"), theme.rgb(surface)) >= 7.0, surface
    # Names on coloured cards: at least 4.5:1 (WCAG AA for text).
    for color, value in theme.raw["card_colors"].items():
        assert contrast_ratio(value["text"], value["fill"]) >= 4.5, color
    # Player colours against the background they are drawn on (badges and outlines).
    for rgb in theme.raw["players"]:
        assert contrast_ratio(rgb, theme.rgb("background")) >= 4.5


def test_card_colour_letters_tell_every_colour_apart() -> None:
    colors = ("brown", "grey", "blue", "yellow", "red", "green", "purple")
    for language in LANGUAGES:
        letters = [translate(f"card_color.{c}.letter", language) for c in colors]
        assert len(set(letters)) == len(colors), f"{language}: {letters}"


@pytest.mark.parametrize(("value", "language", "shown"), [
    (58.0, "ru", "58"), (58.0, "en", "58"), (47.5, "en", "47.5"), (47.5, "ru", "47,5"), (47.5, "uk", "47,5"),
    (2.25, "ru", "2,3"), (-2.25, "uk", "\u22122,3"), (2.675, "en", "2.7"), (0.04, "en", "0"),
    (-1.5, "uk", "\u22121,5"), (3.96, "en", "4"), (0.05, "ru", "0,1")])
def test_numbers_are_written_per_language_without_empty_decimals(value: float, language: str, shown: str) -> None:
    from companion.i18n import number

    assert number(value, language) == shown
