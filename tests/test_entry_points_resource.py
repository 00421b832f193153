"""Issue 17, class *resource*: no argument or input line makes a command use unbounded time or
memory. Counts no table can reach and non-finite or negative times are refused at the boundary
with one line naming the limit and exit status 2; ``simulate`` never builds its schedule."""

from __future__ import annotations

import io
import itertools
import json
import sys
import time
import tracemalloc
from collections.abc import Iterator

import pytest

from taku.bots.evaluation import GameSpec, iter_schedule
from taku.cli.mahjong_simulate import MAX_GAMES, iter_games, usable_cpus
from taku.cli.main import main
from taku.mahjong.rules import Rules
from taku.protocols.gomocup import MAX_COMMAND, CentreEngine, GomocupBrain, run_brain
from taku.protocols.mjai_client import MjaiProtocolError, MjaiSeatState

HAND = ["234m456p678s11z", "777z+", "1z"]


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def one_line_usage_error(status: int, out: str, err: str, *parts: str) -> None:
    assert status == 2 and out == "", (status, out, err)
    assert err.count("\n") == 1 and "usage:" not in err and "Traceback" not in err, err
    for part in parts:
        assert part in err, (part, err)


@pytest.mark.parametrize(("argv", "parts"), [
    (["mahjong", "simulate", "--games", "99999999999999999999999"],
     ["argument --games", f"from 1 to {MAX_GAMES}"]),
    (["mahjong", "simulate", "--games", "0"], ["argument --games", "from 1 to"]),
    (["mahjong", "simulate", "--workers", "100000"], ["argument --workers", f"from 1 to {usable_cpus()}"]),
    (["mahjong", "score", *HAND, "--honba", "99999999999999999999999"],
     ["argument --honba", "from 0 to 99"]),
    (["mahjong", "score", *HAND, "--honba", "-1"], ["argument --honba", "from 0 to 99"]),
    (["mahjong", "score", *HAND, "--deposits", "100"], ["argument --deposits", "from 0 to 99"]),
    (["renju", "match", "--black", "taku", "--white", "taku", "--games", "10000000000"],
     ["argument --games", "from 1 to 100000"]),
    (["renju", "solve", "h8", "--depth", "1000000000"], ["argument --depth", "from 1 to 200"]),
])
def test_resource_counts_no_table_can_reach_are_refused_naming_the_limit(
        capsys: pytest.CaptureFixture[str], argv: list[str], parts: list[str]) -> None:
    started = time.monotonic()
    one_line_usage_error(*run(capsys, *argv), *parts)
    assert time.monotonic() - started < 2


@pytest.mark.parametrize("value", ["inf", "nan", "-inf", "-1", "0", "1e300", "soon"])
@pytest.mark.parametrize("argv", [
    ["play", "renju", "--time"],
    ["renju", "solve", "h8", "--time"],
    ["renju", "match", "--black", "taku", "--white", "taku", "--time-per-move"],
])
def test_resource_non_finite_or_negative_times_are_refused(
        capsys: pytest.CaptureFixture[str], argv: list[str], value: str) -> None:
    """`play renju --time inf` used to think forever; every time option takes only a finite,
    positive number of seconds (at most a day)."""
    one_line_usage_error(*run(capsys, *argv, value), f"argument {argv[-1]}")


@pytest.mark.parametrize("value", ["inf", "nan", "-0.5"])
def test_resource_match_tolerance_must_be_finite_and_not_negative(
        capsys: pytest.CaptureFixture[str], value: str) -> None:
    one_line_usage_error(*run(capsys, "renju", "match", "--black", "taku", "--white", "taku",
                              "--tolerance", value), "argument --tolerance")


def test_resource_batch_scoring_refuses_counters_beyond_the_limit(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    line = '{"closed": "234m456p678s11z", "melds": ["777z+"], "win_tile": "1z", "honba": %s}\n'
    monkeypatch.setattr(sys, "stdin", io.StringIO(line % "99999999999999999999999" + line % "2"))
    status, out, _ = run(capsys, "mahjong", "score", "--batch")
    first, second = out.splitlines()
    assert status == 1
    assert first == '{"error": "\\"honba\\" must be at most 99, got 99999999999999999999999"}'
    assert json.loads(second)["payments"][0]["honba"] == 600


def test_resource_mjai_start_kyoku_refuses_counters_beyond_the_limit() -> None:
    state = MjaiSeatState(0)
    start = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "5s", "kyoku": 1, "oya": 0,
             "honba": 10 ** 25, "kyotaku": 0,
             "tehais": [["1m"] * 4 + ["2m"] * 4 + ["3m"] * 4 + ["4m"], *[["?"] * 13] * 3]}
    with pytest.raises(MjaiProtocolError, match="honba must be a count from 0 to 99"):
        state.update(start)


def test_resource_simulate_takes_games_from_its_schedule_only_as_workers_free() -> None:
    """The schedule is a generator: an endless one still yields results at once, in one process
    and in two (the pool holds at most two games per worker)."""
    assert isinstance(iter_schedule(10 ** 30, "s"), Iterator)
    taken: list[int] = []

    def endless() -> Iterator[GameSpec]:
        for number in itertools.count():
            taken.append(number)
            yield GameSpec(number, f"s-{number}", (0, 1, 2, 3))

    rules = Rules.preset("tenhou")
    for workers in (1, 2):
        taken.clear()
        results = list(itertools.islice(iter_games(endless(), ["tsumogiri"] * 4, rules, workers=workers), 3))
        assert len(results) == 3 and len(taken) <= 3 + 2 * workers


def test_resource_brain_input_lines_are_bounded() -> None:
    """pbrain-taku reads at most MAX_COMMAND characters of a line: a 5 MB line is answered with
    one short ERROR, and the memory it takes stays far below the line's size."""
    huge = "TURN " + "7" * 5_000_000 + "\n"
    stream = io.StringIO(huge + "START 15\nABOUT\n")
    output = io.StringIO()
    tracemalloc.start()
    try:
        run_brain(GomocupBrain(CentreEngine()), stream, output)
        _, peak = tracemalloc.get_traced_memory()
    finally:
        tracemalloc.stop()
    replies = output.getvalue().splitlines()
    assert replies[0] == f"ERROR a line longer than {MAX_COMMAND} characters: ignored"
    assert replies[1:] == ["OK", replies[2]] and replies[2].startswith('name="taku"')
    assert peak < 1_000_000, peak


@pytest.mark.parametrize(("argv", "message"), [
    (["renju", "forbidden"], "taku: error: input line 2: longer than 1048576 characters\n"),
    (["mahjong", "score", "--batch"], "taku: error: input line 2: longer than 1048576 characters\n"),
    # mjai-bot names its rules on standard error first (its standard output is the protocol).
    (["mahjong", "mjai-bot", "--seat", "0"],
     "rules: tenhou\ntaku: error: line 2 is longer than 1048576 characters\n"),
])
def test_resource_stdin_lines_longer_than_a_mebibyte_are_refused(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, argv: list[str],
        message: str) -> None:
    """Commands reading JSON lines read at most 1 MiB of a line: a longer one is a one-line error
    naming it, however long it is (its memory is bounded by the limit, not by its size)."""
    first = '{"black": [], "white": []}\n' if argv[1] == "forbidden" else "\n"
    stdin = first + "[" * 3_000_000 + "\n"
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(stdin.encode()), encoding="utf-8"))
    status, out, err = run(capsys, *argv)
    assert status == 2 and err == message and out.count("\n") <= 1


def test_resource_play_reads_a_huge_answer_as_one_bad_answer(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO("x" * 3_000_000 + "\nq\n"))
    status, out, _ = run(capsys, "play", "renju", "--level", "beginner")
    assert status == 0 and "! 'xxxxxxxxxx" in out and len(out) < 20_000
