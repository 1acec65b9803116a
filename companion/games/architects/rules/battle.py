"""Battles: shields (red cards, Rhodes' effect pieces, Tactics), Conflict tokens turned by horns,
and the battle every player fights against each neighbour when the last token turns."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, replace

from companion.games.architects.rules.data import ArchitectsData
from companion.games.architects.rules.extension import Award
from companion.games.architects.rules.table import LITERAL_TWO_PLAYER, ArchitectsPlayer, ArchitectsTable

__all__ = ["Battle", "apply_battle", "flip_conflicts", "resolve_battle", "shields", "two_player_gain"]


def shields(player: ArchitectsPlayer, data: ArchitectsData) -> int:
    """Shields of the red cards in front of the player, +1 per built Rhodes effect piece, +2 for Tactics."""
    cards = sum(kind.shields * player.card_count(kind.id) for kind in data.cards.values())
    per_piece = data.effect_piece_shields.get(player.wonder.id, 0)
    pieces = sum(per_piece for built in player.built
                 if built.piece is not None and player.wonder.pieces_known and player.wonder.piece(built.piece).effect)
    tokens = sum(n * player.token_count(token) for token, n in data.token_shields.items())
    return cards + pieces + tokens


def two_player_gain(mine: int, theirs: int, rule: str) -> int:
    """Tokens for the stronger of two players: more shields 1, at least twice as many 2; 1 against 0
    gives 1 (Board Game Arena) unless the table plays the rulebook literally (then 2)."""
    if mine <= theirs:
        return 0
    if mine >= 2 * theirs and (theirs > 0 or mine >= 2 or rule == LITERAL_TWO_PLAYER):
        return 2
    return 1


@dataclass(frozen=True)
class Battle:
    """A resolved battle: each seat's shields and the Military Victory tokens it wins, and what else the
    table's expansions give for it (`awards`, by expansion id)."""

    shields: tuple[int, ...]
    gains: tuple[int, ...]
    awards: Mapping[str, tuple[Award, ...]] = field(default_factory=dict)


def resolve_battle(table: ArchitectsTable) -> Battle:
    """Every player compares shields with each neighbour and wins 1 token per neighbour with fewer
    (two players: the two-player rule); each expansion of the table says what else the battle gives."""
    strength = tuple(shields(p, table.data) for p in table.players)
    count = len(strength)
    gains: tuple[int, ...]
    if count == 2:
        gains = (two_player_gain(strength[0], strength[1], table.two_player_rule),
                 two_player_gain(strength[1], strength[0], table.two_player_rule))
    else:
        gains = tuple(sum(1 for other in ((seat + 1) % count, (seat - 1) % count) if strength[other] < mine)
                      for seat, mine in enumerate(strength))
    awards = {ext.id: found for ext in table.extensions if (found := ext.battle_awards(table, gains))}
    return Battle(strength, gains, awards)


def apply_battle(table: ArchitectsTable, battle: Battle) -> ArchitectsTable:
    """The table after the battle: tokens won, the expansions' awards taken, red cards with horns
    discarded (not by a Fortification holder), every Conflict token back to Peace."""
    horned = [kind.id for kind in table.data.cards.values() if kind.horns > 0]
    players = []
    for seat, player in enumerate(table.players):
        cards = player.cards
        if cards is not None and not player.token_count("fortification"):
            cards = {k: n for k, n in cards.items() if k not in horned}
        players.append(replace(player, military_tokens=player.military_tokens + battle.gains[seat], cards=cards))
    after = replace(table, players=tuple(players), conflicts_flipped=0)
    for ext in table.extensions:
        if ext.id in battle.awards:
            after = ext.apply_awards(after, battle.awards[ext.id])
    return after


def flip_conflicts(table: ArchitectsTable, horns: int) -> tuple[ArchitectsTable, bool]:
    """Turn `horns` Conflict tokens to Battle (horns past the last token are lost); True when this
    turned the last one (a battle at the end of the turn)."""
    if horns <= 0:
        return table, False
    before = table.conflicts_flipped
    after = min(table.conflict_tokens, before + horns)
    return replace(table, conflicts_flipped=after), before < after == table.conflict_tokens
