#!/usr/bin/env python3
"""Run taku's whole check from nothing: make a virtual environment, install, lint, type-check, test.

Usage: ``python3 tools/run_tests.py [--fast] [PYTEST ARGS...]``. Needs only python3 (3.11+) and the
package index. The environment lives in ``.venv/`` beside this repository and is reused on later
runs (it is rebuilt when pyproject.toml changes). Each step is announced with what it does, and its
time and the total are printed at the end.

``--fast`` runs only the fast tests (``-m "not slow"``: no long replays, oracle runs or thousands of
seeded matches); CI and the README's command run everything. The browser client (``web/``) is
type-checked and, when its sources changed, built (``tools/build_web.py``) before pytest. Set
``TAKU_SKIP_LINT=1`` to run only pytest.

When a C compiler is present the install compiles the cores with mypyc (setup.py; a few minutes
the first time), and the tests run against that compiled build: when a compiled module's source
changed since the build (or a source is gone), the extensions are rebuilt in place first (only the
changed modules' C files are compiled again), and the test run checks that the compiled modules
are the ones imported. Then the core tests (fast ones) run again on the pure-Python sources
(``TAKU_PURE=1``), which checks the fallback and that nothing compiled is imported. Without a C
compiler, or with ``TAKU_PURE=1``, the pure-Python build is installed and tested.
"""

from __future__ import annotations

import os
import shlex
import shutil
import subprocess
import sys
import sysconfig
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")

FAST = ["-m", "not slow"]
"""What ``--fast`` adds to pytest's arguments."""

PURE_TESTS = ["tests/test_build.py", "tests/test_mahjong_*.py", "tests/test_renju_*.py",
              "tests/test_bots_*.py"]
"""The core tests run again on the pure-Python sources (their fast ones)."""


class Steps:
    """The steps of the check, each announced and timed."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.times: list[tuple[str, float]] = []

    def run(self, title: str, *command: str | Path, env: dict[str, str] | None = None) -> None:
        """Announce ``title``, run ``command`` in the repository root (with ``env`` added to the
        environment), note its time; stop with its status if it fails."""
        print(f"\n== {title}", flush=True)
        shown = [f"{key}={value}" for key, value in (env or {}).items()]
        print("+", " ".join([*shown, *(str(part) for part in command)]), flush=True)
        began = time.monotonic()
        status = subprocess.call([str(part) for part in command], cwd=ROOT, env={**os.environ, **(env or {})})
        self.times.append((title, time.monotonic() - began))
        if status != 0:
            self.report(f"FAILED (exit status {status})")
            raise SystemExit(status)

    def report(self, verdict: str) -> None:
        """Print each step's time and the total."""
        print(f"\n== {verdict}", flush=True)
        for title, seconds in self.times:
            print(f"   {seconds:7.1f} s  {title}")
        print(f"   {time.monotonic() - self.started:7.1f} s  in all", flush=True)


def pure_requested() -> bool:
    """Whether ``TAKU_PURE`` asks for the pure-Python build (set and not ``0``)."""
    return os.environ.get("TAKU_PURE", "") not in ("", "0")


def compiler_present() -> bool:
    """Whether the C compiler that setup.py looks for is on the PATH."""
    if os.name == "nt":
        return shutil.which("cl") is not None
    command = shlex.split(sysconfig.get_config_var("CC") or "cc")
    return bool(command) and shutil.which(command[0]) is not None


def venv_output(code: str) -> str:
    """What ``code`` prints, run by the environment's Python in the repository root."""
    return subprocess.run([str(PYTHON), "-c", code], cwd=ROOT, capture_output=True, text=True,
                          check=True).stdout.strip()


def main() -> None:
    arguments = sys.argv[1:]
    fast = "--fast" in arguments
    if fast:
        arguments = [argument for argument in arguments if argument != "--fast"]
    steps = Steps()
    if not PYTHON.exists():
        print(f"== creating the virtual environment {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / ".installed"
    pyproject = ROOT / "pyproject.toml"
    if not stamp.exists() or stamp.stat().st_mtime < pyproject.stat().st_mtime:
        pip = (PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "off")
        steps.run("upgrading pip (first run only)", *pip, "--upgrade", "pip")
        # The editable install itself is pure Python: the compiled modules are built in place
        # below (and rebuilt there when a source changes), not by pip in a build environment.
        steps.run("installing taku with its test and dev tools (first run: a minute or two)", *pip,
                  "-e", ".[test,dev]", env={"TAKU_PURE": "1"})
        stamp.touch()
    else:
        print("== .venv is up to date (delete .venv/.installed to reinstall)", flush=True)
    compiled = compiler_present() and not pure_requested()
    if compiled:
        stale = venv_output("from taku.build import installed_extensions as i, stale_extensions as s\n"
                            "print('\\n'.join(s() if i() else ['nothing is compiled yet']))")
        if stale:
            print("== the compiled modules do not match the sources:", *stale.splitlines()[:5], sep="\n   ")
            steps.run("compiling the cores with mypyc in place (setup.py build_ext --inplace)",
                      PYTHON, "setup.py", "--quiet", "build_ext", "--inplace")
        # mypyc's shared runtime module (taku_native__mypyc) is built at the clone's root, outside
        # the package the editable install maps: a .pth file puts the root on the path, so that
        # programs started from elsewhere (scripts, subprocesses of the tests) find it too
        site = Path(venv_output("import sysconfig; print(sysconfig.get_paths()['purelib'])"))
        (site / "taku-inplace-build.pth").write_text(f"{ROOT}\n", encoding="utf-8")
    print(f"\n== the build under test: {venv_output('from taku.build import describe; print(describe())')}",
          flush=True)
    if not os.environ.get("TAKU_SKIP_LINT"):
        sources = [name for name in ("taku", "tests", "benchmarks", "tools") if (ROOT / name).is_dir()]
        steps.run("ruff (lint)", PYTHON, "-m", "ruff", "check", *sources)
        steps.run("mypy --strict (types)", PYTHON, "-m", "mypy")
    steps.run("web client: tsc --noEmit, and its build when web/ changed", PYTHON,
              ROOT / "tools" / "build_web.py", "--check")
    workers = "2" if (os.cpu_count() or 1) >= 2 else "0"
    which = "the fast tests (-m 'not slow')" if fast else "every test, the slow ones included"
    where = "in 2 processes" if workers == "2" else "in one process"
    expect = {"TAKU_EXPECT_BUILD": "compiled" if compiled else "pure"}
    steps.run(f"pytest: {which}, {where}", PYTHON, "-m", "pytest", "-n", workers,
              *(FAST if fast else []), *arguments, env=expect)
    if compiled and not arguments:
        pure_tests = sorted(str(path.relative_to(ROOT)) for pattern in PURE_TESTS
                            for path in ROOT.glob(pattern))
        steps.run("pytest: the core tests (fast ones) on the pure-Python sources", PYTHON, "-m", "pytest",
                  "-n", workers, *FAST, "-p", "no:cacheprovider", *pure_tests,
                  env={"TAKU_PURE": "1", "TAKU_EXPECT_BUILD": "pure"})
    steps.report("all checks passed")


if __name__ == "__main__":
    main()
