"""Armada effects during play: ship steps and their rewards, discarding, taxes, piracy, exploration,
free ship moves, incursions, the decks, and the order in which a turn's effects happen.

A turn (the rulebook's "Структура хода"): 1 pay the costs (building, stage, naval construction;
see `engine.build`); 2 move the ships paid for; 3 apply every effect except coin losses (coins
of the spaces reached, Wondrous Harbor, free ship moves); 4 explore islands; 5 build from the
discard pile (never with a naval construction); 6 coin losses: the turn's highest tax, and piracy.
`resolve_ship_turn` does steps 2, 3, 4 and 6 for every player at once. Like the rest of the
engine these functions never change a table; they answer what happens.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace

from companion.gamedata.facts import Unknown, UnknownValueError
from companion.games.armada.rules.data import ArmadaCard, ArmadaData
from companion.games.armada.rules.effects import (
    CoinsPerNavalConstruction,
    DrawIsland,
    FreeShipMoves,
    ImmuneToCoinLoss,
    Incursion,
    Piracy,
    UnknownEffect,
)
from companion.games.armada.rules.port import ARMADA, armada_of, port_of, port_state, reward_at, trade_level
from companion.games.sevenwonders.rules.city import city_effects, has_power
from companion.games.sevenwonders.rules.model import Card
from companion.games.sevenwonders.rules.table import Table

__all__ = [
    "BUILD_KINDS",
    "ShipStep",
    "TurnOutcome",
    "armada_cards_for_age",
    "cards_per_player",
    "coin_losses",
    "discard_options",
    "drawn_island_level",
    "exploration_draws",
    "free_move_choices",
    "incursion_target",
    "naval_construction_allowed",
    "resolve_ship_turn",
    "step_rewards",
]

BUILD_KINDS = ("hand", "chain", "free_build", "last_card", "discard_pile")
"""How a building is built: paid from the hand, free by chain, free by a wonder's power (Olympia A),
the last card of an age played by Babylon B (an extra turn), or from the discard pile."""
STEP_CAUSES = ("construction", "free_move", "discard")
"""Why a ship moves: a naval construction paid with a build (free with Lost Island, still one), a
free move (Shipyard and the other blue Armada cards, Topaz/Amber Island, Frothy Harbor, Stormy
Archipelago), or the free yellow step of a discard."""


def naval_construction_allowed(build: str) -> bool:
    """May this kind of build add a naval construction? Yes, even when the card was free (chain,
    Olympia) and for Babylon B's last card (the FAQ: an extra turn); never from the discard pile."""
    if build not in BUILD_KINDS:
        raise ValueError(f"unknown kind of build {build!r}; one of {', '.join(BUILD_KINDS)}")
    return build != "discard_pile"


def cards_per_player(table: Table) -> int:
    """Cards dealt to each player at the start of an age: 8 with Armada (7 at 8 players)."""
    armada = armada_of(table)
    if armada is None:
        return table.data.rules.cards_per_player_per_age
    if table.seat_count > table.data.rules.max_players:
        return armada.rules.eight_player_cards_per_player_per_age
    return armada.rules.cards_per_player_per_age


def armada_cards_for_age(armada: ArmadaData, age: int, players: int) -> tuple[list[ArmadaCard], int]:
    """The Armada cards shuffled for `age` (the incursion and emporium cards leave at 3 players) and
    how many of them are drawn into the age's deck (one per player; 7 at 8 players).

    :raises UnknownValueError: when the age of a card is not known.
    """
    gaps = [c.age for c in armada.cards.values() if isinstance(c.age, Unknown)]
    if gaps:
        raise UnknownValueError(gaps)
    cards = [c for c in armada.cards.values() if c.age == age and c.copies_in_box(players)]
    drawn = armada.rules.eight_player_armada_cards_per_age if players > 7 else \
        players * armada.rules.armada_cards_per_player_per_age
    return cards, drawn


def discard_options(table: Table, seat: int) -> tuple[tuple[str, int], ...]:
    """What discarding a card gives: ("coins", 3) or ("yellow_step", 1), the step only while the
    yellow ship can still move up."""
    armada, port = port_of(table, seat)
    options: list[tuple[str, int]] = [("coins", armada.rules.discard_coins)]
    if port.position("yellow") < len(armada.fleets["yellow"].spaces) - 1:
        options.append(("yellow_step", armada.rules.discard_yellow_steps))
    return tuple(options)


@dataclass(frozen=True)
class StepRewards:
    """What reaching one space gives at once: coins, a tax to collect at the end of the turn, an
    island level to explore (0: none)."""

    coins: int
    tax: int
    explore: int


def step_rewards(table: Table, seat: int, fleet: str, level: int) -> StepRewards:
    """The one-time rewards of the `fleet` space `level` (naval shields, trade level and VP are not
    one-time: they count while the ship stands there).

    :raises UnknownValueError: naming each unknown value.
    """
    values: dict[str, int] = {}
    missing: list[Unknown] = []
    for name in ("coins", "tax", "explore"):
        try:
            values[name] = reward_at(table, seat, fleet, name, level)
        except UnknownValueError as error:
            missing.extend(error.unknowns)
    if missing:
        raise UnknownValueError(missing)
    return StepRewards(values["coins"], values["tax"], values["explore"])


def free_move_choices(table: Table, seat: int, effect: FreeShipMoves) -> tuple[str, ...]:
    """The fleets a free-move effect may move now: its allowed fleets whose ships are not on the last space."""
    armada, port = port_of(table, seat)
    fleets = effect.fleets or armada.fleet_ids
    return tuple(f for f in fleets if port.position(f) < len(armada.fleets[f].spaces) - 1)


def incursion_target(table: Table, seat: int, card: Card) -> int:
    """The seat that receives the incursion token when `card` is built at `seat`.

    :raises ValueError: when the card makes no incursion.
    :raises UnknownValueError: when the card's direction is not known and the two players two seats
        away are different people (at four players both directions reach the same player).
    """
    for effect in card.effects:
        if isinstance(effect, Incursion):
            return table.seat_towards(seat, f"{effect.direction}2")
    gaps = [u for u in _effect_gaps(card, Incursion.type)]
    if gaps:
        left, right = table.seat_towards(seat, "left2"), table.seat_towards(seat, "right2")
        if left == right:
            return left
        raise UnknownValueError(gaps)
    raise ValueError(f"{card.name} makes no incursion")


def _effect_gaps(card: Card, kind: str) -> list[Unknown]:
    return [e.unknown for e in card.effects if isinstance(e, UnknownEffect) and e.of_type == kind]


def drawn_island_level(card: Card) -> int | None:
    """The level of the island deck whose top card building `card` puts into play (Steersmen's
    Academy 1, Map Room 2, Naval Archives 3): an effect of step 3, not an exploration (no choice)."""
    return next((e.level for e in card.effects if isinstance(e, DrawIsland)), None)


def exploration_draws(explorers: Mapping[int, int], deck_sizes: Mapping[int, int],
                      alone_draws: int = 4) -> dict[int, int]:
    """How many island cards each exploring seat draws (it keeps one): alone at a level, `alone_draws`
    (4); several at one level in one turn share out that whole deck equally, the rest going back.

    `explorers` maps seat -> island level, `deck_sizes` level -> cards in that deck.
    """
    by_level: dict[int, list[int]] = {}
    for seat, level in explorers.items():
        by_level.setdefault(level, []).append(seat)
    draws = {}
    for level, seats in by_level.items():
        size = deck_sizes.get(level, 0)
        each = min(alone_draws, size) if len(seats) == 1 else size // len(seats)
        for seat in seats:
            draws[seat] = each
    return draws


def coin_losses(table: Table, taxes: Mapping[int, int], pirates: Sequence[int] = (),
                coins: Sequence[int] | None = None) -> tuple[int, ...]:
    """Step 6 of a turn: the coins each seat loses to the turn's taxes and piracy.

    `taxes` maps each seat that collects a tax this turn to its amount: only the highest is
    collected; every other player (partners too) pays that tax minus his trade level, never below
    0. `pirates` lists one seat per piracy effect played this turn (Pirate Cache, Lair, Brotherhood,
    Pirate Harbor): every other player loses his trade level in coins for each. Foggy Island owners
    lose nothing; no one loses more than he holds (`coins`, default the table's).

    :raises UnknownValueError: when a trade level needed is not known.
    """
    held = list(coins) if coins is not None else [p.coins for p in table.players]
    highest = max(taxes.values(), default=0)
    collectors = {seat for seat, amount in taxes.items() if amount == highest}
    losses = []
    missing: list[Unknown] = []
    for seat, player in enumerate(table.players):
        if has_power(player, ImmuneToCoinLoss):
            losses.append(0)
            continue
        pays_tax = bool(highest) and seat not in collectors
        rates = [_piracy_rate(table, pirate) for pirate in pirates if pirate != seat]
        if not pays_tax and not rates:
            losses.append(0)
            continue
        try:
            level = trade_level(table, seat)
        except UnknownValueError as error:
            missing.extend(error.unknowns)
            losses.append(0)
            continue
        due = (max(0, highest - level) if pays_tax else 0) + sum(rate * level for rate in rates)
        losses.append(min(due, held[seat]))
    if missing:
        raise UnknownValueError(missing)
    return tuple(losses)


def _piracy_rate(table: Table, pirate: int) -> int:
    """Coins per trade level a pirate's piracy takes (1 on every pirate card and on Pirate Harbor)."""
    return max((e.per_trade_level for e in city_effects(table.players[pirate]) if isinstance(e, Piracy)), default=1)


@dataclass(frozen=True)
class ShipStep:
    """One ship moving one space up this turn, and why (``construction``, ``free_move`` or ``discard``)."""

    fleet: str
    cause: str = "construction"


@dataclass(frozen=True)
class TurnOutcome:
    """What the ship steps of a turn bring, in the rulebook's order."""

    fleets: tuple[Mapping[str, int], ...]
    """Every seat's ship positions after the turn."""
    coins_gained: tuple[int, ...]
    """Coins of the spaces reached and of Wondrous Harbor (step 3)."""
    explorations: Mapping[int, tuple[int, int]] = field(default_factory=dict)
    """seat -> (island level, cards drawn) (step 4)."""
    tax: int = 0
    tax_collectors: tuple[int, ...] = ()
    coin_losses: tuple[int, ...] = ()
    """Coins lost at step 6 (taxes and piracy)."""

    def coins_after(self, table: Table) -> tuple[int, ...]:
        """Each seat's coins once the turn is over (the builds' own payments and coins aside)."""
        return tuple(p.coins + g - lost for p, g, lost in
                     zip(table.players, self.coins_gained, self.coin_losses, strict=True))


def resolve_ship_turn(table: Table, steps: Mapping[int, Sequence[ShipStep]], *, pirates: Sequence[int] = (),
                      deck_sizes: Mapping[int, int] | None = None) -> TurnOutcome:
    """Steps 2, 3, 4 and 6 of a turn for every seat: move the ships, take the coins of the spaces
    reached (and 1 per naval construction with Wondrous Harbor, free or paid, but not for free moves
    or a discard's step, which are no construction), explore, then the highest tax of the
    turn and the piracy of `pirates` (see `coin_losses`). `deck_sizes`: island cards left per level.

    :raises ValueError: when a ship would move past its last space.
    :raises UnknownValueError: naming every value the answer needs and nobody has entered.
    """
    armada = armada_of(table)
    if armada is None:
        raise ValueError("ship steps are part of Armada; this table does not play with it")
    positions = [dict(port.fleets) if (port := port_state(p)) else {} for p in table.players]
    gained = [0] * table.seat_count
    taxes: dict[int, int] = {}
    explorers: dict[int, int] = {}
    missing: list[Unknown] = []
    for seat, moves in steps.items():
        player = table.players[seat]
        for step in moves:
            if step.cause not in STEP_CAUSES:
                raise ValueError(f"unknown cause {step.cause!r}; one of {', '.join(STEP_CAUSES)}")
            level = positions[seat].get(step.fleet, 0) + 1
            if level >= len(armada.fleets[step.fleet].spaces):
                raise ValueError(f"{player.name}'s {step.fleet} ship is already on its last space")
            positions[seat][step.fleet] = level
            if step.cause == "construction":
                gained[seat] += sum(e.amount for e in city_effects(player) if isinstance(e, CoinsPerNavalConstruction))
            try:
                reward = step_rewards(table, seat, step.fleet, level)
            except UnknownValueError as error:
                missing.extend(error.unknowns)
                continue
            gained[seat] += reward.coins
            if reward.tax:
                taxes[seat] = max(taxes.get(seat, 0), reward.tax)
            if reward.explore:
                explorers[seat] = reward.explore
    if missing:
        raise UnknownValueError(missing)
    sizes = deck_sizes if deck_sizes is not None else {level: 9 for level in (1, 2, 3)}
    draws = exploration_draws(explorers, sizes, armada.rules.exploration_alone_draws)
    explorations = {seat: (explorers[seat], draws[seat]) for seat in explorers}
    after = [p.coins + g for p, g in zip(table.players, gained, strict=True)]
    moved = _with_positions(table, positions)
    losses = coin_losses(moved, taxes, pirates, after)
    highest = max(taxes.values(), default=0)
    collectors = tuple(sorted(s for s, t in taxes.items() if t == highest)) if highest else ()
    return TurnOutcome(tuple(positions), tuple(gained), explorations, highest, collectors, losses)


def _with_positions(table: Table, positions: Sequence[Mapping[str, int]]) -> Table:
    """The table with the ships moved (trade levels at step 6 are those after the moves); values read
    off the board stay only for ships that did not move."""
    players = []
    for player, position in zip(table.players, positions, strict=True):
        port = port_state(player)
        if port is not None:
            kept = {key: v for key, v in port.printed.items() if position.get(key[0]) == port.position(key[0])}
            moved = replace(port, fleets=dict(position), printed=kept)
            player = replace(player, extras={**player.extras, ARMADA: moved})
        players.append(player)
    return replace(table, players=tuple(players))
