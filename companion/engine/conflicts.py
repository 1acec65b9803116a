"""Land conflicts at the end of an age: each pair of neighbours compares shields.

The stronger city of a pair takes a victory token worth the age's value (+1, +3, +5), the weaker
a defeat token (-1); equal strength gives nothing. In the two-player variant the free city is a
seat like any other, so the same pairs cover it.
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.engine.city import shields
from companion.engine.table import Table

__all__ = ["Battle", "ConflictResult", "resolve_conflicts"]


@dataclass(frozen=True)
class Battle:
    """One neighbour pair: seat `a` and its left neighbour `b`, their shields and tokens taken."""

    a: int
    b: int
    shields_a: int
    shields_b: int
    token_a: int | None
    token_b: int | None


@dataclass(frozen=True)
class ConflictResult:
    """The battles of an age and the tokens each seat takes (in seating order)."""

    age: int
    battles: tuple[Battle, ...]
    shields: tuple[int, ...]
    tokens: tuple[tuple[int, ...], ...]

    def to_json(self, table: Table) -> dict[str, object]:
        """The result as a JSON document naming the players."""
        names = [p.name for p in table.players]
        return {
            "age": self.age,
            "players": [{"name": names[i], "shields": self.shields[i], "tokens": list(t)}
                        for i, t in enumerate(self.tokens)],
            "battles": [{"players": [names[b.a], names[b.b]], "shields": [b.shields_a, b.shields_b],
                         "tokens": [b.token_a, b.token_b]} for b in self.battles],
        }


def resolve_conflicts(table: Table, age: int) -> ConflictResult:
    """Resolve the land conflicts at the end of `age` for the table as it stands.

    :raises ValueError: when `age` is not an age of the game.
    """
    rules = table.data.rules
    if age not in rules.victory_points_by_age:
        raise ValueError(f"age must be one of {sorted(rules.victory_points_by_age)}, got {age}")
    victory, defeat = rules.victory_points_by_age[age], rules.defeat_points
    strength = [shields(player) for player in table.players]
    taken: list[list[int]] = [[] for _ in table.players]
    battles = []
    pairs = [(seat, table.left_of(seat)) for seat in range(table.seat_count)]
    if table.seat_count == 2:
        pairs = pairs[:1]
    for a, b in pairs:
        token_a = token_b = None
        if strength[a] > strength[b]:
            token_a, token_b = victory, defeat
        elif strength[a] < strength[b]:
            token_a, token_b = defeat, victory
        if token_a is not None and token_b is not None:
            taken[a].append(token_a)
            taken[b].append(token_b)
        battles.append(Battle(a, b, strength[a], strength[b], token_a, token_b))
    return ConflictResult(age, tuple(battles), tuple(strength), tuple(tuple(t) for t in taken))
