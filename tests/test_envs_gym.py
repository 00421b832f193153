"""The Gymnasium single-agent wrappers: the learner against taku players chosen by name."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.passive_env_checker import (
    check_action_space,
    check_observation_space,
    env_reset_passive_checker,
    env_step_passive_checker,
)

from taku.envs.gym import MahjongGymEnv, RenjuGymEnv
from taku.renju import RenjuRules


def run(env, seed: int, rng: random.Random) -> tuple[list[int], float, int]:
    obs, _ = env.reset(seed=seed)
    taken, total, steps = [], 0.0, 0
    while True:
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        taken.append(action)
        obs, reward, terminated, truncated, _ = env.step(action)
        total += reward
        steps += 1
        if terminated or truncated:
            return taken, total, steps


@pytest.mark.parametrize("make", [lambda: MahjongGymEnv(opponents="tsumogiri"),
                                  lambda: RenjuGymEnv(RenjuRules(board_size=9, passes_allowed=False))])
def test_gymnasium_passive_checks_pass(make) -> None:
    """Gymnasium's checks of spaces, reset and step (with legal actions: the full ``check_env``
    steps random unmasked actions, which a masked environment refuses)."""
    env = make()
    check_observation_space(env.observation_space)
    check_action_space(env.action_space)
    obs, _ = env_reset_passive_checker(env, seed=1)
    assert env.observation_space.contains(obs)
    for _ in range(20):
        action = int(np.flatnonzero(obs["action_mask"])[0])
        obs, _, terminated, _, _ = env_step_passive_checker(env, action)
        assert env.observation_space.contains(obs)
        if terminated:
            break


def test_mahjong_learner_plays_a_whole_match_and_its_rewards_add_up() -> None:
    env = MahjongGymEnv(seat=2, opponents=("simple", "tsumogiri", "simple"))
    _, total, _ = run(env, 5, random.Random(5))
    result = env.aec.match.result
    assert result is not None
    assert total == pytest.approx((result.scores[2] - 25000) / 1000)


def test_mahjong_same_seed_same_match() -> None:
    first = MahjongGymEnv(opponents="taku")
    taken, _, _ = run(first, 9, random.Random(1))
    events = list(first.aec.match.events)
    second = MahjongGymEnv(opponents="taku")
    second.reset(seed=9)
    for action in taken:
        _obs, *_ = second.step(action)
    assert second.aec.match.events == events


def test_mahjong_only_the_learners_decisions_are_asked() -> None:
    env = MahjongGymEnv(seat=1, opponents="random")
    obs, info = env.reset(seed=4)
    for _ in range(50):
        assert env.aec.agent_selection == "player_1"
        assert info["observation"].seat == 1
        legal = np.flatnonzero(obs["action_mask"])
        obs, _, terminated, _, info = env.step(int(legal[0]))
        if terminated:
            break


def test_renju_against_random_and_the_taku_ai() -> None:
    rules = RenjuRules(board_size=9, passes_allowed=False)
    _, total, _ = run(RenjuGymEnv(rules, opponent="random"), 1, random.Random(1))
    assert total in (-1.0, 0.0, 1.0)
    env = RenjuGymEnv(rules, player="player_1", opponent="taku:beginner", opponent_time=0.01)
    _, total, steps = run(env, 2, random.Random(2))
    assert total == -1.0  # random moves lose to the AI
    assert steps >= 4


def test_renju_opening_rule_with_the_learner_second() -> None:
    env = RenjuGymEnv(opening="rif", player="player_1", opponent="random")
    _obs, info = env.reset(seed=3)
    assert env.aec.agent_selection == "player_1"
    assert info["phase"] is not None and "swap" in info["phase"].accepts


def test_bad_wrapper_options_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown player"):
        MahjongGymEnv(opponents="nobody")
    with pytest.raises(ValueError, match="seat must be"):
        MahjongGymEnv(seat=4)
    with pytest.raises(ValueError, match="opponent must be"):
        RenjuGymEnv(opponent="gnugo")
    with pytest.raises(ValueError, match="unknown level"):
        RenjuGymEnv(opponent="taku:godlike")
