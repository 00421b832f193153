"""Which build of taku is running: the cores compiled with mypyc, or pure Python.

``setup.py`` compiles the modules listed in pyproject.toml (``[tool.taku] compiled``) when a C
compiler is present; each compiled module is an extension file beside its ``.py`` source, which
Python imports in its place. ``TAKU_PURE=1`` at run time makes such an installation import the
``.py`` sources instead (``taku/__init__.py`` installs :class:`SourceFinder` before any other taku
module is imported), so both builds can run from one installation. In a clone of the repository
(an editable install) the same happens when a compiled module is older than its source, so an
edit never runs stale compiled code: ``tools/run_tests.py`` rebuilds them, or
``python setup.py build_ext --inplace``.
"""

from __future__ import annotations

import importlib.machinery
import os
import sys
from collections.abc import Sequence
from importlib.machinery import ModuleSpec
from pathlib import Path
from types import ModuleType

PACKAGE_DIR = Path(__file__).resolve().parent
EXTENSION_SUFFIXES = tuple(importlib.machinery.EXTENSION_SUFFIXES)
SHARED_LIBRARY = "taku_native__mypyc"
"""The name of the extension all compiled modules share, beside the package (setup.py's group)."""


def pure_requested() -> bool:
    """Whether ``TAKU_PURE`` asks for the pure-Python modules (set and not ``0``)."""
    return os.environ.get("TAKU_PURE", "") not in ("", "0")


class SourceFinder:
    """Finds ``taku.*`` modules as ``.py`` sources only, ignoring compiled extensions beside them."""

    @classmethod
    def find_spec(cls, name: str, path: Sequence[str] | None = None,
                  target: ModuleType | None = None) -> ModuleSpec | None:
        """The spec of the pure-Python module ``name`` (None: not a taku submodule, or not found)."""
        if not name.startswith("taku.") or not path:
            return None
        loaders = (importlib.machinery.SourceFileLoader, importlib.machinery.SOURCE_SUFFIXES)
        for entry in path:
            spec = importlib.machinery.FileFinder(entry, loaders).find_spec(name, target)
            if spec is not None:
                return spec
        return None


def use_sources() -> None:
    """Make later imports of taku modules load their ``.py`` sources (idempotent)."""
    if SourceFinder not in sys.meta_path:
        sys.meta_path.insert(0, SourceFinder)


def is_compiled(module: ModuleType) -> bool:
    """Whether ``module`` was loaded from a compiled extension."""
    return (getattr(module, "__file__", None) or "").endswith(EXTENSION_SUFFIXES)


def compiled_modules_loaded() -> list[str]:
    """The names of the loaded taku modules that are compiled extensions, sorted."""
    return sorted(name for name, module in list(sys.modules.items())
                  if (name == "taku" or name.startswith("taku.")) and is_compiled(module))


def installed_extensions(package_dir: Path = PACKAGE_DIR) -> list[Path]:
    """The compiled extension files of taku: the shared library beside the package, and those in
    the package and its direct subpackages, sorted."""
    shared = (package_dir.parent / (SHARED_LIBRARY + suffix) for suffix in EXTENSION_SUFFIXES)
    found = [path for path in shared if path.exists()]
    folders = [package_dir]
    while folders:
        folder = folders.pop()
        with os.scandir(folder) as entries:
            for entry in entries:
                if entry.name.endswith(EXTENSION_SUFFIXES):
                    found.append(Path(entry.path))
                elif folder == package_dir and entry.is_dir() and entry.name.isidentifier():
                    folders.append(Path(entry.path))
    return sorted(found)


def stale_extensions(package_dir: Path = PACKAGE_DIR) -> list[str]:
    """Why the installed compiled modules do not match their sources: each ``.py`` edited after
    the shared library was built, and each extension whose ``.py`` is gone. Empty when they match
    (or nothing is compiled)."""
    extensions = installed_extensions(package_dir)
    shared = [path for path in extensions if path.name.startswith(SHARED_LIBRARY + ".")]
    if not shared:
        return []
    built = min(path.stat().st_mtime for path in shared)
    problems = []
    for path in extensions:
        if path in shared:
            continue
        source = path.parent / (path.name.split(".", 1)[0] + ".py")
        name = source.relative_to(package_dir.parent).as_posix()
        try:
            changed = source.stat().st_mtime > built
        except FileNotFoundError:
            problems.append(f"{name} is gone but its compiled module {path.name} is still there")
        else:
            if changed:
                problems.append(f"{name} changed after the compiled modules were built")
    return problems


def in_checkout() -> bool:
    """Whether taku runs from a clone of its repository (setup.py beside the package), where
    sources may be edited after a build."""
    return (PACKAGE_DIR.parent / "setup.py").exists()


def describe() -> str:
    """One line saying which build runs, e.g. ``compiled with mypyc (40 modules)`` or
    ``pure Python``."""
    import importlib

    core = importlib.import_module("taku.mahjong.shanten")
    installed = [path for path in installed_extensions() if not path.name.startswith(SHARED_LIBRARY + ".")]
    if is_compiled(core):
        return f"compiled with mypyc ({len(installed)} modules)"
    if installed and pure_requested():
        return "pure Python (TAKU_PURE is set; the compiled modules are installed too)"
    if installed and SourceFinder in sys.meta_path:
        problems = stale_extensions()
        return (f"pure Python: the compiled modules are out of date ({problems[0] if problems else '?'}"
                f"{f' and {len(problems) - 1} more' if len(problems) > 1 else ''}); rebuild them with "
                f"setup.py build_ext --inplace")
    return "pure Python"
