"""A 7 Wonders turn refereed: the players' simultaneous plays, entered in any order, checked and settled.

The rulebook ("Описание эпохи"): each age has 6 turns (7 with Armada, whose hands hold 8 cards); in a
turn every player plays one card at the same moment: builds it, builds a wonder stage with it, or
discards it for 3 coins. So every play is checked against the table at the start of the turn: "чтобы
купить ресурсы, у игрока должны быть монеты в начале хода. Монеты, заработанные торговлей во время
хода, не могут использоваться в этот же ход". The turn is settled when it closes, never while plays
are entered: purchases paid to the neighbours, coins of the cards and stages built (counted on the
city with the whole turn's builds: Vineyard and Bazar count a neighbour's card built in the same turn,
docs/rulings.md), 3 coins per discard. The verdicts and the settlement depend on the set of plays
only, never on the order they were entered; a correction (a play undone, replaced, forgotten) is the
same function called again.

After the regular plays of a turn come, in this order:
- Babylon B's last card of the age ("разыграть седьмую карту эпохи, вместо того, чтобы ее
  сбрасывать"), on the last turn, checked against the city and coins once the turn is settled: an
  extra turn (the Armada FAQ), so its stage 2 built on that very turn already allows it;
- the last cards nobody plays go to the discard pile without coins;
- Halikarnassos' build from the discard pile, "в конце хода, в котором этот этап строительства был
  завершен", free, of a card in the pile (this turn's discards included), never with a naval
  construction: with Armada such a build moves no ship.

Olympia A builds one card free once per age: `AgeProgress` remembers who has used it. After the
last turn of an age the land conflicts are resolved and the next age begins. The two-player variant
is the same with the free city as one more seat, played by the player `free_city_controller` names,
which may discard only a card it can neither build nor use for a stage.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

from companion.gamedata.effects import FreeBuildPerAge
from companion.games.sevenwonders.rules.build import BuildCheck, UnknownCardError, check_card, check_stage
from companion.games.sevenwonders.rules.city import has_power
from companion.games.sevenwonders.rules.conflicts import ConflictResult, resolve_conflicts
from companion.games.sevenwonders.rules.extension import discard_reward_owner
from companion.games.sevenwonders.rules.model import Card
from companion.games.sevenwonders.rules.play import (
    coins_for_card,
    coins_for_stage,
    may_play_seventh_card,
    stage_builds_from_discard,
)
from companion.games.sevenwonders.rules.table import TWO_PLAYER, Table

NAVAL = "naval"
"""The build step `Play.naval` asks for (`BuildCheck.step`): Armada's naval construction, paid with the
build. The expansions answer the turn's other questions through their hooks (`rules.extension`): the
cards dealt, what a step or a discard moves, a discard's reward, a build from the discard pile."""

__all__ = [
    "ACTIONS",
    "SOURCES",
    "AgeProgress",
    "DiscardPile",
    "Play",
    "PlayVerdict",
    "SeatLedger",
    "TurnError",
    "TurnReport",
    "TurnResult",
    "check_play",
    "close_turn",
    "discard_build_notes",
    "discard_choices",
    "free_city_controller",
    "judge_turn",
    "offers",
    "turns_in_age",
    "waiting_for",
]

ACTIONS = ("build", "stage", "discard")
"""What a played card does: a building, a wonder stage (the card tucked), or 3 coins."""
SOURCES = ("hand", "last_card", "discard_pile")
"""Where the card comes from: the turn's hand, Babylon B's last card of the age (the 7th), or the
discard pile (Halikarnassos)."""


class TurnError(ValueError):
    """A turn that cannot be closed as entered: `code` and `values` for faces that word it themselves."""

    def __init__(self, message: str, code: str, values: Mapping[str, object] | None = None) -> None:
        super().__init__(message)
        self.code = code
        self.values = dict(values or {})


@dataclass(frozen=True)
class Play:
    """One card played by one seat in a turn."""

    seat: int
    action: str
    card: str | None = None
    """The card's id; a stage or a discard may leave it out (a face-down card nobody entered)."""
    source: str = "hand"
    free_build: bool = False
    """Olympia A's once-per-age free build."""
    naval: bool = False
    """Armada: a naval construction paid with the build."""
    fleet: str | None = None
    """Armada: the fleet a stage's naval construction moves, when not the wonder-symbol one (Lost Island)."""
    discard_reward: str = "coins"
    """Armada: a discard gives ``coins`` or a ``yellow_step``."""
    plan: int = 0
    """Which of the equally cheap ways to pay the player chose (0: the build checker's first; then its
    `alternatives` in order): it says which neighbour is paid when both sell at the same price."""

    @property
    def key(self) -> tuple[int, str]:
        """What a play replaces: one play per seat and source in a turn."""
        return self.seat, self.source


@dataclass(frozen=True)
class DiscardPile:
    """The discard pile: the cards known by id, and face-down cards nobody entered."""

    cards: tuple[str, ...] = ()
    unknown: int = 0

    def add(self, card: str | None) -> DiscardPile:
        """The pile with one more card (unknown when `card` is None)."""
        return replace(self, cards=(*self.cards, card)) if card else replace(self, unknown=self.unknown + 1)

    def may_hold(self, card: str) -> bool:
        """True when `card` is in the pile or could be one of its unknown cards."""
        return card in self.cards or self.unknown > 0

    def take(self, card: str) -> DiscardPile:
        """The pile without `card` (one of the unknown cards when it was never entered)."""
        if card in self.cards:
            cards = list(self.cards)
            cards.remove(card)
            return replace(self, cards=tuple(cards))
        if self.unknown:
            return replace(self, unknown=self.unknown - 1)
        raise KeyError(card)


@dataclass(frozen=True)
class AgeProgress:
    """Where the game stands between turns: the age, the turn to play, the powers used, the discard pile."""

    age: int = 1
    turn: int = 1
    free_builds_used: frozenset[int] = frozenset()
    """The seats whose once-per-age free build (Olympia A) is spent in this age."""
    discard: DiscardPile = field(default_factory=DiscardPile)
    finished: bool = False
    """True once the last turn of the last age is closed."""


@dataclass(frozen=True)
class PlayVerdict:
    """Whether one play is legal, how it is paid, and why not."""

    play: Play
    legal: bool
    check: BuildCheck | None = None
    """The build checker's answer for a building or a stage (None for a discard)."""
    reason: str | None = None
    reason_code: str | None = None
    reason_values: tuple[tuple[str, object], ...] = ()
    notes: tuple[str, ...] = ()
    """What the players should be told (`discard_build_notes`): ``moves_no_ship`` for a build from the
    discard pile with Armada."""


@dataclass(frozen=True)
class SeatLedger:
    """One seat's coins in a turn, by cause."""

    paid_bank: int = 0
    paid_neighbours: int = 0
    received_trade: int = 0
    from_cards: int = 0
    """Coins of the buildings and stages built (Tavern, Vineyard, Ephesos...)."""
    from_discard: int = 0

    @property
    def change(self) -> int:
        """The coins the seat holds more (or less) after the turn."""
        return self.received_trade + self.from_cards + self.from_discard - self.paid_bank - self.paid_neighbours


@dataclass(frozen=True)
class TurnReport:
    """The plays of an open turn judged: a verdict per play, and the seats that have not played yet."""

    verdicts: tuple[PlayVerdict, ...]
    waiting: tuple[int, ...]

    @property
    def refused(self) -> tuple[PlayVerdict, ...]:
        """The plays that cannot be made."""
        return tuple(v for v in self.verdicts if not v.legal)

    @property
    def ready(self) -> bool:
        """True when every seat has played and every play is legal."""
        return not self.waiting and not self.refused


@dataclass(frozen=True)
class TurnResult:
    """A closed turn: the table after it, the progress of the game, and what happened."""

    table: Table
    progress: AgeProgress
    verdicts: tuple[PlayVerdict, ...]
    ledgers: tuple[SeatLedger, ...]
    ship_steps: Mapping[int, tuple[Any, ...]] = field(default_factory=dict)
    """What the turn moves by seat, as the expansions' hooks say (`step_moves`, `discard_moves`; Armada:
    the ships of naval constructions and discards' yellow steps, for its own turn)."""
    age_over: bool = False
    conflicts: ConflictResult | None = None
    """The land conflicts of the age that ended with this turn."""


# -- the shape of a turn ---------------------------------------------------------------------------------

def turns_in_age(table: Table) -> int:
    """Turns in an age: one less than the cards dealt (7 cards: 6 turns; an expansion may deal more:
    `SevenWondersExtension.cards_per_player`, Armada's 8 cards: 7)."""
    count = table.data.rules.cards_per_player_per_age
    for extension in table.extensions:
        count = extension.cards_per_player(table, count)
    return count - 1


def discard_build_notes(table: Table, seat: int) -> tuple[str, ...]:
    """What the players are told of `seat`'s build from the discard pile (the expansions' text codes,
    `SevenWondersExtension.discard_build_notes`: with Armada ``moves_no_ship``)."""
    return tuple(note for extension in table.extensions for note in extension.discard_build_notes(table, seat))


def free_city_controller(table: Table, progress: AgeProgress) -> int | None:
    """The seat that plays for the free city this turn in the two-player variant (None otherwise).

    "Эпоха I, карта находиться у игрока слева от свободного города. Эпоха II ... справа ... Эпоха III
    ... слева"; the card passes to the other player every turn.
    """
    free = next((s for s, p in enumerate(table.players) if p.is_free_city), None)
    if table.variant != TWO_PLAYER or free is None:
        return None
    first = table.left_of(free) if progress.age % 2 == 1 else table.right_of(free)
    second = table.right_of(free) if progress.age % 2 == 1 else table.left_of(free)
    return first if progress.turn % 2 == 1 else second


def waiting_for(table: Table, plays: Sequence[Play]) -> tuple[int, ...]:
    """The seats (the free city included) that have not played a card from the hand this turn."""
    played = {p.seat for p in plays if p.source == "hand"}
    return tuple(seat for seat in range(table.seat_count) if seat not in played)


def offers(table: Table, progress: AgeProgress, plays: Sequence[Play] = ()) -> dict[int, tuple[str, ...]]:
    """The powers each seat may use now: ``free_build`` (Olympia A, unused this age), ``last_card``
    (Babylon B on the last turn, once the turn's stage is counted) and ``discard_build``
    (Halikarnassos, when the stage built this turn allows it and the pile is not empty)."""
    settled = _settle_hand(table, progress, plays)
    last = progress.turn == turns_in_age(table)
    pile = _pile_after(table, progress, plays, settled.table)
    result: dict[int, tuple[str, ...]] = {}
    for seat, player in enumerate(table.players):
        powers = []
        if has_power(player, FreeBuildPerAge) and seat not in progress.free_builds_used:
            powers.append("free_build")
        if last and may_play_seventh_card(settled.table.players[seat]):
            powers.append("last_card")
        if seat in settled.discard_builders and (pile.cards or pile.unknown):
            powers.append("discard_build")
        if powers:
            result[seat] = tuple(powers)
    return result


def discard_choices(table: Table, progress: AgeProgress, plays: Sequence[Play], seat: int) -> tuple[str, ...]:
    """The known cards of the discard pile (this turn's discards and last cards included) that `seat`
    may build free at the end of this turn: none unless it builds a stage that allows it; never a card
    its city holds or one not in the box. Face-down cards nobody entered are `DiscardPile.unknown`."""
    settled = _settle_hand(table, progress, plays)
    if seat not in settled.discard_builders:
        return ()
    player = settled.table.players[seat]
    pile = _pile_after(table, progress, plays, settled.table)
    choices = dict.fromkeys(c for c in pile.cards if not player.has(c)
                            and _card(table, c).copies_in_box(table.box_player_count))
    return tuple(choices)


# -- checking one play -----------------------------------------------------------------------------------

def _card(table: Table, card_id: str) -> Card:
    cards = table.cards                 # the box's and the expansions' (Armada's)
    if card_id not in cards:
        raise UnknownCardError(card_id)
    return cards[card_id]


def _refuse(play: Play, code: str, reason: str, **values: object) -> PlayVerdict:
    return PlayVerdict(play, False, None, reason, code, tuple(values.items()))


def _from_check(play: Play, check: BuildCheck) -> PlayVerdict:
    if not check.legal:
        return PlayVerdict(play, False, check, check.reason, check.reason_code, check.reason_values)
    if play.plan:
        assert check.plan is not None
        plans = (check.plan, *check.alternatives)
        if not 0 <= play.plan < len(plans):
            return _refuse(play, "no_such_plan", f"there are {len(plans)} equally cheap ways to pay, not "
                                                 f"{play.plan + 1}", plans=len(plans))
        check = replace(check, plan=plans[play.plan],
                        alternatives=tuple(p for i, p in enumerate(plans) if i != play.plan))
    return PlayVerdict(play, True, check)


def _check_shape(table: Table, play: Play) -> PlayVerdict | None:
    """Refuse a play that names no seat, action or source of the game, or an unknown card."""
    if not 0 <= play.seat < table.seat_count:
        return _refuse(play, "no_seat", f"there is no seat {play.seat}", seat=play.seat)
    if play.action not in ACTIONS:
        return _refuse(play, "no_action", f"a card is built, used for a stage or discarded, not {play.action!r}",
                       action=play.action)
    if play.source not in SOURCES:
        return _refuse(play, "no_source", f"a card comes from the hand, the last card or the discard pile, "
                                          f"not {play.source!r}", source=play.source)
    if play.card is not None:
        try:
            _card(table, play.card)
        except UnknownCardError:
            return _refuse(play, "unknown_card", f"{play.card!r} is not a card of the game", card=play.card)
    if play.action == "build" and play.card is None:
        return _refuse(play, "card_needed", "a building is played by naming its card")
    return None


def _check_on(table: Table, progress: AgeProgress, play: Play) -> PlayVerdict:
    """A play from the hand or Babylon B's last card, checked against `table` (the coins and city it has)."""
    player = table.players[play.seat]
    name = player.name
    if play.action == "discard":
        return _check_discard(table, play)
    if play.action == "stage":
        if play.free_build:
            return _refuse(play, "free_build_card_only", "the free build builds a card, not a wonder stage")
        chained = _free_city_chain(table, play)
        return chained or _from_check(play, check_stage(table, play.seat, step=NAVAL if play.naval else None,
                                                                    step_option=play.fleet))
    assert play.card is not None
    card = _card(table, play.card)
    if card.ages and progress.age not in card.ages:
        return _refuse(play, "wrong_age", f"{card.name} is a card of age {'/'.join(map(str, card.ages))}, "
                                          f"not of age {progress.age}", card=card.id, age=progress.age)
    if play.free_build and play.seat in progress.free_builds_used:
        return _refuse(play, "free_build_spent", f"{name} has already built a card free in age {progress.age} "
                                                 f"(once per age)", player=name, age=progress.age)
    return _from_check(play, check_card(table, play.seat, card, free_build=play.free_build,
                                        step=NAVAL if play.naval else None))


def _free_city_chain(table: Table, play: Play) -> PlayVerdict | None:
    """The free city must build free a card its chain allows («игрок обязан сыграть эту карту без уплаты»)."""
    if not table.players[play.seat].is_free_city or play.card is None:
        return None
    check = check_card(table, play.seat, play.card)
    if check.legal and check.how == "chain":
        return _refuse(play, "free_city_must_chain", f"the free city must build {check.target_name} free by chain "
                                                     f"({check.chain_from})", card=play.card)
    return None


def _check_discard(table: Table, play: Play) -> PlayVerdict:
    """A discard: Armada's yellow step only while the ship can move; the free city only when stuck."""
    if play.free_build or play.naval:
        return _refuse(play, "discard_builds_nothing", "a discarded card builds nothing")
    if play.discard_reward != "coins":
        refused = _check_discard_reward(table, play)
        if refused is not None:
            return refused
    if table.players[play.seat].is_free_city:
        if play.card is None:
            return _refuse(play, "card_needed", "the free city discards only a card it cannot play: name the card")
        chained = _free_city_chain(table, play)
        if chained is not None:
            return chained
        can_build = check_card(table, play.seat, play.card).legal
        if can_build or check_stage(table, play.seat).legal:
            return _refuse(play, "free_city_must_build",
                           "the free city discards a card only when it can neither build it nor a wonder stage "
                           "(«Свободный город не может скинуть карточку за 3 монеты, кроме случая, когда он не "
                           "может сыграть карту»)")
    return PlayVerdict(play, True)


def _check_discard_reward(table: Table, play: Play) -> PlayVerdict | None:
    """A discard's reward other than coins: the expansion that gives it must be played, and allow it now."""
    owner = discard_reward_owner(play.discard_reward)
    if owner is None:
        return _refuse(play, "no_discard_reward", f"a discard gives {table.data.rules.discard_coins} coins, not "
                                                  f"{play.discard_reward!r}", reward=play.discard_reward)
    extension = table.extension(owner.id)
    refusal = owner.discard_absent(table, play.seat, play.discard_reward) if extension is None else \
        extension.discard_refusal(table, play.seat, play.discard_reward)
    if refusal is None:
        return None
    return PlayVerdict(play, False, None, refusal.reason, refusal.code, refusal.values)


def check_play(table: Table, progress: AgeProgress, play: Play, plays: Sequence[Play] = ()) -> PlayVerdict:
    """Check one play of the open turn. A play from the hand is checked against `table` (the start of
    the turn) whatever else is entered; Babylon B's last card and Halikarnassos' discard build against
    the turn settled from the other `plays`."""
    others = [p for p in plays if p.key != play.key]
    return _judge(table, progress, [*others, play]).get(play.key, _refuse(play, "not_judged", "not judged"))


# -- settling --------------------------------------------------------------------------------------------

@dataclass
class _Settled:
    table: Table
    verdicts: dict[tuple[int, str], PlayVerdict]
    ledgers: list[SeatLedger]
    discard_builders: set[int]
    free_builds_used: set[int]
    ship_steps: dict[int, list[Any]]


def _moves(settled: _Settled, seat: int, moves: Sequence[Any]) -> None:
    """Note what a play moves (the expansions' hooks' answers), in the order played."""
    if moves:
        settled.ship_steps.setdefault(seat, []).extend(moves)


def _apply(table: Table, plays: Sequence[tuple[Play, PlayVerdict]], settled: _Settled) -> Table:
    """Apply plays made at one moment: pay, then put the cards and stages in, then the coins they bring
    (counted with every card of that moment in place), then the discards' coins."""
    coins = [p.coins for p in table.players]
    ledgers = settled.ledgers
    built: list[tuple[Play, Card | None]] = []
    players = list(table.players)
    for play, verdict in plays:
        seat = play.seat
        plan = verdict.check.plan if verdict.check else None
        if plan is not None:
            coins[seat] -= plan.total
            neighbours = sum(b.coins for b in plan.buys)
            ledgers[seat] = replace(ledgers[seat], paid_bank=ledgers[seat].paid_bank + plan.bank,
                                    paid_neighbours=ledgers[seat].paid_neighbours + neighbours)
            for buy in plan.buys:
                seller = table.seat_towards(seat, buy.direction)
                coins[seller] += buy.coins
                ledgers[seller] = replace(ledgers[seller], received_trade=ledgers[seller].received_trade + buy.coins)
        step = verdict.check.step if verdict.check else None      # an expansion's step (Armada's naval construction)
        if step is not None:
            _moves(settled, seat, [m for e in table.extensions for m in e.step_moves(table, seat, step)])
        if play.free_build:
            settled.free_builds_used.add(seat)
        player = players[seat]
        if play.action == "build":
            assert play.card is not None
            card = _card(table, play.card)
            players[seat] = player.with_card(card)
            built.append((play, card))
        elif play.action == "stage":
            players[seat] = replace(player, stages_built=player.stages_built + 1)
            built.append((play, None))
            if stage_builds_from_discard(players[seat].built_stages[-1]):
                settled.discard_builders.add(seat)
        else:
            if play.discard_reward == "coins":
                coins[seat] += table.data.rules.discard_coins
                ledgers[seat] = replace(ledgers[seat], from_discard=ledgers[seat].from_discard
                                        + table.data.rules.discard_coins)
            else:
                _moves(settled, seat, [m for e in table.extensions if play.discard_reward in e.discard_rewards
                                       for m in e.discard_moves(table, seat, play.discard_reward)])
    after = replace(table, players=tuple(players))
    for play, building in built:
        seat = play.seat
        gained = coins_for_card(after, seat, building) if building is not None else \
            coins_for_stage(after, seat, after.players[seat].built_stages[-1])
        coins[seat] += gained
        ledgers[seat] = replace(ledgers[seat], from_cards=ledgers[seat].from_cards + gained)
    return replace(after, players=tuple(replace(p, coins=c) for p, c in zip(after.players, coins, strict=True)))


def _settle_hand(table: Table, progress: AgeProgress, plays: Sequence[Play]) -> _Settled:
    """Judge the plays from the hand against the start of the turn and settle the legal ones."""
    settled = _Settled(table, {}, [SeatLedger() for _ in table.players], set(), set(progress.free_builds_used), {})
    legal: list[tuple[Play, PlayVerdict]] = []
    for play in sorted((p for p in plays if p.source == "hand"), key=lambda p: p.seat):
        verdict = _check_shape(table, play) or _check_on(table, progress, play)
        settled.verdicts[play.key] = verdict
        if verdict.legal:
            legal.append((play, verdict))
    short = _copies_short(table, [play for play, _verdict in legal])
    for play, _verdict in legal:
        if play.card in short:                  # every seat playing it is refused: none comes first
            card = _card(table, play.card)
            settled.verdicts[play.key] = _refuse(
                play, "copies_short", f"a game of {table.box_player_count} players has {short[play.card]} "
                                      f"{card.name}: more seats build it in this turn than copies are left",
                card=card.id, players=table.box_player_count)
    legal = [(play, verdict) for play, verdict in legal if play.card not in short]
    settled.table = _apply(table, legal, settled)
    return settled


def _copies_short(table: Table, plays: Sequence[Play]) -> dict[str, int]:
    """The cards more seats build in one turn than the box has copies left (the cities' counted), with
    their copies in the box: each such play is legal alone, not together."""
    builds: dict[str, int] = {}
    for play in plays:
        if play.action == "build" and play.card is not None:
            builds[play.card] = builds.get(play.card, 0) + 1
    short = {}
    for card_id, count in builds.items():
        copies = _card(table, card_id).copies_in_box(table.box_player_count)
        if count > 1 and count + sum(1 for p in table.players if p.has(card_id)) > copies:
            short[card_id] = copies
    return short


def _pile_after(table: Table, progress: AgeProgress, plays: Sequence[Play], after: Table,
                leftovers: Mapping[int, str] | None = None) -> DiscardPile:
    """The discard pile at the end of the turn, before any build from it: this turn's discards and, on
    the last turn of an age, the last cards nobody plays (by id when entered in `leftovers`)."""
    pile = progress.discard
    for play in sorted(plays, key=lambda p: (p.seat, p.source)):
        if play.action == "discard" and play.source in ("hand", "last_card"):
            pile = pile.add(play.card)
    if progress.turn == turns_in_age(table):
        played_last = {p.seat for p in plays if p.source == "last_card"}
        for seat in range(table.seat_count):
            if seat not in played_last:
                pile = pile.add((leftovers or {}).get(seat))
    return pile


def _judge(table: Table, progress: AgeProgress, plays: Sequence[Play],
           leftovers: Mapping[int, str] | None = None) -> dict[tuple[int, str], PlayVerdict]:
    return _run(table, progress, plays, leftovers)[0].verdicts


def _run(table: Table, progress: AgeProgress, plays: Sequence[Play],
         leftovers: Mapping[int, str] | None = None) -> tuple[_Settled, DiscardPile]:
    """The whole turn in the rulebook's order; each play gets a verdict, the legal ones are applied."""
    keys = [p.key for p in plays]
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if twice:
        seat, source = twice[0]
        raise TurnError(f"seat {seat} has two plays of the {source}: a correction replaces the play",
                        "two_plays", {"seat": seat, "source": source})
    settled = _settle_hand(table, progress, plays)
    last_turn = progress.turn == turns_in_age(table)
    for play in sorted((p for p in plays if p.source == "last_card"), key=lambda p: p.seat):
        verdict = _check_shape(table, play)
        if verdict is None and not last_turn:
            verdict = _refuse(play, "not_last_turn", "the last card of an age is played after the last turn only")
        if verdict is None and not may_play_seventh_card(settled.table.players[play.seat]):
            verdict = _refuse(play, "no_last_card", f"{table.players[play.seat].name}'s city may not play the "
                                                    f"last card of the age (Babylon B's second stage)")
        verdict = verdict or _check_on(settled.table, progress, play)
        settled.verdicts[play.key] = verdict
        if verdict.legal:
            settled.table = _apply(settled.table, [(play, verdict)], settled)
    judged = [p for p in plays if p.key in settled.verdicts and settled.verdicts[p.key].legal]
    pile = _pile_after(table, progress, judged, settled.table, leftovers)
    for play in sorted((p for p in plays if p.source == "discard_pile"), key=lambda p: p.seat):
        verdict, pile = _check_discard_build(settled, pile, play)
        settled.verdicts[play.key] = verdict
        if verdict.legal:
            settled.table = _apply(settled.table, [(play, verdict)], settled)
    return settled, pile


def _check_discard_build(settled: _Settled, pile: DiscardPile, play: Play) -> tuple[PlayVerdict, DiscardPile]:
    """Halikarnassos' build from the discard pile at the end of the turn: free, a card in the pile, no ship."""
    table = settled.table
    verdict = _check_shape(table, play)
    if verdict is not None:
        return verdict, pile
    name = table.players[play.seat].name
    if play.action != "build" or play.free_build:
        return _refuse(play, "discard_build_builds", "a card from the discard pile is built, free"), pile
    assert play.card is not None
    if play.seat not in settled.discard_builders:
        return _refuse(play, "no_discard_build", f"{name} may build from the discard pile only at the end of the "
                                                 f"turn a wonder stage that allows it is built", player=name), pile
    if not pile.may_hold(play.card):
        return _refuse(play, "not_in_discard", f"{_card(table, play.card).name} is not in the discard pile",
                       card=play.card), pile
    check = check_card(table, play.seat, play.card, from_discard=True, step=NAVAL if play.naval else None)
    settled.discard_builders.discard(play.seat)
    verdict = _from_check(play, check)
    notes = discard_build_notes(table, play.seat) if verdict.legal else ()
    if notes:
        verdict = replace(verdict, notes=notes)
    return verdict, pile.take(play.card) if verdict.legal else pile


# -- the open turn and its closing -----------------------------------------------------------------------

def judge_turn(table: Table, progress: AgeProgress, plays: Sequence[Play]) -> TurnReport:
    """The open turn as entered so far: a verdict for each play and who has not played yet."""
    verdicts = _judge(table, progress, plays)
    return TurnReport(tuple(verdicts[k] for k in sorted(verdicts)), waiting_for(table, plays))


def close_turn(table: Table, progress: AgeProgress, plays: Sequence[Play],
               leftovers: Mapping[int, str] | None = None) -> TurnResult:
    """Close the turn: settle every play (see the module's docstring) and move the game on; after the
    last turn of an age, resolve its land conflicts. `leftovers` names the last cards nobody plays, by
    seat, when they are known (they go to the discard pile either way).

    :raises TurnError: when a seat has not played (``not_played``) or a play is refused (the first
        refusal's code); nothing is settled then.
    """
    if progress.finished:
        raise TurnError("the game is over", "game_over")
    settled, pile = _run(table, progress, plays, leftovers)
    waiting = waiting_for(table, plays)
    if waiting:
        names = ", ".join(table.players[s].name for s in waiting)
        raise TurnError(f"not everyone has played: {names}", "not_played", {"seats": waiting})
    refused = [settled.verdicts[k] for k in sorted(settled.verdicts) if not settled.verdicts[k].legal]
    if refused:
        first = refused[0]
        raise TurnError(first.reason or "a play is refused", first.reason_code or "refused",
                        {**dict(first.reason_values), "seat": first.play.seat})
    after = settled.table
    age_over = progress.turn == turns_in_age(table)
    conflicts = None
    if age_over:
        conflicts = resolve_conflicts(after, progress.age)
        after = replace(after, players=tuple(replace(p, tokens=(*p.tokens, *won)) for p, won
                                             in zip(after.players, conflicts.tokens, strict=True)))
        last_age = progress.age == table.data.rules.ages
        following = AgeProgress(progress.age if last_age else progress.age + 1, 1, frozenset(), pile, last_age)
    else:
        following = AgeProgress(progress.age, progress.turn + 1, frozenset(settled.free_builds_used), pile)
    steps = {seat: tuple(moves) for seat, moves in sorted(settled.ship_steps.items())}
    verdicts = tuple(settled.verdicts[k] for k in sorted(settled.verdicts))
    return TurnResult(after, following, verdicts, tuple(settled.ledgers), steps, age_over, conflicts)
