#!/usr/bin/env python3
"""Run one benchmark on both builds of taku, one after the other: the pure-Python sources
(``TAKU_PURE=1``) and the compiled modules (mypyc; see setup.py and taku/build.py).

Usage (from the repository root, after ``python3 tools/run_tests.py`` or
``.venv/bin/python setup.py build_ext --inplace`` has compiled the cores)::

    .venv/bin/python benchmarks/builds.py benchmarks/mahjong_hand.py --quick
    .venv/bin/python benchmarks/builds.py benchmarks/renju_forbidden.py

Each run prints the build it measures, then the benchmark's own output (which times the peer in
the same process, so each build's ratio to the peer is measured in one run).
"""

from __future__ import annotations

import os
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent


def main() -> int:
    if len(sys.argv) < 2:
        print("usage: builds.py BENCHMARK.py [ARGS...]", file=sys.stderr)
        return 2
    status = 0
    for label, pure in (("pure Python (TAKU_PURE=1)", "1"), ("compiled", "0")):
        environment = {**os.environ, "TAKU_PURE": pure}
        code = "from taku.build import describe; print(describe())"
        described = subprocess.run([sys.executable, "-c", code], cwd=ROOT, env=environment,
                                   capture_output=True, text=True, check=True)
        print(f"==== {label}: taku build: {described.stdout.strip()}", flush=True)
        status |= subprocess.call([sys.executable, *sys.argv[1:]], cwd=ROOT, env=environment)
    return status


if __name__ == "__main__":
    raise SystemExit(main())
