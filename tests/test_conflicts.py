"""Land conflicts at the end of each age, the two-player variant included."""

from __future__ import annotations

import pytest

from companion.games.sevenwonders.rules import resolve_conflicts
from tests.conftest import city, make_table


@pytest.mark.parametrize(("age", "victory"), [(1, 1), (2, 3), (3, 5)])
def test_victory_token_value_by_age(age: int, victory: int) -> None:
    # "Эпоха I: +1 Эпоха II: +3 Эпоха III: +5", defeat -1, equal strength nothing.
    table = make_table(city("A", "gizah", cards=["stockade"]), city("B", "rhodes"), city("C", "ephesos"))
    result = resolve_conflicts(table, age)
    assert sorted(result.tokens[0]) == [victory, victory]
    assert result.tokens[1] == (-1,) and result.tokens[2] == (-1,)   # B and C tie with each other


def test_each_player_takes_zero_one_or_two_tokens() -> None:
    table = make_table(city("A", "gizah", cards=["walls"]), city("B", "rhodes", cards=["barracks"]),
                       city("C", "ephesos", cards=["stockade"]), city("D", "babylon", cards=["arsenal"]))
    result = resolve_conflicts(table, 3)
    # Shields A 2, B 1, C 1, D 3; pairs A-B, B-C, C-D, D-A.
    assert result.shields == (2, 1, 1, 3)
    assert [sorted(t) for t in result.tokens] == [[-1, 5], [-1], [-1], [5, 5]]


def test_two_player_variant_fights_the_free_city_too() -> None:
    # The free city sits between the two players: every city has the other two as neighbours.
    table = make_table(city("Ira", "gizah", cards=["walls"]), city("Free City", "rhodes", cards=["stockade"]),
                       city("Lara", "ephesos"), variant="two-player")
    result = resolve_conflicts(table, 1)
    assert [sorted(t) for t in result.tokens] == [[1, 1], [-1, 1], [-1, -1]]


def test_unknown_age_is_refused() -> None:
    table = make_table(city("A", "gizah"), city("B", "rhodes"), city("C", "ephesos"))
    with pytest.raises(ValueError, match="age must be one of"):
        resolve_conflicts(table, 4)
