"""`companion table` for a 7 Wonders Architects table: frames -> areas -> ``architects-table/1``.

Chosen with ``--game architects``, or found by itself when the first frame that shows a wonder
tray or board shows Architects trays and no 7 Wonders board. The seating (wonders clockwise) comes
from ``--seating``; without it, the order the trays are seen in, starting anywhere. An expansion adds
its own options (`CAMERA_OPTIONS`: whether the table plays it, and its variant).
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from typing import Any

from companion.games.architects.rules.data import load_architects_data
from companion.jsonread import quoted
from companion.plugins import Registry

__all__ = ["CAMERA_OPTIONS", "CameraOptions", "add_architects_arguments", "is_architects_frame",
           "run_architects_table"]


@dataclass(frozen=True)
class CameraOptions:
    """An expansion's options of `companion table` for an Architects table: `add_arguments(parser)` adds
    them, `chosen(args)` says whether the table plays the expansion and with which options of its
    table file (None: it does not)."""

    add_arguments: Callable[[argparse.ArgumentParser], None]
    chosen: Callable[[argparse.Namespace], dict[str, Any] | None]


CAMERA_OPTIONS: Registry[CameraOptions] = Registry("Architects camera options", "cli")
"""The expansions' options of `companion table`, by expansion id."""


def _seating(text: str) -> list[str]:
    wonders = [w.strip() for w in text.split(",") if w.strip()]
    known = load_architects_data().wonders
    unknown = [w for w in wonders if w not in known]
    if unknown or len(set(wonders)) != len(wonders) or len(wonders) < 2:
        raise argparse.ArgumentTypeError(f"expected 2-7 different Architects wonders clockwise, e.g. giza,rhodes "
                                         f"({', '.join(known)}); got {quoted(str(text))}")
    return wonders


def add_architects_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `companion table` that only an Architects table uses."""
    parser.add_argument("--game", choices=("auto", "7wonders", "architects"), default="auto",
                        help="which game the table is (default: from the markers seen)")
    parser.add_argument("--seating", type=_seating, metavar="WONDER,...",
                        help="Architects: the wonders clockwise, as the players sit")
    for options in CAMERA_OPTIONS.values():
        options.add_arguments(parser)


def is_architects_frame(placed: Sequence[Any]) -> bool | None:
    """True when a frame's markers show an Architects tray and no 7 Wonders board, False for a board,
    None when it shows neither (undecided)."""
    kinds = {m.component.kind for m in placed}
    if "wonder_side" in kinds:
        return False
    return True if "architects_tray" in kinds else None


_BASE_FIELDS = ("name", "wonder", "stages_built", "cards", "cat_pawn", "military_tokens", "progress_tokens")
"""A player's fields of the base game (`ArchitectsTracker.player_entry`); an expansion's follow them."""


def _close(frames: Iterable[Any]) -> None:
    """Close the frame source (a camera, a video) so that the 7 Wonders reading opens it afresh."""
    close = getattr(frames, "close", None)
    if close is not None:
        close()


def run_architects_table(args: argparse.Namespace, reader: Any, videos: bool, frames: Iterable[Any]) -> int | None:
    """Read the frames as an Architects table, print it or its file; the exit status (1 when it is
    not a valid table), or None when the table is a 7 Wonders table (nothing printed)."""
    from companion.cli.vision_commands import checked_status
    from companion.games.architects.tablefile import parse_architects
    from companion.games.architects.tracker import ArchitectsTracker
    from companion.games.architects.vision import read_architects_layout
    from companion.state.confirmation import ConfirmationRule

    if args.game == "7wonders":
        return None
    seating = args.seating or []
    rule = ConfirmationRule() if videos else ConfirmationRule.photos()
    tracker = ArchitectsTracker(load_architects_data(), rule, seat_order=seating, names=dict(args.names or {}))
    decided = args.game == "architects"
    notes: list[str] = []
    for frame in frames:
        result = reader.read(frame.image, sequence=frame.sequence)
        if not decided:
            verdict = is_architects_frame(result.placed)
            if verdict is False:
                _close(frames)
                return None
            decided = bool(verdict)
        notes += result.notes
        tracker.observe(read_architects_layout(result.placed, seat_order=seating), frame.seconds)
    if not decided:
        _close(frames)
        return None
    chosen = {expansion: found for expansion, options in CAMERA_OPTIONS.items()
              if (found := options.chosen(args)) is not None}
    document = tracker.table_document(expansions=list(chosen),
                                      **{key: value for found in chosen.values() for key, value in found.items()})
    document["x-observation"]["notes"] += notes
    status = checked_status(document, parse_architects)
    if args.json:
        print(json.dumps(document, indent=1, ensure_ascii=False))
        return status
    for player in document["players"]:
        cards = ", ".join(f"{kind} x{count}" for kind, count in player["cards"].items()) or "no cards"
        print(f"{player['name']}: {player['wonder']}, pieces built {player['stages_built'] or 'none'}; {cards}; "
              f"tokens {player['progress_tokens'] or 'none'}, {player['military_tokens']} Military Victory, "
              f"{'the Cat pawn' if player['cat_pawn'] else 'no Cat pawn'}"
              + "".join(f", {key} {value}" for key, value in player.items() if key not in _BASE_FIELDS))
    observation = document["x-observation"]
    for line in observation["problems"] + observation["notes"] + observation.get("table_problems", []):
        print(f"note: {line}")
    return status
