"""Build zxing-cpp's Python module here exactly as android/recipes/zxing-cpp builds it for the tablet,
then import it and read a QR code with it: everything of the recipe but the NDK, proven on this machine.

    .venv/bin/python android/build_zxing_here.py [--keep DIR]

What python-for-android 2026.5.9's `PyProjectRecipe.build_arch` does, step by step, with the recipe's
own values (read from the recipe, not copied): the sdist from the recipe's URL, checked against its
sha512sum; a build machine Python holding the recipe's ``hostpython_prerequisites``; the recipe's patch
applied with ``patch -t -p1``; ``python -m build --wheel --config-setting builddir=...`` with the
recipe's `cmake_environment`. The Android platform defines (toolchain file, ABI, API level, target
Python) are replaced by ``-DCMAKE_SYSTEM_NAME=Linux`` and this Python's headers: CMake then treats the
build as a cross-build (``CMAKE_CROSSCOMPILING``), so the patched-out type stub is skipped as on
Android, while the module still loads here. Then the wheel is checked (one ``zxingcpp.so``, no stub,
libZXing linked in) and the module reads a QR code and refuses to write one (writers off).

Needs a C++20 compiler (g++ 12 or clang) and the network to PyPI; takes 1-2 minutes on two cores.
Nothing is left in the tree: everything happens in a temporary folder (``--keep DIR`` keeps it there).
CI runs it (.ci/run); docs/android.md records what it proves.
"""

from __future__ import annotations

import argparse
import hashlib
import importlib.util
import os
import shutil
import subprocess
import sys
import sysconfig
import tempfile
import time
import urllib.request
import zipfile
from pathlib import Path
from typing import Any

HERE = Path(__file__).resolve().parent
RECIPE_DIR = HERE / "recipes" / "zxing-cpp"
CHECK_SCRIPT = """
import sys, numpy as np, segno, zxingcpp
assert zxingcpp.__file__.startswith(sys.argv[1]), zxingcpp.__file__
text = "7W:table-companion:zxing-recipe"
matrix = np.array(segno.make_qr(text, error="m").matrix, dtype=np.uint8)
image = np.kron(np.pad(1 - matrix, 4, constant_values=1) * 255, np.ones((5, 5), dtype=np.uint8)).astype(np.uint8)
found = [(b.text, b.format.name) for b in zxingcpp.read_barcodes(image)]
assert found == [(text, "QRCode")], found
try:
    zxingcpp.create_barcode("x", zxingcpp.BarcodeFormat.QRCode)
except RuntimeError as error:
    assert "does not support creating" in str(error), error
else:
    raise AssertionError("the module can write codes: ZXING_WRITERS=OFF did not take")
print("read", found[0][0], "from a", image.shape[1], "x", image.shape[0], "picture; writing refused")
"""


def _recipe() -> Any:
    """The recipe module, loaded as python-for-android loads local recipes (by file)."""
    spec = importlib.util.spec_from_file_location("zxing_cpp_recipe", RECIPE_DIR / "__init__.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def _run(command: list[str], step: str, **kwargs: Any) -> None:
    shown = [part if len(part) < 120 else part[:60].strip() + " ..." for part in command[:6]]
    print(f"-- {step}: {' '.join(shown)}{' ...' if len(command) > 6 else ''}", flush=True)
    subprocess.run(command, check=True, **kwargs)


def _download(url: str, sha512: str, into: Path) -> Path:
    path = into / url.rsplit("/", 1)[1]
    print(f"-- download {url}", flush=True)
    with urllib.request.urlopen(url, timeout=120) as response:
        path.write_bytes(response.read())
    digest = hashlib.sha512(path.read_bytes()).hexdigest()
    if digest != sha512:
        raise SystemExit(f"{path.name}: sha512 {digest} is not the recipe's {sha512}")
    return path


def _check_wheel(wheel: Path) -> list[str]:
    with zipfile.ZipFile(wheel) as archive:
        names = sorted(n for n in archive.namelist() if not n.startswith("zxing_cpp-"))
    problems = []
    if names != ["zxingcpp/__init__.py", "zxingcpp/zxingcpp.so"]:
        problems.append(f"the wheel holds {names}, not zxingcpp/__init__.py and zxingcpp/zxingcpp.so alone "
                        "(a .pyi means the stub was built; a libZXing.so means it is not linked in)")
    return problems


def build(work: Path) -> float:
    """Build, check and use the module in `work`; return the seconds the wheel build took."""
    module = _recipe()
    recipe = module.recipe
    url = recipe.url.format(version=recipe.version)
    sdist = _download(url, recipe.sha512sum, work)

    host = work / "hostpython"
    _run([sys.executable, "-m", "venv", str(host)], "build machine Python")
    python = host / "bin" / "python"
    _run([str(python), "-m", "pip", "install", "--quiet", "--disable-pip-version-check", "build[virtualenv]",
          *recipe.hostpython_prerequisites], "hostpython_prerequisites")
    site = Path(subprocess.run([str(python), "-c", "import sysconfig; print(sysconfig.get_path('purelib'))"],
                               check=True, capture_output=True, text=True).stdout.strip())

    shutil.unpack_archive(sdist, work)
    source = work / f"zxing_cpp-{recipe.version}"
    for patch in recipe.patches:
        _run(["patch", "-t", "-d", str(source), "-p1", "-i", str(RECIPE_DIR / patch)], f"patch {patch}")

    platform = ["-DCMAKE_SYSTEM_NAME=Linux",         # a cross-build for this machine: CMAKE_CROSSCOMPILING
                f"-DPython_INCLUDE_DIR={sysconfig.get_path('include')}"]
    env = {**os.environ, **module.cmake_environment(platform, site / "nanobind" / "cmake")}
    env["PATH"] = f"{host / 'bin'}{os.pathsep}{env['PATH']}"      # cmake and ninja from the prerequisites
    started = time.monotonic()
    _run([str(python), "-m", "build", "--wheel", "--config-setting", f"builddir={work / 'p4a_android_build'}"],
         "python -m build --wheel", cwd=source, env=env)
    seconds = time.monotonic() - started
    wheel = next((source / "dist").glob("*.whl"))
    problems = _check_wheel(wheel)
    if problems:
        raise SystemExit("; ".join(problems))

    target = work / "installed"
    with zipfile.ZipFile(wheel) as archive:                       # as p4a's install_wheel: extract it
        archive.extractall(target)
    _run([sys.executable, "-c", CHECK_SCRIPT, str(target)], "import it and read a QR code",
         env={**os.environ, "PYTHONPATH": str(target)})
    return seconds


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--keep", metavar="DIR", type=Path, help="build in DIR and keep it (default: a "
                                                                   "temporary folder, removed)")
    args = parser.parse_args()
    if shutil.which("c++") is None and shutil.which("g++") is None and shutil.which("clang++") is None:
        print("build_zxing_here: no C++ compiler (apt-get install g++)", file=sys.stderr)
        return 2
    started = time.monotonic()
    if args.keep:
        args.keep.mkdir(parents=True, exist_ok=True)
        seconds = build(args.keep)
    else:
        with tempfile.TemporaryDirectory(prefix="zxing-recipe-") as folder:
            seconds = build(Path(folder))
    print(f"zxing-cpp recipe built here: wheel {seconds:.0f} s, all steps {time.monotonic() - started:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
