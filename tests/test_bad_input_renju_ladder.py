"""``benchmarks/renju_ladder.py``: a bad argument stops the ladder with one line naming it (no
traceback, no games played, nothing written)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import REPO

LADDER = REPO / "benchmarks" / "renju_ladder.py"


def run_ladder(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(LADDER), *args], capture_output=True, text=True,
                          timeout=120, cwd=REPO)


@pytest.mark.parametrize(("args", "named"), [
    (["--brain", sys.executable, "--rungs", "bogus"], "--rungs"),
    (["--brain", sys.executable, "--rungs", "infs"], "--rungs"),
    (["--brain", sys.executable, "--rungs", ","], "--rungs"),
    (["--brain", sys.executable, "--taku-nodes", "-3"], "--taku-nodes"),
    (["--brain", sys.executable, "--taku-time", "nan"], "--taku-time"),
    (["--brain", sys.executable, "--brain-time", "inf"], "--brain-time"),
    (["--brain", sys.executable, "--settle", "-1"], "--settle"),
    (["--brain", sys.executable, "--games", "0"], "--games"),
    (["--brain", 'a "b'], "--brain"),
    (["--brain", "/nonexistent/brain"], "--brain"),
    (["--brain", sys.executable, "--games-out", "/nonexistent/dir/games.jsonl"], "--games-out"),
])
def test_ladder_bad_argument_is_one_line_error(args: list[str], named: str) -> None:
    result = run_ladder(*args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("renju_ladder.py: error:") and named in last
    assert "game" not in result.stdout.replace("games per rung", "")  # no game was played
