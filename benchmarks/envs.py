#!/usr/bin/env python3
"""Environment steps per second with random agents: taku's PettingZoo mahjong environment against
``riichienv``'s own environment (PyPI, a Rust engine) stepping the same work, in one run.

Usage (from the repository root; the peer is not a dependency of taku)::

    .venv/bin/pip install '.[envs]' riichienv==0.4.11
    .venv/bin/python benchmarks/envs.py                    # 10 matches a side, 3 passes
    .venv/bin/python benchmarks/envs.py --games 4 --passes 1 --taku-only

The workload: whole East-South matches under Tenhou's rules with red fives, four uniformly random
legal agents (one ``random.Random`` per match, seeded with its number). **A step** is one agent's
action at a decision; at each step the agent gets what a learning agent needs to choose:

- taku: ``env.last()`` (the ``float32`` observation vector of 5,302 values and the ``int8``
  action mask, NumPy arrays), the legal indices ``mask.nonzero()[0]`` and ``env.step(index)`` on
  :class:`taku.envs.MahjongEnv`; the row "mask only" skips the observation vector (it reads the
  legal indices from ``info`` instead);
- riichienv: ``RiichiEnv.reset/step`` with an ``Observation`` per seat to act,
  ``obs.legal_actions()`` and its feature tensor as its documentation reads it,
  ``np.frombuffer(obs.encode(), np.float32)`` ((74, 34) values; ``encode()`` gives raw bytes);
  the row "no features" skips it. Its mjai log is off (``skip_mjai_logging=True``): the
  environment's observation is what an agent reads.

Times are CPU time (``time.process_time``) of the loops; a warm-up match per side is not counted;
passes interleave the sides, each pass with new seeds.
"""

from __future__ import annotations

import argparse
import gc
import platform
import random
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def taku_env(seeds: range, features: bool = True) -> tuple[int, float]:
    """Steps and CPU seconds of random matches in taku's AEC environment."""
    from taku.envs import mahjong_env

    env = mahjong_env("tenhou")
    steps = 0
    gc.collect()
    start = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        env.reset(seed=seed)
        while not env.match.is_over:
            if features:
                obs, _, _, _, _ = env.last()
                legal = obs["action_mask"].nonzero()[0]
                env.step(int(legal[rng.randrange(len(legal))]))
            else:
                indices = sorted(env.infos[env.agent_selection]["legal_actions"])
                env.step(indices[rng.randrange(len(indices))])
            steps += 1
    return steps, time.process_time() - start


def riichienv_env(seeds: range, features: bool = True) -> tuple[int, float]:
    """Steps and CPU seconds of random matches in riichienv's environment."""
    import numpy as np
    from riichienv import GameRule, RiichiEnv

    float32 = np.dtype(np.float32)
    rule = GameRule.default_tenhou()
    steps = 0
    gc.collect()
    start = time.process_time()
    for seed in seeds:
        rng = random.Random(seed)
        env = RiichiEnv(game_mode="4p-red-half", rule=rule, seed=seed, skip_mjai_logging=True)
        observations = env.reset()
        while not env.done():
            actions = {}
            for seat, observation in sorted(observations.items()):
                legal = observation.legal_actions()
                if not legal:
                    continue
                if features:
                    np.frombuffer(observation.encode(), float32)
                actions[seat] = legal[rng.randrange(len(legal))]
                steps += 1
            observations = env.step(actions)
    return steps, time.process_time() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10, help="matches per side and pass (10)")
    parser.add_argument("--seed", type=int, default=0, help="seed of the first match (0)")
    parser.add_argument("--passes", type=int, default=3, help="passes, the sides interleaved (3)")
    parser.add_argument("--taku-only", action="store_true", help="only taku's environment")
    args = parser.parse_args()
    if args.games < 1 or args.passes < 1:
        parser.error("--games and --passes must be at least 1")
    sides: dict[str, Callable[[range], tuple[int, float]]] = {
        "taku MahjongEnv (observation + mask)": taku_env,
        "taku MahjongEnv (mask only)": lambda seeds: taku_env(seeds, features=False),
    }
    version = "-"
    if not args.taku_only:
        try:
            import riichienv  # noqa: F401
        except ImportError:
            sys.exit("riichienv is not installed: .venv/bin/pip install riichienv==0.4.11 "
                     "(or run with --taku-only)")
        from importlib.metadata import version as dist_version

        version = dist_version("riichienv")
        sides["riichienv RiichiEnv (encode + legal actions)"] = riichienv_env
        sides["riichienv RiichiEnv (legal actions, no features)"] = \
            lambda seeds: riichienv_env(seeds, features=False)
    end = args.seed + args.games * args.passes
    for play in sides.values():
        play(range(end, end + 1))
    totals = {name: [0, 0.0] for name in sides}
    for number in range(args.passes):
        first = args.seed + number * args.games
        for name, play in sides.items():
            steps, seconds = play(range(first, first + args.games))
            totals[name][0] += steps
            totals[name][1] += seconds
    print(f"Python {platform.python_version()}, {platform.machine()}; riichienv {version}")
    print(f"{args.passes} pass(es) of {args.games} matches a side, seeds {args.seed}..{end - 1}; "
          "random agents; Tenhou rules, East-South; CPU time")
    print()
    print("| environment | steps/s | steps/match |")
    print("|---|---:|---:|")
    for name, (steps, seconds) in totals.items():
        print(f"| {name} | {steps / seconds:,.0f} | {steps / (args.games * args.passes):,.0f} |")
    if not args.taku_only:
        ours = totals["taku MahjongEnv (observation + mask)"]
        theirs = totals["riichienv RiichiEnv (encode + legal actions)"]
        print()
        print(f"taku / riichienv (with features): {(ours[0] / ours[1]) / (theirs[0] / theirs[1]):.3f}")
        ours = totals["taku MahjongEnv (mask only)"]
        theirs = totals["riichienv RiichiEnv (legal actions, no features)"]
        print(f"taku / riichienv (no features): {(ours[0] / ours[1]) / (theirs[0] / theirs[1]):.3f}")
        print("(issue 14's goal: at least 1, compiled build)")


if __name__ == "__main__":
    main()
