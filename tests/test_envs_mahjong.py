"""The mahjong PettingZoo environment: the API, seeding, the action space, observations, rewards."""

from __future__ import annotations

import random

import numpy as np
import pytest

pytest.importorskip("pettingzoo")

from pettingzoo.test import api_test, seed_test

from taku.envs import ACTION_NAMES, NUM_ACTIONS, action_index, mahjong_env
from taku.envs.mahjong_actions import RIICHI, TSUMOGIRI, action_mask, index_actions, legal_indices
from taku.envs.mahjong_features import SIZE, SeatFeatures, segment
from taku.mahjong.actions import Action
from taku.mahjong.match import Match
from taku.mahjong.tiles import Tile


def play(env, rng: random.Random, limit: int = 100_000) -> list[tuple[str, int]]:
    """Play the env's match to its end with uniformly random legal actions; the (agent, action)s."""
    taken = []
    for agent in env.agent_iter(limit):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        action = int(legal[rng.randrange(len(legal))])
        taken.append((agent, action))
        env.step(action)
    return taken


def test_pettingzoo_api_test_passes() -> None:
    api_test(mahjong_env(seed=3), num_cycles=200)


def test_pettingzoo_seed_test_passes() -> None:
    seed_test(lambda: mahjong_env(seed=5), num_cycles=100)


def test_reset_with_a_seed_deals_the_walls_of_match_with_that_seed() -> None:
    env = mahjong_env()
    env.reset(seed=11)
    assert env.match.events == Match(seed=11).events
    env.reset(seed=12)
    assert env.match.events != Match(seed=11).events


def test_the_same_seed_and_actions_reproduce_the_whole_match() -> None:
    env = mahjong_env()
    env.reset(seed=7)
    actions = play(env, random.Random(1))
    events = list(env.match.events)
    env.reset(seed=7)
    for agent, action in actions:
        assert env.agent_selection == agent
        env.step(action)
    assert env.match.events == events
    assert env.match.is_over


def test_reset_without_a_seed_gives_new_reproducible_matches() -> None:
    first, second = mahjong_env(seed=3), mahjong_env(seed=3)
    first.reset()
    second.reset()
    assert first.match.events == second.match.events == Match(seed=3).events
    first.reset()
    second.reset()
    assert first.match.events == second.match.events != Match(seed=3).events


def test_every_legal_action_has_its_own_index_and_the_index_plays_it() -> None:
    rng = random.Random(2)
    seen_types: set[str] = set()
    for seed in range(3):
        match = Match(seed=seed)
        while not match.is_over:
            seat = match.to_act[0]
            legal = match.legal_actions(seat)
            indices = [action_index(a) for a in legal]
            assert len(set(indices)) == len(legal), legal
            assert all(0 <= i < NUM_ACTIONS for i in indices)
            seen_types.update(a.type for a in legal)
            match.apply(legal[rng.randrange(len(legal))])
    assert {"dahai", "hora", "none", "pon", "chi", "ankan", "kakan"} <= seen_types


def test_action_indices_in_concrete_situations() -> None:
    m, p = Tile.from_str("5m"), Tile.from_str("0m")
    assert action_index(Action("dahai", 2, Tile.from_str("7z"))) == 33
    assert action_index(Action("dahai", 2, Tile.from_str("7z"), tsumogiri=True)) == TSUMOGIRI
    assert ACTION_NAMES[action_index(Action("pon", 1, m, (m, p), 0))] == "pon red"
    assert ACTION_NAMES[action_index(Action("chi", 1, Tile.from_str("3m"),
                                            (Tile.from_str("4m"), m), 0))] == "chi low"
    assert ACTION_NAMES[action_index(Action("chi", 1, Tile.from_str("7m"),
                                            (Tile.from_str("6m"), p), 0))] == "chi high red"
    assert ACTION_NAMES[action_index(Action("hora", 1, m, (), 1))] == "tsumo"
    assert ACTION_NAMES[action_index(Action("hora", 1, m, (), 3))] == "ron"
    assert ACTION_NAMES[action_index(Action("ankan", 0, Tile.from_str("1z"),
                                            (Tile.from_str("1z"),) * 4))] == "ankan 1z"
    assert ACTION_NAMES[action_index(Action("none", 0))] == "pass"
    assert ACTION_NAMES[action_index(Action("ryukyoku", 0))] == "nine terminals"
    assert len(ACTION_NAMES) == NUM_ACTIONS


def test_the_mask_marks_exactly_the_legal_actions() -> None:
    env = mahjong_env(seed=4)
    env.reset(seed=4)
    rng = random.Random(4)
    for _ in range(300):
        if env.match.is_over:
            break
        agent = env.agent_selection
        seat = int(agent[-1])
        mask = env.observe(agent)["action_mask"]
        expected = sorted(action_index(a) for a in env.match.legal_actions(seat))
        assert list(np.flatnonzero(mask)) == expected
        env.step(int(rng.choice(expected)))


def test_an_illegal_index_is_refused_and_changes_nothing() -> None:
    env = mahjong_env(seed=1)
    env.reset(seed=1)
    events = list(env.match.events)
    with pytest.raises(ValueError, match="action 118 is not legal now"):
        env.step(118)  # ron, with nobody's discard on the table
    with pytest.raises(ValueError, match="an action is an index"):
        env.step("dahai")  # type: ignore[arg-type]
    assert env.match.events == events


def test_riichi_is_declared_then_its_discard_keeps_the_hand_tenpai() -> None:
    """MJ-RIICHI-01: after index 38 the same seat chooses the discard, among those that keep
    tenpai only."""
    from taku.bots import make_player

    player = make_player("taku", 0)
    for seed in range(10):
        env = mahjong_env()
        env.reset(seed=seed)
        while not env.match.is_over:
            agent = env.agent_selection
            mask = env.observe(agent)["action_mask"]
            if mask[RIICHI]:
                seat = int(agent[-1])
                env.step(RIICHI)
                assert env.agent_selection == agent
                after = env.observe(agent)["action_mask"]
                offered = {action_index(a) for a in env.match.legal_actions(seat)}
                assert set(np.flatnonzero(after)) == offered
                assert all(a.type == "dahai" for a in env.match.legal_actions(seat))
                assert after.sum() < mask.sum()
                return
            env.step(action_index(player.choose(env.infos[agent]["observation"])))
    pytest.fail("no riichi in 10 matches of the taku player")


def test_observation_is_the_seats_own_view() -> None:
    env = mahjong_env()
    env.reset(seed=9)
    match = env.match
    for agent in env.agents:
        seat = int(agent[-1])
        vector = env.observe(agent)["observation"]
        assert vector.shape == (SIZE,) and vector.dtype == np.float32
        hand = segment(vector, "hand")
        own = match.observe(seat).hand
        assert hand.sum() == len(own)
        for tile in own:
            assert hand[tile.kind] >= 1
        assert segment(vector, "scores").tolist() == [25.0] * 4
        assert segment(vector, "seat_wind")[seat] == 1.0  # seat 0 deals the first hand
        assert segment(vector, "counters")[2] == match.kyoku.tiles_left
        assert segment(vector, "drawn").sum() == (1.0 if seat == 0 else 0.0)


def test_incremental_features_equal_features_built_afresh() -> None:
    """The environment follows one hand for the four seats (the rivers once for all) and writes
    only what changed; each vector it gives, the selected agent's and the others', equals the
    vector built afresh from that seat's own Observation alone (so it holds nothing else)."""
    env = mahjong_env()
    for seed in (21, 22):
        env.reset(seed=seed)
        rng = random.Random(seed)
        for step in range(2000):
            if env.match.is_over:
                break
            agents = [env.agent_selection] + ([f"player_{step % 4}"] if step % 3 == 0 else [])
            for agent in agents:
                seat = int(agent[-1])
                vector = env.observe(agent)["observation"]
                fresh = SeatFeatures(seat).vector(env.match.observe(seat), env.match.kyoku)
                assert np.array_equal(vector, fresh), (seed, step, agent)
            legal = np.flatnonzero(env.observe(env.agent_selection)["action_mask"])
            env.step(int(legal[rng.randrange(len(legal))]))


def test_observations_are_new_arrays_the_caller_owns() -> None:
    env = mahjong_env()
    env.reset(seed=6)
    agent = env.agent_selection
    first = env.observe(agent)
    first["observation"][:] = -7.0
    first["action_mask"][:] = 0
    second = env.observe(agent)
    assert second["observation"].min() >= 0.0 and second["action_mask"].sum() > 0
    assert second["observation"].flags.writeable and second["action_mask"].flags.writeable
    indices = sorted(env.infos[agent]["legal_actions"])
    assert list(np.flatnonzero(second["action_mask"])) == indices
    env.step(indices[0])
    assert (first["observation"] == -7.0).all()  # an old observation is not written again


def test_a_copied_encoder_gives_the_same_vectors() -> None:
    """The encoder is a cache of the observations: a copy (deepcopy, pickle) starts empty and
    follows the hand again, giving the same vectors as the original."""
    import copy
    import pickle

    from taku.envs.mahjong_encoding import TableEncoder

    match = Match(seed=12)
    rng = random.Random(12)
    encoder = TableEncoder()
    for _ in range(60):
        seat = match.to_act[0]
        encoder.encode(match.observe(seat), match.kyoku)
        legal = match.legal_actions(seat)
        match.apply(legal[rng.randrange(len(legal))])
    for twin in (copy.deepcopy(encoder), pickle.loads(pickle.dumps(encoder))):
        for seat in range(4):
            observation = match.observe(seat)
            assert twin.encode(observation, match.kyoku) == encoder.encode(observation, match.kyoku)


def test_legal_indices_are_index_actions_and_their_mask() -> None:
    rng = random.Random(5)
    for seed in range(2):
        match = Match(seed=seed)
        while not match.is_over:
            legal = match.legal_actions(match.to_act[0])
            table, mask = legal_indices(legal)
            assert table == index_actions(legal)
            assert mask == action_mask(table) and len(mask) == NUM_ACTIONS
            match.apply(legal[rng.randrange(len(legal))])


def test_a_seats_features_refuse_another_seats_observation() -> None:
    match = Match(seed=1)
    with pytest.raises(ValueError, match="an observation of seat 1 given to seat 0"):
        SeatFeatures(0).vector(match.observe(1), match.kyoku)
    with pytest.raises(ValueError, match=r"seat must be 0\.\.3"):
        SeatFeatures(4)


def test_rivers_record_order_tsumogiri_and_riichi() -> None:
    env = mahjong_env()
    env.reset(seed=30)
    rng = random.Random(30)
    while not env.match.is_over:
        kyoku = env.match.kyoku
        agent = env.agent_selection
        obs = env.observe(agent)
        seat = int(agent[-1])
        river = segment(obs["observation"], "river")
        flags = segment(obs["observation"], "river_flags")
        discards = [e for e in kyoku.events if e["type"] == "dahai"]
        for other in range(4):
            rel = (other - seat) % 4
            mine = [e for e in discards if e["actor"] == other]
            assert river[rel].sum() == len(mine)
            for slot, event in enumerate(mine):
                tile = Tile.from_mjai(event["pai"])
                assert river[rel, slot, tile.kind] == 1.0
                assert flags[rel, slot, 1] == float(event["tsumogiri"])
        if any(flags[:, :, 2].ravel()):
            return  # a riichi tile was seen and marked
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))


@pytest.mark.parametrize("reward", ["hand", "placement"])
def test_rewards_add_up_to_the_match_result(reward: str) -> None:
    env = mahjong_env(reward=reward)  # type: ignore[arg-type]
    env.reset(seed=8)
    totals = dict.fromkeys(env.possible_agents, 0.0)
    rng = random.Random(8)
    for _ in env.agent_iter(100_000):
        obs, _, terminated, truncated, _ = env.last()
        if terminated or truncated:
            env.step(None)
            continue
        legal = np.flatnonzero(obs["action_mask"])
        env.step(int(legal[rng.randrange(len(legal))]))
        for name, value in env.rewards.items():
            totals[name] += value
    result = env.match.result
    assert result is not None
    for seat, agent in enumerate(env.possible_agents):
        expected = (result.scores[seat] - 25000) / 1000 if reward == "hand" else result.points[seat]
        assert totals[agent] == pytest.approx(expected)


def test_info_holds_the_raw_observation_and_legal_actions() -> None:
    env = mahjong_env()
    env.reset(seed=2)
    _, _, _, _, info = env.last()
    assert info["observation"] == env.match.observe(0)
    assert set(info["legal_actions"].values()) == set(env.match.legal_actions(0))
    assert info["observation"].events[0]["tehais"][1][:2] == ["?", "?"]  # others' tiles hidden


def test_bad_options_are_refused_with_a_clear_message() -> None:
    with pytest.raises(ValueError, match="reward must be"):
        mahjong_env(reward="money")  # type: ignore[arg-type]
    with pytest.raises(ValueError, match="unknown"):
        mahjong_env(rules="nowhere")
