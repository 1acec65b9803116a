"""Measure the tablet's sticker reader: the desktop reader with zxing-cpp absent (python-for-android
has no zxing-cpp recipe), i.e. QR codes through pyzbar on tiles and ArUco through OpenCV.

    python android/measure_reader.py [--trials 300]

It runs `companion bench markers`' own renderer and recall loop (`companion.bench.markers.measure`)
with zxing-cpp made unimportable, over the two decoders the tablet uses, and prints the recall per
pixels per module and the least pixels per module that reaches each target (QR 99.5 %, ArUco 99 %).
docs/android.md records the figures.
"""

from __future__ import annotations

import argparse
import sys

sys.modules["zxingcpp"] = None  # type: ignore[assignment]   # as on the tablet: importing it fails


def main() -> int:
    from companion.bench import markers
    from companion.markers import load_marker_registry
    from companion.vision.decoders import ArucoDecoder
    from companion.vision.reader import MarkerReader

    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trials", type=int, default=300, help="stickers per family and size (default 300)")
    args = parser.parse_args()
    registry = load_marker_registry()
    reader = MarkerReader(registry, qr="auto", aruco=False)
    assert [d.name for d in reader.decoders] == ["zbar"], "zxing-cpp must be absent here"
    aruco = ArucoDecoder(registry.fiducial_dictionary)

    def tablet_decoders(_registry: object) -> list[tuple[str, str, object]]:
        return [("qr", "tablet reader (pyzbar)", lambda grey: [d.code for d in reader.read(grey).markers]),
                ("aruco", "opencv aruco", aruco.decode)]

    markers._decoders = tablet_decoders  # type: ignore[assignment]
    rows = markers.measure(args.trials)
    print(f"tablet reader without zxing-cpp, {args.trials} stickers per cell (tilt 0-35 deg, blur 0-1 px, noise, "
          "uneven light, JPEG 85)")
    print(f"{'family':<8}{'decoder':<26}" + "".join(f"{ppm:>7g}" for ppm in markers.PIXELS_PER_MODULE))
    verdicts = []
    for family, decoder in (("qr", "tablet reader (pyzbar)"), ("aruco", "opencv aruco")):
        line = [r for r in rows if r.family == family and r.decoder == decoder]
        print(f"{family:<8}{decoder:<26}" + "".join(f"{r.recall:>7.3f}" for r in line))
        needed = markers.needed_pixels_per_module(rows, family, decoder)
        verdicts.append(f"{family}: recall >= {markers.TARGETS[family]:.1%} from {needed} px/module")
    print("; ".join(verdicts))
    return 0


if __name__ == "__main__":
    sys.exit(main())
