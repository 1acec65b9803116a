"""The camera video the app's benchmarks watch: the bundled demo game rendered as a camera films it."""

from __future__ import annotations

from pathlib import Path

__all__ = ["render_video"]


def render_video(folder: Path, *, seconds: float, fps: float, size: tuple[int, int]) -> Path:
    """The bundled demo game's first `seconds`, rendered as a camera would film it."""
    from companion.games.sevenwonders.simulation.playback import Playback
    from companion.games.sevenwonders.simulation.recording import demo_recording

    path = folder / "table.mp4"
    playback = Playback(demo_recording(), width=size[0], height=size[1], fps=fps)
    playback.write_video(path, seconds=seconds)
    return path
