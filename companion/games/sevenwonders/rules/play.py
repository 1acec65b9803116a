"""Effects that happen during play: coins when something is built, and the wonders' powers.

Each function answers a question the app or the game log asks when a build happens; none of
them changes a table.
"""

from __future__ import annotations

from collections.abc import Iterable

from companion.gamedata import Effect
from companion.gamedata.effects import (
    BuildFromDiscard,
    Coins,
    CoinsPer,
    FreeBuildPerAge,
    PlaySeventhCard,
)
from companion.games.sevenwonders.rules.city import counted_items, has_power
from companion.games.sevenwonders.rules.model import Card, Stage
from companion.games.sevenwonders.rules.table import Player, Table

__all__ = [
    "buildable_from_discard",
    "coins_for_card",
    "coins_for_stage",
    "has_free_build",
    "may_play_seventh_card",
    "stage_builds_from_discard",
]


def coins_for_card(table: Table, seat: int, card: Card) -> int:
    """Coins the bank pays when `card` is built at `seat` (Tavern, Vineyard, Bazar, Haven, ...).

    `table` must show the turn's builds, this card included: the Lighthouse counts itself, and
    the Vineyard and Bazar count neighbours' cards built in the same turn.
    """
    return _coins_from(card.effects, table, seat)


def coins_for_stage(table: Table, seat: int, stage: Stage) -> int:
    """Coins the bank pays when `stage` is built at `seat` (Ephesos, Rhodes B)."""
    return _coins_from(stage.effects, table, seat)


def _coins_from(effects: Iterable[Effect], table: Table, seat: int) -> int:
    total = 0
    for effect in effects:
        if isinstance(effect, Coins):
            total += effect.amount
        elif isinstance(effect, CoinsPer):
            total += effect.amount * counted_items(table, seat, effect.count, effect.colors, effect.scope)
    return total


def has_free_build(player: Player) -> bool:
    """True when the city may build one card free once per age (Olympia A stage 2)."""
    return has_power(player, FreeBuildPerAge)


def may_play_seventh_card(player: Player) -> bool:
    """True when the city may play the 7th card of each age (Babylon B stage 2)."""
    return has_power(player, PlaySeventhCard)


def stage_builds_from_discard(stage: Stage) -> bool:
    """True when building `stage` lets the player build a discarded card free at the end of the turn."""
    return any(isinstance(effect, BuildFromDiscard) for effect in stage.effects)


def buildable_from_discard(table: Table, seat: int, discard: Iterable[Card]) -> list[Card]:
    """The discarded buildings the city at `seat` may build free (those it does not already hold).

    The discard pile includes the cards discarded in the same turn (the 7th cards on turn 6).
    """
    player = table.players[seat]
    seen: set[str] = set()
    result = []
    for card in discard:
        if not player.has(card.id) and card.id not in seen:
            seen.add(card.id)
            result.append(card)
    return result
