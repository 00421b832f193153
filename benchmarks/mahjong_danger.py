#!/usr/bin/env python3
"""How well the danger model of the ``taku`` player (:func:`taku.bots.mahjong_defence.deal_in_chance`)
predicts deal-ins against a riichi: predicted against actual rates, by predicted bin and by class
of tile (suji, terminals, honours...).

Usage (from the repository root)::

    .venv/bin/python benchmarks/mahjong_danger.py --games 100 --seed c1

Four ``taku`` players play whole East-South matches under ``Rules.preset("tenhou")``. Whenever a
player not in riichi is to discard while exactly one other player is in riichi, every kind in its
hand that is not genbutsu to him is one sample: the model's chance (from the discarding player's
view: what it can see, the riichi player's discards and riichi tile) against whether the kind is
one of the riichi player's winning tiles (read from his real hand; none when his wait is furiten).
Samples of one decision are not independent, so the counts are not trial counts for an interval;
the point is the agreement of the two rates in each row.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from taku.bots.mahjong_defence import deal_in_chance, threats  # noqa: E402
from taku.bots.mahjong_taku import TakuPlayer  # noqa: E402
from taku.mahjong.match import Match  # noqa: E402
from taku.mahjong.rules import Rules  # noqa: E402
from taku.mahjong.shanten import shanten  # noqa: E402
from taku.mahjong.tiles import Tile, dora_from_indicator  # noqa: E402

RULES = Rules.preset("tenhou")


def winning_kinds(hand: Sequence[Tile], melds: int) -> set[int]:
    """The kinds that complete the 13-tile ``hand`` with ``melds`` melds (yaku not checked: the
    riichi is one)."""
    counts = [0] * 34
    for tile in hand:
        counts[tile.kind] += 1
    out = set()
    for kind in range(34):
        if counts[kind] >= 4:
            continue
        counts[kind] += 1
        if shanten(counts, melds) == -1:
            out.add(kind)
        counts[kind] -= 1
    return out


def tile_class(kind: int, safe: frozenset[int]) -> str:
    """The class of ``kind`` against a player whose genbutsu is ``safe``: honour, or the number
    group (1-9, 2-8, 3-7, 4-6 and 5: middle) and whether suji covers its two-sided waits."""
    if kind >= 27:
        return "honour"
    n = kind % 9
    sides = []
    if n <= 5:
        sides.append(kind + 3 in safe)
    if n >= 3:
        sides.append(kind - 3 in safe)
    covered = sum(sides)
    if n in (0, 8):
        return "1/9, suji" if covered else "1/9, no suji"
    if n in (1, 7):
        return "2/8, suji" if covered else "2/8, no suji"
    if len(sides) == 1:
        return "3/7, suji" if covered else "3/7, no suji"
    return ("4-6, both suji" if covered == 2 else "4-6, half suji" if covered else "4-6, no suji")


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100)
    parser.add_argument("--seed", default="danger")
    args = parser.parse_args(argv)
    bins: dict[int, list[float]] = {}
    classes: dict[str, list[float]] = {}
    for game in range(args.games):
        match = Match(RULES, f"{args.seed}-{game}")
        players = [TakuPlayer(f"{args.seed}-{game}-{seat}", rules=RULES) for seat in range(4)]
        while not match.is_over:
            seat = match.to_act[0]
            observation = match.observe(seat)
            in_riichi = [s for s in range(4) if s != seat and observation.riichi[s]]
            if (len(in_riichi) == 1 and not observation.riichi[seat]
                    and any(a.type == "dahai" for a in observation.legal_actions)):
                other = in_riichi[0]
                hidden = match.observe(other)
                waits = winning_kinds(hidden.hand, len(hidden.melds[other]))
                dora = [0] * 34
                for indicator in observation.dora_indicators:
                    dora[dora_from_indicator(indicator.kind)] += 1
                unseen = [max(0, 4 - v) for v in observation.visible_counts]
                threat = next(t for t in threats(observation, dora) if t.seat == other)
                furiten = any(kind in threat.safe for kind in waits)
                for kind in {t.kind for t in observation.hand}:
                    if kind in threat.safe:
                        continue
                    chance = deal_in_chance(kind, threat, unseen, dora)
                    hit = float(kind in waits and not furiten)
                    for row in (bins.setdefault(min(int(chance / 0.02), 9), [0.0, 0.0, 0.0]),
                                classes.setdefault(tile_class(kind, threat.safe), [0.0, 0.0, 0.0])):
                        row[0] += 1
                        row[1] += chance
                        row[2] += hit
            match.apply(players[seat].choose(observation))
    print(f"danger model against a riichi: {args.games} games, seed {args.seed!r}")
    print("| predicted | samples | mean predicted | actual |\n|---|---:|---:|---:|")
    for key in sorted(bins):
        n, predicted, actual = bins[key]
        label = f"{key * 2}-{key * 2 + 2}%" if key < 9 else "18%+"
        print(f"| {label} | {n:.0f} | {predicted / n:.1%} | {actual / n:.1%} |")
    print("\n| class | samples | mean predicted | actual |\n|---|---:|---:|---:|")
    for name in sorted(classes):
        n, predicted, actual = classes[name]
        print(f"| {name} | {n:.0f} | {predicted / n:.1%} | {actual / n:.1%} |")
    return 0


if __name__ == "__main__":
    sys.exit(main())
