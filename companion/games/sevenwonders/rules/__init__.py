"""The 7 Wonders rules engine: pure functions over a `Table`; no camera, no UI, no files.

The names below are loaded from their modules when first asked for, so that importing the box's model
or loader (``rules.model``, ``rules.loader``) does not load the whole engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.sevenwonders.rules.build import (
        BuildCheck,
        Buy,
        PaymentPlan,
        UnknownCardError,
        check_card,
        check_stage,
    )
    from companion.games.sevenwonders.rules.compiled_scoring import score_table
    from companion.games.sevenwonders.rules.conflicts import Battle, ConflictResult, resolve_conflicts
    from companion.games.sevenwonders.rules.extension import expansion_score_rows
    from companion.games.sevenwonders.rules.scoring import (
        CATEGORIES,
        Choice,
        ScoreLine,
        ScoreSheet,
        TeamLine,
    )
    from companion.games.sevenwonders.rules.table import STANDARD, TWO_PLAYER, Player, PlayerChoices, Table

_HOMES = {
    "companion.games.sevenwonders.rules.build": ("BuildCheck", "Buy", "PaymentPlan", "UnknownCardError", "check_card",
                                                 "check_stage"),
    "companion.games.sevenwonders.rules.compiled_scoring": ("score_table",),
    "companion.games.sevenwonders.rules.conflicts": ("Battle", "ConflictResult", "resolve_conflicts"),
    "companion.games.sevenwonders.rules.extension": ("expansion_score_rows",),
    "companion.games.sevenwonders.rules.scoring": ("CATEGORIES", "Choice", "ScoreLine", "ScoreSheet", "TeamLine"),
    "companion.games.sevenwonders.rules.table": ("STANDARD", "TWO_PLAYER", "Player", "PlayerChoices", "Table"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "CATEGORIES", "STANDARD", "TWO_PLAYER", "Battle", "BuildCheck", "Buy", "Choice", "ConflictResult", "PaymentPlan",
    "Player", "PlayerChoices", "ScoreLine", "ScoreSheet", "Table", "TeamLine", "UnknownCardError", "check_card",
    "check_stage", "expansion_score_rows", "resolve_conflicts", "score_table",
]


def __getattr__(name: str) -> Any:
    if name not in _HOME_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME_OF[name]), name)
    globals()[name] = value
    return value
