"""What an expansion adds to a 7 Wonders game session: its own actions (a part, reached as
``session.part(id)``) and the hooks the base session calls (set-up events, cards and marker sets,
events a build step adds, events at the end of an age). Each expansion registers its part class in
`SESSION_PARTS` from its ``session`` module; the base session never names an expansion."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from companion.plugins import Registry

if TYPE_CHECKING:
    from companion.markers import Component
    from companion.storage import GameStore

__all__ = ["SESSION_PARTS", "LoggedEvent", "SessionPart", "parts_for", "turn_move_events"]

LoggedEvent = tuple[str, dict[str, Any], str]
"""An event to log: kind, payload, source."""


class SessionPart:
    """An expansion's part of one open game: reads the session's game (`store`, `document`, `table()`,
    `age`) and logs through it (`_transact`), so each of its actions is one transaction too."""

    id: ClassVar[str] = ""
    """The expansion's id, as the table document lists it in ``expansions``."""
    marker_sets: ClassVar[tuple[str, ...]] = ()
    """The marker sets of the cards it adds (the camera and the picker accept them)."""

    def __init__(self, session: Any) -> None:
        self.session = session

    # -- the session's game, read through it ---------------------------------------------------------
    @property
    def store(self) -> GameStore:
        """The game log."""
        return self.session.store  # type: ignore[no-any-return]

    @property
    def game_id(self) -> int:
        """The game's id in the log."""
        return self.session.game_id  # type: ignore[no-any-return]

    @property
    def data(self) -> Any:
        """The base game's data (`GameData`)."""
        return self.session.data

    @property
    def document(self) -> dict[str, Any]:
        """The table document as the log holds it now."""
        return self.session.document  # type: ignore[no-any-return]

    @property
    def age(self) -> int:
        """The age being played."""
        return self.session.age  # type: ignore[no-any-return]

    def table(self) -> Any:
        """The table as the engine sees it now (`Table`)."""
        return self.session.table()

    def _transact(self, build: Callable[[], list[LoggedEvent]]) -> None:
        self.session._transact(build)

    def _coins_events(self, deltas: dict[int, int], why: str) -> list[LoggedEvent]:
        return self.session._coins_events(deltas, why)  # type: ignore[no-any-return]

    # -- hooks the base session calls (each default adds nothing) ---------------------------------------
    @classmethod
    def set_up_events(cls, players: int, options: Mapping[str, Any]) -> list[LoggedEvent]:
        """The events logged with a new game's set-up (one transaction)."""
        return []

    def opened(self) -> None:
        """The game is opened, not finished: complete what an interrupted set-up left out."""

    def hand_only_board(self, player: Mapping[str, Any]) -> Component | None:
        """The board of a city that has no sticker (entered by hand), if the expansion brings one."""
        return None

    def step_events(self, seat: int, step: Any) -> list[LoggedEvent]:
        """The events of a build step the expansion adds (`step.kind` one of its steps), paid with a build."""
        return []

    @classmethod
    def turn_move_events(cls, document: Mapping[str, Any], moves: Mapping[int, Sequence[Any]]) -> list[LoggedEvent]:
        """The events logged when a turn closes for what its plays move (`moves`: the turn engine's
        `TurnResult.ship_steps` by seat, as the rules' hooks gave them), on the table `document` as it is."""
        return []

    def end_of_age_events(self) -> list[LoggedEvent]:
        """The events the expansion adds when an age's conflicts are confirmed (after the land ones).

        :raises SessionError: when they need a value nobody has entered (nothing is logged then).
        """
        return []


SESSION_PARTS: Registry[type[SessionPart]] = Registry("7 Wonders session part", "session")
"""The expansions' session parts, by expansion id."""


def parts_for(session: Any, expansions: Sequence[str]) -> dict[str, SessionPart]:
    """The parts of the expansions a game plays with (those installed), by id."""
    return {name: part(session) for name, part in SESSION_PARTS.items() if name in expansions}


def turn_move_events(document: Mapping[str, Any], moves: Mapping[int, Sequence[Any]]) -> list[LoggedEvent]:
    """The events of what a closed turn moves, from the parts of the expansions the `document` plays with."""
    played = document.get("expansions") or []
    return [event for name, part in SESSION_PARTS.items() if name in played
            for event in part.turn_move_events(document, moves)]
