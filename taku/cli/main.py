"""Entry point of the ``taku`` command: one sub-command per game."""

from __future__ import annotations

import argparse
import sys
from collections.abc import Sequence

from taku import __version__


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
    from taku.cli import renju as renju_cli

    mahjong_cli.register(games)
    renju_cli.register(games)
    return parser


def main(argv: Sequence[str] | None = None) -> int:
    """Run ``taku`` with ``argv`` and return the exit status."""
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        status: int = args.handler(args)
    except CommandError as error:
        print(f"taku: error: {error}", file=sys.stderr)
        return 2
    except BrokenPipeError:  # e.g. `taku ... | head`
        return 0
    return status
