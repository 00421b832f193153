"""Errors raised by the renju core: all are ``ValueError`` subclasses naming the bad input."""

from __future__ import annotations


class InvalidNotationError(ValueError):
    """Text that is not a point, a move or a move string (syntax, independent of any position)."""


class IllegalMoveError(ValueError):
    """A well-formed move that this position does not allow (off the board, taken, forbidden...)."""


class InvalidRulesError(ValueError):
    """A ``RenjuRules`` value or preset name that does not describe a playable rule set."""
