"""Land conflicts at the end of an age: each pair of neighbours compares shields.

The stronger city of a pair takes a victory token worth the age's value (+1, +3, +5), the weaker
a defeat token (-1); equal strength gives nothing. In the two-player variant the free city is a
seat like any other, so the same pairs cover it.

An expansion may add conflicts (Armada: an incursion token adds one between the player who gave it
and the player who holds it; never a second conflict between the same two players in one age: the
FAQ). In a team variant partners do not fight, each player fights the other neighbour only, and the
expansion says how many tokens those conflicts give (Armada: two instead of one).
"""

from __future__ import annotations

from dataclasses import dataclass

from companion.games.sevenwonders.rules.city import shields
from companion.games.sevenwonders.rules.table import Table

__all__ = ["Battle", "ConflictResult", "land_pairs", "resolve_conflicts"]


@dataclass(frozen=True)
class Battle:
    """One pair: seat `a`, seat `b`, their shields and the token value each takes (`count` of them)."""

    a: int
    b: int
    shields_a: int
    shields_b: int
    token_a: int | None
    token_b: int | None
    kind: str = "neighbours"
    """``neighbours`` or ``incursion``."""
    count: int = 1
    """Tokens each player takes: 2 in the team variant's neighbour conflicts."""


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
                         "tokens": [b.token_a, b.token_b], "kind": b.kind, "count": b.count}
                        for b in self.battles],
        }


def land_pairs(table: Table) -> list[tuple[int, int, str, int]]:
    """The land conflicts of the age: (seat a, seat b, kind, tokens per result), each pair once."""
    pairs: list[tuple[int, int, str, int]] = []
    seen: set[frozenset[int]] = set()
    per_result = 1
    for extension in table.extensions:
        per_result = extension.land_tokens_per_result(table) or per_result
    neighbours = [(seat, table.left_of(seat)) for seat in range(table.seat_count)]
    if table.seat_count == 2:
        neighbours = neighbours[:1]
    for a, b in neighbours:
        if table.are_partners(a, b) or frozenset((a, b)) in seen:
            continue
        seen.add(frozenset((a, b)))
        pairs.append((a, b, "neighbours", per_result))
    for extension in table.extensions:
        pairs.extend(extension.more_land_pairs(table, seen))
    return pairs


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
    for a, b, kind, count in land_pairs(table):
        token_a = token_b = None
        if strength[a] > strength[b]:
            token_a, token_b = victory, defeat
        elif strength[a] < strength[b]:
            token_a, token_b = defeat, victory
        if token_a is not None and token_b is not None:
            taken[a].extend([token_a] * count)
            taken[b].extend([token_b] * count)
        battles.append(Battle(a, b, strength[a], strength[b], token_a, token_b, kind, count))
    return ConflictResult(age, tuple(battles), tuple(strength), tuple(tuple(t) for t in taken))
