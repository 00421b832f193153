"""The mjai protocol: the bot side (events -> seat state -> legal actions), the table side (an
external bot process as a player) and ``taku mahjong mjai-bot``."""

from __future__ import annotations

import contextlib
import io
import json
import random
import subprocess
import sys
from typing import Any

import pytest

from taku.bots import RandomPlayer, SimplePlayer, make_player
from taku.bots.simple import Player
from taku.cli.main import main
from taku.mahjong.actions import Action, match_action
from taku.mahjong.kyoku import Observation
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules
from taku.protocols.mjai_client import (
    MjaiBot,
    MjaiProtocolError,
    MjaiSeatState,
    read_line,
)
from taku.protocols.mjai_process import (
    MjaiBotError,
    MjaiEventFeed,
    MjaiProcessPlayer,
    safest_action,
)

BOT = [sys.executable, "-m", "taku", "mahjong", "mjai-bot"]


_CALLS = {"ankan": 0.5, "kakan": 0.5, "daiminkan": 0.3, "pon": 0.1, "chi": 0.05, "ryukyoku": 0.2}


def _pick(view: Observation, rng: random.Random, eager: bool) -> Action:
    """A uniformly random action, or (``eager``) a greedy one that wins and declares riichi
    whenever it can and sometimes calls or kans."""
    actions = view.legal_actions
    if not eager:
        return actions[rng.randrange(len(actions))]
    for action in actions:
        if rng.random() < _CALLS.get(action.type, 0.0):
            return action
    return SimplePlayer().choose(view)


def _cross_check(seed: int, rules: Rules | None, eager: bool = False) -> int:
    """Play a random match; at every step compare each seat's client state (fed the masked
    events) with the engine. Returns the number of comparisons."""
    match = Match(rules, seed=seed)
    rng = random.Random(seed)
    states = [MjaiSeatState(seat, rules) for seat in range(4)]
    for seat, state in enumerate(states):
        state.update({"type": "start_game", "id": seat})
    fed = [0, 0, 0, 0]
    checks = 0
    while not match.is_over:
        for seat, state in enumerate(states):
            view = match.observe(seat)
            if not state.events or state.events[0] != view.events[0]:
                fed[seat] = 0
            for event in view.events[fed[seat]:]:
                state.update(event)
            fed[seat] = len(view.events)
            assert state.legal_actions == match.legal_actions(seat), (seed, seat, view.events[-3:])
            mine = state.observation()
            for field in ("hand", "drawn", "melds", "discards", "riichi", "dora_indicators",
                          "tiles_left", "scores", "deposits", "last_discard", "honba", "dealer"):
                assert getattr(mine, field) == getattr(view, field), (seed, seat, field)
            checks += 1
        seat = match.to_act[0]
        match.apply(_pick(match.observe(seat), rng, eager))
        states[seat].answered()
    return checks


@pytest.mark.parametrize("preset", ["default", "tenhou", "ema"])
@pytest.mark.parametrize("eager", [False, True])
def test_client_legal_actions_equal_engine_at_every_decision(preset: str, eager: bool) -> None:
    rules = None if preset == "default" else Rules.preset(preset)
    total = sum(_cross_check(seed, rules, eager) for seed in range(3))
    assert total > 2000


@pytest.mark.slow
@pytest.mark.parametrize("preset", ["default", "tenhou", "mahjongsoul", "ema", "montreal"])
@pytest.mark.parametrize("eager", [False, True])
def test_client_legal_actions_equal_engine_many_matches(preset: str, eager: bool) -> None:
    rules = None if preset == "default" else Rules.preset(preset)
    if preset == "montreal":  # its matches run long with random players: play east rounds only
        rules = Rules.preset("montreal").replace(length="east", extension="off")
    assert sum(_cross_check(seed, rules, eager) for seed in range(100, 106)) > 5000


class InProcessMjaiPlayer:
    """An :class:`MjaiBot` seated through the protocol's JSON lines, without a process."""

    def __init__(self, player: Player, seat: int, rules: Rules | None = None) -> None:
        self.bot = MjaiBot(player, None, rules)  # the seat comes from start_game's id
        self.feed = MjaiEventFeed(seat)
        self.seat = seat

    def choose(self, observation: Observation) -> Action:
        line = json.dumps(self.feed.batch(observation))
        reply = json.loads(json.dumps(self.bot.react(json.loads(line))))
        action = match_action(observation.legal_actions, Action.from_mjai(reply, actor=self.seat))
        assert action is not None, (reply, observation.legal_actions)
        return action


def _play(match: Match, players: list[Any]) -> int:
    decisions = 0
    while not match.is_over:
        seat = match.to_act[0]
        match.apply(players[seat].choose(match.observe(seat)))
        decisions += 1
    return decisions


@pytest.mark.parametrize("name,preset", [("random", "default"), ("simple", "tenhou"),
                                         ("taku", "tenhou")])
def test_mjai_bots_play_complete_matches_through_the_protocol(name: str, preset: str) -> None:
    rules = None if preset == "default" else Rules.preset(preset)
    for seed in range(2):
        players = [InProcessMjaiPlayer(make_player(name, seed * 4 + i), i, rules) for i in range(4)]
        match = Match(rules, seed=seed)
        assert _play(match, players) > 100
        assert match.result is not None and sum(match.result.scores) + \
            1000 * match.result.leftover_deposits == 4 * match.rules.start_points


def test_subprocess_bots_play_a_complete_match() -> None:
    players = [MjaiProcessPlayer([*BOT, "--seat", str(i), "--player", "random", "--seed", str(i)], i,
                                 timeout=20.0) for i in range(4)]
    try:
        match = Match(Rules.preset("tenhou"), seed=5)  # the bot's default rules (red fives)
        assert _play(match, players) > 100
        assert match.is_over
        assert all(p.decisions > 0 and not p.faults for p in players)
    finally:
        for player in players:
            player.close()
    assert all(p._child.poll() is not None for p in players)


# --- the bot side, line by line ----------------------------------------------------------------

_START = {"type": "start_kyoku", "bakaze": "E", "dora_marker": "5s", "kyoku": 1, "honba": 0,
          "kyotaku": 0, "oya": 0, "scores": [25000] * 4,
          "tehais": [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "P", "C"],
                     *[["?"] * 13] * 3]}


def test_bot_answers_each_plain_event_and_declares_riichi_and_ron() -> None:
    lines = [{"type": "start_game", "id": 0}, _START, {"type": "tsumo", "actor": 0, "pai": "C"},
             {"type": "reach", "actor": 0}, {"type": "dahai", "actor": 0, "pai": "P", "tsumogiri": False},
             {"type": "reach_accepted", "actor": 0}, {"type": "tsumo", "actor": 1, "pai": "?"},
             {"type": "dahai", "actor": 1, "pai": "C", "tsumogiri": True}]
    text = "".join(json.dumps(line) + "\n" for line in lines)
    done = _run_bot(text, "--player", "simple")
    assert done.returncode == 0, done.stderr
    assert done.stderr == "rules: tenhou\n"  # issue 17 item 4: the rules, beside the protocol
    replies = [json.loads(line) for line in done.stdout.splitlines()]
    assert replies == [{"type": "none"}, {"type": "none"}, {"type": "reach", "actor": 0},
                       {"type": "dahai", "actor": 0, "pai": "P", "tsumogiri": False},
                       {"type": "none"}, {"type": "none"}, {"type": "none"},
                       {"type": "hora", "actor": 0, "target": 1, "pai": "C"}]


def test_bot_reads_batched_arrays_one_answer_per_line() -> None:
    bot = MjaiBot(SimplePlayer(), seat=0)
    assert bot.react([{"type": "start_game", "id": 0}, _START,
                      {"type": "tsumo", "actor": 0, "pai": "C"}]) == {"type": "reach", "actor": 0}
    assert bot.state.observation().tiles_left == 69
    # Having answered, the seat has nothing more to decide until its action comes back.
    assert bot.react([]) == {"type": "none"}


def test_bot_without_yaku_gets_no_ron() -> None:
    start = {**_START, "tehais": [["1m", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E",
                                   "2p", "3p"], *[["?"] * 13] * 3]}
    state = MjaiSeatState(0)
    for event in ({"type": "start_game", "id": 0}, start, {"type": "tsumo", "actor": 0, "pai": "N"},
                  {"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": True},
                  {"type": "tsumo", "actor": 1, "pai": "?"},
                  {"type": "dahai", "actor": 1, "pai": "1p", "tsumogiri": False}):
        state.update(event)
    # 1p completes the hand, but riichi-less, open-less East is only a seat wind pair: no yaku.
    assert all(a.type != "hora" for a in state.legal_actions)
    state.update({"type": "tsumo", "actor": 2, "pai": "?"})
    state.update({"type": "dahai", "actor": 2, "pai": "4p", "tsumogiri": True})
    assert state.legal_actions == ()  # 4p: no call possible for seat 0 from seat 2 (not kamicha)


def test_bot_rejects_events_that_do_not_fit() -> None:
    state = MjaiSeatState(0)
    state.update(_START)
    with pytest.raises(MjaiProtocolError, match="tsumo of seat 2"):
        state.update({"type": "tsumo", "actor": 2, "pai": "?"})
    with pytest.raises(MjaiProtocolError, match="not an mjai event"):
        state.update(["tsumo"])
    with pytest.raises(MjaiProtocolError, match="unknown mjai event type"):
        state.update({"type": "tsumo", "actor": 0, "pai": "1m"})
        state.update({"type": "teleport"})


def test_cli_bad_line_is_a_clear_error_not_a_traceback() -> None:
    done = _run_bot('[{"type":"start_game","id":1}]\n{oops\n', "--seat", "1")
    assert done.returncode == 2
    assert done.stdout == '{"type":"none"}\n'
    assert "taku: error: line 2 is not JSON" in done.stderr and "Traceback" not in done.stderr


# --- the table side: faults ---------------------------------------------------------------------

def _fake_bot(body: str) -> list[str]:
    return [sys.executable, "-c", "import json, sys, time\n" + body]


def _first_decision() -> Observation:
    match = Match(seed=2)
    return match.observe(match.to_act[0])


@pytest.mark.parametrize("body,reason", [
    ("for line in sys.stdin: time.sleep(30)", "did not answer within 0.5 s"),
    ("for line in sys.stdin: print('hello', flush=True)", "'hello': not JSON"),
    ("for line in sys.stdin: print(json.dumps({'type': 'pon', 'actor': 0, 'pai': 'C', "
     "'consumed': ['C', 'C']}), flush=True)", "not a legal action"),
    ("for line in sys.stdin: print(json.dumps({'type': 'none'}), flush=True)", "it must act now"),
    ("sys.stderr.write('bot crashed\\n'); sys.exit(3)", "exit"),
])
def test_process_player_faults_raise_a_clear_error(body: str, reason: str) -> None:
    view = _first_decision()
    with MjaiProcessPlayer(_fake_bot(body), view.seat, timeout=0.5, name="fake") as player, \
            pytest.raises(MjaiBotError, match=reason) as caught:
        player.choose(view)
    assert "mjai bot 'fake'" in str(caught.value)


def test_process_player_exit_names_status_and_error_output() -> None:
    view = _first_decision()
    with MjaiProcessPlayer(_fake_bot("sys.stderr.write('bot crashed\\n'); sys.exit(3)"), view.seat,
                           timeout=5.0, name="fake") as player, \
            pytest.raises(MjaiBotError, match=r"exit status 3.*bot crashed"):
        player.choose(view)


def test_penalty_mode_plays_the_safest_action_and_logs_faults() -> None:
    bad = MjaiProcessPlayer(_fake_bot("for line in sys.stdin: print('garbage', flush=True)"), 0,
                            timeout=5.0, on_error="penalty")
    players: list[Any] = [bad, RandomPlayer(1), RandomPlayer(2), RandomPlayer(3)]
    with bad:
        match = Match(seed=4)
        _play(match, players)
    assert match.is_over
    assert len(bad.faults) == bad.decisions > 0
    assert all("not JSON" in fault for fault in bad.faults)


def test_penalty_after_timeout_drops_the_late_answer() -> None:
    # Answers the first request after 2 s (too late), later ones at once, each with "none".
    body = ("first = True\nfor line in sys.stdin:\n    if first: time.sleep(2.0)\n    first = False\n"
            "    print(json.dumps({'type': 'none'}), flush=True)")
    match = Match(seed=2)
    seat = match.to_act[0]
    view = match.observe(seat)
    with MjaiProcessPlayer(_fake_bot(body), seat, timeout=1.5, on_error="penalty") as player:
        assert player.choose(view) == safest_action(view.legal_actions)
        assert "did not answer" in player.faults[0]
        # The late "none" is dropped; the answer to this request is "none" again: illegal here.
        player.choose(view)
        assert "it must act now" in player.faults[1]


def test_safest_action_prefers_none_then_tsumogiri() -> None:
    drawn = Action("dahai", 0, None, tsumogiri=True)
    other = Action("dahai", 0, None)
    assert safest_action((other, drawn)) == drawn
    assert safest_action((Action("pon", 0), Action("none", 0))) == Action("none", 0)


# --- the bot side: events that cannot happen are refused ----------------------------------------

def _fed(*events: dict[str, Any], rules: Rules | None = None) -> MjaiSeatState:
    state = MjaiSeatState(0, rules)
    for event in ({"type": "start_game", "id": 0}, _START, *events):
        state.update(event)
    return state


def _run_bot(text: str, *args: str) -> subprocess.CompletedProcess[str]:
    """``taku mahjong mjai-bot --seat 0 ARGS`` reading ``text``, run in this process: for these
    tests a child process adds nothing (test_subprocess_bots_play_a_complete_match runs real ones)."""
    out, err = io.StringIO(), io.StringIO()
    stdin, sys.stdin = sys.stdin, io.StringIO(text)
    try:
        with contextlib.redirect_stdout(out), contextlib.redirect_stderr(err):
            status = main(["mahjong", "mjai-bot", "--seat", "0", *args])
    finally:
        sys.stdin = stdin
    return subprocess.CompletedProcess([*BOT, "--seat", "0", *args], status, out.getvalue(), err.getvalue())


def test_a_second_tsumo_before_the_discard_is_refused() -> None:
    state = _fed({"type": "tsumo", "actor": 0, "pai": "C"})
    with pytest.raises(MjaiProtocolError, match="tsumo of seat 0 but seat 0 has already drawn"):
        state.update({"type": "tsumo", "actor": 0, "pai": "N"})
    other = _fed({"type": "tsumo", "actor": 0, "pai": "C"},
                 {"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": True},
                 {"type": "tsumo", "actor": 1, "pai": "?"})
    with pytest.raises(MjaiProtocolError, match="tsumo of seat 1 but seat 1 has already drawn"):
        other.update({"type": "tsumo", "actor": 1, "pai": "?"})


def test_a_discard_before_its_tsumo_is_refused() -> None:
    state = _fed({"type": "tsumo", "actor": 0, "pai": "C"},
                 {"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": True})
    with pytest.raises(MjaiProtocolError, match="dahai by seat 1 before its tsumo"):
        state.update({"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": False})


def test_the_bot_decides_only_once_the_real_drawn_tile_arrives() -> None:
    bot = MjaiBot(SimplePlayer(), seat=0)
    assert bot.react([{"type": "start_game", "id": 0}, _START]) == {"type": "none"}
    assert bot.state.legal_actions == ()  # the shadow's stand-in draw is not a decision
    assert bot.react([{"type": "tsumo", "actor": 0, "pai": "C"}]) == {"type": "reach", "actor": 0}
    drawn = bot.state.observation().drawn
    assert drawn is not None and drawn.mjai == "C"


def test_deeply_nested_json_is_not_json_and_not_a_traceback() -> None:
    with pytest.raises(MjaiProtocolError, match="line 3 is not JSON: nested too deeply"):
        read_line("[" * 100000 + "]" * 100000, 3)
    done = _run_bot("[" * 100000 + "]" * 100000 + "\n")
    assert done.returncode == 2 and done.stdout == ""
    assert done.stderr == "rules: tenhou\ntaku: error: line 1 is not JSON: nested too deeply\n"


def test_a_nested_value_inside_an_event_is_a_one_line_error() -> None:
    with pytest.raises(MjaiProtocolError, match=r"actor must be a seat 0\.\.3"):
        _fed({"type": "tsumo", "actor": json.loads("[" * 900 + "]" * 900), "pai": "C"})


def test_a_deal_with_two_red_fives_of_a_suit_is_refused() -> None:
    hand = ["5mr", "5mr", "1m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "P", "C"]
    state = MjaiSeatState(0, Rules.preset("tenhou"))
    with pytest.raises(MjaiProtocolError, match="one 5mr too many: the tile set holds only 1 red 5m"):
        state.update({**_START, "tehais": [hand, *[["?"] * 13] * 3]})


def test_a_red_five_under_rules_without_red_fives_is_refused() -> None:
    hand = ["5pr", "2m", "3m", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "P", "C"]
    with pytest.raises(MjaiProtocolError, match="5pr but the rules have no red 5p"):
        MjaiSeatState(0, Rules.preset("seeds-001-003")).update(
            {**_START, "tehais": [hand, *[["?"] * 13] * 3]})


def test_a_fourth_plain_five_shown_under_red_five_rules_is_refused() -> None:
    hand = ["5s", "5s", "5s", "4p", "5p", "6p", "7s", "8s", "9s", "E", "E", "P", "C"]
    start = {**_START, "dora_marker": "1m", "tehais": [hand, *[["?"] * 13] * 3]}
    state = MjaiSeatState(0, Rules.preset("tenhou"))
    for event in (start, {"type": "tsumo", "actor": 0, "pai": "C"},
                  {"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": True},
                  {"type": "tsumo", "actor": 1, "pai": "?"}):
        state.update(event)
    with pytest.raises(MjaiProtocolError, match="dahai: one 5s too many: the tile set holds only 3 plain 5s"):
        state.update({"type": "dahai", "actor": 1, "pai": "5s", "tsumogiri": True})
    # Its red copy is still in the set.
    state = MjaiSeatState(0, Rules.preset("tenhou"))
    for event in (start, {"type": "tsumo", "actor": 0, "pai": "C"},
                  {"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": True},
                  {"type": "tsumo", "actor": 1, "pai": "?"},
                  {"type": "dahai", "actor": 1, "pai": "5sr", "tsumogiri": True}):
        state.update(event)
    assert state.observation().discards[1][-1].mjai == "5sr"


def test_a_fifth_copy_drawn_is_refused() -> None:
    hand = ["E", "E", "E", "4p", "5p", "6p", "7s", "8s", "9s", "1m", "1m", "P", "C"]
    state = MjaiSeatState(0)
    state.update({**_START, "dora_marker": "E", "tehais": [hand, *[["?"] * 13] * 3]})
    with pytest.raises(MjaiProtocolError, match="tsumo: one E too many: the tile set holds only 4 E"):
        state.update({"type": "tsumo", "actor": 0, "pai": "E"})


def test_start_kyoku_whose_oya_is_not_the_kyoku_dealer_is_refused() -> None:
    with pytest.raises(MjaiProtocolError, match="kyoku 1 is dealt by seat 0, not oya 2"):
        MjaiSeatState(0).update({**_START, "kyoku": 1, "oya": 2})
    state = MjaiSeatState(0)
    state.update({**_START, "kyoku": 3, "oya": 2})
    assert state.observation().dealer == 2


def test_reach_accepted_without_a_reach_is_refused() -> None:
    state = _fed({"type": "tsumo", "actor": 0, "pai": "C"})
    with pytest.raises(MjaiProtocolError, match="reach_accepted of seat 2 but seat 2 has no reach"):
        state.update({"type": "reach_accepted", "actor": 2})
    state.update({"type": "reach", "actor": 0})
    state.update({"type": "dahai", "actor": 0, "pai": "P", "tsumogiri": False})
    state.update({"type": "reach_accepted", "actor": 0})
    state.update({"type": "tsumo", "actor": 1, "pai": "?"})
    assert state.observation().riichi[0] and state.observation().scores[0] == 24000
    with pytest.raises(MjaiProtocolError, match="reach_accepted of seat 0 but seat 0 has no reach"):
        state.update({"type": "reach_accepted", "actor": 0})
    with pytest.raises(MjaiProtocolError, match="outside a hand"):
        MjaiSeatState(0).update({"type": "reach_accepted", "actor": 0})


def test_dora_without_a_kan_waiting_for_it_is_refused() -> None:
    state = _fed({"type": "tsumo", "actor": 0, "pai": "C"})
    with pytest.raises(MjaiProtocolError, match="dora event but no kan is waiting for its indicator"):
        state.update({"type": "dora", "dora_marker": "3s"})
    state = _fed({"type": "tsumo", "actor": 0, "pai": "C"},
                 {"type": "dahai", "actor": 0, "pai": "C", "tsumogiri": True},
                 {"type": "tsumo", "actor": 1, "pai": "?"},
                 {"type": "ankan", "actor": 1, "consumed": ["9p", "9p", "9p", "9p"]},
                 {"type": "dora", "dora_marker": "3s"})
    assert [t.mjai for t in state.observation().dora_indicators] == ["5s", "3s"]
    with pytest.raises(MjaiProtocolError, match=r"no kan is waiting .*1 kan\(s\), 1 dora"):
        state.update({"type": "dora", "dora_marker": "4s"})


def test_tsumogiri_true_for_a_hand_tile_is_refused() -> None:
    state = _fed({"type": "tsumo", "actor": 0, "pai": "N"})
    with pytest.raises(MjaiProtocolError, match="1m with tsumogiri true but the drawn tile is N"):
        state.update({"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": True})


def test_tsumogiri_false_for_the_only_copy_of_the_drawn_tile_is_refused() -> None:
    state = _fed({"type": "tsumo", "actor": 0, "pai": "N"})
    with pytest.raises(MjaiProtocolError, match="N with tsumogiri false but the only N in the hand is "
                                                "the drawn tile"):
        state.update({"type": "dahai", "actor": 0, "pai": "N", "tsumogiri": False})


def test_tsumogiri_either_way_for_a_drawn_tile_also_in_the_hand_is_accepted() -> None:
    for flag in (True, False):
        state = _fed({"type": "tsumo", "actor": 0, "pai": "E"},
                     {"type": "dahai", "actor": 0, "pai": "E", "tsumogiri": flag})
        assert [t.mjai for t in state.observation().discards[0]] == ["E"]
        assert [t.mjai for t in state.observation().hand].count("E") == 2
    # Without the flag, any discard of a held tile is taken as it is.
    state = _fed({"type": "tsumo", "actor": 0, "pai": "N"}, {"type": "dahai", "actor": 0, "pai": "N"})
    assert state.observation().discards[0][0].mjai == "N"


def test_tsumogiri_true_after_a_call_is_refused() -> None:
    state = _fed({"type": "tsumo", "actor": 0, "pai": "N"},
                 {"type": "dahai", "actor": 0, "pai": "1m", "tsumogiri": False},
                 {"type": "chi", "actor": 1, "target": 0, "pai": "1m", "consumed": ["2m", "3m"]})
    with pytest.raises(MjaiProtocolError, match="tsumogiri true but seat 1 has no drawn tile"):
        state.update({"type": "dahai", "actor": 1, "pai": "9p", "tsumogiri": True})


def test_can_act_false_updates_the_state_and_answers_none() -> None:
    bot = MjaiBot(SimplePlayer(), seat=0)
    assert bot.react([{"type": "start_game", "id": 0}, _START,
                      {"type": "tsumo", "actor": 0, "pai": "C", "can_act": False}]) == {"type": "none"}
    assert bot.state.observation().tiles_left == 69
    # The decision is still open: the next line (here an empty batch) gets the answer.
    assert bot.react([]) == {"type": "reach", "actor": 0}
    with pytest.raises(MjaiProtocolError, match="can_act must be true or false"):
        bot.react([{"type": "none", "can_act": "no"}])


def test_blank_lines_are_skipped_without_an_answer() -> None:
    lines = [{"type": "start_game", "id": 0}, _START, {"type": "tsumo", "actor": 0, "pai": "C"}]
    text = "\n   \n".join(json.dumps(line) for line in lines) + "\n\n"
    done = _run_bot(text)
    assert done.returncode == 0, done.stderr
    assert done.stdout.splitlines() == ['{"type":"none"}', '{"type":"none"}', '{"type":"reach","actor":0}']


def test_cli_refused_event_names_the_line_in_one_line_error() -> None:
    lines = [{"type": "start_game", "id": 0}, _START, {"type": "tsumo", "actor": 0, "pai": "C"},
             {"type": "tsumo", "actor": 0, "pai": "N"}]
    done = _run_bot("".join(json.dumps(line) + "\n" for line in lines))
    assert done.returncode == 2
    assert done.stderr == "rules: tenhou\ntaku: error: line 4: tsumo of seat 0 but seat 0 has already drawn\n"
