"""Where taku lost its ladder games: the move after which the opponent had a forced win.

Usage::

    python benchmarks/renju_losses.py --brain "pbrain-rapfi --config cfg.toml" \\
        --games games.jsonl [--time 1] [--taku-time 1]

Reads the games of a ``renju_ladder.py --games-out`` file and, for every game taku lost, asks the
brain (a fresh game per position, ``--time`` seconds a move: far more than the ladder's rungs) for a
move in each position from the opening to two stones after the ladder brain's first mate
announcement. The brain's mate scores (Rapfi's ``Eval +M<n>`` for the side to move, ``-M<n>`` against
it) mark the positions already won. The **decisive move** is taku's last move before the loss that
turned a position the brain does not call lost for taku into one where the brain announces a mate
against taku. On it, taku's own searches (``--taku-time`` seconds each):

- ``before``: did the opponent threaten a VCT there (``find_vct`` for the opponent with taku to move)?
- ``after``: does taku's ``solve_vct`` find the opponent's win after taku's move?
- ``alt``: after the brain's own move in taku's place, does ``solve_vct`` still find a win for the
  opponent (``no``: a defence existed that taku's searches accept)?
- ``choice``: taku's ``choose`` replayed there (its move, reason and whether it saw a VCT to answer).

Each lost game is printed with its class: ``opening`` (the brain calls taku's first position lost),
``own win missed`` (the brain announced a mate for taku in an earlier position of taku's),
``VCT not stopped`` (``after`` finds the win: taku's threat search sees it once the move is on the
board), ``deep`` (it does not: a win beyond taku's VCT in the time, or started by a quiet move).
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
import time
from pathlib import Path

from taku.bots.renju_ai import RenjuAI, solve_vct
from taku.bots.renju_search import SearchBoard, find_vct
from taku.protocols.gomocup_client import BrainError, GomocupClient, brain_command
from taku.renju import BLACK, Point, Position

sys.path.insert(0, str(Path(__file__).resolve().parent))
from renju_mates import _fresh

MATE = re.compile(r"Eval ([+-])M(\d+)")


def oracle(client: GomocupClient, args: argparse.Namespace, position: Position) -> tuple[Point, int | None]:
    """The brain's move for the side to move of ``position`` and its mate score: ``+n`` (it mates in
    ``n`` plies), ``-n`` (it is mated), ``None`` (no mate announced)."""
    _fresh(client, args)
    colour = position.turn
    stones = [(m, (k % 2 == 0) == (colour is BLACK)) for k, m in enumerate(position.move_stack)
              if m is not None]
    client.notes.clear()
    move = client.board(stones, args.time + 2.0)
    found = [m for note in client.notes for m in [MATE.search(note)] if m]
    if not found:
        return move, None
    sign, plies = found[-1].group(1), int(found[-1].group(2))
    return move, plies if sign == "+" else -plies


def position_at(moves: tuple[object, ...], count: int) -> Position:
    position = Position()
    for move in moves[:count]:
        position.push(move)
    return position


def taku_finds(position: Position, seconds: float) -> int | None:
    """The length of the main line ``solve_vct`` finds for the side to move, or ``None``."""
    line = solve_vct(position, max_depth=8, time_limit=seconds)
    return None if line is None else len(line)


def threat_before(position: Position, seconds: float) -> int | None:
    """The length of a VCT of the opponent of the side to move (as if the side to move passed)."""
    board = SearchBoard(position)
    opponent = 3 - int(position.turn)
    line = find_vct(board, opponent, seconds, None, 6, 12)
    return None if line is None else len(line)


def diagnose(client: GomocupClient, args: argparse.Namespace, number: int, game: dict[str, object]) -> str:
    moves = Position(str(game["moves"])).move_stack
    taku_black = game["taku"] == "B"
    brain_mates = [stones for stones, notes in game["brain_messages"]  # type: ignore[attr-defined]
                   for note in notes for m in [MATE.search(note)] if m and m.group(1) == "+"]
    first = min(brain_mates) if brain_mates else len(moves) - 1
    end = min(len(moves) - 1, first + 2)
    scores: dict[int, tuple[Point, int | None]] = {}
    for count in range(3, end + 1):
        position = position_at(moves, count)
        if position.is_over:
            break
        scores[count] = oracle(client, args, position)
    mine = [c for c in scores if (position_at(moves, c).turn is BLACK) == taku_black]
    theirs = [c for c in scores if c not in mine]
    head = f"game {number:2d} taku {'B' if taku_black else 'W'} {game['opening']} ladder-mate@{first}"
    trace = " ".join(f"{c}:{'' if s is None else ('+' if s > 0 else '') + str(s)}"
                     for c, (_, s) in sorted(scores.items()))
    own = [c for c in mine if (scores[c][1] or 0) > 0]
    if mine and (scores[min(mine)][1] or 0) < 0:
        return f"{head}: opening (taku's first position already mated {scores[min(mine)][1]}) | {trace}"
    # The decisive move: the first taku move into a position where the brain mates taku, from a
    # position where the brain did not call taku lost.
    decisive = None
    for c in sorted(theirs):
        if c - 1 in scores and (scores[c][1] or 0) > 0 and (scores[c - 1][1] or 0) >= 0:
            decisive = c - 1
            break
    if decisive is None:
        return f"{head}: no decisive move found | {trace}"
    before = position_at(moves, decisive)
    after = position_at(moves, decisive + 1)
    played = moves[decisive]
    defence = scores[decisive][0]
    alternative = before.copy()
    alternative.push(defence)
    t = args.taku_time
    seen_before = threat_before(before, t)
    seen_after = None if after.is_over else taku_finds(after, t)
    alt = None if alternative.is_over else taku_finds(alternative, t)
    ai = RenjuAI("strongest")
    started = time.perf_counter()
    choice = ai.choose(before.copy(), t)
    spent = time.perf_counter() - started
    info = ai.last_info
    missed_own = [c for c in own if c <= decisive]
    if missed_own:
        kind = "own win missed"
    elif seen_after is not None:
        kind = "VCT not stopped"
    else:
        kind = "deep"
    return (f"{head}: {kind}; decisive taku move {played} at stone {decisive + 1} "
            f"(brain then +M{scores[decisive + 1][1]}); brain's move there {defence}; "
            f"before: opponent VCT {seen_before}; after: taku sees {seen_after}; alt: {alt}; "
            f"choice now {choice} ({info.get('reason')}, defends {info.get('defends_vct')}, {spent:.2f} s)"
            f"{'; own mates at ' + str(missed_own) if missed_own else ''} | {trace}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    parser.add_argument("--brain", required=True)
    parser.add_argument("--games", type=Path, required=True)
    parser.add_argument("--time", type=float, default=1.0, help="the brain's seconds per position")
    parser.add_argument("--nodes", type=int, default=0, help="the brain's node limit (0: none)")
    parser.add_argument("--taku-time", type=float, default=1.0, help="seconds of each taku search")
    parser.add_argument("--rung", default=None, help="only the games of this rung (e.g. 20000n)")
    args = parser.parse_args()
    for option, value in (("--time", args.time), ("--taku-time", args.taku_time)):
        if not 0 < value < 3600:  # also rejects nan
            parser.error(f"{option} {value}: expected a positive number of seconds")
    if args.nodes < 0:
        parser.error(f"--nodes {args.nodes}: expected 0 or more")
    try:
        brain_command(args.brain)
    except BrainError as error:
        parser.error(f"--brain: {error}")
    try:
        lines = args.games.read_text(encoding="utf-8").splitlines()
    except OSError as error:
        parser.error(f"--games {args.games}: {error.strerror or error}")
    client = GomocupClient(shlex.split(args.brain), settle=0.2)
    try:
        for number, line in enumerate(lines, 1):
            game = json.loads(line)
            if args.rung and game["rung"] != args.rung:
                continue
            taku_won = (game["result"] == "1-0") == (game["taku"] == "B")
            if taku_won or game["result"] not in ("1-0", "0-1"):
                continue
            print(f"[{game['rung']}] " + diagnose(client, args, number, game), flush=True)
    except BrainError as error:
        sys.exit(f"brain failed: {error}")
    except (ValueError, KeyError, TypeError) as error:  # a malformed games file
        sys.exit(f"bad games file: {error!r}")
    finally:
        client.close()


if __name__ == "__main__":
    main()
