"""``benchmarks/renju_losses.py``: a bad argument or games file stops it with one line naming the
problem (no traceback, no game diagnosed)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

LOSSES = REPO / "benchmarks" / "renju_losses.py"


def run_losses(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(LOSSES), *args], capture_output=True, text=True,
                          timeout=120, cwd=REPO)


@pytest.mark.parametrize(("args", "named"), [
    (["--brain", sys.executable, "--games", "x.jsonl", "--time", "nan"], "--time"),
    (["--brain", sys.executable, "--games", "x.jsonl", "--taku-time", "0"], "--taku-time"),
    (["--brain", sys.executable, "--games", "x.jsonl", "--nodes", "-1"], "--nodes"),
    (["--brain", 'a "b', "--games", "x.jsonl"], "--brain"),
    (["--brain", sys.executable, "--games", "/nonexistent/games.jsonl"], "--games"),
])
def test_bad_argument_is_one_line_error(args: list[str], named: str) -> None:
    result = run_losses(*args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    last = result.stderr.strip().splitlines()[-1]
    assert last.startswith("renju_losses.py: error:") and named in last
    assert result.stdout == ""


def test_malformed_games_file_is_one_line_error(tmp_path: Path) -> None:
    games = tmp_path / "games.jsonl"
    games.write_text('{"rung": "2000n"}\n', encoding="utf-8")
    result = run_losses("--brain", sys.executable, "--games", str(games))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert result.stderr.strip().startswith("bad games file:")
    assert result.stdout == ""
