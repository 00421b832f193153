"""The renju AI's decisions in an opening (RIF, Yamaguchi, Taraguchi-10, Soosorv-8, Swap2), used by
``taku play renju`` and the play server. Every judgement of a position comes from
``taku.bots.renju_ai.evaluate`` (a short search with a node budget, the same on every machine): the
AI swaps when the colour it holds stands worse, places the most balanced of a few openings, offers the
fifth moves best for Black and selects the offer worst for Black."""

from __future__ import annotations

import random
import time
from typing import Final, Protocol

from taku.bots.renju_ai import evaluate
from taku.renju import (
    BLACK,
    WHITE,
    ChooseColor,
    Color,
    Declare,
    Move,
    Offer,
    Opening,
    Place,
    Point,
    Position,
    Select,
    Swap,
    equivalent_fifth_moves,
)
from taku.renju.openings import OPENINGS, Action
from taku.renju.points import move_string

SWAP_MARGIN: Final = 60
"""How much worse (in ``evaluate`` units) the held colour must stand before the AI swaps."""

OPENINGS_TRIED: Final = 4
"""How many of the 26 openings (drawn at random) the AI weighs before placing the most balanced."""

OFFER_CANDIDATES: Final = 6
"""Fifth moves weighed beyond the number to offer."""

EVALUATION_NODES: Final = 3_000
"""The node budget of each judgement of a position in the opening: enough for ``evaluate`` to
finish its depth-4 search on the 26 openings (with 600 nodes it stopped at depth 3, which favours the
side to move: Ugetsu, a Black win, came out +428 for White; with 3,000 and 10,000 nodes it is -474)."""

EVALUATIONS_KEPT: Final = 4_096
"""How many judgements ``standing`` keeps (all are dropped when it is full)."""

_EVALUATIONS: Final[dict[tuple[object, ...], int]] = {}
"""The ``evaluate`` values ``standing`` has found, by rules, stones and side to move."""

BALANCE_CANDIDATES: Final = 8
"""Black stones weighed for Swap2's fifth stone (``_balanced_fifth``)."""

SPREAD_OPENINGS: Final = (
    (15, ((0, 0), (3, 4), (6, -3))),
    (15, ((0, 0), (0, 4), (6, -1))),
    (15, ((0, 0), (3, 4), (-4, 6))),
    (20, ((0, 0), (2, 2), (6, 1))),
    (20, ((0, 0), (5, -5), (6, 3))),
    (20, ((0, 0), (-5, 5), (6, 2))),
)
"""Three-stone Swap2 openings (Black, White, Black) as offsets from the centre, weighed beside the
26 (see ``opening_shapes``), each with the board size it was found on. Without Black's fouls the 26
are all clearly better for Black (``standing`` of White -345 to -874), and so is every compact shape;
these came out the closest to even of 300 random shapes per size (the stones within six lines of
the centre) by ``standing`` under freestyle: -4, 8 and -8 for White on 15x15, -26, -32 and -42 on
20x20 (the balance moves with the distance to the edges: the first 15x15 shape reads -218 on
20x20)."""


class Engine(Protocol):
    """A renju player: a legal move for the side to move (``taku.bots.renju_ai.RenjuAI``)."""

    def choose(self, position: Position, time_limit: float | None = None) -> Move:
        """The move to play in ``position`` (which it must not change): a point, or ``PASS`` when
        no point may be played."""
        ...


def _in_area(point: Point, area: int | None, size: int) -> bool:
    if area is None:
        return True
    reach = (area - 1) // 2
    return abs(point.x - size // 2) <= reach and abs(point.y - size // 2) <= reach


def _candidates(position: Position, taken: set[Point], area: int | None = None) -> list[Point]:
    """Empty points near the stones (all empty points if none is near), nearest the centre of the
    stones first."""
    size = position.size
    stones = [Point(x, y) for x in range(size) for y in range(size)
              if position.color_at(Point(x, y)) is not None]
    cx = sum(p.x for p in stones) / len(stones) if stones else size // 2
    cy = sum(p.y for p in stones) / len(stones) if stones else size // 2
    points = [Point(x, y) for x in range(size) for y in range(size)
              if Point(x, y) not in taken and position.color_at(Point(x, y)) is None
              and _in_area(Point(x, y), area, size)]
    near = [p for p in points if any(max(abs(p.x - s.x), abs(p.y - s.y)) <= 2 for s in stones)]
    return sorted(near or points, key=lambda p: ((p.x - cx) ** 2 + (p.y - cy) ** 2, p.y, p.x))


def standing(position: Position, color: Color) -> int:
    """How well ``color`` stands in ``position`` (positive: better), by ``evaluate``; a finished game
    is worth the winner's full score."""
    outcome = position.outcome()
    if outcome is not None:
        return 0 if outcome.winner is None else (1_000_000 if outcome.winner is color else -1_000_000)
    # ``evaluate`` depends on the stones, the side to move and the rules alone: its values are kept,
    # so a position judged again (the same Swap2 question asked twice) costs nothing.
    key = (position.rules, position.stones(BLACK), position.stones(WHITE), position.turn)
    value = _EVALUATIONS.get(key)
    if value is None:
        value = evaluate(position, EVALUATION_NODES)
        if len(_EVALUATIONS) >= EVALUATIONS_KEPT:
            _EVALUATIONS.clear()
        _EVALUATIONS[key] = value
    return value if position.turn is color else -value


def opening_position(stones: tuple[Point, ...], position: Position, setup: bool) -> Position:
    """The position after ``stones`` (Black, White, Black, ...) on the empty board of ``position``:
    set up as a group when ``setup`` (Swap2), else played as moves."""
    if setup:
        return Position.from_stones(stones[::2], stones[1::2], turn=WHITE if len(stones) % 2 else BLACK,
                                    rules=position.rules)
    return Position(move_string(stones), rules=position.rules)


def _after(position: Position, point: Point) -> Position:
    after = position.copy()
    after.push(point)
    return after


def opening_shapes(size: int, anywhere: bool, rng: random.Random) -> list[tuple[Point, ...]]:
    """The three-stone openings the AI weighs: a few of the 26 drawn at random, moved to the centre
    of the board (``j10`` on 19x19, ``k11`` on 20x20); where the stones may go ``anywhere`` (Swap2),
    also the shapes of ``SPREAD_OPENINGS`` (closer to even without Black's fouls, where most of the
    26 are clearly better for Black). Shapes that do not fit on the board are left out."""
    shift = size // 2 - 7  # the 26 are given around h8, the centre of 15x15
    names = rng.sample(sorted(OPENINGS), OPENINGS_TRIED)
    shapes = [tuple(Point(p.x + shift, p.y + shift) for p in OPENINGS[name]) for name in names]
    if anywhere:  # first (those found on this size first): the likeliest chosen, weighed first
        centre = size // 2
        spread = sorted(SPREAD_OPENINGS, key=lambda entry: entry[0] != size)
        shapes[:0] = [tuple(Point(centre + dx, centre + dy) for dx, dy in shape) for _, shape in spread]
    return [shape for shape in shapes if all(point.on_board(size) for point in shape)]


def _most_balanced(positions: list[Position], deadline: float | None) -> int:
    """The index of the position of ``positions`` nearest even (smallest ``abs(standing)``, the
    first on a tie), of those judged before ``deadline`` (``time.perf_counter()``; at least one)."""
    best, best_value = 0, -1
    for index, position in enumerate(positions):
        if index and deadline is not None and time.perf_counter() >= deadline:
            break
        value = abs(standing(position, WHITE))
        if best_value < 0 or value < best_value:
            best, best_value = index, value
    return best


def _balanced_fifth(position: Position, engine: Engine, time_limit: float | None,
                    deadline: float | None) -> tuple[Point, Point]:
    """Swap2's two more stones, a white one and a black one: White's stone where the engine would
    play (given half of ``time_limit``: the judgements of the black stones take the rest, until
    ``deadline``), then the black stone, of the points near the stones, after which neither side
    stands better (the opponent then takes the colour it likes)."""
    choice = engine.choose(position, None if time_limit is None else time_limit / 2)
    white = choice if choice is not None else next(p for p in _candidates(position, set()))
    after = _after(position, white)
    pool = [p for p in _candidates(after, set()) if after.is_legal(p)][:BALANCE_CANDIDATES]
    return white, pool[_most_balanced([_after(after, p) for p in pool], deadline)]


def ai_opening_action(state: Opening, engine: Engine, ai_colour_wanted: Color | None,
                      rng: random.Random, time_limit: float | None = None) -> Action:
    """The AI's action in an opening: the most balanced of a few three-stone openings (see
    ``opening_shapes``; with ``time_limit``, of those judged within it, at least one), single
    stones where the engine would play (or the nearest allowed point), a swap when the colour it
    holds stands worse by more than ``SWAP_MARGIN``, two fifth moves declared, the fifth moves best
    for Black offered (no two equivalent), the offer worst for Black selected.

    Asked for a colour, it takes ``ai_colour_wanted``; when that is ``None`` (a Gomocup brain,
    self-play), it decides by ``standing``: in Swap2's second step it takes Black or White when that
    colour stands better by more than ``SWAP_MARGIN`` and otherwise places two more stones that
    leave the position balanced (``_balanced_fifth``); in the last step it takes the colour that
    stands better (White on a tie, as it is to move)."""
    phase = state.phase
    assert phase is not None
    deadline = None if time_limit is None else time.perf_counter() + time_limit
    position = state.position()
    size = position.size
    if "color" in phase.accepts:
        if ai_colour_wanted is not None:
            return ChooseColor(ai_colour_wanted)
        white = standing(position, WHITE)
        if "place" not in phase.accepts:
            return ChooseColor(WHITE if white >= 0 else BLACK)
        if white > SWAP_MARGIN:
            return ChooseColor(WHITE)
        if white < -SWAP_MARGIN:
            return ChooseColor(BLACK)
        return Place(_balanced_fifth(position, engine, time_limit, deadline))
    if "place" in phase.accepts:
        if len(phase.colors) == 3:
            shapes = opening_shapes(size, all(area is None for area in phase.areas), rng)
            setup = state.rule.setup
            placed = [opening_position(shape, position, setup) for shape in shapes]
            return Place(shapes[_most_balanced(placed, deadline)])
        taken: set[Point] = set()
        points: list[Point] = []
        for color, area in zip(phase.colors, phase.areas, strict=True):
            point: Point | None = None
            if not state.rule.setup and not points and position.turn is color:
                try:
                    choice = engine.choose(position, time_limit)
                    if choice is not None and _in_area(choice, area, size) and position.is_legal(choice):
                        point = choice
                except ValueError:
                    point = None
            if point is None:
                point = next(p for p in _candidates(position, taken, area)
                             if color is WHITE or not position.is_forbidden(p))
            points.append(point)
            taken.add(point)
        return Place(tuple(points))
    if "swap" in phase.accepts:
        return Swap(standing(position, phase.color) < -SWAP_MARGIN)
    if "declare" in phase.accepts:
        return Declare(min(2, phase.max_declared))
    if "offer" in phase.accepts:
        # The distinct legal fifth moves nearest the engine's choice, then the best for Black of
        # them offered: White will select the worst of the offers for Black.
        first = engine.choose(position, time_limit)
        pool: list[Point] = []
        ahead = [] if first is None else [first]
        for point in [*ahead, *_candidates(position, set(ahead))]:
            if position.color_at(point) is not None or not position.is_legal(point):
                continue
            if all(not equivalent_fifth_moves(position, point, other) for other in pool):
                pool.append(point)
            if len(pool) >= phase.offers + OFFER_CANDIDATES:
                break
        color = position.turn
        value = {point: standing(_after(position, point), color) for point in pool}
        offers = sorted(pool, key=lambda p: (-value[p], pool.index(p)))[: phase.offers]
        return Offer(tuple(offers))
    # select: the offer after which Black stands worst (ties: the first offered)
    black = position.turn
    return Select(min(phase.choices, key=lambda p: standing(_after(position, p), black)))
