"""Statistics over the finished games of the log, for each game (`STATISTICS`: what each game counts
of a score line): wins, every total and the average per player and per wonder, the average of each
score category, and, for a game that asks for it, how the totals are spread. No Kivy here: the app
draws them, the command line prints them."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import Any

from companion.plugins import Registry
from companion.storage.database import GameStore
from companion.storage.events import UNNAMED_GAME

__all__ = ["BIN_WIDTH", "STATISTICS", "GameStatistics", "SheetLines", "Statistics", "Tally", "game_statistics",
           "statistics"]

BIN_WIDTH = 10


@dataclass(frozen=True)
class SheetLines:
    """What a game's statistics count of a finished game's score line."""

    line: Callable[[Any, int, dict[str, Any]], tuple[str, dict[str, int]]]
    """(summary, index of the line, the line) -> the wonder it is tallied under, its points by category
    (in the sheet's order; a category a line lacks is averaged over the lines that have it)."""
    spread: bool = False
    """True to count how the totals are spread (in bins of `BIN_WIDTH`)."""


STATISTICS: Registry[SheetLines] = Registry("statistics", "exports")
"""Each game's statistics, by the game id its score sheets write in ``game`` (none: `UNNAMED_GAME`)."""


@dataclass
class Tally:
    """One player's (or wonder's) finished games: how many, how many won, every total in the order
    the games were played."""

    games: int = 0
    wins: int = 0
    totals: list[int] = field(default_factory=list)

    def add(self, total: int, won: bool) -> None:
        """One more finished game."""
        self.games += 1
        self.wins += won
        self.totals.append(total)

    @property
    def average(self) -> float:
        """The mean total."""
        return sum(self.totals) / self.games if self.games else 0.0

    @property
    def best(self) -> int | None:
        """The highest total."""
        return max(self.totals) if self.totals else None

    @property
    def win_rate(self) -> float:
        """Wins over games."""
        return self.wins / self.games if self.games else 0.0

    def to_json(self, *, best: bool = True) -> dict[str, Any]:
        """Games, wins, win rate and average (rounded), and the best total."""
        document: dict[str, Any] = {"games": self.games, "wins": self.wins, "win_rate": round(self.win_rate, 3),
                                    "average": round(self.average, 2)}
        if best:
            document["best"] = self.best
        return document


@dataclass
class GameStatistics:
    """One game's statistics: its finished games, a tally per player and per wonder (7 Wonders: the
    wonder and its side, ``gizah B``; Architects: the wonder), the average of each category."""

    game: str
    games: int = 0
    players: dict[str, Tally] = field(default_factory=dict)
    wonders: dict[str, Tally] = field(default_factory=dict)
    categories: dict[str, float] = field(default_factory=dict)
    """The mean points per player line of each category, in the score sheet's order."""

    def standings(self, kind: str) -> list[tuple[str, Tally]]:
        """The ``players`` (most wins first, then the best average) or the ``wonders`` (best average
        first), ties by name."""
        tallies = self.players if kind == "players" else self.wonders
        if kind == "players":
            return sorted(tallies.items(), key=lambda item: (-item[1].wins, -item[1].average, item[0]))
        return sorted(tallies.items(), key=lambda item: (-item[1].average, item[0]))

    def to_json(self, *, best: bool = True) -> dict[str, Any]:
        """The statistics as a JSON document (as `companion games stats --json` prints them)."""
        return {"games": self.games,
                "players": {k: v.to_json(best=best) for k, v in sorted(self.players.items())},
                "wonders": {k: v.to_json(best=best) for k, v in sorted(self.wonders.items())},
                "category_averages": {k: round(v, 2) for k, v in self.categories.items()}}


@dataclass
class Statistics(GameStatistics):
    """A game's statistics with the spread of its totals (what `companion games stats` prints for 7 Wonders)."""

    distribution: dict[int, int] = field(default_factory=dict)
    """Totals counted in bins of BIN_WIDTH points (key: the bin's lowest total)."""

    def to_json(self, *, best: bool = True) -> dict[str, Any]:
        """The statistics as a JSON document."""
        spread = {f"{low}-{low + BIN_WIDTH - 1}": n for low, n in sorted(self.distribution.items())}
        return {**super().to_json(best=best), "score_distribution": spread}


def _finished(store: GameStore) -> Iterator[Any]:
    """The finished games' summaries, in the order they were played."""
    games = [summary for summary in store.games() if summary.sheet is not None]
    return iter(sorted(games, key=lambda summary: (summary.started_at, summary.id)))


def game_statistics(store: GameStore) -> dict[str, GameStatistics]:
    """Every game's statistics over every finished game of the log (the free city of the two-player
    game is no player and is left out). A game with no finished game has zero games."""
    kinds = dict(STATISTICS.items())
    result = {game: (Statistics(game) if kind.spread else GameStatistics(game)) for game, kind in kinds.items()}
    sums: dict[str, dict[str, int]] = {game: defaultdict(int) for game in result}
    lines: dict[str, dict[str, int]] = {game: defaultdict(int) for game in result}
    order: dict[str, list[str]] = {game: [] for game in result}
    for summary in _finished(store):
        game = str(summary.sheet.get("game") or UNNAMED_GAME)            # as the sheet says
        game = game if game in result else UNNAMED_GAME
        stats = result[game]
        stats.games += 1
        winners = set(summary.sheet["winners"])
        for index, line in enumerate(summary.sheet["players"]):
            if line.get("free_city"):
                continue
            won = line["name"] in winners
            wonder, points = kinds[game].line(summary, index, line)
            stats.players.setdefault(line["name"], Tally()).add(line["total"], won)
            stats.wonders.setdefault(wonder, Tally()).add(line["total"], won)
            for category, value in points.items():
                if category not in order[game]:
                    order[game].append(category)
                sums[game][category] += value
                lines[game][category] += 1
            if isinstance(stats, Statistics):
                low = (line["total"] // BIN_WIDTH) * BIN_WIDTH
                stats.distribution[low] = stats.distribution.get(low, 0) + 1
    for game, stats in result.items():
        stats.categories = {c: sums[game][c] / lines[game][c] for c in order[game]}
    return result


def statistics(store: GameStore) -> Statistics:
    """Statistics over every finished game of the unnamed game (7 Wonders; the other games have their
    own: `game_statistics(store)[game id]`)."""
    found = game_statistics(store)[UNNAMED_GAME]
    assert isinstance(found, Statistics)
    return found
