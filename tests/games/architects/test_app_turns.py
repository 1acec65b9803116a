"""A whole 7 Wonders Architects game with Medals refereed in turns, played by taps in the app
(tests/games/architects/turns_script.py, its own process and Kivy window), in Russian on the
Raspberry Pi's 800x480 touchscreen, and the turn screens measured in Ukrainian and English at both
sizes. Screenshots: tests/output/screens/architects-turns-<language>-<size>-* (COMPANION_SCREENSHOTS=1).

The table, clockwise: Анна (Giza), Борис (Rhodes), Вера (Babylon); 3 Conflict tokens (3 players).
Every number below is worked by hand in its comment, from `../shared/reference/architects.md`."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed"),
              pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[3]
RUNS = [("ru", "800x480"), ("uk", "800x480"), ("en", "1280x800")]


@pytest.fixture(scope="module", params=RUNS, ids=[f"{language}-{size}" for language, size in RUNS])
def facts(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    language, size = request.param
    store = tmp_path_factory.mktemp(f"architects_turns_{language}_{size}") / "games.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "tests.games.architects.turns_script", str(store), language, size],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    found["run"] = (language, size)
    return found


def _russian(facts: dict[str, Any]) -> None:
    if facts["run"] != ("ru", "800x480"):
        pytest.skip("the texts are checked in Russian on the Pi's screen")


def test_a_game_meets_no_turn_until_the_players_start_them(facts: dict[str, Any]) -> None:
    assert facts["before_turns"] == {"in_turns": False, "events": 1}         # the set-up only
    _russian(facts)
    # "Take 1 of the 3 available cards (top of the left deck, top of the right deck, top of the
    # face-down central deck)": Анна's own deck on her left, Вера's on her right.
    assert facts["first"] == {"title": "Ход 1: Анна", "due": "Возьмите карту: выберите колоду и коснитесь карты",
                              "ready": False, "seat": 0, "sources": ["Слева (своя)", "Справа (Вера)", "Центральная"]}


def test_only_the_active_player_takes_a_card(facts: dict[str, Any]) -> None:
    # Turn 3 is Вера's: a card tapped in Анна's area is refused, and Анна keeps her one wood.
    assert facts["not_their_turn"]["cards"] == {"wood": 1}
    _russian(facts)
    assert facts["not_their_turn"]["toast"].startswith("Сейчас ходит Вера")


def test_must_construct_spends_the_cards_itself(facts: dict[str, Any]) -> None:
    # Turn 4 (Анна's 2nd): wood + stone pay Giza's 2-different piece, so she must build it; End turn
    # is refused until she does, and the tap on the piece spends both cards.
    assert facts["end_refused"]["screen"] == "architects_table"
    assert facts["after_construct"] == {"cards": {}, "built": ["two_different"]}
    _russian(facts)
    assert facts["construct_due"]["title"] == "Ход 4: Анна"
    assert facts["construct_due"]["due"] == "Нужно возвести часть чуда: коснитесь её"
    assert facts["end_refused"]["toast"].startswith("Нужно возвести часть чуда")


def test_the_cat_science_urbanism_and_babylon_prompts(facts: dict[str, Any]) -> None:
    # Борис took the blue cat card on turn 2: "at the start of your turn you may secretly look at the
    # top card of the central deck". Вера's 2 compasses (turns 3 and 6): "2 identical ... you must
    # take a Progress token: discard the green cards used" (she took Urbanism).
    assert facts["science"] == {"tokens": ["urbanism"], "cards": {}}
    _russian(facts)
    assert facts["peek"].startswith("Кошка: можно посмотреть верхнюю карту центральной колоды.")
    # Turn 9: her wood with Urbanism: "choose 1 extra card from the 3 available".
    assert facts["extra"]["due"] == "Жетон Развития даёт ещё 1 карту"
    assert facts["extra"]["sources"][:3] == ["Слева (своя)", "Справа (Борис)", "Центральная"]
    # Turn 15: Babylon's 2-identical piece (2 glass) carries its effect: a Progress token.
    assert facts["babylon"]["due"] == "Вавилон: возьмите жетон Развития"


def test_the_battle_is_fought_when_the_turn_ends(facts: dict[str, Any]) -> None:
    # Борис's 1 + 2 horns turn the 3 Conflict tokens on turn 8: the battle at the end of his turn.
    # Shields Анна 0, Борис 2, Вера 0: Борис beats both neighbours, 2 tokens, and the "2 tokens in one
    # battle" medal between him and Вера.
    assert facts["battle_due"] is True
    assert facts["battle"] == {"screen": "architects_battle", "military": [0, 2, 0],
                               "medals": [[], ["battle_double"], []]}


def test_medals_are_claimed_on_ones_own_turn(facts: dict[str, Any]) -> None:
    _russian(facts)
    # Борис's 3rd blue card (blue cat + 2 blue) on his turn 14 meets "3 blue cards" (between him and
    # Анна); Вера's 2nd token (Babylon's) on her turn 15 meets "2 Progress tokens".
    assert facts["offer"] == "Борис выполняет цель «3 синие карточки»: взять Медаль"
    assert facts["vera_offer"] == "Вера выполняет цель «2 жетона Развития»: взять Медаль"


def test_the_game_ends_at_the_end_of_the_turn_that_completes_the_wonder(facts: dict[str, Any]) -> None:
    # Анна's 14th card (turn 40) completes Giza: the game ends at the end of her turn; Борис and Вера
    # do not play turns 41 and 42 (the rulebook; docs/rulings.md).
    assert facts["last_turn"]["ready"] and facts["over"]["screen"] == "architects_score" and facts["finished"]
    players = facts["players"]
    assert players[0]["built"] == ["two_different", "two_identical", "three_different", "three_identical",
                                   "four_different"]
    lines = {line["name"]: line for line in facts["sheet"]["players"]}
    # Анна: Giza 4 + 5 + 6 + 7 + 8 = 30.
    assert lines["Анна"]["categories"] == {"wonder": 30, "cat": 0, "blue": 0, "military": 0, "progress": 0,
                                           "medals": 0}
    # Борис: the Cat pawn 2; blue cat 2 + 3 blue x 3 = 11; 2 Military Victory tokens x 3 = 6; 2 medals x 4
    # = 8: 27.
    assert lines["Борис"]["categories"] == {"wonder": 0, "cat": 2, "blue": 11, "military": 6, "progress": 0,
                                            "medals": 8}
    # Вера: Babylon 2-different 3 + 2-identical 0; 8 blue x 3 = 24; Decor 4 (wonder unfinished); 1 medal 4:
    # 35, the winner.
    assert lines["Вера"]["total"] == 35 and facts["sheet"]["winners"] == ["Вера"]
    # 40 turns: a record for the start, each card, each construction, token and medal, each end.
    assert facts["records"] > 80
    _russian(facts)
    assert facts["last_turn"]["title"] == "Ход 40: Анна"
    assert ("Игра окончена: Анна достраивает чудо, а по правилам игра кончается в конце хода этого игрока "
            "(остальные круг не доигрывают).") in facts["over"]["texts"]


def test_every_turn_screen_reads_and_touches(facts: dict[str, Any]) -> None:
    # tests/tools/legibility.py on each screen shot: text of 3 mm, targets of 9 mm, no word cut.
    measured = facts["legibility"]
    assert len(measured) == 14
    for name, found in measured.items():
        assert not found["small_text"] and not found["small_targets"] and not found["spoilt"], (name, found)
        assert found["text_mm"] >= 3.0 - 0.01 and found["target_mm"] >= 9.0 - 0.01, name


def test_rome_by_taps_the_cost_printed_the_theft_and_the_gift(tmp_path: Path) -> None:
    # Rome's pieces are in no public source (A1): Анна types the VP printed (3), says the cost printed
    # (2 identical) and that the piece carries the effect; her 2 wood pay it and are spent. Rome: "take 1
    # card lying in front of any opponent ... its [cat] effect triggers; give that opponent the top card
    # of the central deck face down - on their next turn they reveal it and place it", first (A3).
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "tests.games.architects.turns_script", str(tmp_path / "g.sqlite3"),
                           "ru", "800x480", "rome"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600,
                          check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    facts = json.loads(done.stdout.strip().splitlines()[-1])
    assert facts["after_build"] == {"built": [[None, 3]], "cards": {},
                                    "due": "Рим: откройте соперника и коснитесь забранной карты"}
    assert facts["after_theft"] == {"cards": [{"blue_cat": 1}, {}], "cat": [True, False]}
    assert facts["gift"]["title"] == "Ход 4: Борис" and facts["gift"]["sources"] == ["Подарок Рима"]
    assert facts["after_gift"] == {"clay": 1, "stone": 1}        # the gift (clay), then his own card
    for name, found in facts["legibility"].items():
        assert not found["small_text"] and not found["small_targets"] and not found["spoilt"], (name, found)
