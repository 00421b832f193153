#!/usr/bin/env python3
"""Are ``taku``'s push/fold estimates right? Its predictions against what happened, facing a riichi.

Usage (from the repository root)::

    .venv/bin/python benchmarks/mahjong_calibration.py selfplay --games 400 --seed c1
    .venv/bin/python benchmarks/mahjong_calibration.py saved runs/events runs/main.jsonl [more.jsonl ...]

``selfplay`` plays whole matches of four ``TakuPlayer`` (Tenhou rules, duplicate walls);
``saved`` plays again the games of ``benchmarks/mahjong_vs_bots.py`` (``--out`` records and their
``--events``; see ``benchmarks/mahjong_deal_ins.py``) and asks a ``TakuPlayer`` for its choice at
each of the first entry's discards (the recorded discard is the one played). At every discard
facing a riichi where push/fold decides (:meth:`TakuPlayer._push_or_fold`), two estimates are
kept: the chance that the chosen tile deals in to a riichi player (the danger model of
:mod:`taku.bots.mahjong_defence`, for the tile played) and, for a tenpai hand, the win chance of
the race (:func:`taku.bots.mahjong_defence.race`) for its waits. Printed: the tenpai hands facing a
riichi (their first such decision), open and closed, with the mean predicted win chance against
the share that won and that dealt in; the discards by predicted deal-in chance against the share
that dealt in; and the discards not safe by the model by the sum of the riichi player's raw chances
over the 34 kinds (low late in a riichi, when most kinds are safe: see
:data:`taku.bots.mahjong_defence.WAIT_MASS`), with 95% Wilson intervals.

The estimates are read by wrapping the module's functions, so the pure-Python sources are used
(run as a script it sets ``TAKU_PURE=1``: a compiled module calls its functions directly).
"""

from __future__ import annotations

import argparse
import itertools
import os
import sys
from collections.abc import Sequence
from pathlib import Path
from typing import Any

if __name__ == "__main__":  # the estimates are read by wrapping Python functions: the pure build
    os.environ["TAKU_PURE"] = "1"
ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "benchmarks"))

from mahjong_deal_ins import GameError, _recorded, saved_games  # noqa: E402

import taku.bots.mahjong_taku as taku_module  # noqa: E402
from taku.bots.evaluation import player_seed, schedule, wilson_ci95  # noqa: E402
from taku.bots.mahjong_defence import deal_in_chance, raw_chance_sum  # noqa: E402
from taku.mahjong.match import Match  # noqa: E402
from taku.mahjong.rules import Rules  # noqa: E402

RULES = Rules.preset("tenhou")
BINS = (0.0, 0.02, 0.04, 0.06, 0.08, 0.10, 0.13, 1.01)
MASS_BINS = (0.0, 0.9, 1.2, 1.5, 2.0, 2.5, 9.0)  # the sum over the 34 kinds of a riichi's raw chances


class Recorder:
    """Wraps ``race`` and ``TakuPlayer._push_or_fold`` and keeps one entry per decision facing a
    riichi: seat, hand, its discard number in the game, closed, shanten, predicted win (tenpai) and
    deal-in chance of the tile chosen."""

    def __init__(self) -> None:
        self.entries: list[dict[str, Any]] = []
        self.where: tuple[int, int] = (0, 0)  # (hand, discard number) of the decision being made
        self.view: Any = None  # the view of the latest entry
        self._races: dict[tuple[float, ...], tuple[float, float]] = {}
        original_race = taku_module.race
        original_push_or_fold = taku_module.TakuPlayer._push_or_fold
        recorder = self

        def race(*args: Any) -> tuple[float, float]:
            result: tuple[float, float] = original_race(*args)
            recorder._races[tuple(args[:3])] = result
            return result

        def push_or_fold(player: Any, view: Any, rows: Any, best: int) -> Any:
            recorder._races.clear()
            row = original_push_or_fold(player, view, rows, best)
            riichis = [t for t in view.threats() if t.riichi]
            if riichis and row.action.pai is not None:
                safe = 1.0
                for threat in riichis:
                    safe *= 1.0 - deal_in_chance(row.action.pai.kind, threat, view.unseen, view.dora)
                win = None
                if row.shanten <= 0:
                    found = recorder._races.get((0, float(row.waits_left), float(row.waits_left)))
                    win = found[0] if found else None
                hand, number = recorder.where
                recorder.view = view
                recorder.entries.append({
                    "seat": view.obs.seat, "hand": hand, "discard": number, "closed": view.closed,
                    "shanten": row.shanten, "win": win, "chance": 1.0 - safe,
                    "kind": row.action.pai.kind,
                    "mass": min(raw_chance_sum(t, view.unseen, view.dora) for t in riichis)})
            return row

        taku_module.race = race  # type: ignore[assignment]
        taku_module.TakuPlayer._push_or_fold = push_or_fold  # type: ignore[method-assign]


def outcomes(events: Sequence[dict[str, Any]]) -> tuple[set[tuple[int, int]], set[tuple[int, int]]]:
    """The (hand, seat) pairs that won, and the (seat, discard number) discards that dealt in."""
    won: set[tuple[int, int]] = set()
    dealt: set[tuple[int, int]] = set()
    numbers = [0, 0, 0, 0]
    hand = 0
    last: tuple[int, int] | None = None  # the latest discard: (seat, number)
    for event in events:
        kind = event["type"]
        if kind == "start_kyoku":
            hand += 1
        elif kind == "dahai":
            seat = event["actor"]
            numbers[seat] += 1
            last = (seat, numbers[seat])
            continue
        elif kind == "hora":
            won.add((hand, event["actor"]))
            if last is not None and event["target"] == last[0] and event["actor"] != last[0]:
                dealt.add(last)
            continue
        last = None
    return won, dealt


def play(match: Match, recorder: Recorder, choose: Any) -> None:
    """Play ``match`` to its end; ``choose(seat, observation)`` gives each action. The recorder
    learns the hand and the seat's discard number before each choice."""
    numbers = [0, 0, 0, 0]
    hand = 0
    seen = 0
    while not match.is_over:
        played = match.events
        for event in played[seen:]:
            if event["type"] == "start_kyoku":
                hand += 1
            elif event["type"] == "dahai":
                numbers[event["actor"]] += 1
        seen = len(played)
        seat = match.to_act[0]
        recorder.where = (hand, numbers[seat] + 1)
        match.apply(choose(seat, match.observe(seat)))


def report(games: list[tuple[list[dict[str, Any]], set[tuple[int, int]], set[tuple[int, int]]]]) -> None:
    """Print the tables of the module docstring for the games' (entries, won, dealt) triples."""
    firsts: list[tuple[dict[str, Any], bool, bool]] = []
    discards: list[tuple[float, bool, float]] = []
    for entries, won, dealt in games:
        seen: set[tuple[int, int]] = set()
        lost_hands = {(e["hand"], e["seat"]) for e in entries if (e["seat"], e["discard"]) in dealt}
        for entry in entries:
            key = (entry["hand"], entry["seat"])
            discards.append((entry["chance"], (entry["seat"], entry["discard"]) in dealt, entry["mass"]))
            if entry["win"] is not None and key not in seen:
                seen.add(key)
                firsts.append((entry, key in won, key in lost_hands))
    print("\n| tenpai facing a riichi | hands | predicted win | won (95%) | dealt in (95%) |")
    print("|---|---:|---:|---|---|")
    for closed in (False, True):
        rows = [f for f in firsts if f[0]["closed"] == closed]
        if not rows:
            continue
        n = len(rows)
        wins = sum(1 for f in rows if f[1])
        losses = sum(1 for f in rows if f[2])
        print(f"| {'closed' if closed else 'open'} | {n} | {sum(f[0]['win'] for f in rows) / n:.3f} "
              f"| {_share(wins, n)} | {_share(losses, n)} |")
    _bands("predicted deal-in chance", discards, BINS, 0, "{:.0%}")
    # the discards not safe by the model, by how much of a wait's chances the kinds still hold
    _bands("sum of the raw chances over the kinds", [d for d in discards if d[0] > 0], MASS_BINS, 2, "{:.1f}")


def _bands(title: str, discards: Sequence[tuple[float, bool, float]], bins: Sequence[float], index: int,
           form: str) -> None:
    """One table: the discards by the band of their ``index``-th value, with the mean predicted
    chance and the share that dealt in."""
    print(f"\n| {title} | discards | mean predicted | dealt in (95%) |")
    print("|---|---:|---:|---|")
    for low, high in itertools.pairwise(bins):
        inside = [d for d in discards if low <= d[index] < high]
        if not inside:
            continue
        hits = sum(1 for d in inside if d[1])
        print(f"| {form.format(low)}-{form.format(min(high, 1.0) if index == 0 else high)} | {len(inside)} | "
              f"{sum(d[0] for d in inside) / len(inside):.3f} | {_share(hits, len(inside))} |")


def _share(hits: int, n: int) -> str:
    interval = wilson_ci95(hits, n)
    return f"{hits / n:.3f}" + (f" ({interval[0]:.3f}-{interval[1]:.3f})" if interval else "")


def selfplay_game(spec: Any, recorder: Recorder) -> Match:
    """One self-play match of four ``TakuPlayer`` on ``spec``'s wall, its estimates recorded."""
    players = [taku_module.TakuPlayer(player_seed(spec, entry), rules=RULES) for entry in spec.seating]
    match = Match(RULES, spec.wall_seed)
    play(match, recorder, lambda seat, observation: players[seat].choose(observation))
    return match


def selfplay(games: int, seed: str) -> int:
    recorder = Recorder()
    results = []
    for spec in schedule(games, seed):
        recorder.entries = []
        match = selfplay_game(spec, recorder)
        results.append((recorder.entries, *outcomes(match.events)))
    print(f"{games} self-play games of four TakuPlayer, seed {seed!r}")
    report(results)
    return 0


def replay_saved(events: list[dict[str, Any]], wall_seed: str, me: int, recorder: Recorder) -> None:
    """Play a saved game again, asking a ``TakuPlayer`` at each discard of seat ``me``: where the
    game's discard is another tile than its choice, the entry takes the game's tile's deal-in
    chance and no win estimate."""
    player = taku_module.TakuPlayer(0, rules=RULES)
    match = Match(RULES, wall_seed)

    def choose(seat: int, observation: Any) -> Any:
        action = _recorded(events, len(match.events), seat, observation)
        if seat == me and action.type == "dahai" and action.pai is not None:
            before = len(recorder.entries)
            player.choose(observation)  # its estimates are recorded; the game's discard is played
            kind = action.pai.kind
            if len(recorder.entries) > before and recorder.entries[-1]["kind"] != kind:
                entry, view = recorder.entries[-1], recorder.view
                safe = 1.0
                for threat in (t for t in view.threats() if t.riichi):
                    safe *= 1.0 - deal_in_chance(kind, threat, view.unseen, view.dora)
                entry.update(kind=kind, chance=1.0 - safe, win=None)
        return action

    play(match, recorder, choose)


def saved(events_dir: Path, records: Sequence[Path]) -> int:
    recorder = Recorder()
    results = []
    for events_path, events, wall_seed, me in saved_games(events_dir, records):
        recorder.entries = []
        try:
            replay_saved(events, wall_seed, me, recorder)
        except GameError as error:
            print(f"{events_path}: {error}; game skipped", file=sys.stderr)
            continue
        won, dealt = outcomes(events)
        results.append(([e for e in recorder.entries if e["seat"] == me], won, dealt))
    print(f"{len(results)} saved games")
    report(results)
    return 0


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    commands = parser.add_subparsers(dest="command", required=True)
    one = commands.add_parser("selfplay")
    one.add_argument("--games", type=int, default=400)
    one.add_argument("--seed", default="c1")
    two = commands.add_parser("saved")
    two.add_argument("events", type=Path, help="the run's --events directory")
    two.add_argument("records", type=Path, nargs="+", help="the run's --out files")
    args = parser.parse_args(argv)
    if args.command == "selfplay":
        if args.games < 1:
            parser.error("--games must be at least 1")
        return selfplay(args.games, args.seed)
    return saved(args.events, args.records)


if __name__ == "__main__":
    sys.exit(main())
