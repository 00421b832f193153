"""The Gomocup (Piskvork) protocol: the brain's conversation (in process and through the real
``pbrain-taku`` script) and the client that drives an external brain."""

from __future__ import annotations

import io
import subprocess
import sys
from pathlib import Path

import pytest

from taku.protocols.gomocup import CentreEngine, GomocupBrain, move_time_limit, run_brain
from taku.protocols.gomocup_client import (
    BrainError,
    BrainTimeoutError,
    GomocupClient,
)
from taku.renju import Point, Position

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
    assert converse(brain, ["BEGIN", "START 20", "RECTSTART 15,13", "START 15", "INFO rule 8", "BEGIN"]) == [
        "ERROR BEGIN: no board: send START first",
        "ERROR START 20: board size 20 is not supported: taku plays odd sizes from 7 to 25 (15 for renju)",
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


def test_gomocup_swap2board_places_three_then_answers_with_a_move() -> None:
    brain = GomocupBrain(CentreEngine())
    swap2 = ["SWAP2BOARD", "DONE", "SWAP2BOARD", "7,7,2", "8,8,1", "9,7,2", "DONE"]
    lines = converse(brain, ["START 15", *swap2])
    assert lines[:2] == ["OK", "7,7 8,8 9,7"]
    assert len(lines) == 3 and Point.from_gomocup(lines[2], 15) not in {Point(7, 7), Point(8, 8), Point(9, 7)}


def test_gomocup_swap2board_reads_piskvork_plain_stone_lines() -> None:
    """Piskvork's SWAP2BOARD sends the opening stones as plain ``x,y`` lines in the order played:
    three (cases 2) or five (case 3) stones, and the brain answers with a stone on an empty point."""
    for stones in (["7,7", "8,7", "9,9"], ["7,7", "8,7", "9,9", "6,6", "10,10"]):
        script = ["START 15", "INFO rule 4", "SWAP2BOARD", *stones, "DONE"]
        lines = converse(GomocupBrain(CentreEngine()), script)
        assert lines[0] == "OK" and len(lines) == 2, lines
        answer = Point.from_gomocup(lines[1], 15)
        assert answer not in {Point.from_gomocup(s, 15) for s in stones}
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
