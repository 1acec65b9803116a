"""Read and write the table file (``sevenwonders-table/1``): the JSON state of a table.

Reading never crashes on bad input: every problem becomes a one-line `Problem` naming the field
(``players[2].cards[4]: unknown card 'lumberyard'; did you mean 'lumber_yard'?``), and a file
with any problem gives no table at all. An expansion reads and writes its own keys through the
section it registers (`TableSection`, in `SECTIONS`: Armada's ports, teams, the eighth wonder). The
format is documented in docs/table-file.md and described by
companion/games/sevenwonders/data/table.schema.json.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from pathlib import Path
from typing import Any, ClassVar

from companion.fileformats import other_format
from companion.gamedata.effects import CopyNeighborGuild, ScienceWild
from companion.games.sevenwonders.rules.city import science_wild_count
from companion.games.sevenwonders.rules.extension import SevenWondersExtension
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import Card, GameData, Rules, Wonder
from companion.games.sevenwonders.rules.table import STANDARD, TWO_PLAYER, VARIANTS, Player, PlayerChoices, Table
from companion.jsonread import Problem, Problems, Reader, quoted
from companion.plugins import Registry
from companion.tablefiles import MAX_FILE_BYTES, TableFileError, from_file, read_table_document

__all__ = [
    "MAX_FILE_BYTES",
    "SECTIONS",
    "TABLE_FORMAT",
    "Sources",
    "TableFileError",
    "TableSection",
    "city_cards_problems",
    "city_choices",
    "city_stages_problems",
    "city_tokens_problems",
    "from_file",
    "parse_table",
    "read_table",
    "read_table_document",
    "table_to_json",
    "table_value_problems",
]

TABLE_FORMAT = "sevenwonders-table/1"
GAME = "7wonders"
TOP_FIELDS = ("format", "game", "expansions", "variant", "players", "options", "teams")
BASE_PLAYER_FIELDS = ("name", "wonder", "side", "stages", "cards", "coins", "tokens", "science_choices",
                      "copied_guild")
Sources = Mapping[str, Any]
"""What an expansion's components are read from, by expansion id: its data (with an owner's entered
values), or a function that loads it only when a table plays with it; an expansion not named: its
shipped data."""


class TableSection:
    """What an expansion adds to the table file: its keys in each player entry, the wonders it brings,
    its team variant, and the checks across the table; and the extension it plays with (`extension`)."""

    id: ClassVar[str] = ""
    """The expansion's id in ``expansions``."""
    name: ClassVar[str] = ""
    """Its name in messages (``Armada``)."""
    player_fields: ClassVar[tuple[str, ...]] = ()
    """The keys it adds to a player entry."""
    wonders: ClassVar[tuple[str, ...]] = ()
    """Wonder ids beyond the box's that a player entry may give (Armada's ``other``)."""
    teams: ClassVar[bool] = False
    """True when it has a team variant (``teams``)."""
    more_land_tokens: ClassVar[bool] = False
    """True when a city may take more than two land conflict tokens an age."""

    def extension(self, source: Any) -> SevenWondersExtension:
        """The expansion at a table, its components read from `source` (see `Sources`; None: shipped)."""
        raise NotImplementedError

    def player_range(self, extension: SevenWondersExtension) -> tuple[int, int] | None:
        """The players the standard game seats with the expansion, when it changes them."""
        return None

    def check_variant(self, reader: Reader, variant: str) -> None:
        """Record a problem when the expansion is not played in `variant` (at ``variant``)."""

    def read_part(self, reader: Reader, data: GameData, extension: SevenWondersExtension) -> Any:
        """What the expansion adds to the city of the player entry at `reader` (``Player.extras``), or None
        after recording problems."""
        return None

    def read_wonder(self, reader: Reader, data: GameData, wonder_id: str | None) -> Wonder | None:
        """The wonder of an id in `wonders` (None after recording problems); for another id, check that
        the entry has none of the keys only such a wonder takes."""
        return None

    def read_choices(self, reader: Reader, data: GameData, part: Any) -> Any:
        """The city part with the player's end-game choices the expansion reads added."""
        return part

    def check_player(self, reader: Reader, wonder: Wonder, side: str, stages: int) -> bool:
        """False after recording a problem of the entry that needs its wonder and stages."""
        return True

    def read_teams(self, reader: Reader, names: list[str], extension: SevenWondersExtension
                   ) -> tuple[tuple[int, ...], ...] | None:
        """The teams at ``teams`` (for a section with `teams`)."""
        return None

    def check_table(self, reader: Reader, table: Table) -> None:
        """Record the problems that need the whole table."""

    def write_player(self, player: Player) -> dict[str, Any]:
        """The expansion's keys of a player entry (the inverse of `read_part` and `read_choices`)."""
        return {}

    def set_up_entry(self, player: Player) -> dict[str, Any]:
        """What the expansion adds to a player's entry of a game's set-up event (the game log)."""
        return {}

    def player_events(self, seat: int, entry: dict[str, Any], source: str) -> list[tuple[str, dict[str, Any], str]]:
        """The events (kind, payload, source) that log the expansion's keys of a valid player entry,
        once every city is logged (they may name another city's cards or stages)."""
        return []


SECTIONS: Registry[TableSection] = Registry("7 Wonders expansion of the table file", "tablefile")
"""The expansions the table file knows, by id; others are refused with a clear message."""


def _extension_key(key: str) -> bool:
    return key.startswith("x-")


def _check_fields(reader: Reader, allowed: tuple[str, ...]) -> dict[str, Any] | None:
    """The object at `reader`, with a problem for each unknown key ("x-" keys are free)."""
    mapping = reader.as_object()
    if mapping is not None:
        Reader({k: v for k, v in mapping.items() if not _extension_key(k)}, reader.problems,
               reader.path).as_object(allowed=allowed)
    return mapping


def _read_cards(reader: Reader, known: Mapping[str, Card]) -> list[Card]:
    cards: list[Card] = []
    seen: dict[str, int] = {}
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


def _read_tokens(reader: Reader, data: GameData, limited: bool = True) -> list[int]:
    rules = data.rules
    allowed = sorted({rules.defeat_points, *rules.victory_points_by_age.values()})
    tokens = reader.as_int_list(allowed, what="a conflict token")
    if limited and len(tokens) > 2 * rules.ages:
        reader.problem(f"{len(tokens)} conflict tokens; a city takes at most {2 * rules.ages} (two per age)")
    return tokens


class _Played:
    """The expansions a table file plays with: each section with its extension, and the sections of the
    expansions installed but not played (whose keys are refused)."""

    def __init__(self, sections: Sequence[TableSection], extensions: Sequence[SevenWondersExtension],
                 data: GameData) -> None:
        self.sections = list(sections)
        self.extensions = list(extensions)
        self.unplayed = [s for s in SECTIONS.values() if s.id not in {p.id for p in sections}]
        self.cards: dict[str, Card] = dict(data.cards)
        for extension in extensions:
            self.cards.update(extension.cards())

    def pairs(self) -> list[tuple[TableSection, SevenWondersExtension]]:
        return list(zip(self.sections, self.extensions, strict=True))


def _player_fields() -> tuple[str, ...]:
    return BASE_PLAYER_FIELDS + tuple(f for section in SECTIONS.values() for f in section.player_fields)


def _read_player(reader: Reader, data: GameData, two_player: bool, played: _Played) -> Player | None:
    if _check_fields(reader, _player_fields()) is None:
        return None
    for section in played.unplayed:
        for key in section.player_fields:
            if reader[key].present:
                reader[key].problem(f"an {section.name} key; add \"{section.id}\" to \"expansions\" to use it")
    rules = data.rules
    name = reader["name"].as_str(what="name", max_length=40)
    wonders = list(data.wonders) + [w for section in played.sections for w in section.wonders]
    wonder_id = reader["wonder"].as_str(choices=wonders, what="wonder")
    side = reader["side"].as_str(choices=("A", "B"), what="side")
    stages = reader["stages"].as_int(minimum=0, maximum=100)
    cards = _read_cards(reader["cards"], played.cards) if reader["cards"].present else []
    coins = reader["coins"].as_int(minimum=0, maximum=100_000)
    limited = not any(section.more_land_tokens for section in played.sections)
    tokens = _read_tokens(reader["tokens"], data, limited) if reader["tokens"].present else []
    parts = {section.id: section.read_part(reader, data, extension) for section, extension in played.pairs()}
    wonder = None
    for section in played.sections:
        found = section.read_wonder(reader, data, wonder_id)
        if wonder_id in section.wonders:
            wonder = found
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
    for section in played.sections:
        if parts[section.id] is not None:
            parts[section.id] = section.read_choices(reader, data, parts[section.id])
    if None in (name, wonder_id, side, stages, coins) or None in parts.values():
        return None
    assert name is not None and wonder_id is not None and side is not None
    assert stages is not None and coins is not None
    if wonder_id not in data.wonders and wonder is None:
        return None
    wonder = wonder or data.wonders[wonder_id]
    available = len(wonder.sides[side].stages)
    if stages > available:
        reader["stages"].problem(f"{wonder.name} side {side} has {available} stages, not {stages}")
        return None
    if not all(section.check_player(reader, wonder, side, stages) for section in played.sections):
        return None
    return Player(name, wonder, side, stages, tuple(cards), coins, tuple(tokens), choices, free_city, parts)


def _check_table(reader: Reader, table: Table, box_players: int | None = None,
                 sections: Sequence[TableSection] = ()) -> None:
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
    for extension in table.extensions:
        most_guilds = extension.guilds_dealt(table, most_guilds)
    if guilds > most_guilds:
        reader.problems.append(Problem("players", f"{guilds} guilds are built but a game of {table.seat_count} "
                                                  f"players deals only {most_guilds}"))
    for section in sections:
        section.check_table(reader, table)


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


def parse_table(document: Any, data: GameData | None = None, *, sources: Sources | None = None,
                box_players: int | None = None) -> Table:
    """Build a `Table` from a decoded table-file document.

    `sources` says where each expansion's components come from (see `Sources`: an owner's entered
    values); default: the shipped data. `box_players` is the player count whose box the cards come
    from when the document may not list every seat (the cities a camera saw, the game's player count
    known); default: the players listed.

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
            if name is not None and name not in SECTIONS:
                item.problem(f"expansion '{name}' is not supported by this version")
            elif name is not None:
                expansions.append(name)
    variant = reader["variant"].as_str(choices=VARIANTS, what="variant") if reader["variant"].present \
        else STANDARD
    options = _read_options(reader["options"], data) if reader["options"].present else {}
    two_player = variant == TWO_PLAYER
    sections = [SECTIONS.find(name) for name in expansions]
    extensions = []
    for section in sections:
        extensions.append(section.extension((sources or {}).get(section.id)))
        section.check_variant(reader["variant"], variant or STANDARD)
    played = _Played(sections, extensions, data)
    items = reader["players"].as_list(max_length=20)
    players = [_read_player(item, data, two_player, played) for item in items]
    _check_unique(items, data)
    rules = data.rules
    low, high = _player_range(rules, played)
    if reader["players"].present and isinstance(reader["players"].value, list) and not items:
        reader["players"].problem(f"no players; a table seats {low} to {high}")
    elif variant == STANDARD and items and not low <= len(items) <= high:
        with_expansions = "".join(f" with {section.name}" for section in sections)
        reader["players"].problem(f"{len(items)} players; the standard game{with_expansions} seats {low} to {high}")
    teams: tuple[tuple[int, ...], ...] = ()
    if reader["teams"].present:
        teams = _read_teams(reader["teams"], players, played)
    if two_player and items:
        free = sum(1 for p in players if p is not None and p.is_free_city)
        if len(items) != 3 or free != 1:
            reader["players"].problem(f"the two-player variant lists the two players and one "
                                      f"'{rules.free_city_name}' (got {len(items)} entries, {free} free city)")
    if problems or None in players or variant is None:
        raise TableFileError(problems)
    table = Table(data, tuple(p for p in players if p is not None), variant, tuple(expansions), options,
                  tuple(extensions), teams)
    _check_table(reader, table, box_players, sections)
    if problems:
        raise TableFileError(problems)
    return table


# -- the reader's checks of a table value, shared with the game log (typed state: an event changes the value,
#    these say what today's reader would say of the document it leaves) ------------------------------------
def _sections(table: Table) -> list[TableSection]:
    return [SECTIONS.find(name) for name in table.expansions]


def table_value_problems(table: Table) -> list[Problem]:
    """The problems the reader finds once it has built `table` (those that need the whole table), for a
    table value changed by an event: what `parse_table` would report of the document it writes."""
    problems: Problems[Problem] = Problems()
    _check_table(Reader(None, problems), table, None, _sections(table))
    return list(problems)


def city_cards_problems(table: Table, seat: int, card_ids: Sequence[str]) -> tuple[list[Card], list[Problem]]:
    """The buildings of `seat`'s city listed as `card_ids` (unknown ids and a second building of one name
    are problems, as the reader reports them at ``players[seat].cards``)."""
    problems: Problems[Problem] = Problems()
    cards = _read_cards(Reader(list(card_ids), problems, f"players[{seat}].cards"), table.cards)
    return cards, list(problems)


def city_tokens_problems(table: Table, seat: int, tokens: Sequence[int]) -> list[Problem]:
    """The problems of `seat`'s conflict tokens `tokens` (their values, how many), as the reader reports them."""
    problems: Problems[Problem] = Problems()
    limited = not any(section.more_land_tokens for section in _sections(table))
    _read_tokens(Reader(list(tokens), problems, f"players[{seat}].tokens"), table.data, limited)
    return list(problems)


def city_stages_problems(table: Table, seat: int, stages: int) -> list[Problem]:
    """The problem of `seat`'s wonder with `stages` stages built, as the reader reports it."""
    player = table.players[seat]
    available = len(player.wonder.sides[player.side].stages)
    if stages > available:
        return [Problem(f"players[{seat}].stages",
                        f"{player.wonder.name} side {player.side} has {available} stages, not {stages}")]
    return []


def city_choices(table: Table, seat: int, science: Sequence[str] | None, copied: str | None
                 ) -> tuple[PlayerChoices, list[Problem]]:
    """`seat`'s end-game choices stated as `science` (None: none) and `copied` (None: none), and their
    problems as the reader reports them."""
    problems: Problems[Problem] = Problems()
    data = table.data
    at = Reader(None, problems)["players"].child_path(seat)
    symbols: list[str] = []
    if science is not None:
        for item in Reader(list(science), problems, f"{at}.science_choices").as_list(max_length=10):
            symbol = item.as_str(choices=data.rules.science_symbols, what="science symbol")
            if symbol is not None:
                symbols.append(symbol)
    guild = None
    if copied is not None:
        guild = Reader(copied, problems, f"{at}.copied_guild").as_str(choices=[c.id for c in data.guilds()],
                                                                        what="guild")
    return PlayerChoices(tuple(symbols), guild), list(problems)


def _player_range(rules: Rules, played: _Played) -> tuple[int, int]:
    low, high = rules.min_players, rules.max_players
    for section, extension in played.pairs():
        low, high = section.player_range(extension) or (low, high)
    return low, high


def _read_teams(reader: Reader, players: list[Player | None], played: _Played) -> tuple[tuple[int, ...], ...]:
    """The teams, read by the expansion played that has a team variant."""
    owners = [(section, extension) for section, extension in played.pairs() if section.teams]
    if not owners:
        known = [section for section in SECTIONS.values() if section.teams]
        if not known:
            reader.problem("this version has no team variant")
        else:
            names = " or ".join(section.name for section in known)
            ids = " or ".join(f'"{section.id}"' for section in known)
            reader.problem(f"the team variant is part of {names}; add {ids} to \"expansions\"")
        return ()
    if None in players:
        return ()
    section, extension = owners[0]
    return section.read_teams(reader, [p.name for p in players if p is not None], extension) or ()


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


def read_table(path: str | Path, data: GameData | None = None, *, sources: Sources | None = None) -> Table:
    """Read a table file from disk (`sources`: as for `parse_table`).

    :raises TableFileError: when the file cannot be read, is not JSON, or holds a bad value.
    """
    document = read_table_document(path)
    with from_file(path):
        return parse_table(document, data, sources=sources)


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
        for name in table.expansions:
            entry.update(SECTIONS.find(name).write_player(player))
        players.append(entry)
    document: dict[str, Any] = {"format": TABLE_FORMAT, "game": GAME, "expansions": list(table.expansions),
                                "variant": table.variant, "players": players}
    if table.options:
        document["options"] = dict(table.options)
    if table.teams:
        document["teams"] = [[table.players[seat].name for seat in team] for team in table.teams]
    return document
