"""Read and write the table file (``sevenwonders-table/1``): the JSON state of a table.

Reading never crashes on bad input: every problem becomes a one-line `Problem` naming the field
(``players[2].cards[4]: unknown card 'lumberyard'; did you mean 'lumber_yard'?``), and a file
with any problem gives no table at all. The format is documented in docs/table-file.md and
described by companion/games/sevenwonders/data/table.schema.json.
"""

from __future__ import annotations

import contextlib
from collections import Counter
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

from companion.fileformats import other_format
from companion.gamedata.effects import CopyNeighborGuild, ScienceWild
from companion.games.armada.rules.data import ArmadaData, load_armada_data
from companion.games.armada.tablefile import (
    ARMADA_PLAYER_FIELDS,
    OTHER_WONDER,
    check_armada_table,
    other_wonder,
    port_to_json,
    read_choices,
    read_port,
    read_teams,
)
from companion.games.sevenwonders.rules.city import science_wild_count
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import Card, GameData
from companion.games.sevenwonders.rules.table import (
    ARMADA,
    STANDARD,
    TWO_PLAYER,
    VARIANTS,
    Player,
    PlayerChoices,
    Table,
)
from companion.jsonread import JsonInputError, Problem, Problems, Reader, load_json_file, problem_lines, quoted

__all__ = [
    "MAX_FILE_BYTES",
    "TABLE_FORMAT",
    "TableFileError",
    "from_file",
    "parse_table",
    "read_table",
    "read_table_document",
    "table_to_json",
]

TABLE_FORMAT = "sevenwonders-table/1"
GAME = "7wonders"
KNOWN_EXPANSIONS: tuple[str, ...] = (ARMADA,)
"""Expansions this version scores; others are refused with a clear message."""
MAX_FILE_BYTES = 2_000_000
TOP_FIELDS = ("format", "game", "expansions", "variant", "players", "options", "teams")
BASE_PLAYER_FIELDS = ("name", "wonder", "side", "stages", "cards", "coins", "tokens", "science_choices",
                      "copied_guild")
PLAYER_FIELDS = BASE_PLAYER_FIELDS + ARMADA_PLAYER_FIELDS


class TableFileError(ValueError):
    """A table file that cannot be used; `problems` holds one line per problem."""

    def __init__(self, problems: list[Problem], source: str = "") -> None:
        self.problems = problems
        self.source = source
        prefix = f"{source}: " if source else ""
        super().__init__("\n".join(prefix + line for line in problem_lines(problems)))


def _extension_key(key: str) -> bool:
    return key.startswith("x-")


def _check_fields(reader: Reader, allowed: tuple[str, ...]) -> dict[str, Any] | None:
    """The object at `reader`, with a problem for each unknown key ("x-" keys are free)."""
    mapping = reader.as_object()
    if mapping is not None:
        Reader({k: v for k, v in mapping.items() if not _extension_key(k)}, reader.problems,
               reader.path).as_object(allowed=allowed)
    return mapping


def _read_cards(reader: Reader, data: GameData, armada: ArmadaData | None) -> list[Card]:
    cards: list[Card] = []
    seen: dict[str, int] = {}
    known: dict[str, Card] = dict(data.cards) if armada is None else {**data.cards, **armada.cards}
    for index, item in enumerate(reader.as_list(max_length=200)):
        card_id = item.as_str(choices=known, what="card")
        if card_id is None:
            continue
        if card_id in seen:
            item.problem(f"duplicate building '{card_id}' (also at cards[{seen[card_id]}]); "
                         f"a city never holds two buildings of one name")
            continue
        seen[card_id] = index
        cards.append(known[card_id])
    return cards


def _read_tokens(reader: Reader, data: GameData, armada: ArmadaData | None = None) -> list[int]:
    rules = data.rules
    allowed = sorted({rules.defeat_points, *rules.victory_points_by_age.values()})
    tokens = reader.as_int_list(allowed, what="a conflict token")
    if armada is None and len(tokens) > 2 * rules.ages:
        reader.problem(f"{len(tokens)} conflict tokens; a city takes at most {2 * rules.ages} (two per age)")
    return tokens


def _read_player(reader: Reader, data: GameData, two_player: bool, armada: ArmadaData | None = None
                 ) -> Player | None:
    if _check_fields(reader, PLAYER_FIELDS) is None:
        return None
    if armada is None:
        for key in ARMADA_PLAYER_FIELDS:
            if reader[key].present:
                reader[key].problem("an Armada key; add \"armada\" to \"expansions\" to use it")
    rules = data.rules
    name = reader["name"].as_str(what="name", max_length=40)
    wonders = list(data.wonders) + ([OTHER_WONDER] if armada is not None else [])
    wonder_id = reader["wonder"].as_str(choices=wonders, what="wonder")
    side = reader["side"].as_str(choices=("A", "B"), what="side")
    stages = reader["stages"].as_int(minimum=0, maximum=100)
    cards = _read_cards(reader["cards"], data, armada) if reader["cards"].present else []
    coins = reader["coins"].as_int(minimum=0, maximum=100_000)
    tokens = _read_tokens(reader["tokens"], data, armada) if reader["tokens"].present else []
    port = read_port(reader, armada) if armada is not None else None
    wonder = None
    if wonder_id == OTHER_WONDER:
        if reader["other_wonder"].present:
            wonder = other_wonder(reader["other_wonder"], data)
        else:
            reader["other_wonder"].problem("a wonder of another expansion needs its name, resource and stages")
    elif reader["other_wonder"].present and armada is not None:
        reader["other_wonder"].problem(f"only with \"wonder\": \"{OTHER_WONDER}\"")
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
    choices = PlayerChoices(tuple(science), copied)
    if armada is not None:
        choices = read_choices(reader, data, choices)
    if None in (name, wonder_id, side, stages, coins) or (armada is not None and port is None):
        return None
    assert name is not None and wonder_id is not None and side is not None
    assert stages is not None and coins is not None
    if wonder_id == OTHER_WONDER and wonder is None:
        return None
    wonder = wonder or data.wonders[wonder_id]
    available = len(wonder.sides[side].stages)
    if stages > available:
        reader["stages"].problem(f"{wonder.name} side {side} has {available} stages, not {stages}")
        return None
    totals = reader["other_wonder"]["points"].present or reader["other_wonder"]["shields"].present
    if wonder.outside is not None and stages == 0 and totals and any(wonder.sides[side].stages[0].effects[1:]):
        reader["other_wonder"].problem(f"points or shields of {wonder.name}'s stages, but no stage is built")
        return None
    return Player(name, wonder, side, stages, tuple(cards), coins, tuple(tokens), choices, free_city, port)


def _check_table(reader: Reader, table: Table, box_players: int | None = None) -> None:
    """Problems that need the whole table: seats, shared boards, copies in the box (of
    `box_players`, default the table's own count), choices."""
    data = table.data
    others = Counter(p.wonder.name for p in table.players if p.wonder.outside is not None)
    box_players = box_players or table.box_player_count
    holders: dict[str, list[int]] = {}
    for seat, player in enumerate(table.players):
        at = reader["players"].child_path(seat)
        if player.wonder.outside is not None and others[player.wonder.name] > 1:
            reader.problems.append(Problem(f"{at}.other_wonder", f"{player.wonder.name} is at the table twice"))
        for index, card in enumerate(player.cards):
            holders.setdefault(card.id, []).append(seat)
            if card.copies_in_box(box_players) == 0:
                markers = ", ".join(f"{c.players}+" for c in card.copies) or "removed at 3 players"
                reader.problems.append(Problem(
                    f"{at}.cards[{index}]",
                    f"{card.name} ({markers}) is not in the box for {box_players} players"))
        _check_choices(reader, table, seat, at)
    cards_by_id = {card.id: card for player in table.players for card in player.cards}
    for card_id, seats in holders.items():
        card = cards_by_id[card_id]
        copies = card.copies_in_box(box_players)
        if 0 < copies < len(seats):
            who = ", ".join(table.players[s].name for s in seats)
            reader.problems.append(Problem(
                "players", f"{len(seats)} cities hold a {card.name} ({who}) but a game of {box_players} "
                f"players has {copies} {'copy' if copies == 1 else 'copies'}"))
    guilds = sum(1 for p in table.players for c in p.cards if c.is_guild)
    most_guilds = box_players + data.rules.guilds_over_players
    if table.armada is not None and table.seat_count > data.rules.max_players:
        most_guilds = table.armada.rules.eight_player_guilds
    if guilds > most_guilds:
        reader.problems.append(Problem("players", f"{guilds} guilds are built but a game of {table.seat_count} "
                                                  f"players deals only {most_guilds}"))
    if table.armada is not None:
        check_armada_table(reader, table)


def _check_unique(items: list[Reader], data: GameData) -> None:
    """Two players of one name, or one wonder twice: read from the raw entries, so that these come in
    the same report as every other problem of the file."""
    def text(value: Any) -> str | None:
        return value if isinstance(value, str) else None

    names = Counter(text(item["name"].value) for item in items)
    wonders = Counter(text(item["wonder"].value) for item in items)
    for item in items:
        name, wonder = text(item["name"].value), text(item["wonder"].value)
        if name is not None and names[name] > 1:
            item["name"].problem(f"two players are called {quoted(name)}")
        if wonder in data.wonders and wonders[wonder] > 1:
            item["wonder"].problem(f"{data.wonders[wonder].name} is at the table twice")


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


ArmadaSource = ArmadaData | Callable[[], ArmadaData] | None
"""The Armada data for a table that plays with it, or a function loading it only then."""


def parse_table(document: Any, data: GameData | None = None, *, armada: ArmadaSource = None,
                box_players: int | None = None) -> Table:
    """Build a `Table` from a decoded table-file document.

    `armada` is the Armada data to use when the table plays with it (with a component owner's
    entered values), or a function that loads it; default: the shipped data alone. `box_players`
    is the player count whose box the cards come from when the document may not list every seat
    (the cities a camera saw, the game's player count known); default: the players listed.

    :raises TableFileError: with every problem found; no partial table is ever returned.
    """
    data = data or load_game_data()
    other = other_format(document, TABLE_FORMAT)
    if other is not None:                       # an Architects table, a recording...: one line, not 21
        raise TableFileError([Problem("", other)])
    problems: Problems[Problem] = Problems()
    reader = Reader(document, problems)
    if _check_fields(reader, TOP_FIELDS) is None:
        raise TableFileError(problems)
    fmt = reader["format"].as_str(what="format")
    if fmt is not None and fmt != TABLE_FORMAT:
        reader["format"].problem(f"unsupported format {quoted(fmt)}; this version reads '{TABLE_FORMAT}'")
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
    armada_data = None
    if ARMADA in expansions:
        armada_data = armada() if callable(armada) else armada or load_armada_data()
        if two_player:
            reader["variant"].problem("Armada is not played in the two-player variant")
    items = reader["players"].as_list(max_length=20)
    players = [_read_player(item, data, two_player, armada_data) for item in items]
    _check_unique(items, data)
    rules = data.rules
    low, high = rules.min_players, rules.max_players
    if armada_data is not None:
        low, high = armada_data.rules.min_players, armada_data.rules.max_players
    if reader["players"].present and isinstance(reader["players"].value, list) and not items:
        reader["players"].problem(f"no players; a table seats {low} to {high}")
    elif variant == STANDARD and items and not low <= len(items) <= high:
        with_armada = " with Armada" if armada_data is not None else ""
        reader["players"].problem(f"{len(items)} players; the standard game{with_armada} seats {low} to {high}")
    teams: tuple[tuple[int, ...], ...] = ()
    if reader["teams"].present:
        if armada_data is None:
            reader["teams"].problem("the team variant is part of Armada; add \"armada\" to \"expansions\"")
        elif None not in players:
            names = [p.name for p in players if p is not None]
            teams = read_teams(reader["teams"], names, armada_data) or ()
    if two_player and items:
        free = sum(1 for p in players if p is not None and p.is_free_city)
        if len(items) != 3 or free != 1:
            reader["players"].problem(f"the two-player variant lists the two players and one "
                                      f"'{rules.free_city_name}' (got {len(items)} entries, {free} free city)")
    if problems or None in players or variant is None:
        raise TableFileError(problems)
    table = Table(data, tuple(p for p in players if p is not None), variant, tuple(expansions), options,
                  armada_data, teams)
    _check_table(reader, table, box_players)
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


def read_table(path: str | Path, data: GameData | None = None, *, armada: ArmadaSource = None) -> Table:
    """Read a table file from disk (`armada`: as for `parse_table`).

    :raises TableFileError: when the file cannot be read, is not JSON, or holds a bad value.
    """
    document = read_table_document(path)
    with from_file(path):
        return parse_table(document, data, armada=armada)


@contextlib.contextmanager
def from_file(path: str | Path) -> Iterator[None]:
    """Name the file `path` in the problems of a table read inside (a document read earlier)."""
    try:
        yield
    except TableFileError as error:
        if error.source:
            raise
        raise TableFileError(error.problems, str(path)) from None


def read_table_document(path: str | Path) -> Any:
    """The JSON document of a table file of either game, read within the size limit (at most
    MAX_FILE_BYTES + 1 bytes are read) and checked by `companion.jsonread.parse_json`.

    :raises TableFileError: when the file cannot be read, is too large or is not usable JSON.
    """
    try:
        return load_json_file(path, MAX_FILE_BYTES)
    except OSError as error:
        raise TableFileError([Problem("", f"cannot read the file: {error.strerror or error}")], str(path)) from None
    except JsonInputError as error:
        raise TableFileError([Problem("", str(error))], str(path)) from None


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
        if player.wonder.outside is not None:
            entry["wonder"] = OTHER_WONDER
        entry.update(port_to_json(player))
        players.append(entry)
    document: dict[str, Any] = {"format": TABLE_FORMAT, "game": GAME, "expansions": list(table.expansions),
                                "variant": table.variant, "players": players}
    if table.options:
        document["options"] = dict(table.options)
    if table.teams:
        document["teams"] = [[table.players[seat].name for seat in team] for team in table.teams]
    return document
