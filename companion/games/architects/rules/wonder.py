"""A wonder built piece by piece: which pieces can be built next, whether a set of built pieces
respects the levels ("always from bottom to top"; pieces of one level in any order), its VP."""

from __future__ import annotations

from collections.abc import Collection

from companion.games.architects.rules.data import Piece, WonderArchitects

__all__ = ["buildable_pieces", "level_problem", "piece_vp_total"]


def buildable_pieces(wonder: WonderArchitects, built: Collection[str]) -> tuple[Piece, ...]:
    """The pieces not yet built whose every lower-level piece is built (empty for Rome and Ur,
    whose levels are unknown: any unbuilt piece may be next there, the caller decides)."""
    pieces = wonder.pieces or ()
    return tuple(p for p in pieces if p.id not in built
                 and all(q.id in built for q in pieces if q.level < p.level))


def level_problem(wonder: WonderArchitects, built: Collection[str]) -> str | None:
    """Why this set of built pieces cannot stand (a piece above an unbuilt lower piece), or None."""
    for piece in wonder.pieces or ():
        if piece.id not in built:
            continue
        missing = [q.id for q in wonder.pieces or () if q.level < piece.level and q.id not in built]
        if missing:
            return (f"{wonder.name}'s {piece.id} piece (level {piece.level}) stands on unbuilt "
                    f"{', '.join(missing)}")
    return None


def piece_vp_total(wonder: WonderArchitects, built: Collection[str]) -> int:
    """The printed VP of the built pieces of a wonder whose pieces are known."""
    return sum(p.vp for p in wonder.pieces or () if p.id in built)
