"""The marker numbers of 7 Wonders Architects and Medals, from companion/games/architects/data/markers.json.

One number per wonder tray, per wonder piece (on its built side), per card kind, per Progress token
kind, the Cat pawn, the Military Victory tokens, and each medal on its reward side and on its goal
side (the side that lies in the space between two players). Components named by the Architects
data's ids; every one must have exactly one number in the reserved range, never a lookalike id.
"""

from __future__ import annotations

import json
from importlib import resources
from typing import Any

from companion.games.architects.rules.data import ArchitectsData, load_architects_data
from companion.games.architects.rules.extension import installed_extensions
from companion.games.medals.rules.data import load_medals_data
from companion.i18n import LANGUAGES, translate
from companion.jsonread import Problem, Reader
from companion.markers.registry import MARKER_NAMINGS, MARKER_SETS, Component, MarkerNaming

__all__ = ["ARCHITECTS_KINDS", "ARCHITECTS_MARKERS_FILE", "ARCHITECTS_RANGE", "read_architects_markers"]

ARCHITECTS_KINDS = ("architects_tray", "architects_piece", "architects_card", "architects_token", "architects_cat",
                    "architects_military", "architects_medal", "architects_medal_goal")
"""Architects components: a wonder tray, a piece on its built side, a card kind, a Progress token kind,
the Cat pawn, a Military Victory token, a medal on its reward side and on its goal side."""
ARCHITECTS_RANGE = (320, 599)
"""The marker numbers kept for Architects."""
ARCHITECTS_GROUPS = {"architects_tray": "architects_wonders", "architects_piece": "architects_wonders",
                     "architects_card": "architects_cards", "architects_token": "architects_tokens",
                     "architects_cat": "architects_tokens", "architects_military": "architects_tokens",
                     "architects_medal": "architects_medals", "architects_medal_goal": "architects_medals"}

ARCHITECTS_MARKERS_FILE = "games/architects/data/markers.json"
FIELDS = ("marker", "kind", "wonder", "piece", "card", "token", "medal")


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
    if kind in ("architects_medal", "architects_medal_goal"):
        return dict(load_medals_data().medals[raw["medal"]].names)
    return {lang: translate(f"marker.{kind}_name", lang) for lang in LANGUAGES}


def _stickers(raw: dict[str, Any], data: ArchitectsData, copies: dict[str, int]) -> int:
    if raw["kind"] == "architects_token":
        token = data.tokens[raw["token"]]
        return token.copies + sum(ext.token_copies(token) for ext in installed_extensions())
    return copies.get(raw["kind"], 1)


def _component(item: Reader, data: ArchitectsData, copies: dict[str, int]) -> Component | None:
    raw = item.as_object(allowed=FIELDS)
    if raw is None:
        return None
    marker = item["marker"].as_int(minimum=ARCHITECTS_RANGE[0], maximum=ARCHITECTS_RANGE[1])
    kind = item["kind"].as_str(choices=ARCHITECTS_KINDS, what="kind")
    medals = load_medals_data().medals
    needs = {"architects_tray": ("wonder", data.wonders), "architects_piece": ("wonder", data.wonders),
             "architects_card": ("card", data.cards), "architects_token": ("token", data.tokens),
             "architects_medal": ("medal", medals), "architects_medal_goal": ("medal", medals)}
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
    fields = {k: raw[k] for k in FIELDS[2:] if k in raw}
    return Component(marker, kind, "architects", names=_names(raw, data), stickers=_stickers(raw, data, copies),
                     **fields)


def _check(components: list[Component], data: ArchitectsData, problems: list[Problem]) -> None:
    """Every Architects component has exactly one number."""
    keys = [c.key for c in components]
    expected = [f"architects:tray/{w}" for w in data.wonders]
    expected += [f"architects:piece/{p.key}" for w in data.wonders.values() for p in w.pieces or ()]
    expected += [f"architects:card/{k}" for k in data.cards] + [f"architects:token/{t}" for t in data.tokens]
    expected += ["architects:cat", "architects:military"]
    expected += [f"architects:{side}/{m}" for side in ("medal", "medal_goal") for m in load_medals_data().medals]
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
    detail = {"architects_tray": component.wonder, "architects_piece": f"{component.wonder}.{component.piece}",
              "architects_card": component.card, "architects_token": component.token,
              "architects_medal": component.medal, "architects_medal_goal": component.medal}.get(component.kind)
    name = component.kind.removeprefix("architects_")
    return f"architects:{name}/{detail}" if detail else f"architects:{name}"


def _label(component: Component, language: str) -> tuple[str, str]:
    return component.name(language), translate(f"marker.{component.kind}", language)


MARKER_SETS.register("architects", _architects_set, game="architects")
SHEETS = {"architects_wonders": "a1-architects-wonders", "architects_cards": "a2-architects-cards",
          "architects_tokens": "a3-architects-tokens", "architects_medals": "a4-architects-medals"}
MARKER_NAMINGS.register("architects", MarkerNaming(_key, lambda c: ARCHITECTS_GROUPS[c.kind], _label, SHEETS),
                        game="architects")
