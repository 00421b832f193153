"""``taku renju show`` and ``taku renju forbidden``, including bad input."""

from __future__ import annotations

import errno
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
    """Run ``taku`` in-process with ``stdin`` (text, or bytes as they come); return (status, stdout,
    stderr)."""

    def run(argv: list[str], stdin: str | bytes = "") -> tuple[int, str, str]:
        data = stdin.encode() if isinstance(stdin, str) else stdin
        monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data), encoding="ascii"))
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
        (["h8p16"], "taku: error: moves 'h8p16': 'p16' is not a point on a 15x15 board: expected a "
                    "column a..o and a row 1..15"),
        (["h8", "h8"], "taku: error: moves 'h8 h8': point h8 is already taken"),
        (
            ["a1", "--rules", "rif"],
            "taku: error: moves 'a1': a1 is not allowed: Black's first move must be on the centre point h8",
        ),
        (
            ["a1", "--option", "first_move_center_required=true"],
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
    stdin = "".join(
        json.dumps({"id": record["name"], "black": record["black"], "white": record["white"]}) + "\n\n"
        for record in records
    )
    status, out, err = cli(["renju", "forbidden"], stdin=stdin)
    assert status == 0 and err == ""
    answers = [json.loads(line) for line in out.splitlines()]
    assert len(answers) == len(records)
    names = {"3": "double-three", "4": "double-four", "6": "overline"}
    for record, answer in zip(records, answers, strict=True):
        assert list(answer) == ["id", "forbidden"] and answer["id"] == record["name"]
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
        ('{"black": ["p16"], "white": []}', "input line 2: 'p16' is not a point on a 15x15 board: "
                                           "expected a column a..o and a row 1..15"),
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


def test_show_svg_writes_the_picture_with_the_forbidden_mark(cli: Runner, tmp_path: Path) -> None:
    """``--svg FILE`` writes the same picture as ``taku.renju.svg.board`` (i8 double-three marked)."""
    import xml.etree.ElementTree as ET

    import taku.renju.svg
    from taku.renju import Position

    target = tmp_path / "board.svg"
    status, out, err = cli(["renju", "show", "h8a1j8a3i7a5i9a7", "--svg", str(target)])
    assert status == 0 and err == "" and "Black to move" in out
    text = target.read_text(encoding="utf-8")
    assert text == taku.renju.svg.board(Position("h8a1j8a3i7a5i9a7"))
    classes = [element.get("class", "") for element in ET.fromstring(text).iter()]
    assert "forbidden double-three i8" in classes


def test_show_svg_bad_moves_write_nothing(cli: Runner, tmp_path: Path) -> None:
    target = tmp_path / "board.svg"
    status, _, err = cli(["renju", "show", "h8h8", "--svg", str(target)])
    assert status == 2 and err.startswith("taku: error: moves 'h8h8'") and not target.exists()


# -- forbidden: keys, ids and bytes ---------------------------------------------------------------


def test_forbidden_echoes_an_id_first(cli: Runner) -> None:
    stdin = (
        '{"id": "q1", "black": ["g8", "i8", "h7", "h9"], "white": []}\n'
        '{"black": [], "id": 7}\n'
        '{"id": {"game": [1, 2]}}\n'
    )
    status, out, err = cli(["renju", "forbidden"], stdin=stdin)
    assert status == 0 and err == ""
    assert out == (
        '{"id": "q1", "forbidden": {"h8": "double-three"}}\n'
        '{"id": 7, "forbidden": {}}\n'
        '{"id": {"game": [1, 2]}, "forbidden": {}}\n'
    )


@pytest.mark.parametrize("key", ["balck", "forbidden", "rules", ""])
def test_forbidden_unknown_key_is_an_error_naming_line_and_key(key: str, cli: Runner) -> None:
    good = '{"black": ["h8"]}\n'
    line = json.dumps({"black": ["h8"], key: []})
    status, out, err = cli(["renju", "forbidden"], stdin=good + line + "\n")
    assert status == 2 and out == ""
    assert err == (
        f'taku: error: input line 2: unknown key "{key}": expected "black", "white" and optionally "id"\n'
    )


def test_forbidden_reads_utf8_bytes_whatever_the_locale(cli: Runner) -> None:
    # The fixture's stdin says ASCII; the command reads the bytes beneath it as UTF-8.
    stdin = '\ufeff{"id": "Görel ●", "black": ["g8", "i8", "h7", "h9"]}\n'.encode()
    status, out, err = cli(["renju", "forbidden"], stdin=stdin)
    assert (status, err) == (0, "")
    assert json.loads(out) == {"id": "Görel ●", "forbidden": {"h8": "double-three"}}


def test_forbidden_bad_bytes_are_a_one_line_error_naming_the_line(cli: Runner) -> None:
    stdin = b'{"black": ["h8"]}\n{"black": ["h\xff8"]}\n'
    status, out, err = cli(["renju", "forbidden"], stdin=stdin)
    assert (status, out) == (2, "")
    assert err == "taku: error: input line 2: not UTF-8 text (byte 14 is 0xff)\n"


# -- rules on the command line ----------------------------------------------------------------------


def test_show_rules_rif_requires_the_centre_and_renju_does_not(cli: Runner) -> None:
    assert cli(["renju", "show", "a1"])[0] == 0  # RJ-14: the default renju lets it go anywhere
    status, _, err = cli(["renju", "show", "a1", "--rules", "rif"])
    assert status == 2 and "Black's first move must be on the centre point h8" in err


def test_show_option_sets_rule_fields(cli: Runner) -> None:
    # i8 is a double-three for Black; an option takes Black's fouls away, another rejects the foul.
    moves = "h8a1j8a3i7a5i9a7"
    assert " 8 . . . . . . . X 3 X" in cli(["renju", "show", moves])[1]
    status, out, _ = cli(["renju", "show", moves, "--option", "fouls_for_black=false"])
    assert status == 0 and " 8 . . . . . . . X . X" in out
    status, _, err = cli(["renju", "show", moves + "i8", "--option", "forbidden_move=reject"])
    assert status == 2 and err.endswith("i8 is forbidden for Black (double-three)\n")
    status, out, _ = cli(
        ["renju", "show", "h8i9", "--option", "move_limit=2", "--option", "passes_allowed=no"]
    )
    assert status == 0 and out.splitlines()[-1] == "game over: draw (move limit)"
    status, out, _ = cli(
        ["renju", "forbidden", "--option", "threat_definition=basic"],
        stdin='{"black": ["d8", "e8", "f8", "i8", "g5", "g6", "g7"], "white": ["c8"]}\n',
    )
    assert (status, out) == (0, '{"forbidden": {}}\n')  # RJ-07: the overline-only four does not count
    status, out, _ = cli(["renju", "show", "j10", "--option", "board_size=19"])
    assert status == 0 and out.splitlines()[0].endswith("r s")


@pytest.mark.parametrize(
    ("option", "message"),
    [
        ("colour=black", "--option colour=black: unknown rule field 'colour': expected one of board_size,"),
        ("threat_definition=rif", "--option threat_definition='rif': expected extended or basic"),
        ("move_limit=lots", "--option move_limit='lots': expected a whole number or none"),
        ("move_limit=0", "move_limit 0: expected None or a positive number"),
        ("first_move_center_required=maybe", "--option first_move_center_required='maybe': expected true or"),
        ("basic", "--option 'basic': expected FIELD=VALUE, like threat_definition=basic"),
        ("=basic", "--option '=basic': expected FIELD=VALUE"),
        ("board_size=16", "board size 16 is not allowed"),
    ],
)
def test_option_errors_are_one_line_naming_the_option(option: str, message: str, cli: Runner) -> None:
    for command in ("show", "forbidden"):
        status, out, err = cli(["renju", command, "--option", option])
        assert status == 2 and out == ""
        assert err.startswith(f"taku: error: {message}") and err.count("\n") == 1, err


# -- output: encodings and write errors -------------------------------------------------------------


def test_show_unicode_to_a_non_utf8_stdout_writes_utf8(monkeypatch: pytest.MonkeyPatch) -> None:
    raw = io.BytesIO()
    monkeypatch.setattr(sys, "stdout", io.TextIOWrapper(raw, encoding="ascii"))
    status = main(["renju", "show", "h8", "--unicode"])
    assert status == 0
    text = raw.getvalue().decode("utf-8")
    assert "(●)" in text and "·" in text


class BrokenStdout(io.StringIO):
    """A standard output whose writes fail with ``error``."""

    def __init__(self, error: OSError) -> None:
        super().__init__()
        self.error = error

    def write(self, text: str) -> int:
        raise self.error

    def flush(self) -> None:
        raise self.error


@pytest.mark.parametrize("argv", [["renju", "show", "h8"], ["renju", "show", "h8", "--unicode"]])
def test_output_error_is_one_line_and_status_2(
    argv: list[str], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr(sys, "stdout", BrokenStdout(OSError(errno.ENOSPC, "No space left on device")))
    status = main(argv)
    assert status == 2
    assert capsys.readouterr().err == "taku: error: cannot write output: No space left on device\n"


def test_closed_pipe_stays_quiet(monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]) -> None:
    monkeypatch.setattr(sys, "stdout", BrokenStdout(BrokenPipeError(errno.EPIPE, "Broken pipe")))
    assert main(["renju", "show", "h8"]) == 0
    assert capsys.readouterr().err == ""


@pytest.mark.skipif(not Path("/dev/full").exists(), reason="needs /dev/full")
def test_python_m_taku_to_a_full_device_is_one_line() -> None:
    with open("/dev/full", "w") as full:
        done = subprocess.run(
            [sys.executable, "-m", "taku", "renju", "show", "h8"],
            cwd=REPO,
            stdout=full,
            stderr=subprocess.PIPE,
            text=True,
            check=False,
        )
    assert done.returncode == 2
    assert done.stderr == "taku: error: cannot write output: No space left on device\n"


@pytest.mark.parametrize(
    ("stdin", "message"),
    [
        ('{"id": NaN, "black": []}\n', "input line 1: not JSON (NaN is not a JSON number)"),
        ('{"id": 1e999, "black": []}\n', "input line 1: not JSON (1e999 is too large for a JSON number)"),
        ("[" * 100_000 + "\n", "input line 1: not JSON (maximum recursion depth exceeded"),
        ('{"id": ' + "1" * 5000 + ', "black": []}\n', "input line 1: not JSON (Exceeds the limit"),
    ],
)
def test_forbidden_non_standard_json_is_one_line_error(stdin: str, message: str, cli: Runner) -> None:
    """NaN, infinities, numbers too long and nesting too deep are refused with one line, no traceback."""
    status, out, err = cli(["renju", "forbidden"], stdin)
    assert status == 2 and out == ""
    assert err.startswith(f"taku: error: {message}") and err.count("\n") == 1
