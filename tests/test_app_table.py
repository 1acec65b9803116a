"""A 7-player game at the Raspberry Pi's 800x480 touchscreen in Russian, driven through the real
widgets in a separate process (tests/tools/app_table_script.py): every city in view, a card in two
taps, the coin pad, a build check that builds, plays per player at the end of an age, a score pad
whose saved picture holds every player, history, statistics and settings; a screenshot of each."""

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
ROOT = Path(__file__).resolve().parents[1]


@pytest.fixture(scope="module")
def facts(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    store = tmp_path_factory.mktemp("table7") / "games.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "tests.tools.app_table_script", "play", str(store), "ru",
                           "800x480"], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    found: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return found


def test_every_city_is_in_view_with_fingertip_buttons(facts: dict[str, Any]) -> None:
    assert facts["players"] == 7 and facts["rows_in_view"] == 7
    # The Pi's 7-inch screen is 154 mm wide for 800 px: 9 mm is 46.7 px.
    assert facts["mm_px"] == pytest.approx(800 / 154.08)
    assert facts["smallest_button_px"] >= 9 * 800 / 154.08 - 0.5


def test_a_card_takes_two_taps_from_the_age_being_played(facts: dict[str, Any]) -> None:
    assert facts["picker_age"] == 1 and facts["card_taps"] == 2
    assert facts["gleb_cards"] == ["lumber_yard"]
    assert facts["city_view_seat"] == 3 and facts["hand_marks"] == ["hand"]


def test_coins_by_one_tap_and_by_the_number_pad(facts: dict[str, Any]) -> None:
    before, after = facts["discard_coins"]
    assert after == before + 3                     # a discarded card: 3 coins from the bank (rulebook)
    assert facts["typed_coins"] == 12
    assert facts["counted_coins"] == [5, 5]        # counted at the end of Age I on the pad, shown at once


def test_the_build_check_builds_in_one_tap(facts: dict[str, Any]) -> None:
    assert facts["check_legal"] is True
    # The Altar is worth 2 points (Civilian) and costs nothing: "+2 if the game ended now".
    assert any(line.startswith("Ценность сейчас: +2 ПО") and "Гражданские +2" in line for line in facts["check_lines"])
    assert facts["anna_cards"] == ["altar"]
    # The turn is done: the table comes back, saying what was built (Undo beside it).
    assert facts["after_build"] == ["table", "Анна: построено — Алтарь; монеты переданы"]


def test_the_end_of_an_age_counts_each_players_plays(facts: dict[str, Any]) -> None:
    lines = facts["plays_lines"]
    # Anna built the Altar, Gleb the Lumber Yard, Dina discarded once; nobody else played: 0 of 6.
    assert "Анна: 1 из 6 карт в эпохе I" in lines
    assert "Глеб: 1 из 6 карт в эпохе I" in lines
    assert "Дина: 1 из 6 карт в эпохе I" in lines
    assert "Борис: 0 из 6 карт в эпохе I" in lines


def test_the_saved_score_picture_holds_every_player(facts: dict[str, Any]) -> None:
    import cv2

    assert facts["screen_after_ages"] == "score" and facts["pad_columns_in_view"] == 7 and facts["finished"]
    picture = facts["picture"]
    image = cv2.imread(picture["path"])
    assert image is not None
    height, width = image.shape[:2]
    assert abs(width - picture["size"][0]) <= 1 and abs(height - picture["size"][1]) <= 1
    red, green, blue = picture["military_rgb"]
    cells = picture["military_cells"]
    assert len(cells) == 7
    for x, y in cells:                              # each column's Military cell is in the picture...
        assert 0 <= x < width and 0 <= y < height
        # ...and drawn in the Military colour at its edge (the number is in the middle)
        b, g, r = (int(v) for v in image[int(y), int(x)])
        assert abs(r - red) + abs(g - green) + abs(b - blue) < 40, (x, y, (r, g, b))


def test_bgstats_gives_a_code_or_the_play_file(facts: dict[str, Any]) -> None:
    assert facts["bgstats"] in ("qr", "file")
