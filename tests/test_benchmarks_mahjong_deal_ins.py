"""The deal-in analysis of saved games (benchmarks/mahjong_deal_ins.py): saved self-play games are
played again on the engine, and every deal-in of the first entry is found and classed."""

from __future__ import annotations

import json
import re
import sys
from pathlib import Path

import pytest

from tests.conftest import REPO

sys.path.insert(0, str(REPO / "benchmarks"))
import mahjong_deal_ins
import mahjong_vs_bots

from taku.bots.evaluation import schedule

NAMES = ["taku", "taku", "taku", "taku"]


def saved_games(directory: Path, games: int) -> tuple[Path, list[dict[str, object]]]:
    """Play ``games`` self-play games with their events saved, as ``mahjong_vs_bots.py`` does."""
    out = directory / "games.jsonl"
    records = []
    for spec in schedule(games, "di"):
        record = mahjong_vs_bots.play_one(spec, NAMES, 10.0, "t", directory)
        records.append(record)
        with out.open("a") as stream:
            stream.write(json.dumps(record) + "\n")
    return out, records


def test_every_deal_in_of_the_first_entry_is_found_and_classed(tmp_path: Path,
                                                               capsys: pytest.CaptureFixture[str]) -> None:
    out, records = saved_games(tmp_path, 4)
    # the first entry's deal-ins as the match's own counts say (no added kan was robbed here)
    expected = sum(r["counts"][r["spec"][2].index(0)][2] for r in records)  # type: ignore[index]
    assert expected > 0
    assert mahjong_deal_ins.main([str(tmp_path), str(out)]) == 0
    printed = capsys.readouterr()
    assert printed.err == ""  # every game replayed
    head = re.search(r"^4 games, (\d+) discards, (\d+) deal-ins, (\d+) points$", printed.out, re.MULTILINE)
    assert head is not None and int(head.group(2)) == expected
    table = printed.out.split("| class | deal-ins | points |")[1].split("\n\n")[0]
    rows = re.findall(r"^\| ([^|]+) \| (\d+) \| (\d+) \|$", table, re.MULTILINE)
    assert sum(int(n) for _, n, _ in rows) == expected
    assert sum(int(points) for _, _, points in rows) == int(head.group(3)) > 0
    classes = re.compile(r"own riichi|no riichi on the table|facing riichi, (tenpai|one-shanten|"
                         r"two-shanten or more), (closed|open), (pushed|safest tile)")
    assert all(classes.fullmatch(label) for label, _, _ in rows)


def test_each_seat_s_hands_are_classed_by_what_they_became() -> None:
    events: list[dict[str, object]] = [
        {"type": "start_game"},
        {"type": "start_kyoku"},
        {"type": "pon", "actor": 1}, {"type": "reach"}, {"type": "reach_accepted", "actor": 2},
        {"type": "hora", "actor": 2, "target": 1, "deltas": [0, -3900, 4900, 0]},
        {"type": "end_kyoku"},
        {"type": "start_kyoku"},
        {"type": "chi", "actor": 0},
        {"type": "ryukyoku", "deltas": [1500, -1000, 1500, -2000]},  # (not meant to add up)
        {"type": "end_kyoku"},
    ]
    seats = mahjong_deal_ins.hand_results(events)
    HandResult = mahjong_deal_ins.HandResult
    assert seats[1] == [HandResult("open", True, -3900, False, True),
                        HandResult("closed", False, -1000, False, False)]
    # the riichi stick is paid by the riichi player (and comes back with his win's deltas)
    assert seats[2] == [HandResult("riichi", False, 3900, True, False),
                        HandResult("closed", False, 1500, False, False)]
    assert seats[0] == [HandResult("closed", True, 0, False, False),
                        HandResult("open", False, 1500, False, False)]


def test_the_hands_table_has_a_row_per_class_and_a_total(capsys: pytest.CaptureFixture[str]) -> None:
    HandResult = mahjong_deal_ins.HandResult
    mine = [HandResult("riichi", False, 8000, True, False), HandResult("open", True, -5200, False, True),
            HandResult("open", False, 1000, True, False), HandResult("closed", True, -1000, False, False)]
    mahjong_deal_ins.report_hands(mine, [HandResult("closed", False, -2000, False, False)])
    out = capsys.readouterr().out
    assert "| first entry | open | 50.0% | 2 | 50.0% | 50.0% | -2100 | 1, 0.0%, 100.0%, -5200 |" in out
    assert "| first entry | all | 100.0% | 4 | 50.0% | 25.0% | +700 | 2, 0.0%, 50.0%, -3100 |" in out
    assert "| the others | closed | 100.0% | 1 | 0.0% | 0.0% | -2000 | 0 |" in out
    assert "| the others | open |" not in out  # no such hand


def test_a_game_that_does_not_replay_is_named_and_skipped(tmp_path: Path,
                                                          capsys: pytest.CaptureFixture[str]) -> None:
    out, _ = saved_games(tmp_path, 1)
    name = tmp_path / f"t-0-{'-'.join(NAMES)}.jsonl"
    lines = name.read_text().splitlines()
    first_discard = next(i for i, line in enumerate(lines) if '"dahai"' in line)
    event = json.loads(lines[first_discard])
    event["pai"] = "5z"  # not an mjai tile
    lines[first_discard] = json.dumps(event)
    name.write_text("\n".join(lines) + "\n")
    assert mahjong_deal_ins.main([str(tmp_path), str(out)]) == 0
    printed = capsys.readouterr()
    assert f"{name}: event {first_discard}: dahai: pai: not an mjai tile: '5z'; game skipped" in printed.err
    assert "0 games, 0 discards, 0 deal-ins" in printed.out
    # a line that is not JSON is named too
    name.write_text("{not json\n")
    assert mahjong_deal_ins.main([str(tmp_path), str(out)]) == 0
    assert f"{name}: line 1 is not JSON; game skipped" in capsys.readouterr().err


def test_a_records_file_that_is_not_a_run_s_is_named(tmp_path: Path) -> None:
    records = tmp_path / "games.jsonl"
    records.write_text('{"spec": [0]}\n')
    with pytest.raises(SystemExit, match=f"{records}: line 1 is not a game record of mahjong_vs_bots.py"):
        mahjong_deal_ins.main([str(tmp_path), str(records)])
