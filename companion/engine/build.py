"""Can this player build that card or the next wonder stage now, and what is the cheapest way to pay?

The answer names the plan (what to buy from which neighbour, at what price, and what goes to the
bank), the other equally cheap plans, and why a build is impossible when it is. Coins are those
held at the start of the turn: coins earned by selling during the turn cannot be spent in it.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.engine.city import has_power, production, sellers_for
from companion.engine.table import Table
from companion.engine.trade import Purchase, Seller, Supply, TradeSolution, cheapest_purchases
from companion.gamedata import Card, Cost, Rules
from companion.gamedata.effects import FreeBuildPerAge

__all__ = ["BuildCheck", "Buy", "PaymentPlan", "UnknownCardError", "check_card", "check_stage"]


class UnknownCardError(KeyError):
    """A card id that is not a building of the game."""


@dataclass(frozen=True)
class Buy:
    """Units of one resource bought from one neighbour."""

    direction: str
    seller: str
    resource: str
    count: int
    coins: int

    def to_json(self) -> dict[str, object]:
        """The purchase as a JSON object."""
        return {"from": self.seller, "side": self.direction, "resource": self.resource,
                "count": self.count, "coins": self.coins}


@dataclass(frozen=True)
class PaymentPlan:
    """Everything paid for one build: purchases from neighbours and coins to the bank."""

    buys: tuple[Buy, ...] = ()
    bank: int = 0

    @property
    def total(self) -> int:
        """All the coins paid, to neighbours and to the bank."""
        return self.bank + sum(buy.coins for buy in self.buys)

    def describe(self) -> str:
        """``buy 1 wood from Anna (left) for 1 coin; pay 1 coin to the bank`` or ``nothing to pay``."""
        parts = [f"buy {b.count} {b.resource} from {b.seller} ({b.direction}) for {_coins(b.coins)}"
                 for b in self.buys]
        if self.bank:
            parts.append(f"pay {_coins(self.bank)} to the bank")
        return "; ".join(parts) if parts else "nothing to pay"

    def to_json(self) -> dict[str, object]:
        """The plan as a JSON object."""
        return {"buy": [b.to_json() for b in self.buys], "bank": self.bank, "total": self.total}


def _coins(n: int) -> str:
    return f"{n} coin{'s' if n != 1 else ''}"


@dataclass(frozen=True)
class BuildCheck:
    """Whether a build is legal now, how it is paid, and why not when it is not."""

    player: str
    target: str
    target_name: str
    legal: bool
    how: str | None
    """``free`` (no cost), ``chain``, ``free_build`` (Olympia A), ``own`` (own production), ``trade``."""
    plan: PaymentPlan | None
    alternatives: tuple[PaymentPlan, ...]
    reason: str | None
    coins_available: int
    chain_from: str | None = None
    reason_code: str | None = None
    """Why not, for faces that word it themselves: ``already_built``, ``not_in_box``, ``no_free_build``,
    ``coins_short`` (the cost in coins), ``resources_short``, ``resources_overlap``, ``trade_too_dear``
    or ``all_stages_built``; the values for the wording are in `reason_values`."""
    reason_values: tuple[tuple[str, object], ...] = ()

    @property
    def coins(self) -> int:
        """Everything the player pays for the cheapest plan (bank and neighbours)."""
        return self.plan.total if self.plan else 0

    def describe(self) -> str:
        """One or two sentences for the command line."""
        if not self.legal:
            return f"{self.player} cannot build {self.target_name}: {self.reason}."
        if self.how == "chain":
            return f"{self.player} can build {self.target_name} free by chain ({self.chain_from})."
        if self.how == "free_build":
            return f"{self.player} can build {self.target_name} free with the wonder's once-per-age power."
        assert self.plan is not None
        text = f"{self.player} can build {self.target_name}: {self.plan.describe()}"
        text += f" (total {_coins(self.plan.total)} of {self.coins_available})."
        if self.alternatives:
            text += "\nEqually cheap: " + " | ".join(p.describe() for p in self.alternatives)
        return text

    def to_json(self) -> dict[str, object]:
        """The check as the `companion check --json` document."""
        return {
            "player": self.player, "target": self.target, "legal": self.legal, "how": self.how,
            "coins": self.coins, "plan": self.plan.to_json() if self.plan else None,
            "alternatives": [p.to_json() for p in self.alternatives], "reason": self.reason,
            "coins_available": self.coins_available, "chain_from": self.chain_from,
            "reason_code": self.reason_code, "reason_values": dict(self.reason_values),
        }


def _vector(cost: Cost, rules: Rules) -> tuple[int, ...]:
    counts = dict(cost.resources)
    return tuple(counts.get(r, 0) for r in rules.resources)


def _plan(purchase: Purchase, sellers: Sequence[Seller], names: Sequence[str], rules: Rules,
          bank: int) -> PaymentPlan:
    buys = []
    for seller, name, units in zip(sellers, names, purchase.bought, strict=True):
        for r, count in enumerate(units):
            if count:
                buys.append(Buy(seller.seat, name, rules.resources[r], count, count * seller.prices[r]))
    return PaymentPlan(tuple(buys), bank)


def _shortage(need: Sequence[int], own: Supply, sellers: Sequence[Seller], rules: Rules
              ) -> tuple[str, str, tuple[tuple[str, object], ...]]:
    """Say which resource cannot be gathered, even with unlimited coins: (text, code, values)."""
    short = []
    missing: list[tuple[str, int, int]] = []
    for r, count in enumerate(need):
        if not count:
            continue
        available = own.fixed[r] + sum(1 for unit in own.choices if r in unit)
        for seller in sellers:
            available += seller.supply.fixed[r] + sum(1 for unit in seller.supply.choices if r in unit)
        if available < count:
            short.append(f"needs {count} {rules.resources[r]} but the city and its neighbours "
                         f"produce at most {available}")
            missing.append((rules.resources[r], count, available))
    if short:
        return "; ".join(short), "resources_short", (("missing", tuple(missing)),)
    wanted = tuple((rules.resources[r], n) for r, n in enumerate(need) if n)
    text = ", ".join(f"{n} {resource}" for resource, n in wanted)
    return (f"the city and its neighbours cannot produce {text} together (their 'one of' producers overlap)",
            "resources_overlap", (("wanted", wanted),))


def _check_cost(table: Table, seat: int, cost: Cost, target: str, target_name: str) -> BuildCheck:
    rules = table.data.rules
    player = table.players[seat]
    coins = player.coins

    def refuse(reason: str, code: str, **values: object) -> BuildCheck:
        return BuildCheck(player.name, target, target_name, False, None, None, (), reason, coins,
                          reason_code=code, reason_values=tuple(values.items()))

    if cost.coins > coins:
        return refuse(f"it costs {_coins(cost.coins)} and {player.name} has {coins}", "coins_short",
                      cost=cost.coins, coins=coins)
    need = _vector(cost, rules)
    own = production(player, rules)
    sellers = sellers_for(table, seat)
    solution: TradeSolution = cheapest_purchases(need, own, sellers)
    if solution.min_cost is None:
        text, code, values = _shortage(need, own, sellers, rules)
        return refuse(text, code, **dict(values))
    if solution.min_cost + cost.coins > coins:
        total = solution.min_cost + cost.coins
        return refuse(f"the cheapest way costs {_coins(total)} and {player.name} has {coins} "
                      f"at the start of the turn", "trade_too_dear", cost=total, coins=coins)
    names = [table.neighbour(seat, s.seat).name for s in sellers]
    plans = [_plan(p, sellers, names, rules, cost.coins) for p in solution.plans]
    how = "free" if cost.is_free else ("own" if plans[0].total == cost.coins else "trade")
    return BuildCheck(player.name, target, target_name, True, how, plans[0], tuple(plans[1:]), None, coins)


def check_card(table: Table, seat: int, card: Card | str, *, free_build: bool = False) -> BuildCheck:
    """Check building `card` at `seat` now.

    With `free_build`, the player uses a once-per-age free build (Olympia A stage 2), which
    must be on the city.

    :raises UnknownCardError: when `card` is an id that is not a building of the game.
    """
    if isinstance(card, str):
        if card not in table.data.cards:
            raise UnknownCardError(card)
        card = table.data.cards[card]
    player = table.players[seat]

    def refuse(reason: str, code: str, **values: object) -> BuildCheck:
        return BuildCheck(player.name, card.id, card.name, False, None, None, (), reason, player.coins,
                          reason_code=code, reason_values=tuple(values.items()))

    if player.has(card.id):
        return refuse(f"{player.name}'s city already has a {card.name} (a city never holds two "
                      f"buildings of one name)", "already_built")
    if card.copies_in_box(table.box_player_count) == 0:
        return refuse(f"{card.name} is not in the box for {table.box_player_count} players", "not_in_box",
                      players=table.box_player_count)
    if free_build:
        if not has_power(player, FreeBuildPerAge):
            return refuse(f"{player.name}'s city has no free-build power", "no_free_build")
        return BuildCheck(player.name, card.id, card.name, True, "free_build", PaymentPlan(), (), None,
                          player.coins)
    for source in card.chain_from:
        if player.has(source):
            return BuildCheck(player.name, card.id, card.name, True, "chain", PaymentPlan(), (), None,
                              player.coins, chain_from=table.data.cards[source].name)
    return _check_cost(table, seat, card.cost, card.id, card.name)


def check_stage(table: Table, seat: int) -> BuildCheck:
    """Check building the next stage of the wonder at `seat` now (any card from the hand is tucked)."""
    player = table.players[seat]
    stage = player.next_stage
    target_name = f"stage {player.stages_built + 1} of {player.wonder.name}"
    if stage is None:
        return BuildCheck(player.name, "stage", f"a stage of {player.wonder.name}", False, None, None, (),
                          f"all {player.stages_built} stages of {player.wonder.name} are built",
                          player.coins, reason_code="all_stages_built",
                          reason_values=(("stages", player.stages_built),))
    return _check_cost(table, seat, stage.cost, "stage", target_name)
