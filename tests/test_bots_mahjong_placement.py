"""Placement, not points (issue 16: "placement, not points, decides in the last hands"): the expected
final rank of a score table and the weights of a win and of a deal-in that push or fold takes from it
(``PushFold.placement_sigma``)."""

from __future__ import annotations

import pytest

from taku.bots.mahjong_placement import expected_rank, hands_left, placement_stakes
from taku.bots.mahjong_taku import PushFold, TakuPlayer
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules

SIGMA = 4500.0


def test_hands_left_in_an_east_south_match_and_an_east_only_one() -> None:
    assert hands_left(0, 1, 2) == 7  # East 1: East 2-4 and South 1-4 to come
    assert hands_left(1, 1, 2) == 3
    assert hands_left(1, 4, 2) == 0  # all-last
    assert hands_left(0, 4, 1) == 0  # East 4 of an East-only match
    assert hands_left(2, 1, 2) == 0  # West 1 (an extension round)


def test_with_no_hand_left_the_scores_decide_and_ties_go_to_the_lower_seat() -> None:
    scores = (30000, 30000, 20000, 20000)
    assert [expected_rank(scores, s, 0, SIGMA) for s in range(4)] == [1.0, 2.0, 3.0, 4.0]


def test_with_hands_left_the_expected_rank_is_smooth_and_the_four_sum_to_ten() -> None:
    scores = (32000, 26000, 22000, 20000)
    ranks = [expected_rank(scores, s, 3, SIGMA) for s in range(4)]
    assert ranks == sorted(ranks)  # the higher score, the better expected rank
    assert 1.0 < ranks[0] < 2.0 and 3.0 < ranks[3] < 4.0
    assert sum(ranks) == pytest.approx(10.0)
    # more hands left: everyone's expectation nearer the middle
    assert expected_rank(scores, 0, 7, SIGMA) > ranks[0]


def test_even_scores_early_weigh_a_win_and_a_deal_in_alike() -> None:
    gain, loss = placement_stakes((25000,) * 4, 0, 0, 7, 3900, [(1, 1.0, 3900)], SIGMA)
    assert gain == pytest.approx(1.0, abs=0.1) and loss == pytest.approx(1.0, abs=0.1)


def test_the_all_last_leader_folds_rather_than_lose_the_top_to_a_deal_in() -> None:
    # all-last, seat 0 leads seat 1 by 2,000; seat 1's riichi would cost 3,900 and pass it, while
    # a win keeps the top it already has
    gain, loss = placement_stakes((27000, 25000, 24000, 24000), 0, 3, 0, 1000, [(1, 1.0, 3900)], SIGMA)
    assert gain < 1.0 < loss
    assert (gain, loss) == (0.5, 2.0)  # the ratio at its bound of 1/4


def test_the_last_player_pushes_a_hand_that_passes_third_place() -> None:
    scores = (35000, 28000, 22000, 15000)
    # 8,000 passes seat 2 however it is won; a deal-in leaves seat 3 last, where it is
    assert placement_stakes(scores, 3, 0, 0, 8000, [(1, 1.0, 3900)], SIGMA) == (2.0, 0.5)
    # 2,000 passes nobody and a deal-in loses nothing: the points decide as usual
    assert placement_stakes(scores, 3, 0, 0, 2000, [(1, 1.0, 3900)], SIGMA) == (1.0, 1.0)


def test_no_threat_or_no_value_leaves_the_plain_weights() -> None:
    assert placement_stakes((30000, 25000, 25000, 20000), 0, 0, 0, 0, [(1, 1.0, 3900)], SIGMA) == (1.0, 1.0)
    assert placement_stakes((30000, 25000, 25000, 20000), 0, 0, 0, 3900, [], SIGMA) == (1.0, 1.0)


def test_a_match_with_placement_weights_plays_to_its_end() -> None:
    rules = Rules.preset("tenhou")
    tuning = PushFold(placement_sigma=SIGMA)
    players = [TakuPlayer(seed=s, rules=rules, push_fold=tuning if s == 0 else PushFold()) for s in range(4)]
    match = Match(rules, seed="placement-1")
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(players[seat].choose(match.observe(seat)))
    assert match.result is not None and sorted(match.result.ranks) == [1, 2, 3, 4]
