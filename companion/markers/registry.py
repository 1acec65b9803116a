"""Which physical component each marker number stands for: every game's marker set (`MARKER_SETS`).

A marker number is printed on a sticker, so it is assigned once and never changes: each physical
card copy (the 3+ and the 4+ Lumber Yard have different numbers), each side of each wonder board,
one card back per age, each Armada card, island and port board, and the test pattern (7 Wonders'
set, in companion/data/markers.json with the codes' header and the lookalike ids). The same number
is the QR payload's component and the fiducial (ArUco) id. A game keeps its own set in its folder
(Architects': all cards of a kind share one number, as do the copies of a Progress token kind and
the Military Victory tokens).
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass, field
from functools import cache, cached_property
from importlib import resources
from typing import Any

from companion.gamedata.reading import GameDataError
from companion.i18n import translate
from companion.jsonread import Problem, Reader
from companion.plugins import Registry

__all__ = ["ARCHITECTS_KINDS", "KINDS", "MARKER_SETS", "MAX_MARKER", "ROMAN", "Component", "MarkerRegistry",
           "MarkerSet", "load_marker_registry", "marker_file_text"]

ARCHITECTS_KINDS = ("architects_tray", "architects_piece", "architects_card", "architects_token", "architects_cat",
                    "architects_military", "architects_medal", "architects_medal_goal")
"""Architects components: a wonder tray, a piece on its built side, a card kind, a Progress token kind,
the Cat pawn, a Military Victory token, a medal on its reward side and on its goal side."""
KINDS = ("card", "wonder_side", "card_back", "island", "port_board", "test", *ARCHITECTS_KINDS)
ARCHITECTS_RANGE = (320, 599)
ROMAN = {1: "I", 2: "II", 3: "III"}
MAX_MARKER = 999


@dataclass(frozen=True)
class Component:
    """One physical component that carries a marker."""

    marker: int
    kind: str
    set: str = "base"
    card: str | None = None
    age: int | None = None
    players: int | None = None
    color: str | None = None
    wonder: str | None = None
    side: str | None = None
    island: str | None = None
    level: int | None = None
    board: int | None = None
    piece: str | None = None
    token: str | None = None
    medal: str | None = None
    names: Mapping[str, str] = field(default_factory=dict, compare=False)
    stickers: int = field(default=1, compare=False)
    """How many stickers of this number the sheets print (Architects: cards of a kind, token copies)."""

    def name(self, language: str = "en") -> str:
        """The component's name in `language` (English when that language has none)."""
        return self.names.get(language) or self.names.get("en", "")

    @property
    def key(self) -> str:
        """A readable unique id: ``card:lumber_yard/I/4+``, ``wonder:gizah/B``, ``back:II``, ..."""
        if self.kind == "card" and self.set == "base":
            marker = "guild" if self.players is None else f"{self.players}+"
            return f"card:{self.card}/{ROMAN[self.age or 0]}/{marker}"
        if self.set == "architects":
            return _architects_key(self)
        return {
            "card": f"armada:{self.card}", "wonder_side": f"wonder:{self.wonder}/{self.side}",
            "card_back": f"back:{ROMAN.get(self.age or 0, '?')}", "island": f"island:{self.island}",
            "port_board": f"port_board:{self.board}", "test": "test",
        }[self.kind]

    @property
    def group(self) -> str:
        """The sheet group the sticker is printed in."""
        if self.set == "architects":
            return ARCHITECTS_GROUPS[self.kind]
        if self.kind == "card" and self.set == "base":
            return "guilds" if self.players is None else f"age{self.age}"
        return {"card": "armada", "wonder_side": "wonders", "card_back": "backs", "island": "islands",
                "port_board": "armada", "test": "test"}[self.kind]

    def label(self, language: str = "en") -> tuple[str, str]:
        """The two lines printed under the sticker: the name, then what tells copies apart."""
        age = ROMAN.get(self.age or 0, "")
        if self.set == "architects":
            return self.name(language), translate(f"marker.{self.kind}", language)
        if self.kind == "card" and self.set == "base":
            if self.players is None:
                detail = translate("marker.guild", language, age=age)
            else:
                detail = translate("marker.copy", language, age=age, players=self.players)
        elif self.kind == "card":
            detail = translate("marker.armada", language, age=age).rstrip()
        elif self.kind == "wonder_side":
            detail = translate("marker.side", language, side=self.side)
        elif self.kind == "island":
            detail = translate("marker.island", language, level=self.level)
        else:
            detail = translate({"card_back": "marker.back", "port_board": "marker.port_board",
                                "test": "marker.test"}[self.kind], language)
        return self.name(language), detail

    def to_json(self) -> dict[str, Any]:
        """Every field that is set, for `companion markers list --json`."""
        result: dict[str, Any] = {"marker": self.marker, "key": self.key, "kind": self.kind, "set": self.set}
        for name in ("card", "age", "players", "color", "wonder", "side", "island", "level", "board", "piece",
                     "token", "medal"):
            value = getattr(self, name)
            if value is not None:
                result[name] = value
        result["names"] = dict(self.names)
        result["group"] = self.group
        return result


@dataclass(frozen=True, eq=False)
class MarkerRegistry:
    """Every component with a marker, by number; the payload namespace and the fiducial dictionary."""

    namespace: str
    payload_version: int
    fiducial_dictionary: str
    components: tuple[Component, ...]
    lookalike_ids: frozenset[int] = frozenset()
    """Fiducial ids that printed patterns other than our markers decode as (QR finder patterns,
    icons): no component may take one, and a hit of one is refused before any meaning is read."""

    @cached_property
    def by_number(self) -> Mapping[int, Component]:
        """Every component by its marker number."""
        return {c.marker: c for c in self.components}

    def get(self, marker: int) -> Component | None:
        """The component with this number, or None."""
        return self.by_number.get(marker)

    def __iter__(self) -> Iterator[Component]:
        return iter(self.components)

    def __len__(self) -> int:
        return len(self.components)

    def in_sets(self, sets: tuple[str, ...]) -> list[Component]:
        """The components of the given sets (``base``, ``armada``, ``architects``), in marker order."""
        return [c for c in self.components if c.set in sets]


ARCHITECTS_GROUPS = {"architects_tray": "architects_wonders", "architects_piece": "architects_wonders",
                     "architects_card": "architects_cards", "architects_token": "architects_tokens",
                     "architects_cat": "architects_tokens", "architects_military": "architects_tokens",
                     "architects_medal": "architects_medals", "architects_medal_goal": "architects_medals"}


def _architects_key(component: Component) -> str:
    """``architects:piece/giza.two_different``, ``architects:card/wood``, ``architects:cat``, ..."""
    detail = {"architects_tray": component.wonder, "architects_piece": f"{component.wonder}.{component.piece}",
              "architects_card": component.card, "architects_token": component.token,
              "architects_medal": component.medal, "architects_medal_goal": component.medal}.get(component.kind)
    name = component.kind.removeprefix("architects_")
    return f"architects:{name}/{detail}" if detail else f"architects:{name}"


MarkerSet = Callable[[set[int], set[int], list[Problem]], list[Component]]
"""A game's own marker numbers: its components, given the numbers taken already and the lookalike
ids (neither may be used), recording its problems."""
MARKER_SETS: Registry[MarkerSet] = Registry("marker set", "markers")
"""Each game's marker numbers, by set name (``base``: 7 Wonders' and Armada's, in companion/data/markers.json)."""


def marker_file_text() -> str:
    """The text of companion/data/markers.json: the codes' header, the lookalike ids, and the components
    of 7 Wonders and Armada (read by 7 Wonders' marker set)."""
    return resources.files("companion.data").joinpath("markers.json").read_text(encoding="utf-8")


@cache
def load_marker_registry() -> MarkerRegistry:
    """Load companion/data/markers.json's header and every game's marker set (`MARKER_SETS`), each checked
    against its game's data.

    :raises GameDataError: when a number is reused or a component has no or two markers.
    """
    problems: list[Problem] = []
    reader = Reader(json.loads(marker_file_text()), problems)
    components: list[Component] = []
    lookalikes = {item.value["id"] for item in reader["lookalike_fiducial_ids"].as_list()
                  if isinstance(item.value, dict) and isinstance(item.value.get("id"), int)
                  } if reader["lookalike_fiducial_ids"].present else set()
    for read_set in MARKER_SETS.values():           # each game's set, base games first
        components.extend(read_set({c.marker for c in components}, lookalikes, problems))
    namespace = reader["namespace"].as_str()
    version = reader["payload_version"].as_int(minimum=1, maximum=35)
    dictionary = reader["fiducial_dictionary"].as_str()
    lookalikes = _lookalike_ids(reader["lookalike_fiducial_ids"], components, problems)
    if problems or namespace is None or version is None or dictionary is None:
        raise GameDataError([f"markers.json: {p}" for p in problems] or ["markers.json: invalid header"])
    return MarkerRegistry(namespace, version, dictionary, tuple(sorted(components, key=lambda c: c.marker)),
                          lookalikes)


def _lookalike_ids(reader: Reader, components: list[Component], problems: list[Problem]) -> frozenset[int]:
    """The ids listed as lookalikes; a component holding one is a problem of the data."""
    ids = set()
    for entry in reader.as_list():
        entry.as_object(allowed=("id", "seen"))
        number = entry["id"].as_int(minimum=0, maximum=MAX_MARKER)
        entry["seen"].as_str()
        if number is not None:
            ids.add(number)
    for component in components:
        if component.marker in ids:
            problems.append(Problem("components", f"marker {component.marker} is a lookalike fiducial id "
                                                  f"(lookalike_fiducial_ids): give the component another number"))
    return frozenset(ids)
