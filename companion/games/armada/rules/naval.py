"""Naval conflicts at the end of each age (Armada): every city's naval strength against all others.

The weakest cities take the age's defeat token (-1, -2, -3), then the strongest take victory
tokens by place (Age I: 3, 1; Age II: 5, 3; Age III: 7, 5, 3). The rulebook's ties: all the tied
weakest take the defeat token; a player with a defeat token takes no victory token; players tied
at a place all take the next place's token, and that place is used up (tied first: everyone tied
takes the second-place token and the next strength the third-place one, which only Age III has;
tied second: the third-place token, Age III only; tied third: nothing); and the FAQ: when every
strength is equal nobody takes a token. A Forgotten Harbor owner may stay out: his strength is
then not counted.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from companion.gamedata.facts import Unknown, UnknownValueError
from companion.games.armada.rules.data import NavalAge
from companion.games.armada.rules.effects import MaySkipNavalConflict
from companion.games.armada.rules.port import armada_of, naval_strength, port_state
from companion.games.sevenwonders.rules.city import has_power
from companion.games.sevenwonders.rules.table import Table

__all__ = ["NavalResult", "naval_tokens", "resolve_naval"]


def naval_tokens(strengths: Sequence[int | None], age: NavalAge) -> list[int | None]:
    """The token each seat takes for these strengths (None: not taking part; the result None: no token)."""
    taking_part = [seat for seat, s in enumerate(strengths) if s is not None]
    tokens: list[int | None] = [None] * len(strengths)
    values = {strengths[seat] for seat in taking_part}
    if len(values) < 2:
        return tokens
    lowest = min(v for v in values if v is not None)
    for seat in taking_part:
        if strengths[seat] == lowest:
            tokens[seat] = age.defeat
    place = 0
    for level in sorted((v for v in values if v is not None and v != lowest), reverse=True):
        group = [seat for seat in taking_part if strengths[seat] == level]
        if len(group) > 1:
            place += 1
        if place >= len(age.places):
            break
        for seat in group:
            tokens[seat] = age.places[place]
        place += 1
    return tokens


@dataclass(frozen=True)
class NavalResult:
    """The naval conflict of an age: each seat's strength, whether it took part, and its token."""

    age: int
    strengths: tuple[int, ...]
    joined: tuple[bool, ...]
    tokens: tuple[int | None, ...]
    choices: tuple[tuple[int, str], ...] = ()
    """Forgotten Harbor decisions: (seat, words)."""

    def to_json(self, table: Table) -> dict[str, object]:
        """The result as a JSON document naming the players."""
        return {
            "age": self.age,
            "players": [{"name": table.players[seat].name, "naval_strength": self.strengths[seat],
                         "takes_part": self.joined[seat], "token": self.tokens[seat]}
                        for seat in range(len(self.strengths))],
            "choices": [{"name": table.players[seat].name, "text": text} for seat, text in self.choices],
        }


def resolve_naval(table: Table, age: int) -> NavalResult:
    """Resolve the naval conflict at the end of `age` for the table as it stands.

    :raises ValueError: without Armada, or for an age that is not one of the game.
    :raises UnknownValueError: when a naval strength needs a value nobody has entered.
    """
    armada = armada_of(table)
    if armada is None:
        raise ValueError("naval conflicts are part of Armada; this table does not play with it")
    ages = armada.rules.naval_ages
    if age not in ages:
        raise ValueError(f"age must be one of {sorted(ages)}, got {age}")
    strengths: list[int] = []
    missing: list[Unknown] = []
    for seat in range(table.seat_count):
        try:
            strengths.append(naval_strength(table, seat))
        except UnknownValueError as error:
            missing.extend(error.unknowns)
            strengths.append(0)
    if missing:
        raise UnknownValueError(missing)
    joined = [True] * table.seat_count
    choices: list[tuple[int, str]] = []
    for seat, player in enumerate(table.players):
        if not has_power(player, MaySkipNavalConflict):
            continue
        port = port_state(player)
        stated = port.naval_conflicts if port is not None else None
        if stated is not None:
            joined[seat] = stated == "join"
            choices.append((seat, f"{'takes part' if joined[seat] else 'stays out'} (stated in the table file)"))
            continue
        inside = naval_tokens(strengths, ages[age])[seat]
        joined[seat] = inside is None or inside > 0
        choices.append((seat, "takes part (Forgotten Harbor: staying out gains nothing)" if joined[seat]
                        else f"stays out (Forgotten Harbor), avoiding a {inside} token"))
    counted: list[int | None] = [s if j else None for s, j in zip(strengths, joined, strict=True)]
    tokens = naval_tokens(counted, ages[age])
    return NavalResult(age, tuple(strengths), tuple(joined), tuple(tokens), tuple(choices))
