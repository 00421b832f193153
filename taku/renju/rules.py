"""``RenjuRules``: every variant point of renju and gomoku as a field of one frozen value.

Rule IDs refer to ``shared/spec/RULES.md`` chapter 10 (RJ-xx) and its section 13 (CFG-RJ-x); RIF
articles refer to the RIF International Rules of Renju. Presets are plain values and differ only by
field values; the engine never looks at a preset's name.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Literal, TypeAlias, get_args

from taku.renju.errors import InvalidRulesError
from taku.renju.points import MAX_SIZE, MIN_SIZE
from taku.values import reduce_value

ForbiddenMove: TypeAlias = Literal["black_loses", "reject"]
ThreatDefinition: TypeAlias = Literal["extended", "basic"]
EyeMakesFive: TypeAlias = Literal["not_a_three", "three"]


@dataclass(frozen=True, slots=True, init=False)
class RenjuRules:
    """A rule set for renju and its gomoku relatives. The defaults are the RIF rules of play of renju,
    except for the opening: Black's first stone may go anywhere.

    That one default follows RULES.md RJ-14 and CFG-RJ-4, which give ``first_move_center_required``
    "default: false per the seed; true for RIF": the seed only advises starting in the centre. The
    ``rif`` preset (``RIF_RENJU``) is these rules with the centre required; ``renju`` (``RENJU``) is the
    default value.
    """

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    board_size: int = 15
    """Points per side, 7..25 (RJ-13, CFG-RJ-2): 15 is RIF's, 19 the seed's "standard". Odd with
    Black's fouls (renju) or the centre rule; gomoku may use even sizes (20 is Gomocup's)."""

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
    only unbroken lines count; a four counts when a stone on one of its two neighbouring points makes
    a five, a three when both neighbouring points are empty and a stone on one of them makes such a
    four (or a five). Under both, a four or three whose only completion is an overline does not
    count (RJ-07: a four is a threat because it can become a five; RJ-05: an overline is no five for
    Black)."""

    eye_makes_five: EyeMakesFive = "not_a_three"
    """How to read RIF 9.3 when the point that turns a three into a straight four would also make a
    five on another line (RJ-09 [AMB]). ``not_a_three``: the literal reading ("a straight four without
    at the same time a five"), used by the Gomocup referee Piskvork; the line is not a three.
    ``three``: the reading of quintet, where such a point is a legal move and the line is a three.
    Applies only to the extended definition."""

    first_move_center_required: bool = False
    """Whether Black's first stone must be on the centre point (RJ-14, CFG-RJ-4). Default ``False``:
    the seed advises the centre but does not require it; RIF requires it (the ``rif`` preset)."""

    passes_allowed: bool = True
    """Whether a player may pass; two passes in a row draw the game (RJ-15)."""

    move_limit: int | None = None
    """A draw when a move brings the number of **stones on the board** to this limit and does not win
    (RJ-15 [GAP]); ``None``: only a full board (or two passes) ends the game without a winner.

    Stones are counted, not moves: setup stones (``Position.from_stones``) count, passes do not, and
    the check is made after each stone is placed (a five on the limit move still wins). This is the
    number of moves of a Gomocup game, where there are no passes and the opening's stones are
    recorded as moves: ``move_limit=225`` on 15x15 is the full board."""

    # The fields are objects, checked here before they are stored: a compiled build would
    # otherwise reject a value of the wrong type with its own TypeError before this module's
    # one-line error naming the field, and store a bool as an int.
    def __init__(self, **fields: object) -> None:
        """Rules with ``fields`` set and the others at their defaults (``RENJU``'s). Each value is
        checked: ``InvalidRulesError`` names an unknown field or a bad value."""
        unknown = fields.keys() - FIELD_KINDS.keys()
        if unknown:
            raise InvalidRulesError(f"unknown rule field: {', '.join(sorted(unknown))} (expected "
                                    f"one of {', '.join(FIELD_KINDS)})")
        values = {name: fields[name] if name in fields else _DEFAULTS[name] for name in FIELD_KINDS}
        size = values["board_size"]
        if type(size) is not int or not MIN_SIZE <= size <= MAX_SIZE:
            raise InvalidRulesError(
                f"board size {size!r} is not allowed: expected a size from {MIN_SIZE} to {MAX_SIZE}"
            )
        if size % 2 == 0 and values["fouls_for_black"] is True:
            # RJ-13, CFG-RJ-2: renju boards are odd (15x15 for RIF); gomoku has no such rule.
            raise InvalidRulesError(
                f"board size {size} is not allowed with Black's fouls (renju): expected an odd size "
                f"from {MIN_SIZE} to {MAX_SIZE}; even sizes are for gomoku (fouls_for_black=False)"
            )
        if size % 2 == 0 and values["first_move_center_required"] is True:
            # RJ-14: an even board has no centre point to require.
            raise InvalidRulesError(
                f"board size {size} has no centre point: first_move_center_required needs an odd size"
            )
        for name, kind in FIELD_KINDS.items():
            value = values[name]
            if kind == "bool" and type(value) is not bool:
                raise InvalidRulesError(f"{name} {value!r}: expected True or False")
            if isinstance(kind, tuple) and value not in kind:
                raise InvalidRulesError(f"{name} {value!r}: expected {' or '.join(kind)}")
        limit = values["move_limit"]
        if limit is not None and (type(limit) is not int or limit < 1):
            raise InvalidRulesError(f"move_limit {limit!r}: expected None or a positive number")
        for name, value in values.items():
            object.__setattr__(self, name, value)

    @staticmethod
    def parse_field(name: str, text: str) -> Any:
        """The value of field ``name`` written ``text``, as on a command line or in an SGF ``RU``:
        ``true``/``false`` for a flag, a number (or ``none`` for ``move_limit``), or one of the
        field's words (``basic``). ``InvalidRulesError`` names an unknown field or a bad value."""
        kind = FIELD_KINDS.get(name)
        if kind is None:
            raise InvalidRulesError(f"unknown rule field {name!r}: expected one of {', '.join(FIELD_KINDS)}")
        word = text.strip()
        if kind == "bool":
            value = _BOOLEANS.get(word.lower())
            if value is None:
                raise InvalidRulesError(f"{name}={text!r}: expected true or false")
            return value
        if kind in ("int", "int | None"):
            if kind == "int | None" and word.lower() == "none":
                return None
            if not word.isdigit():
                expected = "a whole number" + (" or none" if kind == "int | None" else "")
                raise InvalidRulesError(f"{name}={text!r}: expected {expected}")
            return int(word)
        if word not in kind:
            raise InvalidRulesError(f"{name}={text!r}: expected {' or '.join(kind)}")
        return word

    def with_options(self, options: Iterable[str]) -> RenjuRules:
        """These rules with ``options`` applied in order, each ``"field=value"`` (``parse_field``):
        ``RENJU.with_options(["threat_definition=basic", "move_limit=200"])``."""
        changes: dict[str, Any] = {}
        for option in options:
            name, equals, text = option.partition("=")
            if not equals or not name.strip():
                raise InvalidRulesError(f"{option!r}: expected FIELD=VALUE, like threat_definition=basic")
            changes[name.strip()] = RenjuRules.parse_field(name.strip(), text)
        return self.replace(**changes)

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
        when Gomocup has no equivalent. Board size, passes, move limits and the centre rule are not
        part of it (``renju`` and ``rif`` are both rule 4)."""
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
        not supported. Rule 4 gives the ``renju`` preset: Gomocup does not require the first move in
        the centre (its games start from given openings)."""
        if rule < 0 or rule & ~0b111:
            raise InvalidRulesError(f"Gomocup rule {rule} is not supported: expected 0, 1 or 4 (+2)")
        if rule & 4:
            name = "renju"
        elif rule & 1:
            name = "gomoku_standard"
        else:
            name = "gomoku_freestyle"
        return RenjuRules.preset(name, board_size=board_size)


FIELD_KINDS: Final[Mapping[str, str | tuple[str, ...]]] = MappingProxyType(
    {
        "board_size": "int",
        "fouls_for_black": "bool",
        "exact_five_for_black": "bool",
        "exact_five_for_white": "bool",
        "forbidden_move": get_args(ForbiddenMove),
        "threat_definition": get_args(ThreatDefinition),
        "eye_makes_five": get_args(EyeMakesFive),
        "first_move_center_required": "bool",
        "passes_allowed": "bool",
        "move_limit": "int | None",
    }
)
"""What each field of ``RenjuRules`` takes, in field order: ``"bool"``, ``"int"``, ``"int | None"``,
or the tuple of a ``Literal`` field's words. Written out rather than read from the annotations,
which a class compiled with mypyc does not keep (tests/test_renju_rules.py checks it against the
fields)."""
_DEFAULTS: Final[Mapping[str, object]] = MappingProxyType(
    {field.name: field.default for field in dataclasses.fields(RenjuRules)})
"""Each field's default, as declared in ``RenjuRules``."""

RENJU: Final = RenjuRules()
"""Renju: exact five for Black, five or more for White, Black's fouls lose (RIF's rules of play,
Gomocup rule 4); the first stone may go anywhere (RJ-14). The default rules."""

RIF_RENJU: Final = RenjuRules(first_move_center_required=True)
"""RIF renju: ``RENJU`` with Black's first stone required on the centre point (RJ-14, CFG-RJ-4)."""

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
        "rif": RIF_RENJU,
        "gomoku_freestyle": GOMOKU_FREESTYLE,
        "gomoku_standard": GOMOKU_STANDARD,
    }
)
"""The named rule sets (read-only)."""

_BOOLEANS: Final[Mapping[str, bool]] = MappingProxyType(
    {"true": True, "yes": True, "on": True, "1": True, "false": False, "no": False, "off": False, "0": False}
)
