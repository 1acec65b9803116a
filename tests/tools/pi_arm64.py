"""The Raspberry Pi's software on this machine: an arm64 Debian Bookworm system (Raspberry Pi OS Bookworm
is Debian Bookworm) made from Debian's own arm64 packages, the product's aarch64 wheels in it, run under
qemu-aarch64 (Debian's qemu-user-static).

    .venv/bin/python -m tests.tools.pi_arm64 [--work DIR] [--json]

Steps (each timed; the figures go in docs/pi.md):

1. sysroot: Debian Bookworm's arm64 packages the rig uses (python3 3.11, python3-numpy 1.24, libzbar0,
   Mesa's libGL/EGL, libmtdev1) resolved and downloaded by apt-get with a private configuration (no
   change to this machine's apt), unpacked with ``dpkg-deb -x``; the BLAS/LAPACK alternatives their
   postinst scripts would link are linked;
2. Raspberry Pi OS's python3-simplejpeg: it is not in Debian, so simplejpeg 1.7.2's aarch64 wheel, a
   build against numpy 1.x as Raspberry Pi OS's is against 1.24, goes into the system's dist-packages;
3. wheels: the product's wheel built here and the aarch64 wheels of its dependencies downloaded from
   PyPI, installed into two virtual environments made by the arm64 Python with --system-site-packages,
   as docs/pi.md makes them: ``old`` with the all extra (what the docs installed before the pi extra),
   ``pi`` with the pi extra;
4. under qemu-aarch64: in ``old`` the system simplejpeg fails under numpy 2 exactly as on a Pi
   ("numpy.dtype size changed", picamera2 issues #1088, #1211); in ``pi`` numpy 2, OpenCV, the pi
   extra's simplejpeg, zxing-cpp, pyzbar with libzbar and Kivy all import; ``companion scan`` reads a
   frame of the bundled demo game (rendered here) and finds what the x86-64 build finds; ``companion
   score`` prints the bundled 5-player table's sheet as the x86-64 build does; the app starts offscreen
   (SDL's offscreen driver, Mesa's llvmpipe) at 800x480 back at a 7-player game's table, and its first
   frame is saved as a PNG.

Not here: picamera2 itself (its libcamera bindings are only in Raspberry Pi OS's archive), the camera,
the KMS/DRM screen and the Pi's speed (qemu emulates the CPU, many times slower). Needs apt-get,
dpkg-deb and qemu-user-static (installed with apt-get when missing, as root), and the network to
Debian's archive and PyPI; takes about a minute. Nothing is written into the tree (``--work DIR`` keeps
the sysroot there; by default a temporary folder, removed).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import subprocess
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from companion.games.sevenwonders.bench.app_taps import START_SCRIPT

ROOT = Path(__file__).resolve().parents[2]
DEBIAN_PACKAGES = ("python3", "python3-numpy", "libzbar0", "libgl1", "libegl1", "libgl1-mesa-dri", "libmtdev1")
"""The rig's Debian packages (setup.sh's list for the app and pyzbar) and Bookworm's numpy, arm64."""
SOURCES = ("http://deb.debian.org/debian bookworm main", "http://deb.debian.org/debian bookworm-updates main",
           "http://deb.debian.org/debian-security bookworm-security main")
ALTERNATIVES = ("blas/libblas.so.3", "lapack/liblapack.so.3")
"""Links update-alternatives makes in /usr/lib/aarch64-linux-gnu when libblas3 and liblapack3 are installed."""
NUMPY_1_SIMPLEJPEG = "simplejpeg==1.7.2"
"""The last simplejpeg whose aarch64 wheel is built against numpy 1.x (1.7.4 on are built for numpy 2)."""
PLATFORMS = ("manylinux2014_aarch64", *(f"manylinux_2_{minor}_aarch64" for minor in range(17, 37)))
"""The wheel tags Bookworm's glibc 2.36 on aarch64 takes."""
SCREENSHOT = """
saved = Window.screenshot(name=sys.argv[3])
from kivy.graphics.opengl import GL_RENDERER, glGetString
print("screenshot", saved, glGetString(GL_RENDERER).decode(), flush=True)
"""
"""After `companion bench app`'s cold-start script (the app back at a 7-player game's table, first frame
drawn): the frame saved, and the GL renderer named."""


class Step:
    """A timed step: its seconds go into the figures under its name."""

    def __init__(self, figures: dict[str, Any], name: str) -> None:
        self.figures, self.name = figures, name

    def __enter__(self) -> Step:
        print(f"-- {self.name}", flush=True)
        self.started = time.monotonic()
        return self

    def __exit__(self, *exc: object) -> None:
        self.figures.setdefault("seconds", {})[self.name] = round(time.monotonic() - self.started, 1)


def _run(command: list[str], **kwargs: Any) -> subprocess.CompletedProcess[str]:
    return subprocess.run(command, check=True, text=True, **kwargs)


def _host_tools() -> None:
    missing = [tool for tool in ("qemu-aarch64-static", "dpkg-deb", "apt-get") if shutil.which(tool) is None]
    if "qemu-aarch64-static" in missing and shutil.which("apt-get") and os.geteuid() == 0:
        _run(["apt-get", "-o", "DPkg::Lock::Timeout=600", "install", "-y", "-qq", "qemu-user-static"],
             env={**os.environ, "DEBIAN_FRONTEND": "noninteractive"}, stdout=subprocess.DEVNULL)
        missing.remove("qemu-aarch64-static")
    if missing:
        raise SystemExit(f"pi_arm64: needs {', '.join(missing)} (apt-get install qemu-user-static, as root)")


def _sysroot(work: Path) -> Path:
    """Debian Bookworm arm64 with the rig's packages, unpacked into work/root."""
    apt = work / "apt"
    for folder in ("etc/apt/apt.conf.d", "etc/apt/preferences.d", "etc/apt/sources.list.d",
                   "var/lib/apt/lists/partial", "var/cache/apt/archives/partial", "var/lib/dpkg"):
        (apt / folder).mkdir(parents=True, exist_ok=True)
    (apt / "var/lib/dpkg/status").write_text("")
    keyring = "/usr/share/keyrings/debian-archive-keyring.gpg"
    (apt / "etc/apt/sources.list").write_text(
        "".join(f"deb [arch=arm64 signed-by={keyring}] {source}\n" for source in SOURCES))
    config = work / "apt.conf"
    config.write_text(f'Dir "{apt}/";\nDir::State::status "{apt}/var/lib/dpkg/status";\n'
                      'APT::Architecture "arm64";\nAPT::Architectures { "arm64"; };\n'
                      'APT::Install-Recommends "false";\nDebug::NoLocking "true";\n')
    env = {**os.environ, "APT_CONFIG": str(config)}
    _run(["apt-get", "-qq", "update"], env=env)
    _run(["apt-get", "-qq", "install", "--download-only", "-y", *DEBIAN_PACKAGES], env=env)
    root = work / "root"
    root.mkdir(exist_ok=True)
    debs = sorted((apt / "var/cache/apt/archives").glob("*.deb"))
    for deb in debs:
        _run(["dpkg-deb", "-x", str(deb), str(root)])
    libs = root / "usr/lib/aarch64-linux-gnu"
    for target in ALTERNATIVES:
        link = libs / Path(target).name
        if (libs / target).exists() and not link.exists():
            link.symlink_to(target)
    print(f"   {len(debs)} arm64 packages unpacked", flush=True)
    return root


def _pip(*args: str) -> None:
    _run([sys.executable, "-m", "pip", "--disable-pip-version-check", "-q", *args])


def _aarch64(*args: str) -> list[str]:
    """pip options that pick aarch64 CPython 3.11 wheels for Bookworm."""
    options = ["--only-binary=:all:", "--python-version", "3.11", "--implementation", "cp", "--abi", "cp311"]
    for platform in PLATFORMS:
        options += ["--platform", platform]
    return [*options, *args]


def _wheels(work: Path, root: Path) -> tuple[Path, str]:
    """The product's wheel and its aarch64 dependencies in work/wheels; the numpy-1.x simplejpeg in the
    system's dist-packages (Raspberry Pi OS's python3-simplejpeg)."""
    wheels = work / "wheels"
    _run([sys.executable, "-m", "build", "--outdir", str(wheels), str(ROOT)],     # the sdist, then the wheel from it
         stdout=subprocess.DEVNULL)
    product = next(wheels.glob("sevenwonders_companion-*.whl"))
    _pip("download", *_aarch64("--dest", str(wheels), f"{product}[pi]"))
    system = root / "usr/lib/python3/dist-packages"
    _pip("install", *_aarch64("--no-deps", "--target", str(system), NUMPY_1_SIMPLEJPEG))
    return wheels, str(product)


def _venv(root: Path, name: str, wheels: Path, requirement: str) -> Path:
    """A virtual environment made by the arm64 Python with --system-site-packages, holding `requirement`."""
    venv = root / "opt" / name
    _qemu(root, root / "usr/bin/python3.11", "-m", "venv", "--system-site-packages", "--without-pip", str(venv))
    site = venv / "lib/python3.11/site-packages"
    _pip("install", *_aarch64("--no-index", "--find-links", str(wheels), "--target", str(site), requirement))
    return venv / "bin" / "python3"


def _qemu(root: Path, program: Path, *args: str, check: bool = True, env: dict[str, str] | None = None,
          cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    """Run an arm64 program of the sysroot under qemu-aarch64 (its libraries and files from the sysroot)."""
    guest = {"PATH": "/usr/bin:/bin", "HOME": str(root / "root"), "LANG": "C.UTF-8", **(env or {})}
    command = ["qemu-aarch64-static", "-L", str(root)]
    for key, value in guest.items():
        command += ["-E", f"{key}={value}"]
    return subprocess.run([*command, str(program), *args], check=check, text=True, capture_output=True, cwd=cwd,
                          env={"PATH": os.environ["PATH"]}, timeout=1800)


def _kivy_env(work: Path) -> dict[str, str]:
    return {"KIVY_NO_CONFIG": "1", "KIVY_NO_FILELOG": "1", "KIVY_NO_ARGS": "1", "KIVY_LOG_MODE": "PYTHON",
            "KIVY_HOME": str(work / "kivy")}


def _demo_frame(path: Path) -> None:
    """A late frame of the bundled demo game (3 players, ArUco stickers), rendered on this machine."""
    import cv2

    from companion.games.sevenwonders.simulation.playback import recorded_frames
    from companion.games.sevenwonders.simulation.recording import demo_recording

    last = None
    for seconds, image in recorded_frames(demo_recording()):
        last = image
        if seconds >= 45.0:
            break
    assert last is not None
    cv2.imwrite(str(path), last)


def _prepared_store(path: Path) -> None:
    """A game log whose open game is a 7-player table (`companion bench app`'s)."""
    from companion.games.sevenwonders.bench.app_taps import _prepare_store

    _prepare_store(path)


def _companion_json(args: list[str]) -> Any:
    done = _run([sys.executable, "-m", "companion", *args], capture_output=True, cwd=ROOT)
    return json.loads(done.stdout)


def _without_timing(scan: list[dict[str, Any]]) -> list[dict[str, Any]]:
    return [{k: v for k, v in entry.items() if k != "seconds"} for entry in scan]


def run(work: Path) -> dict[str, Any]:
    figures: dict[str, Any] = {}
    _host_tools()
    for earlier in ("root", "wheels"):                 # a kept --work folder: start again (apt's cache stays)
        shutil.rmtree(work / earlier, ignore_errors=True)
    with Step(figures, "sysroot"):
        root = _sysroot(work)
    with Step(figures, "wheels"):
        wheels, product = _wheels(work, root)
    with Step(figures, "venvs"):
        old = _venv(root, "venv-all", wheels, f"{product}[all]")
        pi = _venv(root, "venv-pi", wheels, f"{product}[pi]")

    with Step(figures, "bookworm simplejpeg under numpy 2 (old install)"):
        done = _qemu(root, old, "-c", "import numpy; print(numpy.__version__); import simplejpeg", check=False)
        reproduced = done.returncode != 0 and "numpy.dtype size changed" in done.stderr
        figures["old_install"] = {"numpy": done.stdout.strip(), "simplejpeg_fails": reproduced,
                                  "error": done.stderr.strip().splitlines()[-1] if done.stderr.strip() else ""}
        if not reproduced:
            raise SystemExit(f"the numpy-1.x simplejpeg did not fail under numpy 2: {done.stderr[-500:]}")

    with Step(figures, "imports (pi extra)"):
        script = ("import json, platform, numpy, cv2, simplejpeg, zxingcpp, kivy, pyzbar.pyzbar as z; "
                  "from importlib.metadata import version; "
                  "print(json.dumps({'machine': platform.machine(), 'python': platform.python_version(), "
                  "'numpy': numpy.__version__, 'opencv': cv2.__version__, 'aruco': hasattr(cv2, 'aruco'), "
                  "'simplejpeg': simplejpeg.__version__, 'simplejpeg_in_venv': 'venv-pi' in simplejpeg.__file__, "
                  "'zxing_cpp': version('zxing-cpp'), 'kivy': kivy.__version__, "
                  "'zbar_decodes': z.decode(numpy.zeros((8, 8), numpy.uint8)) == []}))")
        figures["imports"] = json.loads(_qemu(root, pi, "-c", script, env=_kivy_env(work)).stdout)
        if not (figures["imports"]["simplejpeg_in_venv"] and figures["imports"]["numpy"].startswith("2.")):
            raise SystemExit(f"the pi extra did not give numpy 2 with its own simplejpeg: {figures['imports']}")

    frame = work / "demo-frame.png"
    _demo_frame(frame)
    with Step(figures, "companion scan"):
        done = _qemu(root, pi, "-m", "companion", "scan", "--json", str(frame))
    arm, x86 = json.loads(done.stdout), _companion_json(["scan", "--json", str(frame)])
    figures["scan"] = {"markers": len(arm[0]["markers"]), "same_as_x86_64": _without_timing(arm) ==
                       _without_timing(x86), "read_ms_arm64_emulated": round(arm[0]["seconds"] * 1000),
                       "read_ms_x86_64": round(x86[0]["seconds"] * 1000)}
    if not figures["scan"]["same_as_x86_64"] or not figures["scan"]["markers"]:
        raise SystemExit(f"companion scan on arm64 differs from x86-64: {figures['scan']}")

    table = ROOT / "companion/games/sevenwonders/data/demo/five-player-table.json"
    with Step(figures, "companion score"):
        done = _qemu(root, pi, "-m", "companion", "score", "--json", str(table))
    figures["score"] = {"same_as_x86_64": json.loads(done.stdout) == _companion_json(["score", "--json", str(table)]),
                        "winners": json.loads(done.stdout).get("winners")}
    if not figures["score"]["same_as_x86_64"]:
        raise SystemExit("companion score on arm64 differs from x86-64")

    store, screenshot = work / "games.sqlite", work / "app-start-arm64.png"
    _prepared_store(store)
    bench = START_SCRIPT.replace("size=(1280, 800)", "size=(800, 480)")      # the Pi's touchscreen
    assert bench != START_SCRIPT, "companion bench app's start script changed: update this"
    with Step(figures, "app start offscreen"):
        done = _qemu(root, pi, "-c", bench + SCREENSHOT, "app", str(store), str(screenshot),
                     env={**_kivy_env(work), "SDL_VIDEODRIVER": "offscreen"})
    shown = done.stdout.split("screenshot", 1)[1].split()
    figures["app"] = {"screen": done.stdout.split("drawn", 1)[1].split()[0], "screenshot": shown[0],
                      "renderer": " ".join(shown[1:])}
    if figures["app"]["screen"] != "table":
        raise SystemExit(f"the app did not come back to the open game: {done.stdout[-500:]}")
    return figures


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--work", type=Path, help="build the sysroot in DIR and keep it (default: a temporary "
                                                  "folder, removed)")
    parser.add_argument("--json", action="store_true", help="print the figures as JSON")
    args = parser.parse_args()
    started = time.monotonic()
    if args.work:
        args.work.mkdir(parents=True, exist_ok=True)
        figures = run(args.work.resolve())
    else:
        with tempfile.TemporaryDirectory(prefix="pi-arm64-") as folder:
            figures = run(Path(folder))
    figures["total_s"] = round(time.monotonic() - started, 1)
    print(json.dumps(figures, indent=1) if args.json else "\n".join(f"{k}: {v}" for k, v in figures.items()))
    return 0


if __name__ == "__main__":
    sys.exit(main())
