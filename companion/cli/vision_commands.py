"""`companion scan`, `table`, `watch`, `calibrate` and `record`: the camera from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from typing import Any

from companion.cli.errors import CommandError

__all__ = ["register"]


def _sizes(text: str) -> dict[str, float]:
    sizes = {}
    for part in text.split(","):
        family, _, value = part.partition("=")
        try:
            sizes[family.strip()] = float(value.strip().lower().removesuffix("mm"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected sizes like qr=18,aruco=14, got {text!r}") from None
        if family.strip() not in ("qr", "aruco", "microqr"):
            raise argparse.ArgumentTypeError(f"unknown marker family {family.strip()!r}")
    return sizes


def _names(text: str) -> dict[str, str]:
    names = {}
    for part in text.split(","):
        wonder, _, name = part.partition("=")
        if not name.strip():
            raise argparse.ArgumentTypeError(f"expected names like gizah=Anna,rhodes=Boris, got {text!r}")
        names[wonder.strip()] = name.strip()
    return names


def _table_reader(args: argparse.Namespace) -> Any:
    from companion.vision.lens import LensProfile, LensProfileError
    from companion.vision.pipeline import TableReader
    from companion.vision.rig import RigProfile, RigProfileError

    lens = rig = None
    if getattr(args, "lens", None):
        try:
            lens = LensProfile.load(args.lens)
        except LensProfileError as error:
            print(f"warning: {error}; reading without a lens profile", file=sys.stderr)
    if getattr(args, "rig", None):
        try:
            rig = RigProfile.load(args.rig)
        except RigProfileError as error:
            print(f"warning: {error}; finding the table plane in each frame", file=sys.stderr)
    return TableReader(sizes_mm=getattr(args, "sizes", None) or {}, lens=lens, rig=rig,
                       player_count=getattr(args, "players", None))


def _frames(sources: list[str], every: int, realtime: bool = False) -> Iterator[Any]:
    from companion.vision.sources import FrameSourceError, frames_from

    try:
        for source in sources:
            yield from frames_from(source, every=every, realtime=realtime)
    except FrameSourceError as error:
        raise CommandError(str(error)) from None


def _frame_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a frame size like 1280x720, got {text!r}") from None
    if not (160 <= size[0] <= 7680 and 120 <= size[1] <= 4320):
        raise argparse.ArgumentTypeError(f"frame size {text!r} is out of range (160x120 to 7680x4320)")
    return size


def run_scan(args: argparse.Namespace) -> int:
    """Print every marker found in each image, and every code refused with its reason."""
    reader = _table_reader(args)
    results = []
    for frame in _frames(args.images, 1):
        result = reader.read(frame.image)
        markers = []
        positions = result.positions or [None] * len(result.reading.markers)
        for detection, position in zip(result.reading.markers, positions, strict=True):
            entry = detection.to_json()
            entry["position_mm"] = None if position is None else [round(position[0], 1), round(position[1], 1)]
            markers.append(entry)
        results.append({"image": frame.name, "markers": markers,
                        "rejected": [r.to_json() for r in result.reading.rejected],
                        "plane_rms_error_mm": None if result.plane is None else round(result.plane.rms_error_mm, 2),
                        "notes": result.notes, "seconds": round(result.seconds, 4)})
    if args.json:
        print(json.dumps(results, indent=1, ensure_ascii=False))
        return 0
    for entry in results:
        print(f"{entry['image']}: {len(entry['markers'])} markers, {len(entry['rejected'])} codes refused, "
              f"{entry['seconds'] * 1000:.0f} ms")
        for marker in entry["markers"]:
            where = "" if marker["position_mm"] is None else f" at {marker['position_mm']} mm"
            ppm = marker["pixels_per_module"]
            print(f"  {marker['component']:<34} {marker['family']:<6} {ppm:>5} px/module{where}")
        for refused in entry["rejected"]:
            print(f"  refused: {refused['message']}")
        for note in entry["notes"]:
            print(f"  note: {note}")
    return 0


def checked_status(document: dict[str, Any], check: Callable[[dict[str, Any]], object]) -> int:
    """Check the table file in `document` (its ``x-`` sections left out): 0 when it is a valid table,
    else 1 with the problems recorded in its ``x-observation``."""
    from companion.tablefile import TableFileError

    try:
        check({k: v for k, v in document.items() if not k.startswith("x-")})
    except TableFileError as error:
        document["x-observation"]["table_problems"] = [str(p) for p in error.problems]
        return 1
    return 0


def run_table(args: argparse.Namespace) -> int:
    """Rebuild the table file from photos or videos; exit 1 when it is not a complete table."""
    from companion.cli.architects_camera import run_architects_table
    from companion.state.tracker import ConfirmationRule, TableTracker
    from companion.tablefile import parse_table
    from companion.vision.sources import is_recording, is_video

    reader = _table_reader(args)
    videos = any(is_video(s) or s.isdigit() or is_recording(s) for s in args.sources)
    architects = run_architects_table(args, reader, videos, _frames(args.sources, args.every))
    if architects is not None:
        return architects
    rule = ConfirmationRule() if videos else ConfirmationRule.photos()
    tracker = TableTracker(reader.data, rule, names=args.names or {})
    notes: list[str] = []
    for frame in _frames(args.sources, args.every):
        result = reader.read(frame.image)
        notes += result.notes
        tracker.observe(result.observation, frame.seconds)
    document = tracker.table_document()
    document["x-observation"]["notes"] = notes
    status = checked_status(document, lambda table: parse_table(table, reader.data))
    if args.json:
        print(json.dumps(document, indent=1, ensure_ascii=False))
        return status
    for player in document["players"]:
        print(f"{player['name']}: {player['wonder']} side {player['side']}, {player['stages']} stages, "
              f"{len(player['cards'])} cards: {', '.join(player['cards'])}")
    observation = document["x-observation"]
    for problem in observation["problems"] + observation.get("table_problems", []) + notes:
        print(f"note: {problem}")
    print("coins and conflict tokens are not read by the camera")
    return status


def run_watch(args: argparse.Namespace) -> int:
    """Print changes as they are confirmed, frame by frame, until the source ends or Ctrl-C."""
    from companion.state.tracker import ConfirmationRule, TableTracker

    reader = _table_reader(args)
    tracker = TableTracker(reader.data, ConfirmationRule(), names=args.names or {})
    try:
        for frame in _frames([args.source], args.every, args.realtime):
            result = reader.read(frame.image)
            for note in result.notes:
                print(f"[{frame.seconds:7.2f} s] note: {note}", flush=True)
            for change in tracker.observe(result.observation, frame.seconds):
                print(f"[{frame.seconds:7.2f} s] {change.kind}: {change.detail}", flush=True)
    except KeyboardInterrupt:
        pass
    print(f"{tracker.frames} frames read; {len(tracker.cities)} cities confirmed")
    return 0


def run_record(args: argparse.Namespace) -> int:
    """Render a recorded game (the bundled demo or a recording file) into a video file."""
    from companion.simulation.playback import VIDEO_CODECS, Playback
    from companion.simulation.recording import RecordingError, demo_recording, load_recording
    from companion.vision.sources import DEMO_SOURCE

    try:
        recording = demo_recording() if args.recording == DEMO_SOURCE else load_recording(args.recording)
    except RecordingError as error:
        raise CommandError(f"not a valid recording:\n{error}") from None
    if not args.out.lower().endswith(tuple(VIDEO_CODECS)):
        raise CommandError(f"{args.out}: write the video as {' or '.join(VIDEO_CODECS)}")
    width, height = args.size
    try:
        playback = Playback(recording, width=width, height=height, fps=args.fps,
                            seconds_per_turn=args.seconds_per_turn, level=args.level, seed=args.seed)
        written = playback.write_video(args.out)
    except ValueError as error:
        raise CommandError(str(error)) from None
    print(f"wrote {args.out}: {written} frames, {written / args.fps:.1f} s at {args.fps:g} frames per second, "
          f"{width}x{height}; {len(recording.turns)} turns of {len(recording.players)} players; 14 mm ArUco "
          f"stickers at {playback.plan.pixels_per_mm * 2:.1f} pixels per module")
    return 0


def run_calibrate_lens(args: argparse.Namespace) -> int:
    """Calibrate the lens on the printed ChArUco board and save the profile."""
    from companion.vision.lens import calibrate_lens

    profile, verdicts = calibrate_lens((f.name, f.image) for f in _frames(args.sources, args.every))
    for verdict in verdicts:
        if not verdict.used:
            print(f"refused {verdict.name}: {verdict.reason}")
    used = sum(v.used for v in verdicts)
    if profile is None:
        raise CommandError(f"only {used} usable frames of {len(verdicts)} (need 6): show the whole printed board, "
                           f"sharp, from different angles and distances")
    profile.save(args.out)
    print(f"{used} of {len(verdicts)} frames used; reprojection error {profile.rms_error_px:.3f} px")
    print(f"camera matrix: {[[round(v, 2) for v in row] for row in profile.camera_matrix]}")
    print(f"distortion: {[round(v, 5) for v in profile.distortion]}")
    print(f"saved {args.out} ({profile.width}x{profile.height})")
    return 0


def run_calibrate_table(args: argparse.Namespace) -> int:
    """Store a fixed rig's table plane and seat areas from one photo of the set table."""
    from companion.vision.rig import RigProfile, RigProfileError

    reader = _table_reader(args)
    frame = next(iter(_frames([args.image], 1)))
    result = reader.read(frame.image)
    try:
        rig = RigProfile.from_frame(result, frame.image.shape[1], frame.image.shape[0])
    except RigProfileError as error:
        raise CommandError(str(error)) from None
    rig.save(args.out)
    print(f"saved {args.out}: plane fitted to {len(result.placed)} markers "
          f"(rms {result.plane.rms_error_mm:.2f} mm), {len(rig.seats)} seats")
    return 0


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lens", metavar="PROFILE", help="lens profile from `companion calibrate lens`")
    parser.add_argument("--sizes", type=_sizes, metavar="FAMILY=MM,...",
                        help="printed code sides if not the defaults (qr=18,aruco=14)")


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add the camera commands to the `companion` parser."""
    scan = commands.add_parser("scan", help="every marker in images, and every code refused")
    scan.add_argument("images", nargs="+", metavar="IMAGE")
    scan.add_argument("--json", action="store_true", help="print JSON")
    _common(scan)
    scan.set_defaults(run=run_scan)

    table = commands.add_parser("table", help="rebuild the table file from photos or videos")
    table.add_argument("sources", nargs="+", metavar="IMAGE|VIDEO|FOLDER")
    table.add_argument("--json", action="store_true", help="print the table file")
    table.add_argument("--names", type=_names, metavar="WONDER=NAME,...", help="player names by wonder")
    table.add_argument("--players", type=int, help="the number of players, if not every board is in view")
    table.add_argument("--every", type=int, default=1, help="read every Nth video frame (default 1)")
    table.add_argument("--rig", metavar="RIG", help="fixed rig profile from `companion calibrate table`")
    _common(table)
    from companion.cli.architects_camera import add_architects_arguments

    add_architects_arguments(table)
    table.set_defaults(run=run_table)

    watch = commands.add_parser("watch", help="live: print changes as they are confirmed")
    watch.add_argument("source", metavar="CAMERA|VIDEO|demo|recording:PATH",
                       help="a camera index (0), a video file, or a recorded game (demo: the bundled one)")
    watch.add_argument("--names", type=_names, metavar="WONDER=NAME,...", help="player names by wonder")
    watch.add_argument("--every", type=int, default=1, help="read every Nth frame (default 1)")
    watch.add_argument("--realtime", action="store_true",
                       help="play a video or recording at its own pace (default: as fast as it is read)")
    watch.add_argument("--rig", metavar="RIG", help="fixed rig profile from `companion calibrate table`")
    _common(watch)
    watch.set_defaults(run=run_watch)

    record = commands.add_parser("record", help="render a recorded game into a video (no camera needed)")
    record.add_argument("recording", metavar="demo|RECORDING.json",
                        help="demo (the bundled 3-player game) or a recording file (docs/camera.md)")
    record.add_argument("--out", required=True, metavar="VIDEO.mp4|VIDEO.avi")
    record.add_argument("--fps", type=float, default=5.0, help="frames per second (default 5)")
    record.add_argument("--size", type=_frame_size, default=(1280, 720), metavar="WIDTHxHEIGHT",
                        help="frame size (default 1280x720)")
    record.add_argument("--seconds-per-turn", type=float, default=3.0, help="length of a turn (default 3)")
    record.add_argument("--level", choices=("easy", "medium", "hard", "extreme"), default="easy",
                        help="camera faults: blur, uneven light, glare, noise, JPEG (default easy)")
    record.add_argument("--seed", type=int, default=0, help="seed of the noise and the hands (default 0)")
    record.set_defaults(run=run_record)

    calibrate = commands.add_parser("calibrate", help="lens and fixed-rig calibration")
    targets = calibrate.add_subparsers(dest="target", metavar="TARGET", required=True)
    lens = targets.add_parser("lens", help="calibrate the lens on the printed ChArUco board (calibration/)")
    lens.add_argument("sources", nargs="+", metavar="VIDEO|IMAGES")
    lens.add_argument("--out", required=True, metavar="PROFILE.json")
    lens.add_argument("--every", type=int, default=10, help="use every Nth video frame (default 10)")
    lens.set_defaults(run=run_calibrate_lens)
    rig = targets.add_parser("table", help="store a fixed rig's table plane and seats from one photo")
    rig.add_argument("image", metavar="IMAGE")
    rig.add_argument("--out", required=True, metavar="RIG.json")
    _common(rig)
    rig.set_defaults(run=run_calibrate_table)

