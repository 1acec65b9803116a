"""The components of the game as immutable values: cards and their physical copies, wonders, rules."""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field
from functools import cached_property

from companion.gamedata.effects import Effect
from companion.gamedata.facts import Unknown
from companion.gamedata.reading import LANGUAGES, Names

__all__ = [
    "LANGUAGES",
    "Card",
    "CardCopy",
    "Cost",
    "GameData",
    "Names",
    "RuleOption",
    "Rules",
    "Stage",
    "Wonder",
    "WonderSide",
]



@dataclass(frozen=True)
class Cost:
    """What building something costs: coins to the bank and resources (a resource -> count map)."""

    coins: int = 0
    resources: tuple[tuple[str, int], ...] = ()

    @property
    def is_free(self) -> bool:
        """True when nothing at all is paid."""
        return self.coins == 0 and not self.resources

    def count(self, resource: str) -> int:
        """How many units of `resource` the cost asks for."""
        return dict(self.resources).get(resource, 0)

    def describe(self) -> str:
        """``2 stone + 1 ore``, ``1 coin`` or ``free``."""
        parts = [f"{n} {r}" for r, n in self.resources]
        if self.coins:
            parts.append(f"{self.coins} coin{'s' if self.coins != 1 else ''}")
        return " + ".join(parts) if parts else "free"


@dataclass(frozen=True)
class CardCopy:
    """One physical card: a building, the age on its back and its "N+" marker (None for guilds)."""

    card_id: str
    age: int
    players: int | None

    @property
    def key(self) -> str:
        """A stable text id of the copy: ``lumber_yard/I/4+``, ``spies_guild/III/guild``."""
        marker = "guild" if self.players is None else f"{self.players}+"
        return f"{self.card_id}/{'I' * self.age if self.age < 4 else self.age}/{marker}"

    def in_box_for(self, players: int) -> bool:
        """True when a game of this many players (3-7) shuffles this copy into its deck."""
        return self.players is None or self.players <= players


@dataclass(frozen=True, eq=False)
class Card:
    """A building (one name): the Loom of Age I and of Age II are one `Card` with several copies."""

    id: str
    color: str
    names: Names
    cost: Cost
    chain_from: tuple[str, ...]
    copies: tuple[CardCopy, ...]
    effects: tuple[Effect, ...]
    name_sources: Names = field(default_factory=dict)

    @property
    def name(self) -> str:
        """The English name."""
        return self.names["en"]

    @property
    def is_guild(self) -> bool:
        """Guilds have no N+ marker: players+2 of them are drawn at random for Age III."""
        return self.color == "purple"

    @cached_property
    def ages(self) -> tuple[int, ...]:
        """The ages whose decks hold a copy of this building."""
        return tuple(sorted({c.age for c in self.copies}))

    @property
    def price_unknowns(self) -> tuple[Unknown, ...]:
        """The values a paid build of this card depends on that nobody has entered (none in the base game;
        an expansion's card may have an unknown printed cost or chain)."""
        return ()

    def copies_in_box(self, players: int) -> int:
        """How many copies a game of `players` (3-7) uses; a guild counts as its one copy."""
        return sum(1 for c in self.copies if c.in_box_for(players))

    def __repr__(self) -> str:
        return f"<Card {self.id}>"


@dataclass(frozen=True)
class Stage:
    """One wonder stage: its position (1-based), cost and effects."""

    number: int
    cost: Cost
    effects: tuple[Effect, ...]


@dataclass(frozen=True)
class WonderSide:
    """Side A or B of a wonder board."""

    wonder_id: str
    side: str
    stages: tuple[Stage, ...]

    def __repr__(self) -> str:
        return f"<WonderSide {self.wonder_id} {self.side}>"


@dataclass(frozen=True, eq=False)
class Wonder:
    """A wonder board: its city, starting resource and two sides."""

    id: str
    names: Names
    city_names: Names
    resource: str
    sides: Mapping[str, WonderSide]
    outside: Unknown | None = None
    """Set for a board of another expansion described by a player (Armada's 8-player game): what
    this version does not know about its stages."""

    @property
    def name(self) -> str:
        """The English name of the wonder."""
        return self.names["en"]

    def __repr__(self) -> str:
        return f"<Wonder {self.id}>"


@dataclass(frozen=True)
class RuleOption:
    """A house-rule switch a table may set (e.g. the Craftsmens Guild amount)."""

    name: str
    default: int
    allowed: tuple[int, ...]
    description: str


@dataclass(frozen=True, eq=False)
class Rules:
    """The numbers of the game: trade price, military tokens, treasury, science, scoring order."""

    resources: tuple[str, ...]
    raw_resources: tuple[str, ...]
    manufactured_resources: tuple[str, ...]
    resource_names: Mapping[str, Names]
    colors: tuple[str, ...]
    color_names: Mapping[str, Names]
    science_symbols: tuple[str, ...]
    science_symbol_names: Mapping[str, Names]
    min_players: int
    max_players: int
    free_city_name: str
    two_player_cards_as_for: int
    starting_coins: int
    cards_per_player_per_age: int
    guilds_over_players: int
    ages: int
    trade_price: int
    sellable_card_colors: tuple[str, ...]
    board_resource_sellable: bool
    discard_coins: int
    victory_points_by_age: Mapping[int, int]
    defeat_points: int
    coins_per_point: int
    science_set_points: int
    score_order: tuple[str, ...]
    card_points_category: Mapping[str, str]
    options: Mapping[str, RuleOption]

    @cached_property
    def resource_index(self) -> Mapping[str, int]:
        """The position of each resource in `resources` (the order of cost vectors)."""
        return {resource: i for i, resource in enumerate(self.resources)}

    def option_defaults(self) -> dict[str, int]:
        """Every rules option at its default value."""
        return {name: option.default for name, option in self.options.items()}


@dataclass(frozen=True, eq=False)
class GameData:
    """Everything in the box: rules, buildings by id, wonders by id."""

    rules: Rules
    cards: Mapping[str, Card]
    wonders: Mapping[str, Wonder]

    @cached_property
    def chains_to(self) -> Mapping[str, tuple[str, ...]]:
        """For each building, the later buildings it makes free."""
        result: dict[str, list[str]] = {card_id: [] for card_id in self.cards}
        for card in self.cards.values():
            for source in card.chain_from:
                result[source].append(card.id)
        return {k: tuple(v) for k, v in result.items()}

    def all_copies(self) -> Iterator[CardCopy]:
        """Every physical age card in the box."""
        for card in self.cards.values():
            yield from card.copies

    def deck(self, age: int, players: int) -> list[CardCopy]:
        """The copies of an age dealt for `players` (3-7), guilds excepted (players+2 are drawn)."""
        return [c for c in self.all_copies()
                if c.age == age and c.players is not None and c.players <= players]

    def guilds(self) -> list[Card]:
        """The guild cards (players+2 of them join the Age III deck)."""
        return [card for card in self.cards.values() if card.is_guild]
