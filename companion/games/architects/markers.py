"""The marker numbers of 7 Wonders Architects and its expansions, from companion/games/architects/data/markers.json.

One number per wonder tray, per wonder piece (on its built side), per card kind, per Progress token
kind, the Cat pawn, the Military Victory tokens, and each component of the kinds an expansion adds
(`MARKER_KINDS`). Components named by the Architects data's ids (an expansion's kinds by its data's);
every one must have exactly one number in the reserved range, never a lookalike id.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from importlib import resources
from typing import Any

from companion.games.architects.rules.data import ArchitectsData, load_architects_data
from companion.games.architects.rules.extension import installed_extensions
from companion.i18n import LANGUAGES, translate
from companion.jsonread import Problem, Reader
from companion.markers.registry import MARKER_NAMINGS, MARKER_SETS, Component, MarkerNaming
from companion.plugins import Registry

__all__ = ["ARCHITECTS_KINDS", "ARCHITECTS_MARKERS_FILE", "ARCHITECTS_RANGE", "MARKER_KINDS", "MarkerKind",
           "marker_kinds", "read_architects_markers"]

ARCHITECTS_KINDS = ("architects_tray", "architects_piece", "architects_card", "architects_token", "architects_cat",
                    "architects_military")
"""Architects components: a wonder tray, a piece on its built side, a card kind, a Progress token kind,
the Cat pawn, a Military Victory token (the expansions add theirs: `MARKER_KINDS`)."""
ARCHITECTS_RANGE = (320, 599)
"""The marker numbers kept for Architects (and its expansions)."""
ARCHITECTS_GROUPS = {"architects_tray": "architects_wonders", "architects_piece": "architects_wonders",
                     "architects_card": "architects_cards", "architects_token": "architects_tokens",
                     "architects_cat": "architects_tokens", "architects_military": "architects_tokens"}

ARCHITECTS_MARKERS_FILE = "games/architects/data/markers.json"
FIELDS = ("marker", "kind", "wonder", "piece", "card", "token")


@dataclass(frozen=True)
class MarkerKind:
    """A kind of component an expansion adds to the Architects marker set: the `Component` field naming
    which one (its ids and names: `names()`), the sheet group its stickers print in and that sheet's
    file, and its role at the table: ``owned`` (lies in front of a player, counted as
    ``<item>:<id>``) or ``between`` (lies in the space between two neighbours, or in the centre)."""

    kind: str
    field: str
    names: Callable[[], Mapping[str, Mapping[str, str]]]
    group: str
    sheet: str
    role: str = "owned"
    item: str = ""
    """The item it is counted as in front of a player (``owned``): ``<item>:<id>``."""
    noun: str = ""
    """What one is called in messages (``two <noun>s lie between...``)."""


MARKER_KINDS: Registry[MarkerKind] = Registry("Architects marker kind", "markers")
"""The component kinds the expansions add to the Architects markers, by kind."""


def marker_kinds() -> dict[str, MarkerKind]:
    """Every kind the installed expansions add, by kind (in registration order)."""
    return dict(MARKER_KINDS.items())


def _names(raw: dict[str, Any], data: ArchitectsData) -> dict[str, str]:
    kind = raw["kind"]
    if kind == "architects_tray":
        return dict(data.wonders[raw["wonder"]].names)
    if kind == "architects_piece":
        wonder, cost = data.wonders[raw["wonder"]], data.piece_costs[raw["piece"]]
        return {lang: f"{wonder.names[lang]}: {cost.names[lang]}" for lang in LANGUAGES}
    if kind == "architects_card":
        return dict(data.cards[raw["card"]].names)
    if kind == "architects_token":
        return dict(data.tokens[raw["token"]].names)
    added = marker_kinds().get(kind)
    if added is not None:
        return dict(added.names()[raw[added.field]])
    return {lang: translate(f"marker.{kind}_name", lang) for lang in LANGUAGES}


def _stickers(raw: dict[str, Any], data: ArchitectsData, copies: dict[str, int]) -> int:
    if raw["kind"] == "architects_token":
        token = data.tokens[raw["token"]]
        return token.copies + sum(ext.token_copies(token) for ext in installed_extensions())
    return copies.get(raw["kind"], 1)


def _component(item: Reader, data: ArchitectsData, copies: dict[str, int]) -> Component | None:
    added = marker_kinds()
    raw = item.as_object(allowed=FIELDS + tuple(dict.fromkeys(k.field for k in added.values())))
    if raw is None:
        return None
    marker = item["marker"].as_int(minimum=ARCHITECTS_RANGE[0], maximum=ARCHITECTS_RANGE[1])
    kind = item["kind"].as_str(choices=ARCHITECTS_KINDS + tuple(added), what="kind")
    needs: dict[str, tuple[str, Mapping[str, Any]]] = {
        "architects_tray": ("wonder", data.wonders), "architects_piece": ("wonder", data.wonders),
        "architects_card": ("card", data.cards), "architects_token": ("token", data.tokens),
        **{k.kind: (k.field, k.names()) for k in added.values()}}
    if marker is None or kind is None:
        return None
    if kind in needs:
        name, choices = needs[kind]
        if item[name].as_str(choices=choices, what=name) is None:
            return None
    if kind == "architects_piece":
        wonder = data.wonders[raw["wonder"]]
        pieces = [p.id for p in wonder.pieces or ()]
        if item["piece"].as_str(choices=pieces, what=f"{wonder.name} piece") is None:
            return None
    fields = {k: v for k, v in raw.items() if k not in FIELDS[:2]}
    return Component(marker, kind, "architects", names=_names(raw, data), stickers=_stickers(raw, data, copies),
                     **fields)


def _check(components: list[Component], data: ArchitectsData, problems: list[Problem]) -> None:
    """Every Architects component has exactly one number."""
    keys = [c.key for c in components]
    expected = [f"architects:tray/{w}" for w in data.wonders]
    expected += [f"architects:piece/{p.key}" for w in data.wonders.values() for p in w.pieces or ()]
    expected += [f"architects:card/{k}" for k in data.cards] + [f"architects:token/{t}" for t in data.tokens]
    expected += ["architects:cat", "architects:military"]
    expected += [f"architects:{k.kind.removeprefix('architects_')}/{i}" for k in marker_kinds().values()
                 for i in k.names()]
    missing = sorted(set(expected) - set(keys))
    twice = sorted({k for k in keys if keys.count(k) > 1})
    if missing or twice:
        problems.append(Problem("components", f"Architects components without a marker: {missing}; "
                                              f"with two: {twice}"))


def read_architects_markers(data: ArchitectsData, taken: set[int], lookalikes: set[int],
                            problems: list[Problem]) -> list[Component]:
    """The Architects components with their numbers; a problem for a number already `taken`, a
    lookalike id (a QR finder pattern or an icon decodes as it), or a component without one."""
    text = resources.files("companion.games.architects").joinpath("data", "markers.json").read_text(encoding="utf-8")
    local: list[Problem] = []
    reader = Reader(json.loads(text), local)
    copies = {k: v.as_int(minimum=1, maximum=500) or 1 for k, v in reader["sticker_copies"].items()}
    components = [c for c in (_component(item, data, copies) for item in reader["components"].as_list())
                  if c is not None]
    numbers = [c.marker for c in components]
    for number in sorted({n for n in numbers if numbers.count(n) > 1 or n in taken}):
        local.append(Problem("components", f"marker {number} is used twice"))
    for number in sorted(set(numbers) & lookalikes):
        local.append(Problem("components", f"marker {number} is a lookalike fiducial id: never assign it"))
    _check(components, data, local)
    problems.extend(Problem(f"{ARCHITECTS_MARKERS_FILE}: {p.path}", p.message) for p in local)
    return components


def _architects_set(taken: set[int], lookalikes: set[int], problems: list[Problem]) -> list[Component]:
    return read_architects_markers(load_architects_data(), taken, lookalikes, problems)


def _key(component: Component) -> str:
    """``architects:piece/giza.two_different``, ``architects:card/wood``, ``architects:cat``, ..."""
    added = marker_kinds().get(component.kind)
    detail = {"architects_tray": component.wonder, "architects_piece": f"{component.wonder}.{component.piece}",
              "architects_card": component.card, "architects_token": component.token,
              }.get(component.kind) if added is None else getattr(component, added.field)
    name = component.kind.removeprefix("architects_")
    return f"architects:{name}/{detail}" if detail else f"architects:{name}"


def _label(component: Component, language: str) -> tuple[str, str]:
    return component.name(language), translate(f"marker.{component.kind}", language)


def _group(component: Component) -> str:
    added = marker_kinds().get(component.kind)
    return ARCHITECTS_GROUPS[component.kind] if added is None else added.group


SHEETS = {"architects_wonders": "a1-architects-wonders", "architects_cards": "a2-architects-cards",
          "architects_tokens": "a3-architects-tokens"}
"""The sheet file of each of the base game's groups (an expansion's: its `MarkerKind.sheet`)."""


class _Sheets(Mapping[str, str]):
    """`SHEETS` and the sheets of the expansions' kinds, read when asked (they register after this module)."""

    def _all(self) -> dict[str, str]:
        return {**SHEETS, **{k.group: k.sheet for k in marker_kinds().values()}}

    def __getitem__(self, group: str) -> str:
        return self._all()[group]

    def __iter__(self) -> Iterator[str]:
        return iter(self._all())

    def __len__(self) -> int:
        return len(self._all())


MARKER_SETS.register("architects", _architects_set, game="architects")
MARKER_NAMINGS.register("architects", MarkerNaming(_key, _group, _label, _Sheets()), game="architects")
