"""The renju AI: threat-space search (VCF, VCT) and alpha-beta with pattern evaluation.

>>> from taku.renju import Position
>>> position = Position("h8a1i8a2j8a3k8")  # Black has an open four: White cannot stop the five
>>> RenjuAI("beginner").choose(position) in (Point.from_str("g8"), Point.from_str("l8"))
True
>>> [str(p) for p in solve_vcf(Position("h8a1i8a2j8a3"))]
['k8', 'g8', 'l8']

Levels (the default time per move applies when ``choose`` gets no ``time_limit``). Every level
plays a five when it has one and blocks the opponent's four; none plays a point forbidden to Black.

========== ================================================================================ ======
level      what it does                                                                     time
========== ================================================================================ ======
beginner   one ply: the best point by pattern value (attack and defence) plus random noise  --
easy       VCF (6 fours), then alpha-beta to depth 2 over the 8 best points                 0.2 s
medium     VCF (10), VCT (3), avoids moves that leave the opponent a VCF, alpha-beta to     1 s
           depth 6 over the 10 best points
strong     VCF (16), VCT (4), answers the opponent's VCF, alpha-beta to depth 8 (12 points) 3 s
strongest  VCF (24), VCT (6), answers the opponent's VCF, alpha-beta to depth 12 (15        10 s
           points)
========== ================================================================================ ======
"""

from __future__ import annotations

import random
import time
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any, Final

from taku.bots.renju_search import (
    INFO_VALUE_SHIFT,
    WIN_SCORE,
    Clock,
    SearchBoard,
    SearchTimeout,
    ThreatSearch,
    find_vct,
)
from taku.renju import PASS, IllegalMoveError, Move, Point, Position
from taku.values import reduce_value


class GameOverError(ValueError):
    """The AI was asked for a move in a finished game."""


class NoMoveError(IllegalMoveError):
    """The side to move may play no point and may not pass, and the rules core has not ended the
    game: Black, when every empty point is forbidden, under rules that reject forbidden moves
    (``forbidden_move="reject"``) and allow no pass, on a board set up with ``Position.from_stones``
    (a game that gets there by moves is drawn by the core: ``Termination.NO_MOVE``)."""


class UnknownLevelError(ValueError):
    """A level name that is not one of ``LEVELS``."""


@dataclass(frozen=True, slots=True)
class Level:
    """The settings of one AI level."""

    def __reduce__(self) -> tuple[Any, ...]:  # pickling, copying: see values.py
        return reduce_value(self)

    name: str
    time: float
    """Default seconds per move."""
    vcf_depth: int
    """Attacker moves of the VCF search (0: none)."""
    vct_depth: int
    """Attacker moves of the VCT search (0: none)."""
    depth: int
    """Deepest alpha-beta iteration."""
    width: int
    """Moves searched at each alpha-beta node, best first."""
    defend_vcf: bool
    """Whether the root avoids moves that leave the opponent a VCF."""
    noise: int
    """Random noise added to the one-ply values (``depth`` 1 only)."""


LEVELS: Final[dict[str, Level]] = {
    "beginner": Level("beginner", 0.05, 0, 0, 1, 30, False, 600),
    "easy": Level("easy", 0.2, 6, 0, 2, 8, False, 0),
    "medium": Level("medium", 1.0, 10, 3, 6, 10, True, 0),
    "strong": Level("strong", 3.0, 16, 4, 8, 12, True, 0),
    "strongest": Level("strongest", 10.0, 24, 6, 12, 15, True, 0),
}
"""The levels of ``RenjuAI``, weakest first."""

_MAX_EXTENSIONS: Final = 8
"""Forced blocks followed past the search depth."""
_LEAF_VCF_DEPTH: Final = 6
"""Fours of the VCF searched at a leaf of the alpha-beta search where the side to move has a four."""
_VCT_THREAT_SHARE: Final = 0.45
"""The share of the time left (after the own VCF and VCT) the root spends looking for the opponent's
VCT, and of a node budget."""
_VCT_CHECK_SHARE: Final = 0.6
"""The share of the time left (then) for checking the defences against a VCT found."""
_VCT_CHECK_NODES: Final = 0.3
"""The share of a node budget for those checks."""
_THREAT_PLY: Final = 2
"""The plies of the alpha-beta search (from the root's replies) whose side to move looks for the
opponent's VCT threat and keeps only the moves that stop it."""
_THREAT_ANSWER_VCT_DEPTH: Final = 4
"""The levels whose VCT depth is at least this (``strong``, ``strongest``) answer the opponent's VCT
threats inside the alpha-beta search."""
_THREAT_DEPTH: Final = 6
"""Threes and fours of those VCT searches."""
_THREAT_VCF_DEPTH: Final = 8
"""Fours of each VCF those VCT searches end with."""
_THREAT_NODES: Final = 200
"""Nodes of the search for the opponent's threat at such a node."""
_DEFENCE_NODES: Final = 80
"""Nodes of the check of each answer to it."""
_LATE_MOVE: Final = 8
"""From this move on (counted from 0 at a node), a quiet move is searched two plies shallower first."""
_MAX_PLY: Final = 64
"""Deepest ply of the alpha-beta search (forced blocks extend lines past the nominal depth)."""
_ATTACK_MASK: Final = (1 << 21) - 1
"""The attack value's bits in a sort key of ``_ordered_moves`` (a value is below 2**21)."""
# A transposition-table entry: best move (12 bits), flag (2), depth (8), score + offset.
_BEST_MASK: Final = (1 << 12) - 1
_FLAG_SHIFT: Final = 12
_DEPTH_SHIFT: Final = 14
_SCORE_SHIFT: Final = 22
_SCORE_OFFSET: Final = 1 << 22
_EXACT: Final = 0
_LOWER: Final = 1
_UPPER: Final = 2


class RenjuAI:
    """A renju and gomoku player. ``choose`` returns a legal move for the side to move; it never
    plays a point forbidden to Black (a five is never forbidden) while Black has another point, and
    passes only when no point may be played. ``seed`` fixes its randomness."""

    # ``max_nodes`` is an object, checked here: a compiled build would otherwise reject a value of
    # another type with its own TypeError (or store a bool as an int).
    def __init__(self, level: str = "strong", *, seed: int = 0, max_nodes: object = None) -> None:
        if level not in LEVELS:
            raise UnknownLevelError(f"unknown level {level!r}: expected one of {', '.join(LEVELS)}")
        budget: int | None = None
        if max_nodes is not None:
            if type(max_nodes) is not int or max_nodes < 1:
                raise ValueError(f"max_nodes {max_nodes!r}: expected a positive number or None")
            budget = max_nodes
        self.level = LEVELS[level]
        self.seed = seed
        self.max_nodes = budget
        """A node budget per move (on top of the time limit), for play that does not depend on the
        machine's speed; ``None``: time alone limits the search. Each threat search may spend a
        share of it; the alpha-beta search gets what they left (at least 40%)."""
        self._rng = random.Random(seed)
        self._clocks: list[Clock] = []
        """The clocks of the searches of the move being chosen (their nodes are spent)."""
        self.last_info: dict[str, object] = {}
        """What the last ``choose`` found: ``reason``, ``depth``, ``score``, ``nodes``; when the
        opponent threatened a VCT, ``defends_vct`` (its main line), ``vct_refuted`` (the defences
        checked and found to lose) and ``vct_defence`` (the one that held)."""
        self.notes: dict[str, object] = {}
        """What the defence of the move being chosen found (copied into ``last_info``)."""

    def __repr__(self) -> str:
        nodes = "" if self.max_nodes is None else f", max_nodes={self.max_nodes!r}"
        return f"RenjuAI({self.level.name!r}, seed={self.seed!r}{nodes})"

    def choose(self, position: Position, time_limit: float | None = None) -> Move:
        """A legal move for the side to move of ``position`` (which is not changed), found within about
        ``time_limit`` seconds (the level's default when ``None``). ``GameOverError`` if the game is
        over.

        A point whenever one may be played. When none may (a full board set up with
        ``Position.from_stones``, or Black with only forbidden points left; see :meth:`no_point`):
        ``PASS`` where the rules allow passing (RJ-15: two passes in a row draw the game); without
        passes, under ``forbidden_move="black_loses"``, a forbidden point, the only move the rules
        leave Black, which loses (RJ-12); ``NoMoveError`` under ``reject``."""
        if position.is_game_over():
            raise GameOverError(f"no move to choose: the game is over ({position.outcome()})")
        if time_limit is not None and time_limit != time_limit:  # nan: max() below would make it 0
            raise ValueError("time_limit nan: expected a number of seconds or None")
        level = self.level
        seconds = level.time if time_limit is None else max(0.0, time_limit)
        started = time.perf_counter()
        size = position.size
        if position.stone_count == 0:
            centre = Point(size // 2, size // 2)
            if position.is_legal(centre):
                self.last_info = {"reason": "opening"}
                return centre
        board = SearchBoard(position)
        me = int(position.turn)
        self._clocks = []
        self.notes = {}
        move, reason = self._decide(board, me, seconds, started)
        self.last_info.update(self.notes)
        self.last_info["nodes_total"] = self._spent()
        point = board.point(move) if move >= 0 else None
        if point is None or not position.is_legal(point):
            # A safety net: the search works on its own board; the core has the final word.
            point = self._fallback(position, board, me)
            reason = "fallback"
            if point is None:
                return self.no_point(position)
        self.last_info["reason"] = reason
        return point

    def _fallback(self, position: Position, board: SearchBoard, me: int) -> Point | None:
        """The legal point with the best one-ply value; ``None`` if no point is legal."""
        best: Point | None = None
        best_value = -1
        for point in position.legal_moves:
            i = point.y * board.size + point.x
            value = board.point_value(i, me) + board.point_value(i, 3 - me) + board.near[i]
            if value > best_value:
                best, best_value = point, value
        return best

    def no_point(self, position: Position) -> Move:
        """The move when no point of ``position`` may be played (see :meth:`choose`): ``PASS`` if the
        rules allow it, else Black's forced foul (the first empty point, row by row) under
        ``black_loses``; ``NoMoveError`` naming the situation otherwise. ``last_info["reason"]``
        says which: ``"pass"`` or ``"forced foul"``."""
        if position.is_legal(PASS):
            self.last_info["reason"] = "pass"
            return PASS
        rules = position.rules
        size = position.size
        empty = [Point(x, y) for y in range(size) for x in range(size)
                 if position.color_at(Point(x, y)) is None]
        if empty and rules.forbidden_move == "black_loses":
            self.last_info["reason"] = "forced foul"
            return empty[0]
        if empty:
            raise NoMoveError(
                "no move for Black: every empty point is forbidden to Black, and these rules allow no "
                "pass and reject forbidden moves (the rules core does not end such a game)"
            )
        raise NoMoveError(f"no move for {position.turn}: the board is full and these rules allow no pass")

    def _decide(self, board: SearchBoard, me: int, seconds: float, started: float) -> tuple[int, str]:
        level = self.level
        you = 3 - me
        mine = board.five_points(me)
        if mine:
            return mine[0], "five"
        theirs = board.five_points(you)
        if theirs:
            blocks = [i for i in theirs if board.legal(i, me)]
            return (blocks[0] if blocks else -1), "block four"
        if level.depth <= 1:
            return self._one_ply(board, me), "one ply"
        deadline = started + seconds
        if level.vcf_depth:
            clock = self._clock(max(0.0, deadline - time.perf_counter()) * 0.2, 0.2)
            try:
                line = ThreatSearch(board, me, clock).vcf_deepening(level.vcf_depth)
            except SearchTimeout:
                line = None
            if line:
                self.last_info = {"line": [str(board.point(i)) for i in line]}
                return line[0], "vcf"
        if level.vct_depth:
            seconds = max(0.0, deadline - time.perf_counter()) * 0.25
            line = find_vct(
                board, me, seconds, self._budget(0.25), level.vct_depth, level.vcf_depth // 2, self._clocks
            )
            if line:
                self.last_info = {"line": [str(board.point(i)) for i in line]}
                return line[0], "vct"
        root = _ordered_moves(board, me, level.width + 4)
        if not root:
            return -1, "no move"
        if level.defend_vcf:
            root = self._answer_vcf(board, me, root, deadline)
            if level.vct_depth and len(root) > 1:
                root = self._answer_vct(board, me, root, deadline)
        if len(root) == 1:
            return root[0], "only move"
        # The alpha-beta search gets the time left and the nodes the threat searches did not spend
        # (at least 40% of the budget).
        nodes = self._budget(0.4)
        if nodes is not None and self.max_nodes is not None:
            nodes = max(nodes, self.max_nodes - self._spent())
        clock = Clock(max(0.01, deadline - time.perf_counter()), nodes)
        self._clocks.append(clock)
        # The threat answers cost hundreds of nodes a node: only the levels that search deep use them.
        search = _AlphaBeta(board, level.width, clock, level.vct_depth >= _THREAT_ANSWER_VCT_DEPTH)
        best = root[0]
        reached = 0
        score = 0
        for depth in range(1, level.depth + 1):
            try:
                best, score = search.root(root, me, depth)
            except SearchTimeout:
                break
            reached = depth
            root.remove(best)
            root.insert(0, best)
            if abs(score) >= WIN_SCORE // 2:
                break
        self.last_info = {"depth": reached, "score": score, "nodes": search.clock.nodes}
        return best, "alpha-beta"

    def _budget(self, share: float) -> int | None:
        """``share`` of the node budget, if there is one."""
        return None if self.max_nodes is None else max(1, int(self.max_nodes * share))

    def _clock(self, seconds: float, share: float) -> Clock:
        """A clock for one search of this move: ``seconds``, and ``share`` of the node budget."""
        clock = Clock(seconds, self._budget(share))
        self._clocks.append(clock)
        return clock

    def _spent(self) -> int:
        """The nodes searched so far for this move."""
        return sum(clock.nodes for clock in self._clocks)

    def _answer_vcf(self, board: SearchBoard, me: int, root: list[int], deadline: float) -> list[int]:
        """``root`` reduced to the moves after which the opponent has no VCF, when the opponent has one
        now (all of ``root`` if none of them, or no time to tell)."""
        level = self.level
        you = 3 - me
        budget = max(0.0, deadline - time.perf_counter()) * 0.5
        clock = self._clock(budget, 0.2)
        depth = level.vcf_depth
        try:
            threat = ThreatSearch(board, you, clock).vcf(depth)
            if threat is None:
                return root
            fours = board.threat_points(you, False)
            candidates = list(dict.fromkeys([*threat[::2], *fours, *root]))
        except SearchTimeout:
            return root
        safe: list[int] = []
        try:
            for i in candidates:
                if board.legal(i, me) and not self._still_lost_vcf(board, i, me, clock, depth):
                    safe.append(i)
        except SearchTimeout:
            pass
        # The moves that stop the opponent's VCF, in the order of ``root`` where it has them.
        safe.sort(key=lambda i: root.index(i) if i in root else len(root))
        return safe or root

    def _answer_vct(self, board: SearchBoard, me: int, root: list[int], deadline: float) -> list[int]:
        """The defence against the opponent's VCT, when the opponent has one now (found as
        ``find_vct`` finds its own, with ``_VCT_THREAT_SHARE`` of the time left); ``root`` when it has
        none found.

        The defence is sought on the threat's main line, in its order (the attacker's first point
        first: in the lost ladder games the move that held was that point far more often than any
        other), then among my fours. Each is checked by the opponent's ``find_vct`` after it (the
        first check gets half of ``_VCT_CHECK_SHARE`` of the time left, each next half of what
        remains); the first after which the opponent's search finds no VCT is the one move returned.
        A quiet move after which the opponent still has a VCT rules out every other quiet candidate
        off that new VCT's line (that VCT, not touched by them, still wins after them). When time
        runs out first, the candidates not ruled out are returned; when every one is ruled out,
        ``root``."""
        level = self.level
        you = 3 - me
        vct_depth, vcf_depth = level.vct_depth, level.vcf_depth // 2
        left = max(0.0, deadline - time.perf_counter())
        threat = find_vct(
            board, you, left * _VCT_THREAT_SHARE, self._budget(_VCT_THREAT_SHARE), vct_depth, vcf_depth,
            self._clocks,
        )
        if threat is None:
            return root
        self.notes["defends_vct"] = [str(board.point(i)) for i in threat]
        fours = board.threat_points(me, False)
        pending = [i for i in dict.fromkeys([*threat, *fours]) if board.cells[i] == 0 and board.legal(i, me)]
        left = max(0.0, deadline - time.perf_counter())
        until = time.perf_counter() + left * _VCT_CHECK_SHARE
        budget = self._budget(_VCT_CHECK_NODES)
        nodes_end = self._spent() + (budget or 0)
        refuted: list[str] = []
        while pending:
            remaining = until - time.perf_counter()
            nodes_left = nodes_end - self._spent()
            if remaining <= 0 or (budget is not None and nodes_left <= 0):
                break
            i = pending.pop(0)
            share = 1 if not pending else 2
            nodes = None if budget is None else max(1, nodes_left // share)
            line = self._threat_after(board, i, me, remaining / share, nodes)
            if line is None:
                self.notes["vct_defence"] = str(board.point(i))
                self.notes["vct_refuted"] = refuted
                return [i]
            refuted.append(str(board.point(i)))
            if i not in fours and i not in line:
                keep = set(line)
                pending = [j for j in pending if j in keep or j in fours]
        self.notes["vct_refuted"] = refuted
        return pending or root

    def _threat_after(
        self, board: SearchBoard, i: int, me: int, seconds: float, nodes: int | None
    ) -> list[int] | None:
        """The VCT the opponent's ``find_vct`` (``seconds``, ``nodes``) finds after my move on ``i``
        (after its forced block when the move is a four), or ``None``: none found, or the move wins
        outright (a double four, or a four whose five point the opponent may not block)."""
        level = self.level
        you = 3 - me
        found: list[int] | None = None

        def search() -> bool:
            nonlocal found
            found = find_vct(board, you, seconds, nodes, level.vct_depth, level.vcf_depth // 2, self._clocks)
            return found is not None

        return found if _opponent_still_wins(board, i, me, search) else None

    @staticmethod
    def _still_lost_vcf(board: SearchBoard, i: int, me: int, clock: Clock, depth: int) -> bool:
        """Whether the opponent still has a VCF after my move on ``i`` (see
        :func:`_opponent_still_wins`: a four only delays a VCF unless it wins)."""
        return _opponent_still_wins(
            board, i, me, lambda: ThreatSearch(board, 3 - me, clock).vcf(depth) is not None)

    def _one_ply(self, board: SearchBoard, me: int) -> int:
        """The best point by attack plus defence value, with the level's noise."""
        best, best_value = -1, -1
        noise = self.level.noise
        for i in board.candidates():
            if not board.legal(i, me):
                continue
            value = board.point_value(i, me) + board.point_value(i, 3 - me) * 9 // 10
            value += self._rng.randrange(noise + 1)
            if value > best_value:
                best, best_value = i, value
        return best


def _ordered_moves(board: SearchBoard, color: int, width: int) -> list[int]:
    """``color``'s legal candidate moves, best first by attack and defence value, at most ``width``;
    only the answers that matter when the opponent threatens (a four, or a three)."""
    other = 3 - color
    # Each candidate's (attack + 9/10 defence, attack, defence, point), packed in one int that
    # sorts as that tuple would (no tuple per candidate): with the first two equal, the defences
    # differ by at most one and the larger has the larger remainder of 9 * defence / 10.
    keys: list[int] = []
    opponent_three = False
    mine, theirs = board.cache[color], board.cache[other]
    for i in board.candidates():
        # (the cached values read directly: ``point_value`` is the fallback)
        attack = mine[i] >> INFO_VALUE_SHIFT if mine[i] >= 0 else board.point_value(i, color)
        defence = theirs[i] >> INFO_VALUE_SHIFT if theirs[i] >= 0 else board.point_value(i, other)
        if defence >= 100_000:
            opponent_three = True
        nine = defence * 9
        keys.append(((attack + nine // 10) << 35) | (attack << 14) | ((nine % 10) << 10) | i)
    if opponent_three:
        # An open three must be answered: only my fours and the points where the opponent would make
        # a four (which include every defence of the three) remain.
        keys = [k for k in keys
                if (k >> 14) & _ATTACK_MASK >= 3_000 or board.point_value(k & 1023, other) >= 2_500]
    keys.sort(reverse=True)
    moves = []
    for k in keys:
        i = k & 1023
        if board.legal(i, color):
            moves.append(i)
            if len(moves) >= width:
                break
    return moves


class _AlphaBeta:
    """Negamax alpha-beta over a ``SearchBoard``: principal-variation search with late-move
    reductions, a transposition table keyed by Zobrist hash, killer moves and a history table for
    ordering, and forced blocks (answers to a four) searched without using up depth."""

    def __init__(self, board: SearchBoard, width: int, clock: Clock, threat_answers: bool = False) -> None:
        self.board = board
        self.threat_answers = threat_answers
        """Whether the nodes near the root answer the opponent's VCT threats (``_threat_answers``)."""
        self.width = width
        self.clock = clock
        self.table: dict[int, int] = {}
        """Position hash -> depth, flag, score and best move, packed in one int (``_pack``): no
        tuple to allocate per node."""
        self.extensions = 0
        self.threats = [ThreatSearch(board, color, clock) for color in (1, 1, 2)]
        """Per colour, the VCF search of the leaves and the VCT search of the nodes near the root (its
        tables of failures kept for the whole search)."""
        self.answers: dict[int, list[int] | None] = {}
        """Position hash ^ colour to move -> ``_threat_answers`` there."""
        self.killers: list[list[int]] = [[-1, -1] for _ in range(_MAX_PLY)]
        self.history: list[list[int]] = [[], [0] * (board.size * board.size), [0] * (board.size * board.size)]

    def root(self, moves: list[int], color: int, depth: int) -> tuple[int, int]:
        """The best of ``moves`` for ``color`` searched to ``depth``, and its score."""
        board = self.board
        alpha, beta = -WIN_SCORE - 1, WIN_SCORE + 1
        best, best_score = moves[0], -WIN_SCORE - 1
        for number, i in enumerate(moves):
            board.place(i, color)
            try:
                if number == 0:
                    score = -self.search(3 - color, depth - 1, -beta, -alpha, i, 1)
                else:
                    score = -self.search(3 - color, depth - 1, -alpha - 1, -alpha, i, 1)
                    if alpha < score < beta:
                        score = -self.search(3 - color, depth - 1, -beta, -score, i, 1)
            finally:
                board.remove(i)
            if score > best_score:
                best, best_score = i, score
            alpha = max(alpha, score)
        return best, best_score

    def _order(self, moves: list[int], color: int, hint: int, ply: int) -> list[int]:
        """``moves`` (best first by pattern value) reordered: the table's move, then the threats
        (fours and threes, in pattern order), then this ply's killers, then the quiet moves by
        history (pattern order breaking ties)."""
        board = self.board
        history = self.history[color]
        killers = self.killers[ply] if ply < _MAX_PLY else [-1, -1]
        first = [hint] if hint in moves else []
        threats = [i for i in moves if i != hint and board.point_value(i, color) >= 2_500]
        chosen = set(first) | set(threats)
        killer_moves = [i for i in dict.fromkeys(killers) if i in moves and i not in chosen]
        chosen.update(killer_moves)
        quiet = [i for i in moves if i not in chosen]
        quiet.sort(key=lambda i: -history[i])
        return first + threats + killer_moves + quiet

    def search(self, color: int, depth: int, alpha: int, beta: int, last: int, ply: int = 0) -> int:
        """The negamax value for ``color`` to move; ``last`` is the opponent's move just played."""
        board = self.board
        self.clock.tick()
        other = 3 - color
        if self._made_five(last, other):
            return -WIN_SCORE
        if depth <= 0 or ply >= _MAX_PLY:
            return self._leaf(color)
        mine = board.five_points(color)
        if mine:
            return WIN_SCORE - 1
        key = board.hash ^ color
        entry = self.table.get(key, -1)
        hint = -1
        if entry >= 0:
            hint = entry & _BEST_MASK
            flag = (entry >> _FLAG_SHIFT) & 3
            stored_depth = (entry >> _DEPTH_SHIFT) & 0xFF
            stored = (entry >> _SCORE_SHIFT) - _SCORE_OFFSET
            if stored_depth >= depth:
                if flag == _EXACT:
                    return stored
                if flag == _LOWER and stored >= beta:
                    return stored
                if flag == _UPPER and stored <= alpha:
                    return stored
        theirs = board.five_points(other)
        forced = bool(theirs)
        if theirs:
            moves = [i for i in theirs[:1] if board.legal(i, color)]
            if len(theirs) > 1 or not moves:
                return -WIN_SCORE + 2
        else:
            ordered = _ordered_moves(board, color, self.width)
            if self.threat_answers and ply <= _THREAT_PLY and depth >= 2:
                # Near the root: if the opponent threatens a VCT, only the moves that stop it remain.
                allowed = self._threat_answers(color, ordered)
                if allowed is not None:
                    if not allowed:
                        return -WIN_SCORE + 40  # (a far loss: a nearer one is worse)
                    ordered = allowed
            moves = self._order(ordered, color, hint, ply)
            if not moves:
                return 0
        # A forced block costs no depth: a line of fours is followed to its end.
        child = depth if forced else depth - 1
        original_alpha = alpha
        best_score, best = -WIN_SCORE - 1, moves[0]
        for number, i in enumerate(moves):
            reduce = 0
            if number >= 3 and depth >= 3 and not forced and board.point_value(i, color) < 2_500:
                reduce = 2 if number >= _LATE_MOVE and depth >= 4 else 1
            board.place(i, color)
            try:
                if number == 0:
                    score = -self.search(other, child, -beta, -alpha, i, ply + 1)
                else:
                    # Late quiet moves are searched shallower, with a null window; a move that
                    # beats alpha there is searched again in full.
                    score = -self.search(other, child - reduce, -alpha - 1, -alpha, i, ply + 1)
                    if score > alpha and reduce:
                        score = -self.search(other, child, -alpha - 1, -alpha, i, ply + 1)
                    if alpha < score < beta:
                        score = -self.search(other, child, -beta, -score, i, ply + 1)
            finally:
                board.remove(i)
            if score > best_score:
                best_score, best = score, i
            alpha = max(alpha, score)
            if alpha >= beta:
                if not forced and ply < _MAX_PLY:
                    killers = self.killers[ply]
                    if killers[0] != i:
                        killers[1], killers[0] = killers[0], i
                    self.history[color][i] += depth * depth
                break
        # Wins further away are worth a little less, so the shortest win is preferred.
        if best_score > WIN_SCORE // 2:
            best_score -= 1
        elif best_score < -WIN_SCORE // 2:
            best_score += 1
        flag = _UPPER if best_score <= original_alpha else _LOWER if best_score >= beta else _EXACT
        self.table[key] = (
            best | (flag << _FLAG_SHIFT) | (min(depth, 0xFF) << _DEPTH_SHIFT)
            | ((best_score + _SCORE_OFFSET) << _SCORE_SHIFT)
        )
        return best_score

    def _proves(self, attacker: int, nodes: int) -> list[int] | None:
        """A VCT for ``attacker`` on the board as it is (its move next) found by the iterative-deepening
        depth-first VCT within ``nodes`` nodes (counted on the search's clock), or ``None``."""
        search = self.threats[attacker]
        limit = self.clock.limit
        budget = Clock(None, nodes if limit is None else max(1, min(nodes, limit - self.clock.nodes)))
        budget.deadline = self.clock.deadline
        search.clock = budget
        try:
            line = search.vct_deepening(_THREAT_DEPTH, _THREAT_VCF_DEPTH)
        except SearchTimeout:
            line = None
        finally:
            search.clock = self.clock
            self.clock.nodes += budget.nodes
        self.clock.tick()  # (the search's own deadline and budget)
        return line

    def _threat_answers(self, color: int, ordered: list[int]) -> list[int] | None:
        """When the opponent of ``color`` (to move) has a VCT if left to play: ``color``'s moves after
        which it has none (those of ``ordered`` first; ``[]``: none found). ``None`` when there is no
        such threat (or none found within the budget)."""
        board = self.board
        key = board.hash ^ color
        if key in self.answers:
            return self.answers[key]
        other = 3 - color
        found: list[int] | None = None
        threat = self._proves(other, _THREAT_NODES)
        if threat is not None:
            fours = board.threat_points(color, False)
            found = []
            for i in dict.fromkeys([*ordered, *threat[1::2], *threat[::2], *fours]):
                if board.cells[i] == 0 and board.legal(i, color) and not self._still_threatened(i, color):
                    found.append(i)
        self.answers[key] = found
        return found

    def _still_threatened(self, i: int, color: int) -> bool:
        """Whether the opponent still has a VCT after ``color``'s move on ``i`` (see
        :func:`_opponent_still_wins`)."""
        return _opponent_still_wins(
            self.board, i, color, lambda: self._proves(3 - color, _DEFENCE_NODES) is not None)

    def _leaf(self, color: int) -> int:
        """The static value for ``color`` to move: the pattern evaluation (``evaluation``), read with
        the threats on the board (a five to play wins, two fives against lose, a four against is
        answered by its forced block and searched on, a VCF of the side to move wins)."""
        board = self.board
        mine = board.pattern_counts(color)
        if mine[0]:
            return WIN_SCORE - 1
        theirs = board.pattern_counts(3 - color)
        their_fives = theirs[0]
        if their_fives >= 2:
            return -WIN_SCORE + 2
        if their_fives == 1 and self.extensions < _MAX_EXTENSIONS:
            # A four must be answered: follow the forced block instead of stopping here.
            block = board.five_points(3 - color)[0]
            if not board.legal(block, color):
                return -WIN_SCORE + 2
            self.extensions += 1
            board.place(block, color)
            try:
                return -self._leaf(3 - color)
            finally:
                board.remove(block)
                self.extensions -= 1
        if (mine[1] or mine[2] or mine[4]) and not their_fives:
            # Quiescence on fours: a win by continuous fours for the side to move is a win here.
            line = self.threats[color].vcf(_LEAF_VCF_DEPTH)
            if line is not None:
                return WIN_SCORE - len(line)
        return evaluation(board, color, mine, theirs)

    def _made_five(self, i: int, color: int) -> bool:
        """Whether ``color``'s stone on ``i`` completed a five."""
        e0, e1, e2, e3 = self.board.placed_entries(i, color)
        return bool((e0 | e1 | e2 | e3) & 1)


EVAL_WEIGHTS: Final = (
    3_000_000,  # my four-three points (set by hand: the fit's positions have none, see below)
    311_896,  # my double-three points
    163_984,  # my four points
    123_333,  # my three points
    55_250,  # my two points
    414,  # my shape sum
    -375_673,  # their straight-four points
    -308_017,  # their four-three points
    -639_733,  # their double-three points
    -171_972,  # their four points
    -80_318,  # their three points
    -35_188,  # their two points
    -405,  # their shape sum
    -11,  # window total
)
"""The evaluation's weights, in millionths of a logit of the side to move's chance to win per unit
of each feature of ``_features`` (the evaluation's unit is a thousandth of a logit). Fitted by
``benchmarks/renju_eval_tuning.py`` (logistic regression on 3,428 positions of taku's self-play
labelled by Rapfi's classical evaluation at 5,000 nodes; see docs/renju-ai.md), except the first:
a side to move with a four-three point has won almost always (Rapfi announces a mate, and such
positions are left out of the fit), so it is set by hand to 3 logits a point."""

_STRAIGHT_FOUR_WIN: Final = 200_000
"""A straight four to play, the opponent having no four: a win next move, short of a found one."""
_STRAIGHT_FOUR_CHECKED: Final = 20_000
"""A straight four to play when the opponent has a four to interpose first."""


def _features(
    board: SearchBoard, color: int, mine: tuple[int, ...], theirs: tuple[int, ...]
) -> tuple[int, ...]:
    """The evaluation features of ``board`` for ``color`` to move, given both colours'
    ``pattern_counts``: the order of ``EVAL_WEIGHTS``."""
    window = board.score if color == 1 else -board.score
    return (mine[2], mine[3], mine[4], mine[5], mine[6], mine[7],
            theirs[1], theirs[2], theirs[3], theirs[4], theirs[5], theirs[6], theirs[7], window)


def evaluation(board: SearchBoard, color: int, mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """The static value of ``board`` for ``color`` to move (neither side making a five on its
    next move): the weighted pattern features, and a straight four of the side to move as
    nearly a win."""
    w = EVAL_WEIGHTS
    window = board.score if color == 1 else -board.score
    value = (w[0] * mine[2] + w[1] * mine[3] + w[2] * mine[4] + w[3] * mine[5] + w[4] * mine[6]
             + w[5] * mine[7] + w[6] * theirs[1] + w[7] * theirs[2] + w[8] * theirs[3]
             + w[9] * theirs[4] + w[10] * theirs[5] + w[11] * theirs[6] + w[12] * theirs[7]
             + w[13] * window) // 1000
    if mine[1]:
        their_fours = theirs[1] + theirs[2] + theirs[4]
        value += _STRAIGHT_FOUR_WIN if not their_fours else _STRAIGHT_FOUR_CHECKED
    return value


def _old_evaluation(board: SearchBoard, color: int, mine: tuple[int, ...], theirs: tuple[int, ...]) -> int:
    """The evaluation before the fitted weights (2026-11-28), for comparing fits."""
    value = board.score if color == 1 else -board.score
    value += 30 + mine[8] // 3 - theirs[8] // 6
    fours = mine[1] + mine[2] + mine[4]
    if mine[1]:
        value += 200_000 if not (theirs[1] + theirs[2] + theirs[4]) else 20_000
    elif theirs[1]:
        value -= 8_000 if fours else 20_000 * min(theirs[1], 3)
    return value


def eval_features(position: Position) -> tuple[list[int], int]:
    """The evaluation features of ``position`` for the side to move (``EVAL_WEIGHTS``' order) and
    the value the evaluation before the fitted weights gave it (for the tuning script)."""
    board = SearchBoard(position)
    color = int(position.turn)
    mine, theirs = board.pattern_counts(color), board.pattern_counts(3 - color)
    return list(_features(board, color, mine, theirs)), _old_evaluation(board, color, mine, theirs)


def _search_board(position: Position, max_depth: int) -> tuple[SearchBoard, int]:
    if max_depth < 0:
        raise ValueError(f"max_depth {max_depth!r}: expected a number of moves, 0 or more")
    if position.is_game_over():
        raise GameOverError(f"nothing to solve: the game is over ({position.outcome()})")
    return SearchBoard(position), int(position.turn)


def evaluate(position: Position, max_nodes: int = 1_500) -> int:
    """A score of ``position`` for the side to move (positive: it stands better; about
    ``WIN_SCORE`` for a win found): a VCF check, then alpha-beta deepening to at most depth 4 within
    ``max_nodes`` nodes. It depends on the position alone (no clock), so it is the same on every
    machine. ``GameOverError`` if the game is over."""
    board, me = _search_board(position, 0)
    if max_nodes < 1:
        raise ValueError(f"max_nodes {max_nodes!r}: expected a positive number")
    if board.five_points(me):
        return WIN_SCORE
    try:
        if ThreatSearch(board, me, Clock(None, max_nodes)).vcf_deepening(8) is not None:
            return WIN_SCORE // 2
    except SearchTimeout:
        pass
    root = _ordered_moves(board, me, 12)
    if not root:
        return 0
    search = _AlphaBeta(board, 10, Clock(None, max_nodes))
    score = search._leaf(me)
    for depth in range(1, 5):
        try:
            best, score = search.root(root, me, depth)
        except SearchTimeout:
            break
        root.remove(best)
        root.insert(0, best)
    return score


def solve_vcf(position: Position, max_depth: int = 20, time_limit: float | None = 10.0) -> list[Point] | None:
    """A victory by continuous fours for the side to move: the attacker's moves (each a four, the
    last a five) and the defender's forced answers, alternating; ``None`` if there is none within
    ``max_depth`` attacker moves and ``time_limit`` seconds. The line may end with a four whose only
    defence is a point forbidden to Black. Black's fours on forbidden points do not count.
    ``max_depth`` counts the fours before the final five."""
    board, me = _search_board(position, max_depth)
    clock = Clock(time_limit)
    try:
        line = ThreatSearch(board, me, clock).vcf_deepening(max_depth)
    except SearchTimeout:
        return None
    return None if line is None else [board.point(i) for i in line]


def solve_vct(
    position: Position, max_depth: int = 6, time_limit: float | None = 10.0, *, vcf_depth: int = 12
) -> list[Point] | None:
    """A victory by threes and fours for the side to move: the main line (attacker and defender moves
    alternating; against a three, the defence that holds out longest; every defence found is
    refuted; the line may end with a four only Black's forbidden point could stop); ``None`` if none
    is found within ``max_depth`` threes and fours (each VCF it ends with may use ``vcf_depth`` more
    fours) and ``time_limit`` seconds. The search: the shortest VCF, then iterative-deepening
    depth-first VCT, then proof-number search that also tries quiet moves leaving a VCF of up to
    ``vcf_depth`` fours (in a line's first two attacker moves) or, as the first move, a short VCT
    (see ``taku.bots.renju_search.find_vct``)."""
    board, me = _search_board(position, max_depth)
    line = find_vct(board, me, time_limit, None, max_depth, vcf_depth, quiet_vcf=vcf_depth)
    return None if line is None else [board.point(i) for i in line]


__all__ = [
    "LEVELS",
    "GameOverError",
    "Level",
    "NoMoveError",
    "RenjuAI",
    "UnknownLevelError",
    "evaluate",
    "solve_vcf",
    "solve_vct",
]


def _opponent_still_wins(board: SearchBoard, i: int, me: int, opponent_wins: Callable[[], bool]) -> bool:
    """Whether ``opponent_wins()`` (a threat search for the opponent, on ``board``) still finds a
    win after my move on ``i``: after the opponent's forced block when the move is a four; a double
    four, or a four whose five point the opponent may not block, wins outright (False)."""
    you = 3 - me
    board.place(i, me)
    try:
        completions = board.new_five_points(i, me)
        if len(completions) >= 2:
            return False
        if completions:
            block = completions[0]
            if not board.legal(block, you):
                return False
            board.place(block, you)
            try:
                return opponent_wins()
            finally:
                board.remove(block)
        return opponent_wins()
    finally:
        board.remove(i)
