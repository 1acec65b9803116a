"""`companion scan`, `table`, `watch`, `calibrate` and `record`: the camera from the command line."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable, Iterator
from dataclasses import replace
from pathlib import Path
from typing import Any

from companion.cli.arguments import positive_int, positive_number
from companion.cli.errors import CommandError
from companion.cli.paths import output_file
from companion.jsonread import did_you_mean, problem_lines, quoted

__all__ = ["register"]


def _sizes(text: str) -> dict[str, float]:
    sizes = {}
    for part in text.split(","):
        family, _, value = part.partition("=")
        try:
            sizes[family.strip()] = float(value.strip().lower().removesuffix("mm"))
        except ValueError:
            raise argparse.ArgumentTypeError(f"expected sizes like qr=18,aruco=14, got {quoted(str(text))}") from None
        if family.strip() not in ("qr", "aruco", "microqr"):
            raise argparse.ArgumentTypeError(f"unknown marker family {family.strip()!r}")
    return sizes


def _names(text: str) -> dict[str, str]:
    """Player names by wonder: a wonder of the camera's own game (`CAMERA_GAMES`: 7 Wonders), or of
    another game `companion table` reads (Architects, ``--game architects``)."""
    from companion.cli.registry import TABLE_READERS

    wonders = [*_camera_game().wonders(), *(w for other in TABLE_READERS.values() for w in other.wonders())]
    names = {}
    for part in text.split(","):
        wonder, _, name = (s.strip() for s in part.partition("="))
        if not name:
            raise argparse.ArgumentTypeError(f"expected names like gizah=Anna,rhodes=Boris, got {quoted(text)}")
        if wonder not in wonders:
            raise argparse.ArgumentTypeError(f"no wonder {quoted(wonder)}{did_you_mean(wonder, wonders)} "
                                             f"(wonders: {', '.join(wonders)})")
        names[wonder] = name
    return names


def _player_count(text: str) -> int:
    """`--players`: a player count the camera's own game seats."""
    return _camera_game().player_count(text)


def _camera_game() -> Any:
    """The game `table` and `watch` read when no other game's reader claims the frames (`CAMERA_GAMES`)."""
    from companion.cli.registry import CAMERA_GAMES

    return CAMERA_GAMES.values()[0]


def _seating(names: dict[str, str], players: int | None) -> list[str]:
    """The wonders clockwise when `--names` names every player (the game's set-up), else nothing."""
    if len(names) >= 3 and players in (None, len(names)):
        return list(names)
    return []


def _table_reader(args: argparse.Namespace) -> Any:
    from companion.vision.lens import LensProfile, LensProfileError
    from companion.vision.pipeline import TableReader
    from companion.vision.reader import MarkerReader
    from companion.vision.rig import RigProfile, RigProfileError

    lens = rig = None
    try:
        if getattr(args, "lens", None):
            lens = LensProfile.load(args.lens)
        if getattr(args, "rig", None):
            rig = RigProfile.load(args.rig)
    except (LensProfileError, RigProfileError) as error:
        raise CommandError(str(error)) from None
    seating = _seating(getattr(args, "names", None) or {}, getattr(args, "players", None))
    return TableReader(sizes_mm=getattr(args, "sizes", None) or {}, lens=lens, rig=rig,
                       player_count=getattr(args, "players", None), seating=seating,
                       reader=MarkerReader.for_family(getattr(args, "family", None)))


def _expand(source: str) -> tuple[list[str], bool]:
    """The sources a command argument stands for (a folder: its images, sorted by name) and whether
    an unreadable image among them is skipped (in a folder, or among several sources) rather than fatal."""
    from companion.vision.sources import IMAGE_SUFFIXES, is_video

    path = Path(source)
    if path.is_dir():
        images = sorted(str(p) for p in path.iterdir() if p.suffix.lower() in IMAGE_SUFFIXES)
        if not images:
            raise CommandError(f"{source}: no images in this folder")
        return images, True
    return [source], path.is_file() and not is_video(source)


def _live_frames(source: str, every: int, resolution: tuple[int, int] | None) -> Iterator[Any]:
    """A live camera's frames (asked for `resolution`): it first says on stderr what it delivers, and
    one that cannot be opened or is lost ends the command with its reason."""
    import itertools

    from companion.vision.sources import FrameSourceError, open_camera

    try:
        camera = open_camera(source, resolution)
        print(camera.describe(), file=sys.stderr, flush=True)
        yield from itertools.islice(camera, 0, None, every)
    except FrameSourceError as error:
        raise CommandError(str(error)) from None


def _frames(sources: list[str], every: int, realtime: bool = False, skipped: list[dict[str, str]] | None = None,
            resolution: tuple[int, int] | None = None) -> Iterator[Any]:
    """The frames of every source; an unreadable image of a folder (or of several images) is reported
    on stderr, added to `skipped`, and the rest are read."""
    from companion.vision.sources import FrameSourceError, frames_from, is_live

    several = len(sources) > 1
    read = 0
    for source in sources:
        if is_live(source):
            for frame in _live_frames(source, every, resolution):
                read += 1
                yield frame
            continue
        specs, may_skip = _expand(source)
        for index, spec in enumerate(specs):
            try:
                for frame in frames_from(spec, every=every, realtime=realtime):
                    read += 1
                    # A folder's photos come one a second, in name order, as frames_from gives them.
                    yield replace(frame, seconds=float(index)) if len(specs) > 1 else frame
            except FrameSourceError as error:
                if not (may_skip and (several or len(specs) > 1)):
                    raise CommandError(str(error)) from None
                print(f"skipped: {error}", file=sys.stderr)
                if skipped is not None:
                    skipped.append({"image": Path(spec).name, "error": str(error)})
    if not read:
        raise CommandError("no frame could be read")


def _frame_size(text: str) -> tuple[int, int]:
    width, _, height = text.lower().partition("x")
    try:
        size = (int(width), int(height))
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a frame size like 1280x720, got {quoted(str(text))}") from None
    if not (160 <= size[0] <= 7680 and 120 <= size[1] <= 4320):
        raise argparse.ArgumentTypeError(f"frame size {quoted(str(text))} is out of range (160x120 to 7680x4320)")
    return size


def _test_sheet(markers: list[dict[str, Any]], detections: list[Any]) -> dict[str, Any] | None:
    """For a photo of the test sheet (only test-pattern markers of one family): which printed size
    each sticker is (written into its entry as ``printed_mm``), which sizes were read and which not.
    The stickers differ in size by design, so the table plane's fit and its notes do not apply."""
    from companion.markers.testsheet import RELIABLE_PIXELS_PER_MODULE, match_printed_sizes

    if not detections or any(d.component.kind != "test" for d in detections):
        return None
    families = {d.code.family for d in detections}
    match = match_printed_sizes([d.quality for d in detections], families.pop()) if len(families) == 1 else None
    if match is None:
        return None
    for entry, size in zip(markers, match.sizes_mm, strict=True):
        entry["printed_mm"] = size
        entry["position_mm"] = None
    reliable = [m["printed_mm"] for m in markers if m["pixels_per_module"] >= RELIABLE_PIXELS_PER_MODULE]
    return {"family": markers[0]["family"], "read_mm": sorted(match.sizes_mm), "not_read_mm": list(match.unread_mm),
            "smallest_reliable_mm": min(reliable, default=None), "scale_spread": round(match.spread, 3)}


def run_scan(args: argparse.Namespace) -> int:
    """Print every marker found in each image, and every code refused with its reason; for a photo of
    the test sheet, which printed sizes were read."""
    reader = _table_reader(args)
    results: list[dict[str, Any]] = []
    skipped: list[dict[str, str]] = []
    for frame in _frames(args.images, 1, skipped=skipped):
        result = reader.read(frame.image, sequence=frame.sequence)
        markers = []
        positions = result.positions or [None] * len(result.reading.markers)
        for detection, position in zip(result.reading.markers, positions, strict=True):
            entry = detection.to_json()
            entry["position_mm"] = None if position is None else [round(position[0], 1), round(position[1], 1)]
            markers.append(entry)
        test_sheet = _test_sheet(markers, result.reading.markers)
        entry = {"image": frame.name, "markers": markers, "rejected": [r.to_json() for r in result.reading.rejected],
                 "plane_rms_error_mm": None if result.plane is None else round(result.plane.rms_error_mm, 2),
                 "notes": [] if test_sheet else result.notes, "seconds": round(result.seconds, 4)}
        if test_sheet:
            entry["test_sheet"] = test_sheet
            entry["plane_rms_error_mm"] = None
        results.append(entry)
    if args.json:
        print(json.dumps(results + skipped, indent=1, ensure_ascii=False))
        return 0
    for entry in results:
        print(f"{entry['image']}: {len(entry['markers'])} markers, {len(entry['rejected'])} codes refused, "
              f"{entry['seconds'] * 1000:.0f} ms")
        for marker in entry["markers"]:
            where = "" if marker["position_mm"] is None else f" at {marker['position_mm']} mm"
            name = f"test {marker['printed_mm']:g} mm" if "printed_mm" in marker else marker["component"]
            ppm = marker["pixels_per_module"]
            print(f"  {name:<34} {marker['family']:<6} {ppm:>5} px/module{where}")
        for refused in entry["rejected"]:
            print(f"  refused: {refused['message']}")
        for note in entry["notes"]:
            print(f"  note: {note}")
        if "test_sheet" in entry:
            print(_test_sheet_text(entry["test_sheet"]))
    return 0


def _test_sheet_text(sheet: dict[str, Any]) -> str:
    def sizes(values: list[float]) -> str:
        return ", ".join(f"{v:g}" for v in values) + " mm"

    text = f"  test sheet ({sheet['family']}): read {sizes(sheet['read_mm'])}"
    if sheet["not_read_mm"]:
        text += f"; not read {sizes(sheet['not_read_mm'])}"
    if sheet["smallest_reliable_mm"] is not None:
        text += f"; reliable (3 px/module or more) from {sheet['smallest_reliable_mm']:g} mm"
    return text


def checked_status(document: dict[str, Any], check: Callable[[dict[str, Any]], object]) -> int:
    """Check the table file in `document` (its ``x-`` sections left out): 0 when it is a valid table,
    else 1 with the problems recorded in its ``x-observation``."""
    from companion.problem import ProblemsError

    try:
        check({k: v for k, v in document.items() if not k.startswith("x-")})
    except ProblemsError as error:
        document["x-observation"]["table_problems"] = problem_lines(error.problems)
        return 1
    return 0


def run_table(args: argparse.Namespace) -> int:
    """Rebuild the table file from photos or videos; exit 1 when it is not a complete table."""
    from companion.cli.registry import TABLE_READERS
    from companion.vision.sources import is_recording, is_video

    reader = _table_reader(args)
    videos = any(is_video(s) or s.isdigit() or is_recording(s) for s in args.sources)
    for other_game in TABLE_READERS.values():          # Architects: read as its table when it is one
        status = other_game.run(args, reader, videos, _frames(args.sources, args.every))
        if status is not None:
            return status
    return _camera_game().read_table(args, reader, videos, _frames(args.sources, args.every))


def run_watch(args: argparse.Namespace) -> int:
    """Print changes as they are confirmed, frame by frame, until the source ends or Ctrl-C."""
    reader = _table_reader(args)
    return _camera_game().watch(args, reader, _frames([args.source], args.every, args.realtime,
                                                      resolution=args.resolution))


def run_record(args: argparse.Namespace) -> int:
    """Render a recorded game (the bundled demo or a recording file) into a video file: the first game
    that records videos (`RECORDERS`: 7 Wonders') does it."""
    from companion.cli.registry import RECORDERS

    recorders = RECORDERS.values()
    if not recorders:
        raise CommandError("no game installed renders recorded games")
    return recorders[0](args)


def run_calibrate_lens(args: argparse.Namespace) -> int:
    """Calibrate the lens on the printed ChArUco board and save the profile."""
    from companion.vision.lens import calibrate_lens

    out = output_file(args.out)
    profile, verdicts = calibrate_lens((f.name, f.image) for f in _frames(args.sources, args.every))
    refused = [{"frame": v.name, "reason": v.reason} for v in verdicts if not v.used]
    if not args.json:
        for verdict in refused:
            print(f"refused {verdict['frame']}: {verdict['reason']}")
    used = sum(v.used for v in verdicts)
    if profile is None:
        raise CommandError(f"only {used} usable frames of {len(verdicts)} (need 6): show the whole printed board, "
                           f"sharp, from different angles and distances")
    profile.save(out)
    if args.json:
        print(json.dumps({"profile": str(out), "frames": len(verdicts), "used": used, "refused": refused,
                          **profile.to_json()}, indent=1, ensure_ascii=False))
        return 0
    print(f"{used} of {len(verdicts)} frames used; reprojection error {profile.rms_error_px:.3f} px")
    print(f"camera matrix: {[[round(v, 2) for v in row] for row in profile.camera_matrix]}")
    print(f"distortion: {[round(v, 5) for v in profile.distortion]}")
    print(f"saved {args.out} ({profile.width}x{profile.height})")
    return 0


def run_calibrate_table(args: argparse.Namespace) -> int:
    """Store a fixed rig's table plane and seat areas from one photo of the set table."""
    from companion.vision.rig import RigProfile, RigProfileError

    out = output_file(args.out)
    reader = _table_reader(args)
    frame = next(iter(_frames([args.image], 1)))
    result = reader.read(frame.image, sequence=frame.sequence)
    try:
        rig = RigProfile.from_frame(result, frame.image.shape[1], frame.image.shape[0])
    except RigProfileError as error:
        raise CommandError(str(error)) from None
    rig.save(out)
    if args.json:
        print(json.dumps({"profile": str(out), "markers": len(result.placed),
                          "plane_rms_error_mm": round(result.plane.rms_error_mm, 3), **rig.to_json()},
                         indent=1, ensure_ascii=False))
        return 0
    print(f"saved {args.out}: plane fitted to {len(result.placed)} markers "
          f"(rms {result.plane.rms_error_mm:.2f} mm), {len(rig.seats)} seats")
    return 0


def _common(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--lens", metavar="PROFILE", help="lens profile from `companion calibrate lens`")
    parser.add_argument("--sizes", type=_sizes, metavar="FAMILY=MM,...",
                        help="printed code sides if not the defaults (qr=18,aruco=14)")
    parser.add_argument("--family", choices=("qr", "aruco", "both"), default="both",
                        help="the stickers the game uses: read only that family, faster (default both)")


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
    table.add_argument("--names", type=_names, metavar="WONDER=NAME,...",
                       help="player names by wonder; naming every player (3 or more), clockwise, gives the seating")
    table.add_argument("--players", type=_player_count,
                       help="the number of players: the box of cards follows it, not the boards in view, "
                            "and a table showing fewer cities is incomplete")
    table.add_argument("--every", type=positive_int, default=1, help="read every Nth video frame (default 1)")
    table.add_argument("--rig", metavar="RIG", help="fixed rig profile from `companion calibrate table`")
    _common(table)
    from companion.cli.registry import TABLE_READERS

    for other_game in TABLE_READERS.values():          # Architects' options (--game, --seating, --medals)
        other_game.add_arguments(table)
    table.set_defaults(run=run_table)

    watch = commands.add_parser("watch", help="live: print changes as they are confirmed")
    watch.add_argument("source", metavar="CAMERA|picamera|VIDEO|FOLDER|demo|recording:PATH",
                       help="a camera index (0), the Raspberry Pi camera (picamera; picamera,height=0.7 focuses "
                            "0.7 m away), a video file, a folder of photos, or a recorded game (demo: the bundled "
                            "one)")
    watch.add_argument("--resolution", type=_frame_size, metavar="WxH",
                       help="what a live camera is asked for (default: its best up to 3840x2160)")
    watch.add_argument("--names", type=_names, metavar="WONDER=NAME,...", help="player names by wonder")
    watch.add_argument("--every", type=positive_int, default=1, help="read every Nth frame (default 1)")
    watch.add_argument("--json", action="store_true", help="one JSON object a line: each change, then a summary")
    watch.add_argument("--realtime", action="store_true",
                       help="play a video or recording at its own pace (default: as fast as it is read)")
    watch.add_argument("--rig", metavar="RIG", help="fixed rig profile from `companion calibrate table`")
    _common(watch)
    watch.set_defaults(run=run_watch)

    record = commands.add_parser("record", help="render a recorded game into a video (no camera needed)")
    record.add_argument("recording", metavar="demo|RECORDING.json",
                        help="demo (the bundled 3-player game) or a recording file (docs/camera.md)")
    record.add_argument("--out", required=True, metavar="VIDEO.mp4|VIDEO.avi")
    record.add_argument("--fps", type=positive_number, default=5.0, help="frames per second (default 5)")
    record.add_argument("--size", type=_frame_size, default=(1280, 720), metavar="WIDTHxHEIGHT",
                        help="frame size (default 1280x720)")
    record.add_argument("--seconds-per-turn", type=positive_number, default=3.0, help="length of a turn (default 3)")
    record.add_argument("--level", choices=("easy", "medium", "hard", "extreme"), default="easy",
                        help="camera faults: blur, uneven light, glare, noise, JPEG (default easy)")
    record.add_argument("--seed", type=int, default=0, help="seed of the noise and the hands (default 0)")
    record.add_argument("--json", action="store_true", help="print what was written as JSON")
    record.set_defaults(run=run_record)

    calibrate = commands.add_parser("calibrate", help="lens and fixed-rig calibration")
    targets = calibrate.add_subparsers(dest="target", metavar="TARGET", required=True)
    lens = targets.add_parser("lens", help="calibrate the lens on the printed ChArUco board (calibration/)")
    lens.add_argument("sources", nargs="+", metavar="VIDEO|IMAGES")
    lens.add_argument("--out", required=True, metavar="PROFILE.json")
    lens.add_argument("--every", type=positive_int, default=10, help="use every Nth video frame (default 10)")
    lens.add_argument("--json", action="store_true", help="print the profile and the refused frames as JSON")
    lens.set_defaults(run=run_calibrate_lens)
    rig = targets.add_parser("table", help="store a fixed rig's table plane and seats from one photo")
    rig.add_argument("image", metavar="IMAGE")
    rig.add_argument("--out", required=True, metavar="RIG.json")
    rig.add_argument("--json", action="store_true", help="print the profile as JSON")
    _common(rig)
    rig.set_defaults(run=run_calibrate_table)

