"""What the camera confirms on an Architects table becomes taps of the game being played: a card
kind counted up is placed (its cat icon and horns act as when tapped), counted down is removed, a
piece seen on its built side is constructed, a Progress token, the Cat pawn, Military Victory tokens
and what an expansion lets a player take (its ``item_kind``) are taken. Each is logged by the session
like a tap (its source: the camera), so an offer appears the moment the camera sees its condition
met. Only changes are applied: what a player entered by hand stays until the camera sees that count
change.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from companion.games.architects.rules.extension import installed_extensions
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.session import ArchitectsSession
from companion.games.architects.tracker import ArchitectsChange, ArchitectsTracker
from companion.games.architects.vision import ArchitectsObservation, read_architects_layout
from companion.state.confirmation import ConfirmationRule
from companion.state.errors import SessionError
from companion.vision.placed import PlacedMarker

__all__ = ["ArchitectsCameraPlay", "apply_camera_changes", "logged_reading"]


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
    for ext in installed_extensions():          # one the game does not play with: refused, said as a problem
        if kind == ext.item_kind and delta > 0:
            return [lambda ext_id=ext.id: session.claim(ext_id, seat, what)]
    return []


def _order(change: ArchitectsChange) -> int:
    """Gains before constructions before losses: what an expansion offers for the cards (a goal met) is
    taken before those cards are spent, as the players did it, when one frame shows both."""
    before = change.before if isinstance(change.before, int) else 0
    value = change.value if isinstance(change.value, int) else 0
    return 0 if value > before and not change.item.startswith("piece:") else 1 if value > before else 2


def apply_camera_changes(session: ArchitectsSession, changes: Sequence[ArchitectsChange]) -> list[str]:
    """Apply the camera's confirmed changes to the game; return a line for each one the rules refuse
    (a piece whose lower level is not built, a token none of which is left, ...): it is not applied."""
    seats = {player.wonder.id: seat for seat, player in enumerate(session.table.players)}
    problems = []
    for change in sorted(changes, key=_order):
        seat = seats.get(change.wonder)
        if seat is None or change.source != "camera":
            continue
        for call in _step(session, seat, change):
            session.source = "camera"
            try:
                call()
            except SessionError as error:
                problems.append(f"camera: {change.describe()}: {error}")
            finally:
                session.source = "hand"
    return problems


def logged_reading(table: ArchitectsTable) -> dict[tuple[str, str], int]:
    """What the log holds in front of each player, as the tracker counts it (``(wonder,
    "card:wood") -> 2``): a camera restarted over a game in play starts from it, so what was
    confirmed before is not played a second time and only what changes since is."""
    reading: dict[tuple[str, str], int] = {}
    for player in table.players:
        wonder = player.wonder.id
        items = {f"card:{kind}": count for kind, count in (player.cards or {}).items()}
        items.update({f"piece:{piece.piece}": 1 for piece in player.built if piece.piece})
        items.update({f"token:{token}": player.token_count(token) for token in player.progress_tokens})
        for ext in table.extensions:
            items.update({f"{ext.item_kind}:{item}": 1 for item in ext.held(player)})
        items.update({"cat": int(player.cat_pawn), "military": player.military_tokens})
        reading.update({(wonder, item): count for item, count in items.items() if count})
    return reading


class ArchitectsCameraPlay:
    """The camera over an Architects game being played: each recognised frame's markers are folded
    into the tracker (seated as the game's set-up says) and what it confirms is played. The tracker
    starts from what the game's log holds (a resumed game's cards, pieces and tokens count as
    confirmed), as if the camera had watched from the start."""

    def __init__(self, session: ArchitectsSession, rule: ConfirmationRule | None = None) -> None:
        self.tracker = ArchitectsTracker(session.table.data, rule or ConfirmationRule(),
                                         seat_order=[p.wonder.id for p in session.table.players])
        for key, count in logged_reading(session.table).items():
            self.tracker.confirmed[key] = count
            self.tracker.sources[key] = "log"
        self.problems: list[str] = []

    @property
    def seat_order(self) -> list[str]:
        """The wonders clockwise, as the game's set-up seats them."""
        return list(self.tracker.seat_order)

    def observe(self, session: ArchitectsSession, placed: Sequence[PlacedMarker], seconds: float) -> bool:
        """Take one recognised frame; True when the game changed."""
        return self.play(session, read_architects_layout(placed, seat_order=self.tracker.seat_order), seconds)

    def play(self, session: ArchitectsSession, observation: ArchitectsObservation, seconds: float) -> bool:
        """Take one frame's areas (as `read_architects_layout` finds them); True when the game changed."""
        changes = self.tracker.observe(observation, seconds)
        self.problems += apply_camera_changes(session, changes)
        return any(c.source == "camera" and c.item != "tray" for c in changes)

    def reading(self, wonder: str) -> dict[str, int]:
        """What the camera confirms in front of `wonder` now: ``{"card:wood": 2, "piece:two_different": 1, ...}``."""
        return {item: int(value) for (w, item), value in sorted(self.tracker.confirmed.items())
                if w == wonder and isinstance(value, int) and not isinstance(value, bool) and value > 0}
