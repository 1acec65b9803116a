"""What the app counts by itself: the coin pad's typing and the plays each player logged in an age."""

from __future__ import annotations

import importlib.util

import pytest

from companion.storage import Event

pytestmark = pytest.mark.skipif(importlib.util.find_spec("kivy") is None, reason="the app extra is not installed")


def _event(kind: str, **payload: object) -> Event:
    return Event(0, kind, dict(payload), "hand", "")


def test_the_number_pad_types_at_most_three_digits() -> None:
    from companion.games.sevenwonders.app.coins import typed_value

    typed = ""
    for key in ("0", "1", "2", "<", "7", "9", "9"):
        typed = typed_value(typed, key)
    assert typed == "179"                     # a leading 0 is dropped, "<" took the 2, the last 9 did not fit
    assert typed_value("", "<") == ""


def test_plays_count_builds_stages_and_discards_since_the_last_conflicts() -> None:
    from companion.games.sevenwonders.app.end_of_age import plays_this_age

    events = [
        _event("card_confirmed", seat=0, card="altar"), _event("conflicts_resolved", age=1, tokens=[]),
        # Age II: seat 0 builds two cards and takes one back, builds stages 1 and 2 (one at a time:
        # two plays), discards once; seat 1 builds one card; seat 2 nothing.
        _event("card_confirmed", seat=0, card="school"), _event("card_confirmed", seat=0, card="library"),
        _event("card_removed", seat=0, card="library"), _event("stage_built", seat=0, stages=1),
        _event("stage_built", seat=0, stages=2), _event("coins_changed", seat=0, coins=6, delta=3, why="discard"),
        _event("coins_changed", seat=1, coins=2, delta=-1, why="corrected"),
        _event("card_confirmed", seat=1, card="forum"),
    ]
    assert plays_this_age(events, 3) == [1 + 2 + 1, 1, 0]
