"""``taku renju match``: games between external Gomocup brains and the built-in AI, scored."""

from __future__ import annotations

import json
import sys
from pathlib import Path

import pytest

from taku.cli.main import main
from taku.protocols.gomocup_client import score_interval
from taku.renju import Position
from tests.renju_helpers import forbidden_only_moves

PBRAIN = str(Path(sys.executable).with_name("pbrain-taku"))


def test_match_between_two_external_pbrain_taku_processes(capsys: pytest.CaptureFixture[str]) -> None:
    brain = f"{PBRAIN} --level easy"
    status = main(["renju", "match", "--black", brain, "--white", brain, "--games", "2", "--swap",
                   "--time-per-move", "0.3", "--tolerance", "3", "--opening", "rif26", "--json"])
    assert status == 0
    captured = capsys.readouterr()
    summary = json.loads(captured.out)
    assert summary["games"] == 2
    assert summary["players"] == ["pbrain-taku#1", "pbrain-taku#2"]
    assert summary["wins"] + summary["losses"] + summary["draws"] == 2
    assert summary["score"] == pytest.approx((summary["wins"] + summary["draws"] / 2) / 2)
    low, high = summary["score_ci95"]
    assert low <= summary["score"] <= high
    colours = [(game["black"], game["white"]) for game in summary["results"]]
    assert colours == [("pbrain-taku#1", "pbrain-taku#2"), ("pbrain-taku#2", "pbrain-taku#1")]  # --swap
    for game in summary["results"]:
        assert game["fault"] is None, game
        assert game["moves"].startswith("h8h9h10")  # the first RIF opening, Kansei, for both games
        position = Position(game["moves"])  # every move legal under renju
        outcome = position.outcome()
        assert outcome is not None and outcome.result() == game["result"]
    assert captured.err.count("game ") == 2


CRASHING = "import sys\nprint('OK', flush=True)\nsys.stdin.readline()\nsys.exit(3)\n"


def test_match_a_crashing_brain_loses_every_game(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    script = tmp_path / "crash.py"
    script.write_text(CRASHING)
    status = main(["renju", "match", "--black", "taku:beginner", "--white", f"{sys.executable} {script}",
                   "--games", "2", "--swap", "--time-per-move", "0.2"])
    assert status == 0
    out = capsys.readouterr().out
    assert "taku:beginner: 2 wins, 0 losses, 0 draws; score 1.000" in out


def test_match_rejects_bad_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["renju", "match", "--black", "taku", "--white", "taku", "--games", "0"]) == 2
    assert main(["renju", "match", "--black", "taku:grandmaster", "--white", "taku"]) == 2
    assert main(["renju", "match", "--black", "taku", "--white", "taku", "--opening", "h8h8"]) == 2
    err = capsys.readouterr().err
    assert "argument --games: 0: expected a number of games from 1 to 100000" in err
    assert "unknown level 'grandmaster'" in err
    assert "--opening 'h8h8'" in err


def test_match_refuses_a_brain_that_cannot_start_or_a_malformed_player(
        tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """A typo in a brain's path is a usage error (status 2), not a game the brain loses; so is a
    player command that cannot be parsed."""
    not_executable = tmp_path / "brain.txt"
    not_executable.write_text("not a program")
    for white, message in ((str(tmp_path / "missing-brain"), "cannot run brain"),
                           (str(not_executable), "cannot run brain"),
                           ('"unterminated', "--white '\"unterminated'"),
                           ("", "--white ''")):
        assert main(["renju", "match", "--black", "taku", "--white", white, "--games", "1"]) == 2, white
        captured = capsys.readouterr()
        assert captured.out == "" and message in captured.err, (white, captured.err)
        assert "Traceback" not in captured.err


def test_score_interval_is_wilson() -> None:
    low, high = score_interval(5, 10)
    assert low == pytest.approx(0.2366, abs=1e-4) and high == pytest.approx(0.7634, abs=1e-4)
    assert score_interval(0, 0) == (0.0, 1.0)


def test_ray_refuses_external_brains(capsys: pytest.CaptureFixture[str]) -> None:
    status = main(["renju", "match", "--black", PBRAIN, "--white", "taku", "--ray"])
    assert status == 2
    assert "--ray plays taku players only" in capsys.readouterr().err


def test_engine_games_do_not_depend_on_the_games_before(capsys: pytest.CaptureFixture[str]) -> None:
    """Between taku engines every game has fresh engines: game 3 of a match is game 1 of a match
    that starts with the same opening and colours."""
    argv = ["renju", "match", "--black", "taku:beginner", "--white", "taku:beginner", "--seed", "4",
            "--time-per-move", "5", "--json"]
    assert main([*argv, "--games", "3", "--opening", "Kagetsu"]) == 0
    three = json.loads(capsys.readouterr().out)["results"]
    assert main([*argv, "--games", "1", "--opening", "Kagetsu"]) == 0
    one = json.loads(capsys.readouterr().out)["results"]
    assert three[2]["moves"] == one[0]["moves"] == three[0]["moves"]


def test_rj15_engines_finish_a_game_where_black_has_only_forbidden_points_as_a_draw(
        capsys: pytest.CaptureFixture[str]) -> None:
    """From a board where Black's three empty points are all overlines, the taku engines (which can
    pass) play on: Black passes each time, White fills the points without a five, and the full
    board draws (RJ-15), where the AI used to fail with IllegalMoveError."""
    moves = forbidden_only_moves()
    status = main(["renju", "match", "--black", "taku:medium", "--white", "taku:easy", "--games", "1",
                   "--time-per-move", "0.3", "--tolerance", "5", "--opening", moves, "--json"])
    assert status == 0
    game = json.loads(capsys.readouterr().out)["results"][0]
    assert (game["result"], game["reason"], game["fault"]) == ("1/2-1/2", "full board", None)
    assert game["moves"].startswith(moves) and game["moves"][len(moves):].count("pass") == 3


def test_rj12_against_a_gomocup_brain_the_game_is_played_without_passes(
        capsys: pytest.CaptureFixture[str]) -> None:
    """The protocol has no pass, so a game with an external brain is played without: taku, Black
    with only forbidden points, makes the forced foul and loses by it (not a crash, not a pass the
    brain could not be told of)."""
    status = main(["renju", "match", "--black", "taku:easy", "--white", f"{PBRAIN} --level easy",
                   "--games", "1", "--time-per-move", "0.3", "--tolerance", "5",
                   "--opening", forbidden_only_moves(), "--json"])
    assert status == 0
    game = json.loads(capsys.readouterr().out)["results"][0]
    assert (game["result"], game["reason"]) == ("0-1", "forbidden")
    assert game["fault"] == "taku:easy: played the forbidden move e4 (overline)"
