"""Issue 17, class *wrong answer*: input describing something that cannot happen is refused with a
one-line error, never answered as if it were real.

* ``taku renju forbidden``: a position whose game is already over (a five, a winning overline, a
  Black overline foul, the move limit) or, without passes, one no game reaches;
* ``taku mahjong mjai-bot``: a ``hora`` that is not a win the table could have seen.
"""

from __future__ import annotations

import io
import json
import sys
from typing import Any

import pytest

from taku.cli.main import main
from taku.cli.renju import impossible
from taku.mahjong.rules import Rules
from taku.protocols.mjai_client import MjaiProtocolError, MjaiSeatState
from taku.renju import BLACK, WHITE, Position


def forbidden(capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, line: dict[str, Any],
              *options: str) -> tuple[int, str, str]:
    monkeypatch.setattr(sys, "stdin", io.StringIO(json.dumps(line) + "\n"))
    status = main(["renju", "forbidden", *options])
    captured = capsys.readouterr()
    return status, captured.out, captured.err


@pytest.mark.parametrize(("black", "white", "options", "reason"), [
    (["h8", "h9", "h10", "h11", "h12"], ["a1", "a2", "a3", "b5"], [], "black h8-h12 is a five"),
    (["h8", "h9", "h10", "h11", "h12"], [], [], "black h8-h12 is a five"),
    (["a1", "c3", "o15", "m1"], ["b2", "c2", "d2", "e2", "f2"], [], "white b2-f2 is a five"),
    (["a1", "c3", "o15", "m1", "m3", "m5"], ["b2", "c2", "d2", "e2", "f2", "g2"], [],
     "white b2-g2 is a line of 6, which wins"),
    (["d4", "e5", "f6", "g7", "h8", "i9"], ["a15", "b15", "c15", "o1", "o3", "o5"], [],
     "black d4-i9 is an overline, a foul for Black"),
    (["h8", "a1"], ["i9", "a3"], ["--option", "move_limit=4"], "4 stones reach the move limit 4"),
    (["h8", "a1"], ["i9"], ["--option", "passes_allowed=false"],
     "2 black and 1 white stones: with Black to move and no passes allowed"),
    (["a1"], ["h8"], ["--rules", "rif", "--option", "passes_allowed=false"],
     "Black's first stone must be on the centre h8"),
])
def test_wrong_answer_forbidden_refuses_a_position_that_cannot_occur(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, black: list[str],
        white: list[str], options: list[str], reason: str) -> None:
    """It used to list forbidden points of games already won (issue 17, item 3)."""
    status, out, err = forbidden(capsys, monkeypatch, {"black": black, "white": white}, *options)
    assert status == 2 and out == ""
    assert err.startswith("taku: error: input line 1: a position that cannot occur with Black to move: ")
    assert reason in err and err.count("\n") == 1


@pytest.mark.parametrize(("black", "white", "options"), [
    (["h9", "g8", "i8", "h7"], [], []),  # a puzzle setup: only Black's stones (White passed)
    (["h8", "h9", "h10", "h11", "h13"], ["a1", "a2", "a3", "a4"], []),  # a five still to come
    (["d4", "e5", "f6", "g7", "h8", "i9"], ["a15", "b15", "o1", "o3", "o5", "c15"],
     ["--rules", "gomoku_standard"]),  # an overline neither wins nor fouls here
    (["h8"], ["i9"], ["--rules", "rif", "--option", "passes_allowed=false"]),
])
def test_wrong_answer_forbidden_still_answers_positions_that_can_occur(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, black: list[str],
        white: list[str], options: list[str]) -> None:
    status, out, err = forbidden(capsys, monkeypatch, {"black": black, "white": white}, *options)
    assert (status, err) == (0, "") and "forbidden" in json.loads(out)


def test_wrong_answer_impossible_agrees_with_the_positions_play_reaches() -> None:
    """Every position with Black to move that a game passes through is possible; the one after
    Black's winning move is not, and the reason names the line."""
    position = Position()
    for move in ("h8", "a1", "i8", "a3", "j8", "a5", "k8", "a7"):
        position.push(move)
        if position.turn is BLACK:
            assert impossible(Position.from_stones(position.stones(BLACK), position.stones(WHITE))) is None
    position.push("l8")
    assert position.is_over
    setup = Position.from_stones(position.stones(BLACK), position.stones(WHITE))
    assert impossible(setup) == "the game is over: black h8-l8 is a five"


# -- mjai-bot: hora ---------------------------------------------------------------------------------

_TEHAI = ["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "P", "C"]
_START = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "5s", "kyoku": 1, "honba": 0,
          "kyotaku": 0, "oya": 0, "scores": [25000] * 4, "tehais": [_TEHAI, *[["?"] * 13] * 3]}


def tsumo(actor: int, pai: str) -> dict[str, Any]:
    return {"type": "tsumo", "actor": actor, "pai": pai}


def dahai(actor: int, pai: str, tsumogiri: bool) -> dict[str, Any]:
    return {"type": "dahai", "actor": actor, "pai": pai, "tsumogiri": tsumogiri}


def fed(*events: dict[str, Any], rules: Rules | None = None) -> MjaiSeatState:
    state = MjaiSeatState(0, rules or Rules.preset("tenhou"))
    for event in ({"type": "start_game", "id": 0}, _START, *events):
        state.update(event)
    return state


_DISCARD_C = (tsumo(0, "C"), dahai(0, "P", False),
              tsumo(1, "?"), dahai(1, "C", True))


@pytest.mark.parametrize(("events", "hora", "message"), [
    # the bot's own tsumo on a hand that is not complete (the reproducer)
    ((tsumo(0, "1s"),), {"actor": 0, "target": 0, "pai": "1s"},
     "seat 0's hand 123m456p1789s1157z is not complete"),
    # the bot's own ron on a tile that does not complete it
    ((tsumo(0, "N"), dahai(0, "N", True),
      tsumo(1, "?"), dahai(1, "9m", True)),
     {"actor": 0, "target": 1, "pai": "9m"}, "seat 0's hand 1239m456p789s1157z is not complete"),
    # another seat's ron on a tile nobody discarded, or from the wrong seat
    (_DISCARD_C, {"actor": 2, "target": 1, "pai": "1s"}, "the tile to win on is C from seat 1"),
    (_DISCARD_C, {"actor": 2, "target": 3, "pai": "C"}, "the tile to win on is C from seat 1"),
    # a tsumo by a seat whose turn it is not, and a ron with nothing to win on
    ((tsumo(0, "N"),), {"actor": 2, "target": 2, "pai": "N"},
     "it is not seat 2's turn to win on a draw"),
    ((tsumo(0, "N"),), {"actor": 2, "target": 0, "pai": "N"},
     "there is no discard or kan to win on"),
    # a hora after the hand ended in a draw, and a second ron by the same seat
    (({"type": "ryukyoku"},), {"actor": 1, "target": 1, "pai": "N"}, "after the hand has ended"),
    ((*_DISCARD_C, {"type": "hora", "actor": 2, "target": 1, "pai": "C"}),
     {"actor": 2, "target": 1, "pai": "C"}, "cannot follow the hand's earlier hora"),
])
def test_wrong_answer_mjai_bot_refuses_an_impossible_hora(
        events: tuple[dict[str, Any], ...], hora: dict[str, Any], message: str) -> None:
    """It used to answer ``none`` to any hora, complete hand or not (issue 17, item 3)."""
    state = fed(*events)
    with pytest.raises(MjaiProtocolError, match=message):
        state.update({"type": "hora", **hora})


def test_wrong_answer_mjai_bot_accepts_the_wins_that_can_happen() -> None:
    """The bot's own ron on C (123m 456p 789s EE CC: shanpon, yakuhai chun), a double ron where
    the rules allow it, another seat's tsumo in its turn."""
    fed(*_DISCARD_C, {"type": "hora", "actor": 0, "target": 1, "pai": "C"},
        {"type": "hora", "actor": 2, "target": 1, "pai": "C"})
    with pytest.raises(MjaiProtocolError, match="cannot follow"):
        fed(*_DISCARD_C, {"type": "hora", "actor": 0, "target": 1, "pai": "C"},
            {"type": "hora", "actor": 2, "target": 1, "pai": "C"},
            rules=Rules.preset("tenhou").replace(multiple_ron="head_bump"))
    fed(tsumo(0, "N"), dahai(0, "N", True),
        tsumo(1, "?"), {"type": "hora", "actor": 1, "target": 1, "pai": "3s"})


def test_wrong_answer_mjai_bot_cli_names_the_line_of_an_impossible_hora(
        capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch) -> None:
    lines = [{"type": "start_game", "id": 0}, _START, tsumo(0, "1s"),
             {"type": "hora", "actor": 0, "target": 0, "pai": "1s"}]
    monkeypatch.setattr(sys, "stdin", io.StringIO("".join(json.dumps(line) + "\n" for line in lines)))
    status = main(["mahjong", "mjai-bot", "--seat", "0"])
    captured = capsys.readouterr()
    assert status == 2 and len(captured.out.splitlines()) == 3
    assert captured.err == "rules: tenhou\ntaku: error: line 4: hora by seat 0 on 1s from seat 0: " \
                           "seat 0's hand 123m456p1789s1157z is not complete\n"
