"""The renju AI's evaluation: the fitted weights of the pattern counts (``EVAL_WEIGHTS``), read for
the side to move in concrete positions."""

from __future__ import annotations

from taku.bots.renju_ai import EVAL_WEIGHTS, eval_features, evaluation
from taku.bots.renju_search import SearchBoard
from taku.renju import WHITE, Position, RenjuRules


def _value(position: Position) -> int:
    board = SearchBoard(position)
    color = int(position.turn)
    return evaluation(board, color, board.pattern_counts(color), board.pattern_counts(3 - color))


def test_features_are_the_pattern_counts_of_both_sides_and_the_window_total() -> None:
    # Black's open three h8 i8 j8 (RJ-09, TV-RJ-01), White to move: White faces two straight-four
    # points (g8, k8) and two four points (f8, l8) of Black's.
    position = Position.from_stones("h8 i8 j8", "a1 a15 o1", turn=WHITE)
    features, _ = eval_features(position)
    assert len(features) == len(EVAL_WEIGHTS) == 14
    board = SearchBoard(position)
    theirs = board.pattern_counts(1)
    assert features[6:13] == [2, 0, 0, 2, theirs[5], theirs[6], theirs[7]]
    assert features[13] == -board.score  # the window total, for White


def test_an_open_three_is_worth_more_to_the_side_to_move_than_to_the_side_that_must_answer() -> None:
    # The same stones, once with Black (who has the open three) to move and once with White: Black to
    # move makes a straight four and wins; White to move must block it.
    rules = RenjuRules.preset("gomoku_freestyle")
    black_to_move = Position.from_stones("h8 i8 j8", "a1 a15 o1", rules=rules)
    white_to_move = Position.from_stones("h8 i8 j8", "a1 a15 o1", turn=WHITE, rules=rules)
    assert _value(black_to_move) >= 200_000  # a straight four to play, no four against it: nearly a win
    assert _value(white_to_move) < 0


def test_the_weights_read_like_renju() -> None:
    # A point where the side to move makes a four and a three, or two threes, is worth more than one
    # making a three alone; the opponent's are worth less than nothing; its straight-four points (an
    # open three on the board) cost the side to move.
    mine = EVAL_WEIGHTS[:5]
    assert mine[0] > mine[1] > mine[3] > mine[4] > 0
    assert all(w < 0 for w in EVAL_WEIGHTS[6:12])
