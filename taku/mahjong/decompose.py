"""Every way to split complete concealed tiles into groups (sequences and triplets) and a pair.

Internally a group is an ``int``: a sequence is its lowest kind (0..26), a triplet is ``34 + kind``.
Each suit's splits are computed once per distinct set of counts and then reused, so a look-up per
suit is all a call costs after warm-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any, Final, Literal

from taku.mahjong.tiles import Kind, counts_key, kind_to_str
from taku.values import reduce_value

TRIPLET: Final = 34
"""Offset of triplet codes: ``TRIPLET + kind`` is a triplet of ``kind``; a code below 34 is a sequence."""

# A split of one part: (pair kind or -1, groups tuple).
_Split = tuple[int, tuple[int, ...]]
# Per part (man, pin, sou, honours): counts -> every split (all with a pair when the part's size
# is 2 mod 3, all without one when it is 0 mod 3), empty when the counts cannot be split.
# Filled on first sight of each set of counts.
_PartTable = dict[bytes, tuple[_Split, ...]]
_part_tables: Final[tuple[_PartTable, _PartTable, _PartTable, _PartTable]] = ({}, {}, {}, {})


def _group_order(code: int) -> tuple[int, bool]:
    """Sort key of a group code: by lowest kind, a triplet before a sequence on the same kind."""
    return (code - TRIPLET, False) if code >= TRIPLET else (code, True)


def _part_splits(part: bytes, suit: int) -> tuple[_Split, ...]:
    """Every split of one part's counts (empty if there is none), memoised with its sub-parts.

    The leftmost tile present starts a triplet, a sequence or the pair; what is left is a smaller
    part of the same suit, looked up (or split) the same way.
    """
    table = _part_tables[suit]
    found = table.get(part)
    if found is not None:
        return found
    size = len(part)
    i = 0
    while i < size and not part[i]:
        i += 1
    if i == size:
        found = ((-1, ()),)
    elif sum(part) % 3 == 1:
        found = ()
    else:
        offset = suit * 9
        count = part[i]
        splits: set[_Split] = set()
        rest = list(part)
        if count >= 3:
            rest[i] -= 3
            triplet = TRIPLET + offset + i
            for pair, groups in _part_splits(bytes(rest), suit):
                splits.add((pair, (triplet, *groups)))
            rest[i] += 3
        if suit < 3 and i + 2 < size and part[i + 1] and part[i + 2]:
            rest[i] -= 1
            rest[i + 1] -= 1
            rest[i + 2] -= 1
            for pair, groups in _part_splits(bytes(rest), suit):
                # A triplet on the same tile sorts first: the split is kept in one order.
                splits.add((pair, tuple(sorted((offset + i, *groups), key=_group_order))))
            rest[i] += 1
            rest[i + 1] += 1
            rest[i + 2] += 1
        if count >= 2 and sum(part) % 3 == 2:
            rest[i] -= 2
            for pair, groups in _part_splits(bytes(rest), suit):
                if pair < 0:
                    splits.add((offset + i, groups))
        found = tuple(sorted(splits))
    table[part] = found
    return found


AnalysedSplit = tuple[int, tuple[int, ...], tuple[int, ...], tuple[int, ...]]
"""A split with its groups sorted out: (pair, groups, sequence bases, triplet kinds)."""

_part_analyses: Final[tuple[dict[bytes, tuple[AnalysedSplit, ...]], ...]] = ({}, {}, {}, {})


def _part_analysis(part: bytes, suit: int) -> tuple[AnalysedSplit, ...]:
    """:func:`_part_splits` with each split's sequences and triplets listed (memoised)."""
    found = tuple((pair, groups, tuple(c for c in groups if c < TRIPLET),
                   tuple(c - TRIPLET for c in groups if c >= TRIPLET))
                  for pair, groups in _part_splits(part, suit))
    _part_analyses[suit][part] = found
    return found


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
    return _combine([_coded_analysis(man, counts, 0), _coded_analysis(pin, counts, 1),
                     _coded_analysis(sou, counts, 2), _coded_analysis(code, counts, 3)])


def _coded_analysis(code: int, counts: tuple[int, ...], suit: int) -> tuple[AnalysedSplit, ...]:
    found = _coded_analyses[suit].get(code)
    if found is None:
        start = 9 * suit
        part = bytes(counts[start:start + 9])
        found = _part_analyses[suit].get(part)
        if found is None:
            found = _part_analysis(part, suit)
        _coded_analyses[suit][code] = found
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


def split_groups(counts: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """All (pair, groups) splits of concealed ``counts`` into groups and exactly one pair.

    Groups are codes (see the module docstring), ordered by lowest kind, a triplet first; each
    multiset of groups appears once.
    """
    return [(pair, groups) for pair, groups, _, _ in analysed_splits(counts_key(counts))]


_PARTS: Final = ((0, 0, 9), (1, 9, 18), (2, 18, 27), (3, 27, 34))


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
