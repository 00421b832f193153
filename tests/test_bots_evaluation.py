"""Evaluation statistics: 95% intervals, duplicate schedules, per-hand counts and summaries."""

from __future__ import annotations

import math
import random

import pytest

from taku.bots.evaluation import (
    GameSpec,
    PlayedMatch,
    RunTally,
    SeatCounts,
    entry_labels,
    hand_counts,
    mean_ci95,
    mean_ci95_of_sums,
    play_scheduled_match,
    schedule,
    summarize,
    wilson_ci95,
)
from taku.mahjong.kyoku import Event
from taku.mahjong.rules import Rules
from tests.attributes import state

# --- intervals --------------------------------------------------------------------------------------


def test_mean_ci95_is_mean_plus_minus_1_96_sample_sd_over_root_n() -> None:
    mean, interval = mean_ci95([1, 2, 3, 4, 5])
    half = 1.96 * math.sqrt(2.5) / math.sqrt(5)  # sample variance of 1..5 is 2.5
    assert mean == 3.0
    assert interval == pytest.approx((3.0 - half, 3.0 + half))
    assert half == pytest.approx(1.3859, abs=1e-4)


def test_mean_ci95_of_equal_values_is_a_point_and_of_one_value_is_none() -> None:
    assert mean_ci95([2, 2, 2]) == (2.0, (2.0, 2.0))
    assert mean_ci95([7]) == (7.0, None)
    with pytest.raises(ValueError, match="no values"):
        mean_ci95([])


@pytest.mark.parametrize(("successes", "trials", "low", "high"), [
    (5, 10, 0.2366, 0.7634),
    (0, 10, 0.0, 0.2775),      # z²/(n + z²) = 3.8416/13.8416
    (10, 10, 0.7225, 1.0),
    (1, 100, 0.0018, 0.0545),
    (300, 1000, 0.2724, 0.3291),
])
def test_wilson_ci95_on_known_values(successes: int, trials: int, low: float, high: float) -> None:
    interval = wilson_ci95(successes, trials)
    assert interval is not None
    assert interval == pytest.approx((low, high), abs=1e-4)


def test_wilson_ci95_is_symmetric_contains_the_rate_and_narrows_with_more_trials() -> None:
    for trials in (1, 7, 50):
        for successes in range(trials + 1):
            interval = wilson_ci95(successes, trials)
            mirror = wilson_ci95(trials - successes, trials)
            assert interval is not None and mirror is not None
            assert interval[0] == pytest.approx(1 - mirror[1]) and interval[1] == pytest.approx(1 - mirror[0])
            assert interval[0] <= successes / trials <= interval[1]
    small, large = wilson_ci95(20, 100), wilson_ci95(200, 1000)
    assert small is not None and large is not None
    assert large[1] - large[0] < small[1] - small[0]


def test_wilson_ci95_without_trials_is_none_and_bad_counts_are_refused() -> None:
    assert wilson_ci95(0, 0) is None
    with pytest.raises(ValueError, match="0 <= successes <= trials, got 5/3"):
        wilson_ci95(5, 3)
    with pytest.raises(ValueError):
        wilson_ci95(-1, 3)


# --- schedules --------------------------------------------------------------------------------------


def test_duplicate_schedule_plays_each_wall_with_every_entry_at_every_seat() -> None:
    specs = schedule(12, 9)
    assert [s.number for s in specs] == list(range(12))
    for first in range(0, 12, 4):
        group = specs[first:first + 4]
        assert {s.wall_seed for s in group} == {f"9-{first // 4}"}
        assert [s.rotation for s in group] == [0, 1, 2, 3]
        for entry in range(4):
            assert sorted(s.seating.index(entry) for s in group) == [0, 1, 2, 3]
        for seat in range(4):
            assert sorted(s.seating[seat] for s in group) == [0, 1, 2, 3]
    assert specs[1].seating == (3, 0, 1, 2)  # rotation 1: entry 0 sits at seat 1
    assert len({s.wall_seed for s in specs}) == 3


def test_schedule_without_duplicate_gives_every_game_its_walls_and_fixed_seats() -> None:
    specs = schedule(3, "x", duplicate=False)
    assert specs == (GameSpec(0, "x-0", (0, 1, 2, 3)), GameSpec(1, "x-1", (0, 1, 2, 3)),
                     GameSpec(2, "x-2", (0, 1, 2, 3)))


def test_schedule_counts_games_and_leaves_the_last_set_incomplete() -> None:
    specs = schedule(6, 0)
    assert len(specs) == 6
    assert [s.wall_seed for s in specs] == ["0-0"] * 4 + ["0-1"] * 2
    assert schedule(0, 0) == ()
    with pytest.raises(ValueError, match="non-negative integer, got -1"):
        schedule(-1, 0)


# --- counting hands ---------------------------------------------------------------------------------

def _hand(*events: Event) -> list[Event]:
    return [{"type": "start_kyoku"}, *events, {"type": "end_kyoku"}]


def test_hand_counts_reads_wins_deal_ins_riichi_and_calls_per_hand() -> None:
    events: list[Event] = [
        {"type": "start_game"},
        *_hand({"type": "reach_accepted", "actor": 0},
               {"type": "chi", "actor": 2}, {"type": "pon", "actor": 2},
               {"type": "hora", "actor": 0, "target": 1}),
        *_hand({"type": "pon", "actor": 1}, {"type": "kakan", "actor": 1}, {"type": "ankan", "actor": 3},
               {"type": "reach_accepted", "actor": 2},
               {"type": "hora", "actor": 2, "target": 3}, {"type": "hora", "actor": 0, "target": 3}),
        *_hand({"type": "daiminkan", "actor": 3}, {"type": "hora", "actor": 3, "target": 3}),
        *_hand({"type": "ryukyoku"}),
        {"type": "end_game"},
    ]
    counts = hand_counts(events)
    assert counts[0] == SeatCounts(hands=4, wins=2, deal_ins=0, riichi=1, calls=0, facing_riichi=1,
                                   deal_ins_to_riichi=0)
    assert counts[1] == SeatCounts(hands=4, wins=0, deal_ins=1, riichi=0, calls=1, facing_riichi=2,
                                   deal_ins_to_riichi=1)
    assert counts[2] == SeatCounts(hands=4, wins=1, deal_ins=0, riichi=1, calls=1, facing_riichi=1,
                                   deal_ins_to_riichi=0)
    # a double ron is one deal-in (into a riichi: seat 2's); a kan's own tsumo is no deal-in
    assert counts[3] == SeatCounts(hands=4, wins=1, deal_ins=1, riichi=0, calls=1, facing_riichi=2,
                                   deal_ins_to_riichi=1)


def test_a_played_game_counts_every_hand_and_its_wins_match_the_events() -> None:
    result = play_scheduled_match(schedule(1, "count")[0], ["simple"] * 4, Rules.preset("tenhou"),
                                  keep_events=True)
    hands = sum(1 for e in result.events if e["type"] == "start_kyoku")
    horas = [e for e in result.events if e["type"] == "hora"]
    assert hands > 0 and all(c.hands == hands for c in result.counts)
    assert sum(c.wins for c in result.counts) == len(horas)
    assert sorted(result.ranks) == [1, 2, 3, 4]
    assert sum(result.scores) == 100000  # Tenhou: leftover riichi sticks go to the first place


def test_duplicate_games_of_one_set_deal_the_same_walls() -> None:
    names = ["simple", "tsumogiri", "random", "random"]
    first, second = (play_scheduled_match(spec, names, Rules.preset("tenhou"), keep_events=True)
                     for spec in schedule(2, "dup"))
    deal = next(e for e in first.events if e["type"] == "start_kyoku")
    again = next(e for e in second.events if e["type"] == "start_kyoku")
    assert deal["tehais"] == again["tehais"] and deal["dora_marker"] == again["dora_marker"]
    assert first.events != second.events  # other players at the seats


# --- summaries ----------------------------------------------------------------------------------------

def test_entry_labels_number_repeated_names() -> None:
    assert entry_labels(["taku", "random", "random", "random"]) == ("taku", "random#1", "random#2",
                                                                     "random#3")
    assert entry_labels(["a", "b", "c", "d"]) == ("a", "b", "c", "d")


def test_summarize_follows_each_entry_through_the_seatings() -> None:
    """Entry 0 sits at seat 0 then seat 1: its numbers come from those seats."""
    def counts(wins: int) -> tuple[SeatCounts, SeatCounts, SeatCounts, SeatCounts]:
        return (SeatCounts(10, wins, 1, 2, 3, 4, 0), SeatCounts(10, 0, 2, 0, 0, 0, 0),
                SeatCounts(10, 0, 0, 0, 0, 0, 0), SeatCounts(10, 0, 0, 0, 0, 0, 0))
    results = [
        PlayedMatch(GameSpec(0, "s-0", (0, 1, 2, 3), 0), counts(4), (1, 2, 3, 4),
                   (40000, 30000, 20000, 10000)),
        PlayedMatch(GameSpec(1, "s-0", (3, 0, 1, 2), 1), counts(6), (4, 1, 2, 3),
                   (5000, 45000, 30000, 20000)),
    ]
    first = summarize(["taku", "random", "random", "random"], results)[0]
    assert (first.name, first.label, first.entry, first.games, first.hands) == ("taku", "taku", 0, 2, 20)
    assert first.placements == (2, 0, 0, 0)
    assert first.avg_placement == 1.0 and first.avg_placement_ci95 == (1.0, 1.0)
    assert first.avg_score == 42500.0
    assert first.avg_score_ci95 == pytest.approx((42500 - 1.96 * 2500, 42500 + 1.96 * 2500))
    assert (first.win_rate, first.deal_in_rate) == (4 / 20, 3 / 20)
    assert first.win_rate_ci95 == wilson_ci95(4, 20)
    assert (first.riichi_rate, first.call_rate) == (2 / 20, 3 / 20)
    assert (first.hands_facing_riichi, first.deal_in_vs_riichi_rate) == (4, 0.0)
    assert first.deal_in_vs_riichi_rate_ci95 == wilson_ci95(0, 4)
    data = first.to_dict()
    assert data["avg_placement_ci95"] == [1.0, 1.0] and data["placements"] == [2, 0, 0, 0]
    third, last = summarize(["a", "b", "c", "d"], results)[2:]
    assert third.hands_facing_riichi == 0 and third.deal_in_vs_riichi_rate is None
    assert third.to_dict()["deal_in_vs_riichi_rate_ci95"] is None
    assert last.placements == (0, 0, 0, 2) and last.avg_score == 7500.0
    with pytest.raises(ValueError, match="no games"):
        summarize(["a", "b", "c", "d"], [])


def test_summarize_clips_the_placement_interval_to_1_to_4() -> None:
    zero = (SeatCounts(5), SeatCounts(5), SeatCounts(5), SeatCounts(5))
    scores = (25000, 25000, 25000, 25000)
    results = [PlayedMatch(GameSpec(n, f"s-{n}", (0, 1, 2, 3)), zero, ranks, scores)
               for n, ranks in enumerate([(1, 2, 3, 4), (1, 2, 4, 3), (2, 1, 3, 4)])]
    first, _, _, last = summarize(["a", "b", "c", "d"], results)
    half = 1.96 * math.sqrt(1 / 3) / math.sqrt(3)
    assert first.avg_placement_ci95 is not None and last.avg_placement_ci95 is not None
    assert first.avg_placement_ci95[0] == 1.0 and first.avg_placement_ci95[1] == pytest.approx(4 / 3 + half)
    assert last.avg_placement_ci95[0] == pytest.approx(11 / 3 - half) and last.avg_placement_ci95[1] == 4.0


def test_hand_counts_count_riichi_faced_dealt_into_and_the_discards_made_against_it() -> None:
    """The riichi figures of the deal-in rates: seat 0 faces seat 2's riichi in one hand, makes two
    discards against it and deals in once; its own riichi in the next hand is no riichi faced."""
    events: list[Event] = [{"type": "start_kyoku"}, {"type": "dahai", "actor": 0, "pai": "1m"},
              {"type": "reach_accepted", "actor": 2}, {"type": "dahai", "actor": 0, "pai": "2m"},
              {"type": "dahai", "actor": 0, "pai": "3m"},
              {"type": "hora", "actor": 2, "target": 0}, {"type": "start_kyoku"},
              {"type": "reach_accepted", "actor": 0}, {"type": "hora", "actor": 1, "target": 0}]
    counts = hand_counts(events)[0]
    assert (counts.facing_riichi, counts.deal_ins_to_riichi, counts.discards_facing_riichi,
            counts.deal_ins_to_riichi) == (1, 1, 2, 1)


def test_run_tally_is_the_summary_in_any_order_and_keeps_only_sums() -> None:
    """``simulate`` streams its games into a RunTally: the same summary as summarize(), whatever
    the order the games finish in, and no per-game list kept."""
    rng = random.Random(7)
    results = []
    for number in range(40):
        ranks = [1, 2, 3, 4]
        rng.shuffle(ranks)
        scores = [rng.randrange(-20000, 80000, 100) for _ in range(4)]
        counts = []
        for _ in range(4):
            hands = rng.randrange(6, 14)
            facing = rng.randrange(0, hands + 1)
            counts.append(SeatCounts(hands, rng.randrange(0, 4), rng.randrange(0, 3), rng.randrange(0, 4),
                                     rng.randrange(0, hands + 1), facing, rng.randrange(0, facing + 1),
                                     rng.randrange(0, 40)))
        seating = ((0, 1, 2, 3), (3, 0, 1, 2), (2, 3, 0, 1), (1, 2, 3, 0))[number % 4]
        results.append(PlayedMatch(GameSpec(number, f"s-{number // 4}", seating, number % 4),
                                   tuple(counts), tuple(ranks), tuple(scores)))  # type: ignore[arg-type]
    names = ["taku", "simple", "simple", "simple"]
    forward = RunTally(names)
    backward = RunTally(names)
    for result in results:
        forward.add(result)
    for result in reversed(results):
        backward.add(result)
    assert forward.summaries() == backward.summaries() == summarize(names, results)
    kept = state(forward).values()  # (a compiled RunTally has no __dict__ for vars())
    assert kept and not any(isinstance(value, list) and len(value) >= len(results) for value in kept)
    for entry, summary in enumerate(forward.summaries()):
        ranks = [r.ranks[r.spec.seating.index(entry)] for r in results]
        scores = [r.scores[r.spec.seating.index(entry)] for r in results]
        mean, interval = mean_ci95(scores)
        assert summary.avg_score == mean and summary.avg_score_ci95 == pytest.approx(interval, rel=1e-12)
        assert summary.avg_placement == mean_ci95(ranks)[0]
        assert sum(summary.placements) == 40
    with pytest.raises(ValueError, match="no games"):
        RunTally(names).summaries()


def test_mean_ci95_of_sums_agrees_with_mean_ci95() -> None:
    rng = random.Random(3)
    for n in (1, 2, 3, 10, 500):
        values = [rng.randrange(-50000, 90000) for _ in range(n)]
        mean, interval = mean_ci95_of_sums(n, sum(values), sum(v * v for v in values))
        expected_mean, expected = mean_ci95(values)
        assert mean == expected_mean
        assert (interval is None) == (expected is None)
        if interval is not None:
            assert interval == pytest.approx(expected, rel=1e-12)
    with pytest.raises(ValueError, match="undefined"):
        mean_ci95_of_sums(0, 0, 0)
