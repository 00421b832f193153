"""The observation vector of the mahjong environments, built from one seat's
:class:`~taku.mahjong.kyoku.Observation` only (so it can hold nothing the seat may not see).

The vector is ``float32`` and concatenates the segments of :data:`LAYOUT`, each reshaped from its
slice; seats in it are *relative*: 0 the observer, 1 the player to his right (shimocha, next to
play), 2 across, 3 to his left.

=================  ===========  ===============================================================
segment            shape        content
=================  ===========  ===============================================================
hand               (34,)        tiles of each kind in the concealed hand (the drawn tile included)
hand_red           (3,)         red fives of man, pin, sou in the concealed hand
drawn              (34,)        the tile just drawn (one-hot; zeros when the seat did not draw)
melds              (4, 34)      tiles of each kind in each seat's melds
river              (4, 32, 34)  each seat's discards in order (one-hot kind; 32 slots, enough for
                                any hand)
river_flags        (4, 32, 4)   per discard: red five, tsumogiri, the riichi tile, called away
riichi             (4,)         riichi accepted
open_hands         (4, 34)      concealed tiles shown by a player in open riichi
dora_indicators    (34,)        dora indicators turned, by kind
scores             (4,)         points, in thousands
round_wind         (4,)         one-hot: East, South, West, North round
seat_wind          (4,)         one-hot: the observer's wind (East = the dealer)
kyoku              (4,)         one-hot: the dealer's number in the round (1..4)
counters           (3,)         honba, riichi sticks on the table, tiles left in the live wall
claim              (34,)        the discard (or added kan) the seat may claim now (one-hot; zeros otherwise)
claim_from         (4,)         who discarded it (one-hot relative seat)
=================  ===========  ===============================================================

Rivers, riichi tiles and calls are read from the seat's own (masked) mjai events, incrementally:
one :class:`SeatFeatures` per seat follows a hand's events as they come.
"""

from __future__ import annotations

from typing import Any

import numpy as np
import numpy.typing as npt

from taku.mahjong.kyoku import Observation
from taku.mahjong.seats import places_after, seat_after, seat_wind

RIVER_SLOTS = 32
"""Discards kept per seat (one seat cannot discard more than about 31 tiles in one hand)."""

LAYOUT: dict[str, tuple[int, ...]] = {
    "hand": (34,),
    "hand_red": (3,),
    "drawn": (34,),
    "melds": (4, 34),
    "river": (4, RIVER_SLOTS, 34),
    "river_flags": (4, RIVER_SLOTS, 4),
    "riichi": (4,),
    "open_hands": (4, 34),
    "dora_indicators": (34,),
    "scores": (4,),
    "round_wind": (4,),
    "seat_wind": (4,),
    "kyoku": (4,),
    "counters": (3,),
    "claim": (34,),
    "claim_from": (4,),
}
"""Each segment's shape, in the order of the vector."""


def _offsets() -> dict[str, slice]:
    out: dict[str, slice] = {}
    start = 0
    for name, shape in LAYOUT.items():
        size = int(np.prod(shape))
        out[name] = slice(start, start + size)
        start += size
    return out


SLICES: dict[str, slice] = _offsets()
"""Each segment's slice of the vector."""

SIZE = max(s.stop for s in SLICES.values())
"""The length of the observation vector."""

SCORE_BOUND = 1000.0
"""The observation space bounds every value by ± this (scores are in thousands of points)."""

_RIVER = SLICES["river"].start
_FLAGS = SLICES["river_flags"].start


def segment(vector: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
    """The segment ``name`` of an observation ``vector``, in its shape (a view)."""
    return vector[SLICES[name]].reshape(LAYOUT[name])


class SeatFeatures:
    """The public part of one seat's view of the current hand, followed event by event."""

    __slots__ = ("_count", "_hand_id", "_last", "_reach", "_seat", "_seen", "_staging", "_view")

    def __init__(self, seat: int) -> None:
        self._seat = seat
        # Every value but the scores and counters is a small count, kept in a bytearray (far
        # cheaper to write an item at a time than a NumPy array); the vector is one conversion of
        # it (_view, a NumPy view of the same memory) to float32. The rivers are followed here
        # event by event; the parts that change at every step are counted afresh.
        self._staging = bytearray(SIZE)
        self._view = np.frombuffer(self._staging, dtype=np.uint8)
        self._seen = 0
        self._hand_id: object = None
        self._count = [0, 0, 0, 0]
        self._reach = [False, False, False, False]
        self._last: tuple[int, int] | None = None  # (relative seat, slot) of the last discard

    def _reset(self) -> None:
        self._staging[:] = _ALL_ZEROS
        self._seen = 0
        self._count = [0, 0, 0, 0]
        self._reach = [False, False, False, False]
        self._last = None

    def _follow(self, events: tuple[dict[str, Any], ...]) -> None:
        base = self._staging
        for event in events[self._seen:]:
            kind = event["type"]
            if kind == "dahai":
                rel = places_after(event["actor"], self._seat)
                slot = self._count[rel]
                self._count[rel] += 1
                if slot >= RIVER_SLOTS:
                    self._last = None
                    continue
                pai: str = event["pai"]
                tile_kind = _KIND[pai]
                base[_RIVER + (rel * RIVER_SLOTS + slot) * 34 + tile_kind] = 1
                flags = _FLAGS + (rel * RIVER_SLOTS + slot) * 4
                base[flags] = pai.endswith("r")
                base[flags + 1] = bool(event.get("tsumogiri"))
                if self._reach[rel]:
                    base[flags + 2] = 1
                    self._reach[rel] = False
                self._last = (rel, slot)
            elif kind == "reach":
                self._reach[places_after(event["actor"], self._seat)] = True
            elif kind in ("chi", "pon", "daiminkan") and self._last is not None:
                rel, slot = self._last
                base[_FLAGS + (rel * RIVER_SLOTS + slot) * 4 + 3] = 1
                self._last = None
        self._seen = len(events)

    def vector(self, obs: Observation, hand_id: object) -> npt.NDArray[np.float32]:
        """The observation vector of ``obs`` (this seat's view of hand ``hand_id``, an identifier
        that changes from hand to hand)."""
        if hand_id is not self._hand_id or len(obs.events) < self._seen:
            self._hand_id = hand_id
            self._reset()
        self._follow(obs.events)
        me = self._seat
        staging = self._staging
        staging[:_HEAD_SIZE] = _HEAD_ZEROS  # hand, hand_red, drawn, melds
        staging[_TAIL_START:] = _TAIL_ZEROS  # riichi .. claim_from
        for tile in obs.hand:
            staging[tile.kind] += 1
            if tile.red:
                staging[_HAND_RED + tile.kind // 9] += 1
        if obs.drawn is not None:
            staging[_DRAWN + obs.drawn.kind] = 1
        for seat in range(4):
            rel = places_after(seat, me)
            for meld in obs.melds[seat]:
                for tile in meld.tiles:
                    staging[_MELDS + rel * 34 + tile.kind] += 1
            if obs.riichi[seat]:
                staging[_RIICHI + rel] = 1
            open_hand = obs.open_hands[seat]
            if open_hand is not None:
                for tile in open_hand:
                    staging[_OPEN + rel * 34 + tile.kind] += 1
        for tile in obs.dora_indicators:
            staging[_DORA + tile.kind] += 1
        staging[_ROUND + obs.round_wind % 4] = 1
        staging[_SEAT_WIND + seat_wind(me, obs.dealer)] = 1
        staging[_KYOKU + (obs.hand_number - 1) % 4] = 1
        last = obs.events[-1] if obs.events else None
        if last is not None and last["type"] in ("dahai", "kakan") and \
                any(a.type == "none" for a in obs.legal_actions):  # a discard or an added kan
            staging[_CLAIM + _KIND[last["pai"]]] = 1
            staging[_CLAIM_FROM + places_after(last["actor"], me)] = 1
        out = self._view.astype(np.float32)
        bound = SCORE_BOUND
        scores = obs.scores
        out[_SCORES:_SCORES + 4] = [min(bound, max(-bound, scores[seat_after(me, rel)] / 1000.0))
                                    for rel in range(4)]
        out[_COUNTERS:_COUNTERS + 3] = (obs.honba, obs.deposits, obs.tiles_left)
        return out


# Places in the vector of the parts SeatFeatures.vector writes at every step: its head (hand ..
# melds) and its tail (riichi .. claim_from, in which the scores and counters are not counts).
_HEAD_SIZE = SLICES["melds"].stop
_HAND_RED = SLICES["hand_red"].start
_DRAWN = SLICES["drawn"].start
_MELDS = SLICES["melds"].start
_TAIL_START = SLICES["riichi"].start
_RIICHI = SLICES["riichi"].start
_OPEN = SLICES["open_hands"].start
_DORA = SLICES["dora_indicators"].start
_ROUND = SLICES["round_wind"].start
_SEAT_WIND = SLICES["seat_wind"].start
_KYOKU = SLICES["kyoku"].start
_CLAIM = SLICES["claim"].start
_CLAIM_FROM = SLICES["claim_from"].start
_SCORES = SLICES["scores"].start
_COUNTERS = SLICES["counters"].start
_ALL_ZEROS = bytes(SIZE)
_HEAD_ZEROS = bytes(_HEAD_SIZE)
_TAIL_ZEROS = bytes(SIZE - _TAIL_START)
assert SLICES["riichi"].start == SLICES["river_flags"].stop and SLICES["hand"].start == 0 \
    and SLICES["claim_from"].stop == SIZE and SLICES["melds"].stop == SLICES["river"].start


def _kind_table() -> dict[str, int]:
    from taku.mahjong.tiles import Tile

    table: dict[str, int] = {}
    for kind in range(34):
        tile = Tile(kind)
        table[tile.mjai] = kind
        if kind in (4, 13, 22):
            table[Tile(kind, True).mjai] = kind
    return table


_KIND = _kind_table()
