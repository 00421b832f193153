"""The engine's fast paths (issue 10) give what the plain code gives: the wall's shuffle is
``random.shuffle``'s permutation, the shared actions equal checked ones, a list of counts and its
bytes have the same shanten, and bad counts are still refused."""

from __future__ import annotations

import pickle
import random

import pytest

from taku.mahjong.actions import Action, discard_action, seat_action
from taku.mahjong.errors import InvalidHandError
from taku.mahjong.match import Match
from taku.mahjong.shanten import shanten
from taku.mahjong.tiles import Tile, tiles_to_str
from taku.mahjong.wall import Wall, _shuffle, tile_set


@pytest.mark.parametrize("seed", ["taku-wall-0", "taku-match-3-4", 12345, "x" * 60])
def test_wall_shuffle_is_the_random_modules_permutation(seed: object) -> None:
    ours, theirs = tile_set((1, 1, 1)), tile_set((1, 1, 1))
    ours_rng, theirs_rng = random.Random(seed), random.Random(seed)
    _shuffle(ours_rng, ours)
    theirs_rng.shuffle(theirs)
    assert ours == theirs
    assert ours_rng.random() == theirs_rng.random()  # the generator is left in the same state


def test_tile_sets_are_fresh_lists_of_the_whole_set() -> None:
    first = tile_set((1, 1, 1))
    first.clear()  # a caller may change its list: the next set is whole
    again = tile_set((1, 1, 1))
    assert len(again) == 136 and sum(t.red for t in again) == 3
    assert sum(t.red for t in tile_set((0, 2, 0))) == 2


def test_seeded_walls_are_unchanged() -> None:
    # The first 20 tiles and the dice of two seeded walls, as the random module's shuffle dealt them.
    wall = Wall.shuffled(7)
    assert (tiles_to_str(wall.tiles[:20]), wall.dice) == ("7z6m6z6m4z1m6p46s6m4z51s3z1s9m1z9p1z8s", (5, 1))
    wall = Wall.shuffled("taku-match-0-0", (1, 1, 1))  # the first hand of Match(seed=0)
    assert (tiles_to_str(wall.tiles[:20]), wall.dice) == ("7s7m83p4s06p13s3m8s7z1p9m5z4m9s2m9s7z", (1, 2))


def test_shared_actions_equal_checked_ones() -> None:
    five, red = Tile(4), Tile(4, True)
    for seat in range(4):
        for tile in (five, red, Tile(33)):
            for tsumogiri in (False, True):
                shared = discard_action(seat, tile, tsumogiri)
                assert shared == Action("dahai", seat, tile, tsumogiri=tsumogiri)
                assert discard_action(seat, tile, tsumogiri) is shared
        for kind in ("none", "reach", "open_reach", "ryukyoku"):
            assert seat_action(kind, seat) == Action(kind, seat)
    assert discard_action(0, five) != discard_action(0, red)


def test_observation_is_built_and_pickled_like_a_dataclass_value() -> None:
    match = Match(seed=2)
    seen = match.observe(0)
    assert pickle.loads(pickle.dumps(seen)) == seen
    assert seen.hand == tuple(sorted(match.kyoku.seats[0].closed))


def test_list_and_bytes_counts_give_the_same_shanten() -> None:
    rng = random.Random(3)
    kinds = [kind for kind in range(34) for _ in range(4)]
    for _ in range(2000):
        rng.shuffle(kinds)
        counts = [0] * 34
        for kind in kinds[:rng.choice((13, 14))]:
            counts[kind] += 1
        assert shanten(counts) == shanten(bytes(counts)) == shanten(tuple(counts))


@pytest.mark.parametrize("bad", [8, 5, -1, 2**40])
def test_a_bad_count_in_a_list_is_refused(bad: int) -> None:
    counts = [1] * 13 + [0] * 21
    counts[20] = bad  # 8 would read as the next kind's 1 if counts were packed unchecked
    with pytest.raises(InvalidHandError):
        shanten(counts)
