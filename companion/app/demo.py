"""The demo: a game set up from the bundled recording, watched through its rendered frames."""

from __future__ import annotations

from companion.state.session import SeatSetup

__all__ = ["demo_setup"]


def demo_setup() -> list[SeatSetup]:
    """The seats of the bundled recording (names, wonders and sides, clockwise)."""
    from companion.simulation.recording import bundled_recording

    recording = bundled_recording()
    return [SeatSetup(p.name, p.wonder, p.side) for p in recording.players]
