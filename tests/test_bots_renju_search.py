"""The renju AI's search board: what it keeps incrementally (the evaluation total, the cached point
values, the hash, the candidate points, the five points) is what a board built afresh from the same
stones has, after any sequence of moves played and taken back."""

from __future__ import annotations

import random

import pytest

from taku.bots.renju_search import _POINT_BITS, _POINT_MASK, LINE_WEIGHTS, SearchBoard
from taku.renju import Point, Position, RenjuRules


def _window_total(position: Position) -> int:
    """Black's minus White's weights of every five-point window on the board holding one colour."""
    size = position.size
    total = 0
    for y in range(size):
        for x in range(size):
            for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
                end_x, end_y = x + 4 * dx, y + 4 * dy
                if not (0 <= end_x < size and 0 <= end_y < size):
                    continue
                colours = [position.color_at(Point(x + k * dx, y + k * dy)) for k in range(5)]
                black = sum(c is not None and int(c) == 1 for c in colours)
                white = sum(c is not None and int(c) == 2 for c in colours)
                if black and not white:
                    total += LINE_WEIGHTS[black]
                elif white and not black:
                    total -= LINE_WEIGHTS[white]
    return total


def _position(board: SearchBoard, rules: RenjuRules) -> Position:
    size = board.size
    black = [Point(i % size, i // size) for i in range(size * size) if board.cells[i] == 1]
    white = [Point(i % size, i // size) for i in range(size * size) if board.cells[i] == 2]
    return Position.from_stones(black, white, rules=rules)


def _same_as_fresh(board: SearchBoard, rules: RenjuRules) -> None:
    position = _position(board, rules)
    fresh = SearchBoard(position)
    assert board.score == _window_total(position) == fresh.score
    assert board.hash == fresh.hash
    assert board.candidates() == fresh.candidates() == [
        i for i in range(board.size * board.size) if board.cells[i] == 0 and board.near[i]
    ]
    for color in (1, 2):
        assert board.five_points(color) == fresh.five_points(color)
        for i in range(board.size * board.size):
            if board.cells[i] == 0:
                assert board.info(i, color) == fresh.info(i, color), (i, color)


@pytest.mark.parametrize("preset", ["renju", "gomoku_freestyle"])
def test_incremental_state_matches_a_fresh_board_after_moves_and_takebacks(preset: str) -> None:
    rules = RenjuRules.preset(preset)
    rng = random.Random(5)
    board = SearchBoard(Position("h8i9h9h10g8", rules=rules))
    for _ in range(6):
        played: list[int] = []
        # A nested line of moves taken back in order (as the searches do), reading values on the way.
        for _ in range(rng.randint(3, 9)):
            empty = [i for i in board.candidates() if board.cells[i] == 0]
            i = rng.choice(empty)
            for j in board.candidates():
                board.info(j, 1 + len(played) % 2)
            board.place(i, 1 + len(played) % 2)
            played.append(i)
        _same_as_fresh(board, rules)
        for i in reversed(played[rng.randint(1, len(played) - 1):]):
            board.remove(i)
            played.remove(i)
        _same_as_fresh(board, rules)
        # Keep some stones: the next line starts from a fuller board.
    # A stone taken back out of order (not the last placed) still leaves a consistent board.
    board.place(0, 2)
    board.place(1, 2)
    board.remove(0)
    _same_as_fresh(board, rules)


def test_pattern_counts_of_an_open_three() -> None:
    # RJ-06/RJ-09: Black's open three h8 i8 j8 (TV-RJ-01). g8 and k8 make a straight four (TV-RJ-07),
    # f8 and l8 a four with one five point (TV-RJ-06); no point makes a four and a three.
    board = SearchBoard(Position.from_stones("h8 i8 j8", "a1 a15 o1"))
    fives, strong, four_three, double_three, fours, threes, twos, shape, best = board.pattern_counts(1)
    assert (fives, strong, four_three, double_three, fours) == (0, 2, 0, 0, 2)
    assert {board.point(i) for i in board.candidates() if board.info(i, 1) & 4} == {
        Point.from_str("g8"), Point.from_str("k8")}
    # Every other line through a point holds at most one of the stones: no three is made off row 8,
    # but twos are (h9 and h8, say).
    assert threes == 0
    assert twos > 0 and shape > 0
    assert best == max(board.point_value(i, 1) for i in board.candidates()) >= 100_000


def test_pattern_counts_leave_out_black_double_three_fouls_but_not_white_double_threes() -> None:
    # TV-RJ-08 (RJ-04): Black's h8 with g8, i8, h7, h9 is a double three, forbidden: not counted.
    black = SearchBoard(Position.from_stones("g8 i8 h7 h9", "a1 a15"))
    assert black.foul(7 * 15 + 7)  # h8
    assert black.pattern_counts(1)[3] == 0
    # White has no forbidden points (RJ-11): the same shape in White's stones counts once.
    white = SearchBoard(Position.from_stones("a1 a15 o1 o15", "g8 i8 h7 h9"))
    assert white.pattern_counts(2)[3] == 1


def test_index_of_is_bisect_left() -> None:
    from bisect import bisect_left

    from taku.bots.renju_search import _index_of

    rng = random.Random(13)
    for _ in range(200):
        values = sorted(rng.sample(range(700), rng.randint(0, 40)))
        x = rng.randrange(-5, 705)
        assert _index_of(values, x) == bisect_left(values, x), (values, x)
    assert _index_of([], 3) == 0
    assert _index_of([1, 3, 5], 3) == 1
    assert _index_of([1, 3, 5], 6) == 3


def test_threat_points_come_best_first() -> None:
    # Black to move with an open three on h8-j8 and White stones around: fours and threes to find.
    board = SearchBoard(Position("h8h9i8i9g10k12"))
    for color in (1, 2):
        for threes in (False, True):
            keys = board._threat_keys(color, threes)
            moves = [(key >> _POINT_BITS, key & _POINT_MASK) for key in keys]
            assert board.threat_points(color, threes) == [i for _, i in moves]
            assert moves == sorted(moves, reverse=True)
    # Black's i8-h8 pair plus g8 or j8 makes a three: both are among its threat points.
    assert {board.size * 7 + 6, board.size * 7 + 9} <= set(board.threat_points(1, True))


@pytest.mark.parametrize("size", [7, 15, 25])
def test_entries_read_the_lines_of_the_geometry(size: int) -> None:
    # ``where`` packs each line number with its shift: the windows read must be the geometry's own.
    from taku.bots.renju_search import _lookup
    from taku.renju._geometry import WINDOW_MASK

    rules = RenjuRules.preset("renju", board_size=size)
    board = SearchBoard(Position("", rules=rules))
    rng = random.Random(size)
    for k in range(size * size // 3):
        empty = [i for i in range(size * size) if board.cells[i] == 0]
        board.place(rng.choice(empty), 1 + k % 2)
    geo = board.geo
    for i in range(size * size):
        for color in (1, 2):
            exact = board.black_exact if color == 1 else board.white_exact
            lines = board.lines[color]
            windows = [(lines[geo.line[d][i]] >> geo.shift[d][i]) & WINDOW_MASK for d in range(4)]
            expected = tuple(_lookup(board.tables[color], key, exact) for key in windows)
            assert board.entries(i, color) == expected, (i, color)
