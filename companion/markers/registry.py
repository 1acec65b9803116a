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

__all__ = ["MARKER_NAMINGS", "MARKER_SETS", "MAX_MARKER", "ROMAN", "TEST_SET", "Component", "MarkerNaming",
           "MarkerRegistry", "MarkerSet", "load_marker_registry", "marker_file_text"]

ROMAN = {1: "I", 2: "II", 3: "III"}
MAX_MARKER = 999
TEST_SET = "test"
"""The set of the test pattern (kind ``test``), every game's."""


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
        """A readable unique id: ``card:lumber_yard/I/4+``, ``wonder:gizah/B``, ``back:II``, ... (its set's
        naming, `MARKER_NAMINGS`)."""
        return "test" if self.set == TEST_SET else MARKER_NAMINGS.find(self.set).key(self)

    @property
    def group(self) -> str:
        """The sheet group the sticker is printed in."""
        return "test" if self.set == TEST_SET else MARKER_NAMINGS.find(self.set).group(self)

    def label(self, language: str = "en") -> tuple[str, str]:
        """The two lines printed under the sticker: the name, then what tells copies apart."""
        if self.set == TEST_SET:
            return self.name(language), translate("marker.test", language)
        return MARKER_NAMINGS.find(self.set).label(self, language)

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


@dataclass(frozen=True)
class MarkerNaming:
    """How a set's components are named: a unique readable key, the sheet group its sticker is printed
    in, the two lines printed under it (the name, then what tells copies apart)."""

    key: Callable[[Component], str]
    group: Callable[[Component], str]
    label: Callable[[Component, str], tuple[str, str]]
    sheets: Mapping[str, str] = field(default_factory=dict)
    """The sheet file (without ``.pdf``; files print in name order) of each group it adds."""
    backs_group: str = ""
    """The group its cards' backs print in (one back per card of each age); empty: its cards have none."""


MARKER_NAMINGS: Registry[MarkerNaming] = Registry("marker naming", "markers")
"""Each set's naming, by set name (the test pattern's is the registry's own)."""


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
