#!/usr/bin/env python3
"""Self-play check of push or fold: one ``taku`` with a variant of the push/fold parameters
(:class:`taku.bots.mahjong_taku.PushFold`) against three copies with the reference parameters.

Usage (from the repository root)::

    nice -n 10 .venv/bin/python benchmarks/mahjong_push_fold.py --games 400 --seed pf1 \\
        --variant default --reference previous
    .venv/bin/python benchmarks/mahjong_push_fold.py --games 400 --variant cheap_open_chance=0.04

``--variant`` and ``--reference`` are ``default`` (``PushFold()``), ``previous``
(``PREVIOUS_PUSH_FOLD``, the version before the cheap-open rule and the riichi value) or
``default`` changed by ``field=value`` pairs separated by commas. Games are whole East-South
matches under ``Rules.preset("tenhou")`` on duplicate walls (:func:`taku.bots.evaluation.schedule`:
the variant plays every seat of every wall). Printed: the variant's average placement, the
paired difference of its placement minus the mean placement of the three others in the same game
(95% interval), and the win, deal-in, riichi and call rates per hand and the deal-in rate facing
a riichi of the variant and of the others. ``--opponents manue-like`` seats three stand-ins for
mjai-manue (``benchmarks/mahjong_manue_like.py``) instead of the reference copies; ``--compare
SPEC`` plays every game a second time with SPEC in the variant's seat and prints the paired
difference of the two placements (the same walls, seats and opponents).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from mahjong_manue_like import ManueLikePlayer  # noqa: E402

from taku.bots.evaluation import GameSpec, SeatCounts, hand_counts, mean_ci95, player_seed, schedule  # noqa: E402
from taku.bots.mahjong_taku import PREVIOUS_PUSH_FOLD, PushFold, TakuPlayer  # noqa: E402
from taku.mahjong.match import Match  # noqa: E402
from taku.mahjong.rules import Rules  # noqa: E402

RULES = Rules.preset("tenhou")


def parse_push_fold(text: str) -> PushFold:
    """``default``, ``previous`` or ``field=value,...`` over the default (see the module docstring)."""
    if text == "default":
        return PushFold()
    if text == "previous":
        return PREVIOUS_PUSH_FOLD
    changes: dict[str, float] = {}
    for item in text.split(","):
        name, sep, value = item.partition("=")
        if not sep or name.strip() not in PushFold._fields:
            raise argparse.ArgumentTypeError(
                f"{item!r}: expected FIELD=VALUE with FIELD one of {', '.join(PushFold._fields)}")
        try:
            changes[name.strip()] = float(value)
        except ValueError:
            raise argparse.ArgumentTypeError(f"{item!r}: {value!r} is not a number") from None
    return PushFold()._replace(**changes)


def rates(counts: list[SeatCounts]) -> str:
    """Win, deal-in, riichi and call rates per hand, and the deal-in rate facing a riichi."""
    hands = sum(c.hands for c in counts)
    facing = sum(c.facing_riichi for c in counts)
    wins, deal_ins = sum(c.wins for c in counts), sum(c.deal_ins for c in counts)
    riichi, calls = sum(c.riichi for c in counts), sum(c.calls for c in counts)
    to_riichi = sum(c.deal_ins_to_riichi for c in counts)
    return (f"win {wins / hands:.1%}, deal-in {deal_ins / hands:.1%}, riichi {riichi / hands:.1%}, "
            f"call {calls / hands:.1%}, deal-in facing riichi {to_riichi / max(facing, 1):.1%} of {facing}")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--seed", default="pf")
    parser.add_argument("--variant", type=parse_push_fold, default=PushFold())
    parser.add_argument("--reference", type=parse_push_fold, default=PREVIOUS_PUSH_FOLD)
    parser.add_argument("--opponents", choices=("taku", "manue-like"), default="taku",
                        help="the three others: taku with the reference parameters (default), or "
                             "the stand-in for mjai-manue of benchmarks/mahjong_manue_like.py")
    parser.add_argument("--compare", type=parse_push_fold, default=None,
                        help="play every game a second time with these parameters in the variant's "
                             "seat and print the paired difference of the placements")
    args = parser.parse_args(argv)
    if args.games < 1:
        parser.error("--games must be at least 1")
    print(f"variant {args.variant}\nreference {args.reference}")
    ranks: list[int] = []
    diffs: list[float] = []
    mine: list[SeatCounts] = []
    others: list[SeatCounts] = []
    started = time.perf_counter()
    paired: list[float] = []
    for spec in schedule(args.games, args.seed):
        match = play(spec, args.variant, args.reference, args.opponents)
        assert match.result is not None
        me = spec.seating.index(0)
        counts = hand_counts(match.events)
        ranks.append(match.result.ranks[me])
        diffs.append(match.result.ranks[me] - (10 - match.result.ranks[me]) / 3)
        mine.append(counts[me])
        others.extend(c for seat, c in enumerate(counts) if seat != me)
        if args.compare is not None:
            again = play(spec, args.compare, args.reference, args.opponents)
            assert again.result is not None
            paired.append(float(match.result.ranks[me] - again.result.ranks[me]))
    mean, interval = mean_ci95([float(r) for r in ranks])
    diff, diff_interval = mean_ci95(diffs)
    print(f"{args.games} games in {time.perf_counter() - started:.0f} s")
    print(f"variant average placement {mean:.3f}"
          + (f" ({interval[0]:.3f}-{interval[1]:.3f})" if interval else ""))
    print(f"placement difference, variant minus the others' mean: {diff:+.3f}"
          + (f" (95% {diff_interval[0]:+.3f} to {diff_interval[1]:+.3f})" if diff_interval else ""))
    print(f"variant: {rates(mine)}")
    print(f"others:  {rates(others)}")
    if paired:
        mean, interval = mean_ci95(paired)
        print(f"variant minus --compare in the same seat of the same games: {mean:+.3f}"
              + (f" (95% {interval[0]:+.3f} to {interval[1]:+.3f})" if interval else ""))
    return 0


def play(spec: GameSpec, variant: PushFold, reference: PushFold, opponents: str) -> Match:
    """One game of the schedule: the first entry plays ``variant``; the others the ``reference``
    parameters, or the stand-ins for mjai-manue (``opponents == "manue-like"``)."""
    players: list[TakuPlayer | ManueLikePlayer] = [
        TakuPlayer(player_seed(spec, entry), rules=RULES, push_fold=variant) if entry == 0
        else ManueLikePlayer(player_seed(spec, entry), rules=RULES) if opponents == "manue-like"
        else TakuPlayer(player_seed(spec, entry), rules=RULES, push_fold=reference)
        for entry in spec.seating]
    match = Match(RULES, spec.wall_seed)
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(players[seat].choose(match.observe(seat)))
    return match


if __name__ == "__main__":
    sys.exit(main())
