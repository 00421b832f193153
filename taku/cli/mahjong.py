"""``taku mahjong ...``: mahjong commands (placeholder until the mahjong core lands)."""

from __future__ import annotations

import argparse
from typing import Any


def register(games: Any) -> None:
    """Add the ``mahjong`` sub-command to ``games``."""
    parser: argparse.ArgumentParser = games.add_parser("mahjong", help="riichi mahjong")
    parser.set_defaults(handler=lambda args: parser.print_help() or 0)
