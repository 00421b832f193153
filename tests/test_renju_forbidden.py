"""Black's forbidden moves: the RJ rules, RIF 9.2/9.3 and the test vectors TV-RJ-01..15 (RULES.md §11.7)."""

from __future__ import annotations

import importlib

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from taku.build import is_compiled
from taku.renju import (
    BLACK,
    GOMOKU_FREESTYLE,
    GOMOKU_STANDARD,
    RENJU,
    SYMMETRIES,
    WHITE,
    IllegalMoveError,
    MoveThreats,
    Outcome,
    Point,
    Position,
    RenjuRules,
    Termination,
    forbidden_points,
    forbidden_reason,
    threats,
    transform,
)

P = Point.from_str
BASIC = RENJU.replace(threat_definition="basic")
DEFINITIONS = {"basic": BASIC, "extended": RENJU}


def line(pattern: str, rules: RenjuRules = RENJU) -> tuple[Position, Point]:
    """A 15x15 position with ``pattern`` on row 8 and nothing else; ``*`` is the point Black plays.

    ``B`` black, ``W`` white, ``.`` empty; a leading ``|`` puts the pattern against the left edge,
    otherwise it starts at column c.
    """
    start = 0 if pattern.startswith("|") else 2
    black, white, probe = [], [], None
    for offset, symbol in enumerate(pattern.lstrip("|")):
        point = Point(start + offset, 7)
        if symbol == "B":
            black.append(point)
        elif symbol == "W":
            white.append(point)
        elif symbol == "*":
            probe = point
    assert probe is not None
    return Position.from_stones(black, white, rules=rules), probe


def line_threats(pattern: str, definition: str) -> MoveThreats:
    position, probe = line(pattern, DEFINITIONS[definition])
    return position.threats(probe)


def reason(black: str, white: str, probe: str, rules: RenjuRules = RENJU) -> str | None:
    return Position.from_stones(black, white, rules=rules).forbidden_reason(probe)


# -- TV-RJ-01..07: single lines under both threat definitions (CFG-RJ-1) -------------------------


@pytest.mark.parametrize(
    ("vector", "pattern", "basic", "extended"),
    [
        ("TV-RJ-01", "..BB*..", 1, 1),
        ("TV-RJ-02", "|BB*...", 0, 0),  # half-open because of the edge / cannot become a straight four
        ("TV-RJ-03", "WBB*..", 0, 0),
        ("TV-RJ-04", "W.BB*.W", 1, 0),  # literal "open" vs. no straight four possible
        ("TV-RJ-05", "..BB.*..", 0, 1),  # gap: not a basic three, an extended one
    ],
)
def test_tv_rj_01_to_05_threes(vector: str, pattern: str, basic: int, extended: int) -> None:
    assert line_threats(pattern, "basic") == MoveThreats(False, False, 0, basic), vector
    assert line_threats(pattern, "extended") == MoveThreats(False, False, 0, extended), vector


def test_tv_rj_06_three_with_a_stray_stone_is_an_extended_four() -> None:
    assert line_threats(".BB*.B.", "basic") == MoveThreats(False, False, 0, 1)
    assert line_threats(".BB*.B.", "extended") == MoveThreats(False, False, 1, 0)


@pytest.mark.parametrize(("pattern", "fours"), [(".BBB*.", 1), ("WBBB*.", 1), ("WBBB*W", 0)])
@pytest.mark.parametrize("definition", ["basic", "extended"])
def test_tv_rj_07_open_half_open_and_closed_fours(pattern: str, fours: int, definition: str) -> None:
    assert line_threats(pattern, definition) == MoveThreats(False, False, fours, 0)


# -- TV-RJ-08..15: positions -------------------------------------------------------------------


@pytest.mark.parametrize("definition", ["basic", "extended"])
def test_tv_rj_08_rj_04_double_three_forbidden(definition: str) -> None:
    assert reason("g8 i8 h7 h9", "", "h8", DEFINITIONS[definition]) == "double-three"


def test_tv_rj_09_rj_10_two_fours_on_one_line_are_a_double_four() -> None:
    position, probe = line("..B.B*B.B..")
    assert position.threats(probe).fours == 2
    assert position.forbidden_reason(probe) == "double-four"
    # The seed leaves it open for the basic definitions; only unbroken fours count there, so none.
    basic, probe = line("..B.B*B.B..", BASIC)
    assert basic.threats(probe).fours == 0 and basic.forbidden_reason(probe) is None


@pytest.mark.parametrize("definition", ["basic", "extended"])
def test_tv_rj_10_rj_04_double_four_forbidden(definition: str) -> None:
    assert reason("e8 f8 g8 h5 h6 h7", "", "h8", DEFINITIONS[definition]) == "double-four"


@pytest.mark.parametrize("definition", ["basic", "extended"])
def test_tv_rj_11_rj_04_four_three_allowed(definition: str) -> None:
    position = Position.from_stones("e8 f8 g8 h6 h7", "", rules=DEFINITIONS[definition])
    assert position.threats("h8") == MoveThreats(False, False, 1, 1)
    assert position.forbidden_reason("h8") is None


@pytest.mark.parametrize("definition", ["basic", "extended"])
def test_tv_rj_12_rj_05_overline_forbidden_and_black_loses(definition: str) -> None:
    rules = DEFINITIONS[definition]
    assert reason("c8 d8 e8 g8 h8", "", "f8", rules) == "overline"
    position = Position.from_stones("c8 d8 e8 g8 h8", "a1 a3 a5 a7", rules=rules, moves="f8")
    assert position.outcome() == Outcome(Termination.FORBIDDEN, WHITE, "overline")


def test_tv_rj_13_rj_11_white_wins_with_an_overline() -> None:
    position = Position.from_stones("a1 a3 a5 a7 a9", "c8 d8 e8 g8 h8", turn=WHITE, moves="f8")
    assert position.outcome() == Outcome(Termination.OVERLINE, WHITE)


def test_tv_rj_14_rj_11_white_may_make_a_double_three() -> None:
    position = Position.from_stones("a1 a15 o1 o15", "g8 i8 h7 h9", turn=WHITE)
    assert P("h8") in position.legal_moves
    position.push(P("h8"))
    assert position.outcome() is None
    # White's own shapes never make points forbidden to Black either.
    assert position.forbidden_points() == {}


@pytest.mark.parametrize("definition", ["basic", "extended"])
def test_tv_rj_15_rj_12_five_with_a_double_three_wins(definition: str) -> None:
    rules = DEFINITIONS[definition]
    black = "d8 e8 f8 g8 h7 h9 g7 i9"
    assert Position.from_stones(black, "", rules=rules).threats("h8").five
    assert reason(black, "", "h8", rules) is None
    position = Position.from_stones(black, "a1 a3 a5 a7 a9 a11 a13 c1", rules=rules, moves="h8")
    assert position.outcome() == Outcome(Termination.FIVE, BLACK)


# -- the rules by ID ------------------------------------------------------------------------------


def test_rj_08_black_five_is_exactly_five() -> None:
    position = Position.from_stones("d8 e8 f8 g8", "a1 a3 a5 a7", moves="h8")
    assert position.outcome() == Outcome(Termination.FIVE, BLACK)
    assert reason("d8 e8 f8 g8 i8", "", "h8") == "overline"


@pytest.mark.parametrize(
    ("pattern", "name"),
    [("B.BB*.B", "X.XXX.X"), ("BB.B*.BB", "XX.XX.XX"), ("BBB.*.BBB", "XXX.X.XXX")],
)
def test_rj_10_two_fours_on_one_line(pattern: str, name: str) -> None:
    position, probe = line(pattern)
    assert position.threats(probe).fours == 2, name
    assert position.forbidden_reason(probe) == "double-four", name


def test_rj_10_straight_four_is_one_four() -> None:
    position, probe = line("..BB*B..")
    assert position.threats(probe).fours == 1
    assert position.forbidden_reason(probe) is None


def test_rj_11_white_has_no_forbidden_moves() -> None:
    position = Position.from_stones("a1 a3 a5 a7 a9", "e8 f8 g8 h5 h6 h7 c8 d8", turn=WHITE)
    assert P("h8") in position.legal_moves
    assert position.forbidden_reason("h8") is None  # White's stones are not Black's


@pytest.mark.parametrize(
    ("black", "expected", "shape"),
    [
        ("g8 i8 h7 h9 g7 i9", "double-three", "3-3-3"),
        ("e8 f8 g8 h7 h9 g7 i9", "double-three", "4-3-3"),
        ("e8 f8 g8 h5 h6 h7 g7 i9", "double-four", "4-4-3"),
        ("e8 f8 g8 h5 h6 h7 g7 i9 g9 i7", "double-four", "4-4-3-3"),
        ("e8 f8 g8 h6 h7", None, "4-3"),
    ],
)
def test_rj_04_combined_threats(black: str, expected: str | None, shape: str) -> None:
    assert reason(black, "", "h8") == expected, shape


def test_rif_9_2_four_completed_only_by_an_overline_is_not_a_four() -> None:
    # Row 8: c8 d8 . f8 g8 h8: filling e8 makes six, so the row is no four; the column is one.
    position = Position.from_stones("c8 d8 f8 g8 h5 h6 h7", "")
    assert position.threats("h8") == MoveThreats(False, False, 1, 0)
    assert position.forbidden_reason("h8") is None


def test_rif_9_3_three_whose_straight_four_would_end_in_an_overline_is_not_a_three() -> None:
    # Row 8: B..BB*.W from c8: e8 would give e8-h8 with ends d8 and i8, but d8 then makes six
    # with c8; i8 would give a four blocked by j8. So it is no three, and h8 makes only the
    # column three: legal. Under the basic definitions f8 g8 h8 is an open three: 3-3.
    black, white = "c8 f8 g8 h7 h9", "j8"
    assert Position.from_stones(black, white).threats("h8").threes == 1
    assert reason(black, white, "h8") is None
    assert reason(black, white, "h8", BASIC) == "double-three"


def test_rif_9_3_three_completed_only_by_forbidden_moves_is_not_a_three() -> None:
    # g8 h8 i8 could become a straight four only at f8 or j8, and each of those is a double-four
    # (with f5 f6 f7 and j5 j6 j7): so the row is no three, and h8 is legal.
    black = "g8 i8 h7 h9 f5 f6 f7 j5 j6 j7"
    position = Position.from_stones(black, "")
    assert position.threats("h8").threes == 1
    assert position.forbidden_reason("h8") is None
    with_h8 = Position.from_stones(black + " h8", "")
    assert with_h8.forbidden_reason("f8") == "double-four"
    assert with_h8.forbidden_reason("j8") == "double-four"
    assert reason("g8 i8 h7 h9 f5 f6 j5 j6", "", "h8") == "double-three"  # f8/j8 now legal


def test_eye_makes_five_option_decides_whether_such_a_line_is_a_three() -> None:
    # quintet's "test_double_three_eye_makes_five": h8 makes two threes, but the point that turns
    # one of them into a straight four also makes a five on another line.
    black = "e10 f9 h9 f8 i8 g7 h7 g6 g5 g4"
    assert reason(black, "", "h8") is None  # literal RIF 9.3 (Gomocup referee): not a three
    assert reason(black, "", "h8", RENJU.replace(eye_makes_five="three")) == "double-three"


def test_a_move_making_five_is_never_forbidden() -> None:
    # RIF 9.2: five together with an overline, and with a double-four (tricky_positions.jsonl).
    assert reason("d8 e8 f8 g8 h6 h7 h9 h10 h11", "", "h8") is None
    assert reason("d8 e8 f8 g8 h5 h6 h7 k11 j10 i9", "", "h8") is None


def test_no_fouls_in_gomoku() -> None:
    for rules in (GOMOKU_FREESTYLE, GOMOKU_STANDARD):
        position = Position.from_stones("g8 i8 h7 h9 c8 d8 e8", "", rules=rules)
        assert position.forbidden_reason("h8") is None
        assert position.forbidden_points() == {}


def test_free_functions_match_methods_and_check_the_point() -> None:
    position = Position.from_stones("g8 i8 h7 h9", "")
    assert forbidden_points(position) == position.forbidden_points() == {P("h8"): "double-three"}
    assert forbidden_reason(position, "h8") == "double-three"
    assert threats(position, P("h8")) == MoveThreats(False, False, 0, 2)
    with pytest.raises(IllegalMoveError, match="point g8 is already taken"):
        forbidden_reason(position, "g8")
    with pytest.raises(IllegalMoveError, match="point p1 is off a 15x15 board"):
        position.is_forbidden("p1")


def test_forbidden_points_are_judged_whoever_is_to_move() -> None:
    position = Position.from_stones("g8 i8 h7 h9", "a1", turn=WHITE)
    assert position.forbidden_points() == {P("h8"): "double-three"}


def test_larger_boards_use_the_same_rules() -> None:
    rules = RENJU.replace(board_size=19)
    position = Position.from_stones("p16 r16 q15 q17", "", rules=rules)
    assert position.forbidden_points() == {P("q16"): "double-three"}


# -- RJ-02, RJ-03, RJ-06, RJ-07, RJ-09 in concrete positions (RULES.md chapter 10) -----------------


def test_rj_02_the_first_player_is_black() -> None:
    position = Position("h8 i9")
    assert position.color_at("h8") is BLACK and position.color_at("i9") is WHITE
    assert Position().turn is BLACK and position.turn is BLACK
    won = Position("h8 a1 i8 a3 j8 a5 k8 a7 l8")  # the first player's five
    outcome = won.outcome()
    assert outcome == Outcome(Termination.FIVE, BLACK) and outcome.result() == "1-0"


def test_rj_03_fouls_bind_the_first_player_only() -> None:
    # TV-RJ-08's double-three shape: forbidden to Black, a free move for White with the same stones.
    black = Position.from_stones("g8 i8 h7 h9", "a1 a3 a5 a7")
    assert not black.is_legal("h8") and "h8" not in black.legal_moves
    black.push("h8")
    assert black.outcome() == Outcome(Termination.FORBIDDEN, WHITE, "double-three")
    white = Position.from_stones("a1 a3 a5 a7 o15", "g8 i8 h7 h9", turn=WHITE)
    assert white.is_legal("h8") and "h8" in white.legal_moves
    white.push("h8")
    assert white.outcome() is None
    for rules in (GOMOKU_FREESTYLE, GOMOKU_STANDARD):  # without fouls the first player is free too
        assert Position.from_stones("g8 i8 h7 h9", "", rules=rules).is_legal("h8")


@pytest.mark.parametrize(
    ("black", "white", "threes", "shape"),
    [
        ("d8 e8 f6 f7", "", 2, "row d8-f8 open, column f6-f8 open"),
        ("d8 e8 f6 f7", "c8", 1, "row d8-f8 half-open: blocked by White at c8"),
        ("a8 b8 c6 c7", "", 1, "row a8-c8 half-open: blocked by the edge"),
        ("d8 e8 f6 f7", "c8 g8", 1, "row d8-f8 closed"),
    ],
)
def test_rj_06_basic_threes_are_open_half_open_or_closed(
    black: str, white: str, threes: int, shape: str
) -> None:
    probe = "c8" if black.startswith("a8") else "f8"
    position = Position.from_stones(black, white, rules=BASIC)
    assert position.threats(probe) == MoveThreats(False, False, 0, threes), shape


@pytest.mark.parametrize(
    ("white", "fours", "shape"),
    [
        ("", 2, "row a8-d8 half-open (the edge), column d5-d8 open"),
        ("e8", 1, "row a8-d8 closed by the edge and White at e8"),
        ("e8 d4", 1, "row closed; column d5-d8 half-open (White at d4)"),
        ("e8 d4 d9", 0, "row and column closed"),
    ],
)
def test_rj_06_basic_fours_are_open_half_open_or_closed(white: str, fours: int, shape: str) -> None:
    position = Position.from_stones("a8 b8 c8 d5 d6 d7", white, rules=BASIC)
    assert position.threats("d8").fours == fours, shape


@pytest.mark.parametrize("definition", ["basic", "extended"])
def test_rj_07_only_open_threes_are_threats(definition: str) -> None:
    rules = DEFINITIONS[definition]
    assert reason("d8 e8 f6 f7", "", "f8", rules) == "double-three"  # two open threes
    assert reason("d8 e8 f6 f7", "c8", "f8", rules) is None  # one is half-open: no threat
    assert reason("a8 b8 c6 c7", "", "c8", rules) is None  # one is against the edge


@pytest.mark.parametrize("definition", ["basic", "extended"])
def test_rj_07_half_open_fours_are_threats_closed_fours_are_not(definition: str) -> None:
    rules = DEFINITIONS[definition]
    assert reason("d8 e8 f8 g5 g6 g7", "c8", "g8", rules) == "double-four"  # half-open + open
    assert reason("d8 e8 f8 g5 g6 g7", "c8 h8", "g8", rules) is None  # closed + open: one threat
    assert reason("a8 b8 c8 d5 d6 d7", "", "d8", rules) == "double-four"  # half-open by the edge


@pytest.mark.parametrize("definition", ["basic", "extended"])
def test_rj_07_four_that_can_only_become_an_overline_is_no_threat(definition: str) -> None:
    # Row 8: White c8, Black d8 e8 f8 g8 . i8: the only completion, h8, makes six (RJ-05), so the
    # row is no four and g8 makes one four (the column): legal, under the basic definitions too.
    rules = DEFINITIONS[definition]
    position = Position.from_stones("d8 e8 f8 i8 g5 g6 g7", "c8", rules=rules)
    assert position.threats("g8") == MoveThreats(False, False, 1, 0)
    assert position.forbidden_reason("g8") is None


@pytest.mark.parametrize("definition", ["basic", "extended"])
def test_rj_07_three_that_can_only_become_an_overline_is_no_threat(definition: str) -> None:
    # Row 8: c8 . . f8 g8 * . j8 k8: i8 makes six at once; e8 makes a four whose two completions,
    # d8 and i8, both make overlines. So the row is no three, and h8 makes one (the column).
    position = Position.from_stones("c8 f8 g8 j8 k8 h6 h7", "", rules=DEFINITIONS[definition])
    assert position.threats("h8") == MoveThreats(False, False, 0, 1)
    assert position.forbidden_reason("h8") is None


def test_rj_09_extended_threes_with_a_gap_count() -> None:
    # Row 8: f8 g8 . i8 (BB.B) and column i6 i7 i8: two threes under RJ-09, one under RJ-06.
    assert reason("f8 g8 i6 i7", "", "i8") == "double-three"
    assert reason("f8 g8 i6 i7", "", "i8", BASIC) is None
    # B.BB the other way round: e8 . g8 h8 with h6 h7.
    assert reason("e8 g8 h6 h7", "", "h8") == "double-three"


def test_rj_09_extended_fours_with_a_gap_count() -> None:
    # Row e8 . g8 h8 i8 (B.BBB) and column i4 i5 . i7 i8 (BB.BB): a double-four under RJ-09 only.
    position = Position.from_stones("e8 g8 h8 i4 i5 i7", "")
    assert position.threats("i8") == MoveThreats(False, False, 2, 0)
    assert position.forbidden_reason("i8") == "double-four"
    assert reason("e8 g8 h8 i4 i5 i7", "", "i8", BASIC) is None
    # BBB.B: d8 e8 f8 . h8, with the column f5 f6 f7 f8; under RJ-06 a three and a four (legal).
    assert reason("d8 e8 h8 f5 f6 f7", "", "f8") == "double-four"
    assert reason("d8 e8 h8 f5 f6 f7", "", "f8", BASIC) is None


@pytest.mark.skipif(is_compiled(importlib.import_module("taku.renju.forbidden")),
                    reason="a compiled module cannot be monkey-patched; the pure-Python run "
                           "(TAKU_PURE=1, tools/run_tests.py) tests this")
def test_forbidden_check_restores_the_board_when_interrupted(monkeypatch: pytest.MonkeyPatch) -> None:
    # The recursive double-three check places the stone temporarily: an exception on the way (an
    # interrupt, say) must not leave it in the position's line codes.
    import taku.renju.forbidden as module

    position = Position.from_stones("g8 i8 h7 h9", "")
    lines = list(position._lines)

    def interrupted(*args: object) -> int:
        raise KeyboardInterrupt

    monkeypatch.setattr(module, "foul_at", interrupted)
    with pytest.raises(KeyboardInterrupt):
        position.forbidden_points()
    assert position._lines == lines
    monkeypatch.undo()
    assert position.forbidden_points() == {P("h8"): "double-three"}


# -- properties ---------------------------------------------------------------------------------


@st.composite
def clustered(draw: st.DrawFn) -> Position:
    """A dense random position (black stones grown next to each other) under random rule options."""
    rules = draw(
        st.sampled_from([RENJU, BASIC, RENJU.replace(eye_makes_five="three"), RENJU.replace(board_size=11)])
    )
    size = rules.board_size
    centre = size // 2
    black: list[Point] = [Point(centre, centre)]
    taken = set(black)
    for _ in range(draw(st.integers(2, 30))):
        base = draw(st.sampled_from(black))
        point = Point(base.x + draw(st.integers(-2, 2)), base.y + draw(st.integers(-2, 2)))
        if point.on_board(size) and point not in taken:
            black.append(point)
            taken.add(point)
    white: list[Point] = []
    for _ in range(draw(st.integers(0, len(black)))):
        point = Point(draw(st.integers(0, size - 1)), draw(st.integers(0, size - 1)))
        if point not in taken:
            white.append(point)
            taken.add(point)
    return Position.from_stones(black, white, rules=rules)


@settings(max_examples=120, deadline=None)
@given(clustered())
def test_forbidden_set_is_invariant_under_the_8_symmetries(position: Position) -> None:
    size = position.size
    expected = position.forbidden_points()
    for symmetry in range(1, SYMMETRIES):
        image = position.transform(symmetry)
        mapped = {transform(p, symmetry, size): foul for p, foul in expected.items()}
        assert image.forbidden_points() == mapped


@settings(max_examples=60, deadline=None)
@given(clustered())
def test_forbidden_points_agree_with_pointwise_reasons_and_threats(position: Position) -> None:
    found = position.forbidden_points()
    for point in (p for p in _empty(position)):
        foul = position.forbidden_reason(point)
        assert found.get(point) == foul
        counted = position.threats(point)
        if counted.five:
            assert foul is None
        elif counted.overline:
            assert foul == "overline"
        elif counted.fours >= 2:
            assert foul == "double-four"
        else:
            assert (foul == "double-three") == (counted.threes >= 2)


def _empty(position: Position) -> list[Point]:
    size = position.size
    return [Point(x, y) for y in range(size) for x in range(size) if position.color_at(Point(x, y)) is None]


# -- a slow, definition-by-definition reference for the options the oracle does not cover ----------

DIRS = ((1, 0), (0, 1), (1, 1), (1, -1))


def reference_foul(
    board: dict[tuple[int, int], int], size: int, rules: RenjuRules, p: tuple[int, int]
) -> str | None:
    """RIF 9.2/9.3 (or RJ-06/07) spelled out on a dict board, with no tables and no windows."""

    def at(x: int, y: int) -> int:
        return board.get((x, y), 0) if 0 <= x < size and 0 <= y < size else 3

    def run(x: int, y: int, dx: int, dy: int) -> list[tuple[int, int]]:
        """The black run through (x, y) along (dx, dy), in order."""
        cells = [(x, y)]
        for sign in (-1, 1):
            cx, cy = x + sign * dx, y + sign * dy
            while at(cx, cy) == 1:
                cells.append((cx, cy))
                cx, cy = cx + sign * dx, cy + sign * dy
        return sorted(cells)

    def makes_five(x: int, y: int, dirs: tuple[tuple[int, int], ...] = DIRS) -> bool:
        """Whether a black stone on empty (x, y) makes a winning five along one of ``dirs``."""
        board[(x, y)] = 1
        try:
            lengths = [len(run(x, y, dx, dy)) for dx, dy in dirs]
        finally:
            del board[(x, y)]
        return any(n == 5 or (n > 5 and not rules.exact_five_for_black) for n in lengths)

    def ends(line: list[tuple[int, int]], dx: int, dy: int) -> list[tuple[int, int]]:
        (lx, ly), (hx, hy) = line[0], line[-1]
        return [(lx - dx, ly - dy), (hx + dx, hy + dy)]

    def basic_four(line: list[tuple[int, int]], dx: int, dy: int) -> bool:
        """RJ-06/07: four unbroken stones with a neighbouring point that makes a five (RJ-05)."""
        return any(at(*e) == 0 and makes_five(*e, ((dx, dy),)) for e in ends(line, dx, dy))

    def basic_three(x: int, y: int, line: list[tuple[int, int]], dx: int, dy: int) -> bool:
        """Three unbroken stones, both neighbours empty, one of them making a five or a basic four."""
        if not all(at(*e) == 0 for e in ends(line, dx, dy)):
            return False
        for e in ends(line, dx, dy):
            if makes_five(*e, ((dx, dy),)):
                return True
            board[e] = 1
            try:
                longer = run(x, y, dx, dy)
                if len(longer) == 4 and basic_four(longer, dx, dy):
                    return True
            finally:
                del board[e]
        return False

    def verdict(x: int, y: int) -> str | None:
        """'five', a foul name, or None for Black on empty (x, y)."""
        if makes_five(x, y):
            return "five"
        board[(x, y)] = 1
        try:
            if any(len(run(x, y, dx, dy)) > 5 for dx, dy in DIRS):
                return "overline"
            fours = threes = 0
            for dx, dy in DIRS:
                line = run(x, y, dx, dy)
                if rules.threat_definition == "basic":
                    fours += len(line) == 4 and basic_four(line, dx, dy)
                    threes += len(line) == 3 and basic_three(x, y, line, dx, dy)
                    continue
                line_fours: set[tuple[tuple[int, int], ...]] = set()
                three = False
                for k in range(-5, 6):
                    qx, qy = x + k * dx, y + k * dy
                    if k == 0 or at(qx, qy) != 0:
                        continue
                    board[(qx, qy)] = 1
                    try:
                        made = run(x, y, dx, dy)
                        if (qx, qy) not in made:
                            continue
                        if len(made) == 5 or (len(made) > 5 and not rules.exact_five_for_black):
                            line_fours.add(tuple(c for c in made if c != (qx, qy)))
                        elif len(made) == 4:
                            (lx, ly), (hx, hy) = made[0], made[-1]
                            ends = [(lx - dx, ly - dy), (hx + dx, hy + dy)]
                            # A straight four: each end makes a five on this same line.
                            straight = all(at(*e) == 0 and makes_five(*e, ((dx, dy),)) for e in ends)
                    finally:
                        del board[(qx, qy)]
                    if len(made) == 4 and straight and not three:
                        found = verdict(qx, qy)
                        three = found is None or (found == "five" and rules.eye_makes_five == "three")
                fours += len(line_fours)
                threes += three and not line_fours
            if fours >= 2:
                return "double-four"
            return "double-three" if threes >= 2 else None
        finally:
            del board[(x, y)]

    found = verdict(*p)
    return None if found == "five" else found


@settings(max_examples=60, deadline=None)
@given(
    clustered(),
    st.sampled_from(
        [
            RENJU.replace(eye_makes_five="three"),
            BASIC,
            RENJU.replace(board_size=7),
            RENJU.replace(board_size=19, eye_makes_five="three"),
            RENJU.replace(board_size=25),
            RENJU.replace(exact_five_for_black=False),  # fouls, but six or more also wins for Black
        ]
    ),
)
def test_forbidden_set_matches_a_definitional_reference(position: Position, rules: RenjuRules) -> None:
    size = rules.board_size
    black = [p for p in position.stones(BLACK) if p.on_board(size)]
    white = [p for p in position.stones(WHITE) if p.on_board(size)]
    position = Position.from_stones(black, white, rules=rules)
    board = {(p.x, p.y): 1 for p in black} | {(p.x, p.y): 2 for p in white}
    expected = {
        Point(x, y): foul
        for y in range(size)
        for x in range(size)
        if (x, y) not in board and (foul := reference_foul(board, size, rules, (x, y))) is not None
    }
    assert position.forbidden_points() == expected
