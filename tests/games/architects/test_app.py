"""A 3-player 7 Wonders Architects game with Medals played through the app by taps, to the score
sheet (in its own process: Kivy opens one window per process). Screenshots of every Architects
screen go to tests/output/screens/ for a person to look at (with COMPANION_SCREENSHOTS=1)."""

from __future__ import annotations

import importlib.util
import json
import os
import subprocess
import sys
from pathlib import Path

import pytest

from companion.storage.database import GameStore

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed"),
              pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[3]


def test_an_architects_game_with_medals_by_taps(tmp_path: Path) -> None:
    store = tmp_path / "games.sqlite3"
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1",
           "KIVY_NO_CONFIG": "1", "KIVY_NO_FILELOG": "1"}
    done = subprocess.run([sys.executable, "-m", "tests.games.architects.ui_script", str(store)], cwd=ROOT, env=env,
                          capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    assert result["screen"] == "architects_score" and result["finished"]
    # Ann's third grey card met the goal of the medal between her and Bob: it was offered at once.
    assert result["offered"] == "Ann met the goal \u201c3 grey cards\u201d: take the medal"
    assert result["refused_piece"]                     # a level-4 piece does not react on an empty Giza
    assert result["battle_due"]                        # Bob's 1 + 2 horns turned the 3 Conflict tokens
    # Bob's 3 shields beat Ann (0) and Cid (0): 2 tokens, and the battle-double medal between Bob and Cid.
    assert result["military"] == [0, 2, 0]
    assert result["medals"] == [["three_grey"], ["battle_double"], []]
    lines = {line["name"]: line for line in result["sheet"]["players"]}
    # Ann: Giza 2-different 4 + 2-identical 5, Decor 4 (not complete), medal 4 = 17
    assert lines["Ann"]["categories"] == {"wonder": 9, "cat": 0, "blue": 0, "military": 0, "progress": 4, "medals": 4}
    # Bob: blue cat card 2, the Cat pawn 2, 2 tokens 6, medal 4 = 14; Cid: Ur pieces typed 5 + 4 = 9
    assert (lines["Bob"]["total"], lines["Cid"]["total"]) == (14, 9)
    assert result["sheet"]["winners"] == ["Ann"]
    texts = result["texts"]
    assert texts[texts.index("Wonder stages"):][:8] == ["Wonder stages", "9", "0", "9", "Cat pawn", "0", "2", "0"]
    assert "Winner: Ann with 17 points" in texts
    assert result["from_history"] == "architects_score"
    with GameStore(store) as log:
        games = log.games()
        assert len(games) == 1 and games[0].status == "finished" and games[0].sheet["winners"] == ["Ann"]


def test_an_architects_game_played_through_the_camera_view(tmp_path: Path) -> None:
    env = {**os.environ, "PYTHONPATH": str(ROOT), "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_ARGS": "1",
           "KIVY_NO_CONFIG": "1", "KIVY_NO_FILELOG": "1"}
    script = "tests.games.architects.camera_script"
    done = subprocess.run([sys.executable, "-m", script, str(tmp_path / "games.sqlite3"),
                           str(tmp_path / "game.mp4")], cwd=ROOT, env=env, capture_output=True, text=True, timeout=600)
    assert done.returncode == 0, done.stderr[-3000:]
    result = json.loads(done.stdout.strip().splitlines()[-1])
    # Ann's third grey card, seen by the camera, met the goal of the medal between her and Bob.
    assert result["offered"] == "Ann met the goal \u201c3 grey cards\u201d: take the medal"
    assert result["screen"] == "architects_score" and result["finished"] and result["problems"] == []
    assert result["sources"] == ["camera"]                       # nothing was tapped on the table
    # Left and opened again, the game is watched again: the table as it was left plays nothing twice,
    # Ann's new wood card is played (one event, hers).
    assert result["restarted"] and result["after_resuming"] == [["architects_card_placed", "camera", 0]]
    # wood and stone spent on a piece, then a wood card taken after the game was opened again
    assert result["cards"] == [{"clay": 1, "wood": 1}, {"coin": 1, "blue_cat": 1}]
    assert result["camera_text"] == "Camera: Clay \u00d71; pieces built 1"
    lines = {line["name"]: line for line in result["sheet"]["players"]}
    # Ann: Giza's 2-different piece 4 + the medal 4 = 8. Bob: the blue cat card 2 + the Cat pawn 2 = 4.
    assert lines["Ann"]["categories"] == {"wonder": 4, "cat": 0, "blue": 0, "military": 0, "progress": 0, "medals": 4}
    assert (lines["Ann"]["total"], lines["Bob"]["total"]) == (8, 4)
    assert result["sheet"]["winners"] == ["Ann"]
