"""Errors of the mahjong core: every one is a :class:`ValueError` whose message names the input."""

from __future__ import annotations

import taku.errors


class MahjongError(ValueError):
    """Base class of the mahjong core's errors."""


class InvalidNotationError(MahjongError, taku.errors.InvalidNotationError):
    """Text that is not valid tile, meld or hand notation (a :class:`MahjongError` and the
    notation error both games share, :class:`taku.errors.InvalidNotationError`)."""


class InvalidMeldError(MahjongError):
    """Tiles that do not form the meld they claim to be (e.g. a chi of ``135m``)."""


class InvalidHandError(MahjongError):
    """A hand with the wrong number of tiles, a fifth copy of a tile, or a similar impossibility."""


class NotAWinError(MahjongError):
    """A hand that is not complete with the given winning tile, or has no yaku."""


class NoYakuError(NotAWinError):
    """A complete hand without a yaku (dora are not yaku)."""
