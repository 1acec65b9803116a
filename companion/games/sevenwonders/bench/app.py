"""`companion bench app`: how long a tap takes to show its answer and how long the app takes to start
(companion/games/sevenwonders/bench/app_taps.py), then the app's preview frame rate while recognition runs, on a
recorded video (`--part taps|start|preview` runs one part).

The bundled demo game is rendered into a 1280x720 video at 30 frames per second; the real app runs
in this process (Kivy offscreen, Mesa's software OpenGL), starts the game, shows the table screen
and watches the video in real time through the same camera feed a device camera uses. Its event
loop turns exactly as `App.run` turns it. Rounds alternate between the picture only (the reference:
decoding and drawing, no recognition) and recognition on, so machine noise falls on both alike.

Figures: preview frames shown per second (median and slowest of the one-second windows after the
first), frames recognised per second and the time one takes, and the longest wait between two UI
frames (a frozen UI shows as a long one).
"""

from __future__ import annotations

import json
import statistics
import tempfile
import time
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from companion.bench.timing import machine_line
from companion.games.sevenwonders.bench.video import render_video

__all__ = ["ModeFigures", "run"]

TARGET_PREVIEW_FPS = 15.0
MODES = (("picture only", False), ("recognition on", True))


@dataclass
class ModeFigures:
    """What one mode (recognition off or on) measured over all its rounds."""

    label: str
    preview_fps: list[int] = field(default_factory=list)
    """Preview frames shown in each whole second after the first of each round."""
    ui_gaps_ms: list[float] = field(default_factory=list)
    recognised: int = 0
    taken: int = 0
    seconds: float = 0.0
    recognition_ms: list[float] = field(default_factory=list)

    def to_json(self) -> dict[str, object]:
        """The figures as a JSON object."""
        return {"label": self.label, "seconds": round(self.seconds, 2),
                "preview_fps_median": statistics.median(self.preview_fps) if self.preview_fps else None,
                "preview_fps_slowest_second": min(self.preview_fps, default=None),
                "source_fps": self.taken / self.seconds if self.seconds else None,
                "recognised_per_second": self.recognised / self.seconds if self.seconds else None,
                "recognition_median_ms": statistics.median(self.recognition_ms) if self.recognition_ms else None,
                "ui_frame_median_ms": statistics.median(self.ui_gaps_ms) if self.ui_gaps_ms else None,
                "ui_longest_wait_ms": max(self.ui_gaps_ms, default=None)}


def _watch(app: Any, video: Path, figures: ModeFigures, *, seconds: float, recognise: bool) -> None:
    """Run the app's event loop on `video` for `seconds`, counting preview frames per second."""
    from kivy.base import EventLoop

    app.start_camera(str(video), recognise=recognise)
    feed = app.feed
    shown_before = app.preview_frames
    started = last = time.monotonic()
    per_second: dict[int, int] = {}
    while time.monotonic() - started < seconds:
        EventLoop.idle()
        after = time.monotonic()
        figures.ui_gaps_ms.append((after - last) * 1000)
        last = after
        shown = app.preview_frames - shown_before
        if shown:
            window = int(after - started)
            per_second[window] = per_second.get(window, 0) + shown
            shown_before = app.preview_frames
    elapsed = time.monotonic() - started
    app.stop_camera()
    whole = int(elapsed)
    figures.preview_fps.extend(per_second.get(window, 0) for window in range(1, whole))
    figures.seconds += elapsed
    figures.taken += feed.stats.frames_taken
    figures.recognised += feed.stats.frames_recognised
    figures.recognition_ms.extend(feed.stats.recognition_ms)


def run(*, seconds: float = 10.0, rounds: int = 2, window: tuple[int, int] = (1280, 800),
        source: tuple[int, int] = (1280, 720), fps: float = 30.0, as_json: bool = False,
        part: str = "all") -> list[ModeFigures]:
    """Measure and print the tap and start figures, then the preview figures (each mode watches the
    video `rounds` times); `part` (``taps``, ``start``, ``preview``) runs one part only."""
    if part in ("all", "taps", "start"):
        from companion.games.sevenwonders.bench.app_taps import cold_start, run_taps

        if part in ("all", "start"):
            cold_start(as_json=as_json)
        if part == "taps":
            run_taps(windows=(window, (800, 480)) if window != (800, 480) else (window,), as_json=as_json)
        elif part == "all":                   # its own process: Kivy opens one window per process
            import subprocess
            import sys

            subprocess.run([sys.executable, "-m", "companion", "bench", "app", "--part", "taps", "--window",
                            f"{window[0]}x{window[1]}", *(["--json"] if as_json else [])], check=False)
        if part != "all":
            return []
    from companion.app.launch import configure_kivy

    with tempfile.TemporaryDirectory(prefix="companion-bench-app-") as temporary:
        folder = Path(temporary)
        start = time.perf_counter()
        video = render_video(folder, seconds=seconds + 2.0, fps=fps, size=source)
        render_seconds = time.perf_counter() - start
        configure_kivy(size=window, offscreen=True)
        from kivy.base import runTouchApp, stopTouchApp

        from companion.app.main import CompanionApp
        from companion.games.sevenwonders.app.demo import demo_setup

        app = CompanionApp(folder / "games.sqlite", language="en")
        app._run_prepare()          # what App.run does before its loop, as Kivy's own test harness does
        runTouchApp(embedded=True)
        try:
            app.start_game(demo_setup())
            figures = [ModeFigures(label) for label, _ in MODES]
            for _ in range(rounds):
                for mode, (_, recognise) in zip(figures, MODES, strict=True):
                    _watch(app, video, mode, seconds=seconds, recognise=recognise)
        finally:
            app.stop()
            stopTouchApp()
    _report(figures, source=source, fps=fps, window=window, render_seconds=render_seconds, as_json=as_json)
    return figures


def _report(figures: list[ModeFigures], *, source: tuple[int, int], fps: float, window: tuple[int, int],
            render_seconds: float, as_json: bool) -> None:
    reference, measured = (f.to_json() for f in figures)
    ratio = (measured["preview_fps_median"] / reference["preview_fps_median"]  # type: ignore[operator]
             if reference["preview_fps_median"] else None)
    if as_json:
        print(json.dumps({"machine": machine_line(), "source": f"{source[0]}x{source[1]} at {fps:g} fps",
                          "window": f"{window[0]}x{window[1]}", "modes": [reference, measured],
                          "preview_ratio_on_to_off": ratio, "target_preview_fps": TARGET_PREVIEW_FPS}, indent=2))
        return
    print(f"companion bench app: {machine_line()}")
    print(f"source: the demo game rendered at {source[0]}x{source[1]}, {fps:g} fps ({render_seconds:.1f} s to "
          f"render); window {window[0]}x{window[1]} offscreen")
    print(f"{'mode':<16} {'preview fps':>12} {'slowest s':>10} {'source fps':>11} {'recognised/s':>13} "
          f"{'recognise ms':>13} {'UI frame ms':>12} {'longest UI wait ms':>19}")
    for row in (reference, measured):
        print(f"{row['label']:<16} {_num(row['preview_fps_median']):>12} {_num(row['preview_fps_slowest_second']):>10} "
              f"{_num(row['source_fps']):>11} {_num(row['recognised_per_second']):>13} "
              f"{_num(row['recognition_median_ms']):>13} {_num(row['ui_frame_median_ms']):>12} "
              f"{_num(row['ui_longest_wait_ms']):>19}")
    print()
    print(f"preview with recognition on: median {_num(measured['preview_fps_median'])} frames/s, slowest second "
          f"{_num(measured['preview_fps_slowest_second'])} (target >= {TARGET_PREVIEW_FPS:g}); "
          f"{_num(ratio, 2)}x the picture-only reference")


def _num(value: object, digits: int = 1) -> str:
    return "-" if value is None else f"{value:.{digits}f}" if isinstance(value, float) else str(value)
