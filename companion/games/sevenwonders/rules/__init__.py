"""The 7 Wonders rules engine: pure functions over a `Table`; no camera, no UI, no files.

The names below are loaded from their modules when first asked for, so that importing the box's model
or loader (``rules.model``, ``rules.loader``) does not load the whole engine.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from companion.games.armada.rules.naval import NavalResult, resolve_naval
    from companion.games.sevenwonders.rules.build import (
        BuildCheck,
        Buy,
        NavalStep,
        PaymentPlan,
        UnknownCardError,
        check_card,
        check_stage,
    )
    from companion.games.sevenwonders.rules.conflicts import Battle, ConflictResult, resolve_conflicts
    from companion.games.sevenwonders.rules.scoring import (
        ARMADA_CATEGORIES,
        CATEGORIES,
        Choice,
        ScoreLine,
        ScoreSheet,
        TeamLine,
        score_table,
    )
    from companion.games.sevenwonders.rules.table import (
        ARMADA,
        STANDARD,
        TWO_PLAYER,
        Player,
        PlayerChoices,
        PortState,
        Table,
    )

_HOMES = {
    "companion.games.armada.rules.naval": ("NavalResult", "resolve_naval"),
    "companion.games.sevenwonders.rules.build": ("BuildCheck", "Buy", "NavalStep", "PaymentPlan", "UnknownCardError",
                                                 "check_card", "check_stage"),
    "companion.games.sevenwonders.rules.conflicts": ("Battle", "ConflictResult", "resolve_conflicts"),
    "companion.games.sevenwonders.rules.scoring": ("ARMADA_CATEGORIES", "CATEGORIES", "Choice", "ScoreLine",
                                                   "ScoreSheet", "TeamLine", "score_table"),
    "companion.games.sevenwonders.rules.table": ("ARMADA", "STANDARD", "TWO_PLAYER", "Player", "PlayerChoices",
                                                 "PortState", "Table"),
}
_HOME_OF = {name: module for module, names in _HOMES.items() for name in names}

__all__ = [
    "ARMADA", "ARMADA_CATEGORIES", "CATEGORIES", "STANDARD", "TWO_PLAYER", "Battle", "BuildCheck", "Buy", "Choice",
    "ConflictResult", "NavalResult", "NavalStep", "PaymentPlan", "Player", "PlayerChoices", "PortState", "ScoreLine",
    "ScoreSheet", "Table", "TeamLine", "UnknownCardError", "check_card", "check_stage", "resolve_conflicts",
    "resolve_naval", "score_table",
]


def __getattr__(name: str) -> Any:
    if name not in _HOME_OF:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(_HOME_OF[name]), name)
    globals()[name] = value
    return value
