"""Pickling and copying of the cores' immutable values (frozen dataclasses) by rebuilding them.

A class compiled with mypyc runs ``__init__`` when it is created, so the default way of pickling
and copying (an empty instance, then its fields set one by one) fails for a frozen value. Each
value class therefore says how to rebuild it: ``__reduce__`` returns :func:`rebuild` with the
class and the fields its ``__init__`` takes, so an unpickled or copied value is also checked again.

Both game cores use it (the layer they share, like ``taku/errors.py``).

>>> import copy, pickle
>>> from taku.mahjong.tiles import Tile
>>> from taku.renju.rules import RENJU
>>> pickle.loads(pickle.dumps(Tile(13, True))), copy.deepcopy(Tile(0))
(Tile.from_str('0p'), Tile.from_str('1m'))
>>> pickle.loads(pickle.dumps(RENJU)) == RENJU, copy.deepcopy(RENJU) == RENJU
(True, True)
"""

from __future__ import annotations

import dataclasses
from typing import Any


def rebuild(cls: type[Any], fields: dict[str, Any]) -> Any:
    """The value of class ``cls`` with ``fields`` (what :func:`reduce_value` gives)."""
    return cls(**fields)


def reduce_value(value: Any) -> tuple[Any, ...]:
    """``value.__reduce__()`` for a dataclass value: :func:`rebuild` with its class and the
    fields its ``__init__`` takes."""
    return rebuild, (type(value), {field.name: getattr(value, field.name)
                                   for field in dataclasses.fields(value) if field.init})
