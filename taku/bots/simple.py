"""Trivial mahjong players: uniformly random, tsumogiri, and a simple greedy one.

A :class:`Player` sees an :class:`~taku.mahjong.kyoku.Observation` and returns one of its
``legal_actions``.

>>> from taku.mahjong.match import Match
>>> match = Match(seed=1)
>>> seat = match.to_act[0]
>>> SimplePlayer().choose(match.observe(seat)) in match.legal_actions(seat)
True
"""

from __future__ import annotations

import random
from typing import Protocol

from taku.mahjong.actions import Action
from taku.mahjong.kyoku import Observation
from taku.mahjong.shanten import shanten


class Player(Protocol):
    """Anything that picks a legal action."""

    def choose(self, observation: Observation) -> Action:
        """One of ``observation.legal_actions``."""
        ...


class RandomPlayer:
    """Picks a legal action uniformly at random (seeded)."""

    def __init__(self, seed: int | str = 0) -> None:
        self._rng = random.Random(seed)

    def choose(self, observation: Observation) -> Action:
        """A uniformly random legal action."""
        actions = observation.legal_actions
        return actions[self._rng.randrange(len(actions))]


class SimplePlayer:
    """Wins whenever it can, declares riichi when it can, never calls, and otherwise discards
    the first tile that leaves the lowest shanten."""

    def choose(self, observation: Observation) -> Action:
        """The greedy choice described above."""
        actions = observation.legal_actions
        by_type: dict[str, list[Action]] = {}
        for action in actions:
            by_type.setdefault(action.type, []).append(action)
        for kind in ("hora", "reach"):
            if kind in by_type:
                return by_type[kind][0]
        if "dahai" not in by_type:
            return by_type["none"][0] if "none" in by_type else actions[0]
        counts = [0] * 34
        for tile in observation.hand:
            counts[tile.kind] += 1
        melds = len(observation.melds[observation.seat])
        best = by_type["dahai"][0]
        best_value = 99
        for action in by_type["dahai"]:
            assert action.pai is not None
            counts[action.pai.kind] -= 1
            value = shanten(counts, melds)
            counts[action.pai.kind] += 1
            if value < best_value:
                best, best_value = action, value
        return best


class TsumogiriPlayer:
    """The tsumogiri baseline: discards the tile it has just drawn, declines every call, riichi,
    kan and nine-terminals draw, but declares a win whenever one is legal (so that its results
    measure the luck of the deal: a hand dealt ready can still win).

    With no drawn tile to discard (it never calls, so this does not arise in normal play) it
    discards the last of its legal discards.
    """

    def __init__(self, seed: int | str = 0) -> None:
        del seed  # deterministic: the seed is accepted so every player is built the same way

    def __repr__(self) -> str:
        return "TsumogiriPlayer()"

    def choose(self, observation: Observation) -> Action:
        """The tsumogiri choice described above."""
        actions = observation.legal_actions
        by_type: dict[str, list[Action]] = {}
        for action in actions:
            by_type.setdefault(action.type, []).append(action)
        if "hora" in by_type:
            return by_type["hora"][0]
        discards = by_type.get("dahai", [])
        for action in discards:
            if action.tsumogiri:
                return action
        if "none" in by_type:
            return by_type["none"][0]
        return discards[-1] if discards else actions[0]
