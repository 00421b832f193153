"""PSQ, the game files of Piskvork (the Gomocup manager), read and written.

The format, as Piskvork's ``openPsq``/``savePsq`` read and write it::

    Piskvorky 15x15, 11:11, 0      width x height, the two players' levels (0 = human), who started
    8,8,0                          one move a line: x,y,time; x and y 1-based, y counted from the TOP
    9,7,1500                       (Gomocup coordinates plus one); time in milliseconds, optional
    pbrain-first.exe               then, in tournament files, the two players' names (player 0, 1)
    pbrain-second.exe
    -1                             and Piskvork's end code; other tools add further lines

The third header number is the player (0 or 1) who made the first move, so Black is the name on that
line of the two. Piskvork boards need not be square nor odd; records take square boards of 5 to 25
points. PSQ has no rules, result, event or date, and no passes. As in Piskvork, the two lines after
the moves are the names: a record with no names but a trailer of two lines or more reads back with
names. A line of numbers separated by commas or semicolons is never a name: a malformed one among
the moves (``9;7``), or one after the moves have ended (``10,10,0`` after a name or a blank line), is
an error naming its line.
"""

from __future__ import annotations

import re
from typing import Final

from taku.formats.renju.record import (
    MAX_RECORD_SIZE,
    MIN_RECORD_SIZE,
    GameRecord,
    RecordError,
    check_moves,
)
from taku.renju.points import Move, Point

DEFAULT_LEVELS: Final = "11:11"
"""The levels written when the record has none (``psq_levels``): Gomocup's usual header."""

_HEADER_RE: Final = re.compile(r"\s*Piskvorky\s+(\d+)\s*x\s*(\d+)\s*,\s*(-?\d+\s*:\s*-?\d+)\s*,\s*(\d+)\s*")
_MOVE_RE: Final = re.compile(r"\s*(-?\d+)\s*,\s*(-?\d+)\s*(?:,\s*(-?\d+)\s*)?")
_MOVE_LIKE_RE: Final = re.compile(r"\s*-?\d+(?:\s*[,;]\s*-?\d*)+\s*")
"""Numbers separated by commas or semicolons: a move line (``9,7,0``), or a broken one (``9;7``). Such a
line is never a player's name; Piskvork's end code ``-1`` has no separator."""


def read_psq(text: str) -> GameRecord:
    """The game of a PSQ file. Metadata: ``psq_levels`` (when not ``11:11``) and ``psq_trailer`` (the
    lines after the names, newline-separated, e.g. Piskvork's end code ``-1``)."""
    lines = text.splitlines()
    if not lines or (header := _HEADER_RE.fullmatch(lines[0])) is None:
        got = lines[0][:40] if lines else ""
        raise RecordError(f"PSQ line 1: expected a header like 'Piskvorky 15x15, 11:11, 0', got {got!r}")
    width, height = int(header.group(1)), int(header.group(2))
    if width != height:
        raise RecordError(f"PSQ line 1: board {width}x{height} is not square")
    size = width
    if not MIN_RECORD_SIZE <= size <= MAX_RECORD_SIZE:
        raise RecordError(
            f"PSQ line 1: board {size}x{size} is not supported (sizes {MIN_RECORD_SIZE} to {MAX_RECORD_SIZE})"
        )
    first_player = int(header.group(4))
    if first_player not in (0, 1):
        raise RecordError(f"PSQ line 1: the first player is {first_player}, expected 0 or 1")
    levels = re.sub(r"\s+", "", header.group(3))

    moves: list[Move] = []
    times: list[int] = []
    move_lines: list[int] = []
    number = 1
    for number, line in enumerate(lines[1:], start=2):
        match = _MOVE_RE.fullmatch(line)
        if match is None:
            if _MOVE_LIKE_RE.fullmatch(line):
                raise RecordError(
                    f"PSQ line {number}: {line.strip()!r} is not a move: expected x,y or x,y,time"
                )
            break
        x, y = int(match.group(1)), int(match.group(2))
        if not (1 <= x <= size and 1 <= y <= size):
            raise RecordError(f"PSQ line {number}: move {x},{y} is off the {size}x{size} board")
        moves.append(Point(x - 1, size - y))
        times.append(int(match.group(3) or 0))
        move_lines.append(number)
    else:
        number = len(lines) + 1
    check_moves(moves, size, lambda i: f"PSQ line {move_lines[i]}")

    for extra, line in enumerate(lines[number - 1 :], start=number):
        if _MOVE_LIKE_RE.fullmatch(line):
            raise RecordError(
                f"PSQ line {extra}: {line.strip()!r} looks like a move, but the moves ended at line "
                f"{number - 1}"
            )
    trailer = [line.strip() for line in lines[number - 1 :] if line.strip()]
    metadata: dict[str, str] = {}
    black = white = None
    if len(trailer) >= 2:
        names, trailer = trailer[:2], trailer[2:]
        black, white = names[first_player], names[1 - first_player]
    if trailer:
        metadata["psq_trailer"] = "\n".join(trailer)
    if levels != DEFAULT_LEVELS:
        metadata["psq_levels"] = levels
    return GameRecord(
        tuple(moves),
        board_size=size,
        black=black,
        white=white,
        move_times=tuple(times) if any(times) else (),
        metadata=metadata,
    )


def write_psq(record: GameRecord) -> str:
    """``record`` as a PSQ file (Black listed first, so the header's last number is 0). A missing name
    is written ``?``; times default to 0. ``RecordError`` if the game has a pass (PSQ has none)."""
    size = record.board_size
    levels = record.metadata.get("psq_levels", DEFAULT_LEVELS)
    if not re.fullmatch(r"-?\d+:-?\d+", levels):
        raise RecordError(f"PSQ: psq_levels {levels!r} is not like '11:11'")
    lines = [f"Piskvorky {size}x{size}, {levels}, 0"]
    times = record.move_times or (0,) * len(record.moves)
    for i, (move, time) in enumerate(zip(record.moves, times, strict=True)):
        if move is None:
            raise RecordError(f"PSQ: move {i + 1} is a pass, which PSQ cannot hold")
        lines.append(f"{move.x + 1},{size - move.y},{time}")
    if record.black is not None or record.white is not None:
        lines += [_name_line(record.black), _name_line(record.white)]
    trailer = record.metadata.get("psq_trailer")
    if trailer:
        for line in trailer.splitlines():
            if _MOVE_LIKE_RE.fullmatch(line):
                raise RecordError(f"PSQ: the trailing line {line!r} would read back as a move")
            lines.append(line)
    return "\n".join(lines) + "\n"


def _name_line(name: str | None) -> str:
    if name is None or not name.strip():
        return "?"
    line = " ".join(name.split())  # one line, as Piskvork reads it
    if _MOVE_LIKE_RE.fullmatch(line):
        raise RecordError(f"PSQ: the player name {name!r} would read back as a move")
    return line
