"""Entering Armada's unknown values: the app's answers and `components edit` go through one parser and
one check, into one file; the questions are worded in the player's language."""

from __future__ import annotations

from functools import partial
from pathlib import Path

import pytest

from companion.gamedata.components import InputError, read_components
from companion.games.armada.app.words import value_question
from companion.games.armada.rules.data import load_armada_data
from companion.games.armada.rules.values import enter_answers, fact_topic, questions_for, subject_count
from companion.i18n import translate


def _answer_text(kind: str, value: object) -> str:
    from companion.games.armada.app.values import answer_text

    return answer_text(kind, value)


def test_a_stepper_answer_is_saved_as_components_edit_would_save_it(tmp_path: Path) -> None:
    pytest.importorskip("kivy")
    path = tmp_path / "components.json"
    armada = load_armada_data()
    # The cost steppers' 1 wood and 2 coins become "1 wood + 2 coin": what a player types in the CLI.
    text = _answer_text("cost", {"wood": 1, "clay": 0, "coin": 2})
    assert text == "1 wood + 2 coin"
    checked = enter_answers(path, {"card.dock.cost": text, "fleet.red.1.naval_shields": "1"}, armada)
    assert read_components(path) == {"card.dock.cost": {"resources": {"wood": 1}, "coins": 2},
                                     "fleet.red.1.naval_shields": 1}
    assert checked.facts["fleet.red.1.naval_shields"].known
    assert _answer_text("cost", {}) == "free" and _answer_text("resources", ["wood", "ore"]) == "wood/ore"
    assert _answer_text("cards", []) == "none"


def test_a_bad_answer_writes_nothing(tmp_path: Path) -> None:
    path = tmp_path / "components.json"
    armada = load_armada_data()
    with pytest.raises(InputError):
        enter_answers(path, {"fleet.red.1.naval_shields": "several"}, armada)
    with pytest.raises(InputError):
        enter_answers(path, {"port_board.1.wonder_fleet": "purple"}, armada)
    assert not path.exists()


def test_the_keys_say_what_they_are_about() -> None:
    topic = fact_topic("port_board.3.blue.4.cost")
    assert (topic.component, topic.board, topic.fleet, topic.level, topic.field) == ("port_board", 3, "blue", 4,
                                                                                       "cost")
    assert fact_topic("fleet.red.1.naval_shields").field == "naval_shields"
    assert fact_topic("card.dock.incursion").ident == "dock"


def test_questions_in_every_language() -> None:
    armada = load_armada_data()
    ask = {lang: partial(value_question, tr=partial(translate, language=lang), armada=armada, language=lang)
           for lang in ("en", "ru", "uk")}
    assert ask["en"]("fleet.red.1.naval_shields", board=1) == \
        "Port board 1, red fleet, space 1: how many naval shields?"
    assert ask["ru"]("fleet.red.1.naval_shields", board=1) == \
        "Поле Порта 1, красный флот, ячейка 1: сколько Морских Щитов?"
    assert ask["uk"]("port_board.2.wonder_fleet") == "Поле порту 2: у якого флоту символ Чуда?"
    assert ask["ru"]("card.dock.cost") == "Пристань: какая стоимость напечатана на карте?"
    assert ask["ru"]("island.wild_island.produces").endswith(": какие ресурсы он производит?")
    # The Armada rulebook's words: "поле Порта", and Ветреная бухта (the rulebook misprints ВЕТРЕННАЯ).
    assert armada.islands["windy_harbor"].names["ru"] == "Ветреная бухта"


def test_a_port_board_is_asked_with_the_fleet_rewards() -> None:
    armada = load_armada_data()
    asked = questions_for("port-board 2", armada)
    assert len(asked) == 50 and subject_count("port-board 2", armada).own == 25
