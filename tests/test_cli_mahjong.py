"""``taku mahjong score`` / ``score --batch`` / ``shanten``: output contracts and one-line errors."""

from __future__ import annotations

import io
import json
import subprocess
import sys

import pytest

from taku.cli.main import main
from tests.conftest import REPO


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    status = main(list(argv))
    captured = capsys.readouterr()
    return status, captured.out, captured.err


def test_score_sheet_lists_yaku_fu_value_and_payer(capsys: pytest.CaptureFixture[str]) -> None:
    """MJ-SCORE-01: yaku, dora, fu items and the discarder's payment on the sheet."""
    status, out, _ = run(capsys, "mahjong", "score", "234m456p678s11z 777z+ 1z",
                         "--seat", "S", "--round", "E", "--dora", "6z", "--discarder", "W")
    assert status == 0
    assert "yakuhai (chun)  1 han" in out
    assert "dora            3 han" in out
    assert "Fu            30 (base 20, open triplet 7z 4, round wind pair 1z 2, tanki wait 2)" in out
    assert "4 han 30 fu" in out
    assert "West       pays 7700" in out


def test_score_json_tsumo_shares(capsys: pytest.CaptureFixture[str]) -> None:
    """TV-SCORE-02 through the command line: riichi pinfu tsumo, 20 fu by default, 30 by option."""
    args = ["mahjong", "score", "344556m678p34577s 8p", "--tsumo", "--riichi", "--seat", "N",
            "--dora", "7z", "--json"]
    status, out, _ = run(capsys, *args)
    data = json.loads(out)
    assert status == 0
    assert (data["han"], data["fu"]) == (4, 20)
    assert data["points"] == {"total": 5200, "tsumo_dealer": 2600, "tsumo_others": 1300,
                              "deposits": 0}
    status, out, _ = run(capsys, *args, "--option", "pinfu_tsumo_fu=30")
    data = json.loads(out)
    assert (data["fu"], data["points"]["tsumo_dealer"], data["points"]["tsumo_others"]) == \
        (30, 3900, 2000)


def test_score_rules_preset_changes_result(capsys: pytest.CaptureFixture[str]) -> None:
    """CFG-07: a double-wind pair is 2 fu by default and 4 fu under the montreal preset."""
    hand = "123m456p789s11z 777z+"
    _, out, _ = run(capsys, "mahjong", "score", hand, "--json")
    assert ["double wind pair 1z", 2] in json.loads(out)["fu_items"]
    _, out, _ = run(capsys, "mahjong", "score", hand, "--json", "--rules", "montreal")
    assert ["double wind pair 1z", 4] in json.loads(out)["fu_items"]


@pytest.mark.parametrize(("argv", "message"), [
    (["123m456p789s1z 777z+"], "14 tiles expected (or 13 and a winning tile), got 13"),
    (["11111m456p789s11z 2z"], "5 copies of 1m; there are only 4"),
    (["135m456p789s11z 777z+ 1z"], None),
    (["123m456p789s11z 1-23z"], "a chi needs three consecutive tiles of one suit"),
    (["123m456p789s2z 777z+ 3z"], "is not a complete hand"),
    (["123m456p789s11z 567s+ 1z"], "a chi can only be called from the left"),
    (["123m456p789s11z 789p- 1z"], "has no yaku"),
    (["123m456p789s11z 777z+", "--seat", "X"], "--seat must be E, S, W or N"),
    (["123m456p789s11z 777z+", "--option", "nosuch=1"], "unknown rules field 'nosuch'"),
    (["12q"], "cannot read"),
])
def test_score_bad_input_is_one_line_and_nonzero(capsys: pytest.CaptureFixture[str],
                                                 argv: list[str], message: str | None) -> None:
    """Bad input: exit status 2 and one line naming the problem."""
    status, out, err = run(capsys, "mahjong", "score", *argv)
    assert status == 2
    assert out == ""
    assert err.startswith("taku: error: ") and err.count("\n") == 1
    if message:
        assert message in err


def test_batch_contract(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """--batch: one JSON line per input, errors for that line alone, id echoed, exit 1 if any failed."""
    lines = [
        {"closed": "234m456p678s11z", "melds": [{"type": "pon", "tiles": "777z"}],
         "win_tile": "1z", "tsumo": False, "riichi": False, "ippatsu": False,
         "double_riichi": False, "round": "E", "seat": "S", "dora_indicators": ["6z"],
         "ura_indicators": [], "honba": 0, "deposits": 0, "rules": "tenhou", "id": 7},
        {"closed": "344556m678p34577s", "win_tile": "8p", "tsumo": True, "riichi": True,
         "seat": "N", "dora_indicators": ["7z"]},
        {"closed": "123m456p789s1z", "win_tile": "1z"},
        {"closed": "234m456p678s11z", "melds": ["777z+"], "win_tile": "1z", "riichii": True},
    ]
    text = "\n".join(json.dumps(line) for line in lines) + "\nnot json\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status, out, _ = run(capsys, "mahjong", "score", "--batch")
    results = [json.loads(line) for line in out.splitlines()]
    assert status == 1
    assert len(results) == 5
    assert results[0]["id"] == 7
    assert results[0]["yaku"] == [["yakuhai (chun)", 1]]
    assert (results[0]["han"], results[0]["fu"], results[0]["dora"], results[0]["limit"]) == \
        (4, 30, 3, None)
    assert results[0]["points"]["ron"] == 7700 and results[0]["points"]["total"] == 7700
    assert results[1]["points"]["tsumo_dealer"] == 2600
    assert results[1]["points"]["tsumo_others"] == 1300
    assert "14 tiles" in results[2]["error"]
    assert results[3] == {"error": "unknown key: riichii"}
    assert results[4]["error"].startswith("not JSON")


def test_batch_meld_objects_with_direction(capsys: pytest.CaptureFixture[str],
                                           monkeypatch: pytest.MonkeyPatch) -> None:
    """Meld objects: type + tiles, optional from/called; kakan and ankan fu."""
    line = {"closed": "234m456p11z", "win_tile": "1z",
            "melds": [{"type": "kakan", "tiles": "6666s", "from": "right"},
                      {"type": "ankan", "tiles": "8888p"}], "tsumo": True, "seat": "W"}
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(line) + "\n"))
    status, out, _ = run(capsys, "mahjong", "score", "--batch")
    result = json.loads(out)
    assert status == 1  # no yaku: an open hand of sequences with a kakan and an ankan
    assert "no yaku" in result["error"]
    line["melds"][0]["tiles"] = "2222s"
    line["closed"] = "234m456p55s"
    line["win_tile"] = "5s"
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(line) + "\n"))
    status, out, _ = run(capsys, "mahjong", "score", "--batch")
    result = json.loads(out)
    assert status == 0
    assert ["tanyao", 1] in result["yaku"]
    assert ["open kan 2s", 8] in result["fu_items"]
    assert ["closed kan 8p", 16] in result["fu_items"]


def test_shanten_report_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    """Shanten, waits and ukeire for 13 tiles; per-discard ukeire for 14."""
    status, out, _ = run(capsys, "mahjong", "shanten", "33m111s12345678p")
    assert status == 0
    assert "Waits    3p 6p 9p" in out
    status, out, _ = run(capsys, "mahjong", "shanten", "12345m4567p23s11z", "--json")
    data = json.loads(out)
    assert data["shanten"] == 1
    assert data["ukeire"]["tiles"] == ["3m", "6m", "1s", "4s"]
    assert data["ukeire"]["total"] == 15
    status, out, _ = run(capsys, "mahjong", "shanten", "12345m4567p23s11z1s", "--json")
    best = json.loads(out)["discards"][0]
    assert (best["discard"], best["shanten"], best["tiles"]) == ("4p", 0, ["3m", "6m"])
    status, out, _ = run(capsys, "mahjong", "shanten", "123m456p789s1122z", "--visible", "1z1z")
    assert "Ukeire   1zx0 2zx2  (2 tiles)" in out


def test_shanten_rejects_overcounted_visible_tiles(capsys: pytest.CaptureFixture[str]) -> None:
    status, _, err = run(capsys, "mahjong", "shanten", "123m456p789s1122z", "--visible", "111z")
    assert status == 2 and "5 copies of 1z" in err


def test_python_dash_m_taku_exit_status() -> None:
    """The command as a user runs it: ``python3 -m taku``; errors exit 2 on one stderr line."""
    ok = subprocess.run([sys.executable, "-m", "taku", "mahjong", "score",
                         "234m456p678s11z 777z+ 1z", "--seat", "S"],
                        cwd=REPO, capture_output=True, text=True, check=False)
    assert ok.returncode == 0 and "yakuhai (chun)" in ok.stdout
    bad = subprocess.run([sys.executable, "-m", "taku", "mahjong", "score", "123"],
                         cwd=REPO, capture_output=True, text=True, check=False)
    assert bad.returncode == 2
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
