"""The Medals box as immutable values, loaded from ``medals.json`` and validated like the Architects data:
the medals and their goals (over the Architects card colours and kinds), their VP, how many a player may
win, the medals in the centre of the expert variant and the Progress tokens the box adds."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.gamedata.reading import Names, read_checked
from companion.games.architects.rules.data import ArchitectsData, CardKind, _ident, _names, load_architects_data
from companion.jsonread import Reader

__all__ = ["COUNTED", "MEDALS", "MEDALS_DATA_FORMAT", "MEDAL_TAKEN", "GoalPart", "Medal", "MedalsData",
           "load_medals_data"]

MEDALS = "medals"
"""The id of the Medals expansion (in a table file's ``expansions``, and its key in ``extras``)."""
MEDAL_TAKEN = "architects_medal_taken"
"""The log's event of a medal taken (the kind keeps the name it had when Medals lived in the Architects code)."""
MEDALS_DATA_FORMAT = "medals-data/1"
COUNTED = ("cards", "stages", "progress_tokens", "military_tokens", "cat_pawn", "battle_tokens")
"""What a medal goal counts: cards in front of the player (of some colours or kinds, or all),
constructed stages, Progress tokens, Military Victory tokens, the Cat pawn (0 or 1), and the
Military Victory tokens won in one battle (an event, not a state)."""
MONOTONE = ("stages", "progress_tokens", "military_tokens")
"""Counts that never decrease during a game: a final table must still meet these parts of a goal."""


@dataclass(frozen=True)
class GoalPart:
    """One condition of a medal goal: at least `at_least` of what `count` names (cards restricted to
    `colors` or `kinds` when given)."""

    count: str
    at_least: int
    colors: tuple[str, ...] = ()
    kinds: tuple[str, ...] = ()

    @property
    def monotone(self) -> bool:
        """True when what it counts never decreases in a game (a final table still shows it)."""
        return self.count in MONOTONE


@dataclass(frozen=True)
class Medal:
    """A medal of the Medals expansion: its goal (all parts must hold) is met during play."""

    id: str
    names: Names
    goal: tuple[GoalPart, ...]

    @property
    def is_event(self) -> bool:
        """True for a goal met by an event (two tokens in one battle), not by a state."""
        return any(part.count == "battle_tokens" for part in self.goal)


@dataclass(frozen=True)
class MedalsData:
    """Everything in the Medals box the product needs beyond the Architects components it tags."""

    medal_vp: int
    medals_per_player: Mapping[str, int]
    center_medals: int
    token_copies: Mapping[str, int]
    medals: Mapping[str, Medal]


def _medals(reader: Reader, data_colors: Mapping[str, Names], kinds: Mapping[str, CardKind]) -> dict[str, Medal]:
    medals: dict[str, Medal] = {}
    seen: set[str] = set()
    for item in reader.as_list():
        item.as_object(allowed=("id", "names", "goal"))
        ident = _ident(item["id"], seen)
        names = _names(item["names"])
        parts = []
        for part in item["goal"].as_list(max_length=6):
            part.as_object(allowed=("count", "at_least", "colors", "kinds"))
            count = part["count"].as_str(choices=COUNTED, what="goal count")
            at_least = part["at_least"].as_int(minimum=1, maximum=20)
            colors = tuple(c.as_str(choices=data_colors, what="colour") or "" for c in part["colors"].as_list()) \
                if part["colors"].present else ()
            card_kinds = tuple(k.as_str(choices=kinds, what="card kind") or "" for k in part["kinds"].as_list()) \
                if part["kinds"].present else ()
            if (colors or card_kinds) and count != "cards":
                part.problem("colours and kinds only restrict a count of cards")
            if count is not None and at_least is not None:
                parts.append(GoalPart(count, at_least, colors, card_kinds))
        if not parts:
            item["goal"].problem("a medal needs a goal")
        if ident is None or names is None or not parts:
            continue
        medals[ident] = Medal(ident, names, tuple(parts))
    return medals


def _parse(reader: Reader, base: ArchitectsData) -> MedalsData | None:
    if reader["format"].as_str() not in (None, MEDALS_DATA_FORMAT):
        reader["format"].problem(f"expected '{MEDALS_DATA_FORMAT}'")
    numbers: dict[str, Any] = dict(
        medal_vp=reader["medal_vp"].as_int(minimum=0, maximum=20),
        center_medals=reader["center_medals"]["expert"].as_int(minimum=0, maximum=12),
    )
    per_player = {k: v.as_int(minimum=0, maximum=12) for k, v in reader["medals_per_player"].items()}
    copies = {}
    for token, value in reader["token_copies"].items():
        if token not in base.tokens:
            value.problem(f"unknown Progress token '{token}'")
        copies[token] = value.as_int(minimum=0, maximum=5)
    medals = _medals(reader["medals"], base.colors, base.cards)
    if None in numbers.values() or None in per_player.values() or None in copies.values():
        return None
    return MedalsData(medals_per_player={k: v or 0 for k, v in per_player.items()},
                      token_copies={k: v or 0 for k, v in copies.items()}, medals=medals, **numbers)


@cache
def _load_cached(directory: str | None) -> MedalsData:
    folder = Path(directory) if directory is not None else None
    architects = load_architects_data()
    return read_checked("companion.games.medals", folder, "medals.json", lambda reader: _parse(reader, architects))


def load_medals_data(directory: str | Path | None = None) -> MedalsData:
    """The Medals data shipped in the package, or ``medals.json`` in `directory`.

    :raises GameDataError: when the file is missing, not JSON, or holds an invalid value.
    """
    return _load_cached(str(directory) if directory is not None else None)
