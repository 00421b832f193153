"""The state a hand keeps for each seat, its read-only view, and the phases of a hand.

:class:`Kyoku <taku.mahjong.kyoku.Kyoku>` keeps one ``_Seat`` per player: the engine's own
mutable record, changed only by the engine (``kyoku.py`` and its parts ``kyoku_turn``,
``kyoku_claims``, ``kyoku_kans``, ``kyoku_settlement``). Everyone else reads
:attr:`Kyoku.seats <taku.mahjong.kyoku.Kyoku.seats>`: one :class:`SeatView` per seat, an
immutable snapshot taken when it is asked for.

>>> from taku.mahjong.tiles import parse_tiles
>>> view = SeatView.of(_Seat(parse_tiles("123m")))
>>> view.closed == parse_tiles("123m"), view.counts[:3], view.riichi, view.is_closed
(True, (1, 1, 1), False, True)
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from enum import StrEnum
from typing import Any, Final

from taku.mahjong.hand import Meld
from taku.mahjong.shanten import shanten, waits
from taku.mahjong.tiles import TERMINALS_AND_HONORS, WINDS, Tile
from taku.values import reduce_state, reduce_value

YAOCHUU: Final = frozenset(TERMINALS_AND_HONORS)
DRAGON_KINDS: Final = frozenset((31, 32, 33))
WIND_KINDS: Final = frozenset(WINDS)
NONE: Final = "none"
"""The action type of a seat that lets a tile go (no claim)."""


class Phase(StrEnum):
    """Where a hand is: a seat's ``turn`` after a draw, its discard after a ``call`` or after
    declaring riichi (``reach``), the other seats answering a discard (``claim``), a kakan
    (``chankan``) or an ankan (``ankan``, kokushi only), or ``over``. A ``str``: ``phase ==
    "turn"`` holds."""

    TURN = "turn"
    CALL = "call"
    REACH = "reach"
    CLAIM = "claim"
    CHANKAN = "chankan"
    ANKAN = "ankan"
    OVER = "over"


CLAIM_PHASES: Final[tuple[Phase, ...]] = (Phase.CLAIM, Phase.CHANKAN, Phase.ANKAN)
"""The phases in which seats answer a discard or a kan tile (ron, calls, ``none``)."""


class _Seat:
    """One player's private and public state in the hand (the engine's own; see
    :class:`SeatView` for the read-only snapshot)."""

    __slots__ = (
        "closed",
        "counts",
        "discard_kinds",
        "discards",
        "double_riichi",
        "has_discarded",
        "ippatsu",
        "kans",
        "kuikae",
        "melded",
        "melds",
        "nagashi",
        "open_riichi",
        "pao",
        "ready",
        "riichi",
        "riichi_discard",
        "riichi_furiten",
        "temp_furiten",
    )

    def __init__(self, hand: Sequence[Tile]) -> None:
        self.closed: list[Tile] = list(hand)
        self.counts = [0] * 34
        for tile in hand:
            self.counts[tile.kind] += 1
        self.melds: list[Meld] = []
        self.melded = [0] * 34
        self.discards: list[Tile] = []
        self.discard_kinds: set[int] = set()
        self.riichi = False
        self.double_riichi = False
        self.ippatsu = False
        self.temp_furiten = False
        self.riichi_furiten = False
        self.has_discarded = False
        self.nagashi = True
        self.pao: int | None = None
        self.kans = 0
        self.kuikae: frozenset[int] = frozenset()
        self.riichi_discard: int | None = None  # index in discards of the tile turned sideways
        self.open_riichi = False
        self.ready: tuple[int, tuple[int, ...]] | None = None
        """The shanten and waits of the hand when it has 3n+1 tiles (None: not known yet)."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_state(self, hand=())

    def add(self, tile: Tile) -> None:
        self.closed.append(tile)
        self.counts[tile.kind] += 1
        self.ready = None

    def remove(self, tile: Tile) -> None:
        closed = self.closed
        if closed[-1] is tile:  # mostly the tile just drawn
            closed.pop()
        else:
            closed.remove(tile)
        self.counts[tile.kind] -= 1
        self.ready = None

    def readiness(self) -> tuple[int, tuple[int, ...]]:
        """The shanten of the (3n+1 tiles) hand and, when it is tenpai, its waits."""
        ready = self.ready
        if ready is None:
            value = shanten(self.counts, len(self.melds))
            ready = self.ready = (value, waits(self.counts, len(self.melds)) if value == 0 else ())
        return ready

    @property
    def is_closed(self) -> bool:
        return all(m.kind == "ankan" for m in self.melds)

    def add_meld(self, meld: Meld) -> None:
        self.ready = None
        self.melds.append(meld)
        for tile in meld.tiles:
            self.melded[tile.kind] += 1


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's state in a hand, read-only: a snapshot of :attr:`Kyoku.seats
    <taku.mahjong.kyoku.Kyoku.seats>` (the referee's view: the concealed tiles too; a player
    sees its :class:`~taku.mahjong.observation.Observation`).

    ``closed`` the concealed tiles (the drawn tile last), ``melds`` and ``discards`` in order;
    ``riichi`` (``double_riichi``, ``open_riichi``: how), ``ippatsu`` still possible;
    ``temp_furiten`` and ``riichi_furiten`` (a passed win: MJ-FURITEN-04/05); ``has_discarded``;
    ``nagashi`` still possible; ``pao`` the seat liable for a yakuman (MJ-PAO); ``kans`` declared;
    ``kuikae`` the kinds the seat may not discard right after its call; ``riichi_discard`` the
    index in ``discards`` of the tile turned sideways."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    closed: tuple[Tile, ...]
    melds: tuple[Meld, ...] = ()
    discards: tuple[Tile, ...] = ()
    riichi: bool = False
    double_riichi: bool = False
    open_riichi: bool = False
    ippatsu: bool = False
    temp_furiten: bool = False
    riichi_furiten: bool = False
    has_discarded: bool = False
    nagashi: bool = True
    pao: int | None = None
    kans: int = 0
    kuikae: frozenset[int] = frozenset()
    riichi_discard: int | None = None

    @classmethod
    def of(cls, seat: _Seat) -> SeatView:
        """A snapshot of the engine's record of one seat."""
        return cls(tuple(seat.closed), tuple(seat.melds), tuple(seat.discards), seat.riichi,
                   seat.double_riichi, seat.open_riichi, seat.ippatsu, seat.temp_furiten,
                   seat.riichi_furiten, seat.has_discarded, seat.nagashi, seat.pao, seat.kans,
                   seat.kuikae, seat.riichi_discard)

    @property
    def counts(self) -> tuple[int, ...]:
        """How many of each of the 34 kinds the concealed tiles hold."""
        counts = [0] * 34
        for tile in self.closed:
            counts[tile.kind] += 1
        return tuple(counts)

    @property
    def is_closed(self) -> bool:
        """Whether the hand is closed (no meld but ankan)."""
        return all(m.kind == "ankan" for m in self.melds)
