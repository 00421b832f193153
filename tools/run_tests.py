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
import subprocess
import sys
import time
from pathlib import Path

from venv_setup import PYTHON, ROOT, compile_in_place, install, venv_output

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


def main() -> None:
    arguments = sys.argv[1:]
    fast = "--fast" in arguments
    if fast:
        arguments = [argument for argument in arguments if argument != "--fast"]
    steps = Steps()
    install(steps.run, "[test,dev]", ".installed")
    compiled = compile_in_place(steps.run)
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
