"""Benchmark: the renju AI's threat searches and alpha-beta.

Usage: ``python benchmarks/renju_ai.py [--repeat R] [--games G]``

* solves every VCF puzzle of ``tests/data/renju_vcf_puzzles.txt`` (and checks the ``none`` ones
  have no VCF), printing the time per puzzle and in total;
* times ``RenjuAI.choose`` at each level on a middle-game position with a fixed node budget
  and with its default time: the alpha-beta nodes per second of wall time (the figure recorded
  before 2026-11-28) and the nodes of every search (VCF, VCT, defence, alpha-beta) per second
  of CPU time (not disturbed by other work on the machine);
* plays G games of level ``medium`` (2000 nodes a move) against the one-ply greedy player of the
  tests, as each colour, and prints the score.

No peer renju engine runs in pure Python here; strength against external engines (e.g. Rapfi) is
measured with ``taku renju match`` instead.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from taku.bots.renju_ai import LEVELS, RenjuAI, solve_vcf
from taku.renju import BLACK, WHITE, Position

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
from test_bots_renju_ai import PUZZLE_ROWS, _play  # noqa: E402

MIDDLE_GAME = "h8h10i9j10i10i11g9k9l8h12g13h11h13g11j11e11f11i13f10j14k15f12i7j6i8i6e13k6h6l6m6k8k7j7l9g12"


def puzzles(repeat: int) -> None:
    total = 0.0
    for name, expected, moves in PUZZLE_ROWS:
        best = float("inf")
        for _ in range(repeat):
            started = time.perf_counter()
            line = solve_vcf(Position(moves), max_depth=16, time_limit=60)
            best = min(best, time.perf_counter() - started)
        found = "vcf" if line is not None else "none"
        status = "ok" if found == expected else "WRONG"
        length = 0 if line is None else (len(line) + 1) // 2
        print(f"  {name:28} {found:5} {length:2} moves  {best * 1000:8.1f} ms  {status}")
        total += best
    print(f"  total {total * 1000:.1f} ms for {len(PUZZLE_ROWS)} puzzles")


def levels() -> None:
    position = Position(MIDDLE_GAME)
    for level in LEVELS:
        ai = RenjuAI(level, max_nodes=3000)
        started, cpu = time.perf_counter(), time.process_time()
        move = ai.choose(position, time_limit=60)
        elapsed, cpu = time.perf_counter() - started, time.process_time() - cpu
        nodes = ai.last_info.get("nodes", 0)
        total = ai.last_info.get("nodes_total", 0)
        rate = f"{int(nodes) / elapsed:8.0f} ab nodes/s" if isinstance(nodes, int) and nodes else ""
        if isinstance(total, int) and total and cpu > 0:
            rate += f" {total / cpu:8.0f} nodes/CPU s (all searches)"
        default = RenjuAI(level)
        started = time.perf_counter()
        default.choose(position)
        default_time = time.perf_counter() - started
        print(
            f"  {level:10} 3000-node move {move}  {elapsed:6.2f} s {rate}  default-time move "
            f"{default_time:5.2f} s, depth {default.last_info.get('depth', '-')}"
        )


def greedy(games: int) -> None:
    for colour in (BLACK, WHITE):
        started = time.perf_counter()
        wins = sum(_play(colour, seed) is colour for seed in range(games))
        print(f"  medium as {colour}: {wins}/{games} wins  ({time.perf_counter() - started:.1f} s)")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--games", type=int, default=10)
    args = parser.parse_args()
    print("VCF puzzles (best of", args.repeat, "runs):")
    puzzles(args.repeat)
    print("choose() on a middle-game position:")
    levels()
    print("medium (2000 nodes a move) against the one-ply greedy player:")
    greedy(args.games)


if __name__ == "__main__":
    main()
