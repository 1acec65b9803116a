"""The rules engine: pure functions over a `Table`; no camera, no UI, no files."""

from companion.engine.build import BuildCheck, Buy, PaymentPlan, UnknownCardError, check_card, check_stage
from companion.engine.conflicts import Battle, ConflictResult, resolve_conflicts
from companion.engine.scoring import CATEGORIES, Choice, ScoreLine, ScoreSheet, score_table
from companion.engine.table import STANDARD, TWO_PLAYER, Player, PlayerChoices, Table

__all__ = [
    "CATEGORIES", "STANDARD", "TWO_PLAYER", "Battle", "BuildCheck", "Buy", "Choice", "ConflictResult",
    "PaymentPlan", "Player", "PlayerChoices", "ScoreLine", "ScoreSheet", "Table", "UnknownCardError",
    "check_card", "check_stage", "resolve_conflicts", "score_table",
]
