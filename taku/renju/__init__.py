"""Renju and gomoku: a pure rules core (boards, notation, RIF forbidden moves, outcomes, opening
rules). Records (PSQ, SGF, move strings, RenLib, RenjuNet) are in :mod:`taku.formats.renju`, pictures
in :mod:`taku.renju.svg`.

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
from taku.renju.openings import (
    OPENING_RULES,
    OPENINGS,
    ChooseColor,
    Declare,
    IllegalOpeningActionError,
    Offer,
    Opening,
    OpeningRule,
    Phase,
    Place,
    Player,
    Select,
    Swap,
    canonical_opening,
    equivalent_fifth_moves,
    opening_name,
    position_symmetries,
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
    RIF_RENJU,
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
    "OPENINGS",
    "OPENING_RULES",
    "PASS",
    "PRESETS",
    "RENJU",
    "RIF_RENJU",
    "SYMMETRIES",
    "WHITE",
    "ChooseColor",
    "Color",
    "Declare",
    "Foul",
    "IllegalMoveError",
    "IllegalOpeningActionError",
    "InvalidNotationError",
    "InvalidRulesError",
    "LegalMoveGenerator",
    "Move",
    "MoveThreats",
    "Offer",
    "Opening",
    "OpeningRule",
    "Outcome",
    "Phase",
    "Place",
    "Player",
    "Point",
    "Position",
    "RenjuRules",
    "Select",
    "Swap",
    "Termination",
    "all_points",
    "canonical_opening",
    "equivalent_fifth_moves",
    "forbidden_points",
    "forbidden_reason",
    "move_string",
    "opening_name",
    "parse_moves",
    "position_symmetries",
    "threats",
    "transform",
]
