"""The renju PettingZoo environment: the API, openings as actions, forbidden points, rewards."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from taku.envs import renju_env
from taku.renju import BLACK, Player, Point, Position, RenjuRules


def index(env, name: str) -> int:
    """The action index of a point name or an extra action's name."""
    for i in range(env.num_actions):
        if env.action_name(i) == name:
            return i
    raise KeyError(name)


def legal_names(env) -> set[str]:
    mask = env.observe(env.agent_selection)["action_mask"]
    return {env.action_name(int(i)) for i in np.flatnonzero(mask)}


@pytest.mark.parametrize("opening", [None, "rif", "swap2", "soosorv_8", "taraguchi_10", "Kagetsu"])
def test_pettingzoo_api_and_seed_tests_pass(opening: str | None) -> None:
    api_test(renju_env(opening=opening), num_cycles=60)
    seed_test(lambda: renju_env(opening=opening), num_cycles=60)


def test_forbidden_points_are_masked_for_black_and_shown_in_a_plane() -> None:
    """RIF 9.3: i8 makes a double-three for Black here."""
    env = renju_env(opening="h8 a1 j8 a3 i7 a5 i9 a7")
    assert env.agent_selection == "player_0"  # Black to move
    obs = env.observe("player_0")
    i8 = Point.from_str("i8")
    assert obs["action_mask"][i8.to_index(15)] == 0
    assert obs["observation"][3, i8.y, i8.x] == 1
    assert obs["observation"][3].sum() == 1
    assert obs["action_mask"][Point.from_str("k8").to_index(15)] == 1
    assert obs["observation"][2].all()  # player_0 holds Black
    assert obs["observation"][0, 7, 7] == 1 and obs["observation"][1, 0, 0] == 1


def test_a_five_wins_and_is_rewarded() -> None:
    env = renju_env(opening="h8 a1 i8 a3 j8 a5 k8 a7")
    env.step(index(env, "l8"))
    assert env.terminations == {"player_0": True, "player_1": True}
    assert env.rewards == {"player_0": 1.0, "player_1": -1.0}
    assert env.position.outcome().winner is BLACK


def test_rif_opening_is_played_with_its_own_actions() -> None:
    env = renju_env(opening="rif")
    assert env.agent_selection == "player_0"
    names = legal_names(env)
    assert names == {"h8"}  # the first stone on the centre point
    env.step(index(env, "h8"))
    assert legal_names(env) == {str(p) for p in Position("h8").legal_moves
                                if abs(p.x - 7) <= 1 and abs(p.y - 7) <= 1}
    env.step(index(env, "h9"))
    assert "a1" not in legal_names(env) and "j10" in legal_names(env)  # within 5x5
    env.step(index(env, "j10"))
    assert env.agent_selection == "player_1" and legal_names(env) == {"swap", "keep"}
    env.step(index(env, "swap"))  # player_1 now holds Black; White (player_0) places the 4th
    assert env.agent_selection == "player_0"
    env.step(index(env, "a15"))
    assert env.agent_selection == "player_1"  # Black offers two fifth moves
    env.step(index(env, "g7"))
    assert "g7" not in legal_names(env)
    env.step(index(env, "k11"))
    assert env.agent_selection == "player_0" and legal_names(env) == {"g7", "k11"}
    env.step(index(env, "k11"))
    assert env.opening is None and env.black is Player.SECOND
    assert env.position.move_string() == "h8h9j10a15k11"
    assert env.agent_selection == "player_0"  # White to move: the first player
    assert not env.observe("player_0")["observation"][2].any()


def test_offers_symmetric_to_an_offered_move_are_masked() -> None:
    """RIF: the two fifth moves must not be symmetric; h8 h9 h10 with the 4th at h11 is symmetric
    about the h file, so after g7 its mirror i7 cannot be offered."""
    env = renju_env(opening="rif")
    for name in ("h8", "h9", "h10", "keep", "h11", "g7"):
        env.step(index(env, name))
    names = legal_names(env)
    assert "i7" not in names and "g7" not in names and "j7" in names


def test_swap2_colour_choice() -> None:
    env = renju_env(rules="gomoku_freestyle", opening="swap2")
    for name in ("a1", "b1", "c1"):
        env.step(index(env, name))
    assert env.agent_selection == "player_1"
    assert {"black", "white"} <= legal_names(env)
    env.step(index(env, "black"))
    assert env.black is Player.SECOND
    assert env.agent_selection == "player_0"  # White to move after three stones


def test_declare_and_offer_under_soosorv() -> None:
    env = renju_env(opening="soosorv_8")
    for name in ("h8", "h9", "h10", "keep", "a15"):
        env.step(index(env, name))
    assert {n for n in legal_names(env) if n.startswith("declare")} == {f"declare {k}" for k in range(1, 9)}
    env.step(index(env, "declare 3"))
    env.step(index(env, "keep"))
    for name in ("g7", "k11", "c3"):
        env.step(index(env, name))
    assert legal_names(env) == {"g7", "k11", "c3"}


def test_passes_are_actions_where_the_rules_allow_them() -> None:
    assert "pass" in legal_names(renju_env())
    assert "pass" not in legal_names(renju_env(RenjuRules(passes_allowed=False)))


def test_random_games_end_with_consistent_rewards() -> None:
    rng = random.Random(3)
    for opening in (None, "yamaguchi", "taraguchi_10"):
        size = 9 if opening is None else 15
        env = renju_env(RenjuRules(board_size=size, passes_allowed=False), opening)
        for _ in env.agent_iter(2000):
            obs, reward, terminated, truncated, _ = env.last()
            if terminated or truncated:
                assert reward in (-1.0, 0.0, 1.0)
                env.step(None)
                continue
            legal = np.flatnonzero(obs["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))
        assert not env.agents


def test_an_illegal_action_is_refused() -> None:
    env = renju_env(opening="rif")
    with pytest.raises(ValueError, match="not legal now; legal: h8"):
        env.step(0)
    with pytest.raises(ValueError, match="unknown renju rules"):
        renju_env("chess")
    with pytest.raises(ValueError):
        renju_env(opening="z99")
