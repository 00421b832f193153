"""Batch shanten (issue 10): ``shanten_batch`` in the core and ``shanten_array`` (NumPy) above it
give, hand for hand, what the single call ``shanten`` gives, and reject bad input with a clear
error."""

from __future__ import annotations

import random
from array import array

import pytest

from taku.mahjong.errors import InvalidHandError
from taku.mahjong.shanten import shanten, shanten_batch
from taku.mahjong.tiles import parse_kinds


def _random_hands(seed: int, count: int) -> tuple[list[list[int]], list[int]]:
    """Random draws of 1..14 tiles from a full set, and a meld count that fits each size."""
    rng = random.Random(seed)
    hands, melds = [], []
    kinds = [kind for kind in range(34) for _ in range(4)]
    for _ in range(count):
        rng.shuffle(kinds)
        meld_count = rng.randint(0, 4)
        size = 14 - 3 * meld_count - rng.randint(0, 1)  # 3n+2 or 3n+1 tiles
        counts = [0] * 34
        for kind in kinds[:size]:
            counts[kind] += 1
        hands.append(counts)
        melds.append(meld_count)
    return hands, melds


def test_batch_equals_single_call_on_random_hands() -> None:
    hands, melds = _random_hands(7, 3000)
    expected = [shanten(h, m) for h, m in zip(hands, melds, strict=True)]
    assert list(shanten_batch(hands, melds)) == expected
    blob = b"".join(bytes(h) for h in hands)
    assert list(shanten_batch(blob, melds)) == expected
    assert list(shanten_batch(bytearray(blob), melds)) == expected
    closed = [shanten(h) for h in hands]
    assert list(shanten_batch(memoryview(blob))) == closed  # one meld count for all: 0


def test_batch_special_forms_and_tenpai() -> None:
    # kokushi tenpai, seven pairs tenpai, a complete regular hand, two groups and a partial (3)
    texts = ["19m19p19s1234567z", "1122m3344p5566s7z", "123m456p789s11122z", "123m456p78s1357z"]
    hands = [parse_kinds(t) for t in texts]
    result = shanten_batch(hands)
    assert isinstance(result, array) and result.typecode == "b"
    assert list(result) == [0, 0, -1, 3] == [shanten(h) for h in hands]


def test_batch_of_no_hands() -> None:
    assert list(shanten_batch(b"")) == []
    assert list(shanten_batch([])) == []


@pytest.mark.parametrize(("counts", "message"), [
    (bytes(35), "34 tile counts per hand expected, got 35"),
    (bytes(34) + b"\x05" + bytes(33), "hand 1: 5 copies of 1m"),
    ([[0] * 33], "hand 0: 34 tile counts expected, got 33"),
    (12, "hands of 34 tile counts expected"),
    (array("i", [0] * 34), r"must be bytes \(uint8 or int8\)"),
])
def test_batch_rejects_bad_counts(counts: object, message: str) -> None:
    with pytest.raises(InvalidHandError, match=message):
        shanten_batch(counts)


def test_batch_rejects_bad_meld_counts() -> None:
    with pytest.raises(InvalidHandError, match="0 to 4 melds expected, got 5"):
        shanten_batch(bytes(34), 5)
    with pytest.raises(InvalidHandError, match="2 hands but 1 meld counts"):
        shanten_batch(bytes(68), [0])


def test_shanten_array_numpy() -> None:
    np = pytest.importorskip("numpy")
    from taku.mahjong_batch import shanten_array

    hands, melds = _random_hands(11, 1000)
    expected = [shanten(h, m) for h, m in zip(hands, melds, strict=True)]
    counts = np.array(hands)  # int64: converted
    result = shanten_array(counts, np.array(melds))
    assert result.dtype == np.int8 and result.shape == (1000,)
    assert result.tolist() == expected
    grid = shanten_array(counts.reshape(10, 100, 34), np.array(melds).reshape(10, 100))
    assert grid.shape == (10, 100) and grid.reshape(-1).tolist() == expected
    assert shanten_array(counts[:, ::-1][:, ::-1]).tolist() == [shanten(h) for h in hands]  # a view
    with pytest.raises(InvalidHandError, match=r"shape \(\.\.\., 34\)"):
        shanten_array(np.zeros((3, 33), dtype=np.uint8))
    with pytest.raises(InvalidHandError, match=r"0\.\.4, got -1"):
        shanten_array(np.full((2, 34), -1))
    with pytest.raises(InvalidHandError, match="integers"):
        shanten_array(np.zeros((2, 34)))
    with pytest.raises(InvalidHandError, match=r"meld counts of shape \(2,\)"):
        shanten_array(np.zeros((2, 34), dtype=np.uint8), np.zeros(3, dtype=np.int64))
