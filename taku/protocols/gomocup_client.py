"""The manager side of the Gomocup (Piskvork) protocol: drive external brains and play matches.

:class:`GomocupClient` runs any ``pbrain-*`` program (Rapfi, Embryo, our own ``pbrain-taku``) as a
child process and speaks the protocol to it, with a time limit on every reply. :func:`play_match`
plays games between two :class:`MatchPlayer` values (an engine in this process, or an external brain)
and :class:`MatchSummary` gives the score with a 95% confidence interval. A player that crashes,
answers late, answers something unreadable (or ``ERROR``) or plays an illegal move loses that game;
a forbidden move by Black loses it under renju as the rules say.
"""

from __future__ import annotations

import math
import random
import shlex
import shutil
import time
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import Final, Protocol, runtime_checkable

from taku.bots.renju_opening import ai_opening_action
from taku.errors import EngineError
from taku.protocols.child_process import ChildProcess
from taku.protocols.gomocup import UNLIMITED_MS, Engine, move_time_limit
from taku.renju.board import Position
from taku.renju.errors import IllegalMoveError, InvalidNotationError
from taku.renju.openings import SWAP2, Action, ChooseColor, Opening, OpeningRule, Place, Player
from taku.renju.points import BLACK, WHITE, Move, Point, move_string
from taku.renju.rules import RenjuRules


class BrainError(EngineError, ValueError):
    """An external brain that failed: it crashed, answered ``ERROR``/``UNKNOWN`` or something that is
    not the expected reply (an :class:`~taku.errors.EngineError`; still a ``ValueError`` too, as it
    was, for callers that catch that)."""


class BrainTimeoutError(BrainError):
    """An external brain that did not answer within its time."""


START_TIMEOUT: Final = 30.0
"""Seconds a brain may take to start and answer ``START`` (or ``RESTART``) when no time per move is
known (:meth:`GomocupClient.start` called directly); a match derives it with :func:`start_wait`."""

START_WAIT_MIN: Final = 5.0
"""The shortest wait for ``START``/``RESTART`` in a match, in seconds."""

START_WAIT_MAX: Final = 60.0
"""The longest wait for ``START``/``RESTART`` in a match, in seconds."""

START_WAIT_MOVES: Final = 10
"""A match waits for ``START``/``RESTART`` as long as for this many late moves."""

SETTLE_TIME: Final = 0.05
"""Seconds between a brain's move and the next command sent to it. Some brains (Rapfi) drop a
command that arrives in the instant after they print a move, while their search is still winding
down; the protocol has no way to ask whether a brain is ready again, so the client waits this long."""

WRITE_TIMEOUT: Final = 5.0
"""Seconds a brain has to take a command off its input (a brain that does not read is a crashed one)."""

_NOTES: Final = ("MESSAGE", "DEBUG", "SUGGEST")
"""Lines a brain may send at any time that are not replies."""

MAX_NOTES: Final = 1000
"""The most notes kept in :attr:`GomocupClient.notes` (the latest ones)."""


_INTERPRETERS = ("python", "pypy", "node", "java", "mono", "wine")
"""Programs that run a brain given as their first argument."""


def start_wait(time_per_move: float, tolerance: float) -> float:
    """Seconds a brain may take to answer ``START`` or ``RESTART`` in a match with these time
    options: as long as :data:`START_WAIT_MOVES` moves at the limit (``time_per_move +
    tolerance``), but at least :data:`START_WAIT_MIN` and at most :data:`START_WAIT_MAX`.

    >>> start_wait(0.5, 0.5), start_wait(1, 1), start_wait(30, 1)
    (10.0, 20.0, 60.0)
    """
    return float(min(START_WAIT_MAX, max(START_WAIT_MIN, START_WAIT_MOVES * (time_per_move + tolerance))))


def _shown(text: str, limit: int = 80) -> str:
    """``text`` as a quoted string for a message, shortened to about ``limit`` characters."""
    return repr(text if len(text) <= limit else text[:limit] + "...")


class GomocupClient:
    """One external brain process, spoken to in the Gomocup protocol.

    ``command`` is the program and its arguments (a string is split as a shell would). The process is
    started by :meth:`start`, in a process group of its own (see :mod:`taku.protocols.child_process`):
    :meth:`kill` and :meth:`close` end it with everything it started. ``MESSAGE``, ``DEBUG`` and
    ``SUGGEST`` lines are collected in :attr:`notes` (the last :data:`MAX_NOTES`); any failure is a
    :class:`BrainError` naming the brain and what went wrong. After a move, the next command waits
    until :attr:`settle` seconds (default :data:`SETTLE_TIME`) have passed since the move arrived.
    """

    def __init__(self, command: str | Sequence[str], *, settle: float = SETTLE_TIME) -> None:
        self.command: tuple[str, ...] = tuple(shlex.split(command) if isinstance(command, str) else command)
        if not self.command:
            raise BrainError("empty brain command")
        self.size = 0
        self.settle = settle
        self.notes: list[str] = []
        self._child: ChildProcess | None = None
        self._moved_at = -math.inf

    def __repr__(self) -> str:
        return f"GomocupClient({shlex.join(self.command)!r})"

    @property
    def alive(self) -> bool:
        """Whether the brain process is running."""
        return self._child is not None and self._child.poll() is None

    # -- commands -----------------------------------------------------------------------------------

    def start(self, size: int, timeout: float = START_TIMEOUT) -> None:
        """Start the process if it is not running, and send ``START size``; the answer must be ``OK``."""
        if not self.alive:
            self._spawn()
        self.size = size
        self._send(f"START {size}")
        self._expect_ok(f"START {size}", timeout)

    def restart(self, timeout: float = START_TIMEOUT) -> None:
        """Clear the board for a new game: ``RESTART``, or ``START`` again for a brain without it."""
        self._send("RESTART")
        try:
            self._expect_ok("RESTART", timeout)
        except BrainError as error:
            if not str(error).startswith(f"{self.name}: answered UNKNOWN") or not self.alive:
                raise
            self.start(self.size, timeout)

    def info(self, key: str, value: int | str) -> None:
        """Send ``INFO key value`` (no answer is expected)."""
        self._send(f"INFO {key} {value}")

    def begin(self, timeout: float) -> Point:
        """The brain's first move on the empty board (``BEGIN``)."""
        self._send("BEGIN")
        return self._read_move("BEGIN", timeout)

    def turn(self, point: Point, timeout: float) -> Point:
        """The brain's answer to the opponent's move ``point`` (``TURN x,y``)."""
        command = f"TURN {point.gomocup(self.size)}"
        self._send(command)
        return self._read_move(command, timeout)

    def board(self, stones: Iterable[tuple[Point, bool]], timeout: float) -> Point:
        """The brain's move on a board holding ``stones`` (point, whether it is the brain's own), sent
        in the order given (``BOARD`` ... ``DONE``)."""
        lines = [f"{point.gomocup(self.size)},{1 if own else 2}" for point, own in stones]
        self._send("\n".join(["BOARD", *lines, "DONE"]))
        return self._read_move("BOARD", timeout)

    def swap2board(self, stones: Sequence[Point], timeout: float) -> str:
        """The brain's answer to ``SWAP2BOARD`` with the Swap2 opening's ``stones`` so far (0, 3 or 5,
        in the order placed, as ``x,y`` lines, Piskvork's format): its reply line, unread (three
        points, ``SWAP``, or one or two points; see :meth:`BrainPlayer.opening_action`)."""
        lines = [point.gomocup(self.size) for point in stones]
        self._send("\n".join(["SWAP2BOARD", *lines, "DONE"]))
        reply = self._read("SWAP2BOARD", timeout)
        self._moved_at = time.monotonic()
        return reply

    def about(self, timeout: float = 5.0) -> str:
        """The brain's ``ABOUT`` line (``name="...", version="..."``)."""
        self._send("ABOUT")
        return self._read("ABOUT", timeout)

    def wait_ready(self) -> None:
        """Sleep until :attr:`settle` seconds have passed since the brain's last move."""
        pause = self._moved_at + self.settle - time.monotonic()
        if pause > 0:
            time.sleep(pause)

    def close(self, timeout: float = 2.0) -> None:
        """Send ``END`` and give the process ``timeout`` seconds to exit; then end its process group
        (whatever it started goes too)."""
        child, self._child = self._child, None
        if child is not None:
            child.close(timeout, last="END")

    def kill(self) -> None:
        """End the brain and its process group at once (after a late or broken answer)."""
        child, self._child = self._child, None
        if child is not None:
            child.kill()

    def __enter__(self) -> GomocupClient:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the pipes ----------------------------------------------------------------------------------

    @property
    def name(self) -> str:
        """The brain's program name, for messages: the script's, for a brain run by an
        interpreter (``python brain.py`` is ``brain.py``, ``python -m pkg`` is ``pkg``)."""
        words = [word.replace("\\", "/").rsplit("/", 1)[-1] for word in self.command]
        if words[0].startswith(_INTERPRETERS):
            for word in words[1:]:
                if word in ("-c", "-e"):  # a program on the command line: no script name
                    break
                if not word.startswith("-"):
                    return word
        return words[0]

    def _spawn(self) -> None:
        try:
            self._child = ChildProcess(self.command)
        except OSError as error:
            reason = error.strerror or error
            raise BrainError(f"cannot run brain {shlex.join(self.command)!r}: {reason}") from None
        self._moved_at = -math.inf

    def _send(self, text: str) -> None:
        child = self._child
        if child is None:
            raise BrainError(f"{self.name}: the brain is not running")
        self.wait_ready()
        try:
            child.send(text, WRITE_TIMEOUT)
        except TimeoutError:
            raise BrainError(f"{self.name}: does not read its input (a command waited "
                             f"{WRITE_TIMEOUT:g} s)") from None
        except OSError:
            raise BrainError(f"{self.name}: crashed ({self._exit_text()})") from None

    def _read(self, command: str, timeout: float) -> str:
        """The brain's next reply line to ``command``, skipping notes; ``ERROR``/``UNKNOWN`` fail."""
        child = self._child
        if child is None:
            raise BrainError(f"{self.name}: the brain is not running")
        deadline = time.monotonic() + timeout
        while True:
            try:
                line = child.read_line(deadline - time.monotonic())
            except TimeoutError:
                raise BrainTimeoutError(f"{self.name}: no answer to {command} within {timeout:g} s") from None
            if line is None:
                raise BrainError(f"{self.name}: crashed after {command} ({self._exit_text()})")
            text = line.strip()
            word = text.split(" ", 1)[0].upper()
            if not text:
                continue
            if word in _NOTES:
                self.notes.append(text[:1000])
                del self.notes[:-MAX_NOTES]
                continue
            if word in ("ERROR", "UNKNOWN"):
                raise BrainError(f"{self.name}: answered {_shown(text, 200)} to {command}")
            return text

    def _expect_ok(self, command: str, timeout: float) -> None:
        try:
            reply = self._read(command, timeout)
        except BrainError as error:
            if "answered 'UNKNOWN" in str(error):
                raise BrainError(f"{self.name}: answered UNKNOWN to {command}") from None
            raise
        if reply.upper() != "OK" and not reply.upper().startswith("OK "):
            raise BrainError(f"{self.name}: answered {_shown(reply)} to {command}, expected OK")

    def _read_move(self, command: str, timeout: float) -> Point:
        reply = self._read(command, timeout)
        self._moved_at = time.monotonic()
        try:
            return Point.from_gomocup(reply, self.size)
        except InvalidNotationError:
            raise BrainError(f"{self.name}: answered {_shown(reply)} to {command}, expected a move x,y") \
                from None

    def _exit_text(self) -> str:
        status, tail = (None, []) if self._child is None else self._child.exit_report(0.5)
        text = "still running" if status is None else f"exit status {status}"
        last = " / ".join(tail[-5:])
        return f"{text}; stderr: {last}" if last else text


# -- matches --------------------------------------------------------------------------------------


class MatchPlayer(Protocol):
    """One side of a match: chooses moves in positions, within the time per move."""

    name: str

    def new_game(self, rules: RenjuRules, time_per_move: float) -> None:
        """Get ready for a new game under ``rules``."""
        ...

    def wait_ready(self) -> None:
        """Return when the player can be asked for a move (its clock starts after this)."""
        ...

    def move(self, position: Position) -> Move:
        """The move for the side to move in ``position`` (this player's turn): a point, or ``PASS``
        (``None``) from a player that can pass (see :func:`play_game`)."""
        ...

    def close(self) -> None:
        """Free what the player holds (an external process)."""
        ...


@runtime_checkable
class OpeningPlayer(Protocol):
    """A match player that can take the decisions of an opening rule (see :func:`play_game`)."""

    name: str

    def opening_action(self, state: Opening, rng: random.Random) -> tuple[Action, Point | None]:
        """The player's action in ``state``'s phase, and the game's first move when the action
        comes with one (a Gomocup brain that takes White in Swap2 plays the next stone at once)."""
        ...


class EnginePlayer:
    """A match player that is an engine in this process (``taku`` or ``taku:level``)."""

    passes: Final = True
    """It can pass (see :func:`play_game`)."""

    def __init__(self, name: str, engine: Engine) -> None:
        self.name = name
        self.engine = engine
        self._time_per_move = 1.0

    def new_game(self, rules: RenjuRules, time_per_move: float) -> None:
        """Note the time per move; the engine needs nothing else."""
        self._time_per_move = time_per_move

    def wait_ready(self) -> None:
        """An engine is always ready."""

    def move(self, position: Position) -> Move:
        """The engine's move, with the time limit a Gomocup brain would use for ``timeout_turn``."""
        limit = move_time_limit(round(self._time_per_move * 1000), None, position.stone_count)
        return self.engine.choose(position.copy(), limit)

    def opening_action(self, state: Opening, rng: random.Random) -> tuple[Action, Point | None]:
        """The AI's opening decision (``taku.bots.renju_opening.ai_opening_action``, with no colour
        wish: it takes the colour that stands better), within the time per move."""
        limit = move_time_limit(round(self._time_per_move * 1000), None, len(state.stones))
        return ai_opening_action(state, self.engine, None, rng, limit), None

    def close(self) -> None:
        """Nothing to free."""


class BrainPlayer:
    """A match player that is an external brain process, started on demand and started afresh
    after any failure. ``tolerance`` seconds are allowed on top of the time per move before a reply
    is late; ``START``/``RESTART`` may take :func:`start_wait` of the two. A brain that fails (late,
    crashed, unreadable) is killed with its whole process group at once."""

    def __init__(self, name: str, command: str | Sequence[str], *, tolerance: float = 1.0,
                 settle: float = SETTLE_TIME) -> None:
        self.name = name
        self.client = GomocupClient(command, settle=settle)
        self.tolerance = tolerance
        self._time_per_move = 1.0
        self._rules: RenjuRules | None = None
        self._known = 0
        self._ready = False

    def new_game(self, rules: RenjuRules, time_per_move: float) -> None:
        """(Re)start the brain and send the game's rules and time limits."""
        rule = rules.gomocup_rule
        if rule is None:
            raise BrainError(f"{self.name}: these rules have no Gomocup rule number")
        self._rules = rules
        self._time_per_move = time_per_move
        self._known = 0
        self._ready = False
        client = self.client
        wait = start_wait(time_per_move, self.tolerance)
        try:
            if client.alive and client.size == rules.board_size:
                client.restart(wait)
            else:
                client.close()
                client.start(rules.board_size, wait)
            client.info("timeout_turn", round(time_per_move * 1000))
            client.info("timeout_match", 0)
            client.info("time_left", UNLIMITED_MS)
            client.info("max_memory", 0)
            client.info("game_type", 1)
            client.info("rule", rule)
        except BrainError:
            client.kill()  # a brain that did not start properly is started afresh next game
            raise
        self._ready = True

    def wait_ready(self) -> None:
        """Wait until the brain may be sent its next command (see :data:`SETTLE_TIME`)."""
        self.client.wait_ready()

    def move(self, position: Position) -> Point:
        """The brain's move: ``BEGIN`` on an empty board, ``TURN`` after the opponent's one move,
        otherwise ``BOARD`` with every stone in move order."""
        if not self._ready:
            raise BrainError(f"{self.name}: not ready (a failed start)")
        client = self.client
        moves = position.move_stack
        timeout = self._time_per_move + self.tolerance
        self._ready = False  # until the answer is in: a failure leaves the brain out of step
        try:
            if not moves:
                point = client.begin(timeout)
            elif self._known and len(moves) == self._known + 1 and moves[-1] is not None:
                point = client.turn(moves[-1], timeout)
            else:
                colour = position.turn
                stones = [
                    (m, (i % 2 == 0) == (colour is BLACK)) for i, m in enumerate(moves) if m is not None
                ]
                point = client.board(stones, timeout)
        except BrainError:
            client.kill()  # still thinking, or out of step: a late answer would be read as the next reply
            raise
        self._ready = True
        self._known = len(moves) + 1
        return point

    def opening_action(self, state: Opening, rng: random.Random) -> tuple[Action, Point | None]:
        """The brain's decision in a Swap2 opening, asked with ``SWAP2BOARD`` (the protocol's only
        opening command; ``BrainError`` for another rule): on the empty board, three stones; with
        three, ``SWAP`` (it takes Black), one point (it takes White and that is its first move) or
        two points (White's 4th and Black's 5th stone); with five, ``SWAP`` or one point, as with
        three. Any other answer is a ``BrainError``."""
        if state.rule != SWAP2:
            raise BrainError(f"{self.name}: a Gomocup brain plays only the swap2 opening (the protocol's "
                             f"SWAP2BOARD), not {state.rule.name}")
        if not self._ready:
            raise BrainError(f"{self.name}: not ready (a failed start)")
        stones = state.stones
        self._ready = False
        try:
            reply = self.client.swap2board(stones, self._time_per_move + self.tolerance)
        except BrainError:
            self.client.kill()
            raise
        self._ready = True
        self._known = 0  # the next move request sends the whole board
        words = reply.split()
        if len(words) == 1 and words[0].upper() == "SWAP" and stones:
            return ChooseColor(BLACK), None
        try:
            points = tuple(Point.from_gomocup(word, self.client.size) for word in words)
        except InvalidNotationError:
            points = ()
        if len(stones) == 0 and len(points) == 3:
            return Place(points), None
        if len(stones) == 3 and len(points) == 2:
            return Place(points), None
        if len(stones) in (3, 5) and len(points) == 1:
            return ChooseColor(WHITE), points[0]
        expected = "three points x,y" if not stones else \
            "SWAP, one point or two points" if len(stones) == 3 else "SWAP or one point"
        self.client.kill()  # out of step with the manager
        raise BrainError(f"{self.name}: answered {_shown(reply)} to SWAP2BOARD with {len(stones)} stones, "
                         f"expected {expected}")

    def close(self) -> None:
        """End the brain process (and its process group)."""
        self.client.close()


@dataclass(frozen=True, slots=True)
class GameResult:
    """One game of a match: who had which colour, the moves, the result and how it ended."""

    black: str
    white: str
    moves: str
    result: str
    """``"1-0"`` (Black won), ``"0-1"`` or ``"1/2-1/2"``."""
    reason: str
    """How the game ended: ``five``, ``forbidden``, ``full board``, ``crash``, ``timeout``, ``illegal``."""
    fault: str | None = None
    """What the losing player did wrong (a crash, a late or unreadable answer, an illegal move)."""
    opening: tuple[str, ...] = ()
    """The actions of the opening rule played before the game, in order (``place k11 m13 q12``,
    ``choose white``); empty without one. ``moves`` starts with the stones they placed."""

    def score(self, name: str) -> float:
        """The score of the player called ``name``: 1 for a win, 0.5 for a draw, 0 for a loss."""
        if self.result == "1/2-1/2":
            return 0.5
        winner = self.black if self.result == "1-0" else self.white
        return 1.0 if winner == name else 0.0


def play_game(
    black: MatchPlayer,
    white: MatchPlayer,
    rules: RenjuRules,
    *,
    opening: str = "",
    time_per_move: float = 1.0,
    tolerance: float = 1.0,
    opening_rule: OpeningRule | None = None,
    seed: int = 0,
) -> GameResult:
    """Play one game from the ``opening`` move string, or from the opening the players play under
    ``opening_rule`` (``black`` is its first player, tentative Black; each decision has the time of a
    move; an engine's choices are seeded with ``seed``; see :class:`OpeningPlayer`); a player that
    fails loses (see the module), in the opening as in the game.

    A player passes only if it says it can (a ``passes`` attribute that is true, as an
    :class:`EnginePlayer`'s): an external brain cannot, the Gomocup protocol having no pass. A game
    with such a player is played under ``rules`` without passes, so the side with no point left
    to play (Black, when every empty point is forbidden) makes the foul that loses (RJ-12) whoever
    it is; between two players that can pass, it passes (RJ-15: two passes in a row draw)."""
    if rules.passes_allowed and not all(getattr(player, "passes", False) for player in (black, white)):
        rules = rules.replace(passes_allowed=False)
    if opening_rule is not None and opening:
        raise ValueError("a game starts from an opening move string or an opening rule, not both")
    if opening_rule is not None and opening_rule.setup and rules.first_move_center_required:
        raise ValueError(f"the {opening_rule.name} opening places stones anywhere: these rules require "
                         "Black's first stone on the centre")
    position = Position(opening, rules=rules)
    players = {BLACK: black, BLACK.other: white}
    for colour, player in players.items():
        try:
            player.new_game(rules, time_per_move)
        except BrainTimeoutError as error:
            return _forfeit(black, white, position, colour is BLACK, "timeout", str(error))
        except BrainError as error:
            return _forfeit(black, white, position, colour is BLACK, "crash", str(error))
    actions: tuple[str, ...] = ()
    first_move: Point | None = None
    if opening_rule is not None:
        try:
            state, first_move = _play_opening(black, white, rules, opening_rule, time_per_move, tolerance,
                                              random.Random(seed))
        except _OpeningFault as failure:
            return _forfeit(black, white, position, failure.player is black, failure.reason, failure.fault)
        result = state.result()
        if result.black is Player.SECOND:
            black, white = white, black
        players = {BLACK: black, WHITE: white}
        actions = tuple(str(action) for _, action in state.history)
        # Swap2 sets its stones up as a group; they alternate Black, White, ... and are played as
        # moves here, so that a brain gets them in order in BOARD.
        stones = move_string(state.stones) if opening_rule.setup else result.position.move_string()
        position = Position(stones, rules=rules)
    if first_move is not None:
        try:
            position.push(first_move)
        except IllegalMoveError as error:
            player = players[position.turn]
            return _forfeit(black, white, position, player is black, "illegal", f"{player.name}: {error}",
                            actions)
    while position.outcome() is None:
        colour = position.turn
        player = players[colour]
        player.wait_ready()
        started = time.monotonic()
        try:
            point = player.move(position)
        except BrainTimeoutError as error:
            return _forfeit(black, white, position, colour is BLACK, "timeout", str(error), actions)
        except BrainError as error:
            return _forfeit(black, white, position, colour is BLACK, "crash", str(error), actions)
        elapsed = time.monotonic() - started
        if elapsed > time_per_move + tolerance:
            fault = f"{player.name}: took {elapsed:.2f} s for a move (limit {time_per_move:g} s)"
            return _forfeit(black, white, position, colour is BLACK, "timeout", fault, actions)
        try:
            position.push(point)
        except IllegalMoveError as error:
            return _forfeit(black, white, position, colour is BLACK, "illegal", f"{player.name}: {error}",
                            actions)
    outcome = position.outcome()
    assert outcome is not None
    reason = outcome.termination.value
    foul = None
    if outcome.foul is not None:
        foul = f"{black.name}: played the forbidden move {position.peek()} ({outcome.foul})"
    return GameResult(black.name, white.name, position.move_string(), outcome.result(), reason, foul, actions)


class _OpeningFault(Exception):
    """A player that failed in the opening: it loses the game."""

    def __init__(self, player: MatchPlayer, reason: str, fault: str) -> None:
        super().__init__(fault)
        self.player = player
        self.reason = reason
        self.fault = fault


def _play_opening(first: MatchPlayer, second: MatchPlayer, rules: RenjuRules, rule: OpeningRule,
                  time_per_move: float, tolerance: float, rng: random.Random) -> tuple[Opening, Point | None]:
    """The finished opening under ``rule``, ``first`` being the first player (tentative Black), and
    the game's first move if the last decision came with one. Each decision has the time of a move;
    a player that fails, is late, cannot play the rule or breaks it is an ``_OpeningFault``."""
    state = Opening(rule, rules)
    first_move: Point | None = None
    while not state.is_over:
        phase = state.phase
        assert phase is not None
        player = first if phase.player is Player.FIRST else second
        if not isinstance(player, OpeningPlayer):
            raise _OpeningFault(player, "illegal", f"{player.name}: cannot play the {rule.name} opening")
        player.wait_ready()
        started = time.monotonic()
        try:
            action, move = player.opening_action(state, rng)
        except BrainTimeoutError as error:
            raise _OpeningFault(player, "timeout", str(error)) from None
        except BrainError as error:
            raise _OpeningFault(player, "crash", str(error)) from None
        elapsed = time.monotonic() - started
        if elapsed > time_per_move + tolerance:
            raise _OpeningFault(player, "timeout", f"{player.name}: took {elapsed:.2f} s for an opening "
                                f"decision (limit {time_per_move:g} s)")
        try:
            state = state.apply(action)
        except IllegalMoveError as error:
            raise _OpeningFault(player, "illegal", f"{player.name}: {error}") from None
        first_move = move
    return state, first_move


def _forfeit(
    black: MatchPlayer, white: MatchPlayer, position: Position, black_failed: bool, reason: str, fault: str,
    opening: tuple[str, ...] = (),
) -> GameResult:
    result = "0-1" if black_failed else "1-0"
    return GameResult(black.name, white.name, position.move_string(), result, reason, fault, opening)


@dataclass(frozen=True, slots=True)
class MatchSummary:
    """The games of a match between ``first`` and ``second`` and the score of ``first``."""

    first: str
    second: str
    games: tuple[GameResult, ...] = field(default=())

    @property
    def wins(self) -> int:
        """Games ``first`` won."""
        return sum(1 for game in self.games if game.score(self.first) == 1.0)

    @property
    def losses(self) -> int:
        """Games ``first`` lost."""
        return sum(1 for game in self.games if game.score(self.first) == 0.0)

    @property
    def draws(self) -> int:
        """Drawn games."""
        return sum(1 for game in self.games if game.score(self.first) == 0.5)

    @property
    def score(self) -> float:
        """``first``'s points (a win 1, a draw 1/2) per game; 0.5 for no games."""
        if not self.games:
            return 0.5
        return (self.wins + self.draws / 2) / len(self.games)

    @property
    def score_ci95(self) -> tuple[float, float]:
        """A 95% confidence interval of :attr:`score` (see :func:`score_interval`)."""
        return score_interval(self.wins + self.draws / 2, len(self.games))

    def to_json(self) -> dict[str, object]:
        """The summary as JSON-ready data."""
        low, high = self.score_ci95
        return {
            "games": len(self.games),
            "players": [self.first, self.second],
            "wins": self.wins,
            "losses": self.losses,
            "draws": self.draws,
            "score": round(self.score, 4),
            "score_ci95": [round(low, 4), round(high, 4)],
            "results": [
                {"black": g.black, "white": g.white, "result": g.result, "reason": g.reason,
                 "fault": g.fault, "moves": g.moves, **({"opening": list(g.opening)} if g.opening else {})}
                for g in self.games
            ],
        }


def score_interval(points: float, games: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a score of ``points`` out of ``games`` (a draw counts as half a
    win; the interval is then a little wider than needed). ``(0, 1)`` for no games.

    >>> [round(v, 3) for v in score_interval(8, 10)]
    [0.49, 0.943]
    """
    if games <= 0:
        return (0.0, 1.0)
    p = points / games
    denominator = 1 + z * z / games
    centre = (p + z * z / (2 * games)) / denominator
    half = z * math.sqrt(p * (1 - p) / games + z * z / (4 * games * games)) / denominator
    return (max(0.0, centre - half), min(1.0, centre + half))


def play_match(
    first: MatchPlayer,
    second: MatchPlayer,
    games: int,
    rules: RenjuRules,
    *,
    openings: Callable[[int], str] = lambda game: "",
    swap: bool = False,
    time_per_move: float = 1.0,
    tolerance: float = 1.0,
    on_game: Callable[[int, GameResult], object] | None = None,
    opening_rule: OpeningRule | None = None,
) -> MatchSummary:
    """Play ``games`` games: ``first`` has Black, or with ``swap`` every second game (game 0, 2, ...
    Black; 1, 3, ... White). Game ``i`` starts from ``openings(i)``, or with ``opening_rule`` from
    the opening the players play under it (the one that would have Black is its first player; game
    ``i`` seeds the engines' opening choices with ``i``); ``on_game(i, result)`` is called after
    each game. The players are not closed."""
    results: list[GameResult] = []
    for number in range(games):
        black, white = (second, first) if swap and number % 2 else (first, second)
        result = play_game(
            black, white, rules, opening=openings(number), time_per_move=time_per_move, tolerance=tolerance,
            opening_rule=opening_rule, seed=number,
        )
        results.append(result)
        if on_game is not None:
            on_game(number, result)
    return MatchSummary(first.name, second.name, tuple(results))


def brain_command(spec: str) -> list[str]:
    """The words of an external brain's command line ``spec`` (shell quoting), checked before any
    game: ``BrainError`` naming the problem if it is badly quoted, empty, or its program is not an
    executable file."""
    try:
        command = shlex.split(spec)
    except ValueError as error:
        raise BrainError(f"{spec!r}: {error}") from None
    if not command:
        raise BrainError("empty command")
    if shutil.which(command[0]) is None:
        raise BrainError(f"cannot run {command[0]!r}: no such executable file")
    return command


def player_from_spec(
    spec: str,
    engine_for_level: Callable[[str], Engine],
    *,
    default_level: str,
    name: str | None = None,
    tolerance: float = 1.0,
) -> MatchPlayer:
    """The match player ``spec`` names: ``taku`` or ``taku:LEVEL`` (an engine of
    ``engine_for_level``), anything else the command of an external brain."""
    word, colon, level = spec.partition(":")
    if word == "taku":
        chosen = level if colon else default_level
        return EnginePlayer(name or f"taku:{chosen}", engine_for_level(chosen))
    command = shlex.split(spec)
    if not command:
        raise BrainError("empty player: expected taku, taku:LEVEL or a brain command")
    return BrainPlayer(name or GomocupClient(command).name, command, tolerance=tolerance)
