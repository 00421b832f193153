"""Differential test: Black's full forbidden set against the ``renju`` PyPI package (test-only oracle).

``renju.check_forbid.get_foul_type`` is a port of the Gomocup referee Piskvork's checker. It reads
RIF 9.3 literally (a straight-four point that also makes a five does not make a three), as our
default rules do, so the two must agree on every empty point of every position.
"""

from __future__ import annotations

import json
import random
from pathlib import Path

from renju.check_forbid import get_foul_type  # type: ignore[import-untyped]

from taku.renju import BLACK, WHITE, Foul, Point, Position

ORACLE_CODES: dict[int, Foul] = {1: "double-three", 2: "double-four", 3: "overline"}


def oracle_board(position: Position) -> list[list[int]]:
    """The position as the oracle's board: indexed [x][y], 0 empty, 1 black, 2 white."""
    board = [[0] * position.size for _ in range(position.size)]
    for color in (BLACK, WHITE):
        for point in position.stones(color):
            board[point.x][point.y] = int(color)
    return board


def oracle_forbidden(position: Position) -> dict[Point, Foul]:
    """The oracle's verdict on every empty point."""
    size = position.size
    board = oracle_board(position)
    found: dict[Point, Foul] = {}
    for y in range(size):
        for x in range(size):
            if board[x][y] == 0:
                code = get_foul_type(board, x, y)
                if code:
                    found[Point(x, y)] = ORACLE_CODES[code]
    return found


def clustered_position(rng: random.Random) -> Position:
    """A game-like position: black stones grown next to black stones, white ones around them."""
    size = 15
    black = [Point(rng.randint(4, 10), rng.randint(4, 10))]
    taken = set(black)
    white: list[Point] = []
    target_black = rng.randint(5, 40)
    target_white = rng.randint(target_black // 3, target_black)
    while len(black) < target_black or len(white) < target_white:
        base = rng.choice(black)
        own = len(black) < target_black and (len(white) >= target_white or rng.random() < 0.5)
        reach = 2 if own else 3
        point = Point(base.x + rng.randint(-reach, reach), base.y + rng.randint(-reach, reach))
        if point.on_board(size) and point not in taken:
            taken.add(point)
            (black if own else white).append(point)
    return Position.from_stones(black, white)


def scattered_position(rng: random.Random) -> Position:
    """Stones dropped uniformly into a random square region of the board."""
    low, high = rng.choice([(0, 14), (2, 12), (4, 10), (5, 9)])
    points = [Point(x, y) for x in range(low, high + 1) for y in range(low, high + 1)]
    rng.shuffle(points)
    black = rng.randint(3, min(40, len(points) // 2))
    white = rng.randint(0, black)
    return Position.from_stones(points[:black], points[black : black + white])


def compare(positions: list[Position]) -> tuple[int, int]:
    """Assert agreement on every position; return (points compared, forbidden points found)."""
    points = forbidden = 0
    for number, position in enumerate(positions):
        ours = position.forbidden_points()
        theirs = oracle_forbidden(position)
        assert ours == theirs, (number, repr(position))
        points += position.size**2 - position.stone_count
        forbidden += len(ours)
    return points, forbidden


def test_agrees_with_the_oracle_on_clustered_positions() -> None:
    rng = random.Random(20240501)
    positions = [clustered_position(rng) for _ in range(100)]
    points, forbidden = compare(positions)
    assert points > 15000 and forbidden > 200  # the sample really exercises the fouls


def test_agrees_with_the_oracle_on_scattered_positions() -> None:
    rng = random.Random(7)
    positions = [scattered_position(rng) for _ in range(100)]
    points, forbidden = compare(positions)
    assert points > 15000 and forbidden > 200


def test_agrees_with_the_oracle_on_the_shared_positions(shared: Path) -> None:
    positions = []
    for path in sorted((shared / "data" / "renju").glob("*.jsonl")):
        for line in path.read_text(encoding="utf-8").splitlines():
            if line.strip():
                record = json.loads(line)
                positions.append(Position.from_stones(record["black"], record["white"]))
    assert len(positions) == 51
    compare(positions)


def test_full_set_reads_the_same_as_every_point_judged_alone() -> None:
    # forbidden_points() reads line by line and skips lines with fewer than two black stones;
    # forbidden_reason() judges one point through its four windows: the two must agree.
    rng = random.Random(99)
    positions = [(clustered_position if n % 2 else scattered_position)(rng) for n in range(60)]
    found = 0
    for position in positions:
        pointwise = {
            Point(x, y): position.forbidden_reason(Point(x, y))
            for y in range(position.size)
            for x in range(position.size)
            if position.color_at(Point(x, y)) is None
        }
        expected = {point: foul for point, foul in pointwise.items() if foul is not None}
        assert position.forbidden_points() == expected, repr(position)
        found += len(expected)
    assert found > 100
