#!/usr/bin/env python3
"""Run taku's whole check from nothing: make a virtual environment, install, lint, type-check, test.

Usage: ``python3 tools/run_tests.py [PYTEST ARGS...]``. Needs only python3 (3.11+) and the package
index. The environment lives in ``.venv/`` beside this repository and is reused on later runs.
Set ``TAKU_SKIP_LINT=1`` to run only pytest.
"""

from __future__ import annotations

import os
import subprocess
import sys
import venv
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
VENV = ROOT / ".venv"
BIN = VENV / ("Scripts" if os.name == "nt" else "bin")
PYTHON = BIN / ("python.exe" if os.name == "nt" else "python")


def run(*command: str | Path) -> None:
    """Run a command in the repository root; stop with its status if it fails."""
    print("+", " ".join(str(part) for part in command), flush=True)
    status = subprocess.call([str(part) for part in command], cwd=ROOT)
    if status != 0:
        raise SystemExit(status)


def main() -> None:
    if not PYTHON.exists():
        venv.EnvBuilder(with_pip=True).create(VENV)
    stamp = VENV / ".installed"
    pyproject = ROOT / "pyproject.toml"
    if not stamp.exists() or stamp.stat().st_mtime < pyproject.stat().st_mtime:
        run(PYTHON, "-m", "pip", "install", "--quiet", "--upgrade", "pip")
        run(PYTHON, "-m", "pip", "install", "--quiet", "-e", ".[test,dev]")
        stamp.touch()
    if not os.environ.get("TAKU_SKIP_LINT"):
        sources = [name for name in ("taku", "tests", "benchmarks", "tools") if (ROOT / name).is_dir()]
        run(PYTHON, "-m", "ruff", "check", *sources)
        run(PYTHON, "-m", "mypy")
    workers = "2" if (os.cpu_count() or 1) >= 2 else "0"
    run(PYTHON, "-m", "pytest", "-n", workers, *sys.argv[1:])


if __name__ == "__main__":
    main()
