"""Benchmark: Black's full forbidden set, taku against the ``renju`` PyPI package, in the same run.

Usage: ``python benchmarks/renju_forbidden.py [--positions N] [--seed S] [--repeat R]``

Builds N seeded random 15x15 positions (half game-like clusters, half scattered stones), then times

* taku ``Position.forbidden_points()`` (the whole set at once),
* taku ``Position.forbidden_reason(point)`` called on every empty point,
* ``renju.check_forbid.get_foul_type(board, x, y)`` on every empty point (the oracle, a port of
  the Gomocup referee Piskvork's checker),

checks that all three agree on every point, and prints the time per empty point and the ratios.
Times are CPU time of this process (``time.process_time``), so other work on a loaded machine
does not count. Exits non-zero on any disagreement.
"""

from __future__ import annotations

import argparse
import random
import subprocess
import sys
import time
from collections import Counter
from collections.abc import Callable
from pathlib import Path

from renju.check_forbid import get_foul_type  # type: ignore[import-untyped]

from taku.renju import Point
from taku.renju import forbidden as taku_forbidden

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
# The differential test's position generators: the benchmark times the same kind of positions.
from test_renju_oracle import (  # noqa: E402
    ORACLE_CODES,
    clustered_position,
    oracle_board,
    scattered_position,
)


def best_of(repeat: int, run: Callable[[], object]) -> float:
    """The fastest of ``repeat`` timed runs, in CPU seconds."""
    best = float("inf")
    for _ in range(repeat):
        start = time.process_time()
        run()
        best = min(best, time.process_time() - start)
    return best


def import_time() -> float:
    """Seconds for a fresh interpreter to import ``taku.renju`` (beyond starting up)."""
    code = "import time; t = time.perf_counter(); import taku.renju; print(time.perf_counter() - t)"
    root = Path(__file__).resolve().parent.parent
    times = [
        float(subprocess.run([sys.executable, "-c", code], cwd=root, capture_output=True, text=True).stdout)
        for _ in range(5)
    ]
    return min(times)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--positions", type=int, default=200)
    parser.add_argument("--seed", type=int, default=2024)
    parser.add_argument("--repeat", type=int, default=5, help="taku timing runs (best is kept)")
    args = parser.parse_args()

    rng = random.Random(args.seed)
    positions = [(clustered_position if n % 2 else scattered_position)(rng) for n in range(args.positions)]
    empties = [
        [Point(x, y) for y in range(15) for x in range(15) if position.color_at(Point(x, y)) is None]
        for position in positions
    ]
    points = sum(len(e) for e in empties)
    boards = [oracle_board(position) for position in positions]

    taku_forbidden.clear_tables()  # empty the line-pattern tables: time a cold run too
    start = time.process_time()
    for position in positions:
        position.forbidden_points()
    t_cold = time.process_time() - start

    def taku_sets() -> list[dict[Point, str]]:
        return [dict(position.forbidden_points()) for position in positions]

    def taku_points() -> list[dict[Point, str]]:
        found: list[dict[Point, str]] = []
        for position, empty in zip(positions, empties, strict=True):
            reasons = ((point, position.forbidden_reason(point)) for point in empty)
            found.append({point: foul for point, foul in reasons if foul})
        return found

    def oracle() -> list[dict[Point, str]]:
        found: list[dict[Point, str]] = []
        for board, empty in zip(boards, empties, strict=True):
            codes = ((point, get_foul_type(board, point.x, point.y)) for point in empty)
            found.append({point: ORACLE_CODES[code] for point, code in codes if code})
        return found

    sets, pointwise, theirs = taku_sets(), taku_points(), oracle()
    mismatches = sum(a != b or a != c for a, b, c in zip(sets, pointwise, theirs, strict=True))
    kinds = Counter(foul for found in sets for foul in found.values())

    t_sets = best_of(args.repeat, taku_sets)
    t_points = best_of(args.repeat, taku_points)
    t_oracle = best_of(1, oracle)

    def per_point(seconds: float) -> str:
        return f"{seconds / points * 1e6:8.2f} µs/point"

    print(f"positions: {len(positions)} (seed {args.seed}), empty points: {points}")
    print(f"forbidden points found: {sum(kinds.values())} {dict(sorted(kinds.items()))}")
    print(
        f"taku forbidden_points()      {per_point(t_sets)}   {t_sets / len(positions) * 1e3:7.3f} ms/position"
    )
    print(
        f"  (first run, empty tables)  {per_point(t_cold)}   {len(taku_forbidden._TABLES)} modes,"
        f" {taku_forbidden.patterns_seen()} line patterns"
    )
    print(f"taku forbidden_reason(p)     {per_point(t_points)}")
    print(f"renju get_foul_type(b, x, y) {per_point(t_oracle)}")
    print(f"ratio renju / taku (full set):  {t_oracle / t_sets:6.1f}x")
    print(f"ratio renju / taku (per point): {t_oracle / t_points:6.1f}x")
    print(f"import taku.renju: {import_time() * 1e3:.1f} ms")
    print(f"disagreements: {mismatches} of {len(positions)} positions")
    return 1 if mismatches else 0


if __name__ == "__main__":
    raise SystemExit(main())
