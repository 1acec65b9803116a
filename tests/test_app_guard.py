"""Nothing leaves a tap or a frame handler: every kind of failure (the camera, OpenCV, a full or
read-only disk, the rules, a refusal of the game, a file, anything unexpected) injected into every
tap of every screen, found by walking the screens with a 7 Wonders and an Architects game open, and
into the camera pump, becomes a message in the player's language and the app goes on; a tappable
widget class that is not guarded fails the test. And the bundled recording watched by a game whose
boards differ (the camera sees a board not in the game) no longer ends the app."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.slow        # two app windows, each in a process of its own
ROOT = Path(__file__).resolve().parent.parent
ENV = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1",
       "KIVY_NO_CONFIG": "1", "KIVY_NO_FILELOG": "1"}
NOT_SAVED = "Not saved: the game log cannot be written (a full disk, or a read-only or damaged file)"


def _run(script: str, *args: str) -> dict[str, object]:
    done = subprocess.run([sys.executable, "-m", script, *args], cwd=ROOT, env=ENV, capture_output=True, text=True,
                          timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result: dict[str, object] = json.loads(done.stdout.strip().splitlines()[-1])
    return result


def test_every_failure_injected_into_every_tap_and_the_camera_becomes_a_message(tmp_path: Path) -> None:
    report = _run("tests.tools.app_guard_script", str(tmp_path / "games.sqlite3"))
    assert report["unguarded"] == [] and report["escaped"] == [] and report["unshown"] == []
    taps = report["taps"]
    assert isinstance(taps, dict)
    # every screen was walked, and each has taps (the table's: 3 city rows of 5, and its bar)
    assert set(taps) >= {"home", "table", "build_check", "end_of_age", "score", "architects_table"}
    assert taps["table"] >= 20 and all(count > 0 for count in taps.values())
    assert isinstance(report["injected"], int) and report["injected"] >= 8 * sum(taps.values())
    # a real tap on a full disk: the change is refused in the player's words, the game goes on
    assert report["real"] == {"table": NOT_SAVED, "architects_table": NOT_SAVED}
    assert report["alive"] is True
    # under the test driver, a failure the guard reports fails the test unless the test expects it
    assert report["strict"] == {"unexpected_fails": True, "expected_is_seen": True}


def test_a_board_not_in_the_game_seen_by_the_camera_does_not_end_the_app(tmp_path: Path) -> None:
    result = _run("tests.tools.app_board_script", str(tmp_path / "games.sqlite3"), "30")
    assert result["outcome"] == "alive" and result["camera_on"] is True
    noted = "the camera sees the board of The Mausoleum of Halikarnassos, which is not in this game"
    assert noted in result["problems"]
    # The table says it in the player's language, the wonder by its name there, and follows a switch.
    assert result["shown"] == {"en": "The camera sees a board that is not in this game: The Mausoleum of Halikarnassos",
                               "ru": "Камера видит планшет, которого нет в этой партии: Мавзолей в Галикарнасе",
                               "uk": "Камера бачить планшет, якого немає в цій партії: Мавзолей у Галікарнасі"}
    assert result["status"] == {"en": "The recording has ended", "ru": "Запись закончилась", "uk": "Запис закінчився"}
    assert result["tracebacks"] == 0
