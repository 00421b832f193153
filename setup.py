"""Build taku: the hot modules compiled to C extensions with mypyc, or pure Python.

The modules to compile are listed in one place, ``[tool.taku] compiled`` in pyproject.toml (globs,
with ``not-compiled`` for exceptions). They are compiled when mypyc (part of mypy, a build
requirement) and a C compiler are present; ``TAKU_PURE=1`` at build time installs them as pure
Python (as does a missing compiler or mypy); at run time it makes an installed compiled build
import the pure-Python sources instead (see taku/build.py). ``taku --version`` says which build
runs. A compile error is an error, not a silent fallback.
"""

from __future__ import annotations

import glob
import os
import shutil
import sys
import sysconfig
import tomllib
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import Any

from setuptools import setup
from setuptools.command.build_ext import build_ext

ROOT = Path(__file__).resolve().parent
GROUP = "taku_native"
"""The compiled modules share one extension, ``taku_native__mypyc.*.so`` beside the ``taku`` package
(mypyc places a group's library at the top of the package tree)."""


def compiled_sources() -> list[str]:
    """The source files to compile, relative to the repository, from pyproject.toml."""
    config = tomllib.loads((ROOT / "pyproject.toml").read_text(encoding="utf-8"))["tool"]["taku"]
    paths: set[str] = set()
    for pattern in config["compiled"]:
        paths.update(glob.glob(pattern, root_dir=ROOT))
    for pattern in config.get("not-compiled", []):
        paths.difference_update(glob.glob(pattern, root_dir=ROOT))
    return sorted(path.replace(os.sep, "/") for path in paths)


def pure_requested() -> bool:
    """Whether the environment asks for the pure-Python build (``TAKU_PURE`` set, not ``0``)."""
    return os.environ.get("TAKU_PURE", "") not in ("", "0")


def c_compiler() -> str | None:
    """The C compiler Python's build configuration names, if it is on the PATH (POSIX); on
    Windows, ``cl`` if a Visual Studio environment is active."""
    if os.name == "nt":
        return shutil.which("cl")
    command = (sysconfig.get_config_var("CC") or "cc").split()
    return shutil.which(command[0]) if command else None


def ext_modules() -> list[Any]:
    """The mypyc extensions, or none for the pure-Python build."""
    command = next((argument for argument in sys.argv[1:] if not argument.startswith("-")), None)
    if command in ("egg_info", "dist_info"):
        return []  # metadata only (pip asks for it before building): no need to run mypyc
    if pure_requested():
        print("taku: TAKU_PURE is set: installing the pure-Python build", file=sys.stderr)
        return []
    compiler = c_compiler()
    if compiler is None:
        print("taku: no C compiler found: installing the pure-Python build", file=sys.stderr)
        return []
    try:
        from mypyc.build import mypycify
    except ImportError:
        print("taku: mypyc (mypy) is not installed: installing the pure-Python build", file=sys.stderr)
        return []
    os.chdir(ROOT)  # mypyc takes paths relative to the working directory, writes C into build/
    print(f"taku: compiling {len(compiled_sources())} modules with mypyc and {compiler}", file=sys.stderr)
    # One C file per module (multi_file), compiled in parallel (BuildExt) rather than one long
    # compile of a single file.
    return list(mypycify(compiled_sources(), opt_level="3", debug_level="0", group_name=GROUP,
                         multi_file=True))


class BuildExt(build_ext):
    """``build_ext`` that compiles an extension's C files in parallel (one per CPU) and skips those
    whose object file is newer than the C file and its headers (mypyc rewrites only the C files
    whose content changed), so a rebuild after editing one module recompiles about one file."""

    def run(self) -> None:
        if self.inplace and self.extensions:  # a module no longer compiled leaves no extension
            for path in ROOT.glob("taku/**/*.*"):
                module = path.name.split(".", 1)[0]
                if path.suffix in (".so", ".pyd") and \
                        f"{path.parent.relative_to(ROOT).as_posix()}/{module}.py" not in self.compiled:
                    print(f"taku: removing {path.relative_to(ROOT)}: no longer compiled", file=sys.stderr)
                    path.unlink()
        super().run()

    @property
    def compiled(self) -> set[str]:
        """The sources being compiled (relative to the repository)."""
        return set(compiled_sources())

    def build_extension(self, ext: Any) -> None:
        compile_all = self.compiler.compile

        def compile_changed(sources: list[str], output_dir: str | None = None, **options: Any) -> list[str]:
            objects: list[str] = self.compiler.object_filenames(sources, output_dir=output_dir)
            newest_header = max((os.path.getmtime(path) for path in options.get("depends") or ()
                                 if os.path.exists(path)), default=0.0)
            todo = [source for source, target in zip(sources, objects, strict=True)
                    if self.force or not os.path.exists(target)
                    or os.path.getmtime(target) < max(os.path.getmtime(source), newest_header)]
            with ThreadPoolExecutor(os.cpu_count() or 1) as pool:
                list(pool.map(lambda source: compile_all([source], output_dir=output_dir, **options), todo))
            return objects

        self.compiler.compile = compile_changed
        try:
            super().build_extension(ext)
        finally:
            del self.compiler.compile


if __name__ == "__main__":  # as setuptools runs it (tests read compiled_sources without building)
    setup(ext_modules=ext_modules(), cmdclass={"build_ext": BuildExt})
