"""The rules engine of 7 Wonders Architects: pure functions over an `ArchitectsTable` (scoring,
validation, battles, the immediate effects of tokens and wonders, the refereed turn), and the hooks its
expansions implement (`extension`). A separate game from 7 Wonders: nothing here uses the 7 Wonders engine."""

from companion.games.architects.rules.scoring import ArchitectsLine, ArchitectsSheet, score_architects
from companion.games.architects.rules.table import ArchitectsPlayer, ArchitectsTable, BuiltPiece

__all__ = ["ArchitectsLine", "ArchitectsPlayer", "ArchitectsSheet", "ArchitectsTable", "BuiltPiece", "score_architects"]
