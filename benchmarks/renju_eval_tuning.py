"""Tuning the renju AI's evaluation (``taku.bots.renju_ai.EVAL_WEIGHTS``): positions, labels, fit.

Usage::

    python benchmarks/renju_eval_tuning.py positions --games 120 > positions.txt
    python benchmarks/renju_eval_tuning.py label --brain "pbrain-rapfi --config cfg.toml" \\
        --positions positions.txt [--nodes 3000] > labelled.txt
    python benchmarks/renju_eval_tuning.py fit --labelled labelled.txt

``positions`` plays taku against itself (level ``medium``, ``--nodes`` a move, a fixed seed) from
the 26 RIF openings in turn; with probability ``--noise`` a move is instead one of the four best
points by pattern value, picked at random, so the games spread out. Every position from the sixth
stone on in which neither side can make a five and the side to move cannot make a straight four is
printed (one move string a line): those are the positions the evaluation is asked about (the
search settles fives and straight fours itself).

``label`` asks an outside engine (a Gomocup brain: Rapfi with its classical evaluation here) for a
move in each position with ``--nodes`` nodes (``INFO MAX_NODE``) and keeps the evaluation it reports
(Rapfi's ``MESSAGE ... Eval <n>``, for the side to move; a mate ``+M``/``-M`` is left out): lines
``EVAL MOVES``. Rapfi is an opponent and an oracle only: its outputs are labels, none of its code
or tables is used.

``fit`` reads the labelled positions, computes taku's evaluation features for each (the counts of
``SearchBoard.pattern_counts`` for the side to move and the opponent, and the window total) and fits
the weights by logistic regression (Texel's method): the predicted chance of winning
``1 / (1 + exp(-w.x / 1000000))`` against the engine's, ``1 / (1 + exp(-eval / --scale))``,
minimising the cross-entropy by gradient descent on features scaled by their root mean square. It
prints the weights as the table to paste into ``renju_ai.py`` and the fit's error on the labels
against the old evaluation's.
"""

from __future__ import annotations

import argparse
import math
import random
import re
import shlex
import sys
from pathlib import Path

from taku.bots.renju_ai import RenjuAI, eval_features
from taku.bots.renju_search import SearchBoard
from taku.protocols.gomocup_client import BrainError, GomocupClient, brain_command
from taku.renju import BLACK, Point, Position
from taku.renju.openings import OPENINGS
from taku.renju.points import move_string

EVAL = re.compile(r"Eval ([+-]?M?\d+)")

FEATURES = (
    "my four-three points", "my double-three points", "my four points", "my three points",
    "my two points", "my shape sum", "their straight-four points", "their four-three points",
    "their double-three points", "their four points", "their three points", "their two points",
    "their shape sum", "window total",
)


def positions(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    names = list(OPENINGS)
    seen: set[str] = set()
    for number in range(args.games):
        position = Position(move_string(OPENINGS[names[number % len(names)]]))
        ai = RenjuAI("medium", seed=number, max_nodes=args.nodes)
        while not position.is_game_over():
            board = SearchBoard(position)
            me = int(position.turn)
            quiet = not board.five_points(1) and not board.five_points(2)
            if position.stone_count >= 6 and quiet and board.pattern_counts(me)[1] == 0:
                key = position.move_string()
                if key not in seen:
                    seen.add(key)
                    print(key, flush=True)
            if rng.random() < args.noise:
                ranked = sorted((i for i in board.candidates() if board.legal(i, me)),
                                key=lambda i: -(board.point_value(i, me) + board.point_value(i, 3 - me)))
                move: Point = board.point(rng.choice(ranked[:4])) if ranked else ai.choose(position, 60)
            else:
                move = ai.choose(position, 60)
            position.push(move)
        print(f"game {number + 1}: {position.stone_count} stones, {len(seen)} positions", file=sys.stderr)


def label(args: argparse.Namespace) -> None:
    client = GomocupClient(shlex.split(args.brain), settle=args.settle)

    def start() -> None:
        client.start(15, 15)
        client.info("rule", 4)
        client.info("timeout_turn", 5000)
        client.info("timeout_match", 0)
        client.info("time_left", 2147483647)
        client.info("MAX_NODE", args.nodes)

    start()
    kept = 0
    try:
        for number, line in enumerate(args.positions.read_text(encoding="utf-8").split()):
            try:
                position = Position(line)
            except ValueError as error:
                sys.exit(f"{args.positions}: position {number + 1} {line!r}: {error}")
            colour = position.turn
            stones = [(m, (k % 2 == 0) == (colour is BLACK)) for k, m in enumerate(position.move_stack)
                      if m is not None]
            client.notes.clear()
            try:
                client.board(stones, 10.0)
            except BrainError as error:
                print(f"position {number + 1}: {error}; restarting", file=sys.stderr)
                client.kill()
                start()
                continue
            found = [m.group(1) for note in client.notes for m in [EVAL.search(note)] if m]
            if found and "M" not in found[-1]:
                print(f"{int(found[-1])} {line}", flush=True)
                kept += 1
            if (number + 1) % 200 == 0:
                print(f"{number + 1} positions, {kept} labelled", file=sys.stderr, flush=True)
    finally:
        client.close()


def _sigmoid(x: float) -> float:
    if x < -40:
        return 0.0
    if x > 40:
        return 1.0
    return 1 / (1 + math.exp(-x))


def fit(args: argparse.Namespace) -> None:
    rows: list[tuple[list[float], float, float]] = []
    for number, line in enumerate(args.labelled.read_text(encoding="utf-8").splitlines(), 1):
        words = line.split()
        if not words:
            continue
        try:
            if len(words) != 2:
                raise ValueError("expected EVAL MOVES")
            label_value = int(words[0])
            features, old = eval_features(Position(words[1]))
        except ValueError as error:
            sys.exit(f"{args.labelled}: line {number} {line!r}: {error}")
        rows.append(([float(f) for f in features], _sigmoid(label_value / args.scale), old))
    if len(rows) < 10:
        sys.exit(f"{args.labelled}: {len(rows)} labelled positions: expected at least 10")
    count = len(FEATURES)
    # Each feature divided by its root mean square (no centring: the evaluation has no constant,
    # a position and its colours swapped score opposite).
    spreads = [max(1e-9, math.sqrt(sum(r[0][k] ** 2 for r in rows) / len(rows))) for k in range(count)]
    data = [([(r[0][k]) / spreads[k] for k in range(count)], r[1]) for r in rows]
    rng = random.Random(1)
    rng.shuffle(data)
    cut = len(data) * 4 // 5
    train, test = data[:cut], data[cut:]
    weights = [0.0] * count

    def loss(sample: list[tuple[list[float], float]], w: list[float]) -> float:
        total = 0.0
        for x, y in sample:
            p = min(1 - 1e-12, max(1e-12, _sigmoid(sum(a * b for a, b in zip(w, x, strict=True)))))
            total -= y * math.log(p) + (1 - y) * math.log(1 - p)
        return total / max(1, len(sample))

    rate = args.rate
    for step in range(args.steps):
        gradient = [0.0] * count
        for x, y in train:
            error = _sigmoid(sum(a * b for a, b in zip(weights, x, strict=True))) - y
            for k in range(count):
                gradient[k] += error * x[k]
        weights = [w - rate * g / len(train) - rate * args.l2 * w
                   for w, g in zip(weights, gradient, strict=True)]
        if step % 500 == 0:
            print(f"step {step}: train {loss(train, weights):.4f} test {loss(test, weights):.4f}",
                  file=sys.stderr)
    # Back to the raw features, in millionths of a logit (the evaluation divides the sum by 1000:
    # its unit is a thousandth of a logit).
    raw = [round(1_000_000 * w / s) for w, s in zip(weights, spreads, strict=True)]
    print(f"positions {len(rows)} (train {len(train)}, test {len(test)}); "
          f"cross-entropy train {loss(train, weights):.4f}, test {loss(test, weights):.4f}")
    # The old evaluation, its one scale fitted the same way.
    olds = [(r[2], r[1]) for r in rows]
    best_old = min((sum(-(y * math.log(min(1 - 1e-12, max(1e-12, _sigmoid(v * s)))))
                        - (1 - y) * math.log(min(1 - 1e-12, max(1e-12, 1 - _sigmoid(v * s))))
                        for v, y in olds) / len(olds), s)
                   for s in (k / 20000 for k in range(1, 200)))
    floor = sum(-(y * math.log(y) if y > 0 else 0.0) - ((1 - y) * math.log(1 - y) if y < 1 else 0.0)
                for _, y in olds) / len(olds)
    print(f"the labels' own entropy (the least cross-entropy possible): {floor:.4f}")
    constant = sum(-(y * math.log(0.5)) - (1 - y) * math.log(0.5) for _, y in olds) / len(olds)
    print(f"old evaluation, best scale {best_old[1]:.5f}: cross-entropy {best_old[0]:.4f}; "
          f"a constant 0.5: {constant:.4f}")
    for name, value in zip(FEATURES, raw, strict=True):
        print(f"    {value:6d},  # {name}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    p = commands.add_parser("positions")
    p.add_argument("--games", type=int, default=120)
    p.add_argument("--nodes", type=int, default=600)
    p.add_argument("--noise", type=float, default=0.12)
    p.add_argument("--seed", type=int, default=0)
    lab = commands.add_parser("label")
    lab.add_argument("--brain", required=True)
    lab.add_argument("--positions", type=Path, required=True)
    lab.add_argument("--nodes", type=int, default=3000)
    lab.add_argument("--settle", type=float, default=0.05)
    f = commands.add_parser("fit")
    f.add_argument("--labelled", type=Path, required=True)
    f.add_argument("--scale", type=float, default=200.0, help="the engine's evaluation per logit")
    f.add_argument("--steps", type=int, default=3000)
    f.add_argument("--l2", type=float, default=1e-4)
    f.add_argument("--rate", type=float, default=0.3, help="the gradient step")
    args = parser.parse_args()
    numbers = {"--games": getattr(args, "games", 1), "--nodes": getattr(args, "nodes", 1),
               "--steps": getattr(args, "steps", 1), "--scale": getattr(args, "scale", 1.0),
               "--rate": getattr(args, "rate", 1.0)}
    for name, value in numbers.items():
        if not 0 < value < math.inf:
            parser.error(f"{name} {value}: expected a positive number")
    if not 0 <= getattr(args, "noise", 0.0) <= 1 or not 0 <= getattr(args, "l2", 0.0) < 1:
        parser.error("--noise must be 0 to 1 and --l2 at least 0 and below 1")
    if args.command == "label":
        try:
            brain_command(args.brain)
        except BrainError as error:
            parser.error(f"--brain: {error}")
    try:
        {"positions": positions, "label": label, "fit": fit}[args.command](args)
    except BrainError as error:
        sys.exit(f"brain failed: {error}")
    except OSError as error:
        sys.exit(f"cannot read {error.filename}: {error.strerror}")


if __name__ == "__main__":
    main()
