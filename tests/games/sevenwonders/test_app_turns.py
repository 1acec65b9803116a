"""Three turns of a 4-player game played by taps in the app, in Russian on the Raspberry Pi's 800x480
touchscreen (tests/tools/app_turns_script.py, its own process and Kivy window): the turn bar, plays
entered from the build check in the "wrong" order, a turn closed in one tap, Halikarnassos' build from
the discard pile picked from the pile's cards. Screenshots: tests/output/screens/turns-ru-800x480-*.

The table, clockwise: Анна (Alexandria A, makes glass), Борис (Gizah A, stone), Вера (Babylon A, clay),
Дина (Halikarnassos B, textile); each starts with 3 coins (rulebook). Every number below is worked by
hand in its comment."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pytestmark = pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed")
ROOT = Path(__file__).resolve().parents[3]
MM_PX = 800 / 154.08
"""The Pi's 7-inch screen: 154.08 mm wide for 800 px."""


def _script(command: str, store: Path, language: str = "ru", size: str = "800x480") -> dict[str, Any]:
    """Run one of tests/tools/app_turns_script.py's games in its own process; the facts it measured."""
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "tests.tools.app_turns_script", command, str(store), language, size],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=900, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


@pytest.fixture(scope="module")
def facts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _script("play", tmp_path_factory.mktemp("turns") / "games.sqlite3")


def test_a_new_game_meets_no_turn_until_a_play_is_entered_through_one(facts: dict[str, Any]) -> None:
    assert facts["bar_before"] is False
    # The first build check offers both: build now (the end state entered by hand) or play in the turn.
    assert facts["first_check"]["can_pay"] and facts["first_check"]["can_enter"]


def test_turn_one_entered_seat_after_seat_and_closed_in_one_tap(facts: dict[str, Any]) -> None:
    assert facts["after_turn1_plays"] == "table"           # everyone has played: back to the table
    bar = facts["turn1_bar"]
    assert bar["title"] == "Ход 1\nиз 6"                   # an age of 7 cards: 6 turns (rulebook)
    # A card name that does not fit its chip whole ("Склад пиломатериалов": "пиломатериалов" alone
    # is wider than a chip of 4 seats) gives way to the kind of play; tapped, the chip opens the
    # seat's build check, which names the play in full.
    assert bar["chips"] == ["Анна\nкарта", "Борис\nКаменный карьер", "Вера\nРудная жила", "Дина\nРудная жила"]
    assert bar["close_tone"] == "primary"
    assert facts["turn1_coins"] == [3, 3, 3, 3]             # four free brown cards: nobody pays
    assert facts["turn2_bar"]["title"] == "Ход 2\nиз 6"
    assert facts["turn2_bar"]["chips"] == [f"{n}\nждём" for n in ("Анна", "Борис", "Вера", "Дина")]
    assert facts["turn2_bar"]["close_tone"] == "normal"


def test_builds_entered_in_the_wrong_order_get_the_rulebooks_verdicts(facts: dict[str, Any]) -> None:
    # Борис's Workshop costs 1 glass: Gizah and his Stone Pit make none, Анна (his neighbour) sells
    # hers for 2 coins; he holds 3.
    workshop = facts["workshop"]
    assert workshop["legal"] and workshop["lines"][0] == "Купить стекло ×1 у игрока Анна (справа) за 2 монеты"
    assert facts["chip_seat"] == 1 and facts["next_seat"] == 0     # then the next seat that has not played
    assert facts["coins_after_workshop_entered"] == [3, 3, 3, 3]   # nothing paid before the close
    # Entered after it, Анна's first stage (Alexandria A: 2 stone) needs both of Борис's stone:
    # 2 + 2 = 4 coins, and she holds 3 at the start of the turn. The 2 coins Борис pays her come in
    # this turn and cannot be spent in it (rulebook: "Монеты, заработанные торговлей во время хода,
    # не могут использоваться в этот же ход"); paid at once, she would have held 5 and been approved.
    stage = facts["anna_stage"]
    assert not stage["legal"] and not stage["can_enter"]
    assert stage["lines"][0] == "самый дешёвый способ стоит 4 монеты, а у игрока 3 монеты"


def test_the_close_settles_the_turn(facts: dict[str, Any]) -> None:
    assert facts["turn2_bar_full"]["chips"] == ["Анна\nЧастокол", "Борис\nМастерская", "Вера\nсброс", "Дина\nсброс"]
    assert facts["coins_before_close"] == [3, 3, 3, 3]
    # Анна: 3 + 2 (Борис's glass) = 5 (her Stockade takes wood from her Lumber Yard); Борис: 3 - 2 = 1;
    # Вера and Дина discard: 3 + 3 = 6 each.
    assert facts["turn2_coins"] == [5, 1, 6, 6]


def test_halikarnassos_builds_free_from_the_discard_pile_the_app_knows(facts: dict[str, Any]) -> None:
    # Turn 3. Halikarnassos B's stage 1 (2 ore): Дина's Ore Vein and one ore of Вера's for 2 coins.
    assert facts["dina_stage"]["legal"] and facts["dina_stage"]["lines"][0].startswith("Купить руда ×1 у игрока Вера")
    # The stage lets her build a card of the discard pile at the end of the turn: the pile holds the
    # Altar and the Theater discarded in turn 2, and the picker offers those two only.
    assert facts["dina_power"] == "discard_build"
    assert facts["discard_picker"] == ["altar", "theater"]
    assert facts["from_discard"]["legal"] and facts["from_discard"]["lines"][0] == "Платить ничего не нужно"
    # Анна holds 5 at the start of turn 3: her stage (4 coins to Борис) is legal now.
    assert facts["anna_stage_turn3"]["legal"]
    assert facts["turn3_bar"]["chips"][3] == "Дина\nэтап чуда + Алтарь"
    # Анна 5 - 4 = 1; Борис 1 + 4 (her stone) + 3 (discard) = 8; Вера 6 + 2 (Дина's ore) + 3 = 11;
    # Дина 6 - 2 = 4 (the Altar from the pile is free).
    assert facts["turn3_coins"] == [1, 8, 11, 4]
    assert facts["turn3_cities"][3] == [["ore_vein", "altar"], 1]
    assert facts["turn3_cities"][0] == [["lumber_yard", "stockade"], 1]
    assert facts["after_turn3_bar"]["title"] == "Ход 4\nиз 6"


def test_the_turn_bar_is_legible_and_touchable_on_the_pi(facts: dict[str, Any]) -> None:
    bar = facts["turn3_bar"]
    assert bar["smallest_px"] >= 9 * MM_PX - 0.5             # touch targets of 9 mm at least
    assert bar["smallest_font_px"] >= 3 * MM_PX                # text of 3 mm at least


@pytest.fixture(scope="module")
def armada_facts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _script("armada", tmp_path_factory.mktemp("turns_armada") / "games.sqlite3")


def test_armada_a_discard_for_the_yellow_ship_and_the_ships_turn_to_confirm(armada_facts: dict[str, Any]) -> None:
    # Armada deals 8 cards: 7 turns an age. A discard gives 3 coins or the yellow ship's step (rulebook).
    assert armada_facts["bar"]["title"] == "Ход 1\nиз 7"
    assert armada_facts["bar"]["chips"] == ["Анна\nсброс, жёлтый корабль", "Борис\nсброс", "Вера\nсброс"]
    # Анна's yellow ship moves one space and her coins stay 3; Борис and Вера: 3 + 3 = 6.
    assert armada_facts["coins"] == [3, 6, 6] and armada_facts["yellow"] == [1, 0, 0]
    assert armada_facts["title"] == "Ход 2\nиз 7"
    assert armada_facts["ship_dialog"] is True      # what the ship's space earns is confirmed next


@pytest.fixture(scope="module")
def powers_facts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _script("powers", tmp_path_factory.mktemp("turns_powers") / "games.sqlite3")


def test_olympia_once_per_age_and_babylon_b_7th_card_by_taps(powers_facts: dict[str, Any]) -> None:
    # Анна (Olympia A) and Борис (Babylon B) have their second stages, entered by hand before the turns;
    # Вера is Gizah A.
    assert powers_facts["stages"] == [2, 2, 0]
    # Olympia A's stage 2: one card an age built free. Turn 1 the Baths (1 stone, Olympia makes wood):
    # free; turn 2 a second free build is refused.
    assert powers_facts["free_build_1"]["legal"]
    assert powers_facts["free_build_1"]["lines"][0] == "Бесплатно благодаря свойству чуда (раз в эпоху)"
    assert not powers_facts["free_build_2"]["legal"]
    assert powers_facts["free_build_2"]["lines"] == ["Анна уже строил(а) бесплатно в эпохе 1 (раз в эпоху)"]
    # Turn 6, the last of Age I: Babylon B's stage 2 plays the 7th card instead of discarding it. Борис
    # builds the Stockade (1 wood: Анна's Olympia sells it for 2), checked once turn 6 is settled:
    # he holds 3 + 6 discards x 3 = 21.
    assert powers_facts["babylon_power"] == "Сыграть 7-ю карту"
    assert powers_facts["last_card"]["legal"] and "из 21 монеты" in powers_facts["last_card"]["lines"][1]
    assert powers_facts["turn6_bar"]["chips"][1] == "Борис\nсброс + Частокол"
    # Coins after Age I: Анна 3 + 5 discards x 3 + 2 (wood) = 20; Борис 21 - 2 = 19; Вера 3 + 18 = 21.
    assert powers_facts["coins"] == [20, 19, 21]
    assert powers_facts["cards"] == [["baths"], ["stockade"], []]
    # Land conflicts of Age I (1 point a victory, -1 a defeat): Борис's shield beats both neighbours
    # (0 each); Анна and Вера (0 = 0 between them) lose to him.
    assert powers_facts["tokens"] == [[-1], [1, 1], [-1]]
    assert powers_facts["age"] == 2 and powers_facts["after_bar"]["title"] == "Ход 1\nиз 6"


def test_every_screen_of_the_turn_flow_reads_and_touches_on_the_pi(facts: dict[str, Any], armada_facts: dict[str, Any],
                                                                   powers_facts: dict[str, Any]) -> None:
    # tests/tools/legibility.py's measure on each screen the scripts shot: text of 3 mm at least,
    # targets of 9 mm, no word cut (companion/app/theme.py's rule).
    screens = {**facts["legibility"], **armada_facts["legibility"], **powers_facts["legibility"]}
    assert len(screens) == 17
    for name, found in screens.items():
        assert not found["small_text"] and not found["small_targets"] and not found["spoilt"], (name, found)
        assert found["text_mm"] >= 3.0 - 0.01 and found["target_mm"] >= 9.0 - 0.01, name


SEAT_RUNS = [(language, size) for size in ("800x480", "1280x800") for language in ("ru", "uk", "en")]


@pytest.fixture(scope="module", params=SEAT_RUNS, ids=[f"{language}-{size}" for language, size in SEAT_RUNS])
def seats_facts(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    language, size = request.param
    store = tmp_path_factory.mktemp(f"turns_seats_{language}_{size}") / "games.sqlite3"
    found = _script("seats", store, language, size)
    found["run"] = (language, size)
    return found


def test_the_turn_bar_cuts_no_word_at_3_to_8_players(seats_facts: dict[str, Any]) -> None:
    # Every seat but the last has played (free Age I cards with the longest names: "Склад
    # пиломатериалов", "Стекольная мастерская"; seat 2 a discard). A chip shows the play when it fits
    # whole, else its kind in a word ("карта", "сброс"), else that the seat has played; never a word
    # cut, shortened or broken (tests/tools/legibility.py), text of 3 mm and targets of 9 mm.
    language, size = seats_facts["run"]
    measured = seats_facts["legibility"]
    assert sorted(measured) == sorted([f"turns-{n}players-{language}-{size}-table" for n in range(3, 9)]
                                      + [f"turns-7players-{language}-{size}-chip-tapped",
                                         f"turns-8players-{language}-{size}-table-problem"])
    for name, found in measured.items():
        assert not found["small_text"] and not found["small_targets"] and not found["spoilt"], (name, found)
        assert found["text_mm"] >= 3.0 - 0.01 and found["target_mm"] >= 9.0 - 0.01, name
    names = ("Анна", "Борис", "Вера", "Глеб", "Дина", "Егор", "Зоя")
    for count in range(3, 8):
        chips = seats_facts[str(count)]
        assert [chip.split("\n")[0] for chip in chips] == list(names[:count])     # every name whole
        assert all(len(chip.split("\n")) == 2 for chip in chips)
    # "Максимилиан" is wider than a chip of 8 seats: the chip names the seat by its number (the
    # number on the seat's row), at 1280x800 too (the size unit grows with the screen).
    assert [chip.split("\n")[0] for chip in seats_facts["8"]] == [*names, "8"]
    # Tapped, a chip opens the seat's build check, which shows the play in full.
    tapped = seats_facts["chip_tapped"]
    assert tapped["screen"] == "build_check" and tapped["seat"] == 0
    full = {"ru": "Ход 1, Анна: Склад пиломатериалов", "uk": "Хід 1, Анна: Склад пиломатеріалів",
            "en": "Turn 1, Анна: Lumber Yard"}
    assert tapped["verdict"] == full[language]


def test_at_7_players_on_the_pi_a_long_card_name_gives_way_to_the_kind_of_play(seats_facts: dict[str, Any]) -> None:
    language, size = seats_facts["run"]
    if size != "800x480" or language == "en":
        pytest.skip("the Pi's screen in Russian and Ukrainian")
    chips = seats_facts["7"]
    card, discard = {"ru": ("карта", "сброс"), "uk": ("карта", "скид")}[language]
    waiting = {"ru": "ждём", "uk": "ще ні"}[language]                    # "чекаємо" does not fit
    assert chips == [f"Анна\n{card}", f"Борис\n{discard}", *(f"{n}\n{card}" for n in ("Вера", "Глеб", "Дина", "Егор")),
                     f"Зоя\n{waiting}"]


def test_at_8_seats_with_armada_in_turns_every_row_shows_whole_above_the_turn_bar(seats_facts: dict[str, Any]) -> None:
    # 8 rows a fingertip high (9 mm) between the turn bar and the bottom bar, on the Pi's 800x480 screen
    # too: the bars lose their margins, the rows their gaps, never a target's height or a text's size
    # (the legibility measure above). Armada's "Ход окончен" is not there beside "Закрыть ход".
    rows = seats_facts["rows_8"]
    assert rows["rows"] == 8 and rows["fit"]
    assert rows["lowest_px"] >= 0                              # the eighth row above the turn bar
    language, size = seats_facts["run"]
    if size == "800x480":
        assert rows["least_height_px"] >= 9 * MM_PX - 0.5
        assert rows["crowded"]
    assert rows["turn_over_shown"] is False
    assert not seats_facts["rows_3"]["crowded"]                # room enough: the bars as they were
    # A problem noted (the camera's card not added): at 800x480 its line would push the eighth row
    # half out of view; it is said in the message bar instead, and every row stays in view.
    with_problem = seats_facts["rows_8_problem"]
    assert with_problem["fit"] and with_problem["lowest_px"] >= 0
    if size == "800x480":
        altar = {"ru": "Алтарь", "uk": "Вівтар", "en": "Altar"}[language]
        assert with_problem["line"] == "" and altar in with_problem["message"]
    else:
        assert with_problem["line"] != ""                      # room enough: the line as before


@pytest.fixture(scope="module")
def game_facts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _script("game", tmp_path_factory.mktemp("turns_game") / "games.sqlite3")


def test_a_whole_game_in_turns_by_taps_age_one(game_facts: dict[str, Any]) -> None:
    # Анна (Olympia A, wood), Борис (Gizah A, stone), Вера (Halikarnassos B, textile), 3 coins each.
    # Turn 1: Lumber Yard and Ore Vein free, Борис's Clay Pit costs 1 coin.
    assert game_facts["first_play"]["can_pay"] and game_facts["first_play"]["can_enter"]
    assert game_facts["turn1_coins"] == [3, 2, 3]
    # Turn 2: the Workshop needs glass, which nobody around Анна makes: refused.
    refused = game_facts["refused"]
    assert not refused["legal"] and refused["lines"][0] == "нужно стекло ×1, а город и соседи дают не больше 0"
    # Olympia A's stage 1 (2 wood): her wonder's wood and her Lumber Yard, nothing to pay.
    assert game_facts["anna_stage"]["legal"] and game_facts["anna_stage"]["lines"][0] == "Платить ничего не нужно"
    # Halikarnassos B's stage 1 (2 ore): her Ore Vein and Борис's Clay Pit's ore for 2 coins; then the
    # Altar Борис discarded this very turn, from the pile, free.
    assert game_facts["vera_stage"]["lines"][0] == "Купить руда ×1 у игрока Борис (справа) за 2 монеты"
    assert game_facts["vera_power"] == "discard_build" and game_facts["from_discard"]["legal"]
    # Анна 3; Борис 2 + 3 (discard) + 2 (Вера's ore) = 7; Вера 3 - 2 = 1.
    assert game_facts["turn2_coins"] == [3, 7, 1]
    assert game_facts["turn2_cities"] == [[["lumber_yard"], 1], [["clay_pit"], 0], [["ore_vein", "altar"], 1]]
    # Turn 3 closed (Анна's discard: 6), then opened again from the turn bar's title: back to 3, 7, 1
    # with its three plays; Анна's play becomes the Baths (1 stone from Борис: 2 coins).
    assert game_facts["turn3_coins"] == [6, 7, 1]
    assert game_facts["reopen_dialog"][0] == "Вернуть ход 3?"
    assert game_facts["reopen_dialog"][1] == "Анна: сброс\nБорис: Каменный карьер\nВера: Ткацкая мастерская"
    assert game_facts["reopened_coins"] == [3, 7, 1] and game_facts["reopened_bar"]["title"] == "Ход 3\nиз 6"
    assert game_facts["reopened_bar"]["chips"][0] == "Анна\nсброс"
    assert game_facts["turn3_corrected_coins"] == [1, 9, 1]
    assert game_facts["turn3_corrected_cities"] == [["lumber_yard", "baths"], ["clay_pit", "stone_pit"],
                                                    ["ore_vein", "altar", "loom"]]
    # Turn 4 by the camera: Борис's Clay Pool (free) and Вера's Stockade (1 wood, 2 coins to Анна; she
    # holds 1 at the start of the turn): refused, shown on her chip and in the problem line.
    assert game_facts["camera_bar"]["chips"] == ["Анна\nждём", "Борис\nЗалежи глины", "Вера\nЧастокол (нельзя)"]
    assert game_facts["camera_problem"].startswith("Камера: «Частокол» у игрока Вера нельзя сыграть")
    # Анна and Вера (her play corrected) discard: 1 + 3 = 4 each.
    assert game_facts["turn4_coins"] == [4, 9, 4]
    assert game_facts["turn4_cities"][1] == ["clay_pit", "stone_pit", "clay_pool"]
    # Turn 5: Olympia's stage 2 (2 stone from Борис: 4 coins of her 4); Борис 9 + 4 + 3 = 16; Вера 7.
    assert game_facts["anna_stage2"]["lines"][1] == "Всего 4 монеты из 4 монет"
    assert game_facts["turn5_coins"] == [0, 16, 7]
    # The message bar's Undo after a close asks first; "Отмена" leaves the turn closed.
    assert game_facts["undo_dialog"] == "Вернуть ход 5?"
    assert game_facts["after_cancel"] == {"coins": [0, 16, 7], "title": "Ход 6\nиз 6"}
    # Turn 6: the Barracks free (Olympia A, once an age); the others discard.
    assert game_facts["free_build"]["lines"][0] == "Бесплатно благодаря свойству чуда (раз в эпоху)"
    assert game_facts["age1_coins"] == [0, 19, 10]
    # Land conflicts of Age I: Анна's shield beats both (1 each); Борис and Вера tie (0 = 0).
    assert game_facts["age1_tokens"] == [[1, 1], [-1], [-1]]
    assert game_facts["age1_bar"]["title"] == "Ход 1\nиз 6"


def test_a_whole_game_in_turns_by_taps_ages_two_and_three(game_facts: dict[str, Any]) -> None:
    # Every seat discards every turn of Ages II and III: 6 x 3 = 18 coins an age each.
    assert game_facts["age2_coins"] == [18, 37, 28] and game_facts["age3_coins"] == [36, 55, 46]
    # Анна's one shield beats both neighbours again: 3 points each in Age II, 5 in Age III.
    assert game_facts["age2_tokens"] == [[1, 1, 3, 3], [-1, -1], [-1, -1]]
    assert game_facts["age3_tokens"] == [[1, 1, 3, 3, 5, 5], [-1, -1, -1], [-1, -1, -1]]
    assert game_facts["last_bar"]["title"] == "Ход 6\nиз 6"
    assert game_facts["age"] == 4 and game_facts["bar_after_game"] is False
    assert game_facts["score_screen"] == "score"
    for name, found in game_facts["legibility"].items():
        assert not found["small_text"] and not found["small_targets"] and not found["spoilt"], (name, found)
        assert found["text_mm"] >= 3.0 - 0.01 and found["target_mm"] >= 9.0 - 0.01, name
    assert len(game_facts["legibility"]) == 14


def test_two_player_variant_the_free_citys_tab_names_who_plays_it(tmp_path: Path) -> None:
    facts = _script("free_city", tmp_path / "games.sqlite3")
    # Before the turns the free city has no tab (the end state is entered city by city).
    assert facts["tabs_before_turns"] == ["1  Анна", "2  Борис"]
    # "Эпоха I, карта находиться у игрока слева от свободного города", then the other player: seats
    # Анна 0, Борис 1, the free city 2; its left neighbour (next clockwise) is Анна.
    assert facts["tabs_turn1"] == ["1  Анна", "2  Борис", "3  Вольный город: Анна"]
    assert facts["tabs_turn2"] == ["1  Анна", "2  Борис", "3  Вольный город: Борис"]
    assert facts["seat_after_boris"] == 2
    # It discards only a card it can neither build nor use for a stage: the Altar is free, so no.
    assert facts["free_city_discard"]["bad"]
    assert facts["free_city_discard"]["message"].startswith("Свободный город сбрасывает карту, только если")
    assert any(line.startswith("Вольный город в этом ходу играет Анна") for line in facts["free_city_lines"])
    assert facts["free_city_altar"]["verdict"] == "Вольный город может построить: Алтарь"
    assert facts["bar"]["chips"][2] == "Вольный город\nАлтарь"
    assert facts["cities"] == [["lumber_yard"], ["stone_pit"], ["altar"]]
