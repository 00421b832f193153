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


def test_split_summaries_are_the_analysed_splits() -> None:
    # The scorer's split summaries (bit sets, counts, twins) describe the same splits as
    # analysed_splits, in the same order, for random complete-ish hands.
    from taku.mahjong.decompose import TRIPLET, split_summaries

    rng = random.Random(11)
    checked = 0
    for _ in range(3000):
        counts = [0] * 34  # a pair and 0..4 random groups (sequences or triplets)
        counts[rng.randrange(34)] += 2
        for _ in range(rng.randrange(5)):
            if rng.random() < 0.6:
                base = rng.randrange(3) * 9 + rng.randrange(7)
                for kind in (base, base + 1, base + 2):
                    counts[kind] += 1
            else:
                counts[rng.randrange(34)] += 3
        if max(counts) > 4:
            continue
        analysed = analysed_splits(counts)
        summaries = split_summaries(counts)
        assert len(summaries) == len(analysed)
        for (pair, groups, sequences, triplets), summary in zip(analysed, summaries, strict=True):
            twins = 0
            rest = list(sequences)
            while rest:
                first = rest.pop(0)
                if first in rest:
                    rest.remove(first)
                    twins += 1
            assert summary == (pair, groups, sum(1 << n for n in set(sequences)),
                               sum(1 << n for n in set(triplets)), len(sequences), len(triplets), twins)
            assert all(c < TRIPLET for c in sequences)
            checked += 1
    assert checked > 1000


def test_ranked_fu_is_the_sum_of_the_fu_items() -> None:
    # MJ-SCORE-06..14: the scorer ranks readings by fu counted without items and writes the chosen
    # reading's items afterwards; the two agree (the items add up to the fu, rounded up to 10),
    # except for chiitoitsu's 25 and kokushi (no fu).
    from taku.mahjong.errors import NotAWinError
    from tests.test_mahjong_oracle import CONFIGS, random_cases, taku_input

    scored = 0
    for config in CONFIGS:
        for case in random_cases(config.seed, 400):
            hand, tile, win = taku_input(case, config.rules)
            try:
                result = score_hand(hand, tile, win, config.rules)
            except NotAWinError:
                continue
            if not result.fu_items:
                continue  # kokushi
            total = sum(fu for _, fu in result.fu_items)
            assert result.fu == (25 if total == 25 else -(-total // 10) * 10), result
            scored += 1
    assert scored > 1000


def test_wait_codes_are_the_wait_shapes() -> None:
    # MJ-SCORE-09: the scorer's native wait codes name the wait fu.wait_shape names.
    from taku.mahjong.fu import wait_shape
    from taku.mahjong.score import _WAIT_SHAPES, _wait_code

    for suit in range(3):
        for start in range(7):
            code = suit * 9 + start
            for w in (code, code + 1, code + 2):
                assert _WAIT_SHAPES[_wait_code(code, w)] == wait_shape(code, w)


def test_native_indicator_check_agrees_with_the_full_one() -> None:
    # MJ-FLOW-31: the scorer's native check of the indicators (no fifth copy of a kind, no more red
    # fives than the rules have, a robbed kan's three tiles counted) refuses exactly what the check
    # that writes the message refuses, on random indicators around a hand with triplets.
    from taku.mahjong.errors import InvalidHandError
    from taku.mahjong.rules import Rules
    from taku.mahjong.score import _check_indicators, _indicators_fit

    rng = random.Random(12)
    hand = Hand.from_str("555m055p555s11z 777z+")
    pool = [Tile(kind) for kind in range(34)] + [Tile(4, True), Tile(13, True), Tile(22, True)]
    refused = accepted = 0
    for rules in (Rules(), Rules(red_fives=(0, 0, 0))):
        for _ in range(2000):
            chankan = rng.random() < 0.2
            win = Win(chankan=chankan, dora_indicators=tuple(rng.choices(pool, k=rng.randrange(6))),
                      ura_indicators=tuple(rng.choices(pool[4:32:9] + pool[-3:], k=rng.randrange(6))))
            w = 27 if not chankan else rng.choice((4, 13, 22))
            fits = _indicators_fit(hand.all_counts, hand.red_counts, w, win, rules)
            try:
                _check_indicators(hand.all_counts, hand.red_counts, w, win, rules)
            except InvalidHandError:
                assert not fits
                refused += 1
            else:
                assert fits
                accepted += 1
    assert refused > 100 and accepted > 100, (refused, accepted)
