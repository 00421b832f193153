"""Shared helpers of the renju AI tests: a line of moves judged by the rules core alone."""

from __future__ import annotations

from taku.renju import BLACK, RENJU, WHITE, Color, Point, Position, RenjuRules, Termination


def empty_points(position: Position) -> list[Point]:
    """Every empty point of the board, row by row."""
    size = position.size
    return [Point(x, y) for y in range(size) for x in range(size) if position.color_at(Point(x, y)) is None]


def five_points(position: Position, color: Color) -> list[Point]:
    """The empty points where a ``color`` stone wins at once, judged by the rules core alone."""
    board = Position.from_stones(
        position.stones(BLACK), position.stones(WHITE), turn=color, rules=position.rules
    )
    found = []
    for point in list(board.legal_moves) if color is WHITE else empty_points(board):
        board.push(point)
        outcome = board.outcome()
        if outcome is not None and outcome.winner is color and outcome.termination in (
            Termination.FIVE,
            Termination.OVERLINE,
        ):
            found.append(point)
        board.pop()
    return found


def replays_to_a_win(position: Position, line: list[Point]) -> bool:
    """Whether ``line`` played out wins for the side to move: it ends with the attacker's five, or
    with a four whose every five point is forbidden to Black, the defender (who has no five)."""
    replay = position.copy()
    attacker: Color = replay.turn
    for move in line:
        assert replay.is_legal(move), f"{move} is not legal after {replay.move_string()}"
        replay.push(move)
    outcome = replay.outcome()
    if outcome is not None:
        return outcome.winner is attacker
    threats = five_points(replay, attacker)
    return (
        replay.turn is BLACK
        and bool(threats)
        and all(replay.is_forbidden(p) for p in threats)
        and not five_points(replay, BLACK)
    )


FORBIDDEN_ONLY_ROWS = (
    "BBWWBBWWBBWWBBW",
    "WWWBWWBBWWBBWWB",
    "BBWWBBWWBWWWBBW",
    "WBBB.BBBWWBBWWB",
    "BBWWBWWWBBWWBBW",
    "WWBBWWBBWWBBWWB",
    "BBWWBBWWBBWWBBW",
    "WWBWWWBBB.BBWWW",
    "BBWWBBWWBBWWBBW",
    "WWBBWWBBWWBBWWB",
    "BWWWBBWWBBWWBBW",
    "WBBB.BBBWWBBWWB",
    "BWWWBBWWBBWWBBW",
    "WWBBWWBBWWBBWWB",
    "BBWWBBWWBBWWBBW",
)
"""A 15x15 board, row 15 first, with three empty points (e12, j8, e4), each between three and two
Black stones in its row: a Black stone there makes six, an overline (RJ-05), and no five in another
line. The stones fill the rest without a line of four (111 of each colour), so Black to move has
only forbidden points and White can play any of the three without winning."""

FORBIDDEN_ONLY_EMPTY = ("e4", "j8", "e12")
"""The empty points of ``FORBIDDEN_ONLY_ROWS``, in board order."""


def forbidden_only_stones() -> tuple[list[Point], list[Point]]:
    """The Black and the White stones of ``FORBIDDEN_ONLY_ROWS``."""
    size = len(FORBIDDEN_ONLY_ROWS)
    black: list[Point] = []
    white: list[Point] = []
    for row, text in enumerate(FORBIDDEN_ONLY_ROWS):
        for x, mark in enumerate(text):
            if mark != ".":
                (black if mark == "B" else white).append(Point(x, size - 1 - row))
    return black, white


def forbidden_only_position(rules: RenjuRules = RENJU) -> Position:
    """``FORBIDDEN_ONLY_ROWS`` set up under ``rules``, Black to move."""
    black, white = forbidden_only_stones()
    return Position.from_stones(black, white, turn=BLACK, rules=rules)


def forbidden_only_moves() -> str:
    """A move string that reaches ``FORBIDDEN_ONLY_ROWS`` with Black to move, Black first and the
    colours alternating, every move legal on its turn and none ending the game (each side's stones
    are taken in board order, the first that the rules core accepts)."""
    black, white = forbidden_only_stones()
    position = Position()
    left = {BLACK: black, WHITE: white}
    while left[BLACK] or left[WHITE]:
        stones = left[position.turn]
        for point in stones:
            if position.is_legal(point):
                position.push(point)
                if position.outcome() is None:
                    stones.remove(point)
                    break
                position.pop()
        else:
            raise AssertionError(f"no {position.turn} stone can be played after {position.move_string()}")
    return position.move_string()
