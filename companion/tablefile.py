"""Read and write the table file (``sevenwonders-table/1``): the JSON state of a table.

Reading never crashes on bad input: every problem becomes a one-line `Problem` naming the field
(``players[2].cards[4]: unknown card 'lumberyard'; did you mean 'lumber_yard'?``), and a file
with any problem gives no table at all. The format is documented in docs/table-file.md and
described by companion/data/schema/table.schema.json.
"""

from __future__ import annotations

import json
from collections import Counter
from pathlib import Path
from typing import Any

from companion.engine.city import science_wild_count
from companion.engine.table import STANDARD, TWO_PLAYER, VARIANTS, Player, PlayerChoices, Table
from companion.gamedata import Card, GameData, load_game_data
from companion.gamedata.effects import CopyNeighborGuild, ScienceWild
from companion.jsonread import Problem, Reader

__all__ = ["MAX_FILE_BYTES", "TABLE_FORMAT", "TableFileError", "parse_table", "read_table", "table_to_json"]

TABLE_FORMAT = "sevenwonders-table/1"
GAME = "7wonders"
KNOWN_EXPANSIONS: tuple[str, ...] = ()
"""Expansions this version scores; others are refused with a clear message."""
MAX_FILE_BYTES = 2_000_000
TOP_FIELDS = ("format", "game", "expansions", "variant", "players", "options")
PLAYER_FIELDS = ("name", "wonder", "side", "stages", "cards", "coins", "tokens", "science_choices",
                 "copied_guild")


class TableFileError(ValueError):
    """A table file that cannot be used; `problems` holds one line per problem."""

    def __init__(self, problems: list[Problem], source: str = "") -> None:
        self.problems = problems
        self.source = source
        prefix = f"{source}: " if source else ""
        super().__init__("\n".join(prefix + str(p) for p in problems))


def _extension_key(key: str) -> bool:
    return key.startswith("x-")


def _check_fields(reader: Reader, allowed: tuple[str, ...]) -> dict[str, Any] | None:
    """The object at `reader`, with a problem for each unknown key ("x-" keys are free)."""
    mapping = reader.as_object()
    if mapping is not None:
        Reader({k: v for k, v in mapping.items() if not _extension_key(k)}, reader.problems,
               reader.path).as_object(allowed=allowed)
    return mapping


def _read_cards(reader: Reader, data: GameData) -> list[Card]:
    cards: list[Card] = []
    seen: dict[str, int] = {}
    for index, item in enumerate(reader.as_list(max_length=200)):
        card_id = item.as_str(choices=data.cards, what="card")
        if card_id is None:
            continue
        if card_id in seen:
            item.problem(f"duplicate building '{card_id}' (also at cards[{seen[card_id]}]); "
                         f"a city never holds two buildings of one name")
            continue
        seen[card_id] = index
        cards.append(data.cards[card_id])
    return cards


def _read_tokens(reader: Reader, data: GameData) -> list[int]:
    rules = data.rules
    allowed = sorted({rules.defeat_points, *rules.victory_points_by_age.values()})
    tokens = []
    items = reader.as_list(max_length=100)
    for item in items:
        value = item.as_int(minimum=-1000, maximum=1000)
        if value is None:
            continue
        if value not in allowed:
            item.problem(f"a conflict token is worth one of {', '.join(map(str, allowed))}, not {value}")
            continue
        tokens.append(value)
    most = 2 * rules.ages
    if len(tokens) > most:
        reader.problem(f"{len(tokens)} conflict tokens; a city takes at most {most} (two per age)")
    return tokens


def _read_player(reader: Reader, data: GameData, two_player: bool) -> Player | None:
    if _check_fields(reader, PLAYER_FIELDS) is None:
        return None
    rules = data.rules
    name = reader["name"].as_str(what="name", max_length=40)
    wonder_id = reader["wonder"].as_str(choices=data.wonders, what="wonder")
    side = reader["side"].as_str(choices=("A", "B"), what="side")
    stages = reader["stages"].as_int(minimum=0, maximum=100)
    cards = _read_cards(reader["cards"], data) if reader["cards"].present else []
    coins = reader["coins"].as_int(minimum=0, maximum=100_000)
    tokens = _read_tokens(reader["tokens"], data) if reader["tokens"].present else []
    science: list[str] = []
    if reader["science_choices"].present:
        for item in reader["science_choices"].as_list(max_length=10):
            symbol = item.as_str(choices=rules.science_symbols, what="science symbol")
            if symbol is not None:
                science.append(symbol)
    copied = None
    if reader["copied_guild"].present:
        guilds = [card.id for card in data.guilds()]
        copied = reader["copied_guild"].as_str(choices=guilds, what="guild")
    free_city = two_player and name == rules.free_city_name
    if None in (name, wonder_id, side, stages, coins):
        return None
    assert name is not None and wonder_id is not None and side is not None
    assert stages is not None and coins is not None
    wonder = data.wonders[wonder_id]
    available = len(wonder.sides[side].stages)
    if stages > available:
        reader["stages"].problem(f"{wonder.name} side {side} has {available} stages, not {stages}")
        return None
    return Player(name, wonder, side, stages, tuple(cards), coins, tuple(tokens),
                  PlayerChoices(tuple(science), copied), free_city)


def _check_table(reader: Reader, table: Table) -> None:
    """Problems that need the whole table: seats, shared boards, copies in the box, choices."""
    data = table.data
    names = Counter(p.name for p in table.players)
    wonders = Counter(p.wonder.id for p in table.players)
    box_players = table.box_player_count
    holders: dict[str, list[int]] = {}
    for seat, player in enumerate(table.players):
        at = reader["players"].child_path(seat)
        if names[player.name] > 1:
            reader.problems.append(Problem(f"{at}.name", f"two players are called '{player.name}'"))
        if wonders[player.wonder.id] > 1:
            reader.problems.append(Problem(f"{at}.wonder", f"{player.wonder.name} is at the table twice"))
        for index, card in enumerate(player.cards):
            holders.setdefault(card.id, []).append(seat)
            if card.copies_in_box(box_players) == 0:
                markers = ", ".join(f"{c.players}+" for c in card.copies)
                reader.problems.append(Problem(
                    f"{at}.cards[{index}]",
                    f"{card.name} ({markers}) is not in the box for {box_players} players"))
        _check_choices(reader, table, seat, at)
    for card_id, seats in holders.items():
        card = data.cards[card_id]
        copies = card.copies_in_box(box_players)
        if 0 < copies < len(seats):
            who = ", ".join(table.players[s].name for s in seats)
            reader.problems.append(Problem(
                "players", f"{len(seats)} cities hold a {card.name} ({who}) but a game of {box_players} "
                f"players has {copies} {'copy' if copies == 1 else 'copies'}"))
    guilds = sum(1 for p in table.players for c in p.cards if c.is_guild)
    most_guilds = box_players + data.rules.guilds_over_players
    if guilds > most_guilds:
        reader.problems.append(Problem("players", f"{guilds} guilds are built but a game of {box_players} "
                                                  f"players deals only {most_guilds}"))


def _check_choices(reader: Reader, table: Table, seat: int, at: str) -> None:
    player = table.players[seat]
    data = table.data
    copies = any(isinstance(e, CopyNeighborGuild) for stage in player.built_stages for e in stage.effects)
    if player.choices.copied_guild is not None:
        guild = player.choices.copied_guild
        neighbours = {table.neighbour(seat, d).name: table.neighbour(seat, d) for d in ("left", "right")}
        if not copies:
            reader.problems.append(Problem(f"{at}.copied_guild", f"{player.name}'s city has no built "
                                                                 f"stage that copies a guild"))
        elif player.has(guild):
            reader.problems.append(Problem(f"{at}.copied_guild", f"{player.name}'s city already has the "
                                                                 f"{data.cards[guild].name}"))
        elif not any(n.has(guild) for n in neighbours.values()):
            reader.problems.append(Problem(f"{at}.copied_guild", f"neither neighbour ({', '.join(neighbours)})"
                                                                 f" has the {data.cards[guild].name}"))
    wilds = science_wild_count(player)
    copyable_wild = copies and (
        player.choices.copied_guild in (None, "scientists_guild")
        and any(isinstance(e, ScienceWild) for d in ("left", "right")
                for c in table.neighbour(seat, d).cards if c.is_guild for e in c.effects))
    most = wilds + (1 if copyable_wild else 0)
    if len(player.choices.science) > most:
        reader.problems.append(Problem(f"{at}.science_choices", f"{len(player.choices.science)} symbols "
                                       f"stated but the city has {most} wild science symbol"
                                       f"{'s' if most != 1 else ''}"))


def parse_table(document: Any, data: GameData | None = None) -> Table:
    """Build a `Table` from a decoded table-file document.

    :raises TableFileError: with every problem found; no partial table is ever returned.
    """
    data = data or load_game_data()
    problems: list[Problem] = []
    reader = Reader(document, problems)
    if _check_fields(reader, TOP_FIELDS) is None:
        raise TableFileError(problems)
    fmt = reader["format"].as_str(what="format")
    if fmt is not None and fmt != TABLE_FORMAT:
        reader["format"].problem(f"unsupported format '{fmt}'; this version reads '{TABLE_FORMAT}'")
    reader["game"].as_str(choices=(GAME,), what="game")
    expansions: list[str] = []
    if reader["expansions"].present:
        for item in reader["expansions"].as_list(max_length=10):
            name = item.as_str(what="expansion")
            if name is not None and name not in KNOWN_EXPANSIONS:
                item.problem(f"expansion '{name}' is not supported by this version")
            elif name is not None:
                expansions.append(name)
    variant = reader["variant"].as_str(choices=VARIANTS, what="variant") if reader["variant"].present \
        else STANDARD
    options = _read_options(reader["options"], data) if reader["options"].present else {}
    two_player = variant == TWO_PLAYER
    items = reader["players"].as_list(max_length=20)
    players = [_read_player(item, data, two_player) for item in items]
    rules = data.rules
    if variant == STANDARD and items and not rules.min_players <= len(items) <= rules.max_players:
        reader["players"].problem(f"{len(items)} players; the standard game seats "
                                  f"{rules.min_players} to {rules.max_players}")
    if two_player and items:
        free = sum(1 for p in players if p is not None and p.is_free_city)
        if len(items) != 3 or free != 1:
            reader["players"].problem(f"the two-player variant lists the two players and one "
                                      f"'{rules.free_city_name}' (got {len(items)} entries, {free} free city)")
    if problems or None in players or variant is None:
        raise TableFileError(problems)
    table = Table(data, tuple(p for p in players if p is not None), variant, tuple(expansions), options)
    _check_table(reader, table)
    if problems:
        raise TableFileError(problems)
    return table


def _read_options(reader: Reader, data: GameData) -> dict[str, int]:
    options = {}
    for name, value in reader.items():
        if name not in data.rules.options:
            Reader(name, reader.problems, value.path).as_str(choices=data.rules.options, what="rules option")
            continue
        option = data.rules.options[name]
        number = value.as_int()
        if number is not None and number not in option.allowed:
            value.problem(f"must be one of {', '.join(map(str, option.allowed))}, got {number}")
        elif number is not None:
            options[name] = number
    return options


def read_table(path: str | Path, data: GameData | None = None) -> Table:
    """Read a table file from disk.

    :raises TableFileError: when the file cannot be read, is not JSON, or holds a bad value.
    """
    source = str(path)
    try:
        raw = Path(path).read_bytes()[: MAX_FILE_BYTES + 1]
    except OSError as error:
        raise TableFileError([Problem("", f"cannot read the file: {error.strerror or error}")], source) from None
    if len(raw) > MAX_FILE_BYTES:
        raise TableFileError([Problem("", f"file larger than {MAX_FILE_BYTES} bytes")], source)
    try:
        document = json.loads(raw.decode("utf-8"))
    except UnicodeDecodeError:
        raise TableFileError([Problem("", "not UTF-8 text")], source) from None
    except json.JSONDecodeError as error:
        raise TableFileError([Problem("", f"not valid JSON: {error.msg} at line {error.lineno} "
                                          f"column {error.colno}")], source) from None
    except RecursionError:
        raise TableFileError([Problem("", "not valid JSON: nested too deeply")], source) from None
    try:
        return parse_table(document, data)
    except TableFileError as error:
        raise TableFileError(error.problems, source) from None


def table_to_json(table: Table) -> dict[str, Any]:
    """The table as a ``sevenwonders-table/1`` document (the inverse of `parse_table`)."""
    players = []
    for player in table.players:
        entry: dict[str, Any] = {
            "name": player.name, "wonder": player.wonder.id, "side": player.side,
            "stages": player.stages_built, "cards": [c.id for c in player.cards],
            "coins": player.coins, "tokens": list(player.tokens),
        }
        if player.choices.science:
            entry["science_choices"] = list(player.choices.science)
        if player.choices.copied_guild:
            entry["copied_guild"] = player.choices.copied_guild
        players.append(entry)
    document: dict[str, Any] = {"format": TABLE_FORMAT, "game": GAME, "expansions": list(table.expansions),
                                "variant": table.variant, "players": players}
    if table.options:
        document["options"] = dict(table.options)
    return document
