"""Armada on the 7 Wonders rules: what the expansion adds at a table, through the base game's hooks
(`companion.games.sevenwonders.rules.extension`).

Its 24 cards join the box (and at 8 players the decks are the 7-player ones); the emporiums buy from
the players two seats away; a build may add a naval construction (`NavalStep`) paid in the same
purchase; incursion tokens add land conflicts and partners do not fight (teams double the
neighbours' tokens); a guild scores at most 10; the score pad adds the naval, islands and port rows.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import ClassVar

from companion.gamedata.effects import ScienceWild, VictoryPoints
from companion.gamedata.facts import Unknown, UnknownValueError
from companion.games.armada.rules.compiled_scoring import (
    ARMADA_CATEGORIES,
    GUILD_COLORS,
    ArmadaScoring,
    armada_scoring,
    chosen_color_points,
)
from companion.games.armada.rules.data import ArmadaCard, ArmadaData
from companion.games.armada.rules.effects import (
    DistantTrade,
    FreeWonderNavalAnyFleet,
    NavalDiscount,
    PointsPerChosenColor,
    PointsPerIsland,
    PointsPerTradeLevel,
    ScienceMostCommon,
)
from companion.games.armada.rules.play import ShipStep, cards_per_player, discard_options
from companion.games.armada.rules.port import ARMADA, board_of, fleet_reward, port_state, trade_level
from companion.games.sevenwonders.rules.city import (
    city_effects,
    color_count,
    has_power,
    science_symbols,
    sellable_production,
)
from companion.games.sevenwonders.rules.extension import (
    BuildStep,
    Choices,
    Gaps,
    Refusal,
    SevenWondersExtension,
    StepOptions,
    register_points,
    unknown_refusal,
)
from companion.games.sevenwonders.rules.model import Card, Cost, Rules
from companion.games.sevenwonders.rules.science import best_science
from companion.games.sevenwonders.rules.score_plan import ScorePlans
from companion.games.sevenwonders.rules.table import Table
from companion.games.sevenwonders.rules.trade import Seller

__all__ = ["ARMADA_CATEGORIES", "NAVAL", "ArmadaExtension", "NavalStep"]

NAVAL = "naval"
"""The build step Armada adds: a naval construction."""


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
    kind: ClassVar[str] = NAVAL

    def describe(self) -> str:
        """``move the blue ship to level 2 for 1 clay``."""
        text = f"move the {self.fleet} ship to level {self.to_level} for {self.cost.describe()}"
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


def _less_one(cost: Cost, resource: str, rules: Rules) -> Cost:
    counts = dict(cost.resources)
    counts[resource] -= 1
    return Cost(cost.coins, tuple((r, counts[r]) for r in rules.resources if counts.get(r)))


@register_points(PointsPerTradeLevel)
def _trade_level_points(table: Table, seat: int, effect: PointsPerTradeLevel) -> int:
    """Customs Office and the like: points per level of the city's trade (its yellow ship)."""
    return effect.amount * trade_level(table, seat)


class ArmadaExtension(SevenWondersExtension):
    """Armada at one table, with its components (`data`: the shipped values and the owner's entered ones)."""

    id: ClassVar[str] = ARMADA
    name: ClassVar[str] = "Armada"
    score_rows: ClassVar[tuple[str, ...]] = ARMADA_CATEGORIES
    step_kinds: ClassVar[tuple[str, ...]] = (NAVAL,)
    discard_rewards: ClassVar[tuple[str, ...]] = ("yellow_step",)
    capped_colors: ClassVar[tuple[str, ...]] = GUILD_COLORS

    def __init__(self, data: ArmadaData) -> None:
        self.data = data

    def __repr__(self) -> str:
        return f"<ArmadaExtension {self.data.components or 'shipped values'}>"

    def cards(self) -> dict[str, ArmadaCard]:
        return dict(self.data.cards)

    def _eight_players(self, table: Table) -> bool:
        return table.seat_count > table.data.rules.max_players

    def box_player_count(self, table: Table, count: int) -> int:
        """At 8 players the decks are the 7-player ones."""
        return self.data.rules.eight_player_cards_as_for if self._eight_players(table) else count

    def guilds_dealt(self, table: Table, count: int) -> int:
        """At 8 players the guilds of the 7-player game are dealt, and one more."""
        return self.data.rules.eight_player_guilds if self._eight_players(table) else count

    def sellers(self, table: Table, seat: int) -> Sequence[Seller]:
        """The players two seats away the city's emporiums buy from (``left2``, ``right2``; one seller when
        both are the same player, as at four players), a few units a turn at their price."""
        rules = table.data.rules
        distant: dict[int, Seller] = {}
        for effect in city_effects(table.players[seat]):
            if not isinstance(effect, DistantTrade):
                continue
            direction = f"{effect.direction}2"
            other = table.seat_towards(seat, direction)
            if other in distant:
                known = distant[other]
                distant[other] = Seller(known.seat, known.supply, tuple(min(p, effect.price) for p in known.prices),
                                        (known.max_units or 0) + effect.times)
            else:
                distant[other] = Seller(direction, sellable_production(table.players[other], rules),
                                        (effect.price,) * len(rules.resources), effect.times)
        return [distant[s] for s in sorted(distant)]

    def step_options(self, table: Table, seat: int, kind: str, color: str | None, *, for_stage: bool,
                     option: str | None, from_discard: bool) -> StepOptions:
        """The ways to pay a naval construction of the fleet of `color` (for a stage: of the wonder-symbol
        fleet, or `option` with Lost Island) at `seat`: one per resource Ancient Harbor may save, each with
        the cost to pay; or why there is none."""
        if from_discard:
            return [], Refusal("a building from the discard pile never allows a naval construction",
                               "naval_from_discard")
        return _naval_options(table, seat, color if not for_stage else option, for_stage)

    @classmethod
    def absent(cls, table: Table, seat: int, kind: str, *, from_discard: bool) -> Refusal:
        """Never from the discard pile (said first, as at a table with Armada); else the table has no Armada."""
        if from_discard:
            return Refusal("a building from the discard pile never allows a naval construction",
                           "naval_from_discard")
        return super().absent(table, seat, kind, from_discard=from_discard)

    def cards_per_player(self, table: Table, count: int) -> int:
        """8 cards with Armada (7 at 8 players): an age has 7 turns (6 at 8 players)."""
        return cards_per_player(table)

    def step_moves(self, table: Table, seat: int, step: BuildStep) -> tuple[ShipStep, ...]:
        """A naval construction moves its fleet's ship one space."""
        return (ShipStep(step.fleet, "construction"),) if isinstance(step, NavalStep) else ()

    def discard_refusal(self, table: Table, seat: int, reward: str) -> Refusal | None:
        """The yellow step only while the yellow ship can still move up."""
        if (reward, 1) not in discard_options(table, seat):
            return Refusal("the yellow ship is already on its last space", "fleet_complete", (("fleet", "yellow"),))
        return None

    @classmethod
    def discard_absent(cls, table: Table, seat: int, reward: str) -> Refusal:
        """The yellow step is Armada's."""
        return Refusal("a discard gives 3 coins (the yellow step is Armada's)", "no_armada")

    def discard_moves(self, table: Table, seat: int, reward: str) -> tuple[ShipStep, ...]:
        """A discard's yellow step moves the yellow ship one space (no naval construction)."""
        return (ShipStep("yellow", "discard"),)

    def discard_build_notes(self, table: Table, seat: int) -> tuple[str, ...]:
        """A build from the discard pile never moves a ship."""
        return ("moves_no_ship",)

    def land_tokens_per_result(self, table: Table) -> int | None:
        """In the team variant the neighbours' conflicts give two tokens instead of one."""
        return self.data.rules.team_land_tokens_per_result if table.teams else None

    def more_land_pairs(self, table: Table, seen: set[frozenset[int]]) -> list[tuple[int, int, str, int]]:
        """One land conflict per incursion token: its giver against its holder (never a second conflict
        between two players in one age: the FAQ)."""
        pairs = []
        for target, player in enumerate(table.players):
            port = port_state(player)
            if port is None:
                continue
            for giver_name in port.incursions_from:
                giver = table.seat_of(giver_name)
                if frozenset((giver, target)) in seen:
                    continue
                seen.add(frozenset((giver, target)))
                pairs.append((giver, target, "incursion", self.data.rules.incursion_tokens_per_result))
        return pairs

    def card_points_cap(self, table: Table, card: Card, points: int) -> int:
        """A guild scores at most 10."""
        return min(points, self.data.rules.guild_cap) if card.is_guild else points

    def most_common_symbols(self, table: Table, seat: int) -> tuple[int, str | None]:
        """The city's "most common science symbol" effects, and the type stated for a tie."""
        player = table.players[seat]
        port = port_state(player)
        most = sum(1 for e in city_effects(player) if isinstance(e, ScienceMostCommon))
        return most, port.most_common_symbol if port is not None else None

    def science_excess(self, table: Table, seat: int, points: int, wilds: int, most_common: int) -> int:
        """A guild scores at most 10: the points a guild's wild symbol adds to science (science with it
        minus science without it, both placed at best) above the cap."""
        player = table.players[seat]
        rules = table.data.rules
        guild_wilds = sum(1 for card in player.cards if card.is_guild for effect in card.effects
                          if isinstance(effect, ScienceWild))
        if not guild_wilds:
            return 0
        without = best_science(science_symbols(player), wilds - guild_wilds, rules.science_symbols,
                               rules.science_set_points, most_common=most_common).points
        return max(0, points - without - self.data.rules.guild_cap * guild_wilds)

    def score(self, table: Table, seat: int, points: dict[str, int], gaps: Gaps, choices: Choices) -> None:
        """The Armada rows: naval tokens, the blue fleet, the islands."""
        port = port_state(table.players[seat])
        if port is None:
            return
        points["naval"] = sum(port.naval_tokens)
        try:
            points["port"] = fleet_reward(table, seat, "blue", "vp")
        except UnknownValueError as error:
            gaps.add("port", error)
        for island in port.islands:
            for effect in island.effects:
                try:
                    points["islands"] += _island_points(table, seat, effect, len(port.islands), choices)
                except UnknownValueError as error:
                    gaps.add("islands", error)

    def compiled_scoring(self, table: Table, plans: ScorePlans) -> ArmadaScoring:
        """The hooks above answered from a city's tally and port (`compiled_scoring.ArmadaScoring`, compiled
        once per Armada data)."""
        return armada_scoring(self.data, plans)


def _island_points(table: Table, seat: int, effect: object, islands: int, choices: Choices) -> int:
    if isinstance(effect, VictoryPoints):
        return effect.amount
    if isinstance(effect, PointsPerIsland):
        return effect.amount * islands
    if isinstance(effect, PointsPerTradeLevel):
        return effect.amount * trade_level(table, seat)
    if isinstance(effect, PointsPerChosenColor):
        player = table.players[seat]
        port = port_state(player)
        colors = table.data.rules.colors
        return chosen_color_points(effect, colors, port.rainbow_color if port is not None else None,
                                   [color_count(player, (color,)) for color in colors], choices)
    return 0


def _naval_options(table: Table, seat: int, fleet: str | None, for_stage: bool) -> StepOptions:
    """The ways to pay a naval construction of `fleet` (None: the wonder-symbol fleet) at `seat`:
    one per resource Ancient Harbor may save, each with the cost to pay; or why there is none."""
    player = table.players[seat]
    armada = table.extension(ARMADA)
    port = port_state(player)
    if not isinstance(armada, ArmadaExtension) or port is None:
        return [], Refusal(f"{player.name}'s table does not play with Armada", "no_armada")
    data = armada.data
    any_fleet = for_stage and has_power(player, FreeWonderNavalAnyFleet)
    board = board_of(table, seat)
    if fleet is None and not for_stage:
        raise ValueError("a card's naval construction uses the fleet of its colour")
    if fleet is not None and fleet not in data.fleets:
        return [], Refusal(f"{fleet} buildings move no ship (the fleets are {', '.join(data.fleet_ids)})",
                           "no_fleet", (("color", fleet),))
    if fleet is None or (for_stage and not any_fleet):
        if isinstance(board, Unknown):
            return [], unknown_refusal([board])
        if isinstance(board.wonder_fleet, Unknown):
            return [], unknown_refusal([board.wonder_fleet])
        if fleet is not None and fleet != board.wonder_fleet:
            return [], Refusal(f"a wonder stage moves the {board.wonder_fleet} ship (the wonder symbol on port "
                               f"board {board.number}), not the {fleet} one", "wrong_fleet",
                               (("fleet", fleet), ("wonder_fleet", board.wonder_fleet)))
        fleet = board.wonder_fleet
    level = port.position(fleet)
    if level >= len(data.fleets[fleet].spaces) - 1:
        return [], Refusal(f"the {fleet} ship is already on its last space", "fleet_complete", (("fleet", fleet),))
    if any_fleet:
        return [(NavalStep(fleet, level, level + 1, Cost(), Cost()), Cost())], None
    if isinstance(board, Unknown):
        return [], unknown_refusal([board])
    printed = board.cost(fleet, level + 1)
    if isinstance(printed, Unknown):
        return [], unknown_refusal([printed])
    discounts = sum(e.resources for e in city_effects(player) if isinstance(e, NavalDiscount))
    options: list[tuple[Cost, str | None]] = [(printed, None)]
    if discounts and printed.resources:
        rules = table.data.rules
        options = [(_less_one(printed, resource, rules), resource) for resource, _ in printed.resources]
    return [(NavalStep(fleet, level, level + 1, cost, printed, saved), cost) for cost, saved in options], None
