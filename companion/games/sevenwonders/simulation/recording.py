"""Recorded games: a scripted game of 7 Wonders, turn by turn, that the simulation plays as camera frames.

A recording names the players clockwise (name, wonder, side) and, for each turn, one play per seat:
a card built (a physical copy such as ``lumber_yard/I/3+``, laid face up in the city), a wonder
stage built (a card of the age tucked face down under the board: the camera sees its back) or a
card discarded (face down on the discard pile). Halikarnassos's stages add a build from the
discard pile at the end of the turn. Coins are never read by the camera: `coins_after_age` holds
what the players would type in. The JSON format (``sevenwonders-recording/1``, docs/camera.md)
is read like the table file: every problem is one line with its path, and a recording with any
problem is refused.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Sequence
from dataclasses import dataclass, replace
from importlib import resources
from pathlib import Path
from typing import Any

from companion.fileformats import other_format
from companion.games.sevenwonders.formats import RECORDING_FORMAT
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import CardCopy, GameData
from companion.games.sevenwonders.rules.play import stage_builds_from_discard
from companion.games.sevenwonders.rules.selfplay import SelfPlayGame, play_random_game
from companion.jsonread import (
    JsonInputError,
    Problem,
    Problems,
    Reader,
    did_you_mean,
    load_json_file,
    problem_lines,
    quoted,
)

__all__ = [
    "DEMO_RECORDING",
    "DEMO_SEED",
    "PLAY_KINDS",
    "RECORDING_FORMAT",
    "DiscardedCard",
    "Play",
    "RecordedPlayer",
    "Recording",
    "RecordingError",
    "TableSnapshot",
    "Turn",
    "check_recording",
    "demo_recording",
    "demo_recording_from_selfplay",
    "load_recording",
    "parse_recording",
    "recording_from_selfplay",
    "recording_text",
    "recording_to_json",
    "save_recording",
]

PLAY_KINDS = ("build", "stage", "discard")
TOP_FIELDS = ("format", "title", "players", "turns", "coins_after_age")
MAX_FILE_BYTES = 1_000_000
DEMO_RECORDING = "three-player-game.json"
"""The bundled demo, in companion/data/demo/: a self-played 3-player game (`DEMO_SEED`)."""
DEMO_SEED = 23
"""Seed of the demo's self-played game: Babylon B plays its 7th card, Halikarnassos B builds twice
from the discard pile, 9 stages in all, and cities compact enough for 1280x720 frames to give 14 mm
ArUco stickers 2.6 pixels per module."""
DEMO_NAMES = ("Anna", "Boris", "Chen")


class RecordingError(ValueError):
    """A recording that cannot be used; `problems` holds one line per problem."""

    def __init__(self, problems: list[Problem], source: str = "") -> None:
        self.problems = problems
        self.source = source
        prefix = f"{source}: " if source else ""
        super().__init__("\n".join(prefix + line for line in problem_lines(problems)))

    def described(self) -> str:
        """The error as a command says it: one problem on one line (``this is a table file...``),
        several under a heading."""
        return str(self) if len(self.problems) == 1 else f"not a valid recording:\n{self}"


@dataclass(frozen=True)
class RecordedPlayer:
    """A seat at the table: who plays, with which wonder board and side."""

    name: str
    wonder: str
    side: str


@dataclass(frozen=True)
class Play:
    """One seat's play in one turn.

    `copy` is the physical card (``lumber_yard/I/3+``): required to build, optional for a stage or
    a discard (both lie face down, so the camera sees only the back of the age).
    """

    kind: str
    """``build``, ``stage`` or ``discard``."""
    copy: str | None = None
    build_from_discard: str | None = None
    """With a Halikarnassos stage: the card taken from the discard pile and built at the end of the turn."""


@dataclass(frozen=True)
class Turn:
    """One turn: its age (1-3) and one play per seat, clockwise from the first player."""

    age: int
    plays: tuple[Play, ...]


@dataclass(frozen=True)
class DiscardedCard:
    """A card face down on the discard pile; `slot` counts the cards ever put there, so where it
    lies stays put when another card is taken from the pile."""

    slot: int
    age: int
    copy: str | None


@dataclass(frozen=True)
class TableSnapshot:
    """What lies on the table between two turns."""

    cards: tuple[tuple[str, ...], ...]
    """For each seat, the copies built, in the order they were laid."""
    stages: tuple[tuple[int, ...], ...]
    """For each seat, the age of each card back tucked under the board (one per built stage)."""
    discard: tuple[DiscardedCard, ...]


@dataclass(frozen=True)
class Recording:
    """A scripted game: players clockwise, turns in order, coins typed in after each age, a title."""

    players: tuple[RecordedPlayer, ...]
    turns: tuple[Turn, ...]
    coins_after_age: tuple[tuple[int, ...], ...] = ()
    title: str = ""

    def snapshots(self) -> list[TableSnapshot]:
        """The table before the first turn, then after each turn (for a recording without problems)."""
        seats = len(self.players)
        cards: list[list[str]] = [[] for _ in range(seats)]
        stages: list[list[int]] = [[] for _ in range(seats)]
        pile: list[DiscardedCard] = []
        slot = 0
        result = [TableSnapshot(tuple(() for _ in range(seats)), tuple(() for _ in range(seats)), ())]
        for turn in self.turns:
            for seat, play in enumerate(turn.plays):
                if play.kind == "build":
                    cards[seat].append(play.copy or "")
                elif play.kind == "stage":
                    stages[seat].append(turn.age)
                else:
                    pile.append(DiscardedCard(slot, turn.age, play.copy))
                    slot += 1
            for seat, play in enumerate(turn.plays):
                if play.build_from_discard is not None:
                    taken = next(d for d in pile if d.copy == play.build_from_discard)
                    pile.remove(taken)
                    cards[seat].append(play.build_from_discard)
            result.append(TableSnapshot(tuple(tuple(c) for c in cards), tuple(tuple(s) for s in stages),
                                        tuple(pile)))
        return result

    def final(self) -> TableSnapshot:
        """The table after the last turn."""
        return self.snapshots()[-1]

    def turn_label(self, index: int) -> str:
        """``age II, turn 3`` for the turn at `index`."""
        age = self.turns[index].age
        number = sum(1 for t in self.turns[:index + 1] if t.age == age)
        return f"age {_roman(age)}, turn {number}"


def _roman(age: int) -> str:
    return "I" * age if age < 4 else str(age)


# -- reading ---------------------------------------------------------------------------------------

def load_recording(path: str | Path, data: GameData | None = None) -> Recording:
    """Read and check a recording file.

    :raises RecordingError: with one line per problem (an unreadable file is one problem).
    """
    path = Path(path)
    try:
        document = load_json_file(path, MAX_FILE_BYTES)
    except OSError as error:
        raise RecordingError([Problem("", f"cannot read the file: {error.strerror or error}")], str(path)) from None
    except JsonInputError as error:
        raise RecordingError([Problem("", str(error))], str(path)) from None
    return parse_recording(document, data, source=str(path))


def parse_recording(document: Any, data: GameData | None = None, *, source: str = "") -> Recording:
    """Check a recording document (parsed JSON) against the box and turn it into a `Recording`.

    :raises RecordingError: with one line per problem.
    """
    data = data or load_game_data()
    other = other_format(document, RECORDING_FORMAT)
    if other is not None:                       # a table file given to `watch`: one line
        raise RecordingError([Problem("", other)], source)
    problems: Problems[Problem] = Problems()
    root = Reader(document, problems)
    mapping = root.as_object()
    if mapping is None:
        raise RecordingError(problems, source)
    Reader({k: v for k, v in mapping.items() if not k.startswith("x-")}, problems).as_object(allowed=TOP_FIELDS)
    fmt = root["format"]
    if fmt.present and fmt.value != RECORDING_FORMAT:
        fmt.problem(f"expected '{RECORDING_FORMAT}', got {quoted(json.dumps(fmt.value))[1:-1]}")
    elif not fmt.present:
        fmt.problem(f"missing; expected '{RECORDING_FORMAT}'")
    title = ""
    if root["title"].present:
        title = root["title"].as_str(max_length=200) or ""
    players = _read_players(root["players"], data)
    turns = _read_turns(root["turns"])
    coins = _read_coins(root["coins_after_age"], len(players) if players else 0, data) \
        if root["coins_after_age"].present else ()
    if problems or players is None:
        raise RecordingError(problems, source)
    recording = Recording(players, turns, coins, title)
    problems += check_recording(recording, data)
    if problems:
        raise RecordingError(problems, source)
    return recording


def _read_players(reader: Reader, data: GameData) -> tuple[RecordedPlayer, ...] | None:
    items = reader.as_list(max_length=20)
    if not reader.present or not isinstance(reader.value, list):
        return None
    rules = data.rules
    if not rules.min_players <= len(items) <= rules.max_players:
        reader.problem(f"{len(items)} players; a game has {rules.min_players} to {rules.max_players}")
        return None
    players = []
    names: dict[str, int] = {}
    wonders: dict[str, int] = {}
    for index, item in enumerate(items):
        if item.as_object(allowed=("name", "wonder", "side")) is None:
            continue
        name = item["name"].as_str(max_length=40)
        wonder = item["wonder"].as_str(choices=data.wonders, what="wonder")
        side = None
        if wonder is not None:
            side = item["side"].as_str(choices=data.wonders[wonder].sides, what=f"side of {wonder}")
        if name is not None:
            if name in names:
                item["name"].problem(f"'{name}' also plays at players[{names[name]}]; names tell players apart")
            names.setdefault(name, index)
        if wonder is not None:
            if wonder in wonders:
                item["wonder"].problem(f"the {wonder} board is already at players[{wonders[wonder]}]; "
                                       f"the box holds one")
            wonders.setdefault(wonder, index)
        if name is not None and wonder is not None and side is not None:
            players.append(RecordedPlayer(name, wonder, side))
    return tuple(players) if len(players) == len(items) else None


def _read_turns(reader: Reader) -> tuple[Turn, ...]:
    turns = []
    items = reader.as_list(max_length=100)
    if reader.present and isinstance(reader.value, list) and not items:
        reader.problem("no turns: a recording plays at least one")
    for item in items:
        if item.as_object(allowed=("age", "plays")) is None:
            continue
        age = item["age"].as_int(minimum=1, maximum=3)
        plays = [_read_play(p) for p in item["plays"].as_list(max_length=20)]
        if age is not None and all(p is not None for p in plays):
            turns.append(Turn(age, tuple(p for p in plays if p is not None)))
    return tuple(turns)


def _read_play(reader: Reader) -> Play | None:
    mapping = reader.as_object(allowed=(*PLAY_KINDS, "build_from_discard"))
    if mapping is None:
        return None
    kinds = [k for k in PLAY_KINDS if k in mapping]
    if len(kinds) != 1:
        found = ", ".join(kinds) if kinds else "none"
        reader.problem(f"a play is exactly one of build, stage or discard (found: {found})")
        return None
    kind = kinds[0]
    value = reader[kind]
    copy = None
    if kind == "build" or value.value is not None:
        copy = value.as_str(max_length=60)
        if copy is None:
            return None
    extra = None
    if "build_from_discard" in mapping:
        if kind != "stage":
            reader["build_from_discard"].problem("only a wonder stage (Halikarnassos) builds from the discard pile")
            return None
        extra = reader["build_from_discard"].as_str(max_length=60)
        if extra is None:
            return None
    return Play(kind, copy, extra)


def _read_coins(reader: Reader, seats: int, data: GameData) -> tuple[tuple[int, ...], ...]:
    result = []
    for age_reader in reader.as_list(max_length=data.rules.ages):
        values = age_reader.as_list(max_length=20)
        if isinstance(age_reader.value, list) and seats and len(values) != seats:
            age_reader.problem(f"{len(values)} amounts for {seats} players: one per player, in seat order")
            continue
        amounts = [v.as_int(minimum=0, maximum=1000) for v in values]
        if all(a is not None for a in amounts):
            result.append(tuple(a for a in amounts if a is not None))
    return tuple(result)


# -- checking ----------------------------------------------------------------------------------------

@dataclass
class _ScriptState:
    """The table while a script is checked: what each city holds and what lies on the pile."""

    buildings: list[dict[str, str]]
    """Per seat: card id -> where it was built."""
    stages: list[int]
    pile: list[str | None]
    played: dict[str, str]
    """Copy key -> where it was played (each physical card is played once)."""


def check_recording(recording: Recording, data: GameData) -> list[Problem]:
    """Everything that makes `recording` impossible at a real table, one problem per line.

    Checks turn order, the number of plays per turn, every copy (known, of the turn's age, in the
    box for the player count, played once), a building twice in one city, more stages than the
    board has, builds from the discard pile, guilds, and the coins after each age.
    """
    problems: list[Problem] = []
    seats = len(recording.players)
    copies = {copy.key: copy for copy in data.all_copies()}
    state = _ScriptState([{} for _ in range(seats)], [0] * seats, [], {})
    per_age: Counter[int] = Counter()
    latest = 0
    size = data.rules.cards_per_player_per_age
    for index, turn in enumerate(recording.turns):
        path = f"turns[{index}]"
        if turn.age < latest:
            problems.append(Problem(f"{path}.age", f"age {_roman(turn.age)} after age {_roman(latest)}: "
                                                   f"ages are played in order"))
        latest = max(latest, turn.age)
        per_age[turn.age] += 1
        if per_age[turn.age] == size + 1:
            problems.append(Problem(path, f"age {_roman(turn.age)} has more than {size} turns (each player is "
                                          f"dealt {size} cards)"))
        if len(turn.plays) != seats:
            problems.append(Problem(f"{path}.plays", f"{len(turn.plays)} plays for {seats} players: every player "
                                                     f"makes exactly one play each turn"))
            continue
        for seat, play in enumerate(turn.plays):
            problems += _check_play(recording, data, copies, state, turn, seat, play, f"{path}.plays[{seat}]")
        for seat, play in enumerate(turn.plays):
            if play.build_from_discard is not None:
                problems += _check_discard_build(recording, data, copies, state, turn, seat, play,
                                                 f"{path}.plays[{seat}].build_from_discard")
    guilds = [key for key in state.played if copies[key].players is None]
    most = seats + data.rules.guilds_over_players
    if len(guilds) > most:
        problems.append(Problem("turns", f"{len(guilds)} guilds are played; a {seats}-player game deals {most}"))
    if len(recording.coins_after_age) > latest:
        problems.append(Problem("coins_after_age", f"coins for {len(recording.coins_after_age)} ages, but the turns "
                                                   f"end in age {_roman(latest)}"))
    for age, amounts in enumerate(recording.coins_after_age):
        if len(amounts) != seats:
            problems.append(Problem(f"coins_after_age[{age}]", f"{len(amounts)} amounts for {seats} players"))
    return problems


def _known_copy(key: str, copies: dict[str, CardCopy], turn_age: int | None, seats: int, path: str,
                problems: list[Problem]) -> CardCopy | None:
    """The copy named `key`, or None with a problem: unknown, of another age, not in the box."""
    copy = copies.get(key)
    if copy is None:
        problems.append(Problem(path, f"unknown card copy '{key}'{did_you_mean(key, copies)} (copies are named "
                                      f"like lumber_yard/I/3+)"))
        return None
    if turn_age is not None and copy.age != turn_age:
        problems.append(Problem(path, f"{key} is an age {_roman(copy.age)} card; it cannot be played in age "
                                      f"{_roman(turn_age)}"))
        return None
    if not copy.in_box_for(seats):
        problems.append(Problem(path, f"{key} is not in the box for {seats} players"))
        return None
    return copy


def _check_play(recording: Recording, data: GameData, copies: dict[str, CardCopy], state: _ScriptState,
                turn: Turn, seat: int, play: Play, path: str) -> list[Problem]:
    problems: list[Problem] = []
    player = recording.players[seat]
    where = f"{path}.{play.kind}"
    copy = None
    if play.copy is not None:
        copy = _known_copy(play.copy, copies, turn.age, len(recording.players), where, problems)
        if copy is not None:
            if copy.key in state.played:
                problems.append(Problem(where, f"{copy.key} is already played at {state.played[copy.key]}; each "
                                               f"physical card is played once"))
                copy = None
            else:
                state.played[copy.key] = path
    if play.kind == "build" and copy is not None:
        card = data.cards[copy.card_id]
        if card.id in state.buildings[seat]:
            problems.append(Problem(where, f"{player.name}'s city ({player.wonder}) already holds a {card.name}, "
                                           f"built at {state.buildings[seat][card.id]}; a city never holds two "
                                           f"buildings of one name"))
        else:
            state.buildings[seat][card.id] = path
    elif play.kind == "stage":
        total = len(data.wonders[player.wonder].sides[player.side].stages)
        state.stages[seat] += 1
        if state.stages[seat] == total + 1:
            problems.append(Problem(where, f"{player.wonder} side {player.side} has {total} stages; this would be "
                                           f"stage {total + 1}"))
    elif play.kind == "discard":
        state.pile.append(play.copy if copy is not None else None)
    return problems


def _check_discard_build(recording: Recording, data: GameData, copies: dict[str, CardCopy], state: _ScriptState,
                         turn: Turn, seat: int, play: Play, path: str) -> list[Problem]:
    problems: list[Problem] = []
    player = recording.players[seat]
    stages = data.wonders[player.wonder].sides[player.side].stages
    number = state.stages[seat]
    if number > len(stages) or not stage_builds_from_discard(stages[number - 1]):
        problems.append(Problem(path, f"stage {number} of {player.wonder} side {player.side} does not build from "
                                      f"the discard pile"))
        return problems
    key = play.build_from_discard or ""
    copy = _known_copy(key, copies, None, len(recording.players), path, problems)
    if copy is None:
        return problems
    if key not in state.pile:
        problems.append(Problem(path, f"{key} is not on the discard pile (a card to be built from the pile must "
                                      f"be discarded by name earlier)"))
        return problems
    card = data.cards[copy.card_id]
    if card.id in state.buildings[seat]:
        problems.append(Problem(path, f"{player.name}'s city ({player.wonder}) already holds a {card.name}"))
        return problems
    state.pile.remove(key)
    state.buildings[seat][card.id] = path
    return problems


# -- writing -----------------------------------------------------------------------------------------

def _play_json(play: Play) -> dict[str, Any]:
    entry: dict[str, Any] = {play.kind: play.copy}
    if play.build_from_discard is not None:
        entry["build_from_discard"] = play.build_from_discard
    return entry


def recording_to_json(recording: Recording) -> dict[str, Any]:
    """The recording as a JSON document (``sevenwonders-recording/1``)."""
    document: dict[str, Any] = {"format": RECORDING_FORMAT}
    if recording.title:
        document["title"] = recording.title
    document["players"] = [{"name": p.name, "wonder": p.wonder, "side": p.side} for p in recording.players]
    document["turns"] = [{"age": t.age, "plays": [_play_json(p) for p in t.plays]} for t in recording.turns]
    if recording.coins_after_age:
        document["coins_after_age"] = [list(amounts) for amounts in recording.coins_after_age]
    return document


def recording_text(recording: Recording) -> str:
    """The JSON text of a recording, one player and one turn per line (readable and diffable)."""
    document = recording_to_json(recording)

    def dumps(value: Any) -> str:
        return json.dumps(value, ensure_ascii=False)

    parts = [f' "format": {dumps(document["format"])}']
    if "title" in document:
        parts.append(f' "title": {dumps(document["title"])}')
    for key in ("players", "turns"):
        rows = ",\n".join(f"  {dumps(row)}" for row in document[key])
        parts.append(f' "{key}": [\n{rows}\n ]')
    if "coins_after_age" in document:
        parts.append(f' "coins_after_age": {dumps(document["coins_after_age"])}')
    return "{\n" + ",\n".join(parts) + "\n}\n"


def save_recording(recording: Recording, path: str | Path) -> None:
    """Write the recording's JSON text to `path` (through a temporary file renamed into place)."""
    from companion.safewrite import write_atomic

    write_atomic(path, recording_text(recording).encode("utf-8"))


# -- from self-play ------------------------------------------------------------------------------------

def recording_from_selfplay(game: SelfPlayGame, *, names: Sequence[str] | None = None,
                            title: str = "") -> Recording:
    """The script of a self-played game, turn by turn and age by age (7 turns per age: in the 7th,
    Babylon B plays its last card and everyone else discards theirs).

    :raises ValueError: when the game is unfinished or `names` does not name every player.
    """
    table = game.final
    seats = table.seat_count
    if names is not None and len(names) != seats:
        raise ValueError(f"{len(names)} names for {seats} players")
    if len(game.last_cards) != len(game.tables_after_age) or not game.tables_after_age:
        raise ValueError("the self-played game is not finished")
    players = tuple(RecordedPlayer(names[seat] if names else player.name, player.wonder.id, player.side)
                    for seat, player in enumerate(table.players))
    size = table.data.rules.cards_per_player_per_age
    kinds = {"build": "build", "free_build": "build", "stage": "stage", "discard": "discard"}
    turns = []
    for age in range(1, len(game.tables_after_age) + 1):
        actions = [a for a in game.actions if a.age == age]
        for number in range(1, size + 1):
            plays = []
            for seat in range(seats):
                main = [a for a in actions if a.turn == number and a.seat == seat and a.kind in kinds]
                extra = [a for a in actions if a.turn == number and a.seat == seat and a.kind == "discard_build"]
                if main:
                    play = Play(kinds[main[0].kind], main[0].copy.key)
                elif number == size and seat in game.last_cards[age - 1]:
                    play = Play("discard", game.last_cards[age - 1][seat].key)
                else:
                    raise ValueError(f"seat {seat} made no play in turn {number} of age {_roman(age)}")
                if extra:
                    play = replace(play, build_from_discard=extra[0].copy.key)
                plays.append(play)
            turns.append(Turn(age, tuple(plays)))
    coins = tuple(tuple(player.coins for player in after.players) for after in game.tables_after_age)
    return Recording(players, tuple(turns), coins, title)


def demo_recording_from_selfplay(data: GameData | None = None) -> Recording:
    """The bundled demo made afresh: the self-played 3-player game of seed `DEMO_SEED`."""
    data = data or load_game_data()
    game = play_random_game(data, 3, seed=DEMO_SEED, names=DEMO_NAMES)
    wonders = ", ".join(f"{p.name} ({p.wonder.id} {p.side})" for p in game.final.players)
    return recording_from_selfplay(game, title=f"Demo: a 3-player game, {wonders}; self-played, seed {DEMO_SEED}")


def demo_recording(data: GameData | None = None) -> Recording:
    """The bundled demo recording (companion/games/sevenwonders/data/demo/three-player-game.json), checked."""
    demo = resources.files("companion.games.sevenwonders").joinpath("data", "demo", DEMO_RECORDING)
    return parse_recording(json.loads(demo.read_text(encoding="utf-8")), data,
                           source=f"companion/games/sevenwonders/data/demo/{DEMO_RECORDING}")


def main(argv: Sequence[str] | None = None) -> int:
    """Write the demo recording made afresh from self-play (to the package's data file, or a given path).

    Usage: python -m companion.games.sevenwonders.simulation.recording [PATH]
    """
    import sys

    args = list(sys.argv[1:] if argv is None else argv)
    path = Path(args[0]) if args else Path(__file__).resolve().parents[1] / "data" / "demo" / DEMO_RECORDING
    recording = demo_recording_from_selfplay()
    save_recording(recording, path)
    print(f"wrote {path}: {recording.title}; {len(recording.turns)} turns")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
