"""`companion record` for 7 Wonders: its recorded games (the bundled demo, ``sevenwonders-recording/1``
files) rendered into a video, registered in the command line's `RECORDERS`."""

from __future__ import annotations

import argparse
import json

from companion.cli.errors import CommandError
from companion.cli.paths import output_file

__all__ = ["run_record"]


def run_record(args: argparse.Namespace) -> int:
    """`companion record`: render a recorded 7 Wonders game (the bundled demo or a recording file) into a
    video file (its options are the command's own, in `companion.cli.vision_commands`)."""
    from companion.games.sevenwonders.simulation.playback import VIDEO_CODECS, Playback
    from companion.games.sevenwonders.simulation.recording import RecordingError, demo_recording, load_recording
    from companion.vision.sources import DEMO_SOURCE

    try:
        recording = demo_recording() if args.recording == DEMO_SOURCE else load_recording(args.recording)
    except RecordingError as error:
        raise CommandError(error.described()) from None
    if not args.out.lower().endswith(tuple(VIDEO_CODECS)):
        raise CommandError(f"{args.out}: write the video as {' or '.join(VIDEO_CODECS)}")
    out = output_file(args.out)
    width, height = args.size
    from companion.safewrite import write_atomic_with

    frames: list[int] = []
    try:            # through a temporary file: Ctrl-C or a full disk leaves no partial video, and no old one lost
        playback = Playback(recording, width=width, height=height, fps=args.fps,
                            seconds_per_turn=args.seconds_per_turn, level=args.level, seed=args.seed)
        write_atomic_with(out, lambda temporary: frames.append(playback.write_video(temporary)))
    except ValueError as error:
        raise CommandError(str(error)) from None
    written = frames[0]
    summary = {"video": str(out), "frames": written, "seconds": round(written / args.fps, 2), "fps": args.fps,
               "width": width, "height": height, "turns": len(recording.turns), "players": len(recording.players),
               "pixels_per_module": round(playback.plan.pixels_per_mm * 2, 2)}
    if args.json:
        print(json.dumps(summary, ensure_ascii=False))
        return 0
    print(f"wrote {args.out}: {written} frames, {written / args.fps:.1f} s at {args.fps:g} frames per second, "
          f"{width}x{height}; {len(recording.turns)} turns of {len(recording.players)} players; 14 mm ArUco "
          f"stickers at {summary['pixels_per_module']:.1f} pixels per module")
    return 0
