"""Benchmark: taku's renju AI against another build of itself (new against old) at fixed nodes.

Usage::

    python benchmarks/renju_selfplay.py --old /tmp/taku-old [--games 26] [--level strongest] \\
        [--nodes 3000] [--new PATH]

``--old`` and ``--new`` are directories holding a ``taku`` package (a clone or a copy of one,
compiled in place or not; ``--new`` defaults to this checkout). Each side runs in its own child
process (two builds of ``taku`` cannot share one interpreter) as ``RenjuAI(level, max_nodes=N)``
with a generous time limit, so the games do not depend on the machine's load: the result is the
same on any machine (a node budget makes the AI deterministic). The openings are the 26 RIF
openings spread evenly, each played twice with the colours swapped (``--games`` is rounded up to
an even number). Prints each game and the new build's score with a 95% Wilson interval.
"""

from __future__ import annotations

import argparse
import os
import subprocess
import sys
import time
from pathlib import Path

from taku.bots.renju_ai import LEVELS
from taku.protocols.gomocup_client import score_interval
from taku.renju import Move, Point, Position, RenjuRules
from taku.renju.openings import OPENINGS
from taku.renju.points import move_string

ROOT = Path(__file__).resolve().parent.parent

WORKER = """
import sys
from taku.bots.renju_ai import RenjuAI
from taku.renju import Position
level, nodes, seconds = sys.argv[1], int(sys.argv[2]), float(sys.argv[3])
for line in sys.stdin:
    ai = RenjuAI(level, max_nodes=nodes)
    move = ai.choose(Position(line.strip()), seconds)
    print("pass" if move is None else move, flush=True)
"""
"""The child: one fresh ``RenjuAI`` per move (a fresh one per game would play the same moves: the
AI keeps no state between moves that changes them), the game's moves in, the move out."""


class Side:
    """One build of taku in a child process."""

    def __init__(self, name: str, root: Path, level: str, nodes: int, seconds: float) -> None:
        self.name = name
        env = dict(os.environ, PYTHONPATH=str(root))
        self.process = subprocess.Popen(
            [sys.executable, "-c", WORKER, level, str(nodes), str(seconds)],
            stdin=subprocess.PIPE, stdout=subprocess.PIPE, text=True, env=env, cwd=str(root))
        self.seconds = 0.0

    def move(self, moves: str) -> Move:
        """The child's move after ``moves``."""
        assert self.process.stdin is not None and self.process.stdout is not None
        started = time.perf_counter()
        self.process.stdin.write(moves + "\n")
        self.process.stdin.flush()
        answer = self.process.stdout.readline().strip()
        self.seconds += time.perf_counter() - started
        if not answer:
            raise SystemExit(f"{self.name}: the child process ended without a move after {moves}")
        return None if answer == "pass" else Point.from_str(answer)

    def close(self) -> None:
        """End the child."""
        if self.process.stdin is not None:
            self.process.stdin.close()
        self.process.wait(timeout=10)


def openings(games: int) -> list[str]:
    """``games / 2`` RIF openings spread through the 26, each twice (colours swapped)."""
    names = list(OPENINGS)
    pairs = max(1, (games + 1) // 2)
    chosen = [names[(k * len(names)) // pairs % len(names)] for k in range(pairs)]
    return [move_string(OPENINGS[name]) for name in chosen for _ in range(2)]


def play(black: Side, white: Side, opening: str) -> Position:
    """One game from ``opening`` to its end (an illegal move ends the program: it is a bug); a
    position where the side to move has no legal point left (a full board but Black's forbidden
    points) ends it too, scored a draw."""
    position = Position(opening, rules=RenjuRules())
    while position.outcome() is None and any(True for _ in position.legal_moves):
        side = black if position.turn.name == "BLACK" else white
        position.push(side.move(position.move_string()))
    return position


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__,
                                     formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--old", type=Path, required=True, help="directory holding the old build's taku")
    parser.add_argument("--new", type=Path, default=ROOT, help="directory holding the new build's taku")
    parser.add_argument("--games", type=int, default=26)
    parser.add_argument("--level", default="strongest")
    parser.add_argument("--nodes", type=int, default=3000, help="node budget per move of both sides")
    parser.add_argument("--old-nodes", type=int, default=None, help="the old side's budget (default --nodes)")
    parser.add_argument("--first", type=int, default=0, help="skip this many games of the list")
    args = parser.parse_args(argv)
    for label, path in (("--old", args.old), ("--new", args.new)):
        if not (path / "taku" / "__init__.py").is_file():
            parser.error(f"{label} {path}: no taku package there")
    if args.games < 1 or args.nodes < 1 or (args.old_nodes is not None and args.old_nodes < 1):
        parser.error("--games, --nodes and --old-nodes must be positive")
    if args.level not in LEVELS:
        parser.error(f"--level {args.level!r}: expected one of {', '.join(LEVELS)}")
    if args.first < 0:
        parser.error(f"--first {args.first}: expected 0 or more")
    new = Side("new", args.new, args.level, args.nodes, 600.0)
    old = Side("old", args.old, args.level, args.old_nodes or args.nodes, 600.0)
    points = 0.0
    played = 0
    as_colour = {"B": 0.0, "W": 0.0}
    try:
        for number, opening in enumerate(openings(args.games)):
            if number < args.first:
                continue
            new_black = number % 2 == 1
            black, white = (new, old) if new_black else (old, new)
            final = play(black, white, opening)
            outcome = final.outcome()
            result = "1/2-1/2" if outcome is None else outcome.result()
            ending = "no legal move" if outcome is None else outcome.termination.value
            score = 0.5 if result == "1/2-1/2" else float((result == "1-0") == new_black)
            points += score
            played += 1
            as_colour["B" if new_black else "W"] += score
            print(f"game {number + 1}: new {'B' if new_black else 'W'} {result} "
                  f"{ending} {final.stone_count} stones  {final.move_string()}",
                  flush=True)
    finally:
        new.close()
        old.close()
    low, high = score_interval(points, played)
    score = points / max(played, 1)
    print(f"new vs old, {args.level} at {args.nodes} nodes: {points:g}/{played} = {score:.3f} "
          f"(95% {low:.3f}-{high:.3f}); as Black {as_colour['B']:g}, as White {as_colour['W']:g}; "
          f"seconds new {new.seconds:.0f}, old {old.seconds:.0f}")


if __name__ == "__main__":
    main()
