"""NumPy in, NumPy out: many mahjong hands in one call, for learning code.

The core (:mod:`taku.mahjong`) imports no third-party package; this module is the NumPy layer
above it (NumPy is needed here only: ``pip install numpy`` or ``taku[envs]``).

>>> import numpy as np
>>> from taku.mahjong.tiles import parse_kinds
>>> hands = np.array([parse_kinds("123m456p789s1122z"), parse_kinds("19m19p19s12345z66z")])
>>> shanten_array(hands)
array([0, 0], dtype=int8)
>>> shanten_array(hands[:, None, :].repeat(2, axis=1), melds=0).shape  # any leading shape
(2, 2)
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import numpy as np
import numpy.typing as npt

from taku.mahjong.errors import InvalidHandError
from taku.mahjong.shanten import shanten_batch

__all__ = ["shanten_array"]


def shanten_array(counts: npt.ArrayLike, melds: int | Sequence[int] | npt.ArrayLike = 0
                  ) -> npt.NDArray[np.int8]:
    """Shanten of every hand in ``counts``, an array of tile counts whose last axis has the 34
    kinds (shape ``(..., 34)``, any integer type, each count 0..4); ``melds`` is one meld count
    for every hand or an array of the leading shape. Returns an ``int8`` array of the leading
    shape: element ``i`` is :func:`taku.mahjong.shanten.shanten` of hand ``i`` (the work is one
    call of :func:`taku.mahjong.shanten.shanten_batch`).

    Raises :class:`~taku.mahjong.errors.InvalidHandError` for a last axis that is not 34 long, a
    count outside 0..4 or a meld count outside 0..4.
    """
    array = np.asarray(counts)
    if array.ndim == 0 or array.shape[-1] != 34:
        raise InvalidHandError(f"an array of shape (..., 34) expected, got shape {array.shape}")
    if array.dtype.kind not in "iub":
        raise InvalidHandError(f"tile counts must be integers, got dtype {array.dtype}")
    shape = array.shape[:-1]
    if array.size and (array.min() < 0 or array.max() > 4):
        raise InvalidHandError("tile counts must be 0..4, got "
                               f"{int(array.min()) if array.min() < 0 else int(array.max())}")
    flat = np.ascontiguousarray(array, dtype=np.uint8).reshape(-1, 34)
    per_hand: int | list[int]
    if isinstance(melds, int | np.integer):
        per_hand = int(melds)
    else:
        melds_array = np.asarray(melds)
        if melds_array.shape != shape:
            raise InvalidHandError(f"meld counts of shape {shape} expected, got {melds_array.shape}")
        per_hand = [int(m) for m in melds_array.reshape(-1)]
    result: Any = shanten_batch(flat, per_hand)
    return np.frombuffer(result, dtype=np.int8).reshape(shape)
