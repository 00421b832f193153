#!/usr/bin/env python3
"""Regenerate ``taku/mahjong/_shanten_table.py``: the shanten entry of every suit's nine counts.

The entry of a suit (the most tiles it can give to m groups and h pairs) is computed by the exact
dynamic programme in :mod:`taku.mahjong.shanten`. There are 405,350 suits of at most 14 tiles but
only about 130 distinct entries, so the table stores one byte per suit (the index of its entry),
the suits in lexicographic order (``shanten._suit_rank``), compressed with zlib and written as
base64. The module loads it with one ``b64decode`` and one ``decompress`` (about a millisecond);
the entries are written as hexadecimal strings, which compile much faster than tuples of ints
(when no bytecode cache is written, every process compiles the module).
Takes about two minutes (``--keep-table``: seconds, reusing the shipped table and entries and
writing the compiled build's tables again).

DENSE holds the compiled build's tables (``taku.mahjong.shanten._load_dense_tables``), also
base64 of zlib: the heads and tails of the suits' ranks (``shanten._suit_part``, four bytes
each, lowest first), the honours' entry by how many are held once, twice, three and four times,
the values of every entry a suit, the honours or the merge of two of them can have, and the
merge of each suit entry with each suit or honour entry, all as indices into those values.
"""

from __future__ import annotations

import base64
import importlib
import itertools
import sys
import textwrap
import zlib
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

shanten = importlib.import_module("taku.mahjong.shanten")


def dense_tables(suit_entries: list[tuple[int, ...]]) -> tuple[bytes, int]:
    """The compiled build's tables (the layout ``shanten._load_dense_tables`` reads) and how many
    entries they hold; ``suit_entries`` are the shipped table's, in its order."""
    heads = b"".join(shanten._suit_part(0, 5, code, shanten._MAX_SUIT_TILES).to_bytes(4, "little")
                     for code in range(5 ** 5))
    tails = b"".join(shanten._suit_part(5, 4, code % 625, shanten._MAX_SUIT_TILES - code // 625)
                     .to_bytes(4, "little") for code in range((shanten._MAX_SUIT_TILES + 1) * 625))
    values = list(suit_entries)
    index = {entry: i for i, entry in enumerate(values)}

    def index_of(entry: tuple[int, ...]) -> int:
        if entry not in index:
            index[entry] = len(values)
            values.append(entry)
        return index[entry]

    honours = bytearray(b"\xff" * 8 ** 4)  # by the counts held 1, 2, 3, 4 times, three bits each
    for shape in itertools.combinations_with_replacement(range(5), 7):
        held = sum(1 << 3 * count >> 3 for count in shape)
        honours[held] = index_of(shanten._honor_entry(bytes(shape)))
    honour_indices = sorted(set(honours) - {255})
    pairs = bytearray(b"\xff" * (len(suit_entries) * 256))
    for a, x in enumerate(suit_entries):
        for b in [*range(len(suit_entries)), *honour_indices]:
            pairs[a << 8 | b] = index_of(shanten._merge(x, values[b]))
    assert len(values) < 255 and all(0 <= used < 256 for entry in values for used in entry)
    return heads + tails + bytes(honours) + bytes(pairs) + bytes(u for e in values for u in e), len(values)


def shipped_table() -> tuple[bytes, list[tuple[int, ...]]]:
    """The table and entries in ``taku/mahjong/_shanten_table.py`` now."""
    from taku.mahjong._shanten_table import DATA, ENTRIES

    digits = [int(digit, 16) for digit in ENTRIES]
    return zlib.decompress(base64.b64decode(DATA)), [tuple(digits[i:i + 10])
                                                      for i in range(0, len(digits), 10)]


def main() -> None:
    if "--keep-table" in sys.argv[1:]:
        table, ordered = shipped_table()
        write(table, ordered)
        return
    entries: dict[tuple[int, ...], int] = {}
    table = bytearray()

    def walk(prefix: list[int], remaining: int) -> None:
        if len(prefix) == 9:
            suit = bytes(prefix)
            assert shanten._suit_rank(suit) == len(table)
            table.append(entries.setdefault(shanten._suit_entry_dp(suit), len(entries)))
            return
        for count in range(min(4, remaining) + 1):
            prefix.append(count)
            walk(prefix, remaining - count)
            prefix.pop()

    walk([], shanten._MAX_SUIT_TILES)
    assert len(table) == shanten._TABLE_SIZE and len(entries) < 256
    write(bytes(table), sorted(entries, key=entries.__getitem__))


def write(table: bytes, ordered: list[tuple[int, ...]]) -> None:
    """Write the module: the suit table, its entries (in the order the table's bytes index them)
    and the compiled build's tables."""
    packed = base64.b64encode(zlib.compress(table, 9)).decode()
    assert all(0 <= used < 16 for entry in ordered for used in entry)
    dense, dense_entries = dense_tables(ordered)
    dense_packed = base64.b64encode(zlib.compress(dense, 9)).decode()
    out = ROOT / "taku" / "mahjong" / "_shanten_table.py"
    with out.open("w") as f:
        f.write('"""Generated by tools/gen_shanten_table.py: do not edit.\n\n'
                "ENTRIES holds the distinct suit entries, ten hexadecimal digits each: the most tiles\n"
                "used by m groups and h pairs, digit h*5+m. DATA is base64 of the zlib-compressed\n"
                "table: one byte per suit of at most 14 tiles, the index of its entry, the suits in\n"
                "lexicographic order of their nine counts (``taku.mahjong.shanten._suit_rank``).\n"
                "DENSE (base64 of zlib too) holds the compiled build's tables, DENSE_ENTRIES entry\n"
                "values among them (``taku.mahjong.shanten._load_dense_tables``).\n"
                "The data are single string constants (adjacent literals are joined when the module\n"
                'is compiled), which compile faster than tuples."""\n\n')
        f.write("ENTRIES = (\n")
        for entry in ordered:
            f.write(f'    "{"".join(f"{used:x}" for used in entry)}"\n')
        f.write(")\n\nDATA = (\n")
        for line in textwrap.wrap(packed, 96):
            f.write(f'    "{line}"\n')
        f.write(f")\n\nDENSE_ENTRIES = {dense_entries}\n\nDENSE = (\n")
        for line in textwrap.wrap(dense_packed, 96):
            f.write(f'    "{line}"\n')
        f.write(")\n")
    print(f"{len(table)} suits, {len(ordered)} entries, {len(packed)} characters; compiled build's "
          f"tables: {len(dense)} bytes, {dense_entries} entries, {len(dense_packed)} characters -> {out}")


if __name__ == "__main__":
    main()
