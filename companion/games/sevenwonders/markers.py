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
from companion.markers.registry import (
    MARKER_NAMINGS,
    MARKER_SETS,
    MAX_MARKER,
    ROMAN,
    Component,
    MarkerNaming,
    marker_file_text,
)

__all__ = ["KINDS", "read_base_markers"]

KINDS = ("card", "wonder_side", "card_back", "island", "port_board", "test")
"""The kinds of companion/data/markers.json: 7 Wonders' and Armada's components and the test pattern."""


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


def _key(component: Component) -> str:
    """``card:lumber_yard/I/4+``, ``wonder:gizah/B``, ``back:II``, ``armada:...``, ``island:...``."""
    if component.kind == "card" and component.set == "base":
        marker = "guild" if component.players is None else f"{component.players}+"
        return f"card:{component.card}/{ROMAN[component.age or 0]}/{marker}"
    return {
        "card": f"armada:{component.card}", "wonder_side": f"wonder:{component.wonder}/{component.side}",
        "card_back": f"back:{ROMAN.get(component.age or 0, '?')}", "island": f"island:{component.island}",
        "port_board": f"port_board:{component.board}", "test": "test",
    }[component.kind]


def _group(component: Component) -> str:
    """Age I-III and guilds for the base cards; wonders, backs, Armada's cards and boards, islands."""
    if component.kind == "card" and component.set == "base":
        return "guilds" if component.players is None else f"age{component.age}"
    return {"card": "armada", "wonder_side": "wonders", "card_back": "backs", "island": "islands",
            "port_board": "armada", "test": "test"}[component.kind]


def _label(component: Component, language: str) -> tuple[str, str]:
    """The name, then the copy (age and player count), the side, the island's level..."""
    age = ROMAN.get(component.age or 0, "")
    if component.kind == "card" and component.set == "base":
        if component.players is None:
            detail = translate("marker.guild", language, age=age)
        else:
            detail = translate("marker.copy", language, age=age, players=component.players)
    elif component.kind == "card":
        detail = translate("marker.armada", language, age=age).rstrip()
    elif component.kind == "wonder_side":
        detail = translate("marker.side", language, side=component.side)
    elif component.kind == "island":
        detail = translate("marker.island", language, level=component.level)
    else:
        detail = translate({"card_back": "marker.back", "port_board": "marker.port_board",
                            "test": "marker.test"}[component.kind], language)
    return component.name(language), detail


MARKER_SETS.register("base", read_base_markers, game="7wonders")
BASE_SHEETS = {"age1": "1-age-I", "age2": "2-age-II", "age3": "3-age-III", "guilds": "4-guilds", "wonders": "5-wonders",
               "backs": "8-card-backs"}
ARMADA_SHEETS = {"armada": "6-armada", "islands": "7-islands", "armada_backs": "9-armada-card-backs"}
MARKER_NAMINGS.register("base", MarkerNaming(_key, _group, _label, BASE_SHEETS, "backs"), game="7wonders")
MARKER_NAMINGS.register("armada", MarkerNaming(_key, _group, _label, ARMADA_SHEETS, "armada_backs"), game="7wonders")
