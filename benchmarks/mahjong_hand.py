#!/usr/bin/env python3
"""Scoring and shanten throughput of taku against the ``mahjong`` package (PyPI), in one run.

Usage (from the repository root)::

    .venv/bin/python benchmarks/mahjong_hand.py            # full run, prints a table
    .venv/bin/python benchmarks/mahjong_hand.py --quick    # fewer hands and repeats

The hands are the seeded random complete hands of the differential test
(``tests/test_mahjong_oracle.py``, configuration ``tenhou``): closed and open, every meld kind, riichi,
tsumo and ron, dora, red fives. Each side gets its natural input, built before the clock starts:

- scoring: taku ``score_hand(Hand, Tile, Win, Rules)``; mahjong
  ``HandCalculator.estimate_hand_value(136-ids, win id, [Meld], dora ids, HandConfig, ura ids)``;
- shanten: both take the same 34-count list (``taku.mahjong.shanten.shanten(counts)`` and
  ``mahjong.shanten.Shanten().calculate_shanten(counts)``), on random 13- and 14-tile draws from a
  seeded wall and on the 13 concealed tiles (winning tile removed) of the closed scoring hands;
- shanten of many hands (learning code): taku's batch entry point on all the hands at once
  (``shanten_batch(bytes)``: 34 counts per hand, one after another; and
  ``taku.mahjong_batch.shanten_array`` on a ``(n, 34)`` NumPy array) against ``riichienv``'s
  ``calculate_shanten(ids)`` (PyPI, a Rust engine; it takes one hand's list of 136-tile ids,
  and has no batch call) called once per hand, if riichienv is installed. Per hand.

*Cold* is the first pass over the hands in a fresh interpreter (each library's tables and caches
empty; module import not included), taken as the median of several fresh processes. *Warm* is the
median of later passes in one process. Per-call times are means over a pass of the process's CPU
time (``time.process_time``), which other jobs on a shared machine disturb less than wall time.
"""

from __future__ import annotations

import argparse
import gc
import json
import platform
import random
import statistics
import subprocess
import sys
import time
from collections.abc import Callable
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))
sys.path.insert(0, str(ROOT))

SCORE_SEED = 20260501  # the differential test's "tenhou" seed: the same hands
SHANTEN_SEED = 20260601


def _build(score_hands: int, shanten_hands: int) -> dict[str, Any]:
    """Every input of every timed loop, built before any timing."""
    from test_mahjong_oracle import CONFIGS, oracle_input, random_cases, taku_input

    from taku.mahjong.hand import Hand
    from taku.mahjong.tiles import Tile

    config = next(c for c in CONFIGS if c.name == "tenhou")
    assert config.seed == SCORE_SEED
    cases = random_cases(config.seed, score_hands)
    rules = config.rules
    taku_args = [(*taku_input(case, rules), rules) for case in cases]
    oracle_args = [oracle_input(case, rules, config.options) for case in cases]
    texts = [(str(hand), str(tile), win, rules) for hand, tile, win, rules in taku_args]

    rng = random.Random(SHANTEN_SEED)
    draws13, draws14 = [], []
    for _ in range(shanten_hands):
        ids = rng.sample(range(136), 14)
        for size, out in ((13, draws13), (14, draws14)):
            counts = [0] * 34
            for i in ids[:size]:
                counts[i // 4] += 1
            out.append(counts)
    tenpai13 = []
    for case in cases:
        if case.melds:
            continue
        counts = [0] * 34
        for i in case.closed:
            counts[i // 4] += 1
        counts[case.win_id // 4] -= 1
        tenpai13.append(counts)
    data: dict[str, Any] = {"taku_args": taku_args, "oracle_args": oracle_args, "texts": texts,
                            "draws13": draws13, "draws14": draws14, "tenpai13": tenpai13,
                            "Hand": Hand, "Tile": Tile}
    for name in ("draws13", "draws14", "tenpai13"):  # the batch inputs, built before timing
        hands = data[name]
        data[f"{name}-blob"] = [b"".join(bytes(counts) for counts in hands)]
        data[f"{name}-ids"] = [[kind * 4 + copy for kind in range(34) for copy in range(counts[kind])]
                               for counts in hands]
        try:
            import numpy as np
        except ImportError:
            continue
        data[f"{name}-array"] = [np.array(hands, dtype=np.uint8)]
    return data


Loop = tuple[Callable[[list[Any]], None], list[Any]]


def _loops(data: dict[str, Any]) -> dict[str, Loop]:
    """The timed loops: name -> (a function that handles a list of inputs, the inputs)."""
    from mahjong.hand_calculating.hand import HandCalculator
    from mahjong.shanten import Shanten

    from taku.mahjong.errors import NotAWinError
    from taku.mahjong.score import score_hand
    from taku.mahjong.shanten import shanten, shanten_batch

    estimate = HandCalculator.estimate_hand_value
    peer_shanten = Shanten().calculate_shanten
    riichienv_shanten = _riichienv_shanten()
    hand_from_str, tile_from_str = data["Hand"].from_str, data["Tile"].from_str

    def taku_score(items: list[Any]) -> None:
        for hand, tile, win, rules in items:
            # A hand without yaku raises (taku's API); try/except is cheaper than suppress().
            try:  # noqa: SIM105
                score_hand(hand, tile, win, rules)
            except NotAWinError:
                pass

    def taku_score_text(items: list[Any]) -> None:
        for text, tile, win, rules in items:
            try:  # noqa: SIM105
                score_hand(hand_from_str(text), tile_from_str(tile), win, rules)
            except NotAWinError:
                pass

    def peer_score(items: list[Any]) -> None:
        for kwargs in items:
            estimate(**kwargs)

    def taku_shanten(items: list[Any]) -> None:
        for counts in items:
            shanten(counts)

    def peer_shanten_loop(items: list[Any]) -> None:
        for counts in items:
            peer_shanten(counts)

    def taku_batch(items: list[Any]) -> None:
        for blob in items:
            shanten_batch(blob)

    def taku_array(items: list[Any]) -> None:
        from taku.mahjong_batch import shanten_array

        for array in items:
            shanten_array(array)

    loops: dict[str, Loop] = {
        "score/taku": (taku_score, data["taku_args"]),
        "score/peer": (peer_score, data["oracle_args"]),
        "score-from-text/taku": (taku_score_text, data["texts"]),
    }
    for name in ("draws13", "draws14", "tenpai13"):
        loops[f"shanten-{name}/taku"] = (taku_shanten, data[name])
        loops[f"shanten-{name}/peer"] = (peer_shanten_loop, data[name])
        loops[f"batch-{name}/taku"] = (taku_batch, data[f"{name}-blob"])
        if f"{name}-array" in data:
            loops[f"batch-{name}/taku-numpy"] = (taku_array, data[f"{name}-array"])
        if riichienv_shanten is not None:
            def riichienv_loop(items: list[Any], calculate: Any = riichienv_shanten) -> None:
                for ids in items:
                    calculate(ids)
            loops[f"batch-{name}/riichienv"] = (riichienv_loop, data[f"{name}-ids"])
    return loops


def _riichienv_shanten() -> Any:
    """riichienv's ``calculate_shanten`` (None if riichienv is not installed)."""
    try:
        from riichienv import calculate_shanten
    except ImportError:
        return None
    return calculate_shanten


def _time(loop: Loop) -> float:
    """Microseconds per call (per hand for a batch) of one pass (CPU time of this process: other
    jobs sharing the cores inflate it less than wall-clock time)."""
    run, items = loop
    gc.collect()
    start = time.process_time()
    run(items)
    return (time.process_time() - start) / _hands(items) * 1e6


def _hands(items: list[Any]) -> int:
    """How many hands a loop's inputs hold (a batch input holds them all)."""
    if len(items) == 1 and isinstance(items[0], bytes):
        return len(items[0]) // 34
    if len(items) == 1 and hasattr(items[0], "shape"):
        return int(items[0].shape[0])
    return len(items)


def _cold(loop: Loop) -> dict[str, float]:
    """The first pass of a fresh process: µs per call over the pass, and the first call alone (ms)."""
    run, items = loop
    gc.collect()
    start = time.process_time()
    run(items[:1])
    first = time.process_time()
    run(items[1:])
    end = time.process_time()
    return {"pass_us": (end - start) / len(items) * 1e6, "first_ms": (first - start) * 1e3}


def _cold_in_subprocess(name: str, score_hands: int, shanten_hands: int) -> dict[str, float]:
    """One loop's first pass, in a fresh interpreter that runs nothing else."""
    out = subprocess.run(
        [sys.executable, __file__, "--cold-one", name, "--score-hands", str(score_hands),
         "--shanten-hands", str(shanten_hands)], check=True, capture_output=True, text=True)
    result: dict[str, float] = json.loads(out.stdout)
    return result


def _agreement(data: dict[str, Any]) -> str:
    """How often the two shanten functions agree on the benchmark hands (a sanity check)."""
    from mahjong.shanten import Shanten

    from taku.mahjong.shanten import shanten, shanten_batch

    peer = Shanten().calculate_shanten
    riichienv = _riichienv_shanten()
    parts = []
    for name in ("draws13", "draws14", "tenpai13"):
        hands = data[name]
        ours = [shanten(counts) for counts in hands]
        same = sum(1 for counts, value in zip(hands, ours, strict=True) if value == peer(counts))
        batch = sum(1 for a, b in zip(shanten_batch(data[f"{name}-blob"][0]), ours, strict=True)
                    if a == b)
        text = f"{name} {same}/{len(hands)} (taku's batch: {batch}/{len(hands)}"
        if riichienv is not None:
            agree = sum(1 for ids, value in zip(data[f"{name}-ids"], ours, strict=True)
                        if riichienv(ids) == value)
            text += f", riichienv: {agree}/{len(hands)}"
        parts.append(text + ")")
    return "shanten agreement with mahjong: " + ", ".join(parts)


ROWS = (("scoring", "score", (10, 15)), ("shanten, 13 random tiles", "shanten-draws13", (None, 50)),
        ("shanten, 14 random tiles", "shanten-draws14", (None, 50)),
        ("shanten, 13 tiles, tenpai", "shanten-tenpai13", (None, 50)))
"""Each row: its label, its loops' key, the goals of issue 10 (compiled build), cold and warm."""
BATCH_ROWS = (("13 random tiles", "draws13"), ("14 random tiles", "draws14"),
              ("13 tiles, tenpai", "tenpai13"))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--score-hands", type=int, default=4000)
    parser.add_argument("--shanten-hands", type=int, default=20000)
    parser.add_argument("--repeat", type=int, default=9, help="warm passes (median)")
    parser.add_argument("--cold-runs", type=int, default=5, help="fresh processes per cold figure")
    parser.add_argument("--quick", action="store_true", help="1000 / 5000 hands, 3 passes, 3 processes")
    parser.add_argument("--cold-one", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.quick:
        args.score_hands, args.shanten_hands, args.repeat, args.cold_runs = 1000, 5000, 3, 3
    if args.cold_one:
        print(json.dumps(_cold(_loops(_build(args.score_hands, args.shanten_hands))[args.cold_one])))
        return

    # Cold: every loop in its own fresh processes, so no library finds a table already filled.
    cold: dict[str, dict[str, float]] = {}
    for _, key, _ in ROWS:
        for side in ("taku", "peer"):
            runs = [_cold_in_subprocess(f"{key}/{side}", args.score_hands, args.shanten_hands)
                    for _ in range(args.cold_runs)]
            cold[f"{key}/{side}"] = {field: statistics.median(r[field] for r in runs)
                                     for field in ("pass_us", "first_ms")}

    data = _build(args.score_hands, args.shanten_hands)
    loops = _loops(data)
    for loop in loops.values():  # fill every table and cache
        _time(loop)
    warm: dict[str, list[float]] = {name: [] for name in loops}
    for _ in range(args.repeat):
        for name, loop in loops.items():  # interleaved, so a busy spell hits both sides alike
            warm[name].append(_time(loop))
    warm_us = {name: statistics.median(times) for name, times in warm.items()}

    print(f"Python {platform.python_version()} ({platform.python_implementation()}), "
          f"{platform.machine()}, {_cpus()} CPUs, {platform.system()}")
    print(f"scoring: {len(data['taku_args'])} complete hands; shanten: {len(data['draws13'])} random "
          f"13- and 14-tile draws, {len(data['tenpai13'])} closed 13-tile tenpai hands")
    print(f"warm: median of {args.repeat} passes; cold: median of {args.cold_runs} fresh processes, "
          "first pass including the first call (table loading)")
    print(_agreement(data))
    print()
    header = ("| task | pass | taku µs/call | mahjong µs/call | taku/mahjong throughput | goal |")
    print(header)
    print("|---|---|---:|---:|---:|---:|")
    for label, key, targets in ROWS:
        for phase, target in zip(("cold", "warm"), targets, strict=True):
            if phase == "cold":
                ours, theirs = cold[f"{key}/taku"]["pass_us"], cold[f"{key}/peer"]["pass_us"]
            else:
                ours, theirs = warm_us[f"{key}/taku"], warm_us[f"{key}/peer"]
            goal = f"≥{target}x" if target else ""
            print(f"| {label} | {phase} | {ours:.2f} | {theirs:.2f} | {theirs / ours:.1f}x | {goal} |")
    ours = warm_us["score-from-text/taku"]
    print(f"| scoring, taku parsing the text too | warm | {ours:.2f} | {warm_us['score/peer']:.2f} | "
          f"{warm_us['score/peer'] / ours:.1f}x | |")
    print()
    print("| shanten of many hands, per hand (warm) | taku `shanten_batch` µs | taku `shanten_array` "
          "(NumPy) µs | riichienv `calculate_shanten` µs | riichienv / taku batch |")
    print("|---|---:|---:|---:|---:|")
    for label, key in BATCH_ROWS:
        ours = warm_us[f"batch-{key}/taku"]
        numpy_us = warm_us.get(f"batch-{key}/taku-numpy")
        theirs = warm_us.get(f"batch-{key}/riichienv")
        print(f"| {label} | {ours:.3f} | {'-' if numpy_us is None else f'{numpy_us:.3f}'} | "
              f"{'-' if theirs is None else f'{theirs:.3f}'} | "
              f"{'-' if theirs is None else f'{theirs / ours:.2f}x'} |")
    print()
    print("first call in a fresh process (ms): " + ", ".join(
        f"{key}/{side} {cold[f'{key}/{side}']['first_ms']:.1f}"
        for _, key, _ in ROWS for side in ("taku", "peer")))


def _cpus() -> int:
    import os

    return len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 0


if __name__ == "__main__":
    main()
