"""``RenjuRules``: every variant point of renju and gomoku as a field of one frozen value.

Rule IDs refer to ``shared/spec/RULES.md`` chapter 10 (RJ-xx) and its section 13 (CFG-RJ-x); RIF
articles refer to the RIF International Rules of Renju. Presets are plain values and differ only by
field values; the engine never looks at a preset's name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Literal, TypeAlias

from taku.renju.errors import InvalidRulesError
from taku.renju.points import MAX_SIZE, MIN_SIZE

ForbiddenMove: TypeAlias = Literal["black_loses", "reject"]
ThreatDefinition: TypeAlias = Literal["extended", "basic"]
EyeMakesFive: TypeAlias = Literal["not_a_three", "three"]


@dataclass(frozen=True, slots=True)
class RenjuRules:
    """A rule set for renju and its gomoku relatives. The defaults are the RIF rules of renju."""

    board_size: int = 15
    """Points per side, odd, 7..25 (RJ-13, CFG-RJ-2): 15 is RIF's, 19 the seed's "standard"."""

    fouls_for_black: bool = True
    """Whether Black has forbidden moves: double-three, double-four, overline (RJ-04, RJ-05, RIF 9.2-9.3).
    White never has any (RJ-11)."""

    exact_five_for_black: bool = True
    """Whether Black wins only with exactly five in a row; six or more then is an overline (RJ-05, RJ-08).
    ``False``: five or more wins (freestyle gomoku)."""

    exact_five_for_white: bool = False
    """Whether White wins only with exactly five (gomoku standard). ``False``: five or more wins,
    as in renju (RJ-11) and freestyle gomoku."""

    forbidden_move: ForbiddenMove = "black_loses"
    """What a forbidden Black move does (RJ-12, CFG-RJ-3): ``black_loses`` (RIF 9.1: it may be played and
    White wins) or ``reject`` (it cannot be played, for casual play). A move making a five is never
    forbidden (RIF 9.2)."""

    threat_definition: ThreatDefinition = "extended"
    """Which threes and fours count for Black's fouls (CFG-RJ-1). ``extended`` (RJ-09, RIF 9.3): a four is
    any line one stone turns into a five, a three any line one stone turns into a straight four by a
    move that is itself not forbidden (decided recursively), gaps allowed. ``basic`` (RJ-06, RJ-07):
    only unbroken lines count; a three counts when both neighbouring points are empty, a four when at
    least one is."""

    eye_makes_five: EyeMakesFive = "not_a_three"
    """How to read RIF 9.3 when the point that turns a three into a straight four would also make a
    five on another line (RJ-09 [AMB]). ``not_a_three``: the literal reading ("a straight four without
    at the same time a five"), used by the Gomocup referee Piskvork; the line is not a three.
    ``three``: the reading of quintet, where such a point is a legal move and the line is a three.
    Applies only to the extended definition."""

    first_move_center_required: bool = True
    """Whether Black's first stone must be on the centre point (RJ-14, CFG-RJ-4; required by RIF)."""

    passes_allowed: bool = True
    """Whether a player may pass; two passes in a row draw the game (RJ-15)."""

    move_limit: int | None = None
    """Draw once this many stones are on the board without a result (RJ-15 [GAP]; e.g. 200 for
    Gomocup-style matches); ``None``: only a full board ends the game without a winner."""

    def __post_init__(self) -> None:
        size = self.board_size
        if not isinstance(size, int) or not MIN_SIZE <= size <= MAX_SIZE or size % 2 == 0:
            raise InvalidRulesError(
                f"board size {size!r} is not allowed: expected an odd size from {MIN_SIZE} to {MAX_SIZE}"
            )
        if self.forbidden_move not in ("black_loses", "reject"):
            raise InvalidRulesError(f"forbidden_move {self.forbidden_move!r}: expected black_loses or reject")
        if self.threat_definition not in ("extended", "basic"):
            raise InvalidRulesError(
                f"threat_definition {self.threat_definition!r}: expected extended or basic"
            )
        if self.eye_makes_five not in ("not_a_three", "three"):
            raise InvalidRulesError(f"eye_makes_five {self.eye_makes_five!r}: expected not_a_three or three")
        if self.move_limit is not None and (not isinstance(self.move_limit, int) or self.move_limit < 1):
            raise InvalidRulesError(f"move_limit {self.move_limit!r}: expected None or a positive number")

    @staticmethod
    def preset(name: str, **changes: Any) -> RenjuRules:
        """The preset called ``name`` (see ``PRESETS``), with ``changes`` to its fields applied."""
        try:
            rules = PRESETS[name]
        except KeyError:
            known = ", ".join(PRESETS)
            raise InvalidRulesError(f"unknown rule set {name!r}: expected one of {known}") from None
        try:
            return dataclasses.replace(rules, **changes)
        except TypeError as error:
            raise InvalidRulesError(f"preset {name!r}: {error}") from None

    def replace(self, **changes: Any) -> RenjuRules:
        """A copy of these rules with ``changes`` to their fields."""
        try:
            return dataclasses.replace(self, **changes)
        except TypeError as error:
            raise InvalidRulesError(str(error)) from None

    @property
    def gomocup_rule(self) -> int | None:
        """The Gomocup ``INFO rule`` value of these rules (0 freestyle, 1 standard, 4 renju), or ``None``
        when Gomocup has no equivalent. Board size, passes and move limits are not part of it."""
        if self.fouls_for_black:
            if self.exact_five_for_black and not self.exact_five_for_white:
                return 4
            return None
        if self.exact_five_for_black and self.exact_five_for_white:
            return 1
        if not self.exact_five_for_black and not self.exact_five_for_white:
            return 0
        return None

    @staticmethod
    def from_gomocup(rule: int, board_size: int = 15) -> RenjuRules:
        """The rules for Gomocup ``INFO rule`` ``rule``: a bit mask where 1 = exactly five, 4 = renju
        (0 = freestyle). Bit 2 (continuous game) concerns the manager and is ignored; bit 8 (caro) is
        not supported."""
        if rule < 0 or rule & ~0b111:
            raise InvalidRulesError(f"Gomocup rule {rule} is not supported: expected 0, 1 or 4 (+2)")
        if rule & 4:
            name = "renju"
        elif rule & 1:
            name = "gomoku_standard"
        else:
            name = "gomoku_freestyle"
        return RenjuRules.preset(name, board_size=board_size)


RENJU: Final = RenjuRules()
"""RIF renju: exact five for Black, five or more for White, Black's fouls lose (Gomocup rule 4)."""

GOMOKU_FREESTYLE: Final = RenjuRules(
    fouls_for_black=False,
    exact_five_for_black=False,
    exact_five_for_white=False,
    first_move_center_required=False,
)
"""Freestyle gomoku: five or more wins for both, no fouls (Gomocup rule 0)."""

GOMOKU_STANDARD: Final = RenjuRules(
    fouls_for_black=False,
    exact_five_for_black=True,
    exact_five_for_white=True,
    first_move_center_required=False,
)
"""Standard gomoku: exactly five wins for both, an overline does not win, no fouls (Gomocup rule 1)."""

PRESETS: Final[Mapping[str, RenjuRules]] = MappingProxyType(
    {
        "renju": RENJU,
        "gomoku_freestyle": GOMOKU_FREESTYLE,
        "gomoku_standard": GOMOKU_STANDARD,
    }
)
"""The named rule sets (read-only)."""
