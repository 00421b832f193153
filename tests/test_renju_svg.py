"""``taku.renju.svg``: SVG pictures of positions, checked by parsing them back."""

from __future__ import annotations

import random
import xml.etree.ElementTree as ET

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

import taku.renju.svg as svg
from taku.renju import GOMOKU_FREESTYLE, PASS, RENJU, WHITE, Point, Position, RenjuRules
from taku.renju.points import COLUMNS

NS = "{http://www.w3.org/2000/svg}"
P = Point.from_str


def parse(text: str) -> ET.Element:
    root = ET.fromstring(text)
    assert root.tag == NS + "svg"
    return root


def classed(root: ET.Element, tag: str, first_class: str) -> list[ET.Element]:
    """The ``tag`` elements whose class list starts with ``first_class``."""
    return [e for e in root.iter(NS + tag) if e.get("class", "").split()[:1] == [first_class]]


def stones(root: ET.Element) -> dict[str, ET.Element]:
    """The stone circles by point name (the last word of their class)."""
    return {c.get("class", "").split()[-1]: c for c in classed(root, "circle", "stone")}


def expected_center(name: str, size: int = 15, margin: int = svg.MARGIN) -> tuple[int, int]:
    point = P(name)
    return margin + point.x * svg.SQUARE_SIZE, margin + (size - 1 - point.y) * svg.SQUARE_SIZE


def center_of(circle: ET.Element) -> tuple[int, int]:
    return int(circle.get("cx", "")), int(circle.get("cy", ""))


def sized(size: int) -> RenjuRules:
    return RENJU.replace(board_size=size)


DOUBLE_THREE = "h8 a1 j8 a3 i7 a5 i9 a7"
FIVE = "h8a1i8a3j8a5k8a7l8"


def test_document_is_standalone_svg_with_view_box() -> None:
    text = svg.board(Position("h8i9"))
    assert text.startswith('<svg xmlns="http://www.w3.org/2000/svg"')
    root = parse(text)
    extent = 2 * svg.MARGIN + 14 * svg.SQUARE_SIZE
    assert root.get("viewBox") == f"0 0 {extent} {extent}"
    assert root.get("width") is None and root.get("height") is None
    desc = root.find(NS + "desc")
    assert desc is not None and desc.text == "Position('h8i9')"


def test_size_sets_width_and_height_only() -> None:
    plain, scaled = parse(svg.board(size=400)), parse(svg.board())
    assert (plain.get("width"), plain.get("height")) == ("400", "400")
    assert plain.get("viewBox") == scaled.get("viewBox")
    with pytest.raises(ValueError, match="size 0"):
        svg.board(size=0)


def test_empty_board_by_default() -> None:
    root = parse(svg.board())
    assert stones(root) == {}
    assert classed(root, "circle", "last-move") == []
    assert svg.board(None) == svg.board(Position())


def test_stone_count_and_colours() -> None:
    position = Position("h8i9j10")
    root = parse(svg.board(position))
    drawn = stones(root)
    assert sorted(drawn) == ["h8", "i9", "j10"]
    assert drawn["h8"].get("class") == "stone black h8"
    assert drawn["i9"].get("class") == "stone white i9"
    assert drawn["h8"].get("fill") == svg.DEFAULT_COLORS["black stone"]
    assert drawn["i9"].get("fill") == svg.DEFAULT_COLORS["white stone"]
    assert drawn["i9"].get("stroke") == svg.DEFAULT_COLORS["white stone edge"]
    for name, circle in drawn.items():
        assert center_of(circle) == expected_center(name)
        assert circle.get("r") == str(svg.STONE_RADIUS)


def test_rif_orientation_row_one_at_the_bottom_column_a_on_the_left() -> None:
    root = parse(svg.board(Position.from_stones("a1 o15", "o1 a15")))
    drawn = stones(root)
    low, high = svg.MARGIN, svg.MARGIN + 14 * svg.SQUARE_SIZE
    assert center_of(drawn["a1"]) == (low, high)
    assert center_of(drawn["o15"]) == (high, low)
    assert center_of(drawn["a15"]) == (low, low)
    assert center_of(drawn["o1"]) == (high, high)


def test_move_numbers_in_contrasting_colours_and_none_on_setup_stones() -> None:
    position = Position.from_stones("h8", "i9", moves="j10 g7")
    root = parse(svg.board(position))
    numbers = {t.get("class", "").split()[-1]: t for t in classed(root, "text", "move-number")}
    assert {name: t.text for name, t in numbers.items()} == {"g7": "2", "j10": "1"}
    assert numbers["j10"].get("fill") == svg.DEFAULT_COLORS["black number"]
    assert numbers["g7"].get("fill") == svg.DEFAULT_COLORS["white number"]
    assert int(numbers["j10"].get("x", "")) == expected_center("j10")[0]
    assert len(stones(root)) == 4
    assert classed(parse(svg.board(position, move_numbers=False)), "text", "move-number") == []


def test_passes_count_in_move_numbers() -> None:
    root = parse(svg.board(Position([P("h8"), PASS, P("i9")])))
    assert {t.text for t in classed(root, "text", "move-number")} == {"1", "3"}


def test_last_move_marker_at_the_last_stone() -> None:
    root = parse(svg.board(Position("h8i9j10")))
    (marker,) = classed(root, "circle", "last-move")
    assert marker.get("class") == "last-move j10"
    assert center_of(marker) == expected_center("j10")
    assert marker.get("stroke") == svg.DEFAULT_COLORS["last move"]
    assert classed(parse(svg.board(Position("h8i9j10"), last_move=False)), "circle", "last-move") == []


def test_no_last_move_marker_after_a_pass() -> None:
    root = parse(svg.board(Position([P("h8"), PASS])))
    assert classed(root, "circle", "last-move") == []


def forbidden_marks(root: ET.Element) -> dict[str, ET.Element]:
    return {g.get("class", "").split()[-1]: g for g in classed(root, "g", "forbidden")}


def test_forbidden_cross_on_double_three_when_black_is_to_move() -> None:
    root = parse(svg.board(Position(DOUBLE_THREE)))
    marks = forbidden_marks(root)
    assert list(marks) == ["i8"]
    mark = marks["i8"]
    assert mark.get("class") == "forbidden double-three i8"
    assert mark.get("stroke") == svg.DEFAULT_COLORS["forbidden"]
    assert [t.text for t in mark.iter(NS + "title")] == ["i8: double-three"]
    lines = list(mark.iter(NS + "line"))
    assert len(lines) == 2
    cx, cy = expected_center("i8")
    for line in lines:
        x1, y1, x2, y2 = (int(line.get(k, "")) for k in ("x1", "y1", "x2", "y2"))
        assert ((x1 + x2) // 2, (y1 + y2) // 2) == (cx, cy)
        assert abs(x2 - x1) == abs(y2 - y1) == 2 * svg.FORBIDDEN_ARM


def test_no_forbidden_marks_when_white_is_to_move_or_asked_not_to() -> None:
    white_to_move = Position(DOUBLE_THREE + " b1")
    assert white_to_move.turn is WHITE
    assert white_to_move.forbidden_points()  # i8 is still forbidden to Black on these stones
    assert forbidden_marks(parse(svg.board(white_to_move))) == {}
    assert forbidden_marks(parse(svg.board(Position(DOUBLE_THREE), forbidden=False))) == {}


def test_no_forbidden_marks_without_fouls_or_after_the_game() -> None:
    freestyle = Position(DOUBLE_THREE, rules=GOMOKU_FREESTYLE)
    assert forbidden_marks(parse(svg.board(freestyle))) == {}
    lost = Position(DOUBLE_THREE + " i8")  # Black played the foul and lost
    assert lost.is_over
    assert forbidden_marks(parse(svg.board(lost))) == {}


def test_winning_line_through_the_five() -> None:
    root = parse(svg.board(Position(FIVE)))
    lines = [e for e in root.iter(NS + "line") if e.get("class") == "winning-line"]
    assert len(lines) == 1
    line = lines[0]
    ends = {
        (int(line.get("x1", "")), int(line.get("y1", ""))),
        (int(line.get("x2", "")), int(line.get("y2", ""))),
    }
    assert ends == {expected_center("h8"), expected_center("l8")}
    assert line.get("stroke") == svg.DEFAULT_COLORS["winning line"]
    without = parse(svg.board(Position(FIVE), winning_line=False))
    assert [e for e in without.iter(NS + "line") if e.get("class") == "winning-line"] == []
    assert [e for e in parse(svg.board(Position("h8i9"))).iter(NS + "line") if e.get("class")] == []


def test_winning_line_through_an_overline() -> None:
    position = Position("h8 a1 i8 a3 j8 a5 l8 a7 m8 b1 k8", rules=GOMOKU_FREESTYLE)
    assert len(position.winning_line()) == 6
    root = parse(svg.board(position))
    (line,) = [e for e in root.iter(NS + "line") if e.get("class") == "winning-line"]
    ends = {
        (int(line.get("x1", "")), int(line.get("y1", ""))),
        (int(line.get("x2", "")), int(line.get("y2", ""))),
    }
    assert ends == {expected_center("h8"), expected_center("m8")}


def coordinate_labels(root: ET.Element, kind: str) -> list[str]:
    return [t.text or "" for t in root.iter(NS + "text") if t.get("class") == f"coordinate {kind}"]


def test_coordinates_on_15x15() -> None:
    root = parse(svg.board(Position()))
    columns, rows = coordinate_labels(root, "column"), coordinate_labels(root, "row")
    assert sorted(set(columns)) == list("abcdefghijklmno")
    assert sorted(set(rows), key=int) == [str(n) for n in range(1, 16)]
    assert len(columns) == len(rows) == 30  # on both sides
    row_one = [t for t in root.iter(NS + "text") if t.text == "1" and t.get("class") == "coordinate row"]
    row_fifteen = [t for t in root.iter(NS + "text") if t.text == "15" and t.get("class") == "coordinate row"]
    assert int(row_one[0].get("y", "")) > int(row_fifteen[0].get("y", ""))  # row 1 at the bottom


def test_without_coordinates_the_margin_shrinks() -> None:
    root = parse(svg.board(Position("h8"), coordinates=False))
    assert coordinate_labels(root, "column") == coordinate_labels(root, "row") == []
    extent = 2 * svg.PLAIN_MARGIN + 14 * svg.SQUARE_SIZE
    assert root.get("viewBox") == f"0 0 {extent} {extent}"
    assert center_of(stones(root)["h8"]) == expected_center("h8", margin=svg.PLAIN_MARGIN)
    assert svg.point_center(P("h8"), 15, coordinates=False) == expected_center("h8", margin=svg.PLAIN_MARGIN)


def test_star_points() -> None:
    assert [str(p) for p in svg.star_points(15)] == ["d4", "l4", "h8", "d12", "l12"]
    assert [str(p) for p in svg.star_points(19)] == [
        "d4",
        "j4",
        "p4",
        "d10",
        "j10",
        "p10",
        "d16",
        "j16",
        "p16",
    ]
    assert [str(p) for p in svg.star_points(7)] == ["d4"]
    assert [str(p) for p in svg.star_points(9)] == ["c3", "g3", "e5", "c7", "g7"]
    root = parse(svg.board())
    stars = {c.get("class", "").split()[-1]: center_of(c) for c in classed(root, "circle", "star")}
    assert stars == {name: expected_center(name) for name in ("d4", "l4", "h8", "d12", "l12")}


def test_a_20x20_board_has_four_star_points_and_no_centre() -> None:
    # An even board (gomoku, Gomocup's 20x20) has no centre point to mark.
    assert [str(p) for p in svg.star_points(20)] == ["d4", "q4", "d17", "q17"]
    position = Position.from_stones("a1 t20", "k10", rules=GOMOKU_FREESTYLE.replace(board_size=20))
    root = parse(svg.board(position))
    extent = 2 * svg.MARGIN + 19 * svg.SQUARE_SIZE
    assert root.get("viewBox") == f"0 0 {extent} {extent}"
    assert len(classed(root, "circle", "star")) == 4


@pytest.mark.parametrize("size", [7, 9, 13, 15, 19, 25])
def test_every_board_size(size: int) -> None:
    centre = Point(size // 2, size // 2)
    position = Position([centre, Point(0, 0), Point(size // 2 + 1, size // 2)], rules=sized(size))
    root = parse(svg.board(position))
    extent = 2 * svg.MARGIN + (size - 1) * svg.SQUARE_SIZE
    assert root.get("viewBox") == f"0 0 {extent} {extent}"
    drawn = stones(root)
    assert len(drawn) == 3
    assert center_of(drawn["a1"]) == expected_center("a1", size)
    assert center_of(drawn[str(centre)]) == (extent // 2, extent // 2)
    assert sorted(set(coordinate_labels(root, "column"))) == list(COLUMNS[:size])
    assert sorted(set(coordinate_labels(root, "row")), key=int) == [str(n) for n in range(1, size + 1)]
    grid = [e for e in root.iter(NS + "line") if e.get("class") is None]
    assert len(grid) == 2 * (size - 2)  # the inner lines; the outermost are the border rectangle
    assert classed(root, "rect", "border")[0].get("width") == str((size - 1) * svg.SQUARE_SIZE)


def test_deterministic() -> None:
    game = "h8i9j10g8i7i8g10j8k8"
    assert svg.board(Position(game)) == svg.board(Position(game))
    assert svg.board(Position(DOUBLE_THREE), size=300) == svg.board(Position(DOUBLE_THREE), size=300)


def test_repr_svg_is_the_board() -> None:
    position = Position(DOUBLE_THREE)
    assert position._repr_svg_() == svg.board(position)


def test_colours_and_style_can_be_changed() -> None:
    root = parse(
        svg.board(Position("h8i9"), colors={"board": "#ffffff", "black stone": "navy"}, style=".x{}")
    )
    assert classed(root, "rect", "board")[0].get("fill") == "#ffffff"
    assert stones(root)["h8"].get("fill") == "navy"
    assert stones(root)["i9"].get("fill") == svg.DEFAULT_COLORS["white stone"]
    style = root.find(NS + "style")
    assert style is not None and style.text == ".x{}"
    with pytest.raises(ValueError, match="unknown colour key 'wood'"):
        svg.board(colors={"wood": "#000"})


def test_colour_values_are_escaped() -> None:
    parse(svg.board(Position("h8"), colors={"board": '"<&>'}))


def test_three_digit_move_numbers_are_smaller() -> None:
    rng = random.Random(7)
    position = Position(rules=GOMOKU_FREESTYLE)
    while position.ply < 101:
        for move in rng.sample(list(position.legal_moves), k=len(position.legal_moves)):
            position.push(move)
            if position.outcome() is None:
                break
            position.pop()
    root = parse(svg.board(position))
    sizes = {t.text: int(t.get("font-size", "")) for t in classed(root, "text", "move-number")}
    assert len(sizes) == 101
    assert sizes["100"] < sizes["99"] == sizes["1"]


@settings(max_examples=30, deadline=None)
@given(st.integers(0, 2**32 - 1), st.sampled_from([7, 9, 15, 19]), st.integers(0, 60))
def test_stones_drawn_equal_stones_on_board(seed: int, size: int, length: int) -> None:
    rng = random.Random(seed)
    position = Position(rules=sized(size))
    while position.ply < length and not position.is_over:
        moves = list(position.legal_moves)
        if not moves or rng.random() < 0.05:
            position.push(PASS)
        else:
            position.push(rng.choice(moves))
    root = parse(svg.board(position))
    assert len(stones(root)) == position.stone_count
    numbers = classed(root, "text", "move-number")
    assert len(numbers) == position.stone_count
    assert {t.get("class", "").split()[-1] for t in numbers} == set(stones(root))
