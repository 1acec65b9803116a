"""What a card or a wonder stage does, as small immutable values parsed from the data files.

Each effect kind is one dataclass registered under the `type` name used in the JSON; an
expansion adds its kinds with `register_effect`. The engine interprets them; nothing here
computes a score.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar, TypeVar

from companion.gamedata.facts import Unknown
from companion.jsonread import Reader

__all__ = [
    "COUNT_KINDS",
    "SCOPES",
    "AmountEffect",
    "BuildFromDiscard",
    "Coins",
    "CoinsPer",
    "CopyNeighborGuild",
    "Effect",
    "EffectVocabulary",
    "FreeBuildPerAge",
    "PlaySeventhCard",
    "PointsPer",
    "PowerEffect",
    "Produce",
    "ProduceOneOf",
    "ScienceSymbol",
    "ScienceWild",
    "Shields",
    "TradeDiscount",
    "UnknownEffect",
    "VictoryPoints",
    "allow_fields",
    "parse_effect",
    "read_amount",
    "register_effect",
]

COUNT_KINDS = ("cards", "wonder_stages_built", "defeat_tokens")
"""What a per-item effect counts: built cards of some colours, built wonder stages, defeat tokens."""
SCOPES = ("self", "left", "right")
"""Whose city a per-item effect counts in."""


@dataclass(frozen=True)
class EffectVocabulary:
    """The names an effect may use, taken from the rules data (resources, colours, symbols, options)."""

    resources: tuple[str, ...]
    colors: tuple[str, ...]
    science_symbols: tuple[str, ...]
    options: tuple[str, ...]
    fleets: tuple[str, ...] = ()
    """The fleets of an expansion's port boards (Armada: red, yellow, blue, green)."""


@dataclass(frozen=True)
class Effect:
    """Base of every effect kind; `type` is the name used in the data files."""

    type: ClassVar[str] = ""

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> Effect | None:
        """Build the effect from its JSON object, or record problems and return None."""
        return cls()

    def describe(self) -> str:
        """A short English description for listings and error messages."""
        return self.type.replace("_", " ")


@dataclass(frozen=True)
class UnknownEffect(Effect):
    """An effect of a known kind whose printed value is unknown (e.g. which resources an Armada island makes):
    it keeps the kind and names the missing value, so that a check needing it says which value to enter."""

    of_type: str
    unknown: Unknown

    def describe(self) -> str:
        return f"{self.of_type.replace('_', ' ')} ({self.unknown.label})"


_REGISTRY: dict[str, type[Effect]] = {}
EffectClass = TypeVar("EffectClass", bound=type[Effect])


def register_effect(cls: EffectClass) -> EffectClass:
    """Class decorator: make an effect kind known to the data loader under `cls.type`."""
    if not cls.type or cls.type in _REGISTRY:
        raise ValueError(f"effect type {cls.type!r} is empty or registered twice")
    _REGISTRY[cls.type] = cls
    return cls


def parse_effect(reader: Reader, vocabulary: EffectVocabulary) -> Effect | None:
    """Parse one effect object by its `type`, recording problems for anything unknown."""
    if reader.as_object() is None:
        return None
    kind = reader["type"].as_str(choices=_REGISTRY, what="effect type")
    if kind is None:
        return None
    return _REGISTRY[kind].parse(reader, vocabulary)


def read_amount(reader: Reader, key: str = "amount", minimum: int = 0, maximum: int = 1000) -> int | None:
    """The whole number at `key` of an effect, within bounds (None after a problem is reported)."""
    return reader[key].as_int(minimum=minimum, maximum=maximum)


def _names(reader: Reader, choices: tuple[str, ...], what: str) -> tuple[str, ...] | None:
    items = reader.as_list(max_length=20)
    if not items:
        if reader.present and isinstance(reader.value, list):
            reader.problem(f"expected at least one {what}")
        return None
    values = [item.as_str(choices=choices, what=what) for item in items]
    if any(v is None for v in values):
        return None
    return tuple(v for v in values if v is not None)


def allow_fields(reader: Reader, *names: str) -> None:
    """Report any field of an effect other than its type and `names`."""
    reader.as_object(allowed=("type", *names))


@register_effect
@dataclass(frozen=True)
class Produce(Effect):
    """Produces every listed unit each turn (a double brown card lists its resource twice)."""

    type: ClassVar[str] = "produce"
    resources: tuple[str, ...]

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> Produce | None:
        allow_fields(reader, "resources")
        resources = _names(reader["resources"], vocabulary.resources, "resource")
        return cls(resources) if resources else None

    def describe(self) -> str:
        return "produces " + " + ".join(self.resources)


@register_effect
@dataclass(frozen=True)
class ProduceOneOf(Effect):
    """Produces one unit of one of the options each turn, chosen anew every time."""

    type: ClassVar[str] = "produce_one_of"
    options: tuple[str, ...]

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> ProduceOneOf | None:
        allow_fields(reader, "options")
        options = _names(reader["options"], vocabulary.resources, "resource")
        if options and len(set(options)) != len(options):
            reader["options"].problem("an option is listed twice")
            return None
        return cls(options) if options else None

    def describe(self) -> str:
        return "produces one of " + "/".join(self.options)


@dataclass(frozen=True)
class AmountEffect(Effect):
    """An effect that is just a number: points, shields or coins."""

    amount: int

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> Effect | None:
        allow_fields(reader, "amount")
        amount = read_amount(reader)
        return cls(amount) if amount is not None else None


@register_effect
@dataclass(frozen=True)
class VictoryPoints(AmountEffect):
    """Victory points at the end of the game."""

    type: ClassVar[str] = "vp"

    def describe(self) -> str:
        return f"{self.amount} VP"


@register_effect
@dataclass(frozen=True)
class Shields(AmountEffect):
    """Land military shields."""

    type: ClassVar[str] = "shields"

    def describe(self) -> str:
        return f"{self.amount} shield{'s' if self.amount != 1 else ''}"


@register_effect
@dataclass(frozen=True)
class Coins(AmountEffect):
    """Coins from the bank, once, when built."""

    type: ClassVar[str] = "coins"

    def describe(self) -> str:
        return f"{self.amount} coins once"


@register_effect
@dataclass(frozen=True)
class ScienceSymbol(Effect):
    """One science symbol."""

    type: ClassVar[str] = "science"
    symbol: str

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> ScienceSymbol | None:
        allow_fields(reader, "symbol")
        symbol = reader["symbol"].as_str(choices=vocabulary.science_symbols, what="science symbol")
        return cls(symbol) if symbol else None

    def describe(self) -> str:
        return f"science: {self.symbol}"


@register_effect
@dataclass(frozen=True)
class ScienceWild(Effect):
    """One science symbol of the owner's choice, chosen at the end of the game."""

    type: ClassVar[str] = "science_wild"

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> ScienceWild | None:
        allow_fields(reader)
        return cls()

    def describe(self) -> str:
        return "one science symbol of choice"


@register_effect
@dataclass(frozen=True)
class TradeDiscount(Effect):
    """Buy the listed resources from the listed neighbours at `price` instead of the base price."""

    type: ClassVar[str] = "trade_discount"
    resources: tuple[str, ...]
    neighbors: tuple[str, ...]
    price: int

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> TradeDiscount | None:
        allow_fields(reader, "resources", "neighbors", "price")
        resources = _names(reader["resources"], vocabulary.resources, "resource")
        neighbors = _names(reader["neighbors"], ("left", "right"), "neighbour")
        price = read_amount(reader, "price")
        if resources is None or neighbors is None or price is None:
            return None
        return cls(resources, neighbors, price)

    def describe(self) -> str:
        return f"buys {'/'.join(self.resources)} from {' and '.join(self.neighbors)} for {self.price}"


def _parse_counting(reader: Reader, vocabulary: EffectVocabulary) -> tuple[
        int, str, tuple[str, ...], tuple[str, ...]] | None:
    amount = read_amount(reader)
    count = reader["count"].as_str(choices=COUNT_KINDS, what="count kind")
    colors: tuple[str, ...] | None = ()
    if count == "cards":
        colors = _names(reader["colors"], vocabulary.colors, "colour")
    elif reader["colors"].present:
        reader["colors"].problem(f"only a count of cards takes colours, not '{count}'")
        colors = None
    scope = _names(reader["scope"], SCOPES, "scope")
    if amount is None or count is None or colors is None or scope is None:
        return None
    return amount, count, colors, scope


@register_effect
@dataclass(frozen=True)
class CoinsPer(Effect):
    """Coins once, when built, per counted item (cards of some colours, stages) in the scope."""

    type: ClassVar[str] = "coins_per"
    amount: int
    count: str
    colors: tuple[str, ...]
    scope: tuple[str, ...]

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> CoinsPer | None:
        allow_fields(reader, "amount", "count", "colors", "scope")
        parsed = _parse_counting(reader, vocabulary)
        return cls(*parsed) if parsed else None

    def describe(self) -> str:
        return f"{self.amount} coins per {_counted(self.count, self.colors, self.scope)} once"


@register_effect
@dataclass(frozen=True)
class PointsPer(Effect):
    """Victory points at the end per counted item; `option` names a rules option that may replace `amount`."""

    type: ClassVar[str] = "vp_per"
    amount: int
    count: str
    colors: tuple[str, ...]
    scope: tuple[str, ...]
    option: str | None = None

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> PointsPer | None:
        allow_fields(reader, "amount", "count", "colors", "scope", "option")
        parsed = _parse_counting(reader, vocabulary)
        option = None
        if reader["option"].present:
            option = reader["option"].as_str(choices=vocabulary.options, what="rules option")
            if option is None:
                return None
        return cls(*parsed, option=option) if parsed else None

    def describe(self) -> str:
        return f"{self.amount} VP per {_counted(self.count, self.colors, self.scope)}"


def _counted(count: str, colors: tuple[str, ...], scope: tuple[str, ...]) -> str:
    what = {"cards": f"{'/'.join(colors)} card", "wonder_stages_built": "wonder stage",
            "defeat_tokens": "defeat token"}[count]
    return f"{what} ({', '.join(scope)})"


@dataclass(frozen=True)
class PowerEffect(Effect):
    """An effect with no values: the engine checks for its kind."""

    text: ClassVar[str] = ""

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> Effect | None:
        allow_fields(reader)
        return cls()

    def describe(self) -> str:
        return self.text


@register_effect
@dataclass(frozen=True)
class PlaySeventhCard(PowerEffect):
    """May play the last (7th) card of each age instead of discarding it."""

    type: ClassVar[str] = "play_seventh_card"
    text: ClassVar[str] = "may play the 7th card of each age"


@register_effect
@dataclass(frozen=True)
class FreeBuildPerAge(PowerEffect):
    """Once per age, build one card from the hand for free."""

    type: ClassVar[str] = "free_build_per_age"
    text: ClassVar[str] = "builds one card free once per age"


@register_effect
@dataclass(frozen=True)
class CopyNeighborGuild(PowerEffect):
    """At the end of the game, copy one guild built by either neighbour."""

    type: ClassVar[str] = "copy_neighbor_guild"
    text: ClassVar[str] = "copies a neighbour's guild at the end"


@register_effect
@dataclass(frozen=True)
class BuildFromDiscard(PowerEffect):
    """At the end of the turn the stage is built, build one discarded card for free."""

    type: ClassVar[str] = "build_from_discard"
    text: ClassVar[str] = "builds a discarded card free"
