"""The search board of the renju AI: stones, line codes for both colours, threat tables and the
threat-space (VCF, VCT) searches.

A :class:`SearchBoard` is built from a :class:`~taku.renju.Position` and then played forward and back
with ``place``/``remove``. It keeps one line code per board line for each colour's point of view (the
colour looking is ``1``, its opponent ``2``, off the board ``3``, as in ``taku.renju._geometry``), so
the 11 points around a point in one direction are one small integer. A lazily filled table per
colour says what a stone of that colour on the window centre makes on that line: a five, an overline,
fours and their five points, a three and its straight-four points, and a shape score. Black's fouls
come from the core's exact check (``taku.renju.forbidden.foul_at``) on the Black-view lines, which
are coded exactly as the core codes its own.
"""

from __future__ import annotations

import time
from typing import Final, cast

from taku.renju import BLACK, WHITE, Point, Position, RenjuRules
from taku.renju._geometry import (
    CENTRE_SHIFT,
    HALF_CODE,
    HALF_CODES,
    WINDOW_CODES,
    WINDOW_MASK,
    Geometry,
    geometry,
    table_index,
)
from taku.renju.forbidden import NONE, WIN, foul_at, mode_for

# Bits of a threat-table entry (what a stone on the window centre makes on that line).
FIVE: Final = 1
OVERLINE: Final = 2
FOUR_SHIFT: Final = 2  # two bits: distinct fours through the centre (0..2)
FIVE_MASK_SHIFT: Final = 4  # 11 bits: points that then complete a five (bit q = window offset q)
STRAIGHT_MASK_SHIFT: Final = 15  # 11 bits: points that then make a straight four (a three)
FOUR_MASK_SHIFT: Final = 26  # 11 bits: points that then make a four (the points defending a three)
SCORE_SHIFT: Final = 40
MASK11: Final = (1 << 11) - 1

WINDOW_WEIGHTS: Final = (0, 1, 12, 90, 600, 0)
"""Shape weight of a five-point window holding 0..5 stones of one colour and none of the other."""

LINE_WEIGHTS: Final = (0, 1, 10, 60, 350, 0)
"""Evaluation weight of a five-point window on a board line holding 0..5 stones of one colour only."""

WIN_SCORE: Final = 1_000_000

TWO_SHAPE: Final = 36
"""The shape score from which a point that makes no three or four counts as making a two
(``SearchBoard.pattern_counts``): three or more two-stone windows through it."""

SHAPE_CAP: Final = 300
"""The most a point's shape score adds to ``pattern_counts``' sum."""

NO_WIN: Final = 1 << 30
"""The depth stored for a position whose threat search failed without reaching its depth limit
anywhere: no deeper search can win there either."""


# What a stone would make on a point (``SearchBoard.info``), packed in one int.
INFO_FIVE: Final = 1
INFO_OVERLINE: Final = 2
INFO_STRONG: Final = 4
"""A straight four or two fours."""
INFO_FOURS_SHIFT: Final = 3  # four bits: fours made (0..8)
INFO_THREES_SHIFT: Final = 7  # three bits: lines with a three (0..4)
INFO_VALUE_SHIFT: Final = 10  # the value (fives, fours, threes, shape)
_UNKNOWN: Final = -1
"""A cached ``info`` not computed (or cleared)."""

_BITS: Final = tuple(bin(n).count("1") for n in range(1 << 11))

_NINE_MASK: Final = (1 << 18) - 1
"""The two-bit cells of the nine points centred on a point (four either side)."""
_LOW_BITS_NOT_CENTRE: Final = 0b01_01_01_01_00_01_01_01_01
"""The low bit of each of those cells but the centre: where a stone of the looking colour (code 1)
shows after ``cells & ~(cells >> 1)``."""


_POINT_BITS: Final = 12
"""Bits of a point index packed under a priority (``SearchBoard._threat_keys``): boards up to 64x64."""
_POINT_MASK: Final = (1 << _POINT_BITS) - 1


class SearchTimeout(Exception):
    """The search ran out of its time (raised inside the search, caught by its driver)."""


_TABLE_SIZE: Final = WINDOW_CODES
"""Entries of a threat table: the ten points of a window other than its centre, two bits each."""
_UNSEEN: Final = -1
"""A threat-table entry not computed yet."""

_TABLES: dict[bool, list[int]] = {}
"""The threat tables (exact five or not), lists indexed by ``table_index`` of the window code,
filled lazily: a list index is much cheaper than a dict lookup, in the compiled build above all."""


def _table(exact: bool) -> list[int]:
    """The threat table of ``exact`` fives (made at first use)."""
    table = _TABLES.get(exact)
    if table is None:
        table = _TABLES[exact] = [_UNSEEN] * _TABLE_SIZE
    return table


def _lookup(table: list[int], key: int, exact: bool) -> int:
    """The entry of window ``key`` in ``table``, computed the first time the pattern is seen."""
    index = table_index(key)
    entry = table[index]
    if entry == _UNSEEN:
        entry = table[index] = _entry(key, exact)
    return entry


def _run(cells: list[int], a: int) -> tuple[int, int]:
    """First and last index of the run of ``1`` through index ``a`` of a window."""
    low = a
    while low > 0 and cells[low - 1] == 1:
        low -= 1
    high = a
    while high < 10 and cells[high + 1] == 1:
        high += 1
    return low, high


def _five_points(cells: list[int], exact: bool, through: tuple[int, ...]) -> list[int]:
    """Empty window points where one more stone makes a five (exactly five when ``exact``) whose run
    holds every index of ``through``."""
    found = []
    for p in range(11):
        if cells[p] != 0:
            continue
        cells[p] = 1
        low, high = _run(cells, p)
        length = high - low + 1
        if (length == 5 or (length > 5 and not exact)) and all(low <= t <= high for t in through):
            found.append(p)
        cells[p] = 0
    return found


def _entry(key: int, exact: bool) -> int:
    """The table entry of a stone of the looking colour on the centre of window ``key``."""
    cells = [(key >> (2 * k)) & 3 for k in range(11)]
    cells[5] = 1
    score = 0
    for start in range(1, 6):
        window = cells[start : start + 5]
        if 2 not in window and 3 not in window:
            score += WINDOW_WEIGHTS[window.count(1)]
    low, high = _run(cells, 5)
    length = high - low + 1
    if length == 5 or (length > 5 and not exact):
        return FIVE | (score << SCORE_SHIFT)
    if length > 5:
        return OVERLINE | (score << SCORE_SHIFT)
    fives = _five_points(cells, exact, (5,))
    fours: set[tuple[int, ...]] = set()
    for p in fives:
        cells[p] = 1
        low, high = _run(cells, p)
        fours.add(tuple(k for k in range(low, high + 1) if k != p))
        cells[p] = 0
    value = min(len(fours), 2) << FOUR_SHIFT
    for p in fives:
        value |= 1 << (FIVE_MASK_SHIFT + p)
    if not fives:
        for q in range(1, 10):
            if cells[q] != 0:
                continue
            cells[q] = 1
            count = len(_five_points(cells, exact, (5, q)))
            cells[q] = 0
            if count >= 1:
                value |= 1 << (FOUR_MASK_SHIFT + q)
            if count >= 2:
                value |= 1 << (STRAIGHT_MASK_SHIFT + q)
    return value | (score << SCORE_SHIFT)


_SCORE_DELTAS: list[int] = []
"""How the evaluation total changes when a stone is put on an empty point, by ``_delta_index`` of
the Black-view window around it: the five-point windows through the point, after minus before."""


def _windows_score(cells: list[int]) -> int:
    """Black's window score minus White's over the five-point windows through index 5 of ``cells``."""
    total = 0
    for start in range(1, 6):
        window = cells[start : start + 5]
        if 3 in window:
            continue
        black = window.count(1)
        white = window.count(2)
        if black and not white:
            total += LINE_WEIGHTS[black]
        elif white and not black:
            total -= LINE_WEIGHTS[white]
    return total


def _delta_index(key: int, color: int) -> int:
    """The ``_SCORE_DELTAS`` index of a ``color`` stone put on the centre of Black-view window ``key``:
    the four points either side of the centre and the colour."""
    return ((key >> 2) & 0xFF) | (((key >> 12) & 0xFF) << 8) | ((color - 1) << 16)


def _score_deltas() -> list[int]:
    """Every entry of ``_SCORE_DELTAS`` (made at first use: 131,072 small sums)."""
    if not _SCORE_DELTAS:
        deltas = [0] * (1 << 17)
        for index in range(1 << 16):
            cells = [0] * 11
            for k in range(4):
                cells[1 + k] = (index >> (2 * k)) & 3
                cells[6 + k] = (index >> (8 + 2 * k)) & 3
            before = _windows_score(cells)
            for color in (1, 2):
                cells[5] = color
                deltas[index | ((color - 1) << 16)] = _windows_score(cells) - before
            cells[5] = 0
        _SCORE_DELTAS.extend(deltas)
    return _SCORE_DELTAS


_KEY_MASK: Final = (1 << 61) - 1
"""Search hashes keep 61 bits of the core's Zobrist keys: a native int in the compiled build (a
64-bit key would be a Python long, allocated at every move)."""

_KEYS: dict[int, list[list[int]]] = {}


def _search_keys(geo: Geometry) -> list[list[int]]:
    """The Zobrist keys of the search boards of ``geo``'s size, per colour (61 bits)."""
    keys = _KEYS.get(geo.size)
    if keys is None:
        black = [k & _KEY_MASK for k in geo.zobrist[1]]
        keys = _KEYS[geo.size] = [[], black, [k & _KEY_MASK for k in geo.zobrist[2]]]
    return keys


_WHERE_BITS: Final = 8
"""Bits of a window shift in ``SearchBoard.where`` (the largest shift is 48, on 25x25)."""
_WHERE_MASK: Final = (1 << _WHERE_BITS) - 1


def _index_of(values: list[int], x: int) -> int:
    """Where ``x`` goes in the sorted ``values`` (``bisect.bisect_left``, compiled natively: the
    library's compares every probe as an object)."""
    low = 0
    high = len(values)
    while low < high:
        middle = (low + high) >> 1
        if values[middle] < x:
            low = middle + 1
        else:
            high = middle
    return low


_NEAR_OFFSETS: Final = (
    *((k * dx, k * dy) for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)) for k in (-2, -1, 1, 2)),
    *((2, 1), (1, 2), (-1, 2), (-2, 1), (2, -1), (1, -2), (-1, -2), (-2, -1)),
)
"""The points whose stones make a point a candidate: two steps on a line, or a knight's move."""


class SearchBoard:
    """A mutable board for search: cells, both colours' line codes, a Zobrist hash, how many stones
    are near each point, the evaluation total, and a cache of what each colour's stone would make on
    each empty point (cleared along the lines through every stone placed or removed)."""

    __slots__ = (
        "black_exact",
        "cache",
        "candidate_list",
        "cells",
        "deltas",
        "five_dirs",
        "fouls",
        "geo",
        "hash",
        "keys",
        "lines",
        "mode",
        "near",
        "near_points",
        "placed",
        "reach",
        "saved",
        "score",
        "size",
        "span",
        "stones",
        "tables",
        "where",
        "white_exact",
    )

    def __init__(self, position: Position) -> None:
        rules: RenjuRules = position.rules
        self.size = size = rules.board_size
        points = size * size
        self.geo: Geometry = geometry(size)
        self.mode = mode_for(rules)
        self.fouls = rules.fouls_for_black
        self.black_exact = rules.exact_five_for_black
        self.white_exact = rules.exact_five_for_white
        # Per colour (index 1 black, 2 white). Lists, not tuples: the compiled build would box a
        # fixed-length tuple attribute into a new tuple object to index it with a variable.
        self.tables: list[list[int]] = [[], _table(self.black_exact), _table(self.white_exact)]
        self.deltas = _score_deltas()
        self.cells = [0] * points  # (a list: the compiled build indexes it natively)
        self.lines: list[list[int]] = [[], list(self.geo.empty_lines), list(self.geo.empty_lines)]
        self.cache: list[list[int]] = [[], [_UNKNOWN] * points, [_UNKNOWN] * points]
        self.near = [0] * points
        self.near_points: list[tuple[int, ...]] = []
        self.reach: list[tuple[int, ...]] = []
        self.span: list[tuple[tuple[int, ...], ...]] = []
        self.five_dirs: list[dict[int, int]] = [{}, {}, {}]
        """Per colour: the empty points where that colour makes a five now, each with the bit
        mask of the directions it does so in; kept up to date on every place and remove."""
        self.placed: list[int] = []
        """The stones placed and not removed since the board was made, in order."""
        self.saved: list[object] = []
        """The cached values each of those stones cleared when it was placed (both colours, every
        point of its ``reach``), put back when it is removed."""
        self.candidate_list: list[int] = []
        """The empty points with a stone near them, in index order, kept by ``place`` and ``remove``."""
        for i in range(points):
            x, y = i % size, i // size
            self.span.append(
                tuple(
                    tuple(
                        (y + k * dy) * size + x + k * dx
                        for k in range(-5, 6)
                        if 0 <= x + k * dx < size and 0 <= y + k * dy < size
                    )
                    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1))
                )
            )
            self.near_points.append(
                tuple(
                    (y + dy) * size + x + dx
                    for dx, dy in _NEAR_OFFSETS
                    if 0 <= x + dx < size and 0 <= y + dy < size
                )
            )
            around = [
                (y + k * dy) * size + x + k * dx
                for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1))
                for k in range(-5, 6)
                if k and 0 <= x + k * dx < size and 0 <= y + k * dy < size
            ]
            self.reach.append((i, *around))
        self.keys = _search_keys(self.geo)
        geo = self.geo
        # Per point, the line number and window shift in each direction packed at ``4 * i + d``
        # as ``number << _WHERE_BITS | shift`` (one flat list, one look-up for both: fewer than
        # ``geo.line[d][i]``, each a list index the compiled build makes a call of).
        self.where: list[int] = []
        for i in range(points):
            for d in range(4):
                self.where.append((geo.line[d][i] << _WHERE_BITS) | geo.shift[d][i])
        self.hash = 0
        self.stones = 0
        self.score = 0  # the evaluation total of the empty board; kept by ``_update``
        for color in (BLACK, WHITE):
            for point in position.stones(color):
                self.place(point.y * size + point.x, int(color))
        self.placed.clear()  # the position's own stones are never taken back to a saved state
        self.saved.clear()

    def place(self, i: int, color: int) -> None:
        """Put a ``color`` stone (1 black, 2 white) on empty point ``i``."""
        # The cached values of the empty points around i are kept, to be put back when this stone
        # is removed (the same points are empty then: stones are removed last placed first).
        cells = self.cells
        # The caches read as lists of objects here: the values move to ``saved`` and back as they
        # are (the compiled build would otherwise box each int afresh, values above 256 being
        # allocated, and free the old one).
        black_cache = cast("list[object]", self.cache[1])
        white_cache = cast("list[object]", self.cache[2])
        saved = self.saved
        for j in self.reach[i]:
            if cells[j] == 0:
                saved.append(black_cache[j])
                saved.append(white_cache[j])
                black_cache[j] = _UNKNOWN
                white_cache[j] = _UNKNOWN
        cells[i] = color
        self.placed.append(i)
        self._update(i, color)
        self.hash ^= self.keys[color][i]
        self.stones += 1
        near = self.near
        candidates = self.candidate_list
        if near[i]:
            # (found by bisection: ``list.remove`` compares every point before it as an object)
            candidates.pop(_index_of(candidates, i))
        for j in self.near_points[i]:
            # (``near[j] += 1`` on a list item compiles to a generic object addition)
            count = near[j] + 1
            near[j] = count
            if count == 1 and not cells[j]:
                candidates.insert(_index_of(candidates, j), j)  # (j is not in the list)

    def remove(self, i: int) -> None:
        """Take the stone off point ``i``."""
        cells = self.cells
        color = cells[i]
        cells[i] = 0
        black_cache = cast("list[object]", self.cache[1])
        white_cache = cast("list[object]", self.cache[2])
        placed = self.placed
        if placed and placed[-1] == i:
            # The board is again as it was when i was placed: so are the values cached then.
            placed.pop()
            saved = self.saved
            for j in reversed(self.reach[i]):
                if cells[j] == 0:
                    white_cache[j] = saved.pop()
                    black_cache[j] = saved.pop()
        else:
            placed.clear()
            self.saved.clear()
            for j in self.reach[i]:
                black_cache[j] = _UNKNOWN
                white_cache[j] = _UNKNOWN
        self._update(i, color)
        self.hash ^= self.keys[color][i]
        self.stones -= 1
        near = self.near
        candidates = self.candidate_list
        for j in self.near_points[i]:
            count = near[j] - 1
            near[j] = count
            if not count and not cells[j]:
                candidates.pop(_index_of(candidates, j))
        if near[i]:
            candidates.insert(_index_of(candidates, i), i)

    def _update(self, i: int, color: int) -> None:
        """Toggle ``color`` on ``i`` in the line codes and the score; clear the cache around ``i``."""
        black_lines, white_lines = self.lines[1], self.lines[2]
        other = 3 - color
        score = self.score
        deltas = self.deltas
        where = self.where
        placing = self.cells[i] != 0  # (the cell is already set on place and cleared on remove)
        for d in range(4):
            packed = where[4 * i + d]
            number = packed >> _WHERE_BITS
            shift = packed & _WHERE_MASK
            put = shift + CENTRE_SHIFT
            code = black_lines[number]
            key = (code >> shift) & WINDOW_MASK
            delta = deltas[((key >> 2) & 0xFF) | (((key >> 12) & 0xFF) << 8) | ((color - 1) << 16)]
            score += delta if placing else -delta
            black_lines[number] = code ^ (color << put)
            white_lines[number] = white_lines[number] ^ (other << put)  # (no generic ``^=`` on an item)
        self.score = score
        self._refresh_fives(i, color)

    def _refresh_fives(self, i: int, color: int) -> None:
        """Bring ``five_dirs`` up to date after a ``color`` stone was put on or taken off ``i``.

        Whether an empty point makes a five for a colour depends on that colour's stones alone.
        So the other colour only loses ``i`` (now taken) or may gain it (now empty); for ``color``
        only the lines through ``i`` with at least three more of its stones within four points of
        ``i`` can change (a five made or broken by ``i`` runs through it), and their points within
        five of ``i`` are looked at again."""
        geo = self.geo
        half = HALF_CODE
        cells = self.cells
        other = 3 - color
        if cells[i]:
            # (``in`` and ``del``: ``dict.pop`` with a default is a generic method call compiled)
            black_fives = self.five_dirs[1]
            if i in black_fives:
                del black_fives[i]
            white_fives = self.five_dirs[2]
            if i in white_fives:
                del white_fives[i]
        else:
            self._refresh_point(i, other)
        fives = self.five_dirs[color]
        lines = self.lines[color]
        table = self.tables[color]
        exact = self.black_exact if color == 1 else self.white_exact
        spans = self.span[i]
        where = self.where
        for d in range(4):
            packed = where[4 * i + d]
            code = lines[packed >> _WHERE_BITS]
            near = (code >> ((packed & _WHERE_MASK) + 2)) & _NINE_MASK
            own = near & ~(near >> 1) & _LOW_BITS_NOT_CENTRE
            # At least three of the colour's stones (bits) in those nine points, counted natively.
            own &= own - 1
            own &= own - 1
            if not own:
                continue
            shifts = geo.shift[d]
            bit = 1 << d
            for j in spans[d]:
                if cells[j]:
                    continue
                key = (code >> shifts[j]) & WINDOW_MASK
                entry = table[half[key & 0x3FF] * HALF_CODES + half[(key >> 12) & 0x3FF]]
                if entry == _UNSEEN:
                    entry = _lookup(table, key, exact)
                mask = fives.get(j, 0)
                new = mask | bit if entry & FIVE else mask & ~bit
                if new != mask:
                    if new:
                        fives[j] = new
                    else:
                        del fives[j]

    def _refresh_point(self, i: int, color: int) -> None:
        """Set ``five_dirs`` of empty point ``i`` for ``color`` afresh."""
        e0, e1, e2, e3 = self.entries(i, color)
        mask = (e0 & FIVE) | (e1 & FIVE) << 1 | (e2 & FIVE) << 2 | (e3 & FIVE) << 3
        fives = self.five_dirs[color]
        if mask:
            fives[i] = mask
        elif i in fives:
            del fives[i]

    def entries(self, i: int, color: int) -> tuple[int, int, int, int]:
        """The four table entries (row, column, diagonal, anti-diagonal) of a ``color`` stone on ``i``."""
        half = HALF_CODE
        lines = self.lines[color]
        table = self.tables[color]
        where = self.where
        b = 4 * i
        w0 = where[b]
        w1 = where[b + 1]
        w2 = where[b + 2]
        w3 = where[b + 3]
        k0 = (lines[w0 >> _WHERE_BITS] >> (w0 & _WHERE_MASK)) & WINDOW_MASK
        k1 = (lines[w1 >> _WHERE_BITS] >> (w1 & _WHERE_MASK)) & WINDOW_MASK
        k2 = (lines[w2 >> _WHERE_BITS] >> (w2 & _WHERE_MASK)) & WINDOW_MASK
        k3 = (lines[w3 >> _WHERE_BITS] >> (w3 & _WHERE_MASK)) & WINDOW_MASK
        e0 = table[half[k0 & 0x3FF] * HALF_CODES + half[(k0 >> 12) & 0x3FF]]
        if e0 == _UNSEEN:
            e0 = _lookup(table, k0, self.black_exact if color == 1 else self.white_exact)
        e1 = table[half[k1 & 0x3FF] * HALF_CODES + half[(k1 >> 12) & 0x3FF]]
        if e1 == _UNSEEN:
            e1 = _lookup(table, k1, self.black_exact if color == 1 else self.white_exact)
        e2 = table[half[k2 & 0x3FF] * HALF_CODES + half[(k2 >> 12) & 0x3FF]]
        if e2 == _UNSEEN:
            e2 = _lookup(table, k2, self.black_exact if color == 1 else self.white_exact)
        e3 = table[half[k3 & 0x3FF] * HALF_CODES + half[(k3 >> 12) & 0x3FF]]
        if e3 == _UNSEEN:
            e3 = _lookup(table, k3, self.black_exact if color == 1 else self.white_exact)
        return e0, e1, e2, e3

    def info(self, i: int, color: int) -> int:
        """What a ``color`` stone on empty ``i`` makes, packed in one int (read it with ``INFO_*``):
        its value, whether it makes a five or an overline, its fours and threes, and whether it is
        strong (a straight four or two fours: a win next move unless it is a Black foul)."""
        cache = self.cache[color]
        found = cache[i]
        if found >= 0:
            return found
        e0, e1, e2, e3 = self.entries(i, color)
        combined = e0 | e1 | e2 | e3
        shape = (e0 >> SCORE_SHIFT) + (e1 >> SCORE_SHIFT) + (e2 >> SCORE_SHIFT) + (e3 >> SCORE_SHIFT)
        if combined & FIVE:
            found = ((1_000_000 + shape) << INFO_VALUE_SHIFT) | INFO_FIVE
        else:
            fours = (e0 >> FOUR_SHIFT & 3) + (e1 >> FOUR_SHIFT & 3)
            fours += (e2 >> FOUR_SHIFT & 3) + (e3 >> FOUR_SHIFT & 3)
            threes = (
                ((e0 >> STRAIGHT_MASK_SHIFT & MASK11) != 0)
                + ((e1 >> STRAIGHT_MASK_SHIFT & MASK11) != 0)
                + ((e2 >> STRAIGHT_MASK_SHIFT & MASK11) != 0)
                + ((e3 >> STRAIGHT_MASK_SHIFT & MASK11) != 0)
            )
            strong = fours >= 2 or (
                fours == 1
                and (
                    _BITS[(e0 >> FIVE_MASK_SHIFT) & MASK11] >= 2
                    or _BITS[(e1 >> FIVE_MASK_SHIFT) & MASK11] >= 2
                    or _BITS[(e2 >> FIVE_MASK_SHIFT) & MASK11] >= 2
                    or _BITS[(e3 >> FIVE_MASK_SHIFT) & MASK11] >= 2
                )
            )
            value = shape
            if strong:
                value += 100_000
            elif fours and threes:
                value += 50_000
            elif threes >= 2:
                value += 20_000
            elif fours:
                value += 3_000
            elif threes:
                value += 2_500
            found = (value << INFO_VALUE_SHIFT) | (fours << INFO_FOURS_SHIFT) | (threes << INFO_THREES_SHIFT)
            if strong:
                found |= INFO_STRONG
            if combined & OVERLINE:
                found |= INFO_OVERLINE
        cache[i] = found
        return found

    def foul(self, i: int) -> bool:
        """Whether a Black stone on empty ``i`` is forbidden (never when it makes a five)."""
        if not self.fouls:
            return False
        verdict = foul_at(self.lines[1], self.geo, self.mode, i)
        return verdict != NONE and verdict != WIN

    def legal(self, i: int, color: int) -> bool:
        """Whether ``color`` may play empty ``i``."""
        return color == 2 or not self.foul(i)

    def mask_points(self, i: int, d: int, mask: int) -> list[int]:
        """The board points of window-offset bits ``mask`` on the line through ``i`` in direction ``d``."""
        step = self.geo.step[d]
        found = []
        q = 0
        while mask:
            if mask & 1:
                found.append(i + (q - 5) * step)
            mask >>= 1
            q += 1
        return found

    def candidates(self) -> list[int]:
        """Empty points with a stone near them (within two steps on a line or a knight's move), in
        index order. The list is the board's own, kept up to date by ``place`` and ``remove``:
        callers must not change it, nor keep it across a move."""
        return self.candidate_list

    def five_points(self, color: int) -> list[int]:
        """Empty points where ``color`` makes a five now, in index order."""
        fives = self.five_dirs[color]
        return sorted(fives) if fives else []

    def new_five_points(self, i: int, color: int) -> list[int]:
        """The points completing a five with ``color``'s stone just placed on ``i`` (read from the lines
        through ``i``; the stone is on the board)."""
        found: list[int] = []
        geo = self.geo
        lines = self.lines[color]
        for d in range(4):
            # The window around i with i's own stone taken out of it: the entry of placing it.
            key = ((lines[geo.line[d][i]] >> geo.shift[d][i]) & WINDOW_MASK) & ~(3 << 10)
            entry = _lookup(self.tables[color], key, self.black_exact if color == 1 else self.white_exact)
            mask = (entry >> FIVE_MASK_SHIFT) & MASK11
            if mask:
                for p in self.mask_points(i, d, mask):
                    if p not in found:
                        found.append(p)
        return found

    def placed_entries(self, i: int, color: int) -> tuple[int, int, int, int]:
        """The table entries of ``color``'s stone now on ``i``, as when it was placed (a table
        entry does not depend on the window's centre: ``entries`` reads them the same)."""
        return self.entries(i, color)

    def threat_points(self, color: int, threes: bool) -> list[int]:
        """``color``'s points making a four (and, with ``threes``, an open three), legal for
        ``color``, best first (by the priority of :meth:`_threat_keys`). Fives are not listed."""
        return [packed & _POINT_MASK for packed in self._threat_keys(color, threes)]

    def _threat_keys(self, color: int, threes: bool) -> list[int]:
        """The threat points packed as ``priority << _POINT_BITS | point``, best first (points are
        below ``1 << _POINT_BITS``), sorted as plain ints (much faster than (priority, point)
        tuples, which compare through generic calls)."""
        found: list[int] = []
        cache = self.cache[color]
        for i in self.candidates():
            packed = cache[i]
            if packed < 0:
                packed = self.info(i, color)
            if packed & (INFO_FIVE | INFO_OVERLINE):
                continue
            fours = (packed >> INFO_FOURS_SHIFT) & 15
            three_lines = (packed >> INFO_THREES_SHIFT) & 7
            value = packed >> INFO_VALUE_SHIFT
            if not fours and not (threes and three_lines):
                continue
            if color == 1 and (fours >= 2 or three_lines >= 2) and self.foul(i):
                continue
            found.append(((fours * 4000 + three_lines * 1000 + value) << _POINT_BITS) | i)
        found.sort(reverse=True)
        return found

    def threat_summary(self, color: int) -> tuple[int, int, int, int]:
        """For ``color``: how many points make a five, how many make a straight four (or two fours)
        and may be played, how many make a four, and the best value of a move it may play."""
        fives = straights = fours = best = 0
        cache = self.cache[color]
        for i in self.candidates():
            packed = cache[i]
            if packed < 0:
                packed = self.info(i, color)
            if packed & INFO_FIVE:
                fives += 1
                continue
            overline = packed & INFO_OVERLINE
            if overline and color == 1:
                continue
            value = packed >> INFO_VALUE_SHIFT
            if value > best and (value < 20_000 or color == 2 or not self.foul(i)):
                best = value
            if packed & (15 << INFO_FOURS_SHIFT) and not overline:
                fours += 1
                if packed & INFO_STRONG and (color == 2 or not self.foul(i)):
                    straights += 1
        return fives, straights, fours, best

    def pattern_counts(self, color: int) -> tuple[int, int, int, int, int, int, int, int, int]:
        """What ``color`` could make on the candidate points, counted point by point (the features of
        the evaluation, ``EVAL_WEIGHTS``): points making a five; a straight four or two fours (legal
        for ``color``); a four and a three; two threes (legal); a four alone; an open three alone;
        neither but a shape of two-stone windows (``TWO_SHAPE`` or more: an open two, about); the
        sum of the shape scores of the points (each at most ``SHAPE_CAP``); and the best value of a
        move ``color`` may play (as ``threat_summary``)."""
        fives = strong = four_three = double_three = fours = threes = twos = shape_sum = best = 0
        cache = self.cache[color]
        for i in self.candidates():
            packed = cache[i]
            if packed < 0:
                packed = self.info(i, color)
            if packed & INFO_FIVE:
                fives += 1
                continue
            if packed & INFO_OVERLINE and color == 1:
                continue
            value = packed >> INFO_VALUE_SHIFT
            four_count = (packed >> INFO_FOURS_SHIFT) & 15
            three_count = (packed >> INFO_THREES_SHIFT) & 7
            if packed & INFO_STRONG:
                shape = value - 100_000
                if color == 2 or not self.foul(i):
                    strong += 1
                    if value > best:
                        best = value
            elif four_count and three_count:
                shape = value - 50_000
                if color == 2 or not self.foul(i):
                    four_three += 1
                    if value > best:
                        best = value
            elif three_count >= 2:
                shape = value - 20_000
                if color == 2 or not self.foul(i):
                    double_three += 1
                    if value > best:
                        best = value
            else:
                if value > best:
                    best = value
                if four_count:
                    shape = value - 3_000
                    fours += 1
                elif three_count:
                    shape = value - 2_500
                    threes += 1
                else:
                    shape = value
                    if shape >= TWO_SHAPE:
                        twos += 1
            shape_sum += shape if shape < SHAPE_CAP else SHAPE_CAP
        return fives, strong, four_three, double_three, fours, threes, twos, shape_sum, best

    def point_value(self, i: int, color: int) -> int:
        """A heuristic value of ``color`` playing empty ``i``: fives, fours and threes made, plus shape."""
        return self.info(i, color) >> INFO_VALUE_SHIFT

    def point(self, i: int) -> Point:
        """The ``Point`` of index ``i``."""
        return Point(i % self.size, i // self.size)


class Clock:
    """A deadline, and a node budget, checked as the search counts its nodes."""

    __slots__ = ("deadline", "limit", "nodes")

    def __init__(self, seconds: float | None, nodes: int | None = None) -> None:
        self.deadline = None if seconds is None else time.perf_counter() + seconds
        self.limit = nodes
        self.nodes = 0

    def tick(self) -> None:
        """Count a node; ``SearchTimeout`` once the deadline has passed or the budget is spent."""
        self.nodes += 1
        if self.limit is not None and self.nodes > self.limit:
            raise SearchTimeout
        if self.deadline is not None and self.nodes & 15 == 0 and time.perf_counter() > self.deadline:
            raise SearchTimeout


class ThreatSearch:
    """VCF and VCT searches for ``attacker`` on a board, with a transposition table of failures."""

    def __init__(self, board: SearchBoard, attacker: int, clock: Clock) -> None:
        self.board = board
        self.attacker = attacker
        self.defender = 3 - attacker
        self.clock = clock
        self.vcf_failed: dict[int, int] = {}
        self.vct_failed: dict[int, int] = {}
        self.vcf_cut = False
        """Whether a VCF search stopped a line at its depth limit (a deeper one might find more)."""
        self.vct_cut = False
        """Whether a VCT search stopped a line at its depth limit."""

    def vcf_deepening(self, max_depth: int) -> list[int] | None:
        """The shortest VCF within ``max_depth`` attacker moves: ``vcf`` at depth 1, 2, ...,
        stopping early when no line reached the depth limit (nothing deeper to find)."""
        for depth in range(1, max_depth + 1):
            self.vcf_cut = False
            line = self.vcf(depth)
            if line is not None or not self.vcf_cut:
                return line
        return None

    def vct_deepening(self, max_depth: int, vcf_depth: int) -> list[int] | None:
        """The shortest VCT (in threes and fours) within ``max_depth``: the VCF first, then ``vct``
        at depth 1, 2, ..., shallow first, so a short win is found before deep lines are tried."""
        line = self.vcf_deepening(vcf_depth)
        if line is not None:
            return line
        for depth in range(1, max_depth + 1):
            self.vct_cut = False
            line = self.vct(depth, vcf_depth)
            if line is not None or not self.vct_cut:
                return line
        return None

    def double_five_end(self, completions: list[int]) -> list[int]:
        """How a line ends after the attacker's four with two or more five points ``completions``:
        the defender blocks one it may play and the attacker plays another; nothing more when the
        defender (Black) may play none of them (the line then ends with the four)."""
        for block in completions:
            if not self._defence_blocked(block):
                return [block, next(p for p in completions if p != block)]
        return []

    def _defence_blocked(self, point: int) -> bool:
        """Whether the defender cannot play ``point`` (a Black foul)."""
        return self.defender == 1 and self.board.foul(point)

    def vcf(self, depth: int) -> list[int] | None:
        """A win by continuous fours within ``depth`` attacker moves: attacker and defender moves
        alternating, ending with the five (or with a four whose only defence is a Black foul)."""
        board = self.board
        self.clock.tick()
        fives = board.five_points(self.attacker)
        if fives:
            return [fives[0]]
        if depth <= 0:
            self.vcf_cut = True
            return None
        key = board.hash
        stored = self.vcf_failed.get(key, -1)
        if stored >= depth:
            if stored < NO_WIN:
                self.vcf_cut = True
            return None
        outer = self.vcf_cut
        self.vcf_cut = False
        line = self._vcf_moves(depth)
        if line is None:
            self.vcf_failed[key] = max(depth, stored) if self.vcf_cut else NO_WIN
        self.vcf_cut = outer or self.vcf_cut
        return line

    def _vcf_moves(self, depth: int) -> list[int] | None:
        """The attacker's fours of ``vcf`` tried in turn."""
        board = self.board
        attacker, defender = self.attacker, self.defender
        threats = board.five_points(defender)
        if len(threats) > 1:
            return None
        moves = board.threat_points(attacker, False)
        if threats:
            moves = [i for i in moves if i == threats[0]]
        for i in moves:
            board.place(i, attacker)
            try:
                completions = board.new_five_points(i, attacker)
                if len(completions) >= 2:
                    return [i, *self.double_five_end(completions)]
                if len(completions) == 1:
                    block = completions[0]
                    if self._defence_blocked(block):
                        return [i]
                    board.place(block, defender)
                    try:
                        rest = self.vcf(depth - 1)
                    finally:
                        board.remove(block)
                    if rest is not None:
                        return [i, block, *rest]
            finally:
                board.remove(i)
        return None

    def vct(self, depth: int, vcf_depth: int) -> list[int] | None:
        """A win by fours and threes within ``depth`` attacker moves: the main line, following against
        each three the defence that holds out longest (every defence found, the defender's fours
        included, is refuted)."""
        board = self.board
        self.clock.tick()
        line = self.vcf(vcf_depth)
        if line is not None:
            return line
        if depth <= 0:
            self.vct_cut = True
            return None
        key = board.hash
        stored = self.vct_failed.get(key, -1)
        if stored >= depth:
            if stored < NO_WIN:
                self.vct_cut = True
            return None
        outer = self.vct_cut
        self.vct_cut = False
        line = self._vct_moves(depth, vcf_depth)
        if line is None:
            self.vct_failed[key] = max(depth, stored) if self.vct_cut else NO_WIN
        self.vct_cut = outer or self.vct_cut
        return line

    def _vct_moves(self, depth: int, vcf_depth: int) -> list[int] | None:
        """The attacker's fours and threes of ``vct`` tried in turn."""
        board = self.board
        attacker, defender = self.attacker, self.defender
        threats = board.five_points(defender)
        if len(threats) > 1:
            return None
        moves = board.threat_points(attacker, True)
        if threats:
            moves = [i for i in moves if i == threats[0]]
        for i in moves:
            board.place(i, attacker)
            try:
                rest = self._answer_threat(i, depth, vcf_depth)
            finally:
                board.remove(i)
            if rest is not None:
                return [i, *rest]
        return None

    def _answer_threat(self, i: int, depth: int, vcf_depth: int) -> list[int] | None:
        """After the attacker's four or three on ``i`` (on the board): the rest of the main line if
        every defence loses, else ``None``."""
        board = self.board
        completions = board.new_five_points(i, self.attacker)
        if completions:
            block = completions[0]
            if len(completions) >= 2:
                return self.double_five_end(completions)
            if self._defence_blocked(block):
                return []
            board.place(block, self.defender)
            try:
                rest = self.vct(depth - 1, vcf_depth)
            finally:
                board.remove(block)
            return None if rest is None else [block, *rest]
        if self.is_three(i):
            return self._refute_all(i, depth, vcf_depth)
        return None

    def is_three(self, i: int) -> bool:
        """Whether the attacker's stone on ``i`` makes a three now (for Black a real one): after a
        counter-four and its block the defender's stone may have closed it."""
        if self.attacker == 1:
            return self._real_three(i)
        return any((entry >> STRAIGHT_MASK_SHIFT) & MASK11 for entry in self.board.placed_entries(i, 2))

    def counter_block(self) -> int:
        """After a defender's move: the point where the attacker must block the defender's new four
        (the attacker having no five of its own), ``-1`` if the defender made no four, ``-2`` if the
        defender cannot be stopped (two fives, or the block is a Black foul)."""
        board = self.board
        fives = board.five_points(self.defender)
        if not fives or board.five_points(self.attacker):
            return -1
        if len(fives) > 1 or (self.attacker == 1 and board.foul(fives[0])):
            return -2
        return fives[0]

    def pending_threat(self, block: int, i: int) -> int:
        """The attacker's threat the defender faces after the attacker blocked a counter-four on
        ``block``: the block itself if it made a four, else the three on ``i``."""
        return block if self.board.new_five_points(block, self.attacker) else i

    def _real_three(self, i: int) -> bool:
        """Whether the Black stone just placed on ``i`` makes a three whose straight four Black may play."""
        board = self.board
        entries = board.placed_entries(i, 1)
        for d, entry in enumerate(entries):
            mask = (entry >> STRAIGHT_MASK_SHIFT) & MASK11
            for p in board.mask_points(i, d, mask):
                if not board.foul(p):
                    return True
        return False

    def _defences(self, i: int) -> list[int]:
        """The defender's candidate answers to the three just made on ``i``: the points of that line
        where the attacker would make a four, and the defender's own fours."""
        board = self.board
        entries = board.placed_entries(i, self.attacker)
        found: list[int] = []
        for d, entry in enumerate(entries):
            mask = (entry >> FOUR_MASK_SHIFT) & MASK11
            for p in board.mask_points(i, d, mask):
                if p not in found and not self._defence_blocked(p):
                    found.append(p)
        for p in board.threat_points(self.defender, False):
            if p not in found:
                found.append(p)
        return found

    def _refute_all(self, i: int, depth: int, vcf_depth: int) -> list[int] | None:
        """After the attacker's three on ``i``: the main line if every defence loses, else ``None``.

        A defence that makes a four for the defender (a counter-four) is blocked by the attacker, and
        the defender then faces the three again (or the block, if it made a four)."""
        board = self.board
        defender = self.defender
        main: list[int] | None = None
        for d in self._defences(i):
            board.place(d, defender)
            try:
                rest = self._after_defence(i, d, depth, vcf_depth)
            finally:
                board.remove(d)
            if rest is None:
                return None
            if main is None or len(rest) + 1 > len(main):
                main = [d, *rest]  # the main line follows the defence that holds out longest
        return main

    def _after_defence(self, i: int, d: int, depth: int, vcf_depth: int) -> list[int] | None:
        """After the defender's answer ``d`` to the three on ``i``: the rest of the main line if the
        attacker still wins, else ``None``. A counter-four is blocked at once, without using up
        depth (the defender has only so many fours)."""
        block = self.counter_block()
        if block == -1:
            return self.vct(depth - 1, vcf_depth)
        if block == -2:
            return None
        board = self.board
        board.place(block, self.attacker)
        try:
            rest = self._answer_threat(self.pending_threat(block, i), depth, vcf_depth)
        finally:
            board.remove(block)
        return None if rest is None else [block, *rest]


INFINITY: Final = 1 << 40
"""A proof or disproof number that means proven (the other one 0)."""

_AND_KEY: Final = 0x1E3779B97F4A7C15
"""Mixed into the key of a defender's node with the attacker's last move (its answers depend on it)."""


def _start_pn(info: int, quiet_pn: int) -> int:
    """The proof number an attacker's move starts with in ``ProofSearch``, from its ``info``."""
    if (info >> INFO_FOURS_SHIFT) & 15:
        return 1
    if (info >> INFO_THREES_SHIFT) & 7:
        return 3
    return quiet_pn


QUIET_PLIES: Final = 2
"""How many of the attacker's first moves of a line may be quiet in ``ProofSearch`` (the mate
puzzles' quiet moves are the first or second: deeper ones multiplied the nodes, up to tenfold)."""

_QUIET_KEY: Final = 0x2545F4914F6CDD1D
"""Mixed into the key of an attacker's node whose moves include the quiet ones."""

QUIET_VCT_DEPTH: Final = 2
"""The threes and fours of the VCT a quiet move may threaten (``ProofSearch.quiet_vct``)."""

QUIET_VCT_NODES: Final = 150
"""The nodes the puzzle solver gives the search for the VCT a quiet move threatens."""

PROBE_NODES: Final = 1000
"""The nodes of the puzzle solver's first df-pn over fours and threes (``find_vct``)."""

QUIET_PN: Final = 20
"""The proof number a quiet attacker's move (a VCF threat) starts with: above a three's 3."""


class ProofSearch:
    """Depth-first proof-number search (df-pn) for a VCT of ``attacker``: the attacker moves fours and
    threes (Black's real threes only), the defender answers a four at its five point and a three at
    the points of its line or with a four of its own; a four the defender may only stop on a Black
    foul wins. With ``quiet_vcf`` the attacker may also play a quiet move after which it has a VCF
    (and must play the block of a defender's four, threat or not): the defender answers on the
    points that may stop that VCF (``_vcf_threat_defences``), in a line's first ``quiet_plies``
    attacker moves; with ``quiet_vct`` too the first move may be a quiet move after which it has a
    short VCT (``_vct_threat_defences``). With ``vcf_depth`` each attacker's
    node is first searched for a VCF. Proofs are sound; ``max_depth`` attacker moves bound the
    lines (a line cut there counts as failed), and a node's numbers are kept by position (and, for
    the defender, by the attacker's last move) in a table shared by the whole search."""

    def __init__(
        self,
        board: SearchBoard,
        attacker: int,
        clock: Clock,
        max_depth: int = 12,
        quiet_vcf: int = 0,
        vcf_depth: int = 0,
        quiet_plies: int = QUIET_PLIES,
        quiet_vct: int = 0,
    ) -> None:
        self.board = board
        self.attacker = attacker
        self.defender = 3 - attacker
        self.clock = clock
        self.max_depth = max_depth
        self.quiet_vcf = quiet_vcf
        """When positive, the attacker may also play a quiet move (no four, no real three) after
        which it has a VCF of up to this many fours: the defender must then stop that VCF
        (``_vcf_threat_defences``). 0: fours and threes only."""
        self.quiet_plies = quiet_plies
        """The attacker's first this many moves of a line may be quiet (with ``quiet_vcf``); deeper
        ones are fours and threes only."""
        self.quiet_vct = quiet_vct
        """When positive (with ``quiet_vcf``), the attacker's first move may also be a quiet move
        after which it has a VCT (not only a VCF) found within this many nodes: the defender then
        answers on every point that may stop that VCT (``_vct_threat_defences``)."""
        self.quiet_pn = QUIET_PN
        self.vcf_depth = vcf_depth
        """When positive, an attacker's node is first searched for a VCF of up to this many fours
        (the depth-first ``ThreatSearch.vcf``, with its table of failures): one found proves the
        node at once (kept in ``vcf_lines`` for the main line) instead of a chain of nodes."""
        self.vcf_lines: dict[int, list[int]] = {}
        """Position hash -> the line proving that attacker's node at once: a VCF, or, after an answer
        to a quiet move that threatens a VCT, a short VCT (``_defended``)."""
        self.table: dict[int, tuple[int, int]] = {}
        self.threats = ThreatSearch(board, attacker, clock)
        """For the move generators shared with the depth-first searches."""
        self.or_moves: dict[int, list[int] | None] = {}
        """Position hash -> the attacker's moves there (``_or_moves``)."""
        self.and_moves: dict[int, list[int] | None] = {}
        """Position hash ^ ``_AND_KEY`` ^ the attacker's move -> the defender's answers."""
        self.or_start: dict[int, list[int]] = {}
        """The same key -> the proof numbers those moves start with (``_start_numbers``)."""
        self.vct_threats: set[int] = set()
        """The keys of the defender's nodes after a quiet move that threatens a VCT."""
        self.quick = ThreatSearch(board, attacker, clock)
        """The depth-first search for the short VCTs around quiet moves (``_quick_vct``)."""

    def solve(self) -> list[int] | None:
        """The main line of a win (attacker and defender moves alternating), or ``None`` if the
        search disproved it within ``max_depth``; ``SearchTimeout`` when the clock runs out."""
        pn, _ = self._or(INFINITY, INFINITY, self.max_depth)
        if pn != 0:
            return None
        return self._line(self.max_depth)

    # -- the two kinds of node -----------------------------------------------------------------

    def _quiet_at(self, depth: int) -> bool:
        """Whether the attacker may play quiet moves at a node with ``depth`` attacker moves left."""
        return self.quiet_vcf > 0 and self.max_depth - depth < self.quiet_plies

    def _or_moves(self, depth: int) -> list[int] | None:
        """The attacker's candidate moves with ``depth`` attacker moves left; ``None`` if the defender
        has two fives (lost), ``[]`` if no threat is left. Kept per position (df-pn enters a node
        again and again): callers must not change the list."""
        quiet = self._quiet_at(depth)
        key = self.board.hash ^ (_QUIET_KEY if quiet else 0)
        if key in self.or_moves:
            return self.or_moves[key]
        moves = self._attacker_moves(quiet, quiet and self.quiet_vct > 0 and depth == self.max_depth)
        self.or_moves[key] = moves
        return moves

    def _attacker_moves(self, quiet: bool, vct_threats: bool) -> list[int] | None:
        """``_or_moves`` computed afresh (with the quiet moves when ``quiet``, those that may
        threaten a VCT too when ``vct_threats``)."""
        board = self.board
        threats = board.five_points(self.defender)
        if len(threats) > 1:
            return None
        moves = board.threat_points(self.attacker, True)
        if threats:
            block = threats[0]
            if quiet:
                # The block is forced, threat or not: it may be a quiet move that leaves a VCF.
                return [] if self.attacker == 1 and board.foul(block) else [block]
            return [i for i in moves if i == block]
        if quiet:
            moves.extend(self._quiet_moves(moves, vct_threats))
        return moves

    def _quiet_moves(self, threats: list[int], vct_threats: bool) -> list[int]:
        """The attacker's quiet candidates: moves that are not in ``threats`` (its fours and threes)
        but give it a new four point on some line (a closed or split three, or a Black three that
        is not a real one), best value first; only such a move can give it a VCF it had not. With
        ``vct_threats`` also the moves of some shape (``TWO_SHAPE``: an open two, about), which
        may give it a VCT."""
        board = self.board
        attacker = self.attacker
        found: list[tuple[int, int]] = []
        for i in board.candidates():
            packed = board.info(i, attacker)
            if packed & (INFO_FIVE | INFO_OVERLINE) or i in threats:
                continue
            e0, e1, e2, e3 = board.entries(i, attacker)
            if (e0 | e1 | e2 | e3) & (MASK11 << FOUR_MASK_SHIFT) == 0 and not (
                vct_threats and packed >> INFO_VALUE_SHIFT >= TWO_SHAPE
            ):
                continue
            if attacker == 1 and board.foul(i):
                continue
            found.append((packed >> INFO_VALUE_SHIFT, i))
        found.sort(reverse=True)
        return [i for _, i in found]

    def _and_moves(self, i: int, depth: int) -> list[int] | None:
        """The defender's answers to the attacker's move on ``i`` (on the board), played with
        ``depth`` attacker moves left; ``None`` if it wins outright (a double five, a four stopped
        only on a foul, a three with no defence), ``[]`` if it is no threat at all (a Black three
        that is not a real one, a quiet move that threatens nothing). Kept per position and move,
        like ``_or_moves`` (a position one attacker's move from the root, where a quiet move may
        threaten a VCT, is reached at that depth only)."""
        key = self.board.hash ^ _AND_KEY ^ i
        if key in self.and_moves:
            return self.and_moves[key]
        answers = self._defender_moves(i, depth)
        self.and_moves[key] = answers
        return answers

    def _defender_moves(self, i: int, depth: int) -> list[int] | None:
        """``_and_moves`` computed afresh."""
        board = self.board
        completions = board.new_five_points(i, self.attacker)
        if len(completions) >= 2:
            return None
        if completions:
            block = completions[0]
            if self.threats._defence_blocked(block):
                return None
            return [block]
        if self.threats.is_three(i):
            found = self.threats._defences(i)
            return found if found else None
        if not self.quiet_vcf:
            return []
        stops = self._vcf_threat_defences()
        if stops is not None and not stops and self.quiet_vct and depth == self.max_depth:
            stops = self._vct_threat_defences()
            if stops:
                self.vct_threats.add(self.board.hash ^ _AND_KEY ^ i)
        return stops

    def _vct_threat_defences(self) -> list[int] | None:
        """After the attacker's quiet move (on the board) that threatens no VCF: the defender's
        moves that may stop the VCT the attacker has if the defender passes (a depth-first VCT of
        up to ``QUIET_VCT_DEPTH`` threes and fours found within ``quiet_vct`` nodes, shortest
        first); ``[]`` if none is found, ``None`` if no move may stop it.

        Only a stone near the proof can change it: a stone changes what a stone of either colour
        makes only on the points within five of it on its four lines (``SearchBoard.reach``), so
        the points within reach of any point of the proof tree (the attacker's moves, every
        answer of the defender and block of its counter-fours, each VCF line and the five points
        that end a line) are the defences, with the defender's moves that make a four or give it
        a new four point (a counter-threat the proof did not have to answer)."""
        board = self.board
        defender = self.defender
        if self._quick_vct() is None:
            return []
        budget = Clock(None, self.quiet_vct)
        points: set[int] = set()
        proven = False
        try:
            for depth in range(1, QUIET_VCT_DEPTH + 1):
                points.clear()
                if self._threat_points(depth, points, {}, budget):
                    proven = True
                    break
        except SearchTimeout:
            if budget.limit is None or budget.nodes <= budget.limit:
                raise  # (the search's own clock ran out, in a VCF)
        finally:
            self.clock.nodes += budget.nodes
        if not proven:
            return []
        zone: set[int] = set()
        for p in points:
            zone.update(board.reach[p])
        for p in board.threat_points(defender, False):
            zone.add(p)
        for p in board.candidates():
            if p not in zone:
                e0, e1, e2, e3 = board.entries(p, defender)
                if (e0 | e1 | e2 | e3) & (MASK11 << FOUR_MASK_SHIFT):
                    zone.add(p)
        # The proof's own points first (the defender's likeliest stops), then the rest by index.
        ordered = sorted(zone, key=lambda p: (p not in points, p))
        found = [p for p in ordered if board.cells[p] == 0 and not self.threats._defence_blocked(p)]
        return found if found else None

    def _quick_vct(self) -> list[int] | None:
        """A VCT of up to ``QUIET_VCT_DEPTH`` threes and fours for the attacker to move, by the
        depth-first search within ``quiet_vct`` nodes (its tables kept from call to call), or
        ``None``."""
        quick = self.quick
        quick.clock = Clock(None, self.quiet_vct)
        try:
            return quick.vct_deepening(QUIET_VCT_DEPTH, self.vcf_depth)
        except SearchTimeout:
            return None
        finally:
            self.clock.nodes += quick.clock.nodes

    def _threat_points(self, depth: int, points: set[int], failed: dict[int, int], budget: Clock) -> bool:
        """Whether the attacker to move wins by fours and threes within ``depth`` of them (the
        depth-first VCT, each line ending with a VCF of up to ``vcf_depth`` fours); if so, every
        point of the proof is added to ``points`` (``_vct_threat_defences``). ``failed`` keeps the
        positions already failed, with their depth; ``budget`` counts the nodes."""
        board = self.board
        attacker = self.attacker
        budget.tick()
        fives = board.five_points(attacker)
        if fives:
            points.add(fives[0])
            return True
        line = self.threats.vcf(self.vcf_depth)
        if line is not None:
            points.update(line)
            self._line_ends(line, points)
            return True
        key = board.hash
        if depth <= 0 or failed.get(key, -1) >= depth:
            return False
        threats = board.five_points(self.defender)
        if len(threats) > 1:
            return False
        for i in board.threat_points(attacker, True):
            if threats and i != threats[0]:
                continue
            found: set[int] = set()
            board.place(i, attacker)
            try:
                won = self._threat_answers(i, depth, found, failed, budget)
            finally:
                board.remove(i)
            if won:
                points.add(i)
                points.update(found)
                return True
        failed[key] = depth
        return False

    def _threat_answers(
        self, i: int, depth: int, points: set[int], failed: dict[int, int], budget: Clock
    ) -> bool:
        """``_threat_points`` after the attacker's four or three on ``i`` (on the board): whether
        every defence loses (a defender's counter-four blocked, the threat standing, as in
        ``ThreatSearch._refute_all``)."""
        board = self.board
        threats = self.threats
        completions = board.new_five_points(i, self.attacker)
        if completions:
            points.update(completions)
            if len(completions) >= 2 or threats._defence_blocked(completions[0]):
                return True
            answers = completions[:1]
        elif threats.is_three(i):
            answers = threats._defences(i)
            if self.defender == 1:
                # Its points forbidden to Black count too: a Black stone near one may lift the foul.
                for d, entry in enumerate(board.placed_entries(i, self.attacker)):
                    points.update(board.mask_points(i, d, (entry >> FOUR_MASK_SHIFT) & MASK11))
        else:
            return False
        for d in answers:
            points.add(d)
            board.place(d, self.defender)
            try:
                block = threats.counter_block()
                if block == -1:
                    won = self._threat_points(depth - 1, points, failed, budget)
                elif block == -2:
                    won = False
                else:
                    points.add(block)
                    board.place(block, self.attacker)
                    try:
                        threat = threats.pending_threat(block, i)
                        won = self._threat_answers(threat, depth, points, failed, budget)
                    finally:
                        board.remove(block)
            finally:
                board.remove(d)
            if not won:
                return False
        return True

    def _line_ends(self, line: list[int], points: set[int]) -> None:
        """Add the five points of the last four of a VCF ``line`` (from the board) to ``points``."""
        board = self.board
        placed: list[int] = []
        try:
            for k, p in enumerate(line):
                if k % 2 == 0 and p in board.five_points(self.attacker):
                    break
                board.place(p, self.attacker if k % 2 == 0 else self.defender)
                placed.append(p)
            if placed and len(placed) % 2 == 1:
                points.update(board.new_five_points(placed[-1], self.attacker))
        finally:
            for p in reversed(placed):
                board.remove(p)

    def _vcf_threat_defences(self) -> list[int] | None:
        """After the attacker's quiet move: the defender's moves that may stop the VCF the attacker
        now has (as if the defender passed); ``[]`` if it has none (the move threatens nothing),
        ``None`` if no move may stop it.

        A VCF is one line (each four has one answer). A defender's stone can only spoil it on a
        point of the line (a four's point, a block, the last five points), or by making a four of
        its own (a counter-four), or by giving one of the line's blocks a four for the defender
        (the block would then be a counter-four the line does not answer); when the defender is
        Black, a point around a five point forbidden to it may change that it is forbidden. Those
        are the defences, the line's points first."""
        board = self.board
        threats = self.threats
        attacker, defender = self.attacker, self.defender
        saved = threats.vcf_cut
        line = threats.vcf_deepening(self.quiet_vcf)
        threats.vcf_cut = saved
        if line is None:
            return []
        points = list(line)
        blocks = set(line[1::2])
        if len(line) % 2 == 1:
            # The last move is a five, or a four only a Black foul stops: its five points count.
            placed: list[int] = []
            try:
                for k, p in enumerate(line[:-1]):
                    board.place(p, attacker if k % 2 == 0 else defender)
                    placed.append(p)
                last = line[-1]
                if last not in board.five_points(attacker):
                    board.place(last, attacker)
                    placed.append(last)
                    ends = board.new_five_points(last, attacker)
                    points.extend(ends)
                    if defender == 1:
                        for end in ends:
                            points.extend(j for j in board.reach[end] if board.cells[j] == 0)
            finally:
                for p in reversed(placed):
                    board.remove(p)
        for p in board.threat_points(defender, False):
            points.append(p)
        for p in board.candidates():
            entries = board.entries(p, defender)
            for d in range(4):
                mask = (entries[d] >> FOUR_MASK_SHIFT) & MASK11
                if mask and any(q in blocks for q in board.mask_points(p, d, mask)):
                    points.append(p)
                    break
        found: list[int] = []
        seen: set[int] = set()
        for p in points:
            if p not in seen and board.cells[p] == 0:
                seen.add(p)
                if not threats._defence_blocked(p):
                    found.append(p)
        return found if found else None

    def _or(self, th_pn: int, th_dn: int, depth: int) -> tuple[int, int]:
        """Search the attacker's node (the board as it is) until its numbers reach a threshold."""
        board = self.board
        self.clock.tick()
        key = board.hash
        if board.five_points(self.attacker):
            self.table[key] = (0, INFINITY)
            return 0, INFINITY
        stored = self.table.get(key)
        if stored is None and self.vcf_depth:
            line = self.threats.vcf(self.vcf_depth)
            if line is not None:
                self.vcf_lines[key] = line
                self.table[key] = (0, INFINITY)
                return 0, INFINITY
        if depth <= 0:
            if stored is not None and stored[0] == 0:
                return stored  # proven by a shorter path: a cut never overwrites a proof
            self.table[key] = (INFINITY, 0)  # cut: failed here (no proof is ever wrong for it)
            return INFINITY, 0
        if stored is not None and (stored[0] >= th_pn or stored[1] >= th_dn):
            return stored
        moves = self._or_moves(depth)
        if not moves:
            self.table[key] = (INFINITY, 0)
            return INFINITY, 0
        attacker = self.attacker
        table = self.table
        keys = board.keys[attacker]
        start = self._start_numbers(moves, key ^ (_QUIET_KEY if self._quiet_at(depth) else 0))
        while True:
            best, best_pn, second_pn, dn_sum, best_dn = -1, INFINITY, INFINITY, 0, 0
            for k, i in enumerate(moves):
                cpn, cdn = table.get(key ^ keys[i] ^ _AND_KEY ^ i) or (start[k], 1)
                dn_sum = min(INFINITY, dn_sum + cdn)
                if cpn < best_pn:
                    best, second_pn, best_pn, best_dn = i, best_pn, cpn, cdn
                elif cpn < second_pn:
                    second_pn = cpn
            pn, dn = best_pn, dn_sum
            if pn >= th_pn or dn >= th_dn or pn == 0:
                break
            board.place(best, attacker)
            try:
                self._and(best, min(th_pn, second_pn + second_pn // 4 + 1), th_dn - dn + best_dn, depth)
            finally:
                board.remove(best)
        self.table[key] = (pn, dn)
        return pn, dn

    def _start_numbers(self, moves: list[int], key: int) -> list[int]:
        """The proof numbers the attacker's ``moves`` start with (in their order), kept under the
        node's ``_or_moves`` key (df-pn enters a node again and again)."""
        start = self.or_start.get(key)
        if start is not None:
            return start
        board = self.board
        attacker = self.attacker
        # A four has one answer, a three several, a quiet move more: a four's proof number starts
        # lowest, a quiet move's highest.
        start = [_start_pn(board.info(i, attacker), self.quiet_pn) for i in moves]
        if self.vcf_depth:
            # Each of the defender's fours is one more answer to a three or a quiet move (df-pn
            # with this start proves the mate puzzles with fewer nodes: game18-39-white 20 000
            # against 112 000).
            counters = len(board.threat_points(self.defender, False))
            if counters:
                for k in range(len(start)):
                    if start[k] > 1:
                        start[k] = start[k] + counters
        self.or_start[key] = start
        return start

    def _and(self, i: int, th_pn: int, th_dn: int, depth: int) -> tuple[int, int]:
        """Search the defender's node after the attacker's move on ``i``."""
        board = self.board
        self.clock.tick()
        key = board.hash ^ _AND_KEY ^ i
        stored = self.table.get(key)
        if stored is not None and (stored[0] >= th_pn or stored[1] >= th_dn):
            return stored
        answers = self._and_moves(i, depth)
        if answers is None:
            self.table[key] = (0, INFINITY)
            return 0, INFINITY
        if not answers:
            self.table[key] = (INFINITY, 0)
            return INFINITY, 0
        defender = self.defender
        table = self.table
        keys = board.keys[defender]
        position = board.hash
        while True:
            best, best_dn, second_dn, pn_sum, best_pn = -1, INFINITY, INFINITY, 0, 0
            for d in answers:
                cpn, cdn = table.get(position ^ keys[d], (1, 1))
                pn_sum = min(INFINITY, pn_sum + cpn)
                if cdn < best_dn:
                    best, second_dn, best_dn, best_pn = d, best_dn, cdn, cpn
                elif cdn < second_dn:
                    second_dn = cdn
            pn, dn = pn_sum, best_dn
            if pn >= th_pn or dn >= th_dn or dn == 0:
                break
            board.place(best, defender)
            try:
                th_child = min(th_dn, second_dn + second_dn // 4 + 1)
                self._defended(i, th_pn - pn + best_pn, th_child, depth, key in self.vct_threats)
            finally:
                board.remove(best)
        self.table[key] = (pn, dn)
        return pn, dn

    def _defended(self, i: int, th_pn: int, th_dn: int, depth: int, quick: bool) -> tuple[int, int]:
        """Search the attacker's node after the defender answered the threat on ``i`` (the answer
        on the board). A counter-four is blocked at once and the defender faces the threat again,
        at the same depth; the numbers are kept under the attacker's node's key. With ``quick``
        (``i`` is a quiet move threatening a VCT) a new attacker's node is first searched for a
        short VCT by the depth-first search (most answers do not stop it)."""
        block = self.threats.counter_block()
        board = self.board
        key = board.hash
        if block == -1 and quick and key not in self.table:
            line = self._quick_vct()
            if line is not None:
                self.vcf_lines[key] = line
                self.table[key] = (0, INFINITY)
                return 0, INFINITY
        if block == -1:
            return self._or(th_pn, th_dn, depth - 1)
        if block == -2:
            self.table[key] = (INFINITY, 0)
            return INFINITY, 0
        self.clock.tick()
        board.place(block, self.attacker)
        try:
            pn, dn = self._and(self.threats.pending_threat(block, i), th_pn, th_dn, depth)
        finally:
            board.remove(block)
        self.table[key] = (pn, dn)
        return pn, dn

    def _line(self, depth: int) -> list[int]:
        """The main line of the proof in the table, from the attacker's node on the board: the
        attacker's proven move, then the defender's answer whose proof is longest."""
        board = self.board
        attacker = self.attacker
        fives = board.five_points(attacker)
        if fives:
            return [fives[0]]
        found = self.vcf_lines.get(board.hash)
        if found is not None:
            return list(found)
        for i in self._or_moves(depth) or []:
            board.place(i, attacker)
            try:
                # (no continue in the try: mypyc compiles none inside try/finally)
                if self.table.get(board.hash ^ _AND_KEY ^ i, (1, 1))[0] == 0:
                    return [i, *self._and_line(i, depth)]
            finally:
                board.remove(i)
        return []

    def _and_line(self, i: int, depth: int) -> list[int]:
        """The main line after the attacker's proven threat on ``i`` (on the board)."""
        board = self.board
        answers = self._and_moves(i, depth)
        if answers is None:
            completions = board.new_five_points(i, self.attacker)
            return self.threats.double_five_end(completions) if len(completions) >= 2 else []
        main: list[int] = []
        for d in answers:
            board.place(d, self.defender)
            try:
                rest = self._defended_line(i, depth)
            finally:
                board.remove(d)
            if len(rest) + 1 > len(main):
                main = [d, *rest]
        return main

    def _defended_line(self, i: int, depth: int) -> list[int]:
        """The main line after the defender's answer to the threat on ``i`` (on the board)."""
        board = self.board
        block = self.threats.counter_block()
        if block < 0:
            won = self.table.get(board.hash, (1, 1))[0] == 0 or bool(board.five_points(self.attacker))
            return self._line(depth - 1) if won else []
        board.place(block, self.attacker)
        try:
            threat = self.threats.pending_threat(block, i)
            proven = self.table.get(board.hash ^ _AND_KEY ^ threat, (1, 1))[0] == 0
            rest = self._and_line(threat, depth) if proven else []
        finally:
            board.remove(block)
        return [block, *rest]


def wins_by_line(board: SearchBoard, attacker: int, line: list[int]) -> bool:
    """Whether ``line`` (attacker and defender moves alternating, from the board as it is) is legal
    and ends in the attacker's win: its last move makes a five, or a four whose every completion the
    defender (Black) may only block on a forbidden point. The board is left as it was."""
    defender = 3 - attacker
    placed: list[int] = []
    won = False
    try:
        for k, i in enumerate(line):
            colour = attacker if k % 2 == 0 else defender
            if board.cells[i] != 0 or won:
                return False
            if colour == attacker and i in board.five_points(attacker):
                won = True
            elif not board.legal(i, colour):
                return False
            board.place(i, colour)
            placed.append(i)
            if not won and k == len(line) - 1 and colour == attacker and defender == 1:
                completions = board.new_five_points(i, attacker)
                won = bool(completions) and all(board.foul(p) for p in completions) \
                    and not board.five_points(defender)
        return won
    finally:
        for i in reversed(placed):
            board.remove(i)


def find_vct(
    board: SearchBoard,
    attacker: int,
    seconds: float | None,
    nodes: int | None,
    max_depth: int,
    vcf_depth: int,
    clocks: list[Clock] | None = None,
    quiet_vcf: int = 0,
) -> list[int] | None:
    """A VCT for ``attacker`` within about ``seconds`` (and ``nodes``): the shortest VCF first (up to
    ``vcf_depth`` fours, 15% of the time), then the iterative-deepening depth-first VCT (``max_depth``
    threes and fours, each VCF it ends with up to ``vcf_depth`` fours) with 60% of what is left, then
    proof-number search over fours and threes (``max_depth`` attacker moves plus half of
    ``vcf_depth``) with the rest. Each finds wins the other misses in time; the depth-first search
    comes first as it finds most of the short ones sooner. With ``quiet_vcf`` (the puzzle solver)
    a df-pn over fours and threes of ``PROBE_NODES`` nodes comes after the VCF (the depth-first VCT
    is skipped when it disproves them), the depth-first VCT gets 25% instead of 60%, and the
    proof-number search, with the rest, looks
    for a VCF at each attacker's node first and lets the attacker also play quiet moves that leave
    it a VCF of up to ``quiet_vcf`` fours in a line's first ``QUIET_PLIES`` moves, and as its
    first move a quiet move that leaves it a short VCT (``ProofSearch``).
    ``None`` if none is found in time. The clocks of the searches are appended to ``clocks`` (for
    counting the nodes spent)."""
    started = time.perf_counter()
    spent: list[Clock] = [] if clocks is None else clocks

    def clock(seconds: float | None, share: float) -> Clock:
        made = Clock(seconds, None if nodes is None else max(1, int(nodes * share)))
        spent.append(made)
        return made

    def left(share: float) -> float | None:
        return None if seconds is None else max(0.0, (seconds - (time.perf_counter() - started)) * share)

    search = ThreatSearch(board, attacker, clock(left(0.15), 0.15))
    try:
        line = search.vcf_deepening(vcf_depth)
        if line is not None:
            return line
    except SearchTimeout:
        pass
    depth = max_depth + vcf_depth // 2
    threats_fail = False
    if quiet_vcf:
        # A short df-pn over fours and threes first: when it disproves them (no win of threats
        # within the depth: the wins left start with a quiet move), the depth-first VCT, which
        # searches only those, is skipped.
        probe_clock = Clock(left(1.0), PROBE_NODES if nodes is None else min(PROBE_NODES, nodes))
        spent.append(probe_clock)
        try:
            line = ProofSearch(board, attacker, probe_clock, depth, 0, vcf_depth).solve()
            if line is not None and wins_by_line(board, attacker, line):
                return line
            threats_fail = line is None
        except SearchTimeout:
            pass
    try:
        if not threats_fail:
            search.clock = clock(left(0.25 if quiet_vcf else 0.6), 0.5)  # (its table of failed VCFs is kept)
            line = search.vct_deepening(max_depth, vcf_depth)
            if line is not None:
                return line
    except SearchTimeout:
        pass
    try:
        node_vcf = vcf_depth if quiet_vcf else 0
        quiet_vct = QUIET_VCT_NODES if quiet_vcf else 0
        proof = ProofSearch(
            board, attacker, clock(left(1.0), 0.4), depth, quiet_vcf, node_vcf, QUIET_PLIES, quiet_vct
        )
        line = proof.solve()
        return line if line is not None and wins_by_line(board, attacker, line) else None
    except SearchTimeout:
        return None
