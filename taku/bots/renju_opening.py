"""The renju AI's decisions in an opening (RIF, Yamaguchi, Taraguchi-10, Soosorv-8, Swap2): a simple
policy that keeps the colours it was asked for, used by ``taku play renju`` and the play server."""

from __future__ import annotations

import random
from typing import Protocol

from taku.renju import (
    WHITE,
    ChooseColor,
    Color,
    Declare,
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


class Engine(Protocol):
    """A renju player: a legal move for the side to move (``taku.bots.renju_ai.RenjuAI``)."""

    def choose(self, position: Position, time_limit: float | None = None) -> Point:
        """The move to play in ``position`` (which it must not change)."""
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


def ai_opening_action(state: Opening, engine: Engine, ai_colour_wanted: Color, rng: random.Random,
                      time_limit: float | None = None) -> Action:
    """The AI's action in an opening: one of the 26 openings at random, single stones where the
    engine would play (or the nearest allowed point), never a swap, two fifth moves declared, offers
    of the engine's move and the nearest non-symmetric points, the selection of the offer farthest
    from the stones, and the colour ``ai_colour_wanted`` when asked."""
    phase = state.phase
    assert phase is not None
    position = state.position()
    size = position.size
    if "color" in phase.accepts:
        return ChooseColor(ai_colour_wanted)
    if "place" in phase.accepts:
        if len(phase.colors) == 3:
            return Place(OPENINGS[rng.choice(sorted(OPENINGS))])
        taken: set[Point] = set()
        points: list[Point] = []
        for color, area in zip(phase.colors, phase.areas, strict=True):
            point: Point | None = None
            if not state.rule.setup and not points and position.turn is color:
                try:
                    choice = engine.choose(position, time_limit)
                    if _in_area(choice, area, size) and position.is_legal(choice):
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
        return Swap(False)
    if "declare" in phase.accepts:
        return Declare(min(2, phase.max_declared))
    if "offer" in phase.accepts:
        offers: list[Point] = []
        first = engine.choose(position, time_limit)
        pool = [first, *_candidates(position, {first})]
        for point in pool:
            if position.color_at(point) is not None or not position.is_legal(point):
                continue
            if all(not equivalent_fifth_moves(position, point, other) for other in offers):
                offers.append(point)
            if len(offers) == phase.offers:
                break
        return Offer(tuple(offers))
    # select: the offer farthest from the stones' centre (the weakest-looking for Black)
    stones = state.stones
    cx = sum(p.x for p in stones) / len(stones)
    cy = sum(p.y for p in stones) / len(stones)
    return Select(max(phase.choices, key=lambda p: ((p.x - cx) ** 2 + (p.y - cy) ** 2, -p.y, -p.x)))
