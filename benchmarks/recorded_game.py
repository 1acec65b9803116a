"""Play the bundled demo recording (or a recording file) through the reader and the tracker: what a
frame costs to make, what it costs to read, and how long each card takes to be confirmed.

Every frame of the recording is rendered (timed), read by `TableReader` and fed to `TableTracker`
with the default confirmation rule at its timestamp. A card's latency is counted from the moment
the hands lift off it (before that they cover it) and from the start of its turn; every card must
be confirmed before the next turn starts, and the tracker must end with exactly the scripted cities.

Run: .venv/bin/python benchmarks/recorded_game.py [RECORDING.json] [--level easy|medium|hard|extreme]
"""

from __future__ import annotations

import argparse
import statistics
import time

from companion.bench.timing import machine_line, percentile
from companion.games.sevenwonders.rules.loader import load_game_data
from companion.games.sevenwonders.simulation.playback import Playback
from companion.games.sevenwonders.simulation.recording import demo_recording, load_recording
from companion.games.sevenwonders.tracker import TableTracker
from companion.vision.pipeline import TableReader


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("recording", nargs="?", help="a recording file (default: the bundled demo)")
    parser.add_argument("--level", default="easy")
    parser.add_argument("--size", default="1280x720")
    args = parser.parse_args()
    data = load_game_data()
    recording = load_recording(args.recording, data) if args.recording else demo_recording(data)
    width, height = (int(v) for v in args.size.split("x"))
    start = time.perf_counter()
    playback = Playback(recording, width=width, height=height, level=args.level, data=data)
    plan_seconds = time.perf_counter() - start
    lifted = {m.hands_for_turn: m.end for m in playback.moments if m.laying}
    starts = {m.hands_for_turn: m.start for m in playback.moments if m.hands_for_turn is not None and not m.laying}
    laid: dict[tuple[str, str], int] = {}
    stages: dict[str, list[int]] = {}
    for index, turn in enumerate(recording.turns):
        for seat, play in enumerate(turn.plays):
            wonder = recording.players[seat].wonder
            for key in (play.copy if play.kind == "build" else None, play.build_from_discard):
                if key is not None:
                    laid[(wonder, key.split("/")[0])] = index
            if play.kind == "stage":
                stages.setdefault(wonder, []).append(index)
    reader = TableReader(data=data, player_count=len(recording.players))
    tracker = TableTracker(data)
    render_ms, read_ms = [], []
    confirmed: dict[tuple[str, str], float] = {}
    stage_times: dict[str, list[float]] = {}
    frames = playback.frames()
    while True:
        start = time.perf_counter()
        try:
            at, frame = next(frames)
        except StopIteration:
            break
        render_ms.append((time.perf_counter() - start) * 1000)
        start = time.perf_counter()
        observation = reader.read(frame, sequence="recording").observation
        read_ms.append((time.perf_counter() - start) * 1000)
        for change in tracker.observe(observation, at):
            if change.kind == "card" and change.component is not None:
                confirmed[(change.wonder or "", change.component.card or "")] = at
            elif change.kind == "stage":
                stage_times.setdefault(change.wonder or "", []).append(at)
    after_lift, after_start, late = [], [], []
    ends = {i: starts.get(i + 1, playback.duration) for i in starts}
    events = list(laid.items())
    events += [((w, f"stage {n + 1}"), turn) for w, turns in stages.items() for n, turn in enumerate(turns)]
    for key, turn in events:
        if key[1].startswith("stage "):
            times = stage_times.get(key[0], [])
            number = int(key[1].split()[1])
            at = times[number - 1] if len(times) >= number else None
        else:
            at = confirmed.get(key)
        if at is None or at >= ends[turn]:
            late.append((key, recording.turn_label(turn), at))
            continue
        after_lift.append(at - lifted[turn])
        after_start.append(at - starts[turn])
    final = recording.final()
    expected = {p.wonder: (sorted(k.split("/")[0] for k in final.cards[s]), len(final.stages[s]))
                for s, p in enumerate(recording.players)}
    seen = {w: (sorted(c.component.card or "" for c in city.cards), city.stages) for w, city in tracker.cities.items()}
    print(f"recorded game: {machine_line()}")
    print(f"{recording.title or 'recording'}: {len(recording.turns)} turns, {playback.frame_count} frames of "
          f"{width}x{height} at {playback.fps:g} per second, level {args.level}; 14 mm ArUco stickers at "
          f"{playback.plan.pixels_per_mm * 2:.2f} pixels per module; table planned in {plan_seconds:.2f} s")
    print(f"making a frame: median {statistics.median(render_ms):.2f} ms, mean {statistics.mean(render_ms):.2f} ms, "
          f"p90 {percentile(render_ms, 0.9):.2f} ms, max {max(render_ms):.1f} ms (a new table state is drawn once)")
    print(f"reading a frame: median {statistics.median(read_ms):.1f} ms, p90 {percentile(read_ms, 0.9):.1f} ms")
    print(f"confirmation of {len(events)} cards and stages: after the hands lift median "
          f"{statistics.median(after_lift):.2f} s, max {max(after_lift):.2f} s; after the turn starts median "
          f"{statistics.median(after_start):.2f} s, max {max(after_start):.2f} s")
    print(f"not confirmed within their turn: {late if late else 'none'}")
    print(f"final cities as scripted: {seen == expected}; problems: {tracker.problems if tracker.problems else 'none'}")


if __name__ == "__main__":
    main()
