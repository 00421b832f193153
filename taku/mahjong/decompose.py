"""Every way to split complete concealed tiles into groups (sequences and triplets) and a pair.

Internally a group is an ``int``: a sequence is its lowest kind (0..26), a triplet is ``34 + kind``.
Each suit's splits are computed once per distinct set of counts and then reused, so a look-up per
suit is all a call costs after warm-up.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from taku.mahjong.tiles import Kind, kind_to_str

TRIPLET = 34
"""Offset of triplet codes: ``TRIPLET + kind`` is a triplet of ``kind``; a code below 34 is a sequence."""

# A split of one part: (pair kind or -1, groups tuple).
_Split = tuple[int, tuple[int, ...]]
_suit_splits: dict[tuple[int, tuple[int, ...]], tuple[_Split, ...]] = {}


def _group_order(code: int) -> tuple[int, bool]:
    """Sort key of a group code: by lowest kind, a triplet before a sequence on the same kind."""
    return (code - TRIPLET, False) if code >= TRIPLET else (code, True)


def _split_suit(counts: list[int], offset: int, sequences: bool) -> list[_Split]:
    """All splits of one suit's counts (local indexes) into groups and at most one pair."""
    results: list[_Split] = []
    size = len(counts)

    def walk(start: int, pair: int, groups: list[int]) -> None:
        i = start
        while i < size and counts[i] == 0:
            i += 1
        if i == size:
            # A triplet and a sequence on the same tile are found in both orders: one split.
            results.append((pair, tuple(sorted(groups, key=_group_order))))
            return
        if counts[i] >= 3:
            counts[i] -= 3
            groups.append(TRIPLET + offset + i)
            walk(i, pair, groups)
            groups.pop()
            counts[i] += 3
        if sequences and i + 2 < size and counts[i + 1] and counts[i + 2]:
            counts[i] -= 1
            counts[i + 1] -= 1
            counts[i + 2] -= 1
            groups.append(offset + i)
            walk(i, pair, groups)
            groups.pop()
            counts[i] += 1
            counts[i + 1] += 1
            counts[i + 2] += 1
        if pair < 0 and counts[i] >= 2:
            counts[i] -= 2
            walk(i, offset + i, groups)
            counts[i] += 2

    walk(0, -1, [])
    return results


def _part_splits(part: tuple[int, ...], offset: int) -> tuple[_Split, ...]:
    key = (offset, part)
    found = _suit_splits.get(key)
    if found is None:
        if sum(part) % 3 == 1:
            found = ()
        else:
            found = tuple(sorted(set(_split_suit(list(part), offset, offset < 27))))
        _suit_splits[key] = found
    return found


def split_groups(counts: Sequence[int]) -> list[tuple[int, tuple[int, ...]]]:
    """All (pair, groups) splits of concealed ``counts`` into groups and exactly one pair.

    Groups are codes (see the module docstring), ordered by lowest kind, a triplet first; each
    multiset of groups appears once.
    """
    parts = []
    pairs_wanted = 0
    for offset in (0, 9, 18, 27):
        part = tuple(counts[offset:offset + (7 if offset == 27 else 9)])
        total = sum(part)
        if total == 0:
            continue
        remainder = total % 3
        if remainder == 1:
            return []
        if remainder == 2:
            pairs_wanted += 1
        splits = _part_splits(part, offset)
        if not splits:
            return []
        parts.append([s for s in splits if (s[0] >= 0) == (remainder == 2)])
    if pairs_wanted != 1:
        return []
    results: list[tuple[int, tuple[int, ...]]] = [(-1, ())]
    for options in parts:
        results = [(pair if pair >= 0 else p, groups + g)
                   for pair, groups in results for p, g in options]
    return results


@dataclass(frozen=True, slots=True)
class Group:
    """A group of a decomposition: a sequence (shuntsu) or a triplet (koutsu), by its lowest kind."""

    kind: Literal["sequence", "triplet"]
    base: Kind

    def __str__(self) -> str:
        if self.kind == "sequence":
            return "".join(str(self.base % 9 + 1 + i) for i in range(3)) + "mpsz"[self.base // 9]
        return kind_to_str(self.base)[0] * 3 + "mpsz"[self.base // 9]


@dataclass(frozen=True, slots=True)
class Decomposition:
    """A complete concealed part split into groups and a pair."""

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
