"""Killing the app's session at any moment: every tap that logs several events is in the log whole or
not at all, every tap reported saved is there, and every game resumes (an Armada game with the port
boards chosen at its set-up). The session runs in a separate process (tests/tools/session_taps.py)
that is killed with SIGKILL during each kind of tap in turn, after a random delay."""

from __future__ import annotations

import random
from pathlib import Path
from typing import Any

import pytest

from companion.games.sevenwonders.session import GameSession
from tests.tools.killing import killed_during
from tests.tools.session_taps import ARMADA_TAPS, PORT_BOARDS, STANDARD_TAPS, open_store, play

ROOT = Path(__file__).resolve().parent.parent
TARGETS = [("armada", "set-up"), *(("armada", name) for name, _ in ARMADA_TAPS),
           ("standard", "set-up"), *(("standard", name) for name, _ in STANDARD_TAPS)]
"""Every kind of tap, with and without Armada: one round kills the session during each."""


def _reference(folder: Path) -> dict[bool, tuple[list[tuple[str, Any]], set[int]]]:
    """With and without Armada: the events of a game played to its end without a kill, and how many
    the log holds after each tap (the only counts a killed game may have)."""
    reference = {}
    with open_store(str(folder / "reference.sqlite3")) as store:
        for number in (0, 1):
            counts: set[int] = set()

            def saved(what: str, _armada: bool, _game: int | None, _name: str, events: int | None,
                      into: set[int] = counts) -> None:
                if what == "done" and events is not None:
                    into.add(events)

            game = play(store, number, saved)
            reference[number == 0] = ([(e.kind, e.payload) for e in store.events(game)], counts)
    return reference


def _killed_during(path: Path, target: tuple[str, str], delay: float) -> list[str]:
    """Run the session process until it starts the `target` tap, kill it `delay` seconds later; its lines."""
    name = target[1].replace(" ", "_")
    return killed_during("tests.tools.session_taps", path,
                         lambda line: line.startswith(f"tap {target[0]} ") and line.endswith(f" {name} -\n"), delay)


@pytest.mark.slow
def test_killing_the_session_during_any_tap_leaves_each_tap_whole_or_absent(tmp_path: Path) -> None:
    reference = _reference(tmp_path)
    path = tmp_path / "crash.sqlite3"
    rng = random.Random(7)
    reported: dict[int, int] = {}
    killed_mid_tap = 0
    for target in TARGETS:
        lines = _killed_during(path, target, rng.uniform(0.0, 0.01))
        whole = [line.split() for line in lines if line.endswith("\n")]
        assert whole and whole[-1][0] in ("tap", "done"), (target, lines[-3:])
        killed_mid_tap += whole[-1][0] == "tap"
        for what, _kind, game, _name, events in whole[1:]:
            if what == "done":
                reported[int(game)] = int(events)
        with open_store(str(path)) as store:
            assert store.integrity_ok()
            for summary in store.games():
                events = [(e.kind, e.payload) for e in store.events(summary.id)]
                armada = events[0][1]["expansions"] == ["armada"]
                played, counts = reference[armada]
                assert len(events) in counts, (target, summary.id, [kind for kind, _ in events])
                assert events == played[:len(events)], (target, summary.id)
                assert len(events) >= reported.get(summary.id, 0), (target, summary.id)
                if summary.status == "playing":
                    resumed = GameSession.resume(store, summary.id)
                    if armada:
                        assert [p["port_board"] for p in resumed.players] == PORT_BOARDS
    assert killed_mid_tap >= len(TARGETS) // 2, killed_mid_tap
