"""``Position``: stones, side to move and move history of a renju or gomoku game, with push/pop.

A position is played forward with :meth:`Position.push` and taken back with :meth:`Position.pop`.
It keeps an incremental Zobrist hash for search, decides the game's :class:`Outcome` as moves are
pushed (five, overline, forbidden move, full board, two passes, move limit) and answers which points
are forbidden to Black (see ``taku.renju.forbidden``).
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final

from taku.renju import forbidden as _forbidden
from taku.renju._geometry import DIRECTIONS, geometry
from taku.renju.errors import IllegalMoveError, InvalidNotationError
from taku.renju.forbidden import (
    FOUL_NAMES,
    NONE,
    WIN,
    Foul,
    MoveThreats,
    forbidden_indices,
    foul_at,
    mode_for,
)
from taku.renju.points import (
    BLACK,
    COLUMNS,
    PASS,
    WHITE,
    Color,
    Move,
    Point,
    move_string,
    parse_moves,
    transform,
)
from taku.renju.rules import PRESETS, RENJU, RenjuRules
from taku.values import reduce_state, reduce_value


class Termination(enum.Enum):
    """How a game ended."""

    FIVE = "five"
    """A player made five in a row (exactly five where the rules ask for it)."""
    OVERLINE = "overline"
    """A player won with six or more in a row: White under renju, either player in freestyle."""
    FORBIDDEN = "forbidden"
    """Black made a forbidden move and lost (RIF 9.1; ``forbidden_move = black_loses``)."""
    FULL_BOARD = "full board"
    """Every point is taken and nobody won: a draw (RJ-15)."""
    TWO_PASSES = "two passes"
    """Both players passed in a row: a draw (RJ-15)."""
    NO_MOVE = "no legal move"
    """Black is to move with only forbidden points left where the rules neither pass nor let him play
    a foul (``passes_allowed=False``, ``forbidden_move="reject"``): the game cannot go on, a draw
    (RJ-15 [GAP], like a full board)."""
    MOVE_LIMIT = "move limit"
    """A move brought the board to ``rules.move_limit`` stones (setup stones count, passes do not)
    and did not win: a draw."""

    def __repr__(self) -> str:
        return f"Termination.{self.name}"


@dataclass(frozen=True, slots=True)
class Outcome:
    """The end of a game: how it ended, who won (``None`` for a draw) and, for a foul, which one."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    termination: Termination
    winner: Color | None
    foul: Foul | None = None

    def result(self) -> str:
        """``"1-0"`` when Black (the first player) won, ``"0-1"`` when White won, ``"1/2-1/2"`` for a draw."""
        if self.winner is None:
            return "1/2-1/2"
        return "1-0" if self.winner is BLACK else "0-1"

    def __str__(self) -> str:
        if self.winner is None:
            return f"draw ({self.termination.value})"
        detail = self.foul if self.foul else self.termination.value
        if self.termination is Termination.FORBIDDEN:
            detail = f"Black's forbidden move, {detail}"
        return f"{self.winner.name.capitalize()} wins ({detail})"


class Position:
    """A renju or gomoku position: the stones, whose turn it is, and the moves that led here.

    ``Position("h8i9j10")`` plays those moves from the empty board; ``Position.from_stones`` sets up
    stones without a history. Moves are ``Point`` values, or ``PASS`` (``None``); wherever a move or a
    point is taken, its RIF name (``"h8"``, or ``"pass"`` for a move) is accepted too and read as one.

    A position is not safe to share between threads: the forbidden-move check places stones
    temporarily while it looks ahead. Use ``copy()`` for each thread.
    """

    __slots__ = (
        "_cells",
        "_first_turn",
        "_geo",
        "_hash",
        "_indices",
        "_lines",
        "_mode",
        "_outcomes",
        "_rules",
        "_setup",
        "_stack",
        "_stones",
    )

    def __init__(self, moves: str | Iterable[Move | str] = "", *, rules: RenjuRules | None = None) -> None:
        self._rules = RENJU if rules is None else rules
        size = self._rules.board_size
        self._geo = geometry(size)
        self._mode = mode_for(self._rules)
        self._cells = bytearray(size * size)
        self._lines = list(self._geo.empty_lines)
        self._stack: list[Move] = []
        self._indices: list[int] = []
        self._outcomes: list[Outcome | None] = []
        self._setup: tuple[tuple[Point, ...], tuple[Point, ...]] = ((), ())
        self._first_turn = BLACK
        self._hash = 0
        self._stones = 0
        self.push_moves(moves)

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_state(self, rules=self._rules)

    @classmethod
    def from_stones(
        cls,
        black: str | Iterable[Point | str] = (),
        white: str | Iterable[Point | str] = (),
        *,
        turn: Color = BLACK,
        moves: str | Iterable[Move | str] = "",
        rules: RenjuRules | None = None,
    ) -> Position:
        """A position with these stones set up (no history), ``turn`` to move, then ``moves`` played.

        Points may be ``Point`` values or RIF names; a string holds several (``"h8 i9"``). The setup
        is taken as given: a five already on the board does not end the game.
        """
        position = cls(rules=rules)
        placed: list[list[Point]] = [[], []]
        for side, (color, points) in enumerate(((BLACK, black), (WHITE, white))):
            for point in _points_of(points):
                i = position._empty_index(point)
                position._place(i, color)
                placed[side].append(Point(i % position.size, i // position.size))
        position._setup = (tuple(sorted(placed[0])), tuple(sorted(placed[1])))
        position._first_turn = turn
        if turn is WHITE:
            position._hash ^= position._geo.zobrist_turn
        position.push_moves(moves)
        return position

    # -- what the position is -------------------------------------------------------------------

    @property
    def rules(self) -> RenjuRules:
        """The rules this game is played under."""
        return self._rules

    @property
    def size(self) -> int:
        """Points per side of the board."""
        return self._rules.board_size

    @property
    def turn(self) -> Color:
        """The colour to move."""
        return self._first_turn if len(self._stack) % 2 == 0 else self._first_turn.other

    @property
    def move_stack(self) -> tuple[Move, ...]:
        """The moves played so far (after any setup), first to last."""
        return tuple(self._stack)

    @property
    def setup(self) -> tuple[tuple[Point, ...], tuple[Point, ...]]:
        """The black and white stones set up by ``from_stones`` before any move (empty otherwise)."""
        return self._setup

    @property
    def ply(self) -> int:
        """The number of moves played (passes included; setup stones not)."""
        return len(self._stack)

    @property
    def stone_count(self) -> int:
        """The number of stones on the board."""
        return self._stones

    def peek(self) -> Move:
        """The last move played; ``IndexError`` if there is none."""
        return self._stack[-1]

    def color_at(self, point: Point | str) -> Color | None:
        """The colour of the stone on ``point``, or ``None`` if it is empty."""
        value = self._cells[self._index(point)]
        return Color(value) if value else None

    def stones(self, color: Color) -> tuple[Point, ...]:
        """The points holding ``color``'s stones, row 1 first, left to right."""
        size = self.size
        cells = self._cells
        return tuple(Point(i % size, i // size) for i in range(len(cells)) if cells[i] == color)

    def zobrist_hash(self) -> int:
        """A 64-bit hash of the stones and the side to move, kept up to date by push and pop.

        Equal positions of the same size have equal hashes, whatever the move order; the keys are
        derived from the board size alone, so hashes are the same on every run.
        """
        return self._hash

    def move_string(self) -> str:
        """The moves played, as a move string (``"h8i9j10"``)."""
        return move_string(self._stack)

    def parse_point(self, text: str) -> Point:
        """The point named ``text`` (RIF notation), checked to be on this board."""
        point = Point.from_str(text)
        self._index(point)
        return point

    # -- playing --------------------------------------------------------------------------------

    def push(self, move: object) -> None:
        """Play ``move`` (a point, or ``PASS``; or its name, ``"h8"`` or ``"pass"``) for the side to move.

        Raises ``IllegalMoveError`` when the game is over, the point is off the board or taken, the
        first move is not at the centre where the rules require it, passing is not allowed, or the
        move is forbidden for Black and the rules reject forbidden moves. Under ``black_loses`` a
        forbidden move is played and ends the game. ``InvalidNotationError`` for text that names no
        move, ``TypeError`` for a value that is neither a point, ``PASS`` nor text.
        """
        point = move if type(move) is Point or move is None else _move_of(move)
        outcome = self.outcome()
        if outcome is not None:
            name = "pass" if point is None else str(point)
            raise IllegalMoveError(f"cannot play {name}: the game is over ({outcome})")
        if point is None:
            if not self._rules.passes_allowed:
                raise IllegalMoveError("cannot pass: these rules do not allow passing")
            passed_before = bool(self._stack) and self._stack[-1] is None
            self._stack.append(PASS)
            self._indices.append(-1)
            self._hash ^= self._geo.zobrist_turn
            self._outcomes.append(Outcome(Termination.TWO_PASSES, None) if passed_before else None)
            return
        i = self._empty_index(point)
        color = self.turn
        rules = self._rules
        if rules.first_move_center_required and self._stones == 0 and color is BLACK:
            centre = self.size // 2
            if i != centre * self.size + centre:
                raise IllegalMoveError(
                    f"{point} is not allowed: Black's first move must be on the centre point "
                    f"{Point(centre, centre)}"
                )
        verdict = NONE
        if color is BLACK and rules.fouls_for_black:
            verdict = foul_at(self._lines, self._geo, self._mode, i)
            if verdict != NONE and verdict != WIN and rules.forbidden_move == "reject":
                raise IllegalMoveError(f"{point} is forbidden for Black ({FOUL_NAMES[verdict]})")
        self._place(i, color)
        self._hash ^= self._geo.zobrist_turn
        self._stack.append(point)
        self._indices.append(i)
        self._outcomes.append(self._judge_move(i, color, verdict))

    def push_str(self, text: str) -> Move:
        """Play the one move written ``text`` (``"h8"`` or ``"pass"``) and return it."""
        moves = parse_moves(text)
        if len(moves) != 1:
            raise InvalidNotationError(f"{text!r} is not one move")
        self.push(moves[0])
        return moves[0]

    def push_moves(self, moves: str | Iterable[Move | str]) -> None:
        """Play ``moves`` in order: a move string (``"h8i9j10"``) or an iterable of moves (or their
        names)."""
        for move in parse_moves(moves) if isinstance(moves, str) else moves:
            self.push(move)

    def pop(self) -> Move:
        """Take back the last move and return it; ``IndexError`` if no move was played."""
        move = self._stack.pop()
        i = self._indices.pop()
        self._outcomes.pop()
        if i >= 0:
            self._remove(i)
        self._hash ^= self._geo.zobrist_turn
        return move

    def copy(self) -> Position:
        """An independent copy of this position with its history."""
        other = Position.__new__(Position)
        other._rules = self._rules
        other._geo = self._geo
        other._mode = self._mode
        other._cells = bytearray(self._cells)
        other._lines = list(self._lines)
        other._stack = list(self._stack)
        other._indices = list(self._indices)
        other._outcomes = list(self._outcomes)
        other._setup = self._setup
        other._first_turn = self._first_turn
        other._hash = self._hash
        other._stones = self._stones
        return other

    def transform(self, symmetry: int) -> Position:
        """This game under board symmetry ``symmetry`` (see ``taku.renju.points.transform``)."""
        size = self.size
        moves = [None if m is None else transform(m, symmetry, size) for m in self._stack]
        black, white = ([transform(p, symmetry, size) for p in side] for side in self._setup)
        if not black and not white and self._first_turn is BLACK:
            return Position(moves, rules=self._rules)
        return Position.from_stones(black, white, turn=self._first_turn, moves=moves, rules=self._rules)

    # -- rules ----------------------------------------------------------------------------------

    def outcome(self) -> Outcome | None:
        """How the game ended, or ``None`` while it goes on."""
        return self._outcomes[-1] if self._outcomes else None

    def winning_line(self) -> tuple[Point, ...]:
        """The stones of the line that won the game (five, or six or more), in order along the line;
        empty unless the game was won by a five or an overline."""
        outcome = self.outcome()
        if outcome is None or outcome.termination not in (Termination.FIVE, Termination.OVERLINE):
            return ()
        i = self._indices[-1]
        size = self.size
        color = self._cells[i]
        x, y = i % size, i // size
        wanted = 5 if outcome.termination is Termination.FIVE else 6
        for dx, dy in DIRECTIONS:
            low = high = 0
            while self._stone(x + (low - 1) * dx, y + (low - 1) * dy) == color:
                low -= 1
            while self._stone(x + (high + 1) * dx, y + (high + 1) * dy) == color:
                high += 1
            run = high - low + 1
            if run == wanted or (wanted == 6 and run > 6):
                return tuple(Point(x + k * dx, y + k * dy) for k in range(low, high + 1))
        raise AssertionError("a won game has a winning line")  # pragma: no cover

    @property
    def is_over(self) -> bool:
        """Whether the game has ended (the one name for game over in both games: ``Match.is_over``,
        ``Kyoku.is_over``)."""
        return bool(self._outcomes) and self._outcomes[-1] is not None

    def is_game_over(self) -> bool:
        """Whether the game has ended: :attr:`is_over` under python-chess's name (kept for callers
        that use it)."""
        return self.is_over

    @property
    def legal_moves(self) -> LegalMoveGenerator:
        """The points the side to move may play: empty, not forbidden to Black, and the centre for
        Black's first move where the rules require it. Passes are not listed (see :meth:`is_legal`)."""
        return LegalMoveGenerator(self)

    def is_legal(self, move: object) -> bool:
        """Whether ``move`` (a point or ``PASS``, or its name) is allowed now; a Black foul never is.
        A point off the board is not legal; text that names no move is an ``InvalidNotationError``."""
        point = move if type(move) is Point or move is None else _move_of(move)
        if self.is_over:
            return False
        if point is None:
            return self._rules.passes_allowed
        if not point.on_board(self.size) or self._cells[point.to_index(self.size)]:
            return False
        if self._needs_centre() and point != Point(self.size // 2, self.size // 2):
            return False
        return not (self.turn is BLACK and self.is_forbidden(point))

    def is_forbidden(self, point: Point | str) -> bool:
        """Whether a Black stone on empty ``point`` would be a foul (see ``forbidden_reason``)."""
        return self.forbidden_reason(point) is not None

    def forbidden_reason(self, point: Point | str) -> Foul | None:
        """``"double-three"``, ``"double-four"`` or ``"overline"`` if a Black stone on empty ``point``
        would be forbidden, else ``None``; judged on the current stones whoever is to move."""
        return _forbidden.forbidden_reason(self, point)

    def forbidden_points(self) -> dict[Point, Foul]:
        """Every point forbidden to Black on the current stones, with the reason."""
        return _forbidden.forbidden_points(self)

    def threats(self, point: Point | str) -> MoveThreats:
        """The five, overline, fours and threes a Black stone on empty ``point`` would make."""
        return _forbidden.threats(self, point)

    # -- text -----------------------------------------------------------------------------------

    def unicode(self, *, ascii: bool = False, forbidden: bool = True, legend: bool = True) -> str:
        """The board as text, row 15 (the top) first, with coordinates.

        Stones are ``●``/``○`` (``X``/``O`` with ``ascii``), the last move is bracketed, and when
        Black is to move under rules with fouls, Black's forbidden points show as ``3`` (double-three),
        ``4`` (double-four) or ``6`` (overline). ``legend`` adds a key and the game state.
        """
        size = self.size
        black, white, empty = ("X", "O", ".") if ascii else ("●", "○", "·")
        marks: dict[int, str] = {}
        show_forbidden = (
            forbidden and self._rules.fouls_for_black and self.turn is BLACK and not self.is_over
        )
        if show_forbidden:
            codes = forbidden_indices(self._lines, self._cells, self._geo, self._mode)
            marks = {i: "3" if code == 1 else "4" if code == 2 else "6" for i, code in codes.items()}
        last = self._indices[-1] if self._indices else -1  # -1: no move yet, or a pass
        header = "   " + " ".join(COLUMNS[:size])
        rows = [header]
        for y in range(size - 1, -1, -1):
            separators = [" "] * (size + 1)
            symbols = []
            for x in range(size):
                i = y * size + x
                value = self._cells[i]
                symbols.append(black if value == 1 else white if value == 2 else marks.get(i, empty))
                if i == last:
                    separators[x], separators[x + 1] = "(", ")"
            line = "".join(separators[x] + symbols[x] for x in range(size)) + separators[size]
            rows.append(f"{y + 1:>2}{line}{y + 1}")
        rows.append(header)
        if legend:
            rows.append(f"{black} black  {white} white  (.) last move")
            if show_forbidden and marks:
                rows.append("3 4 6: forbidden to Black (double-three, double-four, overline)")
            outcome = self.outcome()
            if outcome is not None:
                rows.append(f"game over: {outcome}")
            else:
                rows.append(f"{self.turn.name.capitalize()} to move")
        return "\n".join(rows)

    def __str__(self) -> str:
        return self.unicode(ascii=True, legend=False)

    def __repr__(self) -> str:
        rules = "" if self._rules == RENJU else f", rules={_rules_repr(self._rules)}"
        if not self._setup[0] and not self._setup[1] and self._first_turn is BLACK:
            return f"Position({self.move_string()!r}{rules})"
        black, white = (" ".join(str(p) for p in side) for side in self._setup)
        moves = f", moves={self.move_string()!r}" if self._stack else ""
        return f"Position.from_stones({black!r}, {white!r}, turn={self._first_turn!r}{moves}{rules})"

    def _repr_svg_(self) -> str:
        """The board as an SVG picture (``taku.renju.svg.board``), for Jupyter and IPython."""
        import taku.renju.svg

        return taku.renju.svg.board(self)

    # -- internals ------------------------------------------------------------------------------

    def _needs_centre(self) -> bool:
        return self._rules.first_move_center_required and self._stones == 0 and self.turn is BLACK

    def _stone(self, x: int, y: int) -> int:
        """The cell value at (x, y), or -1 off the board."""
        size = self.size
        return self._cells[y * size + x] if 0 <= x < size and 0 <= y < size else -1

    def _index(self, point: Point | str) -> int:
        """The board index of ``point``; ``IllegalMoveError`` if it is off this board."""
        if type(point) is not Point:
            point = _point_of(point)
        if not point.on_board(self.size):
            raise IllegalMoveError(f"point {point} is off a {self.size}x{self.size} board")
        return point.to_index(self.size)

    def _empty_index(self, point: Point | str) -> int:
        """The board index of ``point``; ``IllegalMoveError`` if it is off the board or taken."""
        i = self._index(point)
        if self._cells[i]:
            raise IllegalMoveError(f"point {Point.from_index(i, self.size)} is already taken")
        return i

    def _place(self, i: int, color: Color) -> None:
        geo = self._geo
        self._cells[i] = color
        lines = self._lines
        lines[geo.line[0][i]] ^= color << geo.put[0][i]
        lines[geo.line[1][i]] ^= color << geo.put[1][i]
        lines[geo.line[2][i]] ^= color << geo.put[2][i]
        lines[geo.line[3][i]] ^= color << geo.put[3][i]
        self._hash ^= geo.zobrist[color][i]
        self._stones += 1

    def _remove(self, i: int) -> None:
        geo = self._geo
        color = self._cells[i]
        self._cells[i] = 0
        lines = self._lines
        lines[geo.line[0][i]] ^= color << geo.put[0][i]
        lines[geo.line[1][i]] ^= color << geo.put[1][i]
        lines[geo.line[2][i]] ^= color << geo.put[2][i]
        lines[geo.line[3][i]] ^= color << geo.put[3][i]
        self._hash ^= geo.zobrist[color][i]
        self._stones -= 1

    def _judge_move(self, i: int, color: Color, verdict: int) -> Outcome | None:
        """The outcome after ``color``'s stone landed on ``i`` (``verdict``: its foul check)."""
        rules = self._rules
        size = self.size
        x, y = i % size, i // size
        cells = self._cells
        longest = 0
        five = False
        for dx, dy in DIRECTIONS:
            run = 1
            for sign in (1, -1):
                cx, cy = x + sign * dx, y + sign * dy
                while 0 <= cx < size and 0 <= cy < size and cells[cy * size + cx] == color:
                    run += 1
                    cx, cy = cx + sign * dx, cy + sign * dy
            five = five or run == 5
            longest = max(longest, run)
        exact = rules.exact_five_for_black if color is BLACK else rules.exact_five_for_white
        if five:
            return Outcome(Termination.FIVE, color)
        if longest > 5 and not exact:
            return Outcome(Termination.OVERLINE, color)
        if verdict != NONE and verdict != WIN:
            return Outcome(Termination.FORBIDDEN, WHITE, FOUL_NAMES[verdict])
        if self._stones == size * size:
            return Outcome(Termination.FULL_BOARD, None)
        if rules.move_limit is not None and self._stones >= rules.move_limit:
            return Outcome(Termination.MOVE_LIMIT, None)
        if color is WHITE and not rules.passes_allowed and rules.forbidden_move == "reject" and (
            rules.fouls_for_black
        ):
            # Black must play a point that is not a foul: is one left? (Almost always the first
            # empty point checked is one, so this costs one foul check.)
            lines, geo, mode = self._lines, self._geo, self._mode
            for j in range(size * size):
                if not cells[j]:
                    found = foul_at(lines, geo, mode, j)
                    if found in (NONE, WIN):
                        return None
            return Outcome(Termination.NO_MOVE, None)
        return None


class LegalMoveGenerator:
    """A lazy view of the points the side to move may play (see ``Position.legal_moves``)."""

    __slots__ = ("_position",)

    def __init__(self, position: Position) -> None:
        self._position = position

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: a view of its position
        return LegalMoveGenerator, (self._position,)

    def __iter__(self) -> Iterator[Point]:
        position = self._position
        if position.is_over:
            return
        size = position.size
        if position._needs_centre():
            yield Point(size // 2, size // 2)
            return
        forbidden: dict[int, int] = {}
        if position.turn is BLACK and position.rules.fouls_for_black:
            forbidden = forbidden_indices(position._lines, position._cells, position._geo, position._mode)
        cells = position._cells
        for i in range(len(cells)):
            if not cells[i] and i not in forbidden:
                yield Point(i % size, i // size)

    def __contains__(self, move: object) -> bool:
        """Whether ``move`` (a point, or its name like ``"h8"``) is a legal move; anything else is not."""
        if isinstance(move, str):
            try:
                move = Point.from_str(move)
            except InvalidNotationError:
                return False
        return isinstance(move, Point) and self._position.is_legal(move)

    def __len__(self) -> int:
        return sum(1 for _ in self)

    def count(self) -> int:
        """The number of legal points."""
        return len(self)

    def __bool__(self) -> bool:
        return any(True for _ in self)

    def __repr__(self) -> str:
        shown: list[str] = []
        count = 0
        for point in self:
            if count < _REPR_MOVES:
                shown.append(str(point))
            count += 1
        if count > _REPR_MOVES:
            shown.append(f"... {count} moves")
        return f"<LegalMoveGenerator at {id(self):#x} ({', '.join(shown)})>"


_REPR_MOVES: Final = 8
"""How many legal moves ``repr(position.legal_moves)`` lists before it only counts them."""


def _point_of(value: object) -> Point:
    """``value`` as a point: a ``Point``, or its RIF name; ``TypeError`` for anything else."""
    if isinstance(value, Point):
        return Point(value.x, value.y)
    if isinstance(value, str):
        return Point.from_str(value)
    raise TypeError(f"{value!r} is not a point: expected a Point or a name like 'h8'")


def _move_of(value: object) -> Move:
    """``value`` as a move: a ``Point``, ``PASS`` (``None``), or text naming one (``"h8"``, ``"pass"``);
    ``TypeError`` for anything else."""
    if value is None:
        return PASS
    if isinstance(value, str):
        moves = parse_moves(value)
        if len(moves) != 1:
            raise InvalidNotationError(f"{value!r} is not one move: expected a point like 'h8' or 'pass'")
        return moves[0]
    if isinstance(value, Point):
        return Point(value.x, value.y)
    raise TypeError(f"{value!r} is not a move: expected a Point, PASS (None) or a name like 'h8'")


def _points_of(points: str | Iterable[Point | str]) -> Iterator[Point]:
    """The points of a setup list: ``Point`` values, RIF names, or one string of names."""
    if isinstance(points, str):
        for move in parse_moves(points):
            if move is None:
                raise InvalidNotationError(f"{points!r}: a setup cannot contain a pass")
            yield move
        return
    for point in points:
        yield _point_of(point)


def _rules_repr(rules: RenjuRules) -> str:
    """``rules`` as an eval-able ``RenjuRules.preset(...)`` call, naming the closest preset."""
    best = ""
    best_changes: list[str] | None = None
    for name, preset in PRESETS.items():
        changes = [
            f"{field}={getattr(rules, field)!r}"
            for field in RenjuRules.__dataclass_fields__
            if getattr(rules, field) != getattr(preset, field)
        ]
        if best_changes is None or len(changes) < len(best_changes):
            best, best_changes = name, changes
    assert best_changes is not None
    return f"RenjuRules.preset({', '.join([repr(best), *best_changes])})"
