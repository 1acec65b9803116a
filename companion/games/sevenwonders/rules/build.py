"""Can this player build that card or the next wonder stage now, and what is the cheapest way to pay?

The answer names the plan (what to buy from which neighbour, at what price, and what goes to the
bank), the other equally cheap plans, and why a build is impossible when it is. Coins are those
held at the start of the turn: coins earned by selling during the turn cannot be spent in it.

An expansion may let a build add a step paid on top in one cheapest purchase (`BuildStep`: Armada's
naval construction, the next space's cost of the fleet of the card's colour); its hook says what
the step costs or why there is none. A check that depends on a value nobody has entered yet (an
expansion card's cost, a port board's cost) is refused with the code ``unknown_value`` naming what
to enter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.gamedata.effects import FreeBuildPerAge, ProduceOneOf
from companion.gamedata.facts import Unknown
from companion.games.sevenwonders.rules.city import has_power, production, sellers_for, unknown_effects
from companion.games.sevenwonders.rules.extension import BuildStep, Refusal, step_kinds, step_owner, unknown_refusal
from companion.games.sevenwonders.rules.model import Card, Cost, Rules
from companion.games.sevenwonders.rules.play import stage_builds_from_discard
from companion.games.sevenwonders.rules.table import Table
from companion.games.sevenwonders.rules.trade import Purchase, Seller, Supply, TradeSolution, cheapest_purchases

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
    ``coins_short`` (the cost in coins), ``resources_short``, ``resources_overlap``, ``trade_too_dear``,
    ``all_stages_built`` or ``unknown_value`` (the answer needs a value nobody has entered: `unknowns`
    names them); ``no_discard_build`` when the city's last built stage does not build from the discard
    pile; an expansion's step refuses with its own codes (Armada: ``no_armada``, ``no_fleet``,
    ``fleet_complete``, ``wrong_fleet``, ``naval_from_discard``); the values for the wording are in
    `reason_values`."""
    reason_values: tuple[tuple[str, object], ...] = ()
    step: BuildStep | None = None
    """The expansion's step paid with the build (Armada's naval construction), if one was asked for."""
    unknowns: tuple[Unknown, ...] = ()
    """The values to enter before the question can be answered (with ``unknown_value``)."""

    @property
    def coins(self) -> int:
        """Everything the player pays for the cheapest plan (bank and neighbours)."""
        return self.plan.total if self.plan else 0

    def describe(self) -> str:
        """One or two sentences for the command line."""
        if not self.legal:
            if self.reason_code == "unknown_value":
                return f"{self.player}: cannot tell whether {self.target_name} can be built: {self.reason}."
            return f"{self.player} cannot build {self.target_name}: {self.reason}."
        ship = f" and {self.step.describe()}" if self.step else ""
        if self.how in ("chain", "free_build", "discard") and not (self.plan and self.plan.total):
            why = {"chain": f"free by chain ({self.chain_from})", "discard": "free from the discard pile",
                   "free_build": "free with the wonder's once-per-age power"}[self.how]
            return f"{self.player} can build {self.target_name} {why}{ship}."
        assert self.plan is not None
        if self.how == "chain":
            ship = f" free by chain ({self.chain_from}){ship}"
        elif self.how == "free_build":
            ship = f" free with the wonder's once-per-age power{ship}"
        text = f"{self.player} can build {self.target_name}{ship}: {self.plan.describe()}"
        text += f" (total {_coins(self.plan.total)} of {self.coins_available})."
        if self.alternatives:
            text += "\nEqually cheap:" + "".join(f"\n  {p.describe()}" for p in self.alternatives)
        return text

    def to_json(self) -> dict[str, object]:
        """The check as the `companion check --json` document."""
        return {
            "player": self.player, "target": self.target, "legal": self.legal, "how": self.how,
            "coins": self.coins, "plan": self.plan.to_json() if self.plan else None,
            "alternatives": [p.to_json() for p in self.alternatives], "reason": self.reason,
            "coins_available": self.coins_available, "chain_from": self.chain_from,
            "reason_code": self.reason_code, "reason_values": dict(self.reason_values),
            **{kind: self.step.to_json() if self.step and self.step.kind == kind else None for kind in step_kinds()},
            "unknown": [u.to_json() for u in self.unknowns],
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
            offered = seller.supply.fixed[r] + sum(1 for unit in seller.supply.choices if r in unit)
            available += offered if seller.max_units is None else min(offered, seller.max_units)
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


def _add(a: Cost, b: Cost, rules: Rules) -> Cost:
    counts = dict(a.resources)
    for resource, n in b.resources:
        counts[resource] = counts.get(resource, 0) + n
    return Cost(a.coins + b.coins, tuple((r, counts[r]) for r in rules.resources if r in counts))


def _search(table: Table, seat: int, cost: Cost) -> tuple[TradeSolution, Sequence[int], Supply, Sequence[Seller]]:
    rules = table.data.rules
    need = _vector(cost, rules)
    own = production(table.players[seat], rules)
    sellers = sellers_for(table, seat)
    return cheapest_purchases(need, own, sellers), need, own, sellers


StepOptions = list[tuple[BuildStep, Cost]]


def _step_options(table: Table, seat: int, kind: str, color: str | None, *, for_stage: bool, option: str | None,
                  from_discard: bool) -> tuple[StepOptions, Refusal | None]:
    """The ways to pay the expansion's build step `kind` with this build, or why there is none (the
    expansion that adds it is not played, or refuses it here)."""
    owner = step_owner(kind)
    if owner is None:
        raise ValueError(f"no expansion installed adds the build step {kind!r}")
    for extension in table.extensions:
        if isinstance(extension, owner):
            return extension.step_options(table, seat, kind, color, for_stage=for_stage, option=option,
                                          from_discard=from_discard)
    return [], owner.absent(table, seat, kind, from_discard=from_discard)


def _check_cost(table: Table, seat: int, cost: Cost, target: str, target_name: str, *, how: str | None = None,
                chain_from: str | None = None, steps: StepOptions | None = None) -> BuildCheck:
    """Check paying `cost` (plus one of the `steps` options, the cheapest) with the coins held."""
    rules = table.data.rules
    player = table.players[seat]
    coins = player.coins

    def refuse(refusal: Refusal) -> BuildCheck:
        return BuildCheck(player.name, target, target_name, False, None, None, (), refusal.reason, coins,
                          reason_code=refusal.code, reason_values=refusal.values, unknowns=refusal.unknowns)

    options: list[tuple[BuildStep | None, Cost]] = [*steps] if steps else [(None, Cost())]
    tried = []
    for step, extra in options:
        total_cost = _add(cost, extra, rules)
        solution, need, own, sellers = _search(table, seat, total_cost)
        tried.append((solution, need, own, sellers, total_cost, step))
    reachable = [t for t in tried if t[0].min_cost is not None]
    if not reachable:
        solution, need, own, sellers, total_cost, step = tried[0]
        if total_cost.coins > coins:
            return refuse(Refusal(f"it costs {_coins(total_cost.coins)} and {player.name} has {coins}",
                                  "coins_short", (("cost", total_cost.coins), ("coins", coins))))
        gaps = tuple(unknown_effects(player, ProduceOneOf.type))
        if gaps:
            return refuse(unknown_refusal(gaps))
        text, code, values = _shortage(need, own, sellers, rules)
        return refuse(Refusal(text, code, values))
    solution, need, own, sellers, total_cost, step = min(
        reachable, key=lambda t: (t[0].min_cost or 0) + t[4].coins)
    assert solution.min_cost is not None
    gaps = tuple(unknown_effects(player, ProduceOneOf.type))
    if gaps and solution.min_cost > 0:
        return refuse(unknown_refusal(gaps))
    if total_cost.coins > coins:
        return refuse(Refusal(f"it costs {_coins(total_cost.coins)} and {player.name} has {coins}",
                              "coins_short", (("cost", total_cost.coins), ("coins", coins))))
    if solution.min_cost + total_cost.coins > coins:
        total = solution.min_cost + total_cost.coins
        return refuse(Refusal(f"the cheapest way costs {_coins(total)} and {player.name} has {coins} "
                              f"at the start of the turn", "trade_too_dear", (("cost", total), ("coins", coins))))
    names = [table.players[table.seat_towards(seat, s.seat)].name for s in sellers]
    plans = [_plan(p, sellers, names, rules, total_cost.coins) for p in solution.plans]
    if how is None:
        how = "free" if total_cost.is_free else ("own" if plans[0].total == total_cost.coins else "trade")
    return BuildCheck(player.name, target, target_name, True, how, plans[0], tuple(plans[1:]), None, coins,
                      chain_from=chain_from, step=step)


def check_card(table: Table, seat: int, card: Card | str, *, free_build: bool = False, step: str | None = None,
               from_discard: bool = False) -> BuildCheck:
    """Check building `card` at `seat` now.

    With `free_build`, the player uses a once-per-age free build (Olympia A stage 2), which
    must be on the city. With `from_discard` the card comes free from the discard pile, which only
    the stage just built may allow (Halikarnassos): the city's last built stage must. With `step`
    the player also pays that expansion's step with the build, in the same purchase (``"naval"``,
    Armada: the next space of the fleet of the card's colour; never for a build from the discard pile).

    :raises UnknownCardError: when `card` is an id that is not a building of the game.
    """
    if isinstance(card, str):
        if card not in table.cards:
            raise UnknownCardError(card)
        card = table.cards[card]
    player = table.players[seat]

    def refuse(reason: str, code: str, **values: object) -> BuildCheck:
        return BuildCheck(player.name, card.id, card.name, False, None, None, (), reason, player.coins,
                          reason_code=code, reason_values=tuple(values.items()))

    def refused(refusal: Refusal) -> BuildCheck:
        return BuildCheck(player.name, card.id, card.name, False, None, None, (), refusal.reason, player.coins,
                          reason_code=refusal.code, reason_values=refusal.values, unknowns=refusal.unknowns)

    if player.has(card.id):
        return refuse(f"{player.name}'s city already has a {card.name} (a city never holds two "
                      f"buildings of one name)", "already_built")
    if card.copies_in_box(table.box_player_count) == 0:
        return refuse(f"{card.name} is not in the box for {table.box_player_count} players", "not_in_box",
                      players=table.box_player_count)
    steps: StepOptions | None = None
    if step is not None:
        steps, refusal = _step_options(table, seat, step, card.color, for_stage=False, option=None,
                                       from_discard=from_discard)
        if refusal is not None:
            return refused(refusal)
    if free_build and not has_power(player, FreeBuildPerAge):
        return refuse(f"{player.name}'s city has no free-build power", "no_free_build")
    if from_discard and not (player.built_stages and stage_builds_from_discard(player.built_stages[-1])):
        return refuse(f"{player.name} may build from the discard pile only on the turn a wonder stage that allows "
                      f"it is built (Halikarnassos), and the last stage built does not", "no_discard_build")
    if free_build or from_discard:
        how = "free_build" if free_build else "discard"
        if steps is None:
            return BuildCheck(player.name, card.id, card.name, True, how, PaymentPlan(), (), None, player.coins)
        return _check_cost(table, seat, Cost(), card.id, card.name, how=how, steps=steps)
    for source in card.chain_from:
        if player.has(source):
            chain = table.data.cards[source].name if source in table.data.cards else source
            if steps is None:
                return BuildCheck(player.name, card.id, card.name, True, "chain", PaymentPlan(), (), None,
                                  player.coins, chain_from=chain)
            return _check_cost(table, seat, Cost(), card.id, card.name, how="chain", chain_from=chain, steps=steps)
    if card.price_unknowns:
        return refused(unknown_refusal(card.price_unknowns))
    return _check_cost(table, seat, card.cost, card.id, card.name, steps=steps)


def check_stage(table: Table, seat: int, *, step: str | None = None, step_option: str | None = None) -> BuildCheck:
    """Check building the next stage of the wonder at `seat` now (any card from the hand is tucked).

    With `step` the player also pays that expansion's step with the stage (``"naval"``, Armada: the next
    space of the fleet with the wonder symbol on the port board; `step_option` may name another fleet
    only with Lost Island, which makes the step free).
    """
    player = table.players[seat]
    stage = player.next_stage
    target_name = f"stage {player.stages_built + 1} of {player.wonder.name}"
    if stage is None:
        return BuildCheck(player.name, "stage", f"a stage of {player.wonder.name}", False, None, None, (),
                          f"all {player.stages_built} stages of {player.wonder.name} are built",
                          player.coins, reason_code="all_stages_built",
                          reason_values=(("stages", player.stages_built),))
    if player.wonder.outside is not None:
        unknown = unknown_refusal([player.wonder.outside])
        return BuildCheck(player.name, "stage", target_name, False, None, None, (), unknown.reason, player.coins,
                          reason_code=unknown.code, reason_values=unknown.values, unknowns=unknown.unknowns)
    steps: StepOptions | None = None
    if step is not None:
        steps, refusal = _step_options(table, seat, step, None, for_stage=True, option=step_option,
                                       from_discard=False)
        if refusal is not None:
            return BuildCheck(player.name, "stage", target_name, False, None, None, (), refusal.reason, player.coins,
                              reason_code=refusal.code, reason_values=refusal.values, unknowns=refusal.unknowns)
    return _check_cost(table, seat, stage.cost, "stage", target_name, steps=steps)
