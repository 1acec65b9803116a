"""`companion bench app` (taps and start): how long a tap takes to show its answer on screen, and how
long the app takes to start.

The real app runs offscreen in this process (Mesa's software OpenGL) with a 7-player game in Age I,
six cards in each city, then with one in Age III, about 15 cards in each city (adding a card there:
a tap whose cost grew with the game would show). A tap is a touch sent through the window, as the UI
tests send it, once the frames before it are finished (glFinish: llvmpipe draws a frame only when
something waits for it); its time runs from the touch until the frame that shows the answer is drawn
and finished (glFinish), with Kivy's clock turning as `App.run` turns it. The reference, in the same
run: one frame of the same screen drawn again with nothing changed (what any tap costs at least on
this machine's renderer). Each window size is measured twice: without a camera, and with the camera
watching the bundled demo game (rendered as a 1280x720 video at 30 frames a second and played in
real time through the real camera feed: its picture shown, every recognised frame given to the game).

Cold start runs the app in a fresh process, from launch to the first drawn frame of the table of a
game in progress (the app comes back to it), against the reference of a fresh process that opens an
empty Kivy window and draws one frame.
"""

from __future__ import annotations

import json
import os
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.bench.timing import machine_line, percentile

__all__ = ["TapFigures", "cold_start", "run_taps"]

TARGET_TAP_MS = 100.0
TARGET_START_S = 2.0
NAMES = ("Anna", "Boris", "Vera", "Gleb", "Dina", "Egor", "Zoya")
WONDERS = ("gizah", "rhodes", "ephesos", "babylon", "olympia", "halikarnassos", "alexandria")
LATE_CARDS_PER_AGE = 5
"""Cards each city gets per age in the late game (Age III: about 15 a city)."""
CITY_CARDS = ("lumber_yard", "stone_pit", "clay_pool", "ore_vein", "baths", "stockade", "apothecary", "loom",
              "glassworks", "press", "altar", "theater", "tavern", "barracks", "workshop", "scriptorium",
              "guard_tower", "marketplace", "east_trading_post", "west_trading_post")


@dataclass
class TapFigures:
    """The times of one kind of tap, in milliseconds."""

    label: str
    times_ms: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """Median, 95th percentile and worst."""
        times = self.times_ms
        return {"label": self.label, "taps": len(times),
                "median_ms": round(statistics.median(times), 1) if times else None,
                "p95_ms": round(percentile(times, 0.95), 1) if times else None,
                "worst_ms": round(max(times), 1) if times else None}


class _Tapper:
    """Taps on the running app and times each until its answer is on screen."""

    def __init__(self, app: Any) -> None:
        self.app = app

    def idle(self, frames: int = 1) -> None:
        from kivy.base import EventLoop

        for _ in range(frames):
            EventLoop.idle()

    def frame_ms(self) -> float:
        """One frame of the current screen drawn again, nothing changed (the reference); the clock's
        due events (a garbage collection while the screen is untouched...) run first, untimed."""
        from kivy.base import EventLoop
        from kivy.core.window import Window
        from kivy.graphics.opengl import glFinish

        EventLoop.idle()
        glFinish()
        Window.canvas.ask_update()
        start = time.perf_counter()
        EventLoop.idle()
        glFinish()
        return (time.perf_counter() - start) * 1000

    def tap(self, widget: Any, shown: Callable[[], bool], limit_s: float = 10.0) -> float:
        """Touch `widget` in its middle; milliseconds until `shown()` holds and that frame is drawn."""
        from kivy.base import EventLoop
        from kivy.core.window import Window
        from kivy.graphics.opengl import glFinish
        from kivy.tests.common import UnitTestTouch

        from companion.app.widgets.common import scroll_into_view

        scroll_into_view(widget, lambda: self.idle(3))     # a player scrolls first, untimed
        self.idle(2)
        glFinish()                  # the frames before the touch fully drawn, as they are when a finger
        x, y = widget.to_window(*widget.center)     # arrives (else the first texture upload waits for them)
        start = time.perf_counter()
        touch = UnitTestTouch(x, y)
        touch.touch_down()
        touch.touch_up()
        while True:
            done = shown()
            EventLoop.idle()
            if done and not Window.canvas.needs_redraw:
                break
            if time.perf_counter() - start > limit_s:
                raise RuntimeError(f"the answer to a tap on {type(widget).__name__} never showed")
        glFinish()
        return (time.perf_counter() - start) * 1000


def _find(root: Any, kind: str, test: Callable[[Any], bool] = lambda _w: True) -> Any:
    return next(w for w in root.walk(restrict=True) if type(w).__name__ == kind and test(w))


def _popup(kind: str) -> Any:
    from kivy.core.window import Window

    return next((child for child in Window.children if type(child).__name__ == kind), None)


def _set_up_game(app: Any) -> None:
    from companion.games.sevenwonders.session import SeatSetup, SessionError

    app.start_game([SeatSetup(name, wonder, "A") for name, wonder in zip(NAMES, WONDERS, strict=True)])
    session = app.session
    for seat in range(len(NAMES)):
        for card in CITY_CARDS[seat * 2:seat * 2 + 6]:
            if card not in session.players[seat]["cards"]:
                try:
                    session.add_card(seat, card)
                except SessionError:        # a copy already taken: the city has one card fewer
                    continue
    app.changed(now=True)


def _measure(app: Any, taps: int) -> tuple[list[TapFigures], list[float]]:
    """Every kind of tap `taps` times (the end of an age once per age) and the reference frames."""
    tapper = _Tapper(app)
    session = app.session
    screen = app.screen("table")
    figures = {label: TapFigures(label) for label in (
        "open the picker", "pick a card", "open the coin pad", "number pad key", "discard +3 (one tap)",
        "build check: pick a card", "build check: build it", "end of the age (score after III)",
        "confirm the conflicts")}
    reference: list[float] = []
    for _ in range(120):                # the screens and the picker's chips made ahead, as a player's first
        tapper.idle()                   # seconds at the table would make them
    for round_number in range(taps):
        seat = round_number % len(NAMES)
        row = _find(screen, "CityRow", lambda r, s=seat: r.seat == s)
        reference.append(tapper.frame_ms())
        _add_a_card(tapper, app, row, figures["open the picker"], figures["pick a card"])
        coins = _find(row, "BigButton", lambda b, s=seat: b.text == str(session.players[s]["coins"]))
        figures["open the coin pad"].times_ms.append(tapper.tap(coins, lambda: _popup("CoinPad") is not None))
        pad = _popup("CoinPad")
        key = _find(pad, "BigButton", lambda b: b.text == "7")
        figures["number pad key"].times_ms.append(tapper.tap(key, lambda p=pad: p.typed == "7"))
        before = session.players[seat]["coins"]
        discard_text = app.tr("coins.discard", coins=pad.discard)
        discard = _find(pad, "BigButton", lambda b, t=discard_text: b.text == t)
        figures["discard +3 (one tap)"].times_ms.append(tapper.tap(
            discard, lambda s=seat, b=before, r=row: session.players[s]["coins"] == b + 3 and r.coins == str(b + 3)))
        session.set_coins(seat, before, why="corrected")
        app.changed(now=True)
        tapper.idle(2)
        check = app.screen("build_check")
        app.go("build_check", seat=seat)
        tapper.idle(3)
        check.pick_card()
        tapper.idle(2)
        picker = _popup("CardPicker")
        chip = next(c for c in reversed(picker.ids.cards.children)
                    if session.check_card(seat, c.card_id).legal and c.card_id not in session.players[seat]["cards"])
        card = chip.card_id
        figures["build check: pick a card"].times_ms.append(tapper.tap(
            chip, lambda c=card, k=check: k.target == c and bool(k.verdict) and _popup("CardPicker") is None))
        build = _find(check, "BigButton", lambda b: b.text == app.tr("check.pay"))
        figures["build check: build it"].times_ms.append(tapper.tap(
            build, lambda c=card, s=seat: c in session.players[s]["cards"]))
        session.remove_card(seat, card)
        app.go("table")
        tapper.idle(3)
        end = screen.ids.end_age
        figures["end of the age (score after III)"].times_ms.append(
            tapper.tap(end, lambda: app.root.current != "table"))
        if round_number < app.store.data.rules.ages:
            age = app.screen("end_of_age")
            figures["confirm the conflicts"].times_ms.append(tapper.tap(age.ids.confirm, lambda a=age: a.confirmed))
        app.go("table")
        tapper.idle(3)
    return list(figures.values()), reference


def _add_a_card(tapper: _Tapper, app: Any, row: Any, opening: TapFigures, picking: TapFigures) -> None:
    """Open the picker from a city's row and pick its first card (both timed), then take the card back."""
    session, seat = app.session, row.seat
    add = _find(row, "BigButton", lambda b: b.text == app.tr("city.add_card"))
    opening.times_ms.append(tapper.tap(add, lambda: _popup("CardPicker") is not None))
    chip = _popup("CardPicker").ids.cards.children[-1]
    card = chip.card_id
    picking.times_ms.append(tapper.tap(chip, lambda: card in session.players[seat]["cards"]
                                       and _popup("CardPicker") is None))
    session.remove_card(seat, card)
    app.changed(now=True)


def _set_up_late_game(app: Any) -> None:
    """A 7-player game in Age III with about 15 cards in each city (the log holds some 120 events), so
    that a tap whose cost grows with the game shows: the cards of each age dealt round the table."""
    from companion.games.sevenwonders.session import SeatSetup, SessionError

    app.start_game([SeatSetup(name, wonder, "A") for name, wonder in zip(NAMES, WONDERS, strict=True)])
    session = app.session
    data = session.card_data()
    for age in (1, 2, 3):
        if age > 1:
            session.confirm_conflicts()
        cards = sorted(c.id for c in data.cards.values() if age in c.ages and c.color != "purple"
                       and c.copies_in_box(len(NAMES)))
        for number, card in enumerate(cards[:LATE_CARDS_PER_AGE * len(NAMES)]):
            seat = number % len(NAMES)
            try:
                session.add_card(seat, card)
            except SessionError:            # the city holds that building already
                continue
    app.changed(now=True)


def _measure_late(app: Any, taps: int) -> list[TapFigures]:
    """Adding a card late in a game (Age III, about 15 cards a city), `taps` times."""
    tapper = _Tapper(app)
    screen = app.screen("table")
    opening, picking = TapFigures("late game: open the picker"), TapFigures("late game: pick a card")
    for _ in range(60):
        tapper.idle()
    for round_number in range(taps):
        seat = round_number % len(NAMES)
        row = _find(screen, "CityRow", lambda r, s=seat: r.seat == s)
        _add_a_card(tapper, app, row, opening, picking)
    return [opening, picking]


CAMERA_VIDEO_SECONDS = 240.0
"""The demo game's video the camera rounds watch (longer than their taps take: it never ends under them)."""


def run_taps(*, windows: tuple[tuple[int, int], ...] = ((1280, 800), (800, 480)), taps: int = 12,
             as_json: bool = False, camera: bool = True) -> dict[str, Any]:
    """Measure every kind of tap in each window size and print the figures beside the reference;
    with `camera`, each size once more while a camera watches the table: the bundled demo game
    rendered as a 1280x720 video at 30 frames a second, played in real time through the real camera
    feed (its picture shown, every recognised frame given to the game, as at a real table)."""
    from companion.app.launch import configure_kivy

    configure_kivy(size=windows[0], offscreen=True)
    from kivy.base import runTouchApp, stopTouchApp
    from kivy.core.window import Window

    from companion.app.main import CompanionApp

    results: dict[str, Any] = {"machine": machine_line(), "windows": []}
    with tempfile.TemporaryDirectory(prefix="companion-bench-taps-") as temporary:
        video = None
        if camera:
            from companion.games.sevenwonders.bench.video import render_video

            video = render_video(Path(temporary), seconds=CAMERA_VIDEO_SECONDS, fps=30.0, size=(1280, 720))
        app = CompanionApp(Path(temporary) / "games.sqlite", language="en")
        app._run_prepare()          # what App.run does before its loop, as Kivy's own test harness does
        runTouchApp(embedded=True)
        try:
            for size in windows:
                Window.size = size
                for source in (None, video) if video is not None else (None,):
                    results["windows"].append(_measure_window(app, size, taps, source))
        finally:
            app.stop()
            stopTouchApp()
    if as_json:
        print(json.dumps(results, indent=2))
    else:
        _print_taps(results)
    return results


def _measure_window(app: Any, size: tuple[int, int], taps: int, video: Path | None) -> dict[str, Any]:
    """Every tap in one window size, early and late in a game, with the camera watching `video` (or none)."""
    _set_up_game(app)
    _watch(app, video)
    figures, reference = _measure(app, taps)
    app.close_game()
    _set_up_late_game(app)
    _watch(app, video)
    figures += _measure_late(app, taps)
    seen = app.feed.stats.frames_recognised if app.feed is not None else 0
    app.close_game()
    return {"window": f"{size[0]}x{size[1]}", "camera": video is not None, "frames_recognised_late": seen,
            "reference_frame": TapFigures("one frame, nothing changed", reference).to_json(),
            "taps": [f.to_json() for f in figures]}


def _watch(app: Any, video: Path | None) -> None:
    """The camera watches `video` from its start (nothing without one); the first frame is awaited."""
    if video is None:
        return
    from kivy.base import EventLoop

    app.start_camera(str(video))
    started = time.perf_counter()
    while app.preview_frames == 0 and time.perf_counter() - started < 20:
        EventLoop.idle()


def _print_taps(results: dict[str, Any]) -> None:
    print(f"companion bench app (taps): {results['machine']}")
    print("7 players, Age I, six cards a city (late game: Age III, about 15 a city); a tap runs from the touch to "
          "the finished frame that shows its answer (software OpenGL, offscreen)")
    for window in results["windows"]:
        reference = window["reference_frame"]
        seen = window["frames_recognised_late"]
        watching = (f"the camera watching the demo game's video (1280x720, 30 frames/s; {seen} frames recognised "
                    "in the late game's round)") if window["camera"] else "no camera"
        print(f"\nwindow {window['window']}, {watching}: reference (one frame redrawn, nothing changed) median "
              f"{reference['median_ms']} ms, p95 {reference['p95_ms']} ms")
        print(f"{'tap':<34} {'taps':>5} {'median ms':>10} {'p95 ms':>8} {'worst ms':>9} {'p95/reference':>14}")
        for row in window["taps"]:
            ratio = row["p95_ms"] / reference["p95_ms"] if row["p95_ms"] and reference["p95_ms"] else None
            print(f"{row['label']:<34} {row['taps']:>5} {row['median_ms']:>10} {row['p95_ms']:>8} "
                  f"{row['worst_ms']:>9} {'-' if ratio is None else f'{ratio:.1f}x':>14}")
        worst = max(row["p95_ms"] for row in window["taps"] if row["p95_ms"] is not None)
        print(f"slowest p95: {worst} ms (target <= {TARGET_TAP_MS:g} ms)")


START_SCRIPT = """
import sys, time
from pathlib import Path
from companion.app.launch import configure_kivy
configure_kivy(size=(1280, 800), offscreen=True)
from kivy.base import EventLoop, runTouchApp
from kivy.core.window import Window
if sys.argv[1] == "reference":
    runTouchApp(embedded=True)
else:
    from companion.app.main import CompanionApp
    app = CompanionApp(Path(sys.argv[2]), language="en")
    app._run_prepare()
    runTouchApp(embedded=True)
while True:
    EventLoop.idle()
    if not Window.canvas.needs_redraw:
        break
from kivy.graphics.opengl import glFinish
glFinish()
print("drawn", sys.argv[1] == "reference" or app.root.current, flush=True)
"""


def cold_start(*, runs: int = 3, as_json: bool = False) -> dict[str, Any]:
    """Seconds from launching a fresh process to the first drawn frame: the app coming back to a
    7-player game's table, and an empty Kivy window (the reference)."""
    with tempfile.TemporaryDirectory(prefix="companion-bench-start-") as temporary:
        store = Path(temporary) / "games.sqlite"
        _prepare_store(store)
        times: dict[str, list[float]] = {"app": [], "reference": []}
        environment = {**os.environ, "SDL_VIDEODRIVER": "offscreen", "KIVY_NO_CONFIG": "1",
                       "KIVY_NO_FILELOG": "1", "KIVY_NO_ARGS": "1", "KIVY_LOG_MODE": "PYTHON"}
        for _ in range(runs):
            for mode in ("reference", "app"):
                start = time.perf_counter()
                done = subprocess.run([sys.executable, "-c", START_SCRIPT, mode, str(store)], env=environment,
                                      capture_output=True, text=True, timeout=120, check=False)
                elapsed = time.perf_counter() - start
                if "drawn" not in done.stdout:
                    raise RuntimeError(f"the {mode} start failed: {done.stderr[-800:]}")
                times[mode].append(elapsed)
    result = {"app_s": round(statistics.median(times["app"]), 2),
              "reference_s": round(statistics.median(times["reference"]), 2), "runs": runs,
              "target_s": TARGET_START_S}
    if as_json:
        print(json.dumps({"cold_start": result}, indent=2))
    else:
        print(f"\ncold start (median of {runs}): the app back at a 7-player table {result['app_s']} s; "
              f"an empty Kivy window {result['reference_s']} s (reference); "
              f"{result['app_s'] / result['reference_s']:.1f}x; target < {TARGET_START_S:g} s")
    return result


def _prepare_store(store: Path) -> None:
    """A game log whose open game is a 7-player table (the app comes back to it at start)."""
    from companion.games.sevenwonders.session import GameSession, SeatSetup, SessionError
    from companion.markers import load_marker_registry
    from companion.storage import GameStore

    games = GameStore(store)
    try:
        session = GameSession.start(games, [SeatSetup(n, w, "A") for n, w in zip(NAMES, WONDERS, strict=True)],
                                    registry=load_marker_registry())
        for seat in range(len(NAMES)):
            for card in CITY_CARDS[seat * 2:seat * 2 + 6]:
                try:
                    session.add_card(seat, card)
                except SessionError:        # a copy already taken
                    continue
        games.set_setting("app.place", {"screen": "table", "game": session.game_id, "options": {}})
    finally:
        games.close()
