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
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")

FAST = ["-m", "not slow"]
"""What ``--fast`` adds to pytest's arguments."""


class Steps:
    """The steps of the check, each announced and timed."""

    def __init__(self) -> None:
        self.started = time.monotonic()
        self.times: list[tuple[str, float]] = []

    def run(self, title: str, *command: str | Path) -> None:
        """Announce ``title``, run ``command`` in the repository root, note its time; stop with its
        status if it fails."""
        print(f"\n== {title}", flush=True)
        print("+", " ".join(str(part) for part in command), flush=True)
        began = time.monotonic()
        status = subprocess.call([str(part) for part in command], cwd=ROOT)
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
    if not PYTHON.exists():
        print(f"== creating the virtual environment {VENV}", flush=True)
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / ".installed"
    pyproject = ROOT / "pyproject.toml"
    if not stamp.exists() or stamp.stat().st_mtime < pyproject.stat().st_mtime:
        pip = (PYTHON, "-m", "pip", "install", "--disable-pip-version-check", "--progress-bar", "off")
        steps.run("upgrading pip (first run only)", *pip, "--upgrade", "pip")
        steps.run("installing taku with its test and dev tools (first run: a minute or two)", *pip,
                  "-e", ".[test,dev]")
        stamp.touch()
    else:
        print("== .venv is up to date (delete .venv/.installed to reinstall)", flush=True)
    if not os.environ.get("TAKU_SKIP_LINT"):
        sources = [name for name in ("taku", "tests", "benchmarks", "tools") if (ROOT / name).is_dir()]
        steps.run("ruff (lint)", PYTHON, "-m", "ruff", "check", *sources)
        steps.run("mypy --strict (types)", PYTHON, "-m", "mypy")
    steps.run("web client: tsc --noEmit, and its build when web/ changed", PYTHON,
              ROOT / "tools" / "build_web.py", "--check")
    workers = "2" if (os.cpu_count() or 1) >= 2 else "0"
    which = "the fast tests (-m 'not slow')" if fast else "every test, the slow ones included"
    where = "in 2 processes" if workers == "2" else "in one process"
    steps.run(f"pytest: {which}, {where}", PYTHON, "-m", "pytest", "-n", workers,
              *(FAST if fast else []), *arguments)
    steps.report("all checks passed")


if __name__ == "__main__":
    main()
