"""Colours, points and move notation: RIF coordinates (``h8``), Gomocup ``x,y`` and move strings.

Coordinates follow RIF notation: columns are letters from ``a`` on the left, rows are numbers from
``1`` at the bottom, so ``h8`` is the centre of the 15x15 board. Boards have at most 25 columns, so
one letter ``a``..``y`` always suffices; unlike Go notation, no letter is skipped (``i`` is a column,
as on every RIF and Gomocup board).

Gomocup (Piskvork) coordinates are 0-based ``x,y`` with ``x`` counting columns from the left and
``y`` counting rows from the **top**: on 15x15, ``0,0`` is ``a15``, ``14,14`` is ``o1`` and ``7,7`` is
``h8``. They depend on the board size, so the conversions take it as an argument.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Iterator
from enum import IntEnum
from typing import Final, NamedTuple, TypeAlias

from taku.errors import shown
from taku.renju.errors import InvalidNotationError

MIN_SIZE: Final = 7
MAX_SIZE: Final = 25
COLUMNS: Final = "abcdefghijklmnopqrstuvwxy"
"""Column letters, left to right; a board of size N uses the first N."""


class Color(IntEnum):
    """A stone colour. Black moves first."""

    BLACK = 1
    WHITE = 2

    @property
    def other(self) -> Color:
        """The opponent's colour."""
        return Color.WHITE if self is Color.BLACK else Color.BLACK

    def __repr__(self) -> str:
        return f"Color.{self.name}"

    def __str__(self) -> str:
        return self.name.lower()


BLACK: Final = Color.BLACK
WHITE: Final = Color.WHITE

_DIGITS_RE: Final = re.compile(r"[0-9]+")
_POINT_RE: Final = re.compile(r"([a-y])([0-9]{1,2})")


class Point(NamedTuple):
    """An intersection: ``x`` is the column (0 = ``a``), ``y`` the row counted from the bottom (0 = row 1).

    ``str(point)`` is its RIF name and ``Point.from_str`` reads it back; the name does not depend on
    the board size, but whether the point is on a given board does (:meth:`on_board`).
    """

    x: int
    y: int

    @classmethod
    def from_str(cls, text: object, size: int | None = None) -> Point:  # text checked here
        """The point named ``text`` in RIF notation: ``"h8"``, case-insensitive, blanks around ignored.

        With ``size``, the point must lie on a ``size`` x ``size`` board, and the error says which
        columns and rows that board has."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"{shown(text)} is not a point: expected text like 'h8'")
        match = _POINT_RE.fullmatch(text.strip().lower())
        rows = MAX_SIZE if size is None else min(max(size, 1), MAX_SIZE)
        if match is None or not 1 <= int(match.group(2)) <= rows or COLUMNS.index(match.group(1)) >= rows:
            board = "" if size is None else f" on a {size}x{size} board"
            raise InvalidNotationError(
                f"{shown(text)} is not a point{board}: expected a column a..{COLUMNS[rows - 1]} and a row "
                f"1..{rows}, like 'h8'"
            )
        return cls(COLUMNS.index(match.group(1)), int(match.group(2)) - 1)

    @classmethod
    def from_gomocup(cls, text: object, size: int) -> Point:  # text checked here
        """The point at Gomocup coordinates ``"x,y"`` (0-based, ``y`` from the top) on a ``size`` board."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"{shown(text)} is not a Gomocup point: expected text 'x,y' like "
                                       "'7,7'")
        parts = text.strip().split(",")
        if len(parts) != 2 or not all(_DIGITS_RE.fullmatch(part.strip()) for part in parts):
            raise InvalidNotationError(f"{shown(text)} is not a Gomocup point: expected 'x,y' like '7,7'")
        x, y = (int(part) for part in parts)
        if not (x < size and y < size):
            raise InvalidNotationError(f"Gomocup point {shown(text)} is off a {size}x{size} board")
        return cls(x, size - 1 - y)

    def gomocup(self, size: int) -> str:
        """This point as Gomocup ``"x,y"`` on a ``size`` board (``y`` counted from the top)."""
        return f"{self.x},{size - 1 - self.y}"

    def on_board(self, size: int) -> bool:
        """Whether this point lies on a ``size`` x ``size`` board."""
        return 0 <= self.x < size and 0 <= self.y < size

    def to_index(self, size: int) -> int:
        """The 0-based index ``y * size + x`` of this point on a ``size`` board (row 1 first)."""
        return self.y * size + self.x

    @classmethod
    def from_index(cls, index: int, size: int) -> Point:
        """The point with :meth:`to_index` ``index`` on a ``size`` board."""
        return cls(index % size, index // size)

    def __str__(self) -> str:
        if 0 <= self.x < len(COLUMNS) and self.y >= 0:
            return f"{COLUMNS[self.x]}{self.y + 1}"
        return f"({self.x},{self.y})"  # not a nameable point; only seen in error messages

    def __repr__(self) -> str:
        if 0 <= self.x < len(COLUMNS) and 0 <= self.y < MAX_SIZE:
            return f"Point.from_str({str(self)!r})"
        return f"Point({self.x}, {self.y})"


Move: TypeAlias = Point | None
"""A move: a point to play, or ``None`` for a pass."""

PASS: Final[None] = None
"""The pass move."""

PASS_TOKEN: Final = "pass"
"""How a pass is written in a move string."""

_TOKEN_RE: Final = re.compile(r"\s*(?:(pass)|([a-y][0-9]{1,2}))\s*,?", re.IGNORECASE)


def parse_moves(text: object, size: int | None = None) -> list[Move]:
    """The moves of a move string: RIF points run together (``"h8i9j10"``), with ``pass`` for a pass.

    Blanks and commas between moves are allowed (``"h8 i9, j10"``). Without ``size`` the points
    are not checked against any board size (a ``Position`` does that when the moves are played);
    with it, a point off that board is an error naming the board's columns and rows.
    """
    if not isinstance(text, str):  # (text is an object, checked here: see Point.from_str)
        raise InvalidNotationError(f"{shown(text)} is not a move string: expected text like 'h8i9j10'")
    moves: list[Move] = []
    position = 0
    while position < len(text):
        match = _TOKEN_RE.match(text, position)
        if match is None or match.end() == position:
            if not text[position:].strip(" \t\r\n,"):
                break
            raise InvalidNotationError(
                f"{shown(text)} is not a move string: cannot read a move at {text[position:][:8]!r}"
                " (expected points like 'h8i9j10' or 'pass')"
            )
        moves.append(PASS if match.group(1) else Point.from_str(match.group(2), size))
        position = match.end()
    return moves


def move_string(moves: Iterable[Move], separator: str = "") -> str:
    """The move string of ``moves``: ``"h8i9j10"``, passes written ``pass``."""
    return separator.join(PASS_TOKEN if move is None else str(move) for move in moves)


SYMMETRIES: Final = 8
"""The number of symmetries of a square board (4 rotations, each with or without a mirror)."""


def transform(point: Point, symmetry: int, size: int) -> Point:
    """``point`` under board symmetry ``symmetry`` (0 = identity, 1..3 = rotations by 90° steps
    counter-clockwise, 4..7 = the same after a left-right mirror) on a ``size`` board."""
    x, y = point
    if symmetry >= 4:
        x = size - 1 - x
    for _ in range(symmetry % 4):
        x, y = size - 1 - y, x
    return Point(x, y)


def all_points(size: int) -> Iterator[Point]:
    """Every point of a ``size`` board, row 1 first, left to right."""
    for y in range(size):
        for x in range(size):
            yield Point(x, y)
