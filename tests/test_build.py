"""The build under test: the cores compiled with mypyc, or pure Python (setup.py, taku/build.py).

``tools/run_tests.py`` sets ``TAKU_EXPECT_BUILD`` to the build it means to test (``compiled`` when a
C compiler is present, ``pure`` for its run with ``TAKU_PURE=1``), so a build that silently fell
back to the other one fails here.
"""

from __future__ import annotations

import importlib
import json
import os
import runpy
import subprocess
import sys
from pathlib import Path

import pytest

from taku import build
from tests.conftest import REPO

CORE_PACKAGES = ("mahjong", "renju", "bots")
CORE_MODULES = ("taku.values", "taku.envs.mahjong_encoding", "taku.envs.mahjong_actions")
"""The compiled modules outside those packages (what both cores share, and the mahjong
environment's NumPy-free observation vector and action indices)."""
HOT_MODULES = ("taku.mahjong.shanten", "taku.mahjong.score", "taku.renju.forbidden", "taku.bots.renju_search")


def import_core_modules() -> list[str]:
    """Import every module of the compiled packages, and the shared compiled modules; their names."""
    names = []
    for name in CORE_MODULES:
        importlib.import_module(name)
        names.append(name)
    for package in CORE_PACKAGES:
        for source in sorted((build.PACKAGE_DIR / package).glob("*.py")):
            name = f"taku.{package}" if source.stem == "__init__" else f"taku.{package}.{source.stem}"
            importlib.import_module(name)
            names.append(name)
    return names


def test_the_build_under_test_is_the_one_expected() -> None:
    names = import_core_modules()
    expected = os.environ.get("TAKU_EXPECT_BUILD")
    compiled = build.compiled_modules_loaded()
    if build.pure_requested() or expected == "pure":
        assert compiled == [], "the pure build (or TAKU_PURE=1) imported compiled modules"
        assert build.describe().startswith("pure Python")
    if expected == "compiled":
        assert not build.stale_extensions()
        assert set(HOT_MODULES) <= set(compiled)
        listed = set(names) & {path.removesuffix(".py").removesuffix("/__init__").replace("/", ".")
                               for path in compiled_sources()}
        assert listed <= set(compiled), f"not compiled: {sorted(listed - set(compiled))}"
        assert set(compiled) <= set(names)
        assert build.describe().startswith("compiled with mypyc")


def compiled_sources() -> list[str]:
    """The sources setup.py compiles (pyproject.toml's list), relative to the repository."""
    if not build.in_checkout():
        pytest.skip("an installed taku has no setup.py to read")
    sources: list[str] = runpy.run_path(str(REPO / "setup.py"), run_name="taku_setup")["compiled_sources"]()
    return sources


def test_the_error_classes_stay_python_classes() -> None:
    """The error modules are not compiled: other layers subclass their classes (a compiled class
    cannot be subclassed by a Python one)."""
    assert not {"taku/mahjong/errors.py", "taku/renju/errors.py"} & set(compiled_sources())
    from taku.formats.renju.record import RecordError
    from taku.renju.errors import InvalidNotationError

    assert issubclass(RecordError, InvalidNotationError)


def test_taku_version_names_the_build() -> None:
    shanten = importlib.import_module("taku.mahjong.shanten")
    done = subprocess.run([sys.executable, "-m", "taku", "--version"], capture_output=True, text=True,
                          check=True, cwd=REPO)
    assert done.stdout.startswith("taku 0.1.0 (")
    assert ("compiled with mypyc" in done.stdout) == build.is_compiled(shanten)
    assert ("pure Python" in done.stdout) != build.is_compiled(shanten)


def test_taku_pure_at_run_time_imports_only_sources() -> None:
    """TAKU_PURE=1 makes even an installed compiled build import the ``.py`` sources."""
    code = ("import json, taku.mahjong, taku.renju, taku.bots.renju_search, taku.bots.mahjong_taku\n"
            "from taku.build import compiled_modules_loaded as c, describe as d\n"
            "print(json.dumps([c(), d()]))")
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True,
                          cwd=REPO, env={**os.environ, "TAKU_PURE": "1"})
    compiled, description = json.loads(done.stdout)
    assert compiled == []
    assert description.startswith("pure Python")


def fake_package(root: Path, sources: dict[str, float], extensions: dict[str, float]) -> Path:
    """A ``taku`` package directory in ``root`` with empty ``.py`` and extension files (paths
    relative to ``root``) modified at the given times."""
    suffix = build.EXTENSION_SUFFIXES[0]
    package = root / "taku"
    package.mkdir(parents=True)
    for name, when in [*((s + ".py", t) for s, t in sources.items()),
                       *((e + suffix, t) for e, t in extensions.items())]:
        path = root / name
        path.parent.mkdir(parents=True, exist_ok=True)
        path.write_bytes(b"")
        os.utime(path, (when, when))
    return package


def test_stale_extensions_name_edited_and_removed_sources(tmp_path: Path) -> None:
    package = fake_package(tmp_path, {"taku/mahjong/score": 100.0, "taku/mahjong/shanten": 300.0},
                           {"taku_native__mypyc": 200.0, "taku/mahjong/score": 150.0,
                            "taku/mahjong/shanten": 150.0, "taku/mahjong/kyoku": 150.0})
    assert len(build.installed_extensions(package)) == 4
    assert build.stale_extensions(package) == [
        "taku/mahjong/kyoku.py is gone but its compiled module kyoku" + build.EXTENSION_SUFFIXES[0]
        + " is still there",
        "taku/mahjong/shanten.py changed after the compiled modules were built",
    ]


def test_fresh_or_absent_extensions_are_not_stale(tmp_path: Path) -> None:
    assert build.stale_extensions(fake_package(tmp_path / "a", {"taku/mahjong/score": 100.0}, {})) == []
    fresh = fake_package(tmp_path / "b", {"taku/mahjong/score": 100.0},
                         {"taku_native__mypyc": 200.0, "taku/mahjong/score": 150.0})
    assert build.stale_extensions(fresh) == []


def test_the_compiled_modules_are_listed_in_pyproject() -> None:
    """setup.py compiles the modules pyproject.toml lists: at least the hot paths."""
    sources = compiled_sources()
    for module in HOT_MODULES:
        assert module.replace(".", "/") + ".py" in sources
