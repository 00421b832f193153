"""``taku mahjong simulate``: summaries, records, exit codes, errors."""

from __future__ import annotations

import io
import json
import sys
from pathlib import Path

import pytest

from taku.cli.main import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_simulate_writes_records_that_replay(capsys: pytest.CaptureFixture[str],
                                             tmp_path: Path) -> None:
    """simulate plays N matches, writes one mjai record each, and replay agrees with every one."""
    out_dir = tmp_path / "games"
    status, out, _ = run(capsys, "mahjong", "simulate", "--games", "2", "--seed", "7",
                         "--out", str(out_dir))
    assert status == 0
    files = sorted(out_dir.iterdir())
    assert [f.name for f in files] == ["game-7-0000.mjai.jsonl", "game-7-0001.mjai.jsonl"]
    assert out.startswith("rules: tenhou\n2 games (") and f"records in {out_dir}/" in out
    assert "placement" in out and "simple#4" in out
    first = json.loads(files[0].read_text().splitlines()[0])
    assert first["type"] == "start_game"
    status, out, _ = run(capsys, "mahjong", "replay", *map(str, files))
    assert status == 0
    assert out.splitlines()[-1].startswith("2 games,") and out.splitlines()[-1].endswith("all agree")
    assert out.splitlines()[1].startswith("game-7-0000.mjai.jsonl: ok (")


def test_simulate_writes_nothing_without_out(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.chdir(tmp_path)
    status, _, _ = run(capsys, "mahjong", "simulate", "--games", "1", "--player", "tsumogiri")
    assert status == 0
    assert list(tmp_path.iterdir()) == []


def test_simulate_is_reproducible_and_json(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    """The same seed gives the same records; --json prints the summary as one object."""
    texts = []
    for name in ("a", "b"):
        status, out, _ = run(capsys, "mahjong", "simulate", "--games", "1", "--seed", "3",
                             "--player", "random", "--out", str(tmp_path / name), "--json")
        assert status == 0
        summary = json.loads(out)
        assert summary["games"] == 1 and len(summary["players"]) == 4
        assert sorted(p["avg_placement"] for p in summary["players"]) == [1.0, 2.0, 3.0, 4.0]
        assert [p["label"] for p in summary["players"]] == ["random#1", "random#2", "random#3", "random#4"]
        texts.append((tmp_path / name / "game-3-0000.mjai.jsonl").read_text())
    assert texts[0] == texts[1]


STATS = ("avg_placement", "win_rate", "deal_in_rate", "riichi_rate", "call_rate", "avg_score")


def test_simulate_players_json_shape(capsys: pytest.CaptureFixture[str]) -> None:
    """--players names the four entries; each gets every statistic with a 95% interval around it."""
    status, out, _ = run(capsys, "mahjong", "simulate", "--games", "8", "--seed", "s",
                         "--players", "simple,random,tsumogiri,simple", "--json")
    assert status == 0
    summary = json.loads(out)
    assert (summary["games"], summary["duplicate"], summary["rules"]) == (8, True, "tenhou")
    assert [p["name"] for p in summary["players"]] == ["simple", "random", "tsumogiri", "simple"]
    assert [p["label"] for p in summary["players"]] == ["simple#1", "random", "tsumogiri", "simple#2"]
    for player in summary["players"]:
        assert player["games"] == 8 and player["hands"] == summary["hands"]
        assert sum(player["placements"]) == 8
        for key in STATS:
            low, high = player[f"{key}_ci95"]
            assert low <= player[key] <= high
    random_entry = summary["players"][1]
    assert random_entry["win_rate"] == 0.0 and random_entry["call_rate"] > 0.5
    # every seat's placements in a duplicate set: the table's placements add up per game
    assert sum(p["avg_placement"] for p in summary["players"]) == pytest.approx(10.0)


def test_simulate_text_table(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "mahjong", "simulate", "--games", "2", "--seed", "1",
                         "--players", "simple,random,random,tsumogiri", "--no-duplicate")
    assert status == 0
    header, *lines = out.splitlines()
    assert header == "rules: tenhou"  # issue 17 item 4: the rules in use head the output
    assert lines[0].startswith("2 games (") and "one wall seed per game" in lines[0]
    assert lines[1].split() == ["player", "placement", "win", "%", "deal-in", "%", "riichi", "%", "call",
                                "%", "final", "score"]
    assert [line.split()[0] for line in lines[2:6]] == ["simple", "random#1", "random#2", "tsumogiri"]
    assert "±" in lines[2] and "[" in lines[2]
    status, out, _ = run(capsys, "mahjong", "simulate", "--games", "2", "--player", "tsumogiri")
    assert "note: the last duplicate set is incomplete" in out
    status, out, _ = run(capsys, "mahjong", "simulate", "--games", "1", "--player", "tsumogiri",
                         "--rules", "seeds-001-003")
    assert status == 0 and out.startswith("rules: seeds-001-003\n")


def test_simulate_draws_a_progress_bar_on_a_terminal(capsys: pytest.CaptureFixture[str],
                                                      monkeypatch: pytest.MonkeyPatch) -> None:
    class Terminal(io.StringIO):
        def isatty(self) -> bool:
            return True

    terminal = Terminal()
    monkeypatch.setattr(sys, "stderr", terminal)
    assert main(["mahjong", "simulate", "--games", "2", "--player", "tsumogiri"]) == 0
    updates = terminal.getvalue().split("\r")[1:]
    assert [u.split("] ")[1].split(" (")[0] for u in updates] == ["1/2 games", "2/2 games"]
    assert updates[0].startswith("[" + "#" * 15 + "." * 15 + "]") and updates[1].endswith("/s)\n")
    assert capsys.readouterr().out.startswith("rules: tenhou\n2 games (")


def test_simulate_workers_give_the_same_results(capsys: pytest.CaptureFixture[str],
                                                tmp_path: Path) -> None:
    """Two processes play the same games as one: same summary, same records."""
    summaries = []
    for workers in ("1", "2"):
        status, out, _ = run(capsys, "mahjong", "simulate", "--games", "5", "--seed", "w",
                             "--players", "simple,random,tsumogiri,random", "--workers", workers,
                             "--out", str(tmp_path / workers), "--json")
        assert status == 0
        summary = json.loads(out)
        del summary["seconds"], summary["out"]
        summaries.append(summary)
    assert summaries[0] == summaries[1]
    one, two = (sorted(p.name for p in (tmp_path / w).iterdir()) for w in ("1", "2"))
    assert one == two and len(one) == 5
    for name in one:
        assert (tmp_path / "1" / name).read_text() == (tmp_path / "2" / name).read_text()


def test_simulate_seats_the_taku_player(capsys: pytest.CaptureFixture[str]) -> None:
    status, out, _ = run(capsys, "mahjong", "simulate", "--games", "1", "--seed", "t",
                         "--players", "taku,random,random,taku-efficiency", "--json")
    assert status == 0
    players = json.loads(out)["players"]
    assert [p["label"] for p in players] == ["taku", "random#1", "random#2", "taku-efficiency"]
    assert sorted(p["avg_placement"] for p in players) == [1.0, 2.0, 3.0, 4.0]


@pytest.mark.parametrize(("argv", "message"), [
    (["--players", "simple,random"], "--players needs four comma-separated names, got 'simple,random'"),
    (["--players", "simple,random,,random"],
     "--players needs four comma-separated names, got 'simple,random,,random'"),
    (["--players", "simple,random,mortal,random"],
     "unknown player 'mortal'; choose one of random, simple, taku, taku-efficiency, tsumogiri"),
    (["--player", "nobody"],
     "unknown player 'nobody'; choose one of random, simple, taku, taku-efficiency, tsumogiri"),
    (["--player", "simple", "--players", "simple,simple,simple,simple"],
     "give either --players or --player, not both"),
    (["--format", "tenhou"], "--format tenhou needs --out DIR (where to write the records)"),
    (["--seed", "../x", "--out", "games"],
     "--seed '../x': with --out the seed is part of the file names, so it may hold only letters, "
     "digits and . _ + -"),
])
def test_simulate_bad_input_is_a_one_line_error(capsys: pytest.CaptureFixture[str], argv: list[str],
                                                message: str) -> None:
    status, out, err = run(capsys, "mahjong", "simulate", *argv)
    assert status == 2 and out == ""
    assert err == f"taku: error: {message}\n"
