"""python-for-android recipe for zxing-cpp's Python module (the QR decoder the desktop uses).

zxing-cpp 3.x builds with scikit-build-core, CMake and nanobind (its sdist's ``pyproject.toml``), so
this is a `PyProjectRecipe`: python-for-android first looks for a ready Android wheel on PyPI, as for
any such recipe, and otherwise runs ``python -m build --wheel`` in the unpacked sdist with the
environment `cmake_environment` makes. What a cross-build needs that a desktop build does not:

- the NDK's CMake toolchain file, the target ABI and API level, and the target Python's headers;
- no type stub: zxing-cpp's CMakeLists.txt builds one as part of every build by importing the module
  it just built with the build machine's Python (``nanobind_add_stub``), which cannot load an arm64
  Android library; no-stub-when-cross-compiling.patch makes that step, and installing its file, native
  builds only;
- nanobind's CMake files from the build machine's Python (a prerequisite installed by python-for-android),
  named by ``nanobind_DIR`` because the NDK toolchain searches packages in the Android sysroot only,
  and ``ZXING_DEPENDENCIES=LOCAL`` so that CMake fails rather than fetch anything from GitHub;
- the module named ``zxingcpp.so`` (a suffix every CPython loads): scikit-build-core would otherwise
  name it after the build machine (``.cpython-311-x86_64-linux-gnu.so``), which Android's Python
  does not look for;
- ``SKBUILD_STRICT_CONFIG=false``: python-for-android passes ``--config-setting builddir=...`` (a
  meson setting) to every pyproject build, which scikit-build-core refuses otherwise.

The CMake arguments go in ``SKBUILD_CMAKE_ARGS`` alone, as python-for-android's own scikit-build-core
recipe (videonative) passes them. ``android/build_zxing_here.py`` builds this very sdist with these
very settings on the build machine (all but the NDK), imports the module and reads a QR code with it.
Written against python-for-android 2026.5.9 (docs/android.md says what was verified where).
"""

from os.path import join

from pythonforandroid.recipe import PyProjectRecipe, Recipe

NANOBIND_VERSION = "2.11.0"
"""The nanobind zxing-cpp 3.1.1's CMakeLists.txt would fetch (``zxing_add_package(nanobind ... v2.11.0)``)."""


def cmake_environment(platform_defines, nanobind_cmake_dir):
    """The environment variables scikit-build-core builds the module with: the platform's CMake defines
    (toolchain, ABI, target Python), then what every build of this recipe sets."""
    defines = [
        *platform_defines,
        f"-Dnanobind_DIR={nanobind_cmake_dir}",  # the build machine's nanobind: nothing fetched
        "-DZXING_DEPENDENCIES=LOCAL",           # and no FetchContent fallback either
        "-DZXING_WRITERS=OFF",                  # the app only reads codes
        "-DBUILD_SHARED_LIBS=OFF",              # libZXing linked into the module: one .so in the APK
        "-DNB_SUFFIX=.so",                      # zxingcpp.so, not the build machine's suffix
        "-DNB_SUFFIX_S=.abi3.so",
    ]
    return {
        "SKBUILD_CMAKE_ARGS": ";".join(defines),
        "SKBUILD_STRICT_CONFIG": "false",
        "SETUPTOOLS_EXT_SUFFIX": ".so",         # scikit-build-core's cross-compiling SOABI: none
    }


class ZxingCppRecipe(PyProjectRecipe):
    version = "3.1.1"
    # PyPI's own address of the 3.1.1 sdist (its content-addressed path: it never changes, and needs no
    # /packages/source/ redirect, which not every PyPI mirror serves)
    url = ("https://files.pythonhosted.org/packages/b9/30/ad0e0352c593712ebb47143571ff11b130812e2852d7540e7c80cdf23340/"
           "zxing_cpp-{version}.tar.gz")
    sha512sum = ("32f850a9d35bdf77fc97a007621bbf508ec156e20908dce7f70fa88c2a8b4f47"
                 "72e40dae054541c9fbcad9eb0a983a33ff7015d825b687ae6a3facd89e832fb2")
    depends = ["python3"]  # noqa: RUF012 - python-for-android reads these class lists
    site_packages_name = "zxingcpp"
    hostpython_prerequisites = ["scikit-build-core>=0.12", f"nanobind=={NANOBIND_VERSION}",  # noqa: RUF012
                                "cmake>=3.18", "ninja"]
    patches = ["no-stub-when-cross-compiling.patch"]  # noqa: RUF012
    need_stl_shared = True                          # C++20: libc++_shared.so goes into the APK

    def get_recipe_env(self, arch, **kwargs):
        env = super().get_recipe_env(arch, **kwargs)
        python = Recipe.get_recipe("python3", self.ctx)
        platform = [
            f"-DCMAKE_TOOLCHAIN_FILE={join(self.ctx.ndk_dir, 'build', 'cmake', 'android.toolchain.cmake')}",
            f"-DANDROID_ABI={arch.arch}",
            f"-DANDROID_PLATFORM=android-{self.ctx.ndk_api}",
            "-DANDROID_STL=c++_shared",
            f"-DPython_INCLUDE_DIR={python.include_root(arch.arch)}",
            f"-DPython_LIBRARY={join(python.link_root(arch.arch), python._libpython)}",
        ]
        env.update(cmake_environment(platform, join(self._host_recipe.site_dir, "nanobind", "cmake")))
        return env


recipe = ZxingCppRecipe()
