"""The wall: 136 tiles in the order they are taken, with the dead wall's fixed places.

A :class:`Wall` lists the tiles from the break: ``tiles[0:52]`` are dealt (four at a time to each
seat from the dealer, three rounds, then one each), ``tiles[52:]`` are drawn in order, and the last
seven stacks, ``tiles[122:136]``, are the dead wall (MJ-FLOW-20). Stack ``k`` is
``tiles[2k]`` (top) and ``tiles[2k + 1]`` (bottom). In the dead wall (MJ-FLOW-20 [GAP], standard
layout, the same as Tenhou's):

- replacement tiles (rinshan) come from the far end: ``tiles[134]``, ``[135]``, ``[132]``,
  ``[133]``;
- the dora indicator is the top of the third stack from that end, ``tiles[130]``, and kan-dora
  indicators follow towards the live wall: ``[128]``, ``[126]``, ``[124]``, ``[122]``;
- each ura indicator lies under its indicator: ``[131]``, ``[129]``, ``[127]``, ``[125]``, ``[123]``.

Every kan moves the last live tile into the dead wall, so after ``k`` kans the live wall ends at
``tiles[122 - k]`` and the dead wall still holds 14 tiles (MJ-FLOW-20, MJ-HAITEI-05).

>>> wall = Wall.shuffled(7)
>>> len(wall.tiles), wall.dora_indicators[0] == wall.tiles[130]
(136, True)
"""

from __future__ import annotations

import random
from collections import Counter
from collections.abc import Iterable
from dataclasses import dataclass
from typing import Any, Final

from taku.mahjong.errors import MahjongError
from taku.mahjong.tiles import Tile, tiles_to_str
from taku.values import reduce_value

DEAL = 52
"""Tiles dealt at the start (13 to each seat)."""
LIVE_END = 122
"""Where the live wall ends before any kan (70 draws, the dealer's 14th tile included)."""
RINSHAN = (134, 135, 132, 133)
"""Places of the four replacement tiles, in the order they are drawn."""
DORA = (130, 128, 126, 124, 122)
"""Places of the dora indicator and the four kan-dora indicators."""
URA = (131, 129, 127, 125, 123)
"""Places of the ura-dora indicators, under each indicator."""


def deal_order() -> tuple[tuple[int, ...], ...]:
    """For each seat counted from the dealer (0..3), the places of ``tiles[0:52]`` it is dealt."""
    seats: list[list[int]] = [[], [], [], []]
    place = 0
    for _ in range(3):
        for seat in range(4):
            seats[seat].extend(range(place, place + 4))
            place += 4
    for seat in range(4):
        seats[seat].append(place)
        place += 1
    return tuple(tuple(s) for s in seats)


DEAL_ORDER = deal_order()
_FOUR_EACH: Final = [4] * 34


class InvalidWallError(MahjongError):
    """A wall that is not the 136 tiles of a set (wrong count, a fifth copy, wrong red fives)."""


def tile_set(red_fives: tuple[int, int, int] = (0, 0, 0)) -> list[Tile]:
    """The 136 tiles of a set, in kind order, with ``red_fives`` red fives of man, pin, sou."""
    key = tuple(red_fives)
    found = _TILE_SETS.get(key)
    if found is None:
        tiles: list[Tile] = []
        for kind in range(34):
            red = red_fives[kind // 9] if kind in (4, 13, 22) else 0
            if red:
                tiles.extend([Tile(kind, True)] * red)
            tiles.extend([Tile(kind)] * (4 - red))
        found = _TILE_SETS[key] = tuple(tiles)  # (checked by the caller's Wall, or by Tile)
    return list(found)


_TILE_SETS: Final[dict[tuple[int, ...], tuple[Tile, ...]]] = {}
"""The sets built so far, by red fives (a new wall copies one instead of building 136 tiles)."""


def _shuffle(rng: random.Random, tiles: list[Tile]) -> None:
    """``rng.shuffle(tiles)``, the same permutation from the same generator state (CPython's
    algorithm: Fisher-Yates from the end, each index drawn by rejection from ``getrandbits``),
    without the interpreted loop of the ``random`` module (about 10x faster compiled)."""
    getrandbits = rng.getrandbits
    i = len(tiles) - 1
    while i > 0:
        n = i + 1
        k = n.bit_length()
        j: int = getrandbits(k)
        while j >= n:
            j = getrandbits(k)
        tiles[i], tiles[j] = tiles[j], tiles[i]
        i -= 1


@dataclass(frozen=True, slots=True)
class Wall:
    """The 136 tiles from the break in taking order, and the dice that chose the break."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    tiles: tuple[Tile, ...]
    dice: tuple[int, int] = (1, 1)

    def __post_init__(self) -> None:
        if not isinstance(self.tiles, tuple) or len(self.tiles) != 136 or \
                not all(isinstance(t, Tile) for t in self.tiles):
            count = len(self.tiles) if isinstance(self.tiles, tuple) else "no tuple"
            raise InvalidWallError(f"a wall is a tuple of 136 tiles, got {count}")
        counts = [0] * 34  # (a list, not a Counter: every new hand's wall is checked)
        for tile in self.tiles:
            counts[tile.kind] += 1
        if counts != _FOUR_EACH:
            kinds = Counter(t.kind for t in self.tiles)
            extra = sorted(k for k, n in kinds.items() if n != 4)
            raise InvalidWallError(
                "a wall holds four of each kind, got "
                + ", ".join(f"{kinds[k]} of {Tile(k)}" for k in extra))
        if len(self.dice) != 2 or any(type(d) is not int or not 1 <= d <= 6 for d in self.dice):
            raise InvalidWallError(f"dice are two numbers 1..6, got {self.dice!r}")

    @classmethod
    def shuffled(cls, seed: int | str | bytes, red_fives: tuple[int, int, int] = (0, 0, 0)) -> Wall:
        """A reproducible random wall: the set shuffled and the break chosen by two dice.

        The tiles are laid in four walls of 17 stacks (the dealer's first, then counter-clockwise);
        the dice total ``d`` picks the wall ``(d - 1) % 4`` seats counter-clockwise from the
        dealer, and the break is ``d`` stacks from that wall's right end; tiles are taken clockwise
        from there.
        """
        rng = random.Random(seed if not isinstance(seed, int) else f"taku-wall-{seed}")
        physical = tile_set(red_fives)
        _shuffle(rng, physical)
        dice = (rng.randint(1, 6), rng.randint(1, 6))
        total = dice[0] + dice[1]
        # Stacks are numbered clockwise in drawing direction; the chosen wall's right end is
        # its first stack in that direction.
        wall_index = (4 - (total - 1) % 4) % 4
        start = 2 * (17 * wall_index + total)
        return cls(tuple(physical[start:] + physical[:start]), dice)

    @classmethod
    def from_str(cls, text: object) -> Wall:  # text checked by parse_tiles (see Tile.__init__)
        """A wall from MPSZ notation of its 136 tiles in taking order."""
        from taku.mahjong.tiles import parse_tiles
        return cls(parse_tiles(text))

    def __str__(self) -> str:
        return tiles_to_str(self.tiles)

    def __repr__(self) -> str:
        return f"Wall.from_str({str(self)!r})"

    def hand(self, seat: int) -> tuple[Tile, ...]:
        """The 13 tiles dealt to ``seat`` (counted from the dealer, 0..3)."""
        return tuple(self.tiles[i] for i in DEAL_ORDER[seat])

    @property
    def dora_indicators(self) -> tuple[Tile, ...]:
        """The five indicator places: the dora indicator, then the kan-dora indicators."""
        return tuple(self.tiles[i] for i in DORA)

    @property
    def ura_indicators(self) -> tuple[Tile, ...]:
        """The five ura-dora indicator places, in the same order."""
        return tuple(self.tiles[i] for i in URA)


def wall_from_parts(hands: Iterable[Iterable[Tile]], draws: Iterable[Tile],
                    rinshan: Iterable[Tile] = (), dora: Iterable[Tile] = (),
                    ura: Iterable[Tile] = (), red_fives: tuple[int, int, int] = (0, 0, 0),
                    kans: int = 0) -> Wall:
    """A wall that deals ``hands`` (counted from the dealer), then gives ``draws`` in order,
    ``rinshan`` as replacement tiles, ``dora``/``ura`` as indicators; the places left over get the
    rest of the set. ``kans`` is the number of kans of the hand (the live wall's end moves back one
    place per kan, so the draws after the last one must end before it).

    Raises :class:`InvalidWallError` if the parts need more copies of a tile than the set has.
    """
    slots: list[Tile | None] = [None] * 136
    for seat, hand in enumerate(hands):
        tiles = list(hand)
        if len(tiles) != 13:
            raise InvalidWallError(f"seat {seat} is dealt 13 tiles, got {len(tiles)}")
        for place, tile in zip(DEAL_ORDER[seat], tiles, strict=True):
            slots[place] = tile
    draw_list = list(draws)
    if len(draw_list) > LIVE_END - DEAL - kans:
        raise InvalidWallError(f"{len(draw_list)} draws with {kans} kans: at most "
                               f"{LIVE_END - DEAL - kans} live tiles")
    for place, tile in enumerate(draw_list, DEAL):
        slots[place] = tile
    for places, part, what in ((RINSHAN, list(rinshan), "replacement tiles"),
                               (DORA, list(dora), "dora indicators"),
                               (URA, list(ura), "ura indicators")):
        if len(part) > len(places):
            raise InvalidWallError(f"at most {len(places)} {what}, got {len(part)}")
        for place, tile in zip(places, part, strict=False):
            slots[place] = tile
    spare = Counter(tile_set(red_fives))
    spare.subtract(t for t in slots if t is not None)
    short = sorted((t for t, n in spare.items() if n < 0), key=lambda t: (t.kind, t.red))
    if short:
        raise InvalidWallError("more copies than a set has: " + ", ".join(
            f"{-spare[t]} extra {t}" for t in short))
    rest = iter(sorted(spare.elements(), key=lambda t: (t.kind, t.red)))
    return Wall(tuple(t if t is not None else next(rest) for t in slots))
