"""Per-size lookup tables: the four lines through every point, line codes and Zobrist keys.

Every line of the board (rows, columns, both diagonals) is kept as one integer with two bits per
point (0 empty, 1 black, 2 white, 3 off the board), padded with five off-board points at each end.
The 11 points centred on a point in one direction are then ``(line >> shift) & WINDOW_MASK``: a small
integer that indexes the line-pattern tables of ``taku.renju.forbidden``.
"""

from __future__ import annotations

import random
from functools import cache
from typing import Any, Final

EMPTY: Final = 0
EDGE: Final = 3
PAD: Final = 5
"""Off-board points kept at each end of a line: a window reaches five points either side."""
WINDOW: Final = 2 * PAD + 1
WINDOW_MASK: Final = (1 << (2 * WINDOW)) - 1
CENTRE_SHIFT: Final = 2 * PAD
"""Bit offset of the centre point inside a window."""
DIRECTIONS: Final = ((1, 0), (0, 1), (1, 1), (1, -1))
"""Row, column, diagonal, anti-diagonal, as (dx, dy) steps."""

HALF_CODES: Final = 243
"""Codes of five points in base 3: 0 empty, 1 the looking colour, 2 blocked (the other colour or
off the board, which no line pattern tells apart)."""
WINDOW_CODES: Final = HALF_CODES * HALF_CODES
"""Codes of a window's ten points other than its centre (the size of a line-pattern table)."""


def _half_codes() -> list[int]:
    code = []
    for cells in range(1 << 10):
        value = 0
        for k in range(4, -1, -1):
            value = value * 3 + min((cells >> (2 * k)) & 3, 2)
        code.append(value)
    return code


HALF_CODE: Final = _half_codes()
"""The base-3 code of five points' two-bit cells. A window key's table index is
``HALF_CODE[key & 0x3FF] * HALF_CODES + HALF_CODE[(key >> 12) & 0x3FF]``: a table of 59,049 entries
instead of 2**20 (it stays in the processor's cache)."""


def table_index(key: int) -> int:
    """The line-pattern table index of window ``key``: its ten points other than the centre (the
    point being judged, whatever the key says there). The hottest loops write it out."""
    return HALF_CODE[key & 0x3FF] * HALF_CODES + HALF_CODE[(key >> 12) & 0x3FF]


class Geometry:
    """The line tables of one board size. Shared by every position of that size; never mutated."""

    __slots__ = (
        "black_bits",
        "empty_lines",
        "line",
        "line_direction",
        "line_points",
        "neighbours",
        "put",
        "shift",
        "size",
        "step",
        "zobrist",
        "zobrist_turn",
    )

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling, copying: the shared tables of the size (a copied position shares them).
        return geometry, (self.size,)

    def __init__(self, size: int) -> None:
        self.size = size
        n = size
        points = n * n
        # line[d][i]: index of the line through point i in direction d (into the flat line list);
        # shift[d][i]: how far to shift that line so point i is the window centre;
        # put[d][i] = shift + CENTRE_SHIFT: where point i's two bits are.
        self.line: list[list[int]] = [[0] * points for _ in range(4)]
        self.shift: list[list[int]] = [[0] * points for _ in range(4)]
        self.put: list[list[int]] = [[0] * points for _ in range(4)]
        self.step: tuple[int, ...] = (1, n, n + 1, 1 - n)  # (variable length: indexed natively)
        lengths: list[int] = []
        points_of_line: list[tuple[int, ...]] = []
        directions: list[int] = []
        for d, (dx, dy) in enumerate(DIRECTIONS):
            starts = [(x, y) for y in range(n) for x in range(n) if not (0 <= x - dx < n and 0 <= y - dy < n)]
            for x0, y0 in starts:
                number = len(lengths)
                t, x, y = 0, x0, y0
                while 0 <= x < n and 0 <= y < n:
                    i = y * n + x
                    self.line[d][i] = number
                    self.shift[d][i] = 2 * t
                    self.put[d][i] = 2 * t + CENTRE_SHIFT
                    t, x, y = t + 1, x + dx, y + dy
                lengths.append(t)
                points_of_line.append(tuple((y0 + k * dy) * n + x0 + k * dx for k in range(t)))
                directions.append(d)
        self.line_points: tuple[tuple[int, ...], ...] = tuple(points_of_line)
        """The points of each line, in order along it (point ``t`` of a line is at ``shift`` 2t)."""
        self.line_direction: tuple[int, ...] = tuple(directions)
        """The direction (0..3) of each line."""
        self.black_bits: int = sum(1 << (2 * t) for t in range(n + 2 * PAD))
        """The low bit of every two-bit cell of a line code: ``code & ~(code >> 1) & black_bits``
        has one bit set per black stone (code 1)."""
        self.empty_lines: tuple[int, ...] = tuple(_empty_line(length) for length in lengths)
        self.neighbours: tuple[tuple[int, ...], ...] = tuple(
            tuple(
                (y + dy) * n + x + dx
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                if (dx or dy) and 0 <= x + dx < n and 0 <= y + dy < n
            )
            for y in range(n)
            for x in range(n)
        )
        # Zobrist keys from a generator seeded by the size alone: the same on every run and platform.
        rng = random.Random(f"taku.renju.zobrist/{n}")
        self.zobrist: tuple[tuple[int, ...], ...] = (
            (),
            tuple(rng.getrandbits(64) for _ in range(points)),
            tuple(rng.getrandbits(64) for _ in range(points)),
        )
        self.zobrist_turn: int = rng.getrandbits(64)


def _empty_line(length: int) -> int:
    """The code of an empty line of ``length`` points, with its off-board padding."""
    code = 0
    for t in range(PAD):
        code |= EDGE << (2 * t)
    for t in range(length + PAD, length + 2 * PAD):
        code |= EDGE << (2 * t)
    return code


@cache
def geometry(size: int) -> Geometry:
    """The (cached) line tables of a ``size`` board."""
    return Geometry(size)
