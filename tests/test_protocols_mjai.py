"""The mjai protocol: the bot side (events -> seat state -> legal actions), the table side (an
external bot process as a player) and ``taku mahjong mjai-bot``."""

from __future__ import annotations

import json
import random
import subprocess
import sys
from typing import Any

import pytest

from taku.bots import RandomPlayer, SimplePlayer, make_player
from taku.bots.simple import Player
from taku.mahjong.actions import Action
from taku.mahjong.kyoku import Observation
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules
from taku.protocols.mjai_client import MjaiBot, MjaiProtocolError, MjaiSeatState, match_action
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
                          "tiles_left", "scores", "deposits", "last_discard", "honba", "oya"):
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
        action = match_action(Action.from_mjai(reply, actor=self.seat), observation.legal_actions)
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
        match = Match(seed=5)
        assert _play(match, players) > 100
        assert match.is_over
        assert all(p.decisions > 0 and not p.faults for p in players)
    finally:
        for player in players:
            player.close()
    assert all(p._process.returncode is not None for p in players)


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
    done = subprocess.run([*BOT, "--seat", "0", "--player", "simple"], input=text,
                          capture_output=True, text=True, timeout=60)
    assert done.returncode == 0, done.stderr
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
    done = subprocess.run([*BOT, "--seat", "1"], input='[{"type":"start_game","id":1}]\n{oops\n',
                          capture_output=True, text=True, timeout=60)
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
