"""`companion markers list` and `companion markers sheets`: what each marker means, and the PDFs to print."""

from __future__ import annotations

import argparse
import json

from companion.cli.errors import CommandError
from companion.cli.paths import output_folder
from companion.i18n import LANGUAGES
from companion.jsonread import quoted
from companion.markers import encode_payload, load_marker_registry
from companion.markers.registry import MARKER_NAMINGS

__all__ = ["register"]


def run_list(args: argparse.Namespace) -> int:
    """Print every component with its QR payload and fiducial id."""
    registry = load_marker_registry()
    entries = []
    for component in registry:
        entry = component.to_json()
        entry["payload"] = encode_payload(component.marker, registry)
        entry["fiducial_id"] = component.marker
        entries.append(entry)
    if args.json:
        print(json.dumps({"namespace": registry.namespace, "payload_version": registry.payload_version,
                          "fiducial_dictionary": registry.fiducial_dictionary, "components": entries},
                         indent=1, ensure_ascii=False))
        return 0
    print(f"{'marker':>6}  {'QR payload':<10}  {'component':<36}  name")
    for entry, component in zip(entries, registry, strict=True):
        first, second = component.label(args.language)
        print(f"{component.marker:>6}  {entry['payload']:<10}  {component.key:<36}  {first} ({second})")
    return 0


def _size(text: str) -> float:
    value = text.strip().lower().removesuffix("mm").strip()
    try:
        return float(value)
    except ValueError:
        raise argparse.ArgumentTypeError(f"expected a size like 14mm, got {quoted(str(text))}") from None


def run_sheets(args: argparse.Namespace) -> int:
    """Write the sticker sheets as PDFs."""
    from companion.markers.sheets import SheetSpec, write_sheets

    sets = tuple(s.strip() for s in args.set.split(",") if s.strip())
    spec = SheetSpec(args.family, args.size, args.paper, args.language, sets)
    out = output_folder(args.out)
    try:
        written = write_sheets(spec, load_marker_registry(), out)
    except (ValueError, FileNotFoundError) as error:
        raise CommandError(str(error)) from None
    if args.json:
        print(json.dumps({"family": spec.family, "size_mm": spec.size_mm, "paper": spec.paper,
                          "language": spec.language, "sets": list(spec.sets),
                          "files": [str(path) for path in written]}, indent=1, ensure_ascii=False))
        return 0
    for path in written:
        print(path)
    return 0


def register(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Add `markers` and its subcommands to the `companion` parser."""
    markers = commands.add_parser("markers", help="marker codes and printable sticker sheets")
    actions = markers.add_subparsers(dest="action", metavar="ACTION", required=True)
    listing = actions.add_parser("list", help="every component with its QR payload and fiducial id")
    listing.add_argument("--json", action="store_true", help="print JSON")
    listing.add_argument("--language", choices=LANGUAGES, default="en", help="names in this language")
    listing.set_defaults(run=run_list)
    sheets = actions.add_parser("sheets", help="write print-ready PDF sticker sheets")
    sheets.add_argument("--family", choices=("qr", "aruco"), required=True, help="QR codes or compact ArUco markers")
    sheets.add_argument("--paper", choices=("a4", "letter"), default="a4")
    sheets.add_argument("--size", type=_size, required=True, help="side of the printed code, e.g. 14mm")
    sets = MARKER_NAMINGS.keys()                    # each game's sets, in the games' order
    sheets.add_argument("--set", default="base",
                        help=f"{', '.join(sets)} or a list such as {','.join(sets[:2])} (default base)")
    sheets.add_argument("--language", choices=LANGUAGES, default="en", help="language of the labels")
    sheets.add_argument("--out", required=True, metavar="DIR", help="folder for the PDFs")
    sheets.add_argument("--json", action="store_true", help="print the files written as JSON")
    sheets.set_defaults(run=run_sheets)
