"""Renju and gomoku: a pure rules core (boards, notation, RIF forbidden moves, outcomes).

>>> from taku.renju import Position
>>> position = Position("h8 a1 j8 a3 i7 a5 i9 a7")
>>> position.forbidden_points()
{Point.from_str('i8'): 'double-three'}
>>> position.push_str("i8")
Point.from_str('i8')
>>> position.outcome()
Outcome(termination=Termination.FORBIDDEN, winner=Color.WHITE, foul='double-three')
"""

from taku.renju.board import LegalMoveGenerator, Outcome, Position, Termination
from taku.renju.errors import IllegalMoveError, InvalidNotationError, InvalidRulesError
from taku.renju.forbidden import (
    FOULS,
    Foul,
    MoveThreats,
    forbidden_points,
    forbidden_reason,
    threats,
)
from taku.renju.points import (
    BLACK,
    COLUMNS,
    MAX_SIZE,
    MIN_SIZE,
    PASS,
    SYMMETRIES,
    WHITE,
    Color,
    Move,
    Point,
    all_points,
    move_string,
    parse_moves,
    transform,
)
from taku.renju.rules import (
    GOMOKU_FREESTYLE,
    GOMOKU_STANDARD,
    PRESETS,
    RENJU,
    RenjuRules,
)

__all__ = [
    "BLACK",
    "COLUMNS",
    "FOULS",
    "GOMOKU_FREESTYLE",
    "GOMOKU_STANDARD",
    "MAX_SIZE",
    "MIN_SIZE",
    "PASS",
    "PRESETS",
    "RENJU",
    "SYMMETRIES",
    "WHITE",
    "Color",
    "Foul",
    "IllegalMoveError",
    "InvalidNotationError",
    "InvalidRulesError",
    "LegalMoveGenerator",
    "Move",
    "MoveThreats",
    "Outcome",
    "Point",
    "Position",
    "RenjuRules",
    "Termination",
    "all_points",
    "forbidden_points",
    "forbidden_reason",
    "move_string",
    "parse_moves",
    "threats",
    "transform",
]
