"""Melds (chi, pon, daiminkan, kakan, ankan) and hands (concealed tiles plus melds).

Meld notation is MPSZ with a direction mark on the called tile, after majiang's convention:
``-`` from the left (kamicha), ``=`` from across (toimen), ``+`` from the right (shimocha).
A mark directly after a digit marks that tile; a mark after the suit letter marks the last digit.

====================  ==============  ===============================================
meld                  notation        meaning
====================  ==============  ===============================================
chi                   ``3-45m``       3m called from the left, 4m and 5m from the hand
pon                   ``777z+``       chun called from the right
daiminkan             ``5555p=``      open kan of 5p called from across
kakan (shouminkan)    ``555=5s``      pon of 5s (called from across) with the 4th 5s added
ankan                 ``1111z``       closed kan of East (no mark)
====================  ==============  ===============================================

A hand is written as its concealed tiles followed by its melds, separated by spaces:
``Hand.from_str("11123m456p55z 777z+")``.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from typing import Any, Literal, TypeAlias

from taku.errors import shown
from taku.mahjong.errors import InvalidHandError, InvalidMeldError, InvalidNotationError
from taku.mahjong.tiles import MPSZ_TILES, SUITS, Tile, kind_to_str, parse_tiles, sort_tiles, tiles_to_str
from taku.values import reduce_value

MeldKind: TypeAlias = Literal["chi", "pon", "daiminkan", "kakan", "ankan"]
MELD_KINDS: tuple[MeldKind, ...] = ("chi", "pon", "daiminkan", "kakan", "ankan")

RIGHT, ACROSS, LEFT = 1, 2, 3
"""Seat offsets of the player a tile was called from, seen from the caller (Tenhou's convention):
1 = right (shimocha, plays after the caller), 2 = across (toimen), 3 = left (kamicha)."""

_MARK_TO_OFFSET = {"+": RIGHT, "=": ACROSS, "-": LEFT}
_OFFSET_TO_MARK = {offset: mark for mark, offset in _MARK_TO_OFFSET.items()}
_MELD_TOKEN = re.compile(r"^((?:[0-9][-=+]?)+)([mpsz])([-=+]?)$")


class _LazyText:
    """MPSZ text of some tiles, written only if an error message needs it."""

    __slots__ = ("tiles",)

    def __init__(self, tiles: tuple[Tile, ...]) -> None:
        self.tiles = tiles

    def __str__(self) -> str:
        return tiles_to_str(self.tiles)


def _digit(tile: Tile) -> str:
    return "0" if tile.red else str(tile.kind % 9 + 1)


@dataclass(frozen=True, slots=True, init=False)
class Meld:
    """A meld: its kind, its tiles (sorted), the called tile and the seat it came from.

    ``called_from`` is a seat offset seen from the meld's owner: 1 right, 2 across, 3 left
    (always 3 for chi). An ankan has neither ``called`` nor ``called_from``. A kakan keeps the
    tile and direction of the pon it extends, and ``added`` is the tile laid on it.

    >>> Meld.from_str("3-45m")
    Meld.from_str('3-45m')
    >>> Meld.from_str("777z+").kind, Meld.from_str("777z+").called_from
    ('pon', 1)
    """

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    kind: MeldKind
    tiles: tuple[Tile, ...]
    called: Tile | None = None
    called_from: int | None = None
    added: Tile | None = None
    _text: str = field(default="", init=False, repr=False, compare=False)

    # The parameters are objects, checked before they are stored: a compiled build would otherwise
    # reject a value of the wrong type with its own TypeError before this module's one-line error.
    def __init__(self, kind: object, tiles: object, called: object = None, called_from: object = None,
                 added: object = None) -> None:
        if kind not in MELD_KINDS:
            raise InvalidMeldError(f"meld kind must be one of {', '.join(MELD_KINDS)}, got {shown(kind)}")
        if not isinstance(tiles, tuple) or not all(isinstance(t, Tile) for t in tiles):
            raise InvalidMeldError(f"meld tiles must be a tuple of Tile, got {shown(tiles)}")
        for name, tile in (("called", called), ("added", added)):
            if tile is not None and not isinstance(tile, Tile):
                raise InvalidMeldError(f"{name} must be a Tile or None, got {shown(tile)}")
        if called_from is not None and type(called_from) is not int:
            raise InvalidMeldError(
                f"called_from must be 1 (right), 2 (across) or 3 (left), got {shown(called_from)}")
        for name, value in (("kind", kind), ("tiles", tiles), ("called", called),
                            ("called_from", called_from), ("added", added), ("_text", "")):
            object.__setattr__(self, name, value)
        self._check()

    def _check(self) -> None:
        """Put the tiles in order; raise :class:`InvalidMeldError` if they do not make the meld."""
        tiles = self.tiles
        kinds = [tile.kind for tile in tiles]
        if kinds != sorted(kinds) or any(tile.red for tile in tiles):
            tiles = sort_tiles(tiles)
            object.__setattr__(self, "tiles", tiles)
            kinds = [tile.kind for tile in tiles]
        text = _LazyText(tiles)
        size = 3 if self.kind in ("chi", "pon") else 4
        if len(tiles) != size:
            raise InvalidMeldError(f"a {self.kind} has {size} tiles, got {len(tiles)} ({text})")
        if self.kind == "chi":
            base = kinds[0]
            if base >= 27 or kinds != [base, base + 1, base + 2] or base % 9 > 6:
                raise InvalidMeldError(f"a chi needs three consecutive tiles of one suit, got {text}")
        elif kinds.count(kinds[0]) != size:
            raise InvalidMeldError(f"a {self.kind} needs {size} identical tiles, got {text}")
        if self.kind == "ankan":
            if self.called is not None or self.called_from is not None or self.added is not None:
                raise InvalidMeldError(f"an ankan has no called tile ({text})")
            return
        if self.called is None or self.called not in tiles:
            raise InvalidMeldError(f"the called tile {self.called} is not in the {self.kind} {text}")
        if self.called_from not in (RIGHT, ACROSS, LEFT):
            raise InvalidMeldError(
                f"called_from must be 1 (right), 2 (across) or 3 (left), got {shown(self.called_from)}")
        if self.kind == "chi" and self.called_from != LEFT:
            raise InvalidMeldError(f"a chi can only be called from the left ({text})")
        if self.kind == "kakan":
            if self.added is None or self.added not in tiles:
                raise InvalidMeldError(f"the added tile {self.added} is not in the kakan {text}")
            rest = list(tiles)
            rest.remove(self.added)
            if self.called not in rest:
                raise InvalidMeldError(f"a kakan's called and added tiles must be two tiles ({text})")
        elif self.added is not None:
            raise InvalidMeldError(f"only a kakan has an added tile ({text})")

    # --- notation ---------------------------------------------------------------------------
    @classmethod
    def from_str(cls, text: object) -> Meld:  # text checked here (see Tile.__init__)
        """Parse meld notation (see the module docstring): ``3-45m``, ``777z+``, ``555=5s``."""
        compact = text.strip() if isinstance(text, str) else ""
        match = _MELD_TOKEN.match(compact)
        if match is None:
            raise InvalidNotationError(f"not a meld: {shown(text)} (e.g. 3-45m, 777z+, 5555p=, "
                                       "555=5s, 1111z)")
        body, suit, last_mark = match.groups()
        table = MPSZ_TILES[suit]
        tile_list: list[Tile] = []
        marks: dict[int, int] = {}
        for ch in body + last_mark:
            if ch in _MARK_TO_OFFSET:
                index = len(tile_list) - 1
                if index in marks:
                    raise InvalidNotationError(f"two direction marks on one tile in {shown(text)}")
                marks[index] = _MARK_TO_OFFSET[ch]
            else:
                tile = table.get(ch)
                if tile is None:
                    raise InvalidNotationError(f"honour tiles are 1z..7z, got {ch}z in {shown(text)}")
                tile_list.append(tile)
        tiles = tuple(tile_list)
        if len(marks) > 1:
            raise InvalidNotationError(f"a meld has one called tile, {len(marks)} are marked "
                                       f"in {shown(text)}")
        if not marks:
            if len(tiles) != 4:
                raise InvalidNotationError(f"{shown(text)} has no direction mark; only an ankan (four "
                                           "tiles) is written without one")
            return cls("ankan", tiles)
        index, offset = next(iter(marks.items()))
        called = tiles[index]
        if len(tiles) == 3:
            # Three different kinds can only be a chi; otherwise it is meant as a pon (``12-1m``).
            kind: MeldKind = "chi" if len({tile.kind for tile in tiles}) == 3 else "pon"
            return cls(kind, tiles, called, offset)
        if len(tiles) == 4 and index == 3:
            return cls("daiminkan", tiles, called, offset)
        if len(tiles) == 4:
            return cls("kakan", tiles, called, offset, tiles[3])
        raise InvalidNotationError(f"a meld has 3 or 4 tiles, got {len(tiles)} in {shown(text)}")

    def __str__(self) -> str:
        text = self._text
        if not text:
            text = self._notation()
            object.__setattr__(self, "_text", text)  # computed once: the meld never changes
        return text

    def _notation(self) -> str:
        suit = SUITS[self.tiles[0].kind // 9]
        if self.kind == "ankan":
            return "".join(_digit(t) for t in self.tiles) + suit
        assert self.called is not None and self.called_from is not None
        mark = _OFFSET_TO_MARK[self.called_from]
        rest = list(self.tiles)
        rest.remove(self.called)
        if self.kind == "chi":
            ordered = sorted([*rest, self.called], key=lambda t: t.kind)
            position = ordered.index(self.called)
            digits = [_digit(t) for t in ordered]
            digits[position] += mark
            return "".join(digits) + suit
        if self.kind == "kakan":
            assert self.added is not None
            rest.remove(self.added)
            return "".join(_digit(t) for t in rest) + _digit(self.called) + mark + \
                _digit(self.added) + suit
        return "".join(_digit(t) for t in rest) + _digit(self.called) + suit + mark

    def __repr__(self) -> str:
        return f"Meld.from_str({str(self)!r})"

    # --- properties -------------------------------------------------------------------------
    @property
    def base(self) -> int:
        """The kind of the meld's lowest tile (0..33)."""
        return self.tiles[0].kind

    @property
    def is_open(self) -> bool:
        """Whether the meld opens the hand (every meld but an ankan)."""
        return self.kind != "ankan"

    @property
    def is_kan(self) -> bool:
        """Whether the meld is a quad (daiminkan, kakan or ankan)."""
        return self.kind in ("daiminkan", "kakan", "ankan")

    @property
    def is_sequence(self) -> bool:
        """Whether the meld is a chi."""
        return self.kind == "chi"

    def with_added(self, tile: Tile) -> Meld:
        """The kakan made by adding ``tile`` to this pon."""
        if self.kind != "pon":
            raise InvalidMeldError(f"only a pon can become a kakan, not a {self.kind} ({self})")
        return Meld("kakan", (*self.tiles, tile), self.called, self.called_from, tile)


_TILE_TYPE = frozenset({Tile})
_MELD_TYPE = frozenset({Meld})


@dataclass(frozen=True, slots=True, init=False)
class Hand:
    """A player's hand: concealed tiles and melds.

    A hand has 13 or 14 tiles, a kan counting as three: ``len(closed) + 3 * len(melds)``.

    >>> Hand.from_str("11123m456p55z 777z+")
    Hand.from_str('11123m456p55z 777z+')
    """

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    closed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    tile_counts: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    """Counts of the 34 kinds among the concealed tiles (derived at construction)."""
    all_counts: tuple[int, ...] = field(default=(), init=False, repr=False, compare=False)
    """Counts of the 34 kinds in the whole hand, a kan counting 4 (derived at construction)."""
    red_counts: tuple[int, int, int] = field(default=(0, 0, 0), init=False, repr=False, compare=False)
    """Red fives of man, pin and sou in the whole hand (derived at construction)."""

    # The parameters are objects, checked before they are stored: a compiled build would otherwise
    # reject a value of the wrong type with its own TypeError before this module's one-line error.
    def __init__(self, closed: object, melds: object = ()) -> None:
        if not isinstance(closed, tuple) or not set(map(type, closed)) <= _TILE_TYPE:
            raise InvalidHandError(f"closed tiles must be a tuple of Tile, got {shown(closed)}")
        if not isinstance(melds, tuple) or not set(map(type, melds)) <= _MELD_TYPE:
            raise InvalidHandError(f"melds must be a tuple of Meld, got {shown(melds)}")
        object.__setattr__(self, "closed", closed)
        object.__setattr__(self, "melds", melds)
        if len(self.melds) > 4:
            raise InvalidHandError(f"a hand has at most 4 melds, got {len(self.melds)}")
        size = len(self.closed) + 3 * len(self.melds)
        if size not in (13, 14):
            detail = f"{len(self.closed)} concealed"
            if self.melds:
                detail += f" + {len(self.melds)} meld{'s' if len(self.melds) > 1 else ''}"
            raise InvalidHandError(f"13 or 14 tiles expected, got {size} ({detail})")
        counts = [0] * 34
        reds = [0, 0, 0]
        for tile in self.closed:
            counts[tile.kind] += 1
            if tile.red:
                reds[tile.kind // 9] += 1
        full = counts.copy()
        for meld in self.melds:
            for tile in meld.tiles:
                full[tile.kind] += 1
                if tile.red:
                    reds[tile.kind // 9] += 1
        _check_supply(full, reds)
        object.__setattr__(self, "tile_counts", tuple(counts))
        object.__setattr__(self, "all_counts", tuple(full))
        object.__setattr__(self, "red_counts", (reds[0], reds[1], reds[2]))

    @classmethod
    def from_str(cls, text: object) -> Hand:  # text checked here (see Tile.__init__)
        """Parse concealed tiles then melds, separated by spaces: ``"11123m456p55z 777z+"``."""
        if not isinstance(text, str):
            raise InvalidNotationError(f"hand notation must be a string, got {shown(text)}")
        if not text.split():
            raise InvalidNotationError(f"empty hand notation: {shown(text)}")
        closed_text, *meld_texts = text.split()
        return cls(parse_tiles(closed_text), tuple(Meld.from_str(m) for m in meld_texts))

    def __str__(self) -> str:
        return " ".join([tiles_to_str(self.closed), *(str(m) for m in self.melds)])

    def __repr__(self) -> str:
        return f"Hand.from_str({str(self)!r})"

    @property
    def all_tiles(self) -> tuple[Tile, ...]:
        """Concealed tiles followed by the tiles of every meld."""
        return self.closed + tuple(t for m in self.melds for t in m.tiles)

    @property
    def is_closed(self) -> bool:
        """Whether no meld opens the hand (ankan are allowed): menzen."""
        return all(m.kind == "ankan" for m in self.melds)

    @property
    def counts(self) -> list[int]:
        """Counts of the 34 kinds among the concealed tiles (a new list)."""
        return list(self.tile_counts)


def _check_supply(counts: list[int], reds: list[int]) -> None:
    """Raise :class:`InvalidHandError` for a fifth copy of a kind or a third red five of a suit."""
    if max(counts) > 4:
        kind = next(kind for kind, count in enumerate(counts) if count > 4)
        raise InvalidHandError(f"{counts[kind]} copies of {kind_to_str(kind)}; there are only 4")
    for suit, count in enumerate(reds):
        if count > 2:  # some rule sets have two red 5p; never three
            raise InvalidHandError(f"{count} red fives of {SUITS[suit]}; at most 2 exist")
