"""Each game's camera layout (`TABLE_LAYOUTS`): how the markers placed on the table plane in a frame
become what the game sees there (7 Wonders' cities, with boards remembered between frames). The
table reader (`companion.vision.pipeline`) finds the plane and places the markers; the layout says
whose they are."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any, Protocol

from companion.plugins import Registry, games
from companion.vision.placed import PlacedMarker

__all__ = ["TABLE_LAYOUTS", "TableLayout", "table_layout"]


class TableLayout(Protocol):
    """One table's layout reader, kept from frame to frame (what it remembers of earlier frames)."""

    data: Any
    """The game's data it reads with."""

    def recall(self, placed: Sequence[PlacedMarker]) -> list[PlacedMarker]:
        """Markers not read in this frame that earlier frames place (a board under a hand)."""

    def learn(self, placed: Sequence[PlacedMarker]) -> None:
        """Remember this frame's markers for the frames to come."""

    def read(self, placed: Sequence[PlacedMarker], *, player_count: int | None, seating: Sequence[str],
             view: Sequence[tuple[float, float]] | None) -> Any:
        """What one frame's placed markers show (the game's observation of the table)."""

    def left_over(self, observation: Any) -> int:
        """How many of an observation's markers nobody's place took (worth reading again later)."""

    # Optional: ``places_to_read(placed) -> (sure, possible)``, each ``[((x, y) mm, angle, side mm), ...]``:
    # where a sticker should lie but none was read, and where one may lie unread; the table reader reads
    # the first again, the second only where the picture shows a code's texture (`TableReader._look_again`).


TABLE_LAYOUTS: Registry[Callable[[Any], TableLayout]] = Registry("table layout", "vision")
"""Each game's layout reader, made with the game's data (None: as shipped), by game id."""


def table_layout(game: str | None, data: Any = None) -> TableLayout:
    """A new layout reader of `game` (None: the first game listed).

    :raises LookupError: for a game with no camera layout.
    """
    return TABLE_LAYOUTS.find(game or games()[0].id)(data)
