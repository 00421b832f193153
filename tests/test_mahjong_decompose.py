"""Decompositions of complete concealed tiles into groups and a pair (MJ-FLOW-06..08,
TV-GROUP-01..03), checked against hand-made answers and a brute-force enumeration."""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Sequence
from itertools import combinations_with_replacement

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from taku.mahjong.decompose import Decomposition, Group, decompositions, split_groups
from taku.mahjong.shanten import is_complete, shanten, shanten_chiitoitsu
from taku.mahjong.tiles import parse_kinds

SEQUENCES = [(s, s + 1, s + 2) for suit in range(3) for s in range(9 * suit, 9 * suit + 7)]
TRIPLETS = [(k, k, k) for k in range(34)]
GROUPS = SEQUENCES + TRIPLETS

Shape = tuple[tuple[tuple[str, int], ...], int]


def shape(decomposition: Decomposition) -> Shape:
    """A decomposition as a sorted multiset of (group kind, base) and its pair."""
    return tuple(sorted((g.kind, g.base) for g in decomposition.groups)), decomposition.pair


def texts(hand: str) -> list[str]:
    return [str(d) for d in decompositions(parse_kinds(hand))]


def group_tiles(group: Group) -> tuple[int, int, int]:
    base = group.base
    return (base, base, base) if group.kind == "triplet" else (base, base + 1, base + 2)


def assert_valid(decomposition: Decomposition, counts: Sequence[int]) -> None:
    """MJ-FLOW-07/08: groups are three consecutive numbers of one suit or three of a kind, and
    with the pair they use exactly the hand's tiles."""
    rebuilt = [0] * 34
    for group in decomposition.groups:
        if group.kind == "sequence":
            assert group.base < 27 and group.base % 9 <= 6, group  # no wrap, no honours
        else:
            assert group.kind == "triplet" and 0 <= group.base < 34
        for kind in group_tiles(group):
            rebuilt[kind] += 1
    rebuilt[decomposition.pair] += 2
    assert rebuilt == list(counts)


def brute_decompositions(counts: Sequence[int]) -> set[Shape]:
    """Every multiset of groups plus a pair that uses exactly ``counts``, by trying all
    combinations of the groups that fit in the hand."""
    total = sum(counts)
    if total % 3 != 2:
        return set()
    found: set[Shape] = set()
    for pair in range(34):
        if counts[pair] < 2:
            continue
        rest = list(counts)
        rest[pair] -= 2
        fitting = [g for g in GROUPS if all(rest[k] >= g.count(k) for k in g)]
        for combo in combinations_with_replacement(fitting, (total - 2) // 3):
            used = [0] * 34
            for group in combo:
                for kind in group:
                    used[kind] += 1
            if used == rest:
                found.add((tuple(sorted(("triplet" if g[0] == g[1] else "sequence", g[0])
                                        for g in combo)), pair))
    return found


# --- tricky hands ----------------------------------------------------------------------------------

def test_four_interpretations_of_11122233344455m() -> None:
    """The classic: triplets, three 234m, two 345m with a 22m pair, or three 123m."""
    assert texts("11122233344455m") == [
        "111m 222m 333m 444m 55m",
        "111m 234m 234m 234m 55m",
        "111m 234m 345m 345m 22m",
        "123m 123m 123m 444m 55m",
    ]


def test_ryanpeikou_shapes_of_22334455667788p() -> None:
    """Seven consecutive pairs: three ryanpeikou readings, and it is chiitoitsu as well."""
    assert texts("22334455667788p") == [
        "234p 234p 567p 567p 88p",
        "234p 234p 678p 678p 55p",
        "345p 345p 678p 678p 22p",
    ]
    counts = parse_kinds("22334455667788p")
    assert shanten_chiitoitsu(counts) == -1 and is_complete(counts)


def test_three_triplets_or_three_sequences() -> None:
    """``111222333m`` is 111m 222m 333m or 123m 123m 123m (sanankou vs iipeikou readings)."""
    assert texts("111222333m456p11z") == [
        "111m 222m 333m 456p 11z",
        "123m 123m 123m 456p 11z",
    ]
    assert texts("111222333m55z") == ["111m 222m 333m 55z", "123m 123m 123m 55z"]


def test_tv_group_03_concealed_four_is_a_triplet_plus_one() -> None:
    """TV-GROUP-03 / MJ-FLOW-08: four concealed 1m are 111m plus a 1m in 123m, never a quad,
    and the reading appears once."""
    assert texts("111123m456p789s55z") == ["111m 123m 456p 789s 55z"]
    assert texts("11112222333344m") == [
        "111m 123m 222m 333m 44m",
        "123m 123m 123m 123m 44m",
        "123m 123m 234m 234m 11m",
    ]


def test_tv_group_03_concealed_honour_four_never_completes() -> None:
    """Four concealed 1z cannot be a pair plus anything (a fifth would be needed)."""
    counts = parse_kinds("1111z123m456p789s5z")
    assert decompositions(counts) == []
    assert shanten(counts) >= 0


@pytest.mark.parametrize("hand", ["891m123p456p789s11z", "912m123p456p789s11z",
                                  "123z456m789m123p11s", "567z123m456m789m22p"])
def test_tv_group_02_and_mj_flow_07_no_wrap_no_honour_sequences(hand: str) -> None:
    """TV-GROUP-02: ``891m``, ``912m`` are not sequences; honours never form sequences."""
    counts = parse_kinds(hand)
    assert decompositions(counts) == []
    assert not is_complete(counts)


def test_tv_group_01_sequence_and_triplet() -> None:
    """TV-GROUP-01: ``456m`` is a sequence and ``444p`` a triplet."""
    (only,) = decompositions(parse_kinds("456m444p123s789s11z"))
    assert Group("sequence", 3) in only.groups and Group("triplet", 12) in only.groups
    assert str(only) == "456m 444p 123s 789s 11z"


def test_chuuren_poutou_every_win() -> None:
    """Nine gates plus each of its nine waits: each reading is found, checked by brute force."""
    base = parse_kinds("1112345678999m")
    for kind in range(9):
        counts = list(base)
        counts[kind] += 1
        found = decompositions(counts)
        assert found
        assert {shape(d) for d in found} == brute_decompositions(counts)


def test_decomposition_text_and_values() -> None:
    (only,) = decompositions(parse_kinds("123456789m11122z"))
    assert str(only) == "123m 456m 789m 111z 22z"
    assert only == Decomposition((Group("sequence", 0), Group("sequence", 3), Group("sequence", 6),
                                  Group("triplet", 27)), 28)
    assert str(Group("triplet", 33)) == "777z" and str(Group("sequence", 24)) == "789s"


@pytest.mark.parametrize("hand", ["", "1m", "123m", "1234m", "123m456p789s1122z", "11m22p",
                                  "123m456p789s12345z", "11z22z"])
def test_no_decomposition_without_exactly_one_pair(hand: str) -> None:
    """3n+2 tiles with exactly one pair, or nothing."""
    assert decompositions(parse_kinds(hand)) == []


@pytest.mark.parametrize(("hand", "expected"), [
    ("11m", 1), ("123m55p", 1), ("111m22m", 1), ("11122m", 1), ("11123m", 1),
    ("111222m33m", 1), ("11123455m", 1),
])
def test_smaller_concealed_parts(hand: str, expected: int) -> None:
    """With melds the concealed part has 2, 5, 8 or 11 tiles; it decomposes the same way."""
    counts = parse_kinds(hand)
    found = decompositions(counts)
    assert len(found) == expected
    assert {shape(d) for d in found} == brute_decompositions(counts)
    for decomposition in found:
        assert_valid(decomposition, counts)


def test_split_groups_codes_match_decompositions() -> None:
    counts = parse_kinds("11122233344455m")
    splits = split_groups(counts)
    assert len(splits) == len(set(splits)) == 4
    assert sorted(pair for pair, _ in splits) == [1, 4, 4, 4]


# --- against brute force ---------------------------------------------------------------------------

def random_complete(rng: random.Random, groups: int, kinds: Sequence[int]) -> list[int]:
    """Concealed counts of ``groups`` random groups and a pair within ``kinds`` (at most 4 copies)."""
    pool = [g for g in GROUPS if all(k in kinds for k in g)]
    while True:
        counts = [0] * 34
        for group in rng.choices(pool, k=groups):
            for kind in group:
                counts[kind] += 1
        counts[rng.choice(kinds)] += 2
        if max(counts) <= 4:
            return counts


@pytest.mark.parametrize("seed", range(4))
def test_none_missing_versus_brute_force(seed: int) -> None:
    """On seeded random complete hands (1-4 groups from all tiles, or 3-4 groups from four to
    six neighbouring numbers of one suit, where readings pile up) the decompositions are exactly the
    brute-force set: valid, none missing, none twice."""
    rng = random.Random(7000 + seed)
    several = 0
    for index in range(250):
        if index % 2:
            start = 9 * rng.randrange(3) + rng.randrange(4)
            kinds = list(range(start, start + rng.choice((4, 5, 6))))
            groups = rng.randint(3, 4)
        else:
            kinds = list(range(34))
            groups = rng.randint(1, 4)
        counts = random_complete(rng, groups, kinds)
        found = decompositions(counts)
        shapes = [shape(d) for d in found]
        assert len(shapes) == len(set(shapes)), found  # no reading twice
        assert set(shapes) == brute_decompositions(counts)
        for decomposition in found:
            assert_valid(decomposition, counts)
        several += len(found) > 1
    assert several > 25  # the sample does exercise hands with several readings


def test_packed_parts_read_as_the_bytes_parts() -> None:
    """The compiled scorer's path (each part's counts packed three bits a kind, looked up in a
    table of parts) gives the same readings as the interpreter's (``bytes`` keys), in the same
    order, on seeded random complete hands: enough distinct parts that the table doubles."""
    from taku.mahjong.decompose import (
        part_summaries,
        part_summaries_of_codes,
        reading,
        readings,
    )

    rng = random.Random(31)
    for index in range(3000):
        start = 9 * rng.randrange(3) + rng.randrange(4)
        kinds = list(range(start, start + 6)) if index % 2 else list(range(34))
        counts = random_complete(rng, rng.randint(1, 4), kinds)
        codes = []
        for first, size in ((0, 9), (9, 9), (18, 9), (27, 7)):
            code = 0
            for kind in range(first, first + size):
                code = code * 8 + counts[kind]
            codes.append(code)
        packed = part_summaries_of_codes(*codes)
        keyed = part_summaries(bytes(counts))
        assert readings(packed) == readings(keyed) > 0
        assert [reading(packed, n) for n in range(readings(packed))] == \
            [reading(keyed, n) for n in range(readings(keyed))]


@pytest.mark.parametrize("bits", [29, 60])
def test_int_table_keeps_every_value_through_growth(bits: int) -> None:
    """The scorer's int-keyed table (open addressing in two lists, doubled when half full; its
    keys: parts' packed counts below 2**29, payments' below 2**60) gives back what was stored under
    each key, and None for a key never stored, after three doublings."""
    import taku.mahjong.decompose
    from taku.mahjong.decompose import IntTable, PartSplit, PartSplits

    table = IntTable()
    rng = random.Random(3)
    keys = rng.sample(range(1, 1 << bits), 6000)
    stored = {key: PartSplits(key % 2 == 0, (PartSplit(-1, (key % 34,), 0, 0, 1, 0, 0),))
              for key in keys[:3000]}
    for key, part in stored.items():
        table.add(key, part)
    if taku.mahjong.decompose._COMPILED:  # (the interpreter's table is a dict)
        assert len(table.lists[0]) == 8192  # 1,024 slots at first
    assert all(table.get(key) is part for key, part in stored.items())
    assert all(table.get(key) is None for key in keys[3000:])


def test_int_table_shared_between_threads() -> None:
    """Threads adding to and reading one table at once (through its doublings) never read a key
    with another key's value, and every key added is found afterwards."""
    import sys
    import threading

    from taku.mahjong.decompose import IntTable

    table = IntTable()
    wrong: list[int] = []

    def work(first: int) -> None:
        for key in range(first, first + 3000):
            table.add(key * 7919, key)  # the value names its key
            for probe in (key * 7919, (key - 17) * 7919, (key + 40) * 7919):
                found = table.get(probe)
                if found is not None and found != probe // 7919:
                    wrong.append(probe)

    switch = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)  # switch threads as often as the interpreter allows
    try:
        threads = [threading.Thread(target=work, args=(1 + 1500 * n,)) for n in range(4)]
        for thread in threads:
            thread.start()
        for thread in threads:
            thread.join()
    finally:
        sys.setswitchinterval(switch)
    assert not wrong
    assert all(table.get(key * 7919) == key for key in range(1, 1 + 1500 * 3 + 3000))
    assert table.used == 1500 * 3 + 3000  # overlapping keys stored once


@st.composite
def complete_parts(draw: st.DrawFn) -> list[int]:
    groups = draw(st.lists(st.sampled_from(GROUPS), min_size=0, max_size=4))
    counts = [0] * 34
    for group in groups:
        for kind in group:
            counts[kind] += 1
    counts[draw(st.integers(0, 33))] += 2
    assume(max(counts) <= 4)
    return counts


@settings(max_examples=300, deadline=None)
@given(complete_parts())
def test_property_decompositions_are_valid_and_complete(counts: list[int]) -> None:
    found = decompositions(counts)
    assert found
    assert Counter(shape(d) for d in found) == Counter(brute_decompositions(counts))
    for decomposition in found:
        assert_valid(decomposition, counts)


@pytest.mark.parametrize(("counts", "message"), [
    ([5] + [0] * 33, "5 copies of 1m; there are only 4"),
    ([0] * 33, "34 tile counts expected, got 33"),
    ([1.0] * 34, "tile counts must be integers"),
    (None, "34 tile counts expected, got None"),
])
def test_decompositions_refuse_impossible_counts(counts: object, message: str) -> None:
    """Counts that are no hand (a fifth copy, a wrong length, not integers) are an error, not []."""
    from taku.mahjong.errors import InvalidHandError

    for function in (decompositions, split_groups):
        with pytest.raises(InvalidHandError, match=message.replace("[", r"\[")):
            function(counts)  # type: ignore[arg-type]
