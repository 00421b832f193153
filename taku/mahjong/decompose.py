"""Every way to split complete concealed tiles into groups (sequences and triplets) and a pair.

Internally a group is an ``int``: a sequence is its lowest kind (0..26), a triplet is ``34 + kind``.
Each suit's splits are computed once per distinct set of counts and then reused, so a look-up per
suit is all a call costs after warm-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal, cast, final

from taku.mahjong.tiles import Kind, counts_key, kind_to_str
from taku.values import reduce_value

TRIPLET: Final = 34
"""Offset of triplet codes: ``TRIPLET + kind`` is a triplet of ``kind``; a code below 34 is a sequence."""

# A split of one part: (pair kind or -1, groups tuple).
_Split = tuple[int, tuple[int, ...]]


def _part_splits(part: bytes, suit: int) -> tuple[_Split, ...]:
    """Every split of one part's counts (empty if there is none)."""
    code = 0
    for count in part:
        code = code * 8 + count
    return _splits_of(code, len(part), suit)


def _splits_of(code: int, size: int, suit: int) -> tuple[_Split, ...]:
    """:func:`_part_splits` of the ``size`` counts packed in ``code`` (three bits each, the first
    count highest): every split (all with a pair when the part's size is 2 mod 3, all without one
    when it is 0 mod 3), in order of (pair, groups); empty when the counts cannot be split.

    Each split is found once, kind by kind from the first (:func:`_split_from`). The callers keep
    what they make of the splits, so nothing is memoised here.
    """
    total = 0
    rest = code
    while rest:
        total += rest & 7
        rest >>= 3
    if total % 3 == 1:
        return ()
    found: list[_Split] = []
    _split_from(code, 3 * (size - 1), suit * 9, suit < 3, -1, [], found)
    if len(found) > 1:
        found.sort()
    return tuple(found)


def _split_from(code: int, shift: int, kind: int, runs: bool, pair: int, groups: list[int],
                found: list[_Split]) -> None:
    """Add to ``found`` every split of the counts packed in ``code`` from the count at ``shift``
    (of kind ``kind``) down, after ``groups`` and ``pair`` (-1: none yet) of the kinds before;
    ``runs``: whether the part's kinds make sequences. ``groups`` is restored before returning.

    The tiles of a kind not used by sequences of the two kinds before are a triplet or not, the
    pair or not, and the rest sequences starting there: so the groups come out ordered by lowest
    kind, a triplet first. The counts stay packed (native int arithmetic when compiled)."""
    while shift >= 0 and not code >> shift & 7:
        shift -= 3
        kind += 1
    if shift < 0:
        found.append((pair, tuple(groups)))
        return
    count = code >> shift & 7
    code -= count << shift
    triplets = 0
    while 3 * triplets <= count:
        pairs = 0
        while pairs <= 1 and 3 * triplets + 2 * pairs <= count:
            sequences = count - 3 * triplets - 2 * pairs
            if (not pairs or pair < 0) and (not sequences or (
                    runs and shift >= 6 and code >> shift - 3 & 7 >= sequences
                    and code >> shift - 6 & 7 >= sequences)):
                for _ in range(triplets):
                    groups.append(TRIPLET + kind)
                for _ in range(sequences):
                    groups.append(kind)
                _split_from(code - (sequences * 0o11 << shift - 6) if sequences else code,
                            shift - 3, kind + 1, runs, kind if pairs else pair, groups, found)
                for _ in range(triplets + sequences):
                    groups.pop()
            pairs += 1
        triplets += 1


AnalysedSplit = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A split with its groups sorted out: (pair, groups, sequence bases, triplet kinds)."""

_part_analyses: Final[tuple[dict[bytes, tuple[AnalysedSplit, ...]], ...]] = ({}, {}, {}, {})


def _part_analysis(part: bytes, suit: int) -> tuple[AnalysedSplit, ...]:
    """:func:`_part_splits` with each split's sequences and triplets listed (memoised)."""
    found = _analysed(_part_splits(part, suit))
    _part_analyses[suit][part] = found
    return found


def _analysed(splits: tuple[_Split, ...]) -> tuple[AnalysedSplit, ...]:
    """Each split with its sequences and triplets listed."""
    return tuple((pair, groups, tuple(c for c in groups if c < TRIPLET),
                  tuple(c - TRIPLET for c in groups if c >= TRIPLET)) for pair, groups in splits)


def analysed_splits(counts: Sequence[int]) -> list[AnalysedSplit]:
    """Every split of concealed ``counts`` into groups and exactly one pair, as
    (pair, groups, sequence bases, triplet kinds); see :func:`split_groups`."""
    if _PACK_COUNTS and isinstance(counts, tuple) and len(counts) == 34:
        # The compiled build packs a tuple's parts as ints (three bits a count): no bytes built.
        # A count outside 0..7 takes the bytes path below, which rejects or splits it as before.
        found = _tuple_splits(counts)
        if found is not None:
            return found
    try:
        key = bytes(counts)
    except ValueError:
        raise ValueError(f"tile counts must be integers from 0 to 4, got {list(counts)}") from None
    parts: list[tuple[AnalysedSplit, ...]] = []
    for suit, start, stop in _PARTS:
        part = key[start:stop]
        options = _part_analyses[suit].get(part)
        if options is None:
            options = _part_analysis(part, suit)
        parts.append(options)
    return _combine(parts)


_PACK_COUNTS: Final = not __file__.endswith(".py")
"""Whether this module is compiled: the interpreter builds a ``bytes`` key faster than it packs ints."""

_coded_analyses: Final[tuple[dict[int, tuple[AnalysedSplit, ...]], ...]] = ({}, {}, {}, {})
"""Per part, :func:`_part_analysis` keyed by the part's counts packed three bits each."""


def _tuple_splits(counts: tuple[int, ...]) -> list[AnalysedSplit] | None:
    """:func:`analysed_splits` of 34 counts, each part looked up by its counts packed three bits
    each (no ``bytes`` built, nothing boxed but the four keys); None if a count is not 0..7."""
    seen = 0
    man = pin = sou = code = 0
    for kind, count in enumerate(counts):  # each part's counts, the first in the highest bits
        seen |= count
        code = code * 8 + count
        if kind == 8:
            man = code
            code = 0
        elif kind == 17:
            pin = code
            code = 0
        elif kind == 26:
            sou = code
            code = 0
    if not 0 <= seen <= 7:
        return None
    return _combine([_coded_analysis(man, 0), _coded_analysis(pin, 1), _coded_analysis(sou, 2),
                     _coded_analysis(code, 3)])


def _coded_analysis(code: int, suit: int) -> tuple[AnalysedSplit, ...]:
    found = _coded_analyses[suit].get(code)
    if found is None:
        found = _coded_analyses[suit][code] = _analysed(_splits_of(code, 9 if suit < 3 else 7, suit))
    return found


def _combine(parts: list[tuple[AnalysedSplit, ...]]) -> list[AnalysedSplit]:
    """Every split of the whole hand from its four parts' splits: exactly one pair among them."""
    pair = -1
    groups: tuple[int, ...] = ()
    sequences: tuple[int, ...] = ()
    triplets: tuple[int, ...] = ()
    has_pair = False
    results: list[AnalysedSplit] | None = None  # once a part splits two ways
    for options in parts:
        if not options:
            return []
        if options[0][0] >= 0:
            if has_pair:
                return []
            has_pair = True
        if results is None:
            if len(options) == 1:
                option_pair, option_groups, option_sequences, option_triplets = options[0]
                if option_pair >= 0:
                    pair = option_pair
                if option_groups:
                    groups += option_groups
                    sequences += option_sequences
                    triplets += option_triplets
                continue
            results = [(pair, groups, sequences, triplets)]
        results = [(p if p >= 0 else known, g + option, s + option_s, t + option_t)
                   for known, g, s, t in results for p, option, option_s, option_t in options]
    if not has_pair:
        return []
    return results if results is not None else [(pair, groups, sequences, triplets)]


SplitSummary = tuple[int, tuple[int, ...], int, int, int, int, int]
"""A split as the scorer reads it: (pair or -1, groups, sequence bits, triplet bits, sequences,
triplets, twins). A bit set has one bit per lowest kind (bit ``n``: the sequence starting at kind
``n``, or the triplet of kind ``n``); *twins* counts the pairs of identical sequences (iipeikou's
pairs; equal sequences are of one suit, so a hand's twins are the sum of its parts')."""


@final
class PartSplit:
    """One split of one part of a hand, as the scorer reads it (:data:`SplitSummary`'s fields).

    A class rather than a tuple: compiled, reading a field is reading a struct (an item of a
    tuple typed as fixed-length is type-checked and unboxed at each read)."""

    __slots__ = ("groups", "pair", "sequence_bits", "sequences", "triplet_bits", "triplets", "twins")

    def __init__(self, pair: int, groups: tuple[int, ...], sequence_bits: int, triplet_bits: int,
                 sequences: int, triplets: int, twins: int) -> None:
        self.pair = pair
        self.groups = groups
        self.sequence_bits = sequence_bits
        self.triplet_bits = triplet_bits
        self.sequences = sequences
        self.triplets = triplets
        self.twins = twins


@final
class PartSplits:
    """The splits of one part of a hand (at least one when it can be split), how many, and
    whether they hold the pair (all of them do, or none)."""

    __slots__ = ("count", "has_pair", "splits")

    def __init__(self, has_pair: bool, splits: tuple[PartSplit, ...]) -> None:
        self.has_pair = has_pair
        self.splits = splits
        self.count = len(splits)


def _part_splits_of(splits: tuple[_Split, ...]) -> PartSplits:
    """Each split of a part with its sequences and triplets as bit sets and counts."""
    found: list[PartSplit] = []
    for pair, groups in splits:
        sequence_bits = triplet_bits = sequences = triplets = twins = 0
        previous = -1  # the last sequence not yet paired with an identical one
        for code in groups:  # ordered by lowest kind: identical sequences are neighbours
            if code >= TRIPLET:
                triplet_bits |= 1 << (code - TRIPLET)
                triplets += 1
            else:
                sequence_bits |= 1 << code
                sequences += 1
                if code == previous:
                    twins += 1
                    previous = -1
                else:
                    previous = code
        found.append(PartSplit(pair, groups, sequence_bits, triplet_bits, sequences, triplets, twins))
    return PartSplits(bool(found) and found[0].pair >= 0, tuple(found))


_HASH_FACTOR: Final = 0x2545F491
"""The multiplier of :class:`IntTable`'s hash (odd, below 2**30: a key's low 30 bits times it stay
a native int when compiled, which checks that each factor is below 2**30)."""


@final
class IntTable:
    """A cache keyed by positive ints below 2**60: compiled, a hash table with open addressing in
    two lists (a ``dict`` boxes each native int key into a new int object, above 256, and
    compares int objects; here a key stays a native int); interpreted, a ``dict`` (faster there).
    The compiled scorer's tables: parts, payments.

    Safe to share between threads: compiled code gives up the interpreter lock only where Python
    code can run (here: a collection when the larger lists are allocated, before they are
    published, both in one attribute), so a slot is never written by two threads at once; a
    value is written before its key, so a reader finds a key with its value or not at all. An
    entry added by another thread while the lists grow may be lost: a later miss recomputes it.
    Interpreted, a ``dict``'s operations are atomic."""

    __slots__ = ("lists", "pure", "used")

    def __init__(self) -> None:
        self.lists: tuple[list[int], list[object]] = ([0] * 1024, [None] * 1024)  # key 0: free
        self.pure: dict[int, object] = {}
        self.used = 0

    def get(self, key: int) -> object:
        """The value stored under ``key``, or None."""
        if not _COMPILED:
            return self.pure.get(key)
        keys, values = self.lists
        mask = len(keys) - 1
        slot = ((key ^ key >> 30) & 0x3FFFFFFF) * _HASH_FACTOR >> 20 & mask
        while True:
            found = keys[slot]
            if found == key:
                return values[slot]
            if not found:
                return None
            slot = slot + 1 & mask

    def add(self, key: int, value: object) -> None:
        """Store ``value`` (not None) under ``key``; the lists double when half full."""
        if not _COMPILED:
            self.pure[key] = value
            self.used = len(self.pure)
            return
        keys, values = self.lists
        if 2 * (self.used + 1) > len(keys):
            bigger: tuple[list[int], list[object]] = ([0] * (2 * len(keys)), [None] * (2 * len(keys)))
            keys, values = self.lists  # (as they are once allocated)
            for old_key, old_value in zip(keys, values, strict=True):
                if old_key:
                    _put(bigger, old_key, old_value)
            self.lists = bigger
        if _put(self.lists, key, value):
            self.used += 1


def _put(lists: tuple[list[int], list[object]], key: int, value: object) -> bool:
    """Store ``value`` under ``key`` in an :class:`IntTable`'s lists (the value first: see there);
    whether the key is new."""
    keys, values = lists
    mask = len(keys) - 1
    slot = ((key ^ key >> 30) & 0x3FFFFFFF) * _HASH_FACTOR >> 20 & mask
    while keys[slot] and keys[slot] != key:
        slot = slot + 1 & mask
    values[slot] = value
    new = not keys[slot]
    keys[slot] = key
    return new


_COMPILED: Final = not __file__.endswith(".py")
"""Whether this module is compiled (:class:`IntTable` is a ``dict`` when it is not)."""


_coded_parts: Final = IntTable()
""":func:`_part_splits_of` of every part seen, keyed by its suit and counts packed three bits each."""
_bytes_parts: Final[tuple[dict[bytes, PartSplits], ...]] = ({}, {}, {}, {})
"""The same keyed by the part's counts as ``bytes`` (the interpreter's key: no packing)."""
_NO_TILES: Final = PartSplits(False, (PartSplit(-1, (), 0, 0, 0, 0, 0),))


def _coded_part(code: int, suit: int) -> PartSplits:
    if not code:
        return _NO_TILES
    key = code << 2 | suit
    known = _coded_parts.get(key)
    if known is not None:
        return cast(PartSplits, known)
    found = _part_splits_of(_splits_of(code, 9 if suit < 3 else 7, suit))
    _coded_parts.add(key, found)
    return found


PartSummaries = tuple[PartSplits, PartSplits, PartSplits, PartSplits]
"""The splits of a hand's four parts (man, pin, sou, honours); a split of the whole hand takes one
of each (see :func:`readings`)."""


def part_summaries_of_codes(man: int, pin: int, sou: int, honours: int) -> PartSummaries:
    """The splits of each part of a hand's concealed tiles, from each part's counts packed three
    bits a kind (the part's first kind in the highest bits; counts 0..4): the compiled scorer
    packs them from the tiles."""
    return _coded_part(man, 0), _coded_part(pin, 1), _coded_part(sou, 2), _coded_part(honours, 3)


def part_summaries(key: bytes) -> PartSummaries:
    """:func:`part_summaries_of_codes` of 34 counts given as ``bytes`` (each 0..4)."""
    parts: list[PartSplits] = []
    for suit, start, stop in _PARTS:
        part = key[start:stop]
        options = _bytes_parts[suit].get(part)
        if options is None:
            options = _bytes_parts[suit][part] = _part_splits_of(_part_splits(part, suit))
        parts.append(options)
    return parts[0], parts[1], parts[2], parts[3]


def readings(parts: PartSummaries) -> int:
    """How many splits of the whole hand into groups and exactly one pair the parts make: the
    product of their numbers of splits, or 0 if a part cannot be split or the pairs are not one."""
    man, pin, sou, honours = parts
    if man.has_pair + pin.has_pair + sou.has_pair + honours.has_pair != 1:
        return 0
    return man.count * pin.count * sou.count * honours.count


def reading(parts: PartSummaries, index: int) -> SplitSummary:
    """The split of the whole hand numbered ``index`` (0 to :func:`readings` - 1): one split of
    each part, counts and bit sets added up (the parts' kinds do not overlap), groups joined in
    order of kind."""
    man, pin, sou, honours = parts
    if not index:  # (the first or only reading: no divisions)
        a, b, c, d = man.splits[0], pin.splits[0], sou.splits[0], honours.splits[0]
    else:
        a = man.splits[index % man.count]
        index //= man.count
        b = pin.splits[index % pin.count]
        index //= pin.count
        c = sou.splits[index % sou.count]
        d = honours.splits[index // sou.count]
    # The pair is the one part's with a pair (the others' are -1); empty parts join nothing.
    pair = a.pair
    groups = a.groups
    if b.pair >= 0:
        pair = b.pair
    if b.groups:
        groups = groups + b.groups if groups else b.groups
    if c.pair >= 0:
        pair = c.pair
    if c.groups:
        groups = groups + c.groups if groups else c.groups
    if d.pair >= 0:
        pair = d.pair
    if d.groups:
        groups = groups + d.groups if groups else d.groups
    return (pair, groups, a.sequence_bits | b.sequence_bits | c.sequence_bits | d.sequence_bits,
            a.triplet_bits | b.triplet_bits | c.triplet_bits | d.triplet_bits,
            a.sequences + b.sequences + c.sequences + d.sequences,
            a.triplets + b.triplets + c.triplets + d.triplets, a.twins + b.twins + c.twins + d.twins)


def split_summaries(counts: Sequence[int]) -> list[SplitSummary]:
    """Every split of concealed ``counts`` into groups and exactly one pair, as the scorer reads
    them (:data:`SplitSummary`); the same splits as :func:`analysed_splits`."""
    parts = part_summaries(counts_key(counts))
    return [reading(parts, index) for index in range(readings(parts))]


def split_groups(counts: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """All (pair, groups) splits of concealed ``counts`` into groups and exactly one pair.

    Groups are codes (see the module docstring), ordered by lowest kind, a triplet first; each
    multiset of groups appears once.
    """
    return [(pair, groups) for pair, groups, _, _ in analysed_splits(counts_key(counts))]


_PARTS: Final[tuple[tuple[int, int, int], ...]] = ((0, 0, 9), (1, 9, 18), (2, 18, 27), (3, 27, 34))


@dataclass(frozen=True, slots=True)
class Group:
    """A group of a decomposition: a sequence (shuntsu) or a triplet (koutsu), by its lowest kind."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    kind: Literal["sequence", "triplet"]
    base: Kind

    def __str__(self) -> str:
        if self.kind == "sequence":
            return "".join(str(self.base % 9 + 1 + i) for i in range(3)) + "mpsz"[self.base // 9]
        return kind_to_str(self.base)[0] * 3 + "mpsz"[self.base // 9]


@dataclass(frozen=True, slots=True)
class Decomposition:
    """A complete concealed part split into groups and a pair."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    groups: tuple[Group, ...]
    pair: Kind

    def __str__(self) -> str:
        return " ".join([*(str(g) for g in self.groups), kind_to_str(self.pair)[0] * 2 +
                         "mpsz"[self.pair // 9]])


def decompositions(counts: Sequence[int]) -> list[Decomposition]:
    """Every split of concealed ``counts`` (34 entries) into groups and one pair.

    >>> from taku.mahjong.tiles import parse_kinds
    >>> for d in decompositions(parse_kinds("11122233344455m")):
    ...     print(d)
    111m 222m 333m 444m 55m
    111m 234m 234m 234m 55m
    111m 234m 345m 345m 22m
    123m 123m 123m 444m 55m
    """
    out = []
    for pair, groups in split_groups(counts):
        out.append(Decomposition(
            tuple(Group("triplet", g - TRIPLET) if g >= TRIPLET else Group("sequence", g)
                  for g in groups), pair))
    return sorted(out, key=lambda d: [(g.kind != "triplet", g.base) for g in d.groups])
