"""The rules engine: pure functions over a `Table`; no camera, no UI, no files."""

from companion.engine.build import BuildCheck, Buy, NavalStep, PaymentPlan, UnknownCardError, check_card, check_stage
from companion.engine.conflicts import Battle, ConflictResult, resolve_conflicts
from companion.engine.naval import NavalResult, resolve_naval
from companion.engine.scoring import ARMADA_CATEGORIES, CATEGORIES, Choice, ScoreLine, ScoreSheet, TeamLine, score_table
from companion.engine.table import ARMADA, STANDARD, TWO_PLAYER, Player, PlayerChoices, PortState, Table

__all__ = [
    "ARMADA", "ARMADA_CATEGORIES", "CATEGORIES", "STANDARD", "TWO_PLAYER", "Battle", "BuildCheck", "Buy", "Choice",
    "ConflictResult", "NavalResult", "NavalStep", "PaymentPlan", "Player", "PlayerChoices", "PortState", "ScoreLine",
    "ScoreSheet", "Table", "TeamLine", "UnknownCardError", "check_card", "check_stage", "resolve_conflicts",
    "resolve_naval", "score_table",
]
