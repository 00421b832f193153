"""``taku renju ...``: renju commands.

* ``taku renju show MOVES``: the board after a move string, with Black's forbidden points marked.
* ``taku renju forbidden``: JSON lines ``{"black": [...], "white": [...]}`` in (RIF points, Black to
  move), one ``{"forbidden": {"e14": "double-four", ...}}`` line out per position. The whole input is
  read and checked before anything is written, so a bad line leaves the output empty.
"""

from __future__ import annotations

import argparse
import json
import sys
from typing import Any

from taku.cli.main import CommandError
from taku.renju import PRESETS, Position, RenjuRules


def register(games: Any) -> None:
    """Add the ``renju`` sub-command to ``games``."""
    parser: argparse.ArgumentParser = games.add_parser(
        "renju",
        help="renju and gomoku",
        description="Renju and gomoku: boards, forbidden points.",
    )

    def print_help(args: argparse.Namespace) -> int:
        parser.print_help()
        return 0

    parser.set_defaults(handler=print_help)
    commands = parser.add_subparsers(dest="command", metavar="COMMAND")

    show = commands.add_parser(
        "show",
        help="print the board after some moves, with Black's forbidden points",
        description="Print the board after MOVES (a move string like h8i9j10, or several "
        "arguments), marking the last move and, when Black is to move, Black's forbidden points "
        "(3 double-three, 4 double-four, 6 overline).",
    )
    show.add_argument("moves", nargs="*", metavar="MOVES", help="moves in RIF notation, e.g. h8i9j10")
    _add_rule_options(show)
    show.add_argument("--unicode", action="store_true", help="draw stones as ● and ○")
    show.set_defaults(handler=_show)

    forbidden = commands.add_parser(
        "forbidden",
        help="list Black's forbidden points of JSON-lines positions read from stdin",
        description='Read JSON lines {"black": [...], "white": [...]} (RIF points; other keys are '
        "ignored; blank lines are skipped) with Black to move, and write one line "
        '{"forbidden": {"e14": "double-four", ...}} per position. All input is checked before '
        "any output is written: a bad line stops the command with nothing written.",
    )
    _add_rule_options(forbidden)
    forbidden.set_defaults(handler=_forbidden)


def _add_rule_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument(
        "--size", type=int, default=None, metavar="N", help="board size (odd, 7..25; default 15)"
    )
    parser.add_argument(
        "--rules",
        choices=list(PRESETS),
        default="renju",
        help="rule set (default renju)",
    )


def _rules(args: argparse.Namespace) -> RenjuRules:
    changes: dict[str, Any] = {} if args.size is None else {"board_size": args.size}
    try:
        return RenjuRules.preset(args.rules, **changes)
    except ValueError as error:
        raise CommandError(str(error)) from None


def _show(args: argparse.Namespace) -> int:
    rules = _rules(args)
    text = " ".join(args.moves)
    try:
        position = Position(text, rules=rules)
    except ValueError as error:
        raise CommandError(f"moves {text!r}: {error}") from None
    print(position.unicode(ascii=not args.unicode))
    return 0


def _forbidden(args: argparse.Namespace) -> int:
    rules = _rules(args)
    answers: list[str] = []
    for number, line in enumerate(sys.stdin, start=1):
        if not line.strip():
            continue
        position = _read_position(line, number, rules)
        found = {str(point): foul for point, foul in position.forbidden_points().items()}
        answers.append(json.dumps({"forbidden": found}))
    sys.stdout.write("".join(answer + "\n" for answer in answers))
    return 0


def _read_position(line: str, number: int, rules: RenjuRules) -> Position:
    """The position (Black to move) of JSON input line ``number``; ``CommandError`` if it is bad."""
    where = f"input line {number}"
    try:
        data = json.loads(line)
    except json.JSONDecodeError as error:
        raise CommandError(f"{where}: not JSON ({error.msg})") from None
    if not isinstance(data, dict):
        raise CommandError(f'{where}: expected an object like {{"black": ["h8"], "white": []}}')
    sides: list[list[str]] = []
    for key in ("black", "white"):
        points = data.get(key, [])
        if not isinstance(points, list) or not all(isinstance(p, str) for p in points):
            raise CommandError(f'{where}: "{key}" must be a list of points like "h8"')
        sides.append(points)
    try:
        return Position.from_stones(sides[0], sides[1], rules=rules)
    except ValueError as error:
        raise CommandError(f"{where}: {error}") from None
