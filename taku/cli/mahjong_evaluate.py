"""``taku mahjong evaluate A B --games N [--ray [ADDRESS]]``: player A against three copies of
player B on duplicate walls (each wall seed four times, A at each seat once), reporting the
placement difference with its 95% interval (:class:`~taku.bots.evaluation.PairTally`). Results
stream: each game is folded into running sums as it finishes and, with ``--results FILE``,
written as one JSON line; nothing grows with the number of games."""

from __future__ import annotations

import argparse
import json
import sys
import time
from pathlib import Path
from typing import IO, Any

from taku.bots import PLAYERS
from taku.bots.evaluation import PairTally, PlayedMatch, iter_schedule
from taku.cli.mahjong_simulate import _progress, iter_games, parse_players, usable_cpus
from taku.cli.main import CommandError, count
from taku.cli.ray_tasks import add_ray_option
from taku.mahjong.errors import MahjongError
from taku.mahjong.rules import PRESET_ALIASES, PRESETS, Rules, rules_label

MAX_GAMES = 100_000_000
"""The most games one ``evaluate`` plays (memory does not grow with it; time does)."""


def register(commands: Any) -> None:
    """Add ``evaluate`` to the ``mahjong`` sub-commands."""
    ev = commands.add_parser(
        "evaluate", help="player A against three copies of player B on duplicate walls",
        description="Play N games (a multiple of 4) of player A against three copies of player B: "
                    "each wall seed is played four times with A at each seat once, so the luck of "
                    "the deal cancels out. Prints A's and B's average placement and their "
                    "difference (A minus B: negative when A places better) with a 95% interval "
                    "over the duplicate sets.")
    ev.add_argument("a", metavar="A", help=f"the player evaluated ({', '.join(sorted(PLAYERS))})")
    ev.add_argument("b", metavar="B", help="the reference player, at the three other seats")
    ev.add_argument("--games", type=count(4, MAX_GAMES, "a number of games"), default=400,
                    metavar="N", help="games to play, a multiple of 4 (default: 400)")
    ev.add_argument("--seed", default="0", metavar="S", help="seed of the walls and players")
    ev.add_argument("--rules", default="default", choices=[*PRESETS, *PRESET_ALIASES],
                    help="rule preset (default: tenhou)")
    ev.add_argument("--workers", type=count(1, max(usable_cpus(), 64), "a number of processes"),
                    default=1, metavar="K",
                    help="processes (or, with --ray and no address, Ray CPUs) playing games in "
                         "parallel (default: 1; the results do not depend on it)")
    ev.add_argument("--results", metavar="FILE",
                    help="write each game's result as a JSON line to FILE as it finishes")
    ev.add_argument("--json", action="store_true", help="print the summary as JSON")
    add_ray_option(ev, batch=True)
    ev.set_defaults(handler=_evaluate_command)


def game_line(result: PlayedMatch) -> dict[str, Any]:
    """One game's result as a JSON-ready line."""
    spec = result.spec
    return {"game": spec.number, "walls": spec.wall_seed, "seating": list(spec.seating),
            "ranks": list(result.ranks), "scores": list(result.scores),
            "wins": [c.wins for c in result.counts], "deal_ins": [c.deal_ins for c in result.counts],
            "hands": result.counts[0].hands}


def _evaluate_command(args: argparse.Namespace) -> int:
    if args.games % 4:
        raise CommandError(f"--games must be a multiple of 4 (whole duplicate sets), got {args.games}")
    if args.ray is None and args.workers > usable_cpus():
        raise CommandError(f"--workers {args.workers}: this machine has {usable_cpus()} CPUs "
                           "(more workers need --ray ADDRESS)")
    a, b, *_ = parse_players(f"{args.a},{args.b},{args.b},{args.b}")
    names = (a, b, b, b)
    rules = Rules.preset(args.rules)
    sink: IO[str] | None = None
    if args.results is not None:
        try:
            sink = Path(args.results).open("w", encoding="utf-8")  # noqa: SIM115  # closed below
        except OSError as error:
            raise CommandError(f"cannot write {args.results}: {error.strerror or error}") from None
    tally = PairTally()
    started = time.perf_counter()
    try:
        specs = iter_schedule(args.games, args.seed, duplicate=True)
        for result in iter_games(specs, names, rules, workers=args.workers, ray=args.ray,
                                 ray_batch=args.ray_batch):
            tally.add(result)
            if sink is not None:
                sink.write(json.dumps(game_line(result)) + "\n")
            _progress(tally.games, args.games, started, sys.stderr)
    except MahjongError as error:
        raise CommandError(f"a player made an illegal action: {error}") from None
    finally:
        if sink is not None:
            sink.close()
    elapsed = time.perf_counter() - started
    summary = tally.summary()
    data = {"a": a, "b": b, "seed": args.seed, "rules": rules_label(rules),
            "seconds": round(elapsed, 3), **summary.to_dict()}
    if args.results is not None:
        data["results"] = args.results
    if args.json:
        json.dump(data, sys.stdout)
        sys.stdout.write("\n")
        return 0
    interval = summary.difference_ci95
    spread = "no 95% interval (it needs two duplicate sets or more)" if interval is None else \
        f"95% interval [{interval[0]:+.3f}, {interval[1]:+.3f}] over duplicate sets"
    print(f"rules: {data['rules']}")
    print(f"{a} vs 3x {b}: {summary.games} games ({summary.sets} duplicate sets), seed {args.seed}, "
          f"{elapsed:.2f} s")
    print(f"placement: {a} {summary.placement_a:.3f}, {b} {summary.placement_b:.3f}; "
          f"{a} 1st-4th {'/'.join(map(str, summary.placements_a))}")
    print(f"difference ({a} minus {b}): {summary.difference:+.3f}, {spread}")
    return 0
