"""Shanten, waits and ukeire.

Shanten is the number of tiles a hand lacks to be tenpai: -1 for a complete hand, 0 for tenpai.
It is computed exactly as "the fewest tiles the hand is missing from some complete hand, minus
one", where a complete hand never needs a fifth copy of a tile: ``4444m123p456p789p`` is 1-shanten,
not tenpai (MJ-END-07).

The player's own melds hold copies too. Given ``melded`` (the 34 counts of the tiles in the
player's melds), a complete hand may only use the copies that are neither melded nor beyond four:
concealed ``5m123p456p789s`` beside a pon of 5m waits on no fifth 5m and is 1-shanten, and a hand
whose only waits are tiles the player holds all four of, concealed or melded, is not tenpai
("karaten", MJ-END-07, seed 003; Tenhou and Mahjong Soul count only concealed copies: see
``Rules.karaten`` and ``Kyoku.tenpai_waits``). Copies visible elsewhere (discards,
other players' melds, indicators) do not matter to tenpai (TV-TENPAI-02); :func:`ukeire`
subtracts them from the tiles left. Without ``melded`` (the default, as before) only the
concealed copies are counted: pass it whenever the meld tiles are known (:func:`meld_counts`).

The regular form is table driven. Each suit's nine counts map, through a table shipped in
``_shanten_table`` (tools/gen_shanten_table.py), to an *entry*: the most tiles that suit can give
to ``m`` groups and ``h`` pairs. The honours' entry depends only on their sorted counts. Entries are
interned as small ints, and combining two is a dictionary look-up keyed by both ids (filled on
first use), so a call is a ``bytes`` conversion, four slices and seven look-ups. The four parts'
look-ups also carry their counts for seven pairs and kokushi, so the special forms cost a few
integer operations. Suits and honours with melded copies go through the exact dynamic programme
(cached).

The compiled build answers from lists indexed by arithmetic instead (see "the compiled build's
look-ups" below): there a dictionary look-up costs more than the work around it (each key is
boxed, hashed and compared), while reading the counts as native ints and indexing a list is cheap.
The interpreter keeps the ``bytes`` keys, which take it fewer bytecodes.
"""

from __future__ import annotations

import base64
import zlib
from array import array
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Final

from taku.mahjong.errors import InvalidHandError
from taku.mahjong.tiles import TERMINALS_AND_HONORS, Kind, Tile, counts_key, kind_to_str
from taku.values import reduce_value

if TYPE_CHECKING:
    # A native 64-bit int in the compiled build (mypyc); in the interpreter the annotations are
    # never evaluated, so running needs no mypy_extensions.
    from mypy_extensions import i64

    from taku.mahjong.hand import Meld

Entry = tuple[int, ...]
"""used[h * 5 + m]: the most hand tiles that m groups and h pairs (h 0..1, m 0..4) can use. Every
stored entry is non-negative and non-decreasing in m and in h (groups or a pair of tiles the hand
does not hold can always be added, using none of its tiles), and entry[0] == 0."""

_NEG = -64  # "impossible" marker inside the dynamic programme (far below any real count)
_MAX_SUIT_TILES: Final = 14  # the shipped table covers suits of at most this many tiles

_entries: Final[list[Entry]] = []
_entry_ids: Final[dict[Entry, int]] = {}
_suits: Final[dict[bytes, int]] = {}  # a suit's nine counts -> its value (below)
_honors: Final[dict[bytes, int]] = {}  # the seven honour counts -> their value
_pairs: Final[dict[int, int]] = {}  # (a << 16) | b -> id of the merged entry
_finals: Final[dict[int, tuple[int, ...]]] = {}  # (ab << 16) | cd -> regular shanten by meld count
_capped: Final[dict[bytes, int]] = {}  # counts + melded counts of a suit or the honours -> entry id
_blocks: Final[dict[tuple[bytes, bytes, int, int], Entry]] = {}
_table: Final[list[bytes]] = []  # the shipped suit table, unpacked on first use
_table_ids: Final[list[int]] = []  # table byte -> entry id
_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module is compiled: the hot paths use the dense tables then (see below)."""


def _intern(entry: Entry) -> int:
    found = _entry_ids.get(entry)
    if found is None:
        found = len(_entries)
        if found >> 16:  # ids are combined as (a << 16) | b; there are about 200 entries
            raise RuntimeError("too many distinct shanten entries")
        _entries.append(entry)
        _entry_ids[entry] = found
    return found


_EMPTY: Final[Entry] = (0,) * 10
_intern(_EMPTY)


def _merge(x: Entry, y: Entry) -> Entry:
    """Max-plus combination of two entries: groups and the pair split between two parts."""
    _, x1, x2, x3, x4, x5, x6, x7, x8, x9 = x
    _, y1, y2, y3, y4, y5, y6, y7, y8, y9 = y
    return (0,
            max(y1, x1),
            max(y2, x1 + y1, x2),
            max(y3, x1 + y2, x2 + y1, x3),
            max(y4, x1 + y3, x2 + y2, x3 + y1, x4),
            max(y5, x5),
            max(y6, x1 + y5, x5 + y1, x6),
            max(y7, x1 + y6, x2 + y5, x5 + y2, x6 + y1, x7),
            max(y8, x1 + y7, x2 + y6, x3 + y5, x5 + y3, x6 + y2, x7 + y1, x8),
            max(y9, x1 + y8, x2 + y7, x3 + y6, x4 + y5, x5 + y4, x6 + y3, x7 + y2, x8 + y1, x9))


def _final_values(x: Entry, y: Entry) -> tuple[int, ...]:
    """Regular shanten of two parts together, indexed by the number of melds (0..4): the
    ``4 - melds`` groups and the pair of :func:`_merge`, as tiles missing minus one."""
    _, x1, x2, x3, x4, x5, x6, x7, x8, x9 = x
    _, y1, y2, y3, y4, y5, y6, y7, y8, y9 = y
    return (13 - max(y9, x1 + y8, x2 + y7, x3 + y6, x4 + y5, x5 + y4, x6 + y3, x7 + y2, x8 + y1,
                     x9),
            10 - max(y8, x1 + y7, x2 + y6, x3 + y5, x5 + y3, x6 + y2, x7 + y1, x8),
            7 - max(y7, x1 + y6, x2 + y5, x5 + y2, x6 + y1, x7),
            4 - max(y6, x1 + y5, x5 + y1, x6),
            1 - max(y5, x5))


def _fill(out: list[int]) -> Entry:
    """Make a raw entry non-decreasing in m and h (adding groups or a pair that use no tile)."""
    for index in range(10):
        h, m = divmod(index, 5)
        if m and out[index] < out[index - 1]:
            out[index] = out[index - 1]
        if h and out[index] < out[index - 5]:
            out[index] = out[index - 5]
    return tuple(out)


# --- the exact dynamic programme (table generation, suits beyond the table, melded copies) -------

def _block_entry(block: bytes, caps: bytes, left: int, right: int) -> Entry:
    """Entry of one run of suited tiles (``block``, at most ``caps`` copies of each kind in the
    complete hand) with ``left``/``right`` free positions beside it (0..2, no tile, 4 copies)."""
    key = (block, caps, left, right)
    found = _blocks.get(key)
    if found is not None:
        return found
    counts = bytes(left) + block + bytes(right)
    limits = b"\4" * left + caps + b"\4" * right
    size = len(counts)
    # state (s1, s2, m, h): s1 sequences need this and the next position, s2 need only this one.
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(size):
        have = counts[i]
        limit = limits[i]
        can_start = i <= size - 3
        new: dict[tuple[int, int, int, int], int] = {}
        for (s1, s2, m, h), used in states.items():
            carried = s1 + s2
            if carried > limit:
                continue
            for k in range(0, (limit - carried if can_start else 0) + 1):
                for t in (0, 1):
                    mm = m + k + t
                    if mm > 4:
                        break
                    for p in (0, 1):
                        if h + p > 1:
                            break
                        need = carried + k + 3 * t + 2 * p
                        if need > limit:
                            break
                        value = used + (need if need < have else have)
                        state = (k, s1, mm, h + p)
                        if new.get(state, -1) < value:
                            new[state] = value
        states = new
    out = [_NEG] * 10
    for (s1, s2, m, h), used in states.items():
        if s1 == 0 and s2 == 0 and used > out[h * 5 + m]:
            out[h * 5 + m] = used
    entry = _fill(out)
    _blocks[key] = entry
    return entry


_FULL: Final = b"\4" * 9


def _suit_entry_dp(suit: bytes, melded: bytes = bytes(9)) -> Entry:
    """Entry of one suit's nine counts by the exact dynamic programme; ``melded`` copies of a kind
    are not available to the complete hand."""
    caps = bytes(4 - n for n in melded) if any(melded) else _FULL
    entry = _EMPTY
    i = 0
    while i < 9:
        if suit[i] == 0 and caps[i] == 4:
            i += 1
            continue
        # A run ends at two free positions in a row (no tile, no melded copy): no group uses tiles
        # on both sides, and groups through a free position use at most 4 copies of it.
        j = i
        while j < 9 and (suit[j] or caps[j] < 4 or (j + 1 < 9 and (suit[j + 1] or caps[j + 1] < 4))):
            j += 1
        if any(suit[i:j]):
            entry = _merge(entry, _block_entry(suit[i:j], caps[i:j], min(i, 2), min(9 - j, 2)))
        i = j
    return entry


def _honor_entry(honors: bytes, melded: bytes = bytes(7)) -> Entry:
    """Entry of the honour counts (honours form no sequences); ``melded`` copies as above."""
    entry = _EMPTY
    for count, used in zip(honors, melded, strict=True):
        if count:
            t = min(count, 3) if used <= 1 else 0  # a triplet needs three available copies
            p = min(count, 2) if used <= 2 else 0
            tp = max(t, p)
            entry = _merge(entry, (0, t, t, t, t, p, tp, tp, tp, tp))
    return entry


# --- the shipped suit table ------------------------------------------------------------------------

def _count_suits() -> list[list[int]]:
    """counts[n][r]: how many n-tuples of counts 0..4 hold at most r tiles (n 0..9, r 0..14)."""
    counts = [[1] * (_MAX_SUIT_TILES + 1)]
    for _ in range(9):
        below = counts[-1]
        counts.append([sum(below[r - c] for c in range(5) if c <= r)
                       for r in range(_MAX_SUIT_TILES + 1)])
    return counts


_SUITS_BELOW = _count_suits()
# _RANK_OFFSETS[i][r * 5 + c]: how many suits precede, in the table's lexicographic order, those
# with count c at position i when r tiles remain for positions i..8.
_RANK_OFFSETS: Final[tuple[tuple[int, ...], ...]] = tuple(
    tuple(sum(_SUITS_BELOW[8 - i][r - u] for u in range(min(c, r + 1)))
          for r in range(_MAX_SUIT_TILES + 1) for c in range(5))
    for i in range(9))
_TABLE_SIZE = _SUITS_BELOW[9][_MAX_SUIT_TILES]  # 405,350 suits


def _suit_rank(suit: bytes) -> int:
    """Position of a suit's nine counts in the shipped table (-1 beyond 14 tiles): the suits of at
    most 14 tiles in lexicographic order, the first position most significant."""
    rank = 0
    remaining = _MAX_SUIT_TILES
    for count, offsets in zip(suit, _RANK_OFFSETS, strict=True):
        if count > remaining:
            return -1
        rank += offsets[remaining * 5 + count]
        remaining -= count
    return rank


_HEX_DIGITS = bytes.maketrans(b"0123456789abcdef", bytes(range(16)))


def _load_table() -> None:
    from taku.mahjong._shanten_table import DATA, ENTRIES

    values = ENTRIES.encode().translate(_HEX_DIGITS)
    _table_ids.extend(_intern(tuple(values[i:i + 10])) for i in range(0, len(values), 10))
    _table.append(zlib.decompress(base64.b64decode(DATA)))
    if _COMPILED:
        _load_dense_tables()


# A part (a suit or the honours) is looked up as a *value*: its entry id in the low 16 bits and,
# above them, counts for the special forms, so that the sum of the four values holds the whole
# hand's: kinds held (bits 16-21), kinds held twice or more (22-26), terminal and honour kinds
# missing (27-30) and terminal and honour kinds held twice or more (31-34).
_ID_MASK: Final = 0xFFFF


def _suit_value(suit: bytes) -> int:
    found = _suits.get(suit)
    if found is None:
        if not _table:
            _load_table()
        rank = _suit_rank(suit)
        entry_id = _table_ids[_table[0][rank]] if rank >= 0 else _intern(_suit_entry_dp(suit))
        kinds = 9 - suit.count(0)
        pairs = kinds - suit.count(1)
        first, last = suit[0], suit[8]
        missing = (first == 0) + (last == 0)
        doubled = (first >= 2) + (last >= 2)
        found = entry_id | (kinds | pairs << 6 | missing << 11 | doubled << 15) << 16
        _suits[suit] = found
    return found


def _honor_value(honors: bytes) -> int:
    found = _honors.get(honors)
    if found is None:
        shape = bytes(sorted(honors))  # the entry and the counts depend only on the sorted counts
        found = _honors.get(shape)
        if found is None:
            kinds = 7 - shape.count(0)
            pairs = kinds - shape.count(1)  # every honour is also a kokushi kind
            found = _intern(_honor_entry(shape)) | (
                kinds | pairs << 6 | (7 - kinds) << 11 | pairs << 15) << 16
            _honors[shape] = found
        _honors[honors] = found
    return found


def _pair_id(a: int, b: int) -> int:
    key = (a << 16) | b
    found = _pairs.get(key)
    if found is None:
        found = _pairs[key] = _intern(_merge(_entries[a], _entries[b]))
    return found


def _final(ab: int, cd: int) -> tuple[int, ...]:
    key = (ab << 16) | cd
    found = _finals.get(key)
    if found is None:
        found = _finals[key] = _final_values(_entries[ab], _entries[cd])
    return found


# --- the compiled build's look-ups -----------------------------------------------------------------
#
# The compiled build reads the counts as native ints and answers from tables shipped beside the
# suit table (DENSE in _shanten_table, written by tools/gen_shanten_table.py), each look-up a byte
# or four at an index computed by arithmetic. (What costs most there, once the interpreter is gone,
# is reading memory the other work has pushed out of the caches: these tables are small.)
# - A suit's rank in the suit table (_suit_rank) is a *head* part that depends on its first five
#   counts plus a *tail* part that depends on its last four and the head's tiles (_suit_part).
#   _HEADS holds four bytes per head (its counts in base 5, the first most significant): its rank
#   part | its tiles << 19 | its counts for the special forms << 23; _TAILS four bytes per tail
#   (index: the head's tiles * 625 + the tail's code): its rank part | its counts << 10; all ones
#   beyond 14 tiles. The suit table's byte at the rank is the suit's entry.
# - The honours' entry depends only on how many are held once, twice, three and four times: that
#   shape, three bits each, indexes _HONOUR_ENTRIES.
# - _SUIT_PAIRS[a << 8 | b] is the merge of suit entry a with suit or honour entry b.
# - _ENTRY_VALUES holds the ten values of each of those entries (the shipped table's first, then
#   the honours' and the merges'), which the last step reads.
# These entries are indices into _ENTRY_VALUES, not the ids interned above: the two kinds of table
# never mix. Only a suit of more than 14 tiles (or a bad count) leaves them, for the slow path.

_MISS: Final = -2  # what the look-ups return when the tables cannot answer
_NO_PART: Final = 0xFFFFFFFF  # a head or tail of more than 14 tiles
_HEAD_TILES: Final = 19
_HEAD_COUNTED: Final = 23
_TAIL_COUNTED: Final = 10
_POWERS_OF_5: Final = (1, 5, 25, 125, 625)
_HEADS: Final[list[bytes]] = []  # (each table a bytes in a list: loaded with the suit table)
_TAILS: Final[list[bytes]] = []
_HONOUR_ENTRIES: Final[list[bytes]] = []
_SUIT_PAIRS: Final[list[bytes]] = []
_ENTRY_VALUES: Final[list[bytes]] = []


def _load_dense_tables() -> None:
    """Unpack the compiled build's tables (with the suit table, on the first slow call)."""
    from taku.mahjong._shanten_table import DENSE, DENSE_ENTRIES, ENTRIES

    data = zlib.decompress(base64.b64decode(DENSE))
    sizes = (4 * 5 ** 5, 4 * (_MAX_SUIT_TILES + 1) * 625, 8 ** 4, len(ENTRIES) // 10 * 256,
             10 * DENSE_ENTRIES)
    at = 0
    for table, size in zip((_HEADS, _TAILS, _HONOUR_ENTRIES, _SUIT_PAIRS, _ENTRY_VALUES), sizes,
                           strict=True):
        table.append(data[at:at + size])
        at += size


def _suit_part(first: int, size: int, code: int, remaining: int) -> int:
    """The ``size`` counts of a suit from position ``first`` on, ``code`` in base 5 (the first
    most significant), given ``remaining`` tiles allowed there: their part of the suit's rank |
    their tiles << 19 | their counts for the special forms << 23 (<< 10 for a tail: its tiles are
    not kept), or ``_NO_PART`` beyond the tiles allowed. The counts: kinds held (three bits), held
    twice or more (three bits), and for a terminal, missing and doubled."""
    rank = tiles = counted = 0
    for i in range(first, first + size):
        count = code // _POWERS_OF_5[first + size - 1 - i] % 5
        if count > remaining - tiles:
            return _NO_PART
        rank += _RANK_OFFSETS[i][(remaining - tiles) * 5 + count]
        tiles += count
        counted += (count > 0) + ((count >= 2) << 3)
        if i == 0 or i == 8:  # a terminal
            counted += ((count == 0) << 6) + ((count >= 2) << 7)
    return rank | tiles << _HEAD_TILES | counted << _HEAD_COUNTED if first == 0 else \
        rank | counted << _TAIL_COUNTED


def _spread(counted: i64) -> i64:
    """A head's or tail's counts (kinds held, three bits; held twice or more, three bits; terminal
    missing; terminal doubled) in the layout of the parts' values, which add up (_ID_MASK)."""
    return (counted & 7) | (counted & 0x38) << 3 | (counted & 0x40) << 5 | (counted & 0x80) << 8


def _dense_suit(code: i64, table: bytes, heads: bytes, tails: bytes) -> i64:
    """The entry (its index in _ENTRY_VALUES, low eight bits) and the counts for the special forms
    (above them, added up as the parts' values are) of the suit whose nine counts are ``code`` in
    base 5, or ``_MISS`` for a suit of more than 14 tiles."""
    at = code // 625 * 4
    head: i64 = heads[at] | heads[at + 1] << 8 | heads[at + 2] << 16 | heads[at + 3] << 24
    if head == _NO_PART:
        return _MISS
    at = ((head >> _HEAD_TILES & 15) * 625 + code % 625) * 4
    tail: i64 = tails[at] | tails[at + 1] << 8 | tails[at + 2] << 16 | tails[at + 3] << 24
    if tail == _NO_PART:
        return _MISS
    rank = (head & (1 << _HEAD_TILES) - 1) + (tail & (1 << _TAIL_COUNTED) - 1)
    return table[rank] | (_spread(head >> _HEAD_COUNTED) + _spread(tail >> _TAIL_COUNTED)) << 8


def _dense_shanten(man: i64, pin: i64, sou: i64, honours: i64, melds: i64) -> int:
    """Shanten of the hand whose suits' counts (each 0..4) are these base-5 codes and whose honours
    are held ``honours`` times (the count of each number of copies 0..4, three bits each), with
    ``melds`` (0..4) melds, from the tables alone; ``_MISS`` for a suit of more than 14 tiles."""
    table = _table[0]
    heads = _HEADS[0]
    tails = _TAILS[0]
    a = _dense_suit(man, table, heads, tails)
    b = _dense_suit(pin, table, heads, tails)
    c = _dense_suit(sou, table, heads, tails)
    if a < 0 or b < 0 or c < 0:
        return _MISS
    pairs = _SUIT_PAIRS[0]
    ab: i64 = pairs[(a & 255) << 8 | b & 255]
    cd: i64 = pairs[(c & 255) << 8 | _HONOUR_ENTRIES[0][honours >> 3]]
    # The regular form: 4 - melds groups and a pair split between the two merged entries (as
    # _final_values, for one meld count).
    entries = _ENTRY_VALUES[0]
    x = ab * 10
    y = cd * 10
    groups = 4 - melds
    used: i64 = 0
    for i in range(groups + 1):
        pair_in_y: i64 = entries[x + i] + entries[y + 5 + groups - i]
        if pair_in_y > used:
            used = pair_in_y
        pair_in_x: i64 = entries[x + 5 + i] + entries[y + groups - i]
        if pair_in_x > used:
            used = pair_in_x
    regular = 3 * groups + 1 - used
    if melds or regular < 1:
        return regular
    missing = honours & 7  # honours not held
    doubled = 7 - missing - (honours >> 3 & 7)  # honours held twice or more
    return _special_forms(regular, (a >> 8) + (b >> 8) + (c >> 8) + (7 - missing)
                          + (doubled << 6) + (missing << 11) + (doubled << 15))


def _dense_shanten_of_list(counts: list[int], melds: i64) -> int:
    """:func:`_dense_shanten` of a list of 34 counts (``_MISS`` also for a count not 0..4; a count
    that is not an int raises TypeError or OverflowError)."""
    code: i64 = 0
    man: i64 = 0
    pin: i64 = 0
    sou: i64 = 0
    kind: i64
    count: i64
    for kind, count in enumerate(counts):
        if count < 0 or count > 4:
            return _MISS
        if kind < 27:
            code = code * 5 + count
            if kind == 8:
                man = code
                code = 0
            elif kind == 17:
                pin = code
                code = 0
            elif kind == 26:
                sou = code
                code = 0
        else:
            code += 1 << 3 * count
    return _dense_shanten(man, pin, sou, code, melds)


def _dense_shanten_of_bytes(key: bytes, start: i64, melds: i64) -> int:
    """:func:`_dense_shanten` of the 34 counts ``key[start:start + 34]`` (``_MISS`` also for a count
    beyond 4)."""
    code: i64 = 0
    man: i64 = 0
    pin: i64 = 0
    sou: i64 = 0
    kind: i64 = 0
    while kind < 34:
        count: i64 = key[start + kind]
        if count > 4:
            return _MISS
        if kind < 27:
            code = code * 5 + count
            if kind == 8:
                man = code
                code = 0
            elif kind == 17:
                pin = code
                code = 0
            elif kind == 26:
                sou = code
                code = 0
        else:
            code += 1 << 3 * count
        kind += 1
    return _dense_shanten(man, pin, sou, code, melds)


def _capped_id(counts: bytes, melded: bytes) -> int:
    key = counts + melded
    found = _capped.get(key)
    if found is None:
        entry = _honor_entry(counts, melded) if len(counts) == 7 else _suit_entry_dp(counts, melded)
        found = _capped[key] = _intern(entry)
    return found


# --- checks ----------------------------------------------------------------------------------------

def _check_melds(melds: int) -> None:
    if not (isinstance(melds, int) and 0 <= melds <= 4):  # (a bool is an int: False melds is 0)
        raise InvalidHandError(f"0 to 4 melds expected, got {melds!r}")


def _melded_key(key: bytes, melds: int, melded: Sequence[int]) -> bytes:
    """``melded`` as bytes, checked against the concealed counts and the number of melds."""
    try:
        values = counts_key(melded)
    except InvalidHandError as error:
        raise InvalidHandError(f"melded tiles: {error}") from None
    for kind, count in enumerate(values):
        if count > 4 - key[kind]:
            raise InvalidHandError(f"{key[kind] + count} copies of {kind_to_str(kind)} between "
                                   "the concealed tiles and the melds; there are only 4")
    total = sum(values)
    if not 3 * melds <= total <= 4 * melds:
        raise InvalidHandError(f"{total} melded tiles do not make {melds} meld"
                               f"{'' if melds == 1 else 's'}")
    return values


def meld_counts(melds: Iterable[Meld]) -> list[int]:
    """The 34 counts of the tiles in ``melds`` (4 for a kan): the ``melded`` argument.

    >>> from taku.mahjong.hand import Hand
    >>> hand = Hand.from_str("5m123p456p789s 555m+")
    >>> meld_counts(hand.melds)[4]
    3
    """
    counts = [0] * 34
    for meld in melds:
        for tile in meld.tiles:
            counts[tile.kind] += 1
    return counts


# --- shanten ---------------------------------------------------------------------------------------

_PARTS: Final = ((0, 9), (9, 18), (18, 27), (27, 34))  # man, pin, sou, honours


def _regular(key: bytes, melds: int, caps: bytes | None = None) -> int:
    """Regular shanten of checked counts (``caps``: checked melded counts, not all zero), filling
    the tables on the way."""
    ids = []
    for lo, hi in _PARTS:
        if caps is not None and any(caps[lo:hi]):
            ids.append(_capped_id(key[lo:hi], caps[lo:hi]))
        else:
            ids.append((_suit_value(key[lo:hi]) if lo < 27 else _honor_value(key[lo:hi])) & _ID_MASK)
    return _final(_pair_id(ids[0], ids[1]), _pair_id(ids[2], ids[3]))[melds]


def _checked(counts: Sequence[int], melds: int,
             melded: Sequence[int] | None) -> tuple[bytes, bytes | None]:
    """The counts as bytes and the melded counts as bytes (None if not given or all zero)."""
    key = counts_key(counts)
    _check_melds(melds)
    caps = _melded_key(key, melds, melded) if melded is not None else None
    return key, caps if caps and any(caps) else None


def shanten_regular(counts: Sequence[int], melds: int = 0, *,
                    melded: Sequence[int] | None = None) -> int:
    """Shanten of the regular form (groups and a pair) of concealed ``counts`` with ``melds`` melds
    (whose tiles, if known, are ``melded``).

    >>> from taku.mahjong.tiles import parse_kinds
    >>> shanten_regular(parse_kinds("123m456p789s1122z"))
    0
    """
    if melded is None:
        try:
            key = bytes(counts)
            regular = _finals[_pairs[(_suits[key[:9]] & 0xFFFF) << 16 | _suits[key[9:18]] & 0xFFFF]
                              << 16 | _pairs[(_suits[key[18:27]] & 0xFFFF) << 16
                                             | _honors[key[27:]] & 0xFFFF]][melds]
            if melds >= 0:
                return regular
        except (LookupError, TypeError, ValueError):
            pass
    key, caps = _checked(counts, melds, melded)
    return _regular(key, melds, caps)


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Shanten of seven pairs (seven *distinct* pairs: four of a kind is one pair)."""
    key = counts_key(counts)
    kinds = 34 - key.count(0)
    pairs = kinds - key.count(1)
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten of thirteen orphans (kokushi musou)."""
    key = counts_key(counts)
    orphans = key[0:27:9] + key[8:27:9] + key[27:34]  # 1m 1p 1s, 9m 9p 9s, the honours
    missing = orphans.count(0)
    return missing - (orphans.count(1) + missing < 13)


def shanten(counts: Sequence[int], melds: int = 0, *, melded: Sequence[int] | None = None) -> int:
    """Shanten of concealed ``counts`` (34 entries) with ``melds`` melds: the minimum over the
    regular form, chiitoitsu and kokushi (the last two only for a hand with no meld).

    ``melded`` (optional) is the 34 counts of the tiles in those melds (:func:`meld_counts`);
    with it, a complete hand may not use a copy that sits in a meld (MJ-END-07).

    >>> from taku.mahjong.tiles import parse_kinds
    >>> shanten(parse_kinds("19m19p19s1234567z"))
    0
    >>> shanten(parse_kinds("5m123p456p789s"), 1), shanten(parse_kinds("5m123p456p789s"), 1,
    ...                                                    melded=parse_kinds("555m"))
    (0, 1)
    """
    # The hot path: one bytes conversion, four slices, seven look-ups (compiled: the counts read as
    # native ints, and list look-ups); anything new or wrong (a part not seen yet, a bad count, a
    # bad meld number) goes to _shanten_slow, which checks, fills the tables and computes the same.
    if melded is not None:
        return _shanten_slow(counts, melds, melded)
    if _COMPILED and _ENTRY_VALUES and 0 <= melds <= 4 and isinstance(counts, (list, bytes, bytearray)):
        found = _MISS
        if len(counts) == 34:
            try:
                found = (_dense_shanten_of_list(counts, melds) if isinstance(counts, list) else
                         _dense_shanten_of_bytes(bytes(counts), 0, melds))
            except (TypeError, OverflowError):  # a count that is not an int: the slow path says so
                return _shanten_slow(counts, melds, None)
        return found if found != _MISS else _shanten_slow(counts, melds, None)
    try:
        key = bytes(counts)
        a = _suits[key[:9]]
        b = _suits[key[9:18]]
        c = _suits[key[18:27]]
        d = _honors[key[27:]]
        regular = _finals[_pairs[(a & 0xFFFF) << 16 | b & 0xFFFF] << 16
                          | _pairs[(c & 0xFFFF) << 16 | d & 0xFFFF]][melds]
    except (LookupError, TypeError, ValueError):
        return _shanten_slow(counts, melds, None)
    if melds or regular < 1:
        if melds < 0:
            _check_melds(melds)
        return regular
    # _special_forms(regular, (a + b + c + d) >> 16), inlined:
    counted = (a + b + c + d) >> 16
    kinds = counted & 63
    best = 6 - (counted >> 6 & 31) + (7 - kinds if kinds < 7 else 0)
    if best < regular:
        regular = best
    missing = counted >> 11 & 15
    if missing <= regular:
        best = missing - (counted >> 15 > 0)
        if best < regular:
            regular = best
    return regular


def shanten_batch(counts: object, melds: int | Sequence[int] = 0) -> array[int]:
    """Shanten of many hands in one call: ``counts`` holds 34 tile counts per hand, one hand after
    another (a buffer of bytes such as ``bytes``, ``bytearray`` or a C-contiguous ``uint8``/``int8``
    NumPy array of shape ``(n, 34)``; or a sequence of 34-count sequences); ``melds`` is the meld
    count of every hand, or one per hand. Returns an ``array('b')`` of the ``n`` values, each
    ``shanten(counts[i], melds[i])`` (the melded tiles themselves are not known here: see
    :func:`shanten`'s ``melded``). NumPy users: :func:`taku.mahjong_batch.shanten_array` wraps it.

    Raises :class:`InvalidHandError` (naming the first bad hand) for counts that are not 34 per
    hand of 0..4, or a meld count outside 0..4.

    >>> from taku.mahjong.tiles import parse_kinds
    >>> hands = bytes(parse_kinds("123m456p789s1122z")) + bytes(parse_kinds("19m19p19s1234567z"))
    >>> list(shanten_batch(hands)), list(shanten_batch([parse_kinds("123m4p"), parse_kinds("44p")], [3, 4]))
    ([0, 0], [0, -1])
    """
    blob = _batch_bytes(counts)
    size = len(blob) // 34
    if isinstance(melds, int):
        _check_melds(melds)
        per_hand: list[int] | None = None
    else:
        per_hand = list(melds)
        if len(per_hand) != size:
            raise InvalidHandError(f"{size} hands but {len(per_hand)} meld counts")
        for value in per_hand:
            _check_melds(value)
    out: list[int] = []  # (an array's items are set through the generic protocol: slower)
    m = melds if isinstance(melds, int) else 0
    if _COMPILED:  # the compiled build's look-ups (native ints, lists)
        for i in range(size):
            if per_hand is not None:
                m = per_hand[i]
            found = _dense_shanten_of_bytes(blob, i * 34, m) if _ENTRY_VALUES else _MISS
            out.append(found if found != _MISS else _shanten_slow(blob[i * 34:i * 34 + 34], m, None))
        return array("b", out)
    suits = _suits
    honors = _honors
    pairs = _pairs
    finals = _finals
    for i in range(size):
        o = i * 34
        if per_hand is not None:
            m = per_hand[i]
        a = suits.get(blob[o:o + 9], -1)
        b = suits.get(blob[o + 9:o + 18], -1)
        c = suits.get(blob[o + 18:o + 27], -1)
        d = honors.get(blob[o + 27:o + 34], -1)
        final: tuple[int, ...] | None = None
        if a >= 0 and b >= 0 and c >= 0 and d >= 0:
            ab = pairs.get((a & 0xFFFF) << 16 | b & 0xFFFF, -1)
            cd = pairs.get((c & 0xFFFF) << 16 | d & 0xFFFF, -1)
            if ab >= 0 and cd >= 0:
                final = finals.get(ab << 16 | cd)
        if final is None:
            out.append(_shanten_slow(blob[o:o + 34], m, None))  # fills the tables
            continue
        regular = final[m]
        if not m and regular >= 1:
            regular = _special_forms(regular, (a + b + c + d) >> 16)
        out.append(regular)
    return array("b", out)


_COUNT_BYTES: Final = b"\0\1\2\3\4"


def _batch_bytes(counts: object) -> bytes:
    """The counts of :func:`shanten_batch` as one ``bytes`` of 34 per hand, checked."""
    blob: bytes | None = None
    if isinstance(counts, bytes):
        blob = counts
    else:
        try:
            view = memoryview(counts)  # type: ignore[arg-type]  # any buffer
        except TypeError:
            view = None
        if view is not None:
            if view.itemsize != 1 or not view.c_contiguous:
                raise InvalidHandError(
                    "tile counts in a buffer must be bytes (uint8 or int8), C-contiguous, got "
                    f"format {view.format!r}")
            blob = view.tobytes()
    if blob is None:
        if not isinstance(counts, Sequence):
            raise InvalidHandError(
                f"hands of 34 tile counts expected (a buffer or a sequence), got {type(counts).__name__}")
        parts = []
        for number, hand in enumerate(counts):
            try:
                parts.append(counts_key(hand))
            except InvalidHandError as error:
                raise InvalidHandError(f"hand {number}: {error}") from None
        return b"".join(parts)
    if len(blob) % 34:
        raise InvalidHandError(f"34 tile counts per hand expected, got {len(blob)} counts")
    if blob.translate(None, _COUNT_BYTES):  # a byte that is no count 0..4 (an int8 buffer's
        # negative counts read as 128..255 here)
        position = next(i for i, count in enumerate(blob) if count > 4)
        count = blob[position] if blob[position] < 128 else blob[position] - 256
        raise InvalidHandError(f"hand {position // 34}: {count} copies of "
                               f"{kind_to_str(position % 34)}; there are 0 to 4")
    return blob


def _special_forms(regular: int, counted: int) -> int:
    """The least of a closed hand's ``regular`` shanten (at least 1), its seven pairs shanten and
    its kokushi shanten, from its ``counted`` kinds (the sum of its parts' values, shifted)."""
    kinds = counted & 63
    best = 6 - (counted >> 6 & 31) + (7 - kinds if kinds < 7 else 0)  # seven distinct pairs
    if best < regular:
        regular = best
    missing = counted >> 11 & 15
    if missing <= regular:  # kokushi: the terminal and honour kinds missing, less one for a pair
        best = missing - (counted >> 15 > 0)
        if best < regular:
            regular = best
    return regular


def _shanten_slow(counts: Sequence[int], melds: int, melded: Sequence[int] | None) -> int:
    """:func:`shanten` with every check, filling the tables for the hot path."""
    key, caps = _checked(counts, melds, melded)
    if caps is not None:
        return _regular(key, melds, caps)  # melded tiles: melds >= 1 (checked), no special form
    a = _suit_value(key[:9])
    b = _suit_value(key[9:18])
    c = _suit_value(key[18:27])
    d = _honor_value(key[27:])
    regular = _final(_pair_id(a & _ID_MASK, b & _ID_MASK), _pair_id(c & _ID_MASK, d & _ID_MASK))[melds]
    # (Below 1 no special form is lower: complete seven pairs or kokushi are never one tile from a
    # regular hand.)
    return regular if melds or regular < 1 else _special_forms(regular, (a + b + c + d) >> 16)


def _check_hand(counts: Sequence[int], melds: int, size: int,
                melded: Sequence[int] | None) -> tuple[bytes, bytes | None]:
    """:func:`_checked`, and the hand must hold ``size`` tiles (a meld counting as three)."""
    key, caps = _checked(counts, melds, melded)
    total = sum(key) + 3 * melds
    if total != size:
        raise InvalidHandError(f"{size} tiles expected, got {total}")
    return key, caps


# For each kind, the slice of kinds within two of it in its suit (the kind alone for an honour):
# a tile can complete a hand only if the hand holds a tile there (a pair, triplet or sequence
# partner) or, for kokushi, if it is a terminal or an honour.
_NEIGHBOURS: Final[tuple[tuple[int, int], ...]] = tuple(
    (max(kind - 2, kind // 9 * 9), min(kind + 3, kind // 9 * 9 + 9)) if kind < 27 else
    (kind, kind + 1) for kind in range(34))
_ORPHANS: Final = frozenset(TERMINALS_AND_HONORS)


def _limits(key: bytes, caps: bytes | None) -> list[int]:
    """Copies of each kind in the hand and its melds (known ones): 4 means none can be drawn."""
    return list(key) if caps is None else [c + n for c, n in zip(key, caps, strict=True)]


def waits(counts: Sequence[int], melds: int = 0, *,
          melded: Sequence[int] | None = None) -> tuple[Kind, ...]:
    """The kinds that complete a 13-tile hand (waits), excluding a fifth copy of a held kind and,
    given ``melded`` (the 34 counts of the hand's meld tiles), a kind whose four copies are all in
    the hand and its melds (karaten, MJ-END-07).

    >>> from taku.mahjong.tiles import parse_kinds, kind_to_str
    >>> [kind_to_str(k) for k in waits(parse_kinds("33m111s12345678p"))]
    ['3p', '6p', '9p']
    >>> waits(parse_kinds("5m123p456p789s"), 1), waits(parse_kinds("5m123p456p789s"), 1,
    ...                                                melded=parse_kinds("555m"))
    ((4,), ())
    """
    key, caps = _check_hand(counts, melds, 13, melded)
    if (_regular(key, melds, caps) if caps else shanten(key, melds)) != 0:
        return ()
    held = _limits(key, caps)
    work = bytearray(key)
    found: list[Kind] = []
    for kind in range(34):
        if held[kind] >= 4:
            continue
        lo, hi = _NEIGHBOURS[kind]
        if not any(key[lo:hi]) and (melds or kind not in _ORPHANS):
            continue
        work[kind] += 1
        if (shanten(work, melds) if caps is None else _regular(bytes(work), melds, caps)) == -1:
            found.append(kind)
        work[kind] -= 1
    return tuple(found)


def is_tenpai(counts: Sequence[int], melds: int = 0, *,
              melded: Sequence[int] | None = None) -> bool:
    """Whether a 13-tile hand waits on at least one tile that is not a fifth copy and, given
    ``melded``, not a tile whose four copies are all in the hand and its melds (MJ-END-07)."""
    key, caps = _check_hand(counts, melds, 13, melded)
    return (_regular(key, melds, caps) if caps else shanten(key, melds)) == 0


def is_complete(counts: Sequence[int], melds: int = 0, *,
                melded: Sequence[int] | None = None) -> bool:
    """Whether a 14-tile hand is complete in shape (regular, chiitoitsu or kokushi); no yaku check.
    (``melded`` is only checked: the hand's own tiles never need a copy from its melds.)"""
    key, _ = _check_hand(counts, melds, 14, melded)
    return shanten(key, melds) == -1


@dataclass(frozen=True, slots=True)
class Ukeire:
    """The tiles that lower a hand's shanten, and how many of them are still unseen."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    shanten: int
    tiles: tuple[Kind, ...]
    remaining: tuple[int, ...]

    @property
    def total(self) -> int:
        """Unseen copies of all improving tiles together."""
        return sum(self.remaining)


def ukeire(counts: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None, *,
           melded: Sequence[int] | None = None) -> Ukeire:
    """Improving tiles of a 13-tile hand and their unseen copies.

    ``visible`` counts tiles seen elsewhere (discards, other players' melds, dora indicators); the
    hand's own tiles, and with ``melded`` the tiles of its own melds, are always subtracted (do not
    count them in ``visible`` too). With ``melded``, shanten and the improving tiles never count on
    a copy that sits in the hand's melds (MJ-END-07).
    """
    key, caps = _check_hand(counts, melds, 13, melded)
    return _ukeire(key, melds, caps, _visible(visible))


def _visible(visible: Sequence[int] | None) -> Sequence[int]:
    if visible is None:
        return bytes(34)
    try:
        return counts_key(visible)
    except InvalidHandError as error:
        raise InvalidHandError(f"visible tiles: {error}") from None


def _ukeire(key: bytes, melds: int, caps: bytes | None, seen: Sequence[int]) -> Ukeire:
    current = _regular(key, melds, caps) if caps else shanten(key, melds)
    held = _limits(key, caps)
    work = bytearray(key)
    tiles: list[Kind] = []
    remaining: list[int] = []
    for kind in range(34):
        if held[kind] >= 4:
            continue
        work[kind] += 1
        # (melded tiles mean melds >= 1: the regular form alone)
        lower = (shanten(work, melds) if caps is None else _regular(bytes(work), melds, caps)) < current
        work[kind] -= 1
        if lower:
            tiles.append(kind)
            left = 4 - held[kind] - seen[kind]
            remaining.append(left if left > 0 else 0)
    return Ukeire(current, tuple(tiles), tuple(remaining))


def discard_ukeire(counts: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None, *,
                   melded: Sequence[int] | None = None) -> dict[Kind, Ukeire]:
    """For a 14-tile hand: for each kind that can be discarded, the ukeire after discarding it."""
    key, caps = _check_hand(counts, melds, 14, melded)
    seen = _visible(visible)
    work = bytearray(key)
    out: dict[Kind, Ukeire] = {}
    for kind in range(34):
        if work[kind]:
            work[kind] -= 1
            out[kind] = _ukeire(bytes(work), melds, caps, seen)
            work[kind] += 1
    return out


def tiles_shanten(tiles: Iterable[Tile], melds: int = 0, *,
                  melded: Sequence[int] | None = None) -> int:
    """Shanten of concealed ``tiles`` with ``melds`` melds (``melded`` as in :func:`shanten`)."""
    counts = [0] * 34
    for tile in tiles:
        counts[tile.kind] += 1
    return shanten(counts, melds, melded=melded)
