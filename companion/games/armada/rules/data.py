"""The *Armada* expansion's components: its 24 cards, 27 islands, 4 fleets, 8 port boards and rules.

Loaded from companion/games/armada/data/armada.json and validated like the base data. Every value that a
component owner may need to enter is a `Fact` with a key (``port_board.3.blue.4.cost``); a value
printed only as an icon and found in no text source is an `Unknown` there. The user's components
file (see `companion.gamedata.components`) may give any fact a value; it is validated with the
same parsers as the shipped file and overrides it.
"""

from __future__ import annotations

import json
from collections.abc import Callable, Mapping
from dataclasses import dataclass
from functools import cache
from importlib import resources
from pathlib import Path
from typing import Any

from companion.gamedata.effects import Effect, EffectVocabulary, parse_effect
from companion.gamedata.facts import Fact, Unknown
from companion.gamedata.reading import GameDataError
from companion.games.armada.rules.effects import UnknownEffect
from companion.games.sevenwonders.rules.loader import _check_id, _header, _names, _parse_cost, load_game_data
from companion.games.sevenwonders.rules.model import Card, Cost, GameData, Names
from companion.jsonread import Problem, Reader, did_you_mean

__all__ = [
    "ArmadaCard",
    "ArmadaData",
    "ArmadaRules",
    "FleetTrack",
    "Island",
    "NavalAge",
    "PortBoard",
    "armada_with_values",
    "load_armada_data",
]

ARMADA_FILE = "armada.json"
LEVELS = 6
"""Upgrade spaces per fleet (the start space is level 0)."""
REWARD_FIELDS = ("naval_shields", "trade_level", "coins", "tax", "vp", "explore")
REWARD_WORDS = {"naval_shields": "naval shields", "trade_level": "trade level", "coins": "coins", "tax": "tax",
                "vp": "VP", "explore": "island level explored (0: none)"}
EFFECT_FACTS: Mapping[tuple[str, str], tuple[str, str, str]] = {
    ("incursion", "direction"): ("incursion", "direction", "the incursion direction of {name}"),
    ("produce_one_of", "options"): ("produces", "resources", "the resources {name} produces (one of them a turn)"),
    ("free_ship_moves", "fleets"): ("fleet", "fleet", "the fleet whose ship {name} moves"),
}
"""The effect values that may be unknown: (effect type, field) -> (fact name, kind, label)."""


@dataclass(frozen=True, eq=False)
class ArmadaCard(Card):
    """An Armada card: a building of its colour, one copy, no N+ marker, maybe of unknown cost."""

    age: int | Unknown = 0
    removed_at_three_players: bool = False
    cost_unknown: Unknown | None = None
    """Set when the printed cost is not known: `cost` is then meaningless and the engine refuses to use it."""
    chain_unknown: Unknown | None = None
    """Set when the card's chain symbols are not known."""

    @property
    def ages(self) -> tuple[int, ...]:
        """The card's age, or nothing when it is not known."""
        return (self.age,) if isinstance(self.age, int) else ()

    def copies_in_box(self, players: int) -> int:
        """One copy, left in the box at three players for the emporium and incursion cards."""
        return 0 if players <= 3 and self.removed_at_three_players else 1

    @property
    def price_unknowns(self) -> tuple[Unknown, ...]:
        """The unknown values a paid build of this card depends on (its cost and chains)."""
        return tuple(u for u in (self.cost_unknown, self.chain_unknown) if u is not None)

    def __repr__(self) -> str:
        return f"<ArmadaCard {self.id}>"


@dataclass(frozen=True, eq=False)
class Island:
    """An island card: its level (1-3) and effects; only its owner gets them."""

    id: str
    level: int
    names: Names
    effects: tuple[Effect, ...]

    @property
    def name(self) -> str:
        """The English name."""
        return self.names["en"]

    def __repr__(self) -> str:
        return f"<Island {self.id}>"


@dataclass(frozen=True, eq=False)
class FleetTrack:
    """One fleet's reward track, the same on every port board: space 0 (start) to 6."""

    id: str
    names: Names
    rewards: tuple[str, ...]
    spaces: tuple[Mapping[str, int | Unknown], ...]

    def reward(self, level: int, field: str) -> int | Unknown:
        """The value printed at `level` for `field` (0 for a field this fleet never gives)."""
        if field not in self.rewards:
            return 0
        return self.spaces[level][field]


@dataclass(frozen=True, eq=False)
class PortBoard:
    """One of the 8 port boards: which fleet has the wonder symbol and the cost of each upgrade space."""

    number: int
    wonder_fleet: str | Unknown
    costs: Mapping[str, tuple[Cost | Unknown, ...]]

    def cost(self, fleet: str, level: int) -> Cost | Unknown:
        """The naval construction cost of moving the `fleet` ship onto `level` (1-6)."""
        return self.costs[fleet][level - 1]


@dataclass(frozen=True)
class NavalAge:
    """The naval conflict tokens of one age: the defeat token and the victory token of each place."""

    defeat: int
    places: tuple[int, ...]


@dataclass(frozen=True, eq=False)
class ArmadaRules:
    """The numbers of the expansion: deal, 8 players, discard, guild cap, teams, naval conflicts, tokens."""

    min_players: int
    max_players: int
    cards_per_player_per_age: int
    armada_cards_per_player_per_age: int
    removed_at_three_players: tuple[str, ...]
    eight_player_cards_as_for: int
    eight_player_guilds: int
    eight_player_armada_cards_per_age: int
    eight_player_cards_per_player_per_age: int
    discard_coins: int
    discard_yellow_steps: int
    guild_cap: int
    team_player_counts: tuple[int, ...]
    team_size: int
    team_land_tokens_per_result: int
    incursion_tokens_per_result: int
    naval_ages: Mapping[int, NavalAge]
    naval_token_pool: Mapping[int, int]
    land_extra_tokens: Mapping[int, int]
    incursion_tokens: int
    exploration_alone_draws: int
    exploration_keeps: int
    turn_order: tuple[tuple[str, str], ...]

    @property
    def naval_token_values(self) -> tuple[int, ...]:
        """Every value a naval token can have."""
        return tuple(sorted(self.naval_token_pool))


@dataclass(frozen=True, eq=False)
class ArmadaData:
    """Everything in the Armada box, with the user's entered values applied."""

    rules: ArmadaRules
    cards: Mapping[str, ArmadaCard]
    islands: Mapping[str, Island]
    fleets: Mapping[str, FleetTrack]
    boards: Mapping[int, PortBoard]
    facts: Mapping[str, Fact]
    components: str | None = None
    """The user's components file applied, if any."""

    @property
    def fleet_ids(self) -> tuple[str, ...]:
        """The fleets in board order: red, yellow, blue, green."""
        return tuple(self.fleets)

    def unknowns(self) -> list[Fact]:
        """Every fact still unknown, in data order."""
        return [fact for fact in self.facts.values() if not fact.known]


class _Facts:
    """Resolves fact values: the user's value if given, else the shipped value or an `Unknown`."""

    def __init__(self, reasons: Mapping[str, str], default_source: str, overrides: Mapping[str, Any],
                 override_problems: list[Problem], parsers: Mapping[str, Callable[[Reader], Any]]) -> None:
        self.reasons = reasons
        self.default_source = default_source
        self.overrides = overrides
        self.override_problems = override_problems
        self.parsers = parsers
        self.facts: dict[str, Fact] = {}

    def resolve(self, reader: Reader, key: str, kind: str, label: str, subject: str, edit: str) -> Any:
        """The value at `reader` (a bare value, ``{"value": ..}`` or ``{"unknown": ..}``) for fact `key`."""
        raw = reader.value
        source = self.default_source
        value: Any
        if isinstance(raw, dict) and "unknown" in raw:
            reader.as_object(allowed=("unknown", "hint"))
            reason = reader["unknown"].as_str(max_length=1000) or ""
            why = self.reasons.get(reason, reason)
            if reader["hint"].present:
                hint = reader["hint"].as_str(max_length=300)
                why = f"{why} (a hint the engine does not use: {hint})"
            value = Unknown(key, f"{label} unknown", why, edit)
            source = why
        elif isinstance(raw, dict) and "value" in raw:
            reader.as_object(allowed=("value", "source", "confidence", "note"))
            source = reader["source"].as_str(max_length=1000) or source
            if reader["confidence"].present:
                source = f"{source} (confidence {reader['confidence'].as_str()})"
            value = self.parsers[kind](reader["value"])
        else:
            value = self.parsers[kind](reader)
        overridden = False
        if key in self.overrides:
            entered = self.parsers[kind](Reader(self.overrides[key], self.override_problems, f"values.{key}"))
            if entered is not None:
                value = entered
                source = "entered by the component owner (components file)"
                overridden = True
        self.facts[key] = Fact(key, kind, value, label, source, subject, overridden)
        return value


def _parsers(data: GameData, fleets: tuple[str, ...], card_ids: tuple[str, ...]) -> dict[str, Callable[[Reader], Any]]:
    rules = data.rules

    def cards(reader: Reader) -> tuple[str, ...] | None:
        items = [item.as_str(choices=card_ids, what="card") for item in reader.as_list(max_length=10)]
        return None if None in items else tuple(i for i in items if i)

    def resources_(reader: Reader) -> tuple[str, ...] | None:
        items = [item.as_str(choices=rules.resources, what="resource") for item in reader.as_list(max_length=7)]
        if not items and isinstance(reader.value, list):
            reader.problem("expected at least one resource")
            return None
        if len(set(items)) != len(items):
            reader.problem("a resource is listed twice")
            return None
        return None if None in items else tuple(i for i in items if i)

    return {
        "cost": lambda r: _parse_cost(r, rules),
        "cards": cards,
        "count": lambda r: r.as_int(minimum=0, maximum=100),
        "island_level": lambda r: r.as_int(minimum=0, maximum=3),
        "level": lambda r: r.as_int(minimum=1, maximum=3),
        "age": lambda r: r.as_int(minimum=1, maximum=rules.ages),
        "fleet": lambda r: r.as_str(choices=fleets, what="fleet"),
        "direction": lambda r: r.as_str(choices=("left", "right"), what="direction"),
        "resources": resources_,
    }


def _is_fact_object(value: Any) -> bool:
    return isinstance(value, dict) and ("unknown" in value or "value" in value)


def _effects(reader: Reader, owner: str, ident: str, name: str, facts: _Facts, vocabulary: EffectVocabulary
             ) -> tuple[Effect, ...] | None:
    """Parse effects, resolving the values that are facts; an effect with an unknown value is an `UnknownEffect`."""
    result: list[Effect] = []
    items = reader.as_list(max_length=10)
    for item in items:
        raw = item.as_object()
        if raw is None:
            return None
        kind = raw.get("type")
        resolved = dict(raw)
        unknown: Unknown | None = None
        for field, value in raw.items():
            spec = EFFECT_FACTS.get((str(kind), field))
            inner = value[0] if isinstance(value, list) and len(value) == 1 and _is_fact_object(value[0]) else value
            if spec is None or not (_is_fact_object(inner) or f"{owner}.{ident}.{spec[0]}" in facts.overrides):
                continue
            fact_name, fact_kind, label = spec
            at = item[field] if inner is value else Reader(inner, item.problems, item[field].child_path(0))
            edit = f"companion components edit {owner} {ident}"
            got = facts.resolve(at, f"{owner}.{ident}.{fact_name}", fact_kind, label.format(name=name),
                                f"{owner} {ident}", edit)
            if isinstance(got, Unknown):
                unknown = got
            else:
                resolved[field] = list(got) if isinstance(got, tuple) else [got] if isinstance(value, list) else got
        if unknown is not None:
            result.append(UnknownEffect(str(kind), unknown))
            continue
        effect = parse_effect(Reader(resolved, item.problems, item.path), vocabulary)
        if effect is None:
            return None
        result.append(effect)
    if not items:
        reader.problem("expected at least one effect")
        return None
    return tuple(result)


def _parse_cards(reader: Reader, data: GameData, facts: _Facts, vocabulary: EffectVocabulary,
                 removed: tuple[str, ...]) -> dict[str, ArmadaCard]:
    cards: dict[str, ArmadaCard] = {}
    seen: set[str] = set(data.cards)
    fields = ("id", "color", "names", "name_sources", "age", "removed_at_three_players", "cost", "chain_from",
              "effects")
    for item in reader.as_list(max_length=100):
        item.as_object(allowed=fields)
        ident = _check_id(item["id"], seen)
        color = item["color"].as_str(choices=data.rules.colors, what="colour")
        names = _names(item["names"])
        if ident is None or color is None or names is None:
            continue
        name = names["en"]
        subject, edit = f"card {ident}", f"companion components edit card {ident}"
        age = facts.resolve(item["age"], f"card.{ident}.age", "age", f"the age of {name}", subject, edit)
        cost = facts.resolve(item["cost"], f"card.{ident}.cost", "cost", f"the cost printed on {name}", subject, edit)
        chain = facts.resolve(item["chain_from"], f"card.{ident}.chain_from", "cards",
                              f"the chain symbols of {name} (the cards that make it free; none: empty)", subject, edit)
        is_removed = item["removed_at_three_players"].as_bool()
        effects = _effects(item["effects"], "card", ident, name, facts, vocabulary)
        if None in (age, cost, chain, is_removed, effects):
            continue
        assert effects is not None and is_removed is not None
        if is_removed != (ident in removed):
            item["removed_at_three_players"].problem(
                f"disagrees with setup.removed_at_three_players, which {'lists' if ident in removed else 'omits'} it")
        name_sources = {k: v.as_str() or "" for k, v in item["name_sources"].items()} \
            if item["name_sources"].present else {}
        cards[ident] = ArmadaCard(
            ident, color, names, cost if isinstance(cost, Cost) else Cost(),
            chain if isinstance(chain, tuple) else (), (), effects, name_sources,
            age=age, removed_at_three_players=is_removed,
            cost_unknown=cost if isinstance(cost, Unknown) else None,
            chain_unknown=chain if isinstance(chain, Unknown) else None)
    return cards


def _parse_islands(reader: Reader, facts: _Facts, vocabulary: EffectVocabulary, taken: set[str]) -> dict[str, Island]:
    islands: dict[str, Island] = {}
    for item in reader.as_list(max_length=100):
        item.as_object(allowed=("id", "level", "names", "name_sources", "effects"))
        ident = _check_id(item["id"], taken)
        names = _names(item["names"])
        if ident is None or names is None:
            continue
        subject, edit = f"island {ident}", f"companion components edit island {ident}"
        level = facts.resolve(item["level"], f"island.{ident}.level", "level", f"the level of {names['en']}",
                              subject, edit)
        effects = _effects(item["effects"], "island", ident, names["en"], facts, vocabulary)
        if isinstance(level, Unknown):
            item["level"].problem("an island's level must be known: it decides its deck")
            continue
        if level is None or effects is None:
            continue
        islands[ident] = Island(ident, level, names, effects)
    return islands


def _parse_fleets(reader: Reader, facts: _Facts, colors: tuple[str, ...]) -> dict[str, FleetTrack]:
    fleets: dict[str, FleetTrack] = {}
    for item in reader.as_list(max_length=10):
        item.as_object(allowed=("id", "names", "rewards", "spaces"))
        ident = item["id"].as_str(choices=colors, what="fleet colour")
        names = _names(item["names"])
        rewards = [r.as_str(choices=REWARD_FIELDS, what="reward") for r in item["rewards"].as_list()]
        if ident is None or names is None or None in rewards:
            continue
        fields = tuple(r for r in rewards if r)
        spaces = []
        space_readers = item["spaces"].as_list(max_length=LEVELS + 1)
        if len(space_readers) != LEVELS + 1:
            item["spaces"].problem(f"a fleet has a start space and {LEVELS} upgrade spaces, not {len(space_readers)}")
            continue
        for level, space in enumerate(space_readers):
            space.as_object(allowed=fields)
            values: dict[str, int | Unknown] = {}
            for field in fields:
                label = f"{ident} fleet level {level} {REWARD_WORDS[field]}"
                value = facts.resolve(space[field], f"fleet.{ident}.{level}.{field}",
                                      "island_level" if field == "explore" else "count", label, "fleets",
                                      "companion components edit fleets")
                if value is not None:
                    values[field] = value
            spaces.append(values)
        fleets[ident] = FleetTrack(ident, names, fields, tuple(spaces))
    return fleets


def _parse_boards(reader: Reader, facts: _Facts, fleets: tuple[str, ...]) -> dict[int, PortBoard]:
    boards: dict[int, PortBoard] = {}
    for item in reader.as_list(max_length=20):
        item.as_object(allowed=("board", "wonder_fleet", "costs"))
        number = item["board"].as_int(minimum=1, maximum=99)
        if number is None:
            continue
        if number in boards:
            item["board"].problem(f"port board {number} is listed twice")
            continue
        subject, edit = f"port-board {number}", f"companion components edit port-board {number}"
        wonder = facts.resolve(item["wonder_fleet"], f"port_board.{number}.wonder_fleet", "fleet",
                               f"the fleet with the wonder symbol on port board {number}", subject, edit)
        item["costs"].as_object(allowed=fleets)
        costs: dict[str, tuple[Cost | Unknown, ...]] = {}
        for fleet in fleets:
            row = item["costs"][fleet].as_list(max_length=LEVELS)
            if len(row) != LEVELS:
                item["costs"][fleet].problem(f"expected the costs of {LEVELS} upgrade spaces, got {len(row)}")
                continue
            costs[fleet] = tuple(
                facts.resolve(cost, f"port_board.{number}.{fleet}.{level}.cost", "cost",
                              f"{fleet} fleet level {level} build cost on port board {number}", subject, edit)
                for level, cost in enumerate(row, start=1))
        if wonder is not None and len(costs) == len(fleets) and all(None not in row for row in costs.values()):
            boards[number] = PortBoard(number, wonder, costs)
    return boards


def _int_map(reader: Reader, minimum: int, maximum: int) -> dict[int, int]:
    result = {}
    for key, value in reader.items():
        try:
            number = int(key)
        except ValueError:
            value.problem("expected a whole number as the key")
            continue
        count = value.as_int(minimum=minimum, maximum=maximum)
        if count is not None:
            result[number] = count
    return result


def _parse_rules(reader: Reader, data: GameData) -> ArmadaRules | None:
    setup, eight, teams = reader["setup"], reader["setup"]["eight_players"], reader["teams"]
    ages: dict[int, NavalAge] = {}
    for age_text, age in reader["naval_conflicts"]["ages"].items():
        age.as_object(allowed=("defeat", "places"))
        defeat = age["defeat"].as_int(minimum=-10, maximum=-1)
        places = [p.as_int(minimum=1, maximum=20) for p in age["places"].as_list(max_length=5)]
        if age_text.isdigit() and defeat is not None and None not in places:
            ages[int(age_text)] = NavalAge(defeat, tuple(p for p in places if p is not None))
    pool = _int_map(reader["tokens"]["naval"], 0, 100)
    missing = sorted(({a.defeat for a in ages.values()} | {p for a in ages.values() for p in a.places}) - set(pool))
    if missing:
        reader["tokens"]["naval"].problem(f"no naval token of value {', '.join(map(str, missing))} in the pool")
    if sorted(ages) != list(range(1, data.rules.ages + 1)):
        reader["naval_conflicts"]["ages"].problem(f"expected the ages 1 to {data.rules.ages}")
    order = []
    for step in reader["turn_order"].as_list(max_length=10):
        step.as_object(allowed=("step", "text"))
        name, text = step["step"].as_str(), step["text"].as_str(max_length=300)
        if name and text:
            order.append((name, text))
    removed = [r.as_str() for r in setup["removed_at_three_players"].as_list()]
    team_counts = [t.as_int(minimum=2, maximum=8) for t in teams["player_counts"].as_list()]
    values: dict[str, Any] = dict(
        min_players=setup["players"]["min"].as_int(minimum=2, maximum=8),
        max_players=setup["players"]["max"].as_int(minimum=2, maximum=8),
        cards_per_player_per_age=setup["cards_per_player_per_age"].as_int(minimum=1, maximum=20),
        armada_cards_per_player_per_age=setup["armada_cards_per_player_per_age"].as_int(minimum=0, maximum=5),
        eight_player_cards_as_for=eight["cards_as_for_players"].as_int(minimum=3, maximum=7),
        eight_player_guilds=eight["guilds"].as_int(minimum=0, maximum=20),
        eight_player_armada_cards_per_age=eight["armada_cards_per_age"].as_int(minimum=0, maximum=8),
        eight_player_cards_per_player_per_age=eight["cards_per_player_per_age"].as_int(minimum=1, maximum=20),
        discard_coins=reader["discard"]["coins"].as_int(minimum=0, maximum=20),
        discard_yellow_steps=reader["discard"]["yellow_steps"].as_int(minimum=0, maximum=6),
        guild_cap=reader["guild_cap"]["points"].as_int(minimum=0, maximum=100),
        team_size=teams["team_size"].as_int(minimum=2, maximum=4),
        team_land_tokens_per_result=teams["land_tokens_per_result"].as_int(minimum=1, maximum=5),
        incursion_tokens_per_result=teams["incursion_tokens_per_result"].as_int(minimum=1, maximum=5),
        incursion_tokens=reader["tokens"]["incursion"].as_int(minimum=0, maximum=20),
        exploration_alone_draws=reader["exploration"]["alone_draws"].as_int(minimum=1, maximum=9),
        exploration_keeps=reader["exploration"]["keeps"].as_int(minimum=1, maximum=9),
    )
    if any(v is None for v in values.values()) or None in removed or None in team_counts:
        return None
    return ArmadaRules(
        removed_at_three_players=tuple(r for r in removed if r), team_player_counts=tuple(t for t in team_counts if t),
        naval_ages=ages, naval_token_pool=pool, land_extra_tokens=_int_map(reader["tokens"]["land_extra"], 0, 20),
        turn_order=tuple(order), **values)


def _check_box(reader: Reader, cards: Mapping[str, ArmadaCard], islands: Mapping[str, Island],
               boards: Mapping[int, PortBoard], fleets: Mapping[str, FleetTrack], data: GameData) -> None:
    """Counts the rulebook prints: 8 cards per age (2 of each colour), 9 islands per level."""
    for age in range(1, data.rules.ages + 1):
        in_age = [c for c in cards.values() if c.age == age]
        for color in fleets:
            count = sum(1 for c in in_age if c.color == color)
            if count > 2:
                reader["cards"].problem(f"{count} {color} Armada cards in age {age}; each age has 2")
    for color in fleets:
        count = sum(1 for c in cards.values() if c.color == color)
        if count != 2 * data.rules.ages:
            reader["cards"].problem(f"{count} {color} Armada cards; the box has {2 * data.rules.ages}")
    for level in (1, 2, 3):
        count = sum(1 for i in islands.values() if i.level == level)
        if count != 9:
            reader["islands"].problem(f"{count} islands of level {level}; the box has 9")
    if sorted(boards) != list(range(1, 9)):
        reader["port_boards"].problem("expected port boards 1 to 8")


def _string_ids(entries: Any) -> tuple[str, ...]:
    """The string `id` of each object in a raw list (what the effects may name before the list is read)."""
    if not isinstance(entries, list):
        return ()
    return tuple(e["id"] for e in entries if isinstance(e, dict) and isinstance(e.get("id"), str))


def _read_text(path: Path | None) -> str:
    if path is None:
        return resources.files("companion.games.armada").joinpath("data", ARMADA_FILE).read_text(encoding="utf-8")
    return path.read_text(encoding="utf-8")


def _load(armada_file: Path | None, overrides: Mapping[str, Any], components: str | None) -> ArmadaData:
    data = load_game_data()
    name = ARMADA_FILE if armada_file is None else armada_file.name
    try:
        raw = json.loads(_read_text(armada_file))
    except OSError as error:
        raise GameDataError([f"{name}: cannot read: {error.strerror or error}"]) from None
    except json.JSONDecodeError as error:
        raise GameDataError([f"{name}: not valid JSON: {error.msg} at line {error.lineno}"]) from None
    problems: list[Problem] = []
    override_problems: list[Problem] = []
    reader = Reader(raw, problems)
    reader.as_object(allowed=(
        "format", "kind", "game", "expansion", "edition", "source", "sources", "unknown_reasons", "setup", "discard",
        "guild_cap", "teams", "naval_conflicts", "tokens", "exploration", "turn_order", "turn_order_source",
        "fleets", "fleets_source", "port_boards", "port_boards_source", "cards", "cards_source", "islands",
        "islands_source"))
    _header(reader, "armada")
    reasons = {k: v.as_str(max_length=1000) or "" for k, v in reader["unknown_reasons"].items()}
    default_source = reader["source"].as_str(max_length=2000) or ""
    fleet_ids = _string_ids(raw.get("fleets", []))
    card_ids = tuple(data.cards) + _string_ids(raw.get("cards", []))
    facts = _Facts(reasons, default_source, overrides, override_problems, _parsers(data, fleet_ids, card_ids))
    vocabulary = EffectVocabulary(data.rules.resources, data.rules.colors, data.rules.science_symbols,
                                  tuple(data.rules.options), fleet_ids)
    rules = _parse_rules(reader, data)
    fleets = _parse_fleets(reader["fleets"], facts, data.rules.colors)
    boards = _parse_boards(reader["port_boards"], facts, fleet_ids)
    cards = _parse_cards(reader["cards"], data, facts, vocabulary, rules.removed_at_three_players if rules else ())
    islands = _parse_islands(reader["islands"], facts, vocabulary, set(data.cards) | set(cards))
    _check_box(reader, cards, islands, boards, fleets, data)
    for key in overrides:
        if key not in facts.facts:
            override_problems.append(Problem(f"values.{key}", f"no component value has this key"
                                                              f"{did_you_mean(key, facts.facts)}"))
    messages = [f"{name}: {p}" for p in problems]
    messages += [f"{components or 'components file'}: {p}" for p in override_problems]
    if messages or rules is None:
        raise GameDataError(messages or [f"{name}: invalid"])
    return ArmadaData(rules, cards, islands, fleets, boards, facts.facts, components)


@cache
def _load_shipped() -> ArmadaData:
    return _load(None, {}, None)


def load_armada_data(components: str | Path | None = None, *, armada_file: str | Path | None = None) -> ArmadaData:
    """The Armada data shipped in the package, with the values of a user's components file applied.

    `components` is an explicit path (the command line resolves the default location); a missing
    file is an error here. `armada_file` replaces the shipped armada.json (for tests of bad data).

    :raises GameDataError: when a file is unreadable, or a shipped or entered value is invalid.
    """
    from companion.gamedata.components import read_components

    if components is None and armada_file is None:
        return _load_shipped()
    overrides = read_components(Path(components)) if components is not None else {}
    return _load(Path(armada_file) if armada_file is not None else None, overrides,
                 str(components) if components is not None else None)


def armada_with_values(values: Mapping[str, Any], source: str = "components file") -> ArmadaData:
    """The shipped Armada data with `values` (fact key -> JSON value) applied: the check a components
    file passes before it is written.

    :raises GameDataError: naming each value that is not valid.
    """
    return _load(None, values, source)
