"""The end-game score sheet: every category in the rulebook's order, ranks, winners and choices.

Categories: military (tokens), treasury (1 VP per 3 coins), wonder (stage VP), civilian (blue),
science (symbols, wild symbols placed to maximise), commercial (yellow), guilds (purple). Olympia
B's copied guild is scored as if Olympia had built it. Ties are broken by coins, then shared.

An expansion adds the rows of its score pad after these (Armada: naval, islands, port) and may cap
what a building scores (Armada: a guild at most 10); a team variant adds team totals, which decide
the winners. A category that needs a value nobody has entered is left blank and names the value:
the sheet is then incomplete, with no total, rank or winner for anyone, never a silently wrong
number.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from companion.gamedata.effects import CopyNeighborGuild, PointsPer, VictoryPoints
from companion.gamedata.facts import Unknown, UnknownValueError
from companion.games.sevenwonders.rules.city import city_effects, counted_items, science_symbols, science_wild_count
from companion.games.sevenwonders.rules.extension import POINTS, Gaps
from companion.games.sevenwonders.rules.model import Card
from companion.games.sevenwonders.rules.science import best_science
from companion.games.sevenwonders.rules.table import Table

__all__ = [
    "CATEGORIES",
    "Choice",
    "ScoreLine",
    "ScoreSheet",
    "TeamLine",
    "categories_for",
    "score_player",
    "score_table_by_effects",
    "winning_teams",
]

CATEGORIES = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")
"""The score pad's rows, in the order the rulebook counts them."""


def winning_teams(sheet: dict[str, Any]) -> list[dict[str, Any]]:
    """The teams a score sheet (`ScoreSheet.to_json`) ranks first: one, or each that shares the
    victory; none in a game without teams."""
    return [team for team in sheet.get("teams", []) if team["rank"] == 1]


def categories_for(table: Table) -> tuple[str, ...]:
    """The rows of this table's score sheet: the base game's, then each expansion's."""
    return CATEGORIES + tuple(row for extension in table.extensions for row in extension.score_rows)


@dataclass(frozen=True)
class Choice:
    """A decision made at scoring time, by the optimiser or stated in the table file."""

    kind: str
    """``science_wilds``, ``copied_guild``, ``most_common_symbol`` or ``rainbow_color``."""
    value: tuple[str, ...] | str | None
    stated: bool
    text: str

    def to_json(self) -> dict[str, object]:
        """The choice as a JSON object."""
        value = list(self.value) if isinstance(self.value, tuple) else self.value
        return {"kind": self.kind, "value": value, "by": "table" if self.stated else "optimiser",
                "text": self.text}


@dataclass(frozen=True)
class ScoreLine:
    """One column of the score pad: a player's points per category."""

    name: str
    points: dict[str, int]
    coins: int
    is_free_city: bool = False
    choices: tuple[Choice, ...] = ()
    rank: int | None = None
    unknown: dict[str, tuple[Unknown, ...]] = field(default_factory=dict)
    """Categories that need values nobody has entered, with those values (their `points` are partial)."""

    @property
    def complete(self) -> bool:
        """True when every category is known."""
        return not self.unknown

    @property
    def total(self) -> int:
        """The sum of every category (of the known part only when the line is incomplete)."""
        return sum(self.points.values())

    def to_json(self, categories: Sequence[str] = CATEGORIES) -> dict[str, object]:
        """The line as the `companion score --json` object (an unknown category and the total are null)."""
        result: dict[str, object] = {"name": self.name}
        result.update({c: None if c in self.unknown else self.points.get(c, 0) for c in categories})
        result.update(total=self.total if self.complete else None, coins=self.coins, rank=self.rank,
                      choices=[c.to_json() for c in self.choices])
        if self.unknown:
            result["unknown"] = [dict(u.to_json(), category=c) for c, gaps in self.unknown.items() for u in gaps]
        if self.is_free_city:
            result["free_city"] = True
        return result


@dataclass(frozen=True)
class TeamLine:
    """A team of a team variant (Armada's): its players, summed points and coins, and rank."""

    names: tuple[str, ...]
    total: int
    coins: int
    rank: int | None = None

    def to_json(self) -> dict[str, object]:
        """The team as a JSON object."""
        return {"players": list(self.names), "total": self.total, "coins": self.coins, "rank": self.rank}


@dataclass(frozen=True)
class ScoreSheet:
    """Every player's line in seating order and the winners' names."""

    lines: tuple[ScoreLine, ...]
    winners: tuple[str, ...] = field(default=())
    categories: tuple[str, ...] = CATEGORIES
    teams: tuple[TeamLine, ...] = ()

    @property
    def complete(self) -> bool:
        """True when every line is known: only then are there ranks and winners."""
        return all(line.complete for line in self.lines)

    def unknowns(self) -> list[tuple[str, Unknown]]:
        """Every missing value with the name of the player whose line needs it, without repeats."""
        seen: dict[tuple[str, str], tuple[str, Unknown]] = {}
        for line in self.lines:
            for gaps in line.unknown.values():
                for gap in gaps:
                    seen.setdefault((gap.key, gap.label), (line.name, gap))
        return list(seen.values())

    def line(self, name: str) -> ScoreLine:
        """The line of the player called `name`."""
        for line in self.lines:
            if line.name == name:
                return line
        raise KeyError(name)

    def to_json(self) -> dict[str, object]:
        """The sheet as the `companion score --json` document."""
        document: dict[str, object] = {"players": [line.to_json(self.categories) for line in self.lines],
                                       "winners": list(self.winners)}
        if self.teams:
            document["teams"] = [team.to_json() for team in self.teams]
        if not self.complete:
            document["complete"] = False
            document["unknown"] = [dict(gap.to_json(), player=name) for name, gap in self.unknowns()]
        return document


def _card_points(table: Table, seat: int, card: Card) -> int:
    """The points of one building (capped by an expansion's limits: Armada's guilds at 10).

    :raises UnknownValueError: when they depend on an unknown value (an Armada trade level).
    """
    total = 0
    for effect in card.effects:
        if isinstance(effect, VictoryPoints):
            total += effect.amount
        elif isinstance(effect, PointsPer):
            per = table.option(effect.option) if effect.option else effect.amount
            total += per * counted_items(table, seat, effect.count, effect.colors, effect.scope)
        elif type(effect) in POINTS:
            total += POINTS[type(effect)](table, seat, effect)
    for extension in table.extensions:
        total = extension.card_points_cap(table, card, total)
    return total


def _card_and_stage_points(table: Table, seat: int, gaps: Gaps) -> dict[str, int]:
    rules = table.data.rules
    player = table.players[seat]
    points = dict.fromkeys(categories_for(table), 0)
    points["military"] = sum(player.tokens)
    points["treasury"] = player.coins // rules.coins_per_point
    for stage in player.built_stages:
        for effect in stage.effects:
            if isinstance(effect, VictoryPoints):
                points["wonder"] += effect.amount
            elif isinstance(effect, PointsPer):
                points["wonder"] += effect.amount * counted_items(
                    table, seat, effect.count, effect.colors, effect.scope)
    for card in player.cards:
        category = rules.card_points_category.get(card.color)
        try:
            amount = _card_points(table, seat, card)
        except UnknownValueError as error:
            gaps.add(category or card.color, error)
            continue
        if amount and category is None:
            raise ValueError(f"no score category for {card.color} card '{card.id}'")
        if category is not None:
            points[category] += amount
    return points


def _science(table: Table, seat: int, choices: list[Choice]) -> int:
    rules = table.data.rules
    player = table.players[seat]
    wilds = science_wild_count(player)
    most_common, stated_most_common = 0, None
    for extension in table.extensions:
        count, symbol = extension.most_common_symbols(table, seat)
        most_common, stated_most_common = most_common + count, stated_most_common or symbol
    result = best_science(science_symbols(player), wilds, rules.science_symbols, rules.science_set_points,
                          stated=player.choices.science, most_common=most_common,
                          stated_most_common=stated_most_common)
    if wilds:
        stated = len(player.choices.science[:wilds])
        text = "wild science symbol" + ("s" if wilds > 1 else "") + " counted as " + ", ".join(result.wilds)
        choices.append(Choice("science_wilds", result.wilds, stated == wilds and stated > 0, text))
    if most_common and result.most_common:
        stated_most = stated_most_common == result.most_common
        choices.append(Choice("most_common_symbol", result.most_common, stated_most,
                              f"{most_common} most-common science symbol{'s' if most_common > 1 else ''} "
                              f"added to {result.most_common}"))
    points = result.points
    for extension in table.extensions:
        points -= extension.science_excess(table, seat, result.points, wilds, most_common)
    return points


def _line_without_copy(table: Table, seat: int, choices: list[Choice], gaps: Gaps) -> dict[str, int]:
    points = _card_and_stage_points(table, seat, gaps)
    points["science"] = _science(table, seat, choices)
    for extension in table.extensions:
        extension.score(table, seat, points, gaps, choices)
    return points


def _guild_candidates(table: Table, seat: int) -> list[tuple[Card, str]]:
    """The guilds Olympia may copy: each neighbour's guilds that her city does not hold."""
    player = table.players[seat]
    seen: dict[str, tuple[Card, str]] = {}
    for direction in ("left", "right"):
        neighbour = table.neighbour(seat, direction)
        for card in neighbour.cards:
            if card.is_guild and not player.has(card.id) and card.id not in seen:
                seen[card.id] = (card, neighbour.name)
    return sorted(seen.values(), key=lambda item: item[0].id)


def score_player(table: Table, seat: int) -> ScoreLine:
    """Score the city at `seat`, choosing Olympia's copied guild and wild symbols to maximise."""
    player = table.players[seat]
    choices: list[Choice] = []
    gaps = Gaps()
    points = _line_without_copy(table, seat, choices, gaps)
    if any(isinstance(e, CopyNeighborGuild) for e in city_effects(player)):
        candidates = _guild_candidates(table, seat)
        stated = player.choices.copied_guild
        if stated is not None:
            candidates = [c for c in candidates if c[0].id == stated]
        best: tuple[int, dict[str, int], list[Choice], Gaps, Card, str] | None = None
        for guild, owner in candidates:
            trial = table.with_player(seat, player.with_card(guild))
            trial_choices: list[Choice] = []
            trial_gaps = Gaps()
            trial_points = _line_without_copy(trial, seat, trial_choices, trial_gaps)
            total = sum(trial_points.values())
            if best is None or total > best[0]:
                best = (total, trial_points, trial_choices, trial_gaps, guild, owner)
        if best is not None:
            gain = best[0] - sum(points.values())
            _, points, choices, gaps, guild, owner = best
            choices.insert(0, Choice("copied_guild", guild.id, stated is not None,
                                     f"copied {guild.name} from {owner} (+{gain} VP)"))
        else:
            choices.insert(0, Choice("copied_guild", None, False, "no neighbour's guild to copy"))
    return ScoreLine(player.name, points, player.coins, player.is_free_city, tuple(choices), unknown=gaps.frozen())


def _rank(lines: Sequence[ScoreLine]) -> tuple[list[ScoreLine], tuple[str, ...]]:
    """Competition ranks after the coin tie-break: equal points and coins share a rank (1, 1, 3)."""
    if not all(line.complete for line in lines):
        return list(lines), ()
    keys = [(line.total, line.coins) for line in lines if not line.is_free_city]
    ranked = []
    for line in lines:
        if line.is_free_city:
            ranked.append(line)
            continue
        better = sum(1 for key in keys if key > (line.total, line.coins))
        ranked.append(ScoreLine(line.name, line.points, line.coins, False, line.choices, better + 1, line.unknown))
    winners = tuple(line.name for line in ranked if line.rank == 1)
    return ranked, winners


def _teams(table: Table, lines: Sequence[ScoreLine]) -> tuple[tuple[TeamLine, ...], tuple[str, ...] | None]:
    """Team totals decide the team variant: the most points, then the most coins, else shared."""
    if not table.teams:
        return (), None
    teams = [TeamLine(tuple(lines[s].name for s in team), sum(lines[s].total for s in team),
                      sum(lines[s].coins for s in team)) for team in table.teams]
    if not all(line.complete for line in lines):
        return tuple(teams), ()
    keys = [(team.total, team.coins) for team in teams]
    ranked = tuple(TeamLine(t.names, t.total, t.coins, 1 + sum(1 for k in keys if k > (t.total, t.coins)))
                   for t in teams)
    return ranked, tuple(name for team in ranked if team.rank == 1 for name in team.names)


def score_table_by_effects(table: Table) -> ScoreSheet:
    """The end-game score sheet of a finished table, walking every city's effects: the rules as plainly as
    the engine states them, kept as the oracle of the compiled scorer (`compiled_scoring.score_table`, the
    one the package exports)."""
    lines = [score_player(table, seat) for seat in range(table.seat_count)]
    ranked, winners = _rank(lines)
    teams, team_winners = _teams(table, ranked)
    return ScoreSheet(tuple(ranked), team_winners if team_winners is not None else winners, categories_for(table),
                      teams)
