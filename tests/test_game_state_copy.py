"""Game states (a hand, a match, a seat's perspective, a renju position, players, environments)
pickle, copy and deep-copy in both builds (a compiled class cannot be created empty: each state
restores its attributes, values.py): a deep copy or an unpickled state is independent of the
original, and both go on identically after the same moves."""

from __future__ import annotations

import copy
import pickle
import random
from collections.abc import Callable
from typing import Any

import pytest

from taku.bots.mahjong_taku import TakuPlayer
from taku.bots.renju_ai import RenjuAI
from taku.bots.simple import RandomPlayer
from taku.mahjong.actions import Action
from taku.mahjong.kyoku import Kyoku
from taku.mahjong.match import Match
from taku.mahjong.perspective import SeatPerspective
from taku.mahjong.rules import Rules
from taku.mahjong.wall import Wall
from taku.renju.board import Position
from taku.renju.points import Point

Twin = Callable[[Any], Any]
TWINS: dict[str, Twin] = {
    "deepcopy": copy.deepcopy,
    **{f"pickle{protocol}": (lambda state, p=protocol: pickle.loads(pickle.dumps(state, p)))
       for protocol in range(2, pickle.HIGHEST_PROTOCOL + 1)},
}


def _moves(table: Match | Kyoku, rng: random.Random, count: int) -> list[Action]:
    """Plays up to ``count`` random legal actions on ``table`` and returns them."""
    played = []
    for _ in range(count):
        if table.is_over:
            break
        seat = table.to_act[0]
        actions = table.legal_actions(seat)
        action = actions[rng.randrange(len(actions))]
        table.apply(action)
        played.append(action)
    return played


def _snapshot(table: Match | Kyoku) -> tuple[Any, ...]:
    return (list(table.events), table.to_act,
            tuple(table.legal_actions(seat) for seat in table.to_act), list(table.scores))


@pytest.mark.parametrize("twin", TWINS.values(), ids=TWINS.keys())
@pytest.mark.parametrize("make", [lambda: Match(Rules.preset("tenhou"), seed=3),
                                  lambda: Kyoku(Wall.shuffled(5), Rules.preset("tenhou"))],
                         ids=["match", "kyoku"])
def test_a_copied_table_plays_on_independently_and_identically(make: Callable[[], Match | Kyoku],
                                                               twin: Twin) -> None:
    table = make()
    _moves(table, random.Random(1), 40)
    before = _snapshot(table)
    other = twin(table)
    assert type(other) is type(table) and other is not table
    assert _snapshot(other) == before
    played = _moves(other, random.Random(2), 400)
    assert len(played) > 40
    assert _snapshot(table) == before  # the original did not move
    for action in played:
        table.apply(action)
    assert _snapshot(table) == _snapshot(other)


def test_a_copied_match_carries_its_hand_and_its_results() -> None:
    match = Match(Rules.preset("tenhou"), seed=4)
    _moves(match, random.Random(3), 300)
    assert match.results  # a hand is settled: the copy keeps the record of it
    for other in (copy.deepcopy(match), pickle.loads(pickle.dumps(match))):
        assert other.results == match.results and other.hand_count == match.hand_count
        assert other.kyoku is not match.kyoku and other.kyoku.events == match.kyoku.events


def test_a_shallow_copy_shares_the_state_as_in_python() -> None:
    match = Match(Rules.preset("tenhou"), seed=3)
    other = copy.copy(match)
    assert other is not match and other.kyoku is match.kyoku and _snapshot(other) == _snapshot(match)


@pytest.mark.parametrize("twin", TWINS.values(), ids=TWINS.keys())
def test_a_copied_seat_perspective_follows_the_same_events(twin: Twin) -> None:
    match = Match(Rules.preset("tenhou"), seed=6)
    perspective = SeatPerspective(1, match.rules)

    def follow(view: SeatPerspective, upto: int, start: int) -> None:
        for event in match.kyoku.observe(1).events[start:upto]:
            view.update(event)

    _moves(match, random.Random(4), 30)
    follow(perspective, len(match.kyoku.observe(1).events), 0)
    seen = len(match.kyoku.observe(1).events)
    other = twin(perspective)
    assert other.kyoku is not perspective.kyoku and other.events == perspective.events
    _moves(match, random.Random(5), 8)
    now = len(match.kyoku.observe(1).events)
    follow(other, now, seen)
    assert len(perspective.events) < len(other.events)  # the original did not follow
    follow(perspective, now, seen)
    assert other.events == perspective.events
    assert other.kyoku is not None and perspective.kyoku is not None
    assert other.kyoku.legal_actions(1) == perspective.kyoku.legal_actions(1)
    assert list(other.kyoku.events) == list(perspective.kyoku.events)


@pytest.mark.parametrize("twin", TWINS.values(), ids=TWINS.keys())
def test_a_copied_renju_position_plays_on_independently(twin: Twin) -> None:
    position = Position("h8i9j10h9")
    other = twin(position)
    assert other is not position and other.move_stack == position.move_stack
    assert other._geo is position._geo  # the board tables stay shared, not copied
    other.push("h10")
    assert position.ply == 4 and other.ply == 5
    position.push("h10")
    assert list(other.legal_moves) == list(position.legal_moves)
    assert other.zobrist_hash() == position.zobrist_hash()
    assert other.outcome() == position.outcome()


@pytest.mark.parametrize("twin", TWINS.values(), ids=TWINS.keys())
def test_a_copied_legal_move_view_lists_its_positions_moves(twin: Twin) -> None:
    """``Position.legal_moves`` is a lazy view; a copy of it (shallow or deep, or pickled) lists
    the same points as the view it came from, in the same order."""
    position = Position("h8i9j10h9")
    view = position.legal_moves
    other = twin(view)
    assert other is not view and list(other) == list(view) and len(list(view)) == 221
    assert Point.from_str("h10") in other


@pytest.mark.parametrize("twin", TWINS.values(), ids=TWINS.keys())
def test_copied_players_choose_as_the_original(twin: Twin) -> None:
    match = Match(Rules.preset("tenhou"), seed=7)
    players = [TakuPlayer(1), RandomPlayer(2)]
    twins = [twin(player) for player in players]
    for _ in range(60):
        seat = match.to_act[0]
        observation = match.observe(seat)
        chosen = [player.choose(observation) for player in players]
        assert [player.choose(observation) for player in twins] == chosen
        match.apply(chosen[seat % 2])
    ai = RenjuAI("easy", seed=3, max_nodes=300)
    position = Position("h8i9")
    other = twin(ai)
    assert other.choose(position, 60.0) == ai.choose(position, 60.0)  # the node budget decides


def test_copied_environments_step_on_identically() -> None:
    pytest.importorskip("pettingzoo")
    from taku.envs.mahjong_env import MahjongEnv
    from taku.envs.renju_env import RenjuEnv

    for env in (MahjongEnv(seed=2), RenjuEnv()):
        env.reset(seed=2)
        rng = random.Random(8)
        for _ in range(10):
            mask = env.observe(env.agent_selection)["action_mask"]
            env.step(rng.choice([i for i, ok in enumerate(mask) if ok]))
        other = copy.deepcopy(env)
        again = pickle.loads(pickle.dumps(env))
        steps = []
        for _ in range(20):
            if other.terminations[other.agent_selection] or other.truncations[other.agent_selection]:
                break
            mask = other.observe(other.agent_selection)["action_mask"]
            steps.append(rng.choice([i for i, ok in enumerate(mask) if ok]))
            other.step(steps[-1])
        for follower in (env, again):
            for step in steps:
                follower.step(step)
            assert follower.agent_selection == other.agent_selection
            assert (follower.observe(follower.agent_selection)["observation"]
                    == other.observe(other.agent_selection)["observation"]).all()
            assert follower.rewards == other.rewards
