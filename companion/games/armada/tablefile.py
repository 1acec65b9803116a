"""The Armada part of the table file: each city's port, the teams, and the checks across the table.

Read only when ``"armada"`` is in `expansions`; every key is optional, so an Armada table file
written before a game starts (or by a tool that knows nothing of fleets) stays valid. See
docs/table-file.md for the keys and docs/armada.md for the rules they feed.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from itertools import permutations
from typing import Any, ClassVar

from companion.gamedata.effects import Effect, Shields, UnknownEffect, VictoryPoints
from companion.gamedata.facts import Unknown
from companion.games.armada.rules.data import ArmadaData, Island, load_armada_data
from companion.games.armada.rules.effects import (
    Incursion,
    MaySkipNavalConflict,
    PointsPerChosenColor,
    ScienceMostCommon,
)
from companion.games.armada.rules.extension import ArmadaExtension
from companion.games.armada.rules.port import ARMADA, PortState, armada_of, port_state
from companion.games.sevenwonders.rules.city import city_effects, has_power
from companion.games.sevenwonders.rules.extension import SevenWondersExtension
from companion.games.sevenwonders.rules.model import Cost, GameData, Stage, Wonder, WonderSide
from companion.games.sevenwonders.rules.table import TWO_PLAYER, Player, Table
from companion.games.sevenwonders.tablefile import SECTIONS, TableSection
from companion.jsonread import Problem, Reader

__all__ = [
    "ARMADA_PLAYER_FIELDS",
    "OTHER_WONDER",
    "OTHER_WONDER_FIELDS",
    "ArmadaSection",
    "check_armada_table",
    "naval_tokens_fit_ages",
    "other_wonder",
    "other_wonder_to_json",
    "port_to_json",
    "read_choices",
    "read_port",
    "read_teams",
    "token_ages",
]

ARMADA_PLAYER_FIELDS = ("port_board", "fleets", "fleet_values", "islands", "naval_tokens", "incursion_tokens",
                        "most_common_symbol", "rainbow_color", "naval_conflicts", "other_wonder")
OTHER_WONDER_FIELDS = ("name", "resource", "stages", "points", "shields", "stage_points", "stage_shields")
OTHER_WONDER = "other"
"""The wonder id of a board from another expansion (the 8-player game needs one)."""
MAX_LAND_TOKENS_PER_AGE = 4
"""With Armada a city fights both neighbours and up to two players two seats away in one age (FAQ)."""


def read_port(reader: Reader, armada: ArmadaData) -> PortState | None:
    """The port state of one player entry (every key optional), or None after recording problems."""
    board = reader["port_board"].as_int(minimum=1, maximum=len(armada.boards)) if reader["port_board"].present \
        else None
    fleets: dict[str, int] = dict.fromkeys(armada.fleet_ids, 0)
    last = {f: len(track.spaces) - 1 for f, track in armada.fleets.items()}
    if reader["fleets"].present:
        for fleet, value in reader["fleets"].items():
            if fleet not in armada.fleets:
                Reader(fleet, reader.problems, value.path).as_str(choices=armada.fleet_ids, what="fleet")
                continue
            level = value.as_int(minimum=0, maximum=last[fleet])
            if level is not None:
                fleets[fleet] = level
    printed = _read_printed(reader["fleet_values"], armada, fleets) if reader["fleet_values"].present else {}
    islands: list[Island] = []
    if reader["islands"].present:
        seen: dict[str, int] = {}
        for index, item in enumerate(reader["islands"].as_list(max_length=27)):
            ident = item.as_str(choices=armada.islands, what="island")
            if ident is None:
                continue
            if ident in seen:
                item.problem(f"island '{ident}' is listed twice (also at islands[{seen[ident]}])")
                continue
            seen[ident] = index
            islands.append(armada.islands[ident])
    tokens = _read_naval_tokens(reader["naval_tokens"], armada) if reader["naval_tokens"].present else []
    givers: list[str] = []
    if reader["incursion_tokens"].present:
        for item in reader["incursion_tokens"].as_list(max_length=armada.rules.incursion_tokens):
            name = item.as_str(what="player name", max_length=40)
            if name is not None:
                givers.append(name)
    if reader["port_board"].present and board is None:
        return None
    return PortState(board, fleets, tuple(islands), tuple(tokens), tuple(givers), printed)


def _read_printed(reader: Reader, armada: ArmadaData, fleets: dict[str, int]) -> dict[tuple[str, str], int]:
    """Values a player read off the board at a ship's space; they must agree with the known data."""
    printed: dict[tuple[str, str], int] = {}
    for fleet, fields in reader.items():
        if fleet not in armada.fleets:
            Reader(fleet, reader.problems, fields.path).as_str(choices=armada.fleet_ids, what="fleet")
            continue
        track = armada.fleets[fleet]
        for field, value in fields.items():
            if field not in track.rewards:
                Reader(field, reader.problems, value.path).as_str(choices=track.rewards, what=f"{fleet} fleet reward")
                continue
            number = value.as_int(minimum=0, maximum=100)
            if number is None:
                continue
            level = fleets[fleet]
            known = track.reward(level, field)
            if not isinstance(known, Unknown) and known != number:
                value.problem(f"the {fleet} fleet's level {level} shows {known} for {field.replace('_', ' ')}, "
                              f"not {number}")
                continue
            printed[(fleet, field)] = number
    return printed


def _read_naval_tokens(reader: Reader, armada: ArmadaData) -> list[int]:
    """A city's naval tokens: at most one per age, each of a value that age gives (Age I: -1, 1, 3;
    Age II: -2, 3, 5; Age III: -3, 3, 5, 7), in any order."""
    allowed = armada.rules.naval_token_values
    tokens = reader.as_int_list(allowed, what="a naval token", max_length=20)
    ages = len(armada.rules.naval_ages)
    if len(tokens) > ages:
        reader.problem(f"{len(tokens)} naval tokens; a city takes at most {ages} (one per age)")
    elif not naval_tokens_fit_ages(tokens, armada):
        reader.problem(f"naval tokens {tokens} cannot come one per age ({_token_ages_words(tokens, armada)})")
    return tokens


def token_ages(value: int, armada: ArmadaData) -> tuple[int, ...]:
    """The ages whose naval conflict gives a token of `value`."""
    return tuple(age for age, naval in sorted(armada.rules.naval_ages.items())
                 if value == naval.defeat or value in naval.places)


def naval_tokens_fit_ages(tokens: list[int], armada: ArmadaData) -> bool:
    """True when each token can be given to a different age that gives such a token (a city takes at
    most one naval token an age)."""
    return any(all(age in token_ages(token, armada) for token, age in zip(tokens, order, strict=False))
               for order in permutations(sorted(armada.rules.naval_ages), len(tokens)))


def _token_ages_words(tokens: list[int], armada: ArmadaData) -> str:
    """``+1: Age I; -1: Age I``: the ages that give each token of a list."""
    words = []
    for value in sorted(set(tokens), key=tokens.index):
        words.append(f"{value:+d}: Age {' or '.join('I' * age for age in token_ages(value, armada))}")
    return "; ".join(words)


def read_choices(reader: Reader, data: GameData, port: PortState) -> PortState:
    """The port with the player's Armada end-game choices."""
    most = rainbow = naval = None
    if reader["most_common_symbol"].present:
        most = reader["most_common_symbol"].as_str(choices=data.rules.science_symbols, what="science symbol")
    if reader["rainbow_color"].present:
        rainbow = reader["rainbow_color"].as_str(choices=data.rules.colors, what="colour")
    if reader["naval_conflicts"].present:
        naval = reader["naval_conflicts"].as_str(choices=("join", "skip"), what="naval conflict choice")
    return replace(port, most_common_symbol=most, rainbow_color=rainbow, naval_conflicts=naval)


def other_wonder(reader: Reader, data: GameData) -> Wonder | None:
    """A wonder board from another expansion, described by the player: its name, resource and either
    the points and shields of its built stages (`points`, `shields`) or those of each stage
    (`stage_points`, `stage_shields`: one number per stage, as the app asks them at set-up). Its
    costs and other stage effects are not modelled."""
    reader.as_object(allowed=OTHER_WONDER_FIELDS)
    name = reader["name"].as_str(what="wonder name", max_length=40)
    resource = reader["resource"].as_str(choices=data.rules.resources, what="resource")
    stages = reader["stages"].as_int(minimum=1, maximum=10)
    points = reader["points"].as_int(minimum=0, maximum=100) if reader["points"].present else 0
    shields = reader["shields"].as_int(minimum=0, maximum=20) if reader["shields"].present else 0
    per_stage = {key: _per_stage(reader, key, stages, most) for key, most in (("stage_points", 20),
                                                                             ("stage_shields", 10))}
    if None in (name, resource, stages, points, shields, *per_stage.values()):
        return None
    assert name is not None and resource is not None and stages is not None
    if (points or shields) and (reader["stage_points"].present or reader["stage_shields"].present):
        reader.problem("either the built stages' points and shields or each stage's, not both")
        return None
    gap = Unknown(f"wonder.{OTHER_WONDER}", f"what the stages of {name} (a wonder of another expansion) cost and "
                  f"produce", "this version models only the seven base wonders",
                  "this cannot be entered yet: check such builds by hand")
    stage_points = per_stage["stage_points"] or [points] + [0] * (stages - 1)
    stage_shields = per_stage["stage_shields"] or [shields] + [0] * (stages - 1)
    built = []
    for number, (stage_vp, stage_shield) in enumerate(zip(stage_points, stage_shields, strict=True), start=1):
        effects: list[Effect] = [UnknownEffect("produce_one_of", gap)]
        if stage_vp:
            effects.append(VictoryPoints(stage_vp))
        if stage_shield:
            effects.append(Shields(stage_shield))
        built.append(Stage(number, Cost(), tuple(effects)))
    names = {"en": name, "ru": name, "uk": name}
    side = WonderSide(OTHER_WONDER, "A", tuple(built))
    return Wonder(OTHER_WONDER, names, names, resource, {"A": side, "B": WonderSide(OTHER_WONDER, "B", side.stages)},
                  outside=gap)


def _per_stage(reader: Reader, key: str, stages: int | None, most: int) -> list[int] | None:
    """One number per stage (`[]` when the key is absent), or None after recording a problem."""
    if not reader[key].present:
        return []
    items = [item.as_int(minimum=0, maximum=most) for item in reader[key].as_list(max_length=10)]
    values = [value for value in items if value is not None]
    if len(values) < len(items):
        return None
    if stages is not None and len(values) != stages:
        reader[key].problem(f"{len(values)} numbers for {stages} stages")
        return None
    return values


def other_wonder_to_json(wonder: Wonder) -> dict[str, Any]:
    """The `other_wonder` entry of a wonder read by `other_wonder` (each stage's points and shields)."""
    stages = wonder.sides["A"].stages
    return {"name": wonder.name, "resource": wonder.resource, "stages": len(stages),
            "stage_points": [sum(e.amount for e in s.effects if isinstance(e, VictoryPoints)) for s in stages],
            "stage_shields": [sum(e.amount for e in s.effects if isinstance(e, Shields)) for s in stages]}


def read_teams(reader: Reader, names: list[str], armada: ArmadaData) -> tuple[tuple[int, ...], ...] | None:
    """The teams: lists of partners' names seated side by side, covering every player."""
    teams: list[tuple[int, ...]] = []
    counts = armada.rules.team_player_counts
    if len(names) not in counts:
        reader.problem(f"the team variant is played by {', '.join(map(str, counts))} players, not {len(names)}")
        return None
    placed: dict[str, str] = {}
    size = armada.rules.team_size
    for index, team in enumerate(reader.as_list(max_length=8)):
        members = [item.as_str(choices=names, what="player") for item in team.as_list(max_length=size)]
        if None in members:
            continue
        if len(members) != size:
            team.problem(f"a team has {size} players, not {len(members)}")
            continue
        seats = sorted(names.index(m) for m in members if m)
        for member in members:
            if member in placed:
                team.problem(f"{member} is already in {placed[member]}")
        placed.update({m: f"teams[{index}]" for m in members if m})
        if size == 2 and (seats[1] - seats[0]) % len(names) not in (1, len(names) - 1):
            team.problem(f"partners sit side by side; {members[0]} and {members[1]} do not")
        teams.append(tuple(seats))
    missing = [n for n in names if n not in placed]
    if missing:
        reader.problem(f"every player is in a team; not {', '.join(missing)}")
    return tuple(teams)


def check_armada_table(reader: Reader, table: Table) -> None:
    """Problems that need the whole Armada table: boards, islands, tokens, incursions, choices."""
    armada = armada_of(table)
    assert armada is not None
    boards: dict[int, int] = {}
    island_owner: dict[str, str] = {}
    for seat, player in enumerate(table.players):
        at = reader["players"].child_path(seat)
        port = port_state(player)
        if port is None:
            continue
        if port.board is not None:
            if port.board in boards:
                reader.problems.append(Problem(f"{at}.port_board", f"port board {port.board} is also "
                                                                  f"{table.players[boards[port.board]].name}'s"))
            boards[port.board] = seat
        for island in port.islands:
            if island.id in island_owner:
                reader.problems.append(Problem(f"{at}.islands", f"{island.name} is also "
                                                               f"{island_owner[island.id]}'s (there is one of each)"))
            island_owner[island.id] = player.name
        if len(player.tokens) > MAX_LAND_TOKENS_PER_AGE * len(armada.rules.naval_ages):
            reader.problems.append(Problem(f"{at}.tokens", f"{len(player.tokens)} land tokens; with Armada a city "
                                          f"takes at most {MAX_LAND_TOKENS_PER_AGE * len(armada.rules.naval_ages)}"))
        _check_incursions(reader, table, seat, at)
        _check_choice_powers(reader, player, at)
    given = sum(len(port.incursions_from) for p in table.players if (port := port_state(p)))
    if given > armada.rules.incursion_tokens:
        reader.problems.append(Problem("players", f"{given} incursion tokens are out; the box has "
                                                  f"{armada.rules.incursion_tokens}"))


def _check_incursions(reader: Reader, table: Table, seat: int, at: str) -> None:
    port = port_state(table.players[seat])
    assert port is not None
    for index, giver_name in enumerate(port.incursions_from):
        path = f"{at}.incursion_tokens[{index}]"
        try:
            giver = table.seat_of(giver_name)
        except KeyError:
            names = [p.name for p in table.players]
            Reader(giver_name, reader.problems, path).as_str(choices=names, what="player")
            continue
        if seat not in (table.seat_towards(giver, "left2"), table.seat_towards(giver, "right2")):
            reader.problems.append(Problem(path, f"{giver_name} sits next to or far from {table.players[seat].name}; "
                                                 f"an incursion reaches the player two seats away"))
        elif not any(isinstance(e, Incursion) or (isinstance(e, UnknownEffect) and e.of_type == Incursion.type)
                     for e in city_effects(table.players[giver])):
            reader.problems.append(Problem(path, f"{giver_name}'s city has no Dock, Quay or Jetty to give an "
                                                 f"incursion token"))
        if giver_name in port.incursions_from[:index]:
            reader.problems.append(Problem(path, f"{giver_name} is listed twice: two players fight at most one "
                                                 f"land conflict an age (FAQ)"))


def _check_choice_powers(reader: Reader, player: Player, at: str) -> None:
    choices = port_state(player)
    assert choices is not None
    checks = (("most_common_symbol", choices.most_common_symbol, ScienceMostCommon,
               "no card or island adding a most common science symbol"),
              ("rainbow_color", choices.rainbow_color, PointsPerChosenColor, "no Rainbow Archipelago"),
              ("naval_conflicts", choices.naval_conflicts, MaySkipNavalConflict, "no Forgotten Harbor"))
    for key, value, power, missing in checks:
        if value is not None and not has_power(player, power):
            reader.problems.append(Problem(f"{at}.{key}", f"{player.name}'s city has {missing}"))


def port_to_json(player: Player) -> dict[str, Any]:
    """The Armada keys of a player entry (the inverse of `read_port` and `read_choices`)."""
    entry: dict[str, Any] = {}
    port = port_state(player)
    if port is None:
        return entry
    if port.board is not None:
        entry["port_board"] = port.board
    entry["fleets"] = dict(port.fleets)
    if port.printed:
        values: dict[str, dict[str, int]] = {}
        for (fleet, field), value in port.printed.items():
            values.setdefault(fleet, {})[field] = value
        entry["fleet_values"] = values
    if port.islands:
        entry["islands"] = [island.id for island in port.islands]
    if port.naval_tokens:
        entry["naval_tokens"] = list(port.naval_tokens)
    if port.incursions_from:
        entry["incursion_tokens"] = list(port.incursions_from)
    for key in ("most_common_symbol", "rainbow_color", "naval_conflicts"):
        if getattr(port, key) is not None:
            entry[key] = getattr(port, key)
    if player.wonder.outside is not None:
        entry["other_wonder"] = other_wonder_to_json(player.wonder)
    return entry


ArmadaSource = ArmadaData | Callable[[], ArmadaData] | None
"""Armada's components for a table: its data (with an owner's entered values), or a function loading it."""


class ArmadaSection(TableSection):
    """Armada's part of the table file: each city's port, the eighth wonder, the teams and the checks
    across the table."""

    id: ClassVar[str] = ARMADA
    name: ClassVar[str] = "Armada"
    player_fields: ClassVar[tuple[str, ...]] = ARMADA_PLAYER_FIELDS
    wonders: ClassVar[tuple[str, ...]] = (OTHER_WONDER,)
    teams: ClassVar[bool] = True
    more_land_tokens: ClassVar[bool] = True

    def extension(self, source: ArmadaSource) -> ArmadaExtension:
        return ArmadaExtension(source() if callable(source) else source or load_armada_data())

    def player_range(self, extension: SevenWondersExtension) -> tuple[int, int] | None:
        rules = _data(extension).rules
        return rules.min_players, rules.max_players

    def check_variant(self, reader: Reader, variant: str) -> None:
        if variant == TWO_PLAYER:
            reader.problem("Armada is not played in the two-player variant")

    def read_part(self, reader: Reader, data: GameData, extension: SevenWondersExtension) -> PortState | None:
        return read_port(reader, _data(extension))

    def read_wonder(self, reader: Reader, data: GameData, wonder_id: str | None) -> Wonder | None:
        if wonder_id == OTHER_WONDER:
            if reader["other_wonder"].present:
                return other_wonder(reader["other_wonder"], data)
            reader["other_wonder"].problem("a wonder of another expansion needs its name, resource and stages")
        elif reader["other_wonder"].present:
            reader["other_wonder"].problem(f"only with \"wonder\": \"{OTHER_WONDER}\"")
        return None

    def read_choices(self, reader: Reader, data: GameData, part: PortState) -> PortState:
        return read_choices(reader, data, part)

    def check_player(self, reader: Reader, wonder: Wonder, side: str, stages: int) -> bool:
        totals = reader["other_wonder"]["points"].present or reader["other_wonder"]["shields"].present
        if wonder.outside is not None and stages == 0 and totals and any(wonder.sides[side].stages[0].effects[1:]):
            reader["other_wonder"].problem(f"points or shields of {wonder.name}'s stages, but no stage is built")
            return False
        return True

    def read_teams(self, reader: Reader, names: list[str], extension: SevenWondersExtension
                   ) -> tuple[tuple[int, ...], ...] | None:
        return read_teams(reader, names, _data(extension))

    def check_table(self, reader: Reader, table: Table) -> None:
        check_armada_table(reader, table)

    def write_player(self, player: Player) -> dict[str, Any]:
        return port_to_json(player)

    def set_up_entry(self, player: Player) -> dict[str, Any]:
        """The eighth wonder (a board of another expansion), described stage by stage, as the log holds
        it from the start (no stage built yet)."""
        return {"other_wonder": other_wonder_to_json(player.wonder)} if player.wonder.outside is not None else {}

    def player_events(self, seat: int, entry: dict[str, Any], source: str) -> list[tuple[str, dict[str, Any], str]]:
        """The player's port, fleets, islands and tokens as one ``armada_set`` (the eighth wonder came
        with the set-up)."""
        port = {k: entry[k] for k in ARMADA_PLAYER_FIELDS if k in entry and k != "other_wonder"}
        return [("armada_set", {"seat": seat, "armada": port}, source)] if port else []


def _data(extension: SevenWondersExtension) -> ArmadaData:
    assert isinstance(extension, ArmadaExtension)
    return extension.data


SECTIONS.register(ARMADA, ArmadaSection(), game=ARMADA)
