"""The scorer's fast paths give what the general ones give (issue 10: the compiled build packs
a tuple of counts as ints and shares payment tuples; a list of counts takes the ``bytes`` path)."""

from __future__ import annotations

import random

from taku.mahjong.decompose import analysed_splits
from taku.mahjong.hand import Hand
from taku.mahjong.score import Win, hand_payments, score_hand
from taku.mahjong.tiles import Tile


def test_tuple_and_list_counts_split_alike() -> None:
    # Random complete-ish hands (and some with 5..8 of a kind, which only the bytes path splits):
    # the tuple path (int keys when compiled) and the list path (bytes keys) agree.
    rng = random.Random(10)
    for _ in range(3000):
        counts = [0] * 34
        for kind in rng.choices(range(34), k=14):
            counts[kind] += 1
        if rng.random() < 0.05:
            counts[rng.randrange(34)] = rng.randrange(5, 9)
        assert analysed_splits(tuple(counts)) == analysed_splits(counts)
    full = [0] * 34
    for kind, count in ((0, 3), (1, 3), (2, 3), (3, 3), (4, 2)):  # 111222333444m 55m
        full[kind] = count
    # 111m 222m 333m 444m 55m, 111m 234m 234m 234m 55m, 111m 234m 345m 345m 22m, 123m 123m 123m 444m 55m
    assert len(analysed_splits(tuple(full))) == len(analysed_splits(full)) == 4


def test_shared_payments_follow_the_seat_and_the_counters() -> None:
    # MJ-SCORE-16/17: the same hand won by tsumo from South and from West, with and without
    # counters: each score's payments are those hand_payments computes for its own seat.
    hand = Hand.from_str("22456m456p456s789s")
    for _ in range(2):  # the second round reads the shared payments
        for seat in (1, 2):
            for honba in (0, 2):
                score = score_hand(hand, Tile.from_str("2m"), Win(tsumo=True, seat_wind=seat,
                                                                 honba=honba))
                assert score.payments == hand_payments(score.base, dealer=False, tsumo=True,
                                                       seat=seat, honba=honba)
                assert score.payments[0].payer == 0  # the dealer pays first, 2x the others
                assert score.payments[0].amount - 100 * honba == \
                    2 * (score.payments[1].amount - 100 * honba)
