"""Gymnasium single-agent wrappers: one seat is the learner, the other seats are taku players
chosen by name.

:class:`MahjongGymEnv` plays a match of :class:`~taku.envs.mahjong_env.MahjongEnv` with the learner
at ``seat`` and built-in players (:data:`taku.bots.PLAYERS`: ``random``, ``tsumogiri``,
``simple``, ``taku``, ``taku-efficiency``) at the three others; :class:`RenjuGymEnv` plays a game
of :class:`~taku.envs.renju_env.RenjuEnv` against ``random`` or the taku AI (``taku`` or
``taku:LEVEL``; the AI plays the moves, an opening rule's choices are random). Observations,
actions and rewards are the AEC environment's (the reward of a step is what the learner earned
since its previous step); ``info`` is the AEC environment's info for the learner.

>>> env = MahjongGymEnv(opponents="tsumogiri")
>>> obs, info = env.reset(seed=3)
>>> int(obs["action_mask"].sum()) > 0, sorted(info)
(True, ['legal_actions', 'observation'])
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from taku.bots import make_player
from taku.bots.simple import Player
from taku.envs.mahjong_actions import action_index
from taku.envs.mahjong_env import AGENTS as MAHJONG_AGENTS
from taku.envs.mahjong_env import MahjongEnv, ObsDict, Reward
from taku.envs.renju_env import AGENTS as RENJU_AGENTS
from taku.envs.renju_env import RenjuEnv
from taku.mahjong.rules import Rules
from taku.renju.openings import OpeningRule
from taku.renju.rules import RenjuRules

StepResult = tuple[ObsDict, float, bool, bool, dict[str, Any]]


class MahjongGymEnv(gymnasium.Env[ObsDict, int]):
    """A match in which the learner sits at ``seat`` (0..3) and ``opponents`` (one name for all
    three, or three names in seat order after the learner's) play the other seats."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  # Gymnasium's convention

    def __init__(self, rules: Rules | str | None = None, *, seat: int = 0,
                 opponents: str | Sequence[str] = "taku", seed: int | str = 0, reward: Reward = "hand",
                 render_mode: str | None = None) -> None:
        if type(seat) is not int or not 0 <= seat <= 3:
            raise ValueError(f"seat must be 0..3, got {seat!r}")
        names = [opponents] * 3 if isinstance(opponents, str) else list(opponents)
        if len(names) != 3:
            raise ValueError(f"opponents: one name or three, got {len(names)}")
        for name in names:
            make_player(name)  # an unknown name raises UnknownPlayerError (a ValueError) now
        self.aec = MahjongEnv(rules, seed, reward=reward, render_mode=render_mode)
        self.seat = seat
        self.agent = MAHJONG_AGENTS[seat]
        self.opponent_names = tuple(names)
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(self.agent)
        self.action_space = self.aec.action_space(self.agent)
        self._players: dict[int, Player] = {}
        self._carried = 0.0

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[ObsDict, dict[str, Any]]:
        """A new match (``seed`` as :meth:`MahjongEnv.reset`); the opponents are seeded from the match's
        seed, so the same seed and the same actions replay the same match."""
        super().reset(seed=seed)
        self.aec.reset(seed=seed)
        match_seed = self.aec.match.seed
        others = [s for s in range(4) if s != self.seat]
        self._players = {s: make_player(name, f"{match_seed}-{s}", self.aec.rules)
                         for s, name in zip(others, self.opponent_names, strict=True)}
        self._carried = self._advance()  # a hand may end before the learner's first decision
        return self.aec.observe(self.agent), self.aec.infos[self.agent]

    def _advance(self) -> float:
        """Let the opponents play until the learner must answer or the match ends; the learner's
        rewards meanwhile."""
        aec = self.aec
        earned = 0.0
        while not aec.match.is_over and aec.agent_selection != self.agent:
            agent = aec.agent_selection
            seat = MAHJONG_AGENTS.index(agent)
            action = self._players[seat].choose(aec.infos[agent]["observation"])
            aec.step(action_index(action))
            earned += aec.rewards.get(self.agent, 0.0)
        return earned

    def step(self, action: int) -> StepResult:
        """Play the learner's action index, then the opponents until the learner's next decision."""
        aec = self.aec
        if aec.match.is_over:
            raise ValueError("the match is over: call reset()")
        aec.step(action)
        earned = self._carried + aec.rewards.get(self.agent, 0.0) + self._advance()
        self._carried = 0.0
        over = aec.match.is_over
        info = aec.infos.get(self.agent, {})
        return aec.observe(self.agent), earned, over, False, info

    def render(self) -> str | None:
        """The table as text (``render_mode="ansi"``)."""
        return self.aec.render()


class RenjuGymEnv(gymnasium.Env[ObsDict, int]):
    """A game in which the learner is ``player`` (``player_0``, the first player, or
    ``player_1``) and ``opponent`` (``random``, ``taku`` or ``taku:LEVEL``, with ``opponent_time``
    seconds per move) the other."""

    metadata: dict[str, Any] = {"render_modes": ["ansi"]}  # noqa: RUF012  # Gymnasium's convention

    def __init__(self, rules: RenjuRules | str | None = None, opening: OpeningRule | str | None = None,
                 *, player: str = "player_0", opponent: str = "random", opponent_time: float = 0.1,
                 seed: int = 0, render_mode: str | None = None) -> None:
        if player not in RENJU_AGENTS:
            raise ValueError(f"player must be one of {', '.join(RENJU_AGENTS)}, got {player!r}")
        word, colon, level = opponent.partition(":")
        if word not in ("random", "taku") or (word == "random" and colon):
            raise ValueError(f"opponent must be random, taku or taku:LEVEL, got {opponent!r}")
        self.aec = RenjuEnv(rules, opening, render_mode=render_mode)
        self.agent = player
        self.opponent = opponent
        self.level = (level if colon else "easy") if word == "taku" else None
        if self.level is not None:
            from taku.bots.renju_ai import RenjuAI

            RenjuAI(self.level)  # an unknown level raises now
        self.opponent_time = opponent_time
        self.seed_value = seed
        self.render_mode = render_mode
        self.observation_space = self.aec.observation_space(player)
        self.action_space: spaces.Discrete = self.aec.action_space(player)  # type: ignore[assignment]
        self._rng = random.Random(seed)
        self._engine: Any = None

    def reset(self, *, seed: int | None = None,
              options: dict[str, Any] | None = None) -> tuple[ObsDict, dict[str, Any]]:
        """A new game; ``seed`` reseeds the opponent."""
        super().reset(seed=seed)
        if seed is not None:
            self.seed_value = seed
            self._rng = random.Random(seed)
        if self.level is not None:
            from taku.bots.renju_ai import RenjuAI

            self._engine = RenjuAI(self.level, seed=self.seed_value)
        self.aec.reset()
        self._advance()
        return self.aec.observe(self.agent), self.aec.infos.get(self.agent, {})

    def _opponent_action(self) -> int:
        aec = self.aec
        mask = aec.observe(aec.agent_selection)["action_mask"]
        if self._engine is not None and aec.opening is None:
            point = self._engine.choose(aec.position, self.opponent_time)
            if point is None:  # no point may be played: the AI passes (RJ-15)
                return int(aec.pass_action)
            return int(point.to_index(aec.size))
        legal = np.flatnonzero(mask)
        return int(legal[self._rng.randrange(len(legal))])

    def _advance(self) -> float:
        aec = self.aec
        earned = 0.0
        while not aec.position.is_over and aec.agent_selection != self.agent:
            aec.step(self._opponent_action())
            earned += aec.rewards.get(self.agent, 0.0)
        return earned

    def step(self, action: int) -> StepResult:
        """Play the learner's action, then the opponent's until the learner's next decision."""
        aec = self.aec
        if aec.position.is_over:
            raise ValueError("the game is over: call reset()")
        aec.step(action)
        earned = aec.rewards.get(self.agent, 0.0) + self._advance()
        over = aec.position.is_over
        return aec.observe(self.agent), earned, over, False, aec.infos.get(self.agent, {})

    def render(self) -> str | None:
        """The board as text (``render_mode="ansi"``)."""
        return self.aec.render()
