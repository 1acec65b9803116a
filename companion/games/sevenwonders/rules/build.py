"""Can this player build that card or the next wonder stage now, and what is the cheapest way to pay?

The answer names the plan (what to buy from which neighbour, at what price, and what goes to the
bank), the other equally cheap plans, and why a build is impossible when it is. Coins are those
held at the start of the turn: coins earned by selling during the turn cannot be spent in it.

With Armada a build may add a naval construction: the next space's cost of the fleet of the
card's colour (of the wonder-symbol fleet for a stage) is paid on top, and the whole is bought in
one cheapest purchase. A check that depends on a value nobody has entered yet (an Armada card's
cost, a port board's cost) is refused with the code ``unknown_value`` naming what to enter.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.gamedata.effects import FreeBuildPerAge, ProduceOneOf
from companion.gamedata.facts import Unknown, describe_unknowns
from companion.games.armada.rules.data import ArmadaCard
from companion.games.armada.rules.effects import FreeWonderNavalAnyFleet, NavalDiscount
from companion.games.armada.rules.port import board_of
from companion.games.sevenwonders.rules.city import city_effects, has_power, production, sellers_for, unknown_effects
from companion.games.sevenwonders.rules.model import Card, Cost, Rules
from companion.games.sevenwonders.rules.play import stage_builds_from_discard
from companion.games.sevenwonders.rules.table import Table
from companion.games.sevenwonders.rules.trade import Purchase, Seller, Supply, TradeSolution, cheapest_purchases

__all__ = ["BuildCheck", "Buy", "NavalStep", "PaymentPlan", "UnknownCardError", "check_card", "check_stage"]


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
class NavalStep:
    """A naval construction added to a build: which ship moves from which space, and what it costs."""

    fleet: str
    from_level: int
    to_level: int
    cost: Cost
    """The cost paid for the step, discounts applied (free with Lost Island at a wonder stage)."""
    printed_cost: Cost
    discount: str | None = None
    """The resource Ancient Harbor saves, if any."""

    def describe(self) -> str:
        """``the blue ship to level 2 for 1 clay``."""
        text = f"the {self.fleet} ship to level {self.to_level} for {self.cost.describe()}"
        if self.discount:
            text += f" (Ancient Harbor saves 1 {self.discount})"
        elif self.cost.is_free and not self.printed_cost.is_free:
            text += f" (printed {self.printed_cost.describe()}; free with Lost Island)"
        return text

    def to_json(self) -> dict[str, object]:
        """The step as a JSON object."""
        return {"fleet": self.fleet, "from": self.from_level, "to": self.to_level,
                "cost": _cost_json(self.cost), "printed_cost": _cost_json(self.printed_cost),
                "discount": self.discount}


def _cost_json(cost: Cost) -> dict[str, object]:
    return {"resources": dict(cost.resources), "coins": cost.coins}


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
    or ``all_stages_built``; with Armada also ``unknown_value`` (the answer needs a value nobody has
    entered: `unknowns` names them), ``no_armada``, ``no_fleet`` (a colour without a fleet),
    ``fleet_complete`` (the ship is on its last space), ``wrong_fleet`` and ``naval_from_discard``;
    ``no_discard_build`` when the city's last built stage does not build from the discard pile;
    the values for the wording are in `reason_values`."""
    reason_values: tuple[tuple[str, object], ...] = ()
    naval: NavalStep | None = None
    """The naval construction paid with the build, if one was asked for."""
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
        ship = f" and move {self.naval.describe()}" if self.naval else ""
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
            "naval": self.naval.to_json() if self.naval else None,
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


def _less_one(cost: Cost, resource: str, rules: Rules) -> Cost:
    counts = dict(cost.resources)
    counts[resource] -= 1
    return Cost(cost.coins, tuple((r, counts[r]) for r in rules.resources if counts.get(r)))


@dataclass(frozen=True)
class _Refusal:
    reason: str
    code: str
    values: tuple[tuple[str, object], ...] = ()
    unknowns: tuple[Unknown, ...] = ()


def _unknown(unknowns: Sequence[Unknown]) -> _Refusal:
    return _Refusal(f"it depends on values not known yet: {describe_unknowns(unknowns)}", "unknown_value",
                    (("unknown", tuple(u.key for u in unknowns)),), tuple(unknowns))


def _naval_options(table: Table, seat: int, fleet: str | None, for_stage: bool
                   ) -> tuple[list[tuple[NavalStep, Cost]], _Refusal | None]:
    """The ways to pay a naval construction of `fleet` (None: the wonder-symbol fleet) at `seat`:
    one per resource Ancient Harbor may save, each with the cost to pay; or why there is none."""
    player = table.players[seat]
    armada = table.armada
    if armada is None or player.port is None:
        return [], _Refusal(f"{player.name}'s table does not play with Armada", "no_armada")
    any_fleet = for_stage and has_power(player, FreeWonderNavalAnyFleet)
    board = board_of(table, seat)
    if fleet is None and not for_stage:
        raise ValueError("a card's naval construction uses the fleet of its colour")
    if fleet is not None and fleet not in armada.fleets:
        return [], _Refusal(f"{fleet} buildings move no ship (the fleets are {', '.join(armada.fleet_ids)})",
                            "no_fleet", (("color", fleet),))
    if fleet is None or (for_stage and not any_fleet):
        if isinstance(board, Unknown):
            return [], _unknown([board])
        if isinstance(board.wonder_fleet, Unknown):
            return [], _unknown([board.wonder_fleet])
        if fleet is not None and fleet != board.wonder_fleet:
            return [], _Refusal(f"a wonder stage moves the {board.wonder_fleet} ship (the wonder symbol on port "
                                f"board {board.number}), not the {fleet} one", "wrong_fleet",
                                (("fleet", fleet), ("wonder_fleet", board.wonder_fleet)))
        fleet = board.wonder_fleet
    level = player.port.position(fleet)
    if level >= len(armada.fleets[fleet].spaces) - 1:
        return [], _Refusal(f"the {fleet} ship is already on its last space", "fleet_complete", (("fleet", fleet),))
    if any_fleet:
        return [(NavalStep(fleet, level, level + 1, Cost(), Cost()), Cost())], None
    if isinstance(board, Unknown):
        return [], _unknown([board])
    printed = board.cost(fleet, level + 1)
    if isinstance(printed, Unknown):
        return [], _unknown([printed])
    discounts = sum(e.resources for e in city_effects(player) if isinstance(e, NavalDiscount))
    options: list[tuple[Cost, str | None]] = [(printed, None)]
    if discounts and printed.resources:
        rules = table.data.rules
        options = [(_less_one(printed, resource, rules), resource) for resource, _ in printed.resources]
    return [(NavalStep(fleet, level, level + 1, cost, printed, saved), cost) for cost, saved in options], None


def _search(table: Table, seat: int, cost: Cost) -> tuple[TradeSolution, Sequence[int], Supply, Sequence[Seller]]:
    rules = table.data.rules
    need = _vector(cost, rules)
    own = production(table.players[seat], rules)
    sellers = sellers_for(table, seat)
    return cheapest_purchases(need, own, sellers), need, own, sellers


def _check_cost(table: Table, seat: int, cost: Cost, target: str, target_name: str, *, how: str | None = None,
                chain_from: str | None = None, naval: list[tuple[NavalStep, Cost]] | None = None) -> BuildCheck:
    """Check paying `cost` (plus one of the `naval` options, the cheapest) with the coins held."""
    rules = table.data.rules
    player = table.players[seat]
    coins = player.coins

    def refuse(refusal: _Refusal) -> BuildCheck:
        return BuildCheck(player.name, target, target_name, False, None, None, (), refusal.reason, coins,
                          reason_code=refusal.code, reason_values=refusal.values, unknowns=refusal.unknowns)

    options: list[tuple[NavalStep | None, Cost]] = [*naval] if naval else [(None, Cost())]
    tried = []
    for step, extra in options:
        total_cost = _add(cost, extra, rules)
        solution, need, own, sellers = _search(table, seat, total_cost)
        tried.append((solution, need, own, sellers, total_cost, step))
    reachable = [t for t in tried if t[0].min_cost is not None]
    if not reachable:
        solution, need, own, sellers, total_cost, step = tried[0]
        if total_cost.coins > coins:
            return refuse(_Refusal(f"it costs {_coins(total_cost.coins)} and {player.name} has {coins}",
                                   "coins_short", (("cost", total_cost.coins), ("coins", coins))))
        gaps = tuple(unknown_effects(player, ProduceOneOf.type))
        if gaps:
            return refuse(_unknown(gaps))
        text, code, values = _shortage(need, own, sellers, rules)
        return refuse(_Refusal(text, code, values))
    solution, need, own, sellers, total_cost, step = min(
        reachable, key=lambda t: (t[0].min_cost or 0) + t[4].coins)
    assert solution.min_cost is not None
    gaps = tuple(unknown_effects(player, ProduceOneOf.type))
    if gaps and solution.min_cost > 0:
        return refuse(_unknown(gaps))
    if total_cost.coins > coins:
        return refuse(_Refusal(f"it costs {_coins(total_cost.coins)} and {player.name} has {coins}",
                               "coins_short", (("cost", total_cost.coins), ("coins", coins))))
    if solution.min_cost + total_cost.coins > coins:
        total = solution.min_cost + total_cost.coins
        return refuse(_Refusal(f"the cheapest way costs {_coins(total)} and {player.name} has {coins} "
                               f"at the start of the turn", "trade_too_dear", (("cost", total), ("coins", coins))))
    names = [table.players[table.seat_towards(seat, s.seat)].name for s in sellers]
    plans = [_plan(p, sellers, names, rules, total_cost.coins) for p in solution.plans]
    if how is None:
        how = "free" if total_cost.is_free else ("own" if plans[0].total == total_cost.coins else "trade")
    return BuildCheck(player.name, target, target_name, True, how, plans[0], tuple(plans[1:]), None, coins,
                      chain_from=chain_from, naval=step)


def check_card(table: Table, seat: int, card: Card | str, *, free_build: bool = False, naval: bool = False,
               from_discard: bool = False) -> BuildCheck:
    """Check building `card` at `seat` now.

    With `free_build`, the player uses a once-per-age free build (Olympia A stage 2), which
    must be on the city. With `from_discard` the card comes free from the discard pile, which only
    the stage just built may allow (Halikarnassos): the city's last built stage must. With `naval`
    (Armada) the player also pays the next space of the fleet of the card's colour, in the same
    purchase; never for a build from the discard pile.

    :raises UnknownCardError: when `card` is an id that is not a building of the game.
    """
    if isinstance(card, str):
        cards = table.data.cards if table.armada is None else {**table.data.cards, **table.armada.cards}
        if card not in cards:
            raise UnknownCardError(card)
        card = cards[card]
    player = table.players[seat]

    def refuse(reason: str, code: str, **values: object) -> BuildCheck:
        return BuildCheck(player.name, card.id, card.name, False, None, None, (), reason, player.coins,
                          reason_code=code, reason_values=tuple(values.items()))

    def refused(refusal: _Refusal) -> BuildCheck:
        return BuildCheck(player.name, card.id, card.name, False, None, None, (), refusal.reason, player.coins,
                          reason_code=refusal.code, reason_values=refusal.values, unknowns=refusal.unknowns)

    if player.has(card.id):
        return refuse(f"{player.name}'s city already has a {card.name} (a city never holds two "
                      f"buildings of one name)", "already_built")
    if card.copies_in_box(table.box_player_count) == 0:
        return refuse(f"{card.name} is not in the box for {table.box_player_count} players", "not_in_box",
                      players=table.box_player_count)
    if naval and from_discard:
        return refuse("a building from the discard pile never allows a naval construction", "naval_from_discard")
    steps: list[tuple[NavalStep, Cost]] | None = None
    if naval:
        steps, refusal = _naval_options(table, seat, card.color, for_stage=False)
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
        return _check_cost(table, seat, Cost(), card.id, card.name, how=how, naval=steps)
    for source in card.chain_from:
        if player.has(source):
            chain = table.data.cards[source].name if source in table.data.cards else source
            if steps is None:
                return BuildCheck(player.name, card.id, card.name, True, "chain", PaymentPlan(), (), None,
                                  player.coins, chain_from=chain)
            return _check_cost(table, seat, Cost(), card.id, card.name, how="chain", chain_from=chain, naval=steps)
    if isinstance(card, ArmadaCard) and card.price_unknowns:
        return refused(_unknown(card.price_unknowns))
    return _check_cost(table, seat, card.cost, card.id, card.name, naval=steps)


def check_stage(table: Table, seat: int, *, naval: bool = False, fleet: str | None = None) -> BuildCheck:
    """Check building the next stage of the wonder at `seat` now (any card from the hand is tucked).

    With `naval` (Armada) the player also pays the next space of the fleet with the wonder symbol on
    the port board (`fleet` may name another one only with Lost Island, which makes the step free).
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
        unknown = _unknown([player.wonder.outside])
        return BuildCheck(player.name, "stage", target_name, False, None, None, (), unknown.reason, player.coins,
                          reason_code=unknown.code, reason_values=unknown.values, unknowns=unknown.unknowns)
    steps: list[tuple[NavalStep, Cost]] | None = None
    if naval:
        steps, refusal = _naval_options(table, seat, fleet, for_stage=True)
        if refusal is not None:
            return BuildCheck(player.name, "stage", target_name, False, None, None, (), refusal.reason, player.coins,
                              reason_code=refusal.code, reason_values=refusal.values, unknowns=refusal.unknowns)
    return _check_cost(table, seat, stage.cost, "stage", target_name, naval=steps)
