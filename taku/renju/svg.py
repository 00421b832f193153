"""SVG pictures of renju and gomoku positions, in the manner of python-chess's ``chess.svg``.

:func:`board` draws a position as a standalone SVG document: a wooden board with its grid, star
points and coordinates (columns ``a``.. along the top and bottom, rows ``1``.. counted from the
bottom on both sides, as in RIF notation), the stones with their move numbers, the last move,
Black's forbidden points when Black is to move, and the line of a won game. It uses the standard
library only, and the same position always gives the same text.

>>> import taku.renju.svg
>>> from taku.renju import Position
>>> picture = taku.renju.svg.board(Position("h8i9"), size=300)
>>> picture.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
True

Everything is placed in SVG user units: the point ``(x, y)`` of a board of ``n`` lines has its
centre at ``(m + x * SQUARE_SIZE, m + (n - 1 - y) * SQUARE_SIZE)``, where ``m`` is :data:`MARGIN`
(or :data:`PLAIN_MARGIN` without coordinates); ``size`` only scales the picture.
"""

from __future__ import annotations

import xml.etree.ElementTree as ET
from collections.abc import Callable, Mapping
from typing import Final, TypeAlias

from taku.renju.board import Position
from taku.renju.points import BLACK, COLUMNS, Color, Point, all_points

SQUARE_SIZE: Final = 30
"""The distance between two neighbouring lines of the grid, in SVG user units."""

MARGIN: Final = 45
"""The distance from the edge of the picture to the outermost lines when coordinates are drawn."""

PLAIN_MARGIN: Final = 24
"""The distance from the edge of the picture to the outermost lines without coordinates."""

STONE_RADIUS: Final = 14
"""The radius of a stone."""

STAR_RADIUS: Final = 3
"""The radius of a star point (hoshi)."""

FORBIDDEN_ARM: Final = 6
"""Half the width of the cross on a forbidden point."""

FONT_FAMILY: Final = "Helvetica, Arial, sans-serif"

_Center: TypeAlias = Callable[[Point], tuple[int, int]]

DEFAULT_COLORS: Final[Mapping[str, str]] = {
    "board": "#dcb35c",
    "grid": "#3c2a12",
    "star": "#3c2a12",
    "coordinate": "#3c2a12",
    "black stone": "#1c1c1c",
    "black stone edge": "#000000",
    "white stone": "#f7f7f2",
    "white stone edge": "#3c3c3c",
    "black number": "#ffffff",
    "white number": "#1c1c1c",
    "last move": "#e3261b",
    "forbidden": "#d40000",
    "winning line": "#e3261b",
}
"""The colours :func:`board` uses; its ``colors`` argument overrides any of these keys."""


def star_points(board_size: int) -> tuple[Point, ...]:
    """The star points (hoshi) of a ``board_size`` board, row 1 first.

    The centre always (an even board has none); from 9x9 up also the four points two lines in from
    the corners (three lines from 13x13 up: ``d4 l4 h8 d12 l12`` on 15x15, as on renju boards); from
    19x19 up also the middle of each side at that distance on an odd board, as on a go board.

    >>> [str(p) for p in star_points(15)]
    ['d4', 'l4', 'h8', 'd12', 'l12']
    >>> [str(p) for p in star_points(20)]
    ['d4', 'q4', 'd17', 'q17']
    """
    last = board_size - 1
    middle = board_size // 2
    odd = board_size % 2 == 1
    inset = 3 if board_size >= 13 else 2
    points = {Point(middle, middle)} if odd else set()
    if board_size >= 9:
        points.update(Point(x, y) for x in (inset, last - inset) for y in (inset, last - inset))
    if board_size >= 19 and odd:
        points.update((Point(middle, inset), Point(middle, last - inset)))
        points.update((Point(inset, middle), Point(last - inset, middle)))
    return tuple(sorted(points, key=lambda p: (p.y, p.x)))


def point_center(point: Point, board_size: int, *, coordinates: bool = True) -> tuple[int, int]:
    """The centre of ``point`` in the picture of a ``board_size`` board, in SVG user units."""
    margin = MARGIN if coordinates else PLAIN_MARGIN
    return margin + point.x * SQUARE_SIZE, margin + (board_size - 1 - point.y) * SQUARE_SIZE


def board(
    position: Position | None = None,
    *,
    size: int | None = None,
    coordinates: bool = True,
    move_numbers: bool = True,
    last_move: bool = True,
    forbidden: bool = True,
    winning_line: bool = True,
    colors: Mapping[str, str] | None = None,
    style: str | None = None,
) -> str:
    """A picture of ``position`` (an empty 15x15 board if ``None``) as an SVG document.

    * ``size``: the width and height of the picture in pixels; ``None`` leaves them to the viewer
      (the picture is drawn in a ``viewBox`` either way).
    * ``coordinates``: the column letters above and below the board, the row numbers beside it.
    * ``move_numbers``: each stone played after the start (or the setup) shows its move number,
      passes counted; setup stones have none.
    * ``last_move``: a ring in the ``"last move"`` colour around the stone played last.
    * ``forbidden``: when Black is to move under rules with fouls, and the game goes on, each of
      Black's forbidden points gets a small cross, with the foul (``"i8: double-three"``) as title.
    * ``winning_line``: a line through the stones of the five (or overline) that won the game.
    * ``colors``: colours for any keys of :data:`DEFAULT_COLORS`; ``style``: CSS for a ``<style>``
      element (elements carry classes such as ``stone black h8``, ``last-move``, ``forbidden``).

    Raises ``ValueError`` for an unknown colour key or a size that is not positive.

    >>> from taku.renju import Position
    >>> import xml.etree.ElementTree as ET
    >>> root = ET.fromstring(board(Position("h8 a1 j8 a3 i7 a5 i9 a7")))
    >>> ns = "{http://www.w3.org/2000/svg}"
    >>> len([c for c in root.iter(ns + "circle") if c.get("class", "").startswith("stone ")])
    8
    >>> [t.text for t in root.iter(ns + "title")]
    ['i8: double-three']
    """
    if position is None:
        position = Position()
    if size is not None and size <= 0:
        raise ValueError(f"size {size!r} is not a positive number of pixels")
    palette = dict(DEFAULT_COLORS)
    if colors:
        unknown = sorted(set(colors) - set(DEFAULT_COLORS))
        if unknown:
            known = ", ".join(repr(key) for key in DEFAULT_COLORS)
            raise ValueError(f"unknown colour key {unknown[0]!r}: expected one of {known}")
        palette.update(colors)

    n = position.size
    margin = MARGIN if coordinates else PLAIN_MARGIN
    extent = 2 * margin + (n - 1) * SQUARE_SIZE
    low, high = margin, margin + (n - 1) * SQUARE_SIZE

    def center(point: Point) -> tuple[int, int]:
        return point_center(point, n, coordinates=coordinates)

    svg = ET.Element("svg", {"xmlns": "http://www.w3.org/2000/svg", "version": "1.1"})
    svg.set("viewBox", f"0 0 {extent} {extent}")
    if size is not None:
        svg.set("width", str(size))
        svg.set("height", str(size))
    _add(svg, "desc", repr(position))
    if style:
        _add(svg, "style", style)
    _add(svg, "rect", class_="board", x=0, y=0, width=extent, height=extent, fill=palette["board"])

    grid = _add(svg, "g", class_="grid", stroke=palette["grid"], stroke_width=1)
    for k in range(1, n - 1):
        at = margin + k * SQUARE_SIZE
        _add(grid, "line", x1=low, y1=at, x2=high, y2=at)
        _add(grid, "line", x1=at, y1=low, x2=at, y2=high)
    side = high - low
    _add(grid, "rect", class_="border", x=low, y=low, width=side, height=side, fill="none", stroke_width=2)

    stars = _add(svg, "g", class_="stars", fill=palette["star"])
    for point in star_points(n):
        cx, cy = center(point)
        _add(stars, "circle", class_=f"star {point}", cx=cx, cy=cy, r=STAR_RADIUS)

    if coordinates:
        _draw_coordinates(svg, n, extent, palette["coordinate"])

    stones = [(point, color) for point in all_points(n) if (color := position.color_at(point)) is not None]
    if stones:
        group = _add(svg, "g", class_="stones", stroke_width=1)
        for point, color in stones:
            cx, cy = center(point)
            name = str(color)
            fill, edge = palette[f"{name} stone"], palette[f"{name} stone edge"]
            _add(
                group,
                "circle",
                class_=f"stone {name} {point}",
                cx=cx,
                cy=cy,
                r=STONE_RADIUS,
                fill=fill,
                stroke=edge,
            )

    line = position.winning_line() if winning_line else ()
    if line:
        (x1, y1), (x2, y2) = center(line[0]), center(line[-1])
        _add(
            svg,
            "line",
            class_="winning-line",
            x1=x1,
            y1=y1,
            x2=x2,
            y2=y2,
            stroke=palette["winning line"],
            stroke_width=5,
            stroke_linecap="round",
            stroke_opacity=0.8,
        )

    if move_numbers:
        numbers = {move: k for k, move in enumerate(position.move_stack, start=1) if move is not None}
        _draw_move_numbers(svg, numbers, stones, center, palette)

    last = position.move_stack[-1] if last_move and position.move_stack else None
    if last is not None:
        cx, cy = center(last)
        _add(
            svg,
            "circle",
            class_=f"last-move {last}",
            cx=cx,
            cy=cy,
            r=STONE_RADIUS,
            fill="none",
            stroke=palette["last move"],
            stroke_width=2.5,
        )

    turn_to_judge = position.turn is BLACK and not position.is_over
    if forbidden and turn_to_judge and position.rules.fouls_for_black:
        a = FORBIDDEN_ARM
        for point, foul in position.forbidden_points().items():
            cx, cy = center(point)
            cross = _add(
                svg,
                "g",
                class_=f"forbidden {foul} {point}",
                stroke=palette["forbidden"],
                stroke_width=2.5,
                stroke_linecap="round",
            )
            _add(cross, "title", f"{point}: {foul}")
            _add(cross, "line", x1=cx - a, y1=cy - a, x2=cx + a, y2=cy + a)
            _add(cross, "line", x1=cx - a, y1=cy + a, x2=cx + a, y2=cy - a)

    return ET.tostring(svg, encoding="unicode")


def _add(parent: ET.Element, tag: str, text: str | None = None, **attributes: object) -> ET.Element:
    """A new child ``tag`` of ``parent`` holding ``text``, with ``attributes`` in the order given:
    ``class_`` is written ``class`` and ``stroke_width`` ``stroke-width``."""
    element = ET.SubElement(
        parent, tag, {key.rstrip("_").replace("_", "-"): str(value) for key, value in attributes.items()}
    )
    element.text = text
    return element


def _draw_coordinates(svg: ET.Element, n: int, extent: int, color: str) -> None:
    """Column letters above and below the grid, row numbers (1 at the bottom) left and right."""
    font_size = 13
    group = _add(
        svg,
        "g",
        class_="coordinates",
        fill=color,
        font_family=FONT_FAMILY,
        font_size=font_size,
        text_anchor="middle",
    )
    band = (MARGIN - STONE_RADIUS) // 2  # the middle of the band outside the outermost stones
    drop = _baseline_drop(font_size)
    for x in range(n):
        for y in (band + drop, extent - band + drop):
            _add(group, "text", COLUMNS[x], class_="coordinate column", x=MARGIN + x * SQUARE_SIZE, y=y)
    for row in range(n):
        y = MARGIN + (n - 1 - row) * SQUARE_SIZE + drop
        for x in (band, extent - band):
            _add(group, "text", str(row + 1), class_="coordinate row", x=x, y=y)


def _draw_move_numbers(
    svg: ET.Element,
    numbers: dict[Point, int],
    stones: list[tuple[Point, Color]],
    center: _Center,
    palette: Mapping[str, str],
) -> None:
    """The move number on each stone that was played (setup stones have none)."""
    played = [(point, color, numbers[point]) for point, color in stones if point in numbers]
    if not played:
        return
    group = _add(svg, "g", class_="move-numbers", font_family=FONT_FAMILY, text_anchor="middle")
    for point, color, number in played:
        font_size = 14 if number < 100 else 11
        cx, cy = center(point)
        _add(
            group,
            "text",
            str(number),
            class_=f"move-number {point}",
            x=cx,
            y=cy + _baseline_drop(font_size),
            font_size=font_size,
            fill=palette[f"{color} number"],
        )


def _baseline_drop(font_size: int) -> int:
    """How far below the centre of a line of digits its baseline lies (about 0.35 em).

    The baseline is placed by hand because renderers disagree on ``dominant-baseline``."""
    return round(font_size * 0.35)
