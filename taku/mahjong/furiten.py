"""Furiten: whether a tenpai hand may win by ron (MJ-FURITEN).

The table engine keeps the state (own discards, passed wins, riichi); these functions answer the
questions it asks. Discard furiten counts every tile the player discarded, including discards other
players called (MJ-FURITEN-02), and holds whether or not a win on that tile would have a yaku.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from taku.mahjong.shanten import shanten, waits
from taku.mahjong.tiles import Kind


def is_discard_furiten(counts: Sequence[int], melds: int, discarded: Iterable[Kind]) -> bool:
    """Whether any wait of a 13-tile hand lies in the player's own discards (MJ-FURITEN-02).

    >>> from taku.mahjong.tiles import parse_kinds
    >>> hand = parse_kinds("33m123s123s456s23p")      # TV-FURITEN-02: waits 1p, 4p
    >>> is_discard_furiten(hand, 0, [15]), is_discard_furiten(hand, 0, [12])   # 7p, 4p
    (False, True)
    """
    own = set(discarded)
    return any(kind in own for kind in waits(counts, melds))


def furiten_waits(counts: Sequence[int], melds: int, discarded: Iterable[Kind]) -> tuple[Kind, ...]:
    """The waits of a 13-tile hand that make it furiten (those among its own discards)."""
    own = set(discarded)
    return tuple(kind for kind in waits(counts, melds) if kind in own)


def completes(counts: Sequence[int], melds: int, tile: Kind) -> bool:
    """Whether ``tile`` completes a 13-tile hand in shape (the test behind temporary furiten,
    MJ-FURITEN-04: a passed winning tile counts even when the win would have no yaku)."""
    if counts[tile] >= 4:
        return False
    work = list(counts)
    work[tile] += 1
    return shanten(work, melds) == -1
