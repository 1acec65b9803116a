"""Read and write the Architects table file (``architects-table/1``): the state of a table of
7 Wonders Architects, with the sections its expansions add (`ArchitectsSection`, in `SECTIONS`).

The same reader rules as the 7 Wonders table file: never a crash on bad input, one `Problem` per
mistake naming the field, no table at all when anything is wrong. Consistency errors of the whole
table (specification section 6) refuse it too; its warnings travel with the table. The format is
documented in docs/architects.md and described by companion/games/architects/data/architects-table.schema.json.
"""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass
from pathlib import Path
from typing import Any, ClassVar

from companion.fileformats import other_format
from companion.games.architects.rules.data import ArchitectsData, load_architects_data
from companion.games.architects.rules.table import (
    BGA_TWO_PLAYER,
    LITERAL_TWO_PLAYER,
    ArchitectsPlayer,
    ArchitectsTable,
    BuiltPiece,
)
from companion.games.architects.rules.validation import check_architects
from companion.jsonread import Problem, Reader
from companion.plugins import Registry
from companion.tablefiles import TableFileError, from_file, read_table_document

__all__ = ["ARCHITECTS_FORMAT", "SECTIONS", "ArchitectsSection", "ReadArchitects", "architects_table_to_json",
           "expansion_only", "is_architects_document", "parse_architects", "read_architects"]

ARCHITECTS_FORMAT = "architects-table/1"
GAME = "architects"
BASE_PLAYER_FIELDS = ("name", "wonder", "stages_built", "cards", "blue_cards", "grey_cards", "cat_pawn",
                      "military_tokens", "progress_tokens")
OPTIONS = {"two_player_battle": (BGA_TWO_PLAYER, LITERAL_TWO_PLAYER)}


class ArchitectsSection:
    """What an expansion adds to the table file: its top-level keys and its keys in each player entry,
    read into the table's and the players' ``extras`` under its id, and written back."""

    id: ClassVar[str] = ""
    """The expansion's id in ``expansions`` (and in ``extras``)."""
    top_fields: ClassVar[tuple[str, ...]] = ()
    """The top-level keys it adds (read by `read_settings` and `read_table`)."""
    player_fields: ClassVar[tuple[str, ...]] = ()
    """The keys it adds to a player entry (read by `read_player`)."""

    def read_settings(self, reader: Reader, data: ArchitectsData, played: bool) -> Any:
        """What the document at `reader` sets for the expansion before the players are read (its variant)."""
        return None

    def read_player(self, reader: Reader, data: ArchitectsData, played: bool) -> Any:
        """What the player entry at `reader` holds of the expansion (``ArchitectsPlayer.extras[id]``;
        None: nothing)."""
        return None

    def read_table(self, reader: Reader, data: ArchitectsData, played: bool, settings: Any, players: int) -> Any:
        """What the table keeps of the expansion (``ArchitectsTable.extras[id]``; None: nothing), read
        after the `players` entries."""
        return None

    def write_table(self, table: ArchitectsTable) -> dict[str, Any]:
        """Its top-level keys of a table that plays with it (written after ``expansions``)."""
        return {}

    def write_player(self, table: ArchitectsTable, player: ArchitectsPlayer) -> dict[str, Any]:
        """Its keys of a player entry at a table that plays with it (written last)."""
        return {}


SECTIONS: Registry[ArchitectsSection] = Registry("Architects expansion of the table file", "tablefile")
"""The table-file sections of the Architects expansions, by expansion id."""


def _top_fields() -> tuple[str, ...]:
    extra = tuple(f for section in SECTIONS.values() for f in section.top_fields)
    return ("format", "game", "expansions", *extra, "options", "conflicts_flipped", "players")


def _player_fields() -> tuple[str, ...]:
    return BASE_PLAYER_FIELDS + tuple(f for section in SECTIONS.values() for f in section.player_fields)


@dataclass(frozen=True)
class ReadArchitects:
    """A table read from a file, with the warnings its consistency check found."""

    table: ArchitectsTable
    warnings: tuple[str, ...]


def is_architects_document(document: Any) -> bool:
    """True when a decoded JSON document says it is an Architects table file."""
    return isinstance(document, dict) and (document.get("format") == ARCHITECTS_FORMAT or document.get("game") == GAME)


def _fields(reader: Reader, allowed: tuple[str, ...]) -> bool:
    mapping = reader.as_object()
    if mapping is None:
        return False
    Reader({k: v for k, v in mapping.items() if not k.startswith("x-")}, reader.problems,
           reader.path).as_object(allowed=allowed)
    return True


def _count(reader: Reader, default: int | None = 0, maximum: int = 100) -> int | None:
    return reader.as_int(minimum=0, maximum=maximum) if reader.present else default


def expansion_only(reader: Reader, what: str, expansion: str, data: ArchitectsData, played: bool) -> bool:
    """False (with a problem) when a component of `expansion` is used at a table that does not play it."""
    if not played:
        name = data.expansions.get(expansion, {}).get("en", expansion)
        reader.problem(f"{what} is part of the {name} expansion; add \"{expansion}\" to \"expansions\"")
    return played


def _built(reader: Reader, player_wonder: Any, data: ArchitectsData) -> list[BuiltPiece] | None:
    pieces: list[BuiltPiece] = []
    items = reader.as_list(max_length=data.stages_per_wonder + 5)
    ok = reader.present and isinstance(reader.value, list)
    for item in items:
        if player_wonder.pieces_known:
            piece = item.as_str(choices=[p.id for p in player_wonder.pieces], what=f"{player_wonder.name} piece")
            if piece is None:
                ok = False
                if isinstance(item.value, dict):
                    item.problem(f"{player_wonder.name}'s pieces are known: give the piece's cost id, e.g. "
                                 f"\"two_different\"")
                continue
            pieces.append(BuiltPiece(piece, player_wonder.piece(piece).vp))
            continue
        if not isinstance(item.value, dict):
            item.problem(f"{player_wonder.name}'s pieces are not in the data (no public source gives them): give "
                         f"{{\"vp\": N}} with the VP printed on each built piece")
            ok = False
            continue
        item.as_object(allowed=("vp", "piece"))
        vp = item["vp"].as_int(minimum=0, maximum=50)
        name = item["piece"].as_str(max_length=40) if item["piece"].present else None
        if vp is None:
            ok = False
            continue
        pieces.append(BuiltPiece(name, vp))
    return pieces if ok else None


def _cards(reader: Reader, data: ArchitectsData) -> dict[str, int] | None:
    if reader.as_object() is None:
        return None
    cards: dict[str, int] = {}
    for kind, count in reader.items():
        if kind not in data.cards:
            Reader(kind, reader.problems, count.path).as_str(choices=data.cards, what="card kind")
            continue
        number = count.as_int(minimum=0, maximum=100)
        if number:
            cards[kind] = number
    return cards


def _tokens(reader: Reader, data: ArchitectsData, expansions: Collection[str]) -> list[str]:
    tokens = []
    for item in reader.as_list(max_length=30):
        name = item.as_str(what="Progress token")
        if name is None:
            continue
        token = data.token_id(name)
        if token is None:
            item.as_str(choices=data.tokens, what="Progress token")
        elif (expansion := data.tokens[token].expansion) is not None \
                and not expansion_only(item, f"the {token} token", expansion, data, expansion in expansions):
            continue
        else:
            tokens.append(token)
    return tokens


def _player(reader: Reader, data: ArchitectsData, expansions: Collection[str]) -> ArchitectsPlayer | None:
    if not _fields(reader, _player_fields()):
        return None
    name = reader["name"].as_str(what="name", max_length=40)
    wonder_id = reader["wonder"].as_str(choices=data.wonders, what="wonder")
    wonder = data.wonders[wonder_id] if wonder_id is not None else None
    expansion = wonder.expansion if wonder is not None else None
    if wonder is not None and expansion is not None \
            and not expansion_only(reader["wonder"], wonder.name, expansion, data, expansion in expansions):
        wonder = None
    built = _built(reader["stages_built"], wonder, data) if wonder is not None else None
    cards = _cards(reader["cards"], data) if reader["cards"].present else None
    blue = reader["blue_cards"]
    blue_plain = blue_cat = 0
    if blue.present and _fields(blue, ("plain", "cat")):
        blue_plain, blue_cat = _count(blue["plain"]) or 0, _count(blue["cat"]) or 0
    grey = _count(reader["grey_cards"], None)
    if cards is not None:
        counted_blue = (cards.get("blue_plain", 0), cards.get("blue_cat", 0))
        counted_grey = sum(n for k, n in cards.items() if data.cards[k].color == "grey")
        if blue.present and (blue_plain, blue_cat) != counted_blue:
            blue.problem(f"plain {blue_plain}, cat {blue_cat}, but the cards listed hold plain {counted_blue[0]}, "
                         f"cat {counted_blue[1]}")
        if grey is not None and grey != counted_grey:
            reader["grey_cards"].problem(f"{grey}, but the cards listed hold {counted_grey} grey cards")
        (blue_plain, blue_cat), grey = counted_blue, counted_grey
    cat = reader["cat_pawn"].as_bool() if reader["cat_pawn"].present else False
    military = _count(reader["military_tokens"], maximum=200)
    tokens = _tokens(reader["progress_tokens"], data, expansions) if reader["progress_tokens"].present else []
    extras = {}
    for section in SECTIONS.values():
        part = section.read_player(reader, data, section.id in expansions)
        if part is not None:
            extras[section.id] = part
    if name is None or wonder is None or built is None or cat is None or military is None:
        return None
    return ArchitectsPlayer(name, wonder, tuple(built), blue_plain, blue_cat, grey, cat, military, tuple(tokens),
                            cards, extras)


def parse_architects(document: Any, data: ArchitectsData | None = None) -> ReadArchitects:
    """Build an `ArchitectsTable` from a decoded ``architects-table/1`` document.

    :raises TableFileError: with every problem found (including the consistency errors).
    """
    data = data or load_architects_data()
    other = other_format(document, ARCHITECTS_FORMAT)
    if other is not None:                       # a 7 Wonders table, a recording...: one line
        raise TableFileError([Problem("", other)])
    problems: list[Problem] = []
    reader = Reader(document, problems)
    if not _fields(reader, _top_fields()):
        raise TableFileError(problems)
    fmt = reader["format"].as_str(what="format")
    if fmt is not None and fmt != ARCHITECTS_FORMAT:
        reader["format"].problem(f"unsupported format '{fmt}'; this version reads '{ARCHITECTS_FORMAT}'")
    if reader["game"].present:
        reader["game"].as_str(choices=(GAME,), what="game")
    expansions: list[str] = []
    for item in reader["expansions"].as_list(max_length=5) if reader["expansions"].present else []:
        name = item.as_str(choices=data.expansions, what="expansion")
        if name is not None and name not in expansions:
            expansions.append(name)
    settings = {section.id: section.read_settings(reader, data, section.id in expansions)
                for section in SECTIONS.values()}
    options: dict[str, str] = {}
    for key, value in reader["options"].items() if reader["options"].present else []:
        if key not in OPTIONS:
            Reader(key, problems, value.path).as_str(choices=OPTIONS, what="option")
            continue
        chosen = value.as_str(choices=OPTIONS[key], what=key)
        if chosen is not None:
            options[key] = chosen
    items = reader["players"].as_list(max_length=20)
    if reader["players"].present and isinstance(reader["players"].value, list) \
            and not data.min_players <= len(items) <= data.max_players:
        reader["players"].problem(f"{len(items)} players; Architects seats {data.min_players} to {data.max_players}")
    players = [_player(item, data, expansions) for item in items]
    extras = {}
    for section in SECTIONS.values():
        part = section.read_table(reader, data, section.id in expansions, settings[section.id], len(items))
        if part is not None:
            extras[section.id] = part
    flipped = _count(reader["conflicts_flipped"], maximum=10)
    names = [p.name for p in players if p is not None]
    for seat, player in enumerate(players):
        if player is None:
            continue
        if names.count(player.name) > 1 and names.index(player.name) != seat:
            items[seat]["name"].problem(f"two players are called '{player.name}'")
        wonders = [p.wonder.id for p in players[:seat] if p is not None]
        if player.wonder.id in wonders:
            items[seat]["wonder"].problem(f"{player.wonder.name} is at the table twice")
    if problems or None in players or not players:
        if not problems:
            reader["players"].problem("no players")
        raise TableFileError(problems)
    table = ArchitectsTable(data, tuple(p for p in players if p is not None), tuple(expansions), extras,
                            flipped or 0, options.get("two_player_battle", BGA_TWO_PLAYER))
    if flipped is not None and flipped > table.conflict_tokens:
        reader["conflicts_flipped"].problem(f"{flipped}; a game of {len(players)} uses {table.conflict_tokens} "
                                            f"Conflict tokens")
    findings = check_architects(table)
    problems.extend(findings.errors)
    if problems:
        raise TableFileError(problems)
    return ReadArchitects(table, findings.warnings)


def read_architects(path: str | Path, data: ArchitectsData | None = None) -> ReadArchitects:
    """Read an Architects table file from disk.

    :raises TableFileError: when the file cannot be read, is not JSON, or holds a bad value.
    """
    document = read_table_document(path)
    with from_file(path):
        return parse_architects(document, data)


def architects_table_to_json(table: ArchitectsTable) -> dict[str, Any]:
    """The table as an ``architects-table/1`` document (the inverse of `parse_architects`)."""
    played = [section for section in SECTIONS.values() if section.id in table.expansions]
    players = []
    for player in table.players:
        built: list[Any] = [b.piece for b in player.built] if player.wonder.pieces_known else [
            {"vp": b.vp, **({"piece": b.piece} if b.piece else {})} for b in player.built]
        entry: dict[str, Any] = {"name": player.name, "wonder": player.wonder.id, "stages_built": built}
        if player.cards is not None:
            entry["cards"] = dict(player.cards)
        else:
            entry["blue_cards"] = {"plain": player.blue_plain, "cat": player.blue_cat}
            if player.grey_cards is not None:
                entry["grey_cards"] = player.grey_cards
        entry.update(cat_pawn=player.cat_pawn, military_tokens=player.military_tokens,
                     progress_tokens=list(player.progress_tokens))
        for section in played:
            entry.update(section.write_player(table, player))
        players.append(entry)
    document: dict[str, Any] = {"format": ARCHITECTS_FORMAT, "game": GAME, "expansions": list(table.expansions)}
    for section in played:
        document.update(section.write_table(table))
    if table.two_player_rule != BGA_TWO_PLAYER:
        document["options"] = {"two_player_battle": table.two_player_rule}
    if table.conflicts_flipped:
        document["conflicts_flipped"] = table.conflicts_flipped
    document["players"] = players
    return document
