"""Tenhou's walls, rebuilt from the ``SHUFFLE seed`` of an mjlog.

The seed ``mt19937ar-sha512-n288-base64,<2,496 bytes in base64>`` fixes every wall of a match
(``../shared/reference/TENHOU_LOGS.md``, "The wall"):

- the bytes are 624 little-endian 32-bit words, the key of MT19937's ``init_by_array``;
- per hand (each ``INIT`` in file order, renchan and draws included) the generator gives 288
  words; each 128-byte chunk of them (little-endian) is hashed with SHA-512, and the 576 bytes
  of hashes are read as 144 little-endian words ``rnd``;
- tiles 0..135 are shuffled by swapping position ``i`` with ``i + rnd[i] % (136 - i)`` for
  ``i`` in 0..134; the dice are ``rnd[135] % 6 + 1`` and ``rnd[136] % 6 + 1``;
- the shuffled list read backwards is the draw order: 52 tiles dealt 4-4-4 from the dealer round
  the table, then one each, then the live draws; the dead wall is the start of the shuffled list
  (dora indicator at 5, kan-dora at 7, 9, 11, 13, ura at 4, 6, 8, 10, 12, rinshan 1, 0, 3, 2).

>>> seed = "mt19937ar-sha512-n288-base64," + "A" * 3328
>>> wall = tenhou_walls(seed, 1)[0]
>>> len(wall.tiles), sorted(wall.tiles) == list(range(136)), wall.dice
(136, True, (6, 2))
"""

from __future__ import annotations

import base64
import binascii
import hashlib
import random
import struct
from dataclasses import dataclass

from taku.formats.mahjong.record import RecordError
from taku.mahjong.seats import seat_of_wind

SEED_PREFIX = "mt19937ar-sha512-n288-base64,"
"""The seed form this module reads (every Tenhou log since 2010)."""

_KEY_WORDS = 624
_N = 624


@dataclass(frozen=True, slots=True)
class TenhouWall:
    """One hand's wall as Tenhou built it: tile ids (0..135) in draw order, dice and dead wall."""

    tiles: tuple[int, ...]
    """All 136 tile ids in draw order: ``tiles[:52]`` are dealt (4-4-4 to each seat from the dealer
    on, then one each), live draws follow from ``tiles[52]``; the last 14 are the dead wall."""
    dice: tuple[int, int]
    """The two dice, 1..6 each (``INIT seed`` fields 3 and 4 hold each minus one)."""
    dora_indicators: tuple[int, ...]
    """The dora indicator, then the four kan-dora indicators in the order they are revealed."""
    ura_indicators: tuple[int, ...]
    """The five ura-dora indicators, each under the matching entry of :attr:`dora_indicators`."""
    rinshan: tuple[int, ...]
    """The four replacement tiles (after kans), in the order they are drawn."""

    def haipai(self, dealer: int) -> tuple[tuple[int, ...], ...]:
        """The 13-tile starting hands of seats 0..3 (in deal order) when ``dealer`` deals."""
        hands: list[list[int]] = [[] for _ in range(4)]
        for block in range(3):
            for turn in range(4):
                start = (block * 4 + turn) * 4
                hands[seat_of_wind(turn, dealer)].extend(self.tiles[start:start + 4])
        for turn in range(4):
            hands[seat_of_wind(turn, dealer)].append(self.tiles[48 + turn])
        return tuple(tuple(hand) for hand in hands)

    @property
    def live(self) -> tuple[int, ...]:
        """The 70 live draws of a hand without kans (each kan takes one from the end)."""
        return self.tiles[52:122]


def _init_by_array(key: tuple[int, ...]) -> list[int]:
    """MT19937's state after ``init_by_array(key)`` (Matsumoto and Nishimura's mt19937ar.c)."""
    mt = [0] * _N
    mt[0] = 19650218
    for i in range(1, _N):
        mt[i] = (1812433253 * (mt[i - 1] ^ (mt[i - 1] >> 30)) + i) & 0xFFFFFFFF
    i, j = 1, 0
    for _ in range(max(_N, len(key))):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1664525)) + key[j] + j) & 0xFFFFFFFF
        i += 1
        j += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
        if j >= len(key):
            j = 0
    for _ in range(_N - 1):
        mt[i] = ((mt[i] ^ ((mt[i - 1] ^ (mt[i - 1] >> 30)) * 1566083941)) - i) & 0xFFFFFFFF
        i += 1
        if i >= _N:
            mt[0] = mt[_N - 1]
            i = 1
    mt[0] = 0x80000000
    return mt


def _generator(seed: str) -> random.Random:
    """A Mersenne Twister keyed by the seed's 624 words."""
    if not seed.startswith(SEED_PREFIX):
        form = seed.split(",", 1)[0] if "," in seed else seed[:40]
        raise RecordError(f"unsupported Tenhou shuffle seed form {form!r}: expected "
                          f"{SEED_PREFIX}<base64>")
    try:
        raw = base64.b64decode(seed[len(SEED_PREFIX):], validate=True)
    except (binascii.Error, ValueError) as error:
        raise RecordError(f"Tenhou shuffle seed is not valid base64: {error}") from None
    if len(raw) != 4 * _KEY_WORDS:
        raise RecordError(f"Tenhou shuffle seed holds {len(raw)} bytes, expected {4 * _KEY_WORDS}")
    # Random(int) would drop high zero words of the key, so set the state init_by_array gives.
    generator = random.Random()
    state = _init_by_array(struct.unpack(f"<{_KEY_WORDS}I", raw))
    generator.setstate((3, (*state, _N), None))
    return generator


def _hand_wall(generator: random.Random) -> TenhouWall:
    words = [generator.getrandbits(32) for _ in range(288)]
    packed = struct.pack("<288I", *words)
    digest = b"".join(hashlib.sha512(packed[i:i + 128]).digest() for i in range(0, len(packed), 128))
    rnd = struct.unpack("<144I", digest)
    shuffled = list(range(136))
    for i in range(135):
        j = i + rnd[i] % (136 - i)
        shuffled[i], shuffled[j] = shuffled[j], shuffled[i]
    return TenhouWall(
        tiles=tuple(reversed(shuffled)),
        dice=(rnd[135] % 6 + 1, rnd[136] % 6 + 1),
        dora_indicators=tuple(shuffled[i] for i in (5, 7, 9, 11, 13)),
        ura_indicators=tuple(shuffled[i] for i in (4, 6, 8, 10, 12)),
        rinshan=tuple(shuffled[i] for i in (1, 0, 3, 2)),
    )


def tenhou_walls(seed: str, hands: int) -> list[TenhouWall]:
    """The walls of the first ``hands`` hands of the match with this ``SHUFFLE seed`` value.

    Raises :class:`RecordError` for a seed that is not ``mt19937ar-sha512-n288-base64,...`` with
    2,496 bytes.
    """
    if hands < 0:
        raise ValueError(f"hands must be >= 0, got {hands}")
    generator = _generator(seed)
    return [_hand_wall(generator) for _ in range(hands)]
