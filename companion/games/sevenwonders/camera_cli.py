"""7 Wonders at `companion table` and `watch` (registered in `CAMERA_GAMES`: the game read when no other
game's reader claims the frames): its wonders for ``--names``, its player counts for ``--players``, a
table rebuilt from the frames, and the changes printed as they are confirmed."""

from __future__ import annotations

import argparse
import json
from collections.abc import Iterable
from typing import Any

from companion.cli.vision_commands import checked_status
from companion.jsonread import quoted, whole_number

__all__ = ["player_count", "read_table", "seat_count_problem", "watch", "wonders"]


def wonders() -> list[str]:
    """The 7 Wonders wonders' ids (``--names`` names the players by them)."""
    from companion.games.sevenwonders.rules.loader import load_game_data

    return list(load_game_data().wonders)


def player_count(text: str) -> int:
    """`--players`: a count a 7 Wonders table seats (more with an expansion that seats more: Armada's 8)."""
    from companion.games.sevenwonders.rules.loader import load_game_data
    from companion.games.sevenwonders.tablefile import SECTIONS

    rules = load_game_data().rules
    low, high, more = rules.min_players, rules.max_players, ""
    for section in SECTIONS.values():
        seats = section.player_range(section.extension(None))
        if seats is not None and seats[1] > high:
            high, more = seats[1], f" ({seats[1]} with {section.name})"
    value = whole_number(text)
    if value is None or not low <= value <= high:
        raise argparse.ArgumentTypeError(f"a table seats {low} to {rules.max_players} players{more}, "
                                         f"got {quoted(text)}")
    return value


def seat_count_problem(seen: int, players: int | None) -> str | None:
    """What is wrong when the cities seen are not the game's players (None when they agree or the
    player count is not known)."""
    if players is None or seen == players:
        return None
    if seen < players:
        missing = players - seen
        return (f"players: the game has {players} players but {seen} cities were seen; "
                f"{missing} {'city is' if missing == 1 else 'cities are'} left out")
    return f"players: {seen} cities were seen but the game has {players} players"


def read_table(args: argparse.Namespace, reader: Any, videos: bool, frames: Iterable[Any]) -> int:
    """`companion table`: the frames read as a 7 Wonders table, its table file printed (or its cities
    and what was not seen); 1 when it is not a complete table."""
    from companion.games.sevenwonders.tablefile import SECTIONS, parse_table
    from companion.games.sevenwonders.tracker import ConfirmationRule, TableTracker

    rule = ConfirmationRule() if videos else ConfirmationRule.photos()
    tracker = TableTracker(reader.data, rule, names=args.names or {}, seat_order=reader.seating)
    notes: list[str] = []
    for frame in frames:
        result = reader.read(frame.image, sequence=frame.sequence)
        notes += result.notes
        for observation in (result.observation, *result.late):
            tracker.observe(observation, frame.seconds)
    document = tracker.table_document()
    document["x-observation"]["notes"] = notes
    # The box follows the game's player count (`--players`, the seating), never the cities seen.
    players = reader.players()
    # Checked with the shipped data: the expansions' cards count only at a table that names them.
    status = checked_status(document, lambda table: parse_table(table, box_players=players))
    seats = seat_count_problem(len(document["players"]), players)
    if seats:
        document["x-observation"].setdefault("table_problems", []).append(seats)
        status = 1
    if args.json:
        print(json.dumps(document, indent=1, ensure_ascii=False))
        return status
    observation = document["x-observation"]
    for player, account in zip(document["players"], observation["players"], strict=True):
        print(f"{player['name']}: {player['wonder']} side {player['side']}, {player['stages']} stages, "
              f"{len(player['cards'])} cards: {', '.join(player['cards'])}")
        for note in account["not_seen"]:
            print(f"  not seen: {note}")
    for wonder in reader.seating:
        if wonder not in {p["wonder"] for p in document["players"]}:
            print(f"{wonder}: board never seen; its city is left out")
    asked = {card for question in observation["questions"] for card in question["cards"]}
    for question in observation["questions"]:
        answers = [c["name"] for c in question["candidates"]] + ["nobody (the discard pile)"]
        print(f"question: whose are these cards? {', '.join(question['cards'])}")
        print(f"  why asked: {question['reason']}")
        print(f"  answers: {' / '.join(answers)}")
    for entry in observation["unassigned_last_frame"]:
        if entry["component"] not in asked:
            print(f"note: {entry['component']} is in no city in the last frame: {entry['reason']}")
    for problem in observation["problems"] + observation.get("table_problems", []) + notes:
        print(f"note: {problem}")
    print("coins and conflict tokens are not read by the camera")
    for expansion in document["expansions"]:
        section = SECTIONS.find(expansion)
        print(f"played with {section.name}: its cards are in the cities; the camera does not read its keys "
              f"{', '.join(section.player_fields)}")
    return status


def watch(args: argparse.Namespace, reader: Any, frames: Iterable[Any]) -> int:
    """`companion watch`: the changes of a 7 Wonders table printed as they are confirmed, frame by frame,
    until the source ends or Ctrl-C."""
    from companion.games.sevenwonders.tracker import ConfirmationRule, TableTracker

    tracker = TableTracker(reader.data, ConfirmationRule(), names=args.names or {}, seat_order=reader.seating)

    def say(seconds: float, kind: str, detail: str) -> None:
        if args.json:
            print(json.dumps({"seconds": round(seconds, 3), "kind": kind, "detail": detail}, ensure_ascii=False),
                  flush=True)
        else:
            print(f"[{seconds:7.2f} s] {kind}: {detail}", flush=True)

    interrupted = False
    try:
        for frame in frames:
            result = reader.read(frame.image, sequence=frame.sequence)
            for note in result.notes:
                say(frame.seconds, "note", note)
            for observation in (result.observation, *result.late):
                for change in tracker.observe(observation, frame.seconds):
                    say(frame.seconds, change.kind, change.detail)
    except KeyboardInterrupt:
        interrupted = True
    if args.json:
        print(json.dumps({"kind": "end", "frames": tracker.frames, "cities": len(tracker.cities),
                          "interrupted": interrupted}))
    else:
        print(f"{tracker.frames} frames read; {len(tracker.cities)} cities confirmed")
    if interrupted:                       # the summary first, then Ctrl-C's one line and status 130
        raise KeyboardInterrupt
    return 0
