"""Entry point of the ``taku`` command: one sub-command per game."""

from __future__ import annotations

import argparse
import json
import os
import sys
from collections.abc import Sequence
from typing import Any

from taku import __version__


def loads_json(text: str) -> Any:
    """Parse one JSON document strictly: ``NaN``, ``Infinity`` and numbers too large for a float
    are refused (``ValueError``), so what is read can be written back as standard JSON."""
    return json.loads(text, parse_constant=_no_constant, parse_float=_finite_float)


def _no_constant(name: str) -> Any:
    raise ValueError(f"{name} is not a JSON number")


def _finite_float(text: str) -> float:
    value = float(text)
    if value in (float("inf"), float("-inf")):
        raise ValueError(f"{text} is too large for a JSON number")
    return value


class CommandError(Exception):
    """A user-facing error: printed as one line, exit status 2."""


def build_parser() -> argparse.ArgumentParser:
    """The full argument parser of ``taku``."""
    parser = argparse.ArgumentParser(
        prog="taku",
        description="taku (卓): riichi mahjong and renju rules, scoring, records and players.",
    )
    parser.add_argument("--version", action="version", version=f"taku {__version__}")
    games = parser.add_subparsers(dest="game", metavar="GAME")
    games.required = True
    from taku.cli import mahjong as mahjong_cli
    from taku.cli import play as play_cli
    from taku.cli import renju as renju_cli
    from taku.cli import serve as serve_cli

    mahjong_cli.register(games)
    renju_cli.register(games)
    play_cli.register(games)
    serve_cli.register(games)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``taku`` with ``argv`` and return the exit status.

    Standard output is flushed before returning, so a failure to write it is seen here: a closed pipe
    (``taku ... | head``) ends the command quietly, any other error (a full disk, ``> /dev/full``) is
    one line ``taku: error: cannot write output: ...`` and status 2. The commands turn their own
    file errors into ``CommandError``; an ``OSError`` reaching this point comes from writing output.
    """
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
        sys.stdout.flush()
    except CommandError as error:
        print(f"taku: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `taku ... | head`
        _discard_stdout()
        return 0
    except OSError as error:
        _discard_stdout()
        print(f"taku: error: cannot write output: {error.strerror or error}", file=sys.stderr)
        return 2
    return status


def _discard_stdout() -> None:
    """Point standard output at the null device, so that the interpreter's last flush of what is
    still buffered does not fail again (and print a traceback) at exit."""
    try:
        descriptor = sys.stdout.fileno()
    except (OSError, ValueError, AttributeError):  # not a file (tests, embedding): nothing to redirect
        return
    null = os.open(os.devnull, os.O_WRONLY)
    try:
        os.dup2(null, descriptor)
    finally:
        os.close(null)
