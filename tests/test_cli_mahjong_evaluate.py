"""``taku mahjong evaluate A B``: duplicate sets, the placement difference and its interval, the
JSON lines of the results, errors; and :class:`PairTally` on its own."""

from __future__ import annotations

import json
import random
from fractions import Fraction
from pathlib import Path

import pytest

from taku.bots.evaluation import GameSpec, PairTally, PlayedMatch, SeatCounts, play_scheduled_match, schedule
from taku.cli.main import main
from taku.mahjong.rules import Rules


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    try:
        status = main(list(argv))
    except SystemExit as exit_info:  # argparse's errors
        status = int(exit_info.code or 0)
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def fake(spec: GameSpec, rank_a: int) -> PlayedMatch:
    """A game of ``spec`` in which A (entry 0) finished ``rank_a`` and B's entries took the rest."""
    others = [r for r in (1, 2, 3, 4) if r != rank_a]
    ranks = [0, 0, 0, 0]
    for seat in range(4):
        ranks[seat] = rank_a if spec.seating[seat] == 0 else others.pop(0)
    return PlayedMatch(spec, (SeatCounts(),) * 4, tuple(ranks), (25000,) * 4)  # type: ignore[arg-type]


def test_pair_tally_difference_and_interval_over_sets() -> None:
    """Set 1: A ranks 1, 1, 2, 2 -> A minus B's mean rank per game: 1 - 3, 1 - 3, 2 - 8/3,
    2 - 8/3 -> set mean -4/3. Set 2: A ranks 4 four times -> 4 - 2 -> +2. Mean +1/3; sample
    variance of (-4/3, 2) = 50/9, half width 1.96 * sqrt(50/9 / 2)."""
    specs = schedule(8, "x")
    tally = PairTally()
    for spec, rank in zip(specs, (1, 1, 2, 2, 4, 4, 4, 4), strict=True):
        tally.add(fake(spec, rank))
    summary = tally.summary()
    assert (summary.games, summary.sets) == (8, 2)
    assert summary.placement_a == 22 / 8
    assert summary.difference == float(Fraction(1, 3))
    half = 1.96 * (50 / 9 / 2) ** 0.5
    assert summary.difference_ci95 == pytest.approx((1 / 3 - half, 1 / 3 + half))
    assert summary.placements_a == (2, 2, 0, 4)


def test_pair_tally_does_not_depend_on_the_order_of_arrival() -> None:
    specs = schedule(40, "y")
    rng = random.Random(5)
    games = [fake(spec, rng.randint(1, 4)) for spec in specs]
    first, second = PairTally(), PairTally()
    for game in games:
        first.add(game)
    rng.shuffle(games)
    for game in games:
        second.add(game)
    assert first.summary() == second.summary()


def test_evaluate_reports_the_difference_and_streams_the_results(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    results = tmp_path / "games.jsonl"
    status, out, _ = run(capsys, "mahjong", "evaluate", "simple", "tsumogiri", "--games", "8",
                         "--seed", "3", "--results", str(results), "--json")
    assert status == 0
    summary = json.loads(out)
    lines = [json.loads(line) for line in results.read_text().splitlines()]
    assert sorted(line["game"] for line in lines) == list(range(8))
    # The summary is the lines' ranks folded again, and each line is the game played afresh.
    tally = PairTally()
    for line in lines:
        spec = GameSpec(line["game"], line["walls"], tuple(line["seating"]), line["game"] % 4)
        tally.add(PlayedMatch(spec, (SeatCounts(),) * 4, tuple(line["ranks"]), tuple(line["scores"])))
    assert summary["difference"] == tally.summary().difference
    assert summary["sets"] == 2 and summary["a"] == "simple" and summary["b"] == "tsumogiri"
    again = play_scheduled_match(schedule(8, "3")[5], ("simple", "tsumogiri", "tsumogiri", "tsumogiri"),
                                 Rules())
    assert list(again.ranks) == next(line["ranks"] for line in lines if line["game"] == 5)
    status, out, _ = run(capsys, "mahjong", "evaluate", "simple", "tsumogiri", "--games", "8",
                         "--seed", "3")
    assert status == 0
    assert "simple vs 3x tsumogiri: 8 games (2 duplicate sets)" in out
    assert f"difference (simple minus tsumogiri): {summary['difference']:+.3f}, 95% interval [" in out


def test_one_duplicate_set_says_it_has_no_interval(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "mahjong", "evaluate", "simple", "tsumogiri", "--games", "4")
    assert status == 0
    assert "no 95% interval (it needs two duplicate sets or more)" in out and "nan" not in out


def test_help_shows_percent_signs_once(capsys: pytest.CaptureFixture[str]) -> None:
    for command in (["mahjong", "evaluate", "--help"], ["renju", "match", "--help"]):
        status, out, _ = run(capsys, *command)
        assert status == 0 and "95% " in out.replace("\n", " ") and "%%" not in out


@pytest.mark.parametrize(("argv", "message"), [
    (["--games", "6"], "--games must be a multiple of 4"),
    (["--games", "0"], "expected a number of games from 4"),
])
def test_evaluate_refuses_bad_arguments(capsys: pytest.CaptureFixture[str], argv: list[str],
                                        message: str) -> None:
    status, _, err = run(capsys, "mahjong", "evaluate", "simple", "random", *argv)
    assert status == 2 and message in err


def test_evaluate_refuses_an_unknown_player(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "mahjong", "evaluate", "simple", "nobody", "--games", "4")
    assert status == 2 and "unknown player 'nobody'" in err


def test_evaluate_cannot_write_results(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "mahjong", "evaluate", "simple", "random", "--games", "4",
                         "--results", str(tmp_path / "missing" / "x.jsonl"))
    assert status == 2 and "cannot write" in err
