"""Issue 17, item 5: the small things a user tripped on at the command line.

Usage errors are one line and exit status 2; ``taku --help`` names every mahjong command; hands
and moves may be given as several arguments; a coordinate error names the board's own range;
``?`` in ``taku play`` only shows the help; ``pbrain-taku`` does not echo a huge command back.
"""

from __future__ import annotations

import io
import sys

import pytest
from rich.console import Console

from taku.cli import pbrain
from taku.cli.main import main
from taku.cli.play import Terminal
from taku.cli.play_mahjong import MahjongOptions
from taku.cli.play_mahjong import play as play_mahjong
from taku.cli.play_renju import RenjuOptions
from taku.cli.play_renju import play as play_renju
from taku.mahjong.rules import Rules
from taku.protocols.gomocup import CentreEngine, GomocupBrain


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(("argv", "start", "part"), [
    (["mahjong", "score", "123m", "--nonsense"], "taku: error:", "unrecognized arguments: --nonsense"),
    (["mahjong", "simulate", "--rules", "vegas"], "taku mahjong simulate: error:", "invalid choice: 'vegas'"),
    (["mahjong", "mjai-bot"], "taku mahjong mjai-bot: error:", "required: --seat"),
    (["mahjong", "teleport"], "taku mahjong: error:", "invalid choice: 'teleport'"),
    (["renju", "match", "--black", "taku"], "taku renju match: error:", "required: --white"),
    (["renju", "match", "--black", "a", "--white", "b", "--games", "x"], "taku renju match: error:",
     "argument --games: 'x' is not a number of games"),
    (["renju", "show", "--size", "fifteen"], "taku renju show: error:", "invalid int value"),
    (["play", "renju", "--color", "green"], "taku play renju: error:", "invalid choice: 'green'"),
    (["chess"], "taku: error:", "invalid choice: 'chess'"),
    ([], "taku: error:", "required: GAME"),
])
def test_usage_errors_are_one_line_with_status_2(
        capsys: pytest.CaptureFixture[str], argv: list[str], start: str, part: str) -> None:
    status, out, err = run(capsys, *argv)
    assert status == 2 and out == ""
    assert err.startswith(start) and part in err, err
    assert err.count("\n") == 1 and "usage:" not in err
    assert err.rstrip().endswith("--help)")


def test_usage_error_of_pbrain_taku_is_one_line(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as stop:
        pbrain.main(["--level", "grandmaster"])
    err = capsys.readouterr().err
    assert stop.value.code == 2 and err.count("\n") == 1 and err.startswith("pbrain-taku: error:")


def test_usage_an_argument_echoed_in_an_error_is_shortened(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "mahjong", "simulate", "--games", "9" * 100_000)
    assert status == 2 and len(err) < 400


def test_taku_help_describes_every_mahjong_command(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "--help")
    assert status == 0
    entry = " ".join(out.split("    mahjong", 1)[1].split("    renju", 1)[0].split())
    for command in ("score", "shanten", "replay", "simulate", "mjai"):
        assert command in entry, entry
    status, out, _ = run(capsys, "mahjong", "--help")
    assert status == 0
    for command in ("score", "shanten", "replay", "simulate", "mjai-bot"):
        assert command in out


def test_hands_and_moves_may_be_several_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    """`shanten 5m123p 555m+` needed quotes; now the parts are joined, as `renju show` does, and
    options may come between them."""
    quoted = run(capsys, "mahjong", "shanten", "1234m456p789s 777z+", "--json")
    assert quoted[0] == 0
    assert run(capsys, "mahjong", "shanten", "1234m456p789s", "777z+", "--json") == quoted
    assert run(capsys, "mahjong", "shanten", "1234m456p789s", "--json", "777z+") == quoted
    score = run(capsys, "mahjong", "score", "234m456p678s11z 777z+ 1z", "--json")
    assert score[0] == 0
    assert run(capsys, "mahjong", "score", "234m456p678s11z", "777z+", "1z", "--json") == score
    assert run(capsys, "mahjong", "score", "234m456p678s11z", "--json", "777z+", "1z") == score
    shown = run(capsys, "renju", "show", "h8", "i9")
    assert shown[0] == 0 and run(capsys, "renju", "show", "h8", "--size", "15", "i9") == shown


def test_a_coordinate_error_names_the_boards_own_range(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "renju", "show", "h8", "h26")
    assert status == 2
    assert "'h26' is not a point on a 15x15 board: expected a column a..o and a row 1..15" in err
    assert "a..y" not in err
    status, _, err = run(capsys, "renju", "show", "h8", "h26", "--size", "19")
    assert "'h26' is not a point on a 19x19 board: expected a column a..s and a row 1..19" in err


class Screen:
    """A console writing to a string, answering prompts from a list."""

    def __init__(self, answers: list[str]) -> None:
        self.buffer = io.StringIO()
        self.console = Console(file=self.buffer, force_terminal=False, width=140, color_system=None)
        self.answers = iter(answers)

    def read(self, prompt: str) -> str:
        self.console.print(prompt, markup=False)
        try:
            return next(self.answers)
        except StopIteration:
            raise EOFError from None

    def terminal(self) -> Terminal:
        return Terminal(self.console, self.read)


def test_question_mark_in_play_shows_the_help_and_nothing_else() -> None:
    """`?` showed the help and then "! choose an action" as if it were a wrong answer."""
    screen = Screen(["?", "q"])
    play_mahjong(screen.terminal(), MahjongOptions(Rules.preset("tenhou"), seed=5,
                                                   opponents=("simple", "simple", "simple")))
    text = screen.buffer.getvalue()
    assert "Discard: type the tile's number" in text
    assert "!" not in text.split("Discard: type the tile's number", 1)[1]


def test_play_renju_coordinate_error_names_the_boards_range() -> None:
    screen = Screen(["z1", "h16", "q"])
    play_renju(screen.terminal(), RenjuOptions(), CentreEngine())
    text = screen.buffer.getvalue()
    assert "! 'z1' is not a point on a 15x15 board: expected a column a..o and a row 1..15" in text
    assert "! 'h16' is not a point on a 15x15 board" in text and "a..y" not in text


def test_pbrain_taku_echoes_a_huge_bad_command_shortened() -> None:
    brain = GomocupBrain(CentreEngine())
    [reply] = brain.handle("TURN " + "x" * 1_000_000)
    assert reply.startswith("ERROR TURN xxx") and len(reply) < 300
    [reply] = brain.handle("X" * 1_000_000)
    assert reply.startswith("UNKNOWN command 'XXX") and len(reply) < 300
    assert brain.handle("START 15") == ["OK"]
    [reply] = brain.handle("TURN " + "7," * 500_000)
    assert reply.startswith("ERROR TURN 7,7,") and len(reply) < 400


def test_cli_usage_from_python_m_taku_is_one_line() -> None:
    import subprocess

    done = subprocess.run([sys.executable, "-m", "taku", "renju", "match", "--games", "x"],
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 2 and done.stderr.count("\n") == 1 and "usage:" not in done.stderr
