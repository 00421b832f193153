"""Players: objects that choose one legal action from an observation (a layer above the cores).

:data:`PLAYERS` names every built-in mahjong player; :func:`make_player` builds one by name:

>>> make_player("tsumogiri", seed=1)
TsumogiriPlayer()
>>> make_player("nobody", seed=1)  # doctest: +ELLIPSIS
Traceback (most recent call last):
...
taku.bots.UnknownPlayerError: unknown player 'nobody'; choose one of random, simple, taku, ...
"""

from __future__ import annotations

from collections.abc import Mapping
from types import MappingProxyType
from typing import Protocol

from taku.bots.simple import Player, RandomPlayer, SimplePlayer, TsumogiriPlayer
from taku.mahjong.rules import Rules


class UnknownPlayerError(ValueError):
    """A player name that is not in :data:`PLAYERS` (the message lists the known names)."""


class PlayerFactory(Protocol):
    """Builds a player from a seed, for the given rules (None: the player's default)."""

    def __call__(self, seed: int | str, rules: Rules | None = None) -> Player: ...


def _random(seed: int | str, rules: Rules | None = None) -> Player:
    return RandomPlayer(seed)


def _simple(seed: int | str, rules: Rules | None = None) -> Player:
    return SimplePlayer()


def _tsumogiri(seed: int | str, rules: Rules | None = None) -> Player:
    return TsumogiriPlayer(seed)


def _taku(seed: int | str, rules: Rules | None = None, *, defence: bool = True) -> Player:
    from taku.bots.mahjong_taku import TakuPlayer  # loaded on first use

    return TakuPlayer(seed, defence=defence, rules=rules)


def _taku_efficiency(seed: int | str, rules: Rules | None = None) -> Player:
    return _taku(seed, rules, defence=False)


PLAYERS: Mapping[str, PlayerFactory] = MappingProxyType({
    "random": _random,
    "simple": _simple,
    "taku": _taku,
    "taku-efficiency": _taku_efficiency,
    "tsumogiri": _tsumogiri,
})
"""Every built-in mahjong player by name: ``random`` (uniform legal actions), ``tsumogiri``
(discards what it draws, declines calls, wins when it can), ``simple`` (greedy shanten, never
calls), ``taku`` (the real player, :mod:`taku.bots.mahjong_taku`) and ``taku-efficiency`` (the
same without defence). Each value builds a player from a seed and the rules of the table."""


def make_player(name: str, seed: int | str = 0, rules: Rules | None = None) -> Player:
    """A new player called ``name`` (a key of :data:`PLAYERS`) seeded with ``seed``, for a table
    under ``rules`` (None: the player's default, Tenhou's rules).

    Raises :class:`UnknownPlayerError` for an unknown name.
    """
    try:
        factory = PLAYERS[name]
    except (KeyError, TypeError):
        raise UnknownPlayerError(
            f"unknown player {name!r}; choose one of {', '.join(sorted(PLAYERS))}") from None
    return factory(seed, rules)


__all__ = ["PLAYERS", "Player", "PlayerFactory", "RandomPlayer", "SimplePlayer",
           "TsumogiriPlayer", "UnknownPlayerError", "make_player"]
