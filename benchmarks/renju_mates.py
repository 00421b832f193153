"""Forced wins announced by an outside engine, as a puzzle set for taku's threat searches.

Usage::

    python benchmarks/renju_mates.py probe --brain "pbrain-rapfi --config cfg.toml" \\
        --games games.jsonl [--time 0.1] [--max-plies 15] > puzzles.txt
    python benchmarks/renju_mates.py solve [--file tests/data/renju_mate_puzzles.txt] [--time 1]

``probe`` replays the games of a ``renju_ladder.py --games-out`` file and asks the brain for a move
in every position of them (``BOARD``, ``--time`` seconds a move, and ``--nodes`` nodes if given,
renju rules): where it announces a
mate for the side to move (Rapfi: ``Eval +M<n>``) of at least 5 and at most ``--max-plies`` plies,
the position is printed as a puzzle line ``NAME PLIES MOVES`` (the game's moves up to there). The
first such position of each run of consecutive mates in a game is kept (the later ones are the same
win played on), and positions already won by a five or a four are left out.

``solve`` runs taku's ``solve_vct`` on every puzzle of a file with ``--time`` seconds each and prints
whether it found a win (each line found is replayed with the rules core: one that does not end in
a win is printed as a FALSE WIN and not counted), the length of its main line, and the time, with a
summary: the count solved
within the time, and within the time for the puzzles of at most 15 plies.
"""

from __future__ import annotations

import argparse
import json
import re
import shlex
import sys
import time
from pathlib import Path

from taku.bots.renju_ai import solve_vcf, solve_vct
from taku.protocols.gomocup_client import BrainError, GomocupClient, brain_command
from taku.renju import BLACK, Position

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
from tests.renju_helpers import replays_to_a_win

MATE = re.compile(r"Eval \+M(\d+)")
ROOT = Path(__file__).resolve().parent.parent
DEFAULT_FILE = ROOT / "tests" / "data" / "renju_mate_puzzles.txt"


def mate_plies(client: GomocupClient, position: Position, seconds: float) -> int | None:
    """The mate length the brain announces for the side to move, or ``None``."""
    colour = position.turn
    moves = position.move_stack
    stones = [(m, (k % 2 == 0) == (colour is BLACK)) for k, m in enumerate(moves) if m is not None]
    client.notes.clear()  # (the client keeps only its last notes: an index into them would drift)
    client.board(stones, seconds + 2.0)
    found = [int(m.group(1)) for note in client.notes for m in [MATE.search(note)] if m]
    return found[-1] if found else None


def _fresh(client: GomocupClient, args: argparse.Namespace) -> None:
    """A new game with the probe's settings, so each position is asked about on its own."""
    if client.alive:
        client.restart()
    else:
        client.start(15)
    client.info("rule", 4)
    client.info("timeout_turn", round(args.time * 1000))
    client.info("timeout_match", 0)
    client.info("time_left", 2147483647)
    client.info("MAX_NODE", args.nodes)


def probe(args: argparse.Namespace) -> None:
    client = GomocupClient(shlex.split(args.brain), settle=0.2)
    seen: set[str] = set()
    try:
        for number, line in enumerate(args.games.read_text(encoding="utf-8").splitlines()):
            game = json.loads(line)
            final = Position(game["moves"])
            moves = final.move_stack
            previous = {True: False, False: False}
            announcements: list[str] = []
            for count in range(5, len(moves)):
                position = Position()
                for move in moves[:count]:
                    position.push(move)
                if position.is_over:
                    break
                key = position.move_string()
                if key in seen:
                    continue
                seen.add(key)
                _fresh(client, args)
                plies = mate_plies(client, position, args.time)
                if plies is not None:
                    announcements.append(f"{count}:M{plies}")
                announced = plies is not None and 5 <= plies <= args.max_plies
                black = position.turn is BLACK
                trivial = announced and solve_vcf(position, max_depth=1, time_limit=5) is not None
                if announced and not previous[black] and not trivial:
                    colour = "black" if black else "white"
                    print(f"game{number + 1:02d}-{count:02d}-{colour:5} {plies:3d}  {key}", flush=True)
                previous[black] = announced
            print(f"game {number + 1}: {len(moves)} moves; mates announced (stones:plies) "
                  f"{' '.join(announcements) or 'none'}", file=sys.stderr, flush=True)
    finally:
        client.close()


def read_puzzles(path: Path) -> list[tuple[str, int, str]]:
    """``(name, plies, moves)`` of every puzzle line of ``path`` (``#`` lines are comments):
    ``NAME PLIES MOVES`` as ``probe`` prints them, or ``NAME PLIES EXPECTED MOVES`` as the tests'
    file has them."""
    rows = []
    for line in path.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            words = line.split()
            rows.append((words[0], int(words[1]), words[-1]))
    return rows


def solve(args: argparse.Namespace) -> None:
    rows = read_puzzles(args.file)
    solved = short = short_solved = false_wins = 0
    total = 0.0
    for name, plies, moves in rows:
        position = Position(moves)
        started = time.perf_counter()
        line = solve_vct(position, max_depth=args.depth, time_limit=args.time)
        elapsed = time.perf_counter() - started
        total += elapsed
        found = line is not None
        real = line is None or replays_to_a_win(position, line)
        false_wins += not real
        solved += found and real
        if plies <= 15:
            short += 1
            short_solved += found
        length = "-" if line is None else str(len(line))
        verdict = "FALSE WIN" if not real else "win " if found else "none"
        print(f"  {name:24} Rapfi {plies:2d} plies  taku {verdict} {length:>3} plies "
              f"{elapsed * 1000:7.0f} ms", flush=True)
    print(f"solved {solved}/{len(rows)} within {args.time:g} s each ({short_solved}/{short} of at most 15 "
          f"plies); {total:.1f} s in all; lines that do not replay to a win: {false_wins}")


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").splitlines()[0])
    commands = parser.add_subparsers(dest="command", required=True)
    probe_parser = commands.add_parser("probe", help="find the positions where the brain announces a mate")
    probe_parser.add_argument("--brain", required=True)
    probe_parser.add_argument("--games", type=Path, required=True)
    probe_parser.add_argument("--time", type=float, default=0.1)
    probe_parser.add_argument("--nodes", type=int, default=0,
                              help="the brain's node limit per move (INFO MAX_NODE; 0: none), for figures "
                              "that do not depend on the machine's load")
    probe_parser.add_argument("--max-plies", type=int, default=15)
    solve_parser = commands.add_parser("solve", help="time taku's VCT search on a puzzle file")
    solve_parser.add_argument("--file", type=Path, default=DEFAULT_FILE)
    solve_parser.add_argument("--time", type=float, default=1.0)
    solve_parser.add_argument("--depth", type=int, default=8, help="VCT depth in threats (default 8)")
    args = parser.parse_args()
    if not 0 < args.time < 3600:
        parser.error(f"--time {args.time}: expected a positive number of seconds")
    if args.command == "probe":
        if args.nodes < 0 or not 5 <= args.max_plies <= 99:
            parser.error("--nodes must not be negative and --max-plies must be 5 to 99")
        try:
            brain_command(args.brain)
        except BrainError as error:
            parser.error(f"--brain: {error}")
    elif not 1 <= args.depth <= 50:
        parser.error(f"--depth {args.depth}: expected 1 to 50")
    try:
        probe(args) if args.command == "probe" else solve(args)
    except BrainError as error:
        sys.exit(f"brain failed: {error}")
    except OSError as error:
        sys.exit(f"cannot read {error.filename}: {error.strerror}")
    except (ValueError, KeyError) as error:  # a malformed games or puzzle file
        sys.exit(f"bad input file: {error!r}")


if __name__ == "__main__":
    main()
