"""Furiten helpers against RULES.md §11.3 (TV-FURITEN-01..04) and MJ-FURITEN-02/04."""

from __future__ import annotations

import pytest

from taku.mahjong.furiten import completes, furiten_waits, is_discard_furiten
from taku.mahjong.tiles import Tile, parse_kinds, parse_tiles


def kinds(text: str) -> list[int]:
    """The kinds of the tiles written in MPSZ, in order."""
    return [tile.kind for tile in parse_tiles(text)]


@pytest.mark.parametrize("discard", ["3p", "6p", "9p"])
def test_tv_furiten_01_any_wait_in_own_discards(discard: str) -> None:
    """TV-FURITEN-01: 33m111s12345678p waits 3p/6p/9p; any of them discarded makes it furiten."""
    hand = parse_kinds("33m111s12345678p")
    assert is_discard_furiten(hand, 0, [Tile.from_str(discard).kind])
    assert furiten_waits(hand, 0, kinds("3p6p9p1z")) == tuple(kinds("3p6p9p"))


def test_tv_furiten_02_other_tiles_do_not_count() -> None:
    """TV-FURITEN-02: 33m123s123s456s23p waits 1p/4p; a 7p in the discards is not furiten."""
    hand = parse_kinds("33m123s123s456s23p")
    assert not is_discard_furiten(hand, 0, kinds("7p"))
    assert is_discard_furiten(hand, 0, kinds("1p"))
    assert is_discard_furiten(hand, 0, kinds("4p"))


@pytest.mark.parametrize("discard", ["4p", "7p", "7z"])
def test_tv_furiten_03_shanpon_and_nobetan_waits(discard: str) -> None:
    """TV-FURITEN-03: 77z44456p123m123m waits 4p/7p/chun; each one discarded is furiten."""
    hand = parse_kinds("77z44456p123m123m")
    assert is_discard_furiten(hand, 0, kinds(discard))
    assert not is_discard_furiten(hand, 0, kinds("5p1z"))


def test_tv_furiten_04_wait_without_yaku_still_counts() -> None:
    """TV-FURITEN-04 / MJ-FURITEN-02: an open hand waiting 6s (tanyao) and 9s (no yaku) with 9s
    in its discards is furiten, although a win on 9s would have no yaku."""
    hand = parse_kinds("234m567p66s78s")  # plus a chi of 345p: one meld
    assert is_discard_furiten(hand, 1, kinds("9s"))
    assert completes(hand, 1, Tile.from_str("9s").kind)
    assert completes(hand, 1, Tile.from_str("6s").kind)
    assert not completes(hand, 1, Tile.from_str("5s").kind)


def test_mj_furiten_04_passed_tile_check_ignores_fifth_copy() -> None:
    """A hand holding all four copies of its only wait cannot be completed by it (MJ-END-07)."""
    hand = parse_kinds("4444m123p456p789p")
    assert not completes(hand, 0, Tile.from_str("4m").kind)
    assert not is_discard_furiten(hand, 0, kinds("4m"))


def test_mj_furiten_02_melded_copies_are_not_waits() -> None:
    """With the hand's melds given, a wait on a tile whose copies are all held is no wait, so it
    cannot make the hand furiten (karaten, MJ-END-07): 5m123p456p789s with a pon of 5m."""
    from taku.mahjong.hand import Meld
    from taku.mahjong.shanten import meld_counts

    counts = parse_kinds("5m123p456p789s")
    melded = meld_counts([Meld.from_str("555m+")])
    assert is_discard_furiten(counts, 1, [4]) is True  # without melds: the 5m "wait" is discarded
    assert is_discard_furiten(counts, 1, [4], melded=melded) is False
    assert furiten_waits(counts, 1, [4], melded=melded) == ()
    assert completes(counts, 1, 4, melded=melded) is False
