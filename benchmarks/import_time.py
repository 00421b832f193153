#!/usr/bin/env python3
"""Import time and first-call time of taku's two builds, compiled (mypyc) and pure Python, in one run.

Usage (from the repository root, with the compiled modules built)::

    .venv/bin/python benchmarks/import_time.py [--runs 9]

Each figure is the median over ``--runs`` fresh interpreters per build, alternating the builds: the
CPU time (``time.process_time``) of ``import taku.mahjong, taku.renju`` (the interpreter's own
start excluded), then of the
first call of ``score_hand`` on one hand, of ``shanten`` on one hand and of
``Position.forbidden_points()`` on one position (tables empty: what a short script pays).
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent

PROBE = """
import json, time
began = time.process_time()
import taku.mahjong, taku.renju
imported = time.process_time()
from taku.mahjong import Hand, Tile, Win, score_hand, shanten
from taku.mahjong.tiles import parse_kinds
from taku.build import describe
hand = Hand.from_str("234m456p678s11z 777z+")
win = Win(seat_wind=1, round_wind=0, dora_indicators=(Tile.from_str("6z"),), discarder=2)
t0 = time.process_time()
score_hand(hand, Tile.from_str("1z"), win)
t1 = time.process_time()
shanten(parse_kinds("123m456p789s1122z"))
t2 = time.process_time()
taku.renju.Position("h8 a1 j8 a3 i7 a5 i9 a7").forbidden_points()
t3 = time.process_time()
print(json.dumps({"build": describe(), "import": imported - began, "score": t1 - t0,
                  "shanten": t2 - t1, "forbidden": t3 - t2}))
"""


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--runs", type=int, default=9)
    args = parser.parse_args()
    samples: dict[str, list[dict[str, float]]] = {"pure": [], "compiled": []}
    names: dict[str, str] = {}
    for _ in range(args.runs):
        for build, pure in (("pure", "1"), ("compiled", "0")):
            done = subprocess.run([sys.executable, "-c", PROBE], cwd=ROOT, capture_output=True, text=True,
                                  check=True, env={**os.environ, "TAKU_PURE": pure})
            result = json.loads(done.stdout)
            names[build] = result.pop("build")
            samples[build].append(result)
    print(f"median of {args.runs} fresh processes per build; {names['compiled']} vs {names['pure']}")
    print("| what | pure Python ms | compiled ms | compiled / pure |")
    print("|---|---:|---:|---:|")
    for key, label in (("import", "import taku.mahjong, taku.renju"), ("score", "first score_hand"),
                       ("shanten", "first shanten"), ("forbidden", "first forbidden_points")):
        pure = statistics.median(sample[key] for sample in samples["pure"]) * 1000
        compiled = statistics.median(sample[key] for sample in samples["compiled"]) * 1000
        print(f"| {label} | {pure:.2f} | {compiled:.2f} | {compiled / pure:.2f} |")


if __name__ == "__main__":
    main()
