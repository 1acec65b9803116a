"""7 Wonders Architects: the components as immutable values, loaded from ``architects.json`` and
validated like the 7 Wonders data (every problem as ``file: path: message``). Components that come with
an expansion name it (``expansion``); what an expansion adds beyond them is in its own folder.

Architects is a separate game: nothing here is shared with the 7 Wonders data except the reader.
Values no public source gives (the pieces of Rome and Ur) are None, never a guess.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import Any

from companion.gamedata.reading import ID_PATTERN, LANGUAGES, Names, read_checked
from companion.jsonread import Reader

__all__ = [
    "ARCHITECTS_DATA_FORMAT",
    "TOKEN_SCORING_KINDS",
    "ArchitectsData",
    "CardKind",
    "Piece",
    "PieceCost",
    "ProgressToken",
    "WonderArchitects",
    "load_architects_data",
]

ARCHITECTS_DATA_FORMAT = "architects-data/1"
TOKEN_SCORING_KINDS = ("decor", "per_blue_cat", "per_military_token", "per_progress_token", "by_copies",
                       "per_grey_card")


@dataclass(frozen=True)
class PieceCost:
    """A construction cost printed on a piece: `cards` resource cards, all identical or all different."""

    id: str
    cards: int
    identical: bool
    names: Names


@dataclass(frozen=True)
class Piece:
    """One of a wonder's five pieces: its cost, the VP on its constructed face, its level (1 = bottom;
    a piece needs every piece of every lower level) and whether it carries the wonder's effect."""

    wonder: str
    cost: str
    vp: int
    level: int
    effect: bool

    @property
    def id(self) -> str:
        """Within a wonder a piece is named by its cost (each cost appears once)."""
        return self.cost

    @property
    def key(self) -> str:
        """A table-wide id of the piece: ``babylon.three_identical``."""
        return f"{self.wonder}.{self.cost}"


@dataclass(frozen=True)
class WonderArchitects:
    """A wonder of Architects. `pieces` is None for Rome and Ur, whose pieces no source describes."""

    id: str
    names: Names
    monument: Names
    effect: Names
    expansion: str | None
    pieces: tuple[Piece, ...] | None
    effect_pieces: int | None

    @property
    def name(self) -> str:
        """The English name."""
        return self.names["en"]

    @property
    def pieces_known(self) -> bool:
        """True when the data gives each piece's VP and level."""
        return self.pieces is not None

    def piece(self, piece_id: str) -> Piece:
        """The piece of that cost.

        :raises KeyError: for an unknown piece or a wonder without piece data.
        """
        for piece in self.pieces or ():
            if piece.id == piece_id:
                return piece
        raise KeyError(piece_id)


@dataclass(frozen=True)
class CardKind:
    """A kind of card, as the table counts them (all cards of a kind are alike)."""

    id: str
    color: str
    names: Names
    vp: int = 0
    cat: bool = False
    shields: int = 0
    horns: int = 0


@dataclass(frozen=True)
class ProgressToken:
    """A Progress token kind, its copies in the base box (an expansion may add some: `ArchitectsExtension.
    token_copies`), and how it scores (None: 0 VP)."""

    id: str
    names: Names
    effect: Names
    copies: int
    expansion: str | None
    scoring: Mapping[str, Any] | None
    aliases: tuple[str, ...]


@dataclass(frozen=True)
class ArchitectsData:
    """Everything in the Architects box that the product needs."""

    bgg_id: int
    min_players: int
    max_players: int
    expansions: Mapping[str, Names]
    conflict_tokens_by_players: Mapping[int, int]
    military_tokens_in_box: int
    military_token_vp: int
    cat_pawn_vp: int
    stages_per_wonder: int
    effect_piece_shields: Mapping[str, int]
    token_shields: Mapping[str, int]
    colors: Mapping[str, Names]
    piece_costs: Mapping[str, PieceCost]
    cards: Mapping[str, CardKind]
    wonders: Mapping[str, WonderArchitects]
    tokens: Mapping[str, ProgressToken]

    def token_id(self, name: str) -> str | None:
        """The token id for an id or an accepted alias (``jewelry`` -> ``jewellery``), else None."""
        if name in self.tokens:
            return name
        for token in self.tokens.values():
            if name in token.aliases:
                return token.id
        return None

    def kinds_of(self, color: str) -> tuple[str, ...]:
        """The card kinds of one colour, in data order."""
        return tuple(k.id for k in self.cards.values() if k.color == color)


def _names(reader: Reader) -> Names | None:
    reader.as_object(allowed=LANGUAGES)
    names = {lang: reader[lang].as_str(max_length=400) for lang in LANGUAGES}
    return None if None in names.values() else {k: v for k, v in names.items() if v is not None}


def _named_list(reader: Reader) -> dict[str, Names]:
    """A list of ``{"id", "names"}`` entries (expansions, colours) as id -> names."""
    found = {}
    for item in reader.as_list():
        ident, names = item["id"].as_str(), _names(item["names"])
        if ident is not None and names is not None:
            found[ident] = names
    return found


def _ident(reader: Reader, seen: set[str]) -> str | None:
    ident = reader.as_str()
    if ident is None:
        return None
    if not ID_PATTERN.match(ident) or ident in seen:
        reader.problem(f"'{ident}' is a duplicate or not a lower_snake_case id")
        return None
    seen.add(ident)
    return ident


def _expansion(reader: Reader, expansions: Mapping[str, Names]) -> str | None:
    """The expansion a component comes with (None: the base box)."""
    return reader.as_str(choices=expansions, what="expansion") if reader.present else None


def _pieces(reader: Reader, wonder: str, costs: Mapping[str, PieceCost], per_wonder: int) -> tuple[Piece, ...] | None:
    pieces = []
    for item in reader.as_list(max_length=per_wonder):
        item.as_object(allowed=("cost", "vp", "level", "effect"))
        cost = item["cost"].as_str(choices=costs, what="piece cost")
        vp = item["vp"].as_int(minimum=0, maximum=50)
        level = item["level"].as_int(minimum=1, maximum=per_wonder)
        effect = item["effect"].as_bool()
        if cost is not None and vp is not None and level is not None and effect is not None:
            pieces.append(Piece(wonder, cost, vp, level, effect))
    if len({p.cost for p in pieces}) != per_wonder:
        reader.problem(f"a wonder has {per_wonder} pieces, one of each cost")
        return None
    if min(p.level for p in pieces) != 1:
        reader.problem("no piece on level 1")
    return tuple(pieces)


def _wonders(reader: Reader, costs: Mapping[str, PieceCost], expansions: Mapping[str, Names],
             per_wonder: int) -> dict[str, WonderArchitects]:
    wonders: dict[str, WonderArchitects] = {}
    seen: set[str] = set()
    for item in reader.as_list():
        item.as_object(allowed=("id", "names", "monument", "effect", "expansion", "pieces", "unknown",
                                "effect_pieces"))
        ident = _ident(item["id"], seen)
        names, monument, effect = _names(item["names"]), _names(item["monument"]), _names(item["effect"])
        expansion = _expansion(item["expansion"], expansions)
        pieces = None
        effect_pieces = None
        if item["pieces"].value is None:
            item["unknown"].as_str(max_length=400)
            if item["effect_pieces"].value is not None:
                effect_pieces = item["effect_pieces"].as_int(minimum=0, maximum=per_wonder)
        elif ident is not None:
            pieces = _pieces(item["pieces"], ident, costs, per_wonder)
            if pieces is None:
                continue
            effect_pieces = sum(1 for p in pieces if p.effect)
        if ident is None or names is None or monument is None or effect is None:
            continue
        wonders[ident] = WonderArchitects(ident, names, monument, effect, expansion, pieces, effect_pieces)
    return wonders


def _card_kinds(reader: Reader, colors: Mapping[str, Names]) -> dict[str, CardKind]:
    kinds: dict[str, CardKind] = {}
    seen: set[str] = set()
    for item in reader.as_list():
        item.as_object(allowed=("id", "color", "names", "resource", "vp", "cat", "shields", "horns"))
        ident = _ident(item["id"], seen)
        color = item["color"].as_str(choices=colors, what="colour")
        names = _names(item["names"])
        numbers = {key: item[key].as_int(minimum=0, maximum=5) if item[key].present else 0
                   for key in ("vp", "shields", "horns")}
        cat = item["cat"].as_bool() if item["cat"].present else False
        if item["resource"].present:
            item["resource"].as_bool()
        if ident is None or color is None or names is None or cat is None or None in numbers.values():
            continue
        kinds[ident] = CardKind(ident, color, names, numbers["vp"] or 0, cat, numbers["shields"] or 0,
                                numbers["horns"] or 0)
    return kinds


def _tokens(reader: Reader, expansions: Mapping[str, Names]) -> dict[str, ProgressToken]:
    tokens: dict[str, ProgressToken] = {}
    seen: set[str] = set()
    for item in reader.as_list():
        item.as_object(allowed=("id", "names", "copies", "effect", "expansion", "scoring", "aliases"))
        ident = _ident(item["id"], seen)
        names, effect = _names(item["names"]), _names(item["effect"])
        copies = item["copies"].as_int(minimum=0, maximum=5)
        expansion = _expansion(item["expansion"], expansions)
        scoring = item["scoring"].as_object() if item["scoring"].present else None
        if scoring is not None:
            item["scoring"]["kind"].as_str(choices=TOKEN_SCORING_KINDS, what="scoring kind")
        aliases = tuple(a.as_str() or "" for a in item["aliases"].as_list()) if item["aliases"].present else ()
        if None in (ident, names, effect, copies):
            continue
        assert ident is not None and names is not None and effect is not None
        tokens[ident] = ProgressToken(ident, names, effect, copies or 0, expansion, scoring, aliases)
    return tokens


def _parse(reader: Reader) -> ArchitectsData | None:
    if reader["format"].as_str() not in (None, ARCHITECTS_DATA_FORMAT):
        reader["format"].problem(f"expected '{ARCHITECTS_DATA_FORMAT}'")
    expansions = _named_list(reader["expansions"])
    per_wonder = reader["stages_per_wonder"].as_int(minimum=1, maximum=10) or 5
    colors = _named_list(reader["colors"])
    costs = {}
    for item in reader["piece_costs"].as_list():
        ident, names = item["id"].as_str(), _names(item["names"])
        needed, identical = item["cards"].as_int(minimum=1, maximum=10), item["identical"].as_bool()
        if ident is not None and names is not None and needed is not None and identical is not None:
            costs[ident] = PieceCost(ident, needed, identical, names)
    conflicts = {}
    for key, value in reader["conflict_tokens_by_players"].items():
        count = value.as_int(minimum=1, maximum=10)
        if key.isdigit() and count is not None:
            conflicts[int(key)] = count
        elif not key.isdigit():
            value.problem("expected a player count as the key")
    military = reader["military_victory_tokens"]
    shields = reader["shields"]
    numbers: dict[str, Any] = dict(
        bgg_id=reader["bgg_id"].as_int(minimum=1),
        min_players=reader["players"]["min"].as_int(minimum=2, maximum=10),
        max_players=reader["players"]["max"].as_int(minimum=2, maximum=10),
        military_tokens_in_box=military["in_box"].as_int(minimum=1, maximum=100),
        military_token_vp=military["vp"].as_int(minimum=0, maximum=20),
        cat_pawn_vp=reader["cat_pawn_vp"].as_int(minimum=0, maximum=20),
    )
    piece_shields = {k: v.as_int(minimum=0, maximum=5) for k, v in shields["effect_piece"].items()}
    token_shields = {k: v.as_int(minimum=0, maximum=5) for k, v in shields["progress_token"].items()}
    cards = _card_kinds(reader["cards"], colors)
    wonders = _wonders(reader["wonders"], costs, expansions, per_wonder)
    tokens = _tokens(reader["progress_tokens"], expansions)
    if None in numbers.values() or None in piece_shields.values() \
            or None in token_shields.values():
        return None
    return ArchitectsData(
        expansions=expansions, conflict_tokens_by_players=conflicts,
        stages_per_wonder=per_wonder,
        effect_piece_shields={k: v or 0 for k, v in piece_shields.items()},
        token_shields={k: v or 0 for k, v in token_shields.items()},
        colors=colors, piece_costs=costs, cards=cards, wonders=wonders, tokens=tokens, **numbers)


@cache
def _load_cached(directory: str | None) -> ArchitectsData:
    folder = Path(directory) if directory is not None else None
    return read_checked("companion.games.architects", folder, "architects.json", _parse)


def load_architects_data(directory: str | Path | None = None) -> ArchitectsData:
    """The Architects data shipped in the package, or ``architects.json`` in `directory`.

    :raises GameDataError: when the file is missing, not JSON, or holds an invalid value.
    """
    return _load_cached(str(directory) if directory is not None else None)
