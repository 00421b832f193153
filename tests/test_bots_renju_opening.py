"""The renju AI's opening decisions: swap, offers and selection follow ``evaluate``."""

from __future__ import annotations

import random

from taku.bots.renju_ai import RenjuAI, evaluate
from taku.bots.renju_opening import SWAP_MARGIN, ai_opening_action, standing
from taku.renju import BLACK, WHITE, Offer, Opening, Position, Select, Swap, equivalent_fifth_moves


def _rif_after(opening: str) -> Opening:
    return Opening("rif").apply(f"place {opening}")


def test_standing_is_evaluate_from_each_side() -> None:
    position = Position("h8h9h10")  # White to move
    value = evaluate(position, 600)
    assert standing(position, WHITE) == value
    assert standing(position, BLACK) == -value


def test_white_swaps_out_of_a_lost_looking_opening_and_keeps_a_good_one() -> None:
    # h8 i9 j10 is a direct opening where Black's diagonal two is open at both ends, h8 h9 h10 one
    # where Black's three stones are split by nothing: the decision follows White's standing.
    for stones in ("h8 i9 j10", "h8 h9 j8", "h8 i7 j10"):
        state = _rif_after(stones)
        phase = state.phase
        assert phase is not None and phase.color is WHITE
        action = ai_opening_action(state, RenjuAI("easy", max_nodes=200), BLACK, random.Random(0))
        white = standing(state.position(), WHITE)
        assert action == Swap(white < -SWAP_MARGIN)


def test_offers_are_distinct_legal_and_the_best_for_black_of_those_weighed() -> None:
    state = _rif_after("h8 i9 j10").apply("keep").apply("place h9")
    action = ai_opening_action(state, RenjuAI("easy", max_nodes=200), BLACK, random.Random(0))
    assert isinstance(action, Offer) and len(action.points) == 2
    position = state.position()
    a, b = action.points
    assert position.is_legal(a) and position.is_legal(b)
    assert not equivalent_fifth_moves(position, a, b)


def test_selection_is_the_offer_worst_for_black() -> None:
    state = _rif_after("h8 i9 j10").apply("keep").apply("place h9").apply("offer g7 a1")
    action = ai_opening_action(state, RenjuAI("easy", max_nodes=200), BLACK, random.Random(0))
    assert action == Select(action.point)  # a selection
    position = state.position()

    def black_after(point: str) -> int:
        after = position.copy()
        after.push(point)
        return standing(after, BLACK)

    worst = min(("g7", "a1"), key=black_after)
    assert str(action.point) == worst
    assert black_after("a1") < black_after("g7")  # a far corner stone is the weaker fifth move
