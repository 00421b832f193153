"""Furiten: whether a tenpai hand may win by ron (MJ-FURITEN).

The table engine keeps the state (own discards, passed wins, riichi) and answers these questions
itself from the hand's cached waits (:class:`~taku.mahjong.kyoku.Kyoku`); these functions answer
them for a hand given as counts (tools, tests, a player's own reasoning). Discard furiten counts
every tile the player discarded, including discards other players called (MJ-FURITEN-02), and
holds whether or not a win on that tile would have a yaku.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence

from taku.mahjong.shanten import shanten, waits
from taku.mahjong.tiles import Kind


def is_discard_furiten(counts: Sequence[int], melds: int, discarded: Iterable[Kind], *,
                       melded: Sequence[int] | None = None) -> bool:
    """Whether any wait of a 13-tile hand lies in the player's own discards (MJ-FURITEN-02).

    ``melded`` (the counts of the player's own meld tiles, see
    :func:`~taku.mahjong.shanten.meld_counts`) rules out waits on copies that sit in a meld.

    >>> from taku.mahjong.tiles import parse_kinds
    >>> hand = parse_kinds("33m123s123s456s23p")      # TV-FURITEN-02: waits 1p, 4p
    >>> is_discard_furiten(hand, 0, [15]), is_discard_furiten(hand, 0, [12])   # 7p, 4p
    (False, True)
    """
    own = set(discarded)
    return any(kind in own for kind in waits(counts, melds, melded=melded))


def furiten_waits(counts: Sequence[int], melds: int, discarded: Iterable[Kind], *,
                  melded: Sequence[int] | None = None) -> tuple[Kind, ...]:
    """The waits of a 13-tile hand that make it furiten (those among its own discards)."""
    own = set(discarded)
    return tuple(kind for kind in waits(counts, melds, melded=melded) if kind in own)


def completes(counts: Sequence[int], melds: int, tile: Kind, *,
              melded: Sequence[int] | None = None) -> bool:
    """Whether ``tile`` completes a 13-tile hand in shape (the test behind temporary furiten,
    MJ-FURITEN-04: a passed winning tile counts even when the win would have no yaku)."""
    if counts[tile] + (melded[tile] if melded is not None else 0) >= 4:
        return False
    work = list(counts)
    work[tile] += 1
    return shanten(work, melds, melded=melded) == -1
