"""7 Wonders' simulated tables: rendered scenes, recorded games and their playback (layer 2); its
recorded games (``sevenwonders-recording/1``) registered in `RECORDED_GAMES`."""

from __future__ import annotations

from collections.abc import Iterator
from pathlib import Path
from typing import Any

from companion.simulation import RECORDED_GAMES, RecordedGame, RecordingRefused

DEMO_NAME = "demo"


def _read(path: Path | None) -> tuple[Any, str]:
    from companion.games.sevenwonders.simulation.recording import RecordingError, demo_recording, load_recording

    try:
        return (demo_recording(), DEMO_NAME) if path is None else (load_recording(path), path.name)
    except RecordingError as error:
        raise RecordingRefused(error.described(), len(error.problems)) from None


def _frames(recording: Any) -> Iterator[tuple[float, Any]]:
    from companion.games.sevenwonders.simulation.playback import recorded_frames

    return recorded_frames(recording)


RECORDED_GAMES.register("7wonders", RecordedGame(_read, _frames), game="7wonders")
