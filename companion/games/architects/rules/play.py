"""What one action at the table changes, as pure functions from a table to the next one: a card
placed in front of a player (its cat icon takes the pawn, its horns turn Conflict tokens), cards
leaving (construction, science, a correction), a piece constructed, a Progress token taken, and the
Rome and Ur effects that move cards or the Cat pawn."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, replace

from companion.games.architects.rules.battle import flip_conflicts
from companion.games.architects.rules.data import ArchitectsData
from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable, BuiltPiece
from companion.games.architects.rules.wonder import buildable_pieces

__all__ = ["ArchitectsRuleError", "Placed", "build_piece", "give_cat", "place_card", "remove_card", "rome_theft",
           "take_token", "tokens_in_box", "tokens_left", "with_cards"]


class ArchitectsRuleError(ValueError):
    """An action the rules do not allow at this table; the message says why."""


@dataclass(frozen=True)
class Placed:
    """The table after a card was placed, and whether its horns turned the last Conflict token."""

    table: ArchitectsTable
    battle_due: bool


def with_cards(player: ArchitectsPlayer, cards: Mapping[str, int], data: ArchitectsData) -> ArchitectsPlayer:
    """The player with these cards in front, and the scoring totals (blue, grey) that follow from them."""
    kept = {k: n for k, n in cards.items() if n > 0}
    grey = sum(n for k, n in kept.items() if data.cards[k].color == "grey")
    return replace(player, cards=kept, blue_plain=kept.get("blue_plain", 0), blue_cat=kept.get("blue_cat", 0),
                   grey_cards=grey)


def give_cat(table: ArchitectsTable, seat: int) -> ArchitectsTable:
    """The Cat pawn moves to `seat` from wherever it is (a blue cat card, Ur's effect)."""
    players = tuple(replace(p, cat_pawn=(s == seat)) for s, p in enumerate(table.players))
    return replace(table, players=players)


def place_card(table: ArchitectsTable, seat: int, kind: str) -> Placed:
    """A card of `kind` is placed in front of `seat`: a cat icon takes the pawn, horns turn tokens."""
    card = table.data.cards.get(kind)
    if card is None:
        raise ArchitectsRuleError(f"unknown card kind '{kind}'")
    player = table.players[seat]
    cards = dict(player.cards or {})
    cards[kind] = cards.get(kind, 0) + 1
    after = table.with_player(seat, with_cards(player, cards, table.data))
    if card.cat:
        after = give_cat(after, seat)
    after, battle_due = flip_conflicts(after, card.horns)
    return Placed(after, battle_due)


def remove_card(table: ArchitectsTable, seat: int, kind: str, count: int = 1) -> ArchitectsTable:
    """`count` cards of `kind` leave `seat`'s area (spent on a piece or a token, discarded, corrected)."""
    player = table.players[seat]
    cards = dict(player.cards or {})
    if cards.get(kind, 0) < count:
        raise ArchitectsRuleError(f"{player.name} has {cards.get(kind, 0)} {kind} card(s), not {count}")
    cards[kind] -= count
    return table.with_player(seat, with_cards(player, cards, table.data))


def build_piece(table: ArchitectsTable, seat: int, piece: str | None, vp: int | None = None) -> ArchitectsTable:
    """`seat` constructs a piece: of a known wonder, one whose lower levels are all built; of Rome or
    Ur (pieces unknown), any piece with the VP the player reads on it."""
    player = table.players[seat]
    wonder = player.wonder
    if player.stages >= table.data.stages_per_wonder:
        raise ArchitectsRuleError(f"{player.name}'s {wonder.name} is complete")
    if wonder.pieces_known:
        if piece not in {p.id for p in buildable_pieces(wonder, player.built_ids)}:
            raise ArchitectsRuleError(f"{wonder.name}'s {piece} piece cannot be constructed now")
        assert piece is not None
        built = BuiltPiece(piece, wonder.piece(piece).vp)
    else:
        if vp is None or not 0 <= vp <= 50:
            raise ArchitectsRuleError(f"{wonder.name}'s pieces need the VP printed on the piece")
        built = BuiltPiece(piece, vp)
    return table.with_player(seat, replace(player, built=(*player.built, built)))


def tokens_in_box(table: ArchitectsTable, token: str) -> int:
    """Copies of a Progress token the table's game has: the base box's and those its expansions add."""
    kind = table.data.tokens[token]
    return kind.copies + sum(ext.token_copies(kind) for ext in table.extensions)


def tokens_left(table: ArchitectsTable, token: str) -> int:
    """Copies of a Progress token still in the supply (the box's copies minus those held)."""
    box = tokens_in_box(table, token)
    return box - sum(p.token_count(token) for p in table.players)


def take_token(table: ArchitectsTable, seat: int, token: str) -> ArchitectsTable:
    """`seat` takes a Progress token (science or Babylon); its effect holds from now on."""
    if token not in table.data.tokens:
        raise ArchitectsRuleError(f"unknown Progress token '{token}'")
    if tokens_left(table, token) <= 0:
        raise ArchitectsRuleError(f"no {token} token is left in this game")
    player = table.players[seat]
    return table.with_player(seat, replace(player, progress_tokens=(*player.progress_tokens, token)))


def rome_theft(table: ArchitectsTable, thief: int, victim: int, kind: str) -> Placed:
    """Rome's effect: a card of `kind` moves from `victim`'s area to `thief`'s, where its cat icon
    and horns take effect (ruling A2). The central card the victim gets is placed on their next
    turn like any other card."""
    if thief == victim:
        raise ArchitectsRuleError("Rome takes a card from an opponent")
    return place_card(remove_card(table, victim, kind), thief, kind)
