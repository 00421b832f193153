"""``taku renju show`` and ``taku renju forbidden``, including bad input."""

from __future__ import annotations

import io
import json
import subprocess
import sys
from collections.abc import Callable
from pathlib import Path

import pytest

from taku.cli.main import main

REPO = Path(__file__).resolve().parent.parent


Runner = Callable[..., tuple[int, str, str]]


@pytest.fixture
def cli(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> Runner:
    """Run ``taku`` in-process with ``stdin``; return (status, stdout, stderr)."""

    def run(argv: list[str], stdin: str = "") -> tuple[int, str, str]:
        monkeypatch.setattr(sys, "stdin", io.StringIO(stdin))
        status = main(argv)
        captured = capsys.readouterr()
        return status, captured.out, captured.err

    return run


def test_show_prints_the_board_with_forbidden_points(cli: Runner) -> None:
    status, out, err = cli(["renju", "show", "h8a1j8a3i7a5i9a7"])
    assert status == 0 and err == ""
    lines = out.splitlines()
    assert lines[0] == "   a b c d e f g h i j k l m n o"
    assert lines[8] == " 8 . . . . . . . X 3 X . . . . . 8"
    assert "3 4 6: forbidden to Black (double-three, double-four, overline)" in out
    assert lines[-1] == "Black to move"


def test_show_accepts_moves_as_several_arguments_and_rule_options(cli: Runner) -> None:
    status, out, _ = cli(["renju", "show", "a1", "b2", "--size", "19", "--rules", "gomoku_freestyle"])
    assert status == 0
    assert out.splitlines()[0].endswith("r s")
    assert " 2 .(O)" in out and " 1 X" in out


def test_show_reports_the_result(cli: Runner) -> None:
    status, out, _ = cli(["renju", "show", "h8a1j8a3i7a5i9a7i8", "--unicode"])
    assert status == 0
    assert "●" in out
    assert out.splitlines()[-1] == "game over: White wins (Black's forbidden move, double-three)"


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["h8p16"], "taku: error: moves 'h8p16': point p16 is off a 15x15 board"),
        (["h8", "h8"], "taku: error: moves 'h8 h8': point h8 is already taken"),
        (
            ["a1"],
            "taku: error: moves 'a1': a1 is not allowed: Black's first move must be on the centre point h8",
        ),
        (["h8zz"], "taku: error: moves 'h8zz': 'h8zz' is not a move string"),
        (["h8", "--size", "16"], "taku: error: board size 16 is not allowed"),
    ],
)
def test_show_bad_input_is_one_line_naming_it(argv: list[str], message: str, cli: Runner) -> None:
    status, out, err = cli(["renju", "show", *argv])
    assert status == 2 and out == ""
    assert err.startswith(message) and err.count("\n") == 1


def test_forbidden_answers_one_line_per_position(shared: Path, cli: Runner) -> None:
    text = (shared / "data" / "renju" / "quintet_positions.jsonl").read_text(encoding="utf-8")
    records = [json.loads(line) for line in text.splitlines() if line.strip()]
    status, out, err = cli(["renju", "forbidden"], stdin=text + "\n\n")
    assert status == 0 and err == ""
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(records)
    names = {"3": "double-three", "4": "double-four", "6": "overline"}
    for record, answer in zip(records, answers, strict=True):
        assert set(answer) == {"forbidden"}
        if "forbidden" in record:
            assert answer["forbidden"] == {p: names[c] for p, c in record["forbidden"].items()}
        elif "eye_makes_five" not in record["name"]:
            assert (record["probe"] in answer["forbidden"]) is record["probe_forbidden"], record["name"]


def test_forbidden_output_format(cli: Runner) -> None:
    stdin = (
        '{"black": ["e13", "c12", "e12", "b11", "e11", "a10"],'
        ' "white": ["o15", "o11", "e10", "o8", "o5", "o2"]}\n'
        '{"black": [], "white": []}\n'
    )
    status, out, _ = cli(["renju", "forbidden"], stdin=stdin)
    assert status == 0
    assert out == '{"forbidden": {"e14": "double-four"}}\n{"forbidden": {}}\n'


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ('{"black": ["p16"], "white": []}', "input line 2: point p16 is off a 15x15 board"),
        ('{"black": ["h8"], "white": ["h8"]}', "input line 2: point h8 is already taken"),
        ('{"black": ["h8", "h8"]}', "input line 2: point h8 is already taken"),
        ("h8 i9", "input line 2: not JSON"),
        ('["h8"]', "input line 2: expected an object"),
        ('{"black": "h8"}', 'input line 2: "black" must be a list of points'),
        ('{"white": [7]}', 'input line 2: "white" must be a list of points'),
        ('{"black": ["h88"]}', "input line 2: 'h88' is not a point"),
    ],
)
def test_forbidden_bad_line_writes_nothing_and_names_the_line(stdin: str, message: str, cli: Runner) -> None:
    good = '{"black": ["g8", "i8", "h7", "h9"], "white": []}\n'
    status, out, err = cli(["renju", "forbidden"], stdin=good + stdin + "\n" + good)
    assert status == 2
    assert out == ""  # the good first line is not half-written
    assert err.startswith(f"taku: error: {message}") and err.count("\n") == 1


def test_renju_without_a_command_prints_help(cli: Runner) -> None:
    status, out, _ = cli(["renju"])
    assert status == 0 and "show" in out and "forbidden" in out


def test_python_m_taku_runs_the_renju_commands() -> None:
    shown = subprocess.run(
        [sys.executable, "-m", "taku", "renju", "show", "h8i9"],
        cwd=REPO,
        capture_output=True,
        text=True,
        check=False,
    )
    assert shown.returncode == 0 and "(O)" in shown.stdout
    forbidden = subprocess.run(
        [sys.executable, "-m", "taku", "renju", "forbidden"],
        cwd=REPO,
        input='{"black": ["g8", "i8", "h7", "h9"], "white": []}\n',
        capture_output=True,
        text=True,
        check=False,
    )
    assert forbidden.returncode == 0 and forbidden.stdout == '{"forbidden": {"h8": "double-three"}}\n'
    bad = subprocess.run(
        [sys.executable, "-m", "taku", "renju", "forbidden"],
        cwd=REPO,
        input='{"black": ["z99"]}\n',
        capture_output=True,
        text=True,
        check=False,
    )
    assert bad.returncode == 2 and bad.stdout == "" and bad.stderr.count("\n") == 1
