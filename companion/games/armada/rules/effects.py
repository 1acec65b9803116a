"""The effect kinds of the *Armada* cards and islands, registered with the data loader on import.

Like the base effects these are small values; Armada's rules (`port`, `naval`, `play`, `scoring`, `build`
in this package) interpret them. An effect whose printed value is not known yet is an `UnknownEffect`
(companion.gamedata.effects): it keeps the effect's kind and names the missing value.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import ClassVar

from companion.gamedata.effects import (
    AmountEffect,
    Effect,
    EffectVocabulary,
    PowerEffect,
    UnknownEffect,
    allow_fields,
    read_amount,
    register_effect,
)
from companion.jsonread import Reader

__all__ = [
    "CoinsPerNavalConstruction",
    "DistantTrade",
    "DrawIsland",
    "FreeShipMoves",
    "FreeWonderNavalAnyFleet",
    "ImmuneToCoinLoss",
    "Incursion",
    "MaySkipNavalConflict",
    "NavalDiscount",
    "NavalShields",
    "Piracy",
    "PointsPerChosenColor",
    "PointsPerIsland",
    "PointsPerTradeLevel",
    "ScienceMostCommon",
    "UnknownEffect",
]

DIRECTIONS = ("left", "right")


@register_effect
@dataclass(frozen=True)
class NavalShields(AmountEffect):
    """Naval shields: they add to the city's naval strength in the naval conflicts."""

    type: ClassVar[str] = "naval_shields"

    def describe(self) -> str:
        return f"{self.amount} naval shield{'s' if self.amount != 1 else ''}"


@register_effect
@dataclass(frozen=True)
class Incursion(Effect):
    """On build, give an incursion token to the player two seats away in `direction`: one more land
    conflict against that player at the end of the age."""

    type: ClassVar[str] = "incursion"
    direction: str

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> Incursion | None:
        allow_fields(reader, "direction")
        direction = reader["direction"].as_str(choices=DIRECTIONS, what="direction")
        return cls(direction) if direction else None

    def describe(self) -> str:
        return f"incursion against the player {self.direction} of the {self.direction} neighbour"


@register_effect
@dataclass(frozen=True)
class FreeShipMoves(Effect):
    """Move `ships` different ships one space up each, free; `fleets` limits which (empty: any)."""

    type: ClassVar[str] = "free_ship_moves"
    ships: int
    fleets: tuple[str, ...] = ()

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> FreeShipMoves | None:
        allow_fields(reader, "ships", "fleets")
        ships = read_amount(reader, "ships", minimum=1, maximum=4)
        fleets: list[str | None] = []
        if reader["fleets"].present:
            fleets = [item.as_str(choices=vocabulary.fleets, what="fleet") for item in reader["fleets"].as_list()]
        if ships is None or None in fleets:
            return None
        return cls(ships, tuple(f for f in fleets if f))

    def describe(self) -> str:
        which = "/".join(self.fleets) if self.fleets else "any"
        return f"moves {self.ships} different ship{'s' if self.ships > 1 else ''} ({which}) one space up, free"


@register_effect
@dataclass(frozen=True)
class Piracy(Effect):
    """Every other player loses `per_trade_level` coins per trade level of his yellow fleet."""

    type: ClassVar[str] = "piracy"
    per_trade_level: int

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> Piracy | None:
        allow_fields(reader, "per_trade_level")
        amount = read_amount(reader, "per_trade_level", minimum=1)
        return cls(amount) if amount is not None else None

    def describe(self) -> str:
        return f"piracy: every other player loses {self.per_trade_level} coin per trade level"


@register_effect
@dataclass(frozen=True)
class DistantTrade(Effect):
    """Buy one resource of choice from the player two seats away in `direction`, `times` per turn, at `price`."""

    type: ClassVar[str] = "distant_trade"
    direction: str
    times: int
    price: int

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> DistantTrade | None:
        allow_fields(reader, "direction", "times", "price")
        direction = reader["direction"].as_str(choices=DIRECTIONS, what="direction")
        times = read_amount(reader, "times", minimum=1, maximum=10)
        price = read_amount(reader, "price", minimum=0, maximum=10)
        if direction is None or times is None or price is None:
            return None
        return cls(direction, times, price)

    def describe(self) -> str:
        return (f"buys a resource {self.times}x per turn for {self.price} from the player {self.direction} "
                f"of the {self.direction} neighbour")


@register_effect
@dataclass(frozen=True)
class PointsPerTradeLevel(AmountEffect):
    """Victory points at the end per trade level of the city's yellow fleet."""

    type: ClassVar[str] = "vp_per_trade_level"

    def describe(self) -> str:
        return f"{self.amount} VP per trade level"


@register_effect
@dataclass(frozen=True)
class DrawIsland(Effect):
    """On build, put the top island of the `level` deck into play (no choice: not an exploration)."""

    type: ClassVar[str] = "draw_island"
    level: int

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> DrawIsland | None:
        allow_fields(reader, "level")
        level = read_amount(reader, "level", minimum=1, maximum=3)
        return cls(level) if level is not None else None

    def describe(self) -> str:
        return f"takes the top island of level {self.level}"


@register_effect
@dataclass(frozen=True)
class ScienceMostCommon(PowerEffect):
    """At the end, one more science symbol of the type the city has most of (the owner breaks a tie)."""

    type: ClassVar[str] = "science_most_common"
    text: ClassVar[str] = "one more science symbol of the most common type"


@register_effect
@dataclass(frozen=True)
class NavalDiscount(Effect):
    """Every naval construction costs `resources` resource(s) less (coins are not reduced)."""

    type: ClassVar[str] = "naval_discount"
    resources: int

    @classmethod
    def parse(cls, reader: Reader, vocabulary: EffectVocabulary) -> NavalDiscount | None:
        allow_fields(reader, "resources")
        amount = read_amount(reader, "resources", minimum=1, maximum=10)
        return cls(amount) if amount is not None else None

    def describe(self) -> str:
        return f"naval constructions cost {self.resources} resource less"


@register_effect
@dataclass(frozen=True)
class CoinsPerNavalConstruction(AmountEffect):
    """Coins from the bank for every naval construction the city makes, free or paid."""

    type: ClassVar[str] = "coins_per_naval_construction"

    def describe(self) -> str:
        return f"{self.amount} coin per naval construction"


@register_effect
@dataclass(frozen=True)
class FreeWonderNavalAnyFleet(PowerEffect):
    """A naval construction made with a wonder stage is free and may move any fleet."""

    type: ClassVar[str] = "free_wonder_naval_any_fleet"
    text: ClassVar[str] = "naval construction with a wonder stage is free and of any colour"


@register_effect
@dataclass(frozen=True)
class ImmuneToCoinLoss(PowerEffect):
    """The city never loses coins to taxes or piracy."""

    type: ClassVar[str] = "immune_to_coin_loss"
    text: ClassVar[str] = "loses no coins to taxes or piracy"


@register_effect
@dataclass(frozen=True)
class PointsPerIsland(AmountEffect):
    """Victory points at the end per island of the city, this one included."""

    type: ClassVar[str] = "vp_per_island"

    def describe(self) -> str:
        return f"{self.amount} VP per island"


@register_effect
@dataclass(frozen=True)
class MaySkipNavalConflict(PowerEffect):
    """The owner may stay out of any naval conflict: his strength is then not counted."""

    type: ClassVar[str] = "may_skip_naval_conflict"
    text: ClassVar[str] = "may stay out of naval conflicts"


@register_effect
@dataclass(frozen=True)
class PointsPerChosenColor(AmountEffect):
    """At the end, choose a colour: victory points per card of that colour in the city."""

    type: ClassVar[str] = "vp_per_card_of_chosen_color"

    def describe(self) -> str:
        return f"{self.amount} VP per card of a chosen colour"
