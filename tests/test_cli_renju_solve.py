"""``taku renju solve``: VCF and VCT answers, JSON output, exit status and bad input."""

from __future__ import annotations

import json

import pytest

from taku.cli.main import main
from taku.renju import BLACK, WHITE, Position


def run(argv: list[str], capsys: pytest.CaptureFixture[str]) -> tuple[int, str, str]:
    status = main(argv)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_solve_prints_the_vcf_and_exits_zero(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["renju", "solve", "h8a1i8a2j8a3"], capsys)
    assert status == 0 and err == ""
    assert out == "black wins by VCF: k8 g8 l8\n"


def test_solve_json_line_replays_to_a_win(capsys: pytest.CaptureFixture[str]) -> None:
    moves = "h10d4h9f3f2e5f8f5c3f4g8"  # White wins through Black's forbidden defence point h8
    status, out, _ = run(["renju", "solve", moves, "--json"], capsys)
    answer = json.loads(out)
    assert status == 0
    assert answer["side"] == "white" and answer["kind"] == "vcf" and answer["found"] is True
    position = Position(moves)
    for name in answer["line"]:
        position.push(name)
    # Black to move must stop a five at h8, and h8 is forbidden to Black.
    assert position.turn is BLACK and position.is_forbidden("h8")
    white = Position.from_stones(position.stones(BLACK), position.stones(WHITE), turn=WHITE)
    white.push("h8")
    assert white.outcome() is not None and white.outcome().winner is WHITE  # type: ignore[union-attr]


def test_solve_says_none_and_exits_one(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, err = run(["renju", "solve", "h8", "i9", "j8", "--depth", "5", "--time", "2"], capsys)
    assert status == 1 and err == ""
    assert out == "no VCF for white within 5 moves and 2 seconds\n"
    status, out, _ = run(["renju", "solve", "h8i9j8", "--json"], capsys)
    assert status == 1
    assert json.loads(out) == {"side": "white", "kind": "vcf", "found": False, "line": [], "depth": 20,
                               "time": 10.0}


def test_solve_vct_finds_a_win_where_there_is_no_vcf(capsys: pytest.CaptureFixture[str]) -> None:
    moves = "g8a1i8a3h6o1h7o3"
    assert run(["renju", "solve", moves], capsys)[0] == 1
    status, out, _ = run(["renju", "solve", moves, "--vct", "--json"], capsys)
    answer = json.loads(out)
    assert status == 0 and answer["kind"] == "vct" and answer["side"] == "black"
    position = Position(moves)
    for name in answer["line"]:
        position.push(name)
    outcome = position.outcome()
    assert outcome is not None and outcome.winner is BLACK


def test_solve_respects_rules(capsys: pytest.CaptureFixture[str]) -> None:
    moves = "g8d8h5h4h7k11e8l12h6m3f8l11"  # Black's only win, h8, is a double-four under renju
    assert run(["renju", "solve", moves], capsys)[0] == 1
    status, out, _ = run(["renju", "solve", moves, "--rules", "gomoku_freestyle"], capsys)
    assert status == 0 and out.startswith("black wins by VCF: h8")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["h8a1i8a2j8a3k8a4l8"], "the game is over"),
        (["h8h8"], "already taken"),
        (["h8zz"], "moves 'h8zz'"),
        (["h8", "--depth", "0"], "argument --depth: 0: expected a number of moves from 1 to 200"),
        (["h8", "--time", "0"], "argument --time: '0': expected a finite, positive number of seconds"),
        (["h8", "--time", "inf"], "argument --time: 'inf': expected a finite, positive number of seconds"),
        (["h8", "--time", "nan"], "argument --time: 'nan': expected a finite, positive number of seconds"),
    ],
)
def test_solve_bad_input_is_a_clear_error(
    argv: list[str], message: str, capsys: pytest.CaptureFixture[str]
) -> None:
    status, out, err = run(["renju", "solve", *argv], capsys)
    assert status == 2 and out == ""
    assert err.startswith(("taku: error:", "taku renju solve: error:")) and message in err
    assert err.count("\n") == 1
