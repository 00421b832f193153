"""Pickling and copying of the cores' immutable values (frozen dataclasses) by rebuilding them,
and of their mutable game states (a hand, a match, a board) by restoring their attributes.

A class compiled with mypyc runs ``__init__`` when it is created, so the default way of pickling
and copying (an empty instance, then its fields set one by one) fails for a frozen value. Each
value class therefore says how to rebuild it: ``__reduce__`` returns :func:`rebuild` with the
class and the fields its ``__init__`` takes, so an unpickled or copied value is also checked again.

A mutable state (``Kyoku``, ``Match``, ``Position``...) cannot be rebuilt from arguments: its
``__init__`` deals or sets up a new game. Its ``__reduce__`` returns :func:`reduce_state`: the
copy is made empty and given the original's attributes (deep-copied by ``copy.deepcopy``, so the
copy plays on independently). A compiled class cannot be made empty (mypyc runs ``__init__`` on
creation), so there the class is called with cheap arguments the state names, and its attributes
are then all replaced.

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


def _attribute_names(cls: type[Any]) -> tuple[str, ...]:
    """The attributes an instance of ``cls`` may hold (compiled: mypyc's list of them)."""
    names: tuple[str, ...] | None = getattr(cls, "__mypyc_attrs__", None)
    if names is not None:
        return tuple(name for name in names if name != "__dict__")
    found: list[str] = []
    for klass in cls.__mro__:
        slots = klass.__dict__.get("__slots__", ())
        found.extend((slots,) if isinstance(slots, str) else slots)
    return tuple(found)


def reduce_state(state: Any, **arguments: Any) -> tuple[Any, ...]:
    """``state.__reduce__()`` for a mutable state: an instance made empty (compiled: made by
    calling the class with the keyword ``arguments``, which must be cheap), then given every
    attribute of ``state``."""
    cls = type(state)
    attributes = dict(getattr(state, "__dict__", {}))
    for name in _attribute_names(cls):
        if name not in attributes and hasattr(state, name):
            attributes[name] = getattr(state, name)
    if hasattr(cls, "__mypyc_attrs__"):
        return rebuild, (cls, arguments), attributes  # mypyc's __setstate__ sets the attributes
    return _empty, (cls,), (None, attributes)  # the attributes are then set one by one


def _empty(cls: type[Any]) -> Any:
    """An instance of ``cls`` whose ``__init__`` has not run (a pure class only)."""
    return object.__new__(cls)
