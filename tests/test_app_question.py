"""The camera cannot tell whose some cards are: the table asks, one tap answers, the log keeps it.

In the photos of a 4-player table, a hand lies over the third colour column of two players' cities:
the columns beyond it, past the board's end, lie too far from the rest of the city (more than the
guide's 1 cm) for the camera to be sure whose they are, so it asks, naming the nearest city first. The app (tests/tools/
app_question_script.py, a window of its own) shows the question under the cities, on the Pi's
800x480 screen in Russian and a 1280x800 tablet in English.
"""

from __future__ import annotations

import importlib.util
import json
import math
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import cv2
import numpy as np
import pytest

from companion.games.sevenwonders.rules.loader import load_game_data
from companion.simulation.realism import Realism
from companion.simulation.scenes import Camera, table_scene

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed"),
              pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[1]
COVERED = (1, 2)
"""The seats with a column under a hand."""


def _columns(scene: Any, seat: int) -> list[list[Any]]:
    """A city's colour columns, left to right along its board (the truth's stickers)."""
    data = load_game_data()
    board = next(t for t in scene.truth if t.role == "board" and t.seat == seat)
    edge = board.corners_mm[1] - board.corners_mm[0]
    angle = math.atan2(edge[1], edge[0])
    along = np.array([math.cos(angle), math.sin(angle)])
    columns: dict[int, list[Any]] = {}
    for truth in scene.truth:
        if truth.role == "card" and truth.seat == seat and \
                data.cards[truth.component.card].color not in ("brown", "grey"):
            x = float(np.dot(truth.corners_mm.mean(axis=0) - board.corners_mm[0], along))
            columns.setdefault(round(x / 35), []).append(truth)
    return [columns[k] for k in sorted(columns)]


def _photos(folder: Path) -> dict[str, Any]:
    """A camera held still over one table for four seconds (a video), a hand over the third colour
    column of two cities (the next ones lie past the board's end); the set-up and each city's cards
    as the truth."""
    scene = table_scene(4, seed=3, family="aruco", size_mm=14.0, camera=Camera(1920, 1080, 66, 1050, tilt_deg=3),
                        level="easy", realism=Realism(card_art=True))
    frame = scene.frame.copy()
    for seat in COVERED:
        columns = _columns(scene, seat)
        assert len(columns) >= 4, "the city should have a column past the board's end"
        for truth in columns[2]:
            centre = truth.corners_px.mean(axis=0)
            cv2.fillConvexPoly(frame, np.round((truth.corners_px - centre) * 1.8 + centre).astype(np.int32),
                               (120, 150, 205))
    folder.mkdir()
    video = cv2.VideoWriter(str(folder / "table.avi"), cv2.VideoWriter_fourcc(*"MJPG"), 5.0,
                            (frame.shape[1], frame.shape[0]))
    for _ in range(20):
        video.write(frame)
    video.release()
    names = ("Anna", "Boris", "Vera", "Gleb")
    setup = [{"name": name, "wonder": p["wonder"], "side": p["side"]}
             for name, p in zip(names, scene.table["players"], strict=True)]
    cities = {p["wonder"]: sorted(t.component.card for t in scene.truth if t.role == "card" and t.seat == seat
                                  and t.visible) for seat, p in enumerate(scene.table["players"])}
    (folder / "setup.json").write_text(json.dumps({"players": setup, "cities": cities}), encoding="utf-8")
    return {"setup": setup, "cities": cities}


@pytest.fixture(scope="module", params=[("ru", "800x480"), ("en", "1280x800")], ids=["pi-ru", "tablet-en"])
def run(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> dict[str, Any]:
    language, size = request.param
    base = tmp_path_factory.mktemp(f"question-{language}")
    truth = _photos(base / "photos")
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    done = subprocess.run([sys.executable, "-m", "tests.tools.app_question_script", "ask", str(base / "games.sqlite3"),
                           language, size, str(base / "photos")], cwd=ROOT, env=env, capture_output=True, text=True,
                          timeout=600, check=False)
    assert done.returncode == 0, done.stderr[-3000:]
    facts: dict[str, Any] = json.loads(done.stdout.strip().splitlines()[-1])
    return {"facts": facts, "truth": truth, "store": base / "games.sqlite3", "language": language}


def test_the_table_asks_whose_the_cards_beyond_a_hidden_column_are(run: dict[str, Any]) -> None:
    facts, truth = run["facts"], run["truth"]
    assert facts["asked"]
    covered = [truth["setup"][seat]["wonder"] for seat in COVERED]
    assert len(facts["questions"]) == 2
    for question in facts["questions"]:
        # Every card asked about is one city's, and that city is named first.
        cards = {key.split(":")[1].split("/")[0] for key in question["cards"]}
        owners = [w for w in covered if cards <= set(truth["cities"][w])]
        assert len(owners) == 1 and question["candidates"][0] == owners[0]
    asked = "Чьи это карты?" if run["language"] == "ru" else "Whose are these cards?"
    assert facts["bar_text"].startswith(asked)
    # One button per player (the likely owner first), then nobody's; all inside the window, fingertip-sized.
    assert len(facts["answers"]) == 5 and facts["bar_inside"]
    assert facts["smallest_answer_px"] >= 40


def test_one_tap_puts_the_cards_in_that_city_and_the_log_keeps_the_answer(run: dict[str, Any]) -> None:
    facts, truth = run["facts"], run["truth"]
    owner = facts["first_owner"]
    wonder = truth["setup"][owner]["wonder"]
    assert set(facts["first_cards"]) <= set(truth["cities"][wonder])
    assert set(facts["first_cards"]) <= set(facts["city_after"])
    answers = [e for e in facts["events"] if e["kind"] == "owner_answered"]
    assert [a["payload"]["seat"] for a in answers] == [owner, None]
    assert all(a["source"] == "hand" for a in answers)
    confirmed = [e["payload"]["card"] for e in facts["events"] if e["kind"] == "card_confirmed"
                 and e["payload"]["seat"] == owner and e["source"] == "hand"]
    assert sorted(confirmed) == facts["first_cards"]
    assert facts["left_after_nobody"] == 0 and facts["bar_hidden"]


def test_the_answers_outlive_the_app(run: dict[str, Any]) -> None:
    """Reopened from the log alone: the answered cards stay where they were put, and the cards said to
    be nobody's are not asked about again when the camera sees them."""
    from companion.state.session import GameSession
    from companion.storage import GameStore
    from companion.vision.layout import OwnerQuestion, TableObservation

    facts = run["facts"]
    store = GameStore(run["store"])
    try:
        session = GameSession.resume(store, facts["game"])
        owner = facts["first_owner"]
        assert set(facts["first_cards"]) <= set(session.players[owner]["cards"])
        wonder = session.players[owner]["wonder"]
        nobody = [session.registry.get(m) for m in facts["nobody_cards"]]
        assert all(session.tracker.owners[c.marker] is None for c in nobody)
        seen_again = TableObservation(questions=[OwnerQuestion(tuple(nobody), (), "beside no board", (0.0, 0.0))])
        for second in range(5):
            session.observe(seen_again, float(second))
        assert session.questions() == []
        first = next(e for e in facts["events"] if e["kind"] == "owner_answered")
        assert all(session.tracker.owners[m] == wonder for m in first["payload"]["markers"])
    finally:
        store.close()
