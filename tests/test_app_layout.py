"""Text read from a seat at least 3 mm high and every touch target at least 9 mm on every screen and
dialog of both games (companion.app.theme's rule, at the densities it assumes for the Raspberry Pi's
800x480 touchscreen and a 10.1-inch 1280x800 tablet), no text cut or broken inside a word; every
Armada city in view and every score-pad word whole; in English, Russian and Ukrainian
(tests/tools/layout_script.py, one process per window size: one Kivy window per process). Armada
games of 3 to 8 players (8: with the eighth wonder), the first city holding a card of every colour,
ships and islands; long player names; and a tour of every other screen (a 7-player game, an
Architects game with Medals, the statistics of both).

Screenshots: tests/output/screens/layout-*.png (the table, with a message below, the full city, a
space's value question, the port sheet, the island picker, the build check, the turn, the end of the
age, the score pad with and without a message).
"""

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
LANGUAGES = ("en", "ru", "uk")
MM_PX = 800 / 154.08
"""The Pi's 7-inch screen: 800 px on 154.08 mm."""
SCREENS = ("home", "new game", "new game, 8 players (Armada, teams)", "the wonder list", "table",
           "table, the camera's question", "table with the camera", "table with the camera large", "full city",
           "card picker", "coin pad", "build check, an answer", "build check, a message shown",
           "table after a build (its message)", "end of age", "end of age, conflicts confirmed", "score pad",
           "score pad, a message shown", "history", "a game of the history", "BG Stats code", "settings",
           "Armada values", "Architects: new game", "Architects: table", "Architects: the VP of a piece",
           "Architects: battle", "Architects: score sheet", "Architects: score sheet, finished", "statistics",
           "table (Armada)", "table (Armada), a message shown", "full city (Armada)", "a value question (Armada)",
           "port sheet (Armada)", "island picker (Armada)", "build check (Armada)", "end of age (Armada)",
           "turn done (Armada)", "score pad (Armada)", "score pad (Armada), a message shown")
"""Every screen and dialog the layout script visits (both games, with and without Armada)."""


def _run(tmp_path_factory: pytest.TempPathFactory, size: str, counts: str) -> dict[str, Any]:
    from companion.app.theme import assumed_pixels_per_mm

    folder = tmp_path_factory.mktemp(f"layout-{size}")
    out = folder / "out.json"
    width, height = (int(n) for n in size.split("x"))
    env = {**os.environ, "PYTHONPATH": str(ROOT), "COMPANION_COMPONENTS": str(folder / "components.json"),
           "COMPANION_DPI": str(assumed_pixels_per_mm(width, height) * 25.4)}   # the screen the rule assumes
    done = subprocess.run([sys.executable, "-m", "tests.tools.layout_script", str(out), size, counts, *LANGUAGES],
                          cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, Any] = json.loads(out.read_text(encoding="utf-8"))
    return result


@pytest.fixture(scope="module")
def small(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _run(tmp_path_factory, "800x480", "3-8")


@pytest.fixture(scope="module")
def large(tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    return _run(tmp_path_factory, "1280x800", "6-8")


def _games(result: dict[str, Any]) -> list[tuple[str, dict[str, Any]]]:
    return sorted(result["games"].items())


def test_every_screen_keeps_text_at_3_mm_and_targets_at_9_mm(small: dict[str, Any], large: dict[str, Any]) -> None:
    from companion.app.theme import READ_TEXT_MM, TOUCH_MM, assumed_pixels_per_mm

    for result, size in ((small, (800, 480)), (large, (1280, 800))):
        assert result["mm"] == pytest.approx(assumed_pixels_per_mm(*size))
        screens = result["screens"]
        assert set(SCREENS) <= set(screens), sorted(set(SCREENS) - set(screens))
        for name, facts in screens.items():
            assert facts["small_text"] == [] and facts["text_mm"] >= READ_TEXT_MM - 0.01, (size, name)
            assert facts["small_targets"] == [] and facts["target_mm"] >= TOUCH_MM - 0.01, (size, name)
            assert facts["spoilt"] == [], (size, name)              # nothing cut, shortened or broken in a word


def test_the_tour_finds_what_a_group_at_the_table_needs(small: dict[str, Any], large: dict[str, Any]) -> None:
    from companion.i18n import translate

    for result in (small, large):
        for language in LANGUAGES:
            tour = result["tour"][language]
            assert tour["armada_forced"] == [True, True, False]     # 8 players: Armada drawn on, not greyed
            assert tour["check_seats_covered"] == []                # a message below never covers a player
            assert tour["check_after_build"][0] == "table"         # built: back at the table, the message there
            assert tour["check_after_build"][1]
            assert tour["coin_button_after_pad"] == ["normal", False]
            assert tour["question"]["rows_inside"] == tour["question"]["rows"] == 7
            assert tour["conflicts_in_view_before_confirm"] is False   # 7 battles fit: confirmed as seen
            assert tour["stats_games"][1] >= 1                      # an Architects game is counted
            # Architects: wood, stone and clay in front of Giza's player oblige its bottom piece (2 different
            # resources, 4 VP): "Must construct now", and the piece says so itself, in view (scrolled to it
            # on the Pi's screen); the VP of an Ur piece can be cancelled (nothing built); its score sheet
            # saves a picture.
            reminded, due, in_view = tour["architects_must_construct"]
            said = translate("architects.piece_due", language, cost="", vp=4).strip()
            assert reminded and len(due) == 1 and due[0].endswith(said) and in_view == [True], (language, due)
            assert tour["architects_vp_cancelled"] == [True, 0]
            assert tour["architects_picture"].endswith(".png") and Path(tour["architects_picture"]).stat().st_size > 0
            # The wonder list marks the 7 wonders the other seats hold; taking seat 2's swaps the two
            # seats' wonders, and the message bar says so.
            wonders = tour["wonder_list"]
            assert wonders["marked"] == 7 and wonders["after"] == wonders["before"][::-1]
            assert wonders["message"] == translate("new_game.wonders_swapped", language, wonder=wonders["names"][0],
                                                   seat=1, player=wonders["players"][0], other_seat=2,
                                                   other=wonders["players"][1], given=wonders["names"][1]), wonders
            # The saved picture said in words, never its path.
            assert tour["picture_message"] == translate("score.picture_saved", language,
                                                        place=translate("place.exports", language))
            assert "/" not in tour["picture_message"] and Path(tour["picture"]).name not in tour["picture_message"]
    # The camera picture on request over the whole table: 14 cm wide on the Pi, not 4 cm.
    assert min(small["tour"][language]["preview_large_mm"][0] for language in LANGUAGES) >= 140


def test_every_armada_city_is_in_view_without_scrolling(small: dict[str, Any], large: dict[str, Any]) -> None:
    assert len(small["games"]) == 3 * 6 and len(large["games"]) == 3 * 3
    for result in (small, large):
        for game, facts in _games(result):
            players = int(game.split("-")[1])
            assert facts["rows"] == players and facts["rows_inside"] == players, game
            assert facts["rows_inside_with_message"] == players, game      # and while a message shows below
            assert not facts["scrolls"], game
            assert facts["ports"] == players and facts["ports_inside"] == players, game


def test_partners_are_shown_at_their_seats_and_in_the_conflicts(small: dict[str, Any], large: dict[str, Any]) -> None:
    from companion.i18n import translate

    # The games open one after another with the same names: teams at 4, 6 and 8 seats (partners side by
    # side), none at 3, 5 and 7, where no row keeps a team of the game before.
    for result in (small, large):
        for game, facts in _games(result):
            language, players = game.split("-")[0], int(game.split("-")[1])
            expected = [translate("city.team", language, number=seat // 2 + 1) if players % 2 == 0 else ""
                        for seat in range(players)]
            assert facts["teams"] == expected, game
            if players == 8:
                assert facts["conflicts_title"] == translate("age.conflicts_teams", language), game


def test_the_rows_keep_fingertip_targets_and_whole_words(small: dict[str, Any], large: dict[str, Any]) -> None:
    # 9 mm on the Pi's screen is 46.7 px: every button of a row and every port tile, even at 8 seats.
    assert small["touch"] == pytest.approx(9 * MM_PX)
    for result in (small, large):
        for game, facts in _games(result):
            assert facts["smallest_target"] >= result["touch"] - 0.5, game
            assert facts["cut"] == [], game                 # no text of a row runs out of its widget
            if "city_cut" in facts:                         # the full city's port and the port sheet
                assert facts["city_cut"] == [] and facts["sheet_cut"] == [], game
                assert facts["smallest_city_target"] >= result["touch"] - 0.5, game


def test_the_armada_dialogs_and_screens_cut_no_word(small: dict[str, Any], large: dict[str, Any]) -> None:
    # At 8 seats (the longest lists): a space's value question, the island picker, the turn, the end of
    # the age. (The build check's player tabs break long names: another screen's, left to its owner.)
    for result in (small, large):
        for language in LANGUAGES:
            facts = result["games"][f"{language}-8"]
            for part in ("dialog_cut", "picker_cut", "turn_cut", "end_of_age_cut"):
                assert facts[part] == [], (language, part)


def test_every_score_pad_word_fits_its_cell(small: dict[str, Any], large: dict[str, Any]) -> None:
    pads = [(game, facts) for result in (small, large) for game, facts in _games(result) if "pad_cut" in facts]
    assert len(pads) == 2 * 3 * 2                           # 7 and 8 players, three languages, two sizes
    for game, facts in pads:
        assert facts["pad_fits"] and facts["pad_inside"] and facts["pad_inside_with_message"], game
        assert facts["pad_cut"] == [], game                 # "Морские конфликты", "Порт (синий флот)" whole
        assert {"naval", "islands", "port"} <= set(facts["pad_rows"]), game


def test_the_saved_eight_player_armada_pad_holds_every_player_and_row(small: dict[str, Any],
                                                                     large: dict[str, Any]) -> None:
    import cv2

    for result in (small, large):
        for language in LANGUAGES:
            facts = result["games"][f"{language}-8"]
            image = cv2.imread(facts["picture"])
            assert image is not None
            height, width = image.shape[:2]
            assert abs(width - facts["area"][0]) <= 1 and abs(height - facts["area"][1]) <= 1
            for category, row in facts["pad_rows"].items():
                red, green, blue = row["rgb"]
                assert len(row["cells"]) == 9, category         # the row's name, then eight players
                for x, y in row["cells"]:                       # each cell in the picture, in the row's colour
                    assert 0 <= x < width and 0 <= y < height, (language, category, x, y)
                    b, g, r = (int(v) for v in image[int(y), int(x)])
                    assert abs(r - red) + abs(g - green) + abs(b - blue) < 40, (language, category, x, y, (r, g, b))
