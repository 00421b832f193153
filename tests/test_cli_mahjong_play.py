"""``taku mahjong replay`` and ``taku mahjong simulate``: verdicts, summaries, exit codes, errors."""

from __future__ import annotations

import json
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
    assert "2 games" in out and "average rank" in out
    first = json.loads(files[0].read_text().splitlines()[0])
    assert first["type"] == "start_game"
    status, out, _ = run(capsys, "mahjong", "replay", *map(str, files))
    assert status == 0
    assert out.splitlines()[-1].startswith("2 games,") and out.splitlines()[-1].endswith("all agree")
    assert out.splitlines()[0].startswith("game-7-0000.mjai.jsonl: ok (")


def test_simulate_is_reproducible_and_json(capsys: pytest.CaptureFixture[str],
                                           tmp_path: Path) -> None:
    """The same seed gives the same records; --json prints the summary as one object."""
    texts = []
    for name in ("a", "b"):
        status, out, _ = run(capsys, "mahjong", "simulate", "--games", "1", "--seed", "3",
                             "--player", "random", "--out", str(tmp_path / name), "--json")
        assert status == 0
        summary = json.loads(out)
        assert summary["games"] == 1 and len(summary["seats"]) == 4
        assert sorted(s["avg_rank"] for s in summary["seats"]) == [1.0, 2.0, 3.0, 4.0]
        texts.append((tmp_path / name / "game-3-0000.mjai.jsonl").read_text())
    assert texts[0] == texts[1]


def test_simulate_refuses_zero_games(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "mahjong", "simulate", "--games", "0", "--out", str(tmp_path))
    assert status == 2
    assert err == "taku: error: --games must be at least 1, got 0\n"


def test_replay_mismatch_exits_1_naming_game_hand_and_event(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A record with a wrong score change: the verdict names the game, the hand and the event."""
    run(capsys, "mahjong", "simulate", "--games", "1", "--seed", "1", "--out", str(tmp_path))
    path = tmp_path / "game-1-0000.mjai.jsonl"
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"type":"hora"' in line
                 or '"type":"ryukyoku"' in line)
    event = json.loads(lines[index])
    event["deltas"] = [event["deltas"][0] + 100, *event["deltas"][1:]]
    lines[index] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n")
    status, out, _ = run(capsys, "mahjong", "replay", str(path))
    assert status == 1
    assert out.splitlines()[0].startswith("game-1-0000.mjai.jsonl: MISMATCH at East 1, 0 honba, event")
    assert "score changes: record" in out
    assert out.splitlines()[-1] == "1 games, 0 hands replayed: 1 with mismatches"
    status, out, _ = run(capsys, "mahjong", "replay", str(path), "--json")
    data = json.loads(out)
    assert status == 1
    assert (data["games"], data["mismatched"]) == (1, 1)
    assert data["reports"][0]["mismatches"][0]["hand"] == "East 1, 0 honba"


def test_replay_riichienv_matches(capsys: pytest.CaptureFixture[str], shared: Path) -> None:
    """The one-match-per-line riichienv file replays with its own rules (Mahjong Soul)."""
    path = shared / "data" / "mahjong" / "riichienv_mahjongsoul_1-50.jsonl.gz"
    status, out, _ = run(capsys, "mahjong", "replay", str(path))
    assert status == 0
    assert out.splitlines()[-1] == "50 games, 575 hands replayed: all agree"


@pytest.mark.parametrize(("content", "message"), [
    (b"", "an mjai game starts with a start_game event"),
    (b'{"type":"start_game"}\nnot json\n', "line 2 is not JSON"),
    (b"\x1f\x8bgarbage", "not a valid gzip file"),
    (b"\xff\xfe\x00", "not UTF-8 text"),
])
def test_replay_bad_files_are_one_line_errors(capsys: pytest.CaptureFixture[str], tmp_path: Path,
                                              content: bytes, message: str) -> None:
    path = tmp_path / "bad.mjai"
    path.write_bytes(content)
    status, _, err = run(capsys, "mahjong", "replay", str(path))
    assert status == 2
    assert err.startswith("taku: error: ") and message in err and err.count("\n") == 1


def test_replay_missing_file(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    status, _, err = run(capsys, "mahjong", "replay", str(tmp_path / "nope.json"))
    assert status == 2
    assert "cannot read" in err and "nope.json" in err
