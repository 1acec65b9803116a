"""What pip installs and what the source distribution holds: the headless OpenCV wheel with the numpy it
really needs, zxing-cpp on its 3.x line, a ``pi`` extra that makes picamera2 importable beside OpenCV,
the MIT licence declared and shipped, and the docs in the sdist."""

from __future__ import annotations

import importlib.metadata
import re
import subprocess
import sys
import tarfile
import tomllib
from pathlib import Path

import pytest
from packaging.requirements import Requirement
from packaging.version import Version

ROOT = Path(__file__).resolve().parents[1]
PYPROJECT = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))


def _extra(name: str) -> dict[str, Requirement]:
    return {Requirement(r).name: Requirement(r) for r in PYPROJECT["project"]["optional-dependencies"][name]}


def test_opencv_is_the_headless_wheel_on_the_4_12_line() -> None:
    vision = _extra("vision")
    assert "opencv-python" not in vision                    # the full wheel brings Qt and HighGUI windows
    opencv = vision["opencv-python-headless"]
    assert opencv.specifier.contains("4.12.0.88") and not opencv.specifier.contains("4.13.0.90")
    assert not opencv.specifier.contains("5.0.0.93")


def test_the_numpy_floor_is_the_one_opencv_4_12_needs() -> None:
    # The installed OpenCV wheel's own metadata says which numpy it loads with (4.12.0.88: >=2, <2.3 on
    # Python 3.9+): the floor is taken from there, not written down from memory.
    needed = next(Requirement(r) for r in importlib.metadata.requires("opencv-python-headless") or []
                  if Requirement(r).name == "numpy" and Requirement(r).marker is not None
                  and Requirement(r).marker.evaluate())
    ours = _extra("vision")["numpy"]
    for version in ("1.26.4", "2.0.0", "2.2.6", "2.4.0"):
        if not needed.specifier.contains(version):
            continue
        assert ours.specifier.contains(version), f"numpy {version} works with OpenCV but pyproject refuses it"
    assert not ours.specifier.contains("1.26.4") and not needed.specifier.contains("1.26.4")
    assert Version(importlib.metadata.version("numpy")) in needed.specifier


def test_zxing_cpp_is_the_3_x_line() -> None:
    zxing = _extra("vision")["zxing-cpp"]
    assert zxing.specifier.contains("3.1.1") and not zxing.specifier.contains("3.0.2")
    assert not zxing.specifier.contains("4.0.0")


def test_the_pi_extra_is_everything_and_a_simplejpeg_built_for_numpy_2() -> None:
    pi = _extra("pi")
    assert set(pi) == {"sevenwonders-companion", "simplejpeg"}
    assert pi["sevenwonders-companion"].extras == {"all"}
    # simplejpeg 1.9.0 is the first release with aarch64 wheels built against numpy 2 (Raspberry Pi OS
    # Bookworm's python3-simplejpeg is 1.8 built for numpy 1.24).
    assert pi["simplejpeg"].specifier.contains("1.9.0") and not pi["simplejpeg"].specifier.contains("1.8.2")


def test_the_licence_is_mit_declared_and_shipped() -> None:
    assert PYPROJECT["project"]["license"] == "MIT"
    text = (ROOT / "LICENSE").read_text(encoding="utf-8")
    assert text.startswith("MIT License") and "WITHOUT WARRANTY OF ANY KIND" in text
    for name in PYPROJECT["project"]["license-files"]:
        assert (ROOT / name).is_file()


@pytest.fixture(scope="module")
def sdist(tmp_path_factory: pytest.TempPathFactory) -> list[str]:
    out = tmp_path_factory.mktemp("sdist")
    done = subprocess.run([sys.executable, "-m", "build", "--sdist", "--outdir", str(out), str(ROOT)],
                          capture_output=True, text=True, timeout=300)
    assert done.returncode == 0, done.stderr[-3000:]
    archive = next(out.glob("*.tar.gz"))
    with tarfile.open(archive) as tar:
        return [name.split("/", 1)[1] for name in tar.getnames() if "/" in name]


def test_the_sdist_holds_the_docs_the_licence_and_the_package(sdist: list[str]) -> None:
    docs = sorted(p.name for p in (ROOT / "docs").glob("*.md"))
    assert docs and all(f"docs/{name}" in sdist for name in docs)
    for name in PYPROJECT["project"]["license-files"]:
        assert name in sdist
    assert "companion/kiosk/table-companion.service" in sdist
    assert "companion/games/sevenwonders/data/cards.json" in sdist
    assert not any(name.startswith((".venv/", "tests/output/")) for name in sdist)


def _installed_closure(name: str, extras: set[str], seen: dict[str, set[str]]) -> None:
    """Every distribution `name[extras]` pulls in, by the installed packages' own metadata."""
    key = name.lower().replace("_", "-")
    first = key not in seen
    if not first and extras <= seen[key]:
        return
    seen.setdefault(key, set()).update(extras)
    try:
        requires = importlib.metadata.requires(name) or []
    except importlib.metadata.PackageNotFoundError:
        return
    for text in requires:
        requirement = Requirement(text)
        marker = requirement.marker
        if (first if marker is None else any(marker.evaluate({"extra": e}) for e in seen[key] | {""})):
            _installed_closure(requirement.name, set(requirement.extras), seen)


def test_the_notice_lists_everything_the_pi_install_puts_in() -> None:
    text = (ROOT / "THIRD-PARTY-NOTICES.md").read_text(encoding="utf-8")
    section = text.split("## The Raspberry Pi rig", 1)[1]
    listed = {name.lower() for line in section.splitlines() if line.startswith("| `")
              for name in re.findall(r"`([^`]+)`", line.split("|")[1])}
    seen: dict[str, set[str]] = {}
    _installed_closure("sevenwonders-companion", {"pi"}, seen)
    wanted = (set(seen) | set(_extra("pi"))) - {"sevenwonders-companion"}
    assert "simplejpeg" in wanted and "opencv-python-headless" in wanted and "fpdf2" in wanted
    assert sorted(wanted - listed) == []
    for package in ("libzbar0", "libgl1", "libegl1", "libgl1-mesa-dri", "libmtdev1"):   # setup.sh's, at run time
        assert package in listed
