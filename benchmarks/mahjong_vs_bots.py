#!/usr/bin/env python3
"""The ``taku`` mahjong player against outside mjai bots: mjai-manue and akochan.

Usage (from the repository root; the outside bots built under ``/work/outside``, see
``benchmarks/README.md``, "Mahjong bot vs outside bots")::

    nice -n 15 .venv/bin/python benchmarks/mahjong_vs_bots.py --lineup taku,manue,manue,manue \\
        --games 64 --seed m1 --workers 2 --out runs/m1.jsonl
    .venv/bin/python benchmarks/mahjong_vs_bots.py --report runs/m1.jsonl runs/m2.jsonl

A line-up is four entries: player names of :data:`taku.bots.PLAYERS` (played in this process) or
``manue`` / ``akochan`` (an outside bot behind ``benchmarks/mjai_bridge.py``, seated through
:class:`taku.protocols.mjai_process.MjaiProcessPlayer` with ``on_error="penalty"``: a fault is
counted and printed, and the penalty action is played). Games are whole East-South matches under
``Rules.preset("tenhou")`` on **duplicate walls** (:func:`taku.bots.evaluation.schedule`): sets of four
games share one wall seed and rotate the seats, so every entry plays every seat on the same walls.

Printed per entry: average placement and final score (95% normal interval), win, deal-in, riichi
and call rates per hand (95% Wilson interval), the deal-in rate in hands facing a riichi, the faults
of outside bots, and the time of each decision of the in-process players (mean, p50, p99, max, wall
clock). ``--out`` appends one JSON line per finished game (so a run can be cut short, continued with
``--skip`` and several runs combined with ``--report``).

**Difference to a reference** (``--reference NAME``): every game is played a second time on the same
walls and seats with the player ``NAME`` in the place of the first entry (``taku``); the per-game
differences of placement (taku minus reference) are averaged with a 95% interval. The walls, the
seats and the opponents are the same, so most of the luck cancels in the difference.
"""

from __future__ import annotations

import argparse
import json
import statistics
import sys
import time
from collections.abc import Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from taku.bots import PLAYERS, make_player  # noqa: E402
from taku.bots.evaluation import (  # noqa: E402
    GameSpec,
    PlayedMatch,
    SeatCounts,
    hand_counts,
    mean_ci95,
    player_seed,
    schedule,
    summarize,
)
from taku.bots.mahjong_taku import PushFold, TakuPlayer  # noqa: E402
from taku.bots.simple import Player  # noqa: E402
from taku.mahjong.actions import Action  # noqa: E402
from taku.mahjong.kyoku import Observation  # noqa: E402
from taku.mahjong.match import Match  # noqa: E402
from taku.mahjong.rules import Rules  # noqa: E402
from taku.protocols.mjai_process import MjaiProcessPlayer  # noqa: E402

sys.path.insert(0, str(ROOT / "benchmarks"))
from mahjong_push_fold import parse_push_fold  # noqa: E402

RULES = Rules.preset("tenhou")
BRIDGE = ROOT / "benchmarks" / "mjai_bridge.py"
OUTSIDE = ("manue", "akochan")


class Timed:
    """A player whose decisions are timed (wall clock, seconds)."""

    def __init__(self, player: Player) -> None:
        self.player = player
        self.times: list[float] = []

    def choose(self, observation: Observation) -> Action:
        start = time.perf_counter()
        action = self.player.choose(observation)
        self.times.append(time.perf_counter() - start)
        return action


def _outside(name: str, seat: int, timeout: float) -> MjaiProcessPlayer:
    argv = [sys.executable, str(BRIDGE), name]
    return MjaiProcessPlayer(argv, seat, timeout, on_error="penalty", name=name)


def play_one(spec: GameSpec, names: Sequence[str], timeout: float, label: str = "",
             events: Path | None = None, push_fold: PushFold | None = None) -> dict[str, Any]:
    """Play ``spec`` with ``names`` and return its record (see :func:`record_result`); with
    ``events``, write the game's mjai events there too, one JSON line each (a file per game);
    with ``push_fold``, the ``taku`` entries play with those push/fold parameters."""
    players: list[Any] = []
    outside: list[MjaiProcessPlayer] = []
    for seat in range(4):
        entry = spec.seating[seat]
        name = names[entry]
        if name in OUTSIDE:
            player: Any = _outside(name, seat, timeout)
            outside.append(player)
        elif name == "taku" and push_fold is not None:
            player = Timed(TakuPlayer(player_seed(spec, entry), rules=RULES, push_fold=push_fold))
        else:
            player = Timed(make_player(name, player_seed(spec, entry), RULES))
        players.append(player)
    started = time.perf_counter()
    try:
        match = Match(RULES, spec.wall_seed)
        while not match.is_over:
            seat = match.to_act[0]
            match.apply(players[seat].choose(match.observe(seat)))
    finally:
        for player in outside:
            player.close()
    assert match.result is not None
    if events is not None:
        events.mkdir(parents=True, exist_ok=True)
        name = f"{label or 'run'}-{spec.number}-{'-'.join(names)}.jsonl"
        with (events / name).open("w") as stream:
            stream.writelines(json.dumps(event) + "\n" for event in match.events)
    faults = {str(p.seat): p.faults for p in outside if p.faults}
    times = {str(s): p.times for s, p in enumerate(players) if isinstance(p, Timed)}
    counts = [list(c) for c in hand_counts(match.events)]
    return {"label": label, "spec": list(spec), "names": list(names), "counts": counts,
            "ranks": list(match.result.ranks), "scores": list(match.result.scores),
            "faults": faults, "times": times, "seconds": time.perf_counter() - started}


def to_result(record: dict[str, Any]) -> PlayedMatch:
    number, wall_seed, seating, rotation = record["spec"]
    spec = GameSpec(number, wall_seed, tuple(seating), rotation)
    counts = tuple(SeatCounts(*c) for c in record["counts"])
    return PlayedMatch(spec, counts, tuple(record["ranks"]), tuple(record["scores"]))  # type: ignore[arg-type]


def _interval(value: float, interval: tuple[float, float] | None, digits: int, percent: bool = False) -> str:
    scale = 100.0 if percent else 1.0
    unit = "%" if percent else ""
    text = f"{value * scale:.{digits}f}{unit}"
    if interval is not None:
        text += f" ({interval[0] * scale:.{digits}f}-{interval[1] * scale:.{digits}f})"
    return text


def report(records: Sequence[dict[str, Any]], out: Any = sys.stdout) -> None:
    """Print the summary of ``records`` (games of one line-up), by line-up and reference."""
    groups: dict[tuple[str, ...], list[dict[str, Any]]] = {}
    for record in records:
        groups.setdefault((record.get("label", ""), *record["names"]), []).append(record)
    for key, group in groups.items():
        label, names = key[0], key[1:]
        results = [to_result(r) for r in group]
        print(f"\n## {label + ': ' if label else ''}{', '.join(names)}: {len(group)} games, "
              f"{sum(r.counts[0].hands for r in results)} hands", file=out)
        print("| entry | avg placement | 1st/2nd/3rd/4th | avg score | win | deal-in | riichi | call "
              "| deal-in facing riichi |", file=out)
        print("|---|---|---|---|---|---|---|---|---|", file=out)
        for s in summarize(list(names), results):
            facing = "-" if s.deal_in_vs_riichi_rate is None else _interval(
                s.deal_in_vs_riichi_rate, s.deal_in_vs_riichi_rate_ci95, 1, True)
            facing += f" of {s.hands_facing_riichi}"
            print(f"| {s.label} | {_interval(s.avg_placement, s.avg_placement_ci95, 2)} "
                  f"| {'/'.join(map(str, s.placements))} | {_interval(s.avg_score, s.avg_score_ci95, 0)} "
                  f"| {_interval(s.win_rate, s.win_rate_ci95, 1, True)} "
                  f"| {_interval(s.deal_in_rate, s.deal_in_rate_ci95, 1, True)} "
                  f"| {_interval(s.riichi_rate, s.riichi_rate_ci95, 1, True)} "
                  f"| {_interval(s.call_rate, s.call_rate_ci95, 1, True)} | {facing} |", file=out)
        faults = [f for r in group for fs in r["faults"].values() for f in fs]
        print(f"\nfaults of outside bots: {len(faults)}", file=out)
        for fault in faults[:5]:
            print(f"  {fault}", file=out)
        times = sorted(t for r in group for ts in r["times"].values() for t in ts)
        if times:
            p99 = times[min(len(times) - 1, int(0.99 * len(times)))]
            print(f"in-process decisions: {len(times)}, mean {statistics.fmean(times) * 1000:.2f} ms, "
                  f"p50 {times[len(times) // 2] * 1000:.2f} ms, p99 {p99 * 1000:.2f} ms, "
                  f"max {times[-1] * 1000:.1f} ms (wall clock)", file=out)
        seconds = [r["seconds"] for r in group]
        print(f"seconds per game: mean {statistics.fmean(seconds):.0f}, max {max(seconds):.0f}", file=out)
    _differences(groups, out)


def _differences(groups: dict[tuple[str, ...], list[dict[str, Any]]], out: Any) -> None:
    """Paired differences of the first entry's placement between runs (label and line-up) that
    have the same opponents, on the games both played (same walls, same rotation)."""
    keys = list(groups)
    for i, a in enumerate(keys):
        for b in keys[i + 1:]:
            if a[2:] != b[2:]:
                continue
            first = {(r["spec"][1], r["spec"][3]): r for r in groups[a]}
            diffs: list[float] = []
            for record in groups[b]:
                other = first.get((record["spec"][1], record["spec"][3]))
                if other is None:
                    continue
                diffs.append(other["ranks"][other["spec"][2].index(0)]
                             - record["ranks"][record["spec"][2].index(0)])
            if len(diffs) >= 2:
                mean, interval = mean_ci95(diffs)
                assert interval is not None
                print(f"\nplacement of {' '.join(a[:2]).strip()} minus {' '.join(b[:2]).strip()} on the "
                      f"same {len(diffs)} games: {mean:+.3f} (95% {interval[0]:+.3f} to {interval[1]:+.3f})",
                      file=out)


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--lineup", default="taku,manue,manue,manue",
                        help="four entries: player names or manue/akochan (default %(default)s)")
    parser.add_argument("--games", type=int, default=8)
    parser.add_argument("--skip", type=int, default=0, help="start at game number N of the schedule")
    parser.add_argument("--seed", default="vs")
    parser.add_argument("--workers", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=60.0,
                        help="seconds an outside bot has per decision (default %(default)s)")
    parser.add_argument("--reference", default=None,
                        help="also play every game with this player in the first entry's place")
    parser.add_argument("--label", default="", help="a name for this run in the records (a version)")
    parser.add_argument("--out", type=Path, default=None, help="append one JSON line per game")
    parser.add_argument("--events", type=Path, default=None,
                        help="write each game's mjai events into this directory (a file per game)")
    parser.add_argument("--push-fold", type=parse_push_fold, default=None, metavar="SPEC",
                        help="push/fold parameters of the taku entries: default, previous or "
                             "FIELD=VALUE,... (benchmarks/mahjong_push_fold.py)")
    parser.add_argument("--report", type=Path, nargs="+", default=None,
                        help="only summarize the games in these files")
    args = parser.parse_args(argv)
    if args.report:
        report([json.loads(line) for path in args.report for line in path.read_text().splitlines() if line])
        return 0
    names = [n.strip() for n in args.lineup.split(",")]
    if len(names) != 4 or any(n not in PLAYERS and n not in OUTSIDE for n in names):
        parser.error(f"--lineup needs four names from {', '.join([*PLAYERS, *OUTSIDE])}")
    specs = schedule(args.skip + args.games, args.seed)[args.skip:]
    lineups = [names] if args.reference is None else [names, [args.reference, *names[1:]]]
    jobs = [(spec, lineup) for spec in specs for lineup in lineups]
    records: list[dict[str, Any]] = []
    started = time.time()
    for record in _run(jobs, args.timeout, args.workers, args.label, args.events, args.push_fold):
        records.append(record)
        if args.out is not None:
            args.out.parent.mkdir(parents=True, exist_ok=True)
            with args.out.open("a") as stream:
                stream.write(json.dumps(record) + "\n")
        print(f"game {record['spec'][0]} ({','.join(record['names'])}): ranks {record['ranks']} "
              f"in {record['seconds']:.0f} s; {len(records)}/{len(jobs)} after {time.time() - started:.0f} s",
              file=sys.stderr, flush=True)
    report(records)
    return 0


def _run(jobs: Sequence[tuple[GameSpec, Sequence[str]]], timeout: float, workers: int,
         label: str, events: Path | None = None, push_fold: PushFold | None = None,
         ) -> Iterator[dict[str, Any]]:
    if workers <= 1:
        for spec, names in jobs:
            yield play_one(spec, names, timeout, label, events, push_fold)
        return
    pending = iter(jobs)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[dict[str, Any]]] = set()
        while True:
            for spec, names in pending:
                running.add(pool.submit(play_one, spec, names, timeout, label, events, push_fold))
                if len(running) >= workers:
                    break
            if not running:
                return
            done, running = wait(running, return_when=FIRST_COMPLETED)
            for future in done:
                yield future.result()


if __name__ == "__main__":
    sys.exit(main())
