"""Benchmark: taku's renju AI against an external Gomocup brain, rung by rung.

Usage::

    python benchmarks/renju_ladder.py --brain "/path/to/pbrain-rapfi --config cfg.toml" \\
        --rungs 300n,2000n,20000n,100ms --games 8 [--level strongest] [--taku-time 1.0] \\
        [--taku-nodes N] [--games-out games.jsonl]

Each rung limits the brain: ``300n`` is 300 nodes per move (``INFO MAX_NODE``, a Yixin-board
extension that Rapfi understands; the brain keeps ``--brain-time`` per move as its time limit),
``100ms`` or ``1s`` is that time per move (``INFO timeout_turn``). taku plays every rung with the same
settings: its level at ``--taku-time`` seconds per move (and ``--taku-nodes`` per move if given).

The openings are the 26 RIF openings (three stones, White to move), taken evenly spread through the
table in the order of ``taku.renju.openings.OPENINGS``; each is played twice with the colours
swapped, so ``--games`` is rounded up to an even number. One game at a time, renju rules, 15x15.

A game the brain spoils (it crashes, answers late or out of step, plays an illegal move) is not
scored: it is reported and played again, up to twice, and left out if it is spoilt each time. A
game taku spoils (late, illegal move, a foul) counts as a loss: it would count so in a tournament.
Between a brain's move and the next command the runner waits ``--settle`` seconds, since Rapfi
drops a command that arrives just after it prints a move.

Each rung prints taku's wins, losses and draws, its score with a 95% Wilson interval, how the games
ended, taku's mean seconds per move, and the games the brain announced a mate in (a MESSAGE with a
mate score, Rapfi's ``+M<n>``/``-M<n>``). ``--games-out`` writes every game (moves, result, the
brain's messages per move) as JSON lines, for finding puzzles in them.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import re
import sys
import time
from dataclasses import dataclass, field
from pathlib import Path

from taku.bots.renju_ai import LEVELS, RenjuAI
from taku.protocols.gomocup_client import (
    BrainError,
    BrainPlayer,
    GameResult,
    brain_command,
    play_game,
    score_interval,
)
from taku.renju import Move, Point, Position, RenjuRules
from taku.renju.openings import OPENINGS
from taku.renju.points import move_string

MATE = re.compile(r"Eval ([+-]M\d+)")
"""A mate score in a brain's message (Rapfi: ``Eval +M13`` mates in 13 plies, ``-M12`` is mated)."""


@dataclass(frozen=True, slots=True)
class Rung:
    """One limit of the brain: ``nodes`` per move, or ``seconds`` per move."""

    label: str
    nodes: int | None
    seconds: float | None


def parse_rung(text: str) -> Rung:
    """``300n`` (nodes), ``100ms`` or ``1.5s`` (time per move)."""
    word = text.strip().lower()
    try:
        if word.endswith("ms"):
            value = float(word[:-2]) / 1000
            if 0 < value < math.inf:
                return Rung(word, None, value)
        elif word.endswith("s"):
            value = float(word[:-1])
            if 0 < value < math.inf:
                return Rung(word, None, value)
        elif word.endswith("n"):
            nodes = int(word[:-1])
            if nodes > 0:
                return Rung(word, nodes, None)
    except ValueError:
        pass
    raise argparse.ArgumentTypeError(f"rung {text!r}: expected nodes like 2000n or a time like 100ms or 1s")


def opening_list(games: int) -> list[str]:
    """The move strings of the games: ``games / 2`` openings spread through the 26, each twice."""
    names = list(OPENINGS)
    pairs = max(1, (games + 1) // 2)
    chosen = [names[(k * len(names)) // pairs % len(names)] for k in range(pairs)]
    return [move_string(OPENINGS[name]) for name in chosen for _ in range(2)]


class TakuPlayer:
    """taku's AI as a match player, with its own time (and node) limit per move."""

    def __init__(self, level: str, seconds: float, nodes: int | None, seed: int) -> None:
        self.name = "taku"
        self.level = level
        self.seconds = seconds
        self.nodes = nodes
        self.seed = seed
        self.ai = RenjuAI(level, seed=seed, max_nodes=nodes)
        self.moves = 0
        self.thinking = 0.0

    def new_game(self, rules: RenjuRules, time_per_move: float) -> None:
        """A fresh AI each game, so a game does not depend on the ones before it."""
        self.ai = RenjuAI(self.level, seed=self.seed, max_nodes=self.nodes)

    def wait_ready(self) -> None:
        """Always ready."""

    def move(self, position: Position) -> Move:
        """The AI's move within its time (never a pass: the brain it plays cannot be told of one,
        so ``play_game`` plays without passes)."""
        started = time.perf_counter()
        point = self.ai.choose(position.copy(), self.seconds)
        self.thinking += time.perf_counter() - started
        self.moves += 1
        return point

    def close(self) -> None:
        """Nothing to free."""


class LimitedBrain:
    """An external brain as a match player, limited to a rung; keeps its messages per move."""

    def __init__(self, command: list[str], rung: Rung, brain_time: float, settle: float) -> None:
        self.name = "brain"
        self.inner = BrainPlayer("brain", command, tolerance=1.0, settle=settle)
        self.rung = rung
        self.brain_time = brain_time
        self.messages: list[tuple[int, list[str]]] = []
        """(stones on the board when asked, the notes the brain sent with its move)."""

    def new_game(self, rules: RenjuRules, time_per_move: float) -> None:
        """Start or restart the brain, then send the rung's limits."""
        seconds = self.rung.seconds if self.rung.seconds is not None else self.brain_time
        self.inner.new_game(rules, seconds)
        self.inner.client.info("MAX_NODE", self.rung.nodes if self.rung.nodes is not None else 0)
        self.messages = []

    def wait_ready(self) -> None:
        """Wait out the settle time after the brain's last move."""
        self.inner.wait_ready()

    def move(self, position: Position) -> Point:
        """The brain's move; its notes sent meanwhile are kept."""
        notes = self.inner.client.notes
        notes.clear()  # the client keeps only its last notes: an index into them would drift
        point = self.inner.move(position)
        self.messages.append((position.stone_count, list(notes)))
        return point

    def close(self) -> None:
        """End the brain process."""
        self.inner.close()


@dataclass
class RungResult:
    """The games of one rung."""

    rung: Rung
    games: list[GameResult] = field(default_factory=list)
    mates: list[str] = field(default_factory=list)
    void: int = 0
    taku_seconds: float = 0.0
    taku_moves: int = 0

    def line(self) -> str:
        wins = sum(g.score("taku") == 1.0 for g in self.games)
        draws = sum(g.score("taku") == 0.5 for g in self.games)
        losses = len(self.games) - wins - draws
        points = wins + draws / 2
        n = len(self.games)
        low, high = score_interval(points, n)
        reasons: dict[str, int] = {}
        for game in self.games:
            reasons[game.reason] = reasons.get(game.reason, 0) + 1
        ended = ", ".join(f"{k} {v}" for k, v in sorted(reasons.items()))
        per_move = self.taku_seconds / self.taku_moves if self.taku_moves else 0.0
        score = points / max(n, 1)
        return (f"{self.rung.label:>8}: taku {wins}W {losses}L {draws}D of {n}, score {score:.3f} "
                f"(95% {low:.3f}-{high:.3f}); ended: {ended}; taku {per_move:.2f} s/move; "
                f"brain announced mates in {len(self.mates)} games; void {self.void}")


def play_rung(args: argparse.Namespace, command: list[str], rung: Rung, out: object) -> RungResult:
    rules = RenjuRules()
    taku = TakuPlayer(args.level, args.taku_time, args.taku_nodes, args.seed)
    brain = LimitedBrain(command, rung, args.brain_time, args.settle)
    result = RungResult(rung)
    brain_seconds = rung.seconds if rung.seconds is not None else args.brain_time
    limit = max(args.taku_time, brain_seconds)
    try:
        for number, opening in enumerate(opening_list(args.games)):
            taku_black = number % 2 == 1  # after the three opening stones White moves: taku is White first
            black, white = (taku, brain) if taku_black else (brain, taku)
            spoiled = True
            for attempt in range(3):
                taku.thinking, taku.moves = 0.0, 0
                game = play_game(black, white, rules, opening=opening, time_per_move=limit, tolerance=1.0)
                # The brain spoiled the game if it lost by failing (not by a five or a foul).
                spoiled = game.reason in ("crash", "timeout", "illegal") and game.score("taku") == 1.0
                if not spoiled:
                    break
                result.void += 1
                again = "; again" if attempt < 2 else "; not scored"
                print(f"  void game ({game.reason}: {game.fault}){again}", file=sys.stderr, flush=True)
            if spoiled:
                continue
            result.games.append(game)
            result.taku_seconds += taku.thinking
            result.taku_moves += taku.moves
            mate = [(stones, m.group(1)) for stones, notes in brain.messages for note in notes
                    for m in [MATE.search(note)] if m and m.group(1).startswith("+")]
            if mate:
                result.mates.append(game.moves)
            colour = "B" if taku_black else "W"
            first_mate = f", brain's first mate score at stone {mate[0][0]}: {mate[0][1]}" if mate else ""
            fault_text = f" ({game.fault})" if game.fault else ""
            stones = sum(c.isalpha() for c in game.moves)
            print(f"  {rung.label} game {number + 1}: taku {colour} {game.result} {game.reason}"
                  f"{fault_text} {stones} stones{first_mate}",
                  file=sys.stderr, flush=True)
            if out is not None:
                record = {"rung": rung.label, "taku": colour, "opening": opening, "moves": game.moves,
                          "result": game.result, "reason": game.reason, "fault": game.fault,
                          "brain_messages": brain.messages}
                print(json.dumps(record), file=out, flush=True)  # type: ignore[call-overload]
    finally:
        brain.close()
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--brain", required=True, help="the brain's command line (quoted)")
    parser.add_argument("--rungs", default="300n,2000n", help="comma-separated limits (default 300n,2000n)")
    parser.add_argument("--games", type=int, default=8, help="games per rung (even; default 8)")
    parser.add_argument("--level", default="strongest", choices=list(LEVELS))
    parser.add_argument("--taku-time", type=float, default=1.0, help="taku's seconds per move (default 1)")
    parser.add_argument("--taku-nodes", type=int, default=None, help="taku's node budget per move")
    parser.add_argument("--brain-time", type=float, default=1.0,
                        help="the brain's seconds per move on node rungs (default 1)")
    parser.add_argument("--settle", type=float, default=0.2,
                        help="seconds between a brain's move and the next command (default 0.2)")
    parser.add_argument("--seed", type=int, default=0)
    parser.add_argument("--games-out", type=Path, default=None, help="write the games as JSON lines here")
    args = parser.parse_args(argv)
    try:
        rungs = [parse_rung(text) for text in args.rungs.split(",") if text.strip()]
    except argparse.ArgumentTypeError as error:
        parser.error(f"--rungs: {error}")
    try:
        command = brain_command(args.brain)
    except BrainError as error:
        parser.error(f"--brain: {error}")
    if not rungs:
        parser.error("--rungs: expected at least one limit, like 300n,2000n")
    if not 1 <= args.games <= 1000:
        parser.error(f"--games {args.games}: expected 1 to 1000")
    for option, value in (("--taku-time", args.taku_time), ("--brain-time", args.brain_time)):
        if not 0 < value < 3600:  # also rejects nan
            parser.error(f"{option} {value}: expected a positive number of seconds")
    if not 0 <= args.settle <= 10:
        parser.error(f"--settle {args.settle}: expected 0 to 10 seconds")
    if args.taku_nodes is not None and args.taku_nodes < 1:
        parser.error(f"--taku-nodes {args.taku_nodes}: expected a positive number")
    load = os.getloadavg()
    print(f"taku {args.level} at {args.taku_time:g} s/move"
          f"{'' if args.taku_nodes is None else f' and {args.taku_nodes} nodes'} vs {Path(command[0]).name}; "
          f"{args.games} games per rung; load average at start {load[0]:.2f}", flush=True)
    try:
        out = args.games_out.open("a", encoding="utf-8") if args.games_out else None
    except OSError as error:
        parser.error(f"--games-out {args.games_out}: {error.strerror or error}")
    try:
        for rung in rungs:
            try:
                result = play_rung(args, command, rung, out)
            except BrainError as error:
                print(f"{rung.label}: the brain failed: {error}", flush=True)
                continue
            print(result.line(), f"(load {os.getloadavg()[0]:.2f})", flush=True)
    finally:
        if out is not None:
            out.close()


if __name__ == "__main__":
    main()
