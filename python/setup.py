"""Builds the extension module with the project's CMake build and packages it with arbiter/.

The module is the CMake target arbiter_python (python/CMakeLists.txt). ARBITER_BUILD_DIR names
an already configured build tree to build it in (`make python` passes the project's); without
it a Release tree is configured under setuptools' build_temp, tests left out. Either way the
interpreter running this script is the one the module is built for.
"""

import os
import pathlib
import shutil
import subprocess
import sys
import sysconfig

from setuptools import Extension, setup
from setuptools.command.build_ext import build_ext

HERE = pathlib.Path(__file__).resolve().parent
ROOT = HERE.parent


class CMakeExtension(Extension):
    def __init__(self, name):
        super().__init__(name, sources=[])


class CMakeBuild(build_ext):
    def build_extension(self, ext):
        given = os.environ.get("ARBITER_BUILD_DIR")
        build = pathlib.Path(given).resolve() if given else pathlib.Path(self.build_temp).resolve() / "cmake"
        if not (build / "CMakeCache.txt").exists() or not given:
            subprocess.run([
                "cmake", "-S", str(ROOT), "-B", str(build),
                "-DCMAKE_BUILD_TYPE=Release", "-DARBITER_PYTHON=ON", "-DARBITER_TESTS=OFF",
                f"-DPython_EXECUTABLE={sys.executable}",
            ], check=True)
        jobs = os.environ.get("JOBS", str(os.cpu_count() or 2))
        subprocess.run(["cmake", "--build", str(build), "--target", "arbiter_python", "-j", jobs],
                       check=True)
        built = build / "python" / "arbiter" / ("_arbiter" + sysconfig.get_config_var("EXT_SUFFIX"))
        if not built.exists():
            raise RuntimeError(f"arbiter: {built} was not built (a build tree of another Python?)")
        target = pathlib.Path(self.get_ext_fullpath(ext.name))
        target.parent.mkdir(parents=True, exist_ok=True)
        shutil.copyfile(built, target)


setup(
    packages=["arbiter"],
    package_dir={"arbiter": "arbiter"},
    ext_modules=[CMakeExtension("arbiter._arbiter")],
    cmdclass={"build_ext": CMakeBuild},
    zip_safe=False,
)
