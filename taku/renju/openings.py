"""Renju openings: the 26 canonical openings by name, and the opening rules as state machines.

**The 26 openings** (RJ-14). Black's first stone is on the centre point, White's second on one of
the eight points around it, Black's third within the central 5x5 square. Up to the symmetries of the
board there are 13 *direct* openings (the second stone beside the first) and 13 *indirect* ones
(the second stone diagonal to it). ``OPENINGS`` gives each in the orientation of the usual tables:
Black h8, White h9 (direct) or i9 (indirect), the third stone below::

    direct (White h9)                        indirect (White i9)
     1D Kansei    h10    8D Shogetsu  h7      1I Chosei    j10    8I Rangetsu  i6
     2D Keigetsu  i10    9D Kyugetsu  i7      2I Kyogetsu  j9     9I Gingetsu  h7
     3D Sosei     j10   10D Shingetsu j7      3I Kosei     j8    10I Myojo     h6
     4D Kagetsu   i9    11D Zuisei    h6      4I Suigetsu  j7    11I Shagetsu  g7
     5D Zangetsu  j9    12D Sangetsu  i6      5I Ryusei    j6    12I Meigetsu  g6
     6D Ugetsu    i8    13D Yusei     j6      6I Ungetsu   i8    13I Suisei    f6
     7D Kinsei    j8                          7I Hogetsu   i7

Sources: the names and numbers are those of the RIF opening tables as given by Wikipedia's "Renju
opening pattern" (en.wikipedia.org/wiki/Renju_opening_pattern, diagrams "Renju vertical
openings" and "Renju diagonal openings"); the third-stone coordinates agree with the canonical list
of the AbstractPlay renju implementation (``canonicalOpenings``, AbstractPlay gameslib
``src/games/renju.ts``) and with a second, independently measured table of the same diagrams.
Some books write 7I as Uragetsu and 10I as Meisei; the RIF English spelling is used here.

**Opening rules.** An :class:`OpeningRule` is a sequence of :class:`Step` values: who acts (the
first or second player, or whoever holds a colour at that moment, since colours may be swapped) and
which actions are allowed (place stones, possibly within a central square; swap colours or keep
them; declare a number of fifth moves; offer fifth moves; select one; choose a colour). An
:class:`Opening` is the state of one game's opening: ``phase`` says what must happen next,
``apply(action)`` checks an action and returns the next state, and once ``finished`` ``result()``
gives the :class:`~taku.renju.board.Position` and the player who has Black. Presets, from the RIF
rule texts (renju.net "opening rules"; Wikipedia articles on each rule):

* ``rif`` (RIF 1996, used for World Championships 1996-2008): the first player (tentative Black)
  places one of the 26 openings; the other player may swap; White places the 4th stone anywhere;
  Black offers two fifth moves, not symmetric; White selects one.
* ``yamaguchi``: as ``rif``, but with the opening the first player declares how many fifth moves
  Black will offer, and Black offers that many (one swap, after the opening).
* ``taraguchi_10`` (Taraguchi-N with N = 10): stones 1 to 4 one at a time, in the centre, the 3x3,
  5x5 and 7x7 central squares, the other player may swap after each; then Black either places the
  5th stone within the 9x9 square (White may then swap) or offers 10 fifth moves anywhere, not
  symmetric, and White selects one. The source texts list the swap after the 4th stone only under
  "choice 1"; here it comes first and the player then holding Black chooses how to play the 5th.
* ``soosorv_8`` (Soosorv-N with N = 8, World Championship rule since 2017): one of the 26 openings;
  swap; White places the 4th stone anywhere and declares 1 to 8 fifth moves; the other player may
  swap; Black offers that many; White selects one.
* ``swap2`` (gomoku): the first player places two black and one white stone anywhere; the second
  player plays Black, plays White, or places one more white and one more black stone and lets the
  first player choose the colour. The opening ends when the colours are fixed, White to move.

Two offered fifth moves are *equivalent* (and may not both be offered) when a symmetry of the board
maps the stones on the board onto themselves, each colour onto itself, and one offer onto the other
(RIF: "the proposals have to be unequal in all respects").
"""

from __future__ import annotations

import enum
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from types import MappingProxyType
from typing import Any, Final, Literal, NamedTuple, TypeAlias

from taku.errors import shown
from taku.renju.board import Position
from taku.renju.errors import IllegalMoveError, InvalidNotationError, InvalidRulesError
from taku.renju.points import (
    BLACK,
    SYMMETRIES,
    WHITE,
    Color,
    Move,
    Point,
    parse_moves,
    transform,
)
from taku.renju.rules import RENJU, RenjuRules
from taku.values import reduce_value

# -- the 26 openings ------------------------------------------------------------------------------

_DIRECT: Final = (
    ("Kansei", "h10"),
    ("Keigetsu", "i10"),
    ("Sosei", "j10"),
    ("Kagetsu", "i9"),
    ("Zangetsu", "j9"),
    ("Ugetsu", "i8"),
    ("Kinsei", "j8"),
    ("Shogetsu", "h7"),
    ("Kyugetsu", "i7"),
    ("Shingetsu", "j7"),
    ("Zuisei", "h6"),
    ("Sangetsu", "i6"),
    ("Yusei", "j6"),
)
_INDIRECT: Final = (
    ("Chosei", "j10"),
    ("Kyogetsu", "j9"),
    ("Kosei", "j8"),
    ("Suigetsu", "j7"),
    ("Ryusei", "j6"),
    ("Ungetsu", "i8"),
    ("Hogetsu", "i7"),
    ("Rangetsu", "i6"),
    ("Gingetsu", "h7"),
    ("Myojo", "h6"),
    ("Shagetsu", "g7"),
    ("Meigetsu", "g6"),
    ("Suisei", "f6"),
)

DIRECT_OPENINGS: Final[tuple[str, ...]] = tuple(name for name, _ in _DIRECT)
"""The 13 direct openings (second stone beside the first), 1D to 13D."""

INDIRECT_OPENINGS: Final[tuple[str, ...]] = tuple(name for name, _ in _INDIRECT)
"""The 13 indirect openings (second stone diagonal to the first), 1I to 13I."""

_CENTRE_15: Final = Point(7, 7)

OPENINGS: Final[Mapping[str, tuple[Point, Point, Point]]] = MappingProxyType(
    {
        name: (Point.from_str("h8"), Point.from_str(second), Point.from_str(third))
        for family, second in ((_DIRECT, "h9"), (_INDIRECT, "i9"))
        for name, third in family
    }
)
"""Each of the 26 openings by name: its three stones (Black, White, Black) on the 15x15 board in
the orientation of the RIF tables, Black h8, White h9 (direct) or i9 (indirect)."""


def opening_code(name: str) -> str:
    """The table number of the opening ``name``: ``"2D"`` for Keigetsu, ``"13I"`` for Suisei."""
    if name in DIRECT_OPENINGS:
        return f"{DIRECT_OPENINGS.index(name) + 1}D"
    if name in INDIRECT_OPENINGS:
        return f"{INDIRECT_OPENINGS.index(name) + 1}I"
    raise ValueError(f"{name!r} is not one of the 26 openings: expected a name like 'Kagetsu'")


class OpeningMatch(NamedTuple):
    """A recognised opening: its name and the board symmetry that maps the stones onto the table."""

    name: str
    """The opening's name, a key of ``OPENINGS``."""
    symmetry: int
    """The symmetry (``0..7``, see ``taku.renju.points.transform``) mapping the stones as played
    onto ``OPENINGS[name]``: ``position.transform(symmetry)`` shows the game in table orientation."""


def _inverse(symmetry: int) -> int:
    """The symmetry that undoes ``symmetry``."""
    probe = Point(1, 2)
    for other in range(SYMMETRIES):
        if transform(transform(probe, symmetry, 15), other, 15) == probe:
            return other
    raise AssertionError(symmetry)  # pragma: no cover - the eight symmetries form a group


def _offset_table() -> dict[tuple[tuple[int, int], ...], OpeningMatch]:
    """Every orientation of every opening, as offsets from the centre, with its name and the
    symmetry back to the table."""
    table: dict[tuple[tuple[int, int], ...], OpeningMatch] = {}
    for symmetry in range(SYMMETRIES):
        back = _inverse(symmetry)
        for name, stones in OPENINGS.items():
            key = tuple(
                (p.x - _CENTRE_15.x, p.y - _CENTRE_15.y) for p in (transform(s, symmetry, 15) for s in stones)
            )
            if key not in table or back < table[key].symmetry:
                table[key] = OpeningMatch(name, back)
    return table


_BY_OFFSETS: Final = _offset_table()


def _first_moves(opening: Position | str | Iterable[Move | str]) -> tuple[list[Move], int | None]:
    """The moves of ``opening`` and the board size it names (``None`` unless it is a position)."""
    if isinstance(opening, Position):
        if opening.setup != ((), ()):
            return [], opening.size  # set-up stones are no opening moves
        return list(opening.move_stack), opening.size
    if isinstance(opening, str):
        return parse_moves(opening), None
    return [Point.from_str(m) if isinstance(m, str) else m for m in opening], None


def canonical_opening(
    opening: Position | str | Iterable[Move | str], size: int | None = None
) -> OpeningMatch | None:
    """Which of the 26 openings the first three moves of ``opening`` are, in any of the eight board
    orientations, and the symmetry that maps them onto the table entry; ``None`` if they are none.

    ``opening`` is a position (its ``move_stack``; a position with set-up stones has no opening), a
    move string or a sequence of moves, Black first; later moves are ignored. ``size`` (default: the
    position's, else 15) locates the centre.
    """
    moves, position_size = _first_moves(opening)
    centre = (size or position_size or 15) // 2
    first = moves[:3]
    if len(first) < 3 or any(move is None for move in first):
        return None
    key = tuple((p.x - centre, p.y - centre) for p in first if p is not None)
    return _BY_OFFSETS.get(key)


def opening_name(opening: Position | str | Iterable[Move | str], size: int | None = None) -> str | None:
    """The name of the opening that the first three moves of ``opening`` make (any orientation), or
    ``None``: ``opening_name("h8 i8 j7") == "Keigetsu"``. Arguments as for ``canonical_opening``."""
    match = canonical_opening(opening, size)
    return None if match is None else match.name


# -- symmetric fifth moves ------------------------------------------------------------------------


def position_symmetries(position: Position) -> tuple[int, ...]:
    """The board symmetries (``0..7``) that map the stones of ``position`` onto themselves, each
    colour onto itself; always includes ``0``, the identity."""
    size = position.size
    black = frozenset(position.stones(BLACK))
    white = frozenset(position.stones(WHITE))
    return tuple(
        symmetry
        for symmetry in range(SYMMETRIES)
        if frozenset(transform(p, symmetry, size) for p in black) == black
        and frozenset(transform(p, symmetry, size) for p in white) == white
    )


def _point(point: Point | str) -> Point:
    return Point.from_str(point) if isinstance(point, str) else point


def equivalent_fifth_moves(position: Position, a: Point | str, b: Point | str) -> bool:
    """Whether ``a`` and ``b`` are the same move up to symmetry: some symmetry of the board maps the
    stones of ``position`` onto themselves and ``a`` onto ``b`` (equal points are equivalent).
    Two such fifth moves may not both be offered (RIF opening rule, Yamaguchi, Taraguchi, Soosorv)."""
    a, b = _point(a), _point(b)
    size = position.size
    return any(transform(a, symmetry, size) == b for symmetry in position_symmetries(position))


# -- actions ---------------------------------------------------------------------------------------

ActionKind: TypeAlias = Literal["place", "swap", "declare", "offer", "select", "color"]
"""What an action does: place stones, swap colours (or keep them), declare the number of fifth
moves, offer fifth moves, select one offered fifth move, choose a colour."""

Role: TypeAlias = Literal["first", "second", "black", "white"]
"""Who acts in a step: a fixed player, or whoever holds that colour when the step comes."""


class IllegalOpeningActionError(IllegalMoveError):
    """An action that the current phase of an opening rule does not allow."""


class Player(enum.Enum):
    """One of the two players, independent of colour: the first player starts the opening (as the
    tentative Black), the colours may change hands during it."""

    FIRST = "first"
    SECOND = "second"

    @property
    def other(self) -> Player:
        """The opponent."""
        return Player.SECOND if self is Player.FIRST else Player.FIRST

    def __repr__(self) -> str:
        return f"Player.{self.name}"

    def __str__(self) -> str:
        return f"{self.value} player"


def _points_text(points: Iterable[Point]) -> str:
    return " ".join(str(p) for p in points)


def _parse_points(text: object) -> tuple[Point, ...]:  # text checked by parse_moves
    points: list[Point] = []
    for move in parse_moves(text):
        if move is None:
            raise InvalidNotationError(f"{shown(text)}: an opening action cannot contain a pass")
        points.append(move)
    return tuple(points)


@dataclass(frozen=True, slots=True)
class Place:
    """Place stones, in the order and colours the phase asks for (``Phase.colors``)."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    points: tuple[Point, ...]

    @property
    def kind(self) -> ActionKind:
        """``place``: which kind of action this is."""
        return "place"

    @classmethod
    def from_str(cls, text: object) -> Place:  # text checked by parse_moves
        """``Place.from_str("h8 h9 h10")``: the points as a move string."""
        return cls(_parse_points(text))

    def __str__(self) -> str:
        return f"place {_points_text(self.points)}"


@dataclass(frozen=True, slots=True)
class Swap:
    """Swap colours with the opponent (``Swap(True)``) or keep them (``Swap(False)``)."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    swap: bool = True

    @property
    def kind(self) -> ActionKind:
        """``swap``: which kind of action this is."""
        return "swap"

    def __str__(self) -> str:
        return "swap" if self.swap else "keep"


@dataclass(frozen=True, slots=True)
class Declare:
    """Declare how many fifth moves Black will offer."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    count: int

    @property
    def kind(self) -> ActionKind:
        """``declare``: which kind of action this is."""
        return "declare"

    def __str__(self) -> str:
        return f"declare {self.count}"


@dataclass(frozen=True, slots=True)
class Offer:
    """Offer these fifth moves (Black's), for the opponent to select one."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    points: tuple[Point, ...]

    @property
    def kind(self) -> ActionKind:
        """``offer``: which kind of action this is."""
        return "offer"

    @classmethod
    def from_str(cls, text: object) -> Offer:  # text checked by parse_moves
        """``Offer.from_str("i9 g7")``: the points as a move string."""
        return cls(_parse_points(text))

    def __str__(self) -> str:
        return f"offer {_points_text(self.points)}"


@dataclass(frozen=True, slots=True)
class Select:
    """Select one of the offered fifth moves; it is played."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    point: Point

    @property
    def kind(self) -> ActionKind:
        """``select``: which kind of action this is."""
        return "select"

    @classmethod
    def from_str(cls, text: object) -> Select:  # text checked by Point.from_str
        """``Select.from_str("i9")``."""
        return cls(Point.from_str(text))

    def __str__(self) -> str:
        return f"select {self.point}"


@dataclass(frozen=True, slots=True)
class ChooseColor:
    """Take this colour (the opponent gets the other)."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    color: Color

    @property
    def kind(self) -> ActionKind:
        """``color``: which kind of action this is."""
        return "color"

    def __str__(self) -> str:
        return f"choose {self.color}"


Action: TypeAlias = Place | Swap | Declare | Offer | Select | ChooseColor
"""An action in an opening."""

_ACTION_RE: Final = re.compile(r"\s*([a-z]+)\s*(.*?)\s*", re.IGNORECASE | re.DOTALL)


def parse_action(text: str) -> Action:
    """The action written ``text``, as ``str(action)`` writes it: ``"place h8 h9 h10"``, ``"swap"``,
    ``"keep"``, ``"declare 2"``, ``"offer i9 g7"``, ``"select i9"``, ``"choose white"``."""
    match = _ACTION_RE.fullmatch(text)
    verb, rest = (match.group(1).lower(), match.group(2)) if match else ("", "")
    if verb == "place" and rest:
        return Place.from_str(rest)
    if verb == "offer" and rest:
        return Offer.from_str(rest)
    if verb == "select" and rest:
        return Select.from_str(rest)
    if verb in ("swap", "keep") and not rest:
        return Swap(verb == "swap")
    if verb == "declare" and rest.isdigit():
        return Declare(int(rest))
    if verb == "choose" and rest.lower() in ("black", "white"):
        return ChooseColor(BLACK if rest.lower() == "black" else WHITE)
    raise InvalidNotationError(
        f"{text!r} is not an opening action: expected 'place <points>', 'swap', 'keep', 'declare <n>',"
        " 'offer <points>', 'select <point>' or 'choose black|white'"
    )


# -- rules as data ---------------------------------------------------------------------------------


@dataclass(frozen=True, slots=True)
class Step:
    """One step of an opening rule: who acts and what they may do."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    role: Role
    """Who acts: ``first``/``second`` player, or whoever holds ``black``/``white`` at this step."""
    accepts: tuple[ActionKind, ...]
    """The kinds of action allowed (one of them is taken)."""
    colors: tuple[Color, ...] = ()
    """For ``place``: the colours of the stones to place, in order."""
    areas: tuple[int | None, ...] = ()
    """For ``place``: for each stone, the side of the central square it must lie in (1 = the centre
    point, 3 = the 3x3 square, ...), or ``None`` for anywhere."""
    offers: int | None = None
    """For ``offer``: how many fifth moves; ``None``: as many as declared before."""
    max_declared: int | None = None
    """For ``declare``: the largest number allowed (the smallest is 1); ``None``: any number that fits
    on the board."""
    after: ActionKind | None = None
    """If set, the step is taken only when the previous action was of this kind, and skipped otherwise
    (the branches of Taraguchi and Swap2)."""

    def __post_init__(self) -> None:
        if not self.accepts:
            raise InvalidRulesError("an opening step must accept at least one kind of action")
        if ("place" in self.accepts) != bool(self.colors) or len(self.colors) != len(self.areas):
            raise InvalidRulesError(
                f"opening step {self!r}: a place step needs colours and one area per stone, others none"
            )


_OPENING_26: Final = Step("first", ("place",), (BLACK, WHITE, BLACK), (1, 3, 5))
"""The first player places one of the 26 openings: centre, 3x3, 5x5 (RJ-14)."""


@dataclass(frozen=True, slots=True)
class OpeningRule:
    """An opening rule: its name and the sequence of steps that take a game from the empty board to
    the position where normal play begins."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    name: str
    steps: tuple[Step, ...]
    setup: bool = False
    """Whether the stones are set up as a group (``Position.from_stones``) rather than played as moves
    1, 2, 3...: Swap2 places them anywhere, so the first need not be on the centre."""

    def __post_init__(self) -> None:
        if not self.steps:
            raise InvalidRulesError(f"opening rule {self.name!r} has no steps")
        declared = False
        expected = BLACK
        for step in self.steps:
            declared = declared or "declare" in step.accepts
            if "offer" in step.accepts and step.offers is None and not declared:
                raise InvalidRulesError(
                    f"opening rule {self.name!r}: an offer of the declared number comes before any "
                    "declaration"
                )
            if not self.setup:
                for color in step.colors:
                    if color is not expected:
                        raise InvalidRulesError(
                            f"opening rule {self.name!r}: stones played as moves must alternate, Black first"
                        )
                    expected = expected.other

    @staticmethod
    def preset(name: str) -> OpeningRule:
        """The preset called ``name`` (see ``OPENING_RULES``)."""
        try:
            return OPENING_RULES[name]
        except KeyError:
            known = ", ".join(OPENING_RULES)
            raise InvalidRulesError(f"unknown opening rule {name!r}: expected one of {known}") from None

    @staticmethod
    def rif() -> OpeningRule:
        """The RIF opening rule of 1996: the 26 openings, one swap, two fifth moves offered."""
        return OpeningRule(
            "RIF",
            (
                _OPENING_26,
                Step("white", ("swap",)),
                Step("white", ("place",), (WHITE,), (None,)),
                Step("black", ("offer",), offers=2),
                Step("white", ("select",)),
            ),
        )

    @staticmethod
    def yamaguchi(max_offers: int | None = None) -> OpeningRule:
        """The Yamaguchi rule: the first player places one of the 26 openings and declares how many
        fifth moves Black will offer (at most ``max_offers``; ``None``: no limit but the board)."""
        return OpeningRule(
            "Yamaguchi" if max_offers is None else f"Yamaguchi-{max_offers}",
            (
                _OPENING_26,
                Step("first", ("declare",), max_declared=max_offers),
                Step("white", ("swap",)),
                Step("white", ("place",), (WHITE,), (None,)),
                Step("black", ("offer",)),
                Step("white", ("select",)),
            ),
        )

    @staticmethod
    def taraguchi(n: int = 10) -> OpeningRule:
        """Taraguchi-N: stones 1 to 4 in growing central squares with a swap after each, then either
        one 5th stone within 9x9 (and a swap) or ``n`` fifth moves offered anywhere."""
        if n < 1:
            raise InvalidRulesError(f"Taraguchi-{n}: expected at least one fifth move")
        return OpeningRule(
            f"Taraguchi-{n}",
            (
                Step("first", ("place",), (BLACK,), (1,)),
                Step("white", ("swap",)),
                Step("white", ("place",), (WHITE,), (3,)),
                Step("black", ("swap",)),
                Step("black", ("place",), (BLACK,), (5,)),
                Step("white", ("swap",)),
                Step("white", ("place",), (WHITE,), (7,)),
                Step("black", ("swap",)),
                Step("black", ("place", "offer"), (BLACK,), (9,), offers=n),
                Step("white", ("swap",), after="place"),
                Step("white", ("select",), after="offer"),
            ),
        )

    @staticmethod
    def soosorv(n: int = 8) -> OpeningRule:
        """Soosorv-N: the 26 openings, a swap, the 4th stone anywhere with a declaration of 1 to ``n``
        fifth moves, a second swap, the offers and the selection."""
        if n < 1:
            raise InvalidRulesError(f"Soosorv-{n}: expected at least one fifth move")
        return OpeningRule(
            f"Soosorv-{n}",
            (
                _OPENING_26,
                Step("white", ("swap",)),
                Step("white", ("place",), (WHITE,), (None,)),
                Step("white", ("declare",), max_declared=n),
                Step("black", ("swap",)),
                Step("black", ("offer",)),
                Step("white", ("select",)),
            ),
        )

    @staticmethod
    def swap2() -> OpeningRule:
        """Swap2: three stones anywhere; the second player takes a colour or places two more stones,
        and then the first player takes a colour."""
        return OpeningRule(
            "Swap2",
            (
                Step("first", ("place",), (BLACK, WHITE, BLACK), (None, None, None)),
                Step("second", ("color", "place"), (WHITE, BLACK), (None, None)),
                Step("first", ("color",), after="place"),
            ),
            setup=True,
        )

    def __repr__(self) -> str:
        for key, preset in OPENING_RULES.items():
            if self == preset:
                return f"OpeningRule.preset({key!r})"
        for family, factory in (("Taraguchi-", OpeningRule.taraguchi), ("Soosorv-", OpeningRule.soosorv)):
            if self.name.startswith(family) and self.name[len(family) :].isdigit():
                n = int(self.name[len(family) :])
                if self == factory(n):
                    return f"OpeningRule.{family[:-1].lower()}({n})"
        limit = self.name.removeprefix("Yamaguchi-")
        if limit.isdigit() and self == OpeningRule.yamaguchi(int(limit)):
            return f"OpeningRule.yamaguchi({int(limit)})"
        return f"OpeningRule(name={self.name!r}, steps={self.steps!r}, setup={self.setup!r})"


RIF: Final = OpeningRule.rif()
YAMAGUCHI: Final = OpeningRule.yamaguchi()
TARAGUCHI_10: Final = OpeningRule.taraguchi(10)
SOOSORV_8: Final = OpeningRule.soosorv(8)
SWAP2: Final = OpeningRule.swap2()

OPENING_RULES: Final[Mapping[str, OpeningRule]] = MappingProxyType(
    {
        "rif": RIF,
        "yamaguchi": YAMAGUCHI,
        "taraguchi_10": TARAGUCHI_10,
        "soosorv_8": SOOSORV_8,
        "swap2": SWAP2,
    }
)
"""The named opening rules (read-only)."""


# -- the state machine -----------------------------------------------------------------------------


def _area_text(area: int | None, size: int) -> str:
    if area is None:
        return "anywhere"
    if area == 1:
        return f"on the centre point {Point(size // 2, size // 2)}"
    return f"within the central {area}x{area} square"


def _in_area(point: Point, area: int | None, size: int) -> bool:
    if area is None:
        return True
    reach = (area - 1) // 2
    centre = size // 2
    return abs(point.x - centre) <= reach and abs(point.y - centre) <= reach


@dataclass(frozen=True, slots=True)
class Phase:
    """What must happen next in an opening: who acts, with which colour, and what they may do."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    player: Player
    """Who acts."""
    color: Color
    """The colour that player holds now (tentatively, while swaps may still come)."""
    accepts: tuple[ActionKind, ...]
    """The kinds of action allowed."""
    colors: tuple[Color, ...] = ()
    """For ``place``: the colours of the stones, in order."""
    areas: tuple[int | None, ...] = ()
    """For ``place``: the central square each stone must lie in (``None``: anywhere)."""
    first_stone: int = 1
    """For ``place``: the number of the first stone placed (stones are numbered from 1)."""
    offers: int = 0
    """For ``offer``: how many fifth moves to offer."""
    max_declared: int = 0
    """For ``declare``: the largest number allowed (the smallest is 1)."""
    choices: tuple[Point, ...] = ()
    """For ``select``: the offered moves."""
    size: int = 15
    """The board size (for the centre point in descriptions)."""

    def __str__(self) -> str:
        who = f"{self.player} ({self.color})"
        parts: list[str] = []
        for kind in self.accepts:
            if kind == "place":
                stones = ", ".join(
                    f"{color} stone {self.first_stone + i} {_area_text(area, self.size)}"
                    for i, (color, area) in enumerate(zip(self.colors, self.areas, strict=True))
                )
                parts.append(f"place {stones}")
            elif kind == "swap":
                parts.append("swap colours or keep them")
            elif kind == "declare":
                parts.append(f"declare how many fifth moves Black will offer (1 to {self.max_declared})")
            elif kind == "offer":
                parts.append(f"offer {self.offers} fifth moves anywhere, no two symmetric")
            elif kind == "select":
                parts.append(f"select one of the offered fifth moves {_points_text(self.choices)}")
            else:
                parts.append("choose a colour")
        return f"{who} must {' or '.join(parts)}"


class OpeningResult(NamedTuple):
    """How an opening ended: the position where normal play begins, and who has Black."""

    position: Position
    black: Player


class Opening:
    """The opening of one game under an :class:`OpeningRule`: the stones placed so far, who holds
    which colour, and what must happen next (``phase``). Immutable: ``apply`` returns a new state."""

    __slots__ = (
        "_black",
        "_colors",
        "_declared",
        "_history",
        "_last",
        "_offer_color",
        "_offers",
        "_rule",
        "_rules",
        "_step",
        "_stones",
    )

    def __init__(self, rule: OpeningRule | str = RIF, rules: RenjuRules | None = None) -> None:
        """The start of an opening under ``rule`` (an ``OpeningRule`` or a preset name), for a game
        under ``rules`` (default: ``RENJU``; the opening rule itself places the first stone)."""
        self._rule = OpeningRule.preset(rule) if isinstance(rule, str) else rule
        self._rules = RENJU if rules is None else rules
        size = self._rules.board_size
        if size % 2 == 0 and any(area is not None for step in self._rule.steps for area in step.areas):
            raise InvalidRulesError(
                f"opening rule {self._rule.name!r} places stones around the centre point, which a "
                f"{size}x{size} board does not have: expected an odd board size"
            )
        self._stones: tuple[Point, ...] = ()
        self._colors: tuple[Color, ...] = ()
        self._black = Player.FIRST
        self._declared: int | None = None
        self._offers: tuple[Point, ...] = ()
        self._offer_color = BLACK
        self._history: tuple[tuple[Player, Action], ...] = ()
        self._last: ActionKind | None = None
        self._step = 0

    # -- what the state is ------------------------------------------------------------------------

    @property
    def rule(self) -> OpeningRule:
        """The opening rule."""
        return self._rule

    @property
    def rules(self) -> RenjuRules:
        """The rules of the game that follows."""
        return self._rules

    @property
    def stones(self) -> tuple[Point, ...]:
        """The stones placed so far, in order (their colours alternate, Black first)."""
        return self._stones

    @property
    def black_player(self) -> Player:
        """The player who holds Black now (final once the opening is finished)."""
        return self._black

    @property
    def white_player(self) -> Player:
        """The player who holds White now."""
        return self._black.other

    def color_of(self, player: Player) -> Color:
        """The colour ``player`` holds now."""
        return BLACK if player is self._black else WHITE

    @property
    def declared(self) -> int | None:
        """The number of fifth moves declared, if any."""
        return self._declared

    @property
    def offers(self) -> tuple[Point, ...]:
        """The fifth moves on offer, waiting for a selection (empty otherwise)."""
        return self._offers

    @property
    def history(self) -> tuple[tuple[Player, Action], ...]:
        """The actions taken so far and who took them."""
        return self._history

    @property
    def is_over(self) -> bool:
        """Whether the opening is over: the colours are fixed and normal play begins (the game
        itself goes on: see :attr:`Position.is_over <taku.renju.board.Position.is_over>`)."""
        return self._step >= len(self._rule.steps)

    @property
    def finished(self) -> bool:
        """:attr:`is_over` under its former name (kept for callers that use it)."""
        return self.is_over

    @property
    def phase(self) -> Phase | None:
        """What must happen next, or ``None`` once the opening is finished."""
        if self.is_over:
            return None
        step = self._rule.steps[self._step]
        player = {
            "first": Player.FIRST,
            "second": Player.SECOND,
            "black": self._black,
            "white": self._black.other,
        }[step.role]
        size = self._rules.board_size
        max_declared = step.max_declared
        if max_declared is None:
            max_declared = size * size - len(self._stones) - 1
        return Phase(
            player=player,
            color=self.color_of(player),
            accepts=step.accepts,
            colors=step.colors,
            areas=step.areas,
            first_stone=len(self._stones) + 1,
            offers=(step.offers if step.offers is not None else self._declared or 0)
            if "offer" in step.accepts
            else 0,
            max_declared=max_declared if "declare" in step.accepts else 0,
            choices=self._offers if "select" in step.accepts else (),
            size=size,
        )

    def position(self) -> Position:
        """The stones placed so far as a position under ``rules`` (offers are not on the board).

        The stones are moves 1, 2, 3... (so ``opening_name`` reads them), except under a rule that
        sets them up as a group (Swap2), where they are ``Position.from_stones`` setup stones.
        """
        if not self._rule.setup:
            try:
                return Position(self._stones, rules=self._rules)
            except IllegalMoveError as error:
                raise IllegalOpeningActionError(str(error)) from None
        black = [p for p, c in zip(self._stones, self._colors, strict=True) if c is BLACK]
        white = [p for p, c in zip(self._stones, self._colors, strict=True) if c is WHITE]
        turn = self._colors[-1].other if self._colors else BLACK
        return Position.from_stones(black, white, turn=turn, rules=self._rules)

    def result(self) -> OpeningResult:
        """The position where normal play begins and who has Black; the opening must be finished."""
        if not self.is_over:
            raise IllegalOpeningActionError(f"the opening is not finished: {self.phase}")
        return OpeningResult(self.position(), self._black)

    # -- acting -----------------------------------------------------------------------------------

    def apply(self, action: Action | str, by: Player | None = None) -> Opening:
        """The state after ``action`` (an action or its text, ``"place h8 h9 h10"``), taken by ``by``
        (default: the player whose turn it is). Raises ``IllegalOpeningActionError`` naming the problem
        when the phase does not allow it."""
        if isinstance(action, str):
            action = parse_action(action)
        phase = self.phase
        if phase is None:
            raise IllegalOpeningActionError(f"cannot {action}: the opening is over")
        if by is not None and by is not phase.player:
            raise IllegalOpeningActionError(
                f"cannot {action}: it is the {phase.player}'s turn, not the {by}'s ({phase})"
            )
        if action.kind not in phase.accepts:
            raise IllegalOpeningActionError(f"cannot {action} now: {phase}")
        state = self._copy()
        if isinstance(action, Place):
            state._place(action.points, phase)
        elif isinstance(action, Swap):
            if action.swap:
                state._black = state._black.other
        elif isinstance(action, Declare):
            if not 1 <= action.count <= phase.max_declared:
                raise IllegalOpeningActionError(
                    f"cannot declare {action.count} fifth moves: expected 1 to {phase.max_declared}"
                )
            state._declared = action.count
        elif isinstance(action, Offer):
            state._offer(action.points, phase)
        elif isinstance(action, Select):
            if action.point not in self._offers:
                raise IllegalOpeningActionError(
                    f"cannot select {action.point}: it was not offered "
                    f"(offered: {_points_text(self._offers)})"
                )
            state._stones += (action.point,)
            state._colors += (self._offer_color,)
            state._offers = ()
        else:
            state._black = phase.player if action.color is BLACK else phase.player.other
        state._history += ((phase.player, action),)
        state._last = action.kind
        state._step += 1
        steps = state._rule.steps
        while state._step < len(steps) and steps[state._step].after not in (None, state._last):
            state._step += 1
        return state

    def apply_all(self, actions: Iterable[Action | str]) -> Opening:
        """The state after ``actions`` in turn, each by the player whose turn it is."""
        state = self
        for action in actions:
            state = state.apply(action)
        return state

    def _copy(self) -> Opening:
        other = Opening(self._rule, self._rules)
        other._stones = self._stones
        other._colors = self._colors
        other._black = self._black
        other._declared = self._declared
        other._offers = self._offers
        other._offer_color = self._offer_color
        other._history = self._history
        other._last = self._last
        other._step = self._step
        return other

    def _check_free(self, points: tuple[Point, ...], verb: str) -> None:
        size = self._rules.board_size
        seen: set[Point] = set()
        for point in points:
            if not point.on_board(size):
                raise IllegalOpeningActionError(f"cannot {verb} {point}: it is off a {size}x{size} board")
            if point in self._stones:
                raise IllegalOpeningActionError(f"cannot {verb} {point}: the point is taken")
            if point in seen:
                raise IllegalOpeningActionError(f"cannot {verb} {point} twice")
            seen.add(point)

    def _place(self, points: tuple[Point, ...], phase: Phase) -> None:
        if len(points) != len(phase.colors):
            colors = ", ".join(str(color) for color in phase.colors)
            raise IllegalOpeningActionError(
                f"cannot place {_points_text(points) or 'nothing'}: expected {len(phase.colors)} "
                f"stone{'s' if len(phase.colors) > 1 else ''} ({colors}), got {len(points)}"
            )
        self._check_free(points, "place")
        size = self._rules.board_size
        for i, (point, color, area) in enumerate(zip(points, phase.colors, phase.areas, strict=True)):
            if not _in_area(point, area, size):
                raise IllegalOpeningActionError(
                    f"cannot place {point}: {color} stone {phase.first_stone + i} must be "
                    f"{_area_text(area, size)}"
                )
        self._stones += points
        self._colors += phase.colors
        self.position()  # the rules of the game may still refuse a move (a forbidden point)

    def _offer(self, points: tuple[Point, ...], phase: Phase) -> None:
        if len(points) != phase.offers:
            raise IllegalOpeningActionError(
                f"cannot offer {_points_text(points) or 'nothing'}: expected {phase.offers} fifth moves, "
                f"got {len(points)}"
            )
        self._check_free(points, "offer")
        position = self.position()
        size = position.size
        symmetries = position_symmetries(position)[1:]
        for i, a in enumerate(points):
            for b in points[i + 1 :]:
                for symmetry in symmetries:
                    if transform(a, symmetry, size) == b:
                        raise IllegalOpeningActionError(
                            f"cannot offer both {a} and {b}: they are symmetric fifth moves (board "
                            f"symmetry {symmetry} maps the stones onto themselves and {a} onto {b})"
                        )
        if not self._rule.setup:
            for point in points:
                position.push(point)
                position.pop()
        self._offers = points
        self._offer_color = phase.color

    def __repr__(self) -> str:
        rules = "" if self._rules == RENJU else f", rules={self._rules!r}"
        start = f"Opening({self._rule!r}{rules})"
        if not self._history:
            return start
        return f"{start}.apply_all({[str(action) for _, action in self._history]!r})"


__all__ = [
    "DIRECT_OPENINGS",
    "INDIRECT_OPENINGS",
    "OPENINGS",
    "OPENING_RULES",
    "RIF",
    "SOOSORV_8",
    "SWAP2",
    "TARAGUCHI_10",
    "YAMAGUCHI",
    "Action",
    "ActionKind",
    "ChooseColor",
    "Declare",
    "IllegalOpeningActionError",
    "Offer",
    "Opening",
    "OpeningMatch",
    "OpeningResult",
    "OpeningRule",
    "Phase",
    "Place",
    "Player",
    "Role",
    "Select",
    "Step",
    "Swap",
    "canonical_opening",
    "equivalent_fifth_moves",
    "opening_code",
    "opening_name",
    "parse_action",
    "position_symmetries",
]
