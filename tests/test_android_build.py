"""The Android build files: android/buildozer.spec pinned and unattended, and its requirements line
resolved offline by python-for-android 2026.5.9's own recipe graph (no SDK, NDK or download)."""

from __future__ import annotations

import configparser
import importlib.metadata
import re
import struct
import tomllib
from pathlib import Path
from typing import Any

import pytest

ROOT = Path(__file__).resolve().parents[1]
SPEC = ROOT / "android" / "buildozer.spec"
P4A_RELEASE = "2026.5.9"
P4A_RELEASE_COMMIT = "58d21141f17c889bf8585f5665921d72028f8831"
"""The commit python-for-android's tag v2026.05.09 names (on its master branch)."""


@pytest.fixture(scope="module")
def spec() -> configparser.ConfigParser:
    parser = configparser.ConfigParser()          # buildozer's own reader: %(source.dir)s interpolated
    parser.read(SPEC, encoding="utf-8")
    return parser


def _requirements(spec: configparser.ConfigParser) -> dict[str, str | None]:
    pinned: dict[str, str | None] = {}
    for item in spec.get("app", "requirements").split(","):
        name, _, version = item.strip().partition("==")
        pinned[name] = version or None
    return pinned


def _png_size(path: Path) -> tuple[int, int]:
    data = path.read_bytes()
    assert data[:8] == b"\x89PNG\r\n\x1a\n", f"{path} is not a PNG"
    return struct.unpack(">II", data[16:24])


def test_the_build_is_pinned_and_unattended(spec: configparser.ConfigParser) -> None:
    assert spec.get("app", "p4a.commit") == P4A_RELEASE_COMMIT     # a fixed release, not master's tip
    assert spec.get("app", "p4a.branch") == "master"                # the branch buildozer clones it from
    assert spec.getboolean("app", "android.accept_sdk_license") is True
    assert spec.getint("buildozer", "warn_on_root") == 0


def test_python_is_the_version_ci_tests(spec: configparser.ConfigParser) -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    lowest = re.fullmatch(r">=(\d+\.\d+)", pyproject["project"]["requires-python"])
    assert lowest is not None
    pinned = _requirements(spec)
    assert pinned["python3"] is not None and pinned["python3"].startswith(lowest.group(1) + ".")
    assert pinned["hostpython3"] == pinned["python3"]        # python-for-android refuses two versions


def test_the_apk_is_built_for_64_bit_arm_only(spec: configparser.ConfigParser) -> None:
    archs = [arch.strip() for arch in spec.get("app", "android.archs").split(",")]
    assert archs == ["arm64-v8a"]


def test_api_screen_and_permissions(spec: configparser.ConfigParser) -> None:
    assert spec.getint("app", "android.api") == 35          # Google Play's floor
    assert spec.getint("app", "android.minapi") <= spec.getint("app", "android.ndk_api") <= 35
    assert spec.get("app", "orientation") == "landscape"
    assert spec.getboolean("app", "android.wakelock") is True
    permissions = [p.strip() for p in re.split(r",\s*(?![^()]*\))", spec.get("app", "android.permissions"))]
    assert "CAMERA" in permissions
    assert "(name=android.permission.WRITE_EXTERNAL_STORAGE;maxSdkVersion=28)" in permissions


def test_the_icon_and_presplash_are_drawn(spec: configparser.ConfigParser) -> None:
    source = SPEC.parent                                   # buildozer runs in android/: source.dir is "."
    icon = (source / spec.get("app", "icon.filename")).resolve()
    presplash = (source / spec.get("app", "presplash.filename")).resolve()
    assert icon == source / "art" / "icon.png" and presplash == source / "art" / "presplash.png"
    width, height = _png_size(icon)
    assert width == height >= 192                          # a square launcher icon, xxxhdpi at least
    width, height = _png_size(presplash)
    assert width > height >= 300


def test_every_runtime_dependency_of_the_app_is_in_the_requirements(spec: configparser.ConfigParser) -> None:
    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    needed = (pyproject["project"]["dependencies"] + pyproject["project"]["optional-dependencies"]["vision"]
              + pyproject["project"]["optional-dependencies"]["app"])
    # The Android names of the desktop packages.
    android_name = {"opencv-python-headless": "opencv"}
    pinned = _requirements(spec)
    for requirement in needed:
        package = re.split(r"[<>=!\[ ]", requirement, maxsplit=1)[0].lower()
        name = android_name.get(package, package)
        if name is not None:
            assert name in pinned, f"{package} (as {name}) is missing from the requirements line"
    assert pinned["kivy"] == "2.3.1" and "kivy==2.3.1" in needed


def _resolved(spec: configparser.ConfigParser,
              monkeypatch: pytest.MonkeyPatch) -> tuple[Any, list[str], list[str], Any]:
    """python-for-android's own resolution of the requirements line: (context, recipes in build order,
    pure Python modules pip installs, bootstrap)."""
    from pythonforandroid.bootstrap import Bootstrap
    from pythonforandroid.build import Context
    from pythonforandroid.graph import get_recipe_order_and_bootstrap

    pinned = _requirements(spec)
    for name, version in pinned.items():                   # what p4a's toolchain does with name==version
        if version:
            monkeypatch.setenv(f"VERSION_{name}", version)
    context: Any = Context()
    context.local_recipes = str((SPEC.parent / spec.get("app", "p4a.local_recipes")).resolve())
    bootstrap = Bootstrap.get_bootstrap(spec.get("app", "p4a.bootstrap"), context)
    recipes, python_modules, bootstrap = get_recipe_order_and_bootstrap(context, list(pinned), bootstrap)
    return context, list(recipes), list(python_modules), bootstrap


def test_python_for_android_resolves_the_requirements_offline(spec: configparser.ConfigParser,
                                                              monkeypatch: pytest.MonkeyPatch) -> None:
    assert importlib.metadata.version("python-for-android") == P4A_RELEASE     # the test extra pins it
    from pythonforandroid.recipe import Recipe

    pinned = _requirements(spec)
    context, recipes, python_modules, bootstrap = _resolved(spec, monkeypatch)
    assert bootstrap.name == "sdl2"
    for name in ("python3", "hostpython3", "kivy", "opencv", "numpy", "pyzbar", "libzbar", "sqlite3", "pyjnius",
                 "android"):
        assert name in recipes, f"{name} has no recipe in python-for-android {P4A_RELEASE}"
    assert recipes.index("numpy") < recipes.index("opencv") and recipes.index("python3") < recipes.index("kivy")
    for name in ("segno", "platformdirs", "androidstorage4kivy"):
        assert name in python_modules                       # pure Python: pip installs them
    zxing = Recipe.get_recipe("zxing-cpp", context)        # ours, from android/recipes/
    assert Path(zxing.get_recipe_dir()) == SPEC.parent / "recipes" / "zxing-cpp"
    assert "zxing-cpp" in recipes and recipes.index("python3") < recipes.index("zxing-cpp")
    from packaging.requirements import Requirement

    pyproject = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))
    desktop = next(Requirement(r) for r in pyproject["project"]["optional-dependencies"]["vision"]
                   if r.startswith("zxing-cpp"))
    assert desktop.specifier.contains(zxing.version)        # the zxing-cpp the desktop may use
    assert Recipe.get_recipe("python3", context).version == pinned["python3"]
    assert Recipe.get_recipe("kivy", context).version == "2.3.1"
    assert Recipe.get_recipe("numpy", context).version.lstrip("v") == "2.3.0"   # numpy 2.3: no np.fromstring
    assert Recipe.get_recipe("opencv", context).version.startswith("4.12.")     # as pyproject's opencv-python-headless


# -- the zxing-cpp recipe ----------------------------------------------------------------------------
@pytest.fixture
def zxing_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> dict[str, str]:
    """The environment python-for-android 2026.5.9 builds our zxing-cpp recipe in for arm64-v8a, computed by
    its own Context, NDK, bootstrap and recipe classes (an NDK folder with the compilers p4a looks up; no
    SDK and no download)."""
    from pythonforandroid.androidndk import AndroidNDK
    from pythonforandroid.archs import ArchAarch_64
    from pythonforandroid.bootstrap import Bootstrap
    from pythonforandroid.build import Context
    from pythonforandroid.distribution import Distribution
    from pythonforandroid.recipe import Recipe

    for name in ("python3", "hostpython3"):
        monkeypatch.setenv(f"VERSION_{name}", "3.11.13")
    monkeypatch.setattr(Recipe, "recipes", {})              # p4a caches recipes, bound to their first Context
    ndk = tmp_path / "ndk"
    compilers = ndk / "toolchains" / "llvm" / "prebuilt" / "linux-x86_64" / "bin"
    compilers.mkdir(parents=True)
    for tool in ("clang", "clang++"):
        (compilers / tool).write_text("#!/bin/sh\nexit 1\n")
        (compilers / tool).chmod(0o755)
    context: Any = Context()
    context.local_recipes = str(SPEC.parent / "recipes")
    context.setup_dirs(str(tmp_path / "p4a"))
    context.ndk_dir, context.ndk, context.ndk_api, context.android_api = str(ndk), AndroidNDK(str(ndk)), 24, 35
    context.recipe_build_order = ["hostpython3", "python3", "zxing-cpp"]
    context.python_recipe = Recipe.get_recipe("python3", context)
    bootstrap = Bootstrap.get_bootstrap("sdl2", context)
    bootstrap.distribution = Distribution.get_distribution(context, name="tablecompanion", recipes=[],
                                                           archs=["arm64-v8a"])
    context.bootstrap = bootstrap
    env: dict[str, str] = Recipe.get_recipe("zxing-cpp", context).get_recipe_env(ArchAarch_64(context))
    env["test:ndk"], env["test:hostpython"] = str(ndk), Recipe.get_recipe("hostpython3", context).site_dir
    return env


def test_the_zxing_recipe_cross_builds_with_nothing_fetched(zxing_env: dict[str, str]) -> None:
    defines = zxing_env["SKBUILD_CMAKE_ARGS"].split(";")
    assert "CMAKE_ARGS" not in zxing_env                        # one of the two, as p4a's videonative recipe
    assert f"-DCMAKE_TOOLCHAIN_FILE={zxing_env['test:ndk']}/build/cmake/android.toolchain.cmake" in defines
    assert "-DANDROID_ABI=arm64-v8a" in defines and "-DANDROID_PLATFORM=android-24" in defines
    assert "-DANDROID_STL=c++_shared" in defines
    include = next(d for d in defines if d.startswith("-DPython_INCLUDE_DIR="))
    assert include.endswith("/include/python3.11")             # the target Python's headers, not the host's
    # nanobind from the build machine's Python (a hostpython prerequisite), and CMake forbidden to fetch.
    nanobind = Path(next(d for d in defines if d.startswith("-Dnanobind_DIR=")).partition("=")[2])
    assert nanobind == Path(zxing_env["test:hostpython"]) / "nanobind" / "cmake"
    assert "-DZXING_DEPENDENCIES=LOCAL" in defines
    assert "-DZXING_WRITERS=OFF" in defines and "-DBUILD_SHARED_LIBS=OFF" in defines
    # zxingcpp.so: scikit-build-core's cross-compiling SOABI is empty and nanobind's suffix is set.
    assert zxing_env["SETUPTOOLS_EXT_SUFFIX"] == ".so" and "-DNB_SUFFIX=.so" in defines
    assert zxing_env["SKBUILD_STRICT_CONFIG"] == "false"      # p4a passes --config-setting builddir=...
    assert "-lpython3.11" in zxing_env["LDFLAGS"].split()       # Android modules link libpython themselves


def test_the_zxing_recipe_has_its_prerequisites_and_patch() -> None:
    from pythonforandroid.build import Context
    from pythonforandroid.recipe import Recipe

    context: Any = Context()
    context.local_recipes = str(SPEC.parent / "recipes")
    recipe = Recipe.get_recipe("zxing-cpp", context)
    assert re.fullmatch(r"[0-9a-f]{128}", recipe.sha512sum)
    assert recipe.url.format(version=recipe.version).endswith(f"/zxing_cpp-{recipe.version}.tar.gz")
    names = {re.split(r"[<>=]", p, maxsplit=1)[0] for p in recipe.hostpython_prerequisites}
    assert {"nanobind", "scikit-build-core", "cmake", "ninja"} <= names
    assert recipe.need_stl_shared
    # The patch guards the stub (and its install) with CMAKE_CROSSCOMPILING; build_zxing_here.py applies it
    # to the real sdist and builds it (CI).
    patch = (Path(recipe.get_recipe_dir()) / recipe.patches[0]).read_text(encoding="utf-8")
    removed = [line[1:] for line in patch.splitlines() if line.startswith("-") and not line.startswith("---")]
    added = [line[1:].strip() for line in patch.splitlines() if line.startswith("+") and not line.startswith("+++")]
    assert "nanobind_add_stub(" in removed and added.count("if (NOT CMAKE_CROSSCOMPILING)") == 2
    assert "nanobind_add_stub(" in added and patch.startswith("--- a/CMakeLists.txt\n+++ b/CMakeLists.txt\n")


# -- what the APK ships --------------------------------------------------------------------------------
def _notice_rows(heading: str) -> dict[str, str]:
    """The rows of THIRD-PARTY-NOTICES.md's table under `heading`: first cell's names -> the row."""
    text = (ROOT / "THIRD-PARTY-NOTICES.md").read_text(encoding="utf-8")
    section = text.split(f"## {heading}", 1)[1].split("\n## ", 1)[0]
    rows: dict[str, str] = {}
    for line in section.splitlines():
        if line.startswith("| `"):
            for name in re.findall(r"`([^`]+)`", line.split("|")[1]):
                rows[name] = line
    return rows


def test_the_notice_lists_everything_the_apk_build_puts_in(spec: configparser.ConfigParser,
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    from pythonforandroid.recipe import Recipe

    context, recipes, python_modules, _bootstrap = _resolved(spec, monkeypatch)
    rows = _notice_rows("The Android app (APK)")
    shipped = [r for r in recipes if r != "hostpython3"] + python_modules + ["libc++_shared"]   # hostpython: build only
    assert [name for name in shipped if name not in rows] == []
    for name in recipes:
        version = Recipe.get_recipe(name, context).version
        if name in rows and version:
            assert f"| {version.lstrip('v')} |" in rows[name], f"{name}: the notice does not say {version}"
    # The LGPL libraries: licence, and the very sources python-for-android builds them from.
    notice = (ROOT / "THIRD-PARTY-NOTICES.md").read_text(encoding="utf-8")
    for name in ("libzbar", "libiconv"):
        recipe = Recipe.get_recipe(name, context)
        assert "LGPL-2.1-or-later" in rows[name]
        assert f"<{recipe.url.format(version=recipe.version)}>" in notice
    assert f"tree/{P4A_RELEASE_COMMIT}/pythonforandroid/recipes/libzbar" in notice


def test_the_apk_carries_the_licence_and_the_notice(spec: configparser.ConfigParser) -> None:
    prepare = (SPEC.parent / "prepare.sh").read_text(encoding="utf-8")
    assert '"$here/../LICENSE" "$here/../THIRD-PARTY-NOTICES.md"' in prepare        # copied beside main.py
    assert "md" in [e.strip() for e in spec.get("app", "source.include_exts").split(",")]
    excluded = [p.strip() for p in spec.get("app", "source.exclude_patterns").split(",")]
    assert "THIRD-PARTY-NOTICES.md" not in excluded and "LICENSE" not in excluded and "README.md" in excluded
