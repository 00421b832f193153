"""Players: objects that choose one legal action from an observation (a layer above the cores)."""

from taku.bots.simple import Player, RandomPlayer, SimplePlayer

__all__ = ["Player", "RandomPlayer", "SimplePlayer"]
