"""An Architects table as immutable values: players in clockwise order with what lies in front of
each of them, and the Conflict tokens turned to their Battle side; what an expansion adds lives in
``extras`` under its id (`extension`)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace
from types import MappingProxyType
from typing import Any

from companion.games.architects.rules.data import ArchitectsData, WonderArchitects
from companion.games.architects.rules.extension import ArchitectsExtension, table_extensions

__all__ = ["BGA_TWO_PLAYER", "LITERAL_TWO_PLAYER", "ArchitectsPlayer", "ArchitectsTable", "BuiltPiece"]

BGA_TWO_PLAYER = "bga"
"""Two players, 1 shield against 0: one token (Board Game Arena's reading; the default)."""
LITERAL_TWO_PLAYER = "literal"
"""Two players, 1 shield against 0: two tokens (the rulebook read literally: 1 >= 2 x 0)."""
NO_CARDS: Mapping[str, int] = MappingProxyType({})


@dataclass(frozen=True)
class BuiltPiece:
    """A constructed piece: its id (the cost; for Rome and Ur a name the player may give, or None)
    and the VP printed on it (from the data, or as the player typed it for Rome and Ur)."""

    piece: str | None
    vp: int


@dataclass(frozen=True)
class ArchitectsPlayer:
    """What lies in front of one player.

    `cards` counts the cards in front of the player by kind when they are known (during play, or
    from a table file that lists them); a final table may give only the scoring totals
    (`blue_plain`, `blue_cat`, `grey_cards`). `extras` holds what an expansion puts in front of the
    player, by the expansion's id."""

    name: str
    wonder: WonderArchitects
    built: tuple[BuiltPiece, ...] = ()
    blue_plain: int = 0
    blue_cat: int = 0
    grey_cards: int | None = None
    cat_pawn: bool = False
    military_tokens: int = 0
    progress_tokens: tuple[str, ...] = ()
    cards: Mapping[str, int] | None = None
    extras: Mapping[str, Any] = field(default_factory=dict)

    @property
    def stages(self) -> int:
        """The number of constructed pieces (the tie-break and Decor count these)."""
        return len(self.built)

    @property
    def built_ids(self) -> frozenset[str]:
        """The ids of the built pieces (known wonders)."""
        return frozenset(b.piece for b in self.built if b.piece is not None)

    def token_count(self, token: str) -> int:
        """How many tokens of that kind the player holds (Culture may be held up to 3 times)."""
        return self.progress_tokens.count(token)

    def card_count(self, kind: str) -> int:
        """Cards of that kind in front of the player (0 when cards are not listed)."""
        return (self.cards or NO_CARDS).get(kind, 0)


@dataclass(frozen=True)
class ArchitectsTable:
    """A table of 2 to 7 players in clockwise seating order (turns pass to the left: seat i+1), the
    expansions it plays with and what they keep at the table (`extras`, by expansion id)."""

    data: ArchitectsData
    players: tuple[ArchitectsPlayer, ...]
    expansions: tuple[str, ...] = ()
    extras: Mapping[str, Any] = field(default_factory=dict)
    conflicts_flipped: int = 0
    two_player_rule: str = BGA_TWO_PLAYER

    @property
    def extensions(self) -> tuple[ArchitectsExtension, ...]:
        """The rules of the installed expansions this table plays with."""
        return table_extensions(self.expansions)

    def with_extras(self, expansion: str, value: Any) -> ArchitectsTable:
        """The same table with what `expansion` keeps at the table replaced."""
        return replace(self, extras={**self.extras, expansion: value})

    @property
    def conflict_tokens(self) -> int:
        """How many Conflict tokens this player count uses."""
        return self.data.conflict_tokens_by_players[len(self.players)]

    def left(self, seat: int) -> int:
        """The seat to the left (the next to play)."""
        return (seat + 1) % len(self.players)

    def right(self, seat: int) -> int:
        """The seat to the right."""
        return (seat - 1) % len(self.players)

    def seat_of(self, name: str) -> int:
        """The seat of the player of that name.

        :raises KeyError: when nobody is called so.
        """
        for seat, player in enumerate(self.players):
            if player.name == name:
                return seat
        raise KeyError(name)

    def with_player(self, seat: int, player: ArchitectsPlayer) -> ArchitectsTable:
        """The same table with one player replaced."""
        players = list(self.players)
        players[seat] = player
        return replace(self, players=tuple(players))

    def cat_holder(self) -> int | None:
        """The seat holding the Cat pawn, if anybody does."""
        return next((seat for seat, p in enumerate(self.players) if p.cat_pawn), None)
