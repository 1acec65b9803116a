"""The marker numbers of 7 Wonders and Armada, from companion/data/markers.json: each card copy, each side
of each wonder board, one card back per age, each Armada card, island and port board, and the test
pattern; names from the game data, and every card copy, wonder side and age checked to have exactly
one number (marker set ``base``)."""

from __future__ import annotations

import json
from typing import Any

from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.i18n import LANGUAGES, translate
from companion.jsonread import Problem, Reader
from companion.markers.registry import KINDS, MARKER_SETS, MAX_MARKER, ROMAN, Component, marker_file_text

__all__ = ["read_base_markers"]


def read_base_markers(taken: set[int], lookalikes: set[int], problems: list[Problem]) -> list[Component]:
    """The components of companion/data/markers.json, checked against the game data (the lookalike ids
    are checked for every set by the registry)."""
    data = load_game_data()
    reader = Reader(json.loads(marker_file_text()), problems)
    components = [c for c in (_parse_component(item, data) for item in reader["components"].as_list())
                  if c is not None]
    _check_coverage(components, data, problems)
    return components


def _base_names(component: dict[str, Any], data: GameData) -> dict[str, str]:
    if component["kind"] == "card":
        return dict(data.cards[component["card"]].names)
    if component["kind"] == "wonder_side":
        return dict(data.wonders[component["wonder"]].city_names)
    if component["kind"] == "card_back":
        return {lang: translate("marker.age", lang, age=ROMAN[component["age"]]) for lang in LANGUAGES}
    if component["kind"] == "port_board":
        return {lang: translate("marker.port_board_name", lang, board=component["board"]) for lang in LANGUAGES}
    return {lang: translate("marker.test_name", lang) for lang in LANGUAGES}


def _parse_component(reader: Reader, data: GameData) -> Component | None:
    raw = reader.as_object(allowed=("marker", "kind", "set", "card", "age", "players", "color", "wonder", "side",
                                    "island", "level", "board", "names", "name_sources"))
    if raw is None:
        return None
    marker = reader["marker"].as_int(minimum=0, maximum=MAX_MARKER)
    kind = reader["kind"].as_str(choices=KINDS, what="kind")
    set_name = reader["set"].as_str(choices=("base", "armada")) if reader["set"].present else (
        "test" if kind == "test" else "base")
    if marker is None or kind is None or set_name is None:
        return None
    fields = {k: raw[k] for k in ("card", "age", "players", "color", "wonder", "side", "island", "level", "board")
              if k in raw}
    if set_name == "base" or kind == "test":
        if kind == "card" and reader["card"].as_str(choices=data.cards, what="card") is None:
            return None
        if kind == "wonder_side" and reader["wonder"].as_str(choices=data.wonders, what="wonder") is None:
            return None
        names = _base_names(raw, data)
    elif kind == "port_board":
        names = _base_names(raw, data)
    else:
        names = {k: v.as_str() or "" for k, v in reader["names"].items()}
        if not names.get("en"):
            reader["names"].problem("an Armada card or island needs an English name")
    return Component(marker, kind, set_name, names=names, **fields)


def _check_coverage(components: list[Component], data: GameData, problems: list[Problem]) -> None:
    numbers = [c.marker for c in components]
    for number in {n for n in numbers if numbers.count(n) > 1}:
        problems.append(Problem("components", f"marker {number} is used twice"))
    copies = sorted(copy.key for copy in data.all_copies())
    marked = sorted(c.key.removeprefix("card:") for c in components if c.kind == "card" and c.set == "base")
    if copies != marked:
        missing = sorted(set(copies) - set(marked))
        extra = sorted(set(marked) - set(copies))
        problems.append(Problem("components", f"base card copies without a marker: {missing}; "
                                              f"markers for no copy or twice: {extra}"))
    sides = sorted(f"wonder:{w}/{s}" for w in data.wonders for s in ("A", "B"))
    if sorted(c.key for c in components if c.kind == "wonder_side") != sides:
        problems.append(Problem("components", "every side of every wonder needs exactly one marker"))
    if sorted(c.age or 0 for c in components if c.kind == "card_back") != list(range(1, data.rules.ages + 1)):
        problems.append(Problem("components", "every age needs exactly one card-back marker"))


MARKER_SETS.register("base", read_base_markers, game="7wonders")
