"""The demo: a game set up from the bundled recording, watched through its rendered frames, that
plays itself: when the camera has confirmed every card of an age, the demo types the coins the
recording gives and confirms the conflicts, as the players would; after Age III it shows the score."""

from __future__ import annotations

from typing import Any

from companion.games.sevenwonders.session import GameSession, SeatSetup
from companion.games.sevenwonders.simulation.recording import Recording, TableSnapshot, demo_recording

__all__ = ["DemoPilot", "demo_setup"]


def demo_setup(recording: Recording | None = None) -> list[SeatSetup]:
    """The seats of the (bundled) recording: names, wonders and sides, clockwise."""
    recording = recording or demo_recording()
    return [SeatSetup(p.name, p.wonder, p.side) for p in recording.players]


class DemoPilot:
    """Ends each age of the demo game once the camera has seen all of it."""

    def __init__(self, recording: Recording | None = None) -> None:
        self.recording = recording or demo_recording()
        snapshots = self.recording.snapshots()
        self.end_of_age: dict[int, TableSnapshot] = {}
        for index, turn in enumerate(self.recording.turns):
            self.end_of_age[turn.age] = snapshots[index + 1]

    def age_seen(self, session: GameSession, age: int) -> bool:
        """True when every card and stage laid by the end of `age` is confirmed in the session."""
        snapshot = self.end_of_age.get(age)
        if snapshot is None:
            return False
        for player, copies, stages in zip(session.players, snapshot.cards, snapshot.stages, strict=True):
            if not {c.split("/")[0] for c in copies} <= set(player["cards"]) or player["stages"] < len(stages):
                return False
        return True

    def act(self, app: Any) -> None:
        """Called after the camera changed the game: end the age if all of it is on the table."""
        session = app.session
        if session is None or session.finished or session.age > len(self.end_of_age):
            return
        age = session.age
        if not self.age_seen(session, age):
            return
        if age <= len(self.recording.coins_after_age):
            for seat, coins in enumerate(self.recording.coins_after_age[age - 1]):
                session.set_coins(seat, coins)
        session.confirm_conflicts()
        app.changed(now=True)
        if session.age > len(self.end_of_age):
            app.go("score")
        else:
            app.notify(app.tr("demo.age_ended", age="I" * age))
