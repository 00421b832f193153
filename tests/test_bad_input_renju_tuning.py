"""``benchmarks/renju_eval_tuning.py`` and ``benchmarks/renju_selfplay.py``: a bad argument or input
file stops them with one line naming it (no traceback, nothing played); the fit reads a labelled
file and prints one weight per evaluation feature."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

TUNING = REPO / "benchmarks" / "renju_eval_tuning.py"
SELFPLAY = REPO / "benchmarks" / "renju_selfplay.py"


def run(script: Path, *args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(script), *args], capture_output=True, text=True,
                          timeout=120, cwd=REPO)


@pytest.mark.parametrize(("args", "named"), [
    (["--old", "/nonexistent"], "--old"),
    (["--old", str(REPO), "--games", "0"], "--games"),
    (["--old", str(REPO), "--nodes", "-5"], "--nodes"),
    (["--old", str(REPO), "--level", "grandmaster"], "--level"),
    (["--old", str(REPO), "--first", "-1"], "--first"),
])
def test_selfplay_bad_argument_is_one_line_error(args: list[str], named: str) -> None:
    result = run(SELFPLAY, *args)
    assert result.returncode == 2, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert named in result.stderr.strip().splitlines()[-1]
    assert result.stdout == ""  # no game was played


@pytest.mark.parametrize(("args", "named"), [
    (["positions", "--games", "0"], "--games"),
    (["positions", "--noise", "2"], "--noise"),
    (["label", "--brain", "/nonexistent/brain", "--positions", "x.txt"], "--brain"),
    (["fit", "--labelled", "/nonexistent/labelled.txt"], "/nonexistent/labelled.txt"),
    (["fit", "--labelled", "x.txt", "--scale", "nan"], "--scale"),
])
def test_tuning_bad_argument_is_one_line_error(args: list[str], named: str) -> None:
    result = run(TUNING, *args)
    assert result.returncode != 0, result.stdout + result.stderr
    assert "Traceback" not in result.stderr
    assert named in result.stderr.strip().splitlines()[-1]
    assert result.stdout == ""


def test_tuning_fit_names_a_bad_line(tmp_path: Path) -> None:
    labelled = tmp_path / "labelled.txt"
    labelled.write_text("120 h8i9j8\nnot-a-number h8i9\n", encoding="utf-8")
    result = run(TUNING, "fit", "--labelled", str(labelled))
    assert result.returncode == 1
    assert "Traceback" not in result.stderr
    assert "line 2" in result.stderr and "not-a-number" in result.stderr


def test_tuning_fit_prints_one_weight_per_feature(tmp_path: Path) -> None:
    # Twelve positions; Black stands better (a positive label for Black to move, negative for
    # White) the more stones it has in a row.
    lines = []
    for moves, label in (("h8a1i8", -40), ("h8a1i8a2", 60), ("h8a1i8a2j8", -300), ("h8i9j8", -20),
                         ("h8i9j8g8", 30), ("h8h9i8", -10), ("h8h9i8g9", 10), ("h8i9h9", -30),
                         ("h8i9h9i10", 20), ("h8g9i8", -40), ("h8g9i8j9", 30), ("h8a15i8a14j8", -250)):
        lines.append(f"{label} {moves}")
    labelled = tmp_path / "labelled.txt"
    labelled.write_text("\n".join(lines) + "\n", encoding="utf-8")
    result = run(TUNING, "fit", "--labelled", str(labelled), "--steps", "20")
    assert result.returncode == 0, result.stderr
    weights = [line.split(",")[0].strip() for line in result.stdout.splitlines() if ",  # " in line]
    assert len(weights) == 14 and all(w.lstrip("-").isdigit() for w in weights)
    assert "positions 12" in result.stdout
