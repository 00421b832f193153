"""Shared helpers of the renju AI tests: a line of moves judged by the rules core alone."""

from __future__ import annotations

from taku.renju import BLACK, WHITE, Color, Point, Position, Termination


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
