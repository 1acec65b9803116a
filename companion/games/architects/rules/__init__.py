"""The rules engine of 7 Wonders Architects and its Medals expansion: pure functions over an
`ArchitectsTable` (scoring, validation, medal goals, battles, the immediate effects of tokens and
wonders). A separate game from 7 Wonders: nothing here uses the 7 Wonders engine."""

from companion.games.architects.rules.scoring import ArchitectsLine, ArchitectsSheet, score_architects
from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable, BuiltPiece, MedalLayout

__all__ = [
    "ArchitectsLine", "ArchitectsPlayer", "ArchitectsSheet", "ArchitectsTable", "BuiltPiece", "MedalLayout",
    "score_architects",
]
