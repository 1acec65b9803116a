"""The score sheet from score plans (`score_plan`): one pass per city, neighbours read from their tallies.

It gives exactly the sheet of the effect-walking scorer (`scoring.score_table_by_effects`, kept as the
readable statement of the rules and as this one's oracle in the tests), in a fraction of the time: a
city's tally (colour counts, fixed points per category, science symbols) is the sum of its buildings'
tallies; per-item effects read the neighbours' tallies; only the buildings whose points need more
than a tally are looked at one by one; science searches only when there is a wild symbol to place;
Olympia's candidate guilds add one building to her tally; every total is summed once. What an
expansion adds is asked of the expansion through `scoring_hooks`.

A table without expansions (on the base game's score pad) takes `_score_base`: each city scored in one
frame, its buildings scored one by one found from its last building on (as many as its tally counts),
the lines filled as they are found; `_base_points` scores Olympia's trial guilds the same way.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import partial
from operator import attrgetter

from companion.gamedata.facts import Unknown, UnknownValueError
from companion.games.sevenwonders.rules.model import Card
from companion.games.sevenwonders.rules.science import best_science
from companion.games.sevenwonders.rules.score_plan import (
    FIELD_BITS,
    CardPlan,
    EffectsPlan,
    PerItemTerm,
    Placement,
    ScorePlans,
    best_placement,
    plans_for,
)
from companion.games.sevenwonders.rules.scoring import (
    CATEGORIES,
    Choice,
    ScoreLine,
    ScoreSheet,
    _teams,
    categories_for,
)
from companion.games.sevenwonders.rules.scoring_hooks import (
    Gaps,
    capped_colors,
    expansion_card_points,
    expansion_rows,
    expansion_science,
    expansion_tally,
    has_expansions,
    most_common_symbols,
)
from companion.games.sevenwonders.rules.table import Player, Table

__all__ = ["city_tallies", "score_table"]

_MASK = (1 << FIELD_BITS) - 1
_IS_FREE_CITY = attrgetter("is_free_city")
_COINS_BITS = 32
"""A line's rank key is its total, then its coins, as one whole number: (total << 32) + coins."""


def city_tallies(plans: ScorePlans, players: Sequence[Player]) -> list[int]:
    """Each city's tally: the sum of its buildings' (colours, fixed points per category, symbols)."""
    tallies = plans.tallies
    try:
        return [sum(map(tallies.__getitem__, player.cards)) for player in players]
    except KeyError:
        for player in players:
            plans.compile_cards(player.cards)
        return [sum(map(tallies.__getitem__, player.cards)) for player in players]


@dataclass(slots=True)
class _Scoring:
    """One table being scored: the table, its plans and tallies, its score rows, whether expansions join in."""

    table: Table
    plans: ScorePlans
    tallies: list[int]
    categories: tuple[str, ...]
    zero: dict[str, int]
    """Every row of the sheet at 0 (a line's points start as a copy)."""
    expansions: bool
    one_by_one: dict[Card, CardPlan]
    """The plans of the buildings scored one by one (`ScorePlans.one_by_one`)."""
    coins_per_point: int
    free_city: bool
    """True when a free city sits at the table (the two-player variant): it is not ranked."""
    copy_shift: int
    """Where a city's tally counts its powers to copy a neighbour's guild."""
    science: dict[int, Placement]
    """The science table of cities without most-common symbols."""


@dataclass(slots=True)
class _City:
    """A city being scored: its tally with its stages' and expansion parts' (symbols, copy powers, effects),
    and the plans of the buildings scored one by one."""

    player: Player
    tally: int
    buildings: list[CardPlan]
    """Those of `_Scoring.one_by_one`, in the city's order."""
    stages: EffectsPlan


def _city(scoring: _Scoring, seat: int) -> _City:
    player = scoring.table.players[seat]
    plans = scoring.plans
    stages = plans.stages.get((player.wonder, player.side, player.stages_built)) or \
        plans.built_stages(player.wonder, player.side, player.stages_built)
    buildings = list(filter(None, map(scoring.one_by_one.get, player.cards)))
    tally = scoring.tallies[seat] + stages.tally
    if scoring.expansions:
        tally += expansion_tally(plans, player)
    return _City(player, tally, buildings, stages)


def _with_card(scoring: _Scoring, city: _City, plan: CardPlan) -> _City:
    """The same city with one more building (Olympia's copied guild)."""
    buildings = [*city.buildings, plan] if plan.card in scoring.one_by_one else city.buildings
    player = city.player.with_card(plan.card) if scoring.expansions else city.player
    return _City(player, city.tally + plan.tally, buildings, city.stages)


_Sides = tuple[int, int, int]
"""The tallies at seat offsets 0, 1 and -1 of a city: its own, its left neighbour's, its right neighbour's."""


def _sides(scoring: _Scoring, seat: int, city: _City) -> _Sides:
    tallies = scoring.tallies
    return city.tally, tallies[(seat + 1) % len(tallies)], tallies[seat - 1]


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


def _special_buildings(scoring: _Scoring, seat: int, city: _City, points: dict[str, int]) -> None:
    """Add the points of the buildings whose points need more than a tally (per-item points) to their
    categories (their fixed points are in the tally)."""
    sides = _sides(scoring, seat, city)
    for plan in city.buildings:
        amount = 0
        for offset, shift, per in plan.weighted:
            amount += per * ((sides[offset] >> shift) & _MASK)
        if plan.other_terms:
            amount += _term_points(scoring.table, plan.other_terms, seat, sides)
        if plan.category is None:
            amount += plan.effects.vp
            if amount:
                raise ValueError(f"no score category for {plan.color} card '{plan.card.id}'")
        elif amount:
            points[plan.category] += amount


def _expansion_buildings(scoring: _Scoring, table: Table, seat: int, city: _City, points: dict[str, int],
                         gaps: Gaps) -> None:
    """With expansions, put right the points of the buildings an expansion may change (per-item points, an
    expansion's effects, a guild's cap) one by one: their whole points replace the fixed points the tally
    gave their category. `table` is Olympia's trial table while she copies a guild."""
    sides = _sides(scoring, seat, city)
    for plan in city.buildings:
        effects = plan.effects
        in_tally = effects.vp if plan.category is not None else 0
        amount = effects.vp + (_term_points(scoring.table, effects.terms, seat, sides) if effects.terms else 0)
        try:
            amount = expansion_card_points(table, seat, plan, amount)
        except UnknownValueError as error:
            gaps.add(plan.category or plan.color, error)
            if plan.category is not None:
                points[plan.category] -= in_tally
            continue
        if plan.category is not None:
            points[plan.category] += amount - in_tally
        elif amount:
            raise ValueError(f"no score category for {plan.color} card '{plan.card.id}'")


def _symbol_counts(scoring: _Scoring, tally: int) -> list[int]:
    return [(tally >> shift) & _MASK for shift in scoring.plans.symbol_shifts]


def _placed(scoring: _Scoring, tally: int, most_common: int) -> Placement:
    """Science beyond the science table: the symbols counted and the wild symbols placed here."""
    rules = scoring.table.data.rules
    wilds = (tally >> scoring.plans.wild_shift) & _MASK
    return best_placement(_symbol_counts(scoring, tally), wilds, rules.science_symbols, rules.science_set_points,
                          most_common)


def _science(scoring: _Scoring, table: Table, seat: int, city: _City, choices: list[Choice]) -> int:
    """Science points, wild and most-common symbols placed at best (or as the player stated)."""
    plans = scoring.plans
    tally = city.tally
    most_common, stated_most_common = (0, None)
    if scoring.expansions:
        most_common, stated_most_common = most_common_symbols(table, seat, partial(plans.count, tally))
    player = city.player
    if player.choices.science or stated_most_common:
        return _stated_science(scoring, table, seat, city, most_common, stated_most_common, choices)
    science = plans.science_for(most_common) if most_common else scoring.science
    key = (tally >> plans.science_shift) & plans.science_mask
    found = science.get(key)
    if found is None:  # beyond the science table: placed here, and kept (a placement depends on the key only)
        found = science[key] = _placed(scoring, tally, most_common)
    points, placed, target = found
    if placed:
        choices.append(Choice("science_wilds", placed, False, _wilds_text(placed)))
    if target is not None:
        choices.append(Choice("most_common_symbol", target, False, _most_common_text(most_common, target)))
    if not scoring.expansions:
        return points
    return points - expansion_science(table, seat, points, len(placed), most_common, partial(plans.count, tally))


def _stated_science(scoring: _Scoring, table: Table, seat: int, city: _City, most_common: int,
                    stated_most_common: str | None, choices: list[Choice]) -> int:
    """Science points when the player stated what wild or most-common symbols become (`best_science`)."""
    rules = table.data.rules
    player = city.player
    counts = _symbol_counts(scoring, city.tally)
    wilds = (city.tally >> scoring.plans.wild_shift) & _MASK
    result = best_science(dict(zip(rules.science_symbols, counts, strict=True)), wilds, rules.science_symbols,
                          rules.science_set_points, stated=player.choices.science, most_common=most_common,
                          stated_most_common=stated_most_common)
    if wilds:
        stated = len(player.choices.science[:wilds])
        choices.append(Choice("science_wilds", result.wilds, stated == wilds and stated > 0,
                              _wilds_text(result.wilds)))
    if most_common and result.most_common:
        choices.append(Choice("most_common_symbol", result.most_common, stated_most_common == result.most_common,
                              _most_common_text(most_common, result.most_common)))
    if not scoring.expansions:
        return result.points
    return result.points - expansion_science(table, seat, result.points, wilds, most_common,
                                             partial(scoring.plans.count, city.tally))


def _most_common_text(most_common: int, target: str) -> str:
    return f"{most_common} most-common science symbol{'s' if most_common > 1 else ''} added to {target}"


def _wilds_text(placed: tuple[str, ...]) -> str:
    return "wild science symbol" + ("s" if len(placed) > 1 else "") + " counted as " + ", ".join(placed)


def _line_points(scoring: _Scoring, table: Table, seat: int, city: _City, choices: list[Choice],
                 gaps: Gaps) -> dict[str, int]:
    """A city's points per category, Olympia's copy aside (`table` is her trial table while she copies)."""
    player = city.player
    points = scoring.zero.copy()
    points["military"] = sum(player.tokens)
    points["treasury"] = player.coins // scoring.coins_per_point
    stages = city.stages
    if stages.terms:
        points["wonder"] = stages.vp + _term_points(scoring.table, stages.terms, seat, _sides(scoring, seat, city))
    else:
        points["wonder"] = stages.vp
    tally = city.tally
    for category, shift in scoring.plans.category_shifts:
        points[category] += (tally >> shift) & _MASK
    if scoring.expansions:
        _expansion_buildings(scoring, table, seat, city, points, gaps)
        points["science"] = _science(scoring, table, seat, city, choices)
        expansion_rows(table, seat, points, gaps, choices, partial(scoring.plans.count, tally))
        return points
    if city.buildings:
        _special_buildings(scoring, seat, city, points)
    points["science"] = _science(scoring, table, seat, city, choices)
    return points


_Line = tuple[int, dict[str, int], list[Choice], Gaps]
"""A line's total, points per category, choices and gaps."""
_NO_GAPS = Gaps()
"""The gaps of every line at a table without expansions: none (nothing there adds to it)."""


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


def _best_copy(scoring: _Scoring, seat: int, city: _City) -> tuple[_Line, Card, str] | None:
    """Olympia's best line with one of her candidate guilds (the stated one only, when stated)."""
    table = scoring.table
    player = city.player
    candidates = _guild_candidates(scoring.plans, table.players, seat, player)
    stated = player.choices.copied_guild
    if stated is not None:
        candidates = [c for c in candidates if c[0].id == stated]
    best: tuple[_Line, Card, str] | None = None
    for guild, owner in candidates:
        trial = _with_card(scoring, city, scoring.plans.card(guild))
        trial_table = table.with_player(seat, trial.player) if scoring.expansions else table
        choices: list[Choice] = []
        gaps = Gaps() if scoring.expansions else _NO_GAPS
        points = _line_points(scoring, trial_table, seat, trial, choices, gaps)
        total = sum(points.values())
        if best is None or total > best[0][0]:
            best = ((total, points, choices, gaps), guild, owner)
    return best


def _score_line(scoring: _Scoring, seat: int) -> _Line:
    """A city's total, points, choices and gaps, Olympia's copied guild chosen."""
    city = _city(scoring, seat)
    choices: list[Choice] = []
    gaps = Gaps() if scoring.expansions else _NO_GAPS
    points = _line_points(scoring, scoring.table, seat, city, choices, gaps)
    total = sum(points.values())
    if not (city.tally >> scoring.copy_shift) & _MASK:
        return total, points, choices, gaps
    return _copied(scoring, seat, city, (total, points, choices, gaps))


def _copied(scoring: _Scoring, seat: int, city: _City, line: _Line) -> _Line:
    """The line of a city that may copy a neighbour's guild (its `line` without the copy): the best copy's."""
    total, points, choices, gaps = line
    best = _best_copy(scoring, seat, city)
    if best is None:
        choices.insert(0, Choice("copied_guild", None, False, "no neighbour's guild to copy"))
        return total, points, choices, gaps
    (best_total, points, choices, gaps), guild, owner = best
    choices.insert(0, Choice("copied_guild", guild.id, city.player.choices.copied_guild is not None,
                             f"copied {guild.name} from {owner} (+{best_total - total} VP)"))
    return best_total, points, choices, gaps


def _ranks(scoring: _Scoring, lines: Sequence[_Line]) -> list[int | None]:
    """Competition ranks after the coin tie-break (equal points and coins share a rank); none while a
    line is incomplete, none for the free city."""
    players = scoring.table.players
    if scoring.expansions and any(line[3].by_category for line in lines):
        return [None] * len(lines)
    keys = [(line[0] << _COINS_BITS) + player.coins for player, line in zip(players, lines, strict=True)]
    if not scoring.free_city:
        contest = sorted(keys, reverse=True)
        return [contest.index(key) + 1 for key in keys]
    contest = sorted([key for key, player in zip(keys, players, strict=True) if not player.is_free_city],
                     reverse=True)
    return [None if player.is_free_city else contest.index(key) + 1
            for key, player in zip(keys, players, strict=True)]


def _new_line(name: str, points: dict[str, int], coins: int, is_free_city: bool, choices: tuple[Choice, ...],
              rank: int | None, unknown: dict[str, tuple[Unknown, ...]]) -> ScoreLine:
    """`ScoreLine(...)` at a fifth of the cost: a frozen dataclass's `__init__` sets each field through
    `object.__setattr__`; the fields are filled at once here (the tests compare both ways)."""
    line: ScoreLine = object.__new__(ScoreLine)
    object.__setattr__(line, "__dict__", {"name": name, "points": points, "coins": coins, "is_free_city": is_free_city,
                                          "choices": choices, "rank": rank, "unknown": unknown})
    return line


_new_object = object.__new__
_set_field = object.__setattr__


def _base_points(table: Table, plans: ScorePlans, tallies: list[int], seat: int, player: Player, tally: int,
                 buildings: list[CardPlan], stages: EffectsPlan, sides: _Sides, choices: list[Choice]
                 ) -> dict[str, int]:
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
        points["science"] = _stated_science(_base_scoring(table, plans, tallies), table, seat,
                                            _City(player, tally, buildings, stages), 0, None, choices)
        return points
    science = plans.science[0]
    key = (tally >> plans.science_shift) & plans.science_mask
    placement = science.get(key)
    if placement is None:
        placement = science[key] = _placed(_base_scoring(table, plans, tallies), tally, 0)
    points["science"] = placement[0]
    if placement[1]:
        choices.append(Choice("science_wilds", placement[1], False, _wilds_text(placement[1])))
    return points


def _base_copied(table: Table, plans: ScorePlans, tallies: list[int], seat: int, player: Player, tally: int,
                 buildings: list[CardPlan], stages: EffectsPlan, sides: _Sides,
                 line: tuple[int, dict[str, int], list[Choice]]) -> tuple[int, dict[str, int], tuple[Choice, ...]]:
    """`_copied` at a table without expansions: the line of a city that may copy a neighbour's guild (`line`
    without the copy), each trial guild scored by `_base_points`."""
    total, points, choices = line
    candidates = _guild_candidates(plans, table.players, seat, player)
    stated = player.choices.copied_guild
    if stated is not None:
        candidates = [c for c in candidates if c[0].id == stated]
    best: tuple[int, dict[str, int], list[Choice], Card, str] | None = None
    for guild, owner in candidates:
        plan = plans.card(guild)
        trial_buildings = [*buildings, plan] if plan.card in plans.special else buildings
        trial_tally = tally + plan.tally
        trial_choices: list[Choice] = []
        trial_points = _base_points(table, plans, tallies, seat, player, trial_tally, trial_buildings, stages,
                                    (trial_tally, sides[1], sides[2]), trial_choices)
        trial_total = sum(trial_points.values())
        if best is None or trial_total > best[0]:
            best = (trial_total, trial_points, trial_choices, guild, owner)
    if best is None:
        return total, points, (Choice("copied_guild", None, False, "no neighbour's guild to copy"), *choices)
    best_total, points, choices, guild, owner = best
    return best_total, points, (Choice("copied_guild", guild.id, stated is not None,
                                       f"copied {guild.name} from {owner} (+{best_total - total} VP)"), *choices)


def _base_scoring(table: Table, plans: ScorePlans, tallies: list[int]) -> _Scoring:
    """The `_Scoring` of a table without expansions, for the rarer paths (Olympia's copy, stated science)."""
    return _Scoring(table, plans, tallies, CATEGORIES, plans.zero(CATEGORIES), False, plans.special,
                    table.data.rules.coins_per_point, any(map(_IS_FREE_CITY, table.players)), plans.copy_shift,
                    plans.science[0])


def _score_base(table: Table, plans: ScorePlans) -> ScoreSheet:
    """`score_table` at a table without expansions: the same sheet, each city scored in one pass of one frame
    (`_line_points`'s work without a per-city object; Olympia's trial guilds as there), the science table grown
    by the placements it lacked (a placement depends on its key only), the lines filled at once."""
    players = table.players
    special = plans.special
    tallies = city_tallies(plans, players)
    stages_of = plans.stages
    copy_shift = plans.copy_shift
    special_shift = plans.special_shift
    count = len(players)
    keys: list[int] = []
    """Each line's rank key: its total, then its coins."""
    lines: list[ScoreLine] = []
    line_fields: list[dict[str, object]] = []
    """The fields of each line (its rank is set once every line is known)."""
    for seat, player in enumerate(players):
        stages = stages_of.get((player.wonder, player.side, player.stages_built)) or \
            plans.built_stages(player.wonder, player.side, player.stages_built)
        tally = tallies[seat] + stages.tally
        sides = (tally, tallies[(seat + 1) % count], tallies[seat - 1])
        buildings: list[CardPlan] = []
        wanted = (tally >> special_shift) & _MASK
        if wanted:  # found from the last building on: those of the last age (the base game's) come last
            for card in reversed(player.cards):
                plan = special.get(card)
                if plan is not None:
                    buildings.append(plan)
                    if len(buildings) == wanted:
                        break
            if wanted > 1:
                buildings.reverse()  # in the city's order
        stated: list[Choice] = []
        points = _base_points(table, plans, tallies, seat, player, tally, buildings, stages, sides, stated)
        choices = tuple(stated)
        total = sum(points.values())
        if (tally >> copy_shift) & _MASK:
            total, points, choices = _base_copied(table, plans, tallies, seat, player, tally, buildings, stages, sides,
                                                  (total, points, list(choices)))
        keys.append((total << _COINS_BITS) + player.coins)
        fields = {"name": player.name, "points": points, "coins": player.coins, "is_free_city": player.is_free_city,
                  "choices": choices, "rank": None, "unknown": {}}
        line = _new_object(ScoreLine)
        _set_field(line, "__dict__", fields)
        lines.append(line)
        line_fields.append(fields)
    if any(map(_IS_FREE_CITY, players)):
        contest = sorted([key for key, player in zip(keys, players, strict=True) if not player.is_free_city],
                         reverse=True)
        for fields, key, player in zip(line_fields, keys, players, strict=True):
            if not player.is_free_city:
                fields["rank"] = contest.index(key) + 1
    else:
        contest = sorted(keys, reverse=True)
        for fields, key in zip(line_fields, keys, strict=True):
            fields["rank"] = contest.index(key) + 1
    ranked = tuple(lines)
    if table.teams:
        teams, team_winners = _teams(table, ranked)
        if team_winners is not None:
            return ScoreSheet(ranked, team_winners, CATEGORIES, teams)
        return ScoreSheet(ranked, tuple([line.name for line in ranked if line.rank == 1]), CATEGORIES, teams)
    sheet = _new_object(ScoreSheet)
    _set_field(sheet, "__dict__", {"lines": ranked, "winners": tuple([line.name for line in ranked if line.rank == 1]),
                                   "categories": CATEGORIES, "teams": ()})
    return sheet


def score_table(table: Table) -> ScoreSheet:
    """The end-game score sheet of a finished table, from the score plans of its game data."""
    plans = plans_for(table.data)
    if not table.extensions and plans.pad_shifts is not None:
        return _score_base(table, plans)
    expansions = has_expansions(table)
    categories = categories_for(table) if expansions else CATEGORIES
    one_by_one = plans.one_by_one(capped_colors(table)) if expansions else plans.special
    scoring = _Scoring(table, plans, city_tallies(plans, table.players), categories, plans.zero(categories),
                       expansions, one_by_one, table.data.rules.coins_per_point,
                       any(map(_IS_FREE_CITY, table.players)), plans.copy_shift, plans.science[0])
    found = [_score_line(scoring, seat) for seat in range(len(table.players))]
    ranks = _ranks(scoring, found)
    lines = tuple([_new_line(player.name, points, player.coins, player.is_free_city, tuple(choices), rank,
                             {} if gaps is _NO_GAPS else gaps.frozen())
                   for player, (_, points, choices, gaps), rank in zip(table.players, found, ranks, strict=True)])
    teams, team_winners = _teams(table, lines)
    winners = team_winners if team_winners is not None else tuple([line.name for line in lines if line.rank == 1])
    return ScoreSheet(lines, winners, categories, teams)
