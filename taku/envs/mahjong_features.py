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
one :class:`SeatFeatures` per seat follows a hand's events as they come. The vector itself is
written by :class:`taku.envs.mahjong_encoding.TableEncoder` (NumPy-free, so compiled with the
cores) as ``float32`` bytes, which :meth:`SeatFeatures.vector` wraps without a copy.
"""

from __future__ import annotations

import numpy as np
import numpy.typing as npt

from taku.envs.mahjong_encoding import BOUNDS, LAYOUT, RIVER_SLOTS, SCORE_BOUND, SIZE, TableEncoder
from taku.mahjong.kyoku import Observation

__all__ = ["LAYOUT", "RIVER_SLOTS", "SCORE_BOUND", "SIZE", "SLICES", "SeatFeatures", "segment"]

SLICES: dict[str, slice] = {name: slice(start, stop) for name, (start, stop) in BOUNDS.items()}
"""Each segment's slice of the vector."""


def segment(vector: npt.NDArray[np.float32], name: str) -> npt.NDArray[np.float32]:
    """The segment ``name`` of an observation ``vector``, in its shape (a view)."""
    return vector[SLICES[name]].reshape(LAYOUT[name])


class SeatFeatures:
    """The public part of one seat's view of the current hand, followed event by event."""

    __slots__ = ("_encoder", "seat")

    def __init__(self, seat: int) -> None:
        if type(seat) is not int or not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0..3, got {seat!r}")
        self.seat = seat
        self._encoder = TableEncoder()

    def vector(self, obs: Observation, hand_id: object) -> npt.NDArray[np.float32]:
        """The observation vector of ``obs`` (this seat's view of hand ``hand_id``, an identifier
        that changes from hand to hand): a new array, which the caller owns."""
        if obs.seat != self.seat:
            raise ValueError(f"an observation of seat {obs.seat} given to seat {self.seat}'s features")
        return np.frombuffer(self._encoder.encode(obs, hand_id), dtype=np.float32)
