"""The state of a table: players in seating order with their wonders, buildings, coins and tokens.

Players are listed clockwise seen from above: a player's left neighbour is the next player in the
list (wrapping) and the right neighbour the previous one. In the two-player variant the free city
is one more entry of the list, flagged `is_free_city`. A table plays with the expansions of its
`extensions` (`rules.extension`): each may add a part to every city (``Player.extras``: Armada's
port) and may seat teams of partners side by side (`Table.teams`).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property
from typing import Any

from companion.games.sevenwonders.rules.extension import SevenWondersExtension
from companion.games.sevenwonders.rules.model import Card, GameData, Stage, Wonder, WonderSide

__all__ = ["STANDARD", "TWO_PLAYER", "VARIANTS", "Player", "PlayerChoices", "Table"]

STANDARD = "standard"
TWO_PLAYER = "two-player"
VARIANTS = (STANDARD, TWO_PLAYER)


@dataclass(frozen=True)
class PlayerChoices:
    """End-game choices a player states; each one overrides the score optimiser."""

    science: tuple[str, ...] = ()
    """The symbols that this player's wild science symbols become, in any order."""
    copied_guild: str | None = None
    """The neighbour's guild that Olympia B copies."""


@dataclass(frozen=True, eq=False)
class Player:
    """One city at the table: who plays it, the wonder board and what has been built."""

    name: str
    wonder: Wonder
    side: str
    stages_built: int
    cards: tuple[Card, ...]
    coins: int
    tokens: tuple[int, ...] = ()
    choices: PlayerChoices = field(default_factory=PlayerChoices)
    is_free_city: bool = False
    extras: Mapping[str, Any] = field(default_factory=dict)
    """What each expansion adds to the city, by expansion id (a `rules.extension.CityPart`: Armada's port)."""

    @property
    def board(self) -> WonderSide:
        """The side of the wonder board in play."""
        return self.wonder.sides[self.side]

    @property
    def built_stages(self) -> tuple[Stage, ...]:
        """The wonder stages built so far, in order."""
        return self.board.stages[: self.stages_built]

    @property
    def next_stage(self) -> Stage | None:
        """The stage to build next, or None when the wonder is complete."""
        stages = self.board.stages
        return stages[self.stages_built] if self.stages_built < len(stages) else None

    @cached_property
    def card_ids(self) -> frozenset[str]:
        """The ids of the buildings in this city."""
        return frozenset(card.id for card in self.cards)

    def has(self, card_id: str) -> bool:
        """True when the city holds a building of this id."""
        return card_id in self.card_ids

    def with_card(self, card: Card) -> Player:
        """This city with one more building (no legality check: see `engine.build`)."""
        return replace(self, cards=(*self.cards, card))

    def __repr__(self) -> str:
        return f"<Player {self.name!r} {self.wonder.id} {self.side} stages={self.stages_built}>"


@dataclass(frozen=True, eq=False)
class Table:
    """Everything the engine needs about one table: the box, the variant, the options, the players."""

    data: GameData
    players: tuple[Player, ...]
    variant: str = STANDARD
    expansions: tuple[str, ...] = ()
    options: Mapping[str, int] = field(default_factory=dict)
    extensions: tuple[SevenWondersExtension, ...] = ()
    """The expansions played, each with its components (and an owner's entered values), in `expansions` order."""
    teams: tuple[tuple[int, ...], ...] = ()
    """The team variant of an expansion (Armada): the seats of each team (partners sit side by side);
    empty otherwise."""

    def extension(self, expansion: str) -> SevenWondersExtension | None:
        """The extension of `expansion` (its id) when the table plays with it."""
        for extension in self.extensions:
            if extension.id == expansion:
                return extension
        return None

    @cached_property
    def cards(self) -> Mapping[str, Card]:
        """Every building in this table's box: the base game's and its expansions'."""
        if not self.extensions:
            return self.data.cards
        cards = dict(self.data.cards)
        for extension in self.extensions:
            cards.update(extension.cards())
        return cards

    @property
    def seat_count(self) -> int:
        """How many cities sit at the table (the free city included)."""
        return len(self.players)

    @property
    def player_count(self) -> int:
        """How many people play: 2 in the two-player variant, else the number of cities."""
        return sum(1 for p in self.players if not p.is_free_city)

    @property
    def box_player_count(self) -> int:
        """The player count whose cards are in the decks (the two-player variant uses the 3+ cards, an
        expansion may say otherwise: Armada's 8-player game the 7+ cards)."""
        if self.variant == TWO_PLAYER:
            return self.data.rules.two_player_cards_as_for
        count = self.seat_count
        for extension in self.extensions:
            count = extension.box_player_count(self, count)
        return count

    def option(self, name: str) -> int:
        """The value of a rules option at this table (its default unless the table sets it)."""
        if name in self.options:
            return self.options[name]
        return self.data.rules.options[name].default

    def seat_of(self, name: str) -> int:
        """The seat index of the player called `name`.

        :raises KeyError: when nobody of that name sits at the table.
        """
        for seat, player in enumerate(self.players):
            if player.name == name:
                return seat
        raise KeyError(name)

    def left_of(self, seat: int) -> int:
        """The seat of the left neighbour (next clockwise)."""
        return (seat + 1) % len(self.players)

    def right_of(self, seat: int) -> int:
        """The seat of the right neighbour (previous in the list)."""
        return (seat - 1) % len(self.players)

    def neighbour(self, seat: int, direction: str) -> Player:
        """The player on the `direction` ("left" or "right") side of `seat`."""
        return self.players[self.left_of(seat) if direction == "left" else self.right_of(seat)]

    def seat_towards(self, seat: int, direction: str) -> int:
        """The seat `direction` of `seat`: ``left``, ``right``, or ``left2``/``right2`` (two seats away:
        left of the left neighbour, right of the right neighbour)."""
        step = 1 if direction.startswith("left") else -1
        distance = 2 if direction.endswith("2") else 1
        return (seat + step * distance) % len(self.players)

    def team_of(self, seat: int) -> tuple[int, ...]:
        """The seats of `seat`'s team (just `seat` without teams)."""
        for team in self.teams:
            if seat in team:
                return team
        return (seat,)

    def are_partners(self, a: int, b: int) -> bool:
        """True when two different seats play in the same team."""
        return a != b and b in self.team_of(a)

    def with_player(self, seat: int, player: Player) -> Table:
        """This table with the city at `seat` replaced."""
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))
