"""Black's forbidden points (RIF 9.2, 9.3; RJ-04, RJ-05, RJ-09, RJ-10) and the threats a move makes.

A Black move is forbidden when it makes, without making a five at the same time:

* an **overline**: six or more black stones in a row;
* a **double-four**: two or more fours, two fours on one line included (``X.XXX.X``, ``XX.XX.XX``,
  ``XXX.X.XXX``); a four is a line that one more stone turns into a five;
* a **double-three**: two or more threes, where a three is a line that one more stone turns into a
  straight four (a four with two points that make a five), and that stone must itself be a move
  Black may make: not forbidden, decided recursively with the same rules. Whether a stone that would
  also make a five counts is the rule option ``eye_makes_five``.

Fours and threes only count when their completion is an exact five, so a "four" that can only become
an overline is not a four. A four-three is legal; 4-4-3 is a double-four, 4-3-3 and 3-3-3 are
double-threes. White has no forbidden moves.

How it is computed: each of the four lines through a point is read as an integer code of the 11
points around it (see ``taku.renju._geometry``) and looked up in a line-pattern table (filled lazily,
one entry per pattern seen) that says whether Black playing there makes a five, an overline, how many
fours, and which points would turn a three into a straight four. Only those candidate points are
examined recursively, and only when a move makes at least two threes.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, Final, Literal, NamedTuple, TypeAlias

from taku.renju._geometry import (
    EMPTY,
    HALF_CODE,
    HALF_CODES,
    WINDOW_CODES,
    WINDOW_MASK,
    Geometry,
    table_index,
)
from taku.renju.points import Point
from taku.renju.rules import RenjuRules

if TYPE_CHECKING:
    from taku.renju.board import Position

Foul: TypeAlias = Literal["double-three", "double-four", "overline"]
"""The kind of a forbidden move."""

FOULS: Final[tuple[Foul, Foul, Foul]] = ("double-three", "double-four", "overline")

# Results of the point check (the numbering of the Gomocup referee, plus WIN).
NONE: Final = 0
DOUBLE_THREE: Final = 1
DOUBLE_FOUR: Final = 2
OVERLINE: Final = 3
WIN: Final = 4
"""The move makes a five: it wins and is never forbidden."""

FOUL_NAMES: Final[dict[int, Foul]] = {
    DOUBLE_THREE: "double-three",
    DOUBLE_FOUR: "double-four",
    OVERLINE: "overline",
}

# Bits of a line-pattern table entry.
_FIVE: Final = 1
_OVERLINE: Final = 2
_FOUR_SHIFT: Final = 2  # two bits: the number of fours (0..2)
_THREE: Final = 16
_CANDIDATE_SHIFT: Final = 8  # four bits per candidate: offset + 5 (1..9); 0 ends the list


_TABLE_SIZE: Final = WINDOW_CODES
"""Entries of a line-pattern table: the window's ten points other than its centre, two bits each."""
_UNSEEN: Final = -1
"""A table entry not computed yet."""


class _Mode:
    """How lines are read under one set of rules: the definitions and the table of seen patterns
    (a list indexed by ``table_index``, filled lazily: a list index is much cheaper than a dict
    lookup, in the compiled build above all)."""

    __slots__ = ("exact", "extended", "eye_is_three", "table")

    def __reduce__(self) -> tuple[Any, ...]:
        # Pickling, copying: the mode shared by every position with these definitions.
        return _shared_mode, (self.extended, self.exact, self.eye_is_three)

    def __init__(self, extended: bool, exact: bool, eye_is_three: bool) -> None:
        self.extended = extended
        self.exact = exact
        self.eye_is_three = eye_is_three
        table = _TABLES.get((extended, exact))
        if table is None:
            table = _TABLES[(extended, exact)] = [_UNSEEN] * _TABLE_SIZE
        self.table: list[int] = table

    def entry(self, key: int) -> int:
        """The table entry of window ``key``, computing it the first time the pattern is seen."""
        index = table_index(key)
        value = self.table[index]
        if value == _UNSEEN:
            value = self.table[index] = _line_entry(key, self.extended, self.exact)
        return value


_TABLES: dict[tuple[bool, bool], list[int]] = {}
_MODES: dict[tuple[bool, bool, bool], _Mode] = {}


def clear_tables() -> None:
    """Forget every line pattern seen (for timing a cold start)."""
    for table in _TABLES.values():
        table[:] = [_UNSEEN] * _TABLE_SIZE


def patterns_seen() -> int:
    """How many line patterns the tables hold."""
    return sum(_TABLE_SIZE - table.count(_UNSEEN) for table in _TABLES.values())


def mode_for(rules: RenjuRules) -> _Mode:
    """The line-reading mode of ``rules`` (shared by every position with the same definitions)."""
    return _shared_mode(rules.threat_definition == "extended", rules.exact_five_for_black,
                        rules.eye_makes_five == "three")


def _shared_mode(extended: bool, exact: bool, eye_is_three: bool) -> _Mode:
    """The mode of these definitions, made once."""
    signature = (extended, exact, eye_is_three)
    mode = _MODES.get(signature)
    if mode is None:
        mode = _MODES[signature] = _Mode(*signature)
    return mode


def _black_run(cells: list[int]) -> tuple[int, int]:
    """First and last index of the black run through the window centre."""
    low = 5
    while low > 0 and cells[low - 1] == 1:
        low -= 1
    high = 5
    while high < 10 and cells[high + 1] == 1:
        high += 1
    return low, high


def _line_entry(key: int, extended: bool, exact: bool) -> int:
    """The table entry for Black playing the centre of window ``key`` (11 points, two bits each)."""
    cells = [(key >> (2 * k)) & 3 for k in range(11)]
    cells[5] = 1
    low, high = _black_run(cells)
    length = high - low + 1
    if length == 5 or (length > 5 and not exact):
        return _FIVE
    if length > 5:
        return _OVERLINE
    if not extended:
        # RJ-06/07: unbroken lines only; "extendable" = the neighbouring point is empty. A four
        # counts only if it can become a five, not only an overline (RJ-07, RJ-05).
        if length == 4 and _basic_four(cells, low, high, exact):
            return 1 << _FOUR_SHIFT
        if length == 3 and cells[low - 1] == EMPTY and cells[high + 1] == EMPTY:
            # An open three counts if it can still become a five: a stone on a neighbouring point
            # makes a four that counts, or (joining a stone beyond) a five, not an overline.
            for q in (low - 1, high + 1):
                cells[q] = 1
                low4, high4 = _black_run(cells)
                length4 = high4 - low4 + 1
                grows = length4 == 5 or (length4 > 5 and not exact)
                grows = grows or (length4 == 4 and _basic_four(cells, low4, high4, exact))
                cells[q] = EMPTY
                if grows:
                    return _THREE
        return 0
    # Fours: each point that makes a five through the centre; the two ends of a straight four
    # complete the same four stones and count once (RIF 9.2 counts fours, not five points).
    fours: set[tuple[int, ...]] = set()
    candidates: list[int] = []
    for q in range(1, 10):
        if q == 5 or cells[q] != EMPTY:
            continue
        cells[q] = 1
        low, high = _black_run(cells)
        length = high - low + 1
        if low <= q <= high:
            if length == 5 or (length > 5 and not exact):
                fours.add(tuple(k for k in range(low, high + 1) if k != q))
            elif (
                length == 4
                and cells[low - 1] == EMPTY
                and cells[high + 1] == EMPTY
                and (not exact or (cells[low - 2] != 1 and cells[high + 2] != 1))
            ):
                # q makes a straight four: both ends then make an exact five (RIF 9.3).
                candidates.append(q)
        cells[q] = EMPTY
    value = min(len(fours), 2) << _FOUR_SHIFT
    if candidates and not fours:
        value |= _THREE
        for n, q in enumerate(candidates):
            value |= q << (_CANDIDATE_SHIFT + 4 * n)
    return value


def _basic_four(cells: list[int], low: int, high: int, exact: bool) -> bool:
    """Whether the unbroken black run ``low..high`` of a window (four stones) is a basic four: a stone
    on one of its neighbouring points makes a five (exactly five when ``exact``)."""
    return (cells[low - 1] == EMPTY and (not exact or cells[low - 2] != 1)) or (
        cells[high + 1] == EMPTY and (not exact or cells[high + 2] != 1)
    )


def foul_at(lines: list[int], geo: Geometry, mode: _Mode, i: int) -> int:
    """What Black playing empty point ``i`` does: ``WIN``, a foul (``OVERLINE``, ``DOUBLE_FOUR``,
    ``DOUBLE_THREE``) or ``NONE``. ``lines`` is borrowed and restored before returning."""
    table = mode.table
    half = HALF_CODE
    line = geo.line
    shift = geo.shift
    k = (lines[line[0][i]] >> shift[0][i]) & WINDOW_MASK
    e0 = table[half[k & 0x3FF] * HALF_CODES + half[(k >> 12) & 0x3FF]]
    if e0 == _UNSEEN:
        e0 = mode.entry(k)
    k = (lines[line[1][i]] >> shift[1][i]) & WINDOW_MASK
    e1 = table[half[k & 0x3FF] * HALF_CODES + half[(k >> 12) & 0x3FF]]
    if e1 == _UNSEEN:
        e1 = mode.entry(k)
    k = (lines[line[2][i]] >> shift[2][i]) & WINDOW_MASK
    e2 = table[half[k & 0x3FF] * HALF_CODES + half[(k >> 12) & 0x3FF]]
    if e2 == _UNSEEN:
        e2 = mode.entry(k)
    k = (lines[line[3][i]] >> shift[3][i]) & WINDOW_MASK
    e3 = table[half[k & 0x3FF] * HALF_CODES + half[(k >> 12) & 0x3FF]]
    if e3 == _UNSEEN:
        e3 = mode.entry(k)
    if not (e0 | e1 | e2 | e3):
        return NONE
    return _judge(lines, geo, mode, i, e0, e1, e2, e3)


def _judge(lines: list[int], geo: Geometry, mode: _Mode, i: int, e0: int, e1: int, e2: int, e3: int) -> int:
    """The verdict for point ``i`` from its four table entries (see ``foul_at``)."""
    combined = e0 | e1 | e2 | e3
    if combined & _FIVE:
        return WIN
    if combined & _OVERLINE:
        return OVERLINE
    fours = (
        (e0 >> _FOUR_SHIFT & 3) + (e1 >> _FOUR_SHIFT & 3) + (e2 >> _FOUR_SHIFT & 3) + (e3 >> _FOUR_SHIFT & 3)
    )
    if fours >= 2:
        return DOUBLE_FOUR
    threes = (e0 & _THREE) + (e1 & _THREE) + (e2 & _THREE) + (e3 & _THREE)
    if threes < 2 * _THREE:
        return NONE
    if not mode.extended:
        return DOUBLE_THREE
    # Each three counts only if one of its straight-four points is itself a move Black may make,
    # judged with this stone on the board (RIF 9.3).
    # The stone is placed in ``lines`` only while the candidates are judged, and taken off again
    # whatever happens (an interrupt in a deep recursion must not leave it on the caller's board).
    put = geo.put
    for d in range(4):
        lines[geo.line[d][i]] ^= 1 << put[d][i]
    real = 0
    try:
        left = threes // _THREE
        eye_is_three = mode.eye_is_three
        for d, entry in enumerate((e0, e1, e2, e3)):
            if not entry & _THREE:
                continue
            left -= 1
            step = geo.step[d]
            candidates = entry >> _CANDIDATE_SHIFT
            while candidates:
                verdict = foul_at(lines, geo, mode, i + ((candidates & 15) - 5) * step)
                if verdict == NONE or (verdict == WIN and eye_is_three):
                    real += 1
                    break
                candidates >>= 4
            if real >= 2 or real + left < 2:
                break
    finally:
        for d in range(4):
            lines[geo.line[d][i]] ^= 1 << put[d][i]
    return DOUBLE_THREE if real >= 2 else NONE


def forbidden_indices(
    lines: list[int], cells: bytearray | bytes, geo: Geometry, mode: _Mode
) -> dict[int, int]:
    """Every empty point index where a Black move is a foul, with the foul code.

    Read line by line: a point's entry on a line is not zero only if that line holds two more
    black stones (a three needs them), so the lines with fewer are skipped whole, and only the
    points with some entry not zero are judged."""
    table = mode.table
    half = HALF_CODE
    points = len(cells)
    entries = [0] * (4 * points)
    marked = bytearray(points)
    judged: list[int] = []
    black_bits = geo.black_bits
    line_direction = geo.line_direction
    for number, on_line in enumerate(geo.line_points):
        code = lines[number]
        black = code & ~(code >> 1) & black_bits
        if black & (black - 1):  # two black stones or more
            base = line_direction[number] * points
            shift = 0
            for i in on_line:
                if not cells[i]:
                    k = (code >> shift) & WINDOW_MASK
                    entry = table[half[k & 0x3FF] * HALF_CODES + half[(k >> 12) & 0x3FF]]
                    if entry == _UNSEEN:
                        entry = mode.entry(k)
                    if entry:
                        entries[base + i] = entry
                        if not marked[i]:
                            marked[i] = 1
                            judged.append(i)
                shift += 2
    result: dict[int, int] = {}
    judged.sort()
    for i in judged:
        e0, e1, e2, e3 = entries[i], entries[points + i], entries[2 * points + i], entries[3 * points + i]
        verdict = _judge(lines, geo, mode, i, e0, e1, e2, e3)
        if verdict and verdict != WIN:
            result[i] = verdict
    return result


class MoveThreats(NamedTuple):
    """What a Black stone on a point makes, counted as the rules' definitions say (RIF 9.2, 9.3)."""

    five: bool
    """It makes a five (exactly five under renju): a win, never forbidden."""
    overline: bool
    """It makes six or more in a row (and no five)."""
    fours: int
    """Fours made through the point, two on one line counting as two."""
    threes: int
    """Threes made through the point; under the extended definition only real threes (whose
    straight-four point is not forbidden) count."""


def threats(position: Position, point: Point | str) -> MoveThreats:
    """The fives, overlines, fours and threes a Black stone on empty ``point`` would make."""
    i = position._empty_index(point)
    lines, geo, mode = position._lines, position._geo, position._mode
    entries = [mode.entry((lines[geo.line[d][i]] >> geo.shift[d][i]) & WINDOW_MASK) for d in range(4)]
    five = any(e & _FIVE for e in entries)
    overline = not five and any(e & _OVERLINE for e in entries)
    fours = sum(e >> _FOUR_SHIFT & 3 for e in entries)
    threes = 0
    if not five and not overline:
        three_lines = [d for d, e in enumerate(entries) if e & _THREE]
        if not mode.extended:
            threes = len(three_lines)
        else:
            for d in range(4):
                lines[geo.line[d][i]] ^= 1 << geo.put[d][i]
            try:
                for d in three_lines:
                    candidates = entries[d] >> _CANDIDATE_SHIFT
                    while candidates:
                        q = i + ((candidates & 15) - 5) * geo.step[d]
                        verdict = foul_at(lines, geo, mode, q)
                        if verdict == NONE or (verdict == WIN and mode.eye_is_three):
                            threes += 1
                            break
                        candidates >>= 4
            finally:
                for d in range(4):
                    lines[geo.line[d][i]] ^= 1 << geo.put[d][i]
    return MoveThreats(five, overline, fours, threes)


def forbidden_reason(position: Position, point: Point | str) -> Foul | None:
    """Why a Black stone on empty ``point`` would be forbidden, or ``None`` if it would not be.

    Judged on the stones now on the board whoever is to move; always ``None`` when the rules give
    Black no fouls. A move that makes a five is never forbidden.
    """
    i = position._empty_index(point)
    if not position.rules.fouls_for_black:
        return None
    return FOUL_NAMES.get(foul_at(position._lines, position._geo, position._mode, i))


def forbidden_points(position: Position) -> dict[Point, Foul]:
    """Every point where a Black stone would be forbidden, with the reason, in board order (row 1
    first). Judged on the stones now on the board whoever is to move."""
    if not position.rules.fouls_for_black:
        return {}
    size = position.size
    found = forbidden_indices(position._lines, position._cells, position._geo, position._mode)
    return {Point(i % size, i // size): FOUL_NAMES[code] for i, code in sorted(found.items())}
