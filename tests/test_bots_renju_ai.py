"""The renju AI: VCF puzzles checked by replay, VCT, legal play (never a Black foul) and its strength
against a one-ply greedy player."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from taku.bots.renju_ai import (
    LEVELS,
    GameOverError,
    NoMoveError,
    RenjuAI,
    UnknownLevelError,
    evaluate,
    solve_vcf,
    solve_vct,
)
from taku.renju import BLACK, RENJU, WHITE, Color, Point, Position, RenjuRules, Termination
from tests.renju_helpers import (
    FORBIDDEN_ONLY_EMPTY,
    five_points,
    forbidden_only_moves,
    forbidden_only_position,
    forbidden_only_stones,
    replays_to_a_win,
)

PUZZLES = Path(__file__).resolve().parent / "data" / "renju_vcf_puzzles.txt"


def _puzzles() -> list[tuple[str, str, str]]:
    rows = []
    for line in PUZZLES.read_text(encoding="utf-8").splitlines():
        if line.strip() and not line.startswith("#"):
            name, expected, moves = line.split()
            rows.append((name, expected, moves))
    return rows


PUZZLE_ROWS = _puzzles()
VCF_PUZZLES = [row for row in PUZZLE_ROWS if row[1] == "vcf"]
NONE_PUZZLES = [row for row in PUZZLE_ROWS if row[1] == "none"]


def check_vcf(position: Position, line: list[Point]) -> str:
    """Replay ``line`` and check it is a VCF for the side to move; return how it ends."""
    position = position.copy()
    attacker = position.turn
    defender = attacker.other
    threats: list[Point] = []
    for k, move in enumerate(line):
        if k % 2 == 0:
            assert position.is_legal(move), f"attacker move {move} is not legal"
            position.push(move)
            outcome = position.outcome()
            if outcome is not None:
                assert outcome.winner is attacker and k == len(line) - 1
                return outcome.termination.value
            threats = five_points(position, attacker)
            assert threats, f"attacker move {move} is not a four"
            assert not five_points(position, defender), "the defender had a five"
            if k == len(line) - 1:
                # The line ends with a four only Black's forbidden point could stop.
                assert defender is BLACK and all(position.is_forbidden(p) for p in threats)
                return "forbidden defence"
        else:
            assert move in threats, f"defence {move} does not block the four"
            assert len(threats) >= 2 or [move] == threats
            position.push(move)
    raise AssertionError("the line does not end in a win")


@pytest.mark.parametrize(("name", "moves"), [(n, m) for n, _, m in VCF_PUZZLES])
def test_vcf_puzzle_is_solved_and_the_solution_replays(name: str, moves: str) -> None:
    position = Position(moves)
    line = solve_vcf(position, max_depth=16, time_limit=20)
    assert line is not None
    ending = check_vcf(position, line)
    assert ending in ("five", "overline", "forbidden defence")
    assert position.move_string() == moves  # the position is not changed


def test_puzzle_set_has_at_least_ten_vcf_puzzles_of_both_colours() -> None:
    assert len(VCF_PUZZLES) >= 10
    turns = {Position(moves).turn for _, _, moves in VCF_PUZZLES}
    assert turns == {BLACK, WHITE}


def test_white_wins_through_blacks_forbidden_defence_point() -> None:
    moves = dict((n, m) for n, _, m in VCF_PUZZLES)["white-forbidden-defence"]
    position = Position(moves)
    line = solve_vcf(position)
    assert line == [Point.from_str("g7")]
    assert check_vcf(position, line) == "forbidden defence"


def test_white_wins_through_forbidden_defence_after_a_forcing_four() -> None:
    moves = dict((n, m) for n, _, m in VCF_PUZZLES)["white-forbidden-defence-2"]
    position = Position(moves)
    line = solve_vcf(position)
    assert line is not None and check_vcf(position, line) == "forbidden defence"
    assert len(line) == 3


def test_black_avoids_its_double_four_point() -> None:
    moves = dict((n, m) for n, _, m in VCF_PUZZLES)["black-avoids-double-four"]
    position = Position(moves)
    assert position.forbidden_reason("h8") == "double-four"
    line = solve_vcf(position)
    assert line is not None and Point.from_str("h8") not in line[::2]
    check_vcf(position, line)


def test_white_overline_wins() -> None:
    moves = dict((n, m) for n, _, m in VCF_PUZZLES)["white-overline"]
    position = Position(moves)
    line = solve_vcf(position)
    assert line is not None and check_vcf(position, line) == "overline"


@pytest.mark.parametrize(("name", "moves"), [(n, m) for n, _, m in NONE_PUZZLES])
def test_position_without_vcf_has_none(name: str, moves: str) -> None:
    assert solve_vcf(Position(moves), max_depth=16, time_limit=20) is None


def test_double_four_alone_is_no_win_for_black_but_is_for_white_in_gomoku() -> None:
    moves = dict((n, m) for n, _, m in NONE_PUZZLES)["none-double-four"]
    assert solve_vcf(Position(moves)) is None
    freestyle = Position(moves, rules=RenjuRules.preset("gomoku_freestyle"))
    line = solve_vcf(freestyle)
    assert line is not None and line[0] == Point.from_str("h8")


def test_vcf_respects_depth_limit() -> None:
    moves = dict((n, m) for n, _, m in VCF_PUZZLES)["selfplay-07-black"]
    position = Position(moves)
    full = solve_vcf(position, max_depth=16)
    assert full is not None
    attacker_moves = (len(full) + 1) // 2
    assert solve_vcf(position, max_depth=1) is None or attacker_moves <= 1
    assert solve_vcf(position, max_depth=attacker_moves) is not None


def test_vct_finds_a_win_from_an_open_three_and_a_two() -> None:
    # Black: an open two on row 8 and one on column h meeting at h8's neighbours; no four yet.
    position = Position.from_stones("g8 i8 h6 h7", "a1 a3 o1 o3", turn=BLACK)
    assert solve_vcf(position) is None
    line = solve_vct(position, max_depth=4, time_limit=20)
    assert line is not None
    replay = position.copy()
    for move in line:
        assert replay.is_legal(move)
        replay.push(move)
    assert replay.outcome() is not None and replay.outcome().winner is BLACK  # type: ignore[union-attr]


def test_vct_returns_vcf_when_there_is_one() -> None:
    position = Position(dict((n, m) for n, _, m in VCF_PUZZLES)["black-straight-four"])
    line = solve_vct(position)
    assert line is not None and check_vcf(position, line) == "five"


def test_solvers_reject_a_finished_game() -> None:
    over = Position("h8a1i8a2j8a3k8a4l8")
    with pytest.raises(GameOverError, match="game is over"):
        solve_vcf(over)
    with pytest.raises(GameOverError):
        RenjuAI("easy").choose(over)


def test_negative_depth_is_a_value_error() -> None:
    with pytest.raises(ValueError, match="max_depth -1"):
        solve_vcf(Position("h8"), max_depth=-1)


def test_unknown_level_is_a_value_error() -> None:
    with pytest.raises(UnknownLevelError, match="expected one of beginner"):
        RenjuAI("grandmaster")
    assert isinstance(UnknownLevelError("x"), ValueError)


@pytest.mark.parametrize("level", list(LEVELS))
def test_every_level_takes_a_five_and_blocks_a_four(level: str) -> None:
    ai = RenjuAI(level)
    win = Position("h8a1i8a2j8a3k8a4")  # Black to move: g8 or l8 makes five
    assert ai.choose(win, time_limit=0.2) in (Point.from_str("g8"), Point.from_str("l8"))
    block = Position("h8a1i8a2j8a3k8")  # White to move: the open four is lost, but it still blocks
    assert ai.choose(block, time_limit=0.2) in (Point.from_str("g8"), Point.from_str("l8"))


def test_black_five_beats_a_foul_elsewhere() -> None:
    # h8 makes a five on row 8 and two threes (column h, diagonal): a five, never a foul.
    position = Position.from_stones("d8 e8 f8 g8 h9 h10 i9 j10", "c8 a1 a3 a5 o1 o3 o5 o15", turn=BLACK)
    assert not position.is_forbidden("h8")
    move = RenjuAI("medium").choose(position, time_limit=0.2)
    assert move == Point.from_str("h8")
    position.push(move)
    assert position.outcome() is not None and position.outcome().winner is BLACK  # type: ignore[union-attr]


def test_ai_does_not_block_on_a_forbidden_point_as_black() -> None:
    # White threatens five at h8, which is a double-four for Black: Black must not play it.
    moves = dict((n, m) for n, _, m in VCF_PUZZLES)["white-forbidden-defence"]
    position = Position(moves)
    position.push("g7")
    assert position.is_forbidden("h8")
    move = RenjuAI("strong").choose(position, time_limit=0.3)
    assert move != Point.from_str("h8") and position.is_legal(move)


def test_choose_leaves_the_position_unchanged_and_is_repeatable() -> None:
    position = Position("h8i9j8i7")
    first = RenjuAI("easy", seed=3).choose(position, time_limit=0.2)
    assert position.move_string() == "h8i9j8i7"
    assert RenjuAI("beginner", seed=5).choose(position) == RenjuAI("beginner", seed=5).choose(position)
    assert position.is_legal(first)


def test_first_move_is_the_centre() -> None:
    assert RenjuAI("beginner").choose(Position()) == Point.from_str("h8")
    rif = Position(rules=RenjuRules.preset("rif"))
    assert RenjuAI("easy").choose(rif) == Point.from_str("h8")


def test_repr_names_level_and_seed() -> None:
    assert repr(RenjuAI("medium", seed=4)) == "RenjuAI('medium', seed=4)"
    assert repr(RenjuAI("easy", max_nodes=50)) == "RenjuAI('easy', seed=0, max_nodes=50)"


def test_node_budget_makes_play_reproducible() -> None:
    position = Position("h8i9j8i7i8")
    moves = {RenjuAI("strong", max_nodes=300).choose(position, time_limit=30) for _ in range(2)}
    assert len(moves) == 1 and position.is_legal(moves.pop())
    with pytest.raises(ValueError, match="max_nodes 0"):
        RenjuAI("easy", max_nodes=0)


@pytest.mark.parametrize("max_nodes", [float("nan"), 1.5, True, "100"])
def test_node_budget_of_another_type_is_refused_at_once(max_nodes: object) -> None:
    with pytest.raises(ValueError, match="max_nodes"):
        RenjuAI("easy", max_nodes=max_nodes)  # type: ignore[arg-type]


def test_nan_time_limit_is_refused_not_read_as_no_time() -> None:
    with pytest.raises(ValueError, match="time_limit nan"):
        RenjuAI("easy").choose(Position("h8i9j8"), time_limit=float("nan"))


@pytest.mark.slow
def test_self_play_never_plays_a_forbidden_move_as_black() -> None:
    fouls_seen = 0
    for seed in range(20):
        level = ("beginner", "easy", "medium")[seed % 3]
        players = (RenjuAI(level, seed=seed, max_nodes=200), RenjuAI("beginner", seed=seed + 100))
        position = Position()
        while not position.is_game_over() and position.ply < 120:
            ai = players[position.ply % 2]
            if position.turn is BLACK:
                fouls_seen += len(position.forbidden_points()) > 0
            move = ai.choose(position, time_limit=0.02)
            assert position.is_legal(move), f"seed {seed}: {move} after {position.move_string()}"
            position.push(move)
        outcome = position.outcome()
        assert outcome is None or outcome.termination is not Termination.FORBIDDEN
    assert fouls_seen > 0  # the games did reach positions where Black had forbidden points


@pytest.mark.slow
def test_every_vcf_and_vct_found_in_self_play_positions_replays() -> None:
    checked = 0
    for seed in range(6):
        players = (RenjuAI("beginner", seed=seed), RenjuAI("beginner", seed=seed + 50))
        position = Position()
        while not position.is_game_over() and position.ply < 60:
            if position.ply >= 8 and position.ply % 3 == 0:
                line = solve_vcf(position, max_depth=10, time_limit=2)
                if line is not None:
                    check_vcf(position, line)
                    checked += 1
                    break
                main_line = solve_vct(position, max_depth=2, time_limit=2, vcf_depth=6)
                if main_line is not None:
                    assert replays_to_a_win(position, main_line), [str(p) for p in main_line]
                    checked += 1
            position.push(players[position.ply % 2].choose(position))
    assert checked >= 3


def test_other_rules_and_board_sizes() -> None:
    reject = RenjuRules.preset("renju", forbidden_move="reject")
    moves = dict((n, m) for n, _, m in VCF_PUZZLES)["white-forbidden-defence"]
    position = Position(moves, rules=reject)
    position.push("g7")
    assert RenjuAI("easy").choose(position, time_limit=0.2) != Point.from_str("h8")
    big = Position("k10j10l10j11", rules=RenjuRules.preset("gomoku_standard", board_size=19))
    assert big.is_legal(RenjuAI("medium", max_nodes=300).choose(big, time_limit=30))
    small = Position("d4c3e4", rules=RenjuRules.preset("gomoku_freestyle", board_size=7))
    assert small.is_legal(RenjuAI("strong", max_nodes=300).choose(small, time_limit=30))
    tiny = Position("a1b7b2c7g1d7g3", rules=RenjuRules.preset("gomoku_freestyle", board_size=7))
    line = solve_vcf(tiny)
    assert line is not None and line[0] in (Point.from_str("a7"), Point.from_str("e7"))
    check_vcf(tiny, line)


# -- strength against a one-ply greedy player -------------------------------------------------------


def _pattern_score(position: Position, point: Point, color: Color) -> int:
    """The immediate pattern value of a ``color`` stone on ``point``: runs and their open ends."""
    size = position.size
    total = 0
    for dx, dy in ((1, 0), (0, 1), (1, 1), (1, -1)):
        run, open_ends = 1, 0
        for sign in (1, -1):
            x, y = point.x + sign * dx, point.y + sign * dy
            while 0 <= x < size and 0 <= y < size and position.color_at(Point(x, y)) is color:
                run += 1
                x, y = x + sign * dx, y + sign * dy
            if 0 <= x < size and 0 <= y < size and position.color_at(Point(x, y)) is None:
                open_ends += 1
        if run >= 5:
            total += 10**7
        elif open_ends:
            total += (10 ** (run + 1)) * open_ends
    return total


class GreedyPlayer:
    """Plays the legal point with the best immediate pattern score for itself plus, a little less,
    for the opponent (so it blocks), among points next to stones; ties broken at random."""

    def __init__(self, seed: int) -> None:
        self._rng = random.Random(seed)

    def choose(self, position: Position) -> Point:
        me = position.turn
        best: list[Point] = []
        best_value = -1
        for point in position.legal_moves:
            if position.stone_count and not any(
                position.color_at(Point(point.x + dx, point.y + dy)) is not None
                for dx in (-1, 0, 1)
                for dy in (-1, 0, 1)
                if 0 <= point.x + dx < position.size and 0 <= point.y + dy < position.size
            ):
                continue
            value = _pattern_score(position, point, me) * 10 + _pattern_score(position, point, me.other) * 9
            if value > best_value:
                best, best_value = [point], value
            elif value == best_value:
                best.append(point)
        return self._rng.choice(best)


def _play(ai_colour: Color, seed: int) -> Color | None:
    # A node budget, not a clock, limits each move: the games are the same on any machine.
    ai = RenjuAI("medium", seed=seed, max_nodes=2000)
    greedy = GreedyPlayer(seed)
    position = Position("h8")
    rng = random.Random(seed)
    position.push(Point(7 + rng.choice((-1, 0, 1)), 8 + rng.choice((0, 1))))  # vary the openings
    while not position.is_game_over():
        if position.turn is ai_colour:
            position.push(ai.choose(position, time_limit=30))
        else:
            position.push(greedy.choose(position))
    outcome = position.outcome()
    return None if outcome is None else outcome.winner


@pytest.mark.slow
@pytest.mark.parametrize("colour", [BLACK, WHITE])
def test_medium_beats_a_greedy_player_at_least_nine_of_ten(colour: Color) -> None:
    wins = sum(_play(colour, seed) is colour for seed in range(10))
    assert wins >= 9


def test_alpha_beta_gets_the_nodes_the_threat_searches_left() -> None:
    # An early middle game of medium (Black) against the greedy player: the VCF, VCT and defence
    # searches spend little of the budget, and the alpha-beta search gets the rest, not a fixed 40%
    # (with 40%, medium lost or drew 4 of 10 such games as Black).
    position = Position("h8g9h10h9i9g7j8g11g10k7g8i8")
    ai = RenjuAI("medium", max_nodes=2000)
    assert position.is_legal(ai.choose(position, time_limit=60))
    nodes, total = ai.last_info["nodes"], ai.last_info["nodes_total"]
    assert isinstance(nodes, int) and isinstance(total, int)
    assert nodes > 2000 * 0.4 + 1
    assert total <= 2000 + 8  # each search may count one node past its share before it stops


# -- the defence against the opponent's VCT, on positions of lost ladder games against Rapfi ---------

# (moves, the move taku played in the game, the defence: the opponent's VCT's first point, which
# held against Rapfi at 0.5 s a move while taku's move left Rapfi a mate; benchmarks/README.md,
# "Where taku lost to Rapfi")
LADDER_DEFENCES = [
    ("h8h9h10j10g9", "j8", "f8"),  # Kansei, taku White: Rapfi announced +M17 after j8
    ("h8h9j8g8i10g10i9", "i6", "i8"),  # Kinsei, taku White: +M15 after i6
    ("h8i9j10j11i8h7j8k8k9", "g8", "i7"),  # Chosei, taku White: +M15 after g8
    ("h8i9j10h9i11k9j9j8k10i8", "l10", "i7"),  # Chosei, taku Black: +M23 after l10
]


@pytest.mark.parametrize(("moves", "played", "defence"), LADDER_DEFENCES)
def test_strongest_answers_a_vct_threat_on_its_first_point(moves: str, played: str, defence: str) -> None:
    position = Position(moves)
    ai = RenjuAI("strongest", max_nodes=60_000)
    move = ai.choose(position, time_limit=60)
    assert move == Point.from_str(defence)
    assert ai.last_info["vct_defence"] == defence
    threat = ai.last_info["defends_vct"]
    assert isinstance(threat, list) and threat[0] == defence
    assert move != Point.from_str(played)


def test_the_move_played_in_the_lost_game_leaves_the_opponent_a_vct_the_defence_does_not() -> None:
    """Kinsei, taku White: after the game's i6 Black has a VCT that replays to a win; after i8 (the
    threat's first point, the defence chosen) Black's search finds none."""
    position = Position("h8h9j8g8i10g10i9")
    after_game = Position("h8h9j8g8i10g10i9i6")
    line = solve_vct(after_game, 6, 10.0, vcf_depth=12)
    assert line is not None and replays_to_a_win(after_game, line)
    after_defence = position.copy()
    after_defence.push(Point.from_str("i8"))
    assert solve_vct(after_defence, 6, 1.0, vcf_depth=12) is None


# -- no point to play: a full board, or Black with only forbidden points (RJ-15, RJ-12) -------------


def test_the_forbidden_only_board_leaves_black_no_legal_point() -> None:
    """The test board itself, by the rules core: three empty points, each an overline for Black
    (RJ-05), none a five for either colour; reached by legal moves with Black to move."""
    position = forbidden_only_position()
    assert not position.is_over and position.turn is BLACK
    assert list(position.legal_moves) == []
    assert {str(p): reason for p, reason in position.forbidden_points().items()} == {
        name: "overline" for name in FORBIDDEN_ONLY_EMPTY}
    assert five_points(position, BLACK) == [] and five_points(position, WHITE) == []
    played = Position(forbidden_only_moves())
    assert played.stones(BLACK) == position.stones(BLACK) and played.stones(WHITE) == position.stones(WHITE)
    assert played.turn is BLACK and not played.is_over


@pytest.mark.parametrize("level", list(LEVELS))
def test_rj15_black_with_only_forbidden_points_passes_at_every_level(level: str) -> None:
    position = forbidden_only_position()
    ai = RenjuAI(level, seed=3, max_nodes=2_000)
    assert ai.choose(position, 1.0) is None
    assert ai.last_info["reason"] == "pass"
    position.push(None)  # the core takes it: passes are allowed (RJ-15)
    assert position.turn is WHITE and not position.is_over


def test_rj15_the_ai_passes_twice_and_white_fills_the_board_to_a_draw() -> None:
    """Black passes each time, White (the AI too) fills the three points without a five: the core
    ends the game on the full board, a draw."""
    position = Position(forbidden_only_moves())
    ai = RenjuAI("medium", seed=1, max_nodes=2_000)
    while not position.is_over:
        move = ai.choose(position, 1.0)
        assert (move is None) == (position.turn is BLACK)
        position.push(move)
    outcome = position.outcome()
    assert outcome is not None and outcome.termination is Termination.FULL_BOARD and outcome.winner is None
    assert position.move_stack[-6:].count(None) == 3


def test_white_on_the_same_board_plays_one_of_the_empty_points() -> None:
    """White has no forbidden points (RJ-11): it plays, it does not pass."""
    black, white = forbidden_only_stones()
    position = Position.from_stones(black, white, turn=WHITE)
    move = RenjuAI("strong", max_nodes=2_000).choose(position, 1.0)
    assert move is not None and str(move) in FORBIDDEN_ONLY_EMPTY


def test_a_full_board_set_up_is_answered_with_a_pass() -> None:
    """``from_stones`` does not judge its setup, so a full board set up is not over: neither side has
    a point, and the AI passes for either."""
    black, white = forbidden_only_stones()
    filled = [*white, *(Point.from_str(name) for name in FORBIDDEN_ONLY_EMPTY)]
    for turn in (BLACK, WHITE):
        position = Position.from_stones(black, filled, turn=turn)
        assert not position.is_over
        assert RenjuAI("easy").choose(position, 0.5) is None
    played = Position(forbidden_only_moves())
    for move in (None, "e4", None, "j8", None, "e12"):
        played.push(move)
    outcome = played.outcome()
    assert outcome is not None and outcome.termination is Termination.FULL_BOARD


def test_rj12_without_passes_black_makes_the_forced_foul_and_loses() -> None:
    """No pass (Gomocup's rules) and forbidden moves lose (RIF 9.1, the default): the only move the
    rules leave Black is a foul, the first empty point row by row, and White wins by it."""
    position = forbidden_only_position(RENJU.replace(passes_allowed=False))
    ai = RenjuAI("strong", max_nodes=2_000)
    move = ai.choose(position, 1.0)
    assert move == Point.from_str("e4") and ai.last_info["reason"] == "forced foul"
    position.push(move)
    outcome = position.outcome()
    assert outcome is not None and outcome.termination is Termination.FORBIDDEN
    assert outcome.winner is WHITE and outcome.foul == "overline"


def test_without_passes_and_with_forbidden_moves_rejected_black_has_no_move() -> None:
    """Under ``reject`` and no passes, a game that reaches this board by moves is drawn by the core
    (``Termination.NO_MOVE``, tests/test_renju_board.py); one set up with ``from_stones`` is not judged,
    and leaves Black with no move: the AI says so, naming the situation."""
    position = forbidden_only_position(RENJU.replace(passes_allowed=False, forbidden_move="reject"))
    assert not position.is_over and not position.legal_moves and not position.is_legal(None)
    with pytest.raises(NoMoveError, match=r"every empty point is forbidden to Black.*allow no pass"):
        RenjuAI("medium").choose(position, 0.5)


def test_searches_on_the_forbidden_only_board_find_nothing_and_do_not_fail() -> None:
    position = forbidden_only_position()
    assert solve_vcf(position) is None
    assert solve_vct(position, time_limit=2.0) is None
    assert isinstance(evaluate(position), int)
    black, white = forbidden_only_stones()
    as_white = Position.from_stones(black, white, turn=WHITE)
    assert solve_vcf(as_white) is None and solve_vct(as_white, time_limit=2.0) is None
