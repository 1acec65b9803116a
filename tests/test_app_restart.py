"""Killing the app at any moment loses nothing: a process plays through the app and is killed with
SIGKILL; the app started again returns to the same game and screen with every step that was done."""

from __future__ import annotations

import importlib.util
import json
import os
import random
import signal
import subprocess
import sys
from pathlib import Path

import pytest

from tests.tools.app_session_script import STEPS

pytestmark = [pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed"),
              pytest.mark.slow]
ROOT = Path(__file__).resolve().parents[1]


def _run(*args: str) -> subprocess.Popen[str]:
    env = {**os.environ, "PYTHONPATH": str(ROOT)}
    return subprocess.Popen([sys.executable, "-m", "tests.tools.app_session_script", *args], cwd=ROOT, env=env,
                            stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True)


def _expected(done: int) -> dict[str, object]:
    """The cities, coins and stages after the first `done` steps (starting coins 3; no card here
    costs or earns coins: Lumber Yard, Loom, Stone Pit, Baths and Altar are free for these cities)."""
    cities: list[list[str]] = [[], [], []]
    coins, stages = [3, 3, 3], [0, 0, 0]
    screen, seat = "table", None
    for kind, *args in STEPS[:done]:
        if kind == "card":
            cities[args[0]].append(args[1])
        elif kind == "coins":
            coins[args[0]] = args[1]
        elif kind == "stages":
            stages[args[0]] = args[1]
        elif kind == "screen":
            screen, seat = args[0], args[1]
    return {"cities": cities, "coins": coins, "stages": stages, "screen": screen, "seat": seat}


@pytest.mark.parametrize("kill_after", [len(STEPS), random.Random(7).randrange(1, len(STEPS))])
def test_the_app_comes_back_to_the_same_game_and_screen(tmp_path: Path, kill_after: int) -> None:
    store = tmp_path / "games.sqlite3"
    player = _run("play", str(store), str(kill_after))
    assert player.stdout is not None
    done = -1
    try:
        for line in player.stdout:
            done = int(line.split()[1])
            if done >= kill_after:
                break
    finally:
        player.send_signal(signal.SIGKILL)
        player.wait(timeout=30)
    assert done == kill_after
    again = _run("inspect", str(store))
    out, _ = again.communicate(timeout=120)
    report = json.loads(out.strip().splitlines()[-1])
    expected = _expected(done)
    assert report["integrity"] is True
    assert report["game"] == 1
    assert report["cities"] == expected["cities"]
    assert report["coins"] == expected["coins"] and report["stages"] == expected["stages"]
    assert report["screen"] == expected["screen"]
    if expected["seat"] is not None:
        assert report["seat"] == expected["seat"]
