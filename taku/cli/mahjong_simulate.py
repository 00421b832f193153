"""``taku mahjong simulate``: matches between built-in players (statistics in
:mod:`taku.bots.evaluation`), optionally written as records (mjai JSON lines or Tenhou JSON)."""

from __future__ import annotations

import argparse
import itertools
import json
import os
import re
import sys
import time
from collections.abc import Iterable, Iterator, Sequence
from concurrent.futures import FIRST_COMPLETED, Future, ProcessPoolExecutor, wait
from pathlib import Path
from typing import Any, TextIO

from taku.bots import PLAYERS, make_player
from taku.bots.evaluation import (
    EntrySummary,
    GameSpec,
    PlayedMatch,
    RunTally,
    iter_schedule,
    play_match,
    play_scheduled_match,
)
from taku.cli.main import CommandError, count
from taku.cli.ray_tasks import add_ray_option, ray_map
from taku.formats.mahjong.mjai import write_mjai
from taku.formats.mahjong.record import MahjongRecord
from taku.mahjong.errors import MahjongError
from taku.mahjong.rules import PRESET_ALIASES, PRESETS, Rules, rules_label

FORMATS = ("mjai", "tenhou")
"""Formats ``simulate`` writes."""

MAX_GAMES = 100_000_000
"""The most matches one ``simulate`` plays (a bound on the argument, as ``evaluate``'s: the summary
is running sums, so memory does not grow with the games; a hundred million games is days of a
large cluster)."""


def usable_cpus() -> int:
    """The CPUs this process may run on: the most ``simulate --workers`` starts."""
    try:
        return len(os.sched_getaffinity(0))
    except (AttributeError, OSError):  # not on Linux
        return os.cpu_count() or 1


__all__ = ["FORMATS", "iter_games", "parse_players", "play_match", "register"]


def register(commands: Any) -> None:
    """Add ``simulate`` to the ``mahjong`` sub-commands."""
    sim = commands.add_parser(
        "simulate", help="play matches between built-in players and report their results",
        description="Play N matches between four built-in players (duplicate walls by default: "
                    "each wall seed is played four times, the seating rotated, so every player "
                    "plays every seat on the same walls) and print each player's average "
                    "placement, win, deal-in, riichi and call rates and average score with 95% "
                    "intervals; optionally write every record.")
    sim.add_argument("--games", type=count(1, MAX_GAMES, "a number of matches"), default=1, metavar="N",
                     help=f"matches to play, 1..{MAX_GAMES:,} (default: 1)")
    sim.add_argument("--players", metavar="A,B,C,D",
                     help="four comma-separated player names, one per entry (known: "
                          f"{', '.join(sorted(PLAYERS))}; default: simple at every seat)")
    sim.add_argument("--player", metavar="NAME",
                     help="the same player at every seat (short for --players NAME,NAME,NAME,NAME)")
    sim.add_argument("--seed", default="0", metavar="S", help="seed of the walls and players")
    sim.add_argument("--workers", type=count(1, usable_cpus(), "a number of processes"), default=1,
                     metavar="K", help="processes playing games in parallel, at most the number of "
                                       "CPUs (default: 1; the results do not depend on it)")
    sim.add_argument("--rules", default="default", choices=[*PRESETS, *PRESET_ALIASES],
                     help="rule preset (default: tenhou)")
    sim.add_argument("--duplicate", action=argparse.BooleanOptionalAction, default=True,
                     help="duplicate walls with rotated seating (default: on)")
    sim.add_argument("--out", metavar="DIR", help="write every record to this directory")
    sim.add_argument("--format", default=None, choices=FORMATS, dest="record_format",
                     help="record format with --out (default: mjai)")
    sim.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_ray_option(sim, batch=True)
    sim.set_defaults(handler=_simulate_command)


# --- simulate ------------------------------------------------------------------------------------

def parse_players(text: str) -> tuple[str, str, str, str]:
    """The four player names in ``text`` (comma-separated), each checked against the registry."""
    names = [name.strip() for name in text.split(",")]
    if len(names) != 4 or not all(names):
        raise CommandError(f"--players needs four comma-separated names, got {text!r}")
    for name in dict.fromkeys(names):
        try:
            make_player(name, 0)
        except ValueError as error:
            raise CommandError(str(error)) from None
    return names[0], names[1], names[2], names[3]


def _progress(done: int, total: int, started: float, stream: TextIO) -> None:
    if not stream.isatty():
        return
    width = 30
    filled = width * done // total
    rate = done / max(time.perf_counter() - started, 1e-9)
    stream.write(f"\r[{'#' * filled}{'.' * (width - filled)}] {done}/{total} games "
                 f"({rate:.1f}/s)")
    if done == total:
        stream.write("\n")
    stream.flush()


def iter_games(specs: Iterable[GameSpec], names: Sequence[str], rules: Rules, *, workers: int = 1,
               keep_events: bool = False, ray: str | None = None,
               ray_batch: int = 1) -> Iterator[PlayedMatch]:
    """Play every game of ``specs`` (in ``workers`` processes when more than one, or as Ray tasks
    when ``ray`` is an address, ``""`` for a local runtime of ``workers`` CPUs) and yield each
    result as it finishes (in schedule order with one local worker; sort by ``spec.number``
    otherwise; ``ray_batch`` games per Ray task). Games are taken from ``specs`` only as workers
    become free: a long schedule is never built."""
    if ray is not None:
        yield from ray_map(play_scheduled_match, specs, address=ray, workers=workers,
                           shared=(tuple(names), rules, keep_events), batch=ray_batch)
        return
    if workers <= 1:
        for spec in specs:
            yield play_scheduled_match(spec, names, rules, keep_events)
        return
    pending = iter(specs)
    with ProcessPoolExecutor(max_workers=workers) as pool:
        running: set[Future[PlayedMatch]] = set()
        try:
            while True:
                for spec in itertools.islice(pending, 2 * workers - len(running)):
                    running.add(pool.submit(play_scheduled_match, spec, tuple(names), rules, keep_events))
                if not running:
                    return
                done, running = wait(running, return_when=FIRST_COMPLETED)
                for future in done:
                    yield future.result()
        finally:
            pool.shutdown(cancel_futures=True)  # on an error, do not wait for the games not started


def _write_record(result: PlayedMatch, args: argparse.Namespace, out_dir: Path) -> None:
    record = MahjongRecord(result.events, PRESET_ALIASES.get(args.rules, args.rules),
                           f"simulate {args.seed} game {result.spec.number}")
    if args.record_format == "tenhou":
        from taku.formats.mahjong.tenhou_json import write_tenhou_json
        text, suffix = write_tenhou_json(record), ".json"
    else:
        text, suffix = write_mjai(record), ".mjai.jsonl"
    path = out_dir / f"game-{args.seed}-{result.spec.number:04d}{suffix}"
    try:
        path.write_text(text, encoding="utf-8")
    except OSError as error:
        raise CommandError(f"cannot write {path}: {error.strerror or error}") from None


def _simulate_command(args: argparse.Namespace) -> int:
    if args.games < 1:
        raise CommandError(f"--games must be at least 1, got {args.games}")
    if args.workers < 1:
        raise CommandError(f"--workers must be at least 1, got {args.workers}")
    if args.player is not None and args.players is not None:
        raise CommandError("give either --players or --player, not both")
    if args.players is not None:
        names = parse_players(args.players)
    else:
        names = parse_players(",".join([args.player or "simple"] * 4))
    rules = Rules.preset(args.rules)
    if args.record_format is not None and args.out is None:
        raise CommandError(f"--format {args.record_format} needs --out DIR (where to write the records)")
    args.record_format = args.record_format or "mjai"
    if args.out is not None and not re.fullmatch(r"[\w.+-]+", args.seed):
        raise CommandError(f"--seed {args.seed!r}: with --out the seed is part of the file names, so it "
                           "may hold only letters, digits and . _ + -")
    out_dir = Path(args.out) if args.out is not None else None
    if out_dir is not None:
        try:
            out_dir.mkdir(parents=True, exist_ok=True)
        except OSError as error:
            raise CommandError(f"cannot create {out_dir}: {error.strerror or error}") from None
    specs = iter_schedule(args.games, args.seed, duplicate=args.duplicate)
    started = time.perf_counter()
    tally = RunTally(names)
    try:
        for result in iter_games(specs, names, rules, workers=args.workers,
                                 keep_events=out_dir is not None, ray=args.ray,
                                 ray_batch=args.ray_batch):
            if out_dir is not None:
                _write_record(result, args, out_dir)
            tally.add(result)
            _progress(tally.games, args.games, started, sys.stderr)
    except MahjongError as error:
        raise CommandError(f"a player made an illegal action: {error}") from None
    elapsed = time.perf_counter() - started
    summaries = tally.summaries()
    hands = summaries[0].hands
    summary: dict[str, Any] = {
        "games": args.games, "hands": hands, "seed": args.seed, "rules": rules_label(rules),
        "duplicate": args.duplicate, "seconds": round(elapsed, 3),
        "players": [entry.to_dict() for entry in summaries],
    }
    if out_dir is not None:
        summary["out"] = str(out_dir)
    if args.json:
        json.dump(summary, sys.stdout)
        sys.stdout.write("\n")
    else:
        sys.stdout.write(_table(summary, summaries, out_dir))
    return 0


def _table(summary: dict[str, Any], summaries: Sequence[EntrySummary], out_dir: Path | None) -> str:
    walls = "duplicate walls" if summary["duplicate"] else "one wall seed per game"
    lines = [f"rules: {summary['rules']}",
             f"{summary['games']} games ({summary['hands']} hands), {walls}, "
             f"seed {summary['seed']}, {summary['seconds']:.2f} s"
             + (f"; records in {out_dir}/" if out_dir is not None else "")]
    if summary["duplicate"] and summary["games"] % 4:
        lines.append("note: the last duplicate set is incomplete (games not a multiple of 4)")
    width = max(6, *(len(entry.label) for entry in summaries))
    header = (f"{'player':<{width}}  {'placement':>11}  {'win %':>16}  {'deal-in %':>16}  "
              f"{'riichi %':>16}  {'call %':>16}  {'final score':>13}")
    lines += [header]
    for entry in summaries:
        lines.append(
            f"{entry.label:<{width}}  {_mean(entry.avg_placement, entry.avg_placement_ci95, 2):>11}  "
            f"{_percent(entry.win_rate, entry.win_rate_ci95):>16}  "
            f"{_percent(entry.deal_in_rate, entry.deal_in_rate_ci95):>16}  "
            f"{_percent(entry.riichi_rate, entry.riichi_rate_ci95):>16}  "
            f"{_percent(entry.call_rate, entry.call_rate_ci95):>16}  "
            f"{_mean(entry.avg_score, entry.avg_score_ci95, 0):>13}")
    lines.append("placement and final score: mean ± 95% interval over games; rates: per hand, "
                 "95% Wilson interval in brackets")
    return "\n".join(lines) + "\n"


def _mean(value: float, interval: tuple[float, float] | None, digits: int) -> str:
    if interval is None:
        return f"{value:.{digits}f}"
    return f"{value:.{digits}f}±{(interval[1] - interval[0]) / 2:.{digits}f}"


def _percent(value: float, interval: tuple[float, float] | None) -> str:
    if interval is None:
        return f"{100 * value:.1f}"
    return f"{100 * value:.1f} [{100 * interval[0]:.1f}-{100 * interval[1]:.1f}]"
