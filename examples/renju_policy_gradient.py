#!/usr/bin/env python3
"""Train a small renju policy on the CPU with NumPy only, through taku's Gymnasium wrapper, and
show that it beats a random player. The API end to end, not a strong bot.

The policy is linear and softmax over the legal points: each candidate point has a few features
(for the learner's stones and for the opponent's, in each of the four directions, the line the
stone would make or block: 2, 3, 4 in a row, or five; and its distance to the centre), a point's
score is ``w . features`` and the move is drawn in proportion to ``exp(score)``. Weights start
at zero (a uniformly random player), and REINFORCE with a running baseline updates them from
games against ``RenjuGymEnv(opponent="random")`` on a 9x9 board, the learner alternating colours
(Black's forbidden points are masked by the environment).

Usage (from the repository root, with ``pip install '.[envs]'``)::

    .venv/bin/python examples/renju_policy_gradient.py                 # about 3 minutes
    .venv/bin/python examples/renju_policy_gradient.py --minutes 1 --eval-games 100

It prints the win rate against random before training, then after, with a 95% interval.
"""

from __future__ import annotations

import argparse
import math
import random
import sys
import time
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from taku.envs.gym import RenjuGymEnv
from taku.renju import RenjuRules

SIZE = 9
DIRECTIONS = ((1, 0), (0, 1), (1, 1), (1, -1))
FEATURES = 11
"""Own line of 2, 3, 4, five; blocked opponent line of 2, 3, 4, five; adjacency to own, to the
opponent's stones; closeness to the centre."""


def point_features(board: np.ndarray, mine: int, x: int, y: int) -> np.ndarray:
    """The features of a stone of colour ``mine`` (1 Black, 2 White) at empty ``(x, y)``."""
    out = np.zeros(FEATURES)
    for colour, offset in ((mine, 0), (3 - mine, 4)):
        best = 1
        for dx, dy in DIRECTIONS:
            run = 1
            for sign in (1, -1):
                cx, cy = x + sign * dx, y + sign * dy
                while 0 <= cx < SIZE and 0 <= cy < SIZE and board[cy, cx] == colour:
                    run += 1
                    cx += sign * dx
                    cy += sign * dy
            best = max(best, run)
        for length in range(2, 6):
            if best >= length:
                out[offset + length - 2] = 1.0
    around = board[max(0, y - 1):y + 2, max(0, x - 1):x + 2]
    out[8] = np.count_nonzero(around == mine) / 8
    out[9] = np.count_nonzero(around == 3 - mine) / 8
    out[10] = 1.0 - max(abs(x - SIZE // 2), abs(y - SIZE // 2)) / (SIZE // 2)
    return out


class LinearPolicy:
    """Softmax over the legal points of ``w . features``."""

    def __init__(self, rng: np.random.Generator) -> None:
        self.weights = np.zeros(FEATURES)
        self.rng = rng

    def candidates(self, obs: dict[str, np.ndarray]) -> tuple[np.ndarray, np.ndarray]:
        """The legal point indices and their feature rows."""
        planes = obs["observation"]
        board = planes[0].astype(np.int8) + 2 * planes[1].astype(np.int8)
        mine = 1 if planes[2].any() else 2
        legal = np.flatnonzero(obs["action_mask"][:SIZE * SIZE])
        rows = np.array([point_features(board, mine, int(i) % SIZE, int(i) // SIZE) for i in legal])
        return legal, rows

    def act(self, obs: dict[str, np.ndarray]) -> tuple[int, np.ndarray]:
        """A move, and the gradient of its log-probability."""
        legal, rows = self.candidates(obs)
        scores = rows @ self.weights
        scores -= scores.max()
        probs = np.exp(scores)
        probs /= probs.sum()
        choice = int(self.rng.choice(len(legal), p=probs))
        return int(legal[choice]), rows[choice] - probs @ rows


def play(env: RenjuGymEnv, policy: LinearPolicy, seed: int) -> tuple[float, list[np.ndarray]]:
    """One game: the learner's result (+1, 0, -1) and the gradients of its moves."""
    obs, _ = env.reset(seed=seed)
    grads = []
    while True:
        action, grad = policy.act(obs)
        grads.append(grad)
        obs, reward, terminated, truncated, _ = env.step(action)
        if terminated or truncated:
            return float(reward), grads


def evaluate(policy: LinearPolicy, games: int, seed: int) -> tuple[float, float]:
    """The learner's score against random over ``games`` (half with each colour) and the half width
    of its 95% interval."""
    rules = RenjuRules(board_size=SIZE, passes_allowed=False)
    total = 0.0
    for game in range(games):
        env = RenjuGymEnv(rules, player=("player_0", "player_1")[game % 2], opponent="random")
        result, _ = play(env, policy, seed + game)
        total += (result + 1) / 2
    score = total / games
    return score, 1.96 * math.sqrt(max(score * (1 - score), 1e-9) / games)


def train(minutes: float, episodes: int | None, seed: int, rate: float = 0.05) -> LinearPolicy:
    """Train a policy for ``minutes`` (or ``episodes`` games when given)."""
    rng = np.random.default_rng(seed)
    policy = LinearPolicy(rng)
    rules = RenjuRules(board_size=SIZE, passes_allowed=False)
    envs = [RenjuGymEnv(rules, player=player, opponent="random", seed=seed)
            for player in ("player_0", "player_1")]
    baseline = 0.0
    deadline = time.monotonic() + 60 * minutes
    episode = 0
    while (episodes is None and time.monotonic() < deadline) or (episodes is not None and episode < episodes):
        result, grads = play(envs[episode % 2], policy, seed * 1_000_003 + episode)
        advantage = result - baseline
        baseline += 0.05 * (result - baseline)
        policy.weights += rate * advantage * np.sum(grads, axis=0) / max(1, len(grads)) ** 0.5
        episode += 1
    print(f"trained on {episode} games against random")
    return policy


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--minutes", type=float, default=3.0, help="training time (default 3)")
    parser.add_argument("--episodes", type=int, help="train on this many games instead")
    parser.add_argument("--eval-games", type=int, default=200, help="games per evaluation (200)")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args(argv)
    random.seed(args.seed)
    untrained = LinearPolicy(np.random.default_rng(args.seed))
    before, half = evaluate(untrained, args.eval_games, 10_000)
    print(f"before training: score {before:.3f} ± {half:.3f} against random ({args.eval_games} games)")
    policy = train(args.minutes, args.episodes, args.seed)
    after, half = evaluate(policy, args.eval_games, 20_000)
    print(f"after training: score {after:.3f} ± {half:.3f} against random ({args.eval_games} games)")
    print("weights: " + " ".join(f"{w:+.2f}" for w in policy.weights))
    return 0


if __name__ == "__main__":
    sys.exit(main())
