"""A Gomocup (Piskvork) brain around the players of the PyPI package ``gomoku`` (version 0.1.0).

An external engine to measure taku's renju AI against with ``taku renju match``. The package is not a
dependency of taku; install it into the venv by hand (``.venv/bin/pip install gomoku==0.1.0``).

The package plays freestyle gomoku on a fixed 15x15 bitboard; its coordinates are ``(row, col)`` with
row 0 at the top, so a Gomocup point ``x,y`` is ``(row=y, col=x)``. Its players print their reasoning
on standard output; that is sent to standard error here, so only protocol replies reach the manager.

Run: ``.venv/bin/python benchmarks/gomocup_brain_gomoku_pkg.py [--player threat_space|negamax|simple]
[--seed N] [--stats FILE]``. The package has no clock: each search runs in a forked child and is cut
off at 85% of ``INFO timeout_turn`` less 0.1 s, when the package's quick move is played instead.
Commands: ``START 15``, ``RESTART``, ``INFO`` (only ``timeout_turn`` is used), ``BEGIN``,
``TURN x,y``, ``BOARD`` ... ``DONE``, ``ABOUT``, ``END``.
"""

from __future__ import annotations

import argparse
import contextlib
import importlib.util
import multiprocessing
import random
import sys
import time
import types
from typing import Any, TextIO

SIZE = 15
PLAYERS = ("threat_space", "negamax", "simple")


def _stub_flask_socketio() -> None:
    """``gomoku.player`` imports its web player, which needs ``flask_socketio``; the brain never uses
    it, so a placeholder module stands in when Flask-SocketIO is not installed."""
    if "flask_socketio" not in sys.modules and importlib.util.find_spec("flask_socketio") is None:
        stub = types.ModuleType("flask_socketio")
        for name in ("SocketIO", "emit", "join_room"):
            setattr(stub, name, None)
        sys.modules["flask_socketio"] = stub


def _new_player(kind: str) -> Any:
    """A fresh player of the package (the threat-space player keeps its winning line between moves)."""
    _stub_flask_socketio()
    if kind == "threat_space":
        from gomoku.player.threat_space import ThreatSpace  # type: ignore[import-untyped,import-not-found,unused-ignore]

        return ThreatSpace()
    if kind == "negamax":
        from gomoku.player.negamax import Negamax  # type: ignore[import-untyped,import-not-found,unused-ignore]

        return Negamax()
    from gomoku.player.simple import Simple  # type: ignore[import-untyped,import-not-found,unused-ignore]

    return Simple()


class PackageBrain:
    """The game state (own and opponent stones) and the chosen package player."""

    def __init__(self, kind: str) -> None:
        self.kind = kind
        self.own: list[int] = []
        self.opponent: list[int] = []
        self.player: Any = _new_player(kind)
        self.time_limit = 1.5
        """Seconds per move: 85% of ``INFO timeout_turn`` less 0.1 s (1.5 s without it)."""
        self.late = 0
        """Moves where the search was cut off and the quick move was played."""
        self.moves = 0
        """Moves played."""

    def clear(self) -> None:
        """A new game: an empty board and a fresh player."""
        self.own = []
        self.opponent = []
        self.player = _new_player(self.kind)

    def _board(self) -> Any:
        from gomoku.board import Board  # type: ignore[import-untyped,import-not-found,unused-ignore]

        # The brain is to move: it is the first player (b1) when both sides have as many stones.
        first, second = (self.own, self.opponent) if len(self.own) == len(self.opponent) else (
            self.opponent, self.own)
        board = Board(turns=len(first) + len(second))
        board.moves(p1=first, p2=second)
        board.turns = len(first) + len(second)
        return board

    def move(self) -> int:
        """The player's move as an index ``row * 15 + col``, played as the brain's own stone.

        The package has no clock: the search runs in a forked child, which first sends a quick move
        (the package's forced move or best heuristic move) and then the player's real choice. The
        last answer received within ``time_limit`` seconds is played."""
        board = self._board()
        reader, writer = multiprocessing.get_context("fork").Pipe(duplex=False)
        salt = random.getrandbits(64)  # the child's random choices, different at every move
        child = multiprocessing.get_context("fork").Process(target=self._think, args=(board, writer, salt))
        child.start()
        writer.close()
        deadline = time.monotonic() + self.time_limit
        index: int | None = None
        finished = False
        while True:
            remaining = deadline - time.monotonic()
            if remaining <= 0 or not reader.poll(remaining):
                break
            try:
                index = int(reader.recv())
            except EOFError:
                finished = True
                break
        if not finished:
            self.late += 1
        child.join(0.0 if not finished else 0.5)
        if child.is_alive():
            child.kill()
            child.join()
        reader.close()
        if index is None or not board.is_valid_index(index):
            index = random.choice([i for i in range(SIZE * SIZE) if board.is_valid_index(i)])
        self.own.append(index)
        self.moves += 1
        return index

    def _think(self, board: Any, writer: Any, salt: int) -> None:
        """In the child: send a quick move, then the player's move (both as indices)."""
        random.seed(salt)
        with contextlib.redirect_stdout(sys.stderr):
            quick = self._quick_move(board)
            if quick is not None:
                writer.send(quick)
            choice = self.player.make_move(board)
            index = choice if isinstance(choice, int) else choice[0] * SIZE + choice[1]
            if not board.is_valid_index(index):
                # The threat-space player replays a saved winning line without checking it; after an
                # unexpected defence its next square may be taken. Think again without the line.
                print(f"gomoku package chose occupied {index}; searching again", file=sys.stderr)
                choice = _new_player(self.kind).make_move(board)
                index = choice if isinstance(choice, int) else choice[0] * SIZE + choice[1]
            writer.send(index)
        writer.close()

    def _quick_move(self, board: Any) -> int | None:
        """The package's forced move (five, block five, open four) or its best heuristic move."""
        if not hasattr(self.player, "score_moves"):
            return None
        if board.turns == 0:
            return 7 * SIZE + 7
        forced = self.player.forced_moves(board)
        if forced is not None:
            return int(forced)
        return int(self.player.score_moves(board)[0][1])


def _point(text: str) -> int:
    x, y = (int(part) for part in text.strip().split(",")[:2])
    if not (0 <= x < SIZE and 0 <= y < SIZE):
        raise ValueError(f"{text!r} is off the 15x15 board")
    return y * SIZE + x


def _reply(index: int) -> str:
    return f"{index % SIZE},{index // SIZE}"


def run(kind: str, stdin: TextIO, stdout: TextIO, stats: str | None = None) -> None:
    """Answer Gomocup commands from ``stdin`` until ``END`` or the end of input; then append the
    number of moves and of cut-off searches to the file ``stats``, if given."""
    brain = PackageBrain(kind)
    try:
        _loop(brain, stdin, stdout)
    finally:
        if stats:
            with open(stats, "a", encoding="utf-8") as file:
                file.write(f"{kind}: {brain.moves} moves, {brain.late} cut off at the time limit\n")


def _loop(brain: PackageBrain, stdin: TextIO, stdout: TextIO) -> None:
    kind = brain.kind

    def say(line: str) -> None:
        stdout.write(line + "\n")
        stdout.flush()

    lines = iter(stdin)
    for raw in lines:
        words = raw.strip().split(maxsplit=1)
        if not words:
            continue
        command, argument = words[0].upper(), (words[1] if len(words) > 1 else "")
        try:
            if command == "START":
                if int(argument) != SIZE:
                    say(f"ERROR the gomoku package plays only {SIZE}x{SIZE}")
                    continue
                brain.clear()
                say("OK")
            elif command == "RESTART":
                brain.clear()
                say("OK")
            elif command == "INFO":
                key, _, value = argument.partition(" ")
                if key.lower() == "timeout_turn" and int(value) > 0:
                    brain.time_limit = max(0.05, int(value) / 1000 * 0.85 - 0.1)
                continue
            elif command == "BEGIN":
                brain.clear()
                say(_reply(brain.move()))
            elif command == "TURN":
                brain.opponent.append(_point(argument))
                say(_reply(brain.move()))
            elif command == "BOARD":
                brain.own, brain.opponent = [], []
                for row in lines:
                    if row.strip().upper() == "DONE":
                        break
                    x, y, field = (int(part) for part in row.strip().split(","))
                    if field == 1:
                        brain.own.append(y * SIZE + x)
                    elif field == 2:
                        brain.opponent.append(y * SIZE + x)
                say(_reply(brain.move()))
            elif command == "ABOUT":
                say(f'name="gomoku-pypi-{kind}", version="0.1.0", author="gomoku package on PyPI", '
                    'country="-"')
            elif command == "END":
                return
            else:
                say(f"UNKNOWN command {command!r} is not supported")
        except ValueError as error:
            say(f"ERROR {command}: {error}")


def main() -> None:
    """Parse the options and run the brain on standard input and output."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0] if __doc__ else None)
    parser.add_argument("--player", choices=PLAYERS, default="threat_space")
    parser.add_argument("--seed", type=int, default=0, help="seed of the players' random choices")
    parser.add_argument("--stats", metavar="FILE", help="append the move and cut-off counts to FILE at exit")
    options = parser.parse_args()
    random.seed(options.seed)
    sys.setrecursionlimit(10000)
    run(options.player, sys.stdin, sys.stdout, options.stats)


if __name__ == "__main__":
    main()
