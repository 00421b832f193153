"""Tiles and their notations: MPSZ (``123m0p55z``), mjai (``5mr``, ``E``, ``P``), Tenhou (11..53),
Tenhou's 136 physical tile ids, and Unicode glyphs.

A tile *kind* is an ``int`` from 0 to 33: 0-8 are 1m-9m (man, characters), 9-17 are 1p-9p (pin,
circles), 18-26 are 1s-9s (sou, bamboo) and 27-33 are the honours East, South, West, North, White
(haku), Green (hatsu) and Red (chun). A :class:`Tile` is a kind plus a red-five flag.
"""

from __future__ import annotations

import operator
import re
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any, Final, TypeAlias

from taku.errors import shown
from taku.mahjong.errors import InvalidHandError, InvalidNotationError
from taku.values import reduce_value

Kind: TypeAlias = int
"""A tile kind, 0..33 (see the module docstring)."""

TileId: TypeAlias = int
"""A physical tile, 0..135, as Tenhou counts them: ``id // 4`` is the kind; 16, 52, 88 are red."""

SUITS = "mpsz"
MAN, PIN, SOU, HONOR = 0, 1, 2, 3
EAST, SOUTH, WEST, NORTH, HAKU, HATSU, CHUN = range(27, 34)
WINDS = (EAST, SOUTH, WEST, NORTH)
DRAGONS = (HAKU, HATSU, CHUN)
WIND_LETTERS = "ESWN"
WIND_NAMES = ("east", "south", "west", "north")
HONOR_NAMES = ("east", "south", "west", "north", "haku", "hatsu", "chun")

TERMINALS_AND_HONORS: tuple[Kind, ...] = (0, 8, 9, 17, 18, 26, 27, 28, 29, 30, 31, 32, 33)
"""The thirteen yaochuuhai kinds: 1 and 9 of each suit and the seven honours."""

RED_FIVE_IDS: tuple[TileId, ...] = (16, 52, 88)
"""Tenhou ids of the red fives of man, pin and sou."""

_MJAI_HONORS: Final = ("E", "S", "W", "N", "P", "F", "C")
_UNICODE_HONORS = ("\U0001f000", "\U0001f001", "\U0001f002", "\U0001f003",
                   "\U0001f006", "\U0001f005", "\U0001f004")
_MJAI_NAMES: Final[tuple[str, ...]] = (
    *(_MJAI_HONORS[kind - 27] if kind >= 27 else f"{kind % 9 + 1}{SUITS[kind // 9]}"
      for kind in range(34)), "5mr", "5pr", "5sr")
"""mjai names of the 34 kinds, then of the red fives of man, pin, sou (every event names tiles)."""
# The Unicode block orders the suits man, sou, pin (U+1F007, U+1F010, U+1F019).
_UNICODE_SUIT_BASE = (0x1F007, 0x1F019, 0x1F010)


def kind_suit(kind: Kind) -> int:
    """The suit of ``kind``: 0 man, 1 pin, 2 sou, 3 honours."""
    return kind // 9


def kind_number(kind: Kind) -> int:
    """The number 1..9 of a suited kind, or 1..7 of an honour (E S W N haku hatsu chun)."""
    return kind % 9 + 1


def is_honor(kind: Kind) -> bool:
    """Whether ``kind`` is a wind or a dragon."""
    return kind >= 27


def is_terminal(kind: Kind) -> bool:
    """Whether ``kind`` is a 1 or a 9 of a suit."""
    return kind < 27 and kind % 9 in (0, 8)


def is_yaochuu(kind: Kind) -> bool:
    """Whether ``kind`` is a terminal or an honour (yaochuuhai)."""
    return kind >= 27 or kind % 9 in (0, 8)


def is_simple(kind: Kind) -> bool:
    """Whether ``kind`` is a 2..8 of a suit (chunchanpai)."""
    return kind < 27 and 0 < kind % 9 < 8


def dora_from_indicator(kind: Kind) -> Kind:
    """The dora kind shown by an indicator of ``kind`` (9 -> 1, N -> E, chun -> haku). MJ-SCORE-03."""
    if kind < 27:
        return kind - 8 if kind % 9 == 8 else kind + 1
    if kind <= NORTH:
        return EAST if kind == NORTH else kind + 1
    return HAKU if kind == CHUN else kind + 1


def kind_to_str(kind: Kind) -> str:
    """MPSZ notation of a kind: ``5p``, ``7z``."""
    return f"{kind % 9 + 1}{SUITS[kind // 9]}"


@dataclass(frozen=True, slots=True, init=False)
class Tile:
    """A tile: its kind (0..33) and whether it is a red five (aka dora).

    Tiles order by kind, a red five before the plain fives of its suit: the one tile order of
    taku (:func:`sort_tiles`, MPSZ ``055m``, the tiles of a :class:`~taku.mahjong.hand.Meld` and
    the ``consumed`` tiles of an :class:`~taku.mahjong.actions.Action`).

    >>> Tile.from_str("0p")
    Tile.from_str('0p')
    >>> Tile.from_str("0p").kind, Tile.from_str("0p").red
    (13, True)
    """

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    kind: Kind
    red: bool = False

    # The parameters are objects, checked here: a compiled build would otherwise reject a value of
    # the wrong type with its own TypeError before this one-line error, and store a bool as an int.
    def __init__(self, kind: object, red: object = False) -> None:
        if type(kind) is not int or not 0 <= kind < 34:  # bools are not kinds
            raise InvalidNotationError(f"tile kind must be 0..33, got {shown(kind)}")
        if type(red) is not bool:
            raise InvalidNotationError(f"a tile's red is True or False, got {shown(red)}")
        if red and kind not in (4, 13, 22):
            raise InvalidNotationError(f"only a five can be red, not {kind_to_str(kind)}")
        object.__setattr__(self, "kind", kind)
        object.__setattr__(self, "red", red)

    # --- MPSZ ---------------------------------------------------------------------------------
    # The notations' parsers take an object, checked inside (see __init__).
    @classmethod
    def from_str(cls, text: object) -> Tile:
        """Parse one tile in MPSZ notation (``5m``, ``0p`` = red five of pin, ``7z`` = chun)."""
        tiles = parse_tiles(text)
        if len(tiles) != 1:
            raise InvalidNotationError(f"one tile expected, got {len(tiles)} in {shown(text)}")
        return tiles[0]

    def __str__(self) -> str:
        if self.red:
            return f"0{SUITS[self.kind // 9]}"
        return kind_to_str(self.kind)

    def __repr__(self) -> str:
        return f"Tile.from_str({str(self)!r})"

    # Equality and hash as the dataclass would make them, written out: a class compiled with mypyc
    # that defines the order methods below keeps neither of those the dataclass decorator adds.
    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Tile):
            return NotImplemented
        return self.kind == other.kind and self.red == other.red

    def __hash__(self) -> int:
        return hash((self.kind, self.red))

    # --- order: by kind, a red five first -------------------------------------------------------
    def __lt__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.kind < other.kind or (self.kind == other.kind and self.red and not other.red)

    def __le__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.kind < other.kind or (self.kind == other.kind and (self.red or not other.red))

    def __gt__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.kind > other.kind or (self.kind == other.kind and other.red and not self.red)

    def __ge__(self, other: Tile) -> bool:
        if other.__class__ is not Tile:
            return NotImplemented
        return self.kind > other.kind or (self.kind == other.kind and (other.red or not self.red))

    # --- properties -----------------------------------------------------------------------------
    @property
    def suit(self) -> int:
        """0 man, 1 pin, 2 sou, 3 honours."""
        return self.kind // 9

    @property
    def number(self) -> int:
        """1..9 for suited tiles, 1..7 for honours (E S W N haku hatsu chun)."""
        return self.kind % 9 + 1

    @property
    def is_honor(self) -> bool:
        """A wind or a dragon."""
        return self.kind >= 27

    @property
    def is_terminal(self) -> bool:
        """A 1 or 9 of a suit."""
        return is_terminal(self.kind)

    @property
    def is_yaochuu(self) -> bool:
        """A terminal or honour."""
        return is_yaochuu(self.kind)

    @property
    def is_simple(self) -> bool:
        """A 2..8 of a suit."""
        return is_simple(self.kind)

    @property
    def dora(self) -> Tile:
        """The dora this tile indicates when it is a dora indicator."""
        return Tile(dora_from_indicator(self.kind))

    # --- mjai -----------------------------------------------------------------------------------
    @property
    def mjai(self) -> str:
        """mjai notation: ``1m``..``9s``, ``5mr`` for a red five, ``E S W N P F C`` for honours."""
        return _MJAI_NAMES[34 + self.kind // 9] if self.red else _MJAI_NAMES[self.kind]

    @classmethod
    def from_mjai(cls, text: object) -> Tile:
        """Parse an mjai tile (``5mr``, ``E``, ``C``); ``?`` (hidden) is rejected."""
        tile = _MJAI_TO_TILE.get(text) if isinstance(text, str) else None
        if tile is None:
            raise InvalidNotationError(f"not an mjai tile: {shown(text)}")
        return tile

    # --- Tenhou ---------------------------------------------------------------------------------
    @property
    def tenhou(self) -> int:
        """Tenhou's numeric code: 11..19 man, 21..29 pin, 31..39 sou, 41..47 honours, 51..53 red."""
        if self.red:
            return 51 + self.kind // 9
        return (self.kind // 9 + 1) * 10 + self.kind % 9 + 1

    @classmethod
    def from_tenhou(cls, code: object) -> Tile:
        """Parse Tenhou's numeric tile code (11..47, 51..53)."""
        tile = _TENHOU_TO_TILE.get(code) if type(code) is int else None
        if tile is None:
            raise InvalidNotationError(f"not a Tenhou tile code: {shown(code)}")
        return tile

    @classmethod
    def from_id(cls, tile_id: object, red_fives: bool = True) -> Tile:
        """The tile with Tenhou's 136-id ``tile_id``; ids 16, 52, 88 are red when ``red_fives``."""
        if type(tile_id) is not int or not 0 <= tile_id < 136:  # bools are not tile ids
            raise InvalidNotationError(f"tile id must be 0..135, got {shown(tile_id)}")
        return Tile(tile_id // 4, red_fives and tile_id in RED_FIVE_IDS)

    # --- Unicode --------------------------------------------------------------------------------
    @property
    def unicode(self) -> str:
        """The Unicode mahjong glyph (red fives share the plain five's glyph)."""
        if self.kind >= 27:
            return _UNICODE_HONORS[self.kind - 27]
        return chr(_UNICODE_SUIT_BASE[self.kind // 9] + self.kind % 9)


ALL_KINDS: tuple[Tile, ...] = tuple(Tile(kind) for kind in range(34))
"""One plain tile of each of the 34 kinds."""

_MJAI_TO_TILE: dict[str, Tile] = {tile.mjai: tile for tile in ALL_KINDS}
_MJAI_TO_TILE.update({f"5{suit}r": Tile(kind, True) for suit, kind in zip("mps", (4, 13, 22), strict=True)})
_TENHOU_TO_TILE: dict[int, Tile] = {tile.tenhou: tile for tile in ALL_KINDS}
_TENHOU_TO_TILE.update({51 + suit: Tile(4 + 9 * suit, True) for suit in range(3)})
_UNICODE_TO_TILE: dict[str, Tile] = {tile.unicode: tile for tile in ALL_KINDS}

_MPSZ_TOKEN = re.compile(r"([0-9]+)([mpsz])")


MPSZ_TILES: dict[str, dict[str, Tile]] = {
    suit: {str(number): Tile(9 * index + number - 1) for number in range(1, 8 if index == HONOR else 10)}
    | ({} if index == HONOR else {"0": Tile(9 * index + 4, True)})
    for index, suit in enumerate(SUITS)
}
"""Digit -> tile, per suit letter (one shared value per tile: tiles are immutable)."""


def parse_tiles(text: object) -> tuple[Tile, ...]:
    """Parse MPSZ notation (``123m0p55z``) into tiles, in the order written.

    Spaces are ignored. Unicode glyphs are accepted as well.

    >>> [str(t) for t in parse_tiles("12m0p 7z")]
    ['1m', '2m', '0p', '7z']
    """
    if not isinstance(text, str):
        raise InvalidNotationError(f"tile notation must be a string, got {type(text).__name__}")
    compact = "".join(text.split())
    if compact and all(ch in _UNICODE_TO_TILE for ch in compact):
        return tuple(_UNICODE_TO_TILE[ch] for ch in compact)
    tiles: list[Tile] = []
    position = 0
    for match in _MPSZ_TOKEN.finditer(compact):
        if match.start() != position:
            raise InvalidNotationError(
                f"cannot read {shown(compact[position:match.start()])} in tile notation {shown(text)}")
        digits, suit = match.groups()
        table = MPSZ_TILES[suit]
        for digit in digits:
            tile = table.get(digit)
            if tile is None:
                raise InvalidNotationError(f"honour tiles are 1z..7z, got {digit}z in {shown(text)}")
            tiles.append(tile)
        position = match.end()
    if position != len(compact):
        raise InvalidNotationError(
            f"cannot read {shown(compact[position:])} in tile notation {shown(text)} (a suit letter m/p/s/z "
            "must follow the digits)")
    return tuple(tiles)


def tiles_to_str(tiles: Iterable[Tile], *, sort: bool = False) -> str:
    """MPSZ notation of ``tiles``, grouping runs of one suit (``123m0p55z``).

    With ``sort``, the tiles are ordered by kind (a red five before a plain five).
    """
    sequence: Sequence[Tile] = sorted(tiles) if sort else list(tiles)
    out: list[str] = []
    suit = -1
    for tile in sequence:
        kind = tile.kind
        if kind // 9 != suit:
            if suit >= 0:
                out.append(SUITS[suit])
            suit = kind // 9
        out.append("0" if tile.red else _DIGITS[kind])
    if suit >= 0:
        out.append(SUITS[suit])
    return "".join(out)


_DIGITS = tuple(str(kind % 9 + 1) for kind in range(34))


def tiles_to_unicode(tiles: Iterable[Tile]) -> str:
    """The tiles as Unicode glyphs."""
    return "".join(tile.unicode for tile in tiles)


_BY_ORDER: Final[tuple[Tile, ...]] = tuple(Tile(key // 2, key % 2 == 0 and key // 2 in (4, 13, 22))
                                           for key in range(68))
"""Tile by its place in taku's order, ``kind * 2`` (a red five) or ``kind * 2 + 1``."""


def sort_tiles(tiles: Iterable[Tile]) -> tuple[Tile, ...]:
    """The tiles in taku's one order: by kind, a red five before a plain five (as ``sorted``;
    integers are sorted rather than tiles compared: the engine sorts a hand at every observation).

    >>> sort_tiles(parse_tiles("5m0m1m"))
    (Tile.from_str('1m'), Tile.from_str('0m'), Tile.from_str('5m'))
    """
    keys = [t.kind * 2 + (0 if t.red else 1) for t in tiles]
    keys.sort()
    return tuple([_BY_ORDER[key] for key in keys])


def tile_counts(tiles: Iterable[Tile]) -> list[int]:
    """The number of tiles of each of the 34 kinds."""
    counts = [0] * 34
    for tile in tiles:
        counts[tile.kind] += 1
    return counts


def parse_kinds(text: str) -> list[int]:
    """Parse MPSZ notation into a 34-entry count list (red fives count as fives)."""
    return tile_counts(parse_tiles(text))


def counts_to_str(counts: Sequence[int]) -> str:
    """MPSZ notation of a 34-entry count list."""
    return tiles_to_str(Tile(kind) for kind in range(34) for _ in range(counts[kind]))


def counts_key(counts: Sequence[int]) -> bytes:
    """The 34 counts of a hand as ``bytes`` (each 0..4), or :class:`InvalidHandError` naming the
    problem (a wrong length, a count that is not an integer, a fifth copy)."""
    try:
        key = bytes(counts)
    except (TypeError, ValueError):
        key = b""
    if len(key) == 34 == len(counts) and max(key) <= 4:  # (not a buffer of wider integers)
        return key
    try:
        size = len(counts)
    except TypeError:
        raise InvalidHandError(f"34 tile counts expected, got {shown(counts)}") from None
    if size != 34:
        raise InvalidHandError(f"34 tile counts expected, got {size}")
    try:
        values = [operator.index(count) for count in counts]
    except TypeError:
        raise InvalidHandError(f"tile counts must be integers, got {shown(list(counts))}") from None
    for kind, count in enumerate(values):
        if not 0 <= count <= 4:
            raise InvalidHandError(f"{count} copies of {kind_to_str(kind)}; there are only 4")
    return bytes(values)
