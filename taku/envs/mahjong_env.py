"""A PettingZoo AEC environment of a whole riichi mahjong match (four agents, ``player_0`` ..
``player_3`` at seats 0..3; seat 0 is East of the first hand).

At each step the agent selected is the first seat that must answer (:attr:`Match.to_act`); when a
discard can be claimed by several seats, each answers in turn (``pass`` declines) and the table
resolves the claims. An observation is a dict: ``observation`` (the ``float32`` vector of
:mod:`taku.envs.mahjong_features`) and ``action_mask`` (``int8``, one per index of
:mod:`taku.envs.mahjong_actions`). ``info`` holds ``observation`` (the seat's raw
:class:`~taku.mahjong.kyoku.Observation`, whose ``events`` are the hand's mjai events as the seat
sees them) and ``legal_actions`` (index -> :class:`~taku.mahjong.actions.Action`), for the agent
whose turn it is.

Rewards (``reward=``): ``"hand"`` (default) gives every seat its point change over each hand when
the hand ends (riichi sticks and the leftover deposits at the end included), in thousands of
points, so a seat's rewards over a match add up to its final score minus the start; ``"placement"``
gives, once at the end, each seat's result points of :class:`~taku.mahjong.match.MatchResult`
(score, oka and uma as the rules say, in thousands).

Seeding: ``reset(seed=s)`` deals the walls of ``Match(rules, seed=s)``, so the same seed and the
same actions give the same match; ``reset()`` without a seed takes the next seed from the
environment's own generator (seeded by the ``seed`` given to the constructor).
"""

from __future__ import annotations

import random
from typing import Any, ClassVar, Literal

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from pettingzoo import AECEnv

from taku.envs.mahjong_actions import NUM_ACTIONS, action_mask, index_actions, legal_indices
from taku.envs.mahjong_encoding import SCORE_BOUND, SIZE, TableEncoder
from taku.mahjong.actions import Action
from taku.mahjong.kyoku import Observation
from taku.mahjong.match import Match
from taku.mahjong.rules import Rules

Reward = Literal["hand", "placement"]
AGENTS = ("player_0", "player_1", "player_2", "player_3")

ObsDict = dict[str, npt.NDArray[Any]]
_FLOAT32 = np.dtype(np.float32)  # (np.frombuffer takes half the time with a dtype object)
_INT8 = np.dtype(np.int8)
_INDEX_TYPES = (int, np.integer)  # an action index (built once: step checks it every time)


def _rules(rules: Rules | str | None) -> Rules:
    if rules is None:
        return Rules()
    if isinstance(rules, str):
        return Rules.preset(rules)
    if not isinstance(rules, Rules):
        raise ValueError(f"rules must be a Rules value or a preset name, got {rules!r}")
    return rules


class MahjongEnv(AECEnv):  # type: ignore[misc]  # PettingZoo has no type information
    """The match environment (see the module docstring)."""

    metadata: ClassVar[dict[str, Any]] = {
        "name": "taku_mahjong_v0", "render_modes": ["ansi"], "is_parallelizable": False}

    def __init__(self, rules: Rules | str | None = None, seed: int | str = 0, *,
                 reward: Reward = "hand", render_mode: str | None = None) -> None:
        super().__init__()
        if reward not in ("hand", "placement"):
            raise ValueError(f"reward must be 'hand' or 'placement', got {reward!r}")
        if render_mode not in (None, "ansi"):
            raise ValueError(f"render_mode must be None or 'ansi', got {render_mode!r}")
        self.rules = _rules(rules)
        self.reward_kind: Reward = reward
        self.render_mode = render_mode
        self.possible_agents = list(AGENTS)
        self._seed_source = random.Random(str(seed))
        self._first_seed: int | str = seed
        observation = spaces.Box(-SCORE_BOUND, SCORE_BOUND, (SIZE,), np.float32)
        mask = spaces.Box(0, 1, (NUM_ACTIONS,), np.int8)
        self.observation_spaces = {a: spaces.Dict({"observation": observation, "action_mask": mask})
                                   for a in AGENTS}
        self.action_spaces = {a: spaces.Discrete(NUM_ACTIONS) for a in AGENTS}
        self.match: Match = Match(self.rules, seed)
        self._encoder = TableEncoder()
        self._legal: dict[int, Action] = {}
        # The selected agent's mask, until observe hands it out (then None: made again).
        self._mask: bytearray | None = None
        self._observation: Observation | None = None  # the selected agent's
        self._rewarded = False  # whether self.rewards holds a reward (else it is all zeros)
        self._started = False

    # --- spaces ----------------------------------------------------------------------------------
    def observation_space(self, agent: str) -> spaces.Space[Any]:
        """The observation space of ``agent`` (the same object every time)."""
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        """The action space of ``agent``: ``Discrete(NUM_ACTIONS)``."""
        return self.action_spaces[agent]

    # --- the AEC API -----------------------------------------------------------------------------
    def reset(self, seed: int | None = None, options: dict[str, Any] | None = None) -> None:
        """Start a new match (see the module docstring for the seed)."""
        if seed is not None:
            self._seed_source = random.Random(str(seed))
            match_seed: int | str = seed
        elif not self._started:
            match_seed = self._first_seed
        else:
            match_seed = self._seed_source.getrandbits(63)
        self._started = True
        self.match = Match(self.rules, match_seed)
        self.agents = list(AGENTS)
        self.rewards = dict.fromkeys(AGENTS, 0.0)
        self._rewarded = False
        self._cumulative_rewards = dict.fromkeys(AGENTS, 0.0)
        self.terminations = dict.fromkeys(AGENTS, False)
        self.truncations = dict.fromkeys(AGENTS, False)
        self._scores = list(self.match.scores)
        self.infos: dict[str, dict[str, Any]] = {a: {} for a in self.agents}
        self.agent_selection = AGENTS[0]
        self._select()

    def _select(self) -> None:
        """Point ``agent_selection`` at the next seat to answer and fill its info (the info of
        the agent selected before is emptied)."""
        match = self.match
        self.infos[self.agent_selection] = {}
        if match.is_over:
            self.agent_selection = self.agents[0]
            self._observation = None
            return
        seat = match.to_act[0]
        self.agent_selection = agent = AGENTS[seat]
        self._observation = obs = match.observe(seat)
        self._legal, self._mask = legal_indices(obs.legal_actions)
        self.infos[agent] = {"observation": obs, "legal_actions": self._legal}

    def observe(self, agent: str) -> ObsDict:
        """``agent``'s observation: the feature vector and the mask of its legal actions (new
        arrays, which the caller owns)."""
        obs = self._observation
        if agent == self.agent_selection and obs is not None:
            mask = self._mask
            if mask is None:
                mask = action_mask(self._legal)
            else:
                self._mask = None  # now the array's: the next observation gets a new one
        else:
            obs = self.match.observe(AGENTS.index(agent))
            mask = action_mask(index_actions(obs.legal_actions)) if not self.match.is_over \
                else bytearray(NUM_ACTIONS)
        return {"observation": np.frombuffer(self._encoder.encode(obs, self.match.kyoku), _FLOAT32),
                "action_mask": np.frombuffer(mask, _INT8)}

    def action_mask(self, agent: str) -> npt.NDArray[np.int8]:
        """The legal actions of ``agent`` now, as a mask over the action space."""
        mask = np.zeros(NUM_ACTIONS, dtype=np.int8)
        seat = AGENTS.index(agent)
        for index in index_actions(self.match.legal_actions(seat)):
            mask[index] = 1
        return mask

    def step(self, action: int | np.integer[Any] | None) -> None:
        """Play action index ``action`` for the selected agent (``None`` once it is terminated).
        An index that is not legal now raises ``ValueError`` and changes nothing."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        if type(action) is not int:
            if action is None or not isinstance(action, _INDEX_TYPES):
                raise ValueError(f"{agent}: an action is an index 0..{NUM_ACTIONS - 1}, "
                                 f"got {action!r}")
            action = int(action)
        chosen = self._legal.get(action)
        if chosen is None:
            raise ValueError(f"{agent}: action {action} is not legal now; legal: "
                             f"{sorted(self._legal)}")
        self._cumulative_rewards[agent] = 0.0
        match = self.match
        hands = len(match.results)
        match.apply(chosen)
        if self._rewarded:  # the rewards of the step before: back to zeros
            self.rewards = dict.fromkeys(self.agents, 0.0)
            self._rewarded = False
        if len(match.results) != hands or match.is_over:
            self._settle()
            self._rewarded = True
            self._accumulate_rewards()  # (between hands every reward is 0: nothing to add)
        if match.is_over:
            self.terminations = dict.fromkeys(self.agents, True)
        self._select()

    def _settle(self) -> None:
        match = self.match
        scores = list(match.result.scores) if match.result is not None else list(match.scores)
        if self.reward_kind == "hand":
            for seat in range(4):
                self.rewards[AGENTS[seat]] = (scores[seat] - self._scores[seat]) / 1000.0
        elif match.result is not None:
            for seat in range(4):
                self.rewards[AGENTS[seat]] = float(match.result.points[seat])
        self._scores = scores

    def render(self) -> str | None:
        """With ``render_mode="ansi"``, the state of the table as text."""
        if self.render_mode is None:
            return None
        match = self.match
        if match.result is not None:
            return f"match over: scores {list(match.result.scores)}, ranks {list(match.result.ranks)}"
        kyoku = match.kyoku
        lines = [f"round {'ESWN'[kyoku.round_wind]}{kyoku.hand_number} honba {kyoku.honba}, "
                 f"{kyoku.tiles_left} tiles left, scores {kyoku.scores}"]
        for seat in range(4):
            obs = match.observe(seat)
            lines.append(f"seat {seat}: " + "".join(str(t) for t in obs.hand) + "  river "
                         + "".join(str(t) for t in obs.discards[seat]))
        return "\n".join(lines)

    def close(self) -> None:
        """Nothing to free."""


def mahjong_env(rules: Rules | str | None = None, seed: int | str = 0, *, reward: Reward = "hand",
                render_mode: str | None = None) -> MahjongEnv:
    """A :class:`MahjongEnv` (a PettingZoo AEC environment) under ``rules`` (a ``Rules`` value or a
    preset name; default Tenhou's), its first match dealt from ``seed``."""
    return MahjongEnv(rules, seed, reward=reward, render_mode=render_mode)
