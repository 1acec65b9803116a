"""A city's port: its state (`PortState`, the part Armada adds to every city), what each ship's space
gives, naval strength and trade level.

A fleet's reward is the value printed at the space its ship occupies (the red example: the third
upgrade space gives 3 naval shields, not a sum). Values come from the table file when a player
read them off the board, else from the data (with the owner's entered values); a value known
nowhere raises `UnknownValueError` naming it on the player's port board.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from dataclasses import dataclass, field

from companion.gamedata.effects import Effect
from companion.gamedata.facts import Unknown, UnknownValueError
from companion.games.armada.rules.data import REWARD_WORDS, ArmadaData, FleetTrack, Island, PortBoard
from companion.games.armada.rules.effects import NavalShields
from companion.games.sevenwonders.rules.city import city_effects, unknown_effects
from companion.games.sevenwonders.rules.table import Player, Table

__all__ = [
    "ARMADA",
    "PortState",
    "armada_of",
    "board_of",
    "fleet_reward",
    "naval_strength",
    "port_of",
    "port_reward",
    "port_state",
    "reward_at",
    "trade_level",
]

ARMADA = "armada"
"""The expansion's id: in a table file's `expansions`, and the key of its part of each city."""


@dataclass(frozen=True)
class PortState:
    """A city's Armada state: its port board, where each ship stands, islands and tokens, and the
    end-game choices its Armada cards and islands leave to the player."""

    board: int | None
    """The port board's number (1-8), None when not given."""
    fleets: Mapping[str, int]
    """The space of each fleet's ship: 0 (start) to 6."""
    islands: tuple[Island, ...] = ()
    naval_tokens: tuple[int, ...] = ()
    incursions_from: tuple[str, ...] = ()
    """The players who gave this city an incursion token this age (by name)."""
    printed: Mapping[tuple[str, str], int] = field(default_factory=dict)
    """Values read off the board at a ship's current space, stated in the table file:
    (fleet, reward) -> value, e.g. ("blue", "vp") -> 5."""
    most_common_symbol: str | None = None
    """The type the "most common science symbol" cards and island add to, when types tie."""
    rainbow_color: str | None = None
    """The colour Rainbow Archipelago counts."""
    naval_conflicts: str | None = None
    """Forgotten Harbor: ``join`` or ``skip`` the naval conflicts (None: the engine chooses)."""

    def position(self, fleet: str) -> int:
        """The space of the `fleet` ship."""
        return self.fleets.get(fleet, 0)

    def effects(self) -> Iterator[Effect]:
        """The effects of the city's islands (only their owner gets them)."""
        for island in self.islands:
            yield from island.effects


def port_state(player: Player) -> PortState | None:
    """The port of a city, None at a table without Armada."""
    port = player.extras.get(ARMADA)
    return port if isinstance(port, PortState) else None


def armada_of(table: Table) -> ArmadaData | None:
    """The Armada components of the table (with the owner's entered values), None without Armada (its
    extension, `extension.ArmadaExtension`, holds them as ``data``)."""
    data = getattr(table.extension(ARMADA), "data", None)
    return data if isinstance(data, ArmadaData) else None


def port_of(table: Table, seat: int) -> tuple[ArmadaData, PortState]:
    """The Armada data and the port state of `seat`.

    :raises ValueError: when the table does not play with Armada.
    """
    player = table.players[seat]
    armada, port = armada_of(table), port_state(player)
    if armada is None or port is None:
        raise ValueError(f"{player.name}'s table does not play with Armada")
    return armada, port


def board_of(table: Table, seat: int) -> PortBoard | Unknown:
    """The port board of `seat`, or an `Unknown` saying that the table file does not give its number."""
    armada, port = port_of(table, seat)
    if port.board is None:
        name = table.players[seat].name
        return Unknown(f"players.{name}.port_board", f"{name}'s port board number is not given",
                       "the table file does not say which of the 8 port boards the player uses",
                       "give this player's \"port_board\" in the table file")
    return armada.boards[port.board]


def _on_board(unknown: Unknown, player: Player, fleet: str, level: int, field: str) -> Unknown:
    """Word a reward gap for the player's board: ``blue fleet level 4 VP unknown on port board 3``."""
    port = port_state(player)
    board = port.board if port else None
    where = f"on port board {board}" if board is not None else f"on {player.name}'s port board"
    edit = f"companion components edit port-board {board}" if board is not None else unknown.edit
    label = f"{fleet} fleet level {level} {REWARD_WORDS[field]} unknown {where}"
    return Unknown(unknown.key, label, unknown.why, edit)


def reward_at(table: Table, seat: int, fleet: str, field: str, level: int) -> int:
    """The `field` value printed at `level` of `fleet` (the same on every board).

    A value the table file states for the ship's current space wins over the data.

    :raises UnknownValueError: when the value is known nowhere.
    """
    armada, port = port_of(table, seat)
    return port_reward(armada.fleets[fleet], port, table.players[seat], field, level)


def port_reward(track: FleetTrack, port: PortState, player: Player, field: str, level: int) -> int:
    """`reward_at` once the fleet's track (in the table's Armada data) and the city's port are known.

    :raises UnknownValueError: when the value is known nowhere.
    """
    fleet = track.id
    if level == port.position(fleet) and (fleet, field) in port.printed:
        return port.printed[(fleet, field)]
    value = track.reward(level, field)
    if isinstance(value, Unknown):
        raise UnknownValueError([_on_board(value, player, fleet, level, field)])
    return value


def fleet_reward(table: Table, seat: int, fleet: str, field: str) -> int:
    """The `field` value at the space where the `fleet` ship of `seat` stands now."""
    armada, port = port_of(table, seat)
    return port_reward(armada.fleets[fleet], port, table.players[seat], field, port.position(fleet))


def trade_level(table: Table, seat: int) -> int:
    """The trade level of the city: the number at its yellow ship's space (0 on the start space)."""
    return fleet_reward(table, seat, "yellow", "trade_level")


def naval_strength(table: Table, seat: int) -> int:
    """Naval shields of the port board's spaces (red fleet, yellow and blue last spaces), the city's
    buildings and its islands.

    :raises UnknownValueError: naming every unknown value the sum needs.
    """
    armada, _ = port_of(table, seat)
    player = table.players[seat]
    total = sum(e.amount for e in city_effects(player) if isinstance(e, NavalShields))
    missing = list(unknown_effects(player, NavalShields.type))
    for fleet in armada.fleet_ids:
        try:
            total += fleet_reward(table, seat, fleet, "naval_shields")
        except UnknownValueError as error:
            missing.extend(error.unknowns)
    if missing:
        raise UnknownValueError(missing)
    return total
