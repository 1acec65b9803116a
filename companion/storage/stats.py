"""Statistics over the finished games of the log: wins and averages per player and per wonder,
averages per score category, and how totals are spread."""

from __future__ import annotations

from collections import defaultdict
from dataclasses import dataclass, field
from typing import Any

from companion.games.architects.log import is_architects_sheet
from companion.games.sevenwonders.rules import CATEGORIES
from companion.storage.database import GameStore

__all__ = ["BIN_WIDTH", "Statistics", "statistics"]

BIN_WIDTH = 10


@dataclass
class _Tally:
    games: int = 0
    wins: int = 0
    total: int = 0
    best: int | None = None

    def add(self, total: int, won: bool) -> None:
        self.games += 1
        self.wins += won
        self.total += total
        self.best = total if self.best is None else max(self.best, total)

    def to_json(self) -> dict[str, Any]:
        return {"games": self.games, "wins": self.wins, "win_rate": round(self.wins / self.games, 3),
                "average": round(self.total / self.games, 2), "best": self.best}


@dataclass
class Statistics:
    """Everything `companion games stats` prints."""

    games: int = 0
    players: dict[str, _Tally] = field(default_factory=dict)
    wonders: dict[str, _Tally] = field(default_factory=dict)
    categories: dict[str, float] = field(default_factory=dict)
    distribution: dict[int, int] = field(default_factory=dict)
    """Totals counted in bins of BIN_WIDTH points (key: the bin's lowest total)."""

    def to_json(self) -> dict[str, Any]:
        """The statistics as a JSON document."""
        return {"games": self.games,
                "players": {k: v.to_json() for k, v in sorted(self.players.items())},
                "wonders": {k: v.to_json() for k, v in sorted(self.wonders.items())},
                "category_averages": {k: round(v, 2) for k, v in self.categories.items()},
                "score_distribution": {f"{low}-{low + BIN_WIDTH - 1}": n
                                       for low, n in sorted(self.distribution.items())}}


def statistics(store: GameStore) -> Statistics:
    """Statistics over every finished 7 Wonders game (the free city is not a player and is left out;
    Architects games have their own: `architects_log.architects_statistics`)."""
    result = Statistics()
    players: dict[str, _Tally] = defaultdict(_Tally)
    wonders: dict[str, _Tally] = defaultdict(_Tally)
    sums = dict.fromkeys(CATEGORIES, 0)
    lines = 0
    for summary in store.games():
        if summary.sheet is None or is_architects_sheet(summary.sheet):
            continue
        result.games += 1
        winners = set(summary.sheet["winners"])
        for line, player in zip(summary.sheet["players"], summary.players, strict=True):
            if line.get("free_city"):
                continue
            won = line["name"] in winners
            players[line["name"]].add(line["total"], won)
            wonders[f"{player['wonder']} {player['side']}"].add(line["total"], won)
            for category in CATEGORIES:
                sums[category] += line[category]
            lines += 1
            low = (line["total"] // BIN_WIDTH) * BIN_WIDTH
            result.distribution[low] = result.distribution.get(low, 0) + 1
    result.players = dict(players)
    result.wonders = dict(wonders)
    result.categories = {c: sums[c] / lines for c in CATEGORIES} if lines else {}
    return result
