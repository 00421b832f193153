#!/usr/bin/env python3
"""What ``--ray`` costs and gains: duplicate-wall evaluation games per second in one process, as Ray
tasks on 1 and 2 local workers, and how many tasks per second the coordinator can hand out.

Usage (from the repository root, with ``pip install '.[ray]'``)::

    .venv/bin/python benchmarks/ray_scale.py                 # 24 games of taku vs 3x simple
    .venv/bin/python benchmarks/ray_scale.py --games 48 --a taku --b taku

Rows:

- one process: ``iter_games`` without Ray; games per wall second and per CPU second of this
  process (the rate of one core when the machine is not shared);
- Ray, K workers: the same games through ``ray_map`` on a local runtime started beforehand with
  ``num_cpus=K`` (its start-up time is printed apart); wall time only, the games run in workers;
- coordinator: ``ray_map`` of a task that does nothing, 2,000 of them on 2 workers: the tasks per
  second one coordinator (submit, wait, fetch) sustains, which bounds games per second at any
  cluster size.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def nothing(item: int) -> int:
    """A task that does no work."""
    return item


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=24, help="games per row, a multiple of 4 (24)")
    parser.add_argument("--a", default="taku", help="player A (taku)")
    parser.add_argument("--b", default="simple", help="player B (simple)")
    parser.add_argument("--seed", default="scale")
    args = parser.parse_args()
    import ray

    from taku.bots.evaluation import iter_schedule
    from taku.cli.mahjong_simulate import iter_games
    from taku.cli.ray_tasks import ray_map
    from taku.mahjong.rules import Rules

    names = (args.a, args.b, args.b, args.b)
    rules = Rules()
    print(f"{args.games} games of {args.a} vs 3x {args.b}, duplicate walls, seed {args.seed}; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs at the start")
    print()
    print("| run | games/s (wall) | note |")
    print("|---|---:|---|")
    wall, cpu = time.perf_counter(), time.process_time()
    for _ in iter_games(iter_schedule(args.games, args.seed), names, rules):
        pass
    wall, cpu = time.perf_counter() - wall, time.process_time() - cpu
    print(f"| one process | {args.games / wall:.2f} | {args.games / cpu:.2f} games per CPU second |")
    for workers in (1, 2):
        started = time.perf_counter()
        ray.init(num_cpus=workers, include_dashboard=False, log_to_driver=False, logging_level="ERROR")
        startup = time.perf_counter() - started
        wall = time.perf_counter()
        for _ in iter_games(iter_schedule(args.games, args.seed), names, rules, ray=""):
            pass
        wall = time.perf_counter() - wall
        if workers == 2:
            tasks = time.perf_counter()
            for _ in ray_map(nothing, range(2000), address="", workers=2):
                pass
            tasks = time.perf_counter() - tasks
        ray.shutdown()
        print(f"| Ray, {workers} worker{'s' if workers > 1 else ''} | {args.games / wall:.2f} | "
              f"runtime start {startup:.1f} s, not counted |")
    print(f"| coordinator, empty tasks | {2000 / tasks:,.0f} tasks/s | the ceiling of games/s |")
    print(f"\nload average {os.getloadavg()[0]:.1f} at the end")


if __name__ == "__main__":
    main()
