"""Issue 17, class *hang*: no entry point waits forever on a child process.

A brain or an mjai bot that hangs (itself, or a process it started) loses on time and is killed
with its whole process group; a brain that drops commands sent right after its move (as Rapfi
does) is waited for; a child that does not read its input, or writes an endless line, costs a
bounded time and memory.
"""

from __future__ import annotations

import os
import subprocess
import sys
import time
from pathlib import Path

import pytest

from taku.mahjong.match import Match
from taku.protocols import gomocup_client
from taku.protocols.child_process import TOO_LONG, ChildProcess
from taku.protocols.gomocup import CentreEngine
from taku.protocols.gomocup_client import (
    BrainPlayer,
    EnginePlayer,
    play_game,
    play_match,
    start_wait,
)
from taku.protocols.mjai_process import MjaiBotError, MjaiProcessPlayer
from taku.renju import RenjuRules

TAKU = [sys.executable, "-m", "taku"]

HANGING_WRAPPER = """#!/bin/sh
# A brain behind a wrapper: the shell answers START, its child hangs on BEGIN holding the pipes.
echo $$ >> "{pids}"
while read line; do
  case "$line" in
    START*|RESTART*) echo OK ;;
    BEGIN*|TURN*|BOARD*) sleep 1000 & echo $! >> "{pids}"; wait ;;
  esac
done
"""


def _gone(pid: int) -> bool:
    """Whether process ``pid`` has ended (a zombie waiting to be reaped counts as ended)."""
    try:
        with open(f"/proc/{pid}/stat", encoding="ascii") as stat:
            return stat.read().rsplit(")", 1)[1].split()[0] == "Z"
    except FileNotFoundError:
        return True


def _wait_gone(pids: list[int], timeout: float = 5.0) -> bool:
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if all(_gone(pid) for pid in pids):
            return True
        time.sleep(0.05)
    return False


@pytest.mark.skipif(not Path("/proc").is_dir() or os.name != "posix", reason="needs /proc and sh")
def test_hang_renju_match_wrapper_brain_whose_child_hangs_loses_on_time_and_its_group_is_killed(
        tmp_path: Path) -> None:
    """The issue's reproducer: a /bin/sh brain answers OK to START and hangs in a child on BEGIN,
    --time-per-move 0.5 --tolerance 0.5. Each game is lost on time in about a second, the match
    ends, and no process of the brain is left."""
    pids = tmp_path / "pids"
    brain = tmp_path / "brain.sh"
    brain.write_text(HANGING_WRAPPER.format(pids=pids))
    brain.chmod(0o755)
    started = time.monotonic()
    done = subprocess.run(
        [*TAKU, "renju", "match", "--black", str(brain), "--white", "taku:beginner", "--games", "2",
         "--time-per-move", "0.5", "--tolerance", "0.5", "--json"],
        capture_output=True, text=True, timeout=60)
    elapsed = time.monotonic() - started
    assert done.returncode == 0, done.stderr
    assert elapsed < 15, elapsed
    assert '"reason": "timeout"' in done.stdout and '"losses": 2' in done.stdout
    assert "no answer to BEGIN within 1 s" in done.stderr
    recorded = [int(line) for line in pids.read_text().split()]
    assert len(recorded) == 4  # two shells, two hanging children
    assert _wait_gone(recorded), [pid for pid in recorded if not _gone(pid)]


def test_hang_a_brain_that_never_answers_start_loses_after_the_wait_derived_from_the_time(
        monkeypatch: pytest.MonkeyPatch) -> None:
    """A brain that is only `sleep 1000`: START gets no answer; the game is lost on time after
    :func:`start_wait` (ten moves at the limit, at least START_WAIT_MIN: lowered here to keep the
    test short), and the next game starts it afresh."""
    assert start_wait(0.5, 0.5) == 10.0 and start_wait(0.1, 0.0) == 5.0 and start_wait(10, 1) == 60.0
    monkeypatch.setattr(gomocup_client, "START_WAIT_MIN", 0.3)
    brain = BrainPlayer("sleeper", ["sleep", "1000"], tolerance=0.01)
    engine = EnginePlayer("centre", CentreEngine())
    started = time.monotonic()
    try:
        summary = play_match(brain, engine, 2, RenjuRules.preset("renju"), time_per_move=0.01, tolerance=0.01)
    finally:
        brain.close()
    assert time.monotonic() - started < 5
    assert [(g.result, g.reason) for g in summary.games] == [("0-1", "timeout")] * 2
    assert all("no answer to START 15 within 0.3 s" in (g.fault or "") for g in summary.games)


DROPPING_BRAIN = r"""
import sys, time
WINDOW = float(sys.argv[1])
size, taken, moved_at, dropped = 15, set(), -1e9, 0
def move():
    global moved_at
    point = next((x, y) for y in range(size) for x in range(size) if (x, y) not in taken)
    taken.add(point)
    print(f"{point[0]},{point[1]}", flush=True)
    moved_at = time.monotonic()
block = None
for line in sys.stdin:
    if time.monotonic() - moved_at < WINDOW:  # still "thinking": the command is lost, as in Rapfi
        dropped += 1
        sys.stderr.write(f"dropped {line.strip()}\n")
        continue
    word = line.strip().split(" ")[0].upper()
    if block is not None:
        if word == "DONE":
            block = None
            move()
        else:
            x, y, _ = line.strip().split(",")
            taken.add((int(x), int(y)))
    elif word in ("START", "RESTART"):
        taken.clear()
        print("OK", flush=True)
    elif word == "BEGIN":
        move()
    elif word == "TURN":
        x, y = line.split()[1].split(",")
        taken.add((int(x), int(y)))
        move()
    elif word == "BOARD":
        block = []
    elif word == "END":
        break
"""


def test_hang_a_brain_that_drops_commands_right_after_its_move_is_waited_for() -> None:
    """Rapfi drops a command that arrives in the instant after it prints a move (issue 13). A
    scripted brain that drops every line read within 10 ms of its move plays whole games against an
    instant engine: the client waits SETTLE_TIME (50 ms) after a move before the next command, so
    nothing is lost and no game is lost or mis-scored."""
    assert gomocup_client.SETTLE_TIME > 0.01
    brain = BrainPlayer("dropper", [sys.executable, "-c", DROPPING_BRAIN, "0.01"], tolerance=1.0)
    engine = EnginePlayer("centre", CentreEngine())
    rules = RenjuRules.preset("gomoku_freestyle")
    try:
        summary = play_match(brain, engine, 2, rules, swap=True, time_per_move=1.0, tolerance=1.0)
    finally:
        brain.close()
    assert [g.reason for g in summary.games] == ["five", "five"], [g.fault for g in summary.games]
    assert all(g.fault is None for g in summary.games)


def test_hang_without_the_settle_wait_the_dropping_brain_would_lose_on_time() -> None:
    """The control: with no wait (settle 0) the scripted brain, dropping what it reads within
    0.5 s of its move, loses the command sent at once after the engine's instant answer, and the
    game on time. So the test above does exercise the drop."""
    brain = BrainPlayer("dropper", [sys.executable, "-c", DROPPING_BRAIN, "0.5"], tolerance=0.2,
                        settle=0.0)
    engine = EnginePlayer("centre", CentreEngine())
    try:
        game = play_game(brain, engine, RenjuRules.preset("gomoku_freestyle"), time_per_move=0.2,
                         tolerance=0.2)
    finally:
        brain.close()
    assert (game.result, game.reason) == ("0-1", "timeout"), game


@pytest.mark.skipif(not Path("/proc").is_dir() or os.name != "posix", reason="needs /proc and sh")
def test_hang_mjai_bot_whose_child_hangs_times_out_and_close_kills_its_group(tmp_path: Path) -> None:
    """An mjai bot behind a wrapper whose child never answers: the decision times out, and close()
    returns at once with the wrapper and its child gone (it used to wait for the child forever)."""
    pids = tmp_path / "pids"
    script = f'echo $$ > "{pids}"; sleep 1000 & echo $! >> "{pids}"; wait'
    match = Match(seed=2)
    seat = match.to_act[0]
    player = MjaiProcessPlayer(["/bin/sh", "-c", script], seat, timeout=0.3)
    try:
        with pytest.raises(MjaiBotError, match=r"did not answer within 0\.3 s"):
            player.choose(match.observe(seat))
    finally:
        started = time.monotonic()
        player.close()
        assert time.monotonic() - started < 5
    recorded = [int(line) for line in pids.read_text().split()]
    assert len(recorded) == 2 and _wait_gone(recorded)


def test_hang_a_child_that_does_not_read_its_input_costs_only_the_write_time_limit() -> None:
    """Writing to a child that never reads stops at the time limit (a full pipe used to block)."""
    child = ChildProcess(["sleep", "1000"])
    try:
        started = time.monotonic()
        with pytest.raises(TimeoutError):
            for _ in range(100):
                child.send("x" * 65536, 0.3)
        assert time.monotonic() - started < 3
    finally:
        child.close(0.1)
    assert child.poll() is not None


def test_hang_an_endless_output_line_is_cut_and_the_rest_skipped() -> None:
    """A child writing a 20 MB line: the reader keeps its first 200 characters and marks it; the
    next line is read normally."""
    program = "import sys; sys.stdout.write('x' * 20_000_000 + '\\nnext\\n'); sys.stdout.flush()"
    child = ChildProcess([sys.executable, "-c", program])
    try:
        line = child.read_line(30)
        assert line == "x" * 200 + TOO_LONG
        assert child.read_line(30) == "next"
        assert child.read_line(30) is None
    finally:
        child.close(1)
