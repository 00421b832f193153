"""Errors raised by the renju core: all are ``ValueError`` subclasses naming the bad input."""

from __future__ import annotations

from taku.errors import InvalidNotationError

__all__ = ["IllegalMoveError", "InvalidNotationError", "InvalidRulesError"]
"""``InvalidNotationError`` (text that is not a point, a move or a move string) is the one both
games share, :class:`taku.errors.InvalidNotationError`."""


class IllegalMoveError(ValueError):
    """A well-formed move that this position does not allow (off the board, taken, forbidden...)."""


class InvalidRulesError(ValueError):
    """A ``RenjuRules`` value or preset name that does not describe a playable rule set."""
