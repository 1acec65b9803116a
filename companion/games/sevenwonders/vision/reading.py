"""7 Wonders' camera layout over the frames of one table (`TABLE_LAYOUTS`): boards remembered from
frame to frame (`BoardMemory`), each frame's markers assigned to cities (`read_layout`), with the cards
of the game's box (every expansion's when the game is not known: `box_card_data`)."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import replace

from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.tablefile import SECTIONS
from companion.games.sevenwonders.vision.board_memory import BoardMemory
from companion.games.sevenwonders.vision.layout import TableObservation, places_to_read, read_layout
from companion.vision.layouts import TABLE_LAYOUTS
from companion.vision.placed import PlacedMarker

__all__ = ["CityLayout", "box_card_data"]


def box_card_data(data: GameData | None = None) -> GameData:
    """The game data (shipped when None) with the cards of every expansion installed: a table read
    with no set-up may show any of them, and its table file then names the expansions seen."""
    data = data or load_game_data()
    cards = dict(data.cards)
    for section in SECTIONS.values():
        cards.update(section.extension(None).cards())
    return replace(data, cards=cards)


class CityLayout:
    """The cities of one table, read frame by frame with the game data: the game's box of cards (a
    session's `card_data`), or when None the shipped data with every expansion's cards."""

    def __init__(self, data: GameData | None = None) -> None:
        self.data = data or box_card_data()
        self.memory = BoardMemory()

    def recall(self, placed: Sequence[PlacedMarker]) -> list[PlacedMarker]:
        """Boards not read in this frame, where the markers seen with them before place them."""
        return self.memory.recall(placed)

    def learn(self, placed: Sequence[PlacedMarker]) -> None:
        """Remember where this frame's markers lie around each board."""
        self.memory.learn(placed)

    def read(self, placed: Sequence[PlacedMarker], *, player_count: int | None, seating: Sequence[str],
             view: Sequence[tuple[float, float]] | None) -> TableObservation:
        """Each city of one frame (`read_layout`)."""
        return read_layout(placed, self.data, player_count=player_count, seating=seating, view=view)

    def places_to_read(self, placed: Sequence[PlacedMarker]
                       ) -> tuple[list[tuple[tuple[float, float], float, float]],
                                  list[tuple[tuple[float, float], float, float]]]:
        """Where a card of a column lies with its sticker unread, and where one may lie (beyond a
        column's ends, in a column missing from a row): `places_to_read`."""
        return places_to_read(placed, self.data)

    def left_over(self, observation: TableObservation) -> int:
        """How many face-up cards of the frame no city took (of the game's box: another's never will)."""
        return sum(1 for component, _ in observation.unassigned
                   if component.kind == "card" and component.card in self.data.cards)


TABLE_LAYOUTS.register("7wonders", CityLayout, game="7wonders")
