"""Consistency of an Architects table (specification section 6): errors that make a table
impossible (it is refused) and warnings about what is implausible (it is still scored).

Checks on single values (unknown ids, an expansion's component without the expansion) are made where
the value is read; these need the whole player or the whole table. Each expansion of the table adds
its own (`ArchitectsExtension.player_errors`, `table_errors`, `warnings`)."""

from __future__ import annotations

from collections import Counter
from dataclasses import dataclass

from companion.games.architects.rules.play import tokens_in_box
from companion.games.architects.rules.table import ArchitectsTable
from companion.games.architects.rules.wonder import level_problem
from companion.jsonread import Problem

__all__ = ["Findings", "check_architects"]


@dataclass(frozen=True)
class Findings:
    """Errors (the table cannot be scored) and warnings (it can, but something looks wrong)."""

    errors: tuple[Problem, ...]
    warnings: tuple[str, ...]


def _player_errors(table: ArchitectsTable, seat: int) -> list[Problem]:
    player = table.players[seat]
    at = f"players[{seat}]"
    data = table.data
    errors = []
    if player.stages > data.stages_per_wonder:
        errors.append(Problem(f"{at}.stages_built", f"{player.stages} stages; a wonder has {data.stages_per_wonder}"))
    elif player.wonder.pieces_known:
        ids = [b.piece for b in player.built]
        repeated = sorted({p for p in ids if p is not None and ids.count(p) > 1})
        if repeated:
            errors.append(Problem(f"{at}.stages_built", f"the {', '.join(repeated)} piece is listed twice"))
        problem = level_problem(player.wonder, player.built_ids)
        if problem:
            errors.append(Problem(f"{at}.stages_built", problem + " (a wonder is built from bottom to top)"))
    if player.token_count("logistics") and player.grey_cards is None:
        errors.append(Problem(f"{at}.grey_cards", "Logistics scores 2 VP per grey card: give grey_cards"))
    for ext in table.extensions:
        errors += ext.player_errors(table, seat)
    return errors


def _table_errors(table: ArchitectsTable) -> list[Problem]:
    errors = []
    for token, count in Counter(t for p in table.players for t in p.progress_tokens).items():
        box = tokens_in_box(table, token)
        if count > box:
            errors.append(Problem("players", f"{count} {token} tokens are held but the game has {box}"))
    holders = [p.name for p in table.players if p.cat_pawn]
    if len(holders) > 1:
        errors.append(Problem("players", f"the Cat pawn is held by {', '.join(holders)}; there is one pawn"))
    for ext in table.extensions:
        errors += ext.table_errors(table)
    return errors


def _warnings(table: ArchitectsTable) -> list[str]:
    data = table.data
    warnings = []
    complete = [p.name for p in table.players if p.stages >= data.stages_per_wonder]
    if len(complete) != 1:
        warnings.append(f"{len(complete)} complete wonders ({', '.join(complete) or 'none'}); a game ends when "
                        f"the first one is complete")
    military = sum(p.military_tokens for p in table.players)
    if military > data.military_tokens_in_box:
        warnings.append(f"{military} Military Victory tokens; the box has {data.military_tokens_in_box}")
    holder = table.cat_holder()
    if holder is None and any(p.blue_cat for p in table.players):
        warnings.append("a blue card with a cat lies on the table but nobody holds the Cat pawn")
    if holder is not None:
        player = table.players[holder]
        if not player.blue_cat and player.wonder.id != "ur":
            warnings.append(f"{player.name} holds the Cat pawn without a blue cat card (only Ur's effect gives it so)")
    for ext in table.extensions:
        warnings += ext.warnings(table)
    return warnings


def check_architects(table: ArchitectsTable) -> Findings:
    """Every error and warning of a final table."""
    errors = [e for seat in range(len(table.players)) for e in _player_errors(table, seat)]
    errors += _table_errors(table)
    return Findings(tuple(errors), tuple(_warnings(table)))
