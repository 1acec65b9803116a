"""What the rules oblige a player to do now (rulebook: "you must"): construct every available piece
whose cost the grey and yellow cards in front of them can pay, and take a Progress token while
their green cards show 2 identical or 3 different science symbols. The app reminds the table."""

from __future__ import annotations

from companion.games.architects.rules.data import ArchitectsData, Piece
from companion.games.architects.rules.table import ArchitectsPlayer
from companion.games.architects.rules.wonder import buildable_pieces

__all__ = ["can_pay", "pieces_to_construct", "science_set_due"]

IDENTICAL_SYMBOLS, DIFFERENT_SYMBOLS = 2, 3
"""Science: 2 identical or 3 different symbols call for a Progress token."""


def can_pay(player: ArchitectsPlayer, piece: Piece, data: ArchitectsData) -> bool:
    """True when the player's grey cards, with yellow coins standing for any missing resource, pay the
    piece: its number of cards, all identical or all different (Engineering: any resources).
    Economy makes one yellow card worth 2 coins (ruling A7: it counts for "you have the resources")."""
    cost = data.piece_costs[piece.cost]
    resources = {kind: player.card_count(kind) for kind in data.kinds_of("grey")}
    coins = sum(player.card_count(kind) for kind in data.kinds_of("yellow"))
    if coins and player.token_count("economy"):
        coins += 1
    if player.token_count("engineering"):
        return sum(resources.values()) + coins >= cost.cards
    if cost.identical:
        return max(resources.values(), default=0) + coins >= cost.cards
    return sum(1 for n in resources.values() if n) + coins >= cost.cards


def pieces_to_construct(player: ArchitectsPlayer, data: ArchitectsData) -> tuple[Piece, ...]:
    """The available pieces the player can pay now, and so must construct (known wonders only:
    Rome's and Ur's costs are not in the data)."""
    return tuple(p for p in buildable_pieces(player.wonder, player.built_ids) if can_pay(player, p, data))


def science_set_due(player: ArchitectsPlayer, data: ArchitectsData) -> bool:
    """True when the green cards show 2 identical or 3 different symbols (a Progress token is due)."""
    counts = [player.card_count(kind) for kind in data.kinds_of("green")]
    return max(counts, default=0) >= IDENTICAL_SYMBOLS or sum(1 for n in counts if n) >= DIFFERENT_SYMBOLS
