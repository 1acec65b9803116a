"""Random self-play: whole legal games played by simple bots, for demos, benchmarks and tests.

A game follows the rulebook turn by turn: hands of 7 cards, simultaneous actions paid with the
coins held at the start of the turn, coins from trade arriving after the turn, hands passed left,
right, left, the last card discarded (or played by Babylon B), conflicts at the end of each age,
Olympia A's free build, Halikarnassos's discard builds. The bots choose at random among legal
moves, so the cities look like real ones without being good play. Deterministic for a seed.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field, replace

from companion.games.sevenwonders.rules.build import BuildCheck, check_card, check_stage
from companion.games.sevenwonders.rules.conflicts import ConflictResult, resolve_conflicts
from companion.games.sevenwonders.rules.model import CardCopy, GameData
from companion.games.sevenwonders.rules.play import (
    buildable_from_discard,
    coins_for_card,
    coins_for_stage,
    has_free_build,
    may_play_seventh_card,
    stage_builds_from_discard,
)
from companion.games.sevenwonders.rules.table import Player, Table

__all__ = ["PLAYER_NAMES", "Action", "SelfPlayGame", "play_random_game"]

PLAYER_NAMES = ("Anna", "Boris", "Chen", "Dara", "Emil", "Fatima", "Gleb", "Hana")


@dataclass(frozen=True)
class Action:
    """What one player did in one turn."""

    age: int
    turn: int
    seat: int
    kind: str
    """``build``, ``free_build``, ``stage``, ``discard`` or ``discard_build`` (Halikarnassos)."""
    copy: CardCopy
    paid: int = 0
    to_left: int = 0
    to_right: int = 0
    coins_gained: int = 0


@dataclass
class SelfPlayGame:
    """A finished game: the final table, every action, the conflicts, and which copies went where."""

    final: Table
    actions: list[Action] = field(default_factory=list)
    conflicts: list[ConflictResult] = field(default_factory=list)
    built_copies: list[list[CardCopy]] = field(default_factory=list)
    stage_copies: list[list[CardCopy]] = field(default_factory=list)
    discard: list[CardCopy] = field(default_factory=list)
    tables_after_age: list[Table] = field(default_factory=list)
    last_cards: list[dict[int, CardCopy]] = field(default_factory=list)
    """For each age, the 7th card each seat discarded at its end, by seat (a seat that played it is absent)."""


def _initial_table(data: GameData, players: int, rng: random.Random, names: tuple[str, ...]) -> Table:
    wonders = list(data.wonders.values())
    rng.shuffle(wonders)
    seats = tuple(
        Player(names[i], wonders[i], rng.choice(("A", "B")), 0, (), data.rules.starting_coins)
        for i in range(players)
    )
    return Table(data, seats)


def _deck(data: GameData, age: int, players: int, rng: random.Random) -> list[CardCopy]:
    deck = data.deck(age, players)
    if age == data.rules.ages:
        guilds = [copy for card in data.guilds() for copy in card.copies]
        deck += rng.sample(guilds, players + data.rules.guilds_over_players)
    rng.shuffle(deck)
    return deck


@dataclass
class _Choice:
    kind: str
    copy: CardCopy
    check: BuildCheck | None = None


def _choose(table: Table, seat: int, hand: list[CardCopy], rng: random.Random, free_build_ready: bool,
            stage_bias: float) -> _Choice:
    data = table.data
    options = []
    for copy in hand:
        check = check_card(table, seat, copy.card_id)
        if check.legal:
            options.append(_Choice("build", copy, check))
    stage = check_stage(table, seat)
    if stage.legal and (not options or rng.random() < stage_bias):
        return _Choice("stage", rng.choice(hand), stage)
    if options:
        return rng.choice(options)
    if free_build_ready:
        unbuilt = [c for c in hand if not table.players[seat].has(c.card_id)
                   and data.cards[c.card_id].copies_in_box(table.box_player_count)]
        if unbuilt:
            return _Choice("free_build", rng.choice(unbuilt))
    return _Choice("discard", rng.choice(hand))


def play_random_game(data: GameData, players: int, seed: int = 0, *, stage_bias: float = 0.25,
                     names: tuple[str, ...] = PLAYER_NAMES) -> SelfPlayGame:
    """Play a whole game of `players` (3-7) random bots and return everything that happened."""
    rng = random.Random(seed)
    table = _initial_table(data, players, rng, names)
    game = SelfPlayGame(table, built_copies=[[] for _ in range(players)],
                        stage_copies=[[] for _ in range(players)])
    rules = data.rules
    for age in range(1, rules.ages + 1):
        deck = _deck(data, age, players, rng)
        size = rules.cards_per_player_per_age
        hands = [deck[i * size:(i + 1) * size] for i in range(players)]
        free_build_used = [False] * players
        for turn in range(1, size):
            table = _play_turn(game, table, age, turn, hands, rng, free_build_used, stage_bias)
            if turn < size - 1:
                direction = 1 if age % 2 == 1 else -1
                hands = [hands[(seat - direction) % players] for seat in range(players)]
        table = _last_cards(game, table, age, hands, rng, stage_bias)
        conflicts = resolve_conflicts(table, age)
        game.conflicts.append(conflicts)
        table = Table(data, tuple(replace(p, tokens=p.tokens + conflicts.tokens[seat])
                                  for seat, p in enumerate(table.players)))
        game.tables_after_age.append(table)
    game.final = table
    return game


def _play_turn(game: SelfPlayGame, table: Table, age: int, turn: int, hands: list[list[CardCopy]],
               rng: random.Random, free_build_used: list[bool], stage_bias: float,
               seats: list[int] | None = None) -> Table:
    """Every seat (or the given ones) plays one card of its hand at the same time."""
    seats = list(range(table.seat_count)) if seats is None else seats
    choices = {}
    for seat in seats:
        ready = has_free_build(table.players[seat]) and not free_build_used[seat]
        choice = _choose(table, seat, hands[seat], rng, ready, stage_bias)
        choices[seat] = choice
        hands[seat].remove(choice.copy)
        if choice.kind == "free_build":
            free_build_used[seat] = True
    return _resolve(game, table, age, turn, choices)


def _resolve(game: SelfPlayGame, table: Table, age: int, turn: int, choices: dict[int, _Choice]) -> Table:
    data = table.data
    coins = [p.coins for p in table.players]
    players = list(table.players)
    actions: dict[int, Action] = {}
    for seat, choice in choices.items():
        player = players[seat]
        paid = to_left = to_right = 0
        if choice.check is not None and choice.check.plan is not None:
            plan = choice.check.plan
            paid = plan.total
            to_left = sum(b.coins for b in plan.buys if b.direction == "left")
            to_right = sum(b.coins for b in plan.buys if b.direction == "right")
            coins[seat] -= paid
            coins[table.left_of(seat)] += to_left
            coins[table.right_of(seat)] += to_right
        if choice.kind in ("build", "free_build"):
            players[seat] = player.with_card(data.cards[choice.copy.card_id])
            game.built_copies[seat].append(choice.copy)
        elif choice.kind == "stage":
            players[seat] = replace(player, stages_built=player.stages_built + 1)
            game.stage_copies[seat].append(choice.copy)
        else:
            game.discard.append(choice.copy)
        actions[seat] = Action(age, turn, seat, choice.kind, choice.copy, paid, to_left, to_right)
    built = Table(data, tuple(players), table.variant, table.expansions, table.options)
    for seat, choice in choices.items():
        if choice.kind in ("build", "free_build"):
            gained = coins_for_card(built, seat, data.cards[choice.copy.card_id])
        elif choice.kind == "stage":
            gained = coins_for_stage(built, seat, built.players[seat].built_stages[-1])
        else:
            gained = data.rules.discard_coins
        coins[seat] += gained
        actions[seat] = replace(actions[seat], coins_gained=gained)
    game.actions.extend(actions[seat] for seat in sorted(actions))
    built = Table(data, tuple(replace(p, coins=coins[s]) for s, p in enumerate(built.players)),
                  table.variant, table.expansions, table.options)
    return _discard_builds(game, built, age, turn, choices)


def _discard_builds(game: SelfPlayGame, table: Table, age: int, turn: int,
                    choices: dict[int, _Choice]) -> Table:
    """Halikarnassos: at the end of the turn a stage with the power was built, build a discarded card."""
    data = table.data
    for seat, choice in choices.items():
        if choice.kind != "stage":
            continue
        stage = table.players[seat].built_stages[-1]
        if not stage_builds_from_discard(stage):
            continue
        pile = [data.cards[c.card_id] for c in game.discard]
        options = [c for c in buildable_from_discard(table, seat, pile)
                   if c.copies_in_box(table.box_player_count)]
        if not options:
            continue
        card = options[0]
        copy = next(c for c in game.discard if c.card_id == card.id)
        game.discard.remove(copy)
        table = table.with_player(seat, table.players[seat].with_card(card))
        gained = coins_for_card(table, seat, card)
        player = table.players[seat]
        table = table.with_player(seat, replace(player, coins=player.coins + gained))
        game.built_copies[seat].append(copy)
        game.actions.append(Action(age, turn, seat, "discard_build", copy, coins_gained=gained))
    return table


def _last_cards(game: SelfPlayGame, table: Table, age: int, hands: list[list[CardCopy]],
                rng: random.Random, stage_bias: float) -> Table:
    """After turn 6 the 7th card is discarded without coins, unless Babylon B plays it."""
    players = [seat for seat, p in enumerate(table.players) if may_play_seventh_card(p) and hands[seat]]
    if players:
        table = _play_turn(game, table, age, table.data.rules.cards_per_player_per_age, hands, rng,
                           [True] * table.seat_count, stage_bias, seats=players)
    game.last_cards.append({seat: hand[0] for seat, hand in enumerate(hands) if hand})
    for hand in hands:
        game.discard.extend(hand)
        hand.clear()
    return table
