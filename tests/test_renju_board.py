"""``Position``: moves, push/pop, hashing, outcomes and draws, legal moves, text board."""

from __future__ import annotations

import random

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taku.renju import (
    BLACK,
    GOMOKU_FREESTYLE,
    GOMOKU_STANDARD,
    PASS,
    PRESETS,
    RENJU,
    RIF_RENJU,
    WHITE,
    Color,
    IllegalMoveError,
    InvalidNotationError,
    Move,
    Outcome,
    Point,
    Position,
    RenjuRules,
    Termination,
    all_points,
)
from tests.renju_helpers import forbidden_only_moves

P = Point.from_str


def snapshot(position: Position) -> tuple[object, ...]:
    """Everything observable about a position, for before/after comparisons."""
    return (
        position.stones(BLACK),
        position.stones(WHITE),
        position.turn,
        position.move_stack,
        position.zobrist_hash(),
        position.outcome(),
        position.stone_count,
        position.forbidden_points(),
    )


def rebuilt(position: Position) -> Position:
    """The same stones and side to move, set up from scratch."""
    return Position.from_stones(
        position.stones(BLACK), position.stones(WHITE), turn=position.turn, rules=position.rules
    )


# -- moves and history ------------------------------------------------------------------------


def test_new_position_is_empty_with_black_to_move() -> None:
    position = Position()
    assert position.turn is BLACK
    assert position.move_stack == () and position.ply == 0 and position.stone_count == 0
    assert position.outcome() is None and not position.is_over and not position.is_game_over()
    assert position.size == 15 and position.rules == RENJU


def test_push_pop_and_history() -> None:
    position = Position("h8i9")
    assert position.move_stack == (P("h8"), P("i9"))
    assert position.color_at("h8") is BLACK and position.color_at(P("i9")) is WHITE
    assert position.color_at("a1") is None
    assert (position.turn, position.peek()) == (BLACK, P("i9"))
    assert position.pop() == P("i9")
    assert position.turn is WHITE and position.color_at("i9") is None
    assert position.move_string() == "h8"


def test_push_str_and_push_moves() -> None:
    position = Position()
    assert position.push_str("h8") == P("h8")
    position.push_moves([P("i9"), PASS])
    position.push_moves("j10")
    assert position.move_string() == "h8i9passj10"
    with pytest.raises(InvalidNotationError):
        position.push_str("k11l12")


def test_push_is_legal_and_legal_moves_take_point_names_and_store_points() -> None:
    position = Position(["h8", "i9"])
    assert position.move_stack == (P("h8"), P("i9"))
    assert all(type(move) is Point for move in position.move_stack)
    assert position.is_legal("a1") and not position.is_legal("h8") and not position.is_legal("p16")
    assert "a1" in position.legal_moves and "h8" not in position.legal_moves
    assert "zz" not in position.legal_moves and 7 not in position.legal_moves
    position.push("pass")
    position.push(" J10 ")
    played: tuple[Move, ...] = position.move_stack  # (mypy narrowed the property above)
    assert position.peek() == P("j10") and played[2:] == (PASS, P("j10"))
    assert position.pop() == P("j10") and position.is_legal("pass")
    assert Position.from_stones(["h8"], [P("i9")], moves=["j10"]).move_stack == (P("j10"),)


@pytest.mark.parametrize("move", [(7, 7), 77, b"h8", ["h8"]])
def test_push_refuses_values_that_are_not_moves(move: object) -> None:
    position = Position("h8")
    with pytest.raises(TypeError, match="is not a move: expected a Point, PASS"):
        position.push(move)  # type: ignore[arg-type]
    with pytest.raises(TypeError, match="is not a move"):
        position.is_legal(move)  # type: ignore[arg-type]
    assert position.move_stack == (P("h8"),)


def test_text_that_names_no_move_is_an_invalid_notation_error() -> None:
    position = Position()
    for text in ("zz", "h8i9", ""):
        with pytest.raises(InvalidNotationError):
            position.push(text)
        with pytest.raises(InvalidNotationError):
            position.is_legal(text)
    with pytest.raises(TypeError, match=r"\(7, 7\) is not a point"):
        position.forbidden_reason((7, 7))  # type: ignore[arg-type]
    assert position.move_stack == ()


def test_pop_on_empty_history_raises_index_error() -> None:
    with pytest.raises(IndexError):
        Position().pop()


def test_point_off_the_board_is_named_in_the_error() -> None:
    with pytest.raises(IllegalMoveError, match="point p16 is off a 15x15 board"):
        Position("h8p16")


def test_taken_point_is_named_in_the_error() -> None:
    with pytest.raises(IllegalMoveError, match="point h8 is already taken"):
        Position("h8h8")


def test_illegal_move_is_a_value_error() -> None:
    assert issubclass(IllegalMoveError, ValueError)


def test_rj_14_first_move_at_the_centre_when_required() -> None:
    with pytest.raises(IllegalMoveError, match="centre point h8"):
        Position("a1", rules=RIF_RENJU)
    assert list(Position(rules=RIF_RENJU).legal_moves) == [P("h8")]
    assert Position(rules=RIF_RENJU).legal_moves.count() == 1
    big = RIF_RENJU.replace(board_size=19)
    assert list(Position(rules=big).legal_moves) == [P("j10")]
    assert not Position(rules=RIF_RENJU).is_legal("a1") and Position(rules=RIF_RENJU).is_legal("h8")
    # White's first move, and Black's first move after a setup, may go anywhere.
    assert Position("h8 a1", rules=RIF_RENJU).color_at("a1") is WHITE


def test_rj_14_cfg_rj_4_centre_not_required_by_default() -> None:
    # RULES.md RJ-14: "default: false per the seed; true for RIF" (the rif preset).
    assert not RENJU.first_move_center_required and RIF_RENJU.first_move_center_required
    assert Position("a1").color_at("a1") is BLACK
    assert len(Position().legal_moves) == 225
    assert RIF_RENJU == RENJU.replace(first_move_center_required=True) == RenjuRules.preset("rif")


def test_passing() -> None:
    position = Position("h8pass")
    assert position.turn is BLACK and position.peek() is PASS
    assert position.is_legal(PASS)
    no_pass = RENJU.replace(passes_allowed=False)
    with pytest.raises(IllegalMoveError, match="pass"):
        Position("h8pass", rules=no_pass)
    assert not Position(rules=no_pass).is_legal(PASS)


# -- hashing ------------------------------------------------------------------------------------


def test_hash_depends_on_stones_and_side_to_move_not_on_order() -> None:
    assert Position("h8i9j8").zobrist_hash() == Position("j8i9h8", rules=_free()).zobrist_hash()
    assert Position("h8i9").zobrist_hash() != Position("h8j9").zobrist_hash()
    assert Position("h8pass").zobrist_hash() != Position("h8").zobrist_hash()
    assert Position().zobrist_hash() == 0


def test_hash_is_reproducible_across_runs() -> None:
    # Keys come from a generator seeded by the board size only (no global random state), so these
    # golden values hold on every run and platform.
    assert Position("h8").zobrist_hash() == 0x6514E50AA9114938
    assert Position("h8i9").zobrist_hash() == 0x9EBE17B24B2DA528
    assert Position("j10", rules=RENJU.replace(board_size=19)).zobrist_hash() == 0xBEA63A1B4CE813DE


def test_setup_position_hash_equals_played_position_hash() -> None:
    played = Position("h8i9j10k11")
    assert rebuilt(played).zobrist_hash() == played.zobrist_hash()


# -- outcomes -----------------------------------------------------------------------------------


def test_rj_01_black_wins_with_five() -> None:
    position = Position("h8a1i8a3j8a5k8a7l8")
    assert position.outcome() == Outcome(Termination.FIVE, BLACK)
    assert position.outcome() is not None and position.outcome().result() == "1-0"  # type: ignore[union-attr]
    assert position.legal_moves.count() == 0 and not position.legal_moves
    with pytest.raises(IllegalMoveError, match="game is over"):
        position.push(P("m8"))


def test_rj_11_white_wins_with_five_or_more() -> None:
    # White d8 e8 f8 h8 i8 then g8 makes six: a win for White (TV-RJ-13).
    position = Position.from_stones("a1 a3 a5 a7 a9", "d8 e8 f8 h8 i8", turn=WHITE, moves="g8")
    assert position.outcome() == Outcome(Termination.OVERLINE, WHITE)
    assert position.outcome().result() == "0-1"  # type: ignore[union-attr]


def test_gomoku_standard_overline_does_not_win() -> None:
    position = Position.from_stones("d8 e8 f8 h8 i8", "a1 a3 a5", rules=GOMOKU_STANDARD, moves="g8")
    assert position.outcome() is None
    white = Position.from_stones("a1 a3 a5", "d8 e8 f8 h8 i8", turn=WHITE, rules=GOMOKU_STANDARD, moves="g8")
    assert white.outcome() is None


def test_gomoku_freestyle_overline_wins_for_black() -> None:
    position = Position.from_stones("d8 e8 f8 h8 i8", "a1 a3 a5", rules=GOMOKU_FREESTYLE, moves="g8")
    assert position.outcome() == Outcome(Termination.OVERLINE, BLACK)


def test_rj_12_forbidden_move_black_loses_by_default() -> None:
    position = Position.from_stones("g8 i8 h7 h9", "a1 a3 a5 a7", moves="h8")
    assert position.outcome() == Outcome(Termination.FORBIDDEN, WHITE, "double-three")
    assert str(position.outcome()) == "White wins (Black's forbidden move, double-three)"


def test_rj_12_forbidden_move_rejected_when_the_rules_say_so() -> None:
    rules = RENJU.replace(forbidden_move="reject")
    position = Position.from_stones("g8 i8 h7 h9", "a1 a3 a5 a7", rules=rules)
    before = snapshot(position)
    with pytest.raises(IllegalMoveError, match=r"h8 is forbidden for Black \(double-three\)"):
        position.push(P("h8"))
    assert snapshot(position) == before


def test_rj_15_full_board_is_a_draw() -> None:
    # A 7x7 filling with no five anywhere: colour = (x // 2 + y) % 2.
    rules = RenjuRules(board_size=7, first_move_center_required=False)
    colour = {p: BLACK if (p.x // 2 + p.y) % 2 == 0 else WHITE for p in all_points(7)}
    last = P("g7")
    assert colour[last] is WHITE
    black = [p for p, c in colour.items() if c is BLACK]
    white = [p for p, c in colour.items() if c is WHITE and p != last]
    position = Position.from_stones(black, white, turn=WHITE, rules=rules)
    assert position.outcome() is None
    position.push(last)
    assert position.outcome() == Outcome(Termination.FULL_BOARD, None)
    assert position.outcome().result() == "1/2-1/2"  # type: ignore[union-attr]
    assert str(position.outcome()) == "draw (full board)"


def test_rj_15_two_passes_in_a_row_draw() -> None:
    assert Position("h8passi9pass").outcome() is None
    assert Position("h8passpass").outcome() == Outcome(Termination.TWO_PASSES, None)
    position = Position("h8passpass")
    position.pop()
    assert position.outcome() is None


def test_rj_15_black_with_only_forbidden_points_and_no_pass_draws() -> None:
    """Under ``reject`` with no passes, a White move that leaves Black only forbidden points (three
    overline points, RJ-05) ends the game as a draw: Black can neither play nor pass. With passes
    (or under ``black_loses``) the same moves leave the game on."""
    moves = forbidden_only_moves()
    stuck = RENJU.replace(passes_allowed=False, forbidden_move="reject")
    position = Position(moves, rules=stuck)
    assert position.outcome() == Outcome(Termination.NO_MOVE, None)
    assert str(position.outcome()) == "draw (no legal move)" and not position.legal_moves
    before = Position(moves, rules=stuck)
    before.pop()  # White to move: the game was on before the move that left Black stuck
    assert before.outcome() is None and before.turn is WHITE
    for rules in (RENJU, RENJU.replace(passes_allowed=False), RENJU.replace(forbidden_move="reject")):
        going_on = Position(moves, rules=rules)
        assert going_on.outcome() is None, rules
    assert Position("h8i9", rules=stuck).outcome() is None  # Black has points left: no draw


def test_move_limit_draws() -> None:
    rules = RENJU.replace(move_limit=4)
    position = Position("h8i9j10", rules=rules)
    assert position.outcome() is None
    position.push(P("a1"))
    assert position.outcome() == Outcome(Termination.MOVE_LIMIT, None)
    assert Position("h8i9passj10", rules=rules).outcome() is None  # passes are not stones


def test_rj_15_move_limit_counts_stones_on_the_board_setup_included_passes_not() -> None:
    rules = RENJU.replace(move_limit=5)
    position = Position.from_stones("a1 a3", "o15", turn=WHITE, rules=rules)  # 3 stones set up
    position.push("pass")  # White passes
    position.push("b1")
    assert position.stone_count == 4 and position.ply == 2 and position.outcome() is None
    position.push("pass")
    assert position.outcome() is None  # a pass is no stone
    position.push("o1")
    assert position.stone_count == 5 and position.outcome() == Outcome(Termination.MOVE_LIMIT, None)
    # A setup that already holds the limit does not end the game; the next stone does.
    full = Position.from_stones("a1 a3 a5", "o15 o13", rules=rules)
    assert full.outcome() is None
    full.push("h8")
    assert full.outcome() == Outcome(Termination.MOVE_LIMIT, None)


def test_five_on_the_move_that_reaches_the_move_limit_wins() -> None:
    rules = RenjuRules(board_size=7, first_move_center_required=False, move_limit=9)
    position = Position("a1b7a2b6a3b5a4b4a5", rules=rules)
    assert position.stone_count == 9
    assert position.outcome() == Outcome(Termination.FIVE, BLACK)


# -- legal moves ---------------------------------------------------------------------------------


def test_legal_moves_exclude_black_fouls_but_not_for_white() -> None:
    position = Position.from_stones("g8 i8 h7 h9", "a1 a3 a5 a7")
    assert P("h8") not in position.legal_moves and not position.is_legal(P("h8"))
    assert P("h10") in position.legal_moves
    assert position.legal_moves.count() == 225 - 8 - 1
    assert "LegalMoveGenerator" in repr(position.legal_moves)
    white = Position.from_stones("g8 i8 h7 h9", "a1 a3 a5", turn=WHITE)
    assert P("h8") in white.legal_moves
    assert PASS not in position.legal_moves and position.is_legal(PASS)
    assert not position.is_legal(P("a1")) and not position.is_legal(Point(20, 20))


def test_legal_move_generator_repr_is_short() -> None:
    text = repr(Position().legal_moves)
    assert text.startswith("<LegalMoveGenerator at 0x") and text.endswith(
        "(a1, b1, c1, d1, e1, f1, g1, h1, ... 225 moves)>"
    )
    assert repr(Position("h8i8h9i9h10i10h11i11h12").legal_moves).endswith(" ()>")  # the game is over
    few = Position.from_stones(
        [],
        [Point(x, y) for x in range(7) for y in range(7) if (x, y) != (0, 0)],
        rules=RenjuRules(board_size=7),
    )
    assert repr(few.legal_moves).endswith(" (a1)>")


# -- copies, symmetry, repr ---------------------------------------------------------------------------


def test_copy_is_independent() -> None:
    position = Position("h8i9")
    other = position.copy()
    other.push(P("j10"))
    assert position.move_stack == (P("h8"), P("i9"))
    assert snapshot(other.copy()) == snapshot(other)


def test_transform_maps_stones_and_moves() -> None:
    position = Position("h8i9j10")
    rotated = position.transform(1)
    assert rotated.move_string() == "h8g9f10"
    setup = Position.from_stones("a1", "b1", turn=WHITE, rules=_free()).transform(4)
    assert setup.stones(BLACK) == (P("o1"),) and setup.turn is WHITE


@pytest.mark.parametrize(
    "position",
    [
        Position(),
        Position("h8i9passj10"),
        Position("j10", rules=RENJU.replace(board_size=19)),
        Position("a1", rules=GOMOKU_FREESTYLE),
        Position.from_stones("h8 i8", "a1", turn=WHITE, moves="b2"),
    ],
)
def test_repr_is_eval_able(position: Position) -> None:
    text = repr(position)
    assert snapshot(eval(text)) == snapshot(position), text


# -- text board ---------------------------------------------------------------------------------


def test_text_board_marks_last_move_and_forbidden_points() -> None:
    position = Position("h8a1j8a3i7a5i9a7")
    text = position.unicode(ascii=True)
    lines = text.splitlines()
    assert lines[0] == "   a b c d e f g h i j k l m n o"
    assert lines[8] == " 8 . . . . . . . X 3 X . . . . . 8"
    assert lines[9] == " 7(O). . . . . . . X . . . . . . 7"
    assert "3 4 6: forbidden to Black (double-three, double-four, overline)" in text
    assert lines[-1] == "Black to move"
    assert str(position) == "\n".join(lines[:17])
    fancy = position.unicode()
    assert "●" in fancy and "○" in fancy


def test_text_board_shows_the_result() -> None:
    position = Position("h8a1j8a3i7a5i9a7i8")
    assert position.unicode().splitlines()[-1] == (
        "game over: White wins (Black's forbidden move, double-three)"
    )
    assert position.unicode(ascii=True).splitlines()[8] == " 8 . . . . . . . X(X)X . . . . . 8"


# -- properties ---------------------------------------------------------------------------------

RULE_SETS = st.sampled_from(
    [rules.replace(first_move_center_required=False) for rules in PRESETS.values()]
    + [
        RENJU.replace(threat_definition="basic"),
        RENJU.replace(eye_makes_five="three"),
        RENJU.replace(forbidden_move="reject", first_move_center_required=False),
    ]
)


@st.composite
def setups(draw: st.DrawFn) -> Position:
    """A random position: stones set up near the centre, under random rules and board size."""
    rules = draw(RULE_SETS).replace(board_size=draw(st.sampled_from([7, 9, 15])))
    size = rules.board_size
    points = draw(st.lists(st.sampled_from(list(all_points(size))), unique=True, max_size=size * 3))
    half = draw(st.integers(0, len(points)))
    turn = draw(st.sampled_from([BLACK, WHITE]))
    return Position.from_stones(points[:half], points[half:], turn=turn, rules=rules)


@settings(max_examples=150, deadline=None)
@given(setups(), st.data())
def test_push_then_pop_restores_the_position_and_its_hash(position: Position, data: st.DataObject) -> None:
    empty = [p for p in all_points(position.size) if position.color_at(p) is None]
    move = data.draw(st.sampled_from([*empty, PASS]))
    before = snapshot(position)
    try:
        position.push(move)
    except IllegalMoveError:
        assert snapshot(position) == before
        return
    assert position.zobrist_hash() == rebuilt(position).zobrist_hash()
    assert position.pop() == move
    assert snapshot(position) == before


@settings(max_examples=40, deadline=None)
@given(RULE_SETS, st.sampled_from([7, 9, 11]), st.integers(0, 2**32))
def test_random_legal_games_keep_the_board_consistent(rules: RenjuRules, size: int, seed: int) -> None:
    rng = random.Random(seed)
    position = Position(rules=rules.replace(board_size=size))
    while not position.is_over:
        moves = list(position.legal_moves)
        assert all(position.color_at(move) is None for move in moves)
        empty = [p for p in all_points(size) if position.color_at(p) is None]
        roll = rng.random()
        if not empty or roll < 0.03:
            position.push(PASS)
        elif roll < 0.13 or not moves:
            # Any empty point, forbidden or not: a foul loses or is rejected, as the rules say.
            move = rng.choice(empty)
            before = snapshot(position)
            try:
                position.push(move)
            except IllegalMoveError:
                assert move not in moves and snapshot(position) == before
        else:
            position.push(rng.choice(moves))
        _check_consistent(position)
    outcome = position.outcome()
    assert outcome is not None and not position.legal_moves
    if outcome.termination is Termination.FORBIDDEN:
        assert outcome.winner is WHITE and outcome.foul is not None
    while position.move_stack:
        position.pop()
        _check_consistent(position)
    assert position.zobrist_hash() == 0 and position.stone_count == 0


def _check_consistent(position: Position) -> None:
    black, white = position.stones(BLACK), position.stones(WHITE)
    placed = [m for m in position.move_stack if m is not None]
    assert len(black) + len(white) == position.stone_count == len(placed)
    assert len(set(placed)) == len(placed)
    for number, move in enumerate(position.move_stack):
        if move is not None:
            assert position.color_at(move) is (BLACK if number % 2 == 0 else WHITE)
    assert position.turn is (BLACK if len(position.move_stack) % 2 == 0 else WHITE)
    fresh = rebuilt(position)
    assert fresh.zobrist_hash() == position.zobrist_hash()
    assert fresh.forbidden_points() == position.forbidden_points()


def _free() -> RenjuRules:
    return RENJU.replace(first_move_center_required=False)


def test_colour_values_are_the_stone_codes() -> None:
    assert int(Color.BLACK) == 1 and int(Color.WHITE) == 2


def test_winning_line_lists_the_five_or_the_overline() -> None:
    five = Position("h8a1i8a3j8a5k8a7l8")
    assert five.winning_line() == tuple(P(name) for name in ("h8", "i8", "j8", "k8", "l8"))
    six = Position.from_stones("a1 a3 a5 a7 a9", "d9 e10 f11 h13 i14", turn=WHITE, moves="g12")
    assert six.outcome() == Outcome(Termination.OVERLINE, WHITE)
    assert six.winning_line() == tuple(P(n) for n in ("d9", "e10", "f11", "g12", "h13", "i14"))
    assert Position("h8").winning_line() == ()
    assert Position.from_stones("g8 i8 h7 h9", "a1", moves="h8").winning_line() == ()


@pytest.mark.parametrize(
    ("five", "last"),
    [
        ("t16 t17 t18 t19", "t20"),  # the right edge, up to the corner
        ("a1 b1 c1 d1", "e1"),  # the bottom edge, from the corner
        ("p20 q20 r20 s20", "t20"),  # the top edge
        ("a16 a17 a18 a19", "a20"),  # the left edge
        ("p16 q17 r18 s19", "t20"),  # the long diagonal into the corner t20
        ("a20 b19 c18 d17", "e16"),  # the anti-diagonal from the corner a20
    ],
)
def test_five_on_the_edge_of_a_20x20_freestyle_board_wins(five: str, last: str) -> None:
    # RJ-08 / RJ-11 (five or more wins in freestyle) on Gomocup's 20x20 board, where the last line,
    # row 20 and column t, exists only on boards larger than 19x19.
    rules = GOMOKU_FREESTYLE.replace(board_size=20)
    position = Position.from_stones(five, "j9 j10 j11 k12", turn=BLACK, rules=rules)
    assert position.outcome() is None
    position.push(last)
    assert position.outcome() == Outcome(Termination.FIVE, BLACK)
    assert Point.from_str(last) in position.winning_line() and len(position.winning_line()) == 5


def test_a_20x20_board_has_400_points_and_no_centre_rule() -> None:
    rules = GOMOKU_STANDARD.replace(board_size=20)
    position = Position(rules=rules)
    assert len(list(position.legal_moves)) == 400
    position.push("a1")  # the first stone anywhere: there is no centre point to require (RJ-14)
    assert position.stone_count == 1
    with pytest.raises(IllegalMoveError, match="off a 20x20 board"):
        position.push(Point(20, 0))
    assert position.stone_count == 1


@settings(max_examples=10, deadline=None)
@given(st.sampled_from([GOMOKU_FREESTYLE, GOMOKU_STANDARD]), st.sampled_from([8, 20]), st.integers(0, 2**32))
def test_random_games_on_even_boards_end_by_five_or_a_full_board(
    rules: RenjuRules, size: int, seed: int
) -> None:
    rng = random.Random(seed)
    position = Position(rules=rules.replace(board_size=size, passes_allowed=False))
    while not position.is_over:
        position.push(rng.choice(list(position.legal_moves)))
        assert position.zobrist_hash() == rebuilt(position).zobrist_hash()
    outcome = position.outcome()
    assert outcome is not None
    assert outcome.winner is None or len(position.winning_line()) >= 5
    assert outcome.winner is not None or position.stone_count == size * size
