"""`companion table` for a 7 Wonders Architects table: frames -> areas -> ``architects-table/1``.

Chosen with ``--game architects``, or found by itself when the frames show Architects wonder trays
and no 7 Wonders board. The seating (wonders clockwise) comes from ``--seating``; without it, the
order the trays are seen in, starting anywhere.
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence

from companion.cli.vision_commands import checked_status
from companion.gamedata.architects import MEDALS, load_architects_data
from companion.state.architects_tracker import ArchitectsTracker
from companion.state.tracker import ConfirmationRule
from companion.tablefile_architects import parse_architects
from companion.vision.architects_layout import read_architects_layout
from companion.vision.layout import PlacedMarker

__all__ = ["add_architects_arguments", "is_architects_table", "run_architects_table"]


def _seating(text: str) -> list[str]:
    wonders = [w.strip() for w in text.split(",") if w.strip()]
    known = load_architects_data().wonders
    unknown = [w for w in wonders if w not in known]
    if unknown or len(set(wonders)) != len(wonders) or len(wonders) < 2:
        raise argparse.ArgumentTypeError(f"expected 2-7 different Architects wonders clockwise, e.g. giza,rhodes "
                                         f"({', '.join(known)}); got {text!r}")
    return wonders


def add_architects_arguments(parser: argparse.ArgumentParser) -> None:
    """The options of `companion table` that only an Architects table uses."""
    parser.add_argument("--game", choices=("auto", "7wonders", "architects"), default="auto",
                        help="which game the table is (default: from the markers seen)")
    parser.add_argument("--seating", type=_seating, metavar="WONDER,...",
                        help="Architects: the wonders clockwise, as the players sit")
    parser.add_argument("--medals", choices=("none", "standard", "expert"), default="none",
                        help="Architects: the Medals expansion and its variant (default none)")


def is_architects_table(frames: Sequence[Sequence[PlacedMarker]]) -> bool:
    """True when the frames show an Architects wonder tray and never a 7 Wonders board."""
    kinds = {m.component.kind for frame in frames for m in frame}
    return "architects_tray" in kinds and "wonder_side" not in kinds


def run_architects_table(frames: Sequence[tuple[float, Sequence[PlacedMarker]]], rule: ConfirmationRule,
                         args: argparse.Namespace, notes: list[str]) -> int:
    """Fold the frames' markers into the table file and print it; 1 when it is not a valid table."""
    names = {wonder: name for wonder, name in (getattr(args, "names", None) or {}).items()}
    seating = getattr(args, "seating", None) or []
    tracker = ArchitectsTracker(load_architects_data(), rule, seat_order=seating, names=names)
    for seconds, placed in frames:
        observation = read_architects_layout(placed, seat_order=seating)
        tracker.observe(observation, seconds)
    medals = getattr(args, "medals", "none")
    document = tracker.table_document(expansions=[MEDALS] if medals != "none" else [],
                                      medal_variant=None if medals == "none" else medals)
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
              + (f", medals {player['medals']}" if "medals" in player else ""))
    observation = document["x-observation"]
    for line in observation["problems"] + observation["notes"] + observation.get("table_problems", []):
        print(f"note: {line}")
    return status
