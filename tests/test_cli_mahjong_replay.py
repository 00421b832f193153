"""``taku mahjong replay``: the rules header, a verdict per game (ok, MISMATCH, error), records cut
short, standard input, summaries and exit codes (issue 9 items 5-8, issue 17 items 3-5)."""

from __future__ import annotations

import gzip
import io
import json
import re
import sys
from pathlib import Path

import pytest

from taku.cli.main import main

DNOVIKOFF = Path(__file__).parent / "data" / "mahjong" / "tenhou_mjlog_dnovikoff"
HEADER = "rules: tenhou (records that name their rules are replayed under them)"


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def _simulated(capsys: pytest.CaptureFixture[str], tmp_path: Path) -> Path:
    run(capsys, "mahjong", "simulate", "--games", "1", "--seed", "1", "--out", str(tmp_path))
    return tmp_path / "game-1-0000.mjai.jsonl"


def test_replay_mismatch_exits_1_naming_game_hand_and_event(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """A record with a wrong score change: the verdict names the game, the hand and the event."""
    path = _simulated(capsys, tmp_path)
    lines = path.read_text().splitlines()
    index = next(i for i, line in enumerate(lines) if '"type":"hora"' in line
                 or '"type":"ryukyoku"' in line)
    event = json.loads(lines[index])
    event["deltas"] = [event["deltas"][0] + 100, *event["deltas"][1:]]
    lines[index] = json.dumps(event)
    path.write_text("\n".join(lines) + "\n")
    status, out, _ = run(capsys, "mahjong", "replay", str(path))
    assert status == 1
    assert out.splitlines()[0] == HEADER
    assert out.splitlines()[1].startswith("game-1-0000.mjai.jsonl: MISMATCH at East 1, 0 honba, event")
    assert "score changes: record" in out
    assert out.splitlines()[-1] == "1 game, 0 hands replayed: 1 with mismatches"
    status, out, _ = run(capsys, "mahjong", "replay", str(path), "--json")
    data = json.loads(out)
    assert status == 1
    assert (data["rules"], data["games"], data["mismatched"], data["errors"]) == ("tenhou", 1, 1, 0)
    assert data["reports"][0]["mismatches"][0]["hand"] == "East 1, 0 honba"


def test_replay_riichienv_matches(capsys: pytest.CaptureFixture[str], shared: Path) -> None:
    """The one-match-per-line riichienv file replays with its own rules (Mahjong Soul)."""
    path = shared / "data" / "mahjong" / "riichienv_mahjongsoul_1-50.jsonl.gz"
    status, out, _ = run(capsys, "mahjong", "replay", str(path))
    assert status == 0
    assert "rules mahjongsoul" in out.splitlines()[1]
    assert out.splitlines()[-1] == "50 games, 575 hands replayed: all agree"


@pytest.mark.parametrize(("content", "message"), [
    (b"", "an mjai game starts with a start_game (or start_kyoku) event"),
    (b'{"type":"start_game"}\nnot json\n{"type":"end_game"}\n', "line 2 is not JSON: Expecting value"),
    (b"\x1f\x8bgarbage", "not a valid gzip file: Error -3 while decompressing data: unknown "
                         "compression method"),
    (b"\xff\xfe\x00", "not UTF-8 text (byte 0)"),
    (b'{"type":"start_game"}\n{"type":"ryukyoku","reason":"sufuurentaa"}\n',
     "event 2: unknown ryukyoku reason 'sufuurentaa'"),
])
def test_an_unreadable_record_is_that_game_s_error_and_the_run_goes_on(
        capsys: pytest.CaptureFixture[str], tmp_path: Path, shared: Path, content: bytes,
        message: str) -> None:
    """Issue 9 item 7, issue 17 item 5: a record that cannot be read gets the verdict
    ``name: error: ...`` (the file named once), the next file is still replayed, and the exit
    status is 1."""
    bad = tmp_path / "bad.mjai"
    bad.write_bytes(content)
    good = shared / "data" / "mahjong" / "tenhou" / "tricky_json" / "rinshan.json"
    status, out, err = run(capsys, "mahjong", "replay", str(bad), str(good))
    assert status == 1 and err == ""
    lines = out.splitlines()
    assert lines[1] == f"bad.mjai: error: {message}"
    assert lines[1].count("bad.mjai") == 1
    assert lines[2].startswith("rinshan.json: ok (")
    assert lines[3] == "2 games, 1 hand replayed: 1 unreadable"


def test_replay_missing_file_is_an_error_verdict(capsys: pytest.CaptureFixture[str],
                                                 tmp_path: Path) -> None:
    status, out, _ = run(capsys, "mahjong", "replay", str(tmp_path / "nope.json"))
    assert status == 1
    assert out.splitlines()[1] == "nope.json: error: cannot read the file: No such file or directory"


def test_replay_usage_errors_exit_2() -> None:
    status, out, err = run_usage(["mahjong", "replay", "x.json", "--rules", "wrc"])
    assert status == 2 and out == "" and "invalid choice: 'wrc'" in err


def run_usage(argv: list[str]) -> tuple[int, str, str]:
    out, err = io.StringIO(), io.StringIO()
    saved = sys.stdout, sys.stderr
    sys.stdout, sys.stderr = out, err
    try:
        status = main(argv)
    except SystemExit as exit_:
        status = int(exit_.code or 0)
    finally:
        sys.stdout, sys.stderr = saved
    return status, out.getvalue(), err.getvalue()


def test_replay_reads_standard_input(capsys: pytest.CaptureFixture[str], shared: Path,
                                     monkeypatch: pytest.MonkeyPatch) -> None:
    """Issue 17 item 5: ``replay -`` reads a record (any format, gzip too) from standard input."""
    data = (shared / "data" / "mahjong" / "tenhou" / "mjlog" / "gimite_test.mjlog.gz").read_bytes()
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(data)))
    status, out, _ = run(capsys, "mahjong", "replay", "-")
    assert status == 0
    assert out.splitlines()[1].startswith("<stdin>: ok (")
    monkeypatch.setattr(sys, "stdin", io.TextIOWrapper(io.BytesIO(b"<nope")))
    status, out, _ = run(capsys, "mahjong", "replay", "-")
    assert status == 1 and out.splitlines()[1].startswith("<stdin>: error: ")


def test_a_truncated_mjlog_says_it_stops_early(capsys: pytest.CaptureFixture[str],
                                               tmp_path: Path, shared: Path) -> None:
    """Issue 17 item 3, issue 9 item 8: an mjlog cut in the middle of a tag replays as far as it
    goes, and the verdict and ``--json`` say that the record stops early, and where."""
    path = shared / "data" / "mahjong" / "tenhou" / "mjlog" / "2010081709gm-00a9-0000-fe3371ad.mjlog"
    text = path.read_text()
    cut = text.index("<AGARI", len(text) // 2) + 40
    trunc = tmp_path / "trunc.mjlog"
    trunc.write_text(text[:cut])
    status, out, _ = run(capsys, "mahjong", "replay", str(trunc))
    assert status == 0
    line = out.splitlines()[1]
    assert line.startswith("trunc.mjlog: ok (") and " and a partial hand, " in line
    assert "the record stops early: the file is cut inside the tag at line 1, column" in line
    assert "it stops in " in line
    status, out, _ = run(capsys, "mahjong", "replay", str(trunc), "--json")
    report = json.loads(out)["reports"][0]
    assert report["ok"] is True
    assert report["stops_early"]["cut"].startswith("the file is cut inside the tag")
    assert re.fullmatch(r"(East|South) \d, \d+ honba, after event \d+ \(an? \w+ by seat \d\)",
                        report["stops_early"]["stops"])


def test_tenhou_east_only_chips_and_three_player_logs(capsys: pytest.CaptureFixture[str]) -> None:
    """Issue 9 item 5: real Tenhou logs of every kind read as their GO type says: East-only games
    end after the East round (or its extension), chip games replay with their chips reported, a
    three-player game is that game's clear error, and the run goes on."""
    files = sorted(str(p) for p in DNOVIKOFF.glob("*.xml"))
    status, out, _ = run(capsys, "mahjong", "replay", *files)
    verdicts = {line.split(": ", 1)[0]: line.split(": ", 1)[1] for line in out.splitlines()[1:-1]}
    assert verdicts.pop("sanma2.xml") == ("error: <GO>: type=185: a 3-player game (bit 0x10), "
                                          "which taku does not play")
    assert all(v.startswith("ok (") for v in verdicts.values()), verdicts
    assert "rules tenhou + length=east" in verdicts["bye.xml"]
    assert verdicts["chip.xml"].endswith("; rules tenhou + kiriage_mangan=true; chips -1 +12 -8 -3")
    assert out.splitlines()[-1] == "19 games, 146 hands replayed: 1 unreadable"
    assert status == 1


def test_replay_rules_option_applies_to_records_without_rules(
        capsys: pytest.CaptureFixture[str], tmp_path: Path) -> None:
    """``--rules`` names the rules of records that do not carry theirs; the header says so."""
    path = _simulated(capsys, tmp_path)
    status, out, _ = run(capsys, "mahjong", "replay", str(path), "--rules", "ema")
    assert out.splitlines()[0].startswith("rules: ema ")
    assert status == 1  # a Tenhou game (red fives) is not an EMA game
    packed = tmp_path / "game.mjai.gz"
    packed.write_bytes(gzip.compress(path.read_bytes()))
    status, out, _ = run(capsys, "mahjong", "replay", str(packed))
    assert status == 0 and out.splitlines()[1].startswith("game.mjai.gz: ok (")
