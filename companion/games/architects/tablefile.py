"""Read and write the Architects table file (``architects-table/1``): the state of a table of
7 Wonders Architects, with or without Medals.

The same reader rules as the 7 Wonders table file: never a crash on bad input, one `Problem` per
mistake naming the field, no table at all when anything is wrong. Consistency errors of the whole
table (specification section 6) refuse it too; its warnings travel with the table. The format is
documented in docs/architects.md and described by companion/games/architects/data/architects-table.schema.json.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path
from typing import Any

from companion.fileformats import other_format
from companion.games.architects.rules.data import MEDALS, ArchitectsData, load_architects_data
from companion.games.architects.rules.table import (
    BGA_TWO_PLAYER,
    LITERAL_TWO_PLAYER,
    ArchitectsPlayer,
    ArchitectsTable,
    BuiltPiece,
    MedalLayout,
)
from companion.games.architects.rules.validation import check_architects
from companion.jsonread import Problem, Reader
from companion.tablefiles import TableFileError, from_file, read_table_document

__all__ = ["ARCHITECTS_FORMAT", "ReadArchitects", "architects_table_to_json", "is_architects_document",
           "parse_architects", "read_architects"]

ARCHITECTS_FORMAT = "architects-table/1"
GAME = "architects"
VARIANTS = ("standard", "expert")
TOP_FIELDS = ("format", "game", "expansions", "medal_variant", "medal_layout", "options", "conflicts_flipped",
              "players")
PLAYER_FIELDS = ("name", "wonder", "stages_built", "cards", "blue_cards", "grey_cards", "cat_pawn",
                 "military_tokens", "progress_tokens", "medals")
OPTIONS = {"two_player_battle": (BGA_TWO_PLAYER, LITERAL_TWO_PLAYER)}


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


def _medals_only(reader: Reader, what: str, medals: bool) -> bool:
    """False (with a problem) when a Medals component is used without the expansion."""
    if not medals:
        reader.problem(f"{what} is part of the Medals expansion; add \"medals\" to \"expansions\"")
    return medals


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


def _tokens(reader: Reader, data: ArchitectsData, medals: bool) -> list[str]:
    tokens = []
    for item in reader.as_list(max_length=30):
        name = item.as_str(what="Progress token")
        if name is None:
            continue
        token = data.token_id(name)
        if token is None:
            item.as_str(choices=data.tokens, what="Progress token")
        elif data.tokens[token].expansion == MEDALS and not _medals_only(item, f"the {token} token", medals):
            continue
        else:
            tokens.append(token)
    return tokens


def _player(reader: Reader, data: ArchitectsData, medals: bool) -> ArchitectsPlayer | None:
    if not _fields(reader, PLAYER_FIELDS):
        return None
    name = reader["name"].as_str(what="name", max_length=40)
    wonder_id = reader["wonder"].as_str(choices=data.wonders, what="wonder")
    wonder = data.wonders[wonder_id] if wonder_id is not None else None
    if wonder is not None and wonder.expansion == MEDALS and not _medals_only(reader["wonder"], wonder.name, medals):
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
    tokens = _tokens(reader["progress_tokens"], data, medals) if reader["progress_tokens"].present else []
    won: list[str] = []
    if reader["medals"].present and (reader["medals"].value == [] or _medals_only(reader["medals"], "a medal", medals)):
        won = [m for m in (item.as_str(choices=data.medals, what="medal")
                           for item in reader["medals"].as_list(max_length=12)) if m is not None]
    if name is None or wonder is None or built is None or cat is None or military is None:
        return None
    return ArchitectsPlayer(name, wonder, tuple(built), blue_plain, blue_cat, grey, cat, military, tuple(tokens),
                            tuple(won), cards)


def _layout(reader: Reader, data: ArchitectsData, players: int, variant: str | None) -> MedalLayout | None:
    if not _fields(reader, ("between", "center")):
        return None
    between: list[str | None] = []
    for item in reader["between"].as_list(max_length=10):
        between.append(None if item.value is None else item.as_str(choices=data.medals, what="medal"))
    if reader["between"].present and len(between) != players:
        reader["between"].problem(f"{len(between)} medals; one lies between each two neighbours ({players})")
    center: list[str] = []
    if reader["center"].present:
        if variant != "expert":
            reader["center"].problem("medals lie in the centre only in the expert variant")
        read = (item.as_str(choices=data.medals, what="medal") for item in reader["center"].as_list(max_length=5))
        center = [m for m in read if m is not None]
        if len(center) > data.center_medals:
            reader["center"].problem(f"{len(center)} medals; the expert variant puts {data.center_medals} "
                                     f"in the centre")
    placed = [m for m in (*between, *center) if m is not None]
    for medal in sorted({m for m in placed if placed.count(m) > 1}):
        reader.problem(f"the {medal} medal is placed twice; each medal exists once")
    return MedalLayout(tuple(between), tuple(center))


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
    if not _fields(reader, TOP_FIELDS):
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
    medals = MEDALS in expansions
    variant = None
    if reader["medal_variant"].present and reader["medal_variant"].value is not None:
        variant = reader["medal_variant"].as_str(choices=VARIANTS, what="medal variant")
        if variant is not None and not _medals_only(reader["medal_variant"], "the medal variant", medals):
            variant = None
    elif medals:
        variant = "standard"
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
    players = [_player(item, data, medals) for item in items]
    layout = None
    if reader["medal_layout"].present and _medals_only(reader["medal_layout"], "the medal layout", medals):
        layout = _layout(reader["medal_layout"], data, len(items), variant)
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
    table = ArchitectsTable(data, tuple(p for p in players if p is not None), tuple(expansions), variant, layout,
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
        if table.has_medals:
            entry["medals"] = list(player.medals)
        players.append(entry)
    document: dict[str, Any] = {"format": ARCHITECTS_FORMAT, "game": GAME, "expansions": list(table.expansions)}
    if table.has_medals:
        document["medal_variant"] = table.medal_variant or "standard"
    if table.medal_layout is not None:
        document["medal_layout"] = {"between": list(table.medal_layout.between)}
        if table.medal_layout.center:
            document["medal_layout"]["center"] = list(table.medal_layout.center)
    if table.two_player_rule != BGA_TWO_PLAYER:
        document["options"] = {"two_player_battle": table.two_player_rule}
    if table.conflicts_flipped:
        document["conflicts_flipped"] = table.conflicts_flipped
    document["players"] = players
    return document
