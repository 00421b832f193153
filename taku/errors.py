"""The errors both games share: one name for one kind of failure, whichever game raised it.

* :class:`InvalidNotationError`: text that is not valid notation (a tile, a hand, a point, a
  move). Each game's own (``taku.mahjong.errors.InvalidNotationError``, also a
  ``MahjongError``; ``taku.renju.errors.InvalidNotationError``, this class) is one of these.
* :class:`RecordError`: a game record that cannot be read or written (mjai, Tenhou JSON, mjlog;
  RIF, PSQ, SGF, Renlib); ``taku.formats.mahjong.record.RecordError`` and
  ``taku.formats.renju.record.RecordError`` are this class.
* :class:`EngineError`: an engine process (an mjai bot, a Gomocup brain) that failed: it would
  not start, died, broke the protocol or ran out of time.

Bad input is a ``ValueError`` (the message names it, cut short by :func:`shown`); a failed
process is a ``RuntimeError`` (python-chess's ``EngineError``).

>>> from taku.mahjong.errors import InvalidNotationError as MahjongNotationError
>>> from taku.renju.errors import InvalidNotationError as RenjuNotationError
>>> issubclass(MahjongNotationError, InvalidNotationError), RenjuNotationError is InvalidNotationError
(True, True)
"""

from __future__ import annotations

__all__ = ["EngineError", "InvalidNotationError", "RecordError", "shown"]

SHOWN_LIMIT = 40
"""How many characters of a bad input an error message repeats (:func:`shown`)."""


class InvalidNotationError(ValueError):
    """Text that is not valid notation of either game (syntax, independent of any position)."""


class RecordError(InvalidNotationError):
    """A game record that cannot be read or written: malformed input, or moves or events that are
    not a game. The message names the problem and where it is (the game, the hand, the move)."""


class EngineError(RuntimeError):
    """An engine process failed: it did not start, exited, broke its protocol or did not answer
    in time. The message names the engine and what happened."""


def shown(value: object, limit: int = SHOWN_LIMIT) -> str:
    """``repr(value)`` for an error message, cut to ``limit`` characters with an ellipsis: a huge
    bad input is named, not repeated whole. A value without a representation (too deep, an
    integer too long to print) is named by its type.

    >>> shown("5mr"), shown("x" * 1000), shown([[]] * 1000)
    ("'5mr'", "'xxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxxx…", '[[], [], [], [], [], [], [], [], [], []…')
    """
    if isinstance(value, str) and len(value) > limit:
        value = value[:limit]  # the rest is cut anyway: no need to copy it
    try:
        text = repr(value)
    except (RecursionError, ValueError):  # a deep container; an int past the digit limit
        return f"{type(value).__name__} (too large to show)"
    return text if len(text) <= limit else text[:limit - 1] + "…"
