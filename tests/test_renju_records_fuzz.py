"""Mutated record files: every reader refuses them with a ``ValueError`` (a ``RecordError``, one line), never
another exception, and whatever it accepts the writers can write.

Each example starts from a valid file of one format (PSQ, SGF, move strings, RenLib, RenjuNet) and
changes up to four of its bytes: replaced, inserted (syntax characters of the formats among them) or
deleted. A RenLib root that claims a sibling once crashed the RenLib reader with an ``IndexError``.
"""

from __future__ import annotations

import pytest
from hypothesis import example, given, settings
from hypothesis import strategies as st

from taku.formats.renju import FORMATS, GameRecord, RecordError, write_psq, write_sgf
from taku.formats.renju.renlib import point_byte


def _renlib_seed() -> bytes:
    data = bytearray(b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x00")
    for point in GameRecord("h8 i9 j10 g7 h9").moves:
        data += bytes([point_byte(point), 0])
    data[-1] |= 0x40  # the last node ends its branch
    return bytes(data)


SEEDS = {
    "psq": write_psq(GameRecord("h8 i9 j10 g7 h9", black="Ann", white="Bo")).encode(),
    "sgf": write_sgf(GameRecord("h8 i9 j10 g7 h9 pass", black="A]b", white="B\\c", result="1-0")).encode(),
    "txt": b"h8i9j10\nh8 pass i9\n",
    "lib": _renlib_seed(),
    "xml": b'<?xml version="1.0"?><database><players><player id="1" name="A" surname="B"/></players>'
    b'<rules><rule id="1" name="RIF"/></rules><games><game id="1" black="1" white="1" rule="1" '
    b'bresult="1"><move>h8 i9 j10</move></game></games></database>',
}
INSERTED = b'()[];,\\0123456789abcdefghopqrstuvwxyz<>/"= \n\xff\x00\x80\xc3'

# (kind, where as a fraction of the length, byte): kind 0 replaces, 1 inserts, 2 deletes.
MUTATIONS = st.lists(
    st.tuples(st.integers(0, 2), st.floats(0, 1), st.integers(0, 255)), min_size=1, max_size=4
)


def mutate(seed: bytes, mutations: list[tuple[int, float, int]]) -> bytes:
    data = bytearray(seed)
    for kind, where, value in mutations:
        at = min(int(where * len(data)), max(len(data) - 1, 0))
        if kind == 1:
            data[at:at] = bytes([INSERTED[value % len(INSERTED)]])
        elif data and kind == 0:
            data[at] = value
        elif data:
            del data[at]
    return bytes(data)


def test_seeds_are_valid_files() -> None:
    for name, seed in SEEDS.items():
        assert FORMATS[name].reader(seed, 15), name


@pytest.mark.parametrize("name", list(SEEDS))
@settings(max_examples=150, deadline=None)
@given(mutations=MUTATIONS)
@example(mutations=[(0, 0.66, 0x80)])  # in the RenLib seed: the root claims a sibling (byte 21)
@example(mutations=[(1, 0.75, 187)])  # in the SGF seed: a line break inside a point W[ig\n]
def test_mutated_files_raise_only_record_errors(name: str, mutations: list[tuple[int, float, int]]) -> None:
    data = mutate(SEEDS[name], mutations)
    try:
        games = FORMATS[name].reader(data, 15)
    except ValueError as error:
        assert isinstance(error, RecordError) and "\n" not in str(error), repr(error)
        return
    for game in games:
        for writable in ("sgf", "txt"):
            writer = FORMATS[writable].writer
            assert writer is not None
            writer([game])
        try:
            write_psq(game)
        except RecordError:  # a pass: PSQ has none
            assert None in game.moves


def test_renlib_root_with_a_sibling_flag_is_a_record_error() -> None:
    # The reviewer's crash: the root (00 80) claims a sibling, then a branch ends (40) back to it.
    data = b"\xffRenLib\xff\x03\x04" + b"\xff" * 10 + b"\x00\x80\x78\x40\x69\x00"
    with pytest.raises(RecordError, match=r"^RenLib node 1, byte 20: the root \(the empty board\) cannot"):
        FORMATS["lib"].reader(data, 15)
