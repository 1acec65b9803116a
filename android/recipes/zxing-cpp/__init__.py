"""python-for-android recipe for zxing-cpp's Python module (the QR decoder the desktop uses).

zxing-cpp 3.x builds with scikit-build-core, CMake and nanobind (``pyproject.toml``), so this is a
`PyProjectRecipe` (python-for-android first looks for a ready Android wheel on PyPI, as for any
such recipe, and builds only when there is none) whose CMake is pointed at the NDK's toolchain
file, the target ABI and API level, and the target Python's headers and library; the module gets
the plain ``.so`` suffix every Python loads. Written against python-for-android 2026.5.9; built
only on a machine with the NDK (docs/android.md says what was verified where).
"""

from os.path import join

from pythonforandroid.recipe import PyProjectRecipe, Recipe


class ZxingCppRecipe(PyProjectRecipe):
    version = "3.1.1"
    url = "https://files.pythonhosted.org/packages/source/z/zxing-cpp/zxing_cpp-{version}.tar.gz"
    depends = ["python3"]  # noqa: RUF012 - python-for-android reads these class lists
    site_packages_name = "zxingcpp"
    hostpython_prerequisites = ["cmake>=3.18", "ninja"]  # noqa: RUF012
    need_stl_shared = True                          # C++20: libc++_shared.so goes into the APK

    def get_recipe_env(self, arch, **kwargs):
        env = super().get_recipe_env(arch, **kwargs)
        python = Recipe.get_recipe("python3", self.ctx)
        toolchain = join(self.ctx.ndk_dir, "build", "cmake", "android.toolchain.cmake")
        library = join(python.link_root(arch.arch), python._libpython)
        defines = [
            f"-DCMAKE_TOOLCHAIN_FILE={toolchain}",
            f"-DANDROID_ABI={arch.arch}",
            f"-DANDROID_PLATFORM=android-{self.ctx.ndk_api}",
            "-DANDROID_STL=c++_shared",
            f"-DPython_INCLUDE_DIR={python.include_root(arch.arch)}",
            f"-DPython_LIBRARY={library}",
            "-DPython_SOABI=",                      # zxingcpp.so: a suffix every Python loads
            "-DZXING_WRITERS=OFF",                  # the app only reads codes
            "-DBUILD_SHARED_LIBS=OFF",
        ]
        env["CMAKE_ARGS"] = " ".join(defines)
        env["SKBUILD_CMAKE_ARGS"] = ";".join(defines)
        return env


recipe = ZxingCppRecipe()
