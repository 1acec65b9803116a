"""Score plans: what scoring needs to know about a building or a wonder's built stages, compiled once.

Scoring a table walks every city's effects several times (points, symbols, wild symbols, Olympia's
power); a plan reads the effects once per card and per (wonder, side, stages built) and keeps only
the facts scoring asks for. The counts a city adds up (buildings of each colour, fixed points of each
score category, science symbols of each type, wild symbols) are kept as one *tally*: a whole number
with a 16-bit field per count, so that a city's tally is the plain sum of its buildings' tallies
(`sum(map(...))`, no loop in Python) and a count is read with a shift and a mask (`Tally.read`).
What a sum cannot say (per-item points, an expansion's effects, Olympia's copy) stays in the
building's `CardPlan`. Plans are cached per `GameData`, for its lifetime.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement
from weakref import WeakKeyDictionary

from companion.gamedata.effects import (
    BuildFromDiscard,
    Coins,
    CoinsPer,
    CopyNeighborGuild,
    Effect,
    FreeBuildPerAge,
    PlaySeventhCard,
    PointsPer,
    Produce,
    ProduceOneOf,
    ScienceSymbol,
    ScienceWild,
    Shields,
    TradeDiscount,
    VictoryPoints,
)
from companion.games.sevenwonders.rules.model import Card, GameData, Rules, Wonder

__all__ = [
    "FIELD_BITS",
    "SCOPE_OFFSETS",
    "SCORELESS",
    "CardPlan",
    "EffectsPlan",
    "PerItemTerm",
    "ScorePlans",
    "Tally",
    "compile_effects",
    "plans_for",
    "wild_placements",
]

SCOPE_OFFSETS: Mapping[str, int] = {"self": 0, "left": 1, "right": -1}
"""A per-item effect's scope as a seat offset: the left neighbour is the next seat, the right one the previous."""
SCORELESS: frozenset[type[Effect]] = frozenset({
    Produce, ProduceOneOf, Shields, Coins, CoinsPer, TradeDiscount, PlaySeventhCard, FreeBuildPerAge,
    BuildFromDiscard})
"""The base game's effect kinds that score nothing at the end."""
FIELD_BITS = 16
"""Bits per count of a tally: a city never holds 65,535 buildings, points or symbols of one kind."""
WILD = "wild"
"""The tally field of wild science symbols (the others: ``color:<colour>``, ``points:<category>``,
``symbol:<symbol>``)."""


class Tally:
    """Where each count sits in a tally: one field per colour, score category, science symbol and wild symbol."""

    def __init__(self, names: Iterable[str]) -> None:
        self.shifts: dict[str, int] = {}
        for name in names:
            self.shift(name)

    def shift(self, name: str) -> int:
        """The position of the field `name` (a field is added for a name met the first time)."""
        if name not in self.shifts:
            self.shifts[name] = FIELD_BITS * len(self.shifts)
        return self.shifts[name]

    def of(self, counts: Iterable[tuple[str, int]]) -> int:
        """The tally of these (field, count) pairs."""
        return sum(count << self.shift(name) for name, count in counts)

    @staticmethod
    def read(tally: int, shift: int) -> int:
        """The count at `shift` in `tally`."""
        return (tally >> shift) & ((1 << FIELD_BITS) - 1)


@dataclass(frozen=True, slots=True, eq=False)
class PerItemTerm:
    """Points per counted item: cards of `colors`, built stages or defeat tokens, over seat `offsets`."""

    amount: int
    option: str | None
    """A rules option whose value replaces `amount` (the Craftsmens Guild), or None."""
    count: str
    colors: tuple[str, ...]
    offsets: tuple[int, ...]
    pairs: tuple[tuple[int, int], ...] = ()
    """For a count of cards: each (seat offset, colour field shift) it adds up."""


@dataclass(frozen=True, slots=True, eq=False)
class EffectsPlan:
    """The scoring facts of a group of effects (a wonder's built stages', a card's, an island's)."""

    vp: int
    terms: tuple[PerItemTerm, ...]
    symbols: tuple[str, ...]
    wilds: int
    copies_guild: bool
    others: tuple[Effect, ...]
    """Effects of kinds the base game does not know: an expansion scores them."""
    tally: int = 0
    """The symbols and wild symbols as a tally (a card's also counts its colour and, when it has a
    category, its fixed points)."""


@dataclass(frozen=True, slots=True, eq=False)
class CardPlan:
    """A building's scoring facts."""

    card: Card
    color: str
    category: str | None
    """The score category of its points; None for a colour that scores nothing."""
    effects: EffectsPlan
    tally: int
    special: bool
    """True when its points need more than the tally: per-item points, an expansion's effects, a copy,
    or points without a category (an error the scorer reports)."""
    scores: bool
    """True when it gives points (fixed, per item or an expansion's)."""


def _term(effect: PointsPer, use_option: bool, tally: Tally) -> PerItemTerm:
    offsets = tuple(SCOPE_OFFSETS[where] for where in effect.scope)
    pairs = tuple((offset, tally.shift(f"color:{color}")) for offset in offsets for color in effect.colors) \
        if effect.count == "cards" else ()
    return PerItemTerm(effect.amount, effect.option if use_option else None, effect.count, effect.colors, offsets,
                       pairs)


def compile_effects(effects: Iterable[Effect], tally: Tally, *, use_option: bool = True) -> EffectsPlan:
    """The scoring facts of `effects`; a wonder stage's per-item points ignore rules options (`use_option`)."""
    vp, wilds, copies = 0, 0, False
    terms: list[PerItemTerm] = []
    symbols: list[str] = []
    others: list[Effect] = []
    for effect in effects:
        if isinstance(effect, VictoryPoints):
            vp += effect.amount
        elif isinstance(effect, PointsPer):
            terms.append(_term(effect, use_option, tally))
        elif isinstance(effect, ScienceSymbol):
            symbols.append(effect.symbol)
        elif isinstance(effect, ScienceWild):
            wilds += 1
        elif isinstance(effect, CopyNeighborGuild):
            copies = True
        elif type(effect) not in SCORELESS:
            others.append(effect)
    science = tally.of([*((f"symbol:{symbol}", 1) for symbol in symbols), (WILD, wilds)])
    return EffectsPlan(vp, tuple(terms), tuple(symbols), wilds, copies, tuple(others), science)


class ScorePlans:
    """The plans of one game's buildings (compiled at once) and wonder sides (when first asked for);
    an expansion's buildings are compiled when first met."""

    def __init__(self, rules: Rules) -> None:
        self.categories = rules.card_points_category
        self.tally = Tally([*(f"color:{color}" for color in rules.colors),
                            *(f"points:{category}" for category in dict.fromkeys(self.categories.values())),
                            *(f"symbol:{symbol}" for symbol in rules.science_symbols), WILD])
        self.category_shifts = tuple((category, self.tally.shift(f"points:{category}"))
                                     for category in dict.fromkeys(self.categories.values()))
        """Each score category with the shift of its fixed points in a city's tally."""
        self.symbol_shifts = tuple(self.tally.shift(f"symbol:{symbol}") for symbol in rules.science_symbols)
        self.wild_shift = self.tally.shift(WILD)
        self.cards: dict[Card, CardPlan] = {}
        self.tallies: dict[Card, int] = {}
        self.special: dict[Card, CardPlan] = {}
        """The plans of the buildings whose points need more than their tally (`CardPlan.special`)."""
        self.scoring: dict[Card, CardPlan] = {}
        """The plans of the buildings that give points (`CardPlan.scores`)."""
        self.stages: dict[tuple[Wonder, str, int], EffectsPlan] = {}
        self.copying = False
        """True when a building copies a neighbour's guild (no building of the base game: Olympia's stage)."""

    def card(self, card: Card) -> CardPlan:
        """The plan of a building (an expansion's too: plans are kept by the card itself)."""
        plan = self.cards.get(card)
        if plan is None:
            plan = self._compile(card)
            self.cards[card] = plan
            self.tallies[card] = plan.tally
            if plan.special:
                self.special[card] = plan
            if plan.scores:
                self.scoring[card] = plan
            self.copying = self.copying or plan.effects.copies_guild
        return plan

    def _compile(self, card: Card) -> CardPlan:
        effects = compile_effects(card.effects, self.tally)
        category = self.categories.get(card.color)
        fixed = self.tally.of([(f"points:{category}", effects.vp)]) if category is not None else 0
        tally = self.tally.of([(f"color:{card.color}", 1)]) + fixed + effects.tally
        special = bool(effects.terms or effects.others or effects.copies_guild or (effects.vp and category is None))
        scores = bool(effects.vp or effects.terms or effects.others)
        return CardPlan(card, card.color, category, effects, tally, special, scores)

    def compile_cards(self, cards: Iterable[Card]) -> None:
        """Compile the plans of any of `cards` not compiled yet."""
        for card in cards:
            self.card(card)

    def built_stages(self, wonder: Wonder, side: str, built: int) -> EffectsPlan:
        """The plan of the first `built` stages of a wonder's side."""
        key = (wonder, side, built)
        plan = self.stages.get(key)
        if plan is None:
            stages = wonder.sides[side].stages[:built]
            plan = compile_effects((e for stage in stages for e in stage.effects), self.tally, use_option=False)
            self.stages[key] = plan
        return plan


_PLANS: WeakKeyDictionary[GameData, ScorePlans] = WeakKeyDictionary()


def plans_for(data: GameData) -> ScorePlans:
    """The score plans of `data` (its buildings compiled), kept as long as the data is."""
    plans = _PLANS.get(data)
    if plans is None:
        plans = _PLANS[data] = ScorePlans(data.rules)
        plans.compile_cards(data.cards.values())
    return plans


@cache
def wild_placements(symbols: tuple[str, ...], wilds: int) -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
    """Every way to place `wilds` wild symbols, in `best_science`'s order: the symbols each becomes, and
    how many go to each of `symbols`."""
    return tuple((extra, tuple(extra.count(symbol) for symbol in symbols))
                 for extra in combinations_with_replacement(symbols, wilds))
