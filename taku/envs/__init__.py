"""PettingZoo environments for riichi mahjong and renju, and Gymnasium single-agent wrappers (the
optional extra ``taku[envs]``: NumPy, Gymnasium, PettingZoo). See ``docs/envs.md``.

>>> env = mahjong_env(seed=1)
>>> env.reset(seed=1)
>>> env.agent_selection, env.observe("player_0")["observation"].shape
('player_0', (5302,))
"""

from taku.envs.mahjong_actions import ACTION_NAMES, NUM_ACTIONS, action_index
from taku.envs.mahjong_env import MahjongEnv, mahjong_env
from taku.envs.renju_env import RenjuEnv, renju_env

__all__ = [
    "ACTION_NAMES",
    "NUM_ACTIONS",
    "MahjongEnv",
    "RenjuEnv",
    "action_index",
    "mahjong_env",
    "renju_env",
]
