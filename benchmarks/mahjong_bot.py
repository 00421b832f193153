#!/usr/bin/env python3
"""The ``taku`` mahjong player: time per decision, and its results against the baselines.

Usage (from the repository root)::

    .venv/bin/python benchmarks/mahjong_bot.py                  # 40 games per line-up
    .venv/bin/python benchmarks/mahjong_bot.py --games 1000 --lineups random
    .venv/bin/python benchmarks/mahjong_bot.py --games 8 --seed 3   # a quick look

Each line-up seats one ``taku`` (:class:`taku.bots.mahjong_taku.TakuPlayer`) against three
copies of a baseline, in whole East-South matches under ``Rules.preset("tenhou")``; game ``g``
uses the match seed ``{seed}-{g}`` and seats taku at ``g % 4`` (each seat in turn). Line-ups:
``random`` (uniform legal actions), ``tsumogiri``, ``simple`` (wins, riichis whenever it can,
never calls) once with taku's defence and once without (``taku-efficiency``: the same player with
``defence=False``) on the same seeds.

**Decision time**: the wall-clock time (``time.perf_counter``) and the process's CPU time
(``time.process_time``) of each ``TakuPlayer.choose`` call, every decision included (forced ones
too); the observation is built before the clocks start. On a busy machine the wall clock's tail
(p99, max) shows the scheduler more than the player: compare it with the CPU row. A
warm-up game (not counted) fills the shanten tables first. Reported: mean, median, p99 and max
per line-up and over all.

**Results**: taku's average placement (95% normal interval) and, against a riichi, two deal-in
rates from :func:`taku.bots.evaluation.hand_counts`: *per hand* = hands in which taku dealt
in to a player in riichi / hands in which another player's riichi was accepted; *per discard* =
those deal-ins / taku's discards made while another player was in riichi.
"""

from __future__ import annotations

import argparse
import math
import platform
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from taku.bots.evaluation import hand_counts  # noqa: E402
from taku.bots.mahjong_taku import TakuPlayer  # noqa: E402
from taku.bots.simple import Player, RandomPlayer, SimplePlayer, TsumogiriPlayer  # noqa: E402
from taku.mahjong.match import Match  # noqa: E402
from taku.mahjong.rules import Rules  # noqa: E402

RULES = Rules.preset("tenhou")
BASELINES: dict[str, Callable[[int], Player]] = {
    "random": RandomPlayer,
    "tsumogiri": TsumogiriPlayer,
    "simple": lambda seed: SimplePlayer(),
}


def play(seed: str, seat: int, taku: TakuPlayer, baseline: Callable[[int], Player],
         times: list[float], cpu: list[float]) -> tuple[int, tuple[int, int, int, int]]:
    """One match; taku's rank and riichi deal-in counts; its decision times (wall clock, CPU) go
    into ``times`` and ``cpu``."""
    match = Match(RULES, seed=seed)
    players: list[Player] = [taku if i == seat else baseline(i) for i in range(4)]
    clock = time.perf_counter
    cpu_clock = time.process_time
    while not match.is_over:
        actor = match.to_act[0]
        observation = match.observe(actor)
        if actor == seat:
            start = clock()
            cpu_start = cpu_clock()
            action = taku.choose(observation)
            cpu.append(cpu_clock() - cpu_start)
            times.append(clock() - start)
        else:
            action = players[actor].choose(observation)
        match.apply(action)
    assert match.result is not None
    counts = hand_counts(match.events)[seat]
    return match.result.ranks[seat], (counts.facing_riichi, counts.deal_ins_to_riichi,
                                      counts.discards_facing_riichi, counts.deal_ins_to_riichi)


def run(name: str, baseline: Callable[[int], Player], games: int, seed: str, defence: bool,
        times: list[float], cpu: list[float]) -> dict[str, Any]:
    ranks: list[int] = []
    totals = [0, 0, 0, 0]
    start = time.process_time()
    for game in range(games):
        taku = TakuPlayer(f"{seed}-{game}", defence=defence)
        rank, counts = play(f"{seed}-{game}", game % 4, taku, baseline, times, cpu)
        ranks.append(rank)
        totals = [a + b for a, b in zip(totals, counts, strict=True)]
    mean = statistics.fmean(ranks)
    half = 1.96 * statistics.stdev(ranks) / math.sqrt(len(ranks)) if len(ranks) > 1 else 0.0
    return {"line-up": name, "games": games, "avg_placement": mean, "ci95": (mean - half, mean + half),
            "firsts": ranks.count(1) / games, "riichi_hands": totals[0], "deal_ins": totals[1],
            "riichi_discards": totals[2], "seconds_per_game": (time.process_time() - start) / games}


def describe(times: list[float]) -> str:
    ordered = sorted(times)
    p99 = ordered[min(len(ordered) - 1, int(0.99 * len(ordered)))]
    return (f"{len(times):7d} decisions  mean {1000 * statistics.fmean(times):6.3f} ms  "
            f"median {1000 * ordered[len(ordered) // 2]:6.3f} ms  p99 {1000 * p99:6.3f} ms  "
            f"max {1000 * ordered[-1]:6.2f} ms")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=40, help="games per line-up (default 40)")
    parser.add_argument("--seed", default="bench", help="seed prefix of the matches")
    parser.add_argument("--lineups", default="random,tsumogiri,simple",
                        help="comma-separated baselines (random, tsumogiri, simple)")
    args = parser.parse_args()
    print(f"taku mahjong bot: {args.games} games per line-up, seed {args.seed!r}, "
          f"Python {platform.python_version()} on {platform.machine()}")
    play("warm-up", 0, TakuPlayer(0), RandomPlayer, [], [])
    all_times: list[float] = []
    all_cpu: list[float] = []
    rows = []
    for name in args.lineups.split(","):
        baseline = BASELINES[name]
        variants = ((True, False) if name == "simple" else (True,))
        for defence in variants:
            label = f"{'taku' if defence else 'taku-efficiency'} vs 3 {name}"
            times: list[float] = []
            cpu: list[float] = []
            row = run(label, baseline, args.games, args.seed, defence, times, cpu)
            rows.append(row)
            all_times += times
            all_cpu += cpu
            print(f"{label:30s} wall {describe(times)}")
            print(f"{'':30s} CPU  {describe(cpu)}")
    print(f"{'all':30s} wall {describe(all_times)}")
    print(f"{'':30s} CPU  {describe(all_cpu)}")
    print()
    print("| line-up | games | avg placement (95% CI) | firsts | deal-in per riichi hand | "
          "deal-in per discard vs riichi | s/game |")
    print("|---|---:|---|---:|---|---|---:|")
    for row in rows:
        low, high = row["ci95"]
        hands = row["riichi_hands"]
        discards = row["riichi_discards"]
        per_hand = f"{row['deal_ins'] / hands:.3f} ({row['deal_ins']}/{hands})" if hands else "-"
        per_discard = f"{row['deal_ins'] / discards:.4f} ({row['deal_ins']}/{discards})" if discards else "-"
        print(f"| {row['line-up']} | {row['games']} | {row['avg_placement']:.3f} ({low:.3f}-{high:.3f}) | "
              f"{row['firsts']:.1%} | {per_hand} | {per_discard} | {row['seconds_per_game']:.3f} |")


if __name__ == "__main__":
    main()
