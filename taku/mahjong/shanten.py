"""Shanten, waits and ukeire.

Shanten is the number of tiles a hand lacks to be tenpai: -1 for a complete hand, 0 for tenpai.
It is computed exactly as "the fewest tiles the hand is missing from some complete hand, minus
one", where a complete hand never needs a fifth copy of a tile: ``4444m123p456p789p`` is 1-shanten,
not tenpai (MJ-END-07).

The regular form is table driven. For each suit, a table (filled on first use and then reused)
maps the suit's nine counts to the most tiles that suit can contribute to ``m`` groups and ``h``
pairs; suits are combined through a second table keyed by the two tables' entries. A call is then a
handful of dictionary look-ups.
"""

from __future__ import annotations

import base64
import zlib
from collections.abc import Iterable, Sequence
from dataclasses import dataclass

from taku.mahjong.errors import InvalidHandError
from taku.mahjong.tiles import TERMINALS_AND_HONORS, Kind, Tile, kind_to_str

_NEG = -64  # "impossible" marker in the tables (far below any real count)

# An entry of the tables is a tuple of 10 ints: used[h * 5 + m] = the most hand tiles that m groups
# and h pairs (h in 0..1, m in 0..4) can use; interned so that a combination is keyed by two ints.
_entries: list[tuple[int, ...]] = []
_entry_ids: dict[tuple[int, ...], int] = {}
_suit_table: dict[tuple[int, ...], int] = {}
_honor_table: dict[tuple[int, ...], int] = {}
_block_table: dict[tuple[tuple[int, ...], int, int], tuple[int, ...]] = {}
_combine_table: dict[int, int] = {}


def _intern(entry: tuple[int, ...]) -> int:
    found = _entry_ids.get(entry)
    if found is None:
        found = len(_entries)
        _entries.append(entry)
        _entry_ids[entry] = found
    return found


def _merge(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
    """Max-plus combination of two entries (groups and pairs split between two parts)."""
    out = [_NEG] * 10
    for h1 in (0, 1):
        for m1 in range(5):
            x = a[h1 * 5 + m1]
            if x < 0:
                continue
            for h2 in (0, 1 - h1):
                base = h2 * 5
                for m2 in range(5 - m1):
                    y = b[base + m2]
                    if y >= 0:
                        index = (h1 + h2) * 5 + m1 + m2
                        if x + y > out[index]:
                            out[index] = x + y
    # Groups or a pair of tiles the hand does not hold can always be added (using 0 tiles).
    for index in range(10):
        h, m = divmod(index, 5)
        if m and out[index] < out[index - 1]:
            out[index] = out[index - 1]
        if h and out[index] < out[index - 5]:
            out[index] = out[index - 5]
    return tuple(out)


_EMPTY: tuple[int, ...] = (0,) * 10


def _block_entry(block: tuple[int, ...], left: int, right: int) -> tuple[int, ...]:
    """Entry of one run of suited tiles with ``left``/``right`` free positions beside it (0..2)."""
    key = (block, left, right)
    found = _block_table.get(key)
    if found is not None:
        return found
    counts = (0,) * left + block + (0,) * right
    size = len(counts)
    # state (s1, s2, m, h): s1 sequences need this and the next position, s2 need only this one.
    states: dict[tuple[int, int, int, int], int] = {(0, 0, 0, 0): 0}
    for i in range(size):
        have = counts[i]
        can_start = i <= size - 3
        new: dict[tuple[int, int, int, int], int] = {}
        for (s1, s2, m, h), used in states.items():
            carried = s1 + s2
            for k in range(0, (4 - carried if can_start else 0) + 1):
                for t in (0, 1):
                    mm = m + k + t
                    if mm > 4:
                        break
                    for p in (0, 1):
                        if h + p > 1:
                            break
                        need = carried + k + 3 * t + 2 * p
                        if need > 4:
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
    entry = _merge(tuple(out), _EMPTY)
    _block_table[key] = entry
    return entry


def _suit_entry_by_dp(counts: tuple[int, ...]) -> int:
    """Interned entry id of one suit's nine counts, computed by the exact dynamic programme."""
    entry = _EMPTY
    i = 0
    while i < 9:
        if counts[i] == 0:
            i += 1
            continue
        # A run ends at two empty positions in a row: no group can use tiles on both sides.
        j = i
        while j < 9 and (counts[j] or (j + 1 < 9 and counts[j + 1])):
            j += 1
        entry = _merge(entry, _block_entry(counts[i:j], min(i, 2), min(9 - j, 2)))
        i = j
    return _intern(entry)


_packed_table: list[bytes] = []  # the shipped table, unpacked on first use


def _suit_entry(counts: tuple[int, ...]) -> int:
    """Interned entry id of one suit's nine counts, from the shipped table (or the programme)."""
    if not _packed_table:
        from taku.mahjong._shanten_table import DATA, ENTRIES

        _packed_table.append(zlib.decompress(base64.b64decode("".join(DATA))))
        _table_entries.extend(_intern(entry) for entry in ENTRIES)
    index = 0
    for count in reversed(counts):
        index = index * 5 + count
    byte = _packed_table[0][index] if max(counts) <= 4 else 255
    found = _table_entries[byte] if byte != 255 else _suit_entry_by_dp(counts)
    _suit_table[counts] = found
    return found


_table_entries: list[int] = []


def _honor_entry(counts: tuple[int, ...]) -> int:
    """Interned entry id of the seven honour counts (sorted; honours form no sequences)."""
    entry = _EMPTY
    for count in counts:
        if count:
            t = min(count, 3)
            single = (0, t, t, t, t, min(count, 2), t, t, t, t)
            entry = _merge(entry, single)
    found = _intern(entry)
    _honor_table[counts] = found
    return found


def _combine(a: int, b: int) -> int:
    key = (a << 20) | b
    found = _combine_table.get(key)
    if found is None:
        found = _intern(_merge(_entries[a], _entries[b]))
        _combine_table[key] = found
    return found


_intern(_EMPTY)


def shanten_regular(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten of the regular form (groups and a pair) of concealed ``counts`` with ``melds`` melds.

    >>> from taku.mahjong.tiles import parse_kinds
    >>> shanten_regular(parse_kinds("123m456p789s1122z"))
    0
    """
    man = tuple(counts[0:9])
    pin = tuple(counts[9:18])
    sou = tuple(counts[18:27])
    honors = tuple(sorted(counts[27:34]))
    a = _suit_table.get(man)
    if a is None:
        a = _suit_entry(man)
    b = _suit_table.get(pin)
    if b is None:
        b = _suit_entry(pin)
    c = _suit_table.get(sou)
    if c is None:
        c = _suit_entry(sou)
    d = _honor_table.get(honors)
    if d is None:
        d = _honor_entry(honors)
    ab = _combine_table.get((a << 20) | b)
    if ab is None:
        ab = _combine(a, b)
    cd = _combine_table.get((c << 20) | d)
    if cd is None:
        cd = _combine(c, d)
    total = _combine_table.get((ab << 20) | cd)
    if total is None:
        total = _combine(ab, cd)
    groups = 4 - melds
    return 3 * groups + 1 - _entries[total][5 + groups]


def shanten_chiitoitsu(counts: Sequence[int]) -> int:
    """Shanten of seven pairs (seven *distinct* pairs: four of a kind is one pair)."""
    pairs = 0
    kinds = 0
    for count in counts:
        if count:
            kinds += 1
            if count >= 2:
                pairs += 1
    return 6 - pairs + (7 - kinds if kinds < 7 else 0)


def shanten_kokushi(counts: Sequence[int]) -> int:
    """Shanten of thirteen orphans (kokushi musou)."""
    kinds = 0
    pair = 0
    for kind in TERMINALS_AND_HONORS:
        count = counts[kind]
        if count:
            kinds += 1
            if count >= 2:
                pair = 1
    return 13 - kinds - pair


def shanten(counts: Sequence[int], melds: int = 0) -> int:
    """Shanten of concealed ``counts`` (34 entries) with ``melds`` melds: the minimum over the
    regular form, chiitoitsu and kokushi (the last two only for a hand with no meld).

    >>> from taku.mahjong.tiles import parse_kinds
    >>> shanten(parse_kinds("19m19p19s1234567z"))
    0
    """
    regular = shanten_regular(counts, melds)
    if melds or regular < 1:
        return regular
    pairs = kinds = 0
    for count in counts:
        if count:
            kinds += 1
            if count >= 2:
                pairs += 1
    best = 6 - pairs + (7 - kinds if kinds < 7 else 0)
    if best < regular:
        regular = best
    kokushi = shanten_kokushi(counts)
    return kokushi if kokushi < regular else regular


def _check_counts(counts: Sequence[int], melds: int, sizes: Iterable[int]) -> None:
    if len(counts) != 34:
        raise InvalidHandError(f"34 tile counts expected, got {len(counts)}")
    for kind, count in enumerate(counts):
        if not 0 <= count <= 4:
            raise InvalidHandError(f"{count} copies of {kind_to_str(kind)}; there are only 4")
    size = sum(counts) + 3 * melds
    allowed = tuple(sizes)
    if size not in allowed:
        expected = " or ".join(str(n) for n in allowed)
        raise InvalidHandError(f"{expected} tiles expected, got {size}")


def waits(counts: Sequence[int], melds: int = 0) -> tuple[Kind, ...]:
    """The kinds that complete a 13-tile hand (waits), excluding a fifth copy of a held kind.

    >>> from taku.mahjong.tiles import parse_kinds, kind_to_str
    >>> [kind_to_str(k) for k in waits(parse_kinds("33m111s12345678p"))]
    ['3p', '6p', '9p']
    """
    _check_counts(counts, melds, (13,))
    work = list(counts)
    found: list[Kind] = []
    for kind in range(34):
        if work[kind] >= 4:
            continue
        work[kind] += 1
        if shanten(work, melds) == -1:
            found.append(kind)
        work[kind] -= 1
    return tuple(found)


def is_tenpai(counts: Sequence[int], melds: int = 0) -> bool:
    """Whether a 13-tile hand waits on at least one tile it does not hold four of (MJ-END-07)."""
    _check_counts(counts, melds, (13,))
    return shanten(counts, melds) == 0


def is_complete(counts: Sequence[int], melds: int = 0) -> bool:
    """Whether a 14-tile hand is complete in shape (regular, chiitoitsu or kokushi); no yaku check."""
    _check_counts(counts, melds, (14,))
    return shanten(counts, melds) == -1


@dataclass(frozen=True, slots=True)
class Ukeire:
    """The tiles that lower a hand's shanten, and how many of them are still unseen."""

    shanten: int
    tiles: tuple[Kind, ...]
    remaining: tuple[int, ...]

    @property
    def total(self) -> int:
        """Unseen copies of all improving tiles together."""
        return sum(self.remaining)


def ukeire(counts: Sequence[int], melds: int = 0, visible: Sequence[int] | None = None) -> Ukeire:
    """Improving tiles of a 13-tile hand and their unseen copies.

    ``visible`` counts tiles seen elsewhere (discards, melds, dora indicators); the hand's own
    tiles are always subtracted.
    """
    _check_counts(counts, melds, (13,))
    current = shanten(counts, melds)
    seen = list(visible) if visible is not None else [0] * 34
    if len(seen) != 34:
        raise InvalidHandError(f"34 visible counts expected, got {len(seen)}")
    work = list(counts)
    tiles: list[Kind] = []
    remaining: list[int] = []
    for kind in range(34):
        if work[kind] >= 4:
            continue
        work[kind] += 1
        if shanten(work, melds) < current:
            tiles.append(kind)
            remaining.append(max(0, 4 - counts[kind] - seen[kind]))
        work[kind] -= 1
    return Ukeire(current, tuple(tiles), tuple(remaining))


def discard_ukeire(counts: Sequence[int], melds: int = 0,
                   visible: Sequence[int] | None = None) -> dict[Kind, Ukeire]:
    """For a 14-tile hand: for each kind that can be discarded, the ukeire after discarding it."""
    _check_counts(counts, melds, (14,))
    work = list(counts)
    out: dict[Kind, Ukeire] = {}
    for kind in range(34):
        if work[kind]:
            work[kind] -= 1
            out[kind] = ukeire(work, melds, visible)
            work[kind] += 1
    return out


def tiles_shanten(tiles: Iterable[Tile], melds: int = 0) -> int:
    """Shanten of concealed ``tiles`` with ``melds`` melds."""
    counts = [0] * 34
    for tile in tiles:
        counts[tile.kind] += 1
    return shanten(counts, melds)
