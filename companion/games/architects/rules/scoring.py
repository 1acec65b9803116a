"""End-of-game scoring of Architects (rulebook END OF THE GAME): the five categories in the rulebook's
order, then the rows of the installed expansions (0 for a player without their parts), the per-token
Progress breakdown, the winner with the tie-break (most constructed stages, then a shared victory) and
competition ranks."""

from __future__ import annotations

from dataclasses import dataclass, replace
from typing import Any

from companion.games.architects.rules.data import ArchitectsData, ProgressToken
from companion.games.architects.rules.extension import extension_score_rows, installed_extensions
from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable

__all__ = ["CATEGORIES", "NO_TIE", "SHARED", "STAGES", "ArchitectsLine", "ArchitectsSheet", "all_categories",
           "progress_points", "score_architects", "score_player"]

CATEGORIES = ("wonder", "cat", "blue", "military", "progress")
"""The categories in the order the rulebook adds them up (its example: 10 + 2 + 7 + 12 + 4)."""


def all_categories() -> tuple[str, ...]:
    """The base game's categories, then every installed expansion's rows: the columns of an export."""
    return CATEGORIES + extension_score_rows()
NO_TIE, STAGES, SHARED = "none", "stages", "shared"
"""How the winner was found: the highest total alone, the most stages among the tied, or shared."""


@dataclass(frozen=True)
class ArchitectsLine:
    """One player's column of the score sheet."""

    name: str
    wonder: str
    points: dict[str, int]
    progress: dict[str, int]
    stages: int
    rank: int = 0

    @property
    def total(self) -> int:
        """The sum of the categories."""
        return sum(self.points.values())

    def to_json(self) -> dict[str, Any]:
        """The player as the `score --json` output shows it."""
        return {"name": self.name, "wonder": self.wonder, "categories": dict(self.points), "total": self.total,
                "stages": self.stages, "rank": self.rank, "progress": dict(self.progress)}


@dataclass(frozen=True)
class ArchitectsSheet:
    """The score sheet: a line per player in seating order, the winners and the tie-break used."""

    lines: tuple[ArchitectsLine, ...]
    winners: tuple[str, ...]
    tie_break: str
    rows: tuple[str, ...] = ()
    """The rows the table's expansions add (the sheet shows them after the base game's)."""

    @property
    def categories(self) -> tuple[str, ...]:
        """The rows to show: the base game's categories, then those of the expansions played."""
        return CATEGORIES + self.rows

    def to_json(self) -> dict[str, Any]:
        """``{"players": [...], "winners": [...], "tie_break": "none|stages|shared"}``."""
        return {"players": [line.to_json() for line in self.lines], "winners": list(self.winners),
                "tie_break": self.tie_break}


def _token_points(token: ProgressToken, player: ArchitectsPlayer, data: ArchitectsData) -> int:
    scoring = token.scoring
    if scoring is None:
        return 0
    kind = scoring["kind"]
    if kind == "decor":
        complete = player.stages >= data.stages_per_wonder
        return int(scoring["complete"] if complete else scoring["incomplete"])
    if kind == "per_blue_cat":
        return int(scoring["vp"]) * player.blue_cat
    if kind == "per_military_token":
        return int(scoring["vp"]) * player.military_tokens
    if kind == "per_progress_token":
        return int(scoring["vp"]) * len(player.progress_tokens)
    if kind == "per_grey_card":
        return int(scoring["vp"]) * (player.grey_cards or 0)
    if kind == "by_copies":
        table = scoring["vp"]
        return int(table[min(player.token_count(token.id), len(table) - 1)])
    raise ValueError(f"unknown token scoring kind '{kind}'")


def progress_points(player: ArchitectsPlayer, data: ArchitectsData) -> dict[str, int]:
    """The VP of each Progress token kind the player holds (Culture once, for all its copies)."""
    return {token: _token_points(data.tokens[token], player, data) for token in dict.fromkeys(player.progress_tokens)}


def score_player(player: ArchitectsPlayer, data: ArchitectsData) -> ArchitectsLine:
    """One player's points per category (each installed expansion's rows last) and the Progress
    breakdown (rank filled by the sheet)."""
    progress = progress_points(player, data)
    points = {
        "wonder": sum(piece.vp for piece in player.built),
        "cat": data.cat_pawn_vp if player.cat_pawn else 0,
        "blue": sum(kind.vp * (player.blue_cat if kind.cat else player.blue_plain)
                    for kind in data.cards.values() if kind.color == "blue"),
        "military": data.military_token_vp * player.military_tokens,
        "progress": sum(progress.values()),
    }
    for ext in installed_extensions():
        points.update(ext.score(player))
    return ArchitectsLine(player.name, player.wonder.id, points, progress, player.stages)


def score_architects(table: ArchitectsTable) -> ArchitectsSheet:
    """The score sheet of a table: highest total wins; tied totals go to the most stages; still tied,
    the victory is shared. Rank = 1 + players ahead (higher total, or equal total and more stages)."""
    lines = [score_player(p, table.data) for p in table.players]
    ranked = tuple(replace(line, rank=1 + sum(1 for other in lines
                                              if (other.total, other.stages) > (line.total, line.stages)))
                   for line in lines)
    best = max(line.total for line in ranked)
    top = [line for line in ranked if line.total == best]
    winners = tuple(line.name for line in ranked if line.rank == 1)
    if len(top) == 1:
        tie_break = NO_TIE
    elif len(winners) == 1:
        tie_break = STAGES
    else:
        tie_break = SHARED
    rows = tuple(row for ext in table.extensions for row in ext.score_rows)
    return ArchitectsSheet(ranked, winners, tie_break, rows)
