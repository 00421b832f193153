"""``taku mahjong ...``: mahjong commands (placeholder until the mahjong core lands)."""

from __future__ import annotations

import argparse
from typing import Any


def register(games: Any) -> None:
    """Add the ``mahjong`` sub-command to ``games``."""
    parser: argparse.ArgumentParser = games.add_parser("mahjong", help="riichi mahjong")

    def show_help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(handler=show_help)
