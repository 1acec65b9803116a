"""What the camera confirms on an Architects table becomes taps of the game being played: a card
kind counted up is placed (its cat icon and horns act as when tapped), counted down is removed, a
piece seen on its built side is constructed, a Progress token, the Cat pawn, Military Victory tokens
and a medal's reward side are taken. Each is logged by the session like a tap, so the medal offers
appear the moment the camera sees a goal met. Only changes are applied: what a player entered by
hand stays until the camera sees that count change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.state.architects_session import ArchitectsSession
from companion.state.architects_tracker import ArchitectsChange
from companion.state.errors import SessionError

__all__ = ["apply_camera_changes"]


def _step(session: ArchitectsSession, seat: int, change: ArchitectsChange) -> list[Callable[[], object]]:
    """The session calls that make one confirmed change true at the table."""
    kind, _, what = change.item.partition(":")
    before = change.before if isinstance(change.before, int) else 0
    value = change.value if isinstance(change.value, int) else 0
    delta = value - before
    if kind == "card" and delta > 0:
        return [lambda: session.place_card(seat, what)] * delta
    if kind == "card" and delta < 0:
        return [lambda: session.remove_card(seat, what, -delta)]
    if kind == "piece" and delta > 0:
        return [lambda: session.build_piece(seat, what)]
    if kind == "token" and delta > 0:
        return [lambda: session.take_token(seat, what)] * delta
    if kind == "cat" and delta > 0:
        return [lambda: session.take_cat(seat)]
    if kind == "military":
        return [lambda: session.set_military(seat, value)]
    if kind == "medal" and delta > 0:
        return [lambda: session.take_medal(seat, what)]
    return []


def apply_camera_changes(session: ArchitectsSession, changes: Sequence[ArchitectsChange]) -> list[str]:
    """Apply the camera's confirmed changes to the game; return a line for each one the rules refuse
    (a piece whose lower level is not built, a token none of which is left, ...): it is not applied."""
    seats = {player.wonder.id: seat for seat, player in enumerate(session.table.players)}
    problems = []
    for change in changes:
        seat = seats.get(change.wonder)
        if seat is None or change.source != "camera":
            continue
        for call in _step(session, seat, change):
            try:
                call()
            except SessionError as error:
                problems.append(f"camera: {change.describe()}: {error}")
    return problems
