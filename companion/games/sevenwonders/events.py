"""7 Wonders games in the game log: the event kinds of a 7 Wonders table (set-up, card confirmed,
card removed by undo, stage built, coins changed, conflicts resolved, tokens, choices, the players'
answer to whose cards the camera could not place, the turns), checked and applied to the table
document (a ``sevenwonders-table/1`` document), and the table they make, read by the table file's
reader; and each kind as a value (`GameEvent`) that applies to that table, the rules' `Table`, checked
with the reader's own checks (`advance_table`: what the store and the session do on a tap). Registered
in `LOGGED_GAMES`; an expansion adds its own kinds in `EVENT_KINDS`."""

from __future__ import annotations

import copy
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.rules.model import GameData
from companion.games.sevenwonders.rules.table import Player, Table
from companion.games.sevenwonders.tablefile import (
    TABLE_FORMAT,
    Sources,
    TableFileError,
    city_cards_problems,
    city_choices,
    city_stages_problems,
    city_tokens_problems,
    parse_table,
    table_value_problems,
)
from companion.jsonread import Problem, Reader
from companion.storage.events import (
    ABSENT,
    EVENT_KINDS,
    LOGGED_GAMES,
    Event,
    EventError,
    GameEvent,
    LoggedGame,
    changes_table,
    check_seat,
    player_at,
    register_event,
)

__all__ = ["KINDS", "STATE_KINDS", "TURN_KINDS", "CardConfirmed", "CardRemoved", "ChoicesSet", "CoinsChanged",
           "ConflictsResolved", "GameSetUp", "OwnerAnswered", "StageBuilt", "TokensSet", "TurnClosed", "TurnPlay",
           "TurnReopened", "advance_table", "apply_event", "check_event", "city", "empty_table_document",
           "seven_wonders_problems", "seven_wonders_table"]

GAME = "7wonders"
TURN_KINDS = ("turn_play", "turn_closed", "turn_reopened")
"""7 Wonders played in turns: a play entered (or withdrawn) in the open turn, a turn closed, the last
closed turn opened again with its plays (to correct them). None changes the table by itself: a closed
(or reopened) turn's cards, stages, coins and tokens are logged beside it, in the same transaction, as
the events above (`companion.games.sevenwonders.turn_log`)."""
KINDS = ("game_set_up", "card_confirmed", "card_removed", "stage_built", "coins_changed", "conflicts_resolved",
         "tokens_set", "choices_set", "score_computed", "game_finished", "owner_answered", *TURN_KINDS)
"""The kinds of a 7 Wonders log; an expansion adds its own in `EVENT_KINDS`."""
STATE_KINDS = frozenset(KINDS) - {"score_computed", "game_finished", "owner_answered", *TURN_KINDS}
"""Kinds that change the table (after the game is finished, such an event amends it). An answer to
"whose are these cards?" changes nothing by itself: the cards it places are logged with it."""
PLAY_FIELDS = ("seat", "action", "card", "source", "free_build", "naval", "fleet", "discard_reward", "plan")


def _claims(document_or_payload: dict[str, Any]) -> bool:
    """True for a 7 Wonders table document (a set-up payload names no game)."""
    return document_or_payload.get("format") == TABLE_FORMAT and document_or_payload.get("game", GAME) == GAME


def empty_table_document() -> dict[str, Any]:
    """The table document before the set-up event."""
    return {"format": TABLE_FORMAT, "game": GAME, "expansions": [], "variant": "standard", "players": []}


def check_event(kind: str, reader: Reader, seats: int | None) -> None:
    """Record a problem for each field of the wrong shape (the replay checks the rules)."""
    common = ("amend",)
    if kind == "game_set_up":
        reader.as_object(allowed=("variant", "expansions", "options", "players", "teams", *common))
        if reader["teams"].present:
            for team in reader["teams"].as_list(max_length=4):
                for name in team.as_list(max_length=2):
                    name.as_str(max_length=40)
        items = reader["players"].as_list(max_length=8)
        for item in items:
            item.as_object(allowed=("name", "wonder", "side", "other_wonder", "id"))
            if item["other_wonder"].present:
                item["other_wonder"].as_object()            # Armada's 8th board: checked with the table
            if item["id"].present:
                item["id"].as_str(max_length=64)            # the player's stable id (storage.player_ids)
            item["name"].as_str(max_length=40)
            item["wonder"].as_str(max_length=40)
            item["side"].as_str(choices=("A", "B"), what="side")
        if reader["variant"].present:
            reader["variant"].as_str(max_length=20)
    elif kind in ("card_confirmed", "card_removed"):
        reader.as_object(allowed=("seat", "card", "copy", *common))
        check_seat(reader, seats)
        reader["card"].as_str(max_length=60)
        if reader["copy"].present and reader["copy"].value is not None:
            reader["copy"].as_str(max_length=80)
    elif kind == "stage_built":
        reader.as_object(allowed=("seat", "stages", *common))
        check_seat(reader, seats)
        reader["stages"].as_int(minimum=0, maximum=10)     # a wonder of another expansion may have more
    elif kind == "coins_changed":
        reader.as_object(allowed=("seat", "coins", "delta", "why", *common))
        check_seat(reader, seats)
        reader["coins"].as_int(minimum=0, maximum=100_000)
        if reader["delta"].present:
            reader["delta"].as_int(minimum=-100_000, maximum=100_000)
        if reader["why"].present:
            reader["why"].as_str(max_length=200)
    elif kind == "conflicts_resolved":
        reader.as_object(allowed=("age", "tokens", *common))
        reader["age"].as_int(minimum=1, maximum=3)
        for row in reader["tokens"].as_list(max_length=8):
            for token in row.as_list(max_length=4):
                token.as_int(minimum=-1, maximum=5)
    elif kind == "tokens_set":
        reader.as_object(allowed=("seat", "tokens", *common))
        check_seat(reader, seats)
        for token in reader["tokens"].as_list(max_length=12):
            token.as_int(minimum=-1, maximum=5)
    elif kind == "choices_set":
        reader.as_object(allowed=("seat", "science_choices", "copied_guild", *common))
        check_seat(reader, seats)
        if reader["science_choices"].present:
            for symbol in reader["science_choices"].as_list(max_length=4):
                symbol.as_str(max_length=20)
        if reader["copied_guild"].present and reader["copied_guild"].value is not None:
            reader["copied_guild"].as_str(max_length=60)
    elif kind == "owner_answered":                    # whose cards the camera could not place
        reader.as_object(allowed=("markers", "seat", *common))
        for marker in reader["markers"].as_list(max_length=100):
            marker.as_int(minimum=1, maximum=999)
        if reader["seat"].value is not None:
            check_seat(reader, seats)
    elif kind == "turn_play":                         # a play of the open turn; "play": null withdraws it
        reader.as_object(allowed=("seat", "source", "play", *common))
        check_seat(reader, seats)
        reader["source"].as_str(max_length=20)
        if reader["play"].value is not None:
            _play(reader["play"], seats)
    elif kind == "turn_closed":
        reader.as_object(allowed=("age", "turn", "plays", "leftovers", "progress", "start_seq", "corrects", *common))
        reader["age"].as_int(minimum=1, maximum=3)
        reader["turn"].as_int(minimum=1, maximum=10)
        for item in reader["plays"].as_list(max_length=40):
            _play(item, seats)
        reader["leftovers"].as_object()
        reader["progress"].as_object()
        reader["start_seq"].as_int(minimum=0, maximum=10**9)
        if reader["corrects"].present:
            reader["corrects"].as_int(minimum=1, maximum=10**9)
    elif kind == "turn_reopened":                     # the last closed turn open again, with its plays
        reader.as_object(allowed=("reopens", "plays", "progress", *common))
        reader["reopens"].as_int(minimum=1, maximum=10**9)
        for item in reader["plays"].as_list(max_length=40):
            _play(item, seats)
        reader["progress"].as_object()


def _play(reader: Reader, seats: int | None) -> None:
    """The types of one play of a turn (the turn engine checks the rules)."""
    reader.as_object(allowed=PLAY_FIELDS)
    check_seat(reader, seats)
    for name in ("action", "source", "discard_reward"):
        reader[name].as_str(max_length=20)
    for name in ("card", "fleet"):
        if reader[name].present and reader[name].value is not None:
            reader[name].as_str(max_length=60)
    for name in ("free_build", "naval"):
        if reader[name].present:
            reader[name].as_bool()
    if reader["plan"].present:
        reader["plan"].as_int(minimum=0, maximum=100)


def seven_wonders_problems(document: dict[str, Any], data: GameData | None = None,
                           sources: Sources | None = None) -> list[str]:
    """Why a table document is not a valid table (empty when it is)."""
    try:
        parse_table(copy.deepcopy(document), data or load_game_data(), sources=sources)
    except TableFileError as error:
        return [str(p) for p in error.problems]
    return []


def seven_wonders_table(document: dict[str, Any], data: GameData | None = None,
                        sources: Sources | None = None) -> tuple[Table | None, list[str]]:
    """The table a replayed document holds (None with no players yet), or None and the problems."""
    if not document["players"]:
        return None, []
    try:
        return parse_table(copy.deepcopy(document), data or load_game_data(), sources=sources), []
    except TableFileError as error:
        return None, [str(p) for p in error.problems]


def apply_event(document: dict[str, Any], kind: str, payload: dict[str, Any], data: GameData | None = None) -> None:
    """Change a 7 Wonders table document by one event.

    :raises EventError: when the event does not fit the game so far (a seat that does not exist,
        a card the city does not hold).
    """
    players = document["players"]
    if kind == "game_set_up":
        if players:
            raise EventError("the game is already set up")
        document["variant"] = payload.get("variant", "standard")
        document["expansions"] = list(payload.get("expansions", []))
        if payload.get("options"):
            document["options"] = dict(payload["options"])
        if payload.get("teams"):
            document["teams"] = [list(team) for team in payload["teams"]]
        coins = (data or load_game_data()).rules.starting_coins
        for entry in payload["players"]:
            players.append({"name": entry["name"], "wonder": entry["wonder"], "side": entry["side"], "stages": 0,
                            "cards": [], "coins": coins, "tokens": []})
            if "other_wonder" in entry:                 # Armada at 8: the board of another expansion
                players[-1]["other_wonder"] = copy.deepcopy(entry["other_wonder"])
        return
    if not players:
        raise EventError(f"{kind} before the game is set up")
    if kind == "conflicts_resolved":
        rows = payload["tokens"]
        if len(rows) != len(players):
            raise EventError(f"conflicts_resolved gives tokens for {len(rows)} seats; the table has {len(players)}")
        for player, row in zip(players, rows, strict=True):
            player["tokens"].extend(row)
        return
    if kind in ("score_computed", "game_finished", "owner_answered", *TURN_KINDS):
        return
    if kind not in KINDS:
        registered = EVENT_KINDS.get(kind)
        if registered is None:
            raise EventError(f"unknown event kind '{kind}'")
        registered.apply(document, payload)
        return
    player = player_at(document, payload)
    if kind == "card_confirmed":
        player["cards"].append(payload["card"])
    elif kind == "card_removed":
        if payload["card"] not in player["cards"]:
            raise EventError(f"{player['name']}'s city holds no {payload['card']} to remove")
        player["cards"].remove(payload["card"])
    elif kind == "stage_built":
        player["stages"] = payload["stages"]
    elif kind == "coins_changed":
        player["coins"] = payload["coins"]
    elif kind == "tokens_set":
        player["tokens"] = list(payload["tokens"])
    elif kind == "choices_set":
        for key in ("science_choices", "copied_guild"):
            if key in payload:
                if payload[key] in (None, []):
                    player.pop(key, None)
                else:
                    player[key] = payload[key]


def advance_table(table: Table, event: Event) -> Table | None:
    """The table after one event, on the value: the event's `GameEvent.apply`, then the checks the table
    file's reader runs on a whole table (the same messages as `seven_wonders_problems` of the document the
    event leaves). None for a kind the value cannot decide (the log then reads the document).

    :raises EventError: when the event does not fit the game, or leaves a table that is not valid.
    """
    value = event.value
    after = None if value is None else value.apply(table)
    if after is not None and after is not table and changes_table(event.kind):
        _refuse(table_value_problems(after))
    return after


LOGGED_GAMES.register(GAME, LoggedGame(KINDS, STATE_KINDS, _claims, empty_table_document, check_event, apply_event,
                                       seven_wonders_table, seven_wonders_problems, load_game_data, advance_table),
                      game=GAME)


def _refuse(problems: Sequence[Problem]) -> None:
    """Refuse an event with the reader's problems of the table it would leave (none: nothing to refuse)."""
    if problems:
        raise EventError("; ".join(str(problem) for problem in problems))


def city(table: Table, seat: int) -> Player:
    """The city at `seat`.

    :raises EventError: for a seat the table does not have (the message `player_at` gives).
    """
    if not 0 <= seat < len(table.players):
        raise EventError(f"seat {seat} does not exist (the table has {len(table.players)})")
    return table.players[seat]


# -- the kinds as values: read and written back exactly, applied to the rules' `Table` -------------------
@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class GameSetUp(GameEvent):
    """The players clockwise (name, wonder, side; Armada's eighth wonder described), the expansions,
    the variant, its options and teams."""

    kind: ClassVar[str] = "game_set_up"
    game: ClassVar[str] = GAME
    variant: str = ABSENT
    expansions: tuple[str, ...] = ABSENT
    players: tuple[Mapping[str, Any], ...]
    options: Mapping[str, Any] = ABSENT
    teams: tuple[tuple[str, ...], ...] = ABSENT

    def apply(self, state: Any) -> Any:
        """None: the set-up makes the first table document, which the table file's reader reads."""
        return None


@dataclass(frozen=True, kw_only=True)
class _CityCard(GameEvent):
    """A building of a seat's city (the camera names the copy it read)."""

    seat: int
    card: str
    copy: str | None = ABSENT


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class CardConfirmed(_CityCard):
    """A building in a seat's city."""

    kind: ClassVar[str] = "card_confirmed"

    def apply(self, state: Table) -> Table:
        player = city(state, self.seat)
        cards, problems = city_cards_problems(state, self.seat, [*(card.id for card in player.cards), self.card])
        _refuse(problems)
        return state.with_player(self.seat, replace(player, cards=tuple(cards)))


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class CardRemoved(_CityCard):
    """A building taken back out of a seat's city (an undo)."""

    kind: ClassVar[str] = "card_removed"

    def apply(self, state: Table) -> Table:
        player = city(state, self.seat)
        ids = [card.id for card in player.cards]
        if self.card not in ids:
            raise EventError(f"{player.name}'s city holds no {self.card} to remove")
        index = ids.index(self.card)
        return state.with_player(self.seat, replace(player, cards=player.cards[:index] + player.cards[index + 1:]))


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class StageBuilt(GameEvent):
    """How many stages of its wonder a seat has built."""

    kind: ClassVar[str] = "stage_built"
    seat: int
    stages: int

    def apply(self, state: Table) -> Table | None:
        player = city(state, self.seat)
        if player.wonder.outside is not None:       # a board of another expansion: checked on its entry
            return None
        _refuse(city_stages_problems(state, self.seat, self.stages))
        return state.with_player(self.seat, replace(player, stages_built=self.stages))


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class CoinsChanged(GameEvent):
    """A seat's coins, with the change and why when a play made it."""

    kind: ClassVar[str] = "coins_changed"
    seat: int
    coins: int
    delta: int = ABSENT
    why: str = ABSENT

    def apply(self, state: Table) -> Table:
        return state.with_player(self.seat, replace(city(state, self.seat), coins=self.coins))


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class ConflictsResolved(GameEvent):
    """The military tokens each seat took at the end of an age."""

    kind: ClassVar[str] = "conflicts_resolved"
    age: int
    tokens: tuple[tuple[int, ...], ...]

    def apply(self, state: Table) -> Table:
        if len(self.tokens) != len(state.players):
            raise EventError(f"conflicts_resolved gives tokens for {len(self.tokens)} seats; "
                             f"the table has {len(state.players)}")
        players = [replace(player, tokens=player.tokens + row) for player, row in zip(state.players, self.tokens,
                                                                                        strict=True)]
        _refuse([problem for seat, player in enumerate(players)
                 for problem in city_tokens_problems(state, seat, player.tokens)])
        return replace(state, players=tuple(players))


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class TokensSet(GameEvent):
    """A seat's conflict tokens, entered by hand."""

    kind: ClassVar[str] = "tokens_set"
    seat: int
    tokens: tuple[int, ...]

    def apply(self, state: Table) -> Table:
        player = city(state, self.seat)
        _refuse(city_tokens_problems(state, self.seat, self.tokens))
        return state.with_player(self.seat, replace(player, tokens=self.tokens))


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class ChoicesSet(GameEvent):
    """A seat's end-game choices (``null`` clears one; a key left out keeps it)."""

    kind: ClassVar[str] = "choices_set"
    seat: int
    science_choices: tuple[str, ...] | None = ABSENT
    copied_guild: str | None = ABSENT

    def apply(self, state: Table) -> Table:
        player = city(state, self.seat)
        science: Sequence[str] | None = player.choices.science or None
        copied = player.choices.copied_guild
        if self.science_choices is not ABSENT:
            science = self.science_choices or None
        if self.copied_guild is not ABSENT:
            copied = self.copied_guild or None
        choices, problems = city_choices(state, self.seat, science, copied)
        _refuse(problems)
        return state.with_player(self.seat, replace(player, choices=choices))


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class OwnerAnswered(GameEvent):
    """Whose the cards with these markers are (a seat, or nobody's: ``null``)."""

    kind: ClassVar[str] = "owner_answered"
    markers: tuple[int, ...]
    seat: int | None = ABSENT


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class TurnPlay(GameEvent):
    """A play entered in the open turn (``null``: withdrawn)."""

    kind: ClassVar[str] = "turn_play"
    seat: int
    source: str
    play: Mapping[str, Any] | None


@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class TurnClosed(GameEvent):
    """A turn closed: its plays, what was left, the age's progress (its cards and coins are logged
    beside it)."""

    kind: ClassVar[str] = "turn_closed"
    age: int
    turn: int
    plays: tuple[Mapping[str, Any], ...]
    leftovers: Mapping[str, Any]
    progress: Mapping[str, Any]
    start_seq: int
    corrects: int = ABSENT



@register_event(GAME)
@dataclass(frozen=True, kw_only=True)
class TurnReopened(GameEvent):
    """The last closed turn open again, with its plays (its cities are set back by the events beside it)."""

    kind: ClassVar[str] = "turn_reopened"
    reopens: int
    plays: tuple[Mapping[str, Any], ...]
    progress: Mapping[str, Any]
