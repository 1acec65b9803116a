"""The score sheet from score plans (`score_plan`): one pass per city, neighbours read from their tallies.

It gives exactly the sheet of the effect-walking scorer (`scoring.score_table_by_effects`, kept as the
readable statement of the rules and as this one's oracle in the tests), in a fraction of the time: a
city's tally (colour counts, fixed points per category, science symbols) is the sum of its buildings'
tallies; per-item effects read the neighbours' tallies; only the buildings whose points need more
than a tally are looked at one by one, found from the city's last building on (as many as its tally
counts); science is read from a table of placements made once; Olympia's candidate guilds add one
building to her tally; each city is scored in one frame and its line filled at once.

A table without expansions (on the base game's score pad) takes `_score_base`. At a table with
expansions (`_score_expanded`) each expansion's `scoring_hooks.CompiledScoring` adds what the expansion
changes: its part's tally, the points of its effect kinds and caps on the buildings it looks at one by
one, most-common symbols and science limits, its score rows; an expansion that compiles its own (Armada)
answers from the tally instead of walking the city.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass
from functools import cache
from operator import attrgetter
from typing import Any

from companion.gamedata.facts import UnknownValueError
from companion.games.sevenwonders.rules.extension import POINTS
from companion.games.sevenwonders.rules.model import Card, Rules
from companion.games.sevenwonders.rules.science import best_science
from companion.games.sevenwonders.rules.score_plan import (
    FIELD_BITS,
    CardPlan,
    EffectsPlan,
    PerItemTerm,
    ScorePlans,
    best_placement,
    plans_for,
)
from companion.games.sevenwonders.rules.scoring import CATEGORIES, Choice, ScoreLine, ScoreSheet, _teams
from companion.games.sevenwonders.rules.scoring_hooks import (
    CompiledScoring,
    EffectPoints,
    Gaps,
    effect_points,
    expansions_scoring,
)
from companion.games.sevenwonders.rules.table import Player, Table

__all__ = ["city_tallies", "score_table"]

_MASK = (1 << FIELD_BITS) - 1
_IS_FREE_CITY = attrgetter("is_free_city")
_COINS_BITS = 32
"""A line's rank key is its total, then its coins, as one whole number: (total << 32) + coins."""
_new_object = object.__new__
_set_field = object.__setattr__


def city_tallies(plans: ScorePlans, players: Sequence[Player]) -> list[int]:
    """Each city's tally: the sum of its buildings' (colours, fixed points per category, symbols)."""
    tallies = plans.tallies
    try:
        return [sum(map(tallies.__getitem__, player.cards)) for player in players]
    except KeyError:
        for player in players:
            plans.compile_cards(player.cards)
        return [sum(map(tallies.__getitem__, player.cards)) for player in players]


_Sides = tuple[int, int, int]
"""The tallies at seat offsets 0, 1 and -1 of a city: its own, its left neighbour's, its right neighbour's."""
_Line = tuple[int, dict[str, int], list[Choice], Gaps]
"""A line's total, points per category, choices and gaps."""
_NO_GAPS = Gaps()
"""The gaps of every line at a table without expansions: none (nothing there adds to it)."""


def _counted(players: Sequence[Player], term: PerItemTerm, seat: int) -> int:
    """What a per-item term that does not count cards counts over its scope."""
    total = 0
    for offset in term.offsets:
        player = players[(seat + offset) % len(players)]
        if term.count == "wonder_stages_built":
            total += player.stages_built
        elif term.count == "defeat_tokens":
            total += len([token for token in player.tokens if token < 0])
        elif term.count != "cards":
            raise ValueError(f"unknown count kind {term.count!r}")
    return total


def _term_points(table: Table, terms: Sequence[PerItemTerm], seat: int, sides: _Sides) -> int:
    """The points of per-item terms; cards are counted in the tallies (`sides`), the rest on the table."""
    total = 0
    for term in terms:
        per = table.option(term.option) if term.option else term.amount
        if term.pairs:
            count = 0
            for offset, shift in term.pairs:
                count += (sides[offset] >> shift) & _MASK
            total += per * count
        else:
            total += per * _counted(table.players, term, seat)
    return total


def _buildings(table_plans: dict[Card, CardPlan], player: Player, wanted: int) -> list[CardPlan]:
    """The plans of `table_plans` among the city's buildings, `wanted` of them, in the city's order: found from
    its last building on (those of the last age, the base game's, come last)."""
    buildings: list[CardPlan] = []
    if wanted:
        for card in reversed(player.cards):
            plan = table_plans.get(card)
            if plan is not None:
                buildings.append(plan)
                if len(buildings) == wanted:
                    break
        if wanted > 1:
            buildings.reverse()
    return buildings


def _symbol_counts(plans: ScorePlans, tally: int) -> list[int]:
    return [(tally >> shift) & _MASK for shift in plans.symbol_shifts]


def _table_science(plans: ScorePlans, rules: Rules, tally: int, most_common: int, choices: list[Choice]
                   ) -> tuple[int, int]:
    """Science points, wild and most-common symbols placed at best, and the wild symbols placed: read from the
    science table (a placement beyond it is made here and kept: it depends on the key only)."""
    science = plans.science_for(most_common) if most_common else plans.science[0]
    key = (tally >> plans.science_shift) & plans.science_mask
    found = science.get(key)
    if found is None:
        wilds = (tally >> plans.wild_shift) & _MASK
        found = science[key] = best_placement(_symbol_counts(plans, tally), wilds, rules.science_symbols,
                                              rules.science_set_points, most_common)
    points, placed, target = found
    if placed or target is not None:
        choices += _placement_choices(placed, target, most_common)
    return points, len(placed)


@cache
def _placement_choices(placed: tuple[str, ...], target: str | None, most_common: int) -> tuple[Choice, ...]:
    """The choices of a science placement made by the optimiser (made once: they are the same on every line)."""
    choices = [Choice("science_wilds", placed, False, _wilds_text(placed))] if placed else []
    if target is not None:
        choices.append(Choice("most_common_symbol", target, False, _most_common_text(most_common, target)))
    return tuple(choices)


def _stated_science(plans: ScorePlans, rules: Rules, player: Player, tally: int, most_common: int,
                    stated_most_common: str | None, choices: list[Choice]) -> tuple[int, int]:
    """Science points when the player stated what wild or most-common symbols become (`best_science`), and
    the wild symbols."""
    wilds = (tally >> plans.wild_shift) & _MASK
    result = best_science(dict(zip(rules.science_symbols, _symbol_counts(plans, tally), strict=True)), wilds,
                          rules.science_symbols, rules.science_set_points, stated=player.choices.science,
                          most_common=most_common, stated_most_common=stated_most_common)
    if wilds:
        stated = len(player.choices.science[:wilds])
        choices.append(Choice("science_wilds", result.wilds, stated == wilds and stated > 0,
                              _wilds_text(result.wilds)))
    if most_common and result.most_common:
        choices.append(Choice("most_common_symbol", result.most_common, stated_most_common == result.most_common,
                              _most_common_text(most_common, result.most_common)))
    return result.points, wilds


def _most_common_text(most_common: int, target: str) -> str:
    return f"{most_common} most-common science symbol{'s' if most_common > 1 else ''} added to {target}"


def _wilds_text(placed: tuple[str, ...]) -> str:
    return "wild science symbol" + ("s" if len(placed) > 1 else "") + " counted as " + ", ".join(placed)


def _guild_candidates(plans: ScorePlans, players: Sequence[Player], seat: int, player: Player
                      ) -> list[tuple[Card, str]]:
    """The guilds Olympia may copy, by id: each neighbour's guilds that her city does not hold, with their owner."""
    guilds = plans.guilds
    seen: dict[str, tuple[Card, str]] = {}
    for neighbour in (players[(seat + 1) % len(players)], players[seat - 1]):
        for card in filter(guilds.__contains__, neighbour.cards):
            if card.id not in seen and not player.has(card.id):
                seen[card.id] = (card, neighbour.name)
    return [seen[card_id] for card_id in sorted(seen)]


def _copied(plans: ScorePlans, players: Sequence[Player], seat: int, line: _Line,
            trial: Callable[[CardPlan], _Line]) -> _Line:
    """The line of a city that may copy a neighbour's guild (its `line` without the copy): the best of its
    candidate guilds' lines (`trial` scores the city with one more building), or only the stated guild's."""
    total, _, choices, _ = line
    player = players[seat]
    candidates = _guild_candidates(plans, players, seat, player)
    stated = player.choices.copied_guild
    if stated is not None:
        candidates = [c for c in candidates if c[0].id == stated]
    best: tuple[_Line, Card, str] | None = None
    for guild, owner in candidates:
        tried = trial(plans.card(guild))
        if best is None or tried[0] > best[0][0]:
            best = (tried, guild, owner)
    if best is None:
        choices.insert(0, Choice("copied_guild", None, False, "no neighbour's guild to copy"))
        return line
    (best_total, points, choices, gaps), guild, owner = best
    choices.insert(0, Choice("copied_guild", guild.id, stated is not None,
                             f"copied {guild.name} from {owner} (+{best_total - total} VP)"))
    return best_total, points, choices, gaps


def _ranks(players: Sequence[Player], keys: Sequence[int]) -> list[int | None]:
    """Competition ranks of the rank keys (total, then coins: equal points and coins share a rank); none for
    the free city."""
    if not any(map(_IS_FREE_CITY, players)):
        contest = sorted(keys, reverse=True)
        return [contest.index(key) + 1 for key in keys]
    contest = sorted([key for key, player in zip(keys, players, strict=True) if not player.is_free_city],
                     reverse=True)
    return [None if player.is_free_city else contest.index(key) + 1
            for key, player in zip(keys, players, strict=True)]


def _sheet(table: Table, lines: tuple[ScoreLine, ...], categories: tuple[str, ...]) -> ScoreSheet:
    """The sheet of these lines: the winners are the team's when teams decide, else those ranked first."""
    if table.teams:
        teams, team_winners = _teams(table, lines)
        if team_winners is not None:
            return ScoreSheet(lines, team_winners, categories, teams)
        return ScoreSheet(lines, tuple([line.name for line in lines if line.rank == 1]), categories, teams)
    sheet = _new_object(ScoreSheet)   # `ScoreSheet(...)` without a frozen dataclass's field-by-field __init__
    _set_field(sheet, "__dict__", {"lines": lines, "winners": tuple([line.name for line in lines if line.rank == 1]),
                                   "categories": categories, "teams": ()})
    return sheet


# -- a table without expansions ---------------------------------------------------------------------------

def _base_points(table: Table, plans: ScorePlans, seat: int, player: Player, tally: int, buildings: list[CardPlan],
                 stages: EffectsPlan, sides: _Sides, choices: list[Choice]) -> dict[str, int]:
    """A city's points at a table without expansions (for `_score_base` and Olympia's trial guilds); the
    choices it states (a wild science symbol's use) are added to `choices`."""
    assert plans.pad_shifts is not None
    civilian_shift, commercial_shift, guilds_shift = plans.pad_shifts
    points = {"military": sum(player.tokens), "treasury": player.coins // table.data.rules.coins_per_point,
              "wonder": stages.vp + _term_points(table, stages.terms, seat, sides) if stages.terms else stages.vp,
              "civilian": (tally >> civilian_shift) & _MASK, "science": 0,
              "commercial": (tally >> commercial_shift) & _MASK, "guilds": (tally >> guilds_shift) & _MASK}
    for plan in buildings:
        amount = 0
        for offset, shift, per in plan.weighted:
            amount += per * ((sides[offset] >> shift) & _MASK)
        if plan.other_terms:
            amount += _term_points(table, plan.other_terms, seat, sides)
        if plan.category is None:
            amount += plan.effects.vp
            if amount:
                raise ValueError(f"no score category for {plan.color} card '{plan.card.id}'")
        elif amount:
            points[plan.category] += amount
    if player.choices.science:
        points["science"] = _stated_science(plans, table.data.rules, player, tally, 0, None, choices)[0]
        return points
    science = plans.science[0]
    placement = science.get((tally >> plans.science_shift) & plans.science_mask)
    if placement is None:
        points["science"] = _table_science(plans, table.data.rules, tally, 0, choices)[0]
        return points
    points["science"] = placement[0]
    if placement[1]:
        choices += _placement_choices(placement[1], None, 0)
    return points


def _base_trial(table: Table, plans: ScorePlans, seat: int, tally: int, buildings: list[CardPlan],
                stages: EffectsPlan, sides: _Sides) -> Callable[[CardPlan], _Line]:
    """Olympia's line with one more building (a trial guild) at a table without expansions."""
    def trial(plan: CardPlan) -> _Line:
        trial_buildings = [*buildings, plan] if plan.card in plans.special else buildings
        trial_tally = tally + plan.tally
        choices: list[Choice] = []
        points = _base_points(table, plans, seat, table.players[seat], trial_tally, trial_buildings, stages,
                              (trial_tally, sides[1], sides[2]), choices)
        return sum(points.values()), points, choices, _NO_GAPS
    return trial


def _score_base(table: Table, plans: ScorePlans) -> ScoreSheet:
    """`score_table` at a table without expansions: each city scored in one frame (Olympia's trial guilds by
    `_base_trial`), the lines filled at once, their ranks set once every line is known."""
    players = table.players
    special = plans.special
    tallies = city_tallies(plans, players)
    copy_shift = plans.copy_shift
    special_shift = plans.special_shift
    count = len(players)
    keys: list[int] = []
    """Each line's rank key: its total, then its coins."""
    lines: list[ScoreLine] = []
    line_fields: list[dict[str, object]] = []
    stages_of = plans.stages
    for seat, player in enumerate(players):
        stages = stages_of.get((player.wonder, player.side, player.stages_built)) or \
            plans.built_stages(player.wonder, player.side, player.stages_built)
        tally = tallies[seat] + stages.tally
        sides = (tally, tallies[(seat + 1) % count], tallies[seat - 1])
        buildings = _buildings(special, player, (tally >> special_shift) & _MASK)
        stated: list[Choice] = []
        points = _base_points(table, plans, seat, player, tally, buildings, stages, sides, stated)
        total = sum(points.values())
        if (tally >> copy_shift) & _MASK:
            total, points, stated, _ = _copied(plans, players, seat, (total, points, stated, _NO_GAPS),
                                               _base_trial(table, plans, seat, tally, buildings, stages, sides))
        keys.append((total << _COINS_BITS) + player.coins)
        fields = {"name": player.name, "points": points, "coins": player.coins, "is_free_city": player.is_free_city,
                  "choices": tuple(stated), "rank": None, "unknown": {}}
        line = _new_object(ScoreLine)
        _set_field(line, "__dict__", fields)
        lines.append(line)
        line_fields.append(fields)
    for fields, rank in zip(line_fields, _ranks(players, keys), strict=True):
        fields["rank"] = rank
    return _sheet(table, tuple(lines), CATEGORIES)


# -- a table with expansions ------------------------------------------------------------------------------

@dataclass(slots=True)
class _Setup:
    """What scoring a table with expansions derives from their compiled scoring (kept for the next table when the
    compiled scoring is `CompiledScoring.reusable`)."""

    plans: ScorePlans
    expansion: CompiledScoring
    """The table's expansions' compiled scoring, as one (`scoring_hooks.expansions_scoring`)."""
    points_kinds: int
    """How many effect kinds had points (`extension.POINTS`) when it was made: a setup kept is remade after an
    expansion registers more."""
    categories: tuple[str, ...]
    zero: dict[str, int]
    """Every row of the sheet at 0 (a line's points start as a copy)."""
    one_by_one: dict[Card, CardPlan]
    """The plans of the buildings scored one by one (`ScorePlans.one_by_one`)."""
    alone_shift: int
    """The tally field that counts them."""
    effect_points: Mapping[type, EffectPoints]
    trial_player: bool
    """Whether Olympia's trial guild joins her `Player` while she tries it (`CompiledScoring.trial_player`, and
    the rules of effect kinds no expansion compiled, which are asked on her trial table)."""


def _setup(table: Table, plans: ScorePlans) -> _Setup:
    """The setup of a table with expansions: kept from the last table on a reusable compiled scoring."""
    expansion = expansions_scoring(table, plans)
    if expansion.reusable:
        known = expansion.kept
        if isinstance(known, _Setup) and known.plans is plans and known.points_kinds == len(POINTS):
            return known
    rules = effect_points(expansion, table)
    one_by_one, alone_shift = plans.one_by_one(expansion.capped_colors, frozenset(rules))
    categories = CATEGORIES + expansion.score_rows
    setup = _Setup(plans, expansion, len(POINTS), categories, plans.zero(categories), one_by_one, alone_shift, rules,
                   expansion.trial_player or rules is not expansion.effect_points)
    if expansion.reusable and rules is expansion.effect_points:      # nothing in it depends on the table
        expansion.kept = setup
    return setup


def _expansion_card_points(scoring: _Setup, seat: int, player: Player, plan: CardPlan, amount: int) -> int:
    """A building's points once the points of expansions' effect kinds are added and their caps applied.

    :raises UnknownValueError: when they depend on a value nobody has entered (an Armada trade level).
    """
    for effect in plan.effects.others:
        rule = scoring.effect_points.get(type(effect))
        if rule is not None:
            amount += rule(seat, player, effect)
    caps = scoring.expansion.color_caps
    if caps is None:
        return scoring.expansion.card_cap(seat, player, plan, amount)
    return min(amount, caps[plan.color]) if plan.color in caps else amount


def _expanded_points(table: Table, scoring: _Setup, seat: int, player: Player, part: Any, tally: int,
                     buildings: list[CardPlan], stages: EffectsPlan, sides: _Sides, choices: list[Choice], gaps: Gaps
                     ) -> dict[str, int]:
    """A city's points at a table with expansions (`part`: what they add to the city), Olympia's copy aside
    (while she tries a guild, `tally` counts it, and `player` holds it when `_Setup.trial_player`); the choices
    and gaps are added to `choices` and `gaps`. The buildings an expansion may change (per-item points, an
    expansion's effects, a cap) are scored one by one: their whole points replace the fixed points the tally
    gave their category."""
    plans = scoring.plans
    expansion = scoring.expansion
    points = scoring.zero.copy()
    points["military"] = sum(player.tokens)
    points["treasury"] = player.coins // table.data.rules.coins_per_point
    points["wonder"] = stages.vp + _term_points(table, stages.terms, seat, sides) if stages.terms else stages.vp
    for category, shift in plans.category_shifts:
        points[category] += (tally >> shift) & _MASK
    caps = expansion.color_caps
    for plan in buildings:
        effects = plan.effects
        amount = effects.vp
        for offset, shift, per in plan.weighted:
            amount += per * ((sides[offset] >> shift) & _MASK)
        if plan.other_terms:
            amount += _term_points(table, plan.other_terms, seat, sides)
        if caps is None or effects.others:
            try:
                amount = _expansion_card_points(scoring, seat, player, plan, amount)
            except UnknownValueError as error:
                gaps.add(plan.category or plan.color, error)
                if plan.category is not None:
                    points[plan.category] -= effects.vp
                continue
        elif plan.color in caps:
            amount = min(amount, caps[plan.color])
        if plan.category is not None:
            points[plan.category] += amount - effects.vp
        elif amount:
            raise ValueError(f"no score category for {plan.color} card '{plan.card.id}'")
    most_common, stated_most_common = expansion.most_common(seat, player, part, tally)
    if player.choices.science or stated_most_common:
        science, wilds = _stated_science(plans, table.data.rules, player, tally, most_common, stated_most_common,
                                         choices)
    else:
        placement = (plans.science.get(most_common) or plans.science_for(most_common)).get(
            (tally >> plans.science_shift) & plans.science_mask)
        if placement is None:
            science, wilds = _table_science(plans, table.data.rules, tally, most_common, choices)
        else:
            science, placed, target = placement
            wilds = len(placed)
            if placed or target is not None:
                choices += _placement_choices(placed, target, most_common)
    points["science"] = science - expansion.science_excess(seat, player, part, tally, science, wilds, most_common)
    expansion.score(seat, player, part, tally, points, gaps, choices)
    return points


def _expanded_trial(table: Table, scoring: _Setup, seat: int, part: Any, tally: int, buildings: list[CardPlan],
                    stages: EffectsPlan, sides: _Sides) -> Callable[[CardPlan], _Line]:
    """Olympia's line with one more building (a trial guild) at a table with expansions."""
    def trial(plan: CardPlan) -> _Line:
        trial_buildings = [*buildings, plan] if plan.card in scoring.one_by_one else buildings
        trial_tally = tally + plan.tally
        player = table.players[seat]
        if scoring.trial_player:
            player = player.with_card(plan.card)
        choices: list[Choice] = []
        gaps = Gaps()
        points = _expanded_points(table, scoring, seat, player, part, trial_tally, trial_buildings, stages,
                                  (trial_tally, sides[1], sides[2]), choices, gaps)
        return sum(points.values()), points, choices, gaps
    return trial


def _score_expanded(table: Table, plans: ScorePlans) -> ScoreSheet:
    """`score_table` at a table with expansions: each city scored in one frame with the expansions' compiled
    scoring, the lines filled at once; no rank while a line lacks a value nobody has entered."""
    players = table.players
    scoring = _setup(table, plans)
    expansion = scoring.expansion
    one_by_one, alone_shift = scoring.one_by_one, scoring.alone_shift
    tallies = city_tallies(plans, players)
    copy_shift = plans.copy_shift
    count = len(players)
    keys: list[int] = []
    lines: list[ScoreLine] = []
    line_fields: list[dict[str, object]] = []
    complete = True
    stages_of = plans.stages
    gaps = Gaps()
    for seat, player in enumerate(players):
        stages = stages_of.get((player.wonder, player.side, player.stages_built)) or \
            plans.built_stages(player.wonder, player.side, player.stages_built)
        part = expansion.part(player)
        tally = tallies[seat] + stages.tally + expansion.city_tally(part)
        sides = (tally, tallies[(seat + 1) % count], tallies[seat - 1])
        buildings = _buildings(one_by_one, player, (tallies[seat] >> alone_shift) & _MASK)
        choices: list[Choice] = []
        points = _expanded_points(table, scoring, seat, player, part, tally, buildings, stages, sides, choices, gaps)
        total = sum(points.values())
        line_gaps = gaps
        if (tally >> copy_shift) & _MASK:
            total, points, choices, line_gaps = _copied(plans, players, seat, (total, points, choices, gaps),
                                                        _expanded_trial(table, scoring, seat, part, tally, buildings,
                                                                        stages, sides))
        keys.append((total << _COINS_BITS) + player.coins)
        unknown = {}
        if line_gaps.by_category:
            complete = False
            unknown = line_gaps.frozen()
        if gaps.by_category:
            gaps = Gaps()               # the next city's (a line without gaps leaves none to the next)
        fields = {"name": player.name, "points": points, "coins": player.coins, "is_free_city": player.is_free_city,
                  "choices": tuple(choices), "rank": None, "unknown": unknown}
        line = _new_object(ScoreLine)
        _set_field(line, "__dict__", fields)
        lines.append(line)
        line_fields.append(fields)
    if complete:
        for fields, rank in zip(line_fields, _ranks(players, keys), strict=True):
            fields["rank"] = rank
    return _sheet(table, tuple(lines), scoring.categories)


def score_table(table: Table) -> ScoreSheet:
    """The end-game score sheet of a finished table, from the score plans of its game data."""
    plans = plans_for(table.data)
    if not table.extensions and plans.pad_shifts is not None:
        return _score_base(table, plans)
    return _score_expanded(table, plans)
