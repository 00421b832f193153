"""The Gomocup (Piskvork) protocol: the brain's conversation (in process and through the real
``pbrain-taku`` script) and the client that drives an external brain."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from taku.bots.renju_ai import RenjuAI
from taku.bots.renju_opening import SWAP_MARGIN, standing
from taku.protocols.gomocup import CentreEngine, GomocupBrain, move_time_limit, run_brain
from taku.protocols.gomocup_client import (
    BrainError,
    BrainTimeoutError,
    GomocupClient,
    brain_command,
)
from taku.renju import BLACK, GOMOKU_FREESTYLE, WHITE, Point, Position, Termination
from taku.renju.points import parse_moves
from tests.renju_helpers import forbidden_only_moves

PBRAIN = str(Path(sys.executable).with_name("pbrain-taku"))


class RecordingEngine(CentreEngine):
    """The centre engine, remembering every position and time limit it was given."""

    def __init__(self) -> None:
        self.calls: list[tuple[Position, float | None]] = []

    def choose(self, position: Position, time_limit: float | None = None) -> Point:
        self.calls.append((position, time_limit))
        return super().choose(position, time_limit)


def converse(brain: GomocupBrain, lines: list[str]) -> list[str]:
    """The brain's output for ``lines`` of input (CR LF endings, as a manager sends)."""
    output = io.StringIO()
    run_brain(brain, [line + "\r\n" for line in lines], output)
    return output.getvalue().splitlines()


SCRIPT = [
    "START 15",
    "INFO timeout_turn 1000",
    "INFO timeout_match 100000",
    "INFO rule 4",
    "INFO game_type 1",
    "INFO time_left 100000",
    "BEGIN",
    "TURN 8,8",
    "TURN 7,7",
    "TURN 15,3",
    "TURN a,b",
    "RESTART",
    "BOARD",
    "7,7,2",
    "8,7,1",
    "7,8,2",
    "DONE",
    "ABOUT",
    "FROB 1",
    "END",
    "BEGIN",
]
EXPECTED = [
    "OK",
    "7,7",
    "7,8",
    "ERROR TURN 7,7: point h8 is already taken",
    "ERROR TURN 15,3: Gomocup point '15,3' is off a 15x15 board",
    "ERROR TURN a,b: 'a,b' is not a Gomocup point: expected 'x,y' like '7,7'",
    "OK",
    "6,7",
    'name="taku", version="0.1.0", author="the taku authors", country="-"',
    "UNKNOWN command 'FROB' is not supported",
]


def test_gomocup_conversation_renju_rule_timeouts_and_errors_in_process() -> None:
    engine = RecordingEngine()
    brain = GomocupBrain(engine)
    assert converse(brain, SCRIPT) == EXPECTED  # nothing after END
    assert brain.finished
    position, limit = engine.calls[0]
    assert position.rules.gomocup_rule == 4 and position.rules.fouls_for_black
    # min(timeout_turn 1 s, time_left 100 s over 50 expected moves = 2 s) less the safety margins
    assert limit == pytest.approx(1.0 * 0.9 - 0.05)
    board, _ = engine.calls[-1]
    assert board.move_string() == "h8i8h7"  # BOARD lines kept in move order: Black first
    assert board.turn.name == "WHITE"


def test_gomocup_conversation_through_the_pbrain_taku_script() -> None:
    script = [*SCRIPT[:6], "INFO timeout_turn 300", *SCRIPT[6:]]
    completed = subprocess.run(
        [PBRAIN, "--level", "easy"], input="".join(line + "\r\n" for line in script),
        capture_output=True, text=True, timeout=60, check=True,
    )
    lines = completed.stdout.splitlines()
    assert len(lines) == len(EXPECTED)
    fixed = [0, 3, 4, 5, 6, 8, 9]  # everything but the AI's own moves
    assert [lines[i] for i in fixed] == [EXPECTED[i] for i in fixed]
    # The AI's moves: legal replies, played on the brain's board.
    first = Point.from_gomocup(lines[1], 15)
    second = Point.from_gomocup(lines[2], 15)
    Position([first, Point.from_gomocup("8,8", 15), second])
    Point.from_gomocup(lines[7], 15)


def test_gomocup_board_size_and_rule_errors() -> None:
    brain = GomocupBrain(CentreEngine())
    assert converse(brain, ["BEGIN", "START 26", "START 6", "START x", "RECTSTART 15,13", "START 15",
                            "INFO rule 8", "BEGIN"]) == [
        "ERROR BEGIN: no board: send START first",
        "ERROR START 26: board size 26 is not supported: taku plays sizes from 7 to 25 (odd ones only under "
        "renju)",
        "ERROR START 6: board size 6 is not supported: taku plays sizes from 7 to 25 (odd ones only under "
        "renju)",
        "ERROR START x: 'x' is not a board size: expected a whole number",
        "ERROR RECTSTART 15,13: only square boards are supported, not 15x13",
        "OK",
        "ERROR INFO rule 8: Gomocup rule 8 is not supported: expected 0, 1 or 4 (+2)",
        "ERROR BEGIN: Gomocup rule 8 is not supported: expected 0, 1 or 4 (+2)",
    ]
    assert converse(brain, ["INFO rule 1", "INFO timeout_turn soon", "BEGIN"]) == [
        "ERROR INFO timeout_turn soon: 'soon' is not a number of milliseconds: expected a whole number",
        "7,7",
    ]
    assert brain.rules.gomocup_rule == 1


def test_gomocup_20x20_is_refused_under_renju_and_changes_nothing() -> None:
    # RJ-13: renju boards are odd; Gomocup's 20x20 is for freestyle (rule 0) and standard (rule 1).
    brain = GomocupBrain(CentreEngine())
    renju_error = ("board size 20 is not allowed with Black's fouls (renju): expected an odd size from 7 "
                   "to 25; even sizes are for gomoku (fouls_for_black=False)")
    assert converse(brain, ["START 15", "INFO rule 4", "START 20", "RECTSTART 20,20", "BEGIN"]) == [
        "OK", f"ERROR START 20: {renju_error}", f"ERROR RECTSTART 20,20: {renju_error}", "7,7",
    ]
    assert brain.position is not None and brain.position.size == 15  # the 15x15 game goes on
    brain = GomocupBrain(CentreEngine())
    assert converse(brain, ["START 20", "INFO rule 4", "BEGIN", "INFO rule 1", "BEGIN"]) == [
        "OK", f"ERROR INFO rule 4: {renju_error}", f"ERROR BEGIN: {renju_error}", "9,10",
    ]
    assert brain.rules.board_size == 20 and brain.rules.gomocup_rule == 1


def test_pbrain_plays_a_full_20x20_freestyle_game_through_the_protocol() -> None:
    """Gomocup's main league: START 20, INFO rule 0, then BEGIN, TURN and a BOARD in mid-game, until
    the brain (the taku AI) makes five; every reply is a legal move on the 20x20 board."""
    brain = GomocupBrain(RenjuAI("easy", max_nodes=300))
    assert converse(brain, ["START 20", "INFO rule 0", "INFO timeout_turn 1000"]) == ["OK"]
    referee = Position(rules=GOMOKU_FREESTYLE.replace(board_size=20))
    opponent = CentreEngine()
    reply = brain.handle("BEGIN")
    while True:
        assert len(reply) == 1, reply
        referee.push(Point.from_gomocup(reply[0], 20))  # raises if the brain's move is not legal
        if referee.is_over:
            break
        move = opponent.choose(referee)
        referee.push(move)
        if referee.is_over:
            break
        if referee.stone_count == 6:  # the manager resends the game as a BOARD (own stones: 1)
            lines = [f"{p.gomocup(20)},{1 if i % 2 == 0 else 2}" for i, p in enumerate(referee.move_stack)]
            reply = converse(brain, ["BOARD", *lines, "DONE"])
        else:
            reply = brain.handle(f"TURN {move.gomocup(20)}")
    outcome = referee.outcome()
    assert outcome is not None and outcome.winner is BLACK and len(referee.winning_line()) >= 5
    assert brain.position is not None and brain.position.move_stack == referee.move_stack


def test_pbrain_taku_script_answers_start_20_and_plays_on_the_20x20_board() -> None:
    script = ["START 20", "INFO rule 0", "INFO timeout_turn 200", "BEGIN", "TURN 19,19", "END"]
    completed = subprocess.run(
        [PBRAIN, "--level", "easy"], input="".join(line + "\n" for line in script),
        capture_output=True, text=True, timeout=60, check=True,
    )
    lines = completed.stdout.splitlines()
    assert lines[0] == "OK" and len(lines) == 3, lines
    game = Position([Point.from_gomocup(lines[1], 20), Point(19, 0), Point.from_gomocup(lines[2], 20)],
                    rules=GOMOKU_FREESTYLE.replace(board_size=20))
    assert game.stone_count == 3


def test_gomocup_rule_flag_decides_black_forbidden_points() -> None:
    # Black to move; i8 (8,7) is a double-three for Black under renju, an ordinary point in freestyle.
    board = ["BOARD", "7,7,1", "0,14,2", "9,7,1", "0,12,2", "8,8,1", "0,10,2", "8,6,1", "0,8,2", "DONE"]
    for rule, forbidden in (("4", True), ("0", False), ("6", True)):
        engine = RecordingEngine()
        brain = GomocupBrain(engine)
        assert len(converse(brain, ["START 15", f"INFO rule {rule}", *board])) == 2
        position, limit = engine.calls[0]
        assert limit is None  # no timeout given: the engine's own default
        assert position.move_string() == "h8a1j8a3i7a5i9a7"
        assert position.is_forbidden("i8") is forbidden
        assert (Point.from_str("i8") in position.legal_moves) is not forbidden


def test_gomocup_board_errors_and_takeback() -> None:
    brain = GomocupBrain(CentreEngine())
    assert converse(brain, [
        "START 15", "BOARD", "7,7,1", "7,7,2", "DONE",
        "BOARD", "7,7,1", "8,8,1", "DONE",
        "BOARD", "7,7", "DONE",
        "BEGIN", "TAKEBACK 1,1", "TAKEBACK 7,7", "BEGIN",
    ]) == [
        "OK",
        "ERROR BOARD: '7,7,2': point h8 is given twice",
        "ERROR BOARD: 2 own and 0 opponent stones: the side to move has as many stones as the other, or "
        "one fewer",
        "ERROR BOARD: '7,7' is not a board line: expected x,y,field with field 1, 2 or 3",
        "7,7",
        "ERROR TAKEBACK 1,1: 1,1 is not the last move",
        "OK",
        "7,7",
    ]


def _swap2(stones: list[str], size: int = 20, rule: int = 0) -> tuple[GomocupBrain, str]:
    """A fresh brain (the taku AI)'s answer to ``SWAP2BOARD`` with ``stones`` (Gomocup ``x,y``)."""
    brain = GomocupBrain(RenjuAI("easy", max_nodes=300))
    lines = converse(brain, [f"START {size}", f"INFO rule {rule}", "SWAP2BOARD", *stones, "DONE"])
    assert lines[0] == "OK" and len(lines) == 2, lines
    return brain, lines[1]


def _gomocup_stones(black: str, white: str, size: int) -> list[str]:
    """Swap2's stones in the order played (Black, White, Black, White, Black) as Gomocup ``x,y``."""
    blacks, whites = black.split(), white.split()
    later = [p for pair in zip(whites[1:], blacks[2:], strict=True) for p in pair]
    order = [blacks[0], whites[0], blacks[1], *later]
    return [Point.from_str(p).gomocup(size) for p in order]


def test_swap2_three_stones_winning_for_black_are_answered_swap() -> None:
    # Black's two stones side by side in the centre, White's stone in the far corner: Black, who is
    # not to move, stands far better by the AI's evaluation, so the brain takes Black.
    stones = _gomocup_stones("k10 l10", "a1", 20)
    rules = GOMOKU_FREESTYLE.replace(board_size=20)
    assert standing(Position.from_stones("k10 l10", "a1", turn=WHITE, rules=rules), WHITE) < -SWAP_MARGIN
    brain, answer = _swap2(stones)
    assert answer == "SWAP"
    # The opponent then plays White's 4th stone and the brain answers as Black.
    reply = brain.handle("TURN 9,9")
    assert len(reply) == 1 and brain.position is not None and brain.position.stone_count == 5
    assert brain.position.color_at(Point.from_gomocup(reply[0], 20)) is BLACK


def test_swap2_three_stones_good_for_white_keep_white_and_play_the_fourth() -> None:
    # Black's second stone wasted in the corner a1, White's j12 beside k11: White, to move, stands
    # better by the AI's evaluation, so the brain keeps White and plays the 4th stone.
    rules = GOMOKU_FREESTYLE.replace(board_size=20)
    assert standing(Position.from_stones("k11 a1", "j12", turn=WHITE, rules=rules), WHITE) > SWAP_MARGIN
    brain, answer = _swap2(_gomocup_stones("k11 a1", "j12", 20))
    fourth = Point.from_gomocup(answer, 20)
    assert brain.position is not None and brain.position.color_at(fourth) is WHITE
    assert brain.position.stone_count == 4


def test_swap2_balanced_three_stones_get_two_more_stones() -> None:
    # k11 q12 against m13 (a SPREAD_OPENINGS shape): within SWAP_MARGIN of even by the AI's
    # evaluation, so the brain places a white and a black stone and leaves the choice of colour to
    # the opponent; of the black stones it weighs, the fifth leaves the position the closest to even.
    rules = GOMOKU_FREESTYLE.replace(board_size=20)
    position = Position.from_stones("k11 q12", "m13", turn=WHITE, rules=rules)
    assert abs(standing(position, WHITE)) <= SWAP_MARGIN
    brain, answer = _swap2(_gomocup_stones("k11 q12", "m13", 20))
    fourth, fifth = (Point.from_gomocup(part, 20) for part in answer.split())
    assert brain.position is not None and brain.position.stone_count == 5
    assert brain.position.color_at(fourth) is WHITE and brain.position.color_at(fifth) is BLACK
    after = Position.from_stones(["k11", "q12", fifth], ["m13", fourth], turn=WHITE, rules=rules)
    assert after.outcome() is None
    # The opponent answers with a colour: taking White, it plays the 6th stone; the brain, now
    # Black, answers it.
    reply = brain.handle("TURN 0,0")
    assert len(reply) == 1 and brain.position.color_at(Point.from_gomocup(reply[0], 20)) is BLACK


@pytest.mark.parametrize(("black", "white"), [("k10 l10 m10", "a1 t20"), ("k10 n13 a20", "k11 l11")])
def test_swap2_five_stones_take_the_colour_that_stands_better(black: str, white: str) -> None:
    position = Position.from_stones(black, white, turn=WHITE, rules=GOMOKU_FREESTYLE.replace(board_size=20))
    white_stands = standing(position, WHITE)
    brain, answer = _swap2(_gomocup_stones(black, white, 20))
    if white_stands >= 0:
        sixth = Point.from_gomocup(answer, 20)
        assert brain.position is not None and brain.position.color_at(sixth) is WHITE
    else:
        assert answer == "SWAP"


def test_swap2_five_stones_with_an_open_three_for_black_are_answered_swap() -> None:
    # Black's open three k10 l10 m10 with White's stones far away: White to move cannot stop both
    # ends for long, Black stands better, and the brain takes Black.
    brain, answer = _swap2(_gomocup_stones("k10 l10 m10", "a1 t20", 20))
    assert answer == "SWAP"
    assert brain.position is not None and brain.position.stone_count == 5


def test_swap2_opening_stones_from_the_empty_board_are_not_a_swap_for_the_brain_itself() -> None:
    # The three stones the brain places are the most balanced of those it weighs: the brain itself,
    # answering them, does not take Black (it does not judge them a Black win).
    for size in (15, 20):
        brain, answer = _swap2([], size=size)
        stones = answer.split()
        assert len(stones) == 3 and len({*stones}) == 3
        position = brain.position
        assert position is not None and position.stone_count == 3 and position.turn is WHITE
        assert standing(position, WHITE) >= -SWAP_MARGIN
        assert _swap2(stones, size=size)[1] != "SWAP"


def test_gomocup_swap2board_reads_piskvork_plain_stone_lines() -> None:
    """Piskvork's SWAP2BOARD sends the opening stones as plain ``x,y`` lines in the order played:
    three (cases 2) or five (case 3) stones, and the brain answers ``SWAP`` or with stones on empty
    points (one or two after three stones, one after five)."""
    for stones in (["7,7", "8,7", "9,9"], ["7,7", "8,7", "9,9", "6,6", "10,10"]):
        script = ["START 15", "INFO rule 4", "SWAP2BOARD", *stones, "DONE"]
        lines = converse(GomocupBrain(CentreEngine()), script)
        assert lines[0] == "OK" and len(lines) == 2, lines
        if lines[1] != "SWAP":
            answers = [Point.from_gomocup(part, 15) for part in lines[1].split()]
            assert 1 <= len(answers) <= (2 if len(stones) == 3 else 1)
            assert not {*answers} & {Point.from_gomocup(s, 15) for s in stones}
    bad = converse(GomocupBrain(CentreEngine()), ["START 15", "SWAP2BOARD", "7", "DONE"])
    assert bad == ["OK", "ERROR SWAP2BOARD: '7' is not a board line: expected x,y (or x,y,field)"]


def test_gomocup_refuses_a_negative_time_budget() -> None:
    lines = converse(GomocupBrain(CentreEngine()), ["START 15", "INFO timeout_turn -5"])
    assert lines[0] == "OK" and lines[1].startswith("ERROR INFO") and "timeout_turn -5" in lines[1]


def test_move_time_limit_shares_the_match_time_and_keeps_a_margin() -> None:
    assert move_time_limit(5000, 20000, 0) == pytest.approx(20 / 50 * 0.9 - 0.05)
    assert move_time_limit(5000, 20000, 90) == pytest.approx(20 / 15 * 0.9 - 0.05)  # at least 15 moves
    assert move_time_limit(0, None, 0) == 0.01  # "as fast as possible"
    assert move_time_limit(None, -300, 0) == 0.01  # overtime: the minimum
    assert move_time_limit(None, 2147483647, 0) is None  # unlimited


# -- the client ---------------------------------------------------------------------------------------


def test_client_drives_pbrain_taku_as_an_external_process() -> None:
    with GomocupClient([PBRAIN, "--level", "beginner"]) as client:
        client.start(15)
        assert client.about().startswith('name="taku"')
        client.info("rule", 4)
        client.info("timeout_turn", 200)
        position = Position()
        position.push(client.begin(10))
        for _ in range(3):
            position.push(CentreEngine().choose(position))
            position.push(client.turn(position.peek(), 10))  # type: ignore[arg-type]
        assert position.ply == 7
        client.restart()
        stones = [(Point(7, 7), False)]
        reply = client.board(stones, 10)
        assert reply != Point(7, 7)
        with pytest.raises(BrainError, match=r"answered 'ERROR TURN 7,7: point h8 is already taken'"):
            client.turn(Point(7, 7), 10)
    assert not client.alive


FAKE = {
    "silent": "import sys\nfor line in sys.stdin:\n"
              "    print('OK', flush=True) if line.startswith('START') else None\n",
    "crash": "import sys\nprint('OK', flush=True)\nsys.stdin.readline()\nsys.stdin.readline()\n"
             "sys.exit('brain fell over')\n",
    "garbage": "import sys\nfor line in sys.stdin:\n"
               "    reply = 'DEBUG thinking\\nOK' if line.startswith('START') else 'MESSAGE hi\\nhello'\n"
               "    print(reply, flush=True)\n",
}


@pytest.mark.parametrize(
    ("kind", "error", "message"),
    [
        ("silent", BrainTimeoutError, r"no answer to BEGIN within 0.5 s"),
        ("crash", BrainError, r"crashed after BEGIN \(exit status 1; stderr: brain fell over\)"),
        ("garbage", BrainError, r"answered 'hello' to BEGIN, expected a move x,y"),
    ],
)
def test_client_reports_a_brain_that_times_out_crashes_or_talks_nonsense(
    kind: str, error: type[BrainError], message: str
) -> None:
    with GomocupClient([sys.executable, "-c", FAKE[kind]]) as client:
        client.start(15)
        with pytest.raises(error, match=message):
            client.begin(0.5)
        if kind == "garbage":
            assert client.notes == ["DEBUG thinking", "MESSAGE hi"]


def test_client_reports_a_brain_that_cannot_be_run() -> None:
    with pytest.raises(BrainError, match=r"cannot run brain '/nonexistent/pbrain-x'"):
        GomocupClient("/nonexistent/pbrain-x").start(15)


def test_a_brain_is_named_after_its_program_or_the_script_its_interpreter_runs() -> None:
    """Messages and match tables name ``python path/brain.py`` after ``brain.py``, not ``python``."""
    assert GomocupClient("/opt/brains/pbrain-rapfi").name == "pbrain-rapfi"
    assert GomocupClient(".venv/bin/python benchmarks/brain.py --player x").name == "brain.py"
    assert GomocupClient("python3 -m taku.cli.pbrain").name == "taku.cli.pbrain"
    assert GomocupClient("java -jar C:\\\\brains\\\\embryo.jar").name == "embryo.jar"
    assert GomocupClient("python3").name == "python3"
    assert GomocupClient(["python3", "-c", "print('x')"]).name == "python3"


def test_brain_command_is_checked_before_any_game() -> None:
    # The benchmarks' --brain (ladder, mate probe, evaluation labels) go through brain_command:
    # the words of a runnable command, or a BrainError naming what is wrong.
    assert brain_command(f"{sys.executable} -c pass") == [sys.executable, "-c", "pass"]
    for spec, problem in (('a "b', "No closing quotation"), ("", "empty command"),
                          ("/nonexistent/brain --x", "cannot run '/nonexistent/brain': no such executable")):
        with pytest.raises(BrainError, match=problem):
            brain_command(spec)


def test_rj12_brain_as_black_with_only_forbidden_points_makes_the_forced_foul() -> None:
    """The protocol has no pass, so the brain plays without passes: as Black with every empty point
    forbidden (three overline points), it plays the first of them (e4 = 4,11) and loses by the foul,
    as the manager will judge, instead of failing or answering ERROR."""
    moves = parse_moves(forbidden_only_moves())
    brain = GomocupBrain(RenjuAI("medium", max_nodes=2_000))
    board = [f"{point.gomocup(15)},{1 if i % 2 == 0 else 2}" for i, point in enumerate(moves) if point]
    replies = converse(brain, ["START 15", "INFO rule 4", "INFO timeout_turn 1000", "BOARD", *board, "DONE"])
    assert replies == ["OK", "4,11"]
    assert brain.rules.passes_allowed is False
    position = brain.position
    assert position is not None
    outcome = position.outcome()
    assert outcome is not None and outcome.termination is Termination.FORBIDDEN and outcome.winner is WHITE

