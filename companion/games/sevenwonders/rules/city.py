"""Facts derived from one city: its effects, production, shields, science symbols and card counts.

A city's effects include those of the parts an expansion adds to it (Armada's islands: only their
owner gets them); such production is never sold to neighbours, since only brown and grey cards and
the board are. An expansion may add sellers beyond the neighbours (Armada's emporiums).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterator

from companion.gamedata import Effect
from companion.gamedata.effects import (
    Produce,
    ProduceOneOf,
    ScienceSymbol,
    ScienceWild,
    Shields,
    TradeDiscount,
    UnknownEffect,
)
from companion.gamedata.facts import Unknown
from companion.games.sevenwonders.rules.model import Rules
from companion.games.sevenwonders.rules.table import Player, Table
from companion.games.sevenwonders.rules.trade import Seller, Supply

__all__ = [
    "city_effects",
    "color_count",
    "counted_items",
    "has_power",
    "production",
    "purchase_prices",
    "science_symbols",
    "science_wild_count",
    "sellable_production",
    "sellers_for",
    "shields",
    "unknown_effects",
]


def city_effects(player: Player) -> Iterator[Effect]:
    """Every effect of the city's buildings, of its built wonder stages and of the parts expansions add
    to it (Armada's islands)."""
    for card in player.cards:
        yield from card.effects
    for stage in player.built_stages:
        yield from stage.effects
    for part in player.extras.values():
        yield from part.effects()


def unknown_effects(player: Player, kind: str) -> Iterator[Unknown]:
    """The gaps of the city's effects of type `kind` whose printed value is not known."""
    for effect in city_effects(player):
        if isinstance(effect, UnknownEffect) and effect.of_type == kind:
            yield effect.unknown


def has_power(player: Player, kind: type[Effect]) -> bool:
    """True when one of the city's buildings or built stages has an effect of this kind."""
    return any(isinstance(effect, kind) for effect in city_effects(player))


def _supply(rules: Rules, board_resource: str | None, effects: Iterator[Effect]) -> Supply:
    index = rules.resource_index
    fixed = [0] * len(rules.resources)
    if board_resource is not None:
        fixed[index[board_resource]] += 1
    choices = []
    for effect in effects:
        if isinstance(effect, Produce):
            for resource in effect.resources:
                fixed[index[resource]] += 1
        elif isinstance(effect, ProduceOneOf):
            choices.append(tuple(index[r] for r in effect.options))
    return Supply(tuple(fixed), tuple(choices))


def production(player: Player, rules: Rules) -> Supply:
    """Everything the city produces each turn for its own builds."""
    return _supply(rules, player.wonder.resource, city_effects(player))


def sellable_production(player: Player, rules: Rules) -> Supply:
    """What neighbours may buy: the board's resource and the production of brown and grey cards."""
    board = player.wonder.resource if rules.board_resource_sellable else None
    effects = (e for card in player.cards if card.color in rules.sellable_card_colors for e in card.effects)
    return _supply(rules, board, effects)


def purchase_prices(player: Player, rules: Rules) -> dict[str, tuple[int, ...]]:
    """What the city pays per unit bought from its left and right neighbours, discounts applied."""
    prices = {"left": [rules.trade_price] * len(rules.resources),
              "right": [rules.trade_price] * len(rules.resources)}
    index = rules.resource_index
    for effect in city_effects(player):
        if isinstance(effect, TradeDiscount):
            for direction in effect.neighbors:
                row = prices[direction]
                for resource in effect.resources:
                    row[index[resource]] = min(row[index[resource]], effect.price)
    return {direction: tuple(row) for direction, row in prices.items()}


def sellers_for(table: Table, seat: int) -> tuple[Seller, ...]:
    """The left and right neighbours of `seat` as sellers, at the prices this city pays, then the
    sellers the expansions add (Armada's emporiums: the players two seats away)."""
    rules = table.data.rules
    player = table.players[seat]
    prices = purchase_prices(player, rules)
    sellers = [Seller(direction, sellable_production(table.neighbour(seat, direction), rules), prices[direction])
               for direction in ("left", "right")]
    for extension in table.extensions:
        sellers.extend(extension.sellers(table, seat))
    return tuple(sellers)


def shields(player: Player) -> int:
    """Land military strength: the shields on the city's buildings and built stages."""
    return sum(effect.amount for effect in city_effects(player) if isinstance(effect, Shields))


def science_symbols(player: Player) -> Counter[str]:
    """The printed science symbols of the city (wild symbols excluded)."""
    return Counter(e.symbol for e in city_effects(player) if isinstance(e, ScienceSymbol))


def science_wild_count(player: Player) -> int:
    """How many science symbols of choice the city has (Babylon, Scientists Guild)."""
    return sum(1 for effect in city_effects(player) if isinstance(effect, ScienceWild))


def color_count(player: Player, colors: tuple[str, ...]) -> int:
    """How many buildings of these colours stand in the city."""
    return sum(1 for card in player.cards if card.color in colors)


def counted_items(table: Table, seat: int, count: str, colors: tuple[str, ...], scope: tuple[str, ...]) -> int:
    """What a per-item effect counts: cards of `colors`, built stages or defeat tokens, over `scope`."""
    total = 0
    for where in scope:
        player = table.players[seat] if where == "self" else table.neighbour(seat, where)
        if count == "cards":
            total += color_count(player, colors)
        elif count == "wonder_stages_built":
            total += player.stages_built
        elif count == "defeat_tokens":
            total += sum(1 for token in player.tokens if token < 0)
        else:
            raise ValueError(f"unknown count kind {count!r}")
    return total
