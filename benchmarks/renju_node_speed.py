"""Benchmark: df-pn and threat-search nodes per CPU second of the puzzle solver (issue 13).

Usage: ``python benchmarks/renju_node_speed.py [--nodes N] [--repeat R]``

Runs ``find_vct`` as ``solve_vct`` does (quiet moves, df-pn) on every puzzle of
``tests/data/renju_mate_puzzles.txt`` with a fixed node budget of N per puzzle and no time limit,
so the search is the same on every machine: it prints the total nodes, a digest of every line found
(both must stay equal when only the speed of the code changes) and the nodes per CPU second
(``time.process_time``, not disturbed by other work on the machine; the best of R runs).
"""

from __future__ import annotations

import argparse
import hashlib
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from taku.bots.renju_search import Clock, SearchBoard, find_vct  # noqa: E402
from taku.renju import Position  # noqa: E402

PUZZLES = ROOT / "tests" / "data" / "renju_mate_puzzles.txt"


def run(nodes: int) -> tuple[int, str, float, int]:
    """Total nodes, digest of the lines, CPU seconds and wins over every puzzle."""
    total = 0
    wins = 0
    digest = hashlib.sha256()
    cpu = 0.0
    for row in PUZZLES.read_text(encoding="utf-8").splitlines():
        if not row.strip() or row.startswith("#"):
            continue
        words = row.split()
        position = Position(words[-1])
        board = SearchBoard(position)
        clocks: list[Clock] = []
        started = time.process_time()
        line = find_vct(board, int(position.turn), None, nodes, 6, 12, clocks, quiet_vcf=12)
        cpu += time.process_time() - started
        spent = sum(clock.nodes for clock in clocks)
        total += spent
        wins += line is not None
        digest.update(f"{words[0]} {spent} {line}\n".encode())
    return total, digest.hexdigest()[:16], cpu, wins


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--nodes", type=int, default=20_000)
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    best = None
    for _ in range(args.repeat):
        total, digest, cpu, wins = run(args.nodes)
        rate = total / cpu
        best = rate if best is None else max(best, rate)
        print(f"nodes {total} lines {digest} wins {wins} cpu {cpu:.2f} s: {rate:,.0f} nodes per CPU second",
              flush=True)
    print(f"best {best:,.0f} nodes per CPU second")


if __name__ == "__main__":
    main()
