"""Words of the app: every message renders for 0, 1, 2, 5, 11 and 21 of everything in every language,
numbers take the form their language needs (case after prepositions included), and the terms are the
rulebooks' own."""

from __future__ import annotations

import re
import string

import pytest

from companion.games.sevenwonders.rules.model import GameData
from companion.i18n import LANGUAGES, PLURAL_CHOICE, catalogue, translate

COUNTS = (0, 1, 2, 5, 11, 21)


def _names(text: str) -> set[str]:
    text = PLURAL_CHOICE.sub(lambda match: "{" + match.group(1) + "}", text)
    return {name for _, name, _, _ in string.Formatter().parse(text) if name}


@pytest.mark.parametrize("language", LANGUAGES)
@pytest.mark.parametrize("count", COUNTS)
def test_every_message_renders_for_any_count(language: str, count: int) -> None:
    english_one = re.compile(r"(?<![\d.])1 (coins|games|points|cards|players|stages|boards|things)\b")
    for key, text in catalogue(language).items():
        if key.startswith("unit.") or key == "date.months":     # lists of word forms, not messages
            continue
        rendered = translate(key, language, **{name: count for name in _names(text)})
        assert "{" not in rendered and "|" not in rendered, f"{language} {key}: {rendered}"
        if language == "en" and count == 1:
            assert not english_one.search(rendered), f"{key}: {rendered}"


@pytest.mark.parametrize(("count", "russian", "ukrainian"), [
    (1, "за 1 монету", "за 1 монету"), (2, "за 2 монеты", "за 2 монети"), (5, "за 5 монет", "за 5 монет"),
    (11, "за 11 монет", "за 11 монет"), (21, "за 21 монету", "за 21 монету"), (0, "за 0 монет", "за 0 монет")])
def test_a_price_takes_the_accusative_after_za(count: int, russian: str, ukrainian: str) -> None:
    values = {"count": 1, "resource": "x", "seller": "Vera", "side": "left", "coins": count}
    assert translate("check.buy", "ru", **values).endswith(russian)
    assert translate("check.buy", "uk", **values).endswith(ukrainian)


@pytest.mark.parametrize(("available", "russian", "ukrainian"), [
    (1, "из 1 монеты", "з 1 монети"), (3, "из 3 монет", "з 3 монет"), (5, "из 5 монет", "з 5 монет"),
    (21, "из 21 монеты", "з 21 монети")])
def test_out_of_takes_the_genitive(available: int, russian: str, ukrainian: str) -> None:
    assert translate("check.total", "ru", total=2, coins=available).endswith(russian)
    assert translate("check.total", "uk", total=2, coins=available).endswith(ukrainian)
    assert translate("check.total", "en", total=1, coins=available) == f"Total 1 coin of {available}"


def test_english_counts_agree() -> None:
    assert translate("stats.games", "en", count=1) == "1 finished game"
    assert translate("stats.games", "en", count=2) == "2 finished games"
    assert translate("age.plays", "en", player="Anna", plays=5, expected=6, age="II") == "Anna: 5 of 6 cards in Age II"


def test_no_word_needs_a_gender_the_card_name_does_not_give() -> None:
    # "Раскопки убрана", "Частокол добавлена": a card's name comes after the colon, never before a
    # verb or adjective that would have to agree with it.
    for language in ("ru", "uk"):
        for key in ("table.removed", "table.added"):
            text = catalogue(language)[key]
            assert text.rstrip().endswith("{card}"), f"{language} {key}: {text}"


def test_ukrainian_uses_its_rulebook_terms() -> None:
    ukrainian = catalogue("uk")
    joined = " ".join(ukrainian.values())
    for wrong in (r"\b[Дд]ив[оа]\b", r"\bБік\b", r"\bоч[ко]", r"\bПО\b"):
        assert not re.search(wrong, joined), wrong
    assert "Чудо" in ukrainian["score.wonder_row"] and "Сторона" in ukrainian["new_game.side"]
    assert "ПБ" in ukrainian["city.score"]


def test_russian_settings_name_the_guild_as_the_card_does(data: object) -> None:
    assert data.cards["craftsmens_guild"].names["ru"] == "Гильдия мастеров"
    assert catalogue("ru")["settings.craftsmens"] == "Гильдия мастеров"


def test_dates_are_written_per_language(data: object) -> None:
    from companion.games.sevenwonders.app.wording import Wording

    when = "2026-11-23T20:31:05"
    assert Wording(data, "en").date(when) == "23 Nov 2026, 20:31"
    assert Wording(data, "ru").date(when) == "23 ноября 2026, 20:31"
    assert Wording(data, "uk").date(when) == "23 листопада 2026, 20:31"
    assert Wording(data, "en").date("not a date") == "not a date"


@pytest.mark.parametrize(("language", "one", "shared"), [
    ("en", "Team Anna + Boris won (102)", "Teams Anna + Boris, Emil + Fatima won (102)"),
    ("ru", "победа команды: Anna + Boris (102)", "победа команд: Anna + Boris, Emil + Fatima (102)"),
    ("uk", "перемога команди: Anna + Boris (102)", "перемога команд: Anna + Boris, Emil + Fatima (102)")])
def test_the_history_line_of_a_team_game_gives_the_winning_team(data: GameData, language: str, one: str,
                                                                 shared: str) -> None:
    from companion.games.sevenwonders.app.wording import Wording
    from companion.games.sevenwonders.rules import score_table
    from tests.conftest import armada_table
    from tests.games.armada.test_tables import TEAM, TEAMS

    # The six-player team game of test_armada_tables: Anna + Boris 59 + 43 = 102 win, although
    # Fatima's 60 is the best single total (Emil + Fatima 1 + 60 = 61).
    sheet = score_table(armada_table(*TEAM, teams=TEAMS)).to_json()
    words = Wording(data, language)
    assert words.result(sheet) == one
    # Were Emil + Fatima's total 102 too, with as many coins, the two teams would share the victory.
    sheet["teams"][2].update(total=102, rank=1)
    assert words.result(sheet) == shared


def test_the_history_line_of_a_game_without_teams_gives_the_winners_total(data: GameData) -> None:
    from companion.games.sevenwonders.app.wording import Wording

    # The two-player variant's free city is no player: its 48 is not the winner's total.
    sheet = {"players": [{"name": "Anna", "total": 41}, {"name": "Boris", "total": 37},
                         {"name": "Free city", "total": 48, "free_city": True}], "winners": ["Anna"]}
    assert Wording(data, "en").result(sheet) == "Anna won (41)"


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Vera: the wild science symbol counted as a tablet (best choice)"),
    ("ru", "Vera: символ науки на выбор засчитан как табличка (лучший выбор)"),
    ("uk", "Vera: науковий символ на вибір зараховано як табличку (найкращий вибір)")])
def test_a_wild_science_symbol_is_said_as_the_rulebook_and_the_command_line_say_it(data: GameData, language: str,
                                                                                 said: str) -> None:
    # The Ukrainian impersonal "зараховано як" takes the accusative: "як табличку", not "як табличка".
    from companion.games.sevenwonders.app.wording import Wording

    choice = {"kind": "science_wilds", "value": ["tablet"], "by": "optimiser"}
    assert Wording(data, language).choice("Vera", choice) == said


@pytest.mark.parametrize(("language", "said"), [
    ("en", "Vera: the most common science symbol counted as a compass (best choice)"),
    ("ru", "Vera: самый частый научный символ засчитан как циркуль (лучший выбор)"),
    ("uk", "Vera: найчастіший науковий символ зараховано як циркуль (найкращий вибір)")])
def test_the_most_common_science_symbol_chosen_is_said_in_the_players_language(data: GameData, language: str,
                                                                             said: str) -> None:
    # Armada's "most common science symbol" on a tie: its Russian score page said it in English.
    from companion.games.sevenwonders.app.wording import Wording

    choice = {"kind": "most_common_symbol", "value": "compass", "by": "optimiser",
              "text": "1 most-common science symbol added to compass"}
    assert Wording(data, language).choice("Vera", choice) == said
