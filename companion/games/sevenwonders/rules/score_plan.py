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

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from itertools import combinations_with_replacement, product
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
    "COPY",
    "FIELD_BITS",
    "GUILD_WILD",
    "SCOPE_OFFSETS",
    "SCORELESS",
    "SPECIAL",
    "CardPlan",
    "EffectsPlan",
    "PerItemTerm",
    "Placement",
    "ScorePlans",
    "Tally",
    "best_placement",
    "compile_effects",
    "plans_for",
    "science_table",
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
SCIENCE_TABLE_LIMITS = (7, 3)
"""The science table holds every city with up to 7 symbols of each type and up to 3 wild symbols."""
WILD = "wild"
"""The tally field of wild science symbols (the others: ``color:<colour>``, ``points:<category>``,
``symbol:<symbol>``, ``effect:<type>``)."""
COPY = "copies_guild"
"""The tally field of the powers to copy a neighbour's guild (Olympia B's last stage)."""
GUILD_WILD = "guild_wild"
"""The tally field of the wild symbols of guilds (an expansion may cap what a guild adds to science)."""
SPECIAL = "special"
"""The tally field of the buildings whose points need more than a tally (`CardPlan.special`)."""


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
    """The symbols, wild symbols and effects of other kinds (field ``effect:<type>``) as a tally (a card's
    also counts its colour, when it has a category its fixed points, and a guild's wild symbols)."""


@dataclass(frozen=True, slots=True, eq=False)
class CardPlan:
    """A building's scoring facts."""

    card: Card
    color: str
    category: str | None
    """The score category of its points; None for a colour that scores nothing."""
    is_guild: bool
    effects: EffectsPlan
    tally: int
    weighted: tuple[tuple[int, int, int], ...]
    """Its per-item points that count cards at a fixed amount: (seat offset, colour field shift, points per card)."""
    other_terms: tuple[PerItemTerm, ...]
    """Its other per-item terms (an amount set by a rules option, stages or tokens counted)."""
    special: bool
    """True when its points need more than the tally: per-item points, an expansion's effects, or points
    without a category (an error the scorer reports)."""

    def scored_alone(self, capped: frozenset[str], scored: frozenset[type[Effect]]) -> bool:
        """True when its points need more than the tally at a table whose expansions may cap the points of
        `capped` colours and score the effect kinds `scored`: per-item points, points without a category, a
        capped colour, an effect of a kind that scores (an expansion's other effects score nothing)."""
        effects = self.effects
        return bool(effects.terms or (effects.vp and self.category is None) or self.color in capped
                    or any(type(effect) in scored for effect in effects.others))


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
    science = tally.of([*((f"symbol:{symbol}", 1) for symbol in symbols), (WILD, wilds), (COPY, int(copies)),
                        *((f"effect:{effect.type}", 1) for effect in others)])
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
        shifts = dict(self.category_shifts)
        self.pad_shifts: tuple[int, int, int] | None = \
            (shifts["civilian"], shifts["commercial"], shifts["guilds"]) \
            if shifts.keys() == {"civilian", "commercial", "guilds"} else None
        """The shifts of the civilian, commercial and guild points when the buildings' points go to these rows only
        (the base game's score pad: a table without expansions is then scored in one frame per city)."""
        self.symbol_shifts = tuple(self.tally.shift(f"symbol:{symbol}") for symbol in rules.science_symbols)
        self.wild_shift = self.tally.shift(WILD)
        self.copy_shift = self.tally.shift(COPY)
        self.special_shift = self.tally.shift(SPECIAL)
        self.science_shift = self.symbol_shifts[0]
        """Where the science fields start: one per symbol, then the wild symbols (made in this order above)."""
        self.science_mask = (1 << (FIELD_BITS * (len(self.symbol_shifts) + 1))) - 1
        self.rules = rules
        self.science: dict[int, dict[int, Placement]] = {
            0: science_table(rules.science_symbols, rules.science_set_points, *SCIENCE_TABLE_LIMITS)}
        """By most-common symbols: science points and symbols placed at best, by the science fields of a tally
        (`science_for`)."""
        self.cards: dict[Card, CardPlan] = {}
        self.tallies: dict[Card, int] = {}
        self.special: dict[Card, CardPlan] = {}
        """The plans of the buildings whose points need more than their tally (`CardPlan.special`)."""
        self.looked_at: dict[tuple[frozenset[str], frozenset[type[Effect]]], tuple[dict[Card, CardPlan], int]] = {}
        """By the colours whose points expansions may cap and the effect kinds they score: the plans of the
        buildings scored one by one and the tally field that counts them (`one_by_one`)."""
        self.stages: dict[tuple[Wonder, str, int], EffectsPlan] = {}
        self.guilds: set[Card] = set()
        self.zeros: dict[tuple[str, ...], dict[str, int]] = {}
        self.effect_tallies: dict[int, tuple[Effect, int]] = {}

    def card(self, card: Card) -> CardPlan:
        """The plan of a building (an expansion's too: plans are kept by the card itself)."""
        plan = self.cards.get(card)
        if plan is None:
            plan = self._compile(card)
            self.cards[card] = plan
            self.tallies[card] = plan.tally
            if plan.special:
                self.special[card] = plan
            for (capped, scored), (chosen, shift) in self.looked_at.items():
                if plan.scored_alone(capped, scored):
                    chosen[card] = plan
                    self.tallies[card] += 1 << shift
            if card.is_guild:
                self.guilds.add(card)
        return plan

    def _compile(self, card: Card) -> CardPlan:
        effects = compile_effects(card.effects, self.tally)
        category = self.categories.get(card.color)
        fixed = self.tally.of([(f"points:{category}", effects.vp)]) if category is not None else 0
        tally = self.tally.of([(f"color:{card.color}", 1), (GUILD_WILD, effects.wilds if card.is_guild else 0)]) \
            + fixed + effects.tally
        special = bool(effects.terms or effects.others or (effects.vp and category is None))
        tally += self.tally.of([(SPECIAL, int(special))])
        fixed_terms = [term for term in effects.terms if term.pairs and term.option is None]
        weighted = tuple((offset, shift, term.amount) for term in fixed_terms for offset, shift in term.pairs)
        other_terms = tuple(term for term in effects.terms if term not in fixed_terms)
        return CardPlan(card, card.color, category, card.is_guild, effects, tally, weighted, other_terms, special)

    def one_by_one(self, capped: frozenset[str], scored: frozenset[type[Effect]]
                   ) -> tuple[dict[Card, CardPlan], int]:
        """The plans of the buildings scored one by one when expansions may cap the points of `capped` colours
        and score the effect kinds `scored` (`CardPlan.scored_alone`), and the field of a city's tally that counts
        them (``alone:<n>``: the tallies of `tallies` count it, a `CardPlan`'s does not)."""
        known = self.looked_at.get((capped, scored))
        if known is None:
            chosen = {card: plan for card, plan in self.cards.items() if plan.scored_alone(capped, scored)}
            shift = self.tally.shift(f"alone:{len(self.looked_at)}")
            for card in chosen:
                self.tallies[card] += 1 << shift
            known = self.looked_at[(capped, scored)] = (chosen, shift)
        return known

    def effect_tally(self, effect: Effect) -> int:
        """The tally of one effect of something an expansion adds to a city (an island's), kept by the effect
        itself (a component's effects live as long as its data)."""
        known = self.effect_tallies.get(id(effect))
        if known is None or known[0] is not effect:
            known = self.effect_tallies[id(effect)] = (effect, compile_effects([effect], self.tally).tally)
        return known[1]

    def count(self, tally: int, field: str) -> int:
        """The count of `field` in a city's `tally` (0 for a field no building has)."""
        shift = self.tally.shifts.get(field)
        return 0 if shift is None else Tally.read(tally, shift)

    def science_for(self, most_common: int) -> dict[int, Placement]:
        """The science table of cities adding `most_common` symbols to their most common type (made when
        first asked for: only an expansion has such symbols)."""
        table = self.science.get(most_common)
        if table is None:
            table = self.science[most_common] = science_table(
                self.rules.science_symbols, self.rules.science_set_points, *SCIENCE_TABLE_LIMITS, most_common)
        return table

    def zero(self, rows: tuple[str, ...]) -> dict[str, int]:
        """Every row of a score sheet at 0 (kept: a line's points start as a copy of it)."""
        zero = self.zeros.get(rows)
        if zero is None:
            zero = self.zeros[rows] = dict.fromkeys(rows, 0)
        return zero

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
_LAST: list[tuple[GameData, ScorePlans]] = []
"""The data asked for last and its plans (one game's data is asked for over and over)."""


def plans_for(data: GameData) -> ScorePlans:
    """The score plans of `data` (its buildings compiled), kept as long as the data is."""
    if _LAST and _LAST[0][0] is data:
        return _LAST[0][1]
    plans = _PLANS.get(data)
    if plans is None:
        plans = _PLANS[data] = ScorePlans(data.rules)
        plans.compile_cards(data.cards.values())
    _LAST[:] = [(data, plans)]
    return plans


Placement = tuple[int, tuple[str, ...], str | None]
"""A science score, what the wild symbols became and the type the most-common symbols went to (if any)."""


def best_placement(counts: Sequence[int], wilds: int, symbols: tuple[str, ...], set_points: int,
                   most_common: int = 0) -> Placement:
    """The best science score of `counts` (per symbol) with `wilds` wild symbols and `most_common` symbols
    added to a type the city has most of: the first best placement in `best_science`'s order."""
    best: Placement = (-1, (), None)
    for extra, added in wild_placements(symbols, wilds):
        values = [count + more for count, more in zip(counts, added, strict=True)]
        if not most_common:
            points = sum(v * v for v in values) + set_points * min(values)
            if points > best[0]:
                best = (points, extra, None)
            continue
        highest = max(values)
        for index, value in enumerate(values):
            if value == highest:
                final = [v + most_common if i == index else v for i, v in enumerate(values)]
                points = sum(v * v for v in final) + set_points * min(final)
                if points > best[0]:
                    best = (points, extra, symbols[index])
    return best


def science_table(symbols: tuple[str, ...], set_points: int, most: int, wilds: int, most_common: int = 0
                  ) -> dict[int, Placement]:
    """`best_placement` of every city with up to `most` symbols of each type and up to `wilds` wild symbols,
    by the science fields of its tally (a count per symbol, then the wild symbols)."""
    table = {}
    for counts in product(range(most + 1), repeat=len(symbols)):
        for wild in range(wilds + 1):
            key = sum(count << (FIELD_BITS * i) for i, count in enumerate((*counts, wild)))
            table[key] = best_placement(counts, wild, symbols, set_points, most_common)
    return table


@cache
def wild_placements(symbols: tuple[str, ...], wilds: int) -> tuple[tuple[tuple[str, ...], tuple[int, ...]], ...]:
    """Every way to place `wilds` wild symbols, in `best_science`'s order: the symbols each becomes, and
    how many go to each of `symbols`."""
    return tuple((extra, tuple(extra.count(symbol) for symbol in symbols))
                 for extra in combinations_with_replacement(symbols, wilds))
