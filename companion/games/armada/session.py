"""The Armada part of a game session: port boards at set-up, ships moved and islands taken by hand,
naval conflicts at the end of an age; each change one `armada_set` event, saved before returning.

A seat's `armada_set` event carries all of its Armada fields (the replay replaces them as a whole),
so every action here writes the seat's whole port state with one field changed.
"""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from typing import TYPE_CHECKING, Any, ClassVar

from companion.gamedata.facts import Unknown, UnknownValueError
from companion.games.armada.rules.naval import NavalResult, resolve_naval
from companion.games.armada.rules.play import ShipStep
from companion.games.armada.rules.port import armada_of, naval_strength
from companion.games.armada.rules.values import space_reward_facts
from companion.games.armada.tablefile import ARMADA_PLAYER_FIELDS, OTHER_WONDER
from companion.games.armada.turn import TurnActions
from companion.games.sevenwonders.session_parts import SESSION_PARTS
from companion.markers import Component
from companion.state.errors import SessionError

if TYPE_CHECKING:
    from companion.games.armada.rules.data import ArmadaData

__all__ = ["ARMADA", "HAND_ONLY_BOARD", "ArmadaPart", "NavalUnknown", "port_set_up_events", "ship_events"]

ARMADA = "armada"
"""The expansion's id in the table document's `expansions`."""
FLEETS = ("red", "yellow", "blue", "green")
"""The four fleets in the order of the port board (and of the city panel)."""


HAND_ONLY_BOARD = Component(-1, "wonder_side", wonder=OTHER_WONDER, side="A")
"""The board of Armada's eighth wonder (another expansion's): no sticker, so the camera never sees
it or assigns it a card; the tracker holds its city so copies are counted once."""


class NavalUnknown(Exception):
    """A naval conflict that needs values nobody has entered: `unknowns` names them."""

    def __init__(self, unknowns: tuple[Unknown, ...]) -> None:
        super().__init__("; ".join(u.label for u in unknowns))
        self.unknowns = unknowns


def _start_port(board: int) -> dict[str, Any]:
    """A port board with every ship on its start space, no island and no naval token."""
    return {"port_board": board, "fleets": dict.fromkeys(FLEETS, 0), "islands": [], "naval_tokens": []}


def port_set_up_events(players: int, boards: Sequence[int] | None) -> list[tuple[str, dict[str, Any], str]]:
    """The events giving every seat its port board (default: seat order) with every ship on its start
    space: logged with the game's set-up in one transaction.

    :raises SessionError: when the boards do not match the players.
    """
    chosen = list(boards) if boards else list(range(1, players + 1))
    if len(chosen) != players:
        raise SessionError(f"{len(chosen)} port boards for {players} players")
    return [("armada_set", {"seat": seat, "armada": _start_port(board)}, "hand") for seat, board in enumerate(chosen)]


def ship_events(document: Mapping[str, Any], moves: Mapping[int, Sequence[Any]]
                ) -> list[tuple[str, dict[str, Any], str]]:
    """The ships a closed 7 Wonders turn moves (`moves`: its `ship_steps`, Armada's `ShipStep`s), one
    ``armada_set`` a step, as a naval construction or a discard's yellow step is logged (``why``:
    ``discard:yellow``), so the Armada turn that follows (`armada.turn`) counts their rewards,
    explorations and taxes."""
    events: list[tuple[str, dict[str, Any], str]] = []
    for seat, steps in sorted(moves.items()):
        player = document["players"][seat]
        port = {key: copy.deepcopy(player[key]) for key in ARMADA_PLAYER_FIELDS if key in player}
        for step in steps:
            if not isinstance(step, ShipStep):
                continue
            fleets = port.setdefault("fleets", {})
            fleets[step.fleet] = int(fleets.get(step.fleet, 0)) + 1
            printed = port.get("fleet_values", {})
            printed.pop(step.fleet, None)
            if not printed:
                port.pop("fleet_values", None)
            payload: dict[str, Any] = {"seat": seat, "armada": copy.deepcopy(port)}
            if step.cause != "construction":
                payload["why"] = f"{step.cause}:{step.fleet}"
            events.append(("armada_set", payload, "engine"))
    return events


class ArmadaPart(TurnActions):
    """Armada's part of a 7 Wonders game session (``session.part("armada")``): the port of each seat,
    ships moved and islands taken by hand, the turn, naval conflicts at the end of an age."""

    id: ClassVar[str] = ARMADA
    marker_sets: ClassVar[tuple[str, ...]] = (ARMADA,)

    # -- hooks of the base session ------------------------------------------------------------------
    @classmethod
    def set_up_events(cls, players: int, options: Mapping[str, Any]) -> list[tuple[str, dict[str, Any], str]]:
        """Each seat's port board (option ``port_boards``; default: seat order), ships on their start space."""
        return port_set_up_events(players, options.get("port_boards"))

    def opened(self) -> None:
        self._complete_ports()

    def hand_only_board(self, player: Mapping[str, Any]) -> Component | None:
        return HAND_ONLY_BOARD if player["wonder"] == OTHER_WONDER else None

    def step_events(self, seat: int, step: Any) -> list[tuple[str, dict[str, Any], str]]:
        """The ship a naval construction moves."""
        return [self._fleet_event(seat, step.fleet, step.to_level - step.from_level)]

    @classmethod
    def turn_move_events(cls, document: Mapping[str, Any], moves: Mapping[int, Sequence[Any]]
                         ) -> list[tuple[str, dict[str, Any], str]]:
        """The ships a closed turn moves (`ship_events`)."""
        return ship_events(document, moves)

    def end_of_age_events(self) -> list[tuple[str, dict[str, Any], str]]:
        """The naval tokens of the age, and the incursion tokens back to the reserve."""
        try:
            naval = self.naval_conflict()
        except NavalUnknown as error:
            missing = "; ".join(u.describe() for u in error.unknowns)
            raise SessionError("the naval conflict needs values nobody has entered: " + missing,
                               key="naval_unknown", values=missing) from None
        return [*(self._naval_token_events(naval) if naval is not None else []), *self._incursions_returned(naval)]

    # -- what the port is now ----------------------------------------------------------------------
    @property
    def has_armada(self) -> bool:
        """True when this game plays with the Armada expansion."""
        return ARMADA in self.document.get("expansions", [])

    def armada_data(self) -> ArmadaData:
        """The Armada data the store scores with (the shipped data with the owner's entered values)."""
        armada = armada_of(self.table())
        assert armada is not None
        return armada

    def port(self, seat: int) -> dict[str, Any]:
        """The Armada fields of a seat as the table document holds them (a copy)."""
        player = self.document["players"][seat]
        return {key: copy.deepcopy(player[key]) for key in ARMADA_PLAYER_FIELDS
                if key in player and key != "other_wonder"}      # the eighth wonder is the set-up's

    def fleet_level(self, seat: int, fleet: str) -> int:
        """The space of a seat's `fleet` ship (0 = start)."""
        return int(self.port(seat).get("fleets", {}).get(fleet, 0))

    def space_unknown_keys(self, seat: int, fleet: str) -> list[str]:
        """The keys of the values printed on the space a seat's `fleet` ship stands on that nobody
        has entered (asked where the game first needs them: when a ship reaches the space)."""
        level = self.fleet_level(seat, fleet)
        this_game = self.port(seat).get("fleet_values", {}).get(fleet, {})
        return [fact.key for fact in space_reward_facts(self.armada_data(), fleet, level)
                if not fact.known and fact.key.rsplit(".", 1)[-1] not in this_game]

    def set_fleet_value(self, seat: int, fleet: str, field: str, value: int) -> None:
        """A value printed at the space where a seat's `fleet` ship stands, read off this table's board
        for this game only (the table file's `fleet_values`; the box's components file is left alone).
        It belongs to that space: moving the ship drops it.

        :raises SessionError: for a value the table file refuses (one that contradicts a known value).
        """
        self._need_armada()

        def value_events() -> list[tuple[str, dict[str, Any], str]]:
            port = self.port(seat)
            port.setdefault("fleet_values", {}).setdefault(fleet, {})[field] = value
            return [("armada_set", {"seat": seat, "armada": port, "why": "fleet_value"}, "hand")]

        self._transact(value_events)

    def naval_strength(self, seat: int) -> int | tuple[Unknown, ...]:
        """A seat's naval strength now, or the values it needs that nobody has entered."""
        try:
            return naval_strength(self.table(), seat)
        except UnknownValueError as error:
            return tuple(error.unknowns)

    # -- set-up ---------------------------------------------------------------------------------------
    def _complete_ports(self) -> None:
        """A game logged before set-up and port boards were one transaction, cut between them: the seats
        still without a port get the first free boards, in one transaction."""
        def missing() -> list[tuple[str, dict[str, Any], str]]:
            players = self.document["players"]
            taken = {p["port_board"] for p in players if "port_board" in p}
            free = [board for board in range(1, 9) if board not in taken]
            return [("armada_set", {"seat": seat, "armada": _start_port(free.pop(0))}, "hand")
                    for seat, player in enumerate(players) if "port_board" not in player and free]

        if any("port_board" not in player for player in self.document["players"]):
            self._transact(missing)

    # -- by hand -----------------------------------------------------------------------------------------
    def move_fleet(self, seat: int, fleet: str, delta: int) -> int:
        """Move a seat's `fleet` ship `delta` spaces (+1 up, -1 back); return its new space.

        A value read off the board for that ship belongs to its old space and is dropped.

        :raises SessionError: for an unknown fleet, or a ship already on its first or last space.
        """
        self._transact(lambda: [self._fleet_event(seat, fleet, delta)])
        return self.fleet_level(seat, fleet)

    def _fleet_event(self, seat: int, fleet: str, delta: int) -> tuple[str, dict[str, Any], str]:
        """The event moving a seat's `fleet` ship `delta` spaces (checked, not logged)."""
        self._need_armada()
        if fleet not in FLEETS:
            raise SessionError(f"unknown fleet '{fleet}' (one of {', '.join(FLEETS)})")
        port = self.port(seat)
        fleets = port.setdefault("fleets", dict.fromkeys(FLEETS, 0))
        level = int(fleets.get(fleet, 0)) + delta
        last = len(self.armada_data().fleets[fleet].spaces) - 1
        if not 0 <= level <= last:
            name = self.document["players"][seat]["name"]
            raise SessionError(f"the {fleet} ship of {name} stays between space 0 and {last}", key="fleet_range",
                               fleet=fleet, player=name, last=last)
        fleets[fleet] = level
        printed = port.get("fleet_values", {})
        printed.pop(fleet, None)
        if not printed:
            port.pop("fleet_values", None)
        return ("armada_set", {"seat": seat, "armada": port}, "hand")

    def add_island(self, seat: int, island: str) -> None:
        """A seat takes an island card (each island exists once at the table).

        :raises SessionError: for an unknown island or one already taken.
        """
        self._transact(lambda: [self._island_event(seat, island)])

    def _island_event(self, seat: int, island: str) -> tuple[str, dict[str, Any], str]:
        self._need_armada()
        islands = self.armada_data().islands
        if island not in islands:
            raise SessionError(f"unknown island '{island}'")
        for other, player in enumerate(self.document["players"]):
            if island in player.get("islands", []):
                name = self.document["players"][other]["name"]
                raise SessionError(f"{islands[island].name} is already {name}'s", key="island_taken", island=island,
                                   player=name)
        port = self.port(seat)
        port["islands"] = [*port.get("islands", []), island]
        return ("armada_set", {"seat": seat, "armada": port}, "hand")

    def remove_island(self, seat: int, island: str) -> None:
        """Undo an island (one tap)."""
        def without() -> list[tuple[str, dict[str, Any], str]]:
            port = self.port(seat)
            if island not in port.get("islands", []):
                raise SessionError(f"{self.document['players'][seat]['name']} holds no island '{island}'")
            port["islands"] = [i for i in port["islands"] if i != island]
            return [("armada_set", {"seat": seat, "armada": port}, "hand")]

        self._transact(without)

    def taken_islands(self) -> set[str]:
        """Every island some city holds."""
        return {i for player in self.document["players"] for i in player.get("islands", [])}

    # -- the end of an age ---------------------------------------------------------------------------------
    def naval_conflict(self) -> NavalResult | None:
        """The naval conflict of the age being played (None without Armada or when the age has none).

        :raises NavalUnknown: when a naval strength needs a value nobody has entered.
        """
        if not self.has_armada:
            return None
        table = self.table()
        armada = armada_of(table)
        assert armada is not None
        if self.age not in armada.rules.naval_ages:
            return None
        try:
            return resolve_naval(table, self.age)
        except UnknownValueError as error:
            raise NavalUnknown(tuple(error.unknowns)) from None

    def naval_conflict_or_refusal(self) -> NavalResult | None:
        """`naval_conflict`, or a refusal a player can read when a value is missing (no token invented).

        :raises SessionError: ``naval_unknown``, naming the values nobody has entered.
        """
        try:
            return self.naval_conflict()
        except NavalUnknown as error:
            missing = "; ".join(u.describe() for u in error.unknowns)
            raise SessionError("the naval conflict needs values nobody has entered: " + missing,
                               key="naval_unknown", values=missing) from None

    def _naval_token_events(self, result: NavalResult) -> list[tuple[str, dict[str, Any], str]]:
        """The events giving each seat its naval token of the age (a seat taking none gets none),
        logged with the land tokens in one transaction."""
        events: list[tuple[str, dict[str, Any], str]] = []
        for seat, token in enumerate(result.tokens):
            if token is not None:
                port = self.port(seat)
                port["naval_tokens"] = [*port.get("naval_tokens", []), token]
                events.append(("armada_set", {"seat": seat, "armada": port}, "engine"))
        return events

    def _incursions_returned(self, naval: NavalResult | None) -> list[tuple[str, dict[str, Any], str]]:
        """The events giving the incursion tokens back to the reserve once the age's land conflicts
        are resolved (the rulebook: "жетон Вторжения возвращается в резерв"); a seat also taking a
        naval token gets one event with both."""
        events = []
        for seat, player in enumerate(self.document["players"]):
            if player.get("incursion_tokens"):
                port = self.port(seat)
                token = naval.tokens[seat] if naval is not None else None
                if token is not None:
                    port["naval_tokens"] = [*port.get("naval_tokens", []), token]
                port.pop("incursion_tokens")
                events.append(("armada_set", {"seat": seat, "armada": port}, "engine"))
        return events

    # -- the end-game choices the rulebook leaves to a player ------------------------------------------
    def choice_options(self, seat: int) -> dict[str, tuple[str, ...]]:
        """The end-game choices a seat's city lets it state, with their options: Forgotten Harbor's
        naval conflicts (``join``/``skip``), Rainbow Archipelago's colour, the most common science
        symbol (Explorer's Office and the like). Unstated, the engine takes the best for the player."""
        from companion.games.armada.rules.effects import MaySkipNavalConflict, PointsPerChosenColor, ScienceMostCommon
        from companion.games.sevenwonders.rules.city import has_power

        city = self.table().players[seat]
        rules = self.data.rules
        powers = (("naval_conflicts", MaySkipNavalConflict, ("join", "skip")),
                  ("rainbow_color", PointsPerChosenColor, rules.colors),
                  ("most_common_symbol", ScienceMostCommon, rules.science_symbols))
        return {key: options for key, power, options in powers if has_power(city, power)}

    def set_choice(self, seat: int, key: str, value: str | None) -> None:
        """State (or, with None, leave to the engine) one of a seat's end-game choices (one tap).

        :raises SessionError: for a choice the city has no card or island for, or an unknown option.
        """
        def choice_events() -> list[tuple[str, dict[str, Any], str]]:
            options = self.choice_options(seat)
            if key not in options or (value is not None and value not in options[key]):
                raise SessionError(f"{self.document['players'][seat]['name']} cannot choose {key}={value}")
            port = self.port(seat)
            if value is None:
                port.pop(key, None)
            else:
                port[key] = value
            return [("armada_set", {"seat": seat, "armada": port}, "hand")]

        self._transact(choice_events)

    def _need_armada(self) -> None:
        if not self.has_armada:
            raise SessionError("this game is played without Armada")


SESSION_PARTS.register(ARMADA, ArmadaPart, game="armada")
