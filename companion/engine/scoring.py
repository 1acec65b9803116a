"""The end-game score sheet: every category in the rulebook's order, ranks, winners and choices.

Categories: military (tokens), treasury (1 VP per 3 coins), wonder (stage VP), civilian (blue),
science (symbols, wild symbols placed to maximise), commercial (yellow), guilds (purple). Olympia
B's copied guild is scored as if Olympia had built it. Ties are broken by coins, then shared.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field

from companion.engine.city import city_effects, counted_items, science_symbols, science_wild_count
from companion.engine.science import best_science
from companion.engine.table import Table
from companion.gamedata import Card
from companion.gamedata.effects import CopyNeighborGuild, PointsPer, VictoryPoints

__all__ = ["CATEGORIES", "Choice", "ScoreLine", "ScoreSheet", "score_player", "score_table"]

CATEGORIES = ("military", "treasury", "wonder", "civilian", "science", "commercial", "guilds")
"""The score pad's rows, in the order the rulebook counts them."""


@dataclass(frozen=True)
class Choice:
    """A decision made at scoring time, by the optimiser or stated in the table file."""

    kind: str
    """``science_wilds`` or ``copied_guild``."""
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

    @property
    def total(self) -> int:
        """The sum of every category."""
        return sum(self.points.values())

    def to_json(self) -> dict[str, object]:
        """The line as the `companion score --json` object."""
        result: dict[str, object] = {"name": self.name}
        result.update({category: self.points.get(category, 0) for category in CATEGORIES})
        result.update(total=self.total, coins=self.coins, rank=self.rank,
                      choices=[c.to_json() for c in self.choices])
        if self.is_free_city:
            result["free_city"] = True
        return result


@dataclass(frozen=True)
class ScoreSheet:
    """Every player's line in seating order and the winners' names."""

    lines: tuple[ScoreLine, ...]
    winners: tuple[str, ...] = field(default=())

    def line(self, name: str) -> ScoreLine:
        """The line of the player called `name`."""
        for line in self.lines:
            if line.name == name:
                return line
        raise KeyError(name)

    def to_json(self) -> dict[str, object]:
        """The sheet as the `companion score --json` document."""
        return {"players": [line.to_json() for line in self.lines], "winners": list(self.winners)}


def _card_and_stage_points(table: Table, seat: int) -> dict[str, int]:
    rules = table.data.rules
    player = table.players[seat]
    points = dict.fromkeys(CATEGORIES, 0)
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
        for effect in card.effects:
            if isinstance(effect, VictoryPoints):
                amount = effect.amount
            elif isinstance(effect, PointsPer):
                per = table.option(effect.option) if effect.option else effect.amount
                amount = per * counted_items(table, seat, effect.count, effect.colors, effect.scope)
            else:
                continue
            if category is None:
                raise ValueError(f"no score category for {card.color} card '{card.id}'")
            points[category] += amount
    return points


def _line_without_copy(table: Table, seat: int, choices: list[Choice]) -> dict[str, int]:
    rules = table.data.rules
    player = table.players[seat]
    points = _card_and_stage_points(table, seat)
    wilds = science_wild_count(player)
    result = best_science(science_symbols(player), wilds, rules.science_symbols, rules.science_set_points,
                          stated=player.choices.science)
    points["science"] = result.points
    if wilds:
        stated = len(player.choices.science[:wilds])
        text = "wild science symbol" + ("s" if wilds > 1 else "") + " counted as " + ", ".join(result.wilds)
        choices.append(Choice("science_wilds", result.wilds, stated == wilds and stated > 0, text))
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
    points = _line_without_copy(table, seat, choices)
    if any(isinstance(e, CopyNeighborGuild) for e in city_effects(player)):
        candidates = _guild_candidates(table, seat)
        stated = player.choices.copied_guild
        if stated is not None:
            candidates = [c for c in candidates if c[0].id == stated]
        best: tuple[int, dict[str, int], list[Choice], Card, str] | None = None
        for guild, owner in candidates:
            trial = table.with_player(seat, player.with_card(guild))
            trial_choices: list[Choice] = []
            trial_points = _line_without_copy(trial, seat, trial_choices)
            total = sum(trial_points.values())
            if best is None or total > best[0]:
                best = (total, trial_points, trial_choices, guild, owner)
        if best is not None:
            gain = best[0] - sum(points.values())
            _, points, choices, guild, owner = best
            choices.insert(0, Choice("copied_guild", guild.id, stated is not None,
                                     f"copied {guild.name} from {owner} (+{gain} VP)"))
        else:
            choices.insert(0, Choice("copied_guild", None, False, "no neighbour's guild to copy"))
    return ScoreLine(player.name, points, player.coins, player.is_free_city, tuple(choices))


def _rank(lines: Sequence[ScoreLine]) -> tuple[list[ScoreLine], tuple[str, ...]]:
    """Competition ranks after the coin tie-break: equal points and coins share a rank (1, 1, 3)."""
    keys = [(line.total, line.coins) for line in lines if not line.is_free_city]
    ranked = []
    for line in lines:
        if line.is_free_city:
            ranked.append(line)
            continue
        better = sum(1 for key in keys if key > (line.total, line.coins))
        ranked.append(ScoreLine(line.name, line.points, line.coins, False, line.choices, better + 1))
    winners = tuple(line.name for line in ranked if line.rank == 1)
    return ranked, winners


def score_table(table: Table) -> ScoreSheet:
    """The end-game score sheet of a finished table."""
    lines = [score_player(table, seat) for seat in range(table.seat_count)]
    ranked, winners = _rank(lines)
    return ScoreSheet(tuple(ranked), winners)
