"""The calibration of push/fold's estimates (benchmarks/mahjong_calibration.py): who won and who
dealt in is read from the events, and both modes run to their tables (in a subprocess: the script
wraps the player's functions on the pure build)."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

from tests.conftest import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
import mahjong_calibration
import mahjong_vs_bots

from taku.bots.evaluation import schedule

SCRIPT = REPO / "benchmarks" / "mahjong_calibration.py"


def run(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([sys.executable, str(SCRIPT), *args], capture_output=True, text=True,
                          timeout=600, check=False)


def test_wins_and_deal_ins_are_read_from_the_events() -> None:
    events: list[dict[str, Any]] = [
        {"type": "start_kyoku"},
        {"type": "dahai", "actor": 1, "pai": "5p"}, {"type": "dahai", "actor": 2, "pai": "1z"},
        {"type": "dahai", "actor": 1, "pai": "3m"},
        {"type": "hora", "actor": 2, "target": 1}, {"type": "hora", "actor": 3, "target": 1},  # a double ron
        {"type": "end_kyoku"}, {"type": "start_kyoku"},
        {"type": "dahai", "actor": 0, "pai": "7s"},
        {"type": "kakan", "actor": 0, "pai": "7s"},
        {"type": "hora", "actor": 3, "target": 0},  # the added kan robbed: not a discard's deal-in
        {"type": "end_kyoku"}, {"type": "start_kyoku"},
        {"type": "dahai", "actor": 2, "pai": "9s"}, {"type": "tsumo", "actor": 3},
        {"type": "hora", "actor": 3, "target": 3},  # self-drawn
    ]
    won, dealt = mahjong_calibration.outcomes(events)
    assert won == {(1, 2), (1, 3), (2, 3), (3, 3)}
    assert dealt == {(1, 2)}  # seat 1's second discard of the match


def table_rows(text: str, heading: str) -> list[list[str]]:
    part = text.split(heading)[1].split("\n\n")[0]
    return [[c.strip() for c in line.strip("|").split("|")] for line in part.splitlines()[2:] if line]


def test_self_play_prints_both_tables() -> None:
    done = run("selfplay", "--games", "4", "--seed", "t1")
    assert done.returncode == 0 and done.stderr == ""
    assert "4 self-play games of four TakuPlayer, seed 't1'" in done.stdout
    bins = table_rows(done.stdout, "| predicted deal-in chance |")
    assert bins and sum(int(row[1]) for row in bins) > 0
    for row in bins:
        low, high = (int(x) for x in re.findall(r"\d+", row[0]))
        assert low / 100 <= float(row[2]) <= high / 100  # the mean prediction lies in its band
        assert 0.0 <= float(row[3].split()[0]) <= 1.0
    sums = table_rows(done.stdout, "| sum of the raw chances over the kinds |")
    # every discard with a chance above 0 is in one band of the sum
    assert sum(int(row[1]) for row in sums) <= sum(int(row[1]) for row in bins)
    assert sums and all(float(row[2]) > 0 for row in sums)


def test_saved_games_are_played_again_and_a_bad_record_is_named(tmp_path: Path) -> None:
    out = tmp_path / "games.jsonl"
    for spec in schedule(1, "cal"):
        record = mahjong_vs_bots.play_one(spec, ["taku"] * 4, 10.0, "t", tmp_path)
        out.write_text(json.dumps(record) + "\n")
    done = run("saved", str(tmp_path), str(out))
    assert done.returncode == 0 and done.stderr == "", done.stderr
    assert done.stdout.startswith("1 saved games")
    bad = tmp_path / "bad.jsonl"
    bad.write_text('{"spec": [0]}\n')
    done = run("saved", str(tmp_path), str(bad))
    assert done.returncode != 0 and f"{bad}: line 1 is not a game record of mahjong_vs_bots.py" in done.stderr
    done = run("selfplay", "--games", "0")
    assert done.returncode == 2 and "--games must be at least 1" in done.stderr
