"""The brain side of the Gomocup (Piskvork) protocol: a command loop around a renju engine.

A manager (Piskvork, a Gomocup tournament manager, ``taku renju match``) writes one command per line
and the brain answers; coordinates are 0-based ``x,y`` with ``y`` counted from the top (see
``Point.from_gomocup``). :class:`GomocupBrain` turns one input line into its reply lines;
:func:`run_brain` runs it over two text streams until ``END``.

Supported: ``START``, ``RECTSTART`` (square boards), ``RESTART``, ``BEGIN``, ``TURN``, ``BOARD`` ...
``DONE``, ``SWAP2BOARD`` ... ``DONE``, ``TAKEBACK``, ``PLAY``, ``INFO`` (``rule``, ``timeout_turn``,
``timeout_match``, ``time_left``, ``max_memory``; other keys are accepted and ignored), ``ABOUT`` and
``END``. Anything else is answered ``UNKNOWN``; a command that cannot be carried out (a bad
coordinate, an occupied point, a board size or rule the core cannot play) is answered ``ERROR`` with
the reason, and the brain keeps running.

>>> brain = GomocupBrain(CentreEngine())
>>> brain.handle("START 15"), brain.handle("INFO rule 4"), brain.handle("BEGIN")
(['OK'], [], ['7,7'])
>>> brain.handle("TURN 7,7")
['ERROR TURN 7,7: point h8 is already taken']
"""

from __future__ import annotations

import math
import random
import sys
import time
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any, Final, Protocol, TextIO

from taku import __version__
from taku.bots.renju_opening import ai_opening_action
from taku.renju.board import Position
from taku.renju.errors import InvalidRulesError
from taku.renju.openings import SWAP2, ChooseColor, Opening, Place
from taku.renju.points import BLACK, MAX_SIZE, MIN_SIZE, WHITE, Move, Point
from taku.renju.rules import RenjuRules


class Engine(Protocol):
    """Anything that picks a move: a renju AI, or a trivial player in tests."""

    def choose(self, position: Position, time_limit: float | None = None) -> Move:
        """A legal move for the side to move in ``position``, found within ``time_limit`` seconds
        (``None``: the engine's own default): a point, or ``PASS`` when no point may be played and
        the rules allow passing."""
        ...


class CentreEngine:
    """The legal point nearest the centre (ties: lowest row, then leftmost): a deterministic stand-in
    engine for examples and protocol tests."""

    def choose(self, position: Position, time_limit: float | None = None) -> Point:
        """The legal point nearest the centre of ``position``'s board."""
        centre = (position.size - 1) / 2
        return min(position.legal_moves, key=lambda p: ((p.x - centre) ** 2 + (p.y - centre) ** 2, p.y, p.x))


@dataclass(frozen=True, slots=True)
class About:
    """What the brain says about itself in answer to ``ABOUT``."""

    name: str = "taku"
    version: str = __version__
    author: str = "the taku authors"
    country: str = "-"
    www: str = ""

    def line(self) -> str:
        """The ``ABOUT`` reply: ``name="taku", version="0.1.0", ...`` (empty fields left out)."""
        fields = [("name", self.name), ("version", self.version), ("author", self.author),
                  ("country", self.country), ("www", self.www)]
        return ", ".join(f'{key}="{value}"' for key, value in fields if value)


UNLIMITED_MS: Final = 2147483647
"""``time_left`` and ``timeout_match`` value meaning no limit."""

EXPECTED_STONES: Final = 100
"""How many stones a game is assumed to reach when the remaining match time is shared out."""

MIN_MOVES_LEFT: Final = 15
"""The fewest own moves the remaining match time is shared between, however late in the game."""

SAFETY_MARGIN: Final = 0.05
"""Seconds kept back from every move's budget for reading, writing and the process's own work."""

SAFETY_FRACTION: Final = 0.1
"""The fraction of every move's budget kept back as well."""

MIN_TIME: Final = 0.01
"""The shortest time limit given to the engine, in seconds (``timeout_turn 0``: as fast as possible)."""

SWAP2_TIME: Final = 1.0
"""The time limit, in seconds, of a ``SWAP2BOARD`` answer when the manager gave no time information
(the opening judgements stop weighing alternatives when it runs out)."""

MAX_COMMAND: Final = 4096
"""The longest command line read, in characters: a longer one is answered ``ERROR`` and skipped."""

_SHOWN: Final = 60
"""How much of a bad command an ``ERROR`` or ``UNKNOWN`` reply echoes."""


def _clip(text: str, limit: int = _SHOWN) -> str:
    """``text`` shortened to ``limit`` characters, with ``...`` when something was cut."""
    return text if len(text) <= limit else text[:limit] + "..."


def move_time_limit(
    timeout_turn_ms: int | None, time_left_ms: int | None, stones: int
) -> float | None:
    """The engine's time limit in seconds for a move with ``stones`` stones on the board.

    It is the smaller of ``timeout_turn`` and ``time_left`` shared out over the moves still expected
    (at least :data:`MIN_MOVES_LEFT`), less :data:`SAFETY_FRACTION` of it and :data:`SAFETY_MARGIN`,
    and at least :data:`MIN_TIME`; ``None`` when neither limit is known (or both are unlimited).

    >>> move_time_limit(1000, None, 0)
    0.85
    >>> move_time_limit(None, None, 10) is None
    True
    """
    budgets: list[float] = []
    if timeout_turn_ms is not None:
        budgets.append(max(timeout_turn_ms, 0) / 1000)
    if time_left_ms is not None and time_left_ms < UNLIMITED_MS:
        moves_left = max(MIN_MOVES_LEFT, math.ceil((EXPECTED_STONES - stones) / 2))
        budgets.append(max(time_left_ms, 0) / 1000 / moves_left)
    if not budgets:
        return None
    budget = min(budgets)
    return round(max(MIN_TIME, budget * (1 - SAFETY_FRACTION) - SAFETY_MARGIN), 6)


class ProtocolError(ValueError):
    """A command the brain cannot carry out; its message becomes the ``ERROR`` reply."""


_BOARD_FIELDS: Final = {"1": "own", "2": "opponent", "3": "winning line or forbidden point"}


class GomocupBrain:
    """One brain's side of a Gomocup conversation: :meth:`handle` takes a command line and returns the
    reply lines (none for ``INFO``, a ``BOARD`` line or ``END``).

    The engine sees a :class:`Position` under the rules of the last ``INFO rule`` (``RenjuRules.
    from_gomocup``: 0 freestyle, 1 exactly five, 4 renju; the continuous-game bit 2 is ignored) on
    the board of ``START``. Under renju the stones of ``BOARD`` must come in move order, as the
    protocol requires; under gomoku their order does not matter.
    """

    def __init__(self, engine: Engine, *, about: About | None = None) -> None:
        self._engine = engine
        self._identity = About() if about is None else about
        self._size: int | None = None
        self._rule = 0
        self._rule_error: str | None = None
        self._rules = RenjuRules.from_gomocup(0, 15)
        self._position: Position | None = None
        self._timeout_turn: int | None = None
        self._timeout_match: int | None = None
        self._time_left: int | None = None
        self._max_memory: int | None = None
        self._block: str | None = None
        self._block_lines: list[str] = []
        self._block_error: str | None = None
        self.finished = False
        """Whether ``END`` was received."""

    # -- what the brain knows -----------------------------------------------------------------------

    @property
    def position(self) -> Position | None:
        """The current game, or ``None`` before ``START``."""
        return self._position

    @property
    def rules(self) -> RenjuRules:
        """The rules the brain plays under (from ``INFO rule`` and the board size), without passes:
        the protocol has none."""
        return self._rules

    def time_limit(self) -> float | None:
        """The engine's time limit for the next move, in seconds (see :func:`move_time_limit`)."""
        time_left = self._time_left
        if time_left is None and self._timeout_match not in (None, 0):
            time_left = self._timeout_match
        stones = 0 if self._position is None else self._position.stone_count
        return move_time_limit(self._timeout_turn, time_left, stones)

    # -- the conversation ---------------------------------------------------------------------------

    def handle(self, line: str) -> list[str]:
        """The reply lines to one command line (the line ending is ignored; blank lines get none)."""
        text = line.strip()
        if self._block is not None:
            return self._block_line(text)
        if not text:
            return []
        command, _, argument = text.partition(" ")
        command = command.upper()
        argument = argument.strip()
        handler = _HANDLERS.get(command)
        if handler is None:
            return [f"UNKNOWN command {_clip(command)!r} is not supported"]
        try:
            return handler(self, argument)
        except ProtocolError as error:
            return [f"ERROR {_clip(text)}: {_clip(str(error), 200)}"]

    def too_long(self) -> list[str]:
        """The reply to a line longer than :data:`MAX_COMMAND` (which was not read): ``ERROR``;
        inside ``BOARD`` or ``SWAP2BOARD``, the block's ``DONE`` is answered ``ERROR``."""
        message = f"a line longer than {MAX_COMMAND} characters"
        if self._block is not None:
            self._block_error = message
            return []
        return [f"ERROR {message}: ignored"]

    def _start(self, argument: str) -> list[str]:
        size = _number(argument, "a board size")
        self._new_board(size)
        return ["OK"]

    def _rectstart(self, argument: str) -> list[str]:
        parts = argument.split(",")
        if len(parts) != 2:
            raise ProtocolError("expected a board size 'width,height', like 15,15")
        width, height = (_number(part, "a board size") for part in parts)
        if width != height:
            raise ProtocolError(f"only square boards are supported, not {width}x{height}")
        self._new_board(width)
        return ["OK"]

    def _new_board(self, size: int) -> None:
        if not MIN_SIZE <= size <= MAX_SIZE:
            raise ProtocolError(
                f"board size {size} is not supported: taku plays sizes from {MIN_SIZE} to {MAX_SIZE} "
                "(odd ones only under renju)"
            )
        if self._rule_error is None:  # a supported rule must also allow the size (renju: odd only)
            try:
                RenjuRules.from_gomocup(self._rule, size)
            except InvalidRulesError as error:
                raise ProtocolError(str(error)) from None
        self._size = size
        self._set_rules()

    def _set_rules(self) -> None:
        size = 15 if self._size is None else self._size
        try:
            # The protocol has no pass: the game is played without (RJ-15's passes are not there to
            # take), so Black with only forbidden points left makes the foul that loses (RJ-12).
            self._rules = RenjuRules.from_gomocup(self._rule, size).replace(passes_allowed=False)
            self._rule_error = None
        except InvalidRulesError as error:
            self._rule_error = str(error)
        self._position = None if self._size is None else Position(rules=self._rules)

    def _restart(self, argument: str) -> list[str]:
        self._board()
        self._set_rules()
        return ["OK"]

    def _info(self, argument: str) -> list[str]:
        key, _, value = argument.partition(" ")
        key = key.lower()
        value = value.strip()
        if key in ("timeout_turn", "timeout_match", "time_left", "max_memory"):
            unit = "bytes" if key == "max_memory" else "milliseconds"
            number = _integer(value, f"a number of {unit}")
            if number < 0 and key != "time_left":  # time_left may run below 0 on a late move
                raise ProtocolError(f"{key} {value}: expected a number of {unit} >= 0")
            if key == "timeout_turn":
                self._timeout_turn = number
            elif key == "timeout_match":
                self._timeout_match = number
            elif key == "time_left":
                self._time_left = number
            else:
                self._max_memory = number
        elif key == "rule":
            rule = _integer(value, "a rule number")
            if rule != self._rule:
                if self._position is not None and self._position.stone_count:
                    raise ProtocolError("the rule cannot change during a game: send RESTART first")
                self._rule = rule
                self._set_rules()
            if self._rule_error is not None:
                raise ProtocolError(self._rule_error)
        # Other keys (game_type, folder, evaluate, ...) do not concern the engine: ignored, as the
        # protocol asks of a brain that does not understand them.
        return []

    def _begin(self, argument: str) -> list[str]:
        position = self._board()
        if position.ply or position.stone_count:
            raise ProtocolError("BEGIN needs an empty board: send RESTART first")
        return [self._reply_move(position)]

    def _turn(self, argument: str) -> list[str]:
        position = self._board()
        point = self._point(argument)
        self._push(position, point)
        return [self._reply_move(position)]

    def _play(self, argument: str) -> list[str]:
        # The manager's confirmation of a SUGGESTed move: play it as our own and echo it.
        position = self._board()
        point = self._point(argument)
        self._push(position, point)
        return [point.gomocup(position.size)]

    def _takeback(self, argument: str) -> list[str]:
        position = self._board()
        point = self._point(argument)
        if not position.ply or position.peek() != point:
            raise ProtocolError(f"{argument} is not the last move")
        position.pop()
        return ["OK"]

    def _about(self, argument: str) -> list[str]:
        return [self._identity.line()]

    def _end(self, argument: str) -> list[str]:
        self.finished = True
        return []

    def _open_block(self, name: str) -> list[str]:
        self._board()
        self._block = name
        self._block_lines = []
        self._block_error = None
        return []

    def _block_line(self, text: str) -> list[str]:
        if text.upper() != "DONE":
            size = self._board().size
            if text and len(self._block_lines) <= size * size:  # more is an error at DONE: not kept
                self._block_lines.append(text)
            return []
        name, lines, error = self._block, self._block_lines, self._block_error
        self._block, self._block_lines, self._block_error = None, [], None
        if error is not None:
            return [f"ERROR {name}: {error}"]
        try:
            stones = self._read_stones(lines, plain=name == "SWAP2BOARD")
            if name == "BOARD":
                return [self._reply_move(self._set_position(stones))]
            return [self._swap2(stones)]
        except ProtocolError as error:
            return [f"ERROR {name}: {_clip(str(error), 200)}"]

    def _read_stones(self, lines: list[str], *, plain: bool = False) -> list[tuple[Point, bool]]:
        """The ``x,y,field`` lines of a block as (point, own stone) in the order given; field 3
        (continuous games) is skipped. ``plain``: the lines may be ``x,y`` (``SWAP2BOARD``'s
        stones, in the order played; the own-stone flag then means nothing)."""
        size = self._board().size
        stones: list[tuple[Point, bool]] = []
        seen: set[Point] = set()
        for text in lines:
            parts = [part.strip() for part in text.split(",")]
            if plain and len(parts) == 2:
                parts.append("1")
            if len(parts) != 3 or parts[2] not in _BOARD_FIELDS:
                expected = "x,y (or x,y,field)" if plain else "x,y,field with field 1, 2 or 3"
                raise ProtocolError(f"{text!r} is not a board line: expected {expected}")
            point = self._point(f"{parts[0]},{parts[1]}", size)
            if point in seen:
                raise ProtocolError(f"{text!r}: point {point} is given twice")
            seen.add(point)
            if parts[2] != "3":
                stones.append((point, parts[2] == "1"))
        return stones

    def _set_position(self, stones: list[tuple[Point, bool]]) -> Position:
        """The game of a ``BOARD`` block, with the brain to move; kept as the brain's position."""
        own = sum(1 for _, mine in stones if mine)
        theirs = len(stones) - own
        if own == theirs:
            colour = BLACK
        elif theirs == own + 1:
            colour = WHITE
        else:
            raise ProtocolError(
                f"{own} own and {theirs} opponent stones: the side to move has as many stones as the "
                "other, or one fewer"
            )
        position = self._empty_position()
        colours = [colour if mine else colour.other for _, mine in stones]
        try:
            if all(c is (BLACK if i % 2 == 0 else WHITE) for i, c in enumerate(colours)):
                position.push_moves(point for point, _ in stones)
            else:
                black = [p for (p, _), c in zip(stones, colours, strict=True) if c is BLACK]
                white = [p for (p, _), c in zip(stones, colours, strict=True) if c is WHITE]
                position = Position.from_stones(black, white, turn=colour, rules=self._rules)
        except ValueError as error:
            raise ProtocolError(str(error)) from None
        self._position = position
        return position

    def _swap2(self, stones: list[tuple[Point, bool]]) -> str:
        """The answer to ``SWAP2BOARD``, decided by ``taku.bots.renju_opening.ai_opening_action`` on
        the Swap2 opening: on an empty board, three opening stones ``x,y x,y x,y`` (Black, White,
        Black); with three stones, ``SWAP`` (the brain takes Black), one move (it keeps White and
        plays the 4th stone) or two moves (a 4th, white, and a 5th, black, stone: the opponent
        then chooses a colour); with five stones, ``SWAP`` (it takes Black) or one move (it takes
        White and plays the 6th stone)."""
        size = self._board().size
        if len(stones) not in (0, 3, 5):
            raise ProtocolError(f"{len(stones)} stones: expected 0, 3 or 5")
        if self._rule_error is not None:
            raise ProtocolError(self._rule_error)
        points = [point for point, _ in stones]
        position = self._empty_position()
        try:
            position.push_moves(points)
        except ValueError as error:
            raise ProtocolError(str(error)) from None
        if position.outcome() is not None:
            raise ProtocolError(f"the game is over: {position.outcome()}")
        state = Opening(SWAP2, self._rules)
        started = time.perf_counter()
        try:
            if points:
                state = state.apply(Place(tuple(points[:3])))
            if len(points) == 5:
                state = state.apply(Place(tuple(points[3:])))
            limit = self.time_limit()
            action = ai_opening_action(state, self._engine, None, random.Random(len(points)),
                                       SWAP2_TIME if limit is None else limit)
        except ValueError as error:
            raise ProtocolError(str(error)) from None
        except Exception as error:  # an engine failure must not end the conversation
            raise ProtocolError(f"the engine failed: {type(error).__name__}: {error}") from None
        if isinstance(action, Place):
            self._position = position
            position.push_moves(action.points)
            return " ".join(point.gomocup(size) for point in action.points)
        if not isinstance(action, ChooseColor):
            raise ProtocolError(f"the engine answered {action}, which is not a Swap2 decision")
        self._position = position
        if action.color is BLACK:
            return "SWAP"
        return self._reply_move(position, spent=time.perf_counter() - started)

    # -- helpers ------------------------------------------------------------------------------------

    def _board(self) -> Position:
        if self._position is None:
            raise ProtocolError("no board: send START first")
        return self._position

    def _empty_position(self) -> Position:
        return Position(rules=self._rules)

    def _point(self, text: str, size: int | None = None) -> Point:
        board = size if size is not None else self._board().size
        try:
            return Point.from_gomocup(text, board)
        except ValueError as error:
            raise ProtocolError(str(error)) from None

    def _push(self, position: Position, point: Point) -> None:
        try:
            position.push(point)
        except ValueError as error:
            raise ProtocolError(str(error)) from None

    def _reply_move(self, position: Position, spent: float = 0.0) -> str:
        """Choose, play and write the brain's move in ``position``; ``spent``: seconds of this turn
        already used (the engine gets the rest of the time limit, at least ``MIN_TIME``)."""
        if self._rule_error is not None:
            raise ProtocolError(self._rule_error)
        outcome = position.outcome()
        if outcome is not None:
            raise ProtocolError(f"the game is over: {outcome}")
        # With every empty point forbidden to Black, the foul is the one move left (the protocol
        # has no pass): it loses under renju (RJ-12), as the manager will judge.
        no_point = not position.legal_moves
        forced_foul = no_point and position.rules.forbidden_move == "black_loses" \
            and position.stone_count < position.size * position.size
        if no_point and not forced_foul:
            raise ProtocolError("no legal move is left")
        try:
            limit = self.time_limit()
            if limit is not None and spent:
                limit = max(MIN_TIME, limit - spent)
            point = self._engine.choose(position.copy(), limit)
        except Exception as error:  # an engine failure must not end the conversation
            raise ProtocolError(f"the engine failed: {type(error).__name__}: {error}") from None
        if point is None:
            raise ProtocolError("the engine passed, which the protocol cannot say")
        if point not in position.legal_moves and not (
                forced_foul and point.on_board(position.size) and position.color_at(point) is None):
            raise ProtocolError(f"the engine chose {point}, which is not a legal move")
        position.push(point)
        return point.gomocup(position.size)


_HANDLERS: Final[dict[str, Callable[[GomocupBrain, str], list[str]]]] = {
    "START": GomocupBrain._start,
    "RECTSTART": GomocupBrain._rectstart,
    "RESTART": GomocupBrain._restart,
    "INFO": GomocupBrain._info,
    "BEGIN": GomocupBrain._begin,
    "TURN": GomocupBrain._turn,
    "PLAY": GomocupBrain._play,
    "TAKEBACK": GomocupBrain._takeback,
    "BOARD": lambda brain, _: brain._open_block("BOARD"),
    "SWAP2BOARD": lambda brain, _: brain._open_block("SWAP2BOARD"),
    "ABOUT": GomocupBrain._about,
    "END": GomocupBrain._end,
}


def _number(text: str, what: str) -> int:
    value = text.strip()
    if not value.isdigit():
        raise ProtocolError(f"{text!r} is not {what}: expected a whole number")
    return int(value)


def _integer(text: str, what: str) -> int:
    value = text.strip()
    digits = value[1:] if value.startswith("-") else value
    if not digits.isdigit():
        raise ProtocolError(f"{text!r} is not {what}: expected a whole number")
    return int(value)


def run_brain(brain: GomocupBrain, lines: Iterable[str] | TextIO | None = None,
              output: TextIO | None = None) -> int:
    """Answer the commands of ``lines`` (a text stream, by default standard input, or any lines) on
    ``output`` (default: standard output), each reply line flushed, until ``END`` or the end of the
    input; return the exit status, 0. From a stream, lines are read at most :data:`MAX_COMMAND`
    characters at a time: a longer line is answered ``ERROR`` and skipped."""
    lines = sys.stdin if lines is None else lines
    output = sys.stdout if output is None else output
    source = _bounded_lines(lines) if hasattr(lines, "readline") else lines
    for line in source:
        replies = brain.too_long() if line is None else brain.handle(line)
        for reply in replies:
            output.write(reply + "\n")
            output.flush()
        if brain.finished:
            break
    return 0


def _bounded_lines(stream: Any) -> Iterator[str | None]:
    """The lines of ``stream``; ``None`` for a line longer than :data:`MAX_COMMAND` (skipped)."""
    while True:
        line: str = stream.readline(MAX_COMMAND + 1)
        if not line:
            return
        if len(line) > MAX_COMMAND and not line.endswith("\n"):
            while line and not line.endswith("\n"):
                line = stream.readline(MAX_COMMAND + 1)
            yield None
            continue
        yield line
