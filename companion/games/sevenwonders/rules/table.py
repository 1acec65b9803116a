"""The state of a table: players in seating order with their wonders, buildings, coins and tokens.

Players are listed clockwise seen from above: a player's left neighbour is the next player in the
list (wrapping) and the right neighbour the previous one. In the two-player variant the free city
is one more entry of the list, flagged `is_free_city`. With *Armada* each city also has a
`PortState` (port board, ship positions, islands, naval and incursion tokens) and the table may
seat teams of two partners side by side.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from functools import cached_property

from companion.games.armada.rules.data import ArmadaData, Island
from companion.games.sevenwonders.rules.model import Card, GameData, Stage, Wonder, WonderSide

__all__ = ["ARMADA", "STANDARD", "TWO_PLAYER", "VARIANTS", "Player", "PlayerChoices", "PortState", "Table"]

ARMADA = "armada"

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
    most_common_symbol: str | None = None
    """Armada: the type the "most common science symbol" cards and island add to, when types tie."""
    rainbow_color: str | None = None
    """Armada: the colour Rainbow Archipelago counts."""
    naval_conflicts: str | None = None
    """Armada, Forgotten Harbor: ``join`` or ``skip`` the naval conflicts (None: the engine chooses)."""


@dataclass(frozen=True)
class PortState:
    """A city's Armada state: its port board, where each ship stands, islands and tokens."""

    board: int | None
    """The port board's number (1-8), None when not given."""
    fleets: Mapping[str, int]
    """The space of each fleet's ship: 0 (start) to 6."""
    islands: tuple[Island, ...] = ()
    naval_tokens: tuple[int, ...] = ()
    incursions_from: tuple[str, ...] = ()
    """The players who gave this city an incursion token this age (by name)."""
    printed: Mapping[tuple[str, str], int] = field(default_factory=dict)
    """Values read off the board at a ship's current space, stated in the table file:
    (fleet, reward) -> value, e.g. ("blue", "vp") -> 5."""

    def position(self, fleet: str) -> int:
        """The space of the `fleet` ship."""
        return self.fleets.get(fleet, 0)


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
    port: PortState | None = None
    """The Armada state, None without Armada."""

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
    armada: ArmadaData | None = None
    """The Armada components (with the owner's entered values), None without Armada."""
    teams: tuple[tuple[int, ...], ...] = ()
    """Armada team variant: the seats of each team (partners sit side by side); empty otherwise."""

    @property
    def has_armada(self) -> bool:
        """True when the table plays with Armada."""
        return self.armada is not None

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
        """The player count whose cards are in the decks (the two-player variant uses the 3+ cards,
        Armada's 8-player game the 7+ cards)."""
        if self.variant == TWO_PLAYER:
            return self.data.rules.two_player_cards_as_for
        if self.armada is not None and self.seat_count > self.data.rules.max_players:
            return self.armada.rules.eight_player_cards_as_for
        return self.seat_count

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
