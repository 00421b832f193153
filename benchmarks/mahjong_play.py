#!/usr/bin/env python3
"""Whole matches and decisions per second with random players: taku's table engine against
``riichienv`` (PyPI, a Rust engine), in one run.

Usage (from the repository root; the peer is not a dependency of taku)::

    .venv/bin/pip install riichienv==0.4.11
    .venv/bin/python benchmarks/mahjong_play.py                 # 40 games a side, 3 passes
    .venv/bin/python benchmarks/mahjong_play.py --games 10 --seed 7 --passes 1
    .venv/bin/python benchmarks/mahjong_play.py --taku-only     # no peer (for a profiler)

The workload on both sides: four uniformly random legal players, one ``random.Random`` per game
seeded with the game's number, a whole East-South match (hanchan) under Tenhou's rules with red
fives, played to its end (including any West extension the rules call for), in this one process:

- taku: ``Match(Rules.preset("tenhou"), seed=g)``; the first seat in ``match.to_act`` is asked
  ``match.legal_actions(seat)`` and one of them is played with ``match.apply``;
- riichienv: ``RiichiEnv(game_mode="4p-red-half", rule=GameRule.default_tenhou(), seed=g)``;
  ``env.reset()`` and ``env.step(actions)`` return an ``Observation`` per seat that must act,
  ``obs.legal_actions()`` lists its choices and one action per such seat goes into the next step.
  Its mjai log is kept (the default), as taku keeps its event list; a second row switches it off
  (``skip_mjai_logging=True``).

**A decision** is one action chosen by one player from a legal set that has at least one action.
Single-option decisions (mostly the tsumogiri forced after riichi) are included, on both sides
alike; how many a match has is printed too. When several seats may claim a discard each of them
makes one decision (taku asks them one after the other, riichienv in one step). A seat with an
empty legal set makes no decision.

Times are the process's CPU time (``time.process_time``) of the play loops, player included
(its random choice is the same code on both sides). A warm-up game per side (its seed follows the
timed ones) runs first and is not counted, so taku's lazily filled tables start warm for the
first timed game as they would in a long run; every pass plays new seeds, taku and riichienv
interleaved pass by pass, so that a busy spell of the machine hits both.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import sys
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


@dataclass
class Tally:
    """What one side played in one pass: games, hands, decisions, CPU seconds."""

    games: int = 0
    hands: int = 0
    decisions: int = 0
    choices: int = 0  # decisions with two or more options
    seconds: float = 0.0

    def add(self, other: Tally) -> None:
        self.games += other.games
        self.hands += other.hands
        self.decisions += other.decisions
        self.choices += other.choices
        self.seconds += other.seconds


def play_taku(seeds: range) -> Tally:
    """Random matches of taku's engine, one per seed."""
    from taku.mahjong.match import Match
    from taku.mahjong.rules import Rules

    rules = Rules.preset("tenhou")
    tally = Tally()
    gc.collect()
    start = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        match = Match(rules, seed=seed)
        decisions = choices = 0
        while match.result is None:
            seat = match.to_act[0]  # several seats may be asked: each answers in turn
            legal = match.legal_actions(seat)
            count = len(legal)
            if count > 1:
                choices += 1
            decisions += 1
            match.apply(legal[rng.randrange(count)])
        tally.games += 1
        tally.decisions += decisions
        tally.choices += choices
        tally.hands += len(match.results)
    tally.seconds = time.process_time() - start
    return tally


def play_riichienv(seeds: range, log: bool = True) -> Tally:
    """Random matches of riichienv, one per seed (``log``: keep its mjai log, the default)."""
    from riichienv import GameRule, RiichiEnv

    rule = GameRule.default_tenhou()
    tally = Tally()
    gc.collect()
    for seed in seeds:
        start = time.process_time()
        rng = random.Random(seed)
        env = RiichiEnv(game_mode="4p-red-half", rule=rule, seed=seed, skip_mjai_logging=not log)
        observations = env.reset()
        decisions = choices = 0
        while not env.done():
            actions = {}
            # In seat order: the mapping's order varies from run to run, and the random player
            # must draw for the seats in a fixed order for a seed to give the same match.
            asked = observations.items() if len(observations) == 1 else sorted(observations.items())
            for seat, observation in asked:
                legal = observation.legal_actions()
                count = len(legal)
                if not count:
                    continue
                if count > 1:
                    choices += 1
                decisions += 1
                actions[seat] = legal[rng.randrange(count)]
            observations = env.step(actions)
        tally.seconds += time.process_time() - start
        tally.games += 1
        tally.decisions += decisions
        tally.choices += choices
        if log:  # not timed: reading the log converts it to Python objects
            tally.hands += sum(1 for event in env.mjai_log if event["type"] == "start_kyoku")
    return tally


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 0


def _row(name: str, tally: Tally, rates: list[float]) -> str:
    hands = f"{tally.hands / tally.games:.2f}" if tally.hands else "-"
    return (f"| {name} | {tally.games / tally.seconds:.1f} | {tally.decisions / tally.seconds:,.0f} | "
            f"{max(rates):,.0f} ({min(rates):,.0f}) | {tally.decisions / tally.games:.1f} | "
            f"{(tally.decisions - tally.choices) / tally.games:.2f} | {hands} |")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=40, help="games per side and pass (40)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first game (0)")
    parser.add_argument("--passes", type=int, default=3,
                        help="passes, each with new seeds, the sides interleaved (3)")
    parser.add_argument("--taku-only", action="store_true", help="play only taku (to profile it)")
    args = parser.parse_args()
    if args.games < 1 or args.passes < 1:
        parser.error("--games and --passes must be at least 1")

    sides: dict[str, Callable[[range], Tally]] = {"taku": play_taku}
    if not args.taku_only:
        try:
            import riichienv
        except ImportError:
            sys.exit("riichienv is not installed: .venv/bin/pip install riichienv==0.4.11 "
                     "(or run with --taku-only)")
        version = getattr(riichienv, "__version__", None) or _dist_version("riichienv")
        sides["riichienv"] = play_riichienv
        sides["riichienv, no mjai log"] = lambda seeds: play_riichienv(seeds, log=False)

    end = args.seed + args.games * args.passes
    for play in sides.values():  # warm-up: imports, tables, caches
        play(range(end, end + 1))
    totals = {name: Tally() for name in sides}
    rates: dict[str, list[float]] = {name: [] for name in sides}
    for number in range(args.passes):
        first = args.seed + number * args.games
        for name, play in sides.items():
            tally = play(range(first, first + args.games))
            totals[name].add(tally)
            rates[name].append(tally.decisions / tally.seconds)

    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}, {_cpus()} CPUs, {platform.system()}"
          + ("" if args.taku_only else f"; riichienv {version}"))
    print(f"{args.passes} pass(es) of {args.games} games a side, seeds {args.seed}..{end - 1}; "
          "random legal players; Tenhou rules, East-South; CPU time")
    print()
    print("| engine | matches/s | decisions/s | best pass (worst) | decisions/match | "
          "single-option/match | hands/match |")
    print("|---|---:|---:|---:|---:|---:|---:|")
    for name in sides:
        print(_row(name, totals[name], rates[name]))
    if args.taku_only:
        return
    ours = totals["taku"]
    print()
    for name in ("riichienv", "riichienv, no mjai log"):
        theirs = totals[name]
        print(f"taku/{name}: matches/s {(ours.games / ours.seconds) / (theirs.games / theirs.seconds):.2f}, "
              f"decisions/s {(ours.decisions / ours.seconds) / (theirs.decisions / theirs.seconds):.2f}, "
              f"best passes {max(rates['taku']) / max(rates[name]):.2f} (issue 10's goal: decisions/s "
              ">= 2 compiled, >= 0.7 pure Python)")


def _dist_version(name: str) -> str:
    from importlib.metadata import version

    return version(name)



if __name__ == "__main__":
    main()
