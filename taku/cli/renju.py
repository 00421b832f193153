"""``taku renju ...``: renju commands (placeholder until the renju core lands)."""

from __future__ import annotations

import argparse
from typing import Any


def register(games: Any) -> None:
    """Add the ``renju`` sub-command to ``games``."""
    parser: argparse.ArgumentParser = games.add_parser("renju", help="renju and gomoku")
    parser.set_defaults(handler=lambda args: parser.print_help() or 0)
