"""Load and validate the game-data files (rules.json, cards.json, wonders.json).

Every problem in a data file is reported as ``file: path: message`` in one `GameDataError`,
so that a maintainer fixing a value sees all mistakes at once and nothing half-loaded is used.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from pathlib import Path
from typing import Any, TypeVar

from companion.gamedata.effects import Effect, EffectVocabulary, parse_effect
from companion.gamedata.reading import ID_PATTERN, GameDataError, read_data_file
from companion.games.sevenwonders.rules.model import (
    LANGUAGES,
    Card,
    CardCopy,
    Cost,
    GameData,
    Names,
    RuleOption,
    Rules,
    Stage,
    Wonder,
    WonderSide,
)
from companion.jsonread import Problem, Reader

__all__ = ["DATA_FORMAT", "GameDataError", "load_game_data"]

DATA_FORMAT = "sevenwonders-data/1"
T = TypeVar("T")


def _read_json(directory: Path | None, filename: str) -> Any:
    return read_data_file("companion.games.sevenwonders", directory, filename)


def _header(reader: Reader, kind: str) -> None:
    if reader["format"].as_str() not in (None, DATA_FORMAT):
        reader["format"].problem(f"expected '{DATA_FORMAT}', got '{reader['format'].value}'")
    if reader["kind"].as_str() not in (None, kind):
        reader["kind"].problem(f"expected '{kind}', got '{reader['kind'].value}'")


def _names(reader: Reader) -> Names | None:
    reader.as_object(allowed=LANGUAGES)
    names = {lang: reader[lang].as_str() for lang in LANGUAGES}
    if any(v is None for v in names.values()):
        return None
    return {k: v for k, v in names.items() if v is not None}


def _named_ids(reader: Reader, extra: Callable[[Reader], T]) -> list[tuple[str, Names, T]]:
    """Read a list of ``{"id", "names", ...}`` entries (resources, colours, symbols)."""
    result = []
    for item in reader.as_list():
        ident = item["id"].as_str()
        names = _names(item["names"])
        value = extra(item)
        if ident is not None and names is not None:
            result.append((ident, names, value))
    return result


def _parse_rules(reader: Reader) -> Rules | None:
    _header(reader, "rules")
    resource_list = _named_ids(reader["resources"], lambda r: r["kind"].as_str(choices=("raw", "manufactured")))
    color_list = _named_ids(reader["colors"], lambda r: None)
    symbol_list = _named_ids(reader["science_symbols"], lambda r: None)
    resource_ids = tuple(r[0] for r in resource_list)
    colors = tuple(c[0] for c in color_list)
    players = reader["players"]
    two = reader["two_player_variant"]
    setup = reader["setup"]
    trade = reader["trade"]
    military = reader["military"]
    scoring = reader["scoring"]
    victory: dict[int, int] = {}
    for age_text, points in military["victory_points_by_age"].items():
        if not age_text.isdigit():
            points.problem("expected an age number as the key")
            continue
        value = points.as_int(minimum=0, maximum=100)
        if value is not None:
            victory[int(age_text)] = value
    options: dict[str, RuleOption] = {}
    for name, option in reader["options"].items():
        default = option["default"].as_int()
        allowed = [a.as_int() for a in option["allowed"].as_list()]
        description = option["description"].as_str(max_length=1000)
        if default is not None and description is not None and None not in allowed:
            if default not in allowed:
                option["default"].problem(f"default {default} is not one of the allowed values")
            options[name] = RuleOption(name, default, tuple(a for a in allowed if a is not None), description)
    card_points = {k: v.as_str(choices=("civilian", "commercial", "guilds", "military", "wonder",
                                           "science", "treasury"), what="score category")
                   for k, v in scoring["card_points_category"].items()}
    values: dict[str, Any] = dict(
        min_players=players["min"].as_int(minimum=2, maximum=8),
        max_players=players["max"].as_int(minimum=2, maximum=8),
        free_city_name=two["free_city_name"].as_str(),
        two_player_cards_as_for=two["cards_as_for_players"].as_int(minimum=3, maximum=7),
        starting_coins=setup["starting_coins"].as_int(minimum=0, maximum=100),
        cards_per_player_per_age=setup["cards_per_player_per_age"].as_int(minimum=1, maximum=20),
        guilds_over_players=setup["guilds_over_players"].as_int(minimum=0, maximum=10),
        ages=reader["ages"].as_int(minimum=1, maximum=10),
        trade_price=trade["price"].as_int(minimum=0, maximum=100),
        board_resource_sellable=trade["board_resource_sellable"].as_bool(),
        discard_coins=reader["discard_coins"].as_int(minimum=0, maximum=100),
        defeat_points=military["defeat_points"].as_int(minimum=-100, maximum=0),
        coins_per_point=reader["treasury"]["coins_per_point"].as_int(minimum=1, maximum=100),
        science_set_points=reader["science"]["set_points"].as_int(minimum=0, maximum=100),
    )
    sellable = [c.as_str(choices=colors, what="colour") for c in trade["sellable_card_colors"].as_list()]
    order = [c.as_str() for c in scoring["order"].as_list()]
    if any(v is None for v in values.values()) or None in sellable or None in order \
            or None in card_points.values():
        return None
    return Rules(
        resources=resource_ids,
        raw_resources=tuple(r[0] for r in resource_list if r[2] == "raw"),
        manufactured_resources=tuple(r[0] for r in resource_list if r[2] == "manufactured"),
        resource_names={r[0]: r[1] for r in resource_list},
        colors=colors,
        color_names={c[0]: c[1] for c in color_list},
        science_symbols=tuple(s[0] for s in symbol_list),
        science_symbol_names={s[0]: s[1] for s in symbol_list},
        sellable_card_colors=tuple(c for c in sellable if c is not None),
        victory_points_by_age=victory,
        score_order=tuple(o for o in order if o is not None),
        card_points_category={k: v for k, v in card_points.items() if v is not None},
        options=options,
        **values,
    )


def _parse_cost(reader: Reader, rules: Rules) -> Cost | None:
    if not reader.present:
        return Cost()
    reader.as_object(allowed=("coins", "resources"))
    coins = reader["coins"].as_int(minimum=0, maximum=100) if reader["coins"].present else 0
    counts: dict[str, int] = {}
    if reader["resources"].present:
        for resource, count in reader["resources"].items():
            if resource not in rules.resources:
                Reader(resource, reader.problems, count.path).as_str(
                    choices=rules.resources, what="resource")
                continue
            n = count.as_int(minimum=1, maximum=20)
            if n is not None:
                counts[resource] = n
    if coins is None:
        return None
    ordered = tuple((r, counts[r]) for r in rules.resources if r in counts)
    return Cost(coins=coins, resources=ordered)


def _parse_effects(reader: Reader, vocabulary: EffectVocabulary) -> tuple[Effect, ...] | None:
    items = reader.as_list(max_length=20)
    effects = [parse_effect(item, vocabulary) for item in items]
    if not items or any(e is None for e in effects):
        if reader.present and not items and isinstance(reader.value, list):
            reader.problem("expected at least one effect")
        return None
    return tuple(e for e in effects if e is not None)


def _check_id(reader: Reader, seen: set[str]) -> str | None:
    ident = reader.as_str()
    if ident is None:
        return None
    if not ID_PATTERN.match(ident):
        reader.problem(f"'{ident}' is not a lower_snake_case id")
        return None
    if ident in seen:
        reader.problem(f"duplicate id '{ident}'")
        return None
    seen.add(ident)
    return ident


def _parse_cards(reader: Reader, rules: Rules, vocabulary: EffectVocabulary) -> dict[str, Card]:
    _header(reader, "cards")
    cards: dict[str, Card] = {}
    positions: dict[str, int] = {}
    seen: set[str] = set()
    fields = ("id", "color", "names", "name_sources", "cost", "chain_from", "copies", "effects",
              "provenance")
    for position, item in enumerate(reader["cards"].as_list()):
        item.as_object(allowed=fields)
        ident = _check_id(item["id"], seen)
        color = item["color"].as_str(choices=rules.colors, what="colour")
        names = _names(item["names"])
        cost = _parse_cost(item["cost"], rules)
        chain_from = [c.as_str() for c in item["chain_from"].as_list()] if item["chain_from"].present else []
        copies: list[tuple[int, int | None]] = []
        for copy_reader in item["copies"].as_list(max_length=10):
            copy_reader.as_object(allowed=("age", "players"))
            age = copy_reader["age"].as_int(minimum=1, maximum=rules.ages)
            if color == "purple":
                if copy_reader["players"].present:
                    copy_reader["players"].problem("a guild has no N+ marker")
                players = None
            else:
                players = copy_reader["players"].as_int(minimum=rules.min_players, maximum=rules.max_players)
                if players is None:
                    continue
            if age is not None:
                copies.append((age, players))
        if not copies and item["copies"].present:
            item["copies"].problem("a card needs at least one physical copy")
        effects = _parse_effects(item["effects"], vocabulary)
        name_sources = {}
        if item["name_sources"].present:
            name_sources = {k: v.as_str() or "" for k, v in item["name_sources"].items()}
        if None in (ident, color, names, cost, effects) or None in chain_from or not copies:
            continue
        assert ident is not None and color is not None and names is not None
        assert cost is not None and effects is not None
        cards[ident] = Card(ident, color, names, cost, tuple(c for c in chain_from if c),
                            tuple(CardCopy(ident, age, players) for age, players in copies), effects, name_sources)
        positions[ident] = position
    for card in cards.values():
        for source in card.chain_from:
            path = Reader(None, reader.problems, f"cards[{positions[card.id]}].chain_from")
            if source not in cards:
                Reader(source, reader.problems, path.path).as_str(choices=cards, what="card")
            elif min(cards[source].ages) >= min(card.ages):
                path.problem(f"'{source}' is not from an earlier age than '{card.id}'")
    return cards


def _parse_wonders(reader: Reader, rules: Rules, vocabulary: EffectVocabulary) -> dict[str, Wonder]:
    _header(reader, "wonders")
    wonders: dict[str, Wonder] = {}
    seen: set[str] = set()
    for item in reader["wonders"].as_list():
        item.as_object(allowed=("id", "names", "city_names", "resource", "sides"))
        ident = _check_id(item["id"], seen)
        names = _names(item["names"])
        city_names = _names(item["city_names"])
        resource = item["resource"].as_str(choices=rules.resources, what="resource")
        sides: dict[str, WonderSide] = {}
        item["sides"].as_object(allowed=("A", "B"))
        for side_name in ("A", "B"):
            side = item["sides"][side_name]
            side.as_object(allowed=("stages",))
            stages = []
            for number, stage in enumerate(side["stages"].as_list(max_length=10), start=1):
                stage.as_object(allowed=("cost", "effects"))
                cost = _parse_cost(stage["cost"], rules)
                effects = _parse_effects(stage["effects"], vocabulary)
                if cost is not None and effects is not None:
                    stages.append(Stage(number, cost, effects))
            if not stages and side["stages"].present and isinstance(side["stages"].value, list):
                side["stages"].problem("a side needs at least one stage")
            if ident is not None:
                sides[side_name] = WonderSide(ident, side_name, tuple(stages))
        if None in (ident, names, city_names, resource) or len(sides) != 2:
            continue
        assert ident is not None and names is not None and city_names is not None and resource is not None
        wonders[ident] = Wonder(ident, names, city_names, resource, sides)
    return wonders


def _load(directory: Path | None) -> GameData:
    raw = {name: _read_json(directory, f"{name}.json") for name in ("rules", "cards", "wonders")}
    problems: dict[str, list[Problem]] = {name: [] for name in raw}
    rules = _parse_rules(Reader(raw["rules"], problems["rules"]))
    if rules is None or problems["rules"]:
        raise GameDataError([f"rules.json: {p}" for p in problems["rules"]] or ["rules.json: invalid"])
    vocabulary = EffectVocabulary(rules.resources, rules.colors, rules.science_symbols, tuple(rules.options))
    cards = _parse_cards(Reader(raw["cards"], problems["cards"]), rules, vocabulary)
    wonders = _parse_wonders(Reader(raw["wonders"], problems["wonders"]), rules, vocabulary)
    messages = [f"{name}.json: {p}" for name in ("cards", "wonders") for p in problems[name]]
    if messages:
        raise GameDataError(messages)
    return GameData(rules, cards, wonders)


@cache
def _load_cached(directory: str | None) -> GameData:
    return _load(Path(directory) if directory is not None else None)


def load_game_data(directory: str | Path | None = None) -> GameData:
    """Load the game data shipped in the package, or the three files in `directory`.

    :raises GameDataError: when a file is missing, not JSON, or holds an invalid value.
    """
    return _load_cached(str(directory) if directory is not None else None)
