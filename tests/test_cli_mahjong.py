"""``taku mahjong score`` / ``score --batch`` / ``shanten``: output contracts and one-line errors."""

from __future__ import annotations

import dataclasses
import io
import json
import subprocess
import sys

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from taku.cli.mahjong import _BATCH_KEYS
from taku.cli.main import main
from taku.mahjong import Rules
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
    """CFG-07: a double-wind pair is 4 fu by default (Tenhou, the library default), 2 under seed
    001 (``seeds-001-003``, ``ema``) and 4 under the montreal preset; the rules in use head the
    output (issue 17 item 4)."""
    hand = "123m456p789s11z 777z+"
    for rules, fu in ((None, 4), ("default", 4), ("seeds-001-003", 2), ("ema", 2), ("montreal", 4)):
        extra = ["--rules", rules] if rules else []
        _, out, _ = run(capsys, "mahjong", "score", hand, "--json", *extra)
        data = json.loads(out)
        assert ["double wind pair 1z", fu] in data["fu_items"]
        assert data["rules"] == ("tenhou" if rules in (None, "default") else rules)
        _, out, _ = run(capsys, "mahjong", "score", hand, *extra)
        assert out.splitlines()[0] == f"rules: {data['rules']}"
    _, out, _ = run(capsys, "mahjong", "score", hand, "--option", "kuitan=false")
    assert out.splitlines()[0] == "rules: tenhou + kuitan=false"


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
    (["123m456p789s11z 777z+ 1z 2z"], "'1z' is not a meld: only one winning tile may follow the melds"),
    (["123m456p789s11z 777z+", "--tsumo", "--discarder", "E"],
     "--discarder E: a tsumo win has no discarder"),
    (["123m456p789s11z 777z+", "--seat", "S", "--discarder", "s"],
     "--discarder s: the winner (--seat S) cannot win on his own discard"),
    (["123m456p789s11z 777z+", "--discarder", ""], "--discarder must be E, S, W or N, got ''"),
    (["123m456p789s11z 777z+", "--seat", "S", "--pao", ""], "--pao must be E, S, W or N, got ''"),
    (["11122233344455z", "--tenhou", "--tsumo", "--honba", "8", "--rules", "mahjongsoul",
      "--option", "max_yakuman=10", "--option", "paarenchan=counters"],
     "rules field max_yakuman must be 1..8 (the largest limit is octuple yakuman), got 10"),
    (["123m456p789s11z 777z+", "--option", "honba_points=100"], "a non-negative multiple of 3"),
    (["123m456p789s11z 777z+", "--option", "renhou=yes"], "one of off, mangan, yakuman"),
    (["123m456p789s11z 777z+", "--dora", "5z5z5z5z5z"], "the indicators show 5; there are only 4"),
    (["123m456p789s11z 777z+", "--dora", "1m2m3m4m5m6m"], "at most 5 indicators"),
    (["123m456p789s11z 777z+", "--tsumo", "--rinshan"], "a rinshan win needs a kan in the hand"),
    (["--nagashi", "--rules", "ema"], "nagashi mangan is not played under these rules"),
    (["123m456p789s11z 777z+", "--nagashi"], "--nagashi scores no hand"),
    (["--nagashi", "--honba", "1"], "--nagashi takes only --seat"),
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
    assert results[4]["error"].startswith("line 5: not valid JSON: Expecting value")


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


def test_score_max_yakuman_option_beyond_the_limit_names_in_a_subprocess() -> None:
    """CFG / MJ-SCORE-23: an option no rule set has is a one-line error, never a traceback."""
    bad = subprocess.run([sys.executable, "-m", "taku", "mahjong", "score", "11122233344455z",
                          "--tenhou", "--tsumo", "--honba", "8", "--rules", "mahjongsoul",
                          "--option", "max_yakuman=10", "--option", "paarenchan=counters"],
                         cwd=REPO, capture_output=True, text=True, check=False)
    assert bad.returncode == 2 and bad.stdout == ""
    assert bad.stderr.count("\n") == 1 and "Traceback" not in bad.stderr
    assert "max_yakuman" in bad.stderr


def test_score_nagashi_mangan_text_and_json(capsys: pytest.CaptureFixture[str]) -> None:
    """MJ-MONTREAL-21, MJ-SCORE-24: ``score --nagashi --seat S`` prints the nagashi mangan
    payments (a mangan paid as by tsumo, no counters), no hand needed."""
    status, out, _ = run(capsys, "mahjong", "score", "--nagashi", "--seat", "S")
    assert status == 0
    assert out.splitlines() == ["rules: tenhou", "Nagashi mangan  South", "Value         mangan",
                                "Payments",
                                "  East       pays 4000", "  West       pays 2000",
                                "  North      pays 2000", "Total         8000"]
    status, out, _ = run(capsys, "mahjong", "score", "--nagashi", "--seat", "E", "--json",
                         "--rules", "montreal")
    data = json.loads(out)
    assert status == 0
    assert (data["limit"], data["yaku"], data["han"], data["fu"], data["dora"]) == (
        "mangan", [["nagashi mangan", 5]], 5, 0, 0)
    assert data["points"] == {"total": 12000, "tsumo_dealer": 0, "tsumo_others": 4000,
                              "deposits": 0}


def batch(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
          text: str) -> tuple[int, list[dict[str, object]]]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status, out, err = run(capsys, "mahjong", "score", "--batch")
    assert err == ""
    return status, [json.loads(line) for line in out.splitlines()]


def test_batch_nagashi(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    """MJ-MONTREAL-21: ``"nagashi": true`` needs no hand; only seat, rules, options and id go
    with it; off under EMA (CFG-22)."""
    lines = [{"nagashi": True, "seat": "W", "id": "n"},
             {"nagashi": True, "seat": "S", "rules": "ema"},
             {"nagashi": True, "closed": "123m", "win_tile": "1m"},
             {"nagashi": "yes"}]
    status, results = batch(capsys, monkeypatch, "\n".join(json.dumps(x) for x in lines) + "\n")
    assert status == 1
    assert results[0]["id"] == "n" and results[0]["limit"] == "mangan"
    assert results[0]["yaku"] == [["nagashi mangan", 5]]
    assert results[0]["points"] == {"total": 8000, "tsumo_dealer": 4000, "tsumo_others": 2000,
                                    "deposits": 0}
    assert results[1] == {"error": "nagashi mangan is not played under these rules "
                                   "(nagashi_mangan is off)"}
    assert "takes only seat, rules, options and id, not closed, win_tile" in str(results[2]["error"])
    assert results[3] == {"error": "\"nagashi\" must be true or false, got 'yes'"}


def test_batch_liable_points(capsys: pytest.CaptureFixture[str],
                             monkeypatch: pytest.MonkeyPatch) -> None:
    """MJ-PAO-05: a pao tsumo reports the liable payer and amount in ``points``."""
    line = {"closed": "111z22z", "win_tile": "2z", "tsumo": True, "seat": "S", "pao": "N",
            "melds": ["555z=", "666z=", "777z-"]}
    status, results = batch(capsys, monkeypatch, json.dumps(line) + "\n")
    assert status == 0
    assert results[0]["points"] == {"total": 64000, "tsumo_dealer": 16000, "tsumo_others": 8000,
                                    "liable": {"payer": "North", "amount": 32000}, "deposits": 0}


GOOD = {"closed": "123m456p789s11z", "melds": [{"type": "pon", "tiles": "777z"}], "win_tile": "1z",
        "seat": "S"}


@pytest.mark.parametrize(("changes", "message"), [
    ({"melds": [{"type": "pon", "tiles": "777z", "from": ["x"]}]}, "meld \"from\" must be a string"),
    ({"melds": [{"type": "pon", "tiles": "777z", "called": 5}]}, "meld \"called\" must be a string"),
    ({"melds": [{"type": "pon", "tiles": "777z", "size": 3}]}, "unknown meld key: size"),
    ({"melds": [{"type": ["pon"], "tiles": "777z"}]}, "meld \"type\" must be a string"),
    ({"melds": [{"type": "pon", "tiles": "777z+", "from": "left"}]}, "has its direction mark"),
    ({"melds": [{"tiles": "777z"}]}, "needs a \"type\""),
    ({"melds": {}}, "\"melds\" must be a list, got {}"),
    ({"melds": [None]}, "a meld must be an object or a string"),
    ({"rules": ["x"]}, "\"rules\" must be one of default, tenhou, mahjongsoul, ema, montreal, "
                       "seeds-001-003"),
    ({"rules": None}, "\"rules\" must be one of default"),
    ({"options": {"red_fives": [[1]]}}, "option red_fives must be a list of integers"),
    ({"options": {"red_fives": [1, 1]}}, "rules field red_fives must be three counts"),
    ({"options": {"pao": "daisangen"}}, "option pao must be a list of names"),
    ({"options": {"kiriage_mangan": 1}}, "rules field kiriage_mangan must be true or false"),
    ({"options": {"kiriage_mangan": "true"}}, "rules field kiriage_mangan must be true or false"),
    ({"options": {"honba_points": True}}, "rules field honba_points must be"),
    ({"options": {"max_yakuman": 1.5}}, "rules field max_yakuman must be 1..8"),
    ({"options": {"nosuch": 1}}, "unknown rules field 'nosuch'"),
    ({"options": []}, "\"options\" must be an object"),
    ({"honba": True}, "\"honba\" must be an integer, got True"),
    ({"honba": "3"}, "\"honba\" must be an integer, got '3'"),
    ({"honba": 1.0}, "\"honba\" must be an integer"),
    ({"honba": -1}, "honba must be a non-negative integer"),
    ({"deposits": None}, "\"deposits\" must be an integer"),
    ({"seat": True}, "\"seat\" must be a wind E, S, W or N (or a seat 0..3), got True"),
    ({"seat": 4}, "\"seat\" must be a wind"),
    ({"round": ["E"]}, "\"round\" must be a wind"),
    ({"discarder": "S"}, "is the winner"),
    ({"pao": {}}, "\"pao\" must be a wind"),
    ({"tsumo": 1}, "\"tsumo\" must be true or false"),
    ({"dora_indicators": [1]}, "\"dora_indicators\" must be a list of tiles (or one MPSZ text)"),
    ({"ura_indicators": {"a": 1}}, "\"ura_indicators\" must be a list of tiles"),
    ({"dora_indicators": "1m2m3m4m5m6m"}, "at most 5 indicators"),
    ({"closed": 5}, "\"closed\" must be MPSZ text, got 5"),
    ({"win_tile": None}, "\"win_tile\" must be MPSZ text"),
])
def test_batch_malformed_values_are_errors_for_that_line(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        changes: dict[str, object], message: str) -> None:
    """--batch: a value of the wrong type is an ``{"error"}`` naming the key, for that line only;
    the next line is still scored."""
    text = json.dumps({**GOOD, **changes}) + "\n" + json.dumps(GOOD) + "\n"
    status, results = batch(capsys, monkeypatch, text)
    assert status == 1 and len(results) == 2
    assert list(results[0]) == ["error"] and message in str(results[0]["error"])
    assert results[1]["yaku"] == [["yakuhai (chun)", 1]]


def test_batch_dora_indicators_as_list_or_text(capsys: pytest.CaptureFixture[str],
                                               monkeypatch: pytest.MonkeyPatch) -> None:
    """``dora_indicators`` is a list of tiles (each item MPSZ text) or one MPSZ text: the same."""
    lines = [{**GOOD, "dora_indicators": ["6z", "8s"]}, {**GOOD, "dora_indicators": ["6z8s"]},
             {**GOOD, "dora_indicators": "6z8s"}]
    status, results = batch(capsys, monkeypatch, "\n".join(json.dumps(x) for x in lines) + "\n")
    assert status == 0
    assert [r["dora"] for r in results] == [3 + 1, 3 + 1, 3 + 1]


def test_batch_truncated_json_names_the_line(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch) -> None:
    """A line that is not JSON: ``line N: not valid JSON: <the parser's message>``; blank lines
    are skipped but counted."""
    text = json.dumps(GOOD) + "\n\n" + '{"closed": "123m456p789s11z"\n' + "[[[" * 50000 + "\n"
    status, results = batch(capsys, monkeypatch, text)
    assert status == 1 and len(results) == 3
    assert results[1] == {"error": "line 3: not valid JSON: Expecting ',' delimiter at column 29"}
    assert str(results[2]["error"]).startswith("line 4: not valid JSON")


JSON = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 10**6) | st.floats(allow_nan=False)
    | st.text(max_size=8) | st.sampled_from(["E", "S", "1z", "777z+", "tenhou", "0p", "5555p="]),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(
        st.sampled_from(["type", "tiles", "from", "called", "added", "x",
                         *(f.name for f in dataclasses.fields(Rules))]),
        inner, max_size=3),
    max_leaves=6)
KEYS = sorted(_BATCH_KEYS | {"nosuch"})


@settings(max_examples=300, deadline=None, suppress_health_check=[HealthCheck.function_scoped_fixture])
@given(lines=st.lists(st.tuples(st.sampled_from(KEYS), JSON), min_size=1, max_size=6),
       valid=st.booleans())
def test_batch_random_values_never_break_the_batch(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch,
        lines: list[tuple[str, object]], valid: bool) -> None:
    """--batch robustness: any JSON value under any key gives one output line per input line,
    each a result or ``{"error": ...}`` (never a traceback or an internal error), status 0 or 1."""
    objects = [{**(GOOD if valid else {}), key: value} for key, value in lines]
    text = "\n".join(json.dumps(o) for o in objects) + "\n"
    monkeypatch.setattr(sys, "stdin", io.StringIO(text))
    status, out, err = run(capsys, "mahjong", "score", "--batch")
    results = [json.loads(line) for line in out.splitlines()]
    assert err == "" and status in (0, 1) and len(results) == len(objects)
    for result in results:
        assert ("error" in result) != ("points" in result)
        assert "internal error" not in str(result.get("error", ""))
    assert status == (1 if any("error" in r for r in results) else 0)


@pytest.mark.parametrize("ident", ["\x85", "\u2028", "a\u2029b", "東"])
def test_batch_output_lines_survive_unicode_line_separators(ident: str, capsys: pytest.CaptureFixture[str],
                                                            monkeypatch: pytest.MonkeyPatch) -> None:
    """Each --batch output is exactly one line even when an echoed id holds U+0085 or U+2028."""
    line = json.dumps({"id": ident, "closed": "234m456p678s11z", "win_tile": "1z",
                       "melds": [{"type": "pon", "tiles": "777z+"}], "seat": "S"})
    monkeypatch.setattr(sys, "stdin", io.StringIO(line + "\n"))
    status = main(["mahjong", "score", "--batch"])
    out = capsys.readouterr().out
    assert status == 0
    assert len(out.splitlines()) == 1 and json.loads(out)["id"] == ident


@pytest.mark.parametrize(("line", "message"), [
    ('{"id": NaN, "closed": "234m456p678s11z", "win_tile": "1z"}', "NaN is not a JSON number"),
    ('{"id": -Infinity}', "-Infinity is not a JSON number"),
    ('{"id": 1e999}', "1e999 is too large for a JSON number"),
])
def test_batch_refuses_non_standard_json_numbers(line: str, message: str, capsys: pytest.CaptureFixture[str],
                                                 monkeypatch: pytest.MonkeyPatch) -> None:
    """An id that could not be echoed as standard JSON is an error for that line only."""
    monkeypatch.setattr(sys, "stdin", io.StringIO(line + "\n"))
    status = main(["mahjong", "score", "--batch"])
    out = capsys.readouterr().out
    assert status == 1
    assert json.loads(out) == {"error": f"line 1: not valid JSON: {message}"}


# --- issue 9 item 9: impossible situations, in the command line and --batch ---------------------------

@pytest.mark.parametrize(("options", "message"), [
    (["--riichi"], "riichi needs a closed hand, but the hand has an open meld (pon 777z+)"),
    (["--double-riichi"], "double riichi needs a closed hand"),
    (["--open-riichi"], "open riichi needs a closed hand"),
    (["--chankan", "--houtei", "--seat", "S"], "a win cannot be both chankan and houtei"),
    (["--renhou", "--seat", "S", "--discarder", "W"], "renhou on the discard of West"),
    (["--tenhou", "--seat", "S", "--tsumo"], "tenhou is the dealer's (--seat E) win by --tsumo"),
    (["--chiihou", "--tsumo"], "chiihou is a non-dealer's win by --tsumo"),
    (["--renhou", "--tsumo", "--seat", "S"], "renhou is a win by ron (no --tsumo)"),
])
def test_score_refuses_impossible_situations(capsys: pytest.CaptureFixture[str], options: list[str],
                                             message: str) -> None:
    """Issue 9 item 9: ``taku mahjong score "234m456p678s11z 777z+ 1z" --riichi`` used to pay
    riichi; every impossible situation is now a one-line error (exit 2) naming it."""
    status, out, err = run(capsys, "mahjong", "score", "234m456p678s11z 777z+ 1z", *options)
    assert status == 2 and out == ""
    assert err.startswith("taku: error: ") and message in err and err.count("\n") == 1


@pytest.mark.parametrize(("changes", "message"), [
    ({"riichi": True}, "riichi needs a closed hand"),
    ({"ippatsu": True, "riichi": True}, "riichi needs a closed hand"),
    ({"chankan": True, "houtei": True}, "both chankan and houtei"),
    ({"tenhou": True, "tsumo": True, "seat": "S"}, "\"tenhou\" is the dealer's"),
    ({"chiihou": True, "tsumo": True, "seat": "E"}, "\"chiihou\" is a non-dealer's"),
    ({"renhou": True, "tsumo": True, "seat": "S"}, "\"renhou\" is a win by ron"),
    ({"renhou": True, "chiihou": True, "seat": "S"}, "give one of \"tenhou\", \"chiihou\", \"renhou\""),
    ({"first_turn": True, "seat": "S", "discarder": "N"}, "renhou on the discard of North"),
])
def test_batch_refuses_impossible_situations(capsys: pytest.CaptureFixture[str],
                                             monkeypatch: pytest.MonkeyPatch,
                                             changes: dict[str, object], message: str) -> None:
    """Issue 9 item 9 in ``--batch``: the line's result is an error naming the contradiction; the
    other lines are scored (and say their rules)."""
    good = {"closed": "234m456p678s11z", "melds": ["777z+"], "win_tile": "1z", "seat": "S"}
    status, results = batch(capsys, monkeypatch,
                            json.dumps({**good, **changes}) + "\n" + json.dumps(good) + "\n")
    assert status == 1
    assert message in str(results[0]["error"])
    assert results[1]["rules"] == "tenhou" and results[1]["han"] == 1
    # the first-turn wins that can happen are scored
    status, results = batch(capsys, monkeypatch, json.dumps(
        {"closed": "123m456p789s11z234s", "win_tile": "4s", "tenhou": True, "tsumo": True}) + "\n")
    assert status == 0 and results[0]["yakuman"] == 1


def test_play_mahjong_prints_its_rules_first() -> None:
    """Issue 17 item 4: ``taku play mahjong`` (default Tenhou) names its rules before the table."""
    from taku.cli.play_mahjong import MahjongOptions
    from taku.cli.play_mahjong import play as play_mahjong
    from taku.mahjong.rules import Rules
    from tests.test_cli_play import SIMPLE, Screen

    for rules, label in ((Rules(), "tenhou"), (Rules.preset("ema"), "ema")):
        screen = Screen(["q"])
        play_mahjong(screen.terminal(), MahjongOptions(rules, seed=5, opponents=SIMPLE))
        assert screen.text.splitlines()[0] == f"rules: {label}"
