"""Move strings as a record format: one game a line, RIF points run together (``h8i9j10``).

Blanks and commas between moves are allowed, ``pass`` is a pass. A move string carries no board
size (the reader is told it, 15 by default) and nothing but the moves.
"""

from __future__ import annotations

from collections.abc import Iterable

from taku.formats.renju.record import GameRecord, RecordError, check_moves
from taku.renju.errors import InvalidNotationError
from taku.renju.points import parse_moves


def read_movestrings(text: str, board_size: int = 15) -> list[GameRecord]:
    """The games of ``text``, one move string a non-blank line, on a ``board_size`` board."""
    records = []
    for number, line in enumerate(text.splitlines(), start=1):
        if line.strip():
            records.append(_read_line(line, number, board_size))
    return records


def read_movestring(text: str, board_size: int = 15) -> GameRecord:
    """The one game of ``text`` (a move string; a blank text is the empty game)."""
    records = read_movestrings(text, board_size)
    if len(records) > 1:
        raise RecordError(f"move string: expected one game, found {len(records)} lines of moves")
    return records[0] if records else GameRecord(board_size=board_size)


def write_movestring(record: GameRecord, separator: str = "") -> str:
    """``record``'s moves as one line: ``"h8i9j10\\n"``."""
    return record.move_string(separator) + "\n"


def write_movestrings(records: Iterable[GameRecord], separator: str = "") -> str:
    """One line per game (an empty game is an empty line, which ``read_movestrings`` skips)."""
    return "".join(write_movestring(record, separator) for record in records)


def _read_line(line: str, number: int, board_size: int) -> GameRecord:
    where = f"move string line {number}"
    try:
        moves = parse_moves(line)
    except InvalidNotationError as error:
        raise RecordError(f"{where}: {error}") from None
    check_moves(moves, board_size, lambda i: f"{where}, move {i + 1}")
    return GameRecord(tuple(moves), board_size=board_size)
