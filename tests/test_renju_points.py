"""Points, colours and move notation: RIF names, Gomocup x,y, move strings, board symmetries."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st

from taku.renju import (
    BLACK,
    PASS,
    SYMMETRIES,
    WHITE,
    Color,
    InvalidNotationError,
    Point,
    all_points,
    move_string,
    parse_moves,
    transform,
)
from taku.renju.openings import Offer, Place, Select

SIZES = st.sampled_from(range(7, 26))  # odd (renju) and even (gomoku, 20 for Gomocup) sizes


def test_h8_is_the_centre_of_15x15() -> None:
    assert Point.from_str("h8") == Point(7, 7)
    assert str(Point(7, 7)) == "h8"
    assert Point.from_str("a1") == Point(0, 0)  # bottom left: rows count from the bottom
    assert Point.from_str("o15") == Point(14, 14)


def test_column_letters_do_not_skip_i_and_reach_y_on_25x25() -> None:
    assert str(Point(8, 0)) == "i1"
    assert Point.from_str("y25") == Point(24, 24)
    assert Point.from_str("p16").on_board(19)
    assert not Point.from_str("p16").on_board(15)


def test_point_names_are_case_and_blank_insensitive() -> None:
    assert Point.from_str(" H8 ") == Point(7, 7)


@pytest.mark.parametrize("text", ["", "h", "8", "h0", "h26", "z1", "hh8", "h8i9", "8h", "h-1"])
def test_bad_point_names_raise_invalid_notation_naming_the_input(text: str) -> None:
    with pytest.raises(InvalidNotationError, match=repr(text).replace("(", r"\(")):
        Point.from_str(text)


def test_invalid_notation_is_a_value_error() -> None:
    assert issubclass(InvalidNotationError, ValueError)


def test_repr_is_eval_able() -> None:
    point = Point.from_str("j10")
    assert repr(point) == "Point.from_str('j10')"
    assert eval(repr(point)) == point


def test_gomocup_points_at_the_corners_of_a_20x20_board_round_trip() -> None:
    # Gomocup's freestyle board: 0,0 is the top left (a20), 19,19 the bottom right (t1).
    assert Point.from_gomocup("0,0", 20) == Point.from_str("a20") == Point(0, 19)
    assert Point.from_gomocup("19,19", 20) == Point.from_str("t1") == Point(19, 0)
    assert Point.from_str("a20").gomocup(20) == "0,0" and Point.from_str("t1").gomocup(20) == "19,19"
    assert Point.from_gomocup("10,10", 20).gomocup(20) == "10,10"
    with pytest.raises(InvalidNotationError, match="'20,0' is off a 20x20 board"):
        Point.from_gomocup("20,0", 20)
    assert Point.from_str("t20", 20) == Point(19, 19)
    with pytest.raises(InvalidNotationError, match="on a 20x20 board"):
        Point.from_str("u1", 20)


def test_gomocup_y_counts_from_the_top() -> None:
    assert Point.from_gomocup("7,7", 15) == Point.from_str("h8")
    assert Point.from_gomocup("0,0", 15) == Point.from_str("a15")
    assert Point.from_gomocup("14,14", 15) == Point.from_str("o1")
    assert Point.from_str("a1").gomocup(15) == "0,14"
    assert Point.from_str("j10").gomocup(19) == "9,9"


@pytest.mark.parametrize("text", ["7", "7,7,7", "a,b", "-1,3", "15,0", "²,1", "７,7"])
def test_bad_gomocup_points_raise(text: str) -> None:
    with pytest.raises(InvalidNotationError):
        Point.from_gomocup(text, 15)


def test_move_strings_run_points_together() -> None:
    assert parse_moves("h8i9j10") == [Point(7, 7), Point(8, 8), Point(9, 9)]
    assert parse_moves("h8 i9, j10") == parse_moves("h8i9j10")
    assert parse_moves("a15a1") == [Point(0, 14), Point(0, 0)]
    assert parse_moves("") == []
    assert move_string(parse_moves("h8i9j10")) == "h8i9j10"


def test_passes_in_move_strings() -> None:
    moves = parse_moves("h8passi9 PASS")
    assert moves == [Point(7, 7), PASS, Point(8, 8), PASS]
    assert move_string(moves) == "h8passi9pass"


@pytest.mark.parametrize("text", ["h8x", "h8 9", "h8i", "h8;i9", "h8z3"])
def test_bad_move_strings_raise_naming_the_input(text: str) -> None:
    with pytest.raises(InvalidNotationError, match="not a"):
        parse_moves(text)


def test_colours() -> None:
    assert BLACK.other is WHITE and WHITE.other is BLACK
    assert repr(BLACK) == "Color.BLACK" and eval(repr(WHITE)) is Color.WHITE
    assert str(BLACK) == "black"


@given(SIZES, st.data())
def test_point_notation_round_trips(size: int, data: st.DataObject) -> None:
    point = Point(data.draw(st.integers(0, size - 1)), data.draw(st.integers(0, size - 1)))
    assert Point.from_str(str(point)) == point
    assert Point.from_gomocup(point.gomocup(size), size) == point
    assert Point.from_index(point.to_index(size), size) == point
    assert eval(repr(point)) == point


@given(st.lists(st.one_of(st.none(), st.builds(Point, st.integers(0, 24), st.integers(0, 24)))))
def test_move_string_round_trips(moves: list[Point | None]) -> None:
    assert parse_moves(move_string(moves)) == moves
    assert parse_moves(move_string(moves, " ")) == moves


@given(SIZES)
def test_the_eight_symmetries_are_distinct_permutations_fixing_the_middle(size: int) -> None:
    points = list(all_points(size))
    images = set()
    for symmetry in range(SYMMETRIES):
        image = tuple(transform(p, symmetry, size) for p in points)
        assert sorted(image) == sorted(points)
        middle = {Point(x, y) for x in {(size - 1) // 2, size // 2} for y in {(size - 1) // 2, size // 2}}
        assert {transform(p, symmetry, size) for p in middle} == middle  # the centre, or the four round it
        images.add(image)
    assert len(images) == SYMMETRIES


def test_rotation_goes_counter_clockwise() -> None:
    assert transform(Point.from_str("o8"), 1, 15) == Point.from_str("h15")
    assert transform(Point.from_str("a1"), 4, 15) == Point.from_str("o1")



# --- bad input: a value that is not text, a huge text (both builds) ------------------------------

PARSERS: dict[str, Callable[[Any], object]] = {
    "Point.from_str": Point.from_str,
    "Point.from_gomocup": lambda value: Point.from_gomocup(value, 15),
    "parse_moves": parse_moves,
    "Place.from_str": Place.from_str,
    "Offer.from_str": Offer.from_str,
    "Select.from_str": Select.from_str,
}


@pytest.mark.parametrize("name", PARSERS)
@pytest.mark.parametrize("value", [None, 8, True, ["h8"], ("h8",), b"h8"], ids=repr)
def test_renju_notation_parsers_refuse_a_value_that_is_not_text(name: str, value: Any) -> None:
    with pytest.raises(InvalidNotationError, match="is not a"):
        PARSERS[name](value)


@pytest.mark.parametrize("name", PARSERS)
def test_renju_notation_parsers_cut_a_huge_text_short_in_the_error(name: str) -> None:
    """The bad text is named by its first 40 characters and an ellipsis, not repeated whole."""
    with pytest.raises(InvalidNotationError) as caught:
        PARSERS[name]("q" * 100_000)
    message = str(caught.value)
    assert "'" + "q" * 38 + "…" in message and "q" * 40 not in message and len(message) < 300
