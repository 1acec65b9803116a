"""How steadily a camera must see something before a table tracker takes it as true (every game's
tracker: 7 Wonders' cities, Architects' areas)."""

from __future__ import annotations

from dataclasses import dataclass

__all__ = ["ConfirmationRule"]


@dataclass(frozen=True)
class ConfirmationRule:
    """How steadily something must be seen before it counts: in `frames` frames spanning at least
    `seconds`, and, for a card, lying still (within `still_mm` of where it was first seen in its
    city, in the board's own frame).

    Tuned with benchmarks/confirmation_rule.py on rendered videos at 10 frames per second: a card
    carried over a neighbour's city, even turned like that neighbour's cards, is never confirmed
    there once stillness is required over two frames or more; four frames over 0.4 s also outlasts
    any misread of a frame or two, and confirms a card laid down within half a second.
    """

    frames: int = 4
    seconds: float = 0.4
    still_mm: float = 15.0
    forget_after: float = 3.0
    """Sightings of something not yet confirmed are forgotten after this many seconds unseen."""

    @classmethod
    def photos(cls) -> ConfirmationRule:
        """For a series of still photos: every photo is a deliberate view, one is enough."""
        return cls(frames=1, seconds=0.0, still_mm=float("inf"), forget_after=float("inf"))
